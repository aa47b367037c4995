"""The setup notation: reading a setup, and Sonic Cup's own setup invariants."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pitchside.core.errors import DataError
from pitchside.core.rng import Rng
from pitchside.core.state import read_fields
from pitchside.games.sonic_cup.state import Phase, Role, team

if TYPE_CHECKING:
    from pitchside.games.sonic_cup.game import SonicCup
    from pitchside.games.sonic_cup.rules import SonicCupState


def read_setup(game: SonicCup, setup: Mapping[str, Any], source: str) -> SonicCupState:
    """Build a state from the setup notation (docs/notation.md); errors name the field."""
    from pitchside.games.sonic_cup.game import _blank

    def fail(field: str, message: str) -> DataError:
        return DataError(source, None, field, message)

    if not isinstance(setup, Mapping):
        raise fail("", "a setup is a JSON object")
    cfg = setup.get("config") or {}
    if not isinstance(cfg, Mapping):
        raise fail("config", "must be an object")
    cfg = dict(cfg)
    if "seats" in setup:
        cfg.setdefault("seats", setup["seats"])
    if "roles" in setup and not cfg.get("roles"):
        cfg["roles"] = setup["roles"]  # the config keeps the opening lineup; "roles" is the current one
    cfg = game.normalize_config(cfg, source)
    t = game._table(cfg)
    n = t.n
    st = _blank(t, Rng(0))
    opening = st.used_roles[:]
    fields = dict(setup)
    if "roles" in setup:  # 2 players change player cards at restarts (SC-RS-3); the lineup rules still hold
        roles = setup["roles"]
        if not isinstance(roles, list):
            raise fail("roles", "must be a list")
        fields["roles"] = game.normalize_config({"seats": n, "roles": roles}, source)["roles"]
    read_fields(st, fields, source, seats=n, header={"game", "seats", "config"})
    for side in (0, 1):  # the opening lineup has played (SC-GAP-24)
        st.used_roles[side] = st.used_roles[side] | opening[side]
    for s in range(n):  # and so has every player card on the pitch
        st.used_roles[team(s)] = st.used_roles[team(s)] | st.roles[s]
    _check(st, fail)
    return st


def _check(st: SonicCupState, fail: Any) -> None:
    """The situation must be one the rules can reach: cards conserved, seats and zones in range."""
    from pitchside.games.sonic_cup.game import card_census

    n = st.t.n
    want = Counter(st.t.deck.physical)
    got = card_census(st)
    for cid in sorted(set(got) | set(want)):
        if got[cid] != want[cid]:
            where = "hands" if cid not in want else "deck"
            raise fail(where, f"card {cid}: {got[cid]} in play, the deck has {want[cid]} (cards must be conserved)")
    # Types, seats, zones, scores and lengths are checked by the declaration (state.Data).
    # A window's seats (each a seat, none twice) are checked by the declaration (core Window).
    if st.phase not in (Phase.TURN, Phase.OVER) and not st.queue.open:  # a window phase
        raise fail("queue", f"the {st.phase.name.lower()} window needs the seats still to answer, the actor first")
    if st.phase in (Phase.TURN, Phase.OVER) and st.queue.open:
        raise fail("queue", f"no window is open in phase {st.phase.name.lower()}: the queue is empty")
    if st.queue.open and st.queue.seat != st.actor:
        raise fail("queue", "the first seat of the queue is the actor")
    if st.phase is Phase.ROLE_CHANGE:
        if len(st.role_picks) != n:
            raise fail("role_picks", f"needs {n} entries (one per seat) while player cards change (SC-RS-3)")
        for s, pick in enumerate(st.role_picks):
            if pick not in ("", "keep") and pick not in Role.__members__:
                raise fail(f"role_picks.{s}", "must be '', 'keep' or a role such as 'GK'")
    if not 1 <= st.counter <= st.t.final_count:
        raise fail("counter", f"must be 1..{st.t.final_count}")
