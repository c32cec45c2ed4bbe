"""The process: start-up without a token, settings, intents."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest
from pydantic import ValidationError

from bot.client import intents
from bot.settings import BOT_PERMISSIONS, Settings, invite_url, missing_token_help, permission_names

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_the_bot_explains_how_to_get_one(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("KEEPER_")}
    env["PYTHONPATH"] = str(ROOT)
    result = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2
    assert "discord.com/developers" in result.stderr
    assert "applications.commands" in result.stderr and "KEEPER_TOKEN" in result.stderr
    assert result.stderr.startswith("Keeper needs a bot token"), result.stderr  # no warning before the how-to
    assert all(name in result.stderr for name in permission_names())


def test_permissions_and_the_sync_command_agree_everywhere():
    """One list of permissions (bot.settings) and one way to sync: the how-to, README and
    .env.example say the same."""
    readme, example = (ROOT / "README.md").read_text(), (ROOT / ".env.example").read_text()
    flat_readme = " ".join(readme.split())
    assert permission_names() == ["Send Messages", "Embed Links", "Attach Files", "Read Message History"]
    for name in permission_names():
        assert f"*{name}*" in flat_readme and name in example and name in missing_token_help()
    for text in (readme, example, missing_token_help()):
        assert "python -m bot sync" in text and "/keeper sync" not in text
    url = invite_url(123456789012345678)
    assert "client_id=123456789012345678" in url and "applications.commands" in url
    assert f"permissions={discord.Permissions(**dict.fromkeys(BOT_PERMISSIONS, True)).value}" in url
    assert url in missing_token_help(123456789012345678)


def test_settings_come_from_dotenv_and_environment(tmp_path, monkeypatch):
    for key in list(os.environ):
        if key.startswith("KEEPER_"):
            monkeypatch.delenv(key)
    env_file = tmp_path / ".env"
    env_file.write_text("KEEPER_TOKEN=abc\nKEEPER_DEFAULT_LANGUAGE=uk\nKEEPER_DEV_GUILD_ID=42\n")
    settings = Settings(_env_file=env_file)
    assert (settings.token, settings.default_language, settings.dev_guild_id) == ("abc", "uk", 42)
    assert settings.database_url.startswith("sqlite+aiosqlite://")
    monkeypatch.setenv("KEEPER_DEFAULT_LANGUAGE", "ru")
    assert Settings(_env_file=env_file).default_language == "ru"
    monkeypatch.setenv("KEEPER_DEFAULT_LANGUAGE", "de")
    with pytest.raises(ValidationError):
        Settings(_env_file=env_file)


def test_every_setting_is_documented_in_env_example():
    documented = (ROOT / ".env.example").read_text()
    for name in Settings.model_fields:
        assert f"KEEPER_{name.upper()}=" in documented, name


def test_only_unprivileged_intents():
    wanted = intents()
    assert wanted.guilds
    assert not (wanted.members or wanted.presences or wanted.message_content)


async def test_command_descriptions_are_translated_for_uk_and_ru():
    import discord
    from discord import app_commands

    from bot.i18n import catalog
    from bot.interactions import CatalogTranslator, desc, param

    translator = CatalogTranslator()
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_description, None)
    for string, key in ((desc("game_new"), "commands.game_new"), (param("force"), "commands.params.force")):
        assert string.message == catalog("en")[key]
        assert await translator.translate(string, discord.Locale.ukrainian, context) == catalog("uk")[key]
        assert await translator.translate(string, discord.Locale.russian, context) == catalog("ru")[key]
        assert await translator.translate(string, discord.Locale.german, context) is None  # English default


def run_bot(tmp_path, **settings) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KEEPER_")}
    env.update(PYTHONPATH=str(ROOT), KEEPER_TOKEN="not-a-real-token",
               **{f"KEEPER_{key.upper()}": value for key, value in settings.items()})
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)


def test_a_read_only_database_stops_the_start_with_what_to_do(tmp_path):
    import asyncio

    from bot.db import create_tables, make_engine

    path = tmp_path / "keeper.sqlite3"

    async def make():
        engine = make_engine(f"sqlite+aiosqlite:///{path}")
        await create_tables(engine)
        await engine.dispose()
    asyncio.run(make())
    # before the check, the bot started on it (and then failed every write)
    result = run_bot(tmp_path, database_url=f"sqlite+aiosqlite:///file:{path}?mode=ro&uri=true")
    assert result.returncode == 2, result.stderr
    assert "Keeper cannot start" in result.stderr and "read-only" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_database_of_an_unknown_early_schema_stops_the_start(tmp_path):
    import sqlite3

    path = tmp_path / "keeper.sqlite3"
    with sqlite3.connect(path) as conn:  # an early release: action_log without 'undone'
        from tests.bot.test_migrations import DIALECT_TYPES, RELEASED_DDL
        conn.executescript(RELEASED_DDL.format(**DIALECT_TYPES["sqlite"]))
        conn.execute("ALTER TABLE action_log DROP COLUMN undone")
    result = run_bot(tmp_path, database_url=f"sqlite+aiosqlite:///{path}")
    assert result.returncode == 2, result.stderr
    assert "action_log.undone is missing" in result.stderr and "Traceback" not in result.stderr


def copy_packs(tmp_path) -> Path:
    import shutil
    root = tmp_path / "data"
    shutil.copytree(ROOT / "data", root)
    return root


def test_a_broken_content_pack_stops_the_start_naming_the_file(tmp_path):
    from bot.settings import StartupError
    from bot.startup import check_content

    root = copy_packs(tmp_path)
    check_content(root)  # the packs as shipped pass
    cards = root / "thing" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("cards:", "cards: [", 1), encoding="utf-8")
    with pytest.raises(StartupError) as refused:
        check_content(root)
    assert "thing: cards.yaml" in str(refused.value) and "malformed YAML" in str(refused.value)


def test_invalid_utf8_in_a_pack_is_an_error_naming_the_file(tmp_path):
    from bot.settings import StartupError
    from bot.startup import check_content
    from engine.content import ContentError, load_pack

    root = copy_packs(tmp_path)
    monsters = root / "eldritch" / "monsters.yaml"
    monsters.write_bytes(b"# a stray byte\n\xff\n" + monsters.read_bytes())
    with pytest.raises(ContentError) as bad:  # was a bare UnicodeDecodeError
        load_pack("eldritch", root)
    assert bad.value.file == "monsters.yaml" and "not valid UTF-8" in str(bad.value) and "line 2" in str(bad.value)
    with pytest.raises(StartupError, match="eldritch: monsters.yaml"):
        check_content(root)


# ---- issue 19, scale: start-up under 10 s (a pack that passed is not validated again)

def test_an_unchanged_pack_is_not_validated_again_and_a_changed_one_always_is(tmp_path, monkeypatch):
    import bot.startup
    from bot.settings import StartupError
    from bot.startup import check_content

    root = copy_packs(tmp_path)
    record = tmp_path / "cache" / "checked.json"
    first = check_content(root, record)
    assert set(first.values()) == {"checked"} and record.exists()

    def must_not_load(game, data_root=None):
        raise AssertionError(f"{game} validated again")
    monkeypatch.setattr(bot.startup, "load_pack", must_not_load)
    assert set(check_content(root, record).values()) == {"known"}
    monkeypatch.undo()

    # a changed file: that pack is validated again and refused, and is no longer recorded
    cards = root / "thing" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("cards:", "cards: [", 1), encoding="utf-8")
    with pytest.raises(StartupError, match="thing: cards.yaml"):
        check_content(root, record)
    with pytest.raises(StartupError, match="thing: cards.yaml"):  # refused at every start until fixed
        check_content(root, record)
    # a file added to a pack's folder changes its key too; so does a damaged record
    (root / "eldritch" / "extra.yaml").write_text("x: 1\n", encoding="utf-8")
    record.write_text("not json", encoding="utf-8")
    cards.write_text(cards.read_text(encoding="utf-8").replace("cards: [", "cards:", 1), encoding="utf-8")
    assert set(check_content(root, record).values()) == {"checked"}


def test_a_pack_key_follows_its_files_and_code(tmp_path):
    from bot.startup import pack_key

    root = copy_packs(tmp_path)
    before = pack_key("unfathomable", root)
    assert pack_key("unfathomable", root) == before and pack_key("thing", root) != before
    monsters = next((root / "unfathomable").glob("*.yaml"))
    monsters.write_bytes(monsters.read_bytes() + b"\n")
    assert pack_key("unfathomable", root) != before


async def test_the_gil_switch_interval_is_the_serving_process_s_not_every_bot_s(tmp_path, monkeypatch):
    """Building a bot (tests, SimCord, tools build many in one process) leaves the process's GIL
    switch interval alone; the bot that starts serving Discord sets it (bot.client.GIL_SWITCH_INTERVAL_S:
    the event loop takes the GIL back from a picture thread sooner)."""
    from bot.client import GIL_SWITCH_INTERVAL_S, create_bot

    before = sys.getswitchinterval()
    sys.setswitchinterval(0.005)
    try:
        bot = create_bot(Settings(_env_file=None, token="offline",
                                  database_url=f"sqlite+aiosqlite:///{tmp_path / 'keeper.sqlite3'}"))
        assert sys.getswitchinterval() == pytest.approx(0.005)

        class Stop(Exception):
            pass

        async def login(token):  # the start goes no further than Discord's login
            raise Stop
        monkeypatch.setattr(bot, "login", login)
        with pytest.raises(Stop):
            await bot.start("offline")
        assert sys.getswitchinterval() == pytest.approx(GIL_SWITCH_INTERVAL_S)
        await bot.db_engine.dispose()
    finally:
        sys.setswitchinterval(before)
