"""Evaluator for backgammon: to come."""
