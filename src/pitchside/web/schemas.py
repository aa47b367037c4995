"""Every input the server takes, as pydantic models: REST bodies and WebSocket messages (WEB.md)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from pitchside.web.rooms import NAME_LIMIT, BotKind

SEED_LIMIT = 2**63 - 1


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateRoom(Strict):
    game: str = Field(min_length=1, max_length=60, description="a game id or alias (GET /api/games)")
    seats: int | None = Field(None, ge=1, le=16, description="the seat count (default: the game's smallest)")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's config keys (roles, teams, ...)")
    seed: int | None = Field(None, ge=0, le=SEED_LIMIT, description="default: random")
    turn_seconds: float | None = Field(None, ge=0, le=3600, description="turn timer; 0: none (default: the server's)")


class Created(BaseModel):
    id: str


class JoinSeat(Strict):
    name: str = Field(min_length=1, max_length=NAME_LIMIT)


class Joined(BaseModel):
    token: str = Field(description="the seat's secret: send it as X-Seat-Token and in the WebSocket hello")
    seat: int


class SetBot(Strict):
    kind: BotKind
    budget: int | Annotated[str, Field(min_length=1, max_length=20)] | None = Field(
        None,
        description="IS-MCTS only: iterations per decision (500), or a budget as the CLI takes it: "
        '"500", "1s", "0.5s", "250ms" (at most the server\'s max_budget iterations or max_budget_seconds)',
    )


class CreateCup(Strict):
    name: str = Field("", max_length=200)
    seed: int | None = Field(None, ge=0, le=2**31 - 1, description="default: random")
    coaches: dict[str, list[str]] = Field(
        default_factory=dict, max_length=4, description="coach name -> team ids or names (WC-GAP-1)"
    )
    neutral: bool = Field(False, description="teams nobody coaches play by the neutral rule (WC-GAP-24)")
    third_place: bool = False


class Hello(Strict):
    type: Literal["hello"]
    token: str | None = Field(None, max_length=200)


class Act(Strict):
    type: Literal["act"]
    action: str = Field(min_length=1, max_length=500)
    seq: int | None = Field(None, ge=0, description="the seq of the update the action answers (stale ones are refused)")


class Ping(Strict):
    type: Literal["ping"]


class Preview(Strict):
    """A play being built in the page (a multi-card Sonic Cup play): the seat's legal actions after ``actions``,
    worked out on a copy of the match. Nothing is played; the page sends the actions when the play is complete."""

    type: Literal["preview"]
    actions: list[Annotated[str, Field(min_length=1, max_length=500)]] = Field(min_length=1, max_length=4)


ClientMessage = Annotated[Hello | Act | Ping | Preview, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Hello | Act | Ping | Preview] = TypeAdapter(ClientMessage)


def explain(e: ValidationError) -> str:
    """A pydantic error in one line: each field path and what is wrong with it."""
    parts = []
    for err in e.errors()[:5]:
        where = ".".join(str(x) for x in err["loc"]) or "message"
        parts.append(f"{where}: {err['msg']}")
    return "; ".join(parts)
