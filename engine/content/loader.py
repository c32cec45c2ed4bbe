"""The one reader of content packs: YAML files, pydantic validation, errors naming file and entry.

Every pack reads its files with :func:`read_mapping`, validates each list entry on its own with
:func:`validate_file` (so the error names the entry), and states its content digest with
:func:`files_digest` (display texts left out). Errors are :class:`ContentError(file name, entry, problem)`.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml
from pydantic import BaseModel, ValidationError

from engine.content import ContentError
from engine.content.dialect import Strict  # noqa: F401 - the base of every content model


# libyaml's safe loader when PyYAML was built with it: the same YAML and the same errors (with
# their line and column), read ~7x faster (every pack is read at the first use of its game)
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _name(path) -> str:
    return path.name if isinstance(path, Path) else str(path)


def read_yaml(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(_name(path), None, "file is missing") from None
    except UnicodeDecodeError as exc:
        line = exc.object[:exc.start].count(b"\n") + 1
        raise ContentError(_name(path), f"line {line}",
                           f"not valid UTF-8 (byte {exc.object[exc.start]:#04x} at line {line})") from None
    try:
        return yaml.load(text, Loader=SAFE_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f"line {mark.line + 1}" if mark else None
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise ContentError(_name(path), line,
                           f"malformed YAML{where}: {getattr(exc, 'problem', exc)}") from None


def read_mapping(path: Path) -> dict:
    """A pack file: a YAML mapping (an empty file is an empty mapping)."""
    data = read_yaml(path)
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ContentError(_name(path), None, "top level must be a mapping")
    return data


def problem(err: ValidationError) -> str:
    """The first three problems of a validation error, each with where it is."""
    parts = []
    for e in err.errors()[:3]:
        loc = ".".join(str(p) for p in e["loc"] if not str(p).startswith("function-"))
        parts.append(f"{loc}: {e['msg']}" if loc else e["msg"])
    more = f" (+{err.error_count() - 3} more)" if err.error_count() > 3 else ""
    return "; ".join(parts) + more


def entry_id(raw: Any, index: int) -> str:
    """How an error names an entry: its ``id`` (or ``type``), else its position from 1."""
    if isinstance(raw, dict):
        for key in ("id", "type"):
            if isinstance(raw.get(key), (str, int)):
                return str(raw[key])
    return f"#{index + 1}"


def validate_entry(model: type[BaseModel], raw: Any, path, entry: str | None):
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise ContentError(_name(path), entry, problem(exc)) from None


def validate_file(path, data: dict, model: type[BaseModel], list_key: str | None):
    """Validate a whole file; with ``list_key``, each entry of that list first, so an error
    names the entry."""
    if list_key is not None:
        entries = data.get(list_key)
        if not isinstance(entries, list):
            raise ContentError(_name(path), None, f"'{list_key}' must be a list")
        item_type = model.model_fields[list_key].annotation.__args__[0]  # type: ignore[union-attr]
        for index, raw in enumerate(entries):
            validate_entry(item_type, raw, path, entry_id(raw, index))
    try:
        return model.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]["loc"]
        entry = None
        if list_key and len(first) >= 2 and first[0] == list_key and isinstance(first[1], int):
            entry = entry_id(data[list_key][first[1]], first[1])
        elif first:
            entry = str(first[0])
        raise ContentError(_name(path), entry, problem(err)) from None


def validate_files(data_dir: Path, files: Mapping[str, tuple[type[BaseModel], str | None]],
                   read: dict | None = None) -> dict[str, Any]:
    """Each file of a pack (``files``: name -> its model and the key of its list of entries),
    read from ``data_dir`` and validated (:func:`validate_file`), by name without ``.yaml``;
    ``read``, if given, gets each file's mapping as read, by file name (for :func:`files_digest`)."""
    parts = {}
    for file, (model, list_key) in files.items():
        data = read_mapping(data_dir / file)
        if read is not None:
            read[file] = data
        parts[file.removesuffix(".yaml")] = validate_file(data_dir / file, data, model, list_key)
    return parts


def first_duplicate(ids: Iterable[str]) -> str | None:
    """The first id that was already seen, if any."""
    seen: set[str] = set()
    for value in ids:
        if value in seen:
            return value
        seen.add(value)
    return None


def unique_ids(lists: Mapping[str, Iterable[str]]) -> None:
    """The ids of each file are unique (``lists``: file -> its ids); the error names the first
    one repeated."""
    for file, ids in lists.items():
        if (repeated := first_duplicate(ids)) is not None:
            raise ContentError(file, repeated, "duplicate id")


def need_known(file, entry: str | None, references: Iterable[tuple[str, str, Any]],
               known: Mapping[str, tuple[str, Any]]) -> list[tuple[str, str, Any]]:
    """Check each reference ``(path, kind, value)`` (a game's ``walk`` of an effect tree) whose
    kind ``known`` lists (kind -> what an error calls it, the ids it must name) with
    :func:`need`; return the others, for the game's own checks."""
    rest = []
    for path, kind, value in references:
        if kind in known:
            what, ids = known[kind]
            need(file, entry, what, value, ids)
        else:
            rest.append((path, kind, value))
    return rest


def need(file, entry: str | None, kind: str, value, known) -> None:
    """A reference between entries must name something that exists (``known``: ids, or a
    mapping keyed by them); the error names the file, the entry and the missing id."""
    if value not in known:
        raise ContentError(file, entry, f"{kind} '{value}' does not exist")


# what a member reads and the rules never do: a text in every language (``{en, uk, ru}``, or
# some of them) and the note of which languages' texts are our own
_TEXT_LANGUAGES = frozenset({"en", "uk", "ru"})


def what_plays(value: Any) -> Any:
    """``value`` with its display texts left out: content (its mappings in their order, which may
    matter to the rules: a skill set's order is the order cards are dealt), or a state whose
    frames carry a card's words (two states that play alike compare equal as dicts do)."""
    if isinstance(value, dict):
        if value and set(value) <= _TEXT_LANGUAGES and all(isinstance(v, str) for v in value.values()):
            return None
        return {key: what_plays(item) for key, item in value.items() if not str(key).endswith("_authored")}
    if isinstance(value, list):
        return [what_plays(item) for item in value]
    return value


def files_digest(read: Mapping[str, Any]) -> str:
    """A short digest of what the files a pack was read from say to the rules (``read``: file
    name -> its mapping as read, so nothing is parsed twice): part of a game's version, so a record
    made with other content is recognised. Display texts and comments are left out: a wording fix
    deployed mid-game keeps the game's undo, repair and replays."""
    digest = hashlib.sha256()
    for name in sorted(read):
        plays = what_plays(read[name])
        digest.update(name.encode() + b"\0" + json.dumps(plays, ensure_ascii=False, default=str).encode() + b"\0")
    return digest.hexdigest()[:12]


def bytes_digest(paths: Iterable[Path]) -> str:
    """The digest versions carried until 28 Nov 2026 (every byte of the files, texts too): a game
    begun before then still replays while its files are unchanged (``GameRules.accepts``)."""
    digest = hashlib.sha256()
    for path in sorted(paths, key=lambda p: p.name):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]
