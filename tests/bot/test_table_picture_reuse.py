"""The table message is edited whenever its text changes, but its picture is redrawn only when
something drawn on it changed (a game's renderer names that with ``picture_digest``)."""
import asyncio
from types import SimpleNamespace

import discord

import bot.games as games
from bot import operations, publisher
from bot.publisher import Publisher


class FakeUI:
    def __init__(self):
        self.drawn = 0

    def table_digest(self, state, names, lang):
        return f"{state['board']}|{state['waiting']}"

    def picture_digest(self, state, names, lang):
        return str(state["board"])

    def table_embed(self, state, names, lang):
        return discord.Embed(description=f"waiting for {state['waiting']}")

    def table_picture(self, state, names, lang):
        self.drawn += 1
        return b"png-%d" % self.drawn

    def hand_button_label(self, lang):
        return "My hand"


def test_the_picture_is_redrawn_only_when_something_drawn_changed(monkeypatch):
    ui = FakeUI()
    monkeypatch.setitem(games._UIS, "fakepic", ui)
    sent = []

    async def edit(channel, message_id, **kwargs):
        sent.append(kwargs["attachments"][0].fp.read())
        return True

    async def channel(bot, channel_id):
        return object()

    monkeypatch.setattr(operations, "edit", edit)
    monkeypatch.setattr(operations, "channel", channel)
    pub = Publisher(SimpleNamespace())
    game = SimpleNamespace(id=1, kind="fakepic", names={}, status="active", table_message_id=99, channel_id=5,
                           state={"board": 1, "waiting": "ann"})

    async def run():
        await pub.update_table(game, "en")
        game.state = {"board": 1, "waiting": "bob"}      # only the text changes
        await pub.update_table(game, "en")
        game.state = {"board": 2, "waiting": "bob"}      # something drawn changes
        await pub.update_table(game, "en")

    asyncio.run(run())
    assert ui.drawn == 2
    assert sent == [b"png-1", b"png-1", b"png-2"]
    assert publisher.PICTURES_KEPT >= 1
