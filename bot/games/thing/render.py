"""Rendering of The Thing for Discord: table embed, public log lines, private notes, option labels.

Pure functions of (state/events, language, names): no rule is decided here.
"""
from __future__ import annotations

import re
from functools import lru_cache

import discord

from bot.games import common
from bot.games.lookup import pack_rules
from bot.i18n import t
from bot.seats import mention, plain  # a member by mention, a Keeper player by its name
from engine.thing.common import HUMAN, INFECTED, INFECTED_ROLE
from engine.thing.content import default_pack
from engine.core.events import is_public, visible_to
from engine.core.flow import frame_of
from engine.registry import rules_for

GAME = "thing"
COLOUR = discord.Colour.dark_teal()


# the table embed's "Waiting for" field names who the game waits for (never cut short, unlike
# the end of a long message): the live message says it there only (bot.publisher)
WAITING_IN_TABLE = True


def card_name(lang: str, cid: str) -> str:
    """A card's name from The Thing's content pack, in the seeds' terms."""
    found = default_pack().cards.get(cid)
    return getattr(found.names, lang) if found is not None else cid


# a sentence ending in a card's name that ends in its own mark («Мимо!», «Раз, два...»)
_STOP_AFTER_MARK = re.compile(r"(!|\?|\.\.\.|…)(\*\*)?\.$")


def one_stop(text: str) -> str:
    """``text`` without the full stop after a card name's own "!", "?" or "..." at its end
    («отвечает картой **Мимо!**.» reads «…**Мимо!**»)."""
    return _STOP_AFTER_MARK.sub(r"\1\2", text)


def card(lang, cid) -> str:
    return card_name(lang, cid)


def cards(lang, cids) -> str:
    """A list of cards, each name in «» at a uk/ru table: «Нет уж, спасибо!» has a comma of its
    own, and «Заражение!, Нет уж, спасибо!, Виски» read as four cards."""
    return ", ".join(t(lang, "thing.private.quoted", card=card(lang, c)) for c in cids) if cids \
        else t(lang, "thing.panel.empty")


def kind_text(lang, kind) -> str:
    if kind == "blind_date":  # the card named as a card, as choose_for names its card
        return t(lang, "thing.kinds.blind_date", card=card(lang, _card_doing("swap_with_deck")))
    return t(lang, f"thing.kinds.{kind}")


# ---------------------------------------------------------------- public
def public_line(ev: dict, lang: str) -> str | None:
    kind = ev["type"]
    key = f"thing.event.{kind}"
    p = {k: (mention(v) if k in ("player", "from", "to", "target", "by", "first_player", "beyond") and v else v)
         for k, v in ev.items() if k not in ("type", "audience", "reveal")}
    if "card" in ev and ev["card"]:
        p["card"] = card(lang, ev["card"])
    if kind == "turn_ended":
        return None
    if kind == "game_started":
        p["seats"] = " → ".join(mention(s) for s in ev["seats"])
    elif kind == "card_discarded" and ev.get("count"):
        key = "thing.event.card_discarded_many"
    elif kind in ("event_drawn", "panic_skipped") and ev.get("count", 1) > 1:  # merged: merged()
        key = f"thing.event.{kind}_many"
    elif kind == "exchange_offered" and ev.get("redirected"):  # merged: merged()
        key = "thing.event.exchange_offered_instead"
    elif kind == "defended":
        # a card that looks at the card refused (Scary) says so, before its draw, as the card orders
        # them (nt19: «відповідає картою **Страх** і бере карту події» told the table nothing of the look)
        peeks = any(e.name == "peek_offered_card" for e in _effects(ev.get("card")))
        key = "thing.event.defended" + ("_drew" if ev.get("drew") else "") + ("_peek" if peeks else "")  # drew: merged()
    elif kind == "pass_chosen" and len(ev.get("players") or ()) > 1:  # merged: merged()
        key = "thing.event.pass_chosen_many"
        p["players"] = ", ".join(mention(pid) for pid in ev["players"])
    elif kind == "card_played":
        if "obstacle" in ev and ev["obstacle"] == "door" or ("side" in ev and "beyond" in ev):
            key = "thing.event.card_played_side"
        elif ev.get("target"):
            key = "thing.event.card_played_target"
    elif kind == "no_exchange":
        key, more = _no_exchange(ev)
        p.update(more)
    elif kind == "nothing_happens":
        key, more = _nothing_happens(ev)
        p.update(more)
    elif kind in ("exchanged", "seats_swapped"):
        p["a"], p["b"] = mention(ev["players"][0]), mention(ev["players"][1])
    elif kind == "seats_paired" and ev.get("pairs"):  # who with whom (nt18b: the board alone told it)
        key = "thing.event.seats_paired_stays" if ev.get("stays") else "thing.event.seats_paired_named"
        p["pairs"] = ", ".join(f"{mention(a)} ↔ {mention(b)}" for a, b in ev["pairs"])
        p["stays"] = mention(ev["stays"]) if ev.get("stays") else None
    elif kind in ("door_placed", "door_removed"):
        p["a"], p["b"] = mention(ev["between"][0]), mention(ev["between"][1])
    elif kind == "hand_shown":
        if ev.get("to") != "all":
            return None
        key = "thing.event.hand_shown_all"
        p["cards"] = cards(lang, ev["cards"])
    elif kind == "game_over":
        p["reason"] = t(lang, f"thing.reason.{ev['reason']}")
        p["winners"] = ", ".join(mention(w) for w in ev["winners"]) or "—"
        return t(lang, key, **p)   # every role is told in the final table's result, below it
    text = one_stop(t(lang, key, **p))
    if kind in ("event_drawn", "panic_skipped"):  # told as one with the next: merged()
        return common.Line(text, event=ev)
    if kind == "exchange_offered" and ev.get("redirected"):  # tells the redirect: it stays
        return text
    if kind == "exchange_offered":  # the offer stands until the exchange is made
        return common.Line(text, opens=f"exchange:{ev.get('from')}:{ev.get('to')}")
    if kind == "exchanged":
        return common.Line(text, settles="exchange:{}:{}".format(*ev["players"]))
    if kind == "pass_chosen":  # who has chosen, until everyone passes
        return common.Line(text, opens="pass")
    if kind == "cards_passed":
        return common.Line(text, settles="pass")
    if kind in ("card_played", "panic_drawn"):  # its discard is told at its end: card_resolved
        return common.Line(text, gathers=f"card:{ev.get('card')}")
    if kind == "card_resolved":
        return common.Line(text, joins=f"card:{ev.get('card')}", tail=t(lang, "thing.event.then_discarded"))
    return text or None


def _no_exchange(ev: dict) -> tuple[str, dict]:
    """Why an exchange does not happen, as the table sees it (the rulebook: «Если что-либо
    препятствует обмену картами с соседним игроком (например, «Заколоченная дверь» или
    «Карантин»), вы не меняетесь картами»): the door and whom it stands between, or who is in
    quarantine; Missed! with the offerer next after the refuser. A player with no card they may
    give (R8) stays unnamed: that would tell the table about their hand."""
    base = "thing.event.no_exchange"
    if ev.get("reason") == "missed" and ev.get("from") == ev.get("to"):
        return f"{base}_back", {"after": mention(ev.get("after"))}
    door, quarantined = ev.get("door"), ev.get("quarantined") or []
    if door:
        if set(door) == {ev.get("from"), ev.get("to")}:
            return f"{base}_door_between", {}
        return f"{base}_door", {"a": mention(door[0]), "b": mention(door[1])}
    if len(quarantined) > 1:
        return f"{base}_quarantine_both", {}
    if quarantined:
        return f"{base}_quarantine", {"quarantined": mention(quarantined[0])}
    if ev.get("reason") == "none":
        return f"{base}_secret", {}
    return base, {}


def _nothing_happens(ev: dict) -> tuple[str, dict]:
    """Why a panic card does nothing: who is in quarantine (R3, One, Two...), or that the table
    has no obstacle of the kind it discards."""
    base = "thing.event.nothing_happens"
    if ev.get("alone"):
        return f"{base}_alone", {"alone": mention(ev["alone"])}
    if len(ev.get("quarantined") or ()) > 1:
        return f"{base}_quarantine_both", {"a": mention(ev["quarantined"][0]), "b": mention(ev["quarantined"][1])}
    if ev.get("quarantined"):
        return f"{base}_quarantine", {"quarantined": mention(ev["quarantined"][0])}
    if ev.get("kinds") in (["door"], ["quarantine"]):
        return f"{base}_no_{ev['kinds'][0]}", {}
    return base, {}


def public_lines(events: list[dict], lang: str) -> list[str]:
    return common.public_lines(draws_together(events), lang, lambda ev: public_line(ev, lang),
                               hand_button_label(lang), merge=merged)


_DRAWS = ("event_drawn", "panic_skipped")


def draws_together(events: list[dict]) -> list[dict]:
    """``events`` with one player's draw of several cards told as two lines, not as many as it
    had turns: the panic cards it discarded unseen first, then the event cards it drew (nft16
    T8: «Карта паники… / X берёт карту события. / Карта паники… / X берёт 2 карты события.» was
    one «Упорство»). After a defence too the panic cards come first, as they happened (nt18: «…
    отвечает картой **Мимо!** и берёт карту события.» above «Карта паники уходит в сброс…» read
    backwards); the defence takes its draw into its line only when no panic card came between
    (:func:`merged`). Only the public draws of one unbroken run swap places; every other event
    stays where it is."""
    out = list(events)
    i = 0
    while i < len(out):
        if not (is_public(out[i]) and out[i]["type"] in _DRAWS):
            i += 1
            continue
        player, slots, j = out[i].get("player"), [], i
        while j < len(out) and (not is_public(out[j]) or (out[j]["type"] in _DRAWS
                                                           and out[j].get("player") == player)):
            if is_public(out[j]):
                slots.append(j)
            j += 1
        run = [out[k] for k in slots]
        if len({ev["type"] for ev in run}) > 1:
            drawn = [ev for ev in run if ev["type"] == "event_drawn"]
            skipped = [ev for ev in run if ev["type"] == "panic_skipped"]
            ordered = skipped + drawn
            for k, ev in zip(slots, ordered):
                out[k] = ev
        i = j
    return out


def merged(before: dict, ev: dict) -> dict | None:
    """Cards drawn one after another by one player (Forgetfulness' three), or panic cards
    discarded unseen in a row, told as one line with how many; an exchange redirected (Missed!)
    and the offer to the new partner right after it, told as one ("The exchange goes to X
    instead." then "🔄 Y offers X an exchange." named X twice); a defence and the event card
    drawn to replace it, one line; the players who have chosen a card to pass, one line (nft16:
    «🤖 Keeper 1 выбирает карту для передачи.» three times, one line a player)."""
    if before["type"] == "defended" and ev["type"] == "event_drawn" and ev.get("player") == before.get("player") \
            and not before.get("drew") and ev.get("count", 1) == 1:
        return {**before, "drew": True}   # the defence card's replacement (nf12: it stood alone below)
    if before["type"] == "exchange_redirected" and ev["type"] == "exchange_offered" \
            and (before.get("from"), before.get("to")) == (ev.get("from"), ev.get("to")):
        return {**ev, "redirected": True}
    if before["type"] == ev["type"] == "pass_chosen":   # Chain Reaction: who has chosen, one line
        return {**before, "players": (before.get("players") or [before.get("player")]) + [ev.get("player")]}
    if ev["type"] == before["type"] and ev["type"] in ("event_drawn", "panic_skipped") \
            and ev.get("player") == before.get("player"):
        return {**before, "count": before.get("count", 1) + ev.get("count", 1)}  # either may be told as one
    return None


def waiting_lines(waiting: list[dict], lang: str) -> list[str]:
    """The line a posting pings members with (the table's own field, WAITING_IN_TABLE, names who
    is waited for and for what; an embed never notifies, so the posting's text must mention
    them): one line naming them and the button their decision is behind, not a second "⏳ X:
    answer the exchange" beside the table's "Waiting for X (answer the exchange)" (nft16 T7)."""
    players = list(dict.fromkeys(prompt["player"] for prompt in waiting))
    if not players:
        return []
    return [t(lang, "thing.event.your_decision", players=", ".join(mention(p) for p in players),
              button=hand_button_label(lang))]


# ---------------------------------------------------------------- private
def private_line(ev: dict, player: str, lang: str) -> str | None:
    line = _private_line(ev, player, lang)
    return one_stop(line) if line else line


def _private_line(ev: dict, player: str, lang: str) -> str | None:
    kind = ev["type"]
    if kind == "hand_dealt":
        return t(lang, "thing.private.hand_dealt", cards=cards(lang, ev["cards"]))
    if kind == "role_told":
        return t(lang, f"thing.private.role_{ev['role']}")
    if kind == "card_drawn":
        return t(lang, "thing.private.card_drawn", card=card(lang, ev["card"]))
    if kind == "you_discarded":
        discarded = ev.get("cards") or [ev["card"]]
        quoted = [t(lang, "thing.private.quoted", card=card(lang, c)) for c in discarded]
        if len(quoted) == 1:
            return t(lang, "thing.private.you_discarded_one", card=quoted[0])
        return t(lang, "thing.private.you_discarded", cards=", ".join(quoted))
    if kind == "card_received":
        return t(lang, "thing.private.card_received", card=card(lang, ev["card"]), **{"from": mention(ev["from"])})
    if kind == "infected":
        if ev["player"] == player:
            return t(lang, "thing.private.infected_you", by=mention(ev["by"]))
        return t(lang, "thing.private.infected_thing", player=mention(ev["player"]))
    if kind == "offered_card_seen":
        return t(lang, "thing.private.offered_card_seen", card=card(lang, ev["card"]),
                 **{"from": mention(ev["from"])})
    if kind == "card_seen":
        return t(lang, "thing.private.card_seen", owner=mention(ev["owner"]), card=card(lang, ev["card"]))
    if kind == "hand_shown":
        return t(lang, "thing.private.hand_seen", player=mention(ev["player"]), cards=cards(lang, ev["cards"]))
    if kind == "you_kept":
        return t(lang, "thing.private.you_kept", card=card(lang, ev["card"]), discarded=cards(lang, ev["discarded"]))
    if kind == "declare_wins":
        return t(lang, "thing.private.declare_wins", button=t(lang, "thing.panel.declare"))
    if kind == "you_gave_to_deck":
        return t(lang, "thing.private.you_gave_to_deck", card=card(lang, ev["card"]))
    return None


def private_events_for(events: list[dict], player: str) -> list[dict]:
    """Events only some players may see, that ``player`` may see; Scary's look at the refused card
    told before its replacement, as the card orders them («посмотрите карту… Возьмите карту
    взамен»; nt19: «Ви взяли карту…» came first). The engine draws first; its events stay as they are."""
    out = [ev for ev in events if not is_public(ev) and visible_to(ev, player)]
    for i in range(len(out) - 1):
        drawn, seen = out[i], out[i + 1]
        if drawn["type"] == "card_drawn" and drawn.get("why") == "defence" \
                and seen["type"] == "offered_card_seen" and seen.get("player") == drawn.get("player"):
            out[i], out[i + 1] = seen, drawn
    return out


def private_lines(events: list[dict], player: str, lang: str) -> list[str]:
    return [line for ev in private_events_for(events, player) for line in [private_line(ev, player, lang)]
            if line]


# ---------------------------------------------------------------- table
def table_embed(state: dict, names: dict, lang: str) -> discord.Embed:
    view = rules_for(GAME).view(state, None)
    over = view["result"] is not None
    title = t(lang, "thing.table.finished") if over else t(lang, "thing.table.title", turn=view["turn"]["number"])
    embed = discord.Embed(title=title, colour=COLOUR)
    seats = view["seats"]
    current = view["turn"]["player"] if view["turn"] and not over else None  # a finished game: nobody's turn
    doors = {tuple(pair) for pair in view["doors"]}
    lines = []
    for i, pid in enumerate(seats):
        marks = [t(lang, "thing.table.cards", count=view["hand_counts"][pid])]
        if pid in view["quarantine"]:
            marks.append(t(lang, "thing.table.quarantine", turns=view["quarantine"][pid]))
        pointer = "▶" if pid == current else "•"
        lines.append(f"{pointer} {mention(pid)} — " + ", ".join(marks))
        nxt = seats[(i + 1) % len(seats)]
        if (pid, nxt) in doors and len(seats) > 1:
            lines.append(f"   {t(lang, 'thing.table.door')}")
    for pid in view["eliminated"]:
        lines.append(f"~~{mention(pid)}~~ {t(lang, 'thing.table.out')}")
    direction = t(lang, "thing.table.clockwise" if view["direction"] == 1 else "thing.table.counterclockwise")
    embed.add_field(name=t(lang, "thing.table.seats", direction=direction), value="\n".join(lines)[:1024],
                    inline=False)
    nxt = view["next_card"]
    next_text = t(lang, f"thing.table.next_{nxt}" if nxt else "thing.table.next_none")
    embed.add_field(name=t(lang, "thing.table.deck"),
                    value=t(lang, "thing.table.deck_value", count=view["deck_size"], next=next_text))
    embed.add_field(name=t(lang, "thing.table.discard"), value=str(view["discard_size"]))
    if over:
        result = view["result"]
        # whole by itself (`/game status` shows it alone): why, who won, every role (the log's line
        # said only why and who)
        winners = ", ".join(mention(w) for w in result["winners"]) or "—"
        roles = "\n".join(f"{mention(pid)}: {t(lang, 'role.' + role)}" for pid, role in result["roles"].items())
        embed.add_field(name=t(lang, "thing.table.result"),
                        value=f"{_capital(t(lang, 'thing.reason.' + result['reason']))}\n🏆 {winners}{_not_winning(result, lang)}"
                              f"\n{roles}"[:1024],
                        inline=False)
    else:
        waiting = [f"{mention(w['player'])} ({kind_text(lang, w['kind'])})" for w in view["waiting_for"]]
        embed.add_field(name=t(lang, "thing.table.waiting"),
                        value=(", ".join(dict.fromkeys(waiting)) or t(lang, "thing.table.nobody"))[:1024],
                        inline=False)
    return embed


def _not_winning(result: dict, lang: str) -> str:
    """Why a living infected player is not among the Thing's winners (the rulebook's §Б: the
    last human converted loses; special case 1: the Thing alone wins), on its own line; nt18b:
    «Переможці: …» left one living «Заражений» out with no word why."""
    if result.get("thing_alone"):
        return "\n" + t(lang, "thing.table.thing_alone")
    if result.get("last_infected"):
        return "\n" + t(lang, "thing.table.last_infected_loses", player=mention(result["last_infected"]))
    return ""


# ---------------------------------------------------------------- panel (private)
def option_label(option: dict, state: dict, names: dict, lang: str) -> str:
    kind = option["type"]
    name = lambda pid: names.get(pid, pid)  # noqa: E731
    c = card(lang, option["card"]) if "card" in option else ""
    if kind == "play":
        if option.get("obstacle") == "quarantine":
            return t(lang, "thing.option.axe_quarantine", card=c, target=name(option["target"]))
        if "side" in option:
            beyond = rules_for(GAME).neighbour(state, option["player"], option["side"])
            key = "thing.option.axe_door" if option.get("obstacle") == "door" else "thing.option.play_side"
            return t(lang, key, card=c, target=name(beyond))
        if "target" in option:
            return t(lang, "thing.option.play_target", card=c, target=name(option["target"]))
        return t(lang, "thing.option.play", card=c)
    if kind == "choose":  # the button says what choosing this player does (the panic card's effect)
        return t(lang, f"thing.option.choose_{_choice_effect(state)}", target=name(option["target"]))
    if kind == "discard_set":
        return t(lang, "thing.option.discard_set", cards=cards(lang, option["cards"]))
    if kind == "reveal":
        return t(lang, f"thing.option.reveal_{option['what']}")
    played = _played_on(state) if kind in ("accept", "defend") else None
    if played is not None and played.get("target") == option.get("player", played.get("target")):
        # a card played on the member: defending saves them; not defending lets it happen
        # («он выбывает из игры», 003_cfc0c87e135148c5.txt:147)
        if kind == "defend":
            return t(lang, "thing.option.defend_played", card=c)
        response = getattr(default_pack().cards.get(played["card_played"]), "response", None)
        if response in ("burn", "swap"):
            return t(lang, f"thing.option.accept_{response}", card=card(lang, played["card_played"]),
                     player=name(played["by"]))
    return t(lang, f"thing.option.{kind}", card=c)


def option_description(option: dict, state: dict, names: dict, lang: str) -> str | None:
    """What a card played or played in defence does (its text as the pack reads it out); for the
    drawer's choices of a panic card (a player, a card for Blind Date, their own reveal or pass),
    the panic card's text likewise. Another player's reveal or pass gets none: the text speaks to
    the drawer («Ваш ход заканчивается»)."""
    from bot.games.thing.effect_text import card_text
    kind = option.get("type")
    if kind == "discard_set":   # Forgetful's pick of cards to discard: its card, named, and its text
        cid = _card_doing("discard_and_draw")
        return t(lang, "thing.private.card_says", card=card(lang, cid), text=card_text(lang, default_pack().cards[cid]))
    cid = option.get("card") if kind in ("play", "defend") else _panic_choice_card(option, state)
    found = default_pack().cards.get(cid) if cid else None
    return card_text(lang, found) if found is not None else None


# a panic choice's option type -> the effect of the panic card it answers
_PANIC_CHOICES = {"swap_with_deck": "swap_with_deck", "reveal": "revelations", "pass": "pass_cards"}


def _panic_choice_card(option: dict, state: dict) -> str | None:
    """The panic card whose choice ``option`` is, when the drawer makes it."""
    kind = option.get("type")
    if kind == "choose":
        frame = next((f for f in reversed(state.get("stack") or []) if f.get("k") == "choose"), None)
        return frame.get("purpose") if frame else None
    turn = state.get("turn") or {}
    if kind in _PANIC_CHOICES and option.get("player") == turn.get("player"):
        return _card_doing(_PANIC_CHOICES[kind])
    return None


def _decision_text(prompt: dict, state: dict, names: dict, lang: str) -> str:
    """What the member decides: a card played on them names the card and who played it; an
    exchange names the partner (whom the card offered or given goes to); a panic card's choice
    of a player names the card."""
    kind = prompt["kind"]
    if kind == "respond" and prompt.get("card_played") and prompt.get("by"):
        return t(lang, "thing.kinds.respond_to", card=card(lang, prompt["card_played"]),
                 player=names.get(prompt["by"], prompt["by"]))
    frame = frame_of(state, prompt)
    partner = frame.get("to") if kind == "offer" else frame.get("from") if kind == "answer" else None
    if partner and kind == "answer":  # what started it, as the table was told
        origin = _exchange_origin(frame, lang)
        return t(lang, origin.pop("key"), player=names.get(partner, partner), **origin)
    if partner and frame.get("redirected"):  # Missed!: why the partner changed (nt18b)
        return t(lang, "thing.kinds.offer_missed", player=names.get(partner, partner),
                 card=card(lang, _card_doing("redirect_exchange")))
    if partner:
        return t(lang, f"thing.kinds.{kind}_with", player=names.get(partner, partner))
    receiver = (frame.get("to") or {}).get(prompt["player"]) if kind == "pass" else None
    if receiver:  # Chain Reaction: whom the card goes to (the next player in the round)
        return t(lang, "thing.kinds.pass_to", player=names.get(receiver, receiver))
    if kind == "choose" and prompt.get("purpose"):
        return t(lang, "thing.kinds.choose_for", card=card(lang, prompt["purpose"]))
    if kind == "revelation" and frame.get("order"):  # Revelations: the card, and whose (nt19)
        drawer, named = frame["order"][0], card(lang, _card_doing("revelations"))
        if drawer == prompt["player"]:  # the panel's help gives the card's text to its drawer
            return t(lang, "thing.kinds.revelation_own", card=named)
        # another player has no help (the text speaks to the drawer): the round and its end, here
        return t(lang, "thing.kinds.revelation_round", card=named, player=names.get(drawer, drawer))
    if kind == "forgetful":  # the panic card, and that as many event cards follow the discard
        return t(lang, "thing.kinds.forgetful_for", card=card(lang, _card_doing("discard_and_draw")),
                 cards=t(lang, "thing.table.cards", count=prompt["subset"]["min"]))
    return kind_text(lang, kind)


def _exchange_origin(frame: dict, lang: str) -> dict:
    """What started the exchange the member answers, all of it told at the table: Missed! passed
    it on to them, a card asked for it (Seduction, Can't We Be Friends?), or it is the end-of-turn
    exchange (step 3)."""
    if frame.get("redirected"):
        return {"key": "thing.kinds.answer_missed", "card": card(lang, _card_doing("redirect_exchange"))}
    if frame.get("reason") in default_pack().cards:
        return {"key": "thing.kinds.answer_card", "card": card(lang, frame["reason"])}
    return {"key": "thing.kinds.answer_turn"}


def _effects(cid: str | None) -> tuple:
    found = default_pack().cards.get(cid) if cid else None
    return tuple(getattr(found, "effects", None) or ())


@lru_cache(maxsize=None)
def _card_doing(effect: str) -> str:
    """The pack's card with ``effect`` (a panic frame that does not carry its card: Forgetful's
    discard, Blind Date's swap with the deck, Revelations, Round and Round; data/thing/cards.yaml)."""
    return next(cid for cid, c in default_pack().cards.items()
                if any(e.name == effect for e in getattr(c, "effects", None) or ()))


def _choice_effect(state: dict) -> str:
    """What a panic card's chosen player gets: a seat swap, an exchange or a look at the hand."""
    frame = next((f for f in reversed(state.get("stack") or []) if f.get("k") == "choose"), None)
    found = default_pack().cards.get(frame["purpose"]) if frame else None
    effects = [e.name for e in found.effects] if found is not None else []
    return next((e for e in ("swap_seats", "exchange", "show_hand") if e in effects), "player")


def _played_on(state: dict) -> dict | None:
    """The card played on a member that waits for their answer (a response window's frame)."""
    top = (state.get("stack") or [None])[-1]
    return top if top and top.get("k") == "respond" else None


def item_label(spec: dict, item, state: dict, names: dict, lang: str) -> str:
    """One id of a subset choice: the Thing's subsets are cards."""
    return card(lang, item)


def free_action_label(action: dict, lang: str) -> str:
    """The button of an action outside any decision (the Thing's declaration)."""
    return t(lang, f"thing.panel.{action['type']}")


def free_action_confirm(action: dict, lang: str, state: dict | None = None,
                        player: str | None = None) -> tuple[str, str] | None:
    """(question, confirm-button label) when the action needs a second click, else None. The
    declaration (R12: at any time) ends the game: the question tells the Thing what it knows
    already (it alone knows every role), the humans still at the table, or that none is left."""
    if action["type"] != "declare":
        return None
    humans = _humans_left(state, player)
    if humans is None:
        question = t(lang, "thing.panel.declare_confirm")
    elif humans:
        question = t(lang, "thing.panel.declare_confirm_humans", players=", ".join(mention(h) for h in humans))
    else:
        question = t(lang, "thing.panel.declare_confirm_none")
    return question, t(lang, "thing.panel.declare_yes")


def _humans_left(state: dict | None, player: str | None) -> list[str] | None:
    """The living humans as the Thing ``player`` knows them from its own view (every infection
    is its own doing); None for anyone else."""
    if state is None or player is None:
        return None
    view = rules_for(GAME).view(state, player)
    me = view.get("you") or {}
    if me.get("role") != "thing":
        return None
    return [q for q in view["seats"] if q != player and q not in me.get("infected", [])]


def table_picture(state: dict, names: dict, lang: str) -> bytes:
    """The table drawn with Pillow (seats, doors, quarantines, direction, whose turn), its words
    from the catalogs."""
    from bot.games.thing.picture import render_table

    return render_table(rules_for(GAME).view(state, None), names, lang, picture_labels(lang))


def picture_labels(lang: str) -> dict[str, str]:
    """Every word of the table picture (bot/games/thing/picture.py DEFAULT_LABELS) from the catalogs."""
    labels = {"turn": t(lang, "thing.table.title", turn="{turn}"), "game_over": t(lang, "thing.table.finished"),
              "deck": t(lang, "thing.table.deck"), "discard": t(lang, "thing.table.discard"),
              "next_event": t(lang, "thing.table.next_event"), "next_panic": t(lang, "thing.table.next_panic"),
              "door": t(lang, "thing.table.door"), "eliminated": t(lang, "thing.table.out"),
              "clockwise": t(lang, "thing.table.clockwise"),
              "counterclockwise": t(lang, "thing.table.counterclockwise"),
              "team_humans": t(lang, "thing.table.team_wins_humans"),
              "team_thing": t(lang, "thing.table.team_wins_thing"),
              "thing_alone_wins": t(lang, "thing.table.thing_alone_wins"),
              "last_infected_loses": t(lang, "thing.table.last_infected_loses", player="{player}"),
              "thing_alone": t(lang, "thing.table.thing_alone")}
    labels.update({f"quarantine_{n}": t(lang, "thing.table.quarantine", turns=n) for n in (1, 2, 3)})
    # the reasons start lower-case (they follow «Гру закінчено:» in the log); here they open a sentence
    labels.update({f"reason_{r}": _capital(t(lang, f"thing.reason.{r}")) for r in
                   ("thing_burned", "declared_true", "declared_false", "revenge_humans", "revenge_infected")})
    labels.update({f"role_{r}": t(lang, f"role.{r}") for r in ("human", "thing", "infected")})
    return labels


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def table_digest(state: dict, names: dict, lang: str) -> str:
    """Changes exactly when the table (embed and picture) would look different."""
    return common.table_digest(rules_for(GAME).view(state, None), names, lang)


def log_section(state: dict) -> str:
    """A player's turn is one message of the channel log."""
    return f"turn {(state.get('turn') or {}).get('number', 0)}"


def hand_button_label(lang: str) -> str:
    return t(lang, "thing.table.hand_button")


def status_line(state: dict, lang: str) -> str:
    """Where the game stands, for /game status (the caller adds who is waited for)."""
    return str(state["turn"]["number"]) if state.get("turn") else "—"


def lobby_lines(options: dict, lang: str) -> list[str]:
    """The lobby's list of chosen options."""
    lines = [flag_label(f, lang) for f in flags_from_options(options)]
    lines += [number_label(option, options[option], lang) for option in LOBBY_NUMBERS if options.get(option)]
    return lines


# Lobby toggles: flag -> (option of ThingOptions, value when ticked)
LOBBY_FLAGS = {
    "thing_in_deck": ("thing_in_deck", True),
    "weapons_in_deck": ("weapons_in_deck", True),
    "neighbours_only": ("neighbours_only", True),
    "revenge": ("revenge", True),
    "quarantine_two": ("quarantine_turns", 2),
    "missed_no_infection": ("missed_infects", False),
    "friends_ends_turn": ("friends_ends_turn", True),
    "blind_date_to_discard": ("blind_date_to_discard", True),
    "auto_end_no_humans": ("auto_end_no_humans", True),
}


# Numeric lobby options: option -> (lowest, highest) value
LOBBY_NUMBERS = {"infected_count": (1, 40)}


def number_label(option: str, value: int | None, lang: str) -> str:
    if value is None:   # the rulebook's own count, which the menu's first choice keeps
        return t(lang, f"thing.option_names.{option}_default")
    return t(lang, f"thing.option_names.{option}", count=value)


def flag_label(flag: str, lang: str) -> str:
    return t(lang, f"thing.option_names.{flag}")


def flags_from_options(options: dict) -> list[str]:
    return [flag for flag, (key, value) in LOBBY_FLAGS.items() if options.get(key) == value]


def options_from_flags(flags, options: dict) -> dict:
    """The lobby's options after the toggles ``flags`` were chosen (others kept)."""
    kept = {k: v for k, v in options.items() if k not in {key for key, _ in LOBBY_FLAGS.values()}}
    return {**kept, **{LOBBY_FLAGS[f][0]: LOBBY_FLAGS[f][1] for f in flags if f in LOBBY_FLAGS}}


def panel_embed(state: dict, player: str, names: dict, lang: str, news: list[str]) -> discord.Embed:
    view = rules_for(GAME).view(state, player)
    me = view["you"]
    embed = discord.Embed(title=t(lang, "thing.panel.title"), colour=COLOUR)
    lines = [t(lang, "thing.panel.role", role=t(lang, "role." + me["role"]))]
    if me["role"] == "thing":
        infected = me.get("infected") or []
        lines.append(t(lang, "thing.panel.infected_list", players=", ".join(mention(p) for p in infected))
                     if infected else t(lang, "thing.panel.infected_none"))
    if me["role"] == "infected":
        lines.append(t(lang, "thing.panel.infected_by", player=mention(me["infected_by"])))
    if not me["alive"]:
        lines.append(t(lang, "thing.panel.out"))
    embed.description = "\n".join(lines)
    embed.add_field(name=t(lang, "thing.panel.hand"), inline=False,
                    value=cards(lang, me["hand"]) if me["hand"] else t(lang, "thing.panel.hand_empty"))
    if "offered" in me:
        embed.add_field(name="…", value=t(lang, "thing.panel.offered", card=card(lang, me["offered"])))
    if "choosing_from" in me:
        embed.add_field(name="…", value=t(lang, "thing.panel.choosing_from", cards=cards(lang, me["choosing_from"])))
    if "passing" in me:
        embed.add_field(name="…", value=t(lang, "thing.panel.passing", card=card(lang, me["passing"])))
    if news:
        embed.add_field(name=t(lang, "thing.panel.news"), value="\n".join(news)[-1024:], inline=False)
    prompts = me["prompts"]
    decision = (t(lang, "thing.panel.decision", kind=_decision_text(prompts[0], state, names, lang)) if prompts
                else t(lang, "thing.panel.no_decision"))
    kept = _infected_kept(me, prompts[0]) if prompts else None
    if kept:
        decision += "\n" + t(lang, f"thing.panel.infected_kept_{kept}")
    embed.set_footer(text=plain(decision))   # a footer shows no markdown: a name's escapes go
    return embed


def _infected_kept(me: dict, prompt: dict) -> str | None:
    """Why the member's Infected! card is not among the cards they may hand over (an offer, an
    answer, Round and Round's pass), by the rule of their own role, which they know: a human
    never passes it, an infected player keeps the last one and gives spares to the Thing alone
    (whom they know). The Thing may pass it to anyone: never a note."""
    if prompt["kind"] not in ("offer", "answer", "pass") or INFECTED not in me["hand"] \
            or any(o.get("card") == INFECTED for o in prompt.get("options") or ()):
        return None
    if me["role"] == HUMAN:
        return "human"
    if me["role"] == INFECTED_ROLE:
        return "last" if me["hand"].count(INFECTED) < 2 else "thing_only"
    return None


# --- /rules: the pack's entries by name in any language (bot.games.lookup)
def _describe(lang: str, node) -> str:
    from bot.games.thing.effect_text import card_text
    return card_text(lang, node)


rules_lookup, rules_autocomplete = pack_rules("thing", _describe)
