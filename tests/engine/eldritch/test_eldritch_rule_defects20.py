"""Round 20 rule defects (brief er20): each test quotes the card (facts.yaml) or the rulebook (seed
002, 004) line it rests on, and fails on the old behaviour."""
import random

from eh_cards import INV, OTHER, answer, clues, give, holding, use
from eh_helpers import R, act, mythos, new, options, prompt, quiet, run_fx, settle


def _own_action(s, inv):
    return [o for o in options(s, s["inv"][inv]["player"]) if o.get("type") == "component"
            and o.get("card") == inv]


def _blessed(s, inv):
    return [b for b in s["inv"][inv]["conditions"] if R.card_id(b) == "blessed"]


# --- 1. nobody is chosen to gain a Blessed he holds (R20) -------------------------------------------
def test_holy_water_is_not_offered_to_bless_one_already_blessed():
    """Seed 002, l.1551: «Дослідник не може вирішити взяти карту стану, яку вже має»; 004, l.601: «он
    не может разыграть эффект, требующий взять такое состояние». Holy Water (facts.yaml): «action:
    discard to give an investigator on your space a Blessed condition». Blessed and alone, Leo was
    offered it and turned his Blessed over (a back's reward) by choosing a Blessed he held."""
    s = holding("holy_water")
    give(s, "blessed")
    assert {"type": "component", "card": "holy_water"} not in options(s)


def test_holy_water_blesses_only_one_without_blessed():
    """The same rule with Charlie beside Blessed Leo: Charlie is the only one Holy Water may bless
    (it was a choice of both; Leo's pick flipped his own Blessed)."""
    s = holding("holy_water", two=True)
    give(s, "blessed")
    asked = []

    def pick(p):
        asked.append([o.get("value") for o in p["options"]])
        return None
    t, events = use(s, "holy_water", pick=pick)
    assert not [e for e in events if e["type"] == "card_flipped"]
    assert len(_blessed(t, OTHER)) == 1 and len(_blessed(t, INV)) == 1
    assert [INV, OTHER] not in asked
    assert "holy_water" not in t["inv"][INV]["assets"]


def test_a_may_that_gains_a_held_blessed_is_not_offered():
    """Europe 4, Rome (facts.yaml encounter: «you may become Delayed to gain a Blessed condition»): a
    Blessed investigator was asked, and a yes made him Delayed to take a Blessed he held (1551)."""
    s = quiet(settle(new()))
    give(s, "blessed")
    s, _ = run_fx(s, "[{may: {cost: [delay], then: [{gain_condition: {name: blessed}}]}}]", INV)
    p = prompt(s)
    assert not (p and p.get("about") == "may")
    assert not s["inv"][INV]["delayed"]


# --- 2. Lily Chen's action only when it can change something (R23) ---------------------------------
def test_lily_chen_is_not_offered_her_action_with_nothing_to_convert():
    """Lily Chen (facts.yaml): «spend any amount of health, recover that much sanity - or spend sanity
    and recover that much health»; seed 002, l.1706: «може витратити тільки один вид ресурсу». With
    both pools full it was offered and spent the action for nothing."""
    s = quiet(settle(new({"ann": ["lily_chen"]})))
    lily = s["inv"]["lily_chen"]
    assert not _own_action(s, "lily_chen")
    lily["sanity"] = 3                       # sanity to regain, health to spare
    assert _own_action(s, "lily_chen")
    lily["health"] = lily["sanity"] = 1      # the last one is never spent (H3): nothing to pay with
    assert not _own_action(s, "lily_chen")
    lily["sanity"] = lily["max_sanity"]
    assert _own_action(s, "lily_chen")       # now mind into body


def test_lily_chen_is_offered_only_the_way_that_changes_something():
    """Her health full, sanity 3 of 6: «Mind into body» would restore nothing; only «Body into mind»
    is left, so she is asked at once how much health to spend (it was a choice of both ways)."""
    s = quiet(settle(new({"ann": ["lily_chen"]})))
    s["inv"]["lily_chen"]["sanity"] = 3
    s, _ = act(s, "ann", "component", card="lily_chen")
    p = prompt(s)
    assert p["about"] == "spend", p
    s, events = act(s, "ann", "choose", value=2)
    assert s["inv"]["lily_chen"]["sanity"] == 5 and s["inv"]["lily_chen"]["health"] == 4


# --- 3. a group's clue payment: the Lead picks whose clues go (R24) ---------------------------------
def _all_for_nothing(leo, charlie):
    s = quiet(settle(new({"ann": [INV], "bob": [OTHER]})))
    for i in s["inv"].values():
        s["clues"]["pool"] += i["clues"]
        i["clues"] = []
    clues(s, leo, INV)
    clues(s, charlie, OTHER)
    s["solved"].append(s["decks"]["mysteries"]["draw"].pop(0))
    s, _ = mythos(s, "all_for_nothing")
    p = prompt(s)
    assert p["about"] == "may" and p["player"] == "ann"
    s, _ = act(s, "ann", "choose", value=True)
    return s


def test_all_for_nothing_asks_the_lead_whose_clue_pays():
    """All For Nothing (facts.yaml): «… unless the investigators together spend clues = half the
    investigators»; seed 002, l.1036: «Якщо дослідники ухвалюють спільне рішення, останнє слово
    залишається за головним дослідником». The clue was taken from the Lead's hand without asking."""
    s = _all_for_nothing(2, 2)
    p = prompt(s)
    assert p["about"] == "pay_clue" and p["player"] == "ann" and p["kind"] == "group"
    assert [o["value"] for o in p["options"]] == [INV, OTHER]
    s, events = act(s, "ann", "choose", value=OTHER)
    assert len(s["inv"][INV]["clues"]) == 2 and len(s["inv"][OTHER]["clues"]) == 1
    assert {"type": "spent", "inv": OTHER, "what": "clues", "count": 1} in \
        [{k: e[k] for k in ("type", "inv", "what", "count") if k in e} for e in events]
    assert s["solved"]


def test_a_group_payment_with_no_choice_asks_nobody():
    """Only Charlie holds clues: they are his, nobody is asked (the Lead held none, so before the
    fix too the clue was his)."""
    s = _all_for_nothing(0, 2)
    p = prompt(s)
    assert not (p and p.get("about") == "pay_clue")
    assert len(s["inv"][OTHER]["clues"]) == 1 and s["solved"]


def test_keeper_pays_the_group_clue_from_who_can_spare_it():
    """The Keeper's agent answers from its view: the clue of whoever holds more beyond the mystery's
    need, counting the clues already chosen in this payment."""
    from engine.core.agent import keeper_for
    s = _all_for_nothing(1, 4)
    p = prompt(s)
    agent = keeper_for("eldritch", "ann")
    view = R.view(s, "ann")
    assert agent.decide(view, p, random.Random(1))["value"] == OTHER
    p = {**p, "taken": [OTHER, OTHER, OTHER, OTHER]}   # his clues all spoken for: Leo's
    assert agent.decide(view, p, random.Random(1))["value"] == INV


def test_the_pay_clue_prompt_reads_in_each_language():
    from bot.games.eldritch.render import decision_text
    s = _all_for_nothing(2, 2)
    p = prompt(s)
    assert "чий доказ витратити за всіх (доказ 1 з 1)" in decision_text("uk", p, s)
    assert "чью улику потратить за всех (улика 1 из 1)" in decision_text("ru", p, s)
    assert "whose clue to spend for the group (clue 1 of 1)" in decision_text("en", p, s)


# --- 4. Charlie Kane: anyone not Delayed, acted or not (README ruling 1, R25) -----------------------
def test_charlie_kane_may_pick_one_who_acted_or_not_but_not_a_delayed_one():
    """Seed 002, l.1671: «Чарлі може вибрати дослідника, який ще не виконував дій у поточному раунді.
    Вибирати затриманих дослідників не можна.» A permission («може») beside a ban («не можна»): one who
    has not acted may be picked too; only a Delayed one may not."""
    s = quiet(settle(new({"ann": [OTHER], "bob": [INV, "jim_culver"]})))
    s["inv"][INV]["actions"] = ["rest"]      # Leo has acted this round, Jim has not
    s, _ = act(s, "ann", "component", card=OTHER)
    p = prompt(s)
    assert p["about"] == "investigator" and {o["value"] for o in p["options"]} == {INV, "jim_culver"}
    s2 = quiet(settle(new({"ann": [OTHER], "bob": [INV, "jim_culver"]})))
    s2["inv"][INV]["delayed"] = True
    s2, _ = act(s2, "ann", "component", card=OTHER)
    p = prompt(s2)
    assert "investigator" != p.get("about") or {o["value"] for o in p["options"]} == {"jim_culver"}


def test_records_of_rules_version_9_are_refused():
    """Rules version 10 (R20, R23, R24): the choices above change what a game decides."""
    assert int(R.rules_version) >= 10
    assert not R.accepts("9+" + R.content_digest()) and R.accepts(R.version)


def test_a_group_of_one_pays_as_one_and_the_silver_key_cuts_it():
    """rv20b: R24's group payment came before The Silver Key's cut («once a round an effect's clue
    spend costs 1 fewer», facts.yaml), so a lone investigator paid All For Nothing's clue in full.
    A group of one has nobody to choose among: it pays as that investigator, the Key cutting it."""
    from eh_cards import fx
    s = clues(holding("the_silver_key"), 2)
    assert len(R.active_invs(s)) == 1
    s, events = fx(s, "[{spend: {who: investigators, clues: 2}}]")
    assert len(s["inv"][INV]["clues"]) == 1
    assert any(e["type"] == "clue_cost_reduced" for e in events)
