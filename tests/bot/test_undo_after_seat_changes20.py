"""ud20: ``/gm undo`` (and ``/gm undo force``) answered «Эта игра начата при прежней версии правил
или карт Keeper…» seconds after an Unfathomable game had started, once seats had changed hands.
A seat change renames the player id everywhere in the state (``rename_player``: exact strings),
but Unfathomable writes a seat's id inside its once-per-X keys (``limits``: "game:<seat>:feat:…"):
the stored state kept the old id there, the log replayed under the new one wrote the new id, so the
undo's check that the log still rebuilds the game failed and blamed a version. The seat's feat was
also usable a second time by whoever took it; likewise a per-seat choice an effect under way had
bound ("types:<seat>", "move#<seat>") was asked again. Seat changes now go through
``GameRules.rename_seat``; an undo whose log does not rebuild a game of today's version says that,
not that the game began under another version."""
from __future__ import annotations

import random

import pytest
from sqlmodel import select

from bot.db import Game
from bot.i18n import t
from bot.service import ServiceError
from engine.core import shapes
from engine.core.game import rename_player
from engine.registry import rules_for

MEMBERS = (101, 102, 103)
LATECOMER = 109


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    """One deal for every run (the seed is drawn at the start)."""
    import bot.service
    monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: 5)


def _feat_user(state) -> tuple[str, str] | None:
    """(member, feat) of a once-per-game feat a member has used, if any."""
    for key in state["limits"]:
        scope, seat, base = key.split(":", 2)
        if scope == "game" and seat in {str(m) for m in MEMBERS} and base.startswith("feat:"):
            return seat, base
    return None


async def _a_member_used_their_feat(service):
    """Three members play Unfathomable, a member's own feat used (preferred whenever offered)."""
    game = await service.create_lobby(1, 42, "unfathomable", MEMBERS[0])
    for user in MEMBERS[1:]:
        await service.join(game.id, user)
    game = (await service.start(game.id)).game
    rules, rng = rules_for("unfathomable"), random.Random(3)
    for _ in range(600):
        used = _feat_user(game.state)
        if used:
            return game, used
        prompt = rules.prompts(game.state)[0]
        feats = [o for o in prompt["options"] if str(o.get("ability", "")).startswith("feat:")] \
            if prompt.get("shape", "one") == "one" else []
        if feats:
            option = feats[0]
        elif prompt.get("shape", "one") == "one":
            option = rng.choice(prompt["options"])
        else:
            option = {"type": "default"}
        game = (await service.act(game.id, {"player": prompt["player"], "prompt": prompt["id"], **option})).game
        assert game.status == "active", "the game ended before a member used a feat"
    raise AssertionError("no member used a feat")


async def test_undo_works_after_a_member_who_used_a_feat_is_replaced_both_ways(service):
    """The member's seat goes to Keeper (/gm replace), then a latecomer takes it: the seat's used
    feat goes with it, and /gm undo takes back the last move instead of blaming a version."""
    game, (member, feat) = await _a_member_used_their_feat(service)
    game = await service.replace(game.id, member, None)
    keeper = next(p for p in game.players if p.startswith("keeper-"))
    assert f"game:{keeper}:{feat}" in game.state["limits"], "the feat the seat used stays used"
    game = await service.take_keeper_seat(game.id, LATECOMER, "Latecomer")
    assert str(LATECOMER) in game.players
    assert f"game:{LATECOMER}:{feat}" in game.state["limits"], "the latecomer cannot use the seat's feat again"
    assert not [k for k in game.state["limits"] if f":{member}:" in k or f":{keeper}:" in k]
    before = len([a for a in (await service.record(game.id)).actions if not a.get("auto")])
    undone = await service.undo(game.id, 1, force=True)
    assert undone.game.status == "active"
    assert len([a for a in (await service.record(game.id)).actions if not a.get("auto")]) < before


def test_unfathomable_renames_a_seat_inside_its_keys():
    """Its once-per-X uses, and the choices an effect under way binds per seat: left under the old
    id, the new seat holder would be asked again a choice already made (and the log replayed under
    the new id would differ, what an undo checks)."""
    rules = rules_for("unfathomable")
    state, _ = rules.new_game(["p1", "p2", "p3"], 1)
    state["limits"] = ["game:p1:feat:quick_cast", "turn3:p1:zone:galley", "game:p2:feat:perfect_number",
                       "check4:p1:item:lucky_ring:0"]
    state["ctx"]["7"] = {"id": "7", "bind": {"types:p1": ["lore"], "move#p1": True, "random:p2": [], "who": "p1",
                                             "top#1": "top"}}
    state["stack"].append({"k": "choose", "player": "p1", "c": "7", "slot": "move#p1"})
    renamed = rules.rename_seat(state, "p1", "keeper-1")
    assert renamed["limits"] == ["game:keeper-1:feat:quick_cast", "turn3:keeper-1:zone:galley",
                                 "game:p2:feat:perfect_number", "check4:keeper-1:item:lucky_ring:0"]
    assert renamed["ctx"]["7"]["bind"] == {"types:keeper-1": ["lore"], "move#keeper-1": True, "random:p2": [],
                                           "who": "keeper-1", "top#1": "top"}
    assert renamed["stack"][-1] == {"k": "choose", "player": "keeper-1", "c": "7", "slot": "move#keeper-1"}
    assert "keeper-1" in renamed["hands"] and "p1" not in renamed["hands"] and renamed["seats"][0] == "keeper-1"
    assert state["limits"][0] == "game:p1:feat:quick_cast", "the given state is not changed"


def test_other_games_rename_a_seat_as_before():
    for kind, players in (("thing", ["a", "b", "c", "d"]), ("eldritch", ["a", "b"])):
        rules = rules_for(kind)
        state, _ = rules.new_game(players, 1)
        assert rules.rename_seat(state, "a", "z") == rename_player(state, "a", "z")


async def test_an_undo_whose_log_does_not_rebuild_a_game_of_todays_version_says_so(service):
    """The version is today's, the log no longer rebuilds the stored game (an engine fault): the
    refusal says that, not that the game began under an earlier version; nothing changes."""
    game = await service.create_lobby(1, 43, "thing", 100)
    for user in range(101, 104):
        await service.join(game.id, user)
    game = (await service.start(game.id)).game
    prompt = rules_for("thing").prompts(game.state)[0]
    game = (await service.act(game.id, {"player": prompt["player"], **prompt["options"][0]})).game
    assert game.state["version"] == rules_for("thing").version
    async with service.sessions() as session:  # the stored state drifted from its log
        stored = await session.get(Game, game.id)
        stored.state = {**stored.state, "deck": list(reversed(stored.state["deck"]))}
        session.add(stored)
        await session.commit()
    before = await service.get(game.id)
    for force in (False, True):
        with pytest.raises(ServiceError) as refused:
            await service.undo(game.id, 1, force=force)
        assert refused.value.code == "undo_not_rebuilt"
    assert (await service.get(game.id)).state == before.state
    assert "earlier version" not in t("en", "errors.undo_not_rebuilt")
    assert "прежней версии" not in t("ru", "errors.undo_not_rebuilt")
