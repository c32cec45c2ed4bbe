"""Setup (Appendix IV steps 1-17, checklist A) and character selection.

Options (``engine/unfathomable/options.py``): ``cultist`` (False = the no-Cultist variant),
``first_game`` (the tutorial setup), ``difficulty`` (normal / easier / harder).

Setup overrides a test or a record may give (all optional): ``seats`` (clockwise), ``first_player``,
``characters`` ({player: character}, skips the selection prompts), ``hands`` ({player: [card ids]}
taken from the decks, skips the starting-hand prompts), ``loyalty`` ({player: [loyalty ids]}),
``rolls`` (die results used before the generator, in order), ``<deck>_top`` for ``mythos``,
``course``, ``damage``, ``spells``, ``items`` (ids put on top, first = top), ``passengers``
(token faces put on top of the supply, first = drawn first).
"""
from __future__ import annotations

from engine.core.errors import RuleError
from engine.core.events import event, only
from engine.core.rng import Rng
from engine.unfathomable.common import NON_TREACHERY, SKILL_TYPES, TITLES, card_id
from engine.unfathomable.options import Options


class Setup:
    def new_game(self, players, seed, options=None, setup=None):
        players = list(players)
        if not self.min_players <= len(players) <= self.max_players:
            raise RuleError("player_count", "Unfathomable needs {min} to {max} players (got {count}).", count=len(players),
                            min=self.min_players, max=self.max_players)
        if len(set(players)) != len(players):
            raise RuleError("duplicate_player", "A player can only sit once.")
        opts = Options.parse(options or {})
        setup = dict(setup or {})
        pack = self.pack
        s = {"game": "unfathomable", "version": self.version, "players": players, "options": opts.to_dict(),
             "rng": Rng.new_state(seed), "seq": 0, "stack": [], "result": None, "ctx": {}, "ctx_seq": 0,
             "forced_rolls": list(setup.get("rolls", []))}
        rng = Rng(s["rng"])
        seats = list(setup.get("seats") or players)
        if sorted(seats) != sorted(players):
            raise RuleError("bad_setup", "The seats must list every player once.")
        s["seats"] = seats
        # 1-4: tracks and dials (checklist 3, 4, 18, 19)
        s["tracks"] = {"journey": 0, "ritual": 0}
        s["course_played"], s["distance"], s["awakened"] = [], 0, False
        s["resources"] = opts.start_resources(pack, len(players))
        # 5: passengers face down, shuffled (checklist 5)
        faces = [p.id for p in pack.passengers.passengers for _ in range(p.copies)]
        rng.shuffle(faces)
        for face in reversed(setup.get("passengers", [])):
            faces.remove(face)
            faces.append(face)
        s["passenger_faces"] = {f"pax{i + 1}": face for i, face in enumerate(faces)}
        s["passenger_supply"] = [f"pax{i + 1}" for i in range(len(faces))]  # draw = last
        s["passengers"] = {z: [] for z in self.board.deck}
        s["passengers_removed"] = []
        # 6: skill decks (checklist 6)
        s["decks"], s["discards"] = {}, {t: [] for t in SKILL_TYPES}
        for deck in pack.skill_cards.decks:
            cards = [card_id(deck.type, c.id, value, n)
                     for c in deck.cards for value, copies in sorted(c.copies.items()) for n in range(1, copies + 1)]
            rng.shuffle(cards)
            s["decks"][deck.type] = cards
        # 7: damage and mythos decks; monsters (checklist 7)
        s["damage_deck"] = self._shuffled(rng, [d.id for d in pack.damage.damage_cards], setup.get("damage_top"))
        s["damage"], s["damage_removed"] = {}, []
        s["mythos_deck"] = self._shuffled(rng, [m.id for m in pack.mythos.mythos], setup.get("mythos_top"))
        s["mythos_discard"] = []
        s["monarchs"] = {m: "depths" for m in ("mother_hydra", "father_dagon")}
        s["deep_ones"] = {z: 0 for z in self.board.board}
        s["deep_ones"]["depths"] = 0
        s["deep_one_supply"] = pack.setup.deep_ones_total
        for place in pack.setup.starting_deep_ones:
            s["deep_ones"][place.zone] += place.count
            s["deep_one_supply"] -= place.count
        for place in pack.setup.starting_passengers:
            for _ in range(place.count):
                s["passengers"][place.zone].append(s["passenger_supply"].pop())
        # 8: chaos deck = top 2 of each non-treachery deck (checklist 8)
        s["chaos"] = []
        self.rebuild_chaos(s)
        # items, spells, course
        starters = {c.starting_item for c in pack.characters.characters}
        s["item_deck"] = [i.id for i in pack.items.items if i.id not in starters]
        s["items_removed"], s["spells_removed"] = [], []
        s["spell_deck"] = self._shuffled(rng, [sp.id for sp in pack.spells.spells for _ in range(sp.copies)],
                                         setup.get("spells_top"))
        s["course_deck"] = self._shuffled(rng, [c.id for c in pack.course.course_cards], setup.get("course_top"))
        # 9: first player at random, characters clockwise from them (checklist 9)
        first = setup.get("first_player") or seats[rng.below(len(seats))]
        if first not in seats:
            raise RuleError("bad_setup", "The first player must be one of the players.")
        s["first_player"] = first
        s["characters"], s["zone_of"], s["hands"], s["items"] = {}, {}, {p: [] for p in players}, {p: [] for p in players}
        s["active_upgrade"], s["feats"], s["in_play"] = {}, {}, {p: [] for p in players}
        s["titles"] = {t: None for t in TITLES}
        s["loyalty"], s["revealed"], s["known_loyalty"] = {p: [] for p in players}, {}, {}
        s["loyalty_deck"] = []
        s["turn"] = None
        s["turns_taken"] = 0
        s["removed_from_game"] = []  # characters not chosen
        s["limits"], s["checks"], s["rolls"], s["turn_zone_actions"] = [], [], [], []
        events = [event("game_started", players=seats, first_player=first,
                        options=opts.to_dict(), resources=dict(s["resources"]))]
        self.push(s, {"k": "setup_finish", "hands": setup.get("hands"), "loyalty": setup.get("loyalty"),
                      "items_top": setup.get("items_top")})
        order = self.clockwise_from(s, first)
        if setup.get("characters"):
            chosen = setup["characters"]
            if sorted(chosen) != sorted(players) or len(set(chosen.values())) != len(players):
                raise RuleError("bad_setup", "Give every player a different character.")
            for p in order:
                self._take_character(s, p, chosen[p], events)
        else:
            for p in reversed(order):
                self.push(s, {"k": "character", "player": p})
        self.run(s, events)
        if setup.get("position"):   # the situation a record starts from, once setup is done
            if not s.get("setup_done"):
                raise RuleError("bad_position", "A position needs a setup that asks nothing: fix every "
                                                "character and starting hand (or play the first game).")
            self.apply_position(s, setup["position"])
            self.run(s, events)
        return s, events

    def _shuffled(self, rng, cards, top=None):
        rng.shuffle(cards)
        for card in reversed(top or []):
            if card not in cards:
                raise RuleError("bad_setup", "{card} is not in that deck.", card=card)
            cards.remove(card)
            cards.append(card)
        return cards

    def clockwise_from(self, s, player):
        seats = s["seats"]
        i = seats.index(player)
        return seats[i:] + seats[:i]

    # --- character selection (checklist 9; first game: the recommended characters, item 17)
    def _ask_character(self, s, f):
        taken = set(s["characters"].values())
        pool = [c.id for c in self.pack.characters.characters]
        if s["options"]["first_game"]:
            pool = list(self.pack.setup.first_game_characters[len(s["players"])])
        return {"player": f["player"], "options": [{"type": "character", "character": c} for c in pool if c not in taken]}

    def _answer_character(self, s, f, action, events):
        self._take_character(s, action["player"], action["character"], events)

    def _take_character(self, s, player, character, events):
        pack = self.pack
        char = pack.character(character)
        s["characters"][player] = character
        s["zone_of"][player] = char.start_zone          # checklist 12
        s["feats"][player] = char.feat                  # checklist 10
        s["items"][player].append(char.starting_item)   # checklist 11
        item = self.items_by_id[char.starting_item]
        if item.upgrade:
            s["active_upgrade"][player] = char.starting_item
        events.append(event("character_chosen", player=player, character=character))

    def _run_setup_finish(self, s, f, events):
        """Steps 11 and 13 (the rest, 14-17, in ``setup_done`` once the hands are taken, so a
        player chooses a starting hand before seeing a loyalty card, as in Appendix IV)."""
        pack, rng = self.pack, Rng(s["rng"])
        chosen = set(s["characters"].values())
        # 11: unused starting items go into the item deck, shuffled
        starters_unused = [c.starting_item for c in pack.characters.characters if c.id not in chosen]
        s["item_deck"] = self._shuffled(rng, s["item_deck"] + starters_unused, f.get("items_top"))
        s["removed_from_game"] = sorted(c.id for c in pack.characters.characters if c.id not in chosen)
        # 13: starting hands, from the left of the first player; the first player takes none
        order = self.clockwise_from(s, s["first_player"])
        hands = f.get("hands")
        self.push(s, {"k": "setup_done", "loyalty": f.get("loyalty")})
        first_game = s["options"]["first_game"]
        for p in reversed(order[1:]):
            if hands and p in hands:
                for card in hands[p]:
                    deck_ = s["decks"].get(card.split(":")[0])
                    if deck_ is None or card not in deck_:
                        raise RuleError("bad_setup", "{card} is not in its deck.", card=card)
                    deck_.remove(card)
                    s["hands"][p].append(card)
            elif first_game:
                self.push(s, {"k": "starting_hand_auto", "player": p})
            else:
                self.push(s, {"k": "starting_hand", "player": p})

    def _deal_setup_loyalty(self, s, fixed, events):
        """Steps 16-17 (checklist 15-16, 18, 20): build the loyalty deck for the player count,
        shuffle it, deal one card face down to each player (a fixed ``loyalty`` setup instead
        takes the named cards out of the deck). The first game deals none now (checklist 17)."""
        players = s["players"]
        deck = self.loyalty_deck_for(s)
        Rng(s["rng"]).shuffle(deck)
        s["loyalty_deck"] = deck
        if s["options"]["first_game"]:
            return
        fixed = {p: cards for p, cards in (fixed or {}).items() if cards}
        for p in players:   # fixed cards first, so a dealt card never takes one a test named
            for card in fixed.get(p, ()):
                if card not in s["loyalty_deck"]:
                    raise RuleError("bad_setup", "{card} is not in the loyalty deck.", card=card)
                s["loyalty_deck"].remove(card)
                s["loyalty"][p].append(card)
        for p in players:
            if p not in fixed:
                s["loyalty"][p].append(s["loyalty_deck"].pop())
        for p in players:  # everyone looks at the same moment
            events.append(event("loyalty_dealt", only(p), reveal=True, player=p, cards=list(s["loyalty"][p])))
        events.append(event("loyalty_counts", counts={p: len(s["loyalty"][p]) for p in players}))

    def loyalty_deck_for(self, s) -> list[str]:
        pack, n = self.pack, len(s["players"])
        if s["options"]["first_game"]:
            counts = dict(self.FIRST_GAME_LOYALTY[n])
        else:
            counts = dict(pack.loyalty.deck_by_players[n])
            if not s["options"]["cultist"] and counts.get("cultist"):
                counts["human"] = counts.get("human", 0) + counts.pop("cultist")
        return [card for card, k in sorted(counts.items()) for _ in range(k)]

    # checklist 17: the tutorial's loyalty deck (no Cultist), seed lines 256-260
    FIRST_GAME_LOYALTY = {3: {"hybrid": 1, "human": 5}, 4: {"hybrid": 1, "human": 7},
                          5: {"hybrid": 2, "human": 8}, 6: {"hybrid": 2, "human": 10}}

    def skill_set(self, s, player) -> dict[str, int]:
        return dict(self.pack.character(s["characters"][player]).skill_set)

    def _ask_starting_hand(self, s, f):
        ids = [t for t, k in self.skill_set(s, f["player"]).items() for _ in range(k)]
        need = min(self.pack.setup.starting_hand["others"], len(ids))
        return {"player": f["player"], "subset": {"ids": ids, "min": need, "max": need,
                                                  "action": {"type": "starting_hand"}, "field": "types"}}

    def _answer_starting_hand(self, s, f, action, events):
        self.draw_types(s, action["player"], action["types"], events)

    def _run_starting_hand_auto(self, s, f, events):
        types = [t for t, k in self.skill_set(s, f["player"]).items() for _ in range(k)]
        self.draw_types(s, f["player"], types, events)

    def _run_setup_done(self, s, f, events):
        # 14-15: the Captain (with the course deck) and the Keeper (with the spell deck): the
        # highest character on each title's line (checklist 14)
        for title in TITLES:
            self.assign_title(s, title, events)
        self._deal_setup_loyalty(s, f.get("loyalty"), events)   # 16-17
        s["setup_done"] = True
        events.append(event("setup_done", first_player=s["first_player"], titles=dict(s["titles"])))
