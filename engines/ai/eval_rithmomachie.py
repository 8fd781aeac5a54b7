"""Evaluator for rithmomachie: to come."""
