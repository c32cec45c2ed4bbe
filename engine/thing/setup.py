"""The Thing: the deck for a player count and options, and the deal (§3, advanced rules 1-3, 5)."""
from __future__ import annotations

from engine.core.errors import RuleError
from engine.core.events import event, only
from engine.core.rng import Rng
from engine.thing.common import HUMAN, INFECTED, THING, THING_ROLE, tally
from engine.thing.options import ThingOptions, ThingSetup


class Setup:
    def build_deck(self, players: int, options: ThingOptions) -> dict[str, int]:
        """Card counts for this player count and options (§3 step 2, advanced rules 2 and 5)."""
        if options.custom_deck:
            composition = dict(options.custom_deck)
            composition[THING] = 1
        else:
            composition = {cid: card.count_for(players) for cid, card in self.cards.items()
                           if card.count_for(players)}
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
            raise RuleError("player_count", "The Thing needs {min} to {max} players (got {count}).",
                            min=self.min_players, max=self.max_players, count=len(players))
        for cid in opts.custom_deck or {}:
            if cid not in self.cards:
                raise RuleError("unknown_card", "Unknown card '{card}'.", card=cid)
        state = {
            "game": self.game_id, "version": self.version, "players": players, "options": opts.model_dump(),
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
            state["composition"] = tally(list(setup_opts.deck) + [c for h in hands.values() for c in h])
            return hands, list(reversed(setup_opts.deck))
        top = []
        for cid in setup_opts.deck_top or []:
            take(cid, "top of the deck")
            top.append(cid)
        if not hands:
            def dealt_at_start(c):
                card = self.cards[c]
                return not (card.category == "panic" or c in (INFECTED, THING)
                            or (opts.weapons_in_deck and card.weapon))
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
