"""Round 18 rule defects (brief er18): each test quotes the card (facts.yaml) or the rulebook (seed 002)
line it rests on, and fails on the old behaviour."""
from eh_cards import INV, answer, fight, hurt, table
from eh_helpers import R, act, new, options, prompt, put_gate, put_monster, quiet, settle

NORMAN = "norman_withers"


def sturdy():
    s = table()
    for i in s["inv"].values():
        i["max_health"] = i["health"] = i["max_sanity"] = i["sanity"] = 20
        i["skills"]["strength"] = i["skills"]["will"] = 6
    return s


# --- 1. an epic monster cannot be discarded: no choice offers it ----------------------------------
def norman_at_a_gate(kind):
    s = quiet(settle(new({"ann": [NORMAN]})))
    R.gain_clues(s, NORMAN, 2, [])
    put_gate(s, "arkham")
    uid = put_monster(s, kind, "arkham")
    return s, uid


def test_norman_cannot_pay_two_clues_to_discard_an_epic_monster():
    """Seed 002, l.1113 «Епічного монстра не можна скинути.» Norman Withers: «spend 2 clues to discard
    1 monster from any space that holds a gate». With only the Dunwich Horror on a gate space his
    action was offered, took the clues and left the monster."""
    s, uid = norman_at_a_gate("dunwich_horror")
    assert {"type": "component", "card": NORMAN} not in options(s)
    s, uid = norman_at_a_gate("zombie")
    assert {"type": "component", "card": NORMAN} in options(s)
    s, _ = act(s, "ann", "component", card=NORMAN)
    s, _ = answer(s)   # the cost is paid
    assert uid not in s["monsters"]["board"] and s["inv"][NORMAN]["clues"] == []


def test_goat_spawn_offers_no_dark_pact_when_only_an_epic_monster_could_go():
    """Goat Spawn: «if you defeat it in a combat encounter you may gain a Dark Pact condition to
    discard 1 monster from any space»; seed 002, l.1113: an epic monster cannot be discarded. With
    only the Dunwich Horror left the Dark Pact was taken for nothing."""
    s = sturdy()
    epic = put_monster(s, "dunwich_horror", "arkham")
    asked = []
    s, ev, uid = fight(s, "goat_spawn", faces=[6] * 60, pick=lambda p: asked.append(p.get("about")))
    assert uid not in s["monsters"]["board"] and epic in s["monsters"]["board"]
    assert "may" not in asked and not R.holds(s, INV, "dark_pact")
    s = sturdy()
    other = put_monster(s, "zombie", "arkham")
    s, ev, uid = fight(s, "goat_spawn", faces=[6] * 60)
    assert R.holds(s, INV, "dark_pact") and other not in s["monsters"]["board"]


def test_the_world_fights_back_offers_no_drive_off_for_an_epic_monster():
    """The World Fights Back: «each investigator may choose one: recover 2 health, recover 2 sanity,
    or discard 1 monster on his space»; seed 002, l.1113. Beside only an epic monster the third
    choice was offered and did nothing."""
    def ask(kind):
        s = hurt(table())
        put_monster(s, kind, s["inv"][INV]["space"])
        s["phase"] = "mythos"
        ev = []
        R.resolve_mythos_card(s, "the_world_fights_back", ev)
        R.run(s, ev)
        return [o["value"] for o in prompt(s)["options"]]
    assert ask("dunwich_horror") == [0, 1]
    assert ask("ghoul") == [0, 1, 2]


def test_the_flute_is_not_played_beside_an_epic_monster_alone():
    """Flute of the Outer Gods: «spend 2 health and 2 sanity to defeat every monster on your space»;
    seed 002, l.1112: an epic monster «можна перемогти лише тоді, коли кількість утраченого здоров'я
    … Його неможливо перемогти іншим способом». Beside the Dunwich Horror alone the Flute took 2
    health and 2 sanity and defeated nothing."""
    from eh_cards import holding
    s = holding("flute_of_the_outer_gods")
    epic = put_monster(s, "dunwich_horror", s["inv"][INV]["space"])
    assert {"type": "component", "card": "flute_of_the_outer_gods"} not in options(s)
    ghoul = put_monster(s, "ghoul", s["inv"][INV]["space"])
    assert {"type": "component", "card": "flute_of_the_outer_gods"} in options(s)
    s, _ = act(s, "ann", "component", card="flute_of_the_outer_gods")
    s, _ = answer(s)
    assert ghoul not in s["monsters"]["board"] and epic in s["monsters"]["board"]


# --- 2. Charlie Kane shares what he acquires: only that, and a Service resolves for its taker -------
def charlie_buys(card, give_to=None, held=()):
    """Charlie Kane (ann) and Leo Anderson (bob), both hurt, far apart; Charlie buys ``card`` from the
    Reserve with 6s and, through his passive, hands it to ``give_to`` (None: keeps it). Returns the
    state and the cards each give prompt offered."""
    s = quiet(settle(new({"ann": ["charlie_kane"], "bob": ["leo_anderson"]})))
    for i in s["inv"].values():
        for key in ("assets", "artifacts", "spells"):
            s["decks"][key]["draw"] += i[key]
            i[key] = []
        i["health"], i["sanity"] = i["max_health"] - 2, i["max_sanity"] - 2
    for c in (card, *held):
        for pile in (s["decks"]["assets"]["draw"], s["reserve"]):
            if c in pile:
                pile.remove(c)
    s["reserve"][0] = card
    s["inv"]["charlie_kane"]["assets"] += list(held)
    assert s["inv"]["charlie_kane"]["space"] != s["inv"]["leo_anderson"]["space"]
    s["forced_dice"] = [6] * 8
    s, _ = act(s, "ann", "acquire")
    offered = []
    while prompt(s)["kind"] != "action":
        p = prompt(s)
        if p["kind"] == "acquire":
            a = {"type": "buy", "card": card} if {"type": "buy", "card": card} in p["options"] else {"type": "done"}
        elif p.get("about") == "give":
            offered.append(sorted(o["value"]["card"] for o in p["options"] if o["value"]))
            a = next(({"type": "choose", "value": o["value"]} for o in p["options"]
                      if give_to and o["value"] and o["value"]["card"] == card and o["value"]["to"] == give_to),
                     {"type": "choose", "value": None})
        else:   # the passive is optional: used
            a = {"type": "choose", "value": True}
        s, _ = act(s, p["player"], a.pop("type"), **a)
    return s, offered


def test_a_service_charlie_hands_over_resolves_for_its_taker():
    """Seed 002, l.1672 (Charlie Kane): «він може розділити отримані активи між будь-якою кількістю
    дослідників у будь-яких локаціях… Якщо інший дослідник отримує від Чарлі актив-послугу, він
    негайно розігрує цю карту.» Private Care healed Charlie at the purchase, then went to Leo's hand
    unplayed and stayed there."""
    s, _ = charlie_buys("private_care", give_to="leo_anderson")
    leo, charlie = s["inv"]["leo_anderson"], s["inv"]["charlie_kane"]
    assert (leo["health"], leo["sanity"]) == (leo["max_health"], leo["max_sanity"])
    assert (charlie["health"], charlie["sanity"]) == (charlie["max_health"] - 2, charlie["max_sanity"] - 2)
    assert "private_care" not in leo["assets"] + charlie["assets"]
    assert "private_care" in s["decks"]["assets"]["discard"]


def test_a_service_charlie_keeps_resolves_for_him():
    s, _ = charlie_buys("private_care")
    charlie = s["inv"]["charlie_kane"]
    assert (charlie["health"], charlie["sanity"]) == (charlie["max_health"], charlie["max_sanity"])
    assert "private_care" not in charlie["assets"] and "private_care" in s["decks"]["assets"]["discard"]


def test_charlie_hands_over_only_what_he_acquired():
    """Charlie Kane (facts.yaml): «when he takes the Acquire Assets action he may let other
    investigators (any space) take any of the cards he buys». His passive offered every asset he
    held (a free trade across the map)."""
    s, offered = charlie_buys("kerosene", held=["personal_assistant"])
    assert offered and all(o == ["kerosene"] for o in offered)


def test_records_of_rules_version_5_are_refused():
    """Rules version 6 (R15): the choices above change what a game decides, so a version-5 record is
    refused by replay as any other version."""
    assert int(R.rules_version) >= 6
    assert not R.accepts("5+" + R.content_digest()) and R.accepts(R.version)
