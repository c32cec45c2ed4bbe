"""The Eldritch Horror and Unfathomable tables' lines in Ukrainian and Russian, read as a native
speaker would: checks that can be mechanical.

- Investigators and players are of both genders, and a line names them by a placeholder: the word
  right after the actor must not show a gender (a past tense "подивився"/"посмотрел", a short or
  full participle "затриманий"/"побеждён"); nor may an investigator's status label
  ("— переможений"/"— побеждён"), which stands after a name.
- A preposition is followed by its noun, not by a colon ("подорожує до: Сідней" is a calque of
  "travels to", and leaves the place in the nominative case).
Plain pytest: the catalog files are only read."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

GAMES = Path(__file__).resolve().parents[2] / "bot" / "games"
FILES = [GAMES / game / "locales" / f"{lang}.yaml" for game in ("eldritch", "unfathomable") for lang in ("uk", "ru")]
ACTORS = ("player", "inv", "who", "by", "lead", "owner", "target")
# the actor as the subject: the first word of a sentence (after an emoji), not "Фигурка {inv} убрана"
AFTER_ACTOR = re.compile(r"(?:^|[.;!?]\s)[^\w{]*\{(?:%s)\}\**\s+([^\W\d_][\w'’-]*)" % "|".join(ACTORS))
# uk: past tense -в/-вся/-ла; participles -ний/-тий/-на. ru: past -л/-лся/-ла; short participles
# -ён/-ан/-ян/-ен, full -ный/-тый.
GENDERED = {
    "uk": re.compile(r"\w{2,}(?:в|вся|ла|лася|ний|тий|на|та)$"),
    "ru": re.compile(r"\w{2,}(?:л|лся|ла|лась|ён|ан|ян|ен|ный|тый|на|та)$"),
}
PREPOSITION_COLON = re.compile(r"(?<![\w-])(?:до|к|ко|в|у|на|із|з|из|от|від)\s*:", re.IGNORECASE)


def _leaves(data, prefix=""):
    for key, value in data.items():
        if isinstance(value, dict):
            yield from _leaves(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", str(value)


def _catalog(path: Path) -> dict[str, str]:
    return dict(_leaves(yaml.safe_load(path.read_text(encoding="utf-8")) or {}))


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parts[-3]}-{p.stem}")
def test_the_word_after_an_actor_shows_no_gender(path):
    gendered = GENDERED[path.stem]
    wrong = {key: word for key, text in _catalog(path).items()
             for word in AFTER_ACTOR.findall(text) if gendered.fullmatch(word)}
    assert not wrong, f"{path}: a verb or participle that shows the actor's gender: {wrong}"


@pytest.mark.parametrize("path", [p for p in FILES if p.parts[-3] == "eldritch"], ids=lambda p: p.stem)
def test_an_investigators_status_shows_no_gender(path):
    """The status stands after the investigator's name ("**Акачі Оньеле** — поразка")."""
    gendered = GENDERED[path.stem]
    statuses = {key: text for key, text in _catalog(path).items() if key.startswith("eldritch.status.")}
    assert statuses
    wrong = {key: text for key, text in statuses.items() if gendered.fullmatch(text.split()[-1])}
    assert not wrong, f"{path}: {wrong}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parts[-3]}-{p.stem}")
def test_no_preposition_before_a_colon(path):
    wrong = {key: text for key, text in _catalog(path).items() if PREPOSITION_COLON.search(text)}
    assert not wrong, f"{path}: a preposition left hanging before a colon: {wrong}"
