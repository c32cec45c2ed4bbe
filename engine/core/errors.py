"""Rule errors: an illegal action raises one, and the state is left unchanged.

Each error has a stable ``code`` and ``params`` so the bot can render it in the player's
language from its catalogs; ``str(error)`` is the English text for the CLI and logs.
"""
from __future__ import annotations


class RuleError(Exception):
    def __init__(self, code: str, message: str, **params):
        self.code = code
        self.params = params
        self.message = message.format(**params) if params else message
        super().__init__(self.message)

    def as_dict(self) -> dict:
        return {"code": self.code, "params": self.params, "message": self.message}


class RecordError(ValueError):
    """A game record file is malformed (not a rule violation)."""


def parse_position(model, raw):
    """A record's ``setup: {position: …}`` read by a game's pydantic ``model``; a key or value the
    vocabulary has not is refused as ``bad_position``, naming where and what."""
    from pydantic import ValidationError
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise RuleError("bad_position", "Invalid position: {problem}",
                        problem=f"{'.'.join(str(x) for x in first['loc'])}: {first['msg']}") from None
