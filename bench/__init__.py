"""Benchmarks: engine speed and AI strength, with peers measured in the same run."""
