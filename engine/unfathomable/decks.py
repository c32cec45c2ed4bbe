"""The card decks as effects: skill-card draws and discards, items and upgrades, spells and casting,
scouting, cards kept in play (checklist D38, D43-44, F69, N143-144, O145-148).

Every primitive here makes all its decisions (``need``/``need_subset``/``need_number``/``need_roll``)
before it changes anything, except where noted (a peek's forced discards of personal mythos cards
and ``discard_and_roll``'s discard before its roll, both guarded so a re-run repeats nothing).

Items: ``items {p: [ids]}`` is the play area, ``active_upgrade {p: id}`` the face-up Upgrade (one
per player, checklist 147); a discarded item leaves the game (``items_removed``, checklist 145).
Spells: ``spell_deck`` (top = last); a cast spell is out of every pile while it resolves, then goes
to ``spells_removed`` unless ``keep_card`` (turns.py) put it in a play area (checklist 144).
"""
from __future__ import annotations

from engine.core.events import event, only
from engine.core.flow import Auto
from engine.core.rng import Rng
from engine.unfathomable.common import NON_TREACHERY, card_type, card_value

DECK_KEYS = {"items": "item_deck", "spells": "spell_deck", "mythos": "mythos_deck", "course": "course_deck"}
REMOVED_KEYS = {"items": "items_removed", "spells": "spells_removed"}


class Decks:
    FRAMES_: dict = {"spell_done": Auto()}

    # --- skill cards
    def _fx_draw_skill_cards(self, s, spec, c, events):
        """Checklist 38: each player fixes how many cards of each allowed type before drawing."""
        players = self.players_of(s, spec.who, c)
        count = self.amount(s, spec.count, c)
        if count <= 0:
            return
        plan = {}
        for p in players:
            plan[p] = self.skill_draw_plan(s, c, p, spec.types, count)
        for p in players:
            if plan[p]:
                self.draw_types(s, p, plan[p], events)

    def skill_draw_plan(self, s, c, p, types, count) -> list[str]:
        if types == "one_non_treachery_type":
            t = self.need(s, c, f"type:{p}", p, "skill_type", list(NON_TREACHERY), ask_single=True)
            return [t] * count
        if types == "own_skill_set":
            allowed = list(dict.fromkeys(self.set_types(s, p)))
        elif types == "any_non_treachery":
            allowed = list(NON_TREACHERY)
        else:
            allowed = list(dict.fromkeys(types))
        if len(allowed) == 1:
            return allowed * count
        ids = [t for t in allowed for _ in range(count)]
        return list(self.need_subset(s, c, f"types:{p}", p, "skill_types", ids, count, count))

    def _fx_discard_skill_cards(self, s, spec, c, events):
        players = self.players_of(s, spec.who, c)
        picks = {}
        for p in players:
            cards = [x for x in s["hands"][p] if spec.type is None or card_type(x) == spec.type]
            n = len(cards) if spec.count == "all" else self.amount(s, spec.count, c)
            n = min(n, len(cards))
            if n <= 0:
                picks[p] = []
            elif spec.random:
                if f"random:{p}" not in c["bind"]:
                    rng = Rng(s["rng"])
                    pool = list(cards)
                    c["bind"][f"random:{p}"] = [pool.pop(rng.below(len(pool))) for _ in range(n)]
                picks[p] = c["bind"][f"random:{p}"]
            else:
                picks[p] = self.need_subset(s, c, f"discard:{p}", p, "discard", cards, n, n)
        total = 0
        for p in players:
            if picks[p]:
                self.discard_from_hand(s, p, picks[p], events, reason="effect")
                total += sum(card_value(x) for x in picks[p])
        c["discarded_value"] = total

    def _fx_discard_and_roll(self, s, spec, c, events):
        """Discard one card of ``type``, roll d8 + its value against ``target``. Ruling T5: without
        such a card nothing happens (neither branch)."""
        players = self.players_of(s, spec.who, c)
        p = players[0] if players else None
        if p is None:
            return
        cards = [x for x in s["hands"][p] if card_type(x) == spec.type]
        if "dr_card" not in c["bind"] and not cards:
            return
        card = self.need(s, c, "dr_card", p, "discard", list(dict.fromkeys(cards)))
        if not c["bind"].get("dr_done"):
            c["bind"]["dr_done"] = True
            self.discard_from_hand(s, p, [card], events, reason="discard_and_roll")
        roll = self.need_roll(s, c, "dr_roll", "discard_and_roll", who=p)
        total = roll + card_value(card)
        ok = total >= spec.target
        c["discarded_value"] = card_value(card)
        events.append(event("discard_and_roll", player=p, card=card, roll=roll, total=total, target=spec.target,
                            success=ok))
        self.then_effect(s, spec.on_success if ok else spec.on_failure, c)

    # --- items (checklist 145-148)
    def _fx_draw_items(self, s, spec, c, events):
        """Look at the top ``look`` items, keep ``keep``, the rest to the bottom (or shuffled in).
        Checklist 145: an empty deck gives nothing; fewer cards than ``look`` (the Cargo Hold's
        last card): the player may take them or put them back."""
        players = self.players_of(s, spec.who, c)
        p = players[0] if players else None
        deck = s["item_deck"]
        if p is None or not deck:
            if p is not None:
                events.append(event("item_deck_empty", player=p))
            return
        looked = deck[-spec.look:][::-1]
        if "items_seen" not in c["bind"]:
            c["bind"]["items_seen"] = True
            events.append(event("items_looked", player=p, count=len(looked)))
            events.append(event("items_peek", only(p), reveal=True, player=p, cards=list(looked)))
        keep = min(spec.keep, len(looked))
        lo = keep if len(looked) >= spec.look else 0
        kept = self.need_subset(s, c, "keep_items", p, "keep_items", looked, lo, keep)
        del deck[-len(looked):]
        rest = [x for x in looked if x not in kept]
        if spec.rest == "shuffle":
            deck.extend(rest)
            Rng(s["rng"]).shuffle(deck)
        elif len(looked) < spec.look:
            deck.extend(reversed(rest))   # put back where they were
        else:
            for x in rest:
                deck.insert(0, x)
        if rest:
            events.append(event("items_returned", player=p, count=len(rest), where=spec.rest))
        self.gain_items(s, p, kept, events)

    def gain_items(self, s, p, items, events) -> None:
        """Checklist 145, 148: face up in the play area; a gained Upgrade may become the active one."""
        if not items:
            return
        s["items"][p].extend(items)
        events.append(event("items_gained", player=p, items=list(items)))
        if any(self.items_by_id[i].upgrade for i in items):
            self.upgrades_changed(s, p, events)

    def lose_items(self, s, p, items, events, removed=True) -> None:
        """Items leave p's play area: to the removed pile (checklist 145: no item discard) unless
        the caller moves them elsewhere; losing an Upgrade lets the player choose again."""
        if not items:
            return
        for i in items:
            s["items"][p].remove(i)
        if removed:
            s["items_removed"].extend(items)
            events.append(event("items_removed", player=p, items=list(items)))
        if any(self.items_by_id[i].upgrade for i in items):
            self.upgrades_changed(s, p, events)

    def upgrades_changed(self, s, p, events) -> None:
        """Checklist 147-148: one active Upgrade. Alone, it is active; with several the player
        chooses (the current one first, the default) through turns.py's ``choose_upgrade``."""
        ups = [i for i in s["items"][p] if self.items_by_id[i].upgrade]
        active = s["active_upgrade"].get(p)
        if active not in ups:
            if ups:
                s["active_upgrade"][p] = ups[0]
                events.append(event("upgrade_activated", player=p, item=ups[0]))
            else:
                s["active_upgrade"].pop(p, None)
                if active:
                    events.append(event("upgrade_activated", player=p, item=None))
        if len(ups) > 1:
            self.push(s, {"k": "choose_upgrade", "player": p})

    def _fx_remove_items(self, s, spec, c, events):
        players = self.players_of(s, spec.who, c)
        picks = {}
        for p in players:
            held = list(s["items"][p])
            if spec.item:
                picks[p] = [spec.item] if spec.item in held else []
            elif spec.keep is not None:
                if len(held) <= spec.keep:
                    picks[p] = []
                else:
                    kept = self.need_subset(s, c, f"keep:{p}", p, "keep_items", held, spec.keep, spec.keep)
                    picks[p] = [i for i in held if i not in kept]
            elif spec.count == "all":
                picks[p] = held
            else:
                n = min(spec.count, len(held))
                picks[p] = self.need_subset(s, c, f"remove:{p}", p, "remove_items", held, n, n) if n else []
        for p in players:
            self.lose_items(s, p, picks[p], events)

    def _fx_remove_deck_top(self, s, spec, c, events):
        deck = s[DECK_KEYS[spec.deck]]
        gone = [deck.pop() for _ in range(min(spec.count, len(deck)))]
        s[REMOVED_KEYS[spec.deck]].extend(gone)
        events.append(event("deck_top_removed", deck=spec.deck, count=len(gone)))

    def _fx_transfer_item(self, s, spec, c, events):
        chooser = self.player_of(s, spec.chooser, c)
        if chooser is None:
            return
        if spec.optional:
            # only asked when a transfer is possible at all
            if not self._transfer_possible(s, spec, c, chooser):
                return
            if not self.need(s, c, "transfer", chooser, "optional", [False, True], ask_single=True):
                return
        src = self.players_of(s, spec.source, c, slot="source")
        dst = self.players_of(s, spec.to, c, slot="to")
        if not src or not dst or src[0] == dst[0] or not s["items"][src[0]]:
            return
        item = self.need(s, c, "item", chooser, "item", list(s["items"][src[0]]))
        self.lose_items(s, src[0], [item], events, removed=False)
        events.append(event("item_transferred", frm=src[0], to=dst[0], item=item))
        self.gain_items(s, dst[0], [item], events)

    def _transfer_possible(self, s, spec, c, chooser) -> bool:
        from engine.unfathomable.content_effects import ChosenPlayer

        def candidates(who):
            if isinstance(who, ChosenPlayer):
                return self.pool(s, c, who.among, self.player_of(s, who.chosen_by, c))
            p = self.player_of(s, who, c)
            return [p] if p else []
        src, dst = candidates(spec.source), candidates(spec.to)
        return any(s["items"][a] for a in src) and any(b not in src or len(src) > 1 for b in dst)

    # --- scouting (checklist 69)
    def _fx_scout_deck(self, s, spec, c, events):
        chooser = self.player_of(s, spec.chooser, c)
        if chooser is None:
            return
        deck = s[DECK_KEYS[spec.deck]]
        if spec.deck == "mythos":
            self._drop_blocked_personal(s, spec.look, events)
        looked = deck[-spec.look:][::-1]   # top first
        if not looked:
            return
        if "scout_seen" not in c["bind"]:
            c["bind"]["scout_seen"] = True
            events.append(event("deck_scouted", player=chooser, deck=spec.deck, count=len(looked)))
            events.append(event("deck_peek", only(chooser), reveal=True, player=chooser, deck=spec.deck,
                                cards=list(looked)))
        if spec.rest == "top_or_bottom":
            on_top = [x for n, x in enumerate(looked)
                      if self.need(s, c, f"top#{n}", chooser, "top_or_bottom", ["top", "bottom"],
                                   ask_single=True) == "top"]
        elif spec.top >= len(looked):
            on_top = list(looked)
        elif spec.top == 1:
            on_top = [self.need(s, c, "top", chooser, "keep_on_top", list(looked))]
        elif spec.top == 0:
            on_top = []
        else:
            on_top = self.need_subset(s, c, "top", chooser, "keep_on_top", looked, spec.top, spec.top)
        del deck[-len(looked):]
        bottom = list(looked)
        for x in on_top:
            bottom.remove(x)
        for x in bottom:
            deck.insert(0, x)
        for x in reversed(on_top):   # the first kept ends on top
            deck.append(x)
        events.append(event("deck_arranged", player=chooser, deck=spec.deck, top=len(on_top), bottom=len(bottom)))

    def _drop_blocked_personal(self, s, look, events) -> None:
        """Checklist 69: a personal mythos card that would be discarded is shown to all, discarded
        and replaced by the next card; repeat while the new ones must go too."""
        deck = s["mythos_deck"]
        i = len(deck) - 1
        seen = 0
        while i >= 0 and seen < look:
            card = deck[i]
            if self.personal_blocked(s, card):
                deck.pop(i)
                s["mythos_discard"].append(card)
                events.append(event("mythos_discarded_personal", reveal=True, card=card, why=self.personal_block(s, card)))
            else:
                seen += 1
            i -= 1

    # --- spells (checklist 143-144)
    def _fx_cast_spell(self, s, spec, c, events):
        players = self.players_of(s, spec.who, c)
        p = players[0] if players else None
        deck = s["spell_deck"]
        if p is None or not deck:
            return   # checklist 144: no spell left, none can be cast
        looked = deck[-spec.look:][::-1]
        if spec.look > 1 and "spells_seen" not in c["bind"]:
            c["bind"]["spells_seen"] = True
            events.append(event("spells_looked", player=p, count=len(looked)))
            events.append(event("spells_peek", only(p), reveal=True, player=p, cards=list(looked)))
        if spec.look == 1:
            card = looked[0]
        elif len(looked) < spec.look:
            # seed 000 l.1837-1839: one card left under "look at 2": cast it or put it back
            card = self.need(s, c, "spell", p, "cast_or_return", [looked[0], "put_back"], ask_single=True)
            if card == "put_back":
                events.append(event("spell_put_back", player=p))
                return
        else:
            card = self.need(s, c, "spell", p, "cast", list(dict.fromkeys(looked)))
        del deck[-len(looked):]
        looked.remove(card)
        for x in looked:
            deck.insert(0, x)
        self.cast(s, p, card, events)

    def cast(self, s, p, card, events) -> None:
        """Reveal it, resolve its effect then its cost (README ruling 20); then it leaves the game
        unless ``keep_card`` put it in a play area (checklist 144)."""
        spell = self.spells_by_id[card]
        events.append(event("spell_cast", reveal=True, player=p, card=card))
        cid = self.new_ctx(s, {"self": p, "decider": p, "card": card, "spell": True, "holder": p})
        self.push(s, {"k": "ctx_end", "c": cid})
        self.push(s, {"k": "spell_done", "card": card, "c": cid})
        if spell.cost:
            self.push(s, {"k": "fx", "e": self.key_of(spell.cost), "i": 0, "c": cid})
        if spell.effect:
            self.push(s, {"k": "fx", "e": self.key_of(spell.effect), "i": 0, "c": cid})

    def _run_spell_done(self, s, f, events):
        c = s["ctx"].get(f["c"]) or {}
        if c.get("kept") or any(f["card"] in cards for cards in s["in_play"].values()):
            return
        s["spells_removed"].append(f["card"])
        events.append(event("spell_removed", card=f["card"]))
