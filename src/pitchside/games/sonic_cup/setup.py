"""The setup notation: reading a setup, and Sonic Cup's own setup invariants.

Core checks the header and, through GameBase.from_setup, that the match can go on (check_playable).
Here: the fields (core's read_fields), the cards (conserved; the cards a setup does not name go to the
deck in a seeded order, issue 7), the lineup, the open window.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pitchside.core.errors import DataError
from pitchside.core.rng import Rng
from pitchside.core.setupfile import read_rest, rest_in_deck, setup_config, unnamed_cards
from pitchside.core.state import read_fields
from pitchside.games.sonic_cup.state import GOAL, Pending, Phase, Role, team

if TYPE_CHECKING:
    from pitchside.games.sonic_cup.game import SonicCup
    from pitchside.games.sonic_cup.rules import SonicCupState

# How many cards a multi-card play half made has picked, by its verb ("pending").
_PICKS = {Pending.NONE: (0,), Pending.PK: (1,), Pending.FW: (1,), Pending.ANY: (1, 2)}


def read_setup(game: SonicCup, setup: Mapping[str, Any], source: str) -> SonicCupState:
    """Build a state from the setup notation (docs/notation.md); errors name the field."""
    from pitchside.games.sonic_cup.game import _blank

    def fail(field: str, message: str) -> DataError:
        return DataError(source, None, field, message)

    cfg = setup_config(setup, source)
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
    read_rest(setup, source, "Sonic Cup", elsewhere=False)  # every card of the deck is in the match
    read_fields(st, fields, source, seats=n, header={"game", "seats", "config", "rest"})
    for side in (0, 1):  # the opening lineup has played (SC-GAP-24)
        st.used_roles[side] = st.used_roles[side] | opening[side]
    for s in range(n):  # and so has every player card on the pitch
        st.used_roles[team(s)] = st.used_roles[team(s)] | st.roles[s]
    _check(st, fail)
    _play_can_finish(st, fail)
    _someone_can_play(st, fail)
    return st


def _someone_can_play(st: SonicCupState, fail: Any) -> None:
    """A pass draws nothing (SC-TURN-4) and hands grow only by refilling after a play (SC-TURN-2), so a table where
    no card is ever played again never moves again (issue 7: a setup with every hand empty passed for ever; a steal
    window whose only card could be played elsewhere than the ball's zone, then a turn where it could not). In a
    match hands are full (SC-SETUP-5): three cards always make a maneuver (SC-MAN-3), and a seat that has played
    this turn refills when it ends it. Otherwise every line of play is followed until a card is played or drawn or
    the match ends: if some line can reach a table from which none can, the match may stall there (random play did,
    after a goal whose restart dealt no card), and the setup is refused."""
    if st.phase is Phase.OVER or any(len(h) >= 3 for h in st.hands) or (st.phase is Phase.TURN and st.played):
        return
    n = st.t.n
    nexts: dict[str, list[str]] = {}  # the states followed (no card played yet) -> the ones their moves lead to
    moves_on: set[str] = set()  # those with a move that plays or draws a card, or ends the match
    todo = [st]
    while todo:
        cur = todo.pop()
        key = _key(cur, n)
        if key in nexts:
            continue
        if len(nexts) >= _SEARCH:
            return  # a long line of play without a card played: not the small deadlock looked for here
        nexts[key] = []
        seat = cur.decision().seat
        cards = [len(h) for h in cur.hands]
        for a in [] if seat is None else cur.legal_actions(seat):
            nxt = cur.clone()
            try:
                nxt.apply(seat, a)  # type: ignore[arg-type]
            except Exception as e:  # a state the rules cannot work with (check_playable says so for the first move)
                raise fail("phase", f"the match cannot go on from this setup: {a} fails ({type(e).__name__})") from None
            if nxt.is_over() or [len(h) for h in nxt.hands] != cards:
                moves_on.add(key)
            else:
                nexts[key].append(_key(nxt, n))
                todo.append(nxt)
    grown = True
    while grown:  # the states from which some line of play reaches a card played
        grown = False
        for key, after in nexts.items():
            if key not in moves_on and any(k in moves_on for k in after):
                moves_on.add(key)
                grown = True
    if len(moves_on) < len(nexts):
        raise fail("hands", "play can reach a table where no card is played again, and a pass draws none: the "
                   "match cannot go on")  # fmt: skip


def _key(st: SonicCupState, n: int) -> str:
    """A state as the search above tells them apart: a round of passes counts, not how many (SC-PROJ-11)."""
    k = st.clone()
    k.passes = min(k.passes, n + 1)
    return k.fingerprint()


_SEARCH = 200  # states followed at most (a deadlock of passes has a few: each seat, a window and a turn)


def _play_can_finish(st: SonicCupState, fail: Any) -> None:
    """A play half made (``picks``) must be one the seat's hand can finish: the engine offers only first picks
    that some completion exists for (SC-MAN-3), so in a match every pick it offers next leads on to a legal
    action. A setup's hand may not (issue 7: it once left a seat with a pick to make and no card to make it)."""
    if not st.picks:
        return
    todo = [st]
    while todo:
        cur = todo.pop()
        try:
            seat = cur.decision().seat
            legal = [] if seat is None else cur.legal_actions(seat)
            if seat is None or not legal:
                raise fail("picks", f"the play begun with {', '.join(st.picks)} cannot be finished from seat "
                           f"{st.actor}'s hand {st.hands[st.actor]}")  # fmt: skip
            for a in legal:
                nxt = cur.clone()
                nxt.apply(seat, a)
                if len(nxt.picks) > len(cur.picks) and nxt.decision().seat == seat:  # the play goes on
                    todo.append(nxt)
        except DataError:
            raise
        except Exception as e:  # a state the rules cannot work with
            what = type(e).__name__
            raise fail("picks", f"the play begun with {', '.join(st.picks)} cannot go on ({what})") from None


def _check(st: SonicCupState, fail: Any) -> None:
    """The situation must be one the rules can reach: cards conserved, seats and zones in range."""
    from pitchside.games.sonic_cup.game import card_census

    n = st.t.n
    want = Counter(st.t.deck.physical)
    got = card_census(st)
    for cid in sorted(set(got) | set(want)):
        if got[cid] > want[cid]:
            where = "hands" if cid not in want else "deck"
            raise fail(where, f"card {cid}: {got[cid]} in play, the deck has {want[cid]} (cards must be conserved)")
    st.deck = rest_in_deck(st.deck, unnamed_cards(want.elements(), got), st.rng)  # issue 7: beneath the named
    # Types, seats, zones, scores and lengths are checked by the declaration (state.Data).
    # A window's seats (each a seat, none twice) are checked by the declaration (core Window).
    if st.phase not in (Phase.TURN, Phase.OVER) and not st.queue.open:  # a window phase
        raise fail("queue", f"the {st.phase.name.lower()} window needs the seats still to answer, the actor first")
    if st.phase in (Phase.TURN, Phase.OVER) and st.queue.open:
        raise fail("queue", f"no window is open in phase {st.phase.name.lower()}: the queue is empty")
    if st.queue.open and st.queue.seat != st.actor:
        raise fail("queue", "the first seat of the queue is the actor")
    # SC-SP-8, SC-FU-1, SC-SHOOT-3: a Shooting Phase, a follow-up and a Shoot card just played all have the ball in
    # the goal zone the attack shoots at (issue 7: a Shooting Phase on zone 5 was accepted).
    shooting = {Phase.SHOOTING: st.attack, Phase.FOLLOW_UP: st.attack, Phase.TURN: team(st.actor) if st.shoot else -1}
    side = shooting.get(st.phase, -1)
    if side >= 0 and st.ball != GOAL[side]:
        what = "a Shoot card was played" if st.phase is Phase.TURN else f"in phase {st.phase.name.lower()}"
        raise fail("ball", f"{what}: the ball is in the goal zone team {side} shoots at, {GOAL[side]} (SC-SP-8)")
    if n < 8 and (st.phase is Phase.SING_DISCARD or st.singer >= 0):  # issue 7: at 4 seats a later state failed
        raise fail("singer" if st.singer >= 0 else "phase", "Crowd Singing is only for 8 or 10 players (SC-CROWD-1)")
    if st.phase is Phase.SING_DISCARD and (st.singer < 0 or any(team(s) == team(st.singer) for s in st.queue.seats)):
        raise fail("singer", "the singer's opponents discard one card each to Crowd Singing (SC-CROWD-2)")
    if st.phase is Phase.ROLE_CHANGE:
        if len(st.role_picks) != n:
            raise fail("role_picks", f"needs {n} entries (one per seat) while player cards change (SC-RS-3)")
        for s, pick in enumerate(st.role_picks):
            if pick not in ("", "keep") and pick not in Role.__members__:
                raise fail(f"role_picks.{s}", "must be '', 'keep' or a role such as 'GK'")
    picks = _PICKS[st.pending]  # a multi-card play half made: its verb and the cards picked (SC-MAN-3, SC-PK-3)
    if len(st.picks) not in picks or (st.picks and st.phase is not Phase.TURN):
        verb = repr(st.pending.value) if st.pending else "none"
        raise fail("picks", f"a play half made ({verb}) in a turn has {' or '.join(map(str, picks))} card(s) picked")
    if not 1 <= st.counter <= st.t.final_count:
        raise fail("counter", f"must be 1..{st.t.final_count}")
