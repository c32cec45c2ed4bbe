"""Render the README's screens of every game into docs/screens/<game>/*.png: the lobby, the
table, a private panel, a DM and the end.

    .venv/bin/python docs/render_screens.py [--game thing|unfathomable|eldritch]

The real bot (``bot.client.create_bot``) runs inside SimCord with a throw-away SQLite file.
The Thing: four members play a short scripted game (fixed seats, hands and deck). Unfathomable
and Eldritch Horror: members play whole games from a fixed seed, clicking what the bot offers
them (the test drivers' policies), so every run draws the same screens. SimCord's browser
preview (``simcord[preview]``, the ``docs`` extra) shows each moment in Debian's headless
Chromium (``apt-get install chromium``), driven over the DevTools protocol. No network, no
Discord token, no browser download.
"""
from __future__ import annotations

import argparse
import asyncio
import base64
import io
import json
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402  (simcord[preview] brings it)
import simcord  # noqa: E402
from PIL import Image  # noqa: E402  (simcord[preview] brings it)

from bot.client import create_bot  # noqa: E402
from bot.i18n import t  # noqa: E402
from bot.play import discord_like_mentions  # noqa: E402
from bot.settings import Settings  # noqa: E402

OUT = ROOT / "docs" / "screens"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--hide-scrollbars", "--mute-audio", "--force-device-scale-factor=1",
    "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
)
MAX_BYTES = 300 * 1024

# ------------------------------------------------------------------------- the scripted game

NAMES = ("MacReady", "Blair", "Childs", "Norris")  # seats in this order; Blair is the Thing
HANDS = {
    0: ["suspicion", "whisky", "axe", "watch_your_back"],
    1: ["the_thing", "infected", "no_thanks", "persistence"],
    2: ["suspicion", "better_run", "seduction", "barred_door"],
    3: ["suspicion", "persistence", "im_comfortable", "missed"],
}
# the exact draw pile, top first: nothing is left to chance
DECK = ["analysis", "whisky", "suspicion", "whisky", "flamethrower",
        "no_barbecue", "axe", "infected", "suspicion", "whisky", "missed", "axe"]


def buttons(message) -> dict[str, str]:
    """Label -> custom_id of every button on a message (a Message or a ResponseMessage)."""
    found = {}
    for row in message.components:
        items = row.get("components", []) if isinstance(row, dict) else [c.to_dict() for c in row.children]
        for item in items:
            if item.get("label") and item.get("custom_id"):
                found[item["label"]] = item["custom_id"]
    return found


def table_message(channel):
    """The public table (edited in place): the message with the 'My hand / act' button."""
    for message in reversed(channel.history()):
        if any(cid.startswith("keeper:hand:") for cid in buttons(message).values()):
            return message
    raise RuntimeError("no table message in the channel")


def panel_of(result):
    return result.followups[-1] if result.followups else result.response


async def open_panel(member, channel):
    return panel_of(await member.click(table_message(channel), label="My hand / act"))


async def act(member, channel, *labels):
    """Open ``member``'s private panel and press ``labels`` in turn; return the last panel."""
    panel = await open_panel(member, channel)
    for label in labels:
        offered = buttons(panel)
        if label not in offered:
            raise RuntimeError(f"{member.user.name}: no {label!r} on the panel (offered: {list(offered)})")
        panel = panel_of(await member.click(panel, custom_id=offered[label]))
    return panel


# ------------------------------------------------------------------------- headless Chromium


class Chromium:
    """Debian's Chromium, headless, with a fresh profile, driven over the DevTools protocol."""

    async def __aenter__(self) -> Chromium:
        if not shutil.which(CHROMIUM):
            raise SystemExit(f"{CHROMIUM} not found: apt-get install -y chromium")
        self.profile = tempfile.mkdtemp(prefix="keeper-chromium-")
        self.proc = await asyncio.create_subprocess_exec(
            CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={self.profile}", "about:blank",
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE)
        self.http = aiohttp.ClientSession()
        self.ws = None
        try:
            endpoint = None
            async with asyncio.timeout(30):
                while endpoint is None:
                    line = await self.proc.stderr.readline()
                    if not line:
                        raise RuntimeError("chromium exited before it listened")
                    if found := re.search(rb"DevTools listening on ws://([^/\s]+)/", line):
                        endpoint = found.group(1).decode()
            self._drain = asyncio.ensure_future(self.proc.stderr.read())
            async with self.http.get(f"http://{endpoint}/json/list") as response:
                page = next(t for t in await response.json() if t["type"] == "page")
            self.ws = await self.http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)
        except BaseException:
            await self.__aexit__(None, None, None)
            raise
        self._ids = 0
        return self

    async def __aexit__(self, *exc) -> None:
        if self.ws is not None:
            await self.ws.close()
        await self.http.close()
        if self.proc.returncode is None:
            self.proc.terminate()
            await self.proc.wait()
        if getattr(self, "_drain", None):
            self._drain.cancel()
        shutil.rmtree(self.profile, ignore_errors=True)

    async def send(self, method: str, **params):
        self._ids += 1
        ident = self._ids
        await self.ws.send_json({"id": ident, "method": method, "params": params})
        async with asyncio.timeout(60):
            while True:
                message = await self.ws.receive_json()
                if message.get("id") == ident:
                    if "error" in message:
                        raise RuntimeError(f"{method}: {message['error']}")
                    return message["result"]

    async def evaluate(self, expression: str):
        result = await self.send("Runtime.evaluate", expression=expression, awaitPromise=True,
                                 returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {result['exceptionDetails']}")
        return result["result"].get("value")


# the preview's own readiness flag, then fonts, then no animation or caret (as SimCord's
# Playwright capture does)
WAIT_READY = """new Promise((resolve) => {
  const start = Date.now();
  const tick = () => {
    const status = window.simcordPreview;
    if (status && status.ready) resolve(true);
    else if (Date.now() - start > 20000) resolve(false);
    else setTimeout(tick, 50);
  };
  tick();
})"""
SETTLE = """(async () => {
  await document.fonts.ready;
  document.querySelectorAll('*').forEach((element) => {
    element.style.setProperty('animation-play-state', 'paused', 'important');
    element.style.setProperty('transition', 'none', 'important');
    element.style.setProperty('caret-color', 'transparent', 'important');
  });
  document.getAnimations?.().forEach((animation) => animation.cancel());
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const box = document.getElementById('preview-app').getBoundingClientRect();
  return {x: box.x, y: box.y, width: box.width, height: box.height};
})()"""
STATUS = "JSON.stringify({complete: window.simcordPreview.complete, diagnostics: window.simcordPreview.diagnostics})"


class Screens:
    def __init__(self, env, browser: Chromium, out: Path):
        self.env, self.browser, self.out = env, browser, out
        self.written: list[Path] = []

    async def capture(self, name: str, channel, viewer, target, *, width: int, height: int,
                      layout: str = "channel") -> Path:
        """One PNG of ``target`` as ``viewer`` sees it: the preview's Discord-like view alone,
        ``width`` x ``height``, without the preview's own toolbar and sidebar."""
        async with self.env.preview(channel, viewers=[viewer], layout=layout, display="fixed",
                                    width=width, height=height) as preview:
            await preview.show(target)
            # room for the preview's toolbar and message sidebar around the fixed view
            await self.browser.send("Emulation.setDeviceMetricsOverride", width=width + 420,
                                    height=height + 160, deviceScaleFactor=1, mobile=False)
            await self.browser.send("Page.navigate", url=preview.url)
            if not await self.browser.evaluate(WAIT_READY):
                raise RuntimeError(f"{name}: the preview page never became ready")
            status = json.loads(await self.browser.evaluate(STATUS))
            if not status.get("complete", True):
                print(f"  {name}: preview reports incomplete rendering: {status.get('diagnostics')}",
                      file=sys.stderr)
            box = await self.browser.evaluate(SETTLE)
            if (round(box["width"]), round(box["height"])) != (width, height):
                raise RuntimeError(f"{name}: the preview drew {box['width']}x{box['height']}, "
                                   f"not the {width}x{height} asked for")
            clip = {"x": round(box["x"]), "y": round(box["y"]), "width": int(box["width"]),
                    "height": int(box["height"]), "scale": 1}
            shot = await self.browser.send("Page.captureScreenshot", format="png", clip=clip)
            await self.browser.send("Page.navigate", url="about:blank")
        path = self.out / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        save_png(base64.b64decode(shot["data"]), path)
        self.written.append(path)
        print(f"  {path}: {clip['width']}x{clip['height']}, {path.stat().st_size // 1024} KB")
        return path


def save_png(data: bytes, path: Path) -> None:
    """Write the screenshot as a compact PNG (a 256-colour palette if the full one is too big)."""
    image = Image.open(io.BytesIO(data)).convert("RGB")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    if buffer.tell() > MAX_BYTES:
        buffer = io.BytesIO()
        image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
            buffer, format="PNG", optimize=True)
    path.write_bytes(buffer.getvalue())


# ------------------------------------------------------------------------- the game, shot by shot


async def play_and_render(env, browser: Chromium, out: Path) -> list[Path]:
    """The Thing: a short scripted game."""
    shots = Screens(env, browser, out)
    await env.bot.tree.sync()
    await env.bot.user.edit(username="Keeper")
    guild = env.create_guild(name="Outpost 31")
    channel = guild.create_text_channel("the-thing")
    members = [guild.add_member(env.create_user(name.lower(), global_name=name)) for name in NAMES]
    macready, blair, childs, norris = members
    # public screens are shown as a member who watches: no one's private replies in view
    onlooker = guild.add_member(env.create_user("fuchs", global_name="Fuchs"))

    # the lobby: everyone has joined, the creator is about to start
    await macready.slash(channel, "game new", kind="thing")
    lobby = channel.last_message
    for member in members[1:]:
        await member.click(lobby, label="Join")
    await shots.capture("thing/lobby", channel, macready, lobby, width=760, height=560, layout="message")

    game = await env.bot.service.live_game(channel.id)
    ids = [str(m.id) for m in members]
    await env.bot.service.set_setup(game.id, {
        "seats": ids, "first_player": ids[0],
        "hands": {ids[i]: cards for i, cards in HANDS.items()}, "deck": DECK})
    await macready.click(lobby, label="Start")

    # turn 1: MacReady analyses Blair (and sees the Thing), then trades with Blair
    await act(macready, channel, "Analysis → Blair", "Offer Axe")
    await act(blair, channel, "Give Resolute")
    # turn 2: Blair, the Thing, passes Infected! to Childs
    await act(blair, channel, "Discard Whisky", "Offer Infected!")
    await act(childs, channel, "Give Barred Door")
    await shots.capture("thing/table", channel, onlooker, channel.last_message, width=760, height=1000)
    # turn 3: Childs, now infected, trades with Norris
    await act(childs, channel, "Discard Seduction", "Offer Suspicion")
    await act(norris, channel, "Give Missed!")
    # turn 4: Norris drinks Whisky (shows his hand to all) and trades with MacReady
    await act(norris, channel, "Play Whisky", "Offer I'm Comfortable")
    await act(macready, channel, "Give Whisky")

    # turn 5: MacReady draws a Flamethrower; his private panel offers to burn a neighbour
    panel = await act(macready, channel)
    await shots.capture("thing/panel", channel, macready, panel, width=760, height=620, layout="message")

    # Blair's DMs: the starting hand ("You are The Thing") and the news of Childs's infection
    dm = blair.user.dm_channel
    await shots.capture("thing/dm", dm, blair.user, dm.last_message, width=760, height=420)

    # the end: MacReady burns Blair, Blair has no defence, the humans win
    await act(macready, channel, "Flamethrower → Blair")
    await act(blair, channel, t("en", "thing.option.accept_burn"))
    last = await env.bot.service.last_game(channel.id)
    if last.status != "finished":
        raise RuntimeError(f"the scripted game did not end (status {last.status})")
    await shots.capture("thing/end", channel, onlooker, channel.last_message, width=760, height=1000)
    return shots.written


def fix_seed(seed: int) -> None:
    """The game's seed, which the bot draws from the OS at start, fixed: the same game each run."""
    import bot.service
    bot.service.secrets.randbits = lambda bits: seed


async def seated(env, names: tuple[str, ...]):
    """A guild, the named members and an onlooker (public screens are shown as a member who
    watches: no one's private replies in view)."""
    await env.bot.user.edit(username="Keeper")
    guild = env.create_guild(name="Keeper's table")
    members = [guild.add_member(env.create_user(name.lower(), global_name=name)) for name in names]
    onlooker = guild.add_member(env.create_user("onlooker", global_name="Onlooker"))
    return guild, members, onlooker


SAILORS = ("Ahab", "Ishmael", "Queequeg", "Starbuck")


async def unfathomable_screens(env, browser: Chromium, out: Path) -> list[Path]:
    """Unfathomable: four members play a whole game from a fixed seed, clicking what the bot
    offers (the test driver's policy); the screens are taken on the way."""
    from tests.bot.helpers import open_lobby
    from tests.bot.unfathomable_driver import (QuickPolicy, RULES, dm_with_controls, panel_from, play_unfathomable,
                                               table_of)
    import random
    shots = Screens(env, browser, out)
    guild, members, onlooker = await seated(env, SAILORS)
    _, channel, members, lobby = await open_lobby(env, "unfathomable", 4, guild, "the-ship", members=members)
    await shots.capture("unfathomable/lobby", channel, members[0], lobby, width=760, height=620, layout="message")
    fix_seed(20)
    await members[0].click(lobby, label="Start")
    by_id = {str(m.id): m for m in members}
    taken: set[str] = set()

    async def moments(game) -> bool:
        """Take each screen once, the first time its moment comes (never ends the game)."""
        prompts = RULES.prompts(game.state) if game.status == "active" else []
        turn = (game.state.get("turn") or {}).get("number", 0)
        for prompt in prompts:
            member = by_id[prompt["player"]]
            if "dm" not in taken and prompt["kind"] == "contribute":
                message = dm_with_controls(member, game, prompt)
                if message is not None:
                    taken.add("dm")
                    await shots.capture("unfathomable/dm", member.user.dm_channel, member.user, message,
                                        width=760, height=760)
            if "window" not in taken and prompt["kind"] == "window" and prompt.get("timing") == "before_roll" \
                    and len(prompt["options"]) > 1:
                taken.add("window")  # a roll's window: the roll named, what each ability does, pass until my turn
                panel = await panel_from(member, table_of(env, channel, game))
                await shots.capture("unfathomable/window", channel, member, panel, width=760, height=900,
                                    layout="message")
            if "panel" not in taken and prompt["kind"] == "action" and turn >= 2:
                taken.add("panel")
                panel = await panel_from(member, table_of(env, channel, game))
                await shots.capture("unfathomable/panel", channel, member, panel, width=760, height=820,
                                    layout="message")
        live = channel.last_message
        if "table" not in taken and turn >= 3 and len((live.content or "").splitlines()) <= 6 and live.embeds:
            taken.add("table")  # a live message with few lines yet: the table and its picture in view
            await shots.capture("unfathomable/table", channel, onlooker, live, width=760, height=1800)
        return False

    await play_unfathomable(env, channel, members, random.Random(20), max_clicks=3000,
                            policy=QuickPolicy(random.Random(20)), stop=moments)
    last = await env.bot.service.last_game(channel.id)
    if last.status != "finished":
        raise RuntimeError(f"the Unfathomable game did not end (status {last.status})")
    await shots.capture("unfathomable/end", channel, onlooker, channel.last_message, width=760, height=2300)
    missing = {"dm", "panel", "table", "window"} - taken
    if missing:
        raise RuntimeError(f"Unfathomable: no moment for {sorted(missing)}")
    return shots.written


INVESTIGATORS = ("Carter", "Lovecraft")


async def eldritch_screens(env, browser: Chromium, out: Path) -> list[Path]:
    """Eldritch Horror: two members play a whole game from a fixed seed (a short Mythos deck),
    clicking what the bot offers (the test driver's policy); the screens are taken on the way."""
    import random
    from tests.bot.helpers import open_lobby
    from tests.bot.test_eldritch_table import mythos_deck, open_panel as eldritch_panel, play
    shots = Screens(env, browser, out)
    guild, members, onlooker = await seated(env, INVESTIGATORS)
    _, channel, members, lobby = await open_lobby(env, "eldritch", 2, guild, "arkham", members=members)
    await shots.capture("eldritch/lobby", channel, members[0], lobby, width=760, height=720, layout="message")
    game = await env.bot.service.live_game(channel.id)
    await env.bot.service.set_setup(game.id, {"mythos": mythos_deck()[:2]})
    fix_seed(20)
    await members[0].click(lobby, custom_id=next(item.custom_id for row in lobby.components for item in row.children
                                                 if getattr(item, "custom_id", "").endswith(":start")))
    taken: set[str] = set()
    from bot.publisher import public_answers

    async def moments(game, prompt, member, panel):
        if "panel" not in taken and game.state.get("phase") == "action" and prompt.get("kind") == "action":
            taken.add("panel")
            await shots.capture("eldritch/panel", channel, member, panel, width=760, height=900, layout="message")
        if "table" not in taken and game.state.get("round", 0) >= 2 and public_answers(game) is not None:
            taken.add("table")   # a decision whose answers are buttons on the table itself
            await shots.capture("eldritch/table", channel, onlooker, channel.last_message, width=760, height=1650)
        if "dm" not in taken:
            for someone in members:
                news = [m for m in someone.user.dm_channel.history() if "·" in (m.content or "")]
                if len(news) >= 1:
                    taken.add("dm")
                    await shots.capture("eldritch/dm", someone.user.dm_channel, someone.user, news[-1],
                                        width=760, height=520)
                    break
        return None

    await play(env, channel, members, random.Random(20), on_step=moments, max_clicks=3000)
    last = await env.bot.service.last_game(channel.id)
    if last.status != "finished":
        raise RuntimeError(f"the Eldritch Horror game did not end (status {last.status})")
    await shots.capture("eldritch/end", channel, onlooker, channel.last_message, width=760, height=1200)
    missing = {"panel", "table"} - taken
    if missing:
        raise RuntimeError(f"Eldritch Horror: no moment for {sorted(missing)}")
    if "dm" not in taken:
        print("  eldritch: no DM came in this game (its decisions are all in the panel)", file=sys.stderr)
    return shots.written


GAMES = {"thing": play_and_render, "unfathomable": unfathomable_screens, "eldritch": eldritch_screens}


async def main(out: Path, games: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    discord_like_mentions()
    started = time.monotonic()
    written = []
    with tempfile.TemporaryDirectory(prefix="keeper-screens-") as tmp:
        async with Chromium() as browser:
            for kind in games:  # each game in its own bot and database
                settings = Settings(_env_file=None, token="offline",
                                    database_url=f"sqlite+aiosqlite:///{Path(tmp) / f'{kind}.sqlite3'}",
                                    default_language="en", deadline_check_seconds=0)
                async with simcord.run(create_bot(settings), settle_timeout=120) as env:
                    written += await GAMES[kind](env, browser, out)
    too_big = [p for p in written if p.stat().st_size > MAX_BYTES]
    print(f"{len(written)} screens in {time.monotonic() - started:.1f} s")
    if too_big:
        raise SystemExit(f"over {MAX_BYTES // 1024} KB: {', '.join(p.name for p in too_big)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the PNGs go (default: docs/screens)")
    parser.add_argument("--game", choices=sorted(GAMES), action="append",
                        help="only this game's screens (repeatable; default: every game)")
    args = parser.parse_args()
    asyncio.run(main(args.out, args.game or list(GAMES)))
