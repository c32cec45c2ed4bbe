"""Unfathomable («Незбагненне»): the complete rules on the engine core, one module per concern.

Spec: ../shared/rules/unfathomable.md, acceptance: ../shared/rules/unfathomable_checklist.md; the
content and its effect vocabulary: data/unfathomable/ (README). State layout (all plain data):

    players, seats          ids; seats clockwise        first_player, turn {player, number, human}
    characters {p: ch}      zone_of {p: zone}           hands {p: [skill card ids]} (common.py)
    decks/discards {type: [cards]} top = last           chaos [cards]
    resources {fuel, food, sanity, souls}               tracks {journey, ritual}, distance, course_played
    deep_ones {zone|depths: n}, deep_one_supply         monarchs {mother_hydra|father_dagon: zone|depths}
    passengers {deck zone: [tokens]}, passenger_supply [tokens] (faces: passenger_faces, secret)
    damage {zone: card}, damage_deck, damage_removed    items {p: [ids]}, active_upgrade {p: id}
    item_deck, spell_deck, course_deck, mythos_deck, mythos_discard (top = last)
    feats {p: feat|None}    titles {captain|keeper_of_the_tome: p|None}
    loyalty {p: [cards]}, loyalty_deck, revealed {p: card}, known_loyalty {p: {q: [cards]}}
    in_play {p: [mythos/spell ids]}   checks [check under way]   rolls [roll under way]
    playing [skill cards shown and resolving, discarded once resolved]
    limits [used once-per-X keys]     ctx {id: effect context}   stack, seq, rng, result
"""
from __future__ import annotations

from engine.unfathomable.content import UnfathomablePack, load
from engine.unfathomable.game import GAME
from engine.core.flow import Auto, Choice, FlowRules, SecretRound, frames
from engine.unfathomable.abilities import Abilities, Window
from engine.unfathomable.announces import ANNOUNCES, UNANNOUNCED
from engine.unfathomable.board import Board
from engine.unfathomable.cards import Cards
from engine.unfathomable.checks import Checks
from engine.unfathomable.combat import Combat
from engine.unfathomable.conditions import Conditions
from engine.unfathomable.effects import Effects
from engine.unfathomable.ending import Ending
from engine.unfathomable.loyalty import Loyalty
from engine.unfathomable.monsters import Monsters
from engine.unfathomable.position import Position
from engine.unfathomable.players import Players
from engine.unfathomable.setup import Setup
from engine.unfathomable.ship import Ship
from engine.unfathomable.tracks import Tracks
from engine.unfathomable.trade import Trade
from engine.unfathomable.decks import Decks
from engine.unfathomable.turns import Turns
from engine.unfathomable.views import Views

_PACK: UnfathomablePack | None = None


def default_pack() -> UnfathomablePack:
    global _PACK
    if _PACK is None:
        _PACK = load()
    return _PACK


class UnfathomableRules(Setup, Position, Turns, Effects, Conditions, Abilities, Checks, Combat, Cards, Monsters, Ship,
                        Tracks, Decks, Players, Loyalty, Trade, Ending, Views, FlowRules):
    game_id = "unfathomable"
    min_players, max_players = GAME.players
    # bump when a record would replay differently (2: the rescue action returns the token to the
    # supply as rescue_passengers does)
    rules_version = "2"
    announces, unannounced = ANNOUNCES, UNANNOUNCED

    FRAMES = frames(
        # setup
        character=Choice(default="first"), starting_hand=Choice(), starting_hand_auto=Auto(),
        setup_finish=Auto(), setup_done=Auto(),
        # the turn
        turn_start=Auto(), choose_upgrade=Choice(default="first"), receive_skills=Auto(),
        sick_bay_draw=Choice(default="first"), traitor_draw=Choice(),
        actions_step=Auto(), action=Choice(default={"type": "end_actions"}),
        mythos_step=Auto(), mythos_draw=Auto(), mythos_crisis=Auto(), mythos_activation=Auto(),
        mythos_track=Auto(), choose_track=Choice(default="first"), mythos_end=Auto(),
        discard_step=Auto(), discard_down=Choice(), turn_end=Auto(),
        # effects
        fx=Auto(), ctx_end=Auto(), choose=Choice(default="first"), choose_cards=Choice(),
        choose_number=Choice(),
        window=Window(), window_use=Auto(), card_played=Auto(), window_order=Choice(default="first"), roll_start=Auto(), roll_do=Auto(), roll_end=Auto(),
        # skill checks
        check_chaos=Auto(), contribute=SecretRound(action="contribute", field="cards", added="check_added",
                                                   you_added="check_you_added", revealed="contributions_revealed"),
        check_reveal=Auto(), check_result=Auto(),
        **Monsters.FRAMES_, **Ship.FRAMES_, **Tracks.FRAMES_, **Decks.FRAMES_, **Players.FRAMES_, **Loyalty.FRAMES_,
        **Combat.FRAMES_, **Trade.FRAMES_,
    )
    # "labels": a printed choice's English labels, read from the content for a frame that names
    # the choice (``choice``); a frame of a state saved before 28 Nov 2026 carries them itself
    PROMPT_KEYS = ("purpose", "card", "timing", "labels", "zone", "ability")
    # options that follow from the public table alone (the bot makes a lone answer by itself)
    # (a contribution's only answer, nothing, comes of an empty hand, which the table sees)
    OPEN_KINDS = frozenset({"character", "choose_track", "window_order", "awakening_give", "sick_bay_draw",
                            "trade_offer", "choose_upgrade", "contribute"})
    WINDOW_KINDS = frozenset({"window"})

    def __init__(self, pack: UnfathomablePack | None = None):
        self.pack = pack or default_pack()
        self.board = Board(self.pack)
        self.index_effects()
        self.index_abilities()

    def content_digest(self) -> str:
        return self.pack.digest[:12]

    def make_prompt(self, f, kind, ask, default) -> dict:
        prompt = super().make_prompt(f, kind, ask, default)
        if "choice" in f:   # a printed choice's options by their English labels (agents, renderers)
            options = self.specs[f["choice"]].options
            prompt["labels"] = [options[j].label.get("en", "") for j in f["values"]]
        return prompt

    def rename_seat(self, state, old, new):
        """Also where a seat's id is written inside a key: its once-per-X uses (``limits``:
        "<scope>:<seat>:<ability>") and the choices an effect under way binds per seat (slots
        "types:<seat>", "move#<seat>"..., in its context's ``bind`` and the frame asking it). Left
        under the old id, a used feat could be used again, a choice made would be asked again,
        and the stored game would differ from its log replayed under the new id (what an undo
        checks)."""
        s = super().rename_seat(state, old, new)
        if isinstance(s.get("limits"), list):
            s["limits"] = [_limit_renamed(key, old, new) for key in s["limits"]]
        for c in (s.get("ctx") or {}).values():
            if isinstance(c, dict) and isinstance(c.get("bind"), dict):
                c["bind"] = {_slot_renamed(k, old, new): v for k, v in c["bind"].items()}
        for f in s.get("stack") or ():
            if isinstance(f, dict) and "slot" in f:
                f["slot"] = _slot_renamed(f["slot"], old, new)
        return s

    def turn_of(self, state):
        turn = state.get("turn")
        return (turn["player"], turn["number"]) if turn else None

    def bytes_digest(self) -> str:
        return self.pack.bytes_digest[:12]

    def invariant_violations(self, state):
        from engine.unfathomable.invariants import violations
        return violations(self, state)


def _limit_renamed(key, old: str, new: str):
    """A once-per-X key ("<scope>:<seat>:<ability>", ``Abilities._limit_key``) of seat ``old``
    under ``new``; any other as it is."""
    parts = key.split(":", 2) if isinstance(key, str) else ()
    if len(parts) == 3 and parts[1] == old:
        return f"{parts[0]}:{new}:{parts[2]}"
    return key


def _slot_renamed(slot, old: str, new: str):
    """A per-seat slot ("<what>:<seat>" or "<what>#<seat>") of seat ``old`` under ``new``; any
    other as it is."""
    if isinstance(slot, str):
        for sep in (":", "#"):
            what, found, seat = slot.rpartition(sep)
            if found and seat == old and ":" not in what and "#" not in what:
                return f"{what}{sep}{new}"
    return slot
