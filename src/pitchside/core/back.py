"""Taking back an unfinished multi-card play (issue 8): ``back``.

A game says, through ``Game.partial(state, seat)``, how many of the seat's last moves form a play it has
not finished yet (the first cards of a Sonic Cup Power Kick, the cards a My World Cup side has put behind
its screen before 'ready'). Taking them back replays the match record without them: the record is the
truth, so the state is exactly the one before the first of them (no chance, no hidden card was used in
between: these moves only choose cards from the seat's own hand). A finished play is never taken back, so
``back`` is safe in a match with other people too. The game loop (``sim.match.play_match``) and the server
apply it the same way; its notation is the word ``back``.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitchside.core.errors import IllegalAction
from pitchside.core.game import Game, State
from pitchside.core.record import MatchRecord, replay

BACK_RULE = "CORE-BACK"  # the rule a refused back names


@dataclass(frozen=True)
class Back:
    """The action ``back``: take back the last ``count`` moves of an unfinished play."""

    count: int

    def __str__(self) -> str:
        return "back"


def take_back(game: Game, state: State, rec: MatchRecord, seat: int, count: int) -> State:
    """The state before the seat's unfinished play; ``rec`` loses those moves. IllegalAction (state and
    record untouched) unless exactly the last ``count`` moves are the seat's unfinished play."""
    partial = game.partial(state, seat)
    if count < 1 or count != partial:
        raise IllegalAction(
            BACK_RULE, f"there is no unfinished play of {count} move(s) to take back (it has {partial})"
        )
    if len(rec.moves) < count or any(m.seat != seat for m in rec.moves[-count:]):
        raise IllegalAction(BACK_RULE, "only your own unfinished play can be taken back")
    shorter = MatchRecord(rec.game, rec.version, rec.config, seed=rec.seed, setup=rec.setup, moves=rec.moves[:-count])
    before = replay(shorter, game).state
    del rec.moves[-count:]
    return before
