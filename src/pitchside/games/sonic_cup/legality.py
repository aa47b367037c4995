"""Every Sonic Cup rule that can refuse an action, written once as a named check on core's Rulebook.

Legal moves are the candidate actions of candidates.py filtered by these checks
(``candidates.legal_actions``); an illegal action is refused by the first check that refuses it
(``RULES.refuse``), and ``RULES.refusals`` lists every rule that forbids it. Rule IDs:
docs/rules/sonic-cup.md.

The checks are keyed by (phase, verb). Checks registered ``state=True`` look only at the state,
the seat and the verb: they run once per verb when the legal moves are listed. Every (phase, verb)
pair that no rule allows has a check that refuses it, so no pair is legal by default. Refusals
whose words never change are made once (a decision refuses many candidates).
"""

from __future__ import annotations

from collections.abc import Hashable

from pitchside.core.legality import ANY, Refusal, Rulebook
from pitchside.games.sonic_cup.actions import Play, Verb
from pitchside.games.sonic_cup.cards import Card, arrows_text
from pitchside.games.sonic_cup.state import (
    DEFENDER_ZONES,
    FORWARD_ZONES,
    GOAL,
    LONG_SHOT_FROM,
    Data,
    Ending,
    Pending,
    Phase,
    Role,
    team,
)

# Enum members as module names: reading one through its class costs several times a global (Python 3.11).
P_EXCHANGE, P_FOLLOW_UP, P_OVER, P_ROLE_CHANGE, P_SHOOTING, P_SING_DISCARD, P_STEAL, P_TURN = (
    Phase.EXCHANGE,
    Phase.FOLLOW_UP,
    Phase.OVER,
    Phase.ROLE_CHANGE,
    Phase.SHOOTING,
    Phase.SING_DISCARD,
    Phase.STEAL,
    Phase.TURN,
)
(
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
) = (
    Verb.ANY,
    Verb.DF,
    Verb.DISCARD,
    Verb.DONE,
    Verb.END,
    Verb.FOUL,
    Verb.FW,
    Verb.KB,
    Verb.KEEP,
    Verb.MOVE,
    Verb.MPK,
    Verb.PASS,
    Verb.PK,
    Verb.ROLE,
    Verb.SING,
    Verb.SWAP,
)


Key = tuple[Phase, Verb, bool]


def _key(st: Data, seat: int, act: Play) -> Hashable:
    """(phase, verb, whether the action names a target zone): picking the first cards of a play and
    finishing it with its target are judged by different rules."""
    return (st.phase, act.verb, act.zone > 0)


RULES = Rulebook[Data, Play](key=_key)

# The verbs each phase allows; every other verb is refused there by the phase's own rule.
ALLOWED: dict[Phase, tuple[Verb, ...]] = {
    P_TURN: (V_MOVE, V_PK, V_MPK, V_ANY, V_FW, V_DF, V_KB, V_SING, V_PASS, V_END),
    P_STEAL: (V_PK, V_PASS),
    P_FOLLOW_UP: (V_KB, V_PASS),
    P_SHOOTING: (V_KB, V_FOUL, V_MOVE, V_END, V_PASS),
    P_ROLE_CHANGE: (V_ROLE, V_KEEP),
    P_EXCHANGE: (V_SWAP, V_DONE),
    P_SING_DISCARD: (V_DISCARD,),
}
CARD_VERBS = frozenset(Verb) - {V_SING, V_PASS, V_END, V_DONE, V_ROLE, V_KEEP}
_ZONES = frozenset(range(10))  # 0: no target zone
_MANEUVERS = (V_PK, V_MPK, V_ANY, V_FW, V_DF)
_NO_ZONE = (V_KB, V_FOUL, V_SWAP, V_DISCARD, V_ROLE)
_BARE = (V_SING, V_PASS, V_END, V_DONE, V_KEEP)
_ADJACENT = tuple(tuple(z for z in (b - 1, b + 1) if 1 <= z <= 9) for b in range(10))


def K(phase: Phase, *verbs: Verb, to: bool | None = None) -> list[Key]:
    """The keys of ``verbs`` in ``phase``: with a target zone (``to=True``), without, or both (None)."""
    return [(phase, v, f) for v in verbs for f in ((False, True) if to is None else (to,))]


def _refused(phase: Phase) -> list[Key]:
    return K(phase, *[v for v in Verb if v not in ALLOWED[phase]])


def adjacent(b: int) -> tuple[int, ...]:
    """The zones next to zone ``b`` (SC-MAN-2, SC-GAP-9)."""
    return _ADJACENT[b]


def pk_targets(ball: int, a: Card, b: Card) -> list[int]:
    """Where a Power Kick of cards ``a`` and ``b`` may go from ``ball`` (SC-PK-3c, SC-PK-5, SC-GAP-12)."""
    return sorted({t for t in a.power_kick + b.power_kick if abs(t - ball) >= 2})


_PK_3A_PARTNER = Refusal("SC-PK-3a", "no second card in your hand shows the ball's zone")
_PK_3B = Refusal("SC-PK-3b", "one of the two cards must have the Power Kick function")
_PK_3C = Refusal("SC-PK-3c", "no second card in your hand completes a Power Kick with it")
_PK_3A = [Refusal("SC-PK-3a", f"both Power Kick cards must show the ball's zone {b}") for b in range(10)]


def _first_pk_card(st: Data, seat: int, cid: str) -> Refusal | None:
    """SC-PK-3a..c: ``cid`` shows the ball's zone and another card in the hand completes a Power Kick."""
    cards, b = st.t.deck.cards, st.ball
    c = cards[cid]
    if b not in c.maneuver:
        return _PK_3A[b]
    partner, pk, skipped = False, bool(c.power_kick), False
    for h in st.hands[seat]:
        if h == cid and not skipped:
            skipped = True
            continue
        d = cards[h]
        if b not in d.maneuver:
            continue
        partner = True
        for t in c.power_kick + d.power_kick:
            if t - b >= 2 or b - t >= 2:
                return None
        pk = pk or bool(d.power_kick)
    if not partner:
        return _PK_3A_PARTNER
    return _PK_3C if pk else _PK_3B


def can_power_kick(st: Data, seat: int) -> bool:
    """Some two cards of the seat's hand make a Power Kick from the ball's zone (SC-PK-3a..c)."""
    return any(_first_pk_card(st, seat, c) is None for c in set(st.hands[seat]))


_NO_KB = Refusal("SC-CARD-4", "that card has no Kick/Block function")


def _kb_match(kb: int, want: int, rule: str) -> Refusal | None:
    """A Kick/Block card whose white arrows share a direction with ``want`` (SC-SHOOT-5, SC-SP-5)."""
    if kb & want:
        return None
    if not kb:
        return _NO_KB
    matched = "SC-SP-5" if rule == "SC-SP-5" else "SC-SHOOT-5"  # white vs white arrows, or vs purple ones
    return Refusal(matched, f"its arrows {arrows_text(kb)} share no direction with {arrows_text(want)} ({rule})")


# --------------------------------------------------------------------------- every action


@RULES.check(ANY, input=True)
def is_an_action(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-TURN-1: a Sonic Cup action
    if type(act) is Play and type(act.verb) is Verb and type(act.arg) is str and act.zone in _ZONES:
        return None
    return Refusal("SC-TURN-1", f"{act!r} is not a Sonic Cup action")


_OVER_KO = Refusal("SC-END-1", "the match is over")
_OVER_TIME = Refusal("SC-END-2", "the match is over")


@RULES.check(ANY, state=True)
def match_running(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-END-1, SC-END-2
    if st.phase is P_OVER:
        return _OVER_KO if st.ending is Ending.KO else _OVER_TIME
    return None


_WHOSE = {
    P_TURN: ("SC-TURN-2", "it is seat {a}'s turn"),
    P_STEAL: ("SC-PK2-2", "seat {a} has the steal priority now"),
    P_FOLLOW_UP: ("SC-FU-3", "only seat {a} may follow up"),
    P_SHOOTING: ("SC-SP-3", "seat {a} answers in the Shooting Phase now"),
    P_ROLE_CHANGE: ("SC-RS-3", "seat {a} chooses a player card now"),
    P_EXCHANGE: ("SC-RS-2", "seat {a} exchanges cards now"),
    P_SING_DISCARD: ("SC-CROWD-2", "seat {a} discards to Crowd Singing now"),
    P_OVER: ("SC-END-2", "the match is over"),
}


@RULES.check(ANY, state=True)
def seat_to_act(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-TURN-2 and each window's order
    if seat == st.actor and type(seat) is int:
        return None
    if st.phase is P_STEAL and seat == st.steal_from and type(seat) is int:
        return Refusal("SC-PK2-3", f"seat {seat} just ended a turn: no player takes two turns in a row")
    rule, text = _WHOSE[st.phase]
    who = f"seat {seat}" if type(seat) is int else f"{seat!r} is no seat and"
    return Refusal(rule, f"{who} may not act: " + text.format(a=st.actor))


@RULES.check(ANY, input=True)
def holds_the_card(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-GAP-1, SC-TURN-1: your own card
    if act.arg not in st.hands[seat] and act.verb in CARD_VERBS:
        if act.arg not in st.t.deck.cards:
            return Refusal("SC-GAP-1", f"there is no card {act.arg!r} in this deck")
        return Refusal("SC-TURN-1", f"you do not hold {act.arg}")
    return None


@RULES.check(*[k for p in ALLOWED for k in K(p, *_NO_ZONE, *_BARE)], input=True)
def no_target_zone(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-TURN-1 (the notation, docs/notation.md)
    if act.zone or (act.arg and act.verb in _BARE):
        return Refusal("SC-TURN-1", f"{act} is not a Sonic Cup action: '{act.verb.value}' takes no target zone")
    return None


@RULES.check(*[k for p in ALLOWED for k in K(p, V_MOVE, V_MPK, V_DF, to=False)], input=True)
def needs_target_zone(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-TURN-1 (the notation)
    return Refusal("SC-TURN-1", f"{act} is not a Sonic Cup action: '{act.verb.value}' needs a target zone")


# --------------------------------------------------------------------------- turns

PD_PK, PD_ANY, PD_FW = Pending.PK, Pending.ANY, Pending.FW
_PLAY_OF = {PD_PK: V_PK, PD_ANY: V_ANY, PD_FW: V_FW}  # the verb that goes on with a pending play
_FINISH = {
    p: Refusal("SC-PK-3" if p is PD_PK else "SC-MAN-3", f"finish the '{p.value}' play you started first")
    for p in _PLAY_OF
}


@RULES.check(*K(P_TURN, *Verb), state=True)
def finish_the_play(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-PK-3, SC-MAN-3: one play at a time
    p = st.pending
    if p and act.verb is not _PLAY_OF[p]:
        return _FINISH[p]
    return None


_AFTER_SHOOT = Refusal("SC-GAP-13", "after a Shoot card only a matching Kick/Block or 'end' may follow")


@RULES.check(*K(P_TURN, *Verb), state=True)
def shoot_card_answered(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-GAP-13
    if st.shoot and act.verb is not V_KB and act.verb is not V_END:
        return _AFTER_SHOOT
    return None


@RULES.check(*_refused(P_TURN), state=True)
def not_a_turn_action(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-GAP-14, SC-CARD-4, SC-TURN-1
    if act.verb is V_FOUL:
        return Refusal("SC-GAP-14", "a Foul card is only a defender's answer to a shot")
    if act.verb in (V_DISCARD, V_SWAP):
        return Refusal("SC-CARD-4", "a card may not be discarded: every card played must use a function")
    return Refusal("SC-TURN-1", f"{act.verb.value!r} is not a turn action")


def has_a_play(st: Data, seat: int) -> bool:
    """Whether the actor has a turn action other than 'pass' (SC-GAP-29)."""
    if len(st.hands[seat]) >= 3:  # any three cards maneuver from every zone (SC-MAN-3)
        return True
    legal, hand = RULES.legal_built, candidates.hand_plays(st, seat)
    return any(g[1].verb is not V_PASS and legal(st, seat, hand, (g,)) for g in candidates.turn_plan(st).groups)


_KICKOFF_PASS = Refusal("SC-KO-2", "the kick-off player must play cards and may not pass")
_PLAYED_PASS = Refusal("SC-TURN-4", "you have played cards: end the turn with 'end'")
_ROUND_PASSED = Refusal("SC-PROJ-11", "every player has passed in turn: play at least one card")


@RULES.check(*K(P_TURN, V_PASS), state=True)
def may_pass(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-TURN-4, SC-KO-2, SC-PROJ-11, SC-GAP-29
    if st.kickoff and (st.played or has_a_play(st, seat)):
        return _KICKOFF_PASS
    if st.played:
        return _PLAYED_PASS
    if st.passes >= st.t.n and has_a_play(st, seat):
        return _ROUND_PASSED
    return None


_KICKOFF_END = Refusal("SC-RS-4", "the kick-off player must play at least one card")
_NOTHING_PLAYED = Refusal("SC-TURN-2", "you have played no card: 'pass' instead")


@RULES.check(*K(P_TURN, V_END), state=True)
def may_end(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-TURN-2, SC-RS-4
    if st.played:
        return None
    return _KICKOFF_END if st.kickoff else _NOTHING_PLAYED


_SING_SEATS = Refusal("SC-CROWD-1", "Crowd Singing is only for 8 or 10 players")
_SING_KICKOFF = Refusal("SC-CROWD-1", "the kick-off player may not sing")
_SING_START = Refusal("SC-CROWD-2", "sing at the start of your turn")
_SUNG = Refusal("SC-CROWD-1", "your team has sung already")
_SINGING = Refusal("SC-CROWD-4", "the other team's singing has not ended")


@RULES.check(*K(P_TURN, V_SING), state=True)
def crowd_singing(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-CROWD-1, -2, -4
    if st.t.n < 8:
        return _SING_SEATS
    if st.kickoff:
        return _SING_KICKOFF
    if st.played:
        return _SING_START
    if st.sang[team(seat)]:
        return _SUNG
    return _SINGING if st.singer >= 0 else None


_MAN_2 = [
    Refusal("SC-MAN-2", f"a one-card maneuver moves from zone {b} to an adjacent zone or stays") for b in range(10)
]
_LONG_SHOT = Refusal("SC-ROLE-LSF", "the long shot needs a card with Shoot directions")


@RULES.check(*K(P_TURN, V_MOVE, to=True))
def one_card_maneuver(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-MAN-1, -2, -4, SC-ROLE-LSF
    c, z, b = st.t.deck.cards[act.arg], act.zone, st.ball
    if z not in c.maneuver:
        return Refusal("SC-MAN-1", f"{act.arg} cannot maneuver to zone {z}")
    if -1 <= z - b <= 1:
        return None
    side = team(seat)
    if z == GOAL[side] and b == LONG_SHOT_FROM[side] and Role.LSF in st.roles[seat]:
        return None if c.shoot else _LONG_SHOT
    return _MAN_2[b]


_PK_2 = Refusal("SC-PK-2", "a Power Kick takes two cards: name the first with 'pk CARD', then the second")
_PK_3C_TARGET = Refusal("SC-PK-3c", "the ball goes to a Power Kick target printed on the cards, not adjacent")


_PK_TARGET = Refusal("SC-PK-2", "the second Power Kick card names the target zone: 'pk CARD>zone'")


@RULES.check(*K(P_TURN, V_PK, to=False), state=True)
def power_kick_second_card(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-PK-2
    return _PK_TARGET if st.pending else None


@RULES.check(*K(P_TURN, V_PK, to=False))
def power_kick_first_card(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-PK-3a..c, SC-GAP-12
    return _first_pk_card(st, seat, act.arg)


@RULES.check(*K(P_TURN, V_PK, to=True))
def power_kick(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-PK-2, SC-PK-3a..c, SC-PK-5, SC-GAP-12
    if not st.pending:
        first = _first_pk_card(st, seat, act.arg)
        return _PK_2 if first is None else first
    cards, b = st.t.deck.cards, st.ball
    c, first_card = cards[act.arg], cards[st.picks[0]]
    if b not in c.maneuver:
        return _PK_3A[b]
    z = act.zone
    if (z in c.power_kick or z in first_card.power_kick) and (z - b >= 2 or b - z >= 2):
        return None
    return _PK_3C_TARGET if first_card.power_kick or c.power_kick else _PK_3B


_NOT_MF = Refusal("SC-ROLE-MF", "only the Midfielder has the one-card Power Kick")
_MF_USED = Refusal("SC-ROLE-MF", "the one-card Power Kick is once per turn")


@RULES.check(*K(P_TURN, V_MPK), state=True)
def midfielder(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-ROLE-MF
    if Role.MF not in st.roles[seat]:
        return _NOT_MF
    return _MF_USED if st.mf_used else None


_GAP_11 = [
    Refusal("SC-GAP-11", f"the card must show zone {b}, have a Power Kick, and target a printed zone")
    for b in range(10)
]


@RULES.check(*K(P_TURN, V_MPK, to=True))
def one_card_power_kick(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-GAP-11
    c, b, z = st.t.deck.cards[act.arg], st.ball, act.zone
    if b in c.maneuver and z in c.power_kick and (z - b >= 2 or b - z >= 2):
        return None
    return _GAP_11[b]


_THREE = Refusal("SC-MAN-3", "any three cards need three cards in hand")
_THIRD_CARD = Refusal("SC-MAN-3", "name two cards with 'any CARD', then the third with its target zone")
_GAP_9 = Refusal("SC-GAP-9", "a composite maneuver moves to an adjacent zone")


_THIRD_TARGET = Refusal("SC-MAN-3", "the third card names the target zone: 'any CARD>zone'")


@RULES.check(*K(P_TURN, V_ANY, to=False), state=True)
def three_cards(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-MAN-3
    if st.pending:
        return _THIRD_TARGET if len(st.picks) >= 2 else None
    return _THREE if len(st.hands[seat]) < 3 else None


@RULES.check(*K(P_TURN, V_ANY, to=True), state=True)
def third_card(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-MAN-3
    return None if st.pending and len(st.picks) >= 2 else _THIRD_CARD


@RULES.check(*K(P_TURN, V_ANY, to=True))
def three_cards_adjacent(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-GAP-9
    return None if act.zone in _ADJACENT[st.ball] else _GAP_9


_NOT_FW = Refusal("SC-ROLE-FW", "only the Forward maneuvers with any two cards")
_FW_TWO = Refusal("SC-ROLE-FW", "the Forward's maneuver takes two cards")
_FW_ZONES = [Refusal("SC-GAP-10", f"the Forward moves only to an adjacent zone of {sorted(z)}") for z in FORWARD_ZONES]
# by team and ball zone: a zone of the team's Forward zones is next to the ball (SC-GAP-10)
_FW_CAN = [[any(z in zones for z in _ADJACENT[b]) for b in range(10)] for zones in FORWARD_ZONES]
_FW_SECOND = Refusal("SC-GAP-10", "name the first card with 'fw CARD', then the second with its target zone")


_FW_TARGET = Refusal("SC-GAP-10", "the Forward's second card names the target zone: 'fw CARD>zone'")


@RULES.check(*K(P_TURN, V_FW, to=False), state=True)
def forward(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-ROLE-FW, SC-GAP-10
    if st.pending:
        return _FW_TARGET
    if Role.FW not in st.roles[seat]:
        return _NOT_FW
    if len(st.hands[seat]) < 2:
        return _FW_TWO
    side = team(seat)
    return None if _FW_CAN[side][st.ball] else _FW_ZONES[side]


@RULES.check(*K(P_TURN, V_FW, to=True), state=True)
def forward_second_card(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-ROLE-FW, SC-GAP-10
    if st.pending:
        return None
    return _FW_SECOND if Role.FW in st.roles[seat] else _NOT_FW


@RULES.check(*K(P_TURN, V_FW, to=True))
def forward_zones(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-GAP-10, SC-GAP-9
    side = team(seat)
    return None if act.zone in FORWARD_ZONES[side] and act.zone in _ADJACENT[st.ball] else _FW_ZONES[side]


_NOT_DF = Refusal("SC-ROLE-DF", "only the Defender maneuvers with any one card")
_DF_ZONES = [
    Refusal("SC-GAP-10", f"the Defender's zones are {sorted(z)}, adjacent to the ball") for z in DEFENDER_ZONES
]


@RULES.check(*K(P_TURN, V_DF), state=True)
def defender(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-ROLE-DF
    return None if Role.DF in st.roles[seat] else _NOT_DF


@RULES.check(*K(P_TURN, V_DF, to=True))
def defender_zones(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-GAP-10, SC-GAP-9
    side = team(seat)
    return None if act.zone in DEFENDER_ZONES[side] and act.zone in _ADJACENT[st.ball] else _DF_ZONES[side]


_KB_NO_SHOOT = Refusal("SC-GAP-14", "Kick/Block shoots only after a Shoot card; Foul is only a defender's answer")


@RULES.check(*K(P_TURN, V_KB), state=True)
def kick_after_a_shoot_card(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-GAP-14, SC-SHOOT-3
    return None if st.shoot else _KB_NO_SHOOT


@RULES.check(*K(P_TURN, V_KB))
def shot_matches(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-SHOOT-4, SC-SHOOT-5
    return _kb_match(st.t.deck.cards[act.arg].kick_block, st.shoot, "SC-SHOOT-3")


# --------------------------------------------------------------------------- windows

_STEAL_ANSWER = Refusal("SC-PK2-1", "only a two-card Power Kick (first card: 'pk CARD') or 'pass' answers the window")


@RULES.check(*_refused(P_STEAL), state=True)
def steal_answer(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-PK2-1
    return _STEAL_ANSWER


_SINGER_STEALS = Refusal("SC-GAP-22", "a player whose Crowd Singing is running cannot steal")


@RULES.check(*K(P_STEAL, V_PK), state=True)
def singer_cannot_steal(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-GAP-22
    return _SINGER_STEALS if seat == st.singer else None


_STEAL_FIRST = Refusal("SC-PK2-1", "a steal starts with the first Power Kick card: 'pk CARD', then the second")


@RULES.check(*K(P_STEAL, V_PK))
def steal_power_kick(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-PK2-1, SC-PK-3a..c
    return _STEAL_FIRST if act.zone else _first_pk_card(st, seat, act.arg)


_FOLLOW_UP_ANSWER = Refusal("SC-FU-1", "a follow-up is one matching Kick/Block card, or 'pass'")


@RULES.check(*_refused(P_FOLLOW_UP), state=True)
def follow_up_answer(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-FU-1
    return _FOLLOW_UP_ANSWER


@RULES.check(*K(P_FOLLOW_UP, V_KB))
def follow_up_matches(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-FU-1, SC-SHOOT-5
    return _kb_match(st.t.deck.cards[act.arg].kick_block, st.shoot, "SC-FU-1")


_NO_SINGING = Refusal("SC-CROWD-1", "no one may sing during the Shooting Phase")
_SP_8 = Refusal("SC-SP-8", "no Power Kick, steal or maneuver out of the defense zone during the Shooting Phase")
_SP_8_BALL = Refusal("SC-SP-8", "the ball may not leave the defense zone during the Shooting Phase")
_SP_8_SHOOT = Refusal("SC-SP-8", "only a Shoot card (in place, in the goal zone) may be played as a maneuver now")
_DEFENDER = Refusal("SC-SP-3", "a defender blocks ('kb CARD'), fouls ('foul CARD') or passes")
_ATTACKER = Refusal("SC-SP-4", "an attacker shoots ('kb CARD'), plays a Shoot card ('move CARD>zone') or passes")
_ONLY_DEFENDERS_FOUL = Refusal("SC-SP-6", "only defenders may foul")
_SP_7 = Refusal("SC-SP-7", "after a Shoot card only a matching Kick/Block or 'end' may follow")
_SP_7_SHOOT = Refusal("SC-SP-7", "only a Shoot card changes the shooting direction")
_NO_FOUL = Refusal("SC-CARD-4", "that card has no Foul function")


@RULES.check(*_refused(P_SHOOTING), state=True)
def shooting_answer(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-SP-3, SC-SP-4, SC-SP-8, SC-CROWD-1
    if act.verb is V_SING:
        return _NO_SINGING
    if act.verb in _MANEUVERS:
        return _SP_8
    return _DEFENDER if team(seat) != st.attack else _ATTACKER


@RULES.check(*K(P_SHOOTING, V_FOUL, V_MOVE, V_PASS, V_END), state=True)
def shooting_side(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-SP-3, -4, -6, -7, -8
    verb = act.verb
    if team(seat) != st.attack:  # a defender
        if verb is V_MOVE:
            return _SP_8_BALL
        return _DEFENDER if verb is V_END else None
    if verb is V_FOUL:
        return _ONLY_DEFENDERS_FOUL
    if st.shoot:  # SC-SP-7: no two Shoot cards in a row
        return None if verb is V_END else _SP_7
    return _ATTACKER if verb is V_END else None


@RULES.check(*K(P_SHOOTING, V_KB))
def shooting_kb(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-SP-5, SC-SP-7, SC-ROLE-GK-b
    kb = st.t.deck.cards[act.arg].kick_block
    if team(seat) != st.attack:  # a defender blocks
        if kb and Role.GK in st.roles[seat]:  # SC-ROLE-GK-b: any KB, a forced block
            return None
        return _kb_match(kb, st.arrows, "SC-SP-5")
    if st.shoot:
        return _kb_match(kb, st.shoot, "SC-SP-7")
    return _kb_match(kb, st.arrows, "SC-SP-5")


@RULES.check(*K(P_SHOOTING, V_FOUL))
def foul_card(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-SP-6, SC-CARD-4
    return None if st.t.deck.cards[act.arg].foul else _NO_FOUL


@RULES.check(*K(P_SHOOTING, V_MOVE, to=True))
def change_direction(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-SP-7, SC-SP-8
    c, goal = st.t.deck.cards[act.arg], GOAL[st.attack]
    if act.zone != goal:
        return _SP_8_SHOOT
    if not c.shoot:
        return _SP_7_SHOOT
    return None if goal in c.maneuver else Refusal("SC-MAN-1", f"{act.arg} cannot maneuver to zone {goal}")


# --------------------------------------------------------------------------- restarts and singing

_ROLE_ANSWER = Refusal("SC-RS-3", "choose 'role XX' or 'keep'")
_STALE_ROLE = Refusal("SC-RS-3", "only a player card of your team that has not played yet may come on")
_SCORER_KEEPS = Refusal("SC-RS-3", "the scoring player must change to a player card that has not played")


@RULES.check(*_refused(P_ROLE_CHANGE), state=True)
def role_answer(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-RS-3
    return _ROLE_ANSWER


def fresh_roles(st: Data, seat: int) -> list[Role]:
    """Player cards of the seat's team that have not played, and are not the seat's (SC-RS-3, SC-GAP-24)."""
    used, mine = st.used_roles[team(seat)], st.roles[seat]
    return [r for r in Role if r not in used and r not in mine]


@RULES.check(*K(P_ROLE_CHANGE, V_ROLE))
def fresh_role(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-RS-3, SC-GAP-24
    if act.arg not in Role.__members__ or Role(act.arg) not in fresh_roles(st, seat):
        return _STALE_ROLE
    return None


@RULES.check(*K(P_ROLE_CHANGE, V_KEEP), state=True)
def scorer_changes(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-RS-3
    return _SCORER_KEEPS if seat == st.scorer and fresh_roles(st, seat) else None


_EXCHANGE_ANSWER = Refusal("SC-RS-2", "exchange with 'swap CARD' or finish with 'done'")
_THREE_SWAPS = Refusal("SC-RS-2", "at most three cards may be exchanged")


@RULES.check(*_refused(P_EXCHANGE), state=True)
def exchange_answer(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-RS-2
    return _EXCHANGE_ANSWER


@RULES.check(*K(P_EXCHANGE, V_SWAP), state=True)
def three_swaps(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-RS-2
    return _THREE_SWAPS if st.swapped >= 3 else None


_DISCARD_ANSWER = Refusal("SC-CROWD-2", "discard one card of your choice: 'discard CARD'")


@RULES.check(*_refused(P_SING_DISCARD), state=True)
def crowd_discard(st: Data, seat: int, act: Play) -> Refusal | None:  # SC-CROWD-2
    return _DISCARD_ANSWER


# The candidates are built on the checks above (a partly imported module when candidates.py comes first: read
# at call time); has_a_play asks them whether the actor has a play.
from pitchside.games.sonic_cup import candidates  # noqa: E402
