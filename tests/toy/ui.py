"""The toy game's renderer: plain English (a test-only game has no catalogs)."""
from __future__ import annotations

import discord

from engine.core.events import is_public, visible_to
from engine.registry import rules_for

from bot.i18n import t

LOBBY_FLAGS: dict = {}
LOBBY_NUMBERS: dict = {}
DM_PROMPT_KINDS = {"pick"}  # picking tokens is asked by DM too, with its controls
RULES = ("counter", "secret", "tokens")  # what /rules knows (texts in the toy's catalogs)


def public_lines(events, lang):
    lines = []
    for ev in events:
        if not is_public(ev):
            continue
        if ev["type"] == "added":
            lines.append(f"<@{ev['player']}> adds {ev['n']}: the counter is {ev['counter']}.")
        elif ev["type"] == "game_over":
            lines.append(f"Game over ({ev['reason']}): " + ", ".join(f"<@{w}>" for w in ev["winners"]) + " win.")
        elif ev["type"] == "bid":
            lines.append(f"<@{ev['player']}> bids {ev['value']}.")
        elif ev["type"] == "picked":
            lines.append(f"<@{ev['player']}> picks {' and '.join(ev['tokens'])}.")
        elif ev["type"] == "council":
            lines.append(f"<@{ev['player']}> sets the target to {ev['target']} for the group.")
        elif ev["type"] == "game_started":
            lines.append("The toy game begins.")
    return lines


def waiting_lines(waiting, lang):
    return [f"Waiting for <@{w['player']}>." for w in waiting]


def private_lines(events, player, lang):
    lines = []
    for ev in events:
        if is_public(ev) or not visible_to(ev, player):
            continue
        if ev["type"] == "secret_dealt":
            lines.append(f"Your secret die shows {ev['value']}.")
        elif ev["type"] == "peeked":
            lines.append(f"You peek: <@{ev['of']}>'s die shows {ev['value']}.")
    return lines


def prompt_lines(prompt, state, player, names, lang):
    return [f"Pick up to {prompt['subset']['max']} tokens (counter {state['counter']})."]


def rules_lookup(query, lang):
    query = query.strip().lower()
    return [(t(lang, f"toy.rules.{key}.title"), t(lang, f"toy.rules.{key}.text")) for key in RULES
            if query in (key, t(lang, f"toy.rules.{key}.title").lower())
            or query and query in t(lang, f"toy.rules.{key}.title").lower()]


def rules_autocomplete(current, lang):
    current = current.strip().lower()
    return [(t(lang, f"toy.rules.{key}.title"), key) for key in RULES
            if current in t(lang, f"toy.rules.{key}.title").lower()]


def table_embed(state, names, lang):
    view = rules_for("toy").view(state)
    return discord.Embed(title="Toy table", description=f"Counter: {view['counter']}")


def panel_embed(state, player, names, lang, news):
    view = rules_for("toy").view(state, player)
    embed = discord.Embed(title="Your toy panel", description=f"Secret: {view['you']['secret']}")
    if news:
        embed.add_field(name="News", value="\n".join(news)[-1024:])
    return embed


def option_label(option, state, names, lang):
    if option.get("type") == "council":
        return f"Target {option['target']}"
    return f"Add {option['n']}"


def item_label(spec, item, state, names, lang):
    return f"{item} token"


def free_action_label(action, lang):
    return "Concede"


def free_action_confirm(action, lang, state=None, player=None):
    return ("Really concede?", "Yes, concede")


def hand_button_label(lang):
    return "My hand / act"


def status_line(state, lang):
    return str(state["counter"])


def lobby_lines(options, lang):
    return []


def flag_label(flag, lang):
    return flag


def number_label(option, value, lang):
    return f"{option}: {value}"


def flags_from_options(options):
    return []


def options_from_flags(flags, options):
    return dict(options)


def card_name(lang, card):
    return card
