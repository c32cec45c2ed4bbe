"""Rendering of Eldritch Horror («Прадавній жах») for Discord: table embed, public log lines,
private notes, option labels.

Pure functions of (state/events, language, names): no rule is decided here. Every word comes from
``bot/games/eldritch/locales/{en,uk,ru}.yaml`` (keys ``eldritch.*``, the seeds' terms); the names
of investigators, spaces, monsters, Ancient Ones, mysteries, mythos cards, assets, artifacts,
spells, conditions and encounter decks come from the content pack (``data/eldritch``, ``name.uk/ru``
where the pack has them, else English); the encounter and card texts are read out from their
effect data in the member's language (``effect_text``).

Secrecy: the hidden back of a spell or condition is named only where the engine shows it: a flip
(``card_flipped``, public: the back is resolved in the open, rules 7.6/I14) and a peek
(``back_seen``, private to the looker). Views and every other event carry fronts only; the table
and the panels are drawn from ``rules.view`` (which never holds a back).
"""
from __future__ import annotations

import re
from functools import lru_cache

import discord

from bot.games.eldritch.picture import table_picture  # noqa: F401 - the world map (publisher: ui.table_picture)
from bot.games import common
from bot.games.lookup import pack_rules
from bot.games.eldritch.pack_index import _pack, CARD_CATEGORIES  # noqa: F401
from bot.i18n import has, t
from bot.seats import is_keeper, is_member, mention  # mention: a member by mention, a Keeper player by its name
from engine.core.events import is_public, visible_to
from engine.core.flow import frame_of
from engine.eldritch.dice import roll_successes
from engine.registry import rules_for

GAME = "eldritch"
K = "eldritch"
COLOUR = discord.Colour.dark_green()
SKILLS = ("lore", "influence", "observation", "strength", "will")
# events whose line puts the skill after a word that governs its case (uk/ru): "перевірка Волі"
SKILL_CASE = {"test_rolled": "genitive", "improvement_spent": "genitive", "improved": "accusative",
              "improve_capped": "accusative"}
OMENS = ("green", "blue", "red")
DIE = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
SKILL_ICON = {"lore": "📖", "influence": "🗣", "observation": "🔍", "strength": "💪", "will": "🕯"}
PATH_ICON = {"train": "🚂", "ship": "🚢", "uncharted": "🥾"}
OMEN_ICON = {"green": "🟢", "blue": "🔵", "red": "🔴"}
# the table embed's "Waiting for" field names who the game waits for (never cut short, unlike
# the end of a long message): the live message says it there only (bot.publisher)
WAITING_IN_TABLE = True
# ... and a Keeper Lead's group decision names only the members it still waits for (bot.publisher)
ADVISERS_IN_TABLE = True
ASSETS_NAMED = 5  # assets a line names when many leave the game at once
# public events left out of the log on purpose (their news is in the next line or the table)
SILENT = frozenset({"loss_resolved", "monster_ambush"})   # an ambush is told by its combat line
# events drawn by one of several lines, by a field: type -> (field, {value: key suffix}, default)
VARIANTS = {
    "action": ("action", {a: f"action_{a}" for a in ("rest", "travel", "prepare", "acquire", "trade", "component",
                                                    "local")}, "action_other"),
    "doom": ("change", None, None),   # doom_advanced / doom_retreated / doom_same
    "combat": ("ambush", {True: "combat_ambush"}, "combat"),
    "test_result": ("passed", {True: "test_passed"}, "test_failed"),
    "investigator_defeated": ("token", {"health": "defeated_health"}, "defeated_sanity"),
    "defeat_token": ("token", {"health": "defeat_token_health"}, "defeat_token_sanity"),
    "mystery_solved": ("final", {True: "final_solved"}, "mystery_solved"),
    "turn": ("phase", {"action": "turn_action"}, "turn_encounter"),
    "phase": ("phase", {"mythos": "phase_mythos"}, "phase_encounter"),
    "game_over": ("winner", {"investigators": "won"}, "lost_game"),
    "encounter": ("what", {w: f"encounter_{w}" for w in ("location", "research", "other_world", "expedition",
                                                         "rumor", "mystery", "defeated")}, "encounter_other"),
}
VARIANT_KEYS = {
    "action": tuple(f"action_{a}" for a in ("rest", "travel", "prepare", "acquire", "trade", "component", "local",
                                            "other")),
    "doom": ("doom_advanced", "doom_retreated", "doom_same"),
    "combat": ("combat", "combat_ambush"),
    "test_result": ("test_passed", "test_failed"),
    "investigator_defeated": ("defeated_health", "defeated_sanity"),
    "defeat_token": ("defeat_token_health", "defeat_token_sanity"),
    "mystery_solved": ("mystery_solved", "final_solved"),
    "turn": ("turn_action", "turn_encounter"),
    "phase": ("phase_mythos", "phase_encounter"),
    "game_over": ("won", "lost_game"),
    "encounter": tuple(f"encounter_{w}" for w in ("location", "research", "other_world", "expedition", "rumor",
                                                  "mystery", "defeated", "other")),
    "tokens": ("tokens_placed", "tokens_removed"),
}
PRIVATE_EVENTS = ("back_seen", "gates_seen")
TRADE_DRAFT_EVENTS = ("trade_proposed", "trade_declined", "trade_cancelled")


def _rules():
    return rules_for(GAME)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _in(lang: str, names) -> str:
    if names is None:
        return ""
    if isinstance(names, dict):
        return names.get(lang) or names.get("en") or ""
    return getattr(names, lang, None) or names.en


# ---------------------------------------------------------------- names and texts from the pack
def named(lang: str, category: str, key) -> str:
    found = _pack()[category].get(key)
    if found is None:
        return str(key) if key is not None else "—"
    return _in(lang, found.name)


def text_of(lang: str, entry) -> str:
    """What an entry does, in ``lang``: read out from its effect data (effect_text), else its own text."""
    from bot.games.eldritch.effect_text import entry_text
    return entry_text(lang, entry)


def inv_name(lang: str, inv) -> str:
    return f"**{named(lang, 'investigator', inv)}**" if inv else t(lang, f"{K}.nobody")


def space(lang: str, sp, alone: bool = False) -> str:
    """A space's name; in a sentence an English name's article is lower case ("moves to the
    Himalayas", ne19b: "moves to The Himalayas"); ``alone``: a label or list item, as printed."""
    if sp is None:
        return "—"
    name = named(lang, "space", sp)
    return "the " + name[4:] if lang == "en" and not alone and name.startswith("The ") else name


def monster_kind(lang: str, kind) -> str:
    return named(lang, "monster", kind)


def skill(lang: str, sk, case: str = "") -> str:
    """A skill's name; ``case`` "genitive" ("a test of Will": uk «перевірка Волі») or "accusative"
    ("improve Will": uk «поліпшити Волю»), else the nominative."""
    if sk not in SKILLS:
        return str(sk)
    return t(lang, f"{K}.skill_{case}.{sk}" if case else f"{K}.skill.{sk}")


def omen(lang: str, o) -> str:
    return f"{OMEN_ICON.get(o, '')} {t(lang, f'{K}.omen.{o}')}".strip() if o in OMENS else str(o)


def card_name(lang: str, card: str) -> str:
    """The name of any id of the game: an asset, artifact, spell, condition (a front), mythos card,
    mystery, monster, investigator, Ancient One, space, Other World or encounter deck."""
    for category in CARD_CATEGORIES:
        if card in _pack()[category]:
            return named(lang, category, card)
    return str(card)


def card_text(lang: str, card: str) -> str:
    for category in CARD_CATEGORIES:
        entry = _pack()[category].get(card)
        if entry is not None:
            return text_of(lang, entry)
    return ""


def cards(lang: str, ids) -> str:
    return ", ".join(card_name(lang, c) for c in ids) if ids else t(lang, f"{K}.none")


def encounter_text(lang: str, deck, card, section=None) -> tuple[str, str]:
    """(title, text) of an encounter card: its name or deck, and the section's (or card's) text."""
    entry = _pack()["encounter"].get((deck, card))
    if entry is None:
        return named(lang, "deck", deck), ""
    title = _in(lang, entry.name) if entry.name else named(lang, "deck", deck)
    if entry.world:
        title = f"{title} · {named(lang, 'other_world', entry.world)}"
    enc = None
    if entry.sections:
        enc = entry.sections.get(section) if section is not None else None
        if enc is None and len(entry.sections) == 1:
            enc = next(iter(entry.sections.values()))
    else:
        enc = entry.encounter
    return title, text_of(lang, enc) if enc is not None else ""


def dice_text(dice, faces=(5, 6)) -> str:
    """Dice as small die faces, the successes in bold."""
    return " ".join(f"**{DIE.get(d, d)}**" if d in faces else DIE.get(d, str(d)) for d in dice or ())


def success_faces(dice, successes) -> tuple:
    """The faces that counted, guessed from the result (Blessed: 4-6, Cursed: 6 only)."""
    for faces in ((5, 6), (4, 5, 6), (6,)):
        if sum(1 for d in dice if d in faces) == successes:
            return faces
    return (5, 6)


def amount_text(lang: str, what: str, n: int) -> str:
    return t(lang, f"{K}.count.{what}", count=n) if what in COUNT_NOUNS else f"{n} {what}"


_trim = common.trimmed   # a card text within a line's room (bot.games.common)


# ---------------------------------------------------------------- public lines
def _params(ev: dict, lang: str, kinds: dict) -> dict:
    """The event's fields, each rendered by what it names."""
    p = {}
    for k, v in ev.items():
        if k in ("type", "audience", "reveal"):
            continue
        if k in ("inv", "lead", "of", "replaces", "with", "passed_by"):
            p[k] = inv_name(lang, v)
        elif k in ("player",):
            p[k] = mention(v) if v else "—"
        elif k == "space":
            p[k] = space(lang, v)
        elif k == "card":
            p[k] = card_name(lang, v) if v else "—"
        elif k == "kind":
            p[k] = monster_kind(lang, v) if v in _pack()["monster"] else v
        elif k == "monster":
            p[k] = monster_kind(lang, kinds.get(v) or ev.get("kind")) if (kinds.get(v) or ev.get("kind")) \
                else t(lang, f"{K}.a_monster")
        elif k == "mystery":
            p[k] = named(lang, "mystery", v)
        elif k == "ancient_one":
            p[k] = named(lang, "ancient_one", v)
        elif k == "skill":
            p[k] = skill(lang, v, SKILL_CASE.get(ev.get("type"), ""))
        elif k == "omen":
            p[k] = omen(lang, v)
        elif k == "deck":
            p[k] = named(lang, "deck", v)
        elif k == "dice":
            p[k] = dice_text(v)
        else:
            p[k] = v
    if isinstance(ev.get("count"), int):
        for noun in COUNT_NOUNS:
            p[f"n_{noun}"] = t(lang, f"{K}.count.{noun}", count=ev["count"])
    return p


def _variant(ev: dict) -> str:
    kind = ev["type"]
    if kind == "doom":
        change = ev.get("change", 0)
        return "doom_advanced" if change < 0 else "doom_retreated" if change > 0 else "doom_same"
    field, table, default = VARIANTS[kind]
    return (table or {}).get(ev.get(field), default)


def public_line(ev: dict, lang: str, kinds: dict | None = None) -> str | None:
    """One public event as a log line (None: left out on purpose)."""
    kinds = {} if kinds is None else kinds
    kind = ev["type"]
    if kind in ("monster_spawned", "monster_ambush", "combat", "monster_defeated", "monster_discarded") and ev.get("monster"):
        kinds[ev["monster"]] = ev.get("kind")
    if kind in SILENT:
        return None
    key = f"{K}.event.{_variant(ev) if kind in VARIANTS else kind}"
    p = _params(ev, lang, kinds)
    if kind == "game_started":
        p["investigators"] = ", ".join(f"{inv_name(lang, i)} ({mention(pl)})"
                                       for i, pl in (ev.get("investigators") or {}).items())
        p["ao_text"] = text_of(lang, _pack()["ancient_one"].get(ev.get("ancient_one")))
    elif kind == "action":
        a = ev.get("action")
        if a == "travel":
            p["to"] = space(lang, ev.get("to"))
            start = [space(lang, ev["from"])] if ev.get("from") else []   # where the journey began (nfe12)
            if start:
                key = f"{K}.event.action_travel_from"
                p["frm"] = start[0]
            if ev.get("legs"):   # a journey told as one line: every space reached, every ticket spent
                legs = ev["legs"]
                p["route"] = " → ".join(start + [p["to"]] + [space(lang, leg["to"]) for leg in legs if leg.get("to")])
                p["tickets"] = ", ".join(ticket(lang, leg.get("ticket")) for leg in legs)
                key = f"{K}.event.action_travel_journey"
        elif a == "prepare":
            p["ticket"] = ticket(lang, ev.get("ticket"))
        elif a in ("component", "local"):
            p["owner"] = inv_name(lang, ev.get("owner"))
            p["card"] = own_ability(lang, ev.get("card")) if ev.get("card") == ev.get("inv") \
                else component_used(lang, ev.get("card"))
            if a == "local":
                key = local_action_key("event.action_local", ev.get("card"), ev.get("inv"), ev.get("owner")) \
                    or (f"{K}.event.action_component" if ev.get("owner") == ev.get("inv") else key)
        p["what"] = a
    elif kind in ("rumor_ended", "rumor_solved") and \
            getattr(_pack()["mythos"].get(ev.get("card")), "trait", "rumor") != "rumor":
        key = f"{K}.event.ongoing_ended"   # an ongoing card (Patrolling the Border) is no rumor (rv20c)
    elif kind == "doom":
        p["amount"] = abs(ev.get("change", 0))
    elif kind == "omen" and ev.get("doom") is not None:   # merged: merged()
        key = f"{K}.event.omen_doom"
        p["value"] = ev["doom"]   # {gates}: a number after a colon (ворота/врата have no singular)
    elif kind == "assets_removed":  # a whole market may go at once: the first names, then a count
        cards = ev.get("cards") or []
        p["count"] = len(cards)
        p["cards"] = ", ".join(component_name(lang, c) for c in cards[:ASSETS_NAMED]) \
            + (" …" if len(cards) > ASSETS_NAMED else "")
    elif kind == "encounter":
        what = ev.get("what")
        if ev.get("deck"):
            title, text = encounter_text(lang, ev["deck"], ev.get("card"), ev.get("section"))
            p["title"], p["text"] = title, _trim(text) or "—"
        elif what in ("rumor", "mystery"):
            card = ev.get("card")
            p["title"] = card_name(lang, card)
            data = _rules().C.mythos.get(card, {}).get("rumor") if what == "rumor" else \
                _rules().C.mysteries.get(card)
            enc = (data or {}).get("encounter") or {}
            p["text"] = _trim(_in(lang, enc.get("text"))) or "—"
        elif what == "defeated":
            p["card"] = inv_name(lang, ev.get("card"))
    elif kind in ("test_rolled", "rerolled", "die_bonus"):
        p["dice"] = dice_text(ev.get("dice"), tuple(ev.get("faces") or (5, 6)))
        p["by"] = _rerolled_by(lang, ev.get("inv"), ev.get("card") if kind == "rerolled" else None, ev.get("paid"))
        if kind == "rerolled" and ev.get("paid") and not p["by"]:
            key, p["paid"] = f"{K}.event.rerolled_paid", _paid(lang, ev)
        if kind == "test_rolled":
            p["pool"] = len(ev.get("dice") or ())
            p["parts"] = _pool_parts(ev, lang)
            p.update(_cast(lang, ev.get("spell")))
            p["for_card"] = _for_condition(lang, ev.get("card"))
    elif kind == "test_result":
        dice = ev.get("dice") or []
        faces = tuple(ev["faces"]) if ev.get("faces") else success_faces(dice, ev.get("successes", 0))
        p["dice"] = dice_text(dice, faces)
        p["n_successes"] = t(lang, f"{K}.count.successes", count=ev.get("successes", 0))
        if ev.get("rolled"):  # the roll told in the same line (merged)
            key = f"{K}.event.test_passed_rolled" if ev.get("passed") else f"{K}.event.test_failed_rolled"
            p["parts"] = _pool_parts(ev["rolled"], lang)
            p.update(_cast(lang, ev["rolled"].get("spell")))
        elif ev.get("rerolled"):  # the reroll's dice are the result's: one line says both
            key = f"{K}.event.test_passed_rerolled" if ev.get("passed") else f"{K}.event.test_failed_rerolled"
            p["by"] = _rerolled_by(lang, ev.get("inv"), ev.get("rerolled_by"), ev.get("paid"))
            if ev.get("paid") and not p["by"]:   # and what it cost
                key, p["paid"] = key + "_paid", _paid(lang, ev)
        if "cast" not in p:
            p.update(_cast(lang, None))
        p["for_card"] = _for_condition(lang, (ev.get("rolled") or {}).get("card"))
    elif kind == "die_rolled":
        p["die"] = DIE.get(ev.get("face"), str(ev.get("face"))) + (t(lang, f"{K}.event.no_effect") if ev.get("nothing") else "")
        p["inv"] = inv_name(lang, ev.get("inv")) if ev.get("inv") else t(lang, f"{K}.nobody")
        if _known_card(ev.get("card")) or ev.get("monster"):   # what the die is for (a rumor's roll)
            p["card"] = p["monster"] if ev.get("monster") and not _known_card(ev.get("card")) else p.get("card")
            key = f"{K}.event.die_rolled_for"
    elif kind == "lost":
        p["what"] = _health_sanity(lang, ev.get("health", 0), ev.get("sanity", 0))
    elif kind == "recovered":
        p["what"] = _health_sanity(lang, ev.get("health", 0), ev.get("sanity", 0), "+")
    elif kind in ("spent", "loss_prevented"):
        n = ev.get("count", ev.get("amount", 0))
        p["what"] = amount_text(lang, ev.get("what"), n)
    elif kind == "success_bought":
        p["paid"] = amount_text(lang, ev.get("paid"), 1)
    elif kind in ("clues_given",):
        p["frm"], p["to"] = inv_name(lang, ev.get("frm")), inv_name(lang, ev.get("to"))
    elif kind == "moved" and ev.get("card"):   # a card's move names it: "X moves to Y (Mi-go Brain Case)."
        key = f"{K}.event.moved_card"
        p["card"] = component_name(lang, ev["card"])
    elif kind == "monster_moved" and ev.get("rule") in ("spawn", "reckoning"):   # its own text moves it (ne19)
        key = f"{K}.event.monster_moved_{ev['rule']}"
    elif kind == "lead_changed" and ev.get("passed_by"):   # the Lead's own choice, said as such
        key = f"{K}.event.lead_passed"
    elif kind == "monster_defeated" and ev.get("rule") and ev.get("kind") == "cultist":
        # a Cultist's token carries no rule: it is on the Ancient One's sheet (seed 002, 1230-1231; rv19c)
        key = f"{K}.event.monster_defeated_cultist"
    elif kind == "monster_defeated" and ev.get("rule"):   # its own "when defeated" text applies (ne19)
        monster = _pack()["monster"].get(ev.get("kind"))
        said = [_in(lang, ab.text) for ab in getattr(monster, "abilities", None) or []
                if ab.timing == "on_defeat" and ab.text]
        key = f"{K}.event.monster_defeated_rule"
        if said:   # what it does, as the token says it (it may do nothing: a full Sanity regains none)
            key, p["text"] = f"{K}.event.monster_defeated_text", " ".join(said)
    elif kind == "monster_discarded" and ev.get("rule") == "reckoning":   # its own Reckoning (ne19b)
        # a Cultist's is on the Ancient One's sheet (seed 002, 1231: «інформацію про культистів на листі Стародавнього»)
        key = f"{K}.event.monster_discarded_{'cultist' if ev.get('kind') == 'cultist' else 'rule'}"
        p["instead"] = t(lang, f"{K}.event.monster_replaced", monster=monster_kind(lang, ev["replaced_by"])) \
            if ev.get("replaced_by") else ""
    elif kind == "improved" and ev.get("source") and ev["source"] == ev.get("inv"):   # Lily Chen's step (ne19b)
        key = f"{K}.event.improved_own"
    elif kind == "card_discarded" and ev.get("service"):   # a Service, spent once resolved (ne19b)
        key = f"{K}.event.card_discarded_service"
    elif kind == "monster_recovered" and not ev.get("damage"):   # healed whole, not "(lost: 0)"
        key = f"{K}.event.monster_recovered_all"
    elif kind == "reserve_discarded" and ev.get("inv"):   # the Acquire action's discard: who chose it
        key = f"{K}.event.reserve_discarded_by"
    elif kind == "may_declined" and ev.get("card"):   # whose offer, in a sentence (ne19: «(здібність: Лола Гейз)»)
        card = ev["card"]
        if card == ev.get("inv"):
            key = f"{K}.event.may_declined_own"
        elif card in _pack()["investigator"]:
            key, p["source"] = f"{K}.event.may_declined_ability", named(lang, "investigator", card)
        else:   # a Mythos card's offer is not a card one "uses" (From Beyond: pool clues or reckon twice)
            key, p["card"] = f"{K}.event.may_declined_{'mythos' if card in _pack()['mythos'] else 'card'}", \
                card_name(lang, card)
    elif kind == "traded":
        p["frm"], p["to"] = inv_name(lang, ev.get("frm")), inv_name(lang, ev.get("to"))
        p["what"] = trade_thing(lang, ev.get("what"), ev.get("card"))
    elif kind == "trade_proposed":
        p["moves"] = "; ".join(trade_move(lang, m) for m in ev.get("moves") or []) or t(lang, f"{K}.none")
        p["to"] = inv_name(lang, ev.get("to"))
    elif kind == "trade_cancelled":
        p["to"] = inv_name(lang, ev.get("to"))
    elif kind == "clue_moved":
        p["frm"], p["to"] = space(lang, ev.get("frm")), space(lang, ev.get("to"))
    elif kind in ("card_gained",):
        p["kind"] = t(lang, f"{K}.card_kind.{ev.get('kind')}") if ev.get("kind") in CARD_KINDS else ev.get("kind")
        if ev.get("kind") == "asset" and "service" in (getattr(_pack()["asset"].get(ev.get("card")), "traits", None) or ()):
            # what a Service does is said before it is done (ne20b: «Приреченість відступає на 1» came
            # before the line telling a Service is resolved at once; 002 l.1672)
            key = f"{K}.event.card_gained_service"
    elif kind == "card_flipped":
        back = _pack()["back"].get(ev.get("back"))
        p["back"] = _in(lang, back.name) if back else "?"
        p["text"] = _trim(text_of(lang, back)) if back else ""
        if back and not back_has_own_name(back):
            key = f"{K}.event.card_flipped_unnamed"
    elif kind in ("ticket_gained", "ticket_spent"):
        p["ticket"] = ticket(lang, ev.get("kind"))
        if kind == "ticket_spent" and ev.get("to"):   # the move the ticket paid for, in the same line
            p["to"] = space(lang, ev["to"])
            key = f"{K}.event.ticket_leg"
    elif kind == "tokens":
        n = ev.get("change", 0)
        what = ev.get("what")
        p["n_tokens"] = t(lang, f"{K}.count.{'health_tokens' if what == 'health' else 'eldritch'}", count=abs(n))
        where = ev.get("where") or "this_card"
        # a token put on goes "on the card", one taken away comes "from the card" (not "removed on
        # the card"); one taken from a space the event names comes from that space
        removed = n < 0 or (n == 0 and ev.get("removing"))   # "0 removed from the card", not "0 placed"
        section = "where_from" if removed else "where"
        if removed and where == "place" and ev.get("space"):
            p["where"] = t(lang, f"{K}.where_from.space", space=space(lang, ev["space"]))
        elif where == "place" and ev.get("space"):   # where on the board (nfe12: «Кладуть … на поле.»)
            p["where"] = t(lang, f"{K}.where.place_at", space=space(lang, ev["space"]))
        elif ev.get("card"):   # which card, and how many are left on it (nfe12: «Прибирають 2 … з карти.»)
            p["where"] = t(lang, f"{K}.{section}.card_named", card=card_name(lang, ev["card"])) \
                + t(lang, f"{K}.where.left", left=ev.get("left", 0))
        else:
            p["where"] = t(lang, f"{K}.{section}.{where}") if where in WHERES else where
        key = f"{K}.event.tokens_{'removed' if removed else 'placed'}"
    elif kind == "put_on_card":
        what = ev.get("what")
        p["what"] = t(lang, f"{K}.thing.{what}") if what in THINGS else what
        if ev.get("inv") and what in THINGS:   # who lays it there (ne20: «Доказ іде на карту таємниці.»)
            key, p["what"] = f"{K}.event.put_on_card_by", t(lang, f"{K}.wf.put_on_card.what.{what}")
            if what == "monster" and ev.get("kinds"):   # which monster (ne20b)
                p["what"] = t(lang, f"{K}.event.put_on_card_monster",
                              monster="», «".join(monster_kind(lang, k) for k in ev["kinds"]))
        if ev.get("onto") in _pack()["mythos"]:   # a rumor's card, not the mystery (ne20b: Return of the Ancient Ones)
            key, p["card"] = key + "_onto", card_name(lang, ev["onto"])
    elif kind == "prevented":
        what = ev.get("what")
        # a move or a gate's closing forbidden by a card "cannot" happen; a penalty avoided "is spared"
        base = "blocked" if what in BLOCKED else "prevented"
        if what in BLOCKED:
            p["doing"] = t(lang, f"{K}.blocked_what.{what}")
        else:
            p["what"] = t(lang, f"{K}.prevented_what.{what}") if what in PREVENTED else what
        key = f"{K}.event.{base}"
        by = ev.get("by") or {}
        # why (ne18b: "Mark Harrigan is spared Detained." after a failed test that imposed it)
        if by.get("kind") == "investigator" and by.get("id") == ev.get("inv"):
            key = f"{K}.event.{base}_own"
        elif by.get("kind") == "monster":
            key, p["source"] = f"{K}.event.{base}_monster", named(lang, "monster", by.get("id"))
        elif by.get("id"):
            key, p["source"] = f"{K}.event.{base}_card", card_name(lang, by["id"])
    elif kind == "mythos_drawn":
        card = _pack()["mythos"].get(ev.get("card"))
        p["colour"] = t(lang, f"{K}.mythos_colour.{ev.get('colour')}")
        p["trait"] = t(lang, f"{K}.mythos_trait.{ev.get('trait')}")
        p["text"] = _trim(text_of(lang, card)) or "—"
        # its symbols, in the order they happen, before its text (ne20: an omen, a Reckoning, a gate
        # followed the card's line with no word of why; seed 002: «у вказаному на карті порядку»)
        steps = [t(lang, f"{K}.mythos_symbol.{sym}") for sym in getattr(card, "symbols", None) or ()
                 if sym in MYTHOS_STEPS]
        p["symbols"] = t(lang, f"{K}.event.mythos_symbols", symbols=", ".join(steps)) if steps else ""
    elif kind == "mythos_in_play":
        extra = []
        if ev.get("eldritch"):
            extra.append(t(lang, f"{K}.count.eldritch", count=ev["eldritch"]))
        if ev.get("space"):
            extra.append(space(lang, ev["space"]))
        p["extra"] = f" ({', '.join(extra)})" if extra else ""
    elif kind in ("mystery_drawn", "final_mystery"):
        p["text"] = _trim(text_of(lang, _pack()["mystery"].get(ev.get("mystery")))) or "—"
    elif kind == "mythos_shortfall":
        missing = ev.get("missing") or {}
        p["missing"] = ", ".join(f"{t(lang, f'{K}.mythos_colour.{c}')} ×{n}" for c, n in missing.items()) \
            if isinstance(missing, dict) else str(missing)
    elif kind == "game_over":
        p["reason"] = reason_text(lang, ev.get("reason"), ev.get("ao"), ev.get("card"))
        p["score"] = (" " + t(lang, f"{K}.event.score", score=ev["score"])) if ev.get("score") is not None else ""
        p["n_mysteries"] = t(lang, f"{K}.count.mysteries", count=ev.get("mysteries", 0))
    elif kind == "nothing_to_choose":
        p["kind"] = t(lang, f"{K}.kinds.{ev.get('kind')}") if ev.get("kind") in PROMPT_KINDS else ev.get("kind")
    elif kind == "effect_skipped":
        p["op"] = ev.get("op")
    elif kind in ("monster_hurt",):
        p["damage"], p["toughness"] = ev.get("damage"), ev.get("toughness")
    elif kind == "investigator_joined":
        p["replaces"] = inv_name(lang, ev.get("replaces"))
    elif kind == "clues_gained" and ev.get("source"):
        # what gave the clues (nfe15: "Jacqueline Fine gains 1 clue." after another's failed test)
        source = ev["source"]
        if source == ev.get("inv"):
            key = f"{K}.event.clues_gained_own"
        elif source in _pack()["investigator"]:
            key, p["source"] = f"{K}.event.clues_gained_ability", named(lang, "investigator", source)
        else:
            key, p["source"] = f"{K}.event.clues_gained_card", card_name(lang, source)
    if kind in ("test_rolled", "test_result", "rerolled", "ticket_spent") \
            or (kind == "action" and ev.get("action") == "travel"):   # merged() across steps
        return common.Line(t(lang, key, **p), event=ev)
    # "▶ X takes their actions." stands until X's first action, or gives way to "X takes no actions";
    # at the end of a message a member's ping closes, it goes on in the new one (bot.publisher)
    if kind == "turn" and ev.get("phase") == "action":
        return common.Line(t(lang, key, **p), opens=f"turn:{ev.get('inv')}")
    if kind == "no_actions":
        return common.Line(t(lang, key, **p), settles=f"turn:{ev.get('inv')}")
    # an encounter card's and a mythos card's discard are told at the end of their line
    if kind == "encounter" and ev.get("deck"):
        return common.Line(t(lang, key, **p), gathers=f"encounter:{ev['deck']}")
    if kind == "mythos_drawn":
        return common.Line(t(lang, key, **p), gathers=f"mythos:{ev.get('card')}")
    if kind in ("encounter_discarded", "mythos_discarded"):
        what = f"encounter:{ev.get('deck')}" if kind == "encounter_discarded" else f"mythos:{ev.get('card')}"
        return common.Line(t(lang, key, **p), joins=what, tail=t(lang, f"{K}.event.then_discarded"))
    return t(lang, key, **p)


def _known_card(card) -> bool:
    return isinstance(card, str) and any(card in _pack()[category] for category in CARD_CATEGORIES)


def _cast(lang: str, spell) -> dict:
    """A spell's test names the spell it casts ("casts Mists of Releh and passes the Lore test"):
    ``cast`` in the result line, ``cast_roll`` in the roll line (uk/ru: "X читає заклинання Y: перевірка …")."""
    if not spell:
        return {"cast": "", "cast_roll": ""}
    name = card_name(lang, spell)
    return {"cast": t(lang, f"{K}.event.cast", spell=name), "cast_roll": t(lang, f"{K}.event.cast_roll", spell=name)}


def _paid(lang: str, ev: dict) -> str:
    """What a reroll cost ("1 Clue"); sanity paid for a Clue by the sheet's own rule (Norman
    Withers: «a clue he must pay may be paid with 1 sanity instead») says so."""
    paid = ev["paid"]
    said = amount_text(lang, paid["what"], paid.get("count", 1))
    sheet = _pack()["investigator"].get(ev.get("inv"))
    passive = getattr(sheet, "passive", None)
    price = sum(getattr(cost.spec, "sanity", None) or 0 for cost in getattr(passive, "cost", None) or ())
    if paid["what"] == "sanity" and passive is not None and passive.timing == "spend_clue" \
            and paid.get("count", 1) == price:   # not the Axe's 2 sanity (ne20)
        said += t(lang, f"{K}.event.paid_instead_of_clue")
    return said


def _rerolled_by(lang: str, inv, card, paid: dict | None) -> str:
    """Whose ability a reroll is (ne20b: Lily Chen's Lucky Rabbit's Foot said only «перекидає»),
    with the card's own price (the Axe's 2 sanity); "" for a Clue's reroll (its line says the Clue)."""
    if not card:
        return ""
    price = {"paid": amount_text(lang, paid["what"], paid.get("count", 1))} if paid else {}
    if card == inv:
        return t(lang, f"{K}.event.rerolled_by_own{'_paid' if paid else ''}", **price)
    return t(lang, f"{K}.event.rerolled_by_card{'_paid' if paid else ''}", card=card_name(lang, card), **price)


def _for_condition(lang: str, card) -> str:
    """Which condition a test is for (ne19: a Reckoning's «перевірка Волі» said no why)."""
    return t(lang, f"{K}.event.test_for_condition", card=card_name(lang, card)) if card else ""


def _health_sanity(lang: str, health: int, sanity: int, sign: str = "−") -> str:
    parts = []
    if health:
        parts.append(f"{sign}{t(lang, f'{K}.count.health', count=health)}")
    if sanity:
        parts.append(f"{sign}{t(lang, f'{K}.count.sanity', count=sanity)}")
    return ", ".join(parts) or "±0"


def ticket(lang: str, kind) -> str:
    return f"{PATH_ICON.get(kind, '')} {t(lang, f'{K}.ticket.{kind}')}".strip() if kind in ("train", "ship") \
        else str(kind)


def trade_thing(lang: str, what, card) -> str:
    if what == "clue":
        return t(lang, f"{K}.count.clues", count=1)
    if what == "ticket":
        return ticket(lang, card)
    # «Узяти «Пожива для розуму»», not «Узяти Пожива для розуму»: a card's name keeps its nominative in quotes
    return t(lang, f"{K}.quoted", card=card_name(lang, card)) if card else str(what)


def trade_move(lang: str, move: dict) -> str:
    key = f"{K}.trade.{'give' if move.get('dir') == 'give' else 'take'}"
    return t(lang, key, what=trade_thing(lang, move.get("what"), move.get("card")))


def _pool_parts(ev: dict, lang: str) -> str:
    """What a test's dice pool is made of: the skill's value, its modifier, bonus and extra dice."""
    parts = [f"{ev.get('value', 0)}"]
    if ev.get("modifier"):   # "Will 3 − 1": a sum with a minus sign, not a hyphen
        parts.append(f"{'+' if ev['modifier'] > 0 else '−'} {abs(ev['modifier'])}")
    if ev.get("bonus"):
        parts.append(t(lang, f"{K}.dice.bonus", n=ev["bonus"]))
    if ev.get("extra"):
        parts.append(t(lang, f"{K}.dice.extra", n=ev["extra"]))
    return " ".join(parts)


def public_lines(events: list[dict], lang: str) -> list[str]:
    kinds: dict = {}
    events = _reckoning_said(_face_up_of_held(_cast_said(events)))

    def line(ev):
        text = public_line(ev, lang, kinds)
        return _with_why(text, reckoning_why(lang, ev["reckoning_of"])) if text and ev.get("_whose") else text
    return common.public_lines(events, lang, line, hand_button_label(lang), echo=_echo, merge=merged)


def _reckoning_said(events: list[dict]) -> list[dict]:
    """The first line of a Reckoning says whose it is (ne20b: «Випадкова локація: Локація 13.» for the
    Ancient One's sheet said no why), unless it names its card (a rumor's tokens, a condition's test)
    or the monster's own rule; the lines after it in a row do not say it again."""
    out, last = [], None
    for ev in events:
        whose = ev.get("reckoning_of")
        if is_public(ev) and ev["type"] not in SILENT:
            if whose and whose != last and not _names_its_cause(ev, whose):
                ev = {**ev, "_whose": True}
            last = whose
        out.append(ev)
    return out


def _names_its_cause(ev: dict, whose: dict) -> bool:
    return ev.get("card") == whose.get("id") or ev.get("spell") == whose.get("id") \
        or (whose.get("kind") == "monster" and ev.get("rule") == "reckoning")


def reckoning_why(lang: str, whose: dict) -> str:
    kind = whose.get("kind")
    if kind == "ao":   # one for the whole game: the table's header names it
        return t(lang, f"{K}.event.reckoning_of_ao")
    if kind == "monster":
        return t(lang, f"{K}.event.reckoning_of_monster", monster=monster_kind(lang, whose.get("id")))
    return t(lang, f"{K}.event.reckoning_of_card", card=card_name(lang, whose.get("id")))


def _with_why(text: str, why: str) -> str:
    """``why`` before the line's closing full stop (or at its end), the line's folding kept."""
    body, end = (text[:-1], text[-1]) if text.endswith((".", "!")) else (text, "")
    said = body + why + end
    if isinstance(text, common.Line):
        return common.Line(said, opens=text.opens, settles=text.settles, event=text.event, gathers=text.gathers,
                           joins=text.joins, tail=text.tail, more=text.more)
    return said


def _cast_said(events: list[dict]) -> list[dict]:
    """A spell used as an action is named by its action line ("X uses Feed the Mind."): its test
    right after does not name it again."""
    out, last = [], None
    for ev in events:
        if ev["type"] == "test_rolled" and ev.get("spell") and last and last["type"] == "action" \
                and last.get("card") == ev["spell"] and last.get("inv") == ev.get("inv"):
            ev = {k: v for k, v in ev.items() if k != "spell"}
        if is_public(ev):
            last = ev
        out.append(ev)
    return out


def _face_up_of_held(events: list[dict]) -> list[dict]:
    """A spell its back discarded is not "turned face up again" after (ne20: «Норман Візерс скидає
    «Пожива для розуму». Норман Візерс знову перевертає «Пожива для розуму» лицем догори.»)."""
    out, gone = [], set()
    for ev in events:
        held = (ev.get("inv"), ev.get("card"))
        if ev["type"] == "card_discarded":
            gone.add(held)
        elif ev["type"] == "card_gained":
            gone.discard(held)
        elif ev["type"] == "card_face_up" and held in gone:
            continue
        out.append(ev)
    return out


def merged(before: dict, ev: dict) -> dict | None:
    """A test rolled and its result, nothing between (no reroll, no bonus die): one line, the
    result's, with what the pool was made of (the dice are the same); a reroll and the result it
    gave, the same. "▶ X has an encounter." right above X's encounter (nothing decided between):
    the encounter's line, which names them. A journey: the travel action, each ticket spent and
    the move it paid for, one line ("X travels to A → B → C (by 🚢 ship ticket, 🚂 train ticket)").
    The omen's move and the doom its gates cost, one line (the doom's line said no why)."""
    same_inv = ev.get("inv") == before.get("inv")
    if before["type"] == "omen" and ev["type"] == "doom" and ev.get("gates") and "doom" not in before:
        return {**before, "doom": ev.get("value"), "gates": ev["gates"]}   # the omen and what its gates cost
    if before["type"] == "turn" and before.get("phase") == "encounter" and ev["type"] == "encounter" and same_inv:
        return ev
    if before["type"] == "turn" and before.get("phase") == "action" and ev["type"] == "no_actions" and same_inv:
        return ev   # "▶ X takes their actions." then nothing: one line says X took none
    if before["type"] == "test_rolled" and ev["type"] == "test_result" and same_inv \
            and ev.get("skill") == before.get("skill") and ev.get("dice") == before.get("dice"):
        return {**ev, "rolled": {k: before[k] for k in ("value", "modifier", "bonus", "extra", "spell", "card") if k in before},
                **({"_whose": True} if before.get("_whose") else {})}   # a Reckoning's test says whose (rv20c)
    if before["type"] == "rerolled" and ev["type"] == "test_result" and same_inv and ev.get("dice") == before.get("dice"):
        return {**ev, "rerolled": True, **({"paid": before["paid"]} if before.get("paid") else {}),
                **({"rerolled_by": before["card"]} if before.get("card") else {})}
    if before["type"] == "spent" and ev["type"] == "rerolled" and same_inv and before.get("what") in ("clues", "sanity", "health"):
        # what the reroll cost, in its line (ne20: «X витрачає 1 розум.» said no why)
        return {**ev, "paid": {"what": before["what"], "count": before.get("count", 1)}}
    if not same_inv:
        return None
    if before["type"] == "ticket_spent" and not before.get("to") and ev["type"] == "moved":
        return {**before, "to": ev.get("space")}
    if before["type"] == "action" and before.get("action") == "travel":
        legs = list(before.get("legs") or [])
        if ev["type"] == "ticket_spent" and (not legs or legs[-1].get("to")):
            return {**before, "legs": legs + [{k: v for k, v in (("ticket", ev.get("kind")), ("to", ev.get("to"))) if v}]}
        if ev["type"] == "moved" and legs and not legs[-1].get("to"):
            return {**before, "legs": legs[:-1] + [{**legs[-1], "to": ev.get("space")}]}
    return None


def _echo(last: dict, ev: dict) -> bool:
    """The action already said it: "travels to X" is not followed by "moves to X" (nor a
    prepared ticket by "gains a ticket")."""
    if last["type"] == ev["type"] == "lead_changed" and last.get("lead") == ev.get("lead") \
            and not ev.get("passed_by"):   # a fallen Lead's token given, then the same one kept (ne20: said twice)
        return True
    return last["type"] == "action" and last.get("inv") == ev.get("inv") and (
        (ev["type"] == "moved" and last.get("action") == "travel" and last.get("to") == ev.get("space"))
        or (ev["type"] == "ticket_gained" and last.get("action") == "prepare"))


def private_lines(events: list[dict], player: str, lang: str) -> list[str]:
    """What only ``player`` may read: a peek at a hidden back, the gate stack's top."""
    out = []
    for ev in events:
        if is_public(ev) or not visible_to(ev, player):
            continue
        kind = ev["type"]
        if kind == "back_seen":
            back = _pack()["back"].get(ev.get("back"))
            seen = "back_seen" if not back or back_has_own_name(back) else "back_seen_unnamed"
            owner = ev.get("owner")
            if owner and owner != ev.get("inv"):   # another investigator's card: say whose
                seen += "_of"
            # her own ability lets her look (ne19b: Jacqueline Fine's peek said no why)
            why = t(lang, f"{K}.private.by_own_ability") if ev.get("source") and ev["source"] == ev.get("inv") else ""
            out.append(t(lang, f"{K}.private.{seen}", inv=inv_name(lang, ev.get("inv")), owner=inv_name(lang, owner),
                         card=card_name(lang, ev.get("card")), back=_in(lang, back.name) if back else "?",
                         text=_trim(text_of(lang, back)) if back else "", why=why))
        elif kind == "gates_seen":
            out.append(t(lang, f"{K}.private.gates_seen", inv=inv_name(lang, ev.get("inv")),
                         gates=" → ".join(space(lang, g) for g in ev.get("gates") or []) or t(lang, f"{K}.none")))
        elif kind in PRIVATE_EVENTS:
            out.append(t(lang, f"{K}.private.{kind}"))
        elif kind in TRADE_DRAFT_EVENTS:   # a trade being agreed: only its two players read it
            line = public_line(ev, lang)
            if line:
                out.append(line)
    return out


def waiting_lines(waiting: list[dict], lang: str) -> list[str]:
    if not waiting:
        return []
    # the table's own form (decision_line): "⏳ The table waits for @X — Jim Culver: choice"
    parts = []
    for w in waiting:
        kind = w.get("kind")
        what = t(lang, f"{K}.kinds.{kind}") if kind in PROMPT_KINDS else str(kind)
        if w.get("inv") in _pack()["investigator"]:
            what = f"{named(lang, 'investigator', w['inv'])}: {what}"
        parts.append(t(lang, f"{K}.waiting_one", player=mention(w.get("player")), what=what))
    return [t(lang, f"{K}.waiting", who="; ".join(dict.fromkeys(parts)))]


# ---------------------------------------------------------------- mysteries and the table
def mystery_progress(state: dict, slot: str = "mystery") -> tuple[int | None, int | None]:
    """(have, need) of the active (or final) mystery; None where it has no count."""
    m = state.get(slot)
    if not m:
        return None, None
    data = _rules().C.mysteries.get(m["id"]) or {}
    prog = data.get("progress") or {}
    what = prog.get("what")
    have = {"eldritch": m.get("eldritch", 0), "clues": len(m.get("clues") or []),
            "gates": len(m.get("gates") or []), "monster_toughness": sum(m.get("toughness") or [])}.get(what)
    need = None
    if what and what != "none":
        try:
            need = _rules().amount(state, prog.get("target"), {"self": state.get("lead"),
                                                               "card": {"kind": slot, "id": m["id"]}})
        except Exception:  # noqa: BLE001 - a count never breaks the table
            need = None
    return have, need


def reason_text(lang: str, reason, ao=None, card=None) -> str:
    """Why the game ended; the awakened Ancient One's win in the words of its sheet ("six Eldritch
    tokens on his sheet and the investigators lose"), not "the Ancient One's victory condition";
    an end by a card's effect names the card."""
    if reason == "effect" and card:
        return t(lang, f"{K}.reason.effect_card", card=t(lang, f"{K}.quoted", card=card_name(lang, card)))
    entry = _pack()["ancient_one"].get(ao) if reason == "awakened" and ao else None
    rules = [_in(lang, rule.text) for rule in (entry.awakening.defeat if entry else ()) if rule.text]
    if len(rules) == 1:
        rule = rules[0].rstrip(". ")
        name = named(lang, "ancient_one", ao)
        return rule if rule.startswith(name) else rule[:1].lower() + rule[1:]
    return t(lang, f"{K}.reason.{reason}") if reason in REASONS else str(reason)


def mystery_line(lang: str, state: dict, slot: str = "mystery") -> str:
    m = state.get(slot)
    if not m:
        return t(lang, f"{K}.table.no_mystery")
    have, need = mystery_progress(state, slot)
    line = f"**{named(lang, 'mystery', m['id'])}**"
    if have is not None and need is not None:
        line += " · " + t(lang, f"{K}.table.progress", have=have, need=need)
    elif have is not None:
        line += f" · {have}"
    if m.get("health"):
        line += " · " + t(lang, f"{K}.count.health_tokens", count=m["health"])
    text = text_of(lang, _pack()["mystery"].get(m["id"]))
    return line + (f"\n*{_trim(text, 700)}*" if text else "")  # the field holds 1,024: the whole card


def inv_line(lang: str, i: dict, names: dict, active=None, detail: bool = False) -> str:
    """One investigator: name, space, health/sanity, clues, tickets, possessions, conditions."""
    marks = ""
    if i.get("lead"):
        marks += " 👑"
    if i["id"] == active:
        marks += " ▶"
    status = i.get("status")
    # in the panel the investigator's name heads the field already: not said twice
    name = "" if detail else inv_name(lang, i["id"])
    head = f"{name}{marks} ({names.get(i['player'], mention(i['player']))})".strip()
    if status != "active":
        return f"{head} — {t(lang, f'{K}.status.{status}')}" if status in STATUSES else f"{head} — {status}"
    stats = [f"📍 {space(lang, i['space'], True)}", f"❤️ {i['health']}/{i['max_health']}",
             f"🧠 {i['sanity']}/{i['max_sanity']}", f"🔎 {i['clues']}"]
    tickets = i.get("tickets") or {}
    for k in ("train", "ship"):
        if tickets.get(k):
            stats.append(f"{PATH_ICON[k]}×{tickets[k]}")
    if i.get("delayed"):
        stats.append(t(lang, f"{K}.status.delayed"))
    lines = [head, " · ".join(stats)]
    if detail:
        lines.append(" ".join(f"{SKILL_ICON[s]} {skill(lang, s)} {i['skills'][s]}"
                              + (f"(+{i['improve'][s]})" if i["improve"].get(s) else "") for s in SKILLS))
    held = list(i.get("assets") or []) + list(i.get("artifacts") or []) + list(i.get("spells") or [])
    if held:
        lines.append("🎒 " + cards(lang, held))
    if i.get("conditions"):
        lines.append("⚠️ " + cards(lang, i["conditions"]))
    if detail and i.get("actions"):
        lines.append(t(lang, f"{K}.panel.actions_taken", actions=", ".join(action_word(lang, a) for a in i["actions"])))
    return "\n".join(lines)


def action_word(lang: str, a: str) -> str:
    if a in ACTION_TYPES:
        return t(lang, f"{K}.action_name.{a}")
    return card_name(lang, a.split(":")[-2] if a.count(":") >= 2 else a.split(":")[-1])


def table_embed(state: dict, names: dict, lang: str, awaited: dict | None = None) -> discord.Embed:
    """``awaited``: see :func:`decision_line` (ADVISERS_IN_TABLE)."""
    R = _rules()
    view = R.view(state, None)
    ao = view["ancient_one"]
    title = t(lang, f"{K}.table.title", ao=named(lang, "ancient_one", ao))
    if view["awakened"]:
        title += " · " + t(lang, f"{K}.table.awakened")
    embed = discord.Embed(title=title, colour=COLOUR)
    phase = view["phase"]
    # a finished game: its log's last line tells the result, with its round and doom (nfe15: the
    # table said it again in bold); the table says only that the game is over
    phase_said = t(lang, f"{K}.table.over") if view.get("result") else \
        t(lang, f"{K}.phase.{phase}") if phase in PHASES else phase
    head = [t(lang, f"{K}.table.round", round=view["round"], phase=phase_said),
            t(lang, f"{K}.table.doom", doom=view["doom"]) + " · " + t(lang, f"{K}.table.omen", omen=omen(lang, view["omen"]))
            + (" · " + t(lang, f"{K}.count.eldritch", count=view["omen_eldritch"]) if view["omen_eldritch"] else ""),
            t(lang, f"{K}.table.solved", count=len(view["solved"]),
              needed=(R.C.ancient_ones.get(ao) or {}).get("mysteries_to_win", "?"))]
    embed.description = "\n".join(head)
    slot = "final" if view["awakened"] and view.get("final") else "mystery"
    embed.add_field(name=t(lang, f"{K}.table.{'final' if slot == 'final' else 'mystery'}"),
                    value=mystery_line(lang, state, slot)[:1024], inline=False)
    reserve = ", ".join(t(lang, f"{K}.table.reserve_card", card=card_name(lang, c),
                          cost=_rules().C.assets.get(c, {}).get("cost", "?")) for c in view["reserve"])
    embed.add_field(name=t(lang, f"{K}.table.reserve"), value=(reserve or t(lang, f"{K}.none"))[:1024], inline=False)
    board = []
    gates = ", ".join(space(lang, g, True) for g in view["gates"])
    board.append(t(lang, f"{K}.table.gates", count=len(view["gates"]), where=gates or t(lang, f"{K}.none")))
    by_space: dict = {}
    for m in view["monsters"].values():
        by_space.setdefault(m["space"], []).append(monster_kind(lang, m["kind"]))
    board.append(t(lang, f"{K}.table.monsters", count=len(view["monsters"]),
                   where="; ".join(f"{space(lang, sp, True)}: {', '.join(ms)}" for sp, ms in sorted(by_space.items()))
                   or t(lang, f"{K}.none")))
    clues = view["clues"]
    board.append(t(lang, f"{K}.table.clues", count=sum(clues.values()),
                   where=", ".join(space(lang, sp, True) + (f" ×{n}" if n > 1 else "") for sp, n in clues.items())
                   or t(lang, f"{K}.none")))
    if view.get("expedition"):
        board.append(t(lang, f"{K}.table.expedition", space=space(lang, view["expedition"], True)))
    if view.get("mystery_token"):
        board.append(t(lang, f"{K}.table.mystery_token", space=space(lang, view["mystery_token"], True)))
    if view.get("eldritch"):
        board.append(t(lang, f"{K}.table.eldritch_board", where=", ".join(
            f"{space(lang, sp, True)} ×{n}" for sp, n in sorted(view["eldritch"].items()))))
    for fig in view.get("figures") or []:
        board.append(t(lang, f"{K}.table.figure", inv=inv_name(lang, fig["inv"]), space=space(lang, fig["space"]),
                       token=t(lang, f"{K}.token.{fig['token']}")))
    embed.add_field(name=t(lang, f"{K}.table.board"), value="\n".join(board)[:1024], inline=False)
    rumors, ongoing = [], []
    for m in view["mythos"]["in_play"]:
        line = f"**{card_name(lang, m['id'])}**"
        if m.get("eldritch"):
            line += f" · {t(lang, f'{K}.count.eldritch', count=m['eldritch'])}"
        where = view["rumor_tokens"].get(m["id"])
        if where:
            line += f" · {space(lang, where, True)}"
        (rumors if m.get("rumor") else ongoing).append((line, m["id"]))
    plain = {}   # field index -> its cards without their texts (the embed's 6,000 characters, below)
    for name, cards in (("rumors", rumors), ("ongoing", ongoing)):
        if cards:   # each card with its text, as the mystery: how a rumor is solved and what its failing costs
            room = 1000 // len(cards)
            value = "\n".join(line + (f"\n*{_trim(text, max(room - len(line) - 4, 60))}*" if text else "")
                              for line, card in cards for text in [text_of(lang, _pack()["mythos"].get(card))])
            plain[len(embed.fields)] = (t(lang, f"{K}.table.{name}"), "\n".join(line for line, _card in cards))
            embed.add_field(name=t(lang, f"{K}.table.{name}"), value=value[:1024], inline=False)
    active = view.get("active") if state.get("result") is None else None  # a finished game: nobody's turn
    invs = [inv_line(lang, i, names, active) for i in view["investigators"]]
    _add_long_field(embed, t(lang, f"{K}.table.investigators"), invs)
    waiting = [decision_line(lang, p, state, awaited) for p in R.prompts(state)]
    if waiting:
        embed.add_field(name=t(lang, f"{K}.table.waiting"), value="\n".join(waiting)[:1024], inline=False)
    embed.set_footer(text=t(lang, f"{K}.table.footer", mythos=view["mythos"]["deck"], gates=view["gate_stack"],
                            cup=view["cup"], clues=view["clue_pool"]))
    for index, (name, value) in plain.items():   # Discord refuses an embed over 6,000 characters
        if len(embed) <= EMBED_MOST:
            break
        embed.set_field_at(index, name=name, value=value[:1024], inline=False)
    return embed


EMBED_MOST = 5900   # Discord's 6,000 characters for an embed, with room to spare


def _add_long_field(embed: discord.Embed, name: str, blocks: list[str]) -> None:
    """Blocks over as many fields as they need (1024 characters each), never cut mid-block."""
    chunk: list[str] = []
    for block in blocks:
        block = block[:1000]
        if chunk and len("\n".join(chunk + [block])) > 1024:
            embed.add_field(name=name, value="\n".join(chunk), inline=False)
            name, chunk = "\u200b", []
        chunk.append(block)
    embed.add_field(name=name, value="\n".join(chunk) or "—", inline=False)


def table_digest(state: dict, names: dict, lang: str) -> str:
    """Changes exactly when the table would look different."""
    return common.table_digest(_rules().view(state, None), names, lang)


def log_section(state: dict) -> str:
    """A phase of a round, or within it one member's investigator's turn, is one message of the
    channel log."""
    inv = (state.get("turn") or {}).get("inv")
    member = (state.get("inv") or {}).get(inv, {}).get("player") if inv else None
    return f"{state.get('round', 0)} {state.get('phase')} {member or ''}".strip()


def answers_in_public(prompt: dict, state: dict) -> bool:
    """A cooperative game on a public table: no answer tells anything private (no option is a
    hidden back), so a lone decision's answers are clicked on the live message."""
    return True


def hand_button_label(lang: str) -> str:
    return t(lang, f"{K}.table.hand_button")


def status_line(state: dict, lang: str) -> str:
    phase = state.get("phase")
    return t(lang, f"{K}.table.round", round=state.get("round", 0),
             phase=t(lang, f"{K}.phase.{phase}") if phase in PHASES else str(phase))


# ---------------------------------------------------------------- prompts and options


_PROMPTS_CACHE: dict = {}


def _prompts(state: dict) -> list[dict]:
    key = (id(state), state.get("seq"), len(state.get("stack") or ()))
    hit = _PROMPTS_CACHE.get("k")
    if hit is not None and hit[0] == key:
        return hit[1]
    try:
        prompts = _rules().prompts(state)
    except Exception:  # noqa: BLE001 - a label never breaks a panel
        prompts = []
    _PROMPTS_CACHE["k"] = (key, prompts)
    return prompts


def _prompt_with_option(state: dict, option: dict) -> dict | None:
    wanted = {k: v for k, v in option.items() if k not in ("player", "prompt")}
    player = option.get("player")
    for p in _prompts(state):
        if (player is None or p["player"] == player) and wanted in (p.get("options") or []):
            return p
    return None


def trait_word(lang: str, trait: str) -> str:
    """A trait's own word, as the card texts name it (the effects' vocabulary: "Item", «Предмет»)."""
    return t(lang, f"{K}.w.{trait}")


def effect_text(lang: str, steps) -> str:
    """A short reading of an effect (a choice's option, a "may"): its first steps."""
    from bot.games.eldritch.effect_text import quoted   # a card named as the card texts name it
    parts = []
    for st in steps or []:
        if not isinstance(st, dict):
            continue
        op = st.get("op")
        if op == "spend" or op == "lose":
            what = [amount_text(lang, k, st[k]) for k in ("health", "sanity", "clues") if isinstance(st.get(k), int)]
            parts.append(t(lang, f"{K}.op.{op}", what=", ".join(what) or "…"))
        elif op == "recover":
            what = [amount_text(lang, k, st[k]) for k in ("health", "sanity") if isinstance(st.get(k), int)]
            parts.append(t(lang, f"{K}.op.recover", what=", ".join(what) or "…"))
        elif op == "gain_clues":
            n = st.get("count", 1)
            parts.append(t(lang, f"{K}.op.gain_clues", what=amount_text(lang, "clues", n if isinstance(n, int) else 1)))
        elif op in ("gain_asset", "gain_artifact", "gain_spell"):
            n = st.get("count", 1)   # "gain 2 spells" (the encounter's "may" asked "gain spell?")
            # a trait said as one («1 актив з ознакою «Предмет»»), not «Взяти «Предмет»» as if a card's name (ne19)
            what = card_name(lang, st["name"]) if st.get("name") else (
                t(lang, f"{K}.trait_cards.{op[5:]}", count=n if isinstance(n, int) else 1, trait=trait_word(lang, st["trait"]))
                if st.get("trait") in TRAITS
                else amount_text(lang, f"{op[5:]}s", n) if isinstance(n, int)
                else t(lang, f"{K}.card_kind.{op[5:]}"))
            # an asset from the reserve or a random one from the deck: two options of one choice read
            # alike before (nfe15: «Взяти Предмет з резерву» / «Отримати Предмет»; the pack's
            # default source is "deck")
            source = st.get("source") if op == "gain_asset" else None
            key = {"reserve": "gain_reserve", "reserve_or_discard": "gain_reserve_or_discard"}.get(
                source, "gain_deck" if op == "gain_asset" and source in (None, "deck") and not st.get("name")
                else "gain")
            parts.append(t(lang, f"{K}.op.{key}", what=what))
        elif op in ("gain_condition", "discard_condition"):   # as the card texts say it: the condition “Blessed”
            if st.get("name"):
                parts.append(t(lang, f"{K}.op.{op}", what=quoted(lang, card_name(lang, st["name"]))))
            else:   # "gain a Madness"
                parts.append(t(lang, f"{K}.op.{op}_of", what=trait_word(lang, st["trait"]))
                             if st.get("trait") in TRAITS else t(lang, f"{K}.op.{op}_any"))   # any one (was «скинути стан стан»)
        elif op in ("improve", "reduce"):
            sk = st.get("skill")
            parts.append(t(lang, f"{K}.op.{op}", skill=skill(lang, sk, "accusative") if sk in SKILLS
                           else t(lang, f"{K}.any_skill")))
        elif op == "test":
            mod = st.get("modifier") or 0
            parts.append(t(lang, f"{K}.op.test", skill=skill(lang, st.get("skill"), "genitive"),
                           modifier=f" ({mod:+d})" if mod else ""))   # as the card texts: "Lore test (-1)"
        elif op in PRIMITIVE_WORDS:
            parts.append(t(lang, f"{K}.op.{op}"))
        if len(parts) >= 3:
            break
    return ", ".join(parts)


def value_label(lang: str, value, state: dict, names: dict, about=None, prompt: dict | None = None) -> str:
    """A chosen value, by what the choice is about, in the member's language."""
    frame = frame_of(state, prompt)
    if about == "may":
        step = frame.get("step") or {}
        what = effect_text(lang, list(step.get("cost") or []) + list(step.get("then") or []))
        if value:
            return t(lang, f"{K}.option.yes_do", what=what) if what else t(lang, f"{K}.option.yes")
        return t(lang, f"{K}.option.no")
    if about == "swap_spaces" and isinstance(value, bool):   # Mi-go Brain Case: the other's answer
        where = _swap_spaces(state, prompt)
        if where:
            return t(lang, f"{K}.option.swap_go", there=space(lang, where[1])) if value \
                else t(lang, f"{K}.option.swap_stay", here=space(lang, where[0]))
    if about == "option" and isinstance(value, int):
        step = frame.get("step") or {}
        options = step.get("options") or []
        if 0 <= value < len(options):
            opt = options[value]
            if opt.get("label"):
                return _in(lang, opt["label"])
            what = effect_text(lang, opt.get("effect"))
            if what:
                return _cap(what)
        return t(lang, f"{K}.option.option_n", n=value + 1)
    if about == "order" and isinstance(value, str):
        return order_label(lang, value, state, names)
    if about == "omen" and isinstance(value, int):
        track = _rules().C.omen_track
        return omen(lang, track[value]) + f" ({value + 1})" if 0 <= value < len(track) else str(value)
    if about == "clues" and isinstance(value, int):
        if value > 0:
            return t(lang, f"{K}.option.give_clues", what=amount_text(lang, "clues", value))
        if value < 0:
            return t(lang, f"{K}.option.take_clues", what=amount_text(lang, "clues", -value))
        return t(lang, f"{K}.option.nothing")
    if about in ("spend", "discard") and value == 0 and not isinstance(value, bool):
        return t(lang, f"{K}.option.nothing")   # "Discard 0" (uk/ru have no zero form)
    if about in ("spend", "discard", "number") and isinstance(value, int) and not isinstance(value, bool):
        return t(lang, f"{K}.option.number_{about}", n=value)
    if isinstance(value, bool):
        return t(lang, f"{K}.option.{'yes' if value else 'no'}")
    if isinstance(value, int):
        return str(value)
    if value is None and about == "give":   # the end of a hand-over, not "Nothing" (ne17)
        other = _brain_case_partner(state, prompt)
        if other:   # er17: the swap that may follow is the partner's to choose
            return t(lang, f"{K}.option.trade_done_swap", inv=named(lang, "investigator", other))
        return t(lang, f"{K}.option.trade_done")
    if value is None:
        return t(lang, f"{K}.option.{'stay' if about == 'space' else 'stop' if about == 'card' else 'nothing'}")
    if isinstance(value, dict):
        if "uids" in value:
            return ", ".join(monster_on_board(lang, state, u) for u in value["uids"]) or t(lang, f"{K}.none")
        if "dir" in value:
            other = value.get("to") or value.get("from")
            key = f"{K}.option.give_to" if value["dir"] == "give" else f"{K}.option.take_from"
            return t(lang, key, what=trade_thing(lang, value.get("what"), value.get("card")),
                     inv=named(lang, "investigator", other))
        return str(value)
    value = str(value)
    if value in SKILLS:
        return skill(lang, value)
    if value in ("train", "ship"):
        return ticket(lang, value)
    if value in _pack()["investigator"]:
        i = (state.get("inv") or {}).get(value)
        who = names.get(i["player"], i["player"]) if i else None
        label = named(lang, "investigator", value) + (f" ({who})" if who else "")
        if about == "pay_clue" and i:   # R24: how many each can still give (ne20b: the buttons said only who)
            left = len(i.get("clues") or ()) - list(frame.get("taken") or ()).count(value)
            label += t(lang, f"{K}.option.pay_clue_holds", clues=amount_text(lang, "clues", left))
        return label
    if about in ("gate",) and value in _pack()["space"]:
        return t(lang, f"{K}.option.gate_at", space=space(lang, value))
    if value in _pack()["space"]:
        return space(lang, value, True) + (_icons(state, value) if about == "space" else "")
    return card_name(lang, value)


def local_action_key(base: str, card, inv, owner) -> str | None:
    """The catalog key that says what a card's local action does ("Pay off Debt", for the owner
    itself or for another investigator in their space: ``<base>_<card>`` / ``…_own``), if the
    catalog words that card (only condition cards have local actions: Debt, Detained)."""
    key = f"{K}.{base}_{card}" + ("_own" if owner == inv else "")
    return key if has("en", key) else None


def component_name(lang: str, card) -> str:
    """What an action uses: a card, or an investigator's own ability (never "X uses X")."""
    if card in _pack()["investigator"]:
        return t(lang, f"{K}.option.ability_of", inv=named(lang, "investigator", card))
    return t(lang, f"{K}.quoted", card=card_name(lang, card)) if card else "—"   # «Пожива для розуму» in uk/ru


def action_name(card) -> object | None:
    """The short name our data gives an investigator's sheet action (the sheet names none)."""
    entry = _pack()["investigator"].get(card)
    return getattr(getattr(entry, "action", None), "name", None)


def own_ability(lang: str, inv) -> str:
    """An investigator's own action in the table's line: "their ability: trade clues" (ne17: the
    line said only "uses their ability")."""
    name = action_name(inv)
    return t(lang, f"{K}.option.own_ability_named", ability=_in(lang, name)) if name \
        else t(lang, f"{K}.option.own_ability")


def component_used(lang: str, card) -> str:
    """What "use" takes: a card by its kind and name in the case the verb governs (ru «Использовать
    карту «Святая вода»», not «Использовать «Святая вода»»: nfe15), an ability by its name if it has
    one, else whose it is."""
    if card in _pack()["investigator"]:
        named_ability = action_name(card)   # «Использовать способность: Жаклин Файн» said nothing (ne17)
        if named_ability:
            return t(lang, f"{K}.option.ability_named", ability=_in(lang, named_ability))
        return component_name(lang, card)
    return t(lang, f"{K}.option.card_used", card=card_name(lang, card)) if card else "—"


def back_has_own_name(back) -> bool:
    """A condition's back is named on the card ("Unexplained Debts"); a spell's is not: its name in
    the data ("Mists of Releh (copy 1)") only tells the copies apart and is never shown."""
    return not re.search(r"\(copy \d+\)$", str(_in("en", back.name)))


def capitalized(text: str) -> str:
    """A label that starts a button: "Властивість Жаклін Файн" (mid-sentence it reads "властивість …")."""
    return text[:1].upper() + text[1:]


def order_label(lang: str, label: str, state: dict, names: dict) -> str:
    """One of the effects that happen together (engine: ``run_together``): a monster on the board
    (``<kind>:<uid>``), an ability of a card or investigator, or an effect; ``#n``: its n-th."""
    base, _, nth = label.partition("#")
    kind, _, uid = base.partition(":")
    if uid and kind in _pack()["monster"]:   # "Warlock (Tokyo) — horror 1, …": where it stands and what it is
        text = monster_on_board(lang, state, uid)
        return (f"{text} ({nth})" if nth else text) + monster_stats(lang, state, uid)
    if base in _pack()["investigator"]:
        text = t(lang, f"{K}.option.ability_of", inv=named(lang, "investigator", base))   # after "First"
    elif base == "effect":
        text = t(lang, f"{K}.option.an_effect")
        text = text if lang == "en" else text[:1].lower() + text[1:]   # «Спершу ефект»
    else:   # "First: «Debt»", not a bare "Debt" beside "Dark Pact" (nfe15)
        text = t(lang, f"{K}.quoted", card=card_name(lang, base))
    return t(lang, f"{K}.option.first", what=f"{text} ({nth})" if nth else text)


def encounter_description(lang: str, option: dict, state: dict, inv) -> str | None:
    """What an encounter of the Encounter phase is (002 l.499-559, 664-680): a rumor's or the
    mystery's its card's own encounter text, every other kind the rulebook's account of it."""
    what = option.get("what")
    if what == "rumor":
        entry = _pack()["mythos"].get(option.get("card"))
        encounter = getattr(getattr(entry, "rumor", None), "encounter", None)
    elif what == "mystery":
        entry = _pack()["mystery"].get(option.get("card"))
        encounter = getattr(entry, "encounter", None)
    else:
        if what == "location":
            here = ((state.get("inv") or {}).get(inv) or {}).get("space")
            kind = (_rules().C.spaces.get(here) or {}).get("type") if here else None
            if option.get("deck") == "general":
                where = t(lang, f"{K}.space_kind.{kind}") if kind in SPACE_KINDS else ""
                return t(lang, f"{K}.encounter_does.general", kind=where)
            return t(lang, f"{K}.encounter_does.region", space=space(lang, here))
        return t(lang, f"{K}.encounter_does.{what}") if what in ("research", "other_world", "expedition") else None
    if encounter is None:
        return None
    text = getattr(encounter, "text", None)
    return _in(lang, text) if text else (effect_text(lang, list(getattr(encounter, "effect", None) or [])) or None)


SPACE_KINDS = ("city", "wilderness", "sea")


def order_description(lang: str, label: str, state: dict) -> str | None:
    """What one of the effects that happen together does (nfe12: the Lead ordered bare monster
    names): a monster's text (its reckoning), a Cultist's from the Ancient One's sheet."""
    base, _, _nth = label.partition("#")
    kind, _, uid = base.partition(":")
    if base in _pack()["investigator"]:   # "First: Jim Culver's ability": which one, as the sheet says
        passive = getattr(_pack()["investigator"][base], "passive", None)
        return _in(lang, passive.text) if passive is not None and passive.text else None
    if any(base in _pack()[category] for category in ("condition", "asset", "artifact", "spell")):
        return abilities_text(lang, base) or None   # a card's, as printed (ne20: «Спершу «Параноя»» said no more)
    if not (uid and kind in _pack()["monster"]):
        return None
    if (_rules().C.monsters.get(kind) or {}).get("cultist"):
        ao = _pack()["ancient_one"].get(state.get("ao"))
        stats = getattr(getattr(ao, "cultist", None), "awakened" if state.get("awakened") else "front", None)
        text = getattr(stats, "text", None)
        return _in(lang, text) if text else None
    return text_of(lang, _pack()["monster"].get(kind)) or None


def monster_stats(lang: str, state: dict, uid) -> str:
    """" — horror 2, damage 1, toughness 2 (1 lost)": a monster token's back, open information (002
    «Відкрита інформація: зворот жетонів монстрів»; a Cultist's from the Ancient One's sheet)."""
    m = ((state.get("monsters") or {}).get("board") or {}).get(uid)
    if not m or not state.get("ao") or m.get("kind") not in _rules().C.monsters:
        return ""
    data = _rules().monster_data(state, uid)
    said = [t(lang, f"{K}.stat.{what}", n=data[what]) for what in ("horror", "damage")
            if isinstance(data.get(what), int)]
    toughness = t(lang, f"{K}.stat.toughness", n=_rules().toughness(state, uid))
    if m.get("damage"):
        toughness += " " + t(lang, f"{K}.stat.lost", n=m["damage"])
    return " — " + ", ".join(said + [toughness])


def monster_tests(lang: str, state: dict, uid) -> str | None:
    """A monster's two tests with their modifiers ("Will test (-1), Strength test (-2)"), for the
    answer's description; None when neither is on the token."""
    m = ((state.get("monsters") or {}).get("board") or {}).get(uid)
    if not m or not state.get("ao") or m.get("kind") not in _rules().C.monsters:
        return None
    data = _rules().monster_data(state, uid)
    tests = [t(lang, f"{K}.op.test", skill=skill(lang, sk, "genitive"),
               modifier=f" ({data[key]:+d})" if data[key] else "")
             for key, sk in (("will", "will"), ("strength", "strength")) if isinstance(data.get(key), int)]
    return _cap(", ".join(tests)) if tests else None


def monster_on_board(lang: str, state: dict, uid: str) -> str:
    m = ((state.get("monsters") or {}).get("board") or {}).get(uid)
    if not m:
        return t(lang, f"{K}.a_monster")
    return t(lang, f"{K}.option.monster_at", monster=monster_kind(lang, m["kind"]), space=space(lang, m["space"]))


def route_text(lang: str, state: dict, inv, to, marks: str = "") -> str:
    here = ((state.get("inv") or {}).get(inv) or {}).get("space")
    kind = _rules().C.adj.get(here, {}).get(to) if here else None
    path = f"{PATH_ICON.get(kind, '')} {t(lang, f'{K}.path.{kind}')}".strip() if kind in PATH_ICON else ""
    return t(lang, f"{K}.option.route", frm=space(lang, here, True), to=space(lang, to, True) + marks, path=path) \
        if here else space(lang, to, True) + marks


def investigator_card(lang: str, inv: str) -> str:
    """An investigator with their numbers, for the choice of a new one."""
    data = _rules().C.investigators.get(inv) or {}
    entry = _pack()["investigator"].get(inv)
    skills = " ".join(f"{SKILL_ICON[s]}{(data.get('skills') or {}).get(s, '?')}" for s in SKILLS)
    occupation = _in(lang, entry.occupation) if entry else ""
    return f"{named(lang, 'investigator', inv)} — {occupation} ❤️{data.get('health', '?')} 🧠{data.get('sanity', '?')} {skills}"


def investigator_abilities(lang: str, inv) -> str | None:
    """An investigator's action and passive abilities, within a select option's 100 characters
    (nfe15: the occupation under the label that already says it told nothing)."""
    entry = _pack()["investigator"].get(inv)
    if entry is None:
        return None
    said = [_in(lang, ability.text) for ability in (entry.action, entry.passive)
            if ability is not None and ability.text]
    return _trim(" ".join(said), 100) or _in(lang, entry.occupation)


def same_choice(option: dict, prompt: dict, state: dict):
    """What makes ``option`` a distinct choice: rerolling dice that show the same faces is one
    choice, whichever of them it names (a roll's dice are bare values)."""
    if option.get("type") != "reroll":
        return option
    dice = frame_of(state, prompt).get("dice") or []
    which = [option.get("die")] + ([option["and"]] if "and" in option else [])
    if not all(isinstance(k, int) and k < len(dice) for k in which):
        return option
    return {**option, "die": sorted(dice[k] for k in which), "and": None}


# the table's marks of what lies on a space (its board field names them with these icons)
BOARD_ICONS = {"gate": "🌀", "monster": "👹", "clues": "🔎", "expedition": "🧭", "rumor": "📰",
               "mystery_token": "🔮", "eldritch": "✴️"}


def space_marks(state: dict, sp) -> list[tuple[str, str, object]]:
    """What lies on a space for everyone to see, in the table's order: (icon, kind, detail) for a
    gate (its omen colour), each monster kind, clues, the active expedition, a rumor, the
    mystery's token and Eldritch tokens. Read from the public parts of the state only."""
    marks: list = []
    if sp in (state.get("gates") or {}).get("board", ()):
        colour = _rules().gate_omen(state, sp)
        marks.append((BOARD_ICONS["gate"] + OMEN_ICON.get(colour, ""), "gate", colour))
    kinds: dict = {}
    for m in ((state.get("monsters") or {}).get("board") or {}).values():
        if m.get("space") == sp:
            kinds[m["kind"]] = kinds.get(m["kind"], 0) + 1
    for kind, n in kinds.items():
        marks.append((common.counted(BOARD_ICONS["monster"], n), "monster", (kind, n)))
    clues = len(((state.get("clues") or {}).get("board") or {}).get(sp) or ())
    if clues:
        marks.append((common.counted(BOARD_ICONS["clues"], clues), "clues", clues))
    if state.get("expedition") == sp:
        marks.append((BOARD_ICONS["expedition"], "expedition", None))
    for card, where in (state.get("rumor_tokens") or {}).items():
        if where == sp:
            marks.append((BOARD_ICONS["rumor"], "rumor", card))
    if state.get("mystery_token") == sp:
        marks.append((BOARD_ICONS["mystery_token"], "mystery_token", None))
    eldritch = (state.get("eldritch_board") or {}).get(sp)
    if eldritch:
        marks.append((common.counted(BOARD_ICONS["eldritch"], eldritch), "eldritch", eldritch))
    return marks


def _icons(state: dict, sp) -> str:
    return common.marks_text(space_marks(state, sp))


def space_contents(lang: str, state: dict, sp) -> str | None:
    """What a destination holds, in words ("There: 🌀 a gate (🔴 red) · 👹 Gnoph-Keh"), or None."""
    said = []
    for _icon, kind, detail in space_marks(state, sp):
        if kind == "gate":
            what = t(lang, f"{K}.there.gate", omen=omen(lang, detail))
        elif kind == "monster":
            monster, n = detail
            what = monster_kind(lang, monster) + (f" ×{n}" if n > 1 else "")
        elif kind == "rumor":
            what = card_name(lang, detail)
        elif kind in ("clues", "eldritch"):
            what = t(lang, f"{K}.there.{kind}", count=detail)
        else:
            what = t(lang, f"{K}.there.{kind}")
        said.append(f"{BOARD_ICONS[kind]} {what}")
    return t(lang, f"{K}.there.line", what=" · ".join(said)) if said else None


def option_label(option: dict, state: dict, names: dict, lang: str) -> str:
    kind = option["type"]
    prompt = _prompt_with_option(state, option)
    inv = (prompt or {}).get("inv")
    if kind == "travel":   # the destination's marks: where to go is read off the buttons
        return t(lang, f"{K}.option.travel", route=route_text(lang, state, inv, option["to"], _icons(state, option["to"])))
    if kind == "ride":
        return t(lang, f"{K}.option.ride", route=route_text(lang, state, inv, option["to"], _icons(state, option["to"])),
                 ticket=ticket(lang, option.get("ticket")))
    if kind == "prepare":
        return t(lang, f"{K}.option.prepare", ticket=ticket(lang, option.get("ticket")))
    if kind == "trade":
        return t(lang, f"{K}.option.trade", inv=value_label(lang, option.get("with"), state, names))
    if kind == "local":  # what the card's local action does, not "Use Debt of <yourself>"
        said = local_action_key("option.local", option.get("card"), inv, option.get("owner"))
        if said:
            return t(lang, said, owner=named(lang, "investigator", option.get("owner")))
        if option.get("owner") == inv:
            kind = "component"
    if kind in ("component", "local", "between"):
        owner = option.get("owner")
        text = t(lang, f"{K}.option.{kind}", card=component_used(lang, option.get("card")),
                 owner=named(lang, "investigator", owner) if owner else "")
        return text
    if kind in ("buy", "discard_reserve"):
        cost = _rules().C.assets.get(option.get("card"), {}).get("cost", "?")
        return t(lang, f"{K}.option.{kind}", card=card_name(lang, option.get("card")), cost=cost)
    if kind in ("give", "take"):
        return t(lang, f"{K}.option.trade_{kind}", what=trade_thing(lang, option.get("what"), option.get("card")))
    if kind == "reroll":
        frame = frame_of(state, prompt)
        dice = frame.get("dice") or []
        which = [option.get("die")] + ([option["and"]] if "and" in option else [])
        faces = " ".join(DIE.get(dice[k], "?") if isinstance(k, int) and k < len(dice) else "?" for k in which)
        key = "reroll_sanity" if option.get("pay") == "sanity" else "reroll"
        return t(lang, f"{K}.option.{key}", dice=faces)
    if kind in ("reroll_with", "bonus_with"):
        return t(lang, f"{K}.option.{kind}", card=card_name(lang, option.get("card")))
    if kind == "fight":   # which to fight first: what each is, as its token's open back shows (ne17)
        m = ((state.get("monsters") or {}).get("board") or {}).get(option.get("monster"))
        what = monster_kind(lang, m["kind"]) if m else t(lang, f"{K}.a_monster")   # all on your space: no place
        return t(lang, f"{K}.option.fight", monster=what) + monster_stats(lang, state, option.get("monster"))
    if kind == "encounter":
        what = option.get("what")
        if what == "location":  # where the investigator stands, not the deck's name ("Encounter cards: America")
            here = ((state.get("inv") or {}).get(inv) or {}).get("space") if inv else None
            if here is not None:   # a city offers its region's deck and the general one (002): told apart
                key = "encounter_general" if option.get("deck") == "general" else "encounter_here"
                deck = named(lang, "deck", option.get("deck"))
                # the region's deck by its name («Зустріч в Америці (Буенос-Айрес)»): "Encounter here"
                # beside "General encounter (Buenos Aires)" looked alike (nfe15; 002 l.499-519)
                return t(lang, f"{K}.option.{key}", space=space(lang, here), deck=deck[:1].upper() + deck[1:])
            return t(lang, f"{K}.option.encounter_location", deck=named(lang, "deck", option.get("deck")))
        if what in ("rumor", "mystery"):
            return t(lang, f"{K}.option.encounter_{what}", card=card_name(lang, option.get("card")))
        if what == "defeated":
            return t(lang, f"{K}.option.encounter_defeated", inv=named(lang, "investigator", option.get("card")))
        return t(lang, f"{K}.option.encounter_{what}") if what in ENCOUNTER_KINDS else str(what)
    if kind == "choose":
        about = (prompt or {}).get("about")
        return value_label(lang, option.get("value"), state, names, about, prompt)
    if kind == "lead":  # the Lead keeps the role or hands it on
        key = "lead_keep" if option.get("to") == state.get("lead") else "lead_pass"
        return t(lang, f"{K}.option.{key}", inv=value_label(lang, option.get("to"), state, names))
    if kind == "token":
        return t(lang, f"{K}.option.token_{option.get('token')}")
    if kind == "investigator":
        return investigator_card(lang, option.get("id"))
    key = f"{K}.option.{kind}"
    text = t(lang, key)
    return text if text != key else str(kind)


def decision_is_news(prompt: dict, option: dict, state: dict) -> bool:
    """The Lead's end-of-Mythos choice ("the Lead Investigator may hand the Lead token to any
    other player") gets no "decides for the group" line: a kept Lead is no news (each round's line
    names the Lead), and a handed one is told once, by its own event ("X is now the Lead")."""
    return option.get("type") != "lead"


STANDARD_ACTION_HELP = ("prepare", "acquire", "trade", "end_actions")


def option_description(option: dict, state: dict, names: dict, lang: str) -> str | None:
    """Under a select option (and in the panel's "What each answer does"): the roll an option
    changes (skill and dice), an investigator's occupation, what an action using a card or an
    investigator's ability does (:func:`action_text`)."""
    prompt = _prompt_with_option(state, option)
    if prompt and prompt.get("kind") == "roll":
        return roll_answer(lang, option, frame_of(state, prompt))
    if prompt and prompt.get("about") == "may" and option.get("value") is True:
        # "Use Flesh Ward?": what the card does, as printed (the Yes names only its first steps)
        frame = frame_of(state, prompt)
        card = ((state.get("ctx") or {}).get(frame.get("c")) or {}).get("card") if frame else None
        if isinstance(card, dict) and card.get("kind") in ("asset", "artifact", "spell", "condition"):
            return abilities_text(lang, card.get("id"))
    if prompt and prompt.get("about") == "give" and option.get("value", 0) is None:
        return swap_description(lang, state, prompt)
    if prompt and prompt.get("about") == "option" and isinstance(option.get("value"), int):
        return choice_description(lang, state, prompt, option["value"], names)
    if option.get("type") == "investigator":   # the label says the occupation: here what they can do
        return investigator_abilities(lang, option.get("id"))
    if option.get("type") in ("component", "local", "between"):
        return action_text(lang, option.get("card"))
    if option.get("type") in STANDARD_ACTION_HELP:   # what the rulebook's reference card says of it
        return t(lang, f"{K}.action_help.{option['type']}")
    if option.get("type") == "encounter":
        return encounter_description(lang, option, state, (prompt or {}).get("inv"))
    if option.get("type") == "fight":   # its tests and its text, as the token's back gives them
        m = ((state.get("monsters") or {}).get("board") or {}).get(option.get("monster")) or {}
        parts = [monster_tests(lang, state, option.get("monster")),
                 order_description(lang, f"{m.get('kind')}:{option.get('monster')}", state) if m else None]
        return ". ".join(x.rstrip(".") for x in parts if x) + "." if any(parts) else None
    if prompt and prompt.get("about") == "order" and isinstance(option.get("value"), str):
        return order_description(lang, option["value"], state)
    if option.get("type") in ("travel", "ride"):
        return space_contents(lang, state, option.get("to"))
    if prompt and prompt.get("about") == "space" and option.get("value") in _pack()["space"]:
        return space_contents(lang, state, option.get("value"))   # a card's "move to a space"
    return None


def _as_written(x):
    """The engine's plain steps (``{op, **params}``) back in the pack's own form (``{op: params}``),
    its working keys (``_k``, ``_unchoice``) left out: what the pack's effect reader reads."""
    if isinstance(x, list):
        return [_as_written(v) for v in x if not (isinstance(v, dict) and str(v.get("op", "")).startswith("_"))]
    if isinstance(x, dict):
        rest = {k: _as_written(v) for k, v in x.items() if k != "op" and not k.startswith("_")}
        return {x["op"]: rest} if "op" in x else rest
    return x


@lru_cache(maxsize=1)
def _effect_reader():
    from pydantic import TypeAdapter

    from engine.eldritch.content_effects import Effect
    return TypeAdapter(Effect)


def _words(text: str) -> str:
    return re.sub(r"[\W_]+", " ", text).strip().lower()


def choice_description(lang: str, state: dict, prompt: dict, value: int, names: dict) -> str | None:
    """What an option of a "choose one" does, in full (ne19b: the panel's «виберіть одне» alone
    had no "what each answer does"): its steps as the pack's reader says them; None when the
    button's label says it all already."""
    from bot.games.eldritch.effect_text import effect_text as full_text
    options = (frame_of(state, prompt).get("step") or {}).get("options") or []
    if not 0 <= value < len(options):
        return None
    try:
        said = full_text(lang, _effect_reader().validate_python(_as_written(options[value].get("effect") or [])))
    except ValueError:   # a step the reader cannot take back: the label alone
        return None
    label = value_label(lang, value, state, names, "option", prompt)
    if not said or _words(said) == _words(label):
        return None
    return _cap(said) + ("" if said[-1] in ".!?…" else ".")


def _brain_case_partner(state: dict, prompt: dict | None) -> str | None:
    """The investigator a Mi-go Brain Case trade is with, when the two stand on different spaces
    (the swap the partner may then choose); None for any other hand-over."""
    frame = frame_of(state, prompt)
    step = frame.get("step") or {}
    if not (prompt and step.get("swap_spaces") and step.get("trade")):
        return None
    other = ((state.get("ctx") or {}).get(frame.get("c")) or {}).get("chosen")
    where = {i: ((state.get("inv") or {}).get(i) or {}).get("space") for i in (prompt.get("inv"), other)}
    if not other or None in where.values() or where[other] == where[prompt.get("inv")]:
        return None
    return other


def _swap_spaces(state: dict, prompt: dict | None) -> tuple | None:
    """The asked investigator's space and the Brain Case user's (``with``), for its swap prompt."""
    invs = state.get("inv") or {}
    here = (invs.get((prompt or {}).get("inv")) or {}).get("space")
    there = (invs.get((prompt or {}).get("with")) or {}).get("space")
    return (here, there) if here and there else None


def swap_description(lang: str, state: dict, prompt: dict) -> str | None:
    """Mi-go Brain Case's end of the trade: who may go where ("they may then come to you, and you
    go where they were"), the partner's choice (er17)."""
    other = _brain_case_partner(state, prompt)
    if not other:
        return None
    return t(lang, f"{K}.option.swap_spaces", inv=named(lang, "investigator", other),
             here=space(lang, state["inv"][prompt["inv"]]["space"]), there=space(lang, state["inv"][other]["space"]))


def roll_answer(lang: str, option: dict, frame: dict) -> str | None:
    """What an answer to a test's dice does (the dice themselves are the decision's own text, not
    repeated): keep them, or which die is rolled again (seed 002: the new result stands). A
    card's reroll or bonus is named by its label."""
    dice = frame.get("dice") or []
    if option.get("type") == "keep":
        return t(lang, f"{K}.roll_answer.keep", dice=dice_text(dice, tuple(frame.get("faces") or (5, 6))))
    if option.get("type") == "reroll":
        which = [option.get("die")] + ([option["and"]] if "and" in option else [])
        return t(lang, f"{K}.roll_answer.{'reroll_two' if len(which) > 1 else 'reroll'}",
                 dice=" ".join(DIE.get(dice[k], "?") if isinstance(k, int) and k < len(dice) else "?" for k in which))
    return None


def action_text(lang: str, card) -> str | None:
    """What using a card's or an investigator's action does, as its text says ("Use Lily Chen's
    ability" names no effect); None for a card whose action has no text of its own."""
    pack = _pack()
    entry = pack["investigator"].get(card)
    if entry is not None:
        return _in(lang, entry.action.text) if entry.action is not None and entry.action.text else None
    return abilities_text(lang, card, ACTION_TIMINGS)


def abilities_text(lang: str, card, timings=None) -> str | None:
    """What a possession's abilities say (those of ``timings``, or all), from its face up side."""
    for category in ("asset", "artifact", "spell", "condition"):
        entry = _pack()[category].get(card)
        if entry is None:
            continue
        front = getattr(entry, "front", None)  # a spell's or condition's face up side
        abilities = list(getattr(entry, "abilities", None) or []) \
            + list(front if isinstance(front, list) else getattr(front, "abilities", None) or [])
        said = [_in(lang, ability.text) for ability in abilities
                if (timings is None or ability.timing in timings) and ability.text]
        return " ".join(said) or None
    return None


ACTION_TIMINGS = ("action", "local_action", "action_phase")  # the abilities an action option uses


def item_label(spec: dict, item, state: dict, names: dict, lang: str) -> str:
    """One id of a subset choice (the engine asks none today): a card, space or investigator."""
    return value_label(lang, item, state, names)


def free_action_label(action: dict, lang: str) -> str:
    key = f"{K}.option.{action.get('type')}"
    text = t(lang, key)
    return text if text != key else str(action.get("type"))


def free_action_confirm(action: dict, lang: str, state: dict | None = None,
                        player: str | None = None) -> tuple[str, str] | None:
    return None


def roll_standing(lang: str, frame: dict) -> str:
    """Where a roll stands before a reroll (nfr13: a member rerolled a die of a test already passed,
    and failed): its successes (the engine's own count, ``roll_successes``), and for a test
    with a pass mark (not a fight's, whose successes are damage) whether it passes as it is."""
    successes = roll_successes(frame)
    told = t(lang, f"{K}.count.successes", count=successes)
    if frame.get("purpose") == "effect" and isinstance(frame.get("pass_at"), int):
        told += ", " + t(lang, f"{K}.roll_{'passes' if successes >= frame['pass_at'] else 'fails'}")
    return told


def _spawn_choice(lang: str, state: dict, frame: dict) -> str | None:
    """A choice of the monster to spawn says where, and whose place it takes (ne20: Shub-Niggurath's
    Cultist reckoning asked a bare «виберіть монстра»)."""
    at = (frame.get("step") or {}).get("at")
    c = state.get("ctx", {}).get(frame.get("c")) or {}
    if at == "this_monster":
        there = (state.get("monsters", {}).get("board") or {}).get(c.get("monster")) or {}
        if there.get("space"):
            return t(lang, f"{K}.about.monster_replaces", monster=monster_kind(lang, there.get("kind")),
                     space=space(lang, there["space"]))
        return None
    return t(lang, f"{K}.about.monster_spawn", space=space(lang, at)) if at in _pack()["space"] else None


def _loss_at_stake(lang: str, state: dict, frame: dict) -> str:
    """Whose loss a card offered on a loss would spare, and how much (ne20: Flesh Ward asked «use
    it?» in another investigator's encounter, not saying who was about to lose what)."""
    c = state.get("ctx", {}).get(frame.get("c")) or {}
    loss = (state.get("pending_loss") or {}).get(c.get("pending")) or {}
    parts = [t(lang, f"{K}.count.{what}", count=loss[what]) for what in ("health", "sanity") if loss.get(what)]
    if not parts or not loss.get("inv"):
        return ""
    what = parts[0] if len(parts) == 1 else t(lang, f"{K}.and", first=parts[0], last=parts[1])
    return t(lang, f"{K}.about.loss_at_stake", inv=named(lang, "investigator", loss["inv"]), what=what)


def decision_text(lang: str, prompt: dict, state: dict | None = None) -> str:
    """What a prompt asks, in a few words: "Leo Anderson: choose a space"."""
    kind = prompt.get("kind")
    what = t(lang, f"{K}.kinds.{kind}") if kind in PROMPT_KINDS else str(kind)
    about = prompt.get("about")
    if kind in ("choose", "group", "pass_lead") and about in ABOUTS:
        what = t(lang, f"{K}.about.{about}")
        if about == "discard" and any(isinstance(o.get("value"), str) for o in prompt.get("options") or ()):
            what = t(lang, f"{K}.about.discard_which")   # a card to pick (I18, R16), not a count
        spaces = _swap_spaces(state or {}, prompt) if about == "swap_spaces" else None
        if spaces:   # who would go where
            here, there = spaces
            what = t(lang, f"{K}.about.swap_spaces_with", inv=named(lang, "investigator", prompt["with"]),
                     here=space(lang, here), there=space(lang, there))
        frame = frame_of(state or {}, prompt)
        if about == "pay_clue" and frame:   # R24: which of the group's clues this is
            what = t(lang, f"{K}.about.pay_clue", n=len(frame.get("taken") or ()) + 1, total=frame.get("total", 1))
        card = ((state or {}).get("ctx", {}).get(frame.get("c")) or {}).get("card") if frame else None
        if about == "monster" and frame and (frame.get("step") or {}).get("op") == "spawn_monster":
            what = _spawn_choice(lang, state or {}, frame) or what
        if isinstance(card, dict) and card.get("id"):
            name = card_name(lang, card["id"]) if card.get("kind") != "monster" else monster_kind(lang, card["id"])
            if about == "may" and card.get("kind") == "investigator":   # "Leo Anderson: use your ability?"
                what = t(lang, f"{K}.about.may_ability")
            elif about == "may" and card.get("kind") != "monster":  # "use Flesh Ward?", not "use it? (Flesh Ward)"
                what = t(lang, f"{K}.about.may_card", card=name) + _loss_at_stake(lang, state or {}, frame)
            else:
                what += f" ({name})"
        elif about == "may" and frame:   # an encounter's "may": what it offers (nfe15: a bare "use it?")
            step = frame.get("step") or {}
            offered = effect_text(lang, list(step.get("cost") or []) + list(step.get("then") or []))
            if offered:
                what = t(lang, f"{K}.about.may_effect", what=offered)
    if kind == "roll" and state is not None:
        frame = frame_of(state, prompt)
        if frame.get("dice"):   # "reroll dice? (Influence: ⚃ ⚅)", not "the dice: Influence ⚃ ⚅"
            what = t(lang, f"{K}.about_roll", skill=skill(lang, frame.get("skill")),
                     dice=dice_text(frame["dice"], tuple(frame.get("faces") or (5, 6))),
                     standing=roll_standing(lang, frame))
    inv = prompt.get("inv")
    if inv in _pack()["investigator"]:
        return f"{named(lang, 'investigator', inv)}: {what}"
    return what


def decision_line(lang: str, prompt: dict, state: dict, awaited: dict | None = None) -> str:
    """``awaited``: prompt id -> the member advisers a Keeper Lead's group decision still waits for
    (not those who proposed or were handed to Keeper); None: every member adviser."""
    who = mention(prompt["player"], lang)  # a member by mention (an embed's mention never pings), Keeper by name
    advisers = [a for a in prompt.get("advisers", ()) if is_member(a)]
    if awaited is not None and prompt.get("id") in awaited:
        advisers = [a for a in advisers if a in awaited[prompt["id"]]]
    advisers = [mention(a, lang) for a in advisers]
    if prompt.get("kind") == "group" and is_keeper(prompt["player"]) and advisers:
        # a Keeper Lead's group decision waits for the members' proposals, not for Keeper
        # (bot.service.Leads: it is answered at once when none is awaited)
        return t(lang, f"{K}.table.lead_advice", advisers=", ".join(advisers), decider=who,
                 question=decision_text(lang, prompt, state))
    line = f"{who} — {decision_text(lang, prompt, state)}"
    if prompt.get("kind") == "group":
        line += " " + t(lang, f"{K}.table.group_hint")
    return line


def prompt_lines(prompt: dict, state: dict, player: str, names: dict, lang: str) -> list[str]:
    return [decision_text(lang, prompt, state)]


def roll_hint(options: list[dict]) -> str:
    """The hint under a roll, by what is on offer beside keeping the dice: a Clue's reroll, a
    reroll paid with sanity (Norman Withers, no Clue left), a card's reroll or bonus, a success
    bought (a test that sells them)."""
    kinds = {(o.get("type"), o.get("pay")) for o in options}
    if ("reroll", None) in kinds:
        return "roll_hint"
    if ("reroll", "sanity") in kinds:
        return "roll_hint_sanity"
    if any(kind in ("reroll_with", "bonus_with") for kind, _ in kinds):
        return "roll_hint_card"
    return "roll_hint_buy" if ("buy_success", None) in kinds else "roll_hint_keep"


def panel_embed(state: dict, player: str, names: dict, lang: str, news: list[str]) -> discord.Embed:
    R = _rules()
    view = R.view(state, player)
    me = view.get("you") or {"investigators": [], "prompts": [], "questions": []}
    embed = discord.Embed(title=t(lang, f"{K}.panel.title"), colour=COLOUR)
    mine = [i for i in view["investigators"] if i["id"] in me["investigators"]]
    if not mine:
        embed.description = t(lang, f"{K}.panel.no_investigators")
    for i in mine:
        block = inv_line(lang, i, names, view.get("active"), detail=True)
        embed.add_field(name=named(lang, "investigator", i["id"]), value=block[:1024], inline=False)
    prompts = me["prompts"]
    if prompts:
        p = prompts[0]
        text = decision_text(lang, p, state)
        if p.get("kind") == "roll":
            text += "\n" + t(lang, f"{K}.panel.{roll_hint(p.get('options') or [])}")
        if p.get("kind") == "trade_ok":
            frame = frame_of(state, p)
            text += "\n" + "; ".join(trade_move(lang, m) for m in frame.get("moves") or [])
        embed.add_field(name=t(lang, f"{K}.panel.decision"), value=text[:1024], inline=False)
    for q in me.get("questions") or []:
        who = names.get(q["player"], mention(q["player"]))
        embed.add_field(name=t(lang, f"{K}.panel.group"),
                        value=t(lang, f"{K}.panel.advise", lead=who, what=decision_text(lang, q, state))[:1024],
                        inline=False)
    if news:
        embed.add_field(name=t(lang, f"{K}.panel.news"), value="\n".join(news)[-1024:], inline=False)
    footer = t(lang, f"{K}.panel.footer", doom=view["doom"], omen=t(lang, f"{K}.omen.{view['omen']}")
               if view["omen"] in OMENS else view["omen"], round=view["round"])
    if not prompts and not me.get("questions"):  # a proposal asked of the member is a decision too
        footer = t(lang, f"{K}.panel.no_decision") + " · " + footer
    embed.set_footer(text=footer[:2048])
    return embed


# ---------------------------------------------------------------- lobby
# The Ancient One is one select (a number option: "random" = the default, else its place in the
# pack, which the engine reads as well); a solo member (or every member) plays ``per_player``
# investigators; two exclusive difficulty toggles and the starting rumor.
LOBBY_FLAGS = {
    "easy": ("difficulty", "easy"),
    "hard": ("difficulty", "hard"),
    "starting_rumor": ("starting_rumor", True),
}


@lru_cache(maxsize=1)
def _ao_ids() -> tuple:
    return tuple(_rules().C.ao_ids)


LOBBY_NUMBERS = {"ancient_one": (1, 4), "per_player": (1, 4)}


def flag_label(flag: str, lang: str) -> str:
    return t(lang, f"{K}.option_names.{flag}")


def ao_label(value, lang: str) -> str:
    if isinstance(value, int) and 1 <= value <= len(_ao_ids()):
        return named(lang, "ancient_one", _ao_ids()[value - 1])
    if isinstance(value, str) and value in _pack()["ancient_one"]:
        return named(lang, "ancient_one", value)
    return t(lang, f"{K}.option_names.random_ao")


def number_label(option: str, value: int | None, lang: str) -> str:
    if option == "ancient_one":
        return t(lang, f"{K}.option_names.ancient_one", ao=ao_label(value, lang))
    if option == "per_player":
        if value is None:
            return t(lang, f"{K}.option_names.per_player_default")
        return t(lang, f"{K}.option_names.per_player", count=value)
    return f"{option}: {value}"


def flags_from_options(options: dict) -> list[str]:
    out = []
    if options.get("difficulty") in ("easy", "hard"):
        out.append(options["difficulty"])
    if options.get("starting_rumor"):
        out.append("starting_rumor")
    return out


def options_from_flags(flags, options: dict) -> dict:
    """The lobby's options after the toggles (others kept). Ticking both difficulties keeps the
    one just ticked."""
    flags = set(flags)
    out = {k: v for k, v in options.items() if k not in ("difficulty", "starting_rumor")}
    picked = [d for d in ("easy", "hard") if d in flags]
    if len(picked) == 2:
        picked = [d for d in picked if d != options.get("difficulty")] or ["hard"]
    if picked:
        out["difficulty"] = picked[0]
    if "starting_rumor" in flags:
        out["starting_rumor"] = True
    return out


def lobby_lines(options: dict, lang: str) -> list[str]:
    lines = [number_label("ancient_one", options.get("ancient_one"), lang),
             number_label("per_player", options.get("per_player"), lang)]
    lines += [flag_label(f, lang) for f in flags_from_options(options)]
    return lines


# ---------------------------------------------------------------- catalog keys the code builds
# a mythos card's symbols that do something when it is drawn (a rumor's tokens are told by its line)
MYTHOS_STEPS = ("advance_omen", "reckoning", "spawn_gates", "monster_surge", "spawn_clues")
COUNT_NOUNS = ("clues", "health", "sanity", "eldritch", "health_tokens", "successes", "mysteries", "assets", "artifacts",
               "spells")
CARD_KINDS = ("asset", "artifact", "spell", "condition")
TRAITS = ("item", "trinket", "weapon", "ally", "service", "tome", "magical", "teamwork", "ritual", "incantation",
          "madness", "injury", "boon", "bane", "deal", "common", "restriction")
WHERES = ("this_card", "active_mystery", "ancient_one", "omen_green", "place")
THINGS = ("monster", "clue", "gate", "eldritch")
PREVENTED = ("detained", "delay", "delay_or_penalty")   # what an investigator is spared
BLOCKED = ("move", "close_gate")   # what a card can forbid an investigator to do
REASONS = ("effect", "final_mystery", "mysteries", "mythos_deck_empty", "awakened", "all_eliminated")
STATUSES = ("defeated", "devoured", "eliminated", "retired", "delayed")
PHASES = ("setup", "action", "encounter", "mythos")
ACTION_TYPES = ("travel", "rest", "trade", "prepare", "acquire")
ENCOUNTER_KINDS = ("location", "research", "other_world", "expedition", "rumor", "mystery", "defeated", "none")
PROMPT_KINDS = ("action", "travel_more", "acquire", "trade", "trade_ok", "roll", "combat_order", "encounter",
                "choose", "group", "pass_lead", "defeat_token", "new_investigator")
ABOUTS = ("space", "monster", "spend", "clues", "card", "discard", "give", "ticket", "skill", "omen", "gate",
          "rumor", "option", "investigator", "number", "may", "lead", "order", "improvements", "swap_spaces",
          "pay_clue")
# primitives named by one word when an option or a "may" is read out (effect_text)
PRIMITIVE_WORDS = ("delay", "move", "close_gate", "discard_possessions", "gain_ticket", "advance_doom",
                   "retreat_doom", "advance_omen", "retreat_omen", "spawn_monster", "spawn_clues", "spawn_gates",
                   "defeat_monsters", "discard_monsters", "damage_monsters", "ambush", "encounter_monster",
                   "discard_clues", "give", "trade_clues", "devour", "lost_in_time_and_space", "flip_this",
                   "discard_this", "place_eldritch", "remove_eldritch", "solve_rumor", "roll", "choose_one", "may",
                   "extra_action", "discard_gates", "move_monsters", "gain_this_clue", "discard_board_clues",
                   "remote_encounter", "special_encounter", "claim_possessions", "discard_improvements",
                   "set_omen", "place_health_token", "look_at_back", "reorder_gate_stack")


# --- /rules: the pack's entries by name in any language (bot.games.lookup)
def _rules_extra() -> list:
    """`/rules` entries the pack does not list: the five skills."""
    from bot.games.lookup import catalog_names
    return [(f"skill:{sk}", catalog_names(f"{K}.skill.{sk}"), "") for sk in SKILLS]


def _rules_describe(entry_id: str, lang: str) -> str:
    """Words for an entry without a summary: a skill, a map space and its paths."""
    if entry_id.startswith("skill:"):
        return t(lang, f"{K}.rules.skill", skill=skill(lang, entry_id.split(":", 1)[1]))
    if entry_id in _pack()["space"]:
        paths = _rules().C.adj.get(entry_id) or {}
        return t(lang, f"{K}.rules.space", paths=", ".join(
            f"{PATH_ICON.get(kind, '')} {space(lang, to, True)}".strip() for to, kind in sorted(paths.items())) or "—")
    return ""


rules_lookup, rules_autocomplete = pack_rules("eldritch", lambda lang, node: text_of(lang, node), extra=_rules_extra,
                                             missing=_rules_describe)



# the panel words the group decisions a member may advise on (cogs/group adds only the select)
QUESTIONS_IN_PANEL = True
