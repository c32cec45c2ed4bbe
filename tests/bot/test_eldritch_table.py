"""Eldritch Horror at the Discord table, end to end through SimCord: whole games with 1 member
(solo, two investigators), 2, 4 and 8 members clicking the controls their panels offer; a restart
in the middle of a test inside an encounter; a leak scan for hidden backs (shown to be able to
fail); admin tools refused to non-admins; an undo across a flipped back needs ``force``.

Games are kept short with a setup override (a mythos deck of one or two cards: the investigators
lose when it runs out), arranged through the service as a test builder; everything else goes
through Discord. Who is waited for is read from the service (the oracle); the click itself is
the member's, on the control their panel offers."""
from __future__ import annotations

import random

import pytest

from engine.core.events import is_public, visible_to
from engine.registry import rules_for
from tests.bot.helpers import admin_of, all_text, open_lobby, panel_of, table_message


MAX_CLICKS = 400


def mythos_deck() -> list[str]:
    state, _ = rules_for("eldritch").new_game(["x"], 1)
    return list(state["mythos"]["deck"])


async def eldritch_table(env, players: int, per_player: int | None = None, mythos: int = 1, guild=None,
                         deck: list[str] | None = None):
    """Members open, join and start a game of Eldritch Horror: (guild, channel, members); the
    mythos deck is ``deck``, else the first ``mythos`` cards of seed 1's."""
    guild, channel, members, lobby = await open_lobby(env, "eldritch", players, guild, "arkham", "inv")
    if per_player:  # the lobby's own select: how many investigators each member plays
        game = await env.bot.service.live_game(channel.id)
        await members[0].select(lobby, [str(per_player)], custom_id=f"keeper:lobbynum:{game.id}:per_player:0")
        assert (await env.bot.service.get(game.id)).options.get("per_player") == per_player
    game = await env.bot.service.live_game(channel.id)
    await env.bot.service.set_setup(game.id, {"mythos": deck or mythos_deck()[:mythos]})
    start = next(item.custom_id for row in lobby.components for item in row.children
                 if getattr(item, "custom_id", "").endswith(":start"))
    await members[0].click(lobby, custom_id=start)
    return guild, channel, members


async def open_panel(member, channel):
    table = table_message(channel)
    hand = next(item.custom_id for row in table.components for item in row.children
                if getattr(item, "custom_id", "").startswith("keeper:hand:"))
    return panel_of(await member.click(table, custom_id=hand))


def control_for(panel, digest: str):
    """(component, value) of the panel's control that picks the option with ``digest``."""
    for row in panel.components:
        for item in row.get("components", []):
            cid = item.get("custom_id", "")
            if cid.startswith("keeper:opt:") and cid.endswith(":" + digest):
                return item, None
            if cid.startswith("keeper:sel:") and any(o["value"] == digest for o in item.get("options", [])):
                return item, digest
    return None, None


async def click_option(member, panel, option: dict):
    from cogs.play import option_digest
    item, value = control_for(panel, option_digest(option))
    if item is None:
        return None
    if value is not None:
        return await member.select(panel, [value], custom_id=item["custom_id"])
    return await member.click(panel, custom_id=item["custom_id"])


def policy(rng: random.Random, prompt: dict) -> dict:
    """Mostly the first (safe, default) option, which ends games fast; sometimes another."""
    options = prompt["options"]
    return rng.choice(options) if rng.random() < 0.3 else options[0]


async def play(env, channel, members, rng, on_step=None, choose=policy, max_clicks=MAX_CLICKS):
    """Members waited for open their panel and click the control of the chosen option until the
    end; returns (clicks, prompts seen). ``on_step(game, prompt, member, panel)`` may act first
    (and return a panel to click on instead)."""
    by_id = {str(m.id): m for m in members}
    service = env.bot.service
    clicks, seen = 0, []
    game = await service.live_game(channel.id)
    while clicks < max_clicks:
        game = await service.get(game.id)
        if game.status != "active":
            return clicks, seen
        prompt = service.prompts(game)[0]
        member = by_id[prompt["player"]]
        panel = await open_panel(member, channel)
        if on_step is not None:
            panel = await on_step(game, prompt, member, panel) or panel
        seen.append(prompt)
        option = choose(rng, prompt)
        result = await click_option(member, panel, option)
        if result is None:  # on a later page of a long list: the first offered control instead
            await click_first_offered(member, panel)
        else:
            assert "no longer current" not in all_text(panel_of(result))
        clicks += 1
    raise AssertionError(f"the game did not end in {max_clicks} clicks")


async def click_first_offered(member, panel) -> None:
    """Answer with the panel's first option control (a button, or a select's first value)."""
    item = next(c for row in panel.components for c in row.get("components", [])
                if c.get("custom_id", "").startswith(("keeper:opt:", "keeper:sel:")))
    if item["type"] == 3:
        await member.select(panel, [item["options"][0]["value"]], custom_id=item["custom_id"])
    else:
        await member.click(panel, custom_id=item["custom_id"])


def pin_seed(monkeypatch, seed: int) -> None:
    """The game's seed (drawn from the OS at start) fixed, so a table game is reproducible."""
    import bot.service
    monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: seed)


def offline_seed(players: int, mythos: int, wanted, steps: int = 200, choose=policy) -> int:
    """The first seed whose game, played by the engine alone with ``choose`` (the rng seeded
    with the seed, as :func:`play` does), reaches a step where ``wanted(state, prompt)``."""
    rules = rules_for("eldritch")
    deck = mythos_deck()[:mythos]
    for seed in range(1, 300):
        rng = random.Random(seed)
        state, _ = rules.new_game([f"p{i}" for i in range(players)], seed, {}, {"mythos": deck})
        for _ in range(steps):
            if rules.is_over(state):
                break
            prompt = rules.prompts(state)[0]
            if wanted(state, prompt):
                return seed
            option = choose(rng, prompt)
            state, _ = rules.apply(state, {"player": prompt["player"], "prompt": prompt["id"], **option})
    raise AssertionError("no seed reaches the wanted step")


async def finished(env, channel):
    game = await env.bot.service.last_game(channel.id)
    assert game.status == "finished", game.status
    assert game.state["result"]["reason"]
    return game


# ---------------------------------------------------------------- whole games
async def test_solo_member_plays_two_investigators_from_one_panel(simcord_env, monkeypatch):
    env = simcord_env
    pin_seed(monkeypatch, 101)
    _, channel, (solo,) = await eldritch_table(env, 1, per_player=2)
    game = await env.bot.service.live_game(channel.id)
    invs = [i for i in game.state["order"] if game.state["inv"][i]["player"] == str(solo.id)]
    assert len(invs) == 2
    panel = await open_panel(solo, channel)
    names = [f["name"] for f in panel.embeds[0].to_dict().get("fields", [])]
    from bot.games.eldritch.render import named
    assert all(named("en", "investigator", i) in names for i in invs)  # both in one panel
    clicks, seen = await play(env, channel, [solo], random.Random(1))
    assert {p.get("inv") for p in seen} >= set(invs)  # the prompts of both reached the one member
    await finished(env, channel)


@pytest.mark.parametrize("players,seed", [(2, 2), (4, 4), (8, 8)])
async def test_whole_games_to_the_end(simcord_env, monkeypatch, players, seed):
    env = simcord_env
    pin_seed(monkeypatch, 100 + seed)
    # a first Mythos card the Lead decides for the group ("choose an investigator"): a group decision
    # comes in every game (passing the Lead is the Lead's own choice, not one)
    _, channel, members = await eldritch_table(env, players, deck=["patrolling_the_border"])
    by_id = {str(m.id): m for m in members}
    proposed = []

    async def on_step(game, prompt, member, panel):
        """At the first group decision an adviser proposes the decider's last option: announced
        publicly and listed in the decider's panel, who then decides with the normal controls."""
        if proposed or not prompt.get("advisers"):
            return None
        adviser = by_id[prompt["advisers"][0]]
        mine = await open_panel(adviser, channel)
        menu = next(c for row in mine.components for c in row.get("components", [])
                    if c.get("custom_id", "").startswith("keeper:prop:"))
        choice = menu["options"][-1]
        await adviser.select(mine, [choice["value"]], custom_id=menu["custom_id"])
        assert f"{adviser.mention} proposes: {choice['label']}" in "\n".join(m.content or "" for m in channel.history())
        proposed.append(prompt)
        panel = await open_panel(member, channel)
        assert f"<@{adviser.id}>: {choice['label']}" in all_text(panel)
        return panel

    clicks, seen = await play(env, channel, members, random.Random(seed), on_step=on_step)
    assert clicks > 0 and {p["player"] for p in seen} <= {str(m.id) for m in members}
    assert any(p.get("advisers") for p in seen), "no group decision came up"
    # the decision is announced
    assert proposed and "decides for the group" in "\n".join(m.content or "" for m in channel.history())
    game = await finished(env, channel)
    assert len(await env.bot.service.actions(game.id)) >= clicks
    assert await env.bot.service.pending_outbox(game.id) == 0


# ---------------------------------------------------------------- restart mid-encounter
async def test_a_restart_in_the_middle_of_a_test_inside_an_encounter(simcord_env, bot_settings, monkeypatch):
    from bot.client import create_bot
    env = simcord_env
    seed = offline_seed(2, 2, lambda state, prompt: prompt["kind"] == "roll" and state["phase"] == "encounter")
    pin_seed(monkeypatch, seed)
    _, channel, members = await eldritch_table(env, 2, mythos=2)
    restarted = []

    async def on_step(game, prompt, member, panel):
        if restarted or prompt["kind"] != "roll" or game.state["phase"] != "encounter":
            return None
        before = await env.bot.service.get(game.id)
        await env.restart_bot(create_bot(bot_settings))
        after = await env.bot.service.get(game.id)
        assert after.state == before.state and after.version == before.version  # nothing lost
        restarted.append(prompt)
        return panel  # the panel drawn before the restart: its controls still work

    # a policy that prefers encounters with tests: the first option mostly, any option sometimes
    await play(env, channel, members, random.Random(seed), on_step=on_step)
    assert restarted, "no test inside an encounter came up"
    await finished(env, channel)


# ---------------------------------------------------------------- hidden backs
def back_texts() -> dict[str, str]:
    """Each back's identifying text as the renderer words it (en)."""
    from bot.games.eldritch import render
    full = {back_id: render.text_of("en", back).strip() for back_id, back in render._pack()["back"].items()}
    out = {}
    for back_id, text in full.items():
        # the generated texts open alike ("Result at least 0 ..."): the shortest prefix no other
        # back shares identifies this one; a back whose whole text another shares is left out
        for size in (60, 90, 120, len(text)):
            prefix = text[:size]
            if len(text) >= 25 and not any(o.startswith(prefix) for other, o in full.items() if other != back_id):
                out[back_id] = prefix
                break
    return out


def lines(message) -> str:
    return all_text(message)


def scan_backs(held: set[str], events: list[dict], channel, texts_by_member: dict[int, str]) -> list[str]:
    """Leaks of hidden backs: a back's text where its audience (the events that showed it: a
    public flip, a private peek) does not reach. ``held``: every back any investigator held."""
    texts = back_texts()
    public_ok, private_ok = set(), {}
    for ev in events:
        back = ev.get("back")
        if not back:
            continue
        if is_public(ev):
            public_ok.add(back)
        else:
            for uid in texts_by_member:
                if visible_to(ev, str(uid)):
                    private_ok.setdefault(back, set()).add(uid)
    leaks = []
    public = "\n".join(lines(m) for m in channel.history())
    for back in held:
        text = texts.get(back)
        if not text or back in public_ok:
            continue
        if text in public:
            leaks.append(f"public: {back}")
        for uid, seen in texts_by_member.items():
            if text in seen and uid not in private_ok.get(back, set()):
                leaks.append(f"member {uid}: {back}")
    return leaks


async def test_hidden_backs_never_leak_and_the_scan_catches_a_planted_one(simcord_env, monkeypatch):
    env = simcord_env
    rules = rules_for("eldritch")
    produced, held = [], set()
    real_apply, real_new = rules.apply, rules.new_game

    def note(state):
        for inv in state["inv"].values():
            held.update(inv.get("spells", []))
            held.update(inv.get("conditions", []))

    def apply(state, action):
        new_state, events = real_apply(state, action)
        produced.extend(events)
        note(new_state)
        return new_state, events

    def new_game(*args, **kwargs):
        state, events = real_new(*args, **kwargs)
        produced.extend(events)
        note(state)
        return state, events

    monkeypatch.setattr(rules, "apply", apply)
    monkeypatch.setattr(rules, "new_game", new_game)
    pin_seed(monkeypatch, 111)
    _, channel, members = await eldritch_table(env, 8, mythos=2)
    seen = {m.id: [] for m in members}

    async def on_step(game, prompt, member, panel):
        seen[member.id].append(all_text(panel))

    await play(env, channel, members, random.Random(11), on_step=on_step)
    await finished(env, channel)
    texts = {m.id: "\n".join(seen[m.id] + [lines(d) for d in m.user.dm_channel.history()]) for m in members}
    hidden = {b for b in held if b in back_texts()}
    assert hidden, "no investigator held a spell or condition with a back"
    assert scan_backs(held, produced, channel, texts) == []

    # the scan fails when a hidden back is planted: in the channel, then in another member's DM
    shown = {ev["back"] for ev in produced if ev.get("back")}
    secret = sorted(hidden - shown)[0]
    from bot import operations
    await operations.send(await operations.channel(env.bot, channel.id), content=back_texts()[secret])
    assert f"public: {secret}" in scan_backs(held, produced, channel, texts)
    planted = dict(texts)
    planted[members[1].id] += "\n" + back_texts()[secret]
    assert f"member {members[1].id}: {secret}" in scan_backs(held, produced, channel, planted)


# ---------------------------------------------------------------- admin tools
async def test_non_admins_are_refused_the_admin_tools(simcord_env):
    env = simcord_env
    guild, channel, members = await eldritch_table(env, 2)
    game = await env.bot.service.live_game(channel.id)
    clicks = 0
    for _ in range(3):  # a few moves, so there is something to undo
        game = await env.bot.service.get(game.id)
        prompt = env.bot.service.prompts(game)[0]
        member = next(m for m in members if str(m.id) == prompt["player"])
        await click_option(member, await open_panel(member, channel), prompt["options"][0])
        clicks += 1
    before = len(await env.bot.service.actions(game.id))
    for command, params in (("gm undo", {"count": 1, "force": True}), ("gm skip", {}), ("gm reset", {}),
                            ("gm export", {}), ("gm kick", {"member": members[1]})):
        refused = panel_of(await members[0].slash(channel, command, **params))
        assert "admin" in refused.content.lower(), (command, refused.content)
    game = await env.bot.service.get(game.id)
    assert game.status == "active" and game.autopilot == []
    assert len(await env.bot.service.actions(game.id)) == before


async def test_undo_across_a_flipped_back_needs_force(simcord_env, monkeypatch):
    """A seed (two members, two mythos cards) where the moves chosen flip a back within 40
    actions, found first with the engine alone (the same seed and moves replay identically at the
    table): undoing the flip needs ``force``, and everyone is told."""
    env = simcord_env
    rules = rules_for("eldritch")
    deck = mythos_deck()[:2]

    def settle(state):
        """What the bot makes by itself after each move: the decisions with one answer."""
        events = []
        while (forced := rules.forced(state)) is not None:
            state, more = rules.apply(state, forced)
            events += more
        return state, events

    def flip_move(seed: int):
        rng = random.Random(seed)
        state, _ = settle(rules.new_game(["a", "b"], seed, {}, {"mythos": deck})[0])
        for step in range(40):
            if rules.is_over(state):
                return None
            prompt = rules.prompts(state)[0]
            option = rng.choice(prompt["options"]) if rng.random() < 0.6 else prompt["options"][0]
            state, events = rules.apply(state, {"player": prompt["player"], "prompt": prompt["id"], **option})
            state, more = settle(state)
            if any(ev["type"] == "card_flipped" for ev in events + more):
                return step + 1
        return None

    seed = next((n for n in range(1, 300) if flip_move(n)), None)
    assert seed is not None, "no seed flips a back early"
    pin_seed(monkeypatch, seed)
    guild, channel, members = await eldritch_table(env, 2, mythos=2)
    admin = admin_of(env, guild)
    rng = random.Random(seed)
    flipped, flips = None, []
    real_apply = rules.apply

    def apply(state, action):
        new_state, events = real_apply(state, action)
        flips.extend(ev for ev in events if ev["type"] == "card_flipped")
        return new_state, events

    monkeypatch.setattr(rules, "apply", apply)

    def choose(rng_, prompt):
        return rng.choice(prompt["options"]) if rng.random() < 0.6 else prompt["options"][0]

    by_id = {str(m.id): m for m in members}
    game = await env.bot.service.live_game(channel.id)
    for _ in range(40):
        game = await env.bot.service.get(game.id)
        if game.status != "active":
            break
        prompt = env.bot.service.prompts(game)[0]
        member = by_id[prompt["player"]]
        result = await click_option(member, await open_panel(member, channel), choose(rng, prompt))
        assert result is not None
        if flips:
            rows = await env.bot.service.actions(game.id)
            # the member's move and what the bot made by itself after it: the flip is a reveal
            last_move = max(i for i, row in enumerate(rows) if not row.action.get("auto"))
            assert any(row.reveal for row in rows[last_move:])
            flipped = len(rows)
            break
    assert flipped, "no back was flipped"
    refused = panel_of(await admin.slash(channel, "gm undo", count=1))
    assert "force" in refused.content
    assert len(await env.bot.service.actions(game.id)) == flipped
    await admin.slash(channel, "gm undo", count=1, force=True)
    assert len(await env.bot.service.actions(game.id)) == last_move
    assert "private information" in "\n".join(m.content or "" for m in channel.history())
