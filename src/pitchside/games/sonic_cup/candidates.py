"""Sonic Cup's candidate actions, and the legal moves: the candidates that no check of legality.RULES refuses.

A candidate is made once per card and deck (``CardPlays``); what a card may do at a decision is cached with
what its one per-action check reads (``READS``), so listing the legal moves is mostly lookups.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from itertools import chain

from pitchside.core.legality import ACTIONS_DONE, NONE_DONE, Built, BuiltPlan
from pitchside.games.sonic_cup import actions as A
from pitchside.games.sonic_cup.actions import Play
from pitchside.games.sonic_cup.cards import Card, Deck
from pitchside.games.sonic_cup.legality import (
    _ADJACENT,
    P_EXCHANGE,
    P_FOLLOW_UP,
    P_ROLE_CHANGE,
    P_SHOOTING,
    P_SING_DISCARD,
    P_STEAL,
    P_TURN,
    PD_FW,
    PD_PK,
    RULES,
    V_ANY,
    V_DF,
    V_DISCARD,
    V_DONE,
    V_END,
    V_FOUL,
    V_FW,
    V_KB,
    V_KEEP,
    V_MOVE,
    V_MPK,
    V_PASS,
    V_PK,
    V_ROLE,
    V_SING,
    V_SWAP,
    Key,
    change_direction,
    defender_zones,
    finish_the_play,
    follow_up_matches,
    forward_zones,
    foul_card,
    one_card_maneuver,
    one_card_power_kick,
    shoot_card_answered,
    shooting_kb,
    shot_matches,
    three_cards_adjacent,
)
from pitchside.games.sonic_cup.state import Data, Role, team

# What each per-action check reads besides the action itself (and the fixed deck): legal-move
# generation caches, per card, the card's candidates that pass the check with this key (``_memo``),
# so at a decision a card's verdict is one lookup. A check that reads the hand (a Power Kick
# partner) or the picks of a pending play is not listed: it runs on every candidate.
READS: dict[object, Callable[[Data, int], Hashable]] = {
    one_card_maneuver: lambda st, seat: (st.ball, seat & 1, Role.LSF in st.roles[seat]),
    one_card_power_kick: lambda st, seat: st.ball,
    three_cards_adjacent: lambda st, seat: st.ball,
    forward_zones: lambda st, seat: (st.ball, seat & 1),
    defender_zones: lambda st, seat: (st.ball, seat & 1),
    shot_matches: lambda st, seat: st.shoot,
    follow_up_matches: lambda st, seat: st.shoot,
    shooting_kb: lambda st, seat: (
        team(seat) != st.attack,
        Role.GK in st.roles[seat],
        st.arrows,
        st.shoot,
    ),
    foul_card: lambda st, seat: None,
    change_direction: lambda st, seat: st.attack,
}


def _reads(key: Key) -> Callable[[Data, int], Hashable]:
    """What the one per-action check of ``key`` reads (READS)."""
    (check,) = RULES.action_checks(key)
    return READS[check]


class CardPlays:
    """One card's actions, made once per deck: the candidates of a decision are never built anew."""

    __slots__ = (
        "any", "any_to", "df_to", "discard", "foul", "fw", "fw_to", "kb", "move", "mpk", "pk", "pk_to", "shows", "swap",
    )  # fmt: skip

    def __init__(self, c: Card) -> None:
        cid = c.id
        self.shows = c.maneuver  # the zones it shows: the first Power Kick card shows the ball's (SC-PK-3a)
        self.move = tuple(Play(V_MOVE, cid, z) for z in sorted(c.maneuver))
        self.mpk = tuple(Play(V_MPK, cid, t) for t in c.power_kick)
        self.pk, self.any, self.fw = Play(V_PK, cid), Play(V_ANY, cid), Play(V_FW, cid)
        self.kb, self.foul = Play(V_KB, cid), Play(V_FOUL, cid)
        self.swap, self.discard = Play(V_SWAP, cid), Play(V_DISCARD, cid)
        self.pk_to = tuple(Play(V_PK, cid, z) for z in range(10))  # by zone
        self.any_to = tuple(Play(V_ANY, cid, z) for z in range(10))
        self.fw_to = tuple(Play(V_FW, cid, z) for z in range(10))
        self.df_to = tuple(Play(V_DF, cid, z) for z in range(10))


def card_plays(deck: Deck) -> dict[str, CardPlays]:
    plays: dict[str, CardPlays] | None = deck.moves.get(CardPlays)
    if plays is None:
        plays = deck.moves[CardPlays] = {cid: CardPlays(c) for cid, c in deck.cards.items()}
    return plays


def hand_plays(st: Data, seat: int) -> list[CardPlays]:
    deck = st.t.deck
    plays = deck.moves.get(CardPlays) or card_plays(deck)
    # map over C methods, not comprehensions: a comprehension is a function call of its own (Python 3.11)
    return list(map(plays.__getitem__, sorted(set(st.hands[seat]))))


Group = tuple[Key, Sequence[Play], int]
_chain = chain.from_iterable
Build = Callable[[Data, int, list[CardPlays]], Sequence[Play]]
_NONE, _DONE = NONE_DONE, ACTIONS_DONE


def _memo(
    key: Key, st: Data, seat: int, hand: list[CardPlays], of: Callable[[CardPlays], Sequence[Play]]
) -> list[Play]:
    """The hand's candidates ``of`` each card that pass the per-action check of ``key`` (run by
    RULES.action_legal the first time), cached per card with what that check reads (READS)."""
    moves = st.t.deck.moves
    at = (key, _READ_OF[key](st, seat))
    table: dict[CardPlays, tuple[Play, ...]] | None = moves.get(at)
    if table is None:
        table = moves[at] = {}
    try:
        return list(_chain(map(table.__getitem__, hand)))
    except KeyError:
        for p in hand:
            if p not in table:
                table[p] = tuple(RULES.action_legal(key, st, seat, of(p)))
        return list(_chain(map(table.__getitem__, hand)))


def _move(p: CardPlays) -> Sequence[Play]:
    return p.move


def _mpk(p: CardPlays) -> Sequence[Play]:
    return p.mpk


def _kb(p: CardPlays) -> Sequence[Play]:
    return (p.kb,)


def _foul(p: CardPlays) -> Sequence[Play]:
    return (p.foul,)


def _to(attr: str, zones: tuple[int, ...]) -> Callable[[CardPlays], Sequence[Play]]:
    return lambda p: [getattr(p, attr)[z] for z in zones]


_ADJ_TO = {(attr, b): _to(attr, _ADJACENT[b]) for attr in ("any_to", "fw_to", "df_to") for b in range(10)}


def _probe(key: Key) -> Play:
    """An action of ``key``: the state-only checks read nothing of it but its key."""
    return Play(key[1], "", 1 if key[2] else 0)


def _memoized(key: Key, of: Callable[[CardPlays], Sequence[Play]] | str) -> Built[Play, Data, list[CardPlays]]:
    """A lazily built group of ``_memo`` candidates; ``of`` a CardPlays attribute by zone: the ball's adjacent zones."""
    reads = _reads(key)

    def build(st: Data, seat: int, hand: list[CardPlays]) -> Sequence[Play]:
        moves = st.t.deck.moves
        at = (key, reads(st, seat))
        table: dict[CardPlays, tuple[Play, ...]] | None = moves.get(at)
        if table is not None:
            try:
                return list(_chain(map(table.__getitem__, hand)))
            except KeyError:
                pass
        return _memo(key, st, seat, hand, _ADJ_TO[of, st.ball] if isinstance(of, str) else of)

    return key, _probe(key), build, _DONE


def _bare(key: Key, act: Play) -> Built[Play, Data, list[CardPlays]]:
    acts = (act,)
    return key, act, lambda st, seat, hand: acts, _NONE


def _pk_first(ball: int, hand: list[CardPlays]) -> list[Play]:
    """First Power Kick cards: only a card that shows the ball's zone may be one (power_kick_first_card
    and steal_power_kick refuse the others at once, SC-PK-3a), so only those are candidates."""
    return [p.pk for p in hand if ball in p.shows]


def _pk_second(st: Data, seat: int, hand: list[CardPlays]) -> Sequence[Play]:
    first, cards = st.t.deck.cards[st.picks[0]].power_kick, st.t.deck.cards
    return [p.pk_to[t] for p in hand for t in sorted({*first, *cards[p.pk.arg].power_kick})]


_T_MOVE, _T_MPK, _T_PK, _T_PK_TO = (
    (P_TURN, V_MOVE, True),
    (P_TURN, V_MPK, True),
    (P_TURN, V_PK, False),
    (P_TURN, V_PK, True),
)
_T_ANY, _T_ANY_TO, _T_FW, _T_FW_TO = (
    (P_TURN, V_ANY, False),
    (P_TURN, V_ANY, True),
    (P_TURN, V_FW, False),
    (P_TURN, V_FW, True),
)
_T_DF_TO, _T_KB = (P_TURN, V_DF, True), (P_TURN, V_KB, False)
_TAIL = (
    _bare((P_TURN, V_PASS, False), A.PASS),
    _bare((P_TURN, V_SING, False), A.SING),
    _bare((P_TURN, V_END, False), A.END),
)
# A turn's candidates by key, in the order of the legal actions: the hand's cards, zones printed
# on them or next to the ball; while a play is pending, its next card.
_TURN_GROUPS = (
    _memoized(_T_MOVE, _move),
    _memoized(_T_MPK, _mpk),
    (_T_PK, _probe(_T_PK), lambda st, seat, hand: _pk_first(st.ball, hand), _NONE),
    (_T_ANY, _probe(_T_ANY), lambda st, seat, hand: [p.any for p in hand], _NONE),
    (_T_FW, _probe(_T_FW), lambda st, seat, hand: [p.fw for p in hand], _NONE),
    _memoized(_T_DF_TO, "df_to"),
    _memoized(_T_KB, _kb),
    *_TAIL,
)
# RULES.plan: each group's checks are looked up once, not at every decision. turn_plan picks the plan by
# what finish_the_play and shoot_card_answered read (pending, shoot), so those two checks, which every
# turn key has, are left out where they pass every group of the plan:
# - no play pending, no Shoot card to answer: both pass every verb;
_TURN = RULES.plan(_TURN_GROUPS, passed=(finish_the_play, shoot_card_answered))
# - a Shoot card to answer (SC-GAP-13): shoot_card_answered refuses all but 'kb' and 'end', which it passes;
_TURN_SHOT = RULES.plan(
    [g for g in _TURN_GROUPS if g[0] in (_T_KB, (P_TURN, V_END, False))], passed=(finish_the_play, shoot_card_answered)
)
# - a play pending: only its own verb may follow (finish_the_play refuses every other key, passes that one).
_TURN_PK = RULES.plan(((_T_PK_TO, _probe(_T_PK_TO), _pk_second, _NONE),), passed=(finish_the_play,))
_TURN_FW = RULES.plan((_memoized(_T_FW_TO, "fw_to"),), passed=(finish_the_play,))
_TURN_ANY = RULES.plan((_TURN_GROUPS[3],), passed=(finish_the_play,))
_TURN_ANY_TO = RULES.plan((_memoized(_T_ANY_TO, "any_to"),), passed=(finish_the_play,))


def turn_plan(st: Data) -> BuiltPlan[Play, Data, list[CardPlays]]:
    """The groups of a turn's candidates (the plans above: which one decides which checks are left out)."""
    pending = st.pending
    if not pending:
        return _TURN_SHOT if st.shoot else _TURN
    if pending is PD_PK:
        return _TURN_PK
    if pending is PD_FW:
        return _TURN_FW
    return _TURN_ANY_TO if len(st.picks) >= 2 else _TURN_ANY


def _group(key: Key, st: Data, seat: int, hand: list[CardPlays], of: Callable[[CardPlays], Sequence[Play]]) -> Group:
    return key, _memo(key, st, seat, hand, of), _DONE


def candidates(st: Data, seat: int) -> list[Group]:
    """Every action that might be legal now outside a turn, by key (a superset: the checks
    decide), each group with the per-candidate checks it has passed already (``_memo``)."""
    phase = st.phase
    hand = hand_plays(st, seat)
    if phase is P_STEAL:
        return [((phase, V_PK, False), _pk_first(st.ball, hand), _NONE), ((phase, V_PASS, False), (A.PASS,), _NONE)]
    if phase is P_FOLLOW_UP:
        return [_group((phase, V_KB, False), st, seat, hand, _kb), ((phase, V_PASS, False), (A.PASS,), _NONE)]
    if phase is P_SHOOTING:
        return [
            _group((phase, V_KB, False), st, seat, hand, _kb),
            _group((phase, V_FOUL, False), st, seat, hand, _foul),
            _group((phase, V_MOVE, True), st, seat, hand, _move),
            ((phase, V_END, False), (A.END,), _NONE),
            ((phase, V_PASS, False), (A.PASS,), _NONE),
        ]
    if phase is P_ROLE_CHANGE:
        return [((phase, V_KEEP, False), (A.KEEP,), _NONE), ((phase, V_ROLE, False), _ROLES, _NONE)]
    if phase is P_EXCHANGE:
        return [((phase, V_SWAP, False), [p.swap for p in hand], _NONE), ((phase, V_DONE, False), (A.DONE,), _NONE)]
    if phase is P_SING_DISCARD:
        return [((phase, V_DISCARD, False), [p.discard for p in hand], _NONE)]
    return []


_ROLES = tuple(Play(V_ROLE, r.value) for r in Role)
# Every key _memo caches, and what its check reads.
_READ_OF = {
    k: _reads(k)
    for k in (
        _T_MOVE, _T_MPK, _T_ANY_TO, _T_FW_TO, _T_DF_TO, _T_KB,
        (P_FOLLOW_UP, V_KB, False), (P_SHOOTING, V_KB, False), (P_SHOOTING, V_FOUL, False), (P_SHOOTING, V_MOVE, True),
    )
}  # fmt: skip


def legal_actions(st: Data, seat: int) -> list[Play]:
    """The candidates no check refuses, key by key."""
    if RULES.general_refusal(st, seat, A.PASS) is not None:
        return []  # the match is over, or it is not this seat's decision
    if st.phase is P_TURN:
        return RULES.legal_built(st, seat, hand_plays(st, seat), turn_plan(st), general=False)
    return RULES.legal_groups(st, seat, candidates(st, seat))
