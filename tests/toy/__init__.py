"""A tiny game that exists only to prove the seam: a second game costs one package per layer.

Two to four players each get a secret die (told privately), then take turns adding 1 or 2 to a
shared counter; whoever brings it to 10 or more wins. A player may concede at any time (a free
action). Engine rules in :mod:`tests.toy.rules`, the Discord renderer in :mod:`tests.toy.ui`;
:func:`install` registers both, :func:`uninstall` removes them."""
from __future__ import annotations


def install() -> None:
    from bot import games
    from engine import registry
    from tests.toy import rules, ui

    from pathlib import Path

    registry.register("toy", rules.ToyRules)
    games.register("toy", ui, locales=Path(__file__).with_name("locales"))


def uninstall() -> None:
    from bot import games
    from engine import registry

    registry.unregister("toy")
    games.unregister("toy")
