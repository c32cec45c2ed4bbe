"""Unfathomable content pack loader (work in progress)."""
