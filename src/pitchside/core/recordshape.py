"""The shape of a match record, checked line by line before anything in it is trusted.

Three kinds of line (pydantic models, strict: no coercion, no unknown fields): the header, a move, and
the end line. A record is the header, then moves, then at most one end line, last. Every error is a
DataError naming the file, the line and the field. The JSON itself is read by ``core.strictjson``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, NoReturn

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pitchside.core.errors import DataError
from pitchside.core.record import FORMAT
from pitchside.core.strictjson import loads

if TYPE_CHECKING:
    from pitchside.core.record import MatchRecord

SEED_LIMIT = 2**64  # the games' generators take 64 bits


class _Line(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


Text = Annotated[str, Field(min_length=1, max_length=200)]


class Header(_Line):
    format: Literal["pitchside-record/1"]  # = FORMAT
    game: Text
    version: Text
    config: dict[str, Any] = Field(default_factory=dict)
    seed: Annotated[int, Field(ge=0, lt=SEED_LIMIT)] | None = None
    setup: dict[str, Any] | None = None
    players: list[Annotated[str, Field(max_length=200)]] = Field(default_factory=list, max_length=64)


class MoveLine(_Line):
    seat: Annotated[int, Field(ge=0, lt=1000)]
    action: Text


class EndLine(_Line):
    outcome: dict[str, Any]
    fingerprint: Annotated[str, Field(min_length=1, max_length=256)] = ""  # absent: not checked


# What to say about a field whatever is wrong with it (the messages people already know).
FIELD_MESSAGES = {
    "seat": "must be a seat number",
    "action": "must be action text",
    "format": f"must be {FORMAT!r}",
    "seed": f"must be an integer from 0 to {SEED_LIMIT - 1}",
}
TYPE_MESSAGES = {
    "int_type": "must be an integer",
    "string_type": "must be a string",
    "dict_type": "must be an object",
    "list_type": "must be a list",
    "extra_forbidden": "unknown field",
    "string_too_short": "must not be empty",
    "string_too_long": "is too long",
    "too_long": "has too many items",
}


def _invalid(e: ValidationError, source: str, n: int, what: str) -> NoReturn:
    err = e.errors(include_url=False)[0]
    loc = tuple(str(x) for x in err["loc"])
    kind = err["type"]
    if kind == "missing":
        message = f"missing in the {what}"
    elif kind == "extra_forbidden":
        message = f"unknown {what} field"
    else:
        message = FIELD_MESSAGES.get(loc[0] if loc else "") or TYPE_MESSAGES.get(kind) or err["msg"]
    raise DataError(source, n, ".".join(loc) or None, message)


def parse_record(cls: type[MatchRecord], text: str, source: str) -> MatchRecord:
    from pitchside.core.record import Move

    rows: list[tuple[int, dict[str, Any]]] = []
    for n, raw in enumerate(text.split("\n"), 1):  # JSON Lines: only \n ends a line (not U+2028 and kin)
        if not raw.strip():
            continue
        obj = loads(raw, source, n)
        if not isinstance(obj, dict):
            raise DataError(source, n, None, "each line must be a JSON object")
        rows.append((n, obj))
    if not rows:
        raise DataError(source, None, None, "empty record: the first line must be a header")
    n, obj = rows[0]
    if "outcome" in obj or "seat" in obj:
        raise DataError(source, n, "format", "the first line must be the header")
    try:
        head = Header.model_validate(obj)
    except ValidationError as e:
        _invalid(e, source, n, "header")
    if (head.seed is None) == (head.setup is None):
        field = "seed" if head.seed is None else "setup"
        raise DataError(source, n, field, "the header needs a seed or a setup (not both)")
    rec = cls(
        game=head.game,
        version=head.version,
        config=dict(head.config),
        seed=head.seed,
        setup=None if head.setup is None else dict(head.setup),
        players=list(head.players),
        source=source,
        line=n,
    )
    for n, obj in rows[1:]:
        if rec.end_line is not None:
            raise DataError(source, n, None, f"nothing may follow the end line (line {rec.end_line})")
        if "outcome" in obj:
            try:
                end = EndLine.model_validate(obj)
            except ValidationError as e:
                _invalid(e, source, n, "end line")
            rec.outcome, rec.fingerprint, rec.end_line = dict(end.outcome), end.fingerprint or None, n
            continue
        try:
            move = MoveLine.model_validate(obj)
        except ValidationError as e:
            _invalid(e, source, n, "move")
        rec.moves.append(Move(move.seat, move.action, n))
    return rec
