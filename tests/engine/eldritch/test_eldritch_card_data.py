"""Per-card data checked against the card sources (issue 22): what each corrected card does in play.

The sources: facts.yaml (shared/reference/eldritch_horror) and the newer costandre01 card data it
was built from (data/eldritch/README.md rulings 20-21)."""
from eh_helpers import R, mythos, new, quiet, types


def game(count=1, **kw):
    names = ["ann", "bob", "cid", "dan"][:count]
    invs = [i for i in R.C.investigator_ids if i != "lola_hayes"]
    return quiet(new({p: [invs[k]] for k, p in enumerate(names)}, **kw))


CLUE_YELLOW = ("burden_of_greed", "from_bad_to_worse", "haunting_nightmares", "heat_wave_singes_the_globe")


def test_four_yellow_mythos_cards_spawn_clues_not_gates():
    """README ruling 20: costandre01 normalMythos.ts @255bf8f gives these four yellow cards the icons
    advance-omen, mythos-reckoning, spawn-clues (facts.yaml's older 0409f87f copy had spawn-gates).
    Seed 002 K2: «застосовує її ефекти в указаному на карті порядку» — only the printed symbols."""
    for card in CLUE_YELLOW:
        assert R.C.mythos[card]["symbols"] == ["advance_omen", "reckoning", "spawn_clues"], card
        s = game(count=2)
        gates = len(s["gates"]["board"])
        s, ev = mythos(s, card)
        t = types(ev)
        assert "gate_spawned" not in t and len(s["gates"]["board"]) == gates, card
        assert t.count("clue_spawned") == R.ref(s)["clues"], card
    yellow = [m for m, d in R.C.mythos.items() if d["colour"] == "yellow"]
    gate_cards = [m for m in yellow if "spawn_gates" in R.C.mythos[m]["symbols"]]
    assert len(yellow) == 21 and len(gate_cards) == 17
    s = game(count=2)
    s, ev = mythos(s, "tide_of_despair")   # a yellow card that still opens a gate
    assert types(ev).count("gate_spawned") == R.ref(s)["gates"]
