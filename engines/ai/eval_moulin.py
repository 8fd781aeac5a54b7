"""Evaluator for moulin: to come."""
