"""Playing: the member's panel (the game's act button, `/panel`), option controls drawn from
the answer's shape, free actions.

Every button carries its game id and prompt id in its custom_id (DynamicItem), and every click
reloads the game from the database, so buttons keep working after a restart and a stale or
double click is refused by the engine's prompt check (on a private panel, under that panel
redrawn as it is now).
"""
from __future__ import annotations

import asyncio
import functools
import logging
import time

import discord
from discord import app_commands

from bot import operations
from bot.i18n import t
from bot.service import ServiceError, intact_state, kicked, may_take_keeper_seat, not_running, open_keeper_seats, quiet_seats
from bot.interactions import (BACK_TEMPLATE, back_button, back_view, select_int, cmd, KeeperCog, KeeperItem, HAND_TEMPLATE, OPTION_TEMPLATE, after_commit, hand_button,
                              desc, defer_panel, defer_private, display_name, option_button, option_digest, plain, reply,
                              reply_panel, user_lang)
from bot.games import ui_for
from bot.games.common import distinct_choices
from bot.publisher import public_answers
from bot.seats import keepers, mention
from cogs.group import announce_proposal, decided_notice, group_parts, proposal_notice
from engine.core.errors import RuleError
from engine.core.shapes import only_answer
from engine.registry import rules_for

log = logging.getLogger(__name__)
MAX_BUTTONS = 20
SELECT_SIZE = 25
SELECTS_PER_PAGE = 4  # a panel has five rows: four menus and a row of page and free-action buttons
STALE = RuleError("stale_prompt", "That choice is no longer current.")



def seated(game, pid: str, away_ok: bool = False) -> None:
    """Refuse members who are not (or no longer) playing: a kicked member loses all access; a
    member away (/game away) sees their panel (``away_ok``) but decides nothing until back."""
    if pid not in game.players:  # a latecomer at a table with Keeper players is offered a seat
        if may_take_keeper_seat(game, pid):
            raise keeper_seats_refusal(game)
        # a member whose seat an admin gave away is told so (and who may seat them again)
        raise ServiceError("left_this_game" if pid in game.left else "not_a_player")
    if pid in game.away and not away_ok:
        raise ServiceError("away", game_id=game.id)   # answered with the Back button (handle_error)
    if kicked(game, pid):
        raise ServiceError("kicked")
    if game.state is None:
        raise ServiceError("no_game")
    intact_state(game)  # a damaged state is refused clearly, not rendered


async def show_panel(interaction: discord.Interaction, game_id: int, game=None, page: int = 0,
                     again: bool = False, note: str | None = None) -> None:
    """Send the member's private panel: hand, role, their private news since they last looked
    and their decision (``page``: which page of a long list of options; ``again``: a redraw of
    the panel they look at, which keeps that look's news; ``note``: a line above it). The panel
    is then kept current while Discord lets Keeper edit it (:class:`LivePanels`)."""
    bot = interaction.client
    game = game or await bot.service.get(game_id)
    if game is None or game.state is None:
        raise ServiceError("no_game")
    if game.archived_at is not None:
        raise ServiceError("game_archived")   # only its version and result are kept
    pid = str(interaction.user.id)
    seated(game, pid, away_ok=True)
    fields = await panel_fields(bot, game, interaction.user.id, user_lang(interaction), page, again)
    await reply_panel(interaction, content=note, **fields)
    live_panels(bot).opened(interaction, game, pid)
    bot.publisher.looked(game.id, pid)   # what a closed DM held is read now


async def panel_fields(bot, game, user_id: int, lang: str, page: int = 0, again: bool = False,
                       look: bool = True) -> dict:
    """A member's panel as message fields (embed and controls); their news is marked as seen
    unless ``look`` is False (a redraw they may not be looking at)."""
    pid = str(user_id)
    ui = ui_for(game.kind)
    news = ui.private_lines(await bot.service.news_since_look(game.id, user_id, again=again, look=look), pid, lang)
    embed = ui.panel_embed(game.state, pid, game.names, lang, news)
    if pid in game.away:   # Keeper decides for them: what the seat holds, and the way back
        embed.description = "\n".join(filter(None, [embed.description, t(lang, "panel.away_note")]))
        return {"embed": embed, "view": back_view(game.id, lang)}
    quiet = game.status == "active" and pid in quiet_seats(game, rules_for(game.kind), game.state)
    if quiet:
        embed.description = "\n".join(filter(None, [embed.description, t(lang, "panel.quiet_note")]))
    elif await passed_for(bot, game, user_id):
        embed.description = "\n".join(filter(None, [embed.description, autopass_note(game, pid, lang)]))
    view = decision_view(game, pid, lang, page, explain=embed)
    if quiet:
        try:
            view.add_item(AskAgainButton(game.id, label=t(lang, "panel.ask_again")))
        except ValueError:  # a full panel (25 controls): the decision's own come first
            pass
    for prompt, choices, placeholder in await group_parts(bot, game, pid, lang, embed):
        choices = [(option_digest(option), label) for option, label in choices]
        for chunk in range(min(SELECTS_PER_PAGE, -(-len(choices) // SELECT_SIZE))):
            try:
                view.add_item(ProposeSelect(game.id, game.epoch, prompt["id"], chunk,
                                            choices[chunk * SELECT_SIZE:(chunk + 1) * SELECT_SIZE],
                                            placeholder=placeholder))
            except ValueError:  # the panel is full (the member's own decision comes first)
                break
    return {"embed": embed, "view": view}


def decisions_shown(bot, game, pid: str) -> tuple:
    """What a member's panel offers to decide (their prompts, the group questions they advise on,
    their free actions, whether Keeper passes their windows): a panel showing another is out of date."""
    if game.status != "active" or game.state is None or pid in game.autopilot:
        return (game.status,)
    rules = rules_for(game.kind)
    prompts = rules.prompts_for(game.state, pid)
    free = rules.free_actions(game.state, pid)
    return (game.epoch, tuple((p["id"], p["kind"]) for p in prompts),
            tuple(p["id"] for p in bot.service.questions(game, pid)),
            tuple(option_digest(a) for a in free), pid in quiet_seats(game, rules, game.state))


class LivePanels:
    """The private panel each member last looked at, redrawn when what it offers to decide
    changes (their turn comes, a window opens or closes), so a member who keeps their panel open
    answers each decision with one click there instead of reopening it from the table. Discord
    lets an interaction's token edit its reply for 15 minutes; after that (or a restart) the
    member opens their panel as before. Kept in memory only: nothing is lost with it. Ages are
    told by ``perf_counter``, a clock no test harness moves (SimCord moves ``monotonic``)."""
    LIFETIME_S = 14 * 60

    def __init__(self) -> None:
        # (game, member) -> (the interaction that last drew their panel, when, the decisions it shows)
        self._open: dict[tuple[int, int], tuple[discord.Interaction, float, tuple]] = {}
        # one redraw pass per game at a time: they run outside the delivery lock, so two passes
        # after two deliveries in a row would otherwise edit the same panel concurrently
        self._redrawing: dict[int, asyncio.Lock] = {}

    def opened(self, interaction: discord.Interaction, game, pid: str) -> None:
        if interaction.guild_id is None:   # a DM's reply is not the member's panel
            return
        now = time.perf_counter()
        for old in [k for k, (_i, since, _s) in self._open.items() if now - since > self.LIFETIME_S]:
            del self._open[old]   # a game that went quiet keeps no panel in memory
        self._open[(game.id, interaction.user.id)] = (interaction, now, decisions_shown(interaction.client, game, pid))

    async def refresh(self, bot, game) -> None:
        """Redraw the game's open panels whose decisions changed (the publisher calls this after
        each delivery). A panel that can no longer be edited is forgotten; a failure here is
        logged and harms neither the delivery nor the other panels."""
        if not any(key[0] == game.id for key in self._open):
            return
        lock = self._redrawing.setdefault(game.id, asyncio.Lock())
        try:
            async with lock:
                await self._redraw(bot, game)
        finally:
            if not lock.locked() and not any(key[0] == game.id for key in self._open):
                self._redrawing.pop(game.id, None)

    async def _redraw(self, bot, game) -> None:
        now = time.perf_counter()
        for key in [k for k in self._open if k[0] == game.id]:
            interaction, since, shown = self._open.get(key, (None, 0, None))
            if interaction is None:
                continue
            pid = str(key[1])
            if now - since > self.LIFETIME_S or not self._still_shown(game, pid):
                self._open.pop(key, None)
                continue
            if decisions_shown(bot, game, pid) == shown:
                continue
            await bot.publisher.step_aside()
            try:
                # the delivery's game may be older than a click made meanwhile: draw from the saved one
                game = await bot.service.get(game.id) or game
                if not self._still_shown(game, pid):
                    self._open.pop(key, None)
                    continue
                fields = await panel_fields(bot, game, key[1], user_lang(interaction), again=True, look=False)
                if self._open.get(key, (None,))[0] is not interaction:
                    continue   # the member redrew it meanwhile (a click): theirs is newer
                await operations.edit_original(interaction, content=None, **fields)
                fields["view"].stop()
            except discord.HTTPException:   # expired, deleted or dismissed: the table's button stays
                if self._open.get(key, (None,))[0] is interaction:
                    self._open.pop(key, None)
                continue
            except Exception:  # noqa: BLE001 - a panel's redraw never harms the delivery
                log.exception("redrawing the panel of member %s in game %s failed", key[1], game.id)
                self._open.pop(key, None)
                continue
            if self._open.get(key, (None,))[0] is interaction:
                self._open[key] = (interaction, since, decisions_shown(bot, game, pid))

    @staticmethod
    def _still_shown(game, pid: str) -> bool:
        """Whether the member's panel may show anything new (a kicked member's shows nothing)."""
        return game.status == "active" and pid in game.players and pid not in game.autopilot


def live_panels(bot) -> LivePanels:
    panels = getattr(bot, "live_panels", None)
    if panels is None:
        panels = bot.live_panels = LivePanels()
    return panels


def redrawn_when_stale(run):
    """A control clicked on a private panel that is no longer current (a double click, another
    member's answer first, a window closed, an undo) redraws that panel as it is now and says why,
    so the member's next click is on it rather than behind ``/panel``; elsewhere (a DM, a public
    message) the refusal stands alone."""
    @functools.wraps(run)
    async def wrapper(self, interaction: discord.Interaction) -> None:
        try:
            await run(self, interaction)
        except RuleError as exc:
            if exc.code != "stale_prompt" or not getattr(interaction, "extras", {}).get("panel_in_place"):
                raise
            await show_panel(interaction, self.game_id, note=t(user_lang(interaction), "errors.stale_redrawn"))
    return wrapper


async def current_game(interaction: discord.Interaction, game_id: int, epoch: int):
    """The game a control of ``epoch`` acts on and the clicking member's id: refused unless the
    game is active, the member plays in it and the control is current."""
    game = await interaction.client.service.get(game_id)
    if game is None or game.status != "active":
        raise not_running(game)
    pid = str(interaction.user.id)
    seated(game, pid)
    if epoch != game.epoch:
        raise STALE
    return game, pid


def window_answers(game, pid: str) -> tuple[list, list]:
    """The member's pending prompts, and the only answers of those that are response windows with
    nothing to answer but that (what Keeper answers for them when the window closes)."""
    rules = rules_for(game.kind)
    mine = rules.prompts_for(game.state, pid) if game.status == "active" else []
    return mine, [a for p in mine if p["kind"] in rules.WINDOW_KINDS and (a := only_answer(p)) is not None]


def autopass_note(game, pid: str, lang: str) -> str:
    """What Keeper answers for the member when the window's time is up: "passes", or, where the only
    answer is no pass (The Thing's «Не захищатися: ви вибуваєте з гри» under a Flamethrower), that
    answer by its button's words (a note saying "pass" over it hid that it eliminates them, nft15 T1)."""
    only = next(iter(window_answers(game, pid)[1]), None)
    if only is None or only.get("type") == "pass":
        return t(lang, "panel.autopass_note")
    label = ui_for(game.kind).option_label(only, game.state, game.names, lang)
    return t(lang, "panel.autopass_note_answer", button=label)


async def passed_for(bot, game, user_id: int) -> bool:
    """Whether the member's decision is a response window Keeper passes for them when it closes
    (their only answer is to pass and their auto-pass is on)."""
    if not window_answers(game, str(user_id))[1]:
        return False
    return await bot.service.member_autopass(user_id)


def _fit(lines: list[str], limit: int) -> str:
    """Whole lines within ``limit`` characters, an ellipsis where the rest was left out."""
    out = ""
    for line in lines:
        joined = f"{out}\n{line}" if out else line
        if len(joined) > limit:
            return (out + "\n…") if out and len(out) + 2 <= limit else (line[:limit - 1] + "…")
        out = joined
    return out


def _packed(lines: list[str], most: int) -> list[list[str]]:
    """``lines`` in runs of whole lines, each run within ``most`` characters (a line longer than
    that alone in its run, to be cut)."""
    runs: list[list[str]] = []
    for line in lines:
        if runs and len("\n".join([*runs[-1], line])) <= most:
            runs[-1].append(line)
        else:
            runs.append([line])
    return runs


def explain_buttons(embed: discord.Embed, described_by: dict[str, list[str]], lang: str) -> None:
    """What the buttons of a decision do, as the game explains them (``option_description``:
    what each does, costs or changes): one line per description in the panel, since a button has
    no room for it (a select shows it under each option). A field holds 1024 characters: the
    lines go on in further fields under a blank heading rather than stop at the first field's
    end (Unfathomable's nine characters lost the last two)."""
    lines = [f"**{' · '.join(labels[:3])}{' …' if len(labels) > 3 else ''}** — {description}"
             for description, labels in described_by.items()]
    name = t(lang, "panel.what_they_do")
    runs = _packed(lines, FIELD_MOST)
    for at, run in enumerate(runs):
        room = min(FIELD_MOST, EMBED_MOST - len(embed) - len(name) - 40)
        if len(embed.fields) >= 25 or room < 40:
            return
        value = "\n".join(run)
        if len(value) > room:   # the embed is full: what fits, marked "…"
            embed.add_field(name=name, value=_fit([line for rest in runs[at:] for line in rest], room), inline=False)
            return
        embed.add_field(name=name, value=value, inline=False)
        name = "\u200b"   # a continuation reads as one list under the first heading


FIELD_MOST, EMBED_MOST = 1024, 6000   # an embed field's value, a whole embed (Discord)


def decision_view(game, pid: str, lang: str, page: int = 0, prompt: dict | None = None,
                  free: bool = True, explain: discord.Embed | None = None) -> discord.ui.View:
    """The controls of the member's decision (``prompt``, else their first), drawn from the
    shape of its answer: buttons or paginated selects for one of a list, a multi-select for a
    subset, paginated selects for a number; never an option left out. Then, if ``free``, the
    game's free actions. The same controls work in the panel and in a DM. ``explain``: the panel's
    embed, given what each button does (:func:`explain_buttons`)."""
    ui = ui_for(game.kind)
    rules = rules_for(game.kind)
    view = discord.ui.View(timeout=None)
    if game.status != "active":
        return view
    prompts = [prompt] if prompt is not None else rules.prompts_for(game.state, pid)
    if prompts:
        prompt = prompts[0]
        shape = prompt.get("shape", "one")
        if shape == "subset":
            subset_controls(view, game, prompt, pid, lang, explain=explain)
        elif shape == "number":
            spec = prompt["number"]
            choices = [(str(n), str(n)) for n in range(spec["min"], spec["max"] + 1)]
            paged_selects(view, game, prompt, choices, page, lang, t(lang, "panel.choose_number"))
        else:
            options = distinct_choices(ui, prompt, game.state)
            if len(options) <= MAX_BUTTONS:
                described_by: dict[str, list[str]] = {}  # one line per description (a card's play to each target)
                describe = getattr(ui, "option_description", None) if explain is not None else None
                for o in options:
                    shown = ui.option_label({**o, "player": pid}, game.state, game.names, lang)  # names escaped
                    view.add_item(OptionButton(game.id, game.epoch, prompt["id"], option_digest(o),
                                               label=plain(shown)[:80]))
                    description = describe({**o, "player": pid}, game.state, game.names, lang) if describe else None
                    if description:  # the embed renders markdown: the label as escaped for it
                        described_by.setdefault(description, []).append(shown)
                if until_turn(game, rules, prompt, pid) and len(view.children) < 25:
                    label = t(lang, "panel.pass_until_turn")
                    view.add_item(UntilTurnButton(game.id, game.epoch, prompt["id"], label=label[:80]))
                    if explain is not None:
                        described_by.setdefault(t(lang, "panel.pass_until_turn_does"), []).append(label)
                if described_by:
                    explain_buttons(explain, described_by, lang)
            else:
                labelled = [(option_digest(o), *described(ui, {**o, "player": pid}, game, lang))
                            for o in options]
                paged_selects(view, game, prompt, labelled, page, lang, t(lang, "panel.choose"))
    # two copies of one card (True Grit twice) are one button, as among a decision's options; an
    # action the decision offers already (an any-time ability in a window) is its button alone
    offered = prompts[0]["options"] if prompts and prompts[0].get("shape", "one") == "one" else []
    spare = [a for a in rules.free_actions(game.state, pid) if a not in offered] if free else []
    for action in distinct_choices(ui, None, game.state, spare):
        view.add_item(FreeActionButton(game.id, game.epoch, option_digest(action), 1,
                                       label=ui.free_action_label(action, lang)[:80]))
    return view


def until_turn(game, rules, prompt: dict, pid: str) -> bool:
    """Whether the member may pass this response window and the next ones until their turn: a
    window of a game with turns (``GameRules.turn_of``), the member not already passing them."""
    return prompt["kind"] in rules.WINDOW_KINDS and rules.turn_of(game.state) is not None \
        and pid not in quiet_seats(game, rules, game.state)


def described(ui, option: dict, game, lang: str) -> tuple[str, str | None]:
    """A select option's label and description: what the game says of the option (a card's
    effect, the roll it changes, a character's ability ...: ``option_description``), else the
    rest of a label too long for one line, so nothing of it is lost."""
    label = ui.option_label(option, game.state, game.names, lang)
    describe = getattr(ui, "option_description", None)
    description = describe(option, game.state, game.names, lang) if describe else None
    if not description and len(label) > 100:
        description = label[99:]
        label = label[:99] + "…"
    return label, (_cut(description, 100) if description else None)


def _cut(text: str, most: int) -> str:
    """``text`` in at most ``most`` characters, cut between words with "…" (Discord's limit for a
    select option's description cut it mid-word)."""
    if len(text) <= most:
        return text
    head = text[:most - 1]
    return (head.rsplit(" ", 1)[0] if " " in head else head).rstrip(" ,;:") + "…"


def paged_selects(view, game, prompt, choices: list[tuple[str, str]], page: int, lang: str, placeholder: str) -> None:
    """Selects of 25 choices, SELECTS_PER_PAGE to a page, with page buttons when there are more."""
    per_page = SELECT_SIZE * SELECTS_PER_PAGE
    pages = max(1, -(-len(choices) // per_page))
    page = min(max(page, 0), pages - 1)
    shown = choices[page * per_page:(page + 1) * per_page]
    for offset in range(0, len(shown), SELECT_SIZE):
        chunk = shown[offset:offset + SELECT_SIZE]
        span = t(lang, "panel.range", first=chunk[0][1][:30], last=chunk[-1][1][:30]) if len(choices) > SELECT_SIZE else ""
        view.add_item(OptionSelect(game.id, game.epoch, prompt["id"], page * SELECTS_PER_PAGE + offset // SELECT_SIZE,
                                   chunk, placeholder=f"{placeholder} {span}".strip()[:150]))
    if pages > 1:
        for target, key in ((page - 1, "panel.previous"), (page + 1, "panel.next")):
            if 0 <= target < pages:
                view.add_item(PageButton(game.id, game.epoch, prompt["id"], target,
                                         label=f"{t(lang, key)} · {t(lang, 'panel.page', page=target + 1, pages=pages)}"))


def subset_controls(view, game, prompt, pid: str, lang: str, explain: discord.Embed | None = None) -> None:
    """One multi-select over the ids (a repeated id is offered once per copy). ``explain``: the
    embed given what picking does and what "nothing" does (``option_description`` of the action
    with every id, and with none), as a decision's buttons are."""
    ui = ui_for(game.kind)
    spec = prompt["subset"]
    describe = getattr(ui, "option_description", None) if explain is not None else None
    described_by: dict[str, list[str]] = {}
    ids = spec["ids"]
    if len(ids) > SELECT_SIZE:
        # Discord's menus hold 25 choices and one pick spans one menu: say so (the rest of the
        # panel stays usable) rather than cut the list
        view.add_item(discord.ui.Button(label=t(lang, "errors.too_many_choices", count=len(ids))[:80],
                                        disabled=True, custom_id=f"keeper:toomany:{game.id}:{prompt['id']}"))
        return
    if ids and spec["max"] > 0:
        # the item's index rides along: two copies of one card read "first" and "second"
        choices = [(str(index), plain(ui.item_label({**spec, "at": index}, item, game.state, game.names, lang))[:100])
                   for index, item in enumerate(ids)]
        placeholder = t(lang, "panel.choose_exactly" if spec["min"] == spec["max"] else "panel.choose_many",
                        min=spec["min"], max=spec["max"], count=spec["max"])
        view.add_item(SubsetSelect(game.id, game.epoch, prompt["id"], choices, max(spec["min"], 1),
                                   min(spec["max"], len(ids)), placeholder=placeholder))
        said = describe({**spec["action"], spec["field"]: list(ids), "player": pid}, game.state, game.names,
                        lang) if describe else None
        if said:
            described_by.setdefault(said, []).append(placeholder)
    if spec["min"] == 0:  # a menu can't be sent empty: "nothing" is its own button
        nothing = {**spec["action"], spec["field"]: []}
        label = t(lang, "panel.nothing")
        view.add_item(OptionButton(game.id, game.epoch, prompt["id"], option_digest(nothing), label=label))
        said = describe({**nothing, "player": pid}, game.state, game.names, lang) if describe else None
        if said:
            described_by.setdefault(said, []).append(label)
    if described_by:
        explain_buttons(explain, described_by, lang)


async def act_and_report(interaction: discord.Interaction, game_id: int, action: dict, epoch: int,
                         notices=(), game=None, until_turn: bool = False) -> None:
    """Apply an action, answer the actor with their panel (their private results are in its
    news, and stay there for /panel), then deliver the action's announcements (and ``notices``).
    ``game``: the row the click just read (the service does not read it again); ``until_turn``:
    the action passes a window, and the member's next ones until their turn (GameService.act)."""
    bot = interaction.client
    outcome = await bot.service.act(game_id, action, epoch=epoch, notices=notices, game=game, until_turn=until_turn)
    try:
        if interaction.guild_id is None and await nothing_to_answer(bot, outcome.game, interaction.user.id):
            shown = show_answered_by_dm(interaction, outcome.game)
        else:
            shown = show_panel(interaction, game_id, game=outcome.game)
        await after_commit(shown, outcome.game.kind)  # the member first
    finally:
        bot.publisher.schedule(game_id)  # then the channel, off the click's path


async def nothing_to_answer(bot, game, user_id: int) -> bool:
    """Whether the member has no decision left but response windows Keeper passes for them (their
    only answer is to pass, their auto-pass on), or none at all."""
    mine, passed = window_answers(game, str(user_id))
    if not mine:
        return True
    return len(passed) == len(mine) and await bot.service.member_autopass(user_id)


async def show_answered_by_dm(interaction: discord.Interaction, game) -> None:
    """A decision answered in its DM (a secret contribution), with nothing left for the member to
    answer: the DM says what they did and where the next decision comes, not the whole panel with
    a window they cannot answer and its pass buttons (nfr15 U11: 8 of 27 DMs were such panels)."""
    bot, lang, pid = interaction.client, user_lang(interaction), str(interaction.user.id)
    ui = ui_for(game.kind)
    news = ui.private_lines(await bot.service.news_since_look(game.id, interaction.user.id), pid, lang)
    done = t(lang, "publish.dm_answered", button=ui.hand_button_label(lang))
    fields = {"embed": discord.Embed(description="\n".join([*news, done])[:4000])}
    if getattr(interaction, "extras", {}).get("panel_in_place"):
        fields["view"] = None   # the contribution's controls go with it
    await reply_panel(interaction, **fields)


def answer_of(prompt: dict, chosen) -> dict | None:
    """The action a control's value names: an option's digest (one of a list), the indexes of
    the chosen ids (subset) or the number; None if it names nothing of this prompt."""
    shape = prompt.get("shape", "one")
    if shape == "one":
        return next((o for o in prompt["options"] if option_digest(o) == chosen), None)
    spec = prompt[shape]
    if shape == "number":
        number = select_int(chosen)
        return None if number is None else {**spec["action"], spec["field"]: number}
    if isinstance(chosen, str):  # the "nothing" button of a subset that may be empty
        nothing = {**spec["action"], spec["field"]: []}
        return nothing if spec["min"] == 0 and option_digest(nothing) == chosen else None
    indexes = [select_int(i) for i in chosen]
    if not all(i is not None and 0 <= i < len(spec["ids"]) for i in indexes) or len(set(indexes)) != len(indexes):
        return None
    return {**spec["action"], spec["field"]: [spec["ids"][i] for i in indexes]}


async def resolve_option(interaction: discord.Interaction, game_id: int, epoch: int, prompt_id: int,
                         digest) -> None:
    await defer_panel(interaction)
    game, pid = await current_game(interaction, game_id, epoch)
    if interaction.guild_id is not None:  # in a DM the member's name in the server is unknown
        await interaction.client.service.remember_name(game, interaction.user.id, display_name(interaction))
    # several players' prompts of one frame share its id (choices made at once): the clicker's own
    same_id = [p for p in rules_for(game.kind).prompts(game.state) if p["id"] == prompt_id]
    prompt = next((p for p in same_id if p["player"] == pid), None)
    public = public_answers(game) if prompt is None and same_id else None
    if public is not None and public[0]["id"] == prompt_id:   # its buttons on the live message
        lang = await interaction.client.service.guild_language(game.guild_id)
        raise RuleError("not_your_decision", "Only {player} can answer this.",
                        player=mention(public[0]["player"], lang))
    option = answer_of(prompt, digest) if prompt else None
    if option is None:
        raise STALE
    notices = ()
    if prompt.get("advisers"):  # a group decision is announced as such
        notices = decided_notice(game, prompt, option, await interaction.client.service.guild_language(game.guild_id))
    await act_and_report(interaction, game_id, {"player": pid, "prompt": prompt_id, **option}, epoch, notices, game)


def keeper_seats_refusal(game) -> ServiceError:
    """"You play no seat here", with a button per Keeper player's seat the member may take."""
    refusal = ServiceError("not_a_player_keeper_seats")
    refusal.offer = lambda lang: take_seat_view(game, lang)
    return refusal


def take_seat_view(game, lang: str) -> discord.ui.View:
    """A button per Keeper player's seat (the last seated first, as the lobby gives them)."""
    view = discord.ui.View(timeout=None)
    for seat in reversed(open_keeper_seats(game)[-MAX_BUTTONS:]):
        view.add_item(TakeSeatButton(game.id, seat, label=t(lang, "lobby.take_seat", seat=mention(seat, lang))))
    return view


class BackButton(KeeperItem, discord.ui.DynamicItem[discord.ui.Button], template=BACK_TEMPLATE):
    """A member away (/game away) takes their seat back from Keeper; their panel follows."""

    def __init__(self, game_id: int, label: str = "…"):
        super().__init__(back_button(game_id, label))
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        await defer_panel(interaction)
        await come_back(interaction, self.game_id)


class TakeSeatButton(KeeperItem, discord.ui.DynamicItem[discord.ui.Button],
                     template=r"keeper:takeseat:(?P<game>[0-9]{1,18}):(?P<seat>keeper-[0-9]{1,18})"):
    """A member who plays no seat of a running game takes a Keeper player's; their panel follows."""

    def __init__(self, game_id: int, seat: str, label: str = "…"):
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.primary,
                                           custom_id=f"keeper:takeseat:{game_id}:{seat}"))
        self.game_id, self.seat = game_id, seat

    async def run(self, interaction: discord.Interaction) -> None:
        await defer_panel(interaction)
        await take_seat(interaction, self.game_id, self.seat)


async def come_back(interaction: discord.Interaction, game_id: int) -> None:
    bot = interaction.client
    game = await bot.service.come_back(game_id, interaction.user.id)
    await bot.publisher.flush(game.id)   # the table reads that they are back before they act
    await after_commit(show_panel(interaction, game.id, note=t(user_lang(interaction), "lobby.back_reply")), game.kind)


async def take_seat(interaction: discord.Interaction, game_id: int, seat: str | None = None) -> None:
    bot = interaction.client
    game = await bot.service.take_keeper_seat(game_id, interaction.user.id, display_name(interaction), seat)
    await bot.publisher.flush(game.id)
    await after_commit(show_panel(interaction, game.id, note=t(user_lang(interaction), "lobby.seat_taken_reply")),
                       game.kind)


class HandButton(KeeperItem, discord.ui.DynamicItem[discord.ui.Button], template=HAND_TEMPLATE):
    def __init__(self, game_id: int, label: str = "My hand"):
        super().__init__(hand_button(game_id, label))
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        await show_panel(interaction, self.game_id)


class OptionButton(KeeperItem, discord.ui.DynamicItem[discord.ui.Button], template=OPTION_TEMPLATE):
    def __init__(self, game_id: int, epoch: int, prompt_id: int, digest: str, label: str = "…"):
        super().__init__(option_button(game_id, epoch, prompt_id, digest, label))
        self.game_id, self.epoch, self.prompt_id, self.digest = game_id, epoch, prompt_id, digest

    @redrawn_when_stale
    async def run(self, interaction: discord.Interaction) -> None:
        await resolve_option(interaction, self.game_id, self.epoch, self.prompt_id, self.digest)


def options_select(kind: str, game_id: int, epoch: int, prompt_id: int, chunk: int, choices,
                   placeholder: str) -> discord.ui.Select:
    """One page of a prompt's options as a select (values: the options' digests); ``kind`` names
    the control in its custom id (``sel`` answers, ``prop`` proposes)."""
    options = [discord.SelectOption(label=plain(label)[:100] or "…", value=digest,
                                    description=plain(rest[0])[:100] if rest and rest[0] else None)
               for digest, label, *rest in choices] or [discord.SelectOption(label="…", value="0")]
    return discord.ui.Select(custom_id=f"keeper:{kind}:{game_id}:{epoch}:{prompt_id}:{chunk}",
                             placeholder=plain(placeholder)[:150], options=options)


def chunk_template(kind: str) -> str:
    return rf"keeper:{kind}:(?P<game>[0-9]{{1,18}}):(?P<epoch>[0-9]{{1,18}}):(?P<prompt>[0-9]{{1,18}}):(?P<chunk>[0-9]{{1,18}})"


class OptionsPage(KeeperItem):
    """A select of one page of a prompt's options (see :func:`options_select`); ``KIND`` names
    the control in its custom id."""
    KIND = ""

    def __init__(self, game_id: int, epoch: int, prompt_id: int, chunk: int, choices=(), placeholder: str = "…"):
        super().__init__(options_select(self.KIND, game_id, epoch, prompt_id, chunk, choices, placeholder))
        self.game_id, self.epoch, self.prompt_id = game_id, epoch, prompt_id


class OptionSelect(OptionsPage, discord.ui.DynamicItem[discord.ui.Select], template=chunk_template("sel")):
    KIND = "sel"

    @redrawn_when_stale
    async def run(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or ["0"]
        await resolve_option(interaction, self.game_id, self.epoch, self.prompt_id, str(values[0]))


class ProposeSelect(OptionsPage, discord.ui.DynamicItem[discord.ui.Select], template=chunk_template("prop")):
    """An adviser of a group decision proposes one of the decider's options (no engine action:
    see :mod:`cogs.group`)."""
    KIND = "prop"

    @redrawn_when_stale
    async def run(self, interaction: discord.Interaction) -> None:
        await defer_panel(interaction)
        bot = interaction.client
        game, pid = await current_game(interaction, self.game_id, self.epoch)
        prompt = next((p for p in bot.service.questions(game, pid) if p["id"] == self.prompt_id), None)
        values = (interaction.data or {}).get("values") or ["0"]
        option = answer_of(prompt, str(values[0])) if prompt and prompt.get("shape", "one") == "one" else None
        if option is None:
            raise STALE
        if interaction.guild_id is not None:
            await bot.service.remember_name(game, interaction.user.id, display_name(interaction))
        lang = await bot.service.guild_language(game.guild_id)
        line = proposal_notice(game, prompt, interaction.user.id, option, lang)
        game = await bot.service.propose(game.id, interaction.user.id, self.epoch, self.prompt_id, option, line)
        try:
            await after_commit(show_panel(interaction, game.id, again=True), game.kind)  # the adviser sees their proposal listed
        finally:
            announce_proposal(bot, game.id, interaction.user.id)


class SubsetSelect(KeeperItem, discord.ui.DynamicItem[discord.ui.Select],
                   template=r"keeper:sub:(?P<game>[0-9]{1,18}):(?P<epoch>[0-9]{1,18}):(?P<prompt>[0-9]{1,18})"):
    def __init__(self, game_id: int, epoch: int, prompt_id: int, choices=(), low: int = 1, high: int = 1,
                 placeholder: str = "…"):
        options = [discord.SelectOption(label=label, value=value) for value, label in choices] or \
            [discord.SelectOption(label="…", value="0")]
        super().__init__(discord.ui.Select(custom_id=f"keeper:sub:{game_id}:{epoch}:{prompt_id}", options=options,
                                           min_values=min(low, len(options)), max_values=max(1, min(high, len(options))),
                                           placeholder=placeholder))
        self.game_id, self.epoch, self.prompt_id = game_id, epoch, prompt_id

    @redrawn_when_stale
    async def run(self, interaction: discord.Interaction) -> None:
        values = list((interaction.data or {}).get("values") or [])
        await resolve_option(interaction, self.game_id, self.epoch, self.prompt_id, values)


class UntilTurnButton(KeeperItem, discord.ui.DynamicItem[discord.ui.Button],
                      template=r"keeper:quiet:(?P<game>[0-9]{1,18}):(?P<epoch>[0-9]{1,18}):(?P<prompt>[0-9]{1,18})"):
    """Pass this response window, and Keeper passes the member's next ones until their turn."""

    def __init__(self, game_id: int, epoch: int, prompt_id: int, label: str = "…"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, emoji="🔕",
                                           custom_id=f"keeper:quiet:{game_id}:{epoch}:{prompt_id}"))
        self.game_id, self.epoch, self.prompt_id = game_id, epoch, prompt_id

    @redrawn_when_stale
    async def run(self, interaction: discord.Interaction) -> None:
        await defer_panel(interaction)
        game, pid = await current_game(interaction, self.game_id, self.epoch)
        await act_and_report(interaction, self.game_id, {"player": pid, "prompt": self.prompt_id}, self.epoch,
                             game=game, until_turn=True)


class AskAgainButton(KeeperItem, discord.ui.DynamicItem[discord.ui.Button],
                     template=r"keeper:askagain:(?P<game>[0-9]{1,18})"):
    """End "pass until my turn": the member answers their response windows again."""

    def __init__(self, game_id: int, label: str = "…"):
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.secondary, emoji="🔔",
                                           custom_id=f"keeper:askagain:{game_id}"))
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        await defer_panel(interaction)
        game = await interaction.client.service.get(self.game_id)
        if game is None or game.status != "active":
            raise not_running(game)
        seated(game, str(interaction.user.id))
        game = await interaction.client.service.ask_again(self.game_id, interaction.user.id)
        await show_panel(interaction, self.game_id, game=game, again=True)


class PageButton(KeeperItem, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"keeper:page:(?P<game>[0-9]{1,18}):(?P<epoch>[0-9]{1,18}):(?P<prompt>[0-9]{1,18}):(?P<page>[0-9]{1,18})"):
    """Another page of a long list of options (it only redraws the member's panel)."""

    def __init__(self, game_id: int, epoch: int, prompt_id: int, page: int, label: str = "…"):
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.secondary,
                                           custom_id=f"keeper:page:{game_id}:{epoch}:{prompt_id}:{page}"))
        self.game_id, self.page = game_id, page

    async def run(self, interaction: discord.Interaction) -> None:
        await defer_panel(interaction)
        await show_panel(interaction, self.game_id, page=self.page, again=True)


class FreeActionButton(KeeperItem, discord.ui.DynamicItem[discord.ui.Button],
                       template=r"keeper:free:(?P<game>[0-9]{1,18}):(?P<epoch>[0-9]{1,18}):(?P<digest>[0-9a-f]+):(?P<step>[12])"):
    """An action a player may take outside any decision (e.g. a declaration), labelled by
    its game; step 1 asks for confirmation when the game wants it, step 2 acts."""

    def __init__(self, game_id: int, epoch: int, digest: str, step: int, label: str = "…"):
        style = discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"keeper:free:{game_id}:{epoch}:{digest}:{step}"))
        self.game_id, self.epoch, self.digest, self.step = game_id, epoch, digest, step

    async def run(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        lang = user_lang(interaction)
        game, pid = await current_game(interaction, self.game_id, self.epoch)
        action = next((a for a in rules_for(game.kind).free_actions(game.state, pid)
                       if option_digest(a) == self.digest), None)
        if action is None:
            raise STALE
        question = ui_for(game.kind).free_action_confirm(action, lang, state=game.state, player=pid)
        if self.step == 1 and question:
            view = discord.ui.View(timeout=None)
            view.add_item(FreeActionButton(self.game_id, game.epoch, self.digest, 2, label=question[1][:80]))
            await reply(interaction, question[0], view=view)
            return
        await act_and_report(interaction, self.game_id, {"player": pid, **action}, self.epoch, game=game)


class PlayCog(KeeperCog):
    def __init__(self, bot):
        self.bot = bot

    @app_commands.command(name=cmd("panel"), description=desc("panel"))
    @app_commands.guild_only()
    async def panel(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        # the running game, or after the end the channel's last one (hands and roles stay readable)
        game = await self.bot.service.live_game(interaction.channel_id) or \
            await self.bot.service.last_game(interaction.channel_id)
        if game is not None and game.status == "lobby":
            raise ServiceError("not_started")  # a lobby is a game: not "no game here"
        if game is None or game.state is None:
            raise ServiceError("no_game")
        await show_panel(interaction, game.id, game=game)


async def setup(bot) -> None:
    bot.add_dynamic_items(HandButton, OptionButton, OptionSelect, ProposeSelect, SubsetSelect, PageButton,
                          FreeActionButton, UntilTurnButton, AskAgainButton, BackButton, TakeSeatButton)
    bot.publisher.prompt_view = decision_view  # a decision's controls, also sent by DM
    bot.publisher.after_delivery = live_panels(bot).refresh  # members' open panels kept current
    await bot.add_cog(PlayCog(bot))
