"""Eldritch Horror setup (checklist A, B): investigators, Lead, gates, clues, monsters, decks,
mythos deck per Ancient One, reserve, first gates/monsters/clues, expedition, first mystery."""
from __future__ import annotations

from engine.eldritch.content import build_mythos_deck, mythos_shortfall
from engine.core.errors import RuleError
from engine.core.events import event
from engine.core.rng import Rng
from engine.eldritch.common import SKILLS
from engine.eldritch.options import EldritchOptions, EldritchSetup


class Setup:
    def new_game(self, players, seed, options=None, setup=None):
        try:
            opts = EldritchOptions.model_validate(options or {})
            fixed = EldritchSetup.model_validate(setup or {})
        except Exception as exc:  # pydantic's error: the option is not valid
            raise RuleError("bad_option", "Invalid option: {problem}", problem=str(exc).splitlines()[0]) from None
        players = [str(p) for p in players]
        if len(set(players)) != len(players):
            raise RuleError("duplicate_player", "A player can join only once.")
        if not 1 <= len(players) <= 8:
            raise RuleError("player_count", "Eldritch Horror needs 1 to 8 players (got {count}).", count=len(players))
        C = self.C
        s = {
            "game": self.game_id, "version": self.version, "players": players, "options": opts.model_dump(),
            "rng": Rng.new_state(seed), "seq": 0, "stack": [], "result": None, "ctx": {}, "ctx_seq": 0,
            "forced_dice": list(fixed.dice or []), "round": 0, "phase": "setup", "turn": {},
            "eliminated": [], "flags": {}, "figures": [], "lost": [], "used_investigators": [],
            "awakened": False, "solved": [], "mystery": None, "final": None,
            "ao_tokens": {"eldritch": 0, "health": 0}, "omen_eldritch": 0, "mystery_token": None,
            "eldritch_board": {}, "rumor_tokens": {}, "reserve": [], "used_components": [],
        }
        rng = Rng(s["rng"])
        # A1: investigators, one per player (1-4 each with the option), never twice
        chosen: dict[str, list[str]] = {}
        if opts.investigators:
            if sorted(opts.investigators) != sorted(players):
                raise RuleError("bad_setup", "Name investigators for every player.")
            chosen = {p: list(opts.investigators[p]) for p in players}
        else:
            pool = list(C.investigator_ids)
            rng.shuffle(pool)
            for p in players:
                chosen[p] = [pool.pop() for _ in range(opts.per_player)]
        everyone = [i for p in players for i in chosen[p]]
        if not 1 <= len(everyone) <= 8 or any(not 1 <= len(v) <= 4 for v in chosen.values()):
            raise RuleError("investigator_count", "1-4 investigators per player and 1-8 in all.")
        if len(set(everyone)) != len(everyone):
            raise RuleError("duplicate_investigator", "An investigator can be played only once.")
        for i in everyone:
            if i not in C.investigators:
                raise RuleError("unknown_investigator", "Unknown investigator '{inv}'.", inv=i)
        # A2: the Lead
        lead_player = opts.lead or rng.choice(players)
        if lead_player not in players:
            raise RuleError("bad_setup", "The Lead must be one of the players.")
        # seat order: players in join order, each player's investigators together, from the Lead
        start = players.index(lead_player)
        seating = players[start:] + players[:start]
        s["order"] = [i for p in seating for i in chosen[p]]
        s["lead"] = s["order"][0]
        # A9: the Ancient One
        ao_id = opts.ancient_one if opts.ancient_one != "random" else rng.choice(C.ao_ids)
        if isinstance(ao_id, int):   # the lobby's select: the Ancient One's place in the pack
            ao_id = C.ao_ids[ao_id - 1] if 1 <= ao_id <= len(C.ao_ids) else str(ao_id)
        if ao_id not in C.ancient_ones:
            raise RuleError("unknown_ancient_one", "Unknown Ancient One '{ao}'.", ao=ao_id)
        ao = C.ancient_ones[ao_id]
        s["ao"] = ao_id
        # A3/A4: gate stack and clue pool
        s["gates"] = {"stack": self._stacked(rng, list(C.gate_spaces), fixed.gates), "discard": [], "board": []}
        s["clues"] = {"pool": self._stacked(rng, list(C.space_ids), fixed.clues), "discard": [], "board": {}}
        # decks (A11-A14): spells and conditions face up; boxed: other AOs' research/special/mysteries
        decks = {}
        decks["assets"] = sorted(a for a, card in C.assets.items() for _ in range(card["copies"]))
        decks["artifacts"] = sorted(C.artifacts)
        decks["spells"] = sorted(b["id"] for sp in C.spells.values() for b in sp["backs"])
        decks["conditions"] = sorted(b["id"] for c in C.conditions.values() for b in c["backs"])
        for did, deck in C.decks.items():
            if deck["kind"] in ("research", "special") and deck["ancient_one"] not in (None, ao_id):
                continue
            if deck["kind"] == "special" and did not in ao.get("special_decks", []):
                continue
            decks[did] = sorted(deck["cards"])
        decks["mysteries"] = [m["id"] for m in ao["mysteries"]]
        s["decks"] = {d: {"draw": cards, "discard": []} for d, cards in decks.items()}
        s["set_aside_decks"] = list(ao["set_aside"]["decks"])
        s["inv"] = {}
        # A6-A8: start space, health, sanity, starting possessions by name (before shuffling)
        for p in players:
            for i in chosen[p]:
                self._place_investigator(s, i, p)
        s["used_investigators"] = list(everyone)
        if len(everyone) == 1:   # M4/A24: solo: every Teamwork component is boxed
            for did, table in (("assets", C.assets), ("artifacts", C.artifacts)):
                boxed = [x for x in s["decks"][did]["draw"] if "teamwork" in table[x]["traits"]]
                for x in boxed:
                    s["decks"][did]["draw"].remove(x)
                s.setdefault("removed_cards", []).extend(boxed)
        for did, deck in s["decks"].items():
            rng.shuffle(deck["draw"])
            top = (fixed.decks or {}).get(did)
            if top:
                self._put_on_top(deck["draw"], top, did)
        # A10: the cup (every non-epic token), minus the set-aside monsters
        cup, box = [], {}
        for mid, m in C.monsters.items():
            if m["epic"]:
                box[mid] = 1
            else:
                cup += [mid] * m["copies"]
        set_aside = {}
        for mid, n in ao["set_aside"]["monsters"].items():
            if C.monsters[mid]["epic"]:
                continue
            for _ in range(n):
                if mid in cup:
                    cup.remove(mid)
                    set_aside[mid] = set_aside.get(mid, 0) + 1
        s["monsters"] = {"cup": sorted(cup), "set_aside": set_aside, "box": box, "board": {}, "next": 1,
                         "cup_top": list(fixed.cup or [])}
        # B: the mythos deck
        exclude = {"easy": "hard", "hard": "easy"}.get(opts.difficulty)
        shortfall = {}
        if fixed.mythos is not None:
            mythos = list(fixed.mythos)
        else:
            # B7 [R]: a variant that leaves a colour short builds with what is left, and says so
            shortfall = mythos_shortfall(self.pack, ao_id, exclude)
            mythos = build_mythos_deck(self.pack, ao_id, rng, exclude=exclude, short_ok=True)
        s["mythos"] = {"deck": mythos, "discard": [], "in_play": [],
                       "box": sorted(m for m in C.mythos if m not in mythos)}
        # A16-A19: reference card, doom, omen, reserve
        s["reference"] = C.reference(len(everyone))["id"]
        s["doom"] = ao["doom"]
        s["omen"] = C.omen_start
        if fixed.reserve:
            for a in fixed.reserve:
                self._take(s["decks"]["assets"]["draw"], a, "assets")
                s["reserve"].append(a)
        self.refill_reserve(s, [])
        # A21: the Active Expedition token
        s["expedition"] = self.expedition_space(s)
        events = [event("game_started", ancient_one=ao_id, lead=s["lead"], order=list(s["order"]),
                        investigators={i: s["inv"][i]["player"] for i in s["order"]}, doom=s["doom"],
                        reference=s["reference"], mythos_cards=len(mythos), options=s["options"])]
        if shortfall:
            events.append(event("mythos_shortfall", missing=shortfall))
        # the rest runs as frames (each may prompt): AO setup, gates, clues, mystery, improvements
        ref = self.ref(s)
        c = self.new_ctx(s, self_=s["lead"])
        steps = list(ao["setup"])
        steps.append({"op": "spawn_gates", "count": ref["gates"], "at": None})
        steps.append({"op": "spawn_clues", "count": ref["clues"], "at": None})
        steps.append({"op": "_draw_mystery", "first": fixed.mystery})
        if opts.starting_rumor:
            steps.append({"op": "_starting_rumor"})
        self.run_effect(s, steps, c, end=True)
        for i in reversed(s["order"]):
            for item in C.investigators[i]["starting"]:
                if item["kind"] == "improve":
                    self.run_effect(s, [{"op": "improve", "who": "self", "skill": item["skill"] or "choice",
                                         "times": item.get("count", 1) or 1}], self.new_ctx(s, self_=i), end=True)
        self.run(s, events)
        if fixed.position:   # the situation a record starts from, once setup is done
            self.apply_position(s, fixed.position)
            self.run(s, events)
        return s, events

    def build_short_mythos(self, ao_id, rng, exclude=None, pool=None):
        """B1-B4 and B7 with whatever the box holds (``pool``: only these card ids): (deck top first,
        {colour: cards missing})."""
        return (build_mythos_deck(self.pack, ao_id, rng, exclude=exclude, short_ok=True, pool=pool),
                mythos_shortfall(self.pack, ao_id, exclude, pool=pool))

    @staticmethod
    def _stacked(rng, items, top):
        rng.shuffle(items)
        if top:
            for t in reversed(top):
                if t in items:
                    items.remove(t)
                    items.insert(0, t)
        return items

    @staticmethod
    def _take(pile, card, deck):
        if card not in pile:
            raise RuleError("bad_setup", "'{card}' is not in the {deck} deck.", card=card, deck=deck)
        pile.remove(card)

    def _put_on_top(self, pile, top, did):
        for card in reversed(top):
            match = next((c for c in pile if c == card or self.C.back_of.get(c, (None,))[0] == card), None)
            if match is None:
                raise RuleError("bad_setup", "'{card}' is not in the {deck} deck.", card=card, deck=did)
            pile.remove(match)
            pile.insert(0, match)

    def _place_investigator(self, s, inv_id, player, space=None):
        """Setup steps 3-4 for one investigator (A6-A8; H10 for a replacement)."""
        data = self.C.investigators[inv_id]
        s["inv"][inv_id] = {
            "id": inv_id, "player": player, "space": space or data["start"],
            "health": data["health"], "sanity": data["sanity"],
            "max_health": data["health"], "max_sanity": data["sanity"],
            "skills": dict(data["skills"]), "improve": {k: 0 for k in SKILLS},
            "clues": [], "tickets": {"train": 0, "ship": 0},
            "assets": [], "artifacts": [], "spells": [], "conditions": [],
            "delayed": False, "status": "active", "actions": [], "used": [], "encountered": False,
            "limits": [],
        }
        for item in data["starting"]:
            kind, name, count = item["kind"], item.get("name"), item.get("count") or 1
            if kind == "clues":
                self.gain_clues(s, inv_id, count, [])
            elif kind == "asset":
                self.take_by_name(s, inv_id, "asset", name, [])
            elif kind == "spell":
                self.take_by_name(s, inv_id, "spell", name, [])
            elif kind == "condition":
                self.take_by_name(s, inv_id, "condition", name, [])
