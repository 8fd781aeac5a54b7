"""Evaluator for tablut: to come."""
