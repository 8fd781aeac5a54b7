"""Evaluator for latrunculi: to come."""
