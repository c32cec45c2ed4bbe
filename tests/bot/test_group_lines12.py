"""Group decisions at a table with a Keeper player, as a member reads them (a newcomer's read of
an Eldritch table in uk). Rulebook (004 l.117): «Когда сыщики принимают решение совместно, последнее
слово остаётся за ведущим сыщиком»; Keeper's Lead decides a Mythos card's group question, the members
advise, and it waits until every member adviser proposed or its wait is over (bot.service.Leads).

1. The table's waiting field said «⏳ Стіл чекає на 🤖 Keeper 1 — Акачі Оньеле: передати роль
   головного дослідника? — інші можуть запропонувати…» while it waited for the member's advice:
   it names the advisers it waits for and Keeper as the decider.
2. A group decision's line said «✅ @A вирішує за групу: Ні» (which question?) and «… як
   запропонували @A: …» (a plural verb for one person): it says the question, and "за
   пропозицією" agrees with any number of proposers."""
from __future__ import annotations

from types import SimpleNamespace

from bench.keeper_table_bench import KEEPER_AWAITED
from bot.games.eldritch.render import decision_text, option_label
from bot.i18n import t
from bot.publisher import notice_line
from bot.seats import mention
from bot.service import Leads
from engine.registry import rules_for
from tests.bot.helpers import all_text, seat_table, table_message
from tests.bot.test_eldritch_table import pin_seed
from tests.bot.test_keeper_lead import LEAD, group_mythos_deck, play_until_the_lead_asks


async def uk_keeper_led_table(env, monkeypatch):
    """One member and one Keeper player, whose investigator is the Lead, at a uk table."""
    rules_for("eldritch").new_game(["a", "b"], 1)  # the content pack loaded before the first click
    pin_seed(monkeypatch, 3)
    channel, (member,), lobby = await seat_table(env, "uk", "eldritch", ["Олена"], keepers=1)
    game = await env.bot.service.live_game(channel.id)
    await env.bot.service.set_options(game.id, {"lead": LEAD})
    await env.bot.service.set_setup(game.id, {"mythos": group_mythos_deck()})
    await member.click(lobby, label=t("uk", "lobby.start"))
    return channel, member


async def test_the_table_waits_for_the_members_advice_not_for_keepers_lead(simcord_env, monkeypatch):
    env = simcord_env
    channel, member = await uk_keeper_led_table(env, monkeypatch)
    question = await play_until_the_lead_asks(env, channel, member)
    game = await env.bot.service.live_game(channel.id)
    assert question["player"] == LEAD and question["advisers"] == [str(member.id)]
    (embed,) = table_message(channel).embeds
    waiting = next(f for f in embed.to_dict()["fields"] if f["name"] == t("uk", "eldritch.table.waiting"))
    asked = decision_text("uk", question, game.state)
    assert waiting["value"] == f"пораду <@{member.id}> (вирішує 🤖 Keeper 1) — {asked}"
    text = all_text(table_message(channel))
    assert "⏳ Стіл чекає на 🤖 Keeper" not in text
    assert not KEEPER_AWAITED.search(text)  # the bench's count of Keeper seats named as awaited
    # the bench's pattern still finds a line that waits for a Keeper seat (the line as it was)
    assert KEEPER_AWAITED.search(f"⏳ Стіл чекає на 🤖 Keeper 1 — {asked}")


def _members_choice():
    """A Lead's group decision that is news (a card's "the Lead chooses an investigator"), at a
    table of seats "1" and "2": (game, prompt, option)."""
    state, _ = rules_for("eldritch").new_game(["1", "2"], 1)
    other = next(i for i in state["inv"] if i != state["lead"])
    game = SimpleNamespace(id=1, kind="eldritch", state=state, names={}, epoch=0, last_action=0)
    prompt = {"id": 2, "player": "1", "kind": "group", "about": "investigator", "advisers": ["2"],
              "inv": state["lead"], "options": [{"type": "choose", "value": i} for i in state["inv"]]}
    return game, prompt, {"type": "choose", "value": other}


def test_a_members_group_decision_says_its_question():
    from cogs.group import decided_notice
    game, prompt, option = _members_choice()
    for lang, decides in (("en", "decides for the group"), ("uk", "вирішує за групу"), ("ru", "решает за группу")):
        (line,) = decided_notice(game, prompt, option, lang)
        asked = decision_text(lang, prompt, game.state)
        label = option_label({**option, "player": "1"}, game.state, {}, lang)
        assert notice_line(lang, line) == f"✅ <@1> {decides} ({asked}): {label}"


def test_keepers_lead_following_a_proposal_says_the_question_and_whose_proposal(simcord_env):
    game, prompt, option = _members_choice()
    game.players, game.autopilot = ["keeper-1", "2"], []
    prompt = {**prompt, "player": "keeper-1"}
    rules = rules_for("eldritch")
    for lang, followed in (("en", "decides for the group ({asked}), as proposed by <@2>: {label}"),
                           ("uk", "вирішує за групу ({asked}) за пропозицією <@2>: {label}"),
                           ("ru", "решает за группу ({asked}) по предложению <@2>: {label}")):
        leads = Leads(proposals={2: [("2", option)]}, lang=lang)
        chosen, line = simcord_env.bot.service._lead_choice(game, rules, game.state, prompt, leads, 0)
        assert chosen == {"player": "keeper-1", **option, "prompt": 2}
        asked = decision_text(lang, prompt, game.state)
        label = option_label({**option, "player": "keeper-1"}, game.state, {}, lang)
        assert notice_line(lang, line) == f"✅ {mention('keeper-1', lang)} " + followed.format(asked=asked, label=label)
