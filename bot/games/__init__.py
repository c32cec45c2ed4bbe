"""The Discord face of each game, by kind: one module per game that renders its events, table,
panel and option labels (see :class:`GameUI`). The shared cogs and the publisher know no game:
they look its renderer up here. Built-in games load lazily; others register with
:func:`register` (the tests' toy game does)."""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Protocol

import discord


class GameUI(Protocol):
    """What a game's renderer module provides (every function is pure: no Discord calls)."""

    def public_lines(self, events: list[dict], lang: str) -> list[str]: ...
    def waiting_lines(self, waiting: list[dict], lang: str) -> list[str]: ...
    def private_lines(self, events: list[dict], player: str, lang: str) -> list[str]: ...
    def table_embed(self, state: dict, names: dict, lang: str) -> discord.Embed: ...
    def panel_embed(self, state: dict, player: str, names: dict, lang: str, news: list[str]) -> discord.Embed: ...
    def option_label(self, option: dict, state: dict, names: dict, lang: str) -> str: ...
    def status_line(self, state: dict, lang: str) -> str: ...
    def lobby_lines(self, options: dict, lang: str) -> list[str]: ...


BUILT_IN = {"thing": "bot.games.thing.render"}
_UIS: dict[str, ModuleType] = {}


def register(kind: str, ui) -> None:
    _UIS[kind] = ui


def unregister(kind: str) -> None:
    _UIS.pop(kind, None)


def ui_for(kind: str):
    ui = _UIS.get(kind)
    if ui is None:
        if kind not in BUILT_IN:
            raise KeyError(f"no renderer for game '{kind}'")
        ui = _UIS[kind] = importlib.import_module(BUILT_IN[kind])
    return ui
