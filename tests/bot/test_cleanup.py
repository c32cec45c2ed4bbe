"""Clean-up (issue 19, defect 8): after the retention period delivered announcements and news
that /panel can no longer show are deleted, and ended games are archived with their records kept
for export."""
from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa

from bot.db import ActionLog, News, Outbox, create_tables, make_engine, session_factory, utcnow
from bot.service import NEWS_SHOWN, GameService, ServiceError
from engine.core.record import replay
from engine.registry import rules_for

DAY = timedelta(days=1)


async def count(service, model, *where) -> int:
    async with service.sessions() as session:
        return len((await session.exec(sa.select(model.id).where(*where))).all())


async def started(service, channel):
    game = await service.create_lobby(1, channel, "thing", 101)
    for user in (102, 103, 104):
        await service.join(game.id, user)
    return (await service.start(game.id)).game


async def play(service, game_id, moves):
    rules = rules_for("thing")
    for _ in range(moves):
        game = await service.get(game_id)
        if game.status != "active":
            return
        prompt = rules.prompts(game.state)[0]
        await service.act(game_id, {"player": prompt["player"], "prompt": prompt["id"], **prompt["options"][0]})


async def test_old_rows_are_cleaned_up_and_ended_games_archived_with_their_record(tmp_path):
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'clean.sqlite3'}")
    await create_tables(engine)
    service = GameService(session_factory(engine))
    try:
        live = await started(service, 10)
        ended = await started(service, 20)
        await play(service, live.id, 150)
        await play(service, ended.id, 6)
        record = await service.record(ended.id)
        await service.reset(ended.id)  # archived status: ended
        async with service.sessions() as session:  # everything was delivered
            await session.exec(sa.update(Outbox).values(delivered=True))
            await session.commit()
        await service.outbox_add(live, "table", {})  # one still waiting
        news_before = await count(service, News, News.game_id == live.id)
        shown = {user: await service.news(live.id, user) for user in (101, 102, 103, 104)}

        # nothing is old yet: nothing goes
        assert await service.clean_up(30 * DAY) == {"outbox": 0, "news": 0, "games": 0}

        done = await service.clean_up(30 * DAY, now=utcnow() + 31 * DAY)
        assert done["games"] == 1 and done["outbox"] > 0
        # delivered rows are gone, the undelivered one stays
        assert await count(service, Outbox) == 1
        # the live game's members still see exactly the news /panel showed; older rows are gone
        assert {user: await service.news(live.id, user) for user in shown} == shown
        per_member = [await count(service, News, News.game_id == live.id, News.user_id == user) for user in shown]
        assert max(per_member) <= NEWS_SHOWN and sum(per_member) < news_before
        # the ended game: archived, its news gone, its record whole and replaying
        archived = await service.get(ended.id)
        assert archived.archived_at is not None and set(archived.state) <= {"version", "result"}
        assert await count(service, News, News.game_id == ended.id) == 0
        assert await count(service, ActionLog, ActionLog.game_id == ended.id) == len(record.actions) > 0
        exported = await service.export(ended.id, 999)
        assert exported.actions == record.actions and exported.version == record.version
        assert replay(exported).state == replay(record).state
        try:
            await service.undo(ended.id, 1)
            raise AssertionError("an archived game must not be reopened")
        except ServiceError as exc:
            assert exc.code == "not_active"
        assert (await service.get(live.id)).state is not None  # the live game is untouched
        # running again finds nothing more
        assert (await service.clean_up(30 * DAY, now=utcnow() + 31 * DAY))["games"] == 0
    finally:
        await engine.dispose()
