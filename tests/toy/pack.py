"""The toy's content pack (``tests/toy/data/tokens.yaml``): read by the one shared loader, listed
by ``python -m engine content check`` like every declared game's pack."""
from __future__ import annotations

from pathlib import Path

from engine.content import SummaryRow
from engine.content.dialect import Names, Strict
from engine.content.loader import read_mapping, validate_file

DATA = Path(__file__).with_name("data")


class Token(Strict):
    id: str
    count: int
    name: Names


class TokensFile(Strict):
    tokens: list[Token]


def load(data_dir: Path | None = None) -> TokensFile:
    path = Path(data_dir or DATA) / "tokens.yaml"
    return validate_file(path, read_mapping(path), TokensFile, "tokens")


def bag(pack: TokensFile) -> list[str]:
    return [token.id for token in pack.tokens for _ in range(token.count)]


def summary(pack: TokensFile) -> list[SummaryRow]:
    return [SummaryRow("bag", "tokens", len(bag(pack)), expected=4)]
