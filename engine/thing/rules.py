"""The Thing («Нечто»): the complete rules on the engine core.

Spec: ../shared/rules/the_thing.md (sections 2-10, rulings R1-R26 of section 13) and
engine/thing/RULINGS.md (rulings R27 onwards).
State layout (all plain data):

    players     ids in join order            seats      living ids, clockwise order
    direction   +1 clockwise / -1            doors      doors[i]: door between seats[i], seats[i+1]
    quarantine  {id: own turns left}         hands      {id: [card ids]}
    deck        draw pile, top = last        discard    face-down discard pile
    roles       {id: human|thing|infected}   infections [{player, by}] in order
    eliminated  ids, in order                turn       {player, number, no_exchange, counting}
    stack       pending frames (top = last)  seq        last prompt id issued
    rng         seeded generator state       result     None, or the end of the game
    out_of_play {id: [cards]} an eliminated player's cards that never return to play (R29)
"""
from __future__ import annotations

from itertools import combinations

from engine.content.thing import ThingPack, default_pack
from engine.core.errors import RuleError
from engine.core.events import ALL, event, only
from engine.core.flow import (Accept, Auto, Choice, FlowRules, Offer, ResponseWindow, Simultaneous,
                              frames)
from engine.core.rng import Rng
from engine.thing.options import ThingOptions, ThingSetup

THING = "the_thing"
INFECTED = "infected"
HUMAN, THING_ROLE, INFECTED_ROLE = "human", "thing", "infected"


class ThingRules(FlowRules):
    game_id = "thing"
    min_players, max_players = 4, 12

    # frame kinds (engine.core.flow); hooks are _ask_<k>, _answer_<k>, _run_<k>, ...
    FRAMES = frames(
        draw=Choice(default={"type": "draw"}),
        step2=Choice(default="random_discard"),   # never a defence card, nothing role-dependent
        keep=Choice(),
        offer=Offer(then="answer", field="card", carry=("reason", "redirected")),
        answer=Accept(default="random_give"),      # a refusal needs a defence card: AFK gives
        respond=ResponseWindow(who="target", pass_action={"type": "accept"}),
        choose=Choice(),
        forgetful=Choice(),
        revelation=Choice(default={"type": "reveal", "what": "nothing"}),
        round=Simultaneous(prompt_kind="pass", action="pass", field="card", chosen_event="pass_chosen"),
        blind_date=Choice(),
        end_turn=Auto(), step3=Auto(), discard_card=Auto(),
    )
    PROMPT_KEYS = ("card_played", "by", "from", "reason", "purpose")

    def __init__(self, pack: ThingPack | None = None):
        self.pack = pack or default_pack()
        self.cards = self.pack.cards

    # ------------------------------------------------------------------ setup
    def build_deck(self, players: int, options: ThingOptions) -> dict[str, int]:
        """Card counts for this player count and options (§3 step 2, advanced rules 2 and 5)."""
        if options.custom_deck:
            composition = dict(options.custom_deck)
            composition[THING] = 1
        else:
            composition = self.pack.composition(players)
        if options.infected_count is not None:
            composition[INFECTED] = options.infected_count
        return {cid: n for cid, n in composition.items() if n > 0}

    def new_game(self, players, seed, options=None, setup=None):
        opts = ThingOptions.model_validate(options or {})
        setup_opts = ThingSetup.model_validate(setup or {})
        players = [str(p) for p in players]
        if len(set(players)) != len(players):
            raise RuleError("duplicate_player", "A player can join only once.")
        if not self.min_players <= len(players) <= self.max_players:
            raise RuleError("player_count", "The Thing needs 4 to 12 players (got {count}).",
                            count=len(players))
        for cid in opts.custom_deck or {}:
            if cid not in self.cards:
                raise RuleError("unknown_card", "Unknown card '{card}'.", card=cid)
        state = {
            "game": self.game_id, "players": players, "options": opts.model_dump(),
            "rng": Rng.new_state(seed), "seq": 0, "stack": [], "result": None,
            "direction": 1, "quarantine": {}, "roles": {p: HUMAN for p in players},
            "infections": [], "eliminated": [], "discard": [], "turn": None, "out_of_play": {},
        }
        rng = Rng(state["rng"])
        composition = self.build_deck(len(players), opts)
        state["composition"] = composition
        pool = [cid for cid, n in sorted(composition.items()) for _ in range(n)]

        seats = list(setup_opts.seats) if setup_opts.seats else list(players)
        if sorted(seats) != sorted(players):
            raise RuleError("bad_setup", "Setup seats must list every player exactly once.")
        if not setup_opts.seats:
            rng.shuffle(seats)
        state["seats"] = seats
        state["doors"] = [False] * len(seats)

        hands, deck = self._deal(state, pool, opts, setup_opts, rng)
        state["hands"] = hands
        state["deck"] = deck
        for p, hand in hands.items():
            if THING in hand:
                state["roles"][p] = THING_ROLE
        first = setup_opts.first_player or rng.choice(seats)
        if first not in seats:
            raise RuleError("bad_setup", "The first player must be one of the players.")

        events = [event("game_started", seats=list(seats), first_player=first, direction=1,
                        deck_size=len(deck), options=state["options"])]
        for p in players:
            events.append(event("hand_dealt", only(p), reveal=True, player=p, cards=list(hands[p])))
            events.append(event("role_told", only(p), reveal=True, player=p, role=state["roles"][p]))
        self._start_turn(state, first, events)
        self.run(state, events)
        return state, events

    def _deal(self, state, pool, opts: ThingOptions, setup_opts: ThingSetup, rng: Rng):
        """§3 steps 3-6 (advanced rules 1 and 3), honouring fixed hands / a stacked deck."""
        players = state["seats"]
        pool = list(pool)

        def take(cid, what):
            if cid not in self.cards:
                raise RuleError("unknown_card", "Unknown card '{card}'.", card=cid)
            try:
                pool.remove(cid)
            except ValueError:
                raise RuleError("bad_setup", "Setup asks for more '{card}' cards than the deck has ({what}).",
                                card=cid, what=what) from None

        hands: dict[str, list] = {}
        if setup_opts.hands is not None:
            if sorted(setup_opts.hands) != sorted(players):
                raise RuleError("bad_setup", "Fixed hands must be given for every player.")
            for p, cards in setup_opts.hands.items():
                for cid in cards:
                    take(cid, f"hand of {p}")
                hands[p] = list(cards)
        if setup_opts.deck is not None:
            # an exact draw pile, top first; whatever is left of the pool is not used
            for cid in setup_opts.deck:
                if cid not in self.cards:
                    raise RuleError("unknown_card", "Unknown card '{card}'.", card=cid)
            if not hands:
                raise RuleError("bad_setup", "An exact deck needs fixed hands too.")
            state["composition"] = _count(list(setup_opts.deck) + [c for h in hands.values() for c in h])
            return hands, list(reversed(setup_opts.deck))
        top = []
        for cid in setup_opts.deck_top or []:
            take(cid, "top of the deck")
            top.append(cid)
        if not hands:
            def dealt_at_start(c):
                card = self.cards[c]
                return not (card.category == "panic" or c in (INFECTED, THING)
                            or (opts.weapons_in_deck and c in ("flamethrower", "analysis")))
            dealable = [c for c in pool if dealt_at_start(c)]
            set_aside = [c for c in pool if not dealt_at_start(c)]
            rng.shuffle(dealable)
            need = 4 * len(players) - (0 if opts.thing_in_deck else 1)
            if len(dealable) < need:
                raise RuleError("bad_setup", "The deck is too small to deal 4 cards to everyone.")
            start = dealable[:need]
            rest = dealable[need:]
            if not opts.thing_in_deck:
                set_aside.remove(THING)
                start.append(THING)
            rng.shuffle(start)
            for i, p in enumerate(players):
                hands[p] = start[4 * i: 4 * i + 4]
            pile = set_aside + rest
        else:
            pile = pool
        rng.shuffle(pile)
        # the stacked cards go on top, first listed = top card (top is the end of the list)
        return hands, pile + list(reversed(top))

    # ------------------------------------------------------------------ geometry
    def neighbour(self, s, p, d, steps=1):
        """The living player ``steps`` seats from ``p`` in direction ``d`` (+1 clockwise)."""
        seats = s["seats"]
        return seats[(seats.index(p) + d * steps) % len(seats)]

    _neighbour = neighbour

    @staticmethod
    def _gap(s, p, d):
        """Index of the gap on side d of p (gap i lies between seats[i] and seats[i+1])."""
        i = s["seats"].index(p)
        return i if d == 1 else (i - 1) % len(s["seats"])

    def _door_on_side(self, s, p, d):
        return len(s["seats"]) > 1 and s["doors"][self._gap(s, p, d)]

    def _adjacent_sides(self, s, p, q):
        return [d for d in (1, -1) if q != p and self._neighbour(s, p, d) == q]

    def _reachable(self, s, p, q):
        """q is adjacent to p on a side without a door."""
        return any(not self._door_on_side(s, p, d) for d in self._adjacent_sides(s, p, q))

    def _behind_door(self, s, p, q):
        """q is p's neighbour only across a door (R22)."""
        return bool(self._adjacent_sides(s, p, q)) and not self._reachable(s, p, q)

    def _neighbours(self, s, p):
        return list(dict.fromkeys(self._neighbour(s, p, d) for d in (1, -1) if self._neighbour(s, p, d) != p))

    def _quarantined(self, s, p):
        return p in s["quarantine"]

    def _may_exchange(self, s, a, b):
        """No obstacle between a and b for an exchange: neither is quarantined and no barred door
        stands between them («ни вы, ни он не можете совершать действия, нацеленные друг на друга
        (играть карты, меняться местами и картами)»)."""
        return not (self._quarantined(s, a) or self._quarantined(s, b) or self._behind_door(s, a, b))

    # ------------------------------------------------------------------ card legality
    def _role(self, s, p):
        return s["roles"][p]

    def can_give(self, s, giver, card, receiver) -> bool:
        """§2.1 / §5: may ``giver`` hand ``card`` to ``receiver`` (None = to the deck)."""
        if card == THING:
            return False
        if card != INFECTED:
            return True
        role = self._role(s, giver)
        if role == THING_ROLE:
            return True
        if role == INFECTED_ROLE:
            return (receiver is not None and self._role(s, receiver) == THING_ROLE
                    and s["hands"][giver].count(INFECTED) >= 2)
        return False

    def can_discard(self, s, p, card) -> bool:
        if card == THING:
            return False
        if card == INFECTED and self._role(s, p) == INFECTED_ROLE:
            return s["hands"][p].count(INFECTED) >= 2
        return True

    def _gives(self, s, giver, receiver):
        return [c for c in _distinct(s["hands"][giver]) if self.can_give(s, giver, c, receiver)]

    # ------------------------------------------------------------------ deck
    def _draw_any(self, s, events):
        if not s["deck"]:
            self._reshuffle(s, events)
        return s["deck"].pop() if s["deck"] else None

    def _reshuffle(self, s, events):
        if not s["discard"]:
            return
        s["deck"] = s["discard"]
        s["discard"] = []
        Rng(s["rng"]).shuffle(s["deck"])
        events.append(event("deck_reshuffled", deck_size=len(s["deck"])))

    def _draw_event_card(self, s, p, events, why):
        """'Draw an event card': panic cards on top are discarded unseen (§4, R23)."""
        if not any(self.cards[c].is_event for c in s["deck"] + s["discard"]):
            events.append(event("no_card_to_draw", player=p))
            return None
        while True:
            card = self._draw_any(s, events)
            if self.cards[card].is_event:
                break
            s["discard"].append(card)
            events.append(event("panic_skipped", player=p))
        events.append(event("card_drawn", only(p), reveal=True, player=p, card=card, why=why))
        return card

    def _add_to_hand(self, s, p, card, events):
        s["hands"][p].append(card)
        if card == THING and s["roles"][p] != THING_ROLE:
            # advanced rule 1: whoever draws the Thing becomes it
            s["roles"][p] = THING_ROLE
            events.append(event("role_told", only(p), reveal=True, player=p, role=THING_ROLE))

    # ------------------------------------------------------------------ prompts
    def _ask_draw(self, s, f):
        return {"player": s["turn"]["player"], "options": [{"type": "draw"}]}

    def _ask_step2(self, s, f):
        p = s["turn"]["player"]
        hand = s["hands"][p]
        options = [{"type": "discard", "card": c} for c in _distinct(hand) if self.can_discard(s, p, c)]
        if not self._quarantined(s, p):
            for c in _distinct(hand):
                options.extend(self._play_options(s, p, c))
        return {"player": p, "options": options}

    def _ask_keep(self, s, f):
        p = s["turn"]["player"]
        keep = f.get("keep", 1)
        if keep == 1:
            cards = [THING] if THING in f["cards"] else _distinct(f["cards"])
            return {"player": p, "options": [{"type": "keep", "card": c} for c in cards]}
        # a drawn Thing must be kept (R11): it is kept anyway, the player picks the rest
        ids = list(f["cards"])
        if THING in ids:
            ids.remove(THING)
            keep -= 1
        count = min(keep, len(ids))
        return {"player": p, "subset": {"ids": ids, "min": count, "max": count,
                                        "action": {"type": "keep"}, "field": "cards"}}

    def _ask_offer(self, s, f):
        return {"options": [{"type": "offer", "card": c} for c in self._gives(s, f["from"], f["to"])]}

    def _ask_answer(self, s, f):
        p = f["to"]
        options = [{"type": "give", "card": c} for c in self._gives(s, p, f["from"])]
        if not options:
            return {"options": []}  # R8: no legal card to give back, so no exchange (defence moot)
        for c in _distinct(s["hands"][p]):
            if self.cards[c].answers == "exchange":
                options.append({"type": "defend", "card": c})
        return {"options": options}

    def _responses_respond(self, s, f):
        wanted = self.cards[f["card_played"]].response
        return [{"type": "defend", "card": c} for c in _distinct(s["hands"][f["target"]])
                if self.cards[c].answers == wanted]

    def _ask_choose(self, s, f):
        return {"player": s["turn"]["player"], "options": [{"type": "choose", "target": t} for t in f["targets"]]}

    def _ask_forgetful(self, s, f):
        p = s["turn"]["player"]
        hand = s["hands"][p]
        count = min(f["count"], len(hand))
        sets = []
        for k in range(count, -1, -1):
            for combo in combinations(range(len(hand)), k):
                cards = sorted(hand[i] for i in combo)
                rest = [hand[i] for i in range(len(hand)) if i not in combo]
                if THING in cards or (self._role(s, p) == INFECTED_ROLE and INFECTED not in rest):
                    continue
                if cards not in sets:
                    sets.append(cards)
            if sets:
                break
        return {"player": p, "options": [{"type": "discard_set", "cards": c} for c in sets]}

    def _ask_revelation(self, s, f):
        p = f["order"][f["i"]]
        options = [{"type": "reveal", "what": "nothing"}, {"type": "reveal", "what": "hand"}]
        if INFECTED in s["hands"][p]:
            options.append({"type": "reveal", "what": "infected"})
        return {"player": p, "options": options}

    def _ask_blind_date(self, s, f):
        p = s["turn"]["player"]
        return {"player": p, "options": [{"type": "swap_with_deck", "card": c} for c in _distinct(s["hands"][p])
                                         if self.can_discard(s, p, c)]}

    # ------------------------------------------------------------------ play options (step 2)
    def _play_options(self, s, p, c):
        card = self.cards[c]
        if card.category not in ("action", "obstacle"):
            return []
        base = {"type": "play", "card": c}
        target = card.target
        if target in ("none", "self"):
            return [base]
        if target == "adjacent":
            return [{**base, "target": q} for q in self._adjacent_targets(s, p)]
        if target == "self_or_adjacent":
            return [{**base, "target": q} for q in [p] + self._adjacent_targets(s, p)]
        if target == "any":
            return [{**base, "target": q} for q in self._any_targets(s, p, card)]
        if target == "gap":
            return [{**base, "side": d} for d in (1, -1)
                    if self._neighbour(s, p, d) != p and not self._door_on_side(s, p, d)]
        if target == "obstacle":
            options = []
            for q in self._neighbours(s, p):
                # a door forbids targeting across it: only the door itself can be axed there
                if self._quarantined(s, q) and self._reachable(s, p, q):
                    options.append({**base, "obstacle": "quarantine", "target": q})
            for d in (1, -1):
                if self._door_on_side(s, p, d) and self._neighbour(s, p, d) != p:
                    options.append({**base, "obstacle": "door", "side": d})
            return options
        raise AssertionError(f"card {c} has target {target}, not playable at step 2")

    def _adjacent_targets(self, s, p):
        return [q for q in self._neighbours(s, p) if self._reachable(s, p, q) and not self._quarantined(s, q)]

    def _any_targets(self, s, p, card):
        def legal(q):
            if q == p or self._quarantined(s, q):
                return False
            return card.ignores_doors or not self._behind_door(s, p, q)
        targets = [q for q in s["seats"] if legal(q)]
        if s["options"]["neighbours_only"] and card.neighbours_only_rule:
            near = [q for q in self._neighbours(s, p) if q in targets and self._reachable(s, p, q)]
            if near:  # R10: fall back to anyone if no neighbour is a legal target
                return near
        return targets

    # ------------------------------------------------------------------ free actions
    def free_actions(self, s, player):
        if (s["result"] is None and player in s["seats"] and s["roles"][player] == THING_ROLE):
            return [{"type": "declare"}]
        return []

    # ------------------------------------------------------------------ errors
    def explain(self, s, action):
        p, kind = action["player"], action["type"]
        if p in s["eliminated"]:
            return RuleError("eliminated", "You are out of the game.")
        if kind == "declare":
            return RuleError("not_thing", "Only the Thing can declare that no humans are left.")
        prompts = self.prompts_for(s, p)
        if not prompts:
            waiting = [q["player"] for q in self.prompts(s)]
            return RuleError("not_your_turn", "It is not your move; waiting for {waiting}.",
                             waiting=", ".join(waiting))
        prompt = prompts[0]
        # a step-2 play with no legal play at all still gets the card-specific reason below
        if not any(o["type"] == kind for o in prompt["options"]) and not (kind == "play" and prompt["kind"] == "step2"):
            return RuleError("wrong_kind", "Right now you must answer: {kind}.", kind=prompt["kind"])
        card = action.get("card")
        hand = s["hands"][p]
        if card is not None and kind in ("discard", "play", "offer", "give", "defend", "swap_with_deck", "pass") \
                and card not in hand:
            return RuleError("card_not_in_hand", "You have no '{card}' card.", card=card)
        if card == THING:
            return RuleError("thing_stays", "The Thing card can never leave your hand.")
        if card == INFECTED and kind in ("offer", "give", "pass", "discard", "swap_with_deck"):
            role = self._role(s, p)
            if role == HUMAN and kind != "discard" and kind != "swap_with_deck":
                return RuleError("human_infected", "A human can never pass on an Infected! card.")
            if role == INFECTED_ROLE and hand.count(INFECTED) < 2:
                return RuleError("last_infected", "You must keep your last Infected! card.")
            if role == INFECTED_ROLE:
                return RuleError("infected_to_thing_only", "Spare Infected! cards may go only to the Thing.")
        if card is not None and card in self.cards:
            category = self.cards[card].category
            if kind == "play" and category == "defence":
                return RuleError("defence_in_response", "A defence card can only be played in response.")
            if kind == "play" and category == "infection":
                return RuleError("infection_not_playable", "Infection cards are never played.")
            if kind == "play" and self._quarantined(s, p):
                return RuleError("quarantined", "You are in quarantine: you may only discard.")
            if kind == "defend":
                return RuleError("wrong_defence", "'{card}' does not answer this.", card=card)
        target = action.get("target")
        if target is not None:
            if target not in s["seats"]:
                return RuleError("target_gone", "{target} is not a living player.", target=target)
            if self._quarantined(s, target) and card != "axe":
                return RuleError("target_quarantined", "{target} is in quarantine and cannot be targeted.",
                                 target=target)
            if self._behind_door(s, p, target):
                return RuleError("target_behind_door", "A barred door stands between you and {target}.",
                                 target=target)
            if card and self.cards.get(card) and self.cards[card].target in ("adjacent", "self_or_adjacent") \
                    and target not in self._neighbours(s, p) and target != p:
                return RuleError("target_not_adjacent", "{target} is not sitting next to you.", target=target)
            return RuleError("bad_target", "{target} is not a legal target here.", target=target)
        return RuleError("illegal", "That move is not allowed now.")

    # ------------------------------------------------------------------ resolution
    def _void(self, s, frame, events):
        """A prompt with nothing legal to choose: R8 for exchanges, otherwise the step is void."""
        if frame["k"] in ("offer", "answer"):
            events.append(event("no_exchange", reason="none", **{"from": frame["from"], "to": frame["to"]}))
        else:
            events.append(event("nothing_happens", step=frame["k"]))

    # --- turns
    def _start_turn(self, s, p, events):
        number = (s["turn"]["number"] + 1) if s["turn"] else 1
        s["turn"] = {"player": p, "number": number, "no_exchange": False,
                     "counting": self._quarantined(s, p)}
        events.append(event("turn_started", player=p, number=number))
        for frame in ({"k": "end_turn"}, {"k": "step3"}, {"k": "draw"}):
            self.push(s, frame)

    def _idle(self, s, events):
        """Nothing pending: the turn passes on in the direction of play."""
        p = s["turn"]["player"]
        nxt = self._neighbour(s, p, s["direction"])
        self._start_turn(s, nxt, events)

    def _run_end_turn(self, s, f, events):
        p = s["turn"]["player"]
        if s["turn"]["counting"] and p in s["quarantine"]:
            s["quarantine"][p] -= 1
            if s["quarantine"][p] <= 0:
                del s["quarantine"][p]
                s["discard"].append("quarantine")
                events.append(event("quarantine_ended", player=p))
        events.append(event("turn_ended", player=p))

    def _answer_draw(self, s, f, action, events):
        p = s["turn"]["player"]
        card = self._draw_any(s, events)
        if card is None:
            events.append(event("no_card_to_draw", player=p))
            return
        if self.cards[card].category == "panic":
            events.append(event("panic_drawn", reveal=True, player=p, card=card))
            self.push(s, {"k": "discard_card", "card": card})
            self._start_panic(s, p, card, events)
        else:
            events.append(event("event_drawn", player=p))
            events.append(event("card_drawn", only(p), reveal=True, player=p, card=card, why="turn"))
            self._add_to_hand(s, p, card, events)
            self.push(s, {"k": "step2"})

    def _run_discard_card(self, s, f, events):
        s["discard"].append(f["card"])

    def _answer_step2(self, s, f, action, events):
        p = s["turn"]["player"]
        card = action["card"]
        s["hands"][p].remove(card)
        if action["type"] == "discard":
            s["discard"].append(card)
            events.append(event("card_discarded", player=p))
            events.append(event("you_discarded", only(p), player=p, card=card))
            return
        self._play(s, p, action, events)

    def _run_step3(self, s, f, events):
        if s["turn"]["no_exchange"]:
            return
        p = s["turn"]["player"]
        d = s["direction"]
        partner = self._neighbour(s, p, d)
        if partner == p:
            return
        if self._door_on_side(s, p, d) or self._quarantined(s, p) or self._quarantined(s, partner):
            events.append(event("no_exchange", reason="blocked", **{"from": p, "to": partner}))
            return
        self.push(s, {"k": "offer", "from": p, "to": partner, "reason": "turn"})

    # --- exchanges (§5)
    def _answer_offer(self, s, f, action, events):
        # the offered card waits hidden in the "answer" frame the core opens next
        events.append(event("exchange_offered", **{"from": f["from"], "to": f["to"]}, reason=f["reason"]))

    def _answer_answer(self, s, f, action, events):
        giver, receiver, offered = f["from"], f["to"], f["card"]
        if action["type"] == "give":
            self._swap_cards(s, giver, offered, receiver, action["card"], events, redirected=f.get("redirected"))
            return
        defence = action["card"]
        self._use_defence(s, receiver, defence, "exchange", events)
        if defence == "scary":
            events.append(event("offered_card_seen", only(receiver), reveal=True, player=receiver,
                                card=offered, **{"from": giver}))
        if defence == "missed":
            self._redirect(s, f, events)

    def _redirect(self, s, f, events):
        """Missed!: the player after the refuser (R24) exchanges with the offerer instead.

        R27: the refused card stays with the offerer, who then offers a card again - any card
        legal for the new partner (§5), maybe the same one. So an infected player's spare
        Infected! meant for the Thing never reaches anyone else, and the public output is the
        same whatever card was refused (every redirect prompts the offerer).

        R28: an obstacle between the refuser and the next player (the card's text) or between the
        offerer and the next player (a door or a quarantine: they are the ones exchanging) means
        no exchange."""
        giver, refuser = f["from"], f["to"]
        d = s["direction"]
        nxt = self._neighbour(s, refuser, d)
        if nxt in (giver, refuser) or self._door_on_side(s, refuser, d) or not self._may_exchange(s, giver, nxt):
            events.append(event("no_exchange", reason="missed", **{"from": giver, "to": nxt}))
            return
        events.append(event("exchange_redirected", **{"from": giver, "to": nxt}))
        self.push(s, {"k": "offer", "from": giver, "to": nxt, "reason": f["reason"], "redirected": True})

    def _swap_cards(self, s, a, card_a, b, card_b, events, redirected=False):
        s["hands"][a].remove(card_a)
        s["hands"][b].remove(card_b)
        self._add_to_hand(s, a, card_b, events)
        self._add_to_hand(s, b, card_a, events)
        events.append(event("exchanged", players=[a, b]))
        events.append(event("card_received", only(a), reveal=True, player=a, card=card_b, **{"from": b}))
        events.append(event("card_received", only(b), reveal=True, player=b, card=card_a, **{"from": a}))
        may_infect = not (redirected and not s["options"]["missed_infects"])
        if may_infect:
            self._maybe_infect(s, a, card_a, b, events)
            if self.goes_on(s, events):
                self._maybe_infect(s, b, card_b, a, events)

    def _maybe_infect(self, s, giver, card, receiver, events):
        if card == INFECTED and s["roles"][giver] == THING_ROLE and s["roles"][receiver] == HUMAN:
            s["roles"][receiver] = INFECTED_ROLE
            s["infections"].append({"player": receiver, "by": giver})
            events.append(event("infected", only(receiver, giver), reveal=True, player=receiver, by=giver))

    def _use_defence(self, s, p, card, against, events):
        s["hands"][p].remove(card)
        s["discard"].append(card)
        events.append(event("defended", player=p, card=card, against=against))
        replacement = self._draw_event_card(s, p, events, why="defence")
        if replacement is not None:
            self._add_to_hand(s, p, replacement, events)

    # --- playing cards (§7)
    def _play(self, s, p, action, events):
        c = action["card"]
        card = self.cards[c]
        public = {k: v for k, v in action.items() if k in ("target", "side", "obstacle")}
        if "side" in action:
            public["beyond"] = self._neighbour(s, p, action["side"])
        events.append(event("card_played", player=p, card=c, **public))
        if card.category != "obstacle":
            # R30: «После применения своего эффекта карта действия сбрасывается» - the card waits
            # below its effect's frames (like a panic card), so a reshuffle during its own draws
            # (Persistence) or its target's replacement draw cannot put it back into the deck
            self.push(s, {"k": "discard_card", "card": c})
        if card.ends_turn:
            s["turn"]["no_exchange"] = True
        target = action.get("target")
        if card.response in ("burn", "swap"):
            self.push(s, {"k": "respond", "by": p, "target": target, "card_played": c})
            return
        for eff in card.effects:
            self._effect(s, p, c, eff, action, events)
            if not self.goes_on(s, events):
                return

    def _effect(self, s, p, c, eff, action, events):
        target = action.get("target")
        kind = eff.do
        if kind == "show_hand":
            source = target if eff.param("from") == "target" else p
            to = eff.param("to")
            audience = ALL if to == "all" else only(p if to == "player" else target)
            events.append(event("hand_shown", audience, reveal=True, player=source,
                                cards=list(s["hands"][source]), to=(to if to == "all" else audience[0]),
                                card=c))
            if to != "all":
                # public: who saw whose hand is known to all, the cards only to the viewer
                events.append(event("hand_shown_privately", player=source, to=audience[0], card=c))
        elif kind == "peek_random_card":
            hand = s["hands"][target]
            seen = hand[Rng(s["rng"]).below(len(hand))] if hand else None
            events.append(event("card_seen", only(p), reveal=True, player=p, owner=target, card=seen))
        elif kind == "draw_keep":
            drawn = []
            for _ in range(eff.param("draw", 3)):
                card = self._draw_event_card(s, p, events, why=c)
                if card is not None:
                    drawn.append(card)
            if drawn:
                self.push(s, {"k": "keep", "cards": drawn, "keep": eff.param("keep", 1)})
        elif kind == "play_again":
            # pushed before the keep frame resolves: insert below it
            frame = {"k": "step2"}
            top = s["stack"].pop() if s["stack"] and s["stack"][-1]["k"] == "keep" else None
            self.push(s, frame)
            if top is not None:
                s["stack"].append(top)
        elif kind == "reverse_direction":
            s["direction"] = -s["direction"]
            events.append(event("direction_changed", direction=s["direction"]))
        elif kind == "exchange":
            self.push(s, {"k": "offer", "from": p, "to": target, "reason": c})
        elif kind == "place_quarantine":
            s["quarantine"][target] = s["options"]["quarantine_turns"]
            events.append(event("quarantine_placed", player=target, turns=s["quarantine"][target]))
        elif kind == "place_door":
            gap = self._gap(s, p, action["side"])
            s["doors"][gap] = True
            events.append(event("door_placed", between=[p, self._neighbour(s, p, action["side"])]))
        elif kind == "remove_obstacle":
            if action["obstacle"] == "quarantine":
                del s["quarantine"][target]
                s["discard"].append("quarantine")
                events.append(event("quarantine_removed", player=target))
            else:
                s["doors"][self._gap(s, p, action["side"])] = False
                s["discard"].append("barred_door")
                events.append(event("door_removed", between=[p, self._neighbour(s, p, action["side"])]))
        else:
            raise AssertionError(f"effect {kind} is not used at step 2")

    def _answer_keep(self, s, f, action, events):
        p = s["turn"]["player"]
        rest = list(f["cards"])
        if "card" in action:  # keep one (a one-shape prompt)
            kept = action["card"]
            rest.remove(kept)
            self._add_to_hand(s, p, kept, events)
            s["discard"].extend(rest)
            events.append(event("kept_one", player=p, discarded=len(rest)))
            events.append(event("you_kept", only(p), player=p, card=kept, discarded=rest))
            return
        kept = ([THING] if THING in rest else []) + list(action["cards"])
        for card in kept:
            rest.remove(card)
            self._add_to_hand(s, p, card, events)
        s["discard"].extend(rest)
        events.append(event("kept_cards", player=p, kept=len(kept), discarded=len(rest)))
        events.append(event("you_kept", only(p), player=p, cards=kept, discarded=rest))

    def _responded_respond(self, s, f, action, events):
        self._use_defence(s, f["target"], action["card"], self.cards[f["card_played"]].response, events)

    def _passed_respond(self, s, f, events):
        by, target, played = f["by"], f["target"], f["card_played"]
        events.append(event("accepted", player=target, card=played))
        if self.cards[played].response == "burn":
            self._eliminate(s, target, by, events)
        else:
            self._swap_seats(s, by, target, events)

    def _swap_seats(self, s, a, b, events):
        seats = s["seats"]
        i, j = seats.index(a), seats.index(b)
        seats[i], seats[j] = seats[j], seats[i]
        events.append(event("seats_swapped", players=[a, b], seats=list(seats)))

    def _eliminate(self, s, p, by, events):
        seats, doors = s["seats"], s["doors"]
        n, k = len(seats), seats.index(p)
        left, right = doors[(k - 1) % n], doors[k]
        new_doors = doors[:k] + doors[k + 1:]
        seats.pop(k)
        if len(seats) >= 2:
            # R7: the two gaps beside the seat become one; two doors there leave one
            new_doors[(k - 1) % len(seats)] = left or right
            lost = int(left) + int(right) - int(left or right)
        else:
            lost, new_doors = sum(doors), [False] * len(seats)
        s["doors"] = new_doors
        s["discard"].extend(["barred_door"] * lost)
        if p in s["quarantine"]:
            del s["quarantine"][p]
            s["discard"].append("quarantine")
        # §8: the hand goes to the discard pile unseen - except «Нечто», which can never be
        # discarded: it stays with the burned Thing, out of play, so no one else becomes the
        # Thing (R29; it matters under Revenge, when the game goes on)
        kept = [c for c in s["hands"][p] if c == THING]
        s["discard"].extend(c for c in s["hands"][p] if c != THING)
        if kept:
            s.setdefault("out_of_play", {})[p] = kept
        s["hands"][p] = []
        s["eliminated"].append(p)
        if s["roles"][p] == HUMAN:  # §9 B: was the last human converted or burned?
            s["human_burned_after"] = len(s["infections"])
        events.append(event("eliminated", player=p, by=by, seats=list(seats)))

    # --- panic cards (§7.5)
    def _start_panic(self, s, p, c, events):
        card = self.cards[c]
        if card.ends_turn:
            s["turn"]["no_exchange"] = True
        quarantined = self._quarantined(s, p)
        for eff in card.effects:
            kind = eff.do
            if kind == "revelations":
                order = [self._neighbour(s, p, s["direction"], i) for i in range(len(s["seats"]))]
                self.push(s, {"k": "revelation", "order": order, "i": 0})
            elif kind == "discard_obstacles":
                self._discard_obstacles(s, eff.param("kinds"), events)
            elif kind == "swap_seats":
                if quarantined:  # R3
                    events.append(event("nothing_happens", step=c))
                    continue
                if card.target == "nth":
                    n = card.nth
                    targets = []
                    for d in (1, -1):
                        q = self._neighbour(s, p, d, n)
                        if q != p and q not in targets:
                            targets.append(q)
                    # the drawer picks a side; a quarantined player there means no swap (card
                    # text). With nobody free on either side there is nothing to choose.
                    if all(self._quarantined(s, q) for q in targets):
                        targets = []
                else:
                    targets = self._any_targets(s, p, card)
                self.push(s, {"k": "choose", "purpose": c, "targets": targets})
            elif kind == "exchange":
                if quarantined:
                    events.append(event("nothing_happens", step=c))
                    continue
                if s["options"]["friends_ends_turn"]:
                    s["turn"]["no_exchange"] = True
                self.push(s, {"k": "choose", "purpose": c, "targets": self._any_targets(s, p, card)})
            elif kind == "discard_and_draw":
                self.push(s, {"k": "forgetful", "count": eff.param("count", 3)})
            elif kind == "pair_swaps":
                self._pair_swaps(s, p, events)
            elif kind == "show_hand":
                if eff.param("to") == "all":
                    self._effect(s, p, c, eff, {}, events)
                else:
                    targets = [q for q in self._neighbours(s, p) if self._reachable(s, p, q)]
                    self.push(s, {"k": "choose", "purpose": c, "targets": targets})
            elif kind == "pass_cards":
                self.push(s, self._round_frame(s))
            elif kind == "swap_with_deck":
                self.push(s, {"k": "blind_date"})
            else:
                raise AssertionError(f"panic effect {kind}")

    def _discard_obstacles(self, s, kinds, events):
        if "quarantine" in kinds and s["quarantine"]:
            s["discard"].extend(["quarantine"] * len(s["quarantine"]))
            s["quarantine"] = {}
            events.append(event("quarantines_discarded"))
        if "door" in kinds and any(s["doors"]):
            s["discard"].extend(["barred_door"] * sum(s["doors"]))
            s["doors"] = [False] * len(s["doors"])
            events.append(event("doors_discarded"))

    def _pair_swaps(self, s, p, events):
        """R16: pairs formed clockwise from the drawer over living players."""
        seats = s["seats"]
        n = len(seats)
        start = seats.index(p)
        indices = [(start + i) % n for i in range(n)]
        before = list(seats)
        for a, b in zip(indices[0::2], indices[1::2]):
            seats[a], seats[b] = before[b], before[a]
        events.append(event("seats_paired", seats=list(seats)))

    def _answer_choose(self, s, f, action, events):
        p = s["turn"]["player"]
        target = action["target"]
        card = self.cards[f["purpose"]]
        kinds = [e.do for e in card.effects]
        events.append(event("target_chosen", player=p, target=target, card=f["purpose"]))
        if "swap_seats" in kinds:
            if self._quarantined(s, target):  # One, Two...: the chosen player is quarantined
                events.append(event("nothing_happens", step=f["purpose"]))
            else:
                self._swap_seats(s, p, target, events)
        elif "exchange" in kinds:
            self.push(s, {"k": "offer", "from": p, "to": target, "reason": f["purpose"]})
        else:  # show_hand to a neighbour
            eff = next(e for e in card.effects if e.do == "show_hand")
            self._effect(s, p, f["purpose"], eff, {"target": target}, events)

    def _answer_forgetful(self, s, f, action, events):
        p = s["turn"]["player"]
        for card in action["cards"]:
            s["hands"][p].remove(card)
            s["discard"].append(card)
        events.append(event("card_discarded", player=p, count=len(action["cards"])))
        events.append(event("you_discarded", only(p), player=p, cards=list(action["cards"])))
        for _ in action["cards"]:
            card = self._draw_event_card(s, p, events, why="forgetful")
            if card is not None:
                self._add_to_hand(s, p, card, events)

    def _answer_revelation(self, s, f, action, events):
        p = f["order"][f["i"]]
        what = action["what"]
        if what == "hand":
            events.append(event("hand_shown", reveal=True, player=p, cards=list(s["hands"][p]), to="all",
                                card="revelations"))
        elif what == "infected":
            events.append(event("hand_shown", reveal=True, player=p, cards=[INFECTED], to="all",
                                card="revelations"))
        else:
            events.append(event("revelation_declined", player=p))
        stop = what == "infected" or (what == "hand" and INFECTED in s["hands"][p])
        if not stop and f["i"] + 1 < len(f["order"]):
            self.push(s, {"k": "revelation", "order": f["order"], "i": f["i"] + 1})

    def _round_frame(self, s):
        to = self._round_receivers(s)
        options = {p: self._gives(s, p, q) for p, q in to.items()}
        return {"k": "round", "options": options, "to": to, "choices": {}}

    def _round_receivers(self, s):
        """Round and Round (R18, R31): who takes part, and to whom each passes.

        A player with no card they may pass to the player who would receive it (§5: a human
        never passes Infected!, an infected passes spares only to the Thing) is left out: they
        pass nothing and receive nothing, and the card meant for them goes on to the player
        after them - so every hand keeps its size. First out are those who may pass nothing to
        anyone at the table; then, going round against the passing direction until nothing
        changes, anyone with no legal card for the next player still in the round."""
        d = s["direction"]
        ring = list(s["seats"]) if d == 1 else list(reversed(s["seats"]))
        ring = [p for p in ring if any(self._gives(s, p, q) for q in ring if q != p)]
        changed = True
        while changed and len(ring) > 1:
            changed = False
            for i in range(len(ring) - 1, -1, -1):
                if not self._gives(s, ring[i], ring[(i + 1) % len(ring)]):
                    del ring[i]
                    changed = True
                    break
        if len(ring) < 2:
            return {}
        return {p: ring[(i + 1) % len(ring)] for i, p in enumerate(ring)}

    def _done_round(self, s, f, events):
        d = s["direction"]
        to = f.get("to") or {p: self._neighbour(s, p, d) for p in f["choices"]}  # frames saved before R31
        moves = [(p, to[p], card) for p, card in f["choices"].items()]
        for giver, _, card in moves:
            s["hands"][giver].remove(card)
        for giver, receiver, card in moves:
            self._add_to_hand(s, receiver, card, events)
        events.append(event("cards_passed", players=[m[0] for m in moves]))
        for giver, receiver, card in moves:
            events.append(event("card_received", only(receiver), reveal=True, player=receiver, card=card,
                                **{"from": giver}))
        for giver, receiver, card in moves:  # R18: infection after all cards moved
            self._maybe_infect(s, giver, card, receiver, events)
            if not self.goes_on(s, events):
                return

    def _answer_blind_date(self, s, f, action, events):
        p = s["turn"]["player"]
        card = action["card"]
        s["hands"][p].remove(card)
        new = self._draw_event_card(s, p, events, why="blind_date")
        if s["options"]["blind_date_to_discard"]:
            s["discard"].append(card)
        else:
            s["deck"].append(card)  # R6: face down on top of the draw pile
        events.append(event("blind_date_swapped", player=p))
        events.append(event("you_gave_to_deck", only(p), player=p, card=card))
        if new is not None:
            self._add_to_hand(s, p, new, events)

    # ------------------------------------------------------------------ end of game (§9)
    def _free_declare(self, s, action, events):
        events.append(event("thing_declared", player=action["player"]))
        s["declared_by"] = action["player"]

    def check_end(self, s):
        """§9, R13, R12 and advanced rule 6, checked after every primitive step."""
        roles = s["roles"]
        if "declared_by" in s:
            humans_left = any(roles[q] == HUMAN for q in s["seats"])
            return self._result(s, "declared_false" if humans_left else "declared_true")
        if s["eliminated"] and THING_ROLE in [roles[q] for q in s["eliminated"]]:
            if not s["options"]["revenge"]:
                return self._result(s, "thing_burned")  # R13: at once, mid-turn
            living = {roles[q] for q in s["seats"]}
            if living <= {HUMAN}:
                return self._result(s, "revenge_humans")
            if living <= {INFECTED_ROLE}:
                return self._result(s, "revenge_infected")
            return None
        # R12 option: the game ends with the infection of the last human (a last human who was
        # burned instead leaves the ending to the Thing's declaration, as before)
        if s["infections"] and s["options"]["auto_end_no_humans"] \
                and s.get("human_burned_after", -1) < len(s["infections"]) \
                and not any(roles[q] == HUMAN for q in s["seats"]):
            return self._result(s, "declared_true")
        return None

    def _result(self, s, reason):
        roles, living = s["roles"], s["seats"]
        if reason in ("thing_burned", "declared_false", "revenge_humans"):
            winners = [q for q in living if roles[q] == HUMAN]
            team = "humans"
        elif reason == "revenge_infected":
            winners = [q for q in living if roles[q] == INFECTED_ROLE]
            team = "thing"
        else:
            thing = next(q for q in living if roles[q] == THING_ROLE)
            everyone_infected = all(roles[q] == INFECTED_ROLE for q in s["players"] if q != thing)
            if not s["eliminated"] and everyone_infected:
                winners = [thing]  # special case 1
            else:
                # the last human loses only if converted rather than eliminated (rulebook §Б)
                converted_last = s["infections"] and s.get("human_burned_after", -1) < len(s["infections"])
                last = s["infections"][-1]["player"] if converted_last else None
                winners = [thing] + [q for q in living if roles[q] == INFECTED_ROLE and q != last]
            team = "thing"
        return {"reason": reason, "team": team, "winners": winners, "roles": dict(roles),
                "eliminated": list(s["eliminated"])}

    def game_over(self, s, events):
        for frame in s["stack"]:  # cards held by unfinished steps go to the discard pile
            if frame["k"] == "discard_card":
                s["discard"].append(frame["card"])
            elif frame["k"] == "keep":
                s["discard"].extend(frame["cards"])
        events.append(event("game_over", reveal=True, **s["result"]))

    # ------------------------------------------------------------------ views
    def view(self, s, player=None):
        """What ``player`` may know now (``None``: the public table). Nothing private of others."""
        deck = s["deck"]
        out = {
            "game": self.game_id,
            "seats": list(s["seats"]),
            "direction": s["direction"],
            "doors": [[s["seats"][i], s["seats"][(i + 1) % len(s["seats"])]]
                      for i, door in enumerate(s["doors"]) if door],
            "quarantine": dict(s["quarantine"]),
            "hand_counts": {p: len(s["hands"][p]) for p in s["players"]},
            "deck_size": len(deck),
            "next_card": (("event" if self.cards[deck[-1]].is_event else "panic") if deck else None),
            "discard_size": len(s["discard"]),
            "eliminated": list(s["eliminated"]),
            "turn": {"player": s["turn"]["player"], "number": s["turn"]["number"]} if s["turn"] else None,
            "waiting_for": [{"player": p["player"], "kind": p["kind"], "id": p["id"]} for p in self.prompts(s)],
            "result": s["result"],
        }
        if player is not None and player in s["players"]:
            role = s["roles"][player]
            me = {"player": player, "hand": list(s["hands"][player]), "role": role,
                  "alive": player in s["seats"]}
            if role == THING_ROLE:
                me["infected"] = [i["player"] for i in s["infections"]]
            elif role == INFECTED_ROLE:
                me["infected_by"] = next(i["by"] for i in s["infections"] if i["player"] == player)
            mine = self.prompts_for(s, player)
            me["prompts"] = [{k: v for k, v in p.items() if k != "default"} for p in mine]
            me["can_declare"] = bool(self.free_actions(s, player))
            frame = s["stack"][-1] if s["stack"] else None
            if frame and frame["k"] == "keep" and s["turn"]["player"] == player:  # §14.1: drawer only
                me["choosing_from"] = list(frame["cards"])
            if frame and frame["k"] == "answer" and frame["from"] == player:
                me["offered"] = frame["card"]
            if frame and frame["k"] == "round" and player in frame["choices"]:
                me["passing"] = frame["choices"][player]
            out["you"] = me
        return out


def _distinct(cards):
    return list(dict.fromkeys(cards))


def _count(cards):
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out
