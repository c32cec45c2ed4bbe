"""Titles and succession (checklist N139-142, L126; RULINGS P5).

Captain's line: Keilani, Arjun, Jeanne, Jamie, Svetlana, Beatrice, Edmund, Ishmael, William, Samira;
Keeper's line: William, Ishmael, Beatrice, Edmund, Samira, Svetlana, Jamie, Jeanne, Arjun, Keilani
(titles.yaml). Default test game: p1 Keilani, p2 Arjun, p3 Jeanne, p4 William.
Seed 000 (UA rulebook + reference) line numbers are quoted in each test."""
from __future__ import annotations

from tests.engine.unfathomable.helpers import answer, game, run, top
from tests.engine.unfathomable.test_players import ready, reveal_now


def test_c14_titles_start_with_the_highest_on_each_line():
    """Checklist 14. Seed 2483: «43.2 На початку гри кожна карта посади видається гравцеві, чий
    персонаж розміщений найвище в порядку передання відповідної карти.»"""
    r, s = game()
    assert s["titles"] == {"captain": "p1", "keeper_of_the_tome": "p4"}


def test_c126_entering_the_brig_passes_the_title_down_the_line():
    """Checklist 126, 140-141. Seed 2485: «✿ Гравець потрапляє в карцер.»; seed 2489: «43.4 Коли
    персонаж втрачає посаду, вона передається доступному персонажу, що розташований найвище в порядку
    передання.»"""
    r, s = game()
    ready(r, s)
    ev = run(r, s, [{"send_to_brig": {"who": "captain"}}])
    assert s["zone_of"]["p1"] == "brig" and s["titles"]["captain"] == "p2"
    assert any(e["type"] == "title_passed" and e["player"] == "p2" for e in ev)


def test_c141_unavailable_characters_are_skipped():
    """Checklist 141. Seed 2491: «✿ Відкриті зрадники, люди в карцері та персонажі не в грі вважаються
    недоступними.»"""
    r, s = game()
    ready(r, s)
    reveal_now(s, "p2")                 # Arjun: revealed
    s["zone_of"]["p3"] = "brig"         # Jeanne: in the Brig; Jamie, Svetlana ... not in the game
    run(r, s, [{"send_to_brig": {"who": "keilani"}}])
    assert s["titles"]["captain"] == "p4"   # William
    assert r.invariant_violations(s) == []


def test_c141_the_loser_only_if_every_other_human_is_in_the_brig():
    """Checklist 141. Seed 2493: «✿ Людина, що втрачає посаду, вважається доступною тільки тоді, коли
    всі інші люди перебувають у карцері, а цей гравець не оголосив свою зраду.»"""
    r, s = game()
    ready(r, s)
    run(r, s, [{"lose_title": {"title": "captain"}}])
    assert s["titles"]["captain"] == "p2"
    s["titles"]["captain"] = "p1"
    for p in ("p2", "p3", "p4"):
        s["zone_of"][p] = "brig"
    run(r, s, [{"lose_title": {"title": "captain"}}])
    assert s["titles"]["captain"] == "p1"


def test_c141_all_in_the_brig_highest_human_there_and_it_stays():
    """Checklist 141, RULINGS P5. Seed 2495: «✿ Якщо гравець втратив посаду, і всі гравці перебувають у
    карцері, посада передається людині в карцері, що стоїть найвище в порядку передання цієї посади.»
    Titles move only when lost (seed 2483-2487), so it stays when another Human leaves the Brig."""
    r, s = game()
    ready(r, s)
    run(r, s, [{"send_to_brig": {"who": w}} for w in ("keilani", "jeanne", "william")])
    assert s["titles"] == {"captain": "p2", "keeper_of_the_tome": "p2"}
    run(r, s, [{"send_to_brig": {"who": "arjun"}}])
    # everyone is in the Brig: Keilani heads the Captain's line, William the Keeper's
    assert s["titles"] == {"captain": "p1", "keeper_of_the_tome": "p4"}
    assert r.invariant_violations(s) == []
    run(r, s, [{"leave_brig": {"who": "jeanne"}}])
    answer(r, s, "p3", type="choose", value="galley")
    assert s["zone_of"]["p3"] == "galley"
    assert s["titles"] == {"captain": "p1", "keeper_of_the_tome": "p4"}
    assert r.invariant_violations(s) == []


def test_c141_no_human_at_all_nobody_holds_it():
    """Checklist 141 [R]: no Human anywhere, nobody holds it (titles.yaml: nobody: title_unheld)."""
    r, s = game()
    ready(r, s)
    for p in ("p2", "p3", "p4"):
        reveal_now(s, p)
    s["titles"]["keeper_of_the_tome"] = "p1"
    reveal_now(s, "p1")
    r.lose_titles(s, "p1", [])
    assert s["titles"] == {"captain": None, "keeper_of_the_tome": None}


def test_c139_title_words_name_the_holder():
    """Checklist 139, 142. Seed 2501: «капітан» in card text = the holder; seed 2139: «✿ Якщо символ
    треку – це «вибір треку», то вибір за гравцем з картою капітана.»"""
    r, s = game()
    ready(r, s)
    run(r, s, [{"send_to_brig": {"who": "keeper_of_the_tome"}}])
    assert s["zone_of"]["p4"] == "brig" and s["titles"]["keeper_of_the_tome"] == "p3"   # Jeanne before Arjun
    run(r, s, [{"send_to_brig": {"who": "captain"}}])
    assert s["zone_of"]["p1"] == "brig" and s["titles"]["captain"] == "p2"
    card = next(m.id for m in r.pack.mythos.mythos if m.track == "choice")
    s["mythos_deck"].remove(card)
    s["mythos"] = {"card": card, "skip_crisis": True, "kept": False}
    s["stack"].append({"k": "mythos_track", "player": "p1"})
    r.run(s, [])
    assert top(r, s)["kind"] == "choose_track" and top(r, s)["player"] == "p2"
