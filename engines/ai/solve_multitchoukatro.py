"""Exact solver for multitchoukatro: to come."""
