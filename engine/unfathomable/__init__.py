"""Unfathomable («Незбагненне»): the rules on the engine core, one module per concern."""
from engine.unfathomable.rules import UnfathomableRules

__all__ = ["UnfathomableRules"]
