"""Benchmarks (speed and memory targets). Run `python -m bench --help` for the list."""
