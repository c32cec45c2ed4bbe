"""Tracks, course cards, Arrival, the Awakening phase and the Great Banishment (checklist M129-138).

Moving a token is a chain of frames, one space per frame, so whatever an end space starts (the
Captain's course-card choice, the card's own effect, defeats with their prevention windows, the
Awakening) finishes before the leftover spaces are moved from Start (seed 000 l.2653-2654, RU
§50.1; README ruling 45):

* ``track_step {track, left}``: one space forward; on the journey track every monster in a water
  zone is pushed one zone toward the stern first (stern zones → the Depths, checklist 131); on the
  end space the end event's frames go on top and ``left - 1`` more spaces wait below them.
* journey end: ``arrival`` (distance ≥ 12 → ``s["arrived"]``, which ``ending.py`` reads; else
  ``course_offer`` → ``course_choose`` (the Captain's prompt) → the card's effect → ``course_done``,
  then ``arrival_end``: token to Start, the Awakening if due (``awakening_check``).
* ritual end: ``great_banishment`` → one ``banish_one`` frame per defeat → ``ritual_reset``.

State: ``tracks {journey, ritual}`` (0 = Start), ``distance`` (sum of played distances, Fog Bank
lost bearings counts 0), ``course_played`` (the played row), ``course_no_distance`` (cards of the
row that count 0), ``awakened``; ``course_reaching_12`` is set while the course card that brings the
distance to 12+ resolves (ending.py's Cultist rule).
"""
from __future__ import annotations

from engine.core.events import event, only
from engine.core.flow import Auto, Choice
from engine.unfathomable.common import DEPTHS, MONARCHS


class Tracks:
    FRAMES_: dict = {
        "track_step": Auto(), "arrival": Auto(), "arrival_end": Auto(), "course_offer": Auto(),
        "course_choose": Choice(default="first"), "course_done": Auto(), "awakening_check": Auto(),
        "great_banishment": Auto(), "banish_one": Auto(), "ritual_reset": Auto(),
    }

    # --- geometry of the tracks
    def track_end(self, track: str) -> int:
        return next(len(t.spaces) - 1 for t in self.pack.tracks.tracks if t.id == track)

    # --- moving tokens
    def advance(self, s, track: str, spaces: int, events, c=None) -> None:
        """Checklist 129: move the token ``spaces`` spaces forward, one at a time (frames)."""
        if spaces > 0:
            self.push(s, {"k": "track_step", "track": track, "left": spaces})

    def _run_track_step(self, s, f, events):
        track, left = f["track"], f["left"]
        if left > 1:
            self.push(s, {"k": "track_step", "track": track, "left": left - 1})
        if track == "journey":
            self.push_water_monsters(s, events)   # checklist 131; [R] 134: push, then Arrival
        s["tracks"][track] += 1
        pos = s["tracks"][track]
        events.append(event("track_advanced", track=track, position=pos))
        if pos >= self.track_end(track):
            self.push(s, {"k": "arrival" if track == "journey" else "great_banishment"})

    def retreat(self, s, track: str, spaces: int, events) -> int:
        """Checklist 130, 132: move back toward Start (never moves monsters); returns the number
        of steps Start blocked."""
        pos = s["tracks"][track]
        moved = min(pos, spaces)
        s["tracks"][track] = pos - moved
        if moved:
            events.append(event("track_retreated", track=track, position=s["tracks"][track], spaces=moved))
        return spaces - moved

    def reset_track(self, s, track: str, events) -> None:
        """Checklist 130: return to Start (stays there if already on Start)."""
        if s["tracks"][track]:
            s["tracks"][track] = 0
            events.append(event("track_reset", track=track))

    def push_water_monsters(self, s, events) -> None:
        """Checklist 131: every monster in a water zone moves one water zone toward the stern; those
        already in a stern zone go to the Depths (all from the same snapshot, so a monster moved
        into a stern zone by this step stays there: the ruling "stern → Depths first")."""
        b = self.board
        before = {w: s["deep_ones"].get(w, 0) for w in b.water}
        moved = {}
        for w in b.water:
            s["deep_ones"][w] = 0
        for w, n in before.items():
            dest = b.toward_stern[w] or DEPTHS
            s["deep_ones"][dest] = s["deep_ones"].get(dest, 0) + n
            if n:
                moved[w] = dest
        monarchs = {}
        for m, zone in s["monarchs"].items():
            if zone in b.toward_stern:
                s["monarchs"][m] = b.toward_stern[zone] or DEPTHS
                monarchs[m] = s["monarchs"][m]
        if moved or monarchs:
            events.append(event("monsters_pushed_to_stern", deep_ones=moved, monarchs=monarchs))

    # --- Arrival (checklist 134-136)
    def _run_arrival(self, s, f, events):
        events.append(event("arrival", distance=s["distance"]))
        if s["distance"] >= self.pack.tracks.distance.win_at_least:
            s["arrived"] = True   # ending.py: the ship reaches port
            return
        self.push(s, {"k": "arrival_end"})
        self.push(s, {"k": "course_offer", "chooser": self.course_chooser(s, "captain")})

    def course_chooser(self, s, who: str, c=None) -> str | None:
        """The Captain (or the named player); ruling T1: with the title unheld, the current player."""
        p = self.player_of(s, who, c or {})
        return p or (s["turn"]["player"] if s.get("turn") else s["first_player"])

    def _run_arrival_end(self, s, f, events):
        self.reset_track(s, "journey", events)
        self._run_awakening_check(s, f, events)

    def _run_course_offer(self, s, f, events):
        deck = s["course_deck"]
        cards = deck[-2:][::-1]   # top first
        if not cards:
            events.append(event("course_deck_empty"))
            return
        player = f["chooser"]
        events.append(event("course_looked", player=player, count=len(cards)))
        events.append(event("course_peek", only(player), reveal=True, player=player, cards=list(cards)))
        self.push(s, {"k": "course_choose", "player": player, "cards": cards})

    def _ask_course_choose(self, s, f):
        return {"player": f["player"], "default": "first",
                "options": [{"type": "course", "card": card} for card in f["cards"]]}

    def _answer_course_choose(self, s, f, action, events):
        card = action["card"]
        deck = s["course_deck"]
        for other in f["cards"]:
            deck.remove(other)
        for other in f["cards"]:
            if other != card:
                deck.insert(0, other)   # the other to the bottom
                events.append(event("course_bottomed", player=f["player"]))
        self.play_course(s, card, f["player"], events)

    def play_course(self, s, card: str, player: str, events) -> None:
        """Into the played row (the distance counts at once), then its effect, decided by
        ``player`` (README ruling 50)."""
        course = self.course_by_id[card]
        before = s["distance"]
        s["course_played"].append(card)
        s["distance"] += course.distance
        win = self.pack.tracks.distance.win_at_least
        if before < win <= s["distance"]:
            s["course_reaching_12"] = True
        events.append(event("course_played", player=player, card=card, distance=s["distance"]))
        self.push(s, {"k": "course_done", "card": card})
        self.start_effect(s, course.effect, events, {"self": player, "decider": player, "card": card,
                                                     "course": True})

    def _run_course_done(self, s, f, events):
        s.pop("course_reaching_12", None)

    def _run_awakening_check(self, s, f, events):
        """Checklist 136: after the course card that first brings the distance to 6+, once."""
        if not s.get("awakened") and s["distance"] >= self.pack.tracks.distance.awakening_at_least:
            self.awakening(s, events)   # loyalty.py: sets ``awakened``, deals, pushes its prompts
            s["awakened"] = True

    def _hook_fog_bank_lost_bearings(self, s, params, c, events):
        """Fog Bank: it counts 0 distance (it stays in the row) and the top course card is played
        and resolved instead, without a choice (hooks.yaml)."""
        card = c.get("card") or "fog_bank"
        if card in s["course_played"] and card not in s.setdefault("course_no_distance", []):
            s["course_no_distance"].append(card)
            s["distance"] -= self.course_by_id[card].distance
            if s["distance"] < self.pack.tracks.distance.win_at_least:
                s.pop("course_reaching_12", None)
            events.append(event("course_no_distance", card=card, distance=s["distance"]))
        if not s["course_deck"]:
            return
        nxt = s["course_deck"].pop()
        self.play_course(s, nxt, c.get("decider") or c["self"], events)

    # --- Great Banishment (checklist 138)
    def _run_great_banishment(self, s, f, events):
        b = self.board
        back = 0
        for z in b.water + b.deck:
            back += s["deep_ones"].get(z, 0)
            s["deep_ones"][z] = 0
        s["deep_one_supply"] += back
        for m in MONARCHS:
            s["monarchs"][m] = DEPTHS
        events.append(event("great_banishment", deep_ones_returned=back))
        self.push(s, {"k": "ritual_reset"})
        cid = self.new_ctx(s, {"self": s["turn"]["player"] if s.get("turn") else s["first_player"],
                               "banishment": True})
        self.push(s, {"k": "ctx_end", "c": cid})
        todo = [{"what": "passenger", "zone": z, "token": t} for z in b.deck for t in s["passengers"].get(z, [])]
        todo += [{"what": "player", "player": p} for p in self.turn_order(s) if s["zone_of"][p] in b.deck]
        for one in reversed(todo):
            self.push(s, {"k": "banish_one", "c": cid, **one})

    def _run_banish_one(self, s, f, events):
        c = s["ctx"][f["c"]]
        if f["what"] == "passenger":
            if f["token"] in s["passengers"].get(f["zone"], []):
                self.defeat_passenger_token(s, f["zone"], f["token"], events, c)
        elif s["zone_of"][f["player"]] in self.board.deck:
            self.defeat_player(s, f["player"], events, c)

    def _run_ritual_reset(self, s, f, events):
        self.reset_track(s, "ritual", events)

    # --- primitives
    def _fx_advance_track(self, s, spec, c, events):
        spaces = spec.spaces
        if spec.extra_per_surplus:
            spaces += max(0, c.get("check_surplus", 0) or 0) // spec.extra_per_surplus
        self.advance(s, spec.track, spaces, events, c)

    def _fx_retreat_track(self, s, spec, c, events):
        if spec.at_start_lose is not None and s["tracks"][spec.track] == 0:
            self._fx_lose(s, spec.at_start_lose, c, events)
            return
        blocked = self.retreat(s, spec.track, spec.spaces, events)
        if blocked and spec.per_blocked_step_lose is not None:
            for _ in range(blocked):
                self._fx_lose(s, spec.per_blocked_step_lose, c, events)

    def _fx_reset_track(self, s, spec, c, events):
        self.reset_track(s, spec.track, events)

    def _fx_shift_track(self, s, spec, c, events):
        chooser = self.player_of(s, spec.chooser, c)
        if chooser is None:
            return
        n = self.need_number(s, c, "shift", chooser, "track_shift", spec.min, spec.max, track=spec.track)
        events.append(event("track_shift_chosen", player=chooser, track=spec.track, spaces=n))
        if n > 0:
            self.advance(s, spec.track, n, events, c)
        elif n < 0:
            self.retreat(s, spec.track, -n, events)

    def _fx_play_course_card(self, s, spec, c, events):
        """README ruling 46: the course-card part of Arrival (no win check, the token stays)."""
        chooser = self.course_chooser(s, spec.chooser, c)
        self.push(s, {"k": "awakening_check"})
        self.push(s, {"k": "course_offer", "chooser": chooser})
