"""Rendering of Unfathomable for Discord: table embed, public log lines, private notes, option labels.

Pure functions of (state/events, language, names): no rule is decided here. Every word comes from
``bot/games/unfathomable/locales/{en,uk,ru}.yaml`` (keys ``unfathomable.*``); the names of cards,
zones, characters, items, spells and resources come from the content pack (``data/unfathomable``,
``name.uk/ru`` where the seeds give them, else English).

Secrecy: public lines are made only from public events (``audience == "all"``), and a public
event never says who added which card to a check (the engine keeps that out of its events; the
reveal lists the shuffled pile). Private lines are made only from the events a member may see.
"""
from __future__ import annotations

import re
from functools import lru_cache

import discord

from bot.games.unfathomable.picture import table_picture  # noqa: F401 - the publisher draws it
from bot.games import common
from bot.games.lookup import pack_rules
from bot.games.unfathomable.pack_index import _names  # noqa: F401
from bot.games.unfathomable.zones import ZONE_CASES, _cap, zone, zone_case  # noqa: F401 - re-exported
from bot.i18n import has, t
from bot.seats import mention, plain  # a member by mention, a Keeper player by its name
from engine.core.events import is_public, visible_to
from engine.core.flow import frame_of
from engine.registry import rules_for

GAME = "unfathomable"
K = "unfathomable"
COLOUR = discord.Colour.dark_blue()
SKILL_TYPES = ("influence", "lore", "observation", "strength", "will", "treachery")
RESOURCES = ("fuel", "food", "sanity", "souls")
RESOURCE_ICONS = {"fuel": "⛽", "food": "🍖", "sanity": "🧠", "souls": "👻"}
MONARCHS = ("mother_hydra", "father_dagon")
DECKS = ("mythos", "course", "spells", "items", "damage")
# public events deliberately left out of the log (their news is in the next line or the table)
SILENT = frozenset({"turn_ended", "check_pile", "roll_ended"})
# events drawn by one of two lines, by their outcome
# the table embed's "Waiting for" field names who the game waits for (never cut short, unlike
# the end of a long message): the live message says it there only (bot.publisher)
WAITING_IN_TABLE = True
VARIANTS = {"roll_compared": ("roll_success", "roll_failure"), "attack_resolved": ("attack_hit", "attack_missed"),
            "deep_one_attacked": ("deep_one_attacked_hit", "deep_one_attacked_missed"),
            "game_over": ("game_over", "game_over_nobody")}


def _rules():
    return rules_for(GAME)


# ---------------------------------------------------------------- names from the pack
def _choice_option_lists():
    """(card id, options) of every choice between labelled options in the pack."""
    pack = _rules().pack

    def walk(obj, card):
        if isinstance(obj, dict):
            for v in obj.values():
                yield from walk(v, card)
        elif isinstance(obj, (list, tuple)):
            for v in obj:
                yield from walk(v, card)
        elif hasattr(obj, "__dict__"):
            opts = getattr(obj, "options", None)
            if isinstance(opts, list) and opts and all(isinstance(getattr(o, "label", None), dict) for o in opts):
                yield card, opts
            for v in vars(obj).values():
                yield from walk(v, card)

    skills = [card for deck in pack.skill_cards.decks for card in deck.cards]
    for group in (pack.mythos.mythos, pack.spells.spells, pack.items.items, pack.course.course_cards,
                  pack.board.zones, pack.characters.characters, pack.feats.feats, pack.damage.damage_cards, skills):
        for entry in group:
            yield from walk(entry, entry.id)


@lru_cache(maxsize=1)
def _choice_labels() -> dict:
    """Every choice option's label, English -> {lang: label}, and (card, index) -> labels."""
    by_en: dict = {}
    by_card: dict = {}
    for card, opts in _choice_option_lists():
        labels = [_label_everywhere(o) for o in opts]
        by_card.setdefault(card, labels)
        for o, label in zip(opts, labels):
            if o.label.get("en"):
                by_en.setdefault(o.label["en"], label)
    return {"en": by_en, "card": by_card}


def _printed_option(frame: dict, value):
    """The printed option a choice's answer ``value`` stands for: the rules' own spec of the choice
    (the frame's ``choice`` names it, the answer is its index), or None."""
    choice = _rules().specs.get(frame.get("choice")) if frame.get("choice") else None
    options = getattr(choice, "options", None) or []
    return options[value] if isinstance(value, int) and 0 <= value < len(options) else None


def _restates(text: str, label: str) -> bool:
    """Whether a read-out effect only says the label again ("Lose 1 Food" under "Lose 1 Food")."""
    plain_text, plain_label = (re.sub(r"\W", "", x.lower()) for x in (text, label))
    return plain_text[:8] == plain_label[:8] and abs(len(plain_text) - len(plain_label)) <= 3


def _label_everywhere(option) -> dict:
    """An option's label in every language: the pack's where it has one, else its effect read out."""
    from bot.games.unfathomable.effect_text import effect_text
    from bot.i18n import LANGUAGES
    return {lang: option.label.get(lang) or effect_text(lang, option.effect) for lang in LANGUAGES}


def _label_in(lang: str, label: dict) -> str:
    return label.get(lang) or label.get("en") or next(iter(label.values()), "")


def named(lang: str, category: str, key) -> str:
    found = _names()[category].get(key)
    if found is None:
        return str(key)
    return getattr(found, lang, None) or found.en


def is_skill_card(cid) -> bool:
    return isinstance(cid, str) and cid.count(":") == 3


def signed_value(cid: str, positive) -> str:
    """What a skill card adds to a check's sum: its value for a type that helps, against it
    otherwise ("+2", "−2")."""
    type_, _title, value, _ = cid.split(":")
    return f"{'+' if type_ in positive else '−'}{value}"


def skill_card(lang: str, cid: str) -> str:
    """``lore:shrivelling:2:3`` -> "Shrivelling (Lore 2)"."""
    return t(lang, f"{K}.skill_card", **skill_parts(lang, cid))


def skill_parts(lang: str, cid: str, quoted: bool = False) -> dict:
    """A skill card's title, type and value for a message; ``quoted``: the title set inside «…»
    (its own quotes turned to „…“)."""
    type_, title, value, _ = cid.split(":")
    name = named(lang, "skill", title)
    if quoted:
        from bot.games.unfathomable.effect_text import inner_quotes
        name = inner_quotes(name, lang)
    return {"title": name, "type": type_name(lang, type_), "value": value}


def type_name(lang: str, type_: str) -> str:
    return _cap(named(lang, "skill_type", type_))


def _nobody_wins(lang: str, result: dict) -> str | None:
    """A side's ending no player wins (no Hybrid aboard and a Cultist short of distance 12;
    on Arrival every player holding a traitor card), said plainly; None when someone wins."""
    if result.get("winners") or result.get("team") not in ("humans", "traitors"):
        return None
    return t(lang, f"{K}.nobody_wins.{result['team']}", distance=result.get("distance", 0))


CARD_CATEGORIES = ("mythos", "spell", "item", "course", "damage", "loyalty", "feat", "character", "zone",
                   "monster", "passenger", "title", "resource", "track", "skill_type")


def card_name(lang: str, card: str) -> str:
    """The name of any id of the game: a skill card, a mythos/spell/item/course/damage/loyalty card,
    a feat, character, zone, monster, title, resource, track or skill type."""
    if is_skill_card(card):
        try:
            return skill_card(lang, card)
        except ValueError:
            return str(card)
    for category in CARD_CATEGORIES:
        if card in _names()[category]:
            return _cap(named(lang, category, card))
    return str(card)


def cards(lang: str, cids) -> str:
    return ", ".join(card_name(lang, c) for c in cids) if cids else t(lang, f"{K}.none")


def said_cards(lang: str, cids, kind: str = "cards") -> str:
    """Cards (``kind`` "cards") or items ("items") as a verb's object, in a sentence: «карти «A»
    (Сила 1) і «B» (Воля 1)», «предмет «Старбак»»; never «скидає: A (Сила 1), B». ``kind``
    "names": the cards' quoted names alone."""
    from bot.games.unfathomable.effect_text import inner_quotes
    names = []
    for c in cids or ():
        if kind in ("cards", "names") and is_skill_card(c):
            names.append(t(lang, f"{K}.said.skill", **skill_parts(lang, c, quoted=True)))
        else:
            name = _cap(named(lang, "item", c)) if kind == "items" else card_name(lang, c)
            names.append(t(lang, f"{K}.said.name", name=inner_quotes(name, lang)))
    if not names:
        return t(lang, f"{K}.none")
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + t(lang, f"{K}.join.all") + names[-1]
    if kind == "names":   # the names alone, where the sentence has its own noun («для карти …»)
        return listed
    return t(lang, f"{K}.said.{kind}_{'one' if len(names) == 1 else 'many'}", names=listed)


def zones() -> set:
    return set(_names()["zone"])


def zone_params(lang: str, z) -> dict:
    """A zone's parameters for a message: its name ``zone`` and each case (``in_zone`` …)."""
    return {"zone": zone(lang, z), **{f"{case}_zone": zone_case(lang, z, case) for case in ZONE_CASES}}


def resource(lang: str, r) -> str:
    return _cap(named(lang, "resource", r))


def monster(lang: str, m) -> str:
    return _cap(named(lang, "monster", m))


def title_name(lang: str, title) -> str:
    return _cap(named(lang, "title", title))


def track_name(lang: str, track) -> str:
    return _cap(named(lang, "track", track))


def character(lang: str, ch) -> str:
    return named(lang, "character", ch) if ch else "—"


def deck_name(lang: str, deck) -> str:
    return t(lang, f"{K}.deck.{deck}") if deck in DECKS else str(deck)


def skill_types(lang: str, types) -> str:
    return ", ".join(type_name(lang, x) for x in types) if types else t(lang, f"{K}.none")


def delta_text(lang: str, delta: dict) -> str:
    return ", ".join(f"{resource(lang, r)} {'+' if n > 0 else '−'}{abs(n)}" for r, n in delta.items() if n) or "±0"


def ability_name(lang: str, ref: str) -> str:
    """A readable name for an ability ref (abilities.py): what the member uses."""
    kind, _, rest = str(ref).partition(":")
    pack = _rules().pack
    if kind == "card":
        return card_name(lang, rest)
    if kind in ("char", "trait"):
        ch = next((c for c in pack.characters.characters if c.id == rest), None)
        ab = (ch.ability if kind == "char" else ch.traitor_ability) if ch else None
        own = ab.name and (getattr(ab.name, lang, None) or ab.name.en)
        key = f"{K}.ability.character" if kind == "char" else f"{K}.ability.traitor"
        # the ability by its name, its owner after it: «свойство «Главный на палубе» (Арджун Сингх)»,
        # the character's name never bent into a case it does not take
        return t(lang, f"{key}_named", character=character(lang, rest), ability=own) if own else \
            t(lang, key, character=character(lang, rest))
    if kind == "feat":
        return t(lang, f"{K}.ability.feat", feat=_cap(named(lang, "feat", rest)))
    if kind in ("item", "title", "play"):
        what, _, _n = rest.rpartition(":")
        what = what or rest
        if kind == "item":
            return _cap(named(lang, "item", what))
        if kind == "title":
            return title_name(lang, what)
        return card_name(lang, what)
    if kind == "zone":
        return t(lang, f"{K}.ability.zone", **zone_params(lang, rest))
    if kind == "zone_t":
        return t(lang, f"{K}.ability.zone_traitor", **zone_params(lang, rest))
    if kind == "repair":
        return t(lang, f"{K}.ability.repair", **zone_params(lang, rest))
    return str(ref)


def used_ability(lang: str, ref: str) -> str:
    """An ability ref as what a member «використовує»: a card or item by its kind, its name quoted in
    the nominative (a name is never bent into a case: «використовує карту «Чутка інтуїція»»), a
    feat or zone action in the accusative («звитягу …», «дію …»); never «використовує: …»."""
    from bot.games.unfathomable.effect_text import inner_quotes
    kind, _, rest = str(ref).partition(":")
    if kind == "card" and is_skill_card(rest):
        return t(lang, f"{K}.used.card", **skill_parts(lang, rest, quoted=True))
    if kind in ("item", "title", "play", "card"):
        what = rest.rpartition(":")[0] or rest if kind != "card" else rest
        if kind == "item":
            return t(lang, f"{K}.used.item", item=inner_quotes(_cap(named(lang, "item", what)), lang))
        if kind == "title":
            return t(lang, f"{K}.used.title", title=inner_quotes(title_name(lang, what), lang))
        return t(lang, f"{K}.used.play", card=inner_quotes(card_name(lang, what), lang))
    if kind == "feat":
        return t(lang, f"{K}.used.feat", feat=inner_quotes(_cap(named(lang, "feat", rest)), lang))
    if kind in ("zone", "zone_t"):
        return t(lang, f"{K}.used.{'zone' if kind == 'zone' else 'zone_traitor'}", **zone_params(lang, rest))
    return ability_name(lang, ref)   # a character's ability: «властивість «…» (…)» reads the same


def target_text(lang: str, target, person=mention) -> str:
    """An attack's target: a Deep One in a zone, a monarch, or a player."""
    target = str(target)
    if target.startswith("deep_one:"):
        return t(lang, f"{K}.target.deep_one", **zone_params(lang, target.split(":", 1)[1]))
    if target in MONARCHS:
        return monster(lang, target)
    return person(target)


def place(lang: str, where, person=mention) -> str:
    """A zone's name, or a player (loyalty and items move between players)."""
    if where is None:
        return "—"
    if where in zones():
        return zone(lang, where)
    return person(where)


def result_word(lang: str, result) -> str:
    return t(lang, f"{K}.result.{result}") if result in ("pass", "partial", "fail") else str(result)


# ---------------------------------------------------------------- public
def _params(ev: dict, lang: str) -> dict:
    """The event's fields, each rendered by what it names."""
    p = {}
    for k, v in ev.items():
        if k in ("type", "audience", "reveal"):
            continue
        if k in ("player", "by", "chooser", "who", "first_player"):
            p[k] = mention(v) if v else "—"
        elif k in ("zone", "aimed"):
            p[k] = zone(lang, v)
            if k == "zone":
                p.update(zone_params(lang, v))
        elif k in ("frm", "to"):
            p[k] = place(lang, v)
            if k == "to" and v in zones():
                p["into"] = zone_case(lang, v, "into")
        elif k == "card":
            p[k] = card_name(lang, v) if v else "—"
        elif k == "character":
            p[k] = character(lang, v)
        elif k == "monster":
            p[k] = monster(lang, v)
        elif k == "track":
            p[k] = track_name(lang, v)
            if isinstance(ev.get("position"), int):   # the space by its printed name, as the table shows it
                p["space"] = _cap(named(lang, "track_space", (v, ev["position"])))
        elif k == "title":
            p[k] = title_name(lang, v)
        elif k == "item":
            p[k] = _cap(named(lang, "item", v)) if v else t(lang, f"{K}.none")
        elif k == "feat":
            p[k] = _cap(named(lang, "feat", v))
        elif k == "deck":
            p[k] = deck_name(lang, v)
        elif k == "cards":
            p[k] = cards(lang, v)
        elif k == "items":
            p[k] = ", ".join(_cap(named(lang, "item", i)) for i in v) or t(lang, f"{K}.none")
        elif k == "delta":
            p[k] = delta_text(lang, v)
        elif k == "result":
            p[k] = result_word(lang, v)
        elif k == "positive":
            p[k] = skill_types(lang, v)
        elif k == "target":
            p[k] = v if isinstance(v, int) or v is None else target_text(lang, v)
        elif k == "ability":
            p[k] = ability_name(lang, v)
        else:
            p[k] = v
    if isinstance(ev.get("count"), int):
        n = ev["count"]
        for noun in COUNT_NOUNS:
            p[f"n_{noun}"] = t(lang, f"{K}.count.{noun}", count=n)
    return p


# (event, reason) a later event of the same step tells: a monarch rising from the Depths is named
# by "🌊 From the Depths into Water Space 1: Mother Hydra." (its own line said it first)
TOLD_BY_A_LATER_EVENT = frozenset({("monarch_moved", "emerge")})
# (event, reason) the event right before it told: "X is defeated in Chapel and goes to Sick Bay."
# names the move, "X moves from Chapel to Sick Bay." after it only said it again
TOLD_BY_AN_EARLIER_EVENT = frozenset({("player_moved", "defeated")})


def signed_total(total) -> str:
    """A check's total, below zero with the minus sign its cards' values use (−3, not -3)."""
    return f"−{-total}" if isinstance(total, int) and total < 0 else str(total)


def public_line(ev: dict, lang: str) -> str | None:
    kind = ev["type"]
    if kind in SILENT:
        return None
    if (kind, ev.get("reason")) in TOLD_BY_A_LATER_EVENT | TOLD_BY_AN_EARLIER_EVENT:
        return None
    key = f"{K}.event.{kind}"
    p = _params(ev, lang)
    if kind == "game_started":
        p["seats"] = " → ".join(mention(x) for x in ev.get("players", []))
        p["resources"] = _dials(lang, ev.get("resources") or {})
    elif kind == "check_started":
        p["order"] = " → ".join(mention(x) for x in ev.get("order", []))
        p["partial"] = partial_text(lang, ev.get("partial"))
        if ev.get("card"):
            p["card"] = card_name(lang, ev["card"])
        elif stake := check_stake(lang, ev):   # a zone action's: what it is for, and what a pass does to whom
            key = f"{K}.event.check_started_ability"
            p["ability"], p["stake"] = ability_name(lang, ev["ability"]), stake
        else:  # a zone's or an ability's check: "Skill check — a skill check" said it twice
            key = f"{K}.event.check_started_plain"
    elif kind in ("ability_used", "free_ability") and ev.get("ability"):
        p["ability"] = used_ability(lang, ev["ability"])
    elif kind == "damage_resolved" and ev.get("drawn"):  # drawn and resolved at once (merged)
        key = f"{K}.event.damage_drawn_resolved"
    elif kind == "damage_drawn" and ev.get("zone") is None:  # a die picks the zone next: "(—)" said nothing
        key = f"{K}.event.damage_drawn_plain"
    elif kind == "check_added" and ev.get("extra_treachery"):
        key = f"{K}.event.check_added_treachery"
    elif kind == "check_revealed":  # each card with the sign it adds to the total
        positive = ev.get("positive", [])
        p["cards"] = ", ".join(
            f"{card_name(lang, c)} {signed_value(c, positive)}" if is_skill_card(c) else card_name(lang, c)
            for c in ev.get("cards", [])) or t(lang, f"{K}.none")
        p["total"] = signed_total(ev.get("total"))
        if ev.get("result"):  # the result told in the same line (merged); its target said as it began
            key = f"{K}.event.check_revealed_result"
            p["result"] = result_word(lang, ev["result"])
    elif kind == "deep_ones_moved" and ev.get("moves"):  # steps of one activation in a row (merged)
        key = f"{K}.event.deep_ones_moved_many"
        p["moves"] = ", ".join(f"{zone(lang, frm)} → {zone(lang, to)}" + (f" ×{n}" if n != 1 else "")
                               for frm, to, n in ev["moves"])
    elif kind == "deep_ones_placed" and ev.get("places"):  # placements in a row (merged)
        key = f"{K}.event.deep_ones_placed_many"
        p["places"] = ", ".join(zone(lang, z) + (f" ×{n}" if n != 1 else "") for z, n in ev["places"])
    elif kind == "check_added" and ev.get("adds"):  # contributions in a row (merged)
        key = f"{K}.event.check_added_all"
        p["adds"] = ", ".join(f"{mention(who)} — {t(lang, f'{K}.count.cards', count=n)}" for who, n in ev["adds"])
    elif kind == "check_result":  # the target and helping types were said as the check began
        p["total"] = signed_total(ev.get("total"))
    elif kind == "check_type_positive":
        p["skill"] = type_name(lang, ev["skill"])
    elif kind in ("check_modified", "roll_modified"):
        p["amount"] = f"{ev['amount']:+d}"
    elif kind == "resources_changed":   # only the dials that moved: the table shows all four
        p["changes"] = _changes(lang, ev.get("delta") or {}, ev.get("resources") or {})
    elif kind == "attack_resolved":
        key = f"{K}.event.attack_hit" if ev.get("hit") else f"{K}.event.attack_missed"
        if ev.get("defeated"):   # merged with the Deep One's defeat
            key = f"{K}.event.attack_defeated"
        p["weapon"] = (f" ({_cap(named(lang, 'item', ev['weapon']))})" if ev.get("weapon") else "")
        if ev.get("target") in MONARCHS:   # the object of "attacks": «атакует Матерь Гидру»
            p["target"] = t(lang, f"{K}.target.{ev['target']}")
    elif kind == "deep_one_attacked":
        key = f"{K}.event.deep_one_attacked_hit" if ev.get("hit") else f"{K}.event.deep_one_attacked_missed"
    elif kind == "passenger_risked" and ev.get("rolled"):  # its die told in the same line (merged)
        key = f"{K}.event.passenger_risked_roll"
        p["roll"] = ev["rolled"].get("value")
    elif kind == "roll_compared":
        key = f"{K}.event.roll_success" if ev.get("success") else f"{K}.event.roll_failure"
    elif kind == "discard_and_roll" and "die" in ev:  # the die told in the same line (merged)
        key = f"{K}.event.discard_and_roll_die"
        p["die"] = ev["die"]
        p["modifier"] = f" ({ev.get('raw')}{ev.get('modifier', 0):+d})" if ev.get("modifier") else ""
        p["result"] = result_word(lang, "pass" if ev.get("success") else "fail")
    elif kind == "discard_and_roll":
        p["outcome"] = t(lang, f"{K}.event.{'roll_success' if ev.get('success') else 'roll_failure'}",
                         player=p.get("player"), value=ev.get("total"))
    elif kind == "roll_started":
        p["purpose"] = roll_purpose(lang, ev)
        if not ev.get("player"):
            key = f"{K}.event.roll_started_nobody"
        elif ev.get("discarded"):   # the card discarded for it, in the same line (merged)
            key = f"{K}.event.roll_started_discard"
    elif kind == "die_rolled":
        p["purpose"] = roll_purpose(lang, ev)
        p["modifier"] = f" ({ev.get('raw')}{ev.get('modifier', 0):+d})" if ev.get("modifier") else ""
        rolled_zone = rolled_for_zone(ev)
        if rolled_zone:   # the zone the number stands for: "8" alone told a newcomer nothing (nfr15 U7)
            p["modifier"] += t(lang, f"{K}.roll.zone_rolled", **zone_params(lang, rolled_zone))
        if not ev.get("player"):
            key = f"{K}.event.die_rolled_nobody"
        elif "success" in ev:  # compared in the same line (merged)
            key = f"{K}.event.die_rolled_result"
            p["result"] = result_word(lang, "pass" if ev["success"] else "fail")
    elif kind == "player_defeated":
        if ev.get("stays"):
            key = f"{K}.event.player_defeated_stays"
    elif kind == "player_moved":
        reason = ev.get("reason")
        if reason in ("sent_to_brig", "sent_to_sick_bay", "left_brig"):
            key = f"{K}.event.player_moved_{reason}"
        if reason in ("sent_to_brig", "sent_to_sick_bay") and (ev.get("ability") or ev.get("card")):
            # what sent them (the line may be far below it): an ability by its name, a card quoted
            key = f"{K}.event.player_moved_{reason}_by" + ("" if ev.get("ability") else "_card")
            if ev.get("ability"):
                p["cause"] = _cap(p["ability"])
    elif kind == "trade_started":
        p["participants"] = ", ".join(mention(x) for x in ev.get("participants", []))
    elif kind == "monster_activated":
        if ev.get("monster") == "deep_ones":
            key = f"{K}.event.deep_ones_activated"
        else:
            p["where"] = zone(lang, ev.get("where"))
    elif kind == "monsters_emerged":
        p["monarchs"] = ", ".join(monster(lang, m) for m in ev.get("monarchs", [])) or monster(lang, "deep_ones")
    elif kind == "monsters_pushed_to_stern":
        moved = [f"{monster(lang, 'deep_ones')} ({zone(lang, a)} → {zone(lang, b)})"  # say what falls back
                 for a, b in (ev.get("deep_ones") or {}).items()]
        moved += [f"{monster(lang, m)} → {zone(lang, b)}" for m, b in (ev.get("monarchs") or {}).items()]
        p["moves"] = "; ".join(moved) or t(lang, f"{K}.none")
        if ev.get("journey") is not None:  # the journey track's step that moved them (merged)
            key = f"{K}.event.journey_pushed"
            p["track"], p["position"] = track_name(lang, "journey"), ev["journey"]
            p["space"] = _cap(named(lang, "track_space", ("journey", ev["journey"])))
    elif kind == "passenger_defeated":
        p["face"] = _cap(named(lang, "passenger", ev.get("face")))
        if ev.get("zone") == "supply":  # "A passenger in Supply is lost": the supply is no zone of the ship
            key = f"{K}.event.passenger_defeated_supply"
        if ev.get("loss"):   # what its face cost, told in the same line (merged)
            key += "_loss"
            p["changes"] = _changes(lang, ev["loss"].get("delta") or {}, ev["loss"].get("resources") or {})
    elif kind == "upgrade_activated" and not ev.get("item"):  # the last Upgrade gone: "activates none" before
        key = f"{K}.event.upgrade_none"
    elif kind == "title_passed":
        if not ev.get("player"):
            key = f"{K}.event.title_vacant"
    elif kind == "option_chosen":
        p["option"] = chosen_option(lang, ev.get("card"), ev.get("option"))
        if ev.get("card"):  # it stands in place of "X decides the crisis of Y.": the card still named
            key = f"{K}.event.option_chosen_card"
            if is_skill_card(ev["card"]):   # its skill outside the quotes: «Шаленство» (Сила 4)
                key, p["card"] = f"{K}.event.option_chosen_skill", said_cards(lang, [ev["card"]], "names")
    elif kind == "actions_ended" and ev.get("none_taken"):  # right after the turn began: nothing was done
        key = f"{K}.event.actions_ended_none"
    elif kind == "items_returned":
        p["where"] = t(lang, f"{K}.where.{ev.get('where')}") if ev.get("where") in ("top", "bottom") else \
            str(ev.get("where"))
    elif kind == "loyalty_counts" or (kind == "loyalty_given" and "counts" in ev):
        p["counts"] = ", ".join(f"{mention(x)}: {n}" for x, n in (ev.get("counts") or {}).items())
        if kind == "loyalty_given":   # and who holds how many now (merged)
            key = f"{K}.event.loyalty_given_counts"
    elif kind == "loyalty_look":
        p["reason"] = ""
    elif kind == "revealed":
        p["card"] = _cap(named(lang, "loyalty", ev.get("card")))
    elif kind == "game_over":
        p["reason"] = reason_text(lang, ev.get("reason"), ev.get("empty"))
        p["team"] = t(lang, f"{K}.team.{ev.get('team')}") if ev.get("team") in ("humans", "traitors") else \
            str(ev.get("team"))
        p["winners"] = ", ".join(mention(w) for w in ev.get("winners", [])) or "—"
        nobody = _nobody_wins(lang, ev)
        if nobody:
            key, p["nobody"] = f"{K}.event.game_over_nobody", nobody
        return t(lang, key, **p)   # every loyalty card is told in the final table's result, below it
    elif kind == "defeat_prevention":
        p["who"] = mention(ev["who"]) if ev.get("kind") == "player" else t(lang, f"{K}.passengers")
        if ev.get("kind") == "player" and ev.get("by") == ev.get("who"):  # "X prevents the defeat of X"
            key = f"{K}.event.defeat_prevention_self"
    elif kind == "great_banishment":
        p["count"] = ev.get("deep_ones_returned", 0)  # the plural form of who returns (nominative)
    elif kind == "mythos_discarded_personal":   # whose card, and why it goes (rulebook 001 l.418)
        owner = next((m.personal for m in _rules().pack.mythos.mythos if m.id == ev.get("card")), None)
        p["character"] = character(lang, owner)
        if ev.get("why") in ("absent", "brig", "revealed"):   # the one reason that holds (older logs: all three)
            key = f"{K}.event.mythos_discarded_personal_{ev['why']}"
    elif kind == "deck_arranged":
        p["n_cards"] = t(lang, f"{K}.count.cards", count=ev.get("top", 0))
    if kind == "skills_discarded" and ev.get("reason") == "hand_limit":   # why a card goes at a turn's end
        key = f"{K}.event.skills_discarded_hand_limit"
        p["limit"] = t(lang, f"{K}.count.cards", count=_rules().pack.skill_cards.hand_limit)
    if kind in ("skills_discarded", "added_face_up", "roll_started") and ev.get("cards"):
        p["cards"] = said_cards(lang, ev["cards"])   # the verb's object: «скидає карти «A» і «B»»
    elif kind == "discard_and_roll" and ev.get("card"):
        p["card"] = said_cards(lang, [ev["card"]])
    elif kind in ("items_gained", "items_removed"):
        p["items"] = said_cards(lang, ev.get("items"), "items")   # «отримує предмет «Старбак»»
    if kind == "damage_resolved" and ev.get("loss"):   # what the card cost, in the same line (merged)
        key += "_loss"
        p["changes"] = _changes(lang, ev["loss"].get("delta") or {}, ev["loss"].get("resources") or {})
    text = t(lang, key, **p)
    if text == key:   # an event this renderer does not know yet: say so plainly, never crash
        return t(lang, f"{K}.event.unknown", type=kind)
    if ev.get("rolled"):  # a die and what it made, one line: the roll is made
        rolled = ev["rolled"]
        return common.Line(text, settles=f"roll:{rolled.get('player')}:{rolled.get('purpose')}", event=ev)
    if kind in ("roll_started", "die_rolled"):  # "about to roll" stands until the roll is made
        roll = f"roll:{ev.get('player')}:{ev.get('purpose')}"
        if kind == "die_rolled" and ev.get("purpose") in ROLLED_FOR.values():  # told with what it made
            return common.Line(text, settles=roll, event=ev)   # (merged), also in a later step
        return common.Line(text, **({"opens": roll} if kind == "roll_started" else {"settles": roll}))
    if kind == "course_looked":   # "plays the course card X" stands in its place, also in a later step
        return common.Line(text, opens=f"course:{ev.get('player')}")
    if kind == "course_played":
        return common.Line(text, settles=f"course:{ev.get('player')}")
    if kind == "reroll":   # "rolls the die again: 8" stands in its place, also in a later step
        return common.Line(text, opens=f"roll:{ev.get('player')}:reroll")
    if kind == "skills_discarded" and ev.get("reason") == "discard_and_roll":  # said again with the roll
        return common.Line(text, opens=f"roll:{ev.get('player')}:discard_and_roll")
    if kind == "discard_and_roll" and "die" in ev:
        return common.Line(text, settles=f"roll:{ev.get('player')}:discard_and_roll")
    if kind in ("deep_ones_moved", "deep_ones_placed", "resources_changed", "check_added", "check_revealed",
                "check_result", "defeat_prevention", "defeat_prevented", *ROLLED_FOR):
        return common.Line(text, event=ev)  # told as one with the next: merged()
    if kind in ("crisis_decider", "option_chosen"):  # who decides, until they have chosen
        choice = f"choice:{ev.get('player')}:{ev.get('card')}"
        return common.Line(text, **({"opens": choice} if kind == "crisis_decider" else {"settles": choice}))
    # what follows every check, skill card played and mythos card is told at the end of its line
    gathers = {"check_started": "check", "mythos_drawn": f"mythos:{ev.get('card')}",
               "misfortune_drawn": f"mythos:{ev.get('card')}", "revealed": f"reveal:{ev.get('player')}"}.get(kind)
    if kind == "ability_used" and str(ev.get("ability", "")).startswith("card:"):
        gathers = ev["ability"]
    if gathers:
        return common.Line(text, gathers=gathers)
    if kind in REVEAL_STEPS:   # the reveal's last steps, told at the end of its line (seed: one procedure)
        return common.Line(text, joins=f"reveal:{ev.get('player')}", tail=t(lang, f"{K}.event.{kind}_tail", **p),
                           more=kind != "traitor_ring")
    if kind == "chaos_added":
        return common.Line(text, joins="check", tail=t(lang, f"{K}.event.chaos_tail", n_cards=p["n_cards"]))
    if kind == "card_resolved" or (kind == "mythos_discarded" and not ev.get("player")):
        what = f"card:{ev.get('card')}" if kind == "card_resolved" else f"mythos:{ev.get('card')}"
        return common.Line(text, joins=what, tail=t(lang, f"{K}.event.then_discarded"))
    return text or None


# a revealed traitor's feat leaving the game, the reference card and the ring (checklist 161, 163):
# no choice in them, each told as a few words at the end of the reveal's line while it is in the
# live message, else as a line of its own
REVEAL_STEPS = ("feat_removed", "traitor_reference_taken", "traitor_ring")


def option_text(lang: str, card, index) -> str:
    if is_skill_card(card):  # a copy ("strength:rampage:4:1") has its title's labels ("Option 1" before)
        card = card.split(":")[1]
    labels = _choice_labels()["card"].get(card)
    if labels and isinstance(index, int) and 0 <= index < len(labels):
        return _label_in(lang, labels[index])
    return t(lang, f"{K}.option.option_n", n=(index or 0) + 1)


def chosen_option(lang: str, card, index) -> str:
    """A crisis answer as what a member «обирає»: the rulebook's «варіант» with its label quoted
    («варіант «Втратити 1 душу»»), or its number where the card has no labels; never «обирає: …»."""
    label = option_text(lang, card, index)
    if label == t(lang, f"{K}.option.option_n", n=(index or 0) + 1):
        return t(lang, f"{K}.option.chosen_n", n=(index or 0) + 1)
    from bot.games.unfathomable.effect_text import inner_quotes
    return t(lang, f"{K}.option.chosen_label", label=inner_quotes(label, lang))


def _changes(lang: str, delta: dict, res: dict) -> str:
    """"🍖 Food −1 → 7 · ⛽ Fuel −1 → 7": each dial that moved, by how much, and where it stands."""
    return " · ".join(
        t(lang, f"{K}.event.resource_change", icon=RESOURCE_ICONS.get(r, ""), resource=resource(lang, r),
          delta=f"{'+' if n > 0 else '−'}{abs(n)}", value=res.get(r, "?"))
        for r, n in delta.items() if n) or "±0"


def _dials(lang: str, res: dict) -> str:
    return " · ".join(f"{RESOURCE_ICONS.get(r, '')} {resource(lang, r)} {res[r]}" for r in RESOURCES if r in res)


def public_lines(events: list[dict], lang: str) -> list[str]:
    # an event told by no line (a roll leaving the table) stands between no two that merge
    return common.public_lines([ev for ev in events if ev["type"] not in SILENT], lang,
                               lambda ev: public_line(ev, lang), hand_button_label(lang), merge=merged)


def merged(before: dict, ev: dict) -> dict | None:
    """Deep Ones moving one after another along the same way, told as one move of them all;
    resources changed one after another (Food −1, then Fuel −1), each another resource, told as
    one change and the dials after it; seats' contributions to a check in a row, told as one list.
    A happening and its outcome right after it, told as one: the journey track's step and the
    monsters it pushed toward the stern, a check's revealed pile and its result (the same total),
    a die rolled after a discard and what it made."""
    if ev.get("audience") != before.get("audience"):
        return None
    if before["type"] == "monsters_pushed_to_stern" and ev["type"] == "track_advanced" \
            and ev.get("track") == "journey" and before.get("journey") is None:
        return {**before, "journey": ev.get("position")}
    if before["type"] == "damage_drawn" and ev["type"] == "zone_damaged" and before.get("card") == ev.get("card"):
        return ev   # "💥 Зону «Камбуз» пошкоджено (Пошкодження корпусу)." tells the card drawn too
    if before["type"] == "damage_drawn" and ev["type"] == "damage_resolved" and before.get("card") == ev.get("card"):
        return {**ev, "drawn": True}   # "💥 Damage: Fuel Leak." then "Fuel Leak is resolved.": one line
    if before["type"] == "check_revealed" and ev["type"] == "check_result" and not before.get("result") \
            and ev.get("total") == before.get("total"):
        return {**before, "result": ev.get("result"), "partial": ev.get("partial")}
    if before["type"] == "defeat_prevention" and ev["type"] == "defeat_prevented" \
            and before.get("kind") == "player" and before.get("who") == ev.get("player"):
        return before   # "X is not defeated after all." said again what the prevention's line said
    if before["type"] == "attack_resolved" and before.get("hit") and ev["type"] == "deep_one_defeated" \
            and before.get("target") == f"deep_one:{ev.get('zone')}" and "defeated" not in before:
        return {**before, "defeated": True}   # "X attacks a Deep One: 8, a hit!" then "The Deep One is defeated."
    if before["type"] == "passenger_defeated" and ev["type"] == "resources_changed" and "loss" not in before \
            and ev.get("reason") == "passenger":
        return {**before, "loss": ev}   # "💀 A passenger is defeated: Souls (1)." then "👻 Souls −1 → 6"
    if before["type"] == "damage_resolved" and ev["type"] == "resources_changed":
        # the card's effect starts at once: "💥 Damage: Wet Coal" then "⛽ Fuel −1 → 1"
        if "loss" not in before:
            return {**before, "loss": ev}
        return {**before, "loss": both} if (both := merged(before["loss"], ev)) else None
    if before["type"] == "items_looked" and ev["type"] == "items_gained" and before.get("player") == ev.get("player") \
            and before.get("count") == len(ev.get("items") or ()):
        return ev   # looked at one card and took it: "gains the Starbuck" says it
    if before["type"] == "awakening" and (
            (ev["type"] == "loyalty_counts" and len(set((ev.get("counts") or {}).values())) <= 1)
            or ev["type"] == "loyalty_look"):
        return before   # "everyone gets a second loyalty card" said the counts (2 each) and the look
    if before["type"] == "skills_discarded" and before.get("reason") == "discard_and_roll" \
            and ev["type"] == "roll_started" and ev.get("purpose") == "discard_and_roll" \
            and before.get("player") == ev.get("player"):
        # "X discards C." then "X is about to roll for the discarded card.": one line (nfr15 U9)
        return {**ev, "cards": before.get("cards"), "discarded": True}
    if before["type"] == "loyalty_given" and ev["type"] == "loyalty_counts" and "counts" not in before:
        return {**before, "counts": ev.get("counts") or {}}   # the cards given, and who holds how many now
    if before["type"] in ("loyalty_counts", "loyalty_given") and ev["type"] == "loyalty_look":
        return before   # cards dealt are looked at: "everyone looks at their loyalty cards" says nothing new
    if before["type"] == "course_bottomed" and ev["type"] == "course_played" and before.get("player") == ev.get("player"):
        return ev   # the other card under the deck goes without saying: the Captain plays one of two
    if before["type"] == "reroll" and ev["type"] == "die_rolled" and ev.get("purpose") == "reroll":
        return ev   # "X rerolls the die." then "X rolls the die again: 8.": the second says both
    if before["type"] == "die_rolled" and ev["type"] == "discard_and_roll" and before.get("player") == ev.get("player") \
            and before.get("purpose") == "discard_and_roll":
        return {**ev, "die": before.get("value"), "raw": before.get("raw"), "modifier": before.get("modifier", 0)}
    if before["type"] == "die_rolled" and not before.get("modifier") \
            and ev["type"] in ROLLED_FOR and before.get("purpose") == ROLLED_FOR[ev["type"]] \
            and (ev["type"] != "deep_one_attacked" or ev.get("roll") == before.get("value")):
        # "rolls for a Deep One's attack: 3." then "A Deep One attacks X: 3, a miss.": one line
        return {**ev, "rolled": {k: before.get(k) for k in ("player", "purpose", "value")}}
    if before["type"] == "die_rolled" and ev["type"] == "roll_compared" and before.get("player") \
            and before.get("player") == ev.get("player") and before.get("value") == ev.get("value") \
            and "success" not in before:
        return {**before, "success": bool(ev.get("success"))}
    if ev["type"] != before["type"]:
        return None
    if ev["type"] == "check_added" and not before.get("extra_treachery") and not ev.get("extra_treachery"):
        return {"type": "check_added", "audience": ev.get("audience"), "adds": _adds(before) + _adds(ev)}
    if ev["type"] == "deep_ones_placed":  # "1 Deep One placed in each deck zone": one line, not eight
        counted: dict = {}   # a zone named twice is one with its count (first-seen order)
        for z, n in _places(before) + _places(ev):
            counted[z] = counted.get(z, 0) + n
        places = [[z, n] for z, n in counted.items()]
        return {"type": "deep_ones_placed", "audience": ev.get("audience"), "places": places,
                "count": sum(n for _, n in places)}
    if ev["type"] == "deep_ones_moved" and before.get("reason") == ev.get("reason"):
        # one activation's steps, one line: "Water Space 2 → Deck Space 2 ×2, Deck Space 1 → Bridge"
        counted: dict = {}   # a path taken twice is one with its count (first-seen order)
        for frm, to, n in _moves(before) + _moves(ev):
            counted[frm, to] = counted.get((frm, to), 0) + n
        moves = [[frm, to, n] for (frm, to), n in counted.items()]
        if len(moves) == 1:
            return {**before, "count": moves[0][2]}
        return {"type": "deep_ones_moved", "audience": ev.get("audience"), "reason": ev.get("reason"),
                "moves": moves, "count": sum(n for *_, n in moves)}
    if ev["type"] == "resources_changed" and not set(before.get("delta") or {}) & set(ev.get("delta") or {}):
        return {**ev, "delta": {**(before.get("delta") or {}), **(ev.get("delta") or {})}}
    return None


# the roll whose die an event tells (merged into it: :func:`merged`)
ROLLED_FOR = {"deep_one_attacked": "deep_one_attack", "passenger_risked": "risk_passenger"}


def rolled_for_zone(ev: dict) -> str | None:
    """The zone a die rolled for one stands for (the board's numbers: an interior zone's, or a deck
    space's), if it was rolled for one."""
    board, value = _rules().board, ev.get("value")
    numbers = {"zone": board.number, "deck_zone": board.deck_number}.get(ev.get("purpose"))
    return numbers.get(value) if numbers and isinstance(value, int) else None


def _moves(ev: dict) -> list:
    """A deep_ones_moved event's paths: [[from, to, how many], ...]."""
    return ev.get("moves") or [[ev.get("frm"), ev.get("to"), ev.get("count", 1)]]


def _places(ev: dict) -> list:
    """A deep_ones_placed event's zones: [[zone, how many], ...]."""
    return ev.get("places") or [[ev.get("zone"), ev.get("count", 1)]]


def _adds(ev: dict) -> list:
    """A check_added event's contributions: [[seat, how many cards], ...]."""
    return ev.get("adds") or [[ev.get("player"), ev.get("count", 0)]]


def waiting_lines(waiting: list[dict], lang: str) -> list[str]:
    """Who the table waits for, and for what (one line a member: their first decision); a
    response window names the members it asked, not the Keeper players (:func:`common.held_by`)."""
    seen, lines = set(), []
    for prompt in common.held_by(waiting, _rules().WINDOW_KINDS):
        if prompt["player"] in seen:
            continue
        seen.add(prompt["player"])
        lines.append(t(lang, f"{K}.event.waiting", player=mention(prompt["player"]), kind=decision_text(lang, prompt)))
    return lines


def decision_text(lang: str, prompt: dict, state: dict | None = None, names: dict | None = None) -> str:
    """What a prompt asks, from its public part (kind, purpose, timing, zone); with ``state``, a
    window before a player's defeat also says whose defeat (the table saw the blow), the player
    by ``names`` where given (a panel's footer shows a mention as its raw "<@id>")."""
    kind, purpose = prompt.get("kind"), prompt.get("purpose")
    if kind in ("choose", "choose_cards", "choose_number") and purpose:
        key = f"{K}.purposes.{purpose}"
        if prompt.get("zone") and has(lang, f"{key}_zone"):  # the zone in its own words, not tacked on
            return t(lang, f"{key}_zone", **zone_params(lang, prompt["zone"]))
        spec = prompt.get("subset") or {}
        if (spec.get("max") or 0) > 1 and has(lang, f"{key}_many"):   # "choose cards to discard" over "Choose 2…"
            key = f"{key}_many"
        text = t(lang, key, zone="")
        return text.strip() if text != key else t(lang, f"{K}.kinds.{kind}")
    if kind == "window":
        timing = prompt.get("timing")
        key = f"{K}.timings.{timing}"
        when = _defeat_window_of(lang, prompt, state, names or {}) if timing == "would_be_defeated" and state else None
        if when is None and timing == "would_be_defeated" and prompt.get("defeated"):   # the table's line
            when = t(lang, f"{K}.defeat_window.of", player=mention(prompt["defeated"], lang))
        when = when or t(lang, key)
        return t(lang, f"{K}.kinds.window", timing=when) if timing and when != key else t(lang, f"{K}.kinds.window_any")
    key = f"{K}.kinds.{kind}"
    text = t(lang, key)
    return text if text != key else str(kind)


def _defeat_window_of(lang: str, prompt: dict, state: dict, names: dict) -> str | None:
    """Whose defeat a would-be-defeated window answers: «вас мають перемогти» read by that player
    (a Shrug Off in hand answers it), «X має зазнати поразки» by anyone else; None if unknown."""
    try:
        defeat = frame_of(state, prompt).get("defeat")
    except Exception:  # noqa: BLE001 - a decision's words never break a panel
        return None
    who = next((r.get("who") for r in state.get("defeats") or () if r.get("id") == defeat and r.get("kind") == "player"),
               None)
    if who is None:
        return None
    if who == prompt.get("player"):
        return t(lang, f"{K}.defeat_window.you")
    return t(lang, f"{K}.defeat_window.of", player=names.get(who) or mention(who, lang))


# ---------------------------------------------------------------- private
def private_line(ev: dict, player: str, lang: str) -> str | None:
    kind = ev["type"]
    p = _params(ev, lang)
    if kind == "skills_drawn":   # another player's draw: the table shows hand sizes
        return None
    if kind == "loyalty_dealt":
        p["cards"] = ", ".join(_cap(named(lang, "loyalty", c)) for c in ev.get("cards", []))
    elif kind in ("loyalty_received", "loyalty_seen", "your_loyalty_seen"):
        p["cards"] = ", ".join(_cap(named(lang, "loyalty", c)) for c in ev.get("cards", []))
    elif kind == "check_you_added":
        p["count"] = len(ev.get("cards", []))
    if kind in ("skills_drawn_you", "check_you_added"):   # «Ви берете карти «A» (Вплив 2) і «B» …», never «Ви взяли: A, B»
        p["cards"] = said_cards(lang, ev.get("cards") or ())
        if not ev.get("cards") and kind == "skills_drawn_you":
            kind = "skills_drawn_none"
    key = f"{K}.private.{kind}"
    text = t(lang, key, **p)
    return None if text == key or not text else text


def private_events_for(events: list[dict], player: str) -> list[dict]:
    return [ev for ev in events if not is_public(ev) and visible_to(ev, player)]


def private_lines(events: list[dict], player: str, lang: str) -> list[str]:
    return [line for ev in private_events_for(events, player) for line in [private_line(ev, player, lang)]
            if line]


# ---------------------------------------------------------------- table
def _crew_line(lang: str, view: dict, pid: str, current) -> str:
    pointer = "▶" if pid == current else "•"
    if not view["characters"].get(pid):   # setup: no character, zone or hand yet ("— · — · 0 cards")
        return f"{pointer} {mention(pid)} — " + t(lang, f"{K}.table.choosing_character")
    marks = [character(lang, view["characters"].get(pid)), zone(lang, view["zone_of"].get(pid)),
             t(lang, f"{K}.table.cards", count=view["hand_sizes"].get(pid, 0))]
    for title, holder in view["titles"].items():
        if holder == pid:
            marks.append(("⚓ " if title == "captain" else "📖 ") + title_name(lang, title))
    items = view["items"].get(pid) or []
    if items:
        marks.append("🎒 " + ", ".join(_cap(named(lang, "item", i)) for i in items))
    if pid in view["revealed"]:
        marks.append("🎭 " + _cap(named(lang, "loyalty", view["revealed"][pid])))
    in_play = view["in_play"].get(pid) or []
    if in_play:
        marks.append("🃏 " + ", ".join(card_name(lang, c) for c in in_play))
    return f"{pointer} {mention(pid)} — " + " · ".join(marks)


def table_embed(state: dict, names: dict, lang: str) -> discord.Embed:
    view = _rules().view(state, None)
    over = view["result"] is not None
    turn = view["turn"] or {}
    title = t(lang, f"{K}.table.finished") if over else t(lang, f"{K}.table.title", turn=turn["number"]) \
        if turn.get("number") else t(lang, f"{K}.table.title_setup")   # no turn 0: the setup before the first
    embed = discord.Embed(title=title, colour=COLOUR)
    current = None if over else turn.get("player")  # a finished game has nobody's turn
    desc = [_dials(lang, view["resources"])]
    tracks = view["tracks"]
    desc.append(" · ".join(
        t(lang, f"{K}.table.track", track=track_name(lang, tr), position=tracks.get(tr, 0),
          space=_cap(named(lang, "track_space", (tr, tracks.get(tr, 0)))))
        for tr in ("journey", "ritual")))
    desc.append(t(lang, f"{K}.table.distance", distance=view["distance"], needed=_rules().pack.tracks.distance.win_at_least))
    if current:
        desc.append(t(lang, f"{K}.table.turn", player=mention(current)))
    embed.description = "\n".join(desc)
    crew = [_crew_line(lang, view, pid, current) for pid in view["seats"]]
    embed.add_field(name=t(lang, f"{K}.table.crew"), value="\n".join(crew)[:1024] or "—", inline=False)
    embed.add_field(name=t(lang, f"{K}.table.monsters"), value=_monsters(lang, view)[:1024], inline=False)
    embed.add_field(name=t(lang, f"{K}.table.ship"), value=_ship(lang, view)[:1024], inline=False)
    if view.get("mythos"):
        embed.add_field(name=t(lang, f"{K}.table.mythos"), value=card_name(lang, view["mythos"]["card"]))
    check = view.get("check")
    if check:
        embed.add_field(name=t(lang, f"{K}.table.check"), value=check_summary(lang, check)[:1024], inline=False)
    if over:
        result = view["result"]
        reason = result.get("reason")
        winners = ", ".join(mention(w) for w in result.get("winners", []))
        team = result.get("team")
        loyalty = "\n".join(f"{mention(x)}: {' + '.join(_cap(named(lang, 'loyalty', c)) for c in cs) or '—'}"
                            for x, cs in (result.get("loyalty") or {}).items())
        side = _nobody_wins(lang, result) or \
            f"{t(lang, f'{K}.team.{team}') if team in ('humans', 'traitors') else team}\n🏆 {winners or '—'}"
        empty = [r for r in RESOURCES if (view["resources"].get(r) or 0) <= 0]
        embed.add_field(name=t(lang, f"{K}.table.result"),
                        value=(f"{reason_text(lang, reason, empty)} "
                               f"{side}\n{loyalty}")[:1024], inline=False)
    else:
        waiting = waiting_lines(view["prompts"], lang)
        embed.add_field(name=t(lang, f"{K}.table.waiting"),
                        value=("\n".join(waiting) or t(lang, f"{K}.table.nobody"))[:1024], inline=False)
    return embed


def reason_text(lang: str, reason, empty=None) -> str:
    """Why the game ended; a resource that ran out is named ("Souls ran out.")."""
    if reason == "resource_depleted" and empty:
        return t(lang, f"{K}.reason.resource_named",
                 resources=", ".join(f"{RESOURCE_ICONS.get(r, '')} {resource(lang, r)}".strip() for r in empty))
    return t(lang, f"{K}.reason.{reason}") if reason in REASONS else str(reason)


def _monsters(lang: str, view: dict) -> str:
    lines = []
    for m in MONARCHS:
        where = view["monarchs"].get(m)
        lines.append(f"🐙 {monster(lang, m)}: {zone(lang, where)}")
    board = {z: n for z, n in view["deep_ones"].items() if n and z != "depths"}
    if board:
        lines.append(t(lang, f"{K}.table.deep_ones", where=", ".join(f"{zone(lang, z)} ×{n}" for z, n in board.items())))
    else:
        lines.append(t(lang, f"{K}.table.deep_ones", where=t(lang, f"{K}.none")))
    lines.append(t(lang, f"{K}.table.depths", count=view["deep_ones"].get("depths", 0),
                   supply=view["deep_one_supply"]))
    return "\n".join(lines)


def _ship(lang: str, view: dict) -> str:
    damaged = ", ".join(zone(lang, z) for z in view["damage"]) or t(lang, f"{K}.none")
    lines = [t(lang, f"{K}.table.damage", zones=damaged, count=len(view["damage"]))]
    pax = {z: n for z, n in view["passengers"].items() if n}
    lines.append(t(lang, f"{K}.table.passengers",
                   where=", ".join(f"{zone(lang, z)} ×{n}" for z, n in pax.items()) or t(lang, f"{K}.none"),
                   supply=view["passenger_supply"]))
    lines.append(t(lang, f"{K}.table.decks", mythos=view["mythos_deck"], course=view["course_deck"],
                   chaos=view["chaos_count"]))
    return "\n".join(lines)


def partial_text(lang: str, partial) -> str:
    """A check's partial success ("partial 8+"), or nothing when it has none."""
    return t(lang, f"{K}.check.partial", partial=partial) if partial is not None else ""


def _check_terms(lang: str, check: dict) -> dict:
    """A check's target, partial success and the skill types that help, as a line's parameters."""
    return {"target": check.get("target"), "partial": partial_text(lang, check.get("partial")),
            "positive": skill_types(lang, check.get("positive") or [])}


def check_stake(lang: str, check: dict, reader: str | None = None) -> str | None:
    """What a pass of a zone action's check does, and to whom (the Captain's Cabin: the picked
    player goes to the Brig; the Brig: its user leaves it), said to ``reader`` as "you" when it is
    about them: a member adding cards to such a check by DM was told only its target (nfr15 U1:
    she could help send herself to the Brig). None for a card's check (its card says it)."""
    kind, _, zone_id = str(check.get("ability") or "").partition(":")
    if kind != "zone" or check.get("about") is None:
        return None
    you = reader is not None and str(check["about"]) == str(reader)
    key = f"{K}.check.stake.{zone_id}" + ("_you" if you else "")
    text = t(lang, key, player=mention(check["about"]))
    return None if text == key else text


def check_summary(lang: str, check: dict, names: dict | None = None) -> str:
    """The check under way: target, partial, help types, who added how many (never which)."""
    lines = [t(lang, f"{K}.check.summary", **_check_terms(lang, check))]
    if check.get("source"):
        lines.append(card_name(lang, check["source"]))
    elif stake := check_stake(lang, check):
        lines.append(f"{ability_name(lang, check['ability'])}: {stake}")
    added = check.get("added")
    if added:
        lines.append(", ".join(t(lang, f"{K}.check.added", player=mention(x), count=n) for x, n in added.items()))
    if check.get("chaos_count"):
        lines.append(t(lang, f"{K}.check.chaos", count=check["chaos_count"]))
    if check.get("total") is not None:
        lines.append(t(lang, f"{K}.check.total", total=signed_total(check["total"]), cards=cards(lang, check.get("pile") or [])))
    return "\n".join(lines)


# ---------------------------------------------------------------- panel (private)
_PROMPTS_CACHE: dict = {}


def _prompts_of(state: dict, player: str) -> list[dict]:
    """The member's prompts (computed once per state: a panel labels many options)."""
    key = (id(state), state.get("actions_applied"), state.get("seq"), len(state.get("stack") or ()), player)
    hit = _PROMPTS_CACHE.get("k")
    if hit is not None and hit[0] == key:
        return hit[1]
    prompts = _rules().prompts_for(state, player)
    _PROMPTS_CACHE["k"] = (key, prompts)
    return prompts


def _prompt_with_option(state: dict, option: dict) -> dict | None:
    wanted = {k: v for k, v in option.items() if k not in ("player", "prompt")}
    player = option.get("player")
    if player is None or not state.get("stack"):
        return None
    try:
        prompts = _prompts_of(state, player)
    except Exception:  # noqa: BLE001 - a label never breaks a panel
        return None
    return next((p for p in prompts if wanted in (p.get("options") or [])), None)


def _prompt_with_subset(state: dict, spec: dict) -> dict | None:
    if not state.get("stack"):
        return None
    try:
        prompts = _rules().prompts(state)
    except Exception:  # noqa: BLE001
        return None
    offered = {k: v for k, v in spec.items() if k != "at"}   # "at": which copy a menu line labels, not the spec's
    return next((p for p in prompts if p.get("subset") == offered), None)


def value_label(lang: str, value, state: dict, names: dict, purpose=None, prompt: dict | None = None) -> str:
    """A chosen value, by what it is (a player, zone, resource, card...), in the member's language."""
    person = lambda pid: names.get(pid, pid)  # noqa: E731
    if purpose == "option" and isinstance(value, int):
        labels = (prompt or {}).get("labels")
        allowed_index = value
        if labels is not None and prompt is not None:
            values = [o["value"] for o in prompt.get("options", [])]
            if value in values and values.index(value) < len(labels):
                en = labels[values.index(value)]
                found = _choice_labels()["en"].get(en)
                return _label_in(lang, found) if found else en
        return t(lang, f"{K}.option.option_n", n=allowed_index + 1)
    if isinstance(value, bool):
        if purpose == "optional_move" and prompt and prompt.get("zone"):
            return t(lang, f"{K}.option.{'move_yes' if value else 'move_no'}", **zone_params(lang, prompt["zone"]))
        return t(lang, f"{K}.option.{'yes' if value else 'no'}")
    if isinstance(value, int):
        if purpose in ("check_sign", "roll_sign", "check_amount"):
            return f"{value:+d}"
        return str(value)
    if value is None:
        return t(lang, f"{K}.none")
    value = str(value)
    if value in (state.get("players") or ()):
        ch = (state.get("characters") or {}).get(value)
        return f"{person(value)} ({character(lang, ch)})" if ch else person(value)
    if purpose == "passenger" or value.startswith("pax"):
        ids = [o["value"] for o in (prompt or {}).get("options", [])] or [value]
        return t(lang, f"{K}.option.passenger", n=(ids.index(value) + 1) if value in ids else 1)
    if value in ("pass", "partial", "fail"):
        return result_word(lang, value)
    if value.startswith("deep_one:") or value in MONARCHS:
        return target_text(lang, value, person)
    if value in ("top", "bottom", "stay", "cast", "return", "stop"):
        return t(lang, f"{K}.option.{value}")
    if value in SKILL_TYPES:
        return type_name(lang, value)
    if value in RESOURCES:
        return resource(lang, value)
    if value == "depths" or value in zones():
        return zone(lang, value)
    return card_name(lang, value)


def same_choice(option: dict, prompt: dict, state: dict):
    """What makes ``option`` a distinct choice: copies of one skill card (the same type, title
    and value; ``type:title:value:copy``) are interchangeable, so the copy number is left out."""
    def card(value):
        if not isinstance(value, str):
            return value
        head, cid = ("card:", value[5:]) if value.startswith("card:") else ("", value)
        return head + cid.rsplit(":", 1)[0] if is_skill_card(cid) else value
    return {k: card(v) for k, v in option.items()}


def option_label(option: dict, state: dict, names: dict, lang: str) -> str:
    from bot.games.unfathomable.effect_text import inner_quotes
    kind = option["type"]
    person = lambda pid: names.get(pid, pid)  # noqa: E731
    if kind == "character":
        return character(lang, option["character"])
    if kind == "upgrade":   # a button is a phrase, the name quoted after its kind: never «Активувати: Старбак»
        return t(lang, f"{K}.option.upgrade", item=inner_quotes(_cap(named(lang, "item", option.get("item"))), lang))
    if kind == "draw_type":   # «Взяти карту сили»: each type's own genitive
        return t(lang, f"{K}.option.draw_type.{option['skill']}")
    if kind == "move":   # the zone's marks: where the trouble is is read off the buttons
        return t(lang, f"{K}.option.move", **zone_params(lang, option["to"])) + _icons(state, option["to"])
    if kind == "attack":   # the target in the accusative («Атакувати глибоководного в рубці»), a player by kind
        target = str(option["target"])
        if target in MONARCHS:   # «Атакувати Мати Гідру», as the channel's «атакує …»
            return t(lang, f"{K}.option.attack", target=t(lang, f"{K}.target.{target}"))
        if not target.startswith("deep_one:"):
            return t(lang, f"{K}.option.attack_player", player=person(target))
        return t(lang, f"{K}.option.attack", target=target_text(lang, target, person))
    if kind == "repair":
        return t(lang, f"{K}.option.repair", **zone_params(lang, option["zone"]))
    if kind == "use":
        return t(lang, f"{K}.option.use", ability=used_ability(lang, option["ability"]))   # the verb's object
    if kind == "track":
        return t(lang, f"{K}.option.track", track=track_name(lang, option["track"]))
    if kind == "course":
        return t(lang, f"{K}.option.course", card=inner_quotes(card_name(lang, option["card"]), lang))
    if kind == "give":
        # the player by name alone (as «Атакувати гравця …»): with their character the longest
        # item and a 32-character name passed a button's 80 characters
        return t(lang, f"{K}.option.give", item=inner_quotes(_cap(named(lang, "item", option.get("item"))), lang),
                 player=person(option.get("to")))
    if kind == "give_loyalty":
        return t(lang, f"{K}.option.give_loyalty", player=value_label(lang, option["to"], state, names))
    if kind == "choose":
        prompt = _prompt_with_option(state, option)
        purpose = (prompt or {}).get("purpose")
        return value_label(lang, option["value"], state, names, purpose, prompt)
    if kind == "choose_number":
        return str(option.get("number"))
    if kind in ("choose_cards", "contribute", "discard", "repair_pay", "discard_total", "starting_hand",
                "replace_with_treachery"):
        field = "types" if kind in ("starting_hand", "replace_with_treachery") else "cards"
        chosen = option.get(field) or []
        if not chosen:
            return t(lang, f"{K}.option.nothing")
        return ", ".join(item_label({}, c, state, names, lang) for c in chosen)
    key = f"{K}.option.{kind}"
    text = t(lang, key)
    return text if text != key else str(kind)


def zone_marks(state: dict, z) -> list[tuple[str, str, object]]:
    """What a zone holds for everyone to see, with the table's icons: (icon, kind, detail) for
    Mother Hydra or Father Dagon, the Deep Ones, its damage and the passengers on it."""
    marks: list = [("🐙", "monarch", m) for m in MONARCHS if (state.get("monarchs") or {}).get(m) == z]
    deep_ones = (state.get("deep_ones") or {}).get(z) or 0
    if deep_ones and z != "depths":
        marks.append((common.counted("🐟", deep_ones), "deep_ones", deep_ones))
    if z in (state.get("damage") or {}):
        marks.append(("💥", "damaged", None))
    passengers = len((state.get("passengers") or {}).get(z) or ())
    if passengers:
        marks.append((common.counted("🧍", passengers), "passengers", passengers))
    return marks


def _icons(state: dict, z) -> str:
    return common.marks_text(zone_marks(state, z))


def option_description(option: dict, state: dict, names: dict, lang: str) -> str | None:
    """What an option does: a card's choice (a crisis answer) read out from its effects, a
    character's abilities by name. A move's zone says what it holds by its marks alone (the
    table's legend): worded, they crowded out what the Actions do. A skill-check contribution
    (in the panel and its DM): what the cards picked do to the sum, and what adding none does."""
    if option.get("type") == "contribute" and isinstance(option.get("cards"), list):
        check = (state.get("checks") or [None])[-1]
        if not check:
            return None
        if not option["cards"]:
            return t(lang, f"{K}.check.explain_none")
        positive = check.get("positive") or []
        text = t(lang, f"{K}.check.explain_cards", positive=skill_types(lang, positive))
        if not any(is_skill_card(c) and str(c).split(":")[0] in positive for c in option["cards"]):
            # the cards offered are the member's own hand (this text reaches them alone)
            text = t(lang, f"{K}.check.explain_against", text=text)
        return text
    if option.get("type") == "choose" and isinstance(option.get("value"), int):
        prompt = _prompt_with_option(state, option)
        if prompt is not None and prompt.get("purpose") == "option" and prompt.get("labels"):
            printed = _printed_option(frame_of(state, prompt), option["value"])
            if printed is None or not getattr(printed, "effect", None):
                return None
            # the current player reads the card's «вы» as themself (rulebook 001 l.1110)
            reader_is_current = option.get("player") == (state.get("turn") or {}).get("player")
            from bot.games.unfathomable.effect_text import effect_text
            text = effect_text(lang, printed.effect, you={"current_player"} if reader_is_current else ())
            label = value_label(lang, option["value"], state, names, "option", prompt)
            return text if text and not _restates(text, label) else None
    if option.get("type") == "end_actions":
        return end_actions_text(lang, state, option.get("player"))
    if option.get("type") == "use":  # a window's or an action's ability: its printed text
        try:
            text = _rules().ability(str(option.get("ability"))).text
        except (KeyError, ValueError, IndexError, AttributeError):
            return None
        return (getattr(text, lang, None) or text.en) if text else None
    if option.get("type") == "character":
        ch = next((c for c in _rules().pack.characters.characters if c.id == option.get("character")), None)
        if ch is None:
            return None
        ability = ch.ability
        if not ability.name:
            return None
        name = _label_in(lang, ability.name.model_dump())
        text = ability.text and (getattr(ability.text, lang, None) or ability.text.en)
        # what the ability does, not only its name: a newcomer chooses a character by it
        return f"{name}: {common.trimmed(text, CHARACTER_TEXT_MOST)}" if text else name
    return None


def end_actions_text(lang: str, state: dict, player) -> str | None:
    """What ending one's actions leads to: the turn's steps left (rulebook 000 §48, 001 §49: a
    Human resolves a mythos card, crisis first, unless in the Brig (001 l.599); a revealed traitor
    has no mythos step; then the hand limit, and the turn passes left), or, for actions an effect
    granted, that the effect goes on."""
    frame = next((f for f in reversed(state.get("stack") or []) if f.get("k") == "action"
                  and f.get("player") == player), None)
    if frame is None:
        return None
    left = frame.get("left", 0)
    if frame.get("granted"):
        return t(lang, f"{K}.end_actions.granted", left=left)
    turn = state.get("turn") or {}
    if not turn.get("human") or player in (state.get("revealed") or {}):
        return t(lang, f"{K}.end_actions.traitor", left=left)
    in_brig = (state.get("zone_of") or {}).get(player) == "brig"
    return t(lang, f"{K}.end_actions.{'brig' if in_brig else 'human'}", left=left)


CHARACTER_TEXT_MOST = 160   # a character's ability under its option: the gist, not the sheet


def item_label(spec: dict, item, state: dict, names: dict, lang: str) -> str:
    """One id of a subset choice: a skill card ("Shrivelling (Lore 2)"), a skill type, a zone
    (Deep Ones to defeat), an item, a passenger token (by its zone), a loyalty card."""
    if is_skill_card(item):
        label = skill_card(lang, item)
        top = (state.get("stack") or [{}])[-1]
        if top.get("k") == "contribute" and state.get("checks"):  # offered to the check: which way it pushes
            return f"{label}: {signed_value(item, state['checks'][-1].get('positive') or [])}"
        return label
    item = str(item)
    if item in SKILL_TYPES and (spec or {}).get("action", {}).get("type") == "starting_hand":
        # each option is one card drawn from that skill's deck; a type the set holds twice is
        # offered twice, so the label says how many of it the set holds
        ids = list((spec or {}).get("ids") or ())
        copies, at = ids.count(item), (spec or {}).get("at")
        if copies > 1 and isinstance(at, int) and 0 <= at < len(ids) and ids[at] == item:
            # the menu names the copy (its index "at"): "the first/second card", two look-alikes told apart
            nth = t(lang, f"{K}.option.starting_card_order.{ids[:at + 1].count(item)}")
            return t(lang, f"{K}.option.starting_card_nth", type=type_name(lang, item), nth=nth, count=copies)
        return t(lang, f"{K}.option.starting_card" + ("_of" if copies > 1 else ""), type=type_name(lang, item),
                 count=copies)
    if item in SKILL_TYPES:
        return type_name(lang, item)
    if item.startswith("pax"):
        prompt = _prompt_with_subset(state, spec) if spec else None
        ids = (spec or {}).get("ids") or []
        labels = (prompt or {}).get("labels") or []
        if item in ids and ids.index(item) < len(labels):
            return t(lang, f"{K}.option.passenger_in", **zone_params(lang, labels[ids.index(item)]),
                     n=ids.index(item) + 1)
        return t(lang, f"{K}.option.passenger", n=(ids.index(item) + 1) if item in ids else 1)
    if item in zones():
        prompt = _prompt_with_subset(state, spec) if spec else None
        if (prompt or {}).get("purpose") == "defeat_deep_ones":
            return t(lang, f"{K}.target.deep_one", **zone_params(lang, item))
        return zone(lang, item)
    return card_name(lang, item)


def free_action_label(action: dict, lang: str) -> str:
    if action["type"] == "use":
        return t(lang, f"{K}.option.use", ability=used_ability(lang, action["ability"]))
    key = f"{K}.option.{action['type']}"
    text = t(lang, key)
    return text if text != key else action["type"]


def free_action_confirm(action: dict, lang: str, state: dict | None = None,
                        player: str | None = None) -> tuple[str, str] | None:
    """A feat is once per game: ask before using it."""
    if action["type"] == "use" and str(action.get("ability", "")).startswith("feat:"):
        return (t(lang, f"{K}.panel.feat_confirm", ability=ability_name(lang, action["ability"])),
                t(lang, f"{K}.panel.feat_yes"))
    return None


def panel_embed(state: dict, player: str, names: dict, lang: str, news: list[str]) -> discord.Embed:
    view = _rules().view(state, player)
    me = view["you"]
    embed = discord.Embed(title=t(lang, f"{K}.panel.title"), colour=COLOUR)
    lines = []
    ch = view["characters"].get(player)
    if ch:
        lines.append(t(lang, f"{K}.panel.character", character=character(lang, ch),
                       **zone_params(lang, view["zone_of"].get(player))))
    loyalty = ", ".join(_cap(named(lang, "loyalty", c)) for c in me["loyalty"])
    lines.append(t(lang, f"{K}.panel.loyalty", cards=loyalty) if loyalty else t(lang, f"{K}.panel.no_loyalty"))
    if player in view["revealed"]:
        lines.append(t(lang, f"{K}.panel.revealed"))
    for q, cs in (me.get("known_loyalty") or {}).items():
        lines.append(t(lang, f"{K}.panel.known_loyalty", player=mention(q),
                       cards=", ".join(_cap(named(lang, "loyalty", c)) for c in cs)))
    feat = view["feats"].get(player)
    if feat:
        lines.append(t(lang, f"{K}.panel.feat", feat=_cap(named(lang, "feat", feat))))
    elif player in view["feats"]:   # dealt with the character, then used (or removed on revealing)
        lines.append(t(lang, f"{K}.panel.no_feat"))
    items = view["items"].get(player) or []
    if items:
        active = view["active_upgrade"].get(player)
        lines.append(t(lang, f"{K}.panel.items", items=", ".join(
            _cap(named(lang, "item", i)) + (" ✦" if i == active else "") for i in items)))
    for title, holder in view["titles"].items():
        if holder == player:
            lines.append(t(lang, f"{K}.panel.title_held", title=title_name(lang, title)))
    embed.description = "\n".join(lines)
    hand = sorted(me["hand"], key=lambda c: (c.split(":")[0], c))
    embed.add_field(name=t(lang, f"{K}.panel.hand", count=len(hand)),
                    value=("\n".join(skill_card(lang, c) for c in hand) or t(lang, f"{K}.none"))[:1024], inline=False)
    if me.get("check_added"):
        embed.add_field(name=t(lang, f"{K}.panel.check_added"), value=cards(lang, me["check_added"])[:1024],
                        inline=False)
    check = view.get("check")
    if check:
        embed.add_field(name=t(lang, f"{K}.table.check"), value=check_summary(lang, check)[:1024], inline=False)
    if news:
        embed.add_field(name=t(lang, f"{K}.panel.news"), value="\n".join(news)[-1024:], inline=False)
    prompts = me["prompts"]
    roll = view.get("roll")
    if prompts and prompts[0]["kind"] == "window" and prompts[0].get("timing") in ROLL_WINDOWS and roll:
        embed.add_field(name=t(lang, f"{K}.panel.roll"), value=roll_line(lang, roll)[:1024], inline=False)
    decision = (t(lang, f"{K}.panel.decision", kind=decision_text(lang, prompts[0], state, names)) if prompts
                else t(lang, f"{K}.panel.no_decision"))
    if me.get("questions"):
        decision += "\n" + t(lang, f"{K}.panel.advise", kind=decision_text(lang, me["questions"][0]))
    embed.set_footer(text=plain(decision)[:2048])   # a footer shows no markdown: a name's escapes go
    return embed


ROLL_WINDOWS = ("before_roll", "after_roll", "after_combat_roll")


def roll_purpose(lang: str, roll: dict) -> str:
    """What a roll is for, as the log's " for …" part: its kind, or for a plain roll the card it
    is made for (a card's "roll a d8"), else nothing."""
    purpose = roll.get("purpose")
    if purpose in ROLL_PURPOSES:
        return t(lang, f"{K}.roll.{purpose}")
    return t(lang, f"{K}.roll.card", card=card_name(lang, roll["card"])) if roll.get("card") else ""


def roll_line(lang: str, roll: dict) -> str:
    """The roll a window is about (public: who rolls, what for, the face once rolled), as the log
    tells it (the view's roll read as its event), so a member answering it knows which roll it is."""
    return str(public_line({**roll, "type": "roll_started" if roll.get("value") is None else "die_rolled"}, lang))


def table_digest(state: dict, names: dict, lang: str) -> str:
    """Changes exactly when the table would look different."""
    return common.table_digest(_rules().view(state, None), names, lang)


def log_section(state: dict) -> str:
    """A player's turn (the setup before the first) is one message of the channel log."""
    return f"turn {(state.get('turn') or {}).get('number', 0)}"


# decisions made on the public board, whose answers tell nothing of a hand, a role or a face-down card
PUBLIC_PURPOSES = frozenset({"deep_one_order", "deep_one_to", "deep_ones_to", "deep_one_target", "attack_target"})


def answers_in_public(prompt: dict, state: dict) -> bool:
    """Whether a lone decision's answers may be buttons on the live message: where Deep Ones go
    and whom they or an attack hit, the track to advance, and a crisis card's printed answers
    when every one is offered (an answer left out for want of a card would tell the hand)."""
    if prompt.get("kind") == "choose_track":
        return True
    if prompt.get("kind") != "choose":
        return False
    if prompt.get("purpose") in PUBLIC_PURPOSES:
        return True
    frame = frame_of(state, prompt)
    choice = frame.get("choice")
    if prompt.get("purpose") != "option" or not isinstance(choice, str) \
            or not (choice.startswith("mythos.mythos[") and ".crisis[" in choice):
        return False
    return len(frame.get("values") or ()) == len(_rules().specs[choice].options)


def hand_button_label(lang: str) -> str:
    return t(lang, f"{K}.table.hand_button")


def status_line(state: dict, lang: str) -> str:
    turn = state.get("turn") or {}
    return str(turn.get("number")) if turn.get("number") else "—"


# ---------------------------------------------------------------- lobby
# Lobby toggles: flag -> (option, value when ticked). ``cultist`` is ticked by default (the
# option defaults to True); ``easier``/``harder`` are the two exclusive difficulty flags.
LOBBY_FLAGS = {
    "cultist": ("cultist", True),
    "first_game": ("first_game", True),
    "easier": ("difficulty", "easier"),
    "harder": ("difficulty", "harder"),
}
LOBBY_NUMBERS: dict = {}


def flag_label(flag: str, lang: str) -> str:
    return t(lang, f"{K}.option_names.{flag}")


def number_label(option: str, value: int | None, lang: str) -> str:
    return t(lang, f"{K}.option_names.{option}") if value is None else f"{option}: {value}"


def flags_from_options(options: dict) -> list[str]:
    out = []
    if options.get("cultist", True) and not options.get("first_game"):
        out.append("cultist")
    if options.get("first_game"):
        out.append("first_game")
    if options.get("difficulty") in ("easier", "harder"):
        out.append(options["difficulty"])
    return out


def options_from_flags(flags, options: dict) -> dict:
    """The lobby's options after the toggles ``flags`` (others kept). The first game is played
    without the Cultist (the engine refuses both). Ticking both difficulties keeps the one just
    ticked (the one that was not set before)."""
    flags = set(flags)
    kept = {k: v for k, v in options.items() if k not in ("cultist", "first_game", "difficulty")}
    out = dict(kept)
    if "first_game" in flags:
        out["first_game"] = True
    elif "cultist" not in flags:
        out["cultist"] = False
    picked = [d for d in ("easier", "harder") if d in flags]
    if len(picked) == 2:
        picked = [d for d in picked if d != options.get("difficulty")] or ["harder"]
    if picked:
        out["difficulty"] = picked[0]
    return out


def lobby_lines(options: dict, lang: str) -> list[str]:
    lines = [flag_label(f, lang) for f in flags_from_options(options)]
    if "cultist" not in flags_from_options(options):
        lines.insert(0, t(lang, f"{K}.option_names.no_cultist"))
    return lines


# ---------------------------------------------------------------- catalog keys the code builds
ROLL_PURPOSES = ("attack", "deep_one_attack", "emerge", "flesh_ward", "damage_ship", "risk_passenger", "reroll",
                 "discard_and_roll", "zone", "deck_zone")
COUNT_NOUNS = ("cards", "deep_ones", "actions")
REASONS = ("journey_completed", "resource_depleted", "ship_destroyed", "deep_ones_exhausted")


# --- /rules: the pack's entries by name in any language (bot.games.lookup)
def _rules_extra() -> list:
    """`/rules` entries the pack keys otherwise: the skill types (a deck's ``type``)."""
    return [(f"skill_type:{d.type}", d.name, "") for d in _rules().pack.skill_cards.decks]


def _rules_describe(entry_id: str, lang: str) -> str:
    """Words for an entry without a summary: a skill type's cards, a crisis's options."""
    pack = _rules().pack
    if entry_id.startswith("skill_type:"):
        deck = next((d for d in pack.skill_cards.decks if d.type == entry_id.split(":", 1)[1]), None)
        if deck is None:
            return ""
        values = lambda c: "/".join(str(v) for v in sorted(c.copies))  # noqa: E731
        return t(lang, f"{K}.rules.skill_type", cards=", ".join(
            f"{getattr(c.name, lang, None) or c.name.en} ({values(c)})" for c in deck.cards))
    mythos = next((m for m in pack.mythos.mythos if m.id == entry_id), None)
    if mythos is None:
        return ""
    parts = []
    check = next((step.spec for step in mythos.crisis if step.name == "skill_check"), None)
    if check is not None:
        parts.append(t(lang, f"{K}.rules.check", types=", ".join(type_name(lang, x) for x in check.positive),
                       target=check.target, partial=check.partial if check.partial is not None else "—"))
    labels = _choice_labels()["card"].get(entry_id)
    if labels:
        parts.append(t(lang, f"{K}.rules.crisis", options="\n".join(
            f"{i}. {_label_in(lang, label)}" for i, label in enumerate(labels, 1))))
    return "\n".join(parts)




def _describe(lang: str, node) -> str:
    from bot.games.unfathomable.effect_text import entry_text
    return entry_text(lang, node)


rules_lookup, rules_autocomplete = pack_rules("unfathomable", _describe, extra=_rules_extra, missing=_rules_describe)


# --- decisions by DM (bot.games: DM_PROMPT_KINDS): the secret skill-check contributions
DM_PROMPT_KINDS = frozenset({"contribute"})


def prompt_lines(prompt: dict, state: dict, player: str, names: dict, lang: str) -> list[str]:
    """Above a contribution's controls in the DM, one line: which check (its card, target, the
    skills that help); the channel already tells the rest (order, who added how many, chaos), and
    the controls list the member's cards with what each adds."""
    check = _rules().view(state, player).get("check")
    if not check:
        return [decision_text(lang, prompt)]
    params = _check_terms(lang, check)
    if check.get("source"):
        return [t(lang, f"{K}.check.dm", card=card_name(lang, check["source"]), **params)]
    stake = check_stake(lang, check, reader=player)
    if stake:
        return [t(lang, f"{K}.check.dm_ability", ability=ability_name(lang, check["ability"]), stake=stake, **params)]
    return [t(lang, f"{K}.check.dm_plain", **params)]


def prompt_embed(prompt: dict, state: dict, player: str, names: dict, lang: str) -> None:
    """A contribution's DM carries no panel: its line and controls say what the decision needs
    (the panel, one click away, repeated the check and showed the whole hand again)."""
    return None
