"""Deliveries step aside while a member's interaction is handled (issue 19, the open loop of
`bench scale`): a delivery renders for milliseconds at a time on the one event loop, and a
click's awaits (its reads, its checkpoint) came back only after it."""
import asyncio
from types import SimpleNamespace

from bot import publisher as publisher_module
from bot.publisher import Publisher


def _publisher(done: list) -> Publisher:
    claims: dict[int, int] = {}

    async def claim_outbox(game_id, token, now=None):
        claims[game_id] = claims.get(game_id, 0) + 1
        return (SimpleNamespace(id=game_id, status="active"), ["row"]) if claims[game_id] == 1 else (None, [])

    publisher = Publisher(SimpleNamespace(service=SimpleNamespace(token="me", claim_outbox=claim_outbox)))

    async def deliver(game, rows):
        done.append(f"delivered {game.id}")

    publisher._deliver = deliver
    return publisher


async def test_a_delivery_waits_until_the_member_is_answered():
    done: list[str] = []
    publisher = _publisher(done)
    async with publisher.foreground():
        publisher.schedule(1)  # as a click's act_and_report does after its checkpoint
        await asyncio.sleep(0.02)  # the click's own awaits: the delivery does not run meanwhile
        done.append("member answered")
    await publisher.idle()
    assert done == ["member answered", "delivered 1"]


async def test_a_delivery_the_interaction_awaits_itself_does_not_wait():
    done: list[str] = []
    publisher = _publisher(done)
    loop = asyncio.get_running_loop()
    async with publisher.foreground():
        began = loop.time()
        await publisher.flush(2)  # an admin command delivering its game before it answers
        done.append("answered")
        assert loop.time() - began < publisher_module.FOREGROUND_WAIT_S / 2
    assert done == ["delivered 2", "answered"]


async def test_a_flood_of_clicks_never_holds_the_channel_back_for_long(monkeypatch):
    monkeypatch.setattr(publisher_module, "FOREGROUND_WAIT_S", 0.05)
    done: list[str] = []
    publisher = _publisher(done)
    async with publisher.foreground():  # members' interactions without a pause
        publisher.schedule(3)
        await asyncio.sleep(0.3)
        done.append("still answering")
    await publisher.idle()
    assert done == ["delivered 3", "still answering"]



async def test_idle_waits_for_an_interaction_that_has_not_scheduled_its_delivery_yet():
    """A test (or a shutdown) that waits for the publisher while a click's handler is still
    running read the table before the click's delivery was even scheduled."""
    done: list[str] = []
    publisher = _publisher(done)

    async def click():
        async with publisher.foreground():
            await asyncio.sleep(0.02)  # the handler answers the member first
            publisher.schedule(4)

    task = asyncio.get_running_loop().create_task(click())
    await asyncio.sleep(0)
    await publisher.idle()
    assert done == ["delivered 4"] and task.done()
