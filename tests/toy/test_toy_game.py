"""A second game through every layer: engine, records, the seam, the real bot in SimCord."""
from __future__ import annotations

import json

import pytest

from engine.core.errors import RuleError
from engine.core.record import GameRecord, replay
from engine.registry import playable, rules_for
from tests.bot.helpers import all_text, open_panel, option_components, panel_of, choose
from tests.toy import install, uninstall


@pytest.fixture(autouse=True)
def toy_installed():
    install()
    yield
    uninstall()


def test_the_toy_game_replays_from_its_record():
    assert "toy" in playable()
    rules = rules_for("toy")
    state, _ = rules.new_game(["a", "b"], 5)
    actions = []
    while not rules.is_over(state):
        prompt = rules.prompts(state)[0]
        answer = {"bid": {"type": "bid", "value": 27}, "pick": {"type": "pick", "tokens": ["red", "red"]}}
        action = {"player": prompt["player"], **answer.get(prompt["kind"], prompt["options"][-1])}
        state, _ = rules.apply(state, action)
        actions.append(action)
    assert state["result"]["reason"] == "reached" and state["counter"] >= 10
    assert state["bid"] == 27 and state["picked"] == ["red", "red"]  # answers the core validated by shape
    with pytest.raises(RuleError):  # three of a kind that appears twice: refused without enumerating
        probe, _ = rules.new_game(["a", "b"], 5)
        for _ in range(3):
            probe, _ = rules.apply(probe, {"player": rules.prompts(probe)[0]["player"], "type": "add", "n": 2})
        probe, _ = rules.apply(probe, {"player": rules.prompts(probe)[0]["player"], "type": "bid", "value": 3})
        rules.apply(probe, {"player": rules.prompts(probe)[0]["player"], "type": "pick", "tokens": ["red"] * 3})
    assert replay(GameRecord(game="toy", seed=5, players=["a", "b"], actions=actions)).state == state


def panel_buttons(panel) -> list[dict]:
    return [item for row in panel.components for item in row.get("components", []) if item.get("type") == 2]


def test_nothing_answers_only_a_subset_that_may_be_empty():
    play = __import__("cogs.play", fromlist=["answer_of"])
    spec = {"ids": ["a"], "min": 0, "max": 1, "action": {"type": "give"}, "field": "cards"}
    nothing = play.option_digest({"type": "give", "cards": []})
    assert play.answer_of({"shape": "subset", "subset": spec}, nothing) == {"type": "give", "cards": []}
    assert play.answer_of({"shape": "subset", "subset": {**spec, "min": 1}}, nothing) is None
    assert play.answer_of({"shape": "subset", "subset": spec}, ["0"]) == {"type": "give", "cards": ["a"]}


async def started_toy(env):
    """Ann opens a toy game, Bob joins, Ann starts it: (channel, ann, bob)."""
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("toy")
    a, b = (guild.add_member(env.create_user(name)) for name in ("ann", "bob"))
    await a.slash(channel, "game new", kind="toy")
    lobby = channel.last_message
    await b.click(lobby, label="Join")
    await a.click(lobby, label="Start")
    return channel, a, b


async def test_the_toy_game_is_played_whole_through_discord(simcord_env):
    env = simcord_env
    channel, a, b = await started_toy(env)
    game = await env.bot.service.live_game(channel.id)
    assert game.kind == "toy" and game.status == "active"
    assert any("Toy game" in all_text(m) for m in channel.history())  # the lobby names it from its catalog
    status = panel_of(await b.slash(channel, "game status"))
    assert "Toy game" in status.content  # its own catalog, registered with it
    assert "Waiting for" in status.content or str(a.id) in status.content

    by_id = {a.id: a, b.id: b}
    looked: set[int] = set()
    for _ in range(20):
        game = await env.bot.service.get(game.id)
        if game.status != "active":
            break
        prompt = env.bot.service.prompts(game)[0]
        member = by_id[int(prompt["player"])]
        panel = await open_panel(member, channel)
        # the member's own news, in the panel the first time they look (later looks show only what is new)
        assert ("Your secret die shows" in all_text(panel)) == (member.id not in looked)
        looked.add(member.id)
        controls = option_components(panel)
        if prompt["kind"] == "bid":  # 31 numbers: two menus, every value offered
            menus = [c for c in controls if c["type"] == 3]
            assert [o["value"] for m in menus for o in m["options"]] == [str(n) for n in range(31)]
            await member.select(panel, ["27"], custom_id=menus[1]["custom_id"])
        elif prompt["kind"] == "pick":  # one multi-select, a repeated id offered per copy
            menu = next(c for c in controls if c["custom_id"].startswith("keeper:sub:"))
            assert (menu["min_values"], menu["max_values"]) == (1, 2)
            assert any(c.get("label") == "Nothing" for c in panel_buttons(panel))  # may be empty: a button
            assert [o["label"] for o in menu["options"]] == ["red token", "red token", "blue token", "green token"]
            await member.select(panel, ["0", "1"], custom_id=menu["custom_id"])
        else:
            add_two = next(c for c in controls if c.get("label") == "Add 2")
            await choose(member, panel, add_two)
    game = await env.bot.service.get(game.id)
    assert game.status == "finished" and game.state["result"]["reason"] == "reached"
    public = "\n".join(m.content or "" for m in channel.history())
    assert "the counter is 10" in public and "Game over" in public
    assert "bids 27." in public and "picks red and red." in public
    assert game.state["bid"] == 27 and game.state["picked"] == ["red", "red"]
    assert "secret die" not in public  # the deal is private...
    for member in (a, b):  # ...and reached each member by DM
        assert any("Your secret die shows" in (m.content or "") for m in member.user.dm_channel.history())


async def test_a_free_action_of_another_game_is_labelled_and_confirmed_by_it(simcord_env):
    env = simcord_env
    channel, a, b = await started_toy(env)
    panel = await open_panel(b, channel)
    concede = next(c for c in option_components(panel) if c.get("label") == "Concede")
    confirm = panel_of(await choose(b, panel, concede))
    assert "Really concede?" in confirm.content
    await choose(b, confirm, option_components(confirm)[0])
    game = await env.bot.service.last_game(channel.id)
    assert game.status == "finished" and game.state["result"]["winners"] == [str(a.id)]


def test_simulate_takes_any_registered_game():
    from engine.simulate import simulate
    totals = simulate("toy", 3, 20, 7)
    assert totals.games == totals.finished == 20 and totals.errors == 0
    assert sum(totals.wins.values()) == 20 and set(totals.reasons) <= {"reached", "conceded"}
    assert "games=20 finished=20" in totals.line()


def test_every_registered_renderer_provides_the_whole_contract(monkeypatch):
    from bot.games import REQUIRED, available, ui_for
    from engine.core import games
    from engine.core.games import Game
    assert "toy" in available() and "thing" in available()
    for kind in available():
        ui = ui_for(kind)
        assert not [name for name in REQUIRED if not hasattr(ui, name)], kind
    broken = Game(id="broken", names={"en": "Broken"}, players=(2, 4), rules="tests.toy.rules:ToyRules",
                  renderer="tests.toy.rules")   # a module that is no renderer
    declared = {**games.games(), "broken": broken}
    monkeypatch.setattr(games, "games", lambda: declared)
    with pytest.raises(TypeError, match="the renderer of 'broken' lacks LOBBY_FLAGS, .*public_lines"):
        ui_for("broken")


def test_the_toy_game_is_found_only_through_its_entry_point():
    """Nothing registers the toy in code: its distribution's metadata lists the entry point, and
    the engine, the content check's list and the bot's list of games all find it there."""
    from importlib import metadata

    from bot.games import available
    from engine.content import available_games
    from engine.core.games import ENTRY_POINT_GROUP
    entry = [e for e in metadata.entry_points(group=ENTRY_POINT_GROUP) if e.name == "toy"]
    assert [e.value for e in entry] == ["tests.toy.game:GAME"] and entry[0].dist.name == "keeper-toy"
    assert "toy" in playable() and "toy" in available() and "toy" in available_games()
    uninstall()
    assert "toy" not in playable() and "toy" not in available()
    with pytest.raises(KeyError, match="unknown game 'toy'"):
        rules_for("toy")


def test_the_content_check_lists_the_toy_pack(capsys):
    from engine.__main__ import main
    assert main(["content", "check", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["toy"] == {"ok": True, "rows": [{"section": "bag", "name": "tokens", "count": 4, "expected": 4}],
                             "languages": {"name": 0, "text": 0, "summary": 0}, "missing": []}
    assert {"thing", "unfathomable", "eldritch"} <= set(report)
