"""Round 19b rule defects (brief er19b): each test quotes the card (facts.yaml) or the rulebook (seed
002) line it rests on, and fails on the old behaviour."""
from eh_cards import INV, OTHER, fx, give, holding, table
from eh_helpers import R, act, new, options, prompt, put_clue, put_monster, quiet, settle, to_encounters


# --- 1. an action naming an investigator is offered only with someone to name -----------------------
def test_blessing_of_isis_needs_someone_here_without_blessed():
    """Blessing of Isis (facts.yaml): «choose an investigator on your space without a Blessed
    condition, test lore -1; on a pass he gains a Blessed condition» (RULINGS R18). With Leo alone and
    Blessed it was offered and, naming nobody, did nothing: the action was spent."""
    s = holding("blessing_of_isis")
    offer = {"type": "component", "card": "blessing_of_isis"}
    assert offer in options(s)
    give(s, "blessed")
    assert offer not in options(s)
    s = holding("blessing_of_isis", two=True)
    give(s, "blessed")
    assert offer in options(s)            # Charlie, beside him, is not Blessed
    s["inv"][OTHER]["space"] = next(sp for sp in R.C.space_ids if sp != s["inv"][INV]["space"])
    assert offer not in options(s)        # Charlie elsewhere: nobody here to bless


def _own_action(s, inv):
    return [o for o in options(s, s["inv"][inv]["player"]) if o.get("type") == "component"
            and o.get("card") == inv]


def test_charlie_kane_and_jacqueline_fine_need_another_investigator():
    """Charlie Kane's action gives «another investigator who is not Delayed» an action; Jacqueline
    Fine's trades clues with another investigator. Alone (or with every other Delayed) it was offered
    and did nothing (R18)."""
    for inv in ("charlie_kane", "jacqueline_fine"):
        s = quiet(settle(new({"ann": [inv]})))
        assert not _own_action(s, inv), inv
        s = quiet(settle(new({"ann": [inv], "bob": [INV]})))
        assert _own_action(s, inv), inv
        if inv == "charlie_kane":
            s["inv"][INV]["delayed"] = True
            assert not _own_action(s, inv)


# --- 2. the mythos deck out: the phase ends (its mysteries checked), then the loss ------------------
def deck_out(solved_before):
    """Leo, Azathoth, Occult Research in play with its one clue (one investigator) laid on it and
    ``solved_before`` mysteries solved; the mythos deck empty. Plays to the end of the game."""
    s = quiet(new())
    s["mystery"] = {"id": "occult_research", "eldritch": 0, "health": 0, "clues": [s["clues"]["pool"].pop()],
                    "gates": [], "monsters": [], "toughness": [], "placed": []}
    s["decks"]["mysteries"]["draw"] = [m for m in s["decks"]["mysteries"]["draw"] if m != "occult_research"]
    s["solved"] = [m for m in s["decks"]["mysteries"]["draw"][:solved_before]]
    s["decks"]["mysteries"]["draw"] = s["decks"]["mysteries"]["draw"][solved_before:]
    s["mythos"]["deck"] = []
    s = to_encounters(s)
    while s["result"] is None:
        s, _ = act(s, prompt(s)["player"], "default")
    return s


def test_an_end_of_mythos_mystery_is_checked_when_the_mythos_deck_is_out():
    """Seed 002, l.1402: «Якщо під час фази міту неможливо узяти карту міту, бо колода вичерпалася,
    фаза міту закінчується. Якщо на цю мить дослідники не перемогли, вони програють.» Occult Research
    is «checked when the Mythos phase ends»: laid with its clue as the third mystery, it wins the game
    (the loss came at once, the mystery never checked); as the first, the loss stands (RULINGS R19)."""
    s = deck_out(2)
    assert s["result"]["winner"] == "investigators" and s["result"]["reason"] == "mysteries"
    assert "occult_research" in s["solved"]
    s = deck_out(0)
    assert s["result"] == {"winner": "ancient_one", "reason": "mythos_deck_empty"}
    assert "occult_research" in s["solved"]



# --- 3. one clue token discarded, not every token on its space ---------------------------------------
def two_clues(s, space):
    put_clue(s, space)
    s["clues"]["board"][space].append(s["clues"]["pool"].pop())   # a second token there (moved clues stack)
    return s


def test_the_mi_go_discards_one_clue_token():
    """Mi-go (facts.yaml): «reckoning: discard the nearest clue token and move the Mi-go to that
    space». With two tokens on that space (The Stars Are Right! moves every clue to the nearest sea),
    both were discarded."""
    s = two_clues(table(), "space_2")
    uid = put_monster(s, "mi_go", "space_1")
    t, _ = fx(s, "[{resolve_reckonings: {of: monsters}}]")
    assert t["monsters"]["board"][uid]["space"] == "space_2"
    assert len(t["clues"]["board"].get("space_2", [])) == 1
    assert len(t["clues"]["discard"]) == len(s["clues"]["discard"]) + 1


def test_clairvoyance_discards_the_chosen_clue_only():
    """Clairvoyance, copy 2 (facts.yaml): «'0': discard the chosen clue». Its other tokens on that
    space went with it."""
    s = two_clues(table(), "space_2")
    back = next(b for b in R.C.spells["clairvoyance"]["backs"] if b["id"] == "clairvoyance_2")
    t, _ = fx(s, back["outcomes"][0]["effect"], space="space_2")
    assert len(t["clues"]["board"].get("space_2", [])) == 1


def test_records_of_rules_version_7_are_refused():
    """Rules version 8 (R18, R19): the choices above change what a game decides."""
    assert int(R.rules_version) >= 8
    assert not R.accepts("7+" + R.content_digest()) and R.accepts(R.version)
