"""Group decisions in Discord, proven with the toy game's council (the first player sets the
target for the group; the others advise): the question and a "propose" select in an adviser's
panel, the proposal announced publicly and shown to the decider, who decides with the normal
controls; the decision is announced. A proposal is no engine action."""
from __future__ import annotations

import pytest

from bot.client import create_bot
from bot.i18n import t
from tests.bot.helpers import admin_of, all_text, latest, open_panel, option_components, panel_of
from tests.toy import install, uninstall


@pytest.fixture(autouse=True)
def toy_installed():
    install()
    yield
    uninstall()


async def council_table(env, players: int = 3):
    """A toy game with the council option: (guild, channel, members); members[0] decides."""
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("council")
    members = [guild.add_member(env.create_user(name)) for name in ("ann", "bob", "cid", "dee")[:players]]
    await members[0].slash(channel, "game new", kind="toy")
    lobby = channel.last_message
    for member in members[1:]:
        await member.click(lobby, label="Join")
    game = await env.bot.service.live_game(channel.id)
    await env.bot.service.set_options(game.id, {"council": True})  # a test builder, like setup
    await members[0].click(lobby, label="Start")
    return guild, channel, members


def proposal_menus(panel) -> list[dict]:
    return [c for row in panel.components for c in row.get("components", [])
            if c.get("custom_id", "").startswith("keeper:prop:")]


async def forged(env, intruder, menu: dict):
    """``menu`` copied into a message in the intruder's DMs (what a forged custom id amounts to)."""
    import discord

    from bot import operations
    from cogs.play import ProposeSelect
    _, game, epoch, prompt, chunk = menu["custom_id"].rsplit(":", 4)
    view = discord.ui.View()
    view.add_item(ProposeSelect(int(game), int(epoch), int(prompt), int(chunk),
                                [(o["value"], o["label"]) for o in menu["options"]]))
    await operations.send_dm(env.bot, intruder.id, "forged", view=view)
    return intruder.user.dm_channel.history()[-1]


def public_text(channel) -> str:
    return "\n".join(m.content or "" for m in channel.history())


async def test_an_adviser_proposes_and_the_decider_decides(simcord_env):
    env = simcord_env
    _, channel, (ann, bob, cid) = await council_table(env)
    game = await env.bot.service.live_game(channel.id)
    prompt = env.bot.service.prompts(game)[0]
    assert prompt["player"] == str(ann.id) and prompt["advisers"] == [str(bob.id), str(cid.id)]

    panel = await open_panel(bob, channel)
    text = all_text(panel)
    assert "Group decision" in text and f"<@{ann.id}> decides this for the group" in text
    menus = proposal_menus(panel)
    assert len(menus) == 1 and [o["label"] for o in menus[0]["options"]] == ["Target 10", "Target 6", "Target 15"]
    assert not [c for c in option_components(panel) if c["custom_id"].startswith("keeper:opt:")]  # not his to answer
    six = next(o["value"] for o in menus[0]["options"] if o["label"] == "Target 6")
    reply = panel_of(await bob.select(panel, [six], custom_id=menus[0]["custom_id"]))
    assert f"<@{bob.id}>: Target 6" in all_text(reply)  # his proposal, listed in his panel
    assert f"💬 {bob.mention} proposes: Target 6" in public_text(channel)
    assert len(await env.bot.service.actions(game.id)) == 0  # no engine action

    # Cid proposes too, then changes his mind: one proposal per adviser, the latest kept, and
    # one public line per adviser and decision, edited (never a new message); a quick second
    # click is delivered once the cooldown has passed
    panel = await open_panel(cid, channel)
    menu = proposal_menus(panel)[0]
    messages = len(channel.history())
    for label in ("Target 15", "Target 6"):
        value = next(o["value"] for o in menu["options"] if o["label"] == label)
        await cid.select(panel, [value], custom_id=menu["custom_id"])
    from cogs.group import PROPOSAL_COOLDOWN
    await env.advance_time(PROPOSAL_COOLDOWN)
    assert public_text(channel).count(f"{cid.mention} proposes") == 1
    assert f"💬 {cid.mention} proposes: Target 6" in public_text(channel)
    assert len(channel.history()) == messages  # the log's message was edited: nothing posted

    # the decider sees the proposals and decides with the normal controls
    panel = await open_panel(ann, channel)
    text = all_text(panel)
    assert "Proposals" in text and f"<@{bob.id}>: Target 6" in text and f"<@{cid.id}>: Target 6" in text
    assert f"<@{cid.id}>: Target 15" not in text
    assert not proposal_menus(panel)  # the decider does not propose to herself
    button = next(c for c in option_components(panel) if c.get("label") == "Target 6")
    await ann.click(panel, custom_id=button["custom_id"])
    game = await env.bot.service.get(game.id)
    assert game.state["target"] == 6 and game.state["stage"] == "add"
    assert f"✅ {ann.mention} decides for the group: Target 6" in public_text(channel)
    assert len(await env.bot.service.actions(game.id)) == 1

    # the question is gone: the adviser's open panel is redrawn without it (cogs.play.LivePanels),
    # and an old propose select (a copy of it) is refused as stale, nothing is announced
    assert "Target 6" in " ".join(o["label"] for o in menus[0]["options"])
    assert not proposal_menus(latest(env, reply)) and "Group decision" not in all_text(latest(env, reply))
    before = public_text(channel)
    copy = await forged(env, bob, menus[0])
    stale = panel_of(await bob.user.select(copy, [six], custom_id=menus[0]["custom_id"]))
    assert "no longer current" in stale.content
    assert public_text(channel) == before
    assert not proposal_menus(await open_panel(bob, channel))


async def test_proposals_are_refused_to_strangers_the_decider_and_after_an_undo(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob) = await council_table(env, players=2)
    game = await env.bot.service.live_game(channel.id)
    panel = await open_panel(bob, channel)
    menu = proposal_menus(panel)[0]
    value = menu["options"][1]["value"]
    stranger = guild.add_member(env.create_user("stranger"))
    for intruder, expected in ((stranger, "not playing in this game"), (ann, "no longer current")):
        # the same control in the intruder's own DM (a copied custom id): the decider is no adviser
        message = await forged(env, intruder, menu)
        refused = panel_of(await intruder.user.select(message, [value], custom_id=menu["custom_id"]))
        assert expected in refused.content, refused.content
    message = await forged(env, bob, {**menu, "options": menu["options"] + [{"value": "deadbeef0000", "label": "x"}]})
    bogus = panel_of(await bob.user.select(message, ["deadbeef0000"], custom_id=menu["custom_id"]))  # no option
    assert "no longer current" in bogus.content
    assert "proposes" not in public_text(channel)

    # decide, undo the decision: the question is back in a new epoch; the old select is stale
    panel_a = await open_panel(ann, channel)
    await ann.click(panel_a, custom_id=option_components(panel_a)[0]["custom_id"])
    admin = admin_of(env, guild)
    await admin.slash(channel, "gm undo", count=1)
    # Bob's open panel was redrawn with the question of the new epoch; a copy of the old select is stale
    redrawn = latest(env, panel)
    assert proposal_menus(redrawn) and proposal_menus(redrawn)[0]["custom_id"] != menu["custom_id"]
    copy = await forged(env, bob, menu)
    stale = panel_of(await bob.user.select(copy, [value], custom_id=menu["custom_id"]))
    assert "no longer current" in stale.content
    fresh = await open_panel(bob, channel)
    assert proposal_menus(fresh) and proposal_menus(fresh)[0]["custom_id"] != menu["custom_id"]


async def test_a_proposal_survives_a_restart(simcord_env, bot_settings):
    env = simcord_env
    _, channel, (ann, bob) = await council_table(env, players=2)
    panel = await open_panel(bob, channel)
    menu = proposal_menus(panel)[0]
    await env.restart_bot(create_bot(bot_settings))
    value = next(o["value"] for o in menu["options"] if o["label"] == "Target 15")
    await bob.select(panel, [value], custom_id=menu["custom_id"])  # the old panel's select still works
    await env.restart_bot(create_bot(bot_settings))
    assert f"<@{bob.id}>: Target 15" in all_text(await open_panel(ann, channel))


def test_the_group_lines_exist_in_every_language():
    for lang in ("en", "uk", "ru"):
        for key in ("heading", "question", "proposals", "proposal_line", "propose", "proposed", "decided"):
            assert t(lang, f"group.{key}", player="A", option="B", decider="C") != f"group.{key}", (lang, key)


async def test_a_renderer_that_words_the_question_itself_gets_only_the_proposals_and_the_select(simcord_env,
                                                                                                monkeypatch):
    from tests.toy import ui
    monkeypatch.setattr(ui, "QUESTIONS_IN_PANEL", True, raising=False)
    env = simcord_env
    _, channel, (ann, bob, cid) = await council_table(env)
    panel = await open_panel(bob, channel)
    assert "decides this for the group" not in all_text(panel) and "Group decision" not in all_text(panel)
    menu = proposal_menus(panel)[0]
    await bob.select(panel, [menu["options"][2]["value"]], custom_id=menu["custom_id"])
    text = all_text(await open_panel(cid, channel))
    assert "Proposals" in text and f"<@{bob.id}>: Target 15" in text and proposal_menus(await open_panel(cid, channel))


async def test_proposal_cooldowns_are_forgotten_once_they_ran_out(monkeypatch):
    # issue 19: the per-(game, member) cooldown map grew by one entry per proposer for ever
    import asyncio
    from types import SimpleNamespace

    from bot.publisher import Publisher
    from cogs.group import PROPOSAL_COOLDOWN, announce_proposal

    loop = asyncio.get_running_loop()
    clock = [loop.time()]
    monkeypatch.setattr(loop, "time", lambda: clock[0])
    scheduled = []
    publisher = Publisher(SimpleNamespace())
    monkeypatch.setattr(publisher, "schedule", scheduled.append)
    bot = SimpleNamespace(publisher=publisher)
    for game_id in range(100):
        announce_proposal(bot, game_id, 7)
    assert len(publisher.proposals_announced) == 100 and len(scheduled) == 100
    clock[0] += PROPOSAL_COOLDOWN / 2
    announce_proposal(bot, 0, 7)  # inside its cooldown: held, booked after it
    announce_proposal(bot, 100, 7)
    assert len(scheduled) == 101 and len(publisher.proposals_announced) == 101
    clock[0] += PROPOSAL_COOLDOWN / 2 + 0.01
    announce_proposal(bot, 101, 7)
    # the first hundred ran out; game 0's booked delivery and the two later ones are kept
    assert set(publisher.proposals_announced) == {(0, 7), (100, 7), (101, 7)}
