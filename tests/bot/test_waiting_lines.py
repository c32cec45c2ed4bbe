"""What a ping's line says of what the table waits for."""
from types import SimpleNamespace

from bot.publisher import Publisher


def test_a_pings_line_says_what_is_awaited_as_the_table_does():
    """«⏳ @Олена: відповісти або спасувати.» under a table that said «(до кидка)»: the ping's
    line was built from the prompts' player and kind only."""
    from bot.games import ui_for
    from bot.i18n import t

    waited = [{"player": "5", "kind": "window", "timing": "before_roll"}]
    publisher = Publisher(SimpleNamespace(service=SimpleNamespace(waiting=lambda game, prompts: waited)))
    lines = ui_for("unfathomable").waiting_lines(publisher._awaited(None, [{"player": "5"}]), "uk")
    assert lines and t("uk", "unfathomable.timings.before_roll") in lines[0], lines
