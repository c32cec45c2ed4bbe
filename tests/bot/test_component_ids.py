"""Every persistent component is rebuilt from its custom id alone (after a restart, or a click
on a message drawn before it): the template's parts are the constructor's first arguments, in
order, numbers as numbers (bot.interactions.KeeperItem.from_custom_id)."""
import asyncio
import re

import pytest

from cogs import lobby, play

SAMPLE = {"game": "7", "epoch": "3", "prompt": "5", "chunk": "1", "page": "2", "step": "1",
          "digest": "ab12", "seat": "keeper-2", "verb": "keeper_add", "option": "infected"}
GROUP = re.compile(r"\(\?P<(\w+)>[^)]*\)")
DYNAMIC = [cls for module in (lobby, play) for cls in vars(module).values()
           if isinstance(cls, type) and getattr(cls, "__discord_ui_compiled_template__", None) is not None]


def test_every_dynamic_component_is_covered():
    names = {cls.__name__ for cls in DYNAMIC}
    assert {"HandButton", "OptionButton", "OptionSelect", "TakeSeatButton", "LobbyNumber", "AgainButton",
            "FreeActionButton"} <= names


@pytest.mark.parametrize("cls", DYNAMIC, ids=lambda cls: cls.__name__)
def test_rebuilt_from_its_custom_id(cls):
    template = cls.__discord_ui_compiled_template__
    custom_id = GROUP.sub(lambda m: SAMPLE[m[1]], template.pattern)
    match = template.fullmatch(custom_id)
    assert match, custom_id
    item = asyncio.run(cls.from_custom_id(None, None, match))
    assert item.item.custom_id == custom_id
    assert item.game_id == 7  # a number, as the service compares it
