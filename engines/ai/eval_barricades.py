"""Evaluator for barricades: to come."""
