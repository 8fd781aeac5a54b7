"""Lessons: the rules taught step by step, on the screen and on the board."""
