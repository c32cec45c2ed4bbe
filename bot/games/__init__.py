"""The Discord face of each game, by kind: one module per game that renders its events, table,
panel and option labels (see :class:`GameUI`). The shared cogs and the publisher know no game:
they look its renderer up here, as the game's declaration (:mod:`engine.core.games`, found through
the ``keeper.games`` entry points) names it; a renderer is imported when first used."""
from __future__ import annotations

from types import ModuleType
from typing import Protocol

import discord


class GameUI(Protocol):
    """What a game's renderer module provides (every function is pure: no Discord calls).
    :data:`REQUIRED` names them; a test checks every registered game has them all."""

    LOBBY_FLAGS: dict    # toggle -> (option, value when ticked); may be empty
    LOBBY_NUMBERS: dict  # numeric option -> (lowest, highest); may be empty

    def public_lines(self, events: list[dict], lang: str) -> list[str]: ...
    def waiting_lines(self, waiting: list[dict], lang: str) -> list[str]: ...
    def private_lines(self, events: list[dict], player: str, lang: str) -> list[str]: ...
    def table_embed(self, state: dict, names: dict, lang: str) -> discord.Embed: ...
    def panel_embed(self, state: dict, player: str, names: dict, lang: str, news: list[str]) -> discord.Embed: ...
    def option_label(self, option: dict, state: dict, names: dict, lang: str) -> str: ...
    def item_label(self, spec: dict, item, state: dict, names: dict, lang: str) -> str: ...
    def free_action_label(self, action: dict, lang: str) -> str: ...
    def free_action_confirm(self, action: dict, lang: str, state: dict | None = None,
                            player: str | None = None) -> tuple[str, str] | None: ...
    def hand_button_label(self, lang: str) -> str: ...
    def status_line(self, state: dict, lang: str) -> str: ...
    def lobby_lines(self, options: dict, lang: str) -> list[str]: ...
    def flag_label(self, flag: str, lang: str) -> str: ...
    def number_label(self, option: str, value: int | None, lang: str) -> str: ...
    def flags_from_options(self, options: dict) -> list[str]: ...
    def options_from_flags(self, flags, options: dict) -> dict: ...
    def card_name(self, lang: str, card: str) -> str: ...
    # optional: table_picture(state, names, lang) -> PNG bytes, table_digest(state, names, lang)
    # optional: DM_PROMPT_KINDS (set of prompt kinds also sent by DM with their controls, e.g. a
    #   secret contribution), prompt_lines(prompt, state, player, names, lang) -> list[str] (what
    #   such a DM says above the member's panel; a generic line if absent), prompt_embed(prompt,
    #   state, player, names, lang) -> Embed | None (such a DM's embed instead of the panel; None: none)
    # optional: QUESTIONS_IN_PANEL (True: panel_embed words the group decisions the member advises
    #   on, from the view's questions; cogs/group.py then adds only the proposals, cogs/play.py the select)
    # optional: log_section(state) -> str: the part of the game (a turn, a phase) whose public log
    #   is one message in the channel (bot.publisher); a new section starts a new message
    # optional: option_description(option, state, names, lang) -> str | None (under a select
    #   option: the roll it changes, a character's ability ...; cogs/play.py's described())
    # optional: WAITING_IN_TABLE (True: table_embed names who the game waits for, so the live
    #   message adds no waiting_lines below the log)
    # optional: ADVISERS_IN_TABLE (True: table_embed takes ``awaited``, prompt id -> the members a
    #   Keeper player's group decision still waits for: bot.service.awaited_advisers)
    # optional: same_choice(option, prompt, state) -> a value equal for interchangeable options
    #   (copies of one card): cogs/play.py offers one control per distinct choice
    # optional: rules_lookup(query, lang) -> [(title, text)], rules_autocomplete(current, lang)
    #   -> [(name, value)] (the `/rules` command)
    # optional: merged(event, next_event) -> one event telling both, or None (six Deep Ones moving
    #   one way): public_lines tells them as one line, and the channel log does across steps for
    #   lines that carry their event (bot.games.common.Line, which also marks a line announcing
    #   what is about to happen and the line settling it: bot.publisher folds them)
    # optional: answers_in_public(prompt, state) -> bool (True: the prompt's answers tell nothing
    #   private, so when the table waits for it alone its answers are buttons on the live message
    #   itself: one click instead of the panel and a click; bot.publisher.public_answers)
    # optional: decision_is_news(prompt, option, state) -> bool (False: a group decision's answer
    #   gets no "decides for the group" line, as it changes nothing the table shows or its own
    #   events tell it; cogs/group.py and the Keeper decider in bot/service.py ask)


REQUIRED = ("LOBBY_FLAGS", "LOBBY_NUMBERS", "public_lines", "waiting_lines", "private_lines", "table_embed",
            "panel_embed", "option_label", "item_label", "free_action_label", "free_action_confirm",
            "hand_button_label", "status_line", "lobby_lines", "flag_label", "number_label", "flags_from_options",
            "options_from_flags", "card_name")


_UIS: dict[str, ModuleType] = {}


def has_ui(kind: str) -> bool:
    from engine.core.games import games
    declared = games().get(kind)
    return declared is not None and declared.renderer is not None


def available() -> list[str]:
    """The games a lobby offers: playable by the engine and with a Discord face."""
    from engine.registry import playable
    return [kind for kind in playable() if has_ui(kind)]


def dm_prompt_kinds(kind: str) -> frozenset:
    """The prompt kinds a game sends by DM with their controls (none for an unknown game)."""
    try:
        ui = ui_for(kind)
    except (KeyError, ImportError):
        return frozenset()
    return frozenset(getattr(ui, "DM_PROMPT_KINDS", None) or ())


def decision_is_news(kind: str, prompt: dict, option: dict, state: dict) -> bool:
    """Whether the answer to a group decision is announced as one ("X decides for the group: …");
    a game says no for an answer that is no news or that its events already tell."""
    hook = getattr(ui_for(kind), "decision_is_news", None)
    return True if hook is None else bool(hook(prompt, option, state))


def log_section(kind: str, state: dict | None) -> str | None:
    """The section of the channel log ``state`` belongs to (None: the game names none)."""
    if state is None:
        return None
    hook = getattr(ui_for(kind), "log_section", None)
    return str(hook(state)) if hook else None


def ui_for(kind: str):
    ui = _UIS.get(kind)
    if ui is None:
        if not has_ui(kind):
            raise KeyError(f"no renderer for game '{kind}'")
        from engine.core.games import game
        ui = game(kind).renderer_module()
        missing = [name for name in REQUIRED if not hasattr(ui, name)]
        if missing:
            raise TypeError(f"the renderer of '{kind}' lacks {', '.join(missing)}")
        _UIS[kind] = ui
    return ui


def card_name(language: str, game: str, card: str) -> str:
    """A card's name in ``language``, from its game's content pack (through the game's renderer)."""
    from bot.i18n import LANGUAGES
    return ui_for(game).card_name(language if language in LANGUAGES else "en", card)
