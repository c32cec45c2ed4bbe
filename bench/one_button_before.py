"""`python -m bench one-button-before`: bench/one_button.py as the bot was before issue 20."""
from __future__ import annotations


def main(games: int = 3) -> None:
    from bench.one_button import main as one_button
    one_button(games, before=True)
