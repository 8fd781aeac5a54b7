"""Evaluator for reversi: to come."""
