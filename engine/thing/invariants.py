"""Invariants every reachable state of The Thing satisfies (used by tests and `simulate`)."""
from __future__ import annotations

from collections import Counter

from engine.thing.common import INFECTED, INFECTED_ROLE, THING, THING_ROLE


def card_locations(state, rules) -> Counter:
    """Where every card is; ``rules`` (the ThingRules checked) names the obstacle cards of its pack."""
    where = Counter(state["deck"]) + Counter(state["discard"])
    for hand in state["hands"].values():
        where.update(hand)
    for cards in state.get("out_of_play", {}).values():  # the burned Thing's «Нечто» (R29)
        where.update(cards)
    where[rules.quarantine_card] += len(state["quarantine"])
    where[rules.door_card] += sum(state["doors"])
    for frame in state["stack"]:
        if frame["k"] == "keep":  # Persistence's drawn cards wait in the frame
            where.update(frame["cards"])
        if frame["k"] == "discard_card":  # a panic card being resolved
            where[frame["card"]] += 1
    return +where


def violations(state, rules) -> list[str]:
    problems = []
    if card_locations(state, rules) != Counter(state["composition"]):
        diff = (card_locations(state, rules) - Counter(state["composition"])) + \
               (Counter(state["composition"]) - card_locations(state, rules))
        problems.append(f"cards not conserved: {dict(diff)}")
    holders = [p for p, hand in state["hands"].items() for c in hand if c == THING]
    thing_cards = card_locations(state, rules)[THING]
    if thing_cards != 1:
        problems.append(f"{thing_cards} Thing cards exist")
    for p in holders:
        if state["roles"][p] != THING_ROLE:
            problems.append(f"{p} holds The Thing but is {state['roles'][p]}")
    # R29: one Thing per game, ever. Its card never reaches the discard pile (it can never be
    # discarded); it lies in the deck only before anyone drew it (advanced rule 1); a burned
    # Thing keeps it out of play, so it can never be drawn again.
    things = [p for p in state["players"] if state["roles"][p] == THING_ROLE]
    if len(things) > 1:
        problems.append(f"{len(things)} Things: {things}")
    if THING in state["discard"]:
        problems.append("the Thing card is in the discard pile")
    if THING in state["deck"] and things:
        problems.append("the Thing card is in the deck although there is a Thing")
    out_of_play = state.get("out_of_play", {})
    for p, cards in out_of_play.items():
        if p not in state["eliminated"] or cards != [THING] or state["roles"][p] != THING_ROLE:
            problems.append(f"out of play for {p}: {cards}")
    for p in things:
        if p in state["eliminated"] and out_of_play.get(p) != [THING]:
            problems.append(f"the burned Thing {p} does not keep the Thing card out of play")
    # only the Thing infects: every infection was made by the (one) Thing, and every infected
    # player was infected exactly once
    for infection in state["infections"]:
        if state["roles"].get(infection["by"]) != THING_ROLE:
            problems.append(f"{infection['player']} infected by {infection['by']}, who is not the Thing")
    infected = sorted(i["player"] for i in state["infections"])
    if infected != sorted(p for p in state["players"] if state["roles"][p] == INFECTED_ROLE):
        problems.append(f"infected players {infected} do not match the roles")
    for p in state["seats"]:
        role = state["roles"][p]
        if role == INFECTED_ROLE and INFECTED not in state["hands"][p]:
            problems.append(f"infected {p} holds no Infected! card")
        if role == THING_ROLE and THING not in state["hands"][p]:
            problems.append(f"the Thing {p} lost the Thing card")
    for p in state["eliminated"]:
        if state["hands"][p]:
            problems.append(f"eliminated {p} still holds cards")
    if len(state["doors"]) != len(state["seats"]):
        problems.append("door gaps do not match seats")
    for p in state["quarantine"]:
        if p not in state["seats"]:
            problems.append(f"quarantine on a player who is not seated: {p}")
    return problems
