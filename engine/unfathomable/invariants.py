"""What every reachable state satisfies (checklist T184), checked after every step in simulations
and property tests (``UnfathomableRules.invariant_violations``).

* resources within their dials (0..10);
* 20 Deep Ones = supply + Depths + board, never negative, never in the Sick Bay or the Brig;
  the monarchs in the Depths or a water zone;
* 9 passenger tokens = supply + deck zones + removed, each in one place, only on deck zones;
* every skill card (6 x 21) in exactly one place: a deck, a discard pile, a hand, the chaos deck,
  the pile of a check under way, or removed from the game;
* the damage cards (9) in the deck, on the board or removed; damage only among the six
  damageable zones;
* the item cards (20) in the deck, in play areas or removed; each once;
* the mythos cards (70) in the deck, the discard, in play or being resolved (the Mythos step, Spread
  Misfortune's frame); each once — not once the game is over: the end is checked mid-effect, and
  a card held by an unfinished step leaves with the stack;
* titles held only by unrevealed players outside the Brig, unless nobody on the line qualifies
  (the fallback of checklist 141);
* loyalty cards conserved: the deck plus every player's cards is the deck built at setup;
* every player stands in a ship zone.
"""
from __future__ import annotations

from collections import Counter

from engine.unfathomable.common import BRIG, DEPTHS, SICK_BAY, SKILL_TYPES


def _once(out: list, what: str, places: dict, expected=None) -> None:
    """Each id in exactly one place; ``expected`` (a multiset) when the total is known."""
    seen: dict = {}
    counts: Counter = Counter()
    for place, ids in places.items():
        for x in ids:
            counts[x] += 1
            seen.setdefault(x, []).append(place)
    if expected is None:
        for x, where in seen.items():
            if len(where) > 1:
                out.append(f"{what} {x} in {len(where)} places: {', '.join(where)}")
        return
    if counts != expected:
        missing = expected - counts
        extra = counts - expected
        if missing:
            out.append(f"{what} missing: {sorted(missing)[:5]} ({sum(missing.values())})")
        if extra:
            dup = {x: seen[x] for x in sorted(extra)[:3]}
            out.append(f"{what} extra or duplicated: {dup} ({sum(extra.values())})")


def skill_card_places(s) -> dict:
    places = {"chaos": s["chaos"], "removed": s.get("skills_removed", []), "playing": s.get("playing", [])}
    for t in SKILL_TYPES:
        places[f"deck:{t}"] = s["decks"][t]
        places[f"discard:{t}"] = s["discards"][t]
    for p, hand in s["hands"].items():
        places[f"hand:{p}"] = hand
    for i, check in enumerate(s.get("checks", [])):
        if check.get("total") is None:   # before the reveal: chaos cards and contributions apart
            places[f"check{i}:chaos"] = check.get("chaos", [])
            places[f"check{i}:cards"] = check.get("cards", [])
            places[f"check{i}:added"] = check.get("pile", [])
        else:
            places[f"check{i}:pile"] = check.get("pile", [])
    return places


def violations(rules, s) -> list[str]:
    out: list[str] = []
    pack, board = rules.pack, rules.board
    top = pack.resources.maximum
    for r, v in s["resources"].items():
        if not 0 <= v <= top:
            out.append(f"resource {r} out of its dial: {v}")
    # Deep Ones and monarchs
    total = s["deep_one_supply"] + sum(s["deep_ones"].values())
    if total != pack.setup.deep_ones_total:
        out.append(f"{total} Deep Ones instead of {pack.setup.deep_ones_total}")
    for z, n in s["deep_ones"].items():
        if n < 0 or (n and z in (SICK_BAY, BRIG)) or (z != DEPTHS and z not in board.kind):
            out.append(f"{n} Deep Ones in {z}")
    if s["deep_one_supply"] < 0:
        out.append(f"Deep One supply {s['deep_one_supply']}")
    for m, where in s["monarchs"].items():
        if where != DEPTHS and board.kind.get(where) != "water":
            out.append(f"{m} in {where}")
    # passengers
    places = {"supply": s["passenger_supply"], "removed": s.get("passengers_removed", [])}
    for z, tokens in s["passengers"].items():
        places[f"zone:{z}"] = tokens
        if tokens and board.kind.get(z) != "deck":
            out.append(f"passengers on {z}, not a deck zone")
    _once(out, "passenger", places, Counter(list(s["passenger_faces"])))
    # skill cards: every card of the box, each once
    expected = Counter(_all_skill_cards(rules))
    _once(out, "skill card", skill_card_places(s), expected)
    # damage
    if len(s["damage"]) > 6:
        out.append(f"{len(s['damage'])} damaged zones")
    for z in s["damage"]:
        if z not in board.damageable:
            out.append(f"damage in {z}, which cannot be damaged")
    _once(out, "damage card", {"deck": s["damage_deck"], "board": list(s["damage"].values()),
                               "removed": s["damage_removed"]},
          Counter(d.id for d in pack.damage.damage_cards))
    # items
    item_places = {"deck": s["item_deck"], "removed": s.get("items_removed", [])}
    for p, items in s["items"].items():
        item_places[f"play:{p}"] = items
    if not s.get("setup_done"):   # characters still being chosen: unused starters wait in the box
        chosen = set(s["characters"].values())
        item_places["box"] = [c.starting_item for c in pack.characters.characters
                              if c.id not in chosen and c.starting_item not in s["item_deck"]]
    _once(out, "item", item_places, Counter(i.id for i in pack.items.items))
    for p, up in s["active_upgrade"].items():
        if up is not None and up not in s["items"][p]:
            out.append(f"{p}'s active Upgrade {up} is not in their play area")
    # mythos
    mythos_ids = set(rules.mythos_by_id)
    in_play = [c for cards in s["in_play"].values() for c in cards if c in mythos_ids]
    current = s.get("mythos")
    # a kept card (``kept``) is in a play area, or was discarded from there before the step ended
    resolving = [current["card"]] if current and current.get("card") and not current.get("kept") \
        and current["card"] not in in_play else []
    elsewhere = set(s["mythos_discard"]) | set(s["mythos_deck"]) | set(s.get("mythos_removed", []))
    resolving += [f["card"] for f in s["stack"] if f["k"] == "misfortune_end" and f["card"] not in in_play
                  and f["card"] not in elsewhere]   # players.py discards it only if in no pile (RULINGS X5)
    if s.get("result") is None:   # at the end, a card held by an unfinished step leaves with the stack
        _once(out, "mythos card", {"deck": s["mythos_deck"], "discard": s["mythos_discard"], "in_play": in_play,
                                   "resolving": resolving, "removed": s.get("mythos_removed", [])},
              Counter(m.id for m in pack.mythos.mythos))
    # titles
    for title, holder in s["titles"].items():
        if holder is None:
            if s.get("setup_done") and any(rules.is_human(s, p) for p in s["players"]):
                out.append(f"nobody holds the {title} title")
            continue
        if holder not in s["players"]:
            out.append(f"{title} held by {holder}, not a player")
        elif not rules.is_human(s, holder) and not rules.revealing(s, holder) and s.get("result") is None:
            # (reveal step 4 pending; a game that ended mid-reveal never reached it: RULINGS X4)
            out.append(f"{title} held by the revealed traitor {holder}")
        elif s["zone_of"].get(holder) == BRIG and not s.get("titles_fallback", {}).get(title):
            # (a title the fallback gave a Human in the Brig stays when another Human leaves the
            # Brig later: titles never move on their own, checklist 141 [R], RULINGS P5)
            line = rules.titles_by_id[title].succession
            better = [p for p in s["players"] if s["characters"].get(p) in line and rules.is_human(s, p)
                      and s["zone_of"].get(p) != BRIG]
            if better:
                out.append(f"{title} held in the Brig by {holder} while {better[0]} qualifies")
    # loyalty
    if s.get("setup_done"):
        have = Counter(s["loyalty_deck"]) + Counter(s.get("loyalty_removed", []))
        for p, cards in s["loyalty"].items():
            have += Counter(cards)
            card = s["revealed"].get(p)
            if card is not None and card not in cards:
                have[card] += 1
        want = Counter(rules.loyalty_deck_for(s))
        if have != want:
            out.append(f"loyalty cards {dict(have)} instead of {dict(want)}")
    # players
    for p in s["players"]:
        z = s["zone_of"].get(p)
        if s.get("setup_done") and z not in board.ship:
            out.append(f"{p} stands in {z}, not a ship zone")
    return out


_CARDS: dict = {}


def _all_skill_cards(rules) -> list[str]:
    key = id(rules.pack)
    if key not in _CARDS:
        from engine.unfathomable.common import card_id
        _CARDS[key] = [card_id(d.type, c.id, value, n) for d in rules.pack.skill_cards.decks for c in d.cards
                       for value, copies in sorted(c.copies.items()) for n in range(1, copies + 1)]
    return _CARDS[key]
