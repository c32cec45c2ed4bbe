"""Benchmarks (speed and memory targets). Run: python -m bench [engine|bot]."""
