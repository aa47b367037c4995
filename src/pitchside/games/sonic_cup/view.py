"""What a seat may see, how a bot guesses the rest, why a move is refused, and the setup notation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pitchside.core.errors import DataError, IllegalAction
from pitchside.core.hidden import redeal
from pitchside.core.rng import Rng
from pitchside.core.state import read_fields
from pitchside.games.sonic_cup.actions import Play, Verb
from pitchside.games.sonic_cup.cards import arrows_text
from pitchside.games.sonic_cup.state import (
    DEFENDER_ZONES,
    FORWARD_ZONES,
    GOAL,
    LONG_SHOT_FROM,
    TEAM_NAMES,
    Phase,
    Role,
    team,
)

if TYPE_CHECKING:
    from pitchside.games.sonic_cup.game import SonicCup
    from pitchside.games.sonic_cup.rules import SonicCupState


def view(st: SonicCupState, seat: int | None) -> dict[str, Any]:
    """The seat's view: its own hand; every other hand and the deck only as counts (SC-SETUP-6)."""
    n = st.t.n
    seats = [
        {
            "seat": s,
            "team": TEAM_NAMES[team(s)],
            "roles": sorted(r.value for r in st.roles[s]),
            "cards": len(st.hands[s]),
            "limit": st.limit(s),
            "tired": st.tired[s],
            "singing": st.singer == s,
        }
        for s in range(n)
    ]
    out: dict[str, Any] = {
        "game": "sonic-cup",
        "config": st.t.config,
        "seat": seat,
        "seats": seats,
        "ball": st.ball,
        "score": {"blue": st.score[0], "red": st.score[1]},
        "deck": len(st.deck),
        "deck_counter": st.counter,
        "deck_passes": st.t.final_count,
        "extra_time": st.extra_time,
        "discard": st.discard[:],
        "phase": st.phase.name.lower(),
        "decision": st.decision().to_json(),
        "hand": sorted(st.hands[seat]) if seat is not None else None,
        "picks": st.picks[:],
        "pending": st.pending,
        "must_play": st.phase is Phase.TURN and (st.kickoff or st.passes >= st.t.n),
        "sang": {"blue": st.sang[0], "red": st.sang[1]},
    }
    if st.phase in (Phase.SHOOTING, Phase.FOLLOW_UP) or st.shoot:
        out["shooting"] = {
            "attack": TEAM_NAMES[st.attack] if st.phase is not Phase.TURN else TEAM_NAMES[team(st.actor)],
            "match": arrows_text(st.shoot or st.arrows),
            "last_shot": arrows_text(st.shot_arrows),
        }
    if st.phase is Phase.ROLE_CHANGE:  # hidden pick: only whether each seat has committed
        out["committed"] = [bool(p) for p in st.role_picks]
        if seat is not None and st.role_picks[seat]:
            out["my_pick"] = st.role_picks[seat]
    if st.phase is Phase.OVER:
        out["outcome"] = st.outcome().to_json()
    return out


def determinize(st: SonicCupState, seat: int, rng: Rng) -> SonicCupState:
    """A full state the seat cannot tell from the real one: unseen cards dealt again at random."""
    new = st.clone()
    others = [s for s in range(st.t.n) if s != seat]
    new.deck = redeal(new.hands, others, new.deck, rng)
    new.rng = rng.fork()  # future draws are unknown too
    if new.phase is Phase.ROLE_CHANGE:
        for s in others:
            if new.role_picks[s]:
                choices = [str(a.arg) or "keep" for a in _role_choices(new, s)]
                new.role_picks[s] = rng.choice(choices)
    return new


def _role_choices(st: SonicCupState, seat: int) -> list[Play]:
    saved = st.actor, st._legal
    st.actor, st._legal = seat, None
    try:
        return st.legal_actions(seat)
    finally:
        st.actor, st._legal = saved


# --------------------------------------------------------------------- illegal actions

_WHOSE = {
    Phase.TURN: ("SC-TURN-2", "it is seat {a}'s turn"),
    Phase.STEAL: ("SC-PK2-2", "seat {a} has the steal priority now"),
    Phase.FOLLOW_UP: ("SC-FU-3", "only seat {a} may follow up"),
    Phase.SHOOTING: ("SC-SP-3", "seat {a} answers in the Shooting Phase now"),
    Phase.ROLE_CHANGE: ("SC-RS-3", "seat {a} chooses a player card now"),
    Phase.EXCHANGE: ("SC-RS-2", "seat {a} exchanges cards now"),
    Phase.SING_DISCARD: ("SC-CROWD-2", "seat {a} discards to Crowd Singing now"),
}


def explain(st: SonicCupState, seat: int, action: Any) -> IllegalAction:
    """Name the rule an action breaks. Only called for actions that are not legal."""
    if st.phase is Phase.OVER:
        return IllegalAction("SC-END-1" if st.ending == "ko" else "SC-END-2", "the match is over")
    if seat != st.actor:
        if st.phase is Phase.STEAL and seat == st.steal_from:
            return IllegalAction("SC-PK2-3", f"seat {seat} just ended a turn: no player takes two turns in a row")
        rule, text = _WHOSE[st.phase]
        return IllegalAction(rule, f"seat {seat} may not act: " + text.format(a=st.actor))
    if not isinstance(action, Play):
        return IllegalAction("SC-TURN-1", f"{action!r} is not a Sonic Cup action")
    rule, why = _why(st, seat, action)
    return IllegalAction(rule, f"{action} is not allowed: {why}")


def _why(st: SonicCupState, seat: int, act: Play) -> tuple[str, str]:
    verb, cid, _b = act.verb, act.arg, st.ball
    hand = st.hands[seat]
    cards = st.t.deck.cards
    if verb in (Verb.MOVE, Verb.PK, Verb.MPK, Verb.ANY, Verb.FW, Verb.DF, Verb.KB, Verb.FOUL,
                Verb.SWAP, Verb.DISCARD):  # fmt: skip
        if cid not in cards:
            return "SC-GAP-1", f"there is no card {cid!r} in this deck"
        if cid not in hand:
            return "SC-TURN-1", f"you do not hold {cid}"
    phase = st.phase
    if phase is Phase.TURN:
        return _why_turn(st, seat, act)
    if phase is Phase.STEAL:
        if verb is not Verb.PK or act.zone:
            return "SC-PK2-1", "only a two-card Power Kick (first card: 'pk CARD') or 'pass' answers the window"
        if seat == st.singer:
            return "SC-GAP-22", "a player whose Crowd Singing is running cannot steal"
        return _why_pk_first(st, seat, cid)
    if phase is Phase.FOLLOW_UP:
        if verb is not Verb.KB:
            return "SC-FU-1", "a follow-up is one matching Kick/Block card, or 'pass'"
        return _kb_match(cards[cid].kick_block, st.shoot, "SC-FU-1")
    if phase is Phase.SHOOTING:
        return _why_shooting(st, seat, act)
    if phase is Phase.EXCHANGE:
        if verb is Verb.SWAP:
            return "SC-RS-2", "at most three cards may be exchanged"
        return "SC-RS-2", "exchange with 'swap CARD' or finish with 'done'"
    if phase is Phase.ROLE_CHANGE:
        if verb is Verb.KEEP:
            return "SC-RS-3", "the scoring player must change to a player card that has not played"
        if verb is Verb.ROLE:
            return "SC-RS-3", "only a player card of your team that has not played yet may come on"
        return "SC-RS-3", "choose 'role XX' or 'keep'"
    return "SC-CROWD-2", "discard one card of your choice: 'discard CARD'"


def _kb_match(kb: int, want: int, rule: str) -> tuple[str, str]:
    if not kb:
        return "SC-CARD-4", "that card has no Kick/Block function"
    matched = "SC-SP-5" if rule == "SC-SP-5" else "SC-SHOOT-5"  # white vs white arrows, or vs purple ones
    return matched, f"its arrows {arrows_text(kb)} share no direction with {arrows_text(want)} ({rule})"


def _why_pk_first(st: SonicCupState, seat: int, cid: str, zone: int = 0) -> tuple[str, str]:
    cards, b = st.t.deck.cards, st.ball
    if b not in cards[cid].maneuver:
        return "SC-PK-3a", f"both Power Kick cards must show the ball's zone {b}"
    rest = st.hands[seat][:]
    rest.remove(cid)
    partners = [c for c in rest if b in cards[c].maneuver]
    if not partners:
        return "SC-PK-3a", f"no second card in your hand shows the ball's zone {b}"
    if not cards[cid].power_kick and not any(cards[c].power_kick for c in partners):
        return "SC-PK-3b", "one of the two cards must have the Power Kick function"
    if zone:
        return "SC-PK-2", "a Power Kick takes two cards: name the first with 'pk CARD', then the second with its target"
    return "SC-PK-3c", "no second card in your hand completes a Power Kick with it"


def _why_turn(st: SonicCupState, seat: int, act: Play) -> tuple[str, str]:
    verb, cid, b, side = act.verb, act.arg, st.ball, team(seat)
    cards, roles = st.t.deck.cards, st.roles[seat]
    c = cards.get(cid)
    if st.pending:
        if verb.value != st.pending:
            return "SC-PK-3" if st.pending == "pk" else "SC-MAN-3", f"finish the '{st.pending}' play you started first"
        if verb is Verb.PK and c is not None:
            if b not in c.maneuver:
                return "SC-PK-3a", f"both cards must show the ball's zone {b}"
            first = cards[st.picks[0]]
            if not (first.power_kick or c.power_kick):
                return "SC-PK-3b", "one of the two cards must have the Power Kick function"
            return "SC-PK-3c", "the ball goes to a Power Kick target printed on the cards, not adjacent"
        if verb is Verb.FW:
            return "SC-GAP-10", f"the Forward moves only to an adjacent zone of {sorted(FORWARD_ZONES[side])}"
        return "SC-GAP-9", "a composite maneuver moves to an adjacent zone"
    if st.shoot:
        if verb is Verb.KB and c is not None:
            return _kb_match(c.kick_block, st.shoot, "SC-SHOOT-3")
        return "SC-GAP-13", "after a Shoot card only a matching Kick/Block or 'end' may follow"
    if verb is Verb.PASS:
        if st.kickoff:
            return "SC-KO-2", "the kick-off player must play cards and may not pass"
        if not st.played and st.passes >= st.t.n:
            return "SC-PROJ-11", "every player has passed in turn: play at least one card"
        return "SC-TURN-4", "you have played cards: end the turn with 'end'"
    if verb is Verb.END:
        if st.kickoff:
            return "SC-RS-4", "the kick-off player must play at least one card"
        return "SC-TURN-2", "you have played no card: 'pass' instead"
    if verb is Verb.SING:
        if st.t.n < 8:
            return "SC-CROWD-1", "Crowd Singing is only for 8 or 10 players"
        if st.kickoff:
            return "SC-CROWD-1", "the kick-off player may not sing"
        if st.played:
            return "SC-CROWD-2", "sing at the start of your turn"
        if st.sang[side]:
            return "SC-CROWD-1", "your team has sung already"
        return "SC-CROWD-4", "the other team's singing has not ended"
    if c is None:
        return "SC-TURN-1", f"{verb.value!r} is not a turn action"
    if verb is Verb.MOVE:
        if act.zone not in c.maneuver:
            return "SC-MAN-1", f"{cid} cannot maneuver to zone {act.zone}"
        if act.zone == GOAL[side] and b == LONG_SHOT_FROM[side] and Role.LSF in roles and not c.shoot:
            return "SC-ROLE-LSF", "the long shot needs a card with Shoot directions"
        return "SC-MAN-2", f"a one-card maneuver moves from zone {b} to an adjacent zone or stays"
    if verb is Verb.PK:
        return _why_pk_first(st, seat, cid, act.zone)
    if verb is Verb.MPK:
        if Role.MF not in roles:
            return "SC-ROLE-MF", "only the Midfielder has the one-card Power Kick"
        if st.mf_used:
            return "SC-ROLE-MF", "the one-card Power Kick is once per turn"
        return "SC-GAP-11", f"the card must show zone {b}, have a Power Kick, and target a printed zone"
    if verb is Verb.ANY:
        return "SC-MAN-3", "any three cards need three cards in hand"
    if verb is Verb.FW:
        if Role.FW not in roles:
            return "SC-ROLE-FW", "only the Forward maneuvers with any two cards"
        return "SC-GAP-10", f"the Forward's zones are {sorted(FORWARD_ZONES[side])}, adjacent to the ball"
    if verb is Verb.DF:
        if Role.DF not in roles:
            return "SC-ROLE-DF", "only the Defender maneuvers with any one card"
        return "SC-GAP-10", f"the Defender's zones are {sorted(DEFENDER_ZONES[side])}, adjacent to the ball"
    if verb in (Verb.KB, Verb.FOUL):
        return "SC-GAP-14", "Kick/Block shoots only after a Shoot card; Foul is only a defender's answer to a shot"
    if verb in (Verb.DISCARD, Verb.SWAP):
        return "SC-CARD-4", "a card may not be discarded: every card played must use a function"
    return "SC-TURN-1", f"{verb.value!r} is not a turn action"


def _why_shooting(st: SonicCupState, seat: int, act: Play) -> tuple[str, str]:
    verb, cards = act.verb, st.t.deck.cards
    c = cards.get(act.arg)
    defending = team(seat) != st.attack
    if verb is Verb.SING:
        return "SC-CROWD-1", "no one may sing during the Shooting Phase"
    if verb in (Verb.PK, Verb.MPK, Verb.ANY, Verb.FW, Verb.DF):
        return "SC-SP-8", "no Power Kick, steal or maneuver out of the defense zone during the Shooting Phase"
    if defending:
        if verb is Verb.KB and c is not None:
            return _kb_match(c.kick_block, st.arrows, "SC-SP-5")
        if verb is Verb.FOUL:
            return "SC-CARD-4", "that card has no Foul function"
        if verb is Verb.MOVE:
            return "SC-SP-8", "the ball may not leave the defense zone during the Shooting Phase"
        return "SC-SP-3", "a defender blocks ('kb CARD'), fouls ('foul CARD') or passes"
    if st.shoot:
        if verb is Verb.KB and c is not None:
            return _kb_match(c.kick_block, st.shoot, "SC-SP-7")
        return "SC-SP-7", "after a Shoot card only a matching Kick/Block or 'end' may follow"
    if verb is Verb.FOUL:
        return "SC-SP-6", "only defenders may foul"
    if verb is Verb.KB and c is not None:
        return _kb_match(c.kick_block, st.arrows, "SC-SP-5")
    if verb is Verb.MOVE:
        return "SC-SP-8", "only a Shoot card (in place, in the goal zone) may be played as a maneuver now"
    return "SC-SP-4", "an attacker shoots ('kb CARD'), plays a Shoot card ('move CARD>zone') or passes"


# --------------------------------------------------------------------- setup notation


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
    if st.phase in _WHOSE and st.phase is not Phase.TURN and not st.queue:
        raise fail("queue", f"the {st.phase.name.lower()} window needs the seats still to answer, the actor first")
    if st.queue and st.queue[0] != st.actor:
        raise fail("queue", "the first seat of the queue is the actor")
    if len(set(st.queue)) != len(st.queue):
        raise fail("queue", "names a seat twice")
    if st.phase is Phase.ROLE_CHANGE:
        if len(st.role_picks) != n:
            raise fail("role_picks", f"needs {n} entries (one per seat) while player cards change (SC-RS-3)")
        for s, pick in enumerate(st.role_picks):
            if pick not in ("", "keep") and pick not in Role.__members__:
                raise fail(f"role_picks.{s}", "must be '', 'keep' or a role such as 'GK'")
    if st.pending and st.pending not in ("pk", "any", "fw"):
        raise fail("pending", "must be '', 'pk', 'any' or 'fw'")
    if not 1 <= st.counter <= st.t.final_count:
        raise fail("counter", f"must be 1..{st.t.final_count}")
