"""Translation catalogs: the shared catalog (bot/locales) and every game's catalog
(bot/games/<game>/locales) merge without overlap; uk/ru mirror en key for key and placeholder for
placeholder; plural messages have their language's CLDR categories and the right word form for
1, 2, 5, 11, 21; the shared catalog names no game; `t` renders, picks plurals and falls back to
English; Discord locales map to catalog languages; every card is named in all three languages.
Plain pytest: no Discord connection, the real catalog files are only read."""
from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
import yaml
from babel import Locale

from bot import i18n
from engine.core import games
from engine.core.games import Game
from bot.games import card_name
from bot.i18n import LANGUAGES, language_of, t
from tests.bot.effect_plurals import EFFECT_PLURALS

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "bot" / "locales"
GAMES = ROOT / "bot" / "games"
GAME_LOCALES = {path.parent.name: path for path in sorted(GAMES.glob("*/locales")) if path.is_dir()}
CARDS = ROOT / "data" / "thing" / "cards.yaml"
TRANSLATIONS = ("uk", "ru")
CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
NUMBERS = (1, 2, 5, 11, 21)


def _load(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8")) or {}


def _is_plural(value) -> bool:
    return isinstance(value, dict) and "other" in value and set(value) <= CATEGORIES | {"_plural_by"}


def _leaves(data: dict, prefix: str = ""):
    """(dotted key, value): a string, or a plural mapping (category -> template, maybe _plural_by)."""
    for key, value in data.items():
        if isinstance(value, dict) and not _is_plural(value):
            yield from _leaves(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def _files(language: str) -> list[Path]:
    """The shared catalog, each game's, and each game's topical ones (``effects.<lang>.yaml``)."""
    return [LOCALES / f"{language}.yaml", *(path / f"{language}.yaml" for path in GAME_LOCALES.values()),
            *(topical for path in GAME_LOCALES.values() for topical in sorted(path.glob(f"*.{language}.yaml")))]


def _flat(language: str) -> dict:
    """The merged catalog as the files say it (shared, then every game)."""
    merged: dict = {}
    for path in _files(language):
        merged.update(_leaves(_load(path)))
    return merged


def _shared(language: str) -> dict:
    return dict(_leaves(_load(LOCALES / f"{language}.yaml")))


def _game(game: str, language: str) -> dict:
    return dict(_leaves(_load(GAME_LOCALES[game] / f"{language}.yaml")))


def _texts(value) -> list[str]:
    """The templates of a message: itself, or each plural form."""
    return [text for category, text in value.items() if category != "_plural_by"] if _is_plural(value) else [value]


def _placeholders(value) -> set[str]:
    return {field for text in _texts(value)
            for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def _plural_keys(language: str) -> set[str]:
    return {key for key, value in _flat(language).items() if _is_plural(value)}


@pytest.fixture(autouse=True)
def _fresh_catalogs():
    i18n.catalog.cache_clear()
    yield
    i18n.catalog.cache_clear()


def test_languages():
    assert LANGUAGES == ("en", "uk", "ru")
    assert "thing" in GAME_LOCALES
    for language in LANGUAGES:
        for path in _files(language):
            assert path.is_file(), f"missing catalog {path}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_leaf_is_a_string(language):
    bad = {key: value for key, value in _flat(language).items()
           if not all(isinstance(text, str) for text in (value.values() if _is_plural(value) else [value]))}
    assert not bad, f"{language}: non-string values (quote them): {bad}"


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_same_keys_as_english(language):
    en, other = set(_flat("en")), set(_flat(language))
    assert not en - other, f"{language}.yaml is missing: {sorted(en - other)}"
    assert not other - en, f"{language}.yaml has keys English does not: {sorted(other - en)}"
    # a message is a plural in every language or in none
    assert _plural_keys(language) == _plural_keys("en")
    # the loader the bot uses agrees
    names = {f"kind.{game_id}" for game_id in games.games()}   # the games' names come from their declarations
    assert set(i18n.catalog(language)) == set(i18n.catalog("en")) == set(_flat("en")) | names
    assert {k for k, v in i18n.catalog(language).items() if isinstance(v, i18n.Plural)} == _plural_keys("en")


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_same_placeholders_as_english(language):
    en, other = _flat("en"), _flat(language)
    wrong = {key: (sorted(_placeholders(en[key])), sorted(_placeholders(other[key])))
             for key in en.keys() & other.keys() if _placeholders(en[key]) != _placeholders(other[key])}
    assert not wrong, f"{language}: placeholders differ (en, {language}): {wrong}"


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_translated_and_well_formed(language):
    en, other = _flat("en"), _flat(language)
    for key, value in other.items():
        english = en[key]["other"] if _is_plural(en[key]) else en[key]
        for text in _texts(value):
            # empty exactly where English is empty (e.g. thing.event.turn_ended)
            assert bool(text) == bool(english), f"{language}: {key} emptiness differs from English"
            # no English left behind: Latin letters only in placeholders and the bot's name (a command
            # or option a message names is named in its language)
            rest = re.sub(r"\{[^}]*\}|Keeper", "", text)
            if key == "commands.choices.language_en":   # each language is named in its own tongue
                continue
            assert not re.search(r"[A-Za-z]", rest), f"{language}: {key} looks untranslated: {text!r}"
            # Markdown and commands kept as in English (commands by their names in this language:
            # tests/bot/test_command_locales.py)
            assert text.count("**") == english.count("**"), f"{language}: {key} bold markers differ"
            assert len(re.findall(r"`[^`]*`", text)) == len(re.findall(r"`[^`]*`", english)), \
                f"{language}: {key} commands differ"


# ------------------------------------------------------------------ shared and game catalogs
@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogs_do_not_overlap(language):
    seen: dict[str, Path] = {}
    for path in _files(language):
        for key, _ in _leaves(_load(path)):
            assert key not in seen, f"{key} is defined in both {seen[key]} and {path}"
            seen[key] = path
    # the bot's loader merges the same files into the same catalog, with each declared game's name
    assert set(i18n.catalog(language)) == set(seen) | {f"kind.{game_id}" for game_id in games.games()}
    assert not [key for key in seen if key.startswith("kind.")]   # names live in the declarations only


def _vocabulary(game: str, language: str) -> set[str]:
    """Words that name a game or its own things: its name, roles, teams (and The Thing's cards)."""
    words = {str(value) for key, value in _game(game, language).items()
             if key == f"kind.{game}" or key.startswith(("role.", "team."))}
    if game == "thing":
        words |= {entry["names"][language] for entry in yaml.safe_load(CARDS.read_text(encoding="utf-8"))["cards"]}
    return {word for word in words if word.strip()}


@pytest.mark.parametrize("game", sorted(GAME_LOCALES))
def test_shared_catalog_names_no_game(game):
    for language in LANGUAGES:
        shared, own = _shared(language), _game(game, language)
        assert own, f"{game} has an empty {language} catalog"
        assert not [k for k in shared if k.startswith(f"{game}.") or k == f"kind.{game}"], \
            f"bot/locales/{language}.yaml holds {game}'s keys"
        assert not shared.keys() & own.keys()
    # The Thing's roles, teams and name are its own, not shared
    assert not [k for k in _shared("en") if k.startswith(("role.", "team.", "kind."))]
    # and no shared message talks about the game. (uk is left out: «Щось» is also plain "something")
    for language in ("en", "ru"):
        words = _vocabulary(game, language)
        for key, value in _shared(language).items():
            for text in _texts(value):
                found = [w for w in words if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text, re.IGNORECASE)]
                assert not found, f"bot/locales/{language}.yaml {key} names {game}'s {found}: {text!r}"


def test_game_catalogs_are_merged_and_may_not_redefine_keys(tmp_path, monkeypatch):
    (tmp_path / "locales").mkdir()
    (tmp_path / "locales" / "en.yaml").write_text("lobby:\n  join: 'Join'\n", encoding="utf-8")
    toy = tmp_path / "games" / "toy" / "locales"
    toy.mkdir(parents=True)
    (toy / "en.yaml").write_text("toy:\n  moves: {one: '{count} move', other: '{count} moves'}\n",
                                 encoding="utf-8")
    declared = Game(id="toy", names={"en": "Toy", "uk": "Іграшка"}, players=(2, 4), rules="tests.toy.rules:ToyRules",
                    locales=str(toy))
    monkeypatch.setattr(games, "games", lambda: {"toy": declared})
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locales")
    i18n.catalog.cache_clear()
    assert t("en", "lobby.join") == "Join" and t("en", "kind.toy") == "Toy" and t("uk", "kind.toy") == "Іграшка"
    assert t("ru", "kind.toy") == "Toy"   # a name missing in a language falls back to English
    assert t("en", "toy.moves", count=1) == "1 move" and t("uk", "toy.moves", count=3) == "3 moves"
    (toy / "en.yaml").write_text("lobby:\n  join: 'Play'\n", encoding="utf-8")
    i18n.catalog.cache_clear()
    with pytest.raises(ValueError, match="lobby.join"):
        i18n.catalog("en")


# ------------------------------------------------------------------ plurals
def _words(*forms: str) -> tuple[str, ...]:
    """Fragments "1 карта", "2 карти"… for NUMBERS from one word form per number."""
    assert len(forms) == len(NUMBERS)
    return tuple(f"{n} {form}" for n, form in zip(NUMBERS, forms))


EN = lambda one, other: _words(one, other, other, other, other)  # noqa: E731

# Every plural message: the words that follow the number (and the verb that agrees with it), for
# 1, 2, 5, 11, 21 in each language.
PLURALS = {
    "eldritch.count.clues": {
        "en": EN("clue", "clues"),
        "uk": _words("доказ", "докази", "доказів", "доказів", "доказ"),
        "ru": _words("улику", "улики", "улик", "улик", "улику"),
    },
    # 002: «відновлює 1 здоров'я та 1 розум», «3 розуму»; 004: «восстанавливает 1 здоровье и 1 рассудок»
    "eldritch.count.health": {
        "en": EN("health", "health"),
        "uk": _words("здоров'я", "здоров'я", "здоров'я", "здоров'я", "здоров'я"),
        "ru": _words("здоровье", "здоровья", "здоровья", "здоровья", "здоровье"),
    },
    "eldritch.count.sanity": {
        "en": EN("sanity", "sanity"),
        "uk": _words("розум", "розуму", "розуму", "розуму", "розум"),
        "ru": _words("рассудок", "рассудка", "рассудка", "рассудка", "рассудок"),
    },
    "eldritch.count.eldritch": {
        "en": EN("Eldritch token", "Eldritch tokens"),
        "uk": _words("жетон", "жетони", "жетонів", "жетонів", "жетон"),
        "ru": _words("жетон", "жетона", "жетонов", "жетонов", "жетон"),
    },
    "eldritch.count.health_tokens": {
        "en": EN("health token", "health tokens"),
        "uk": _words("жетон", "жетони", "жетонів", "жетонів", "жетон"),
        "ru": _words("жетон", "жетона", "жетонов", "жетонов", "жетон"),
    },
    "eldritch.count.successes": {
        "en": EN("success", "successes"),
        "uk": _words("успіх", "успіхи", "успіхів", "успіхів", "успіх"),
        "ru": _words("успех", "успеха", "успехов", "успехов", "успех"),
    },
    "eldritch.event.assets_removed": {
        "en": EN("asset", "assets"),
        "uk": _words("актив", "активи", "активів", "активів", "актив"),
        "ru": _words("актив", "актива", "активов", "активов", "актив"),
    },
    "eldritch.count.mysteries": {
        "en": EN("mystery", "mysteries"),
        "uk": _words("таємницю", "таємниці", "таємниць", "таємниць", "таємницю"),
        "ru": _words("тайна", "тайны", "тайн", "тайн", "тайна"),
    },
    # cards gained ("отримати 2 заклинання", "получить 5 заклинаний"): accusative, as inanimate nouns
    "eldritch.count.spells": {
        "en": EN("spell", "spells"),
        "uk": _words("заклинання", "заклинання", "заклинань", "заклинань", "заклинання"),
        "ru": _words("заклинание", "заклинания", "заклинаний", "заклинаний", "заклинание"),
    },
    "eldritch.count.artifacts": {
        "en": EN("artifact", "artifacts"),
        "uk": _words("артефакт", "артефакти", "артефактів", "артефактів", "артефакт"),
        "ru": _words("артефакт", "артефакта", "артефактов", "артефактов", "артефакт"),
    },
    "eldritch.count.assets": {
        "en": EN("asset", "assets"),
        "uk": _words("актив", "активи", "активів", "активів", "актив"),
        "ru": _words("актив", "актива", "активов", "активов", "актив"),
    },
    # a card of a trait ("1 актив з ознакою «Предмет»", ne19): the noun counted as above
    "eldritch.trait_cards.asset": {
        "en": EN("X asset", "X assets"),   # "1 Item asset": the trait between number and noun
        "uk": _words("актив", "активи", "активів", "активів", "актив"),
        "ru": _words("актив", "актива", "активов", "активов", "актив"),
    },
    "eldritch.trait_cards.artifact": {
        "en": EN("X artifact", "X artifacts"),   # "1 Item artifact": the trait between number and noun
        "uk": _words("артефакт", "артефакти", "артефактів", "артефактів", "артефакт"),
        "ru": _words("артефакт", "артефакта", "артефактов", "артефактов", "артефакт"),
    },
    "eldritch.trait_cards.spell": {
        "en": EN("X spell", "X spells"),   # "1 Item spell": the trait between number and noun
        "uk": _words("заклинання", "заклинання", "заклинань", "заклинань", "заклинання"),
        "ru": _words("заклинание", "заклинания", "заклинаний", "заклинаний", "заклинание"),
    },
    # Unfathomable (accusative after a verb: "додає 2 карти", "добавляет 21 карту")
    "unfathomable.count.cards": {
        "en": EN("card", "cards"),
        "uk": _words("карту", "карти", "карт", "карт", "карту"),
        "ru": _words("карту", "карты", "карт", "карт", "карту"),
    },
    "unfathomable.count.deep_ones": {
        "en": EN("Deep One", "Deep Ones"),
        "uk": _words("глибоководного", "глибоководних", "глибоководних", "глибоководних", "глибоководного"),
        "ru": _words("глубоководного", "глубоководных", "глубоководных", "глубоководных", "глубоководного"),
    },
    # a move's line names the Deep Ones moving (nominative, as the seed counts them: "1 глибоководний",
    # "чотири глибоководні", 000_5588cb8ec4e05b87.txt:1697, :871; "2 глубоководных", 001_8cad8563a2eba5f1.txt:64)
    "unfathomable.event.deep_ones_moved": {
        "en": EN("Deep One:", "Deep Ones:"),
        "uk": _words("глибоководний:", "глибоководні:", "глибоководних:", "глибоководних:", "глибоководний:"),
        "ru": _words("глубоководный:", "глубоководных:", "глубоководных:", "глубоководных:", "глубоководный:"),
    },
    # the Great Banishment's line: the Deep Ones returning are its subject (nominative, as above;
    # it read "1 глибоководного повертаються" before)
    "unfathomable.event.great_banishment": {
        "en": EN("Deep One returns", "Deep Ones return"),
        "uk": _words("глибоководний повертається", "глибоководні повертаються", "глибоководних повертаються",
                     "глибоководних повертаються", "глибоководний повертається"),
        "ru": _words("глубоководный возвращается", "глубоководных возвращаются", "глубоководных возвращаются",
                     "глубоководных возвращаются", "глубоководный возвращается"),
    },
    # a track moving back counts its spaces ("поділку", as the effect texts do); it read
    # "Трек подорожі: назад на 1, до 2." before
    "unfathomable.event.track_retreated": {
        "en": EN("space to", "spaces to"),
        "uk": _words("поділку —", "поділки —", "поділок —", "поділок —", "поділку —"),
        "ru": _words("деление —", "деления —", "делений —", "делений —", "деление —"),
    },
    "unfathomable.count.actions": {
        "en": EN("action", "actions"),
        "uk": _words("дію", "дії", "дій", "дій", "дію"),
        "ru": _words("действие", "действия", "действий", "действий", "действие"),
    },
    "unfathomable.check.added": {
        "en": EN("card", "cards"),
        "uk": _words("карта", "карти", "карт", "карт", "карта"),
        "ru": _words("карта", "карты", "карт", "карт", "карта"),
    },
    "unfathomable.check.chaos": {
        "en": EN("chaos card", "chaos cards"),
        "uk": _words("карта хаосу", "карти хаосу", "карт хаосу", "карт хаосу", "карта хаосу"),
        "ru": _words("карта хаоса", "карты хаоса", "карт хаоса", "карт хаоса", "карта хаоса"),
    },
    "unfathomable.table.cards": {
        "en": EN("card", "cards"),
        "uk": _words("карта", "карти", "карт", "карт", "карта"),
        "ru": _words("карта", "карты", "карт", "карт", "карта"),
    },
    "errors.undo_range": {
        "en": EN("action to undo", "actions to undo"),
        "uk": _words("дію", "дії", "дій", "дій", "дію"),
        "ru": _words("действие", "действия", "действий", "действий", "действие"),
    },
    "errors.too_few_players": {
        "en": EN("player", "players"),
        "uk": ("потрібен щонайменше 1 гравець", "потрібні щонайменше 2 гравці", "потрібно щонайменше 5 гравців",
               "потрібно щонайменше 11 гравців", "потрібен щонайменше 21 гравець"),
        "ru": _words("игрока", "игроков", "игроков", "игроков", "игрока"),
    },
    "lobby.description": {
        "en": EN("player)", "players)"),
        "uk": _words("гравця)", "гравців)", "гравців)", "гравців)", "гравця)"),
        "ru": _words("игрока)", "игроков)", "игроков)", "игроков)", "игрока)"),
    },
    "lobby.players": {
        "en": EN("player", "players"),
        "uk": _words("гравець", "гравці", "гравців", "гравців", "гравець"),
        "ru": _words("игрок", "игрока", "игроков", "игроков", "игрок"),
    },
    "lobby.fill_and_start": {
        "en": EN("Keeper player takes", "Keeper players take"),
        "uk": _words("гравець Keeper займе", "гравці Keeper займуть", "гравців Keeper займуть",
                     "гравців Keeper займуть", "гравець Keeper займе"),
        "ru": _words("игрок Keeper займёт", "игрока Keeper займут", "игроков Keeper займут",
                     "игроков Keeper займут", "игрок Keeper займёт"),
    },
    "deadline.away_missed": {
        "en": EN("deadline:", "deadlines in a row"),
        "uk": _words("строк поспіль", "строки поспіль", "строків поспіль", "строків поспіль", "строк поспіль"),
        "ru": _words("срок подряд", "срока подряд", "сроков подряд", "сроков подряд", "срок подряд"),
    },
    "lobby.filled_and_started": {
        "en": EN("Keeper player took", "Keeper players took"),
        "uk": _words("гравець Keeper зайняв", "гравці Keeper зайняли", "гравців Keeper зайняли",
                     "гравців Keeper зайняли", "гравець Keeper зайняв"),
        "ru": _words("игрок Keeper занял", "игрока Keeper заняли", "игроков Keeper заняли",
                     "игроков Keeper заняли", "игрок Keeper занял"),
    },
    "lobby.keepers": {
        "en": EN("Keeper player", "Keeper players"),
        "uk": _words("гравець Keeper", "гравці Keeper", "гравців Keeper", "гравців Keeper", "гравець Keeper"),
        "ru": _words("игрок Keeper", "игрока Keeper", "игроков Keeper", "игроков Keeper", "игрок Keeper"),
    },
    "errors.too_many_choices": {
        "en": EN("choice,", "choices,"),
        "uk": _words("варіант", "варіанти", "варіантів", "варіантів", "варіант"),
        "ru": _words("вариант", "варианта", "вариантов", "вариантов", "вариант"),
    },
    "lobby.status_finished": {
        "en": EN("round", "rounds"),
        "uk": _words("раунду", "раундів", "раундів", "раундів", "раунду"),
        "ru": _words("раунда", "раундов", "раундов", "раундов", "раунда"),
    },
    "admin.repair_done": {
        "en": EN("action", "actions"),
        "uk": _words("дія", "дії", "дій", "дій", "дія"),
        "ru": _words("действие", "действия", "действий", "действий", "действие"),
    },
    "admin.undo_done": {
        "en": EN("action", "actions"),
        "uk": _words("дію", "дії", "дій", "дій", "дію"),
        "ru": _words("действие", "действия", "действий", "действий", "действие"),
    },
    "settings.timeout_set": {
        "en": EN("minute", "minutes"),
        "uk": _words("хвилина", "хвилини", "хвилин", "хвилин", "хвилина"),
        "ru": _words("минута", "минуты", "минут", "минут", "минута"),
    },
    "thing.option_names.infected_count": {
        "en": EN("Infected! card", "Infected! cards"),
        "uk": _words("карта «Зараження!»", "карти «Зараження!»", "карт «Зараження!»", "карт «Зараження!»",
                     "карта «Зараження!»"),
        "ru": _words("карта «Заражение!»", "карты «Заражение!»", "карт «Заражение!»", "карт «Заражение!»",
                     "карта «Заражение!»"),
    },
    "thing.table.cards": {
        "en": EN("card", "cards"),
        "uk": _words("карта", "карти", "карт", "карт", "карта"),
        "ru": _words("карта", "карты", "карт", "карт", "карта"),
    },
    "thing.table.deck_value": {
        "en": EN("card,", "cards,"),
        "uk": _words("карта,", "карти,", "карт,", "карт,", "карта,"),
        "ru": _words("карта,", "карты,", "карт,", "карт,", "карта,"),
    },
    "thing.table.quarantine": {
        "en": EN("turn left", "turns left"),
        "uk": ("лишився 1 хід", "лишилося 2 ходи", "лишилося 5 ходів", "лишилося 11 ходів", "лишився 21 хід"),
        "ru": ("остался 1 ход", "осталось 2 хода", "осталось 5 ходов", "осталось 11 ходов", "остался 21 ход"),
    },
    "thing.event.deck_reshuffled": {
        "en": EN("card)", "cards)"),
        "uk": _words("карта)", "карти)", "карт)", "карт)", "карта)"),
        "ru": _words("карта)", "карты)", "карт)", "карт)", "карта)"),
    },
    "thing.event.card_discarded_many": {
        "en": EN("card.", "cards."),
        "uk": _words("карту.", "карти.", "карт.", "карт.", "карту."),
        "ru": _words("карту.", "карты.", "карт.", "карт.", "карту."),
    },
    "thing.event.event_drawn_many": {
        "en": EN("event card.", "event cards."),
        "uk": _words("карту події.", "карти подій.", "карт подій.", "карт подій.", "карту події."),
        "ru": _words("карту события.", "карты событий.", "карт событий.", "карт событий.", "карту события."),
    },
    "thing.event.panic_skipped_many": {
        "en": EN("panic card is", "panic cards are"),
        "uk": _words("карта паніки йде", "карти паніки йдуть", "карт паніки йдуть", "карт паніки йдуть",
                     "карта паніки йде"),
        "ru": _words("карта паники уходит", "карты паники уходят", "карт паники уходят", "карт паники уходят",
                     "карта паники уходит"),
    },
    "thing.event.kept_one": {
        "en": EN("card.", "cards."),
        "uk": _words("карту.", "карти.", "карт.", "карт.", "карту."),
        "ru": _words("карту.", "карты.", "карт.", "карт.", "карту."),
    },
    "thing.event.quarantine_placed": {
        "en": EN("turn.", "turns."),
        "uk": _words("хід.", "ходи.", "ходів.", "ходів.", "хід."),
        "ru": _words("ход.", "хода.", "ходов.", "ходов.", "ход."),
    },
}


# what a destination holds (the nominative: "There: 2 clues"; tests/bot/test_destinations_explain.py)
PLURALS.update({
    "eldritch.there.clues": {
        "en": EN("clue", "clues"),
        "uk": _words("доказ", "докази", "доказів", "доказів", "доказ"),
        "ru": _words("улика", "улики", "улик", "улик", "улика"),
    },
    "eldritch.there.eldritch": {
        "en": EN("Eldritch token", "Eldritch tokens"),
        "uk": _words("жетон", "жетони", "жетонів", "жетонів", "жетон"),
        "ru": _words("жетон", "жетона", "жетонов", "жетонов", "жетон"),
    },
    # the extra dice a test rolls ("Influence 2 +1 die"; tests/bot/test_eldritch_uk_read12.py)
    "eldritch.dice.extra": {
        "en": EN("die", "dice"),
        "uk": _words("кубик", "кубики", "кубиків", "кубиків", "кубик"),
        "ru": _words("кубик", "кубика", "кубиков", "кубиков", "кубик"),
    },
})
PLURALS.update(EFFECT_PLURALS)   # the texts that follow the effects (tests/bot/effect_plurals.py)


def _needed_categories(language: str) -> set[str]:
    return set(Locale.parse(language).plural_form.tags) | {"other"}


def test_plural_categories_per_language():
    assert _needed_categories("en") == {"one", "other"}
    assert _needed_categories("uk") == _needed_categories("ru") == {"one", "few", "many", "other"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_messages_have_their_languages_categories(language):
    needed = _needed_categories(language)
    en = _flat("en")
    for key, value in _flat(language).items():
        if not _is_plural(value):
            continue
        forms = {category for category in value if category != "_plural_by"}
        assert forms == needed, f"{language}: {key} has {sorted(forms)}, needs {sorted(needed)}"
        # every language picks the form by the same parameter, which every form shows
        by = value.get("_plural_by", "count")
        assert by == en[key].get("_plural_by", "count"), f"{language}: {key} is plural by another parameter"
        for category in forms:
            assert _placeholders(value[category]) == _placeholders(value), \
                f"{language}: {key}.{category} lacks some of {sorted(_placeholders(value))}"
            assert f"{{{by}}}" in value[category], f"{language}: {key}.{category} does not show {{{by}}}"


def test_every_plural_message_is_checked():
    for language in LANGUAGES:
        assert _plural_keys(language) == set(PLURALS), \
            f"{language}: plural messages and PLURALS differ: {sorted(_plural_keys(language) ^ set(PLURALS))}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", sorted(PLURALS))
def test_plural_word_forms(language, key):
    message = _flat(language)[key]
    by = message.get("_plural_by", "count")
    others = {name: "X" for name in _placeholders(message) if name != by}
    for n, expected in zip(NUMBERS, PLURALS[key][language]):
        text = t(language, key, **others, **{by: n})
        assert re.search(rf"(?<![\w.]){re.escape(expected)}(?!\w)", text), \
            f"{language}: {key} for {n} should say {expected!r}: {text!r}"
        assert "{" not in text


def test_plural_by_count_or_named_parameter():
    assert t("uk", "thing.table.cards", count=21) == "21 карта"
    assert t("ru", "thing.table.cards", count=3) == "3 карты"
    assert t("en", "thing.table.cards", count=1) == "1 card"
    assert "3 хода" in t("ru", "thing.table.quarantine", turns=3)
    assert "1 minute;" in t("en", "settings.timeout_set", minutes=1, action="A")
    # needs at least {min}: the form follows min, not the count shown beside it
    assert "щонайменше 4 гравці" in t("uk", "errors.too_few_players", kind="K", min=4, count=1)
    # numbers given as strings count too; anything else, or nothing, takes "other"
    assert t("uk", "thing.table.cards", count="5") == "5 карт"
    assert t("uk", "thing.table.cards", count="many") == "many карти"
    assert t("ru", "thing.table.cards", count=1.5) == "1.5 карты"
    assert t("uk", "thing.table.cards") == "{count} карти"
    assert t("en", "thing.table.cards", other=1) == "{count} cards"


def catalog_without(monkeypatch, language: str, key: str):
    """Make ``language``'s catalog lack ``key``; returns the real catalog function."""
    real = i18n.catalog

    def without(lang):
        data = dict(real(lang))
        if lang == language:
            data.pop(key, None)
        return data

    monkeypatch.setattr(i18n, "catalog", without)
    return real


def test_plural_falls_back_to_english_with_english_rules(monkeypatch):
    catalog_without(monkeypatch, "uk", "thing.table.cards")
    assert t("uk", "thing.table.cards", count=1) == "1 card"
    assert t("uk", "thing.table.cards", count=2) == "2 cards"
    assert t("uk", "thing.table.cards", count=21) == "21 cards"


def test_table_field_names_match_test_helpers():
    # tests/bot/helpers.py finds the table's waiting field by these exact names
    assert _flat("en")["thing.table.waiting"] == "Waiting for"
    assert _flat("uk")["thing.table.waiting"] == "Чекаємо"
    assert _flat("ru")["thing.table.waiting"] == "Ждём"


def test_language_set_names_the_language():
    assert "English" in t("en", "settings.language_set")
    assert "українськ" in t("uk", "settings.language_set")
    assert "русск" in t("ru", "settings.language_set")


def test_role_names_match_rulebook_and_cards():
    assert [t("ru", f"role.{r}") for r in ("human", "thing", "infected")] == ["Человек", "Нечто", "Заражённый"]
    assert [t("uk", f"role.{r}") for r in ("human", "thing", "infected")] == ["Людина", "Щось", "Заражений"]
    assert t("ru", "role.thing") == card_name("ru", "thing", "the_thing")
    assert t("uk", "role.thing") == card_name("uk", "thing", "the_thing")


@pytest.mark.parametrize("language", LANGUAGES)
def test_t_renders_params(language):
    text = t(language, "thing.private.card_received", card="CARD", **{"from": "<@123>"})
    assert "CARD" in text and "<@123>" in text and "{" not in text
    text = t(language, "thing.event.card_played_target", player="<@1>", card="CARD", target="<@2>")
    assert "<@1>" in text and "<@2>" in text and "CARD" in text and "{" not in text
    assert t(language, "thing.table.title", turn=7).count("7") == 1
    # a missing parameter never breaks rendering
    assert "{count}" in t(language, "lobby.players", other=1)


def test_t_unknown_language_and_key():
    assert t("de", "errors.no_game") == t("en", "errors.no_game")
    assert t("uk", "no.such.key") == "no.such.key"


@pytest.mark.parametrize("locale, expected", [
    ("uk", "uk"), ("ru", "ru"), ("en-US", "en"), ("en-GB", "en"), ("de", "en"), ("", "en"), (None, "en"),
])
def test_language_of(locale, expected):
    assert language_of(locale) == expected


def test_language_of_discord_locale_objects():
    discord = pytest.importorskip("discord")
    assert language_of(discord.Locale.ukrainian) == "uk"
    assert language_of(discord.Locale.russian) == "ru"
    assert language_of(discord.Locale.american_english) == "en"
    assert language_of(discord.Locale.british_english) == "en"
    assert language_of(discord.Locale.german) == "en"


def test_every_card_is_named_in_all_languages():
    cards = yaml.safe_load(CARDS.read_text(encoding="utf-8"))["cards"]
    assert cards
    for entry in cards:
        names = entry["names"]
        for language in LANGUAGES:
            assert isinstance(names.get(language), str) and names[language].strip(), \
                f"card {entry['id']} has no {language} name"
            assert card_name(language, "thing", entry["id"]) == names[language]


def test_missing_key_falls_back_to_english(tmp_path, monkeypatch):
    (tmp_path / "en.yaml").write_text(
        "greeting: 'Hello, {player}!'\nonly_en:\n  nested: 'English only {card}'\nempty_uk: 'Filled'\n",
        encoding="utf-8")
    (tmp_path / "uk.yaml").write_text("greeting: 'Привіт, {player}!'\nempty_uk: ''\n", encoding="utf-8")
    (tmp_path / "ru.yaml").write_text("", encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(games, "games", dict)   # no game catalogs
    i18n.catalog.cache_clear()

    assert t("uk", "greeting", player="<@1>") == "Привіт, <@1>!"
    assert t("uk", "only_en.nested", card="Axe") == "English only Axe"
    assert not i18n.has("uk", "only_en.nested") and i18n.has("en", "only_en.nested")
    assert t("uk", "empty_uk") == "Filled"
    assert t("ru", "greeting", player="<@2>") == "Hello, <@2>!"
    assert t("ru", "nowhere") == "nowhere"


def test_real_catalog_fallback_with_monkeypatched_catalog(monkeypatch):
    real = catalog_without(monkeypatch, "ru", "errors.no_game")
    assert t("ru", "errors.no_game") == real("en")["errors.no_game"]
    assert t("ru", "errors.not_live") == real("ru")["errors.not_live"]
