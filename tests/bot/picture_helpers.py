"""What the table-picture tests of Eldritch and Unfathomable share: states of random games, the
PNG opened, the edits of a state, and the checks every picture must pass (a PNG of its size, the
same bytes for the same state, a digest and a picture that follow what is drawn). ``picture`` is
the game's picture module (``table_picture``, ``table_digest``, ``WIDTH``, ``HEIGHT``)."""
from __future__ import annotations

import copy
import io
import random
from typing import Callable

from PIL import Image

from engine.simulate import play_random_game

_STATES: dict = {}


def names_for(state: dict, names: list[str]) -> dict[str, str]:
    """Each player of ``state`` a display name from ``names``, in turn."""
    return {p: names[i % len(names)] for i, p in enumerate(state["players"])}


def sampled_states(rules, players: int, started: Callable[[dict], bool], seed: int = 1, every: float = 0.05,
                   games: int = 2) -> list[dict]:
    """States at random moments of random games once ``started(state)`` (and their ends). A fault of
    the engine in a random game is not this test's business: the states reached before it still
    count. Cached by game and arguments."""
    key = (type(rules).__name__, players, seed, every, games)
    if key not in _STATES:
        rng, states = random.Random(seed), []
        for game in range(games):
            def sample(state):
                if started(state) and rng.random() < every:
                    states.append(copy.deepcopy(state))
                return []
            try:
                final, _ = play_random_game(rules, players, seed * 100 + game, check=sample)
                states.append(final)
            except Exception:   # noqa: BLE001 - see the docstring
                pass
        assert states, "no state reached"
        _STATES[key] = states
    return _STATES[key]


def open_png(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def edits(state: dict) -> tuple[list[tuple[str, dict]], Callable]:
    """A list of (label, edited copy of ``state``) and ``edit(label, fn)``, which appends ``fn``
    applied to a fresh copy."""
    out: list[tuple[str, dict]] = []

    def edit(label, fn):
        s = copy.deepcopy(state)
        fn(s)
        out.append((label, s))
    return out, edit


def check_pngs(picture, states: list[dict], names_for: Callable[[dict], dict], lang: str) -> None:
    """A few of ``states`` (and the last) drawn: PNGs of the picture's size."""
    for state in states[:: max(1, len(states) // 4)] + [states[-1]]:
        image = open_png(picture.table_picture(state, names_for(state), lang))
        assert image.format == "PNG" and image.size == (picture.WIDTH, picture.HEIGHT)


def check_same_bytes(picture, state: dict, other: dict, names: dict) -> None:
    """The same state gives the same bytes (another drawn in between) and is not modified."""
    before = copy.deepcopy(state)
    first = picture.table_picture(state, names, "uk")
    picture.table_picture(other, {}, "en")
    assert picture.table_picture(copy.deepcopy(state), names, "uk") == first
    assert state == before


def check_digest_follows(picture, state: dict, names: dict, changes: list[tuple[str, dict]]) -> str:
    """The digest: the same for a copy, another for each change, a renamed member and another
    language. Returns the digest (in Ukrainian)."""
    digest = picture.table_digest(state, names, "uk")
    assert picture.table_digest(copy.deepcopy(state), dict(names), "uk") == digest
    for label, changed in changes:
        assert picture.table_digest(changed, names, "uk") != digest, label
    assert picture.table_digest(state, {**names, state["players"][0]: "Someone else"}, "uk") != digest
    assert picture.table_digest(state, names, "ru") != digest
    return digest


def check_picture_changes(picture, state: dict, names: dict, changes: list[tuple[str, dict]]) -> None:
    png = picture.table_picture(state, names, "en")
    for label, changed in changes:
        assert picture.table_picture(changed, names, "en") != png, label


def check_public_view_alone(picture, rules, state: dict, names: dict) -> dict:
    """The picture is the public view's; returns that view."""
    view = rules.view(state, None)
    assert picture.public_view(state) == view
    assert "you" not in view
    assert picture.table_picture(state, names, "en") == picture.render(picture.picture_data(view, names, "en"))
    return view
