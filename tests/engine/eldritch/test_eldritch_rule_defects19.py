"""Round 19 rule defects (brief er19): each test quotes the card (facts.yaml) or the rulebook (seed 002)
line it rests on, and fails on the old behaviour."""
from eh_cards import INV, answer, give, holding, table
from eh_helpers import R, act, mythos, options, prompt, put_monster


# --- 1. "discard 1 condition" is the holder's choice, and Debt never pays for itself ---------------
def price(held, pick=None):
    """Leo holding ``held`` conditions meets Everyone Has a Price; a ``may`` is answered yes and the
    discard by ``pick`` (a condition id; None: the default). Returns the state and the abouts asked."""
    s = table()
    for h in held:
        give(s, h)
    s["mythos"]["in_play"] = []
    s, _ = mythos(s, "everyone_has_a_price")
    asked = []
    while prompt(s) and prompt(s)["kind"] != "action":
        p = prompt(s)
        asked.append((p.get("about"), [o.get("value") for o in p["options"]]))
        if p.get("about") == "may":
            s, _ = act(s, p["player"], "choose", value=True)
        elif p.get("about") == "discard" and pick:
            s, _ = act(s, p["player"], "choose", value=pick)
        else:
            s, _ = act(s, p["player"], "default")
    return s, asked


def held_ids(s):
    return sorted(R.card_id(b) for b in s["inv"][INV]["conditions"])


def test_debt_is_not_taken_to_discard_that_same_debt():
    """Everyone Has a Price (facts.yaml): «each investigator may take a Debt condition to discard 1
    condition». The Debt is the price; RULINGS R16. Holding no condition, Leo was offered the Debt,
    took it and discarded it at once (the offer changed nothing); holding one, the Debt is kept."""
    s, asked = price([])
    assert "may" not in [a for a, _ in asked] and held_ids(s) == []
    s, asked = price(["paranoia"])
    assert held_ids(s) == ["debt"]


def test_the_holder_picks_which_condition_to_discard():
    """data/eldritch/README.md: discard_condition with none named is «any condition of the holder's
    choice»; seed 002, l.1531: «Дослідник може скидати лише власне майно та карти станів.» Holding
    Paranoia and Cursed, Leo was never asked: the first held (Paranoia) went."""
    s, asked = price(["paranoia", "cursed"], pick="cursed")
    assert ("discard", ["paranoia", "cursed"]) in asked
    assert held_ids(s) == ["debt", "paranoia"]


def test_sanctuary_offers_nothing_to_one_without_a_condition():
    """Sanctuary (a Service): «you may discard 1 condition». With none held the «may» was asked and
    a yes did nothing (R16); holding one, it is asked."""
    def abouts(held):
        s = table()
        for h in held:
            give(s, h)
        events = []
        R.take_by_name(s, INV, "asset", "sanctuary", events)
        R.run(s, events)
        asked = []
        while prompt(s) and prompt(s)["kind"] != "action":
            asked.append(prompt(s).get("about"))
            s, _ = act(s, prompt(s)["player"], "choose", value=True) if asked[-1] == "may" else \
                act(s, prompt(s)["player"], "default")
        return asked, held_ids(s)
    assert abouts([]) == ([], [])
    assert abouts(["paranoia"]) == (["may"], [])


# --- 2. an action that needs a monster is not offered without one --------------------------------
ACTIONS_ON_MONSTERS = ("dynamite", "lightning_gun", "ttka_halot", "shriveling")


def test_a_monster_action_is_not_offered_on_an_empty_space():
    """Seed 002, l.1053: «Дослідник може не виконувати дію, якщо не має можливості або бажання.»
    (RULINGS R17). Dynamite («every monster on your space loses 3 health», then discarded), the
    Lightning Gun («you and each monster on your space lose 1 health»), T'tka Halot and Shriveling
    («1 monster on your space loses … health») were offered on an empty space: Dynamite was spent and
    the Lightning Gun took a health for nothing."""
    for card in ACTIONS_ON_MONSTERS:
        s = holding(card)
        assert {"type": "component", "card": card} not in options(s), card
        put_monster(s, "zombie", s["inv"][INV]["space"])
        assert {"type": "component", "card": card} in options(s), card


def test_dynamite_still_blows_up_beside_a_monster():
    s = holding("dynamite")
    uid = put_monster(s, "zombie", s["inv"][INV]["space"])
    s, _ = act(s, "ann", "component", card="dynamite")
    s, _ = answer(s)
    assert uid not in s["monsters"]["board"] and "dynamite" not in s["inv"][INV]["assets"]


def test_records_of_rules_version_6_are_refused():
    """Rules version 7 (R16, R17): the choices above change what a game decides."""
    assert int(R.rules_version) >= 7
    assert not R.accepts("6+" + R.content_digest()) and R.accepts(R.version)


def test_the_table_asks_which_condition_not_how_many():
    """The pick of R16 is a card: the question read «how many to discard» over condition names."""
    from bot.games.eldritch.render import decision_text
    s = table()
    for h in ("paranoia", "cursed"):
        give(s, h)
    s, _ = mythos(s, "everyone_has_a_price")
    while prompt(s).get("about") != "discard":
        p = prompt(s)
        s, _ = act(s, p["player"], "choose", value=True) if p.get("about") == "may" else act(s, p["player"], "default")
    p = prompt(s)
    assert decision_text("en", p, s).startswith("Leo Anderson: choose a card to discard")
    assert "виберіть карту, яку скинути" in decision_text("uk", p, s)
    assert "выберите карту, которую сбросить" in decision_text("ru", p, s)
