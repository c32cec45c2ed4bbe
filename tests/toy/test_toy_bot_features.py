"""Generic bot features proven with the toy game: a decision answered by DM (its controls work
from the DM itself, once, after a restart, with DMs closed), `/rules`, undo across a reveal."""
from __future__ import annotations

import discord
import pytest

from bot.client import create_bot
from tests.bot.helpers import admin_of, all_text, close_dms, open_panel, option_components, panel_of
from tests.toy import install, uninstall


@pytest.fixture(autouse=True)
def toy_installed():
    install()
    yield
    uninstall()


async def toy_table(env, closed: bool = False):
    """Ann opens a toy game, Bob (DMs closed if ``closed``) joins, Ann starts it:
    (guild, channel, ann, bob)."""
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("toy")
    ann_user, bob_user = env.create_user("ann"), env.create_user("bob")
    if closed:
        close_dms(env, bob_user)
    ann, bob = guild.add_member(ann_user), guild.add_member(bob_user)
    await ann.slash(channel, "game new", kind="toy")
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start")
    return guild, channel, ann, bob


async def act(env, channel, member, **action):
    """A member's answer to their pending prompt (through the service: these are the steps
    before the one a test looks at), announced like a click."""
    game = await env.bot.service.live_game(channel.id)
    prompt = env.bot.service.prompts(game)[0]
    assert prompt["player"] == str(member.id), (prompt, member)
    await env.bot.service.act(game.id, {"player": str(member.id), "prompt": prompt["id"], **action}, epoch=game.epoch)
    await env.bot.publisher.flush(game.id)


async def to_the_pick(env, channel, ann, bob):
    """2 + 2 + 2 passes 5: Bob bids, then Bob's pick (a DM prompt kind) is pending."""
    for member in (ann, bob, ann):
        await act(env, channel, member, type="add", n=2)
    await act(env, channel, bob, type="bid", value=3)
    game = await env.bot.service.live_game(channel.id)
    assert env.bot.service.prompts(game)[0]["kind"] == "pick"
    return game


def controls(message, prefix: str = "keeper:") -> list:
    out = []
    for row in message.components:
        for item in getattr(row, "children", None) or row.get("components", []):
            cid = getattr(item, "custom_id", None) or (item.get("custom_id") if isinstance(item, dict) else None)
            if cid and cid.startswith(prefix):
                out.append(cid)
    return out


def prompt_dms(member) -> list:
    """The member's DMs that carry a decision's controls."""
    return [m for m in member.user.dm_channel.history() if controls(m, "keeper:sub:")]


def public_text(channel) -> str:
    return "\n".join(m.content or "" for m in channel.history())


# ---------------------------------------------------------------- prompt controls by DM
async def test_a_dm_prompt_is_answered_from_the_dm_once(simcord_env):
    env = simcord_env
    _, channel, ann, bob = await toy_table(env)
    game = await to_the_pick(env, channel, ann, bob)
    dms = prompt_dms(bob)
    assert len(dms) == 1 and not prompt_dms(ann)  # one DM for the prompt, to its member only
    dm = dms[0]
    assert "Pick up to 2 tokens" in dm.content and "A decision is waiting for you" in dm.content
    assert "Your toy panel" in all_text(dm)  # the member's panel, for context
    assert not controls(dm, "keeper:free:")  # only the decision's controls, no free action
    assert "keeper:opt:" in " ".join(controls(dm))  # "nothing" is offered too

    result = await bob.user.select(dm, ["0", "1"], custom_id=controls(dm, "keeper:sub:")[0])
    assert "no longer current" not in all_text(panel_of(result))
    after = await env.bot.service.get(game.id)
    assert after.state["picked"] == ["red", "red"] and after.state["stage"] == "add"
    assert "picks red and red." in public_text(channel)
    # the peek the pick gave went to Bob's reply (his panel), never to the channel
    assert "You peek" in all_text(panel_of(result)) and "You peek" not in public_text(channel)

    again = await bob.user.select(dm, ["2"], custom_id=controls(dm, "keeper:sub:")[0])
    assert "no longer current" in panel_of(again).content
    assert (await env.bot.service.get(game.id)).state["picked"] == ["red", "red"]
    assert len(await env.bot.service.actions(game.id)) == 5
    assert len(prompt_dms(bob)) == 1  # the other prompts (add, bid) are not DM kinds


async def test_forged_and_foreign_dm_controls_are_refused(simcord_env):
    env = simcord_env
    guild, channel, ann, bob = await toy_table(env)
    game = await to_the_pick(env, channel, ann, bob)
    dm = prompt_dms(bob)[0]
    sub = controls(dm, "keeper:sub:")[0]
    stranger = guild.add_member(env.create_user("stranger"))
    from bot import operations
    from cogs.play import SubsetSelect
    for intruder, expected in ((ann, "no longer current"), (stranger, "not playing in this game")):
        # the same control in the intruder's own DM (a copied custom id)
        forged = discord.ui.View()
        forged.add_item(SubsetSelect(game.id, game.epoch, int(sub.split(":")[-1]),
                                     [("0", "red"), ("1", "red")], 1, 2))
        await operations.send_dm(env.bot, intruder.id, "forged", view=forged)
        message = intruder.user.dm_channel.history()[-1]
        refused = await intruder.user.select(message, ["0"], custom_id=sub)
        assert expected in panel_of(refused).content, panel_of(refused).content
    assert (await env.bot.service.get(game.id)).state["stage"] == "pick"
    assert len(await env.bot.service.actions(game.id)) == 4


async def test_a_dm_prompt_survives_a_restart_and_an_undo_makes_it_stale(simcord_env, bot_settings):
    env = simcord_env
    guild, channel, ann, bob = await toy_table(env)
    admin = admin_of(env, guild)
    game = await to_the_pick(env, channel, ann, bob)
    old_dm = prompt_dms(bob)[0]

    await env.restart_bot(create_bot(bot_settings))

    result = await bob.user.select(old_dm, ["3"], custom_id=controls(old_dm, "keeper:sub:")[0])
    assert "no longer current" not in all_text(panel_of(result))
    assert (await env.bot.service.get(game.id)).state["picked"] == ["green"]

    # undo the pick (a reveal: forced): the same prompt is pending again in a new epoch, a fresh
    # DM offers it, and the old DM's control is refused as stale
    await admin.slash(channel, "gm undo", count=1, force=True)
    dms = prompt_dms(bob)
    assert len(dms) == 2 and controls(dms[1], "keeper:sub:") != controls(old_dm, "keeper:sub:")
    stale = await bob.user.select(old_dm, ["2"], custom_id=controls(old_dm, "keeper:sub:")[0])
    assert "no longer current" in panel_of(stale).content
    assert (await env.bot.service.get(game.id)).state["stage"] == "pick"
    await bob.user.select(dms[1], ["2"], custom_id=controls(dms[1], "keeper:sub:")[0])
    assert (await env.bot.service.get(game.id)).state["picked"] == ["blue"]


async def test_a_prompt_answered_before_its_dm_went_out_sends_none(simcord_env):
    env = simcord_env
    _, channel, ann, bob = await toy_table(env)
    for member in (ann, bob, ann):
        await act(env, channel, member, type="add", n=2)
    service = env.bot.service
    game = await service.live_game(channel.id)
    for action in ({"type": "bid", "value": 3}, {"type": "pick", "tokens": ["blue"]}):
        # answered in the panel before the outbox was delivered (a crash, a slow Discord)
        game = await service.get(game.id)
        prompt = service.prompts(game)[0]
        await service.act(game.id, {"player": str(bob.id), "prompt": prompt["id"], **action}, epoch=game.epoch)
    await env.bot.publisher.flush(game.id)
    assert not prompt_dms(bob)  # rendered from the current state: nothing stale is offered
    assert await service.pending_outbox(game.id) == 0


async def test_closed_dms_say_so_once_and_the_panel_answers(simcord_env):
    env = simcord_env
    _, channel, ann, bob = await toy_table(env, closed=True)
    before = public_text(channel).count("a decision is waiting for you")
    game = await to_the_pick(env, channel, ann, bob)
    public = public_text(channel)
    assert public.count(f"{bob.mention}: a decision is waiting for you") == before + 1 == 1
    assert "tokens" not in public.split("a decision is waiting for you")[1].split("\n")[0]  # neutral
    assert not bob.user.dm_channel.history()
    panel = await open_panel(bob, channel)
    menu = next(c for c in option_components(panel) if c["custom_id"].startswith("keeper:sub:"))
    await bob.select(panel, ["0"], custom_id=menu["custom_id"])
    assert (await env.bot.service.get(game.id)).state["picked"] == ["red"]
    assert public_text(channel).count("a decision is waiting for you") == 1
    assert await env.bot.service.pending_outbox(game.id) == 0  # nothing hangs


# ---------------------------------------------------------------- undo across a reveal
async def test_undo_across_a_reveal_needs_force_for_any_game(simcord_env):
    env = simcord_env
    guild, channel, ann, bob = await toy_table(env)
    admin = admin_of(env, guild)
    game = await to_the_pick(env, channel, ann, bob)
    await act(env, channel, bob, type="pick", tokens=["red"])  # Bob peeks at Ann's die: a reveal
    await act(env, channel, ann, type="add", n=1)
    assert len(await env.bot.service.actions(game.id)) == 6

    plain = panel_of(await admin.slash(channel, "gm undo", count=1))  # the add reveals nothing
    assert "undid 1 action" in plain.content
    assert len(await env.bot.service.actions(game.id)) == 5
    refused = panel_of(await admin.slash(channel, "gm undo", count=1))
    assert "force" in refused.content
    assert len(await env.bot.service.actions(game.id)) == 5
    await admin.slash(channel, "gm undo", count=1, force=True)
    assert len(await env.bot.service.actions(game.id)) == 4
    assert "private information" in public_text(channel)  # everyone is told
    assert (await env.bot.service.get(game.id)).state["stage"] == "pick"


# ---------------------------------------------------------------- /rules
async def test_rules_answer_privately_in_the_members_language(simcord_env, monkeypatch):
    env = simcord_env
    guild, channel, ann, bob = await toy_table(env)
    found = panel_of(await bob.slash(channel, "rules", query="counter"))  # the channel's game
    assert found.embeds[0].title == "Counter" and "10 wins" in found.embeds[0].description
    assert found.flags.ephemeral
    missing = panel_of(await bob.slash(channel, "rules", query="dragons", kind="toy"))
    assert "Nothing in the rules of Toy game" in missing.content
    choices = await bob.autocomplete(channel, "rules", "query", "to", kind="toy")
    assert [c["value"] for c in choices] == ["tokens"]
    kinds = await bob.autocomplete(channel, "rules", "kind", "")
    from bot.games import ui_for
    assert "toy" in [c["value"] for c in kinds]
    assert all(hasattr(ui_for(c["value"]), "rules_lookup") for c in kinds)  # only games that answer

    import bot.interactions
    monkeypatch.setattr(bot.interactions, "language_of", lambda locale: "uk")
    found = panel_of(await bob.slash(channel, "rules", query="counter"))
    assert found.embeds[0].title == "Лічильник"
    elsewhere = guild.create_text_channel("empty")
    needed = panel_of(await bob.slash(elsewhere, "rules", query="counter"))
    assert "Яка гра?" in needed.content
    if not hasattr(ui_for("thing"), "rules_lookup"):
        other = panel_of(await bob.slash(elsewhere, "rules", query="x", kind="thing"))
        assert "довідки з правил ще немає" in other.content
