"""Evaluator for jacquet: to come."""
