"""Invariants every reachable state of The Thing satisfies (used by tests and `simulate`)."""
from __future__ import annotations

from collections import Counter

from engine.thing.rules import INFECTED, INFECTED_ROLE, THING, THING_ROLE


def card_locations(state) -> Counter:
    where = Counter(state["deck"]) + Counter(state["discard"])
    for hand in state["hands"].values():
        where.update(hand)
    where["quarantine"] += len(state["quarantine"])
    where["barred_door"] += sum(state["doors"])
    for frame in state["stack"]:
        if frame["k"] == "keep":  # Persistence's drawn cards wait in the frame
            where.update(frame["cards"])
        if frame["k"] == "discard_card":  # a panic card being resolved
            where[frame["card"]] += 1
    return +where


def violations(state) -> list[str]:
    problems = []
    if card_locations(state) != Counter(state["composition"]):
        diff = (card_locations(state) - Counter(state["composition"])) + \
               (Counter(state["composition"]) - card_locations(state))
        problems.append(f"cards not conserved: {dict(diff)}")
    holders = [p for p, hand in state["hands"].items() for c in hand if c == THING]
    thing_cards = card_locations(state)[THING]
    if thing_cards != 1:
        problems.append(f"{thing_cards} Thing cards exist")
    for p in holders:
        if state["roles"][p] != THING_ROLE:
            problems.append(f"{p} holds The Thing but is {state['roles'][p]}")
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
