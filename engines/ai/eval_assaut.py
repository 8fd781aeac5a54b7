"""Evaluator for assaut: to come."""
