"""A member's panel shows the private news since they last looked, not everything since the
deal (issue 20): the mark is kept per member and game in the database (table ``news_seen``)."""
from __future__ import annotations

from sqlmodel import select

from tests.bot.helpers import all_text, fixed, new_game, open_panel, option_components, choose, waiting_ids

NEWS = "News for you"


def news_of(panel) -> str:
    """The panel's news field ('' when it has none)."""
    for embed in panel.embeds:
        for field in embed.to_dict().get("fields", []):
            if field["name"] == NEWS:
                return field["value"]
    return ""


async def act_first(member, channel):
    """The member answers their decision with its first offered control (never a free action)."""
    panel = await open_panel(member, channel)
    controls = [c for c in option_components(panel) if not c["custom_id"].startswith("keeper:free:")]
    return await choose(member, panel, controls[0])


async def test_the_panel_shows_only_what_is_new_since_the_member_last_looked(simcord_env):
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    first, partner = m[0], m[1]
    look = await open_panel(first, channel)
    assert "You drew **Flamethrower**" in news_of(look)  # the draw made by itself, before they looked
    # they act (play or discard, then offer a card to trade) and their partner answers the trade
    while waiting_ids(channel) == [first.id]:
        await act_first(first, channel)
    assert waiting_ids(channel) == [partner.id]
    await act_first(partner, channel)
    again = await open_panel(first, channel)
    news = news_of(again)
    assert "You drew **Flamethrower**" not in news  # seen at the last look: not shown again
    assert "You received" in news, all_text(again)  # what the trade brought since then is shown
    # a look with nothing new since shows no news at all
    assert news_of(await open_panel(first, channel)) == ""
    # the mark is the member's own, kept in the database: one who never looked sees their news
    # since the deal
    assert "Your starting hand" in news_of(await open_panel(m[2], channel))
    from bot.db import NewsSeen
    game = await env.bot.service.last_game(channel.id)
    async with env.bot.service.sessions() as session:
        marks = {row.user_id: row for row in (await session.exec(select(NewsSeen))).all()}
    assert {first.id, partner.id, m[2].id} <= set(marks) and m[3].id not in marks
    assert all(mark.game_id == game.id and mark.seen > 0 for mark in marks.values())
