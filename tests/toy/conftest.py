from tests.bot.conftest import bot_settings, simcord_bot  # noqa: F401 - the same offline bot
