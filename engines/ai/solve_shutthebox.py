"""Exact solver for shutthebox: to come."""
