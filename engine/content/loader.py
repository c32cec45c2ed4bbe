"""Shared helpers for content packs: read YAML and turn pydantic errors into ContentError."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from engine.content import ContentError


class Strict(BaseModel):
    """Base for content models: unknown keys are errors, instances are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def read_yaml(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(path, None, "file is missing") from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise ContentError(path, None, f"malformed YAML{where}: {getattr(exc, 'problem', exc)}") from None


def validate_entry(model: type[BaseModel], raw: Any, path: Path, entry: str | None):
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or '(entry)'}: {err['msg']}" for err in exc.errors()
        )
        raise ContentError(path, entry, problems) from None


def entry_id(raw: Any, index: int) -> str:
    if isinstance(raw, dict) and isinstance(raw.get("id"), str):
        return raw["id"]
    return f"#{index + 1}"
