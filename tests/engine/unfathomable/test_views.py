"""Views and secrecy (checklist R173-178, T182). Seed: shared/seeds/000 lines."""
import pytest

from engine.core.events import visible_to
from engine.unfathomable.common import SKILL_TYPES

from .helpers import answer, game, run
from .randplay import check_views, hidden_from, play

CHECK = [{"skill_check": {"target": 5, "positive": ["influence", "will"], "on_pass": [], "on_fail": []}}]


def hands(r, s, **cards):
    """Give players fixed skill cards (taken from the decks)."""
    for p, ids in cards.items():
        for c in ids:
            s["decks"][c.split(":")[0]].remove(c)
            s["hands"][p].append(c)


def start_check(r, s):
    events = run(r, s, CHECK)
    while r.prompts(s)[0]["kind"] == "window":
        for p in r.prompts(s):
            events += answer(r, s, p["player"], type="pass")
    return events


def test_c173_public_table():
    """Checklist 173. «Кількість карт умінь у руці гравця – відкрита інформація.» [2091]; only the top
    card of each discard pile is shown, counts of every face-down deck (the chaos deck too)."""
    r, s = game(4)
    s["discards"]["lore"] = [s["decks"]["lore"].pop(), s["decks"]["lore"].pop()]
    v = r.view(s, None)
    assert v["hand_sizes"] == {p: len(s["hands"][p]) for p in s["players"]}
    assert v["loyalty_counts"] == {p: 1 for p in s["players"]}
    assert v["deck_sizes"] == {t: len(s["decks"][t]) for t in SKILL_TYPES}
    assert v["discard_tops"]["lore"] == s["discards"]["lore"][-1]
    assert s["discards"]["lore"][0] not in str(v)     # no counting the discard pile
    assert v["chaos_count"] == 10 and v["deep_one_supply"] == 14 and v["passenger_supply"] == 7
    assert v["passengers"]["d3"] == 1 and v["items"] == s["items"] and v["titles"] == s["titles"]
    assert v["mythos_deck"] == 70 and v["loyalty_deck"] == len(s["loyalty_deck"])
    assert "you" not in v


def test_c174_private_to_the_holder():
    """Checklist 174. «Карти вмінь – єдиний тип карт, який гравець тримає в руці.» [2087]: the hand and
    the loyalty cards are seen by their holder only."""
    r, s = game(4, loyalty={"p1": ["human"], "p2": ["hybrid"], "p3": ["human"], "p4": ["cultist"]})
    for p in s["players"]:
        v = r.view(s, p)
        assert v["you"]["hand"] == s["hands"][p] and v["you"]["loyalty"] == s["loyalty"][p]
        for q in s["players"]:
            if q != p:
                assert not set(s["hands"][q]) & set(str(v).split("'"))
    def shown(v):   # the options name the Cultist variant; the rest must name no loyalty card
        return str({k: x for k, x in v.items() if k != "options"})
    assert "hybrid" not in shown(r.view(s, "p1")) and "cultist" not in shown(r.view(s, "p2"))
    assert "hybrid" in str(r.view(s, "p2")["you"])


def test_c175_hidden_from_everyone():
    """Checklist 175. «Жетони пасажирів завжди лежать долілиць, якщо тільки гра не вимагає їх
    перевернути.» [2347]: chaos contents, deck orders and passenger faces are in no view."""
    r, s = game(5, seed=4)
    faces = set(s["passenger_faces"].values())
    for viewer in [None] + s["players"]:
        text = str(r.view(s, viewer))
        assert not any(c in text for c in s["chaos"])
        assert not any(c in text for t in SKILL_TYPES for c in s["decks"][t])
        assert not any(f in text for f in faces)
        assert not any(m in text for m in s["mythos_deck"][-3:])   # the mythos order
        assert s["course_deck"][-1] not in text and s["spell_deck"][-1] not in text
        check_views(r, s)


def test_c182_contributions_counts_only_then_shuffled():
    """Checklist 182, 175. «Перетасуйте всі карти, додані до перевірки, ... і відкрийте їх» — the
    table learns only how many cards each player added; no view or event links a card to its
    contributor before the game ends."""
    r, s = game(4, seed=6)
    mine = {"p2": ["influence:inspiring_speech:5:1"], "p3": ["will:determination:3:4", "lore:shrivelling:2:5"]}
    hands(r, s, **mine)
    events = start_check(r, s)
    contributed = {}
    while r.prompts(s) and r.prompts(s)[0]["kind"] == "contribute":
        p = r.prompts(s)[0]["player"]
        give = mine.get(p, [])
        contributed[p] = give
        events += answer(r, s, p, type="contribute", cards=give)
        if s["checks"] and s["checks"][-1]["total"] is None:
            v = r.view(s, None)
            assert v["check"]["added"][p] == len(give)
            assert not any(c in str(v) for c in give)
            for q in s["players"]:
                vq = r.view(s, q)
                if q != p:
                    assert not any(c in str(vq) for c in give)
            assert sorted(r.view(s, p)["you"]["check_added"]) == sorted(give)
    added = [e for e in events if e["type"] == "check_added"]
    assert {e["player"]: e["count"] for e in added} == {p: len(v) for p, v in contributed.items()}
    for e in events:
        if e["type"] == "check_you_added":
            assert e["audience"] == [e["player"]]
        if e["type"] in ("contributions_revealed", "check_revealed"):
            assert "player" not in e and "by" not in e
    revealed = [e for e in events if e["type"] in ("contributions_revealed", "check_revealed")][-1]
    assert revealed["audience"] == "all"
    assert set(c for v in mine.values() for c in v) <= set(revealed["cards"])
    assert r.view(s, None)["check"]["pile"] == revealed["cards"]


def test_c176_the_owner_learns_which_loyalty_cards_were_seen():
    """Checklist 176. [2815]: when a player looks at another's loyalty, the owner learns exactly
    which of their cards were seen; nobody else sees them."""
    r, s = game(4, loyalty={"p1": ["human"], "p2": ["hybrid"], "p3": ["human"], "p4": ["human"]})
    events = run(r, s, [{"look_at_loyalty": {"who": "self", "target": "arjun"}}], self="p1")
    assert s["known_loyalty"]["p1"] == {"p2": ["hybrid"]}
    assert r.view(s, "p1")["you"]["known_loyalty"] == {"p2": ["hybrid"]}
    assert "hybrid" not in str(r.view(s, "p3")) and "hybrid" not in str(r.view(s, None))
    seen = [e for e in events if e["type"] == "loyalty_seen"][0]
    told = [e for e in events if e["type"] == "your_loyalty_seen"][0]
    assert seen["audience"] == ["p1"] and seen.get("reveal") is True
    assert told["audience"] == ["p2"] and told["cards"] == ["hybrid"]
    assert not any(visible_to(e, "p3") and "hybrid" in str(e) for e in events)


def test_c177_hand_composition_not_public():
    """Checklist 177. «Кількість карт вмінь у руці гравця – відкрита інформація.» [2091] — only the
    count: the skills-drawn event the table sees carries no card and no type."""
    r, s = game(4)
    events = []
    r.push(s, {"k": "receive_skills", "player": "p2"})
    r.run(s, events)
    public = [e for e in events if e["type"] == "skills_drawn"]
    assert public and all(set(e) <= {"type", "audience", "player", "count"} for e in public)
    assert all(not visible_to(e, "p2") for e in public)
    private = [e for e in events if e["type"] == "skills_drawn_you"]
    assert private[0]["audience"] == ["p2"]


def test_c178_no_way_to_show_a_hand():
    """Checklist 178. «Відкриті зрадники ... не можуть показувати карти зі своєї руки іншим
    гравцям.» [2823]: no action shows a hand; the public prompts carry no options."""
    r, s = game(4)
    for p in s["players"]:
        for a in r.legal_actions(s, p):
            assert "show" not in a["type"]
    for prompt in r.view(s, None)["prompts"]:
        assert set(prompt) <= {"id", "player", "kind", "shape", "purpose", "timing", "labels", "zone",
                               "ability", "advisers"}


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_c173_c175_no_leak_in_random_games(n):
    """Checklist 173-177, 182: over random games, after every step, no view and no event shows a
    player a card id they may not know (hands, decks, chaos, unrevealed contributions), a passenger
    face before its defeat, or anyone else's loyalty (randplay.check_views / check_events)."""
    errors = []
    for seed in range(2):
        played = play(n, seed=100 + seed, max_actions=150, views=True)
        if played.error:
            errors.append(played.error)
    assert not errors, errors


def test_hidden_from_reads_the_state():
    """The scan itself: a card in another hand is hidden, one's own is not."""
    r, s = game(4)
    assert set(s["hands"]["p1"]) & hidden_from(s, "p2")
    assert not set(s["hands"]["p1"]) & hidden_from(s, "p1")
    assert set(s["chaos"]) <= hidden_from(s, None)


def test_c183_windows_ask_whoever_holds_cards_whether_or_not_they_can_answer():
    """Checklist 183. Response windows are asked of every eligible player whether or not they hold
    an answer, so the question leaks nothing; passing is always possible. «Кількість карт умінь у
    руці гравця – відкрита інформація.» [2091]: being asked tells only that one holds cards."""
    r, s = game(4)
    pick = {t: next(c for c in s["decks"][t.split(":")[0]] if c.startswith(t)) for t in
            ("strength:rampage", "lore:shrivelling")}
    hands(r, s, p2=[pick["strength:rampage"]], p3=[pick["lore:shrivelling"]])   # no before-contributions card
    run(r, s, CHECK)
    asked = {p["player"]: p for p in r.prompts(s) if p["kind"] == "window"}
    assert {"p2", "p3"} <= set(asked)
    for p in ("p2", "p3"):
        assert asked[p]["options"] == [{"type": "pass"}]
        assert asked[p]["default"] == {"type": "pass"}
    assert "p1" in asked   # the current player holds cards too


def test_the_secrecy_scan_catches_a_leak(monkeypatch):
    """The scan itself fails on a view that shows another player's hand or a passenger face."""
    r, s = game(4)
    check_views(r, s)
    real = type(r).view

    def leaky(self, state, player):
        v = real(self, state, player)
        v["oops"] = list(state["hands"]["p1"]) if player != "p1" else []
        return v
    monkeypatch.setattr(type(r), "view", leaky)
    with pytest.raises(AssertionError):
        check_views(r, s)

    def faces(self, state, player):
        v = real(self, state, player)
        v["oops"] = list(state["passenger_faces"].values())
        return v
    monkeypatch.setattr(type(r), "view", faces)
    with pytest.raises(AssertionError):
        check_views(r, s)
