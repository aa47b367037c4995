"""What a seat may see, how a bot guesses the rest, why a move is refused, and the setup notation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pitchside.core.errors import DataError, IllegalAction
from pitchside.core.game import Event
from pitchside.core.hidden import shuffle_unseen
from pitchside.core.rng import Rng
from pitchside.core.state import read_fields
from pitchside.games.my_world_cup.actions import Act, Verb
from pitchside.games.my_world_cup.cards import FOUL_FACES, Kind
from pitchside.games.my_world_cup.skills import USE_NAMES
from pitchside.games.my_world_cup.state import (
    SIDE_NAMES,
    UNRESOLVED,
    Data,
    Phase,
    Table,
)

if TYPE_CHECKING:
    from pitchside.games.my_world_cup.game import MyWorldCup
    from pitchside.games.my_world_cup.rules import MyWorldCupState

_STATUS = ("unresolved", "resolved", "removed")
HIDDEN_CONFIG = ("hands", "deck", "discard")  # a tournament's opening cards: never shown, never in a twin


def team_info(st: MyWorldCupState, side: int) -> dict[str, Any]:
    team = st.t.m.teams[side]
    return {
        "id": team.id,
        "zh": team.zh,
        "en": team.en,
        "group": team.group,
        "grade": team.grade,
        "world_rank": team.world_rank,
        "neutral": st.t.neutral[side],
        "skills": [
            {"code": s.notation(), "zh": s.zh, "en": s.en, "source": s.source, "rule": s.rule} for s in team.skills
        ],
    }


def lineup_info(st: MyWorldCupState, side: int) -> list[dict[str, Any]]:
    eff = st.t.m.eff[side]
    out = []
    for i, text in enumerate(st.line[side]):
        k, v, sp = eff[text]
        out.append(
            {
                "slot": i + 1,
                "card": text,
                "kind": Kind(k).word,
                "value": v,
                "speed": sp,
                "status": _STATUS[st.stat[side][i]],
                "first": st.first[side] == i,
            }
        )
    return out


def view(st: MyWorldCupState, seat: int | None) -> dict[str, Any]:
    """The seat's view: its own hand and lineup; the other hand, the deck and an unrevealed lineup as counts."""
    t = st.t
    sides = []
    for s in (0, 1):
        own = seat == s
        shown = st.revealed or own
        sides.append(
            {
                "side": SIDE_NAMES[s],
                "team": team_info(st, s),
                "hand": sorted(st.hands[s]) if own else None,
                "hand_count": len(st.hands[s]),
                "fielded": len(st.line[s]),
                "lineup": lineup_info(st, s) if shown else None,
                "limit": st.limit[s],
                "ready": st.ready[s],
                "yellows": st.yellows[s],
                "reds": st.reds[s],
                "used": [name for bit, name in USE_NAMES.items() if st.used[s] & bit],
            }
        )
    out: dict[str, Any] = {
        "game": "my-world-cup",
        "config": {k: v for k, v in t.config.items() if k not in HIDDEN_CONFIG},
        "mode": t.mode.value,
        "seat": seat,
        "phase": st.phase.name.lower(),
        "period": "extra-time" if st.period else "regular",
        "score": st.score[:],
        "shootout": {"goals": st.pens[:], "kicks": st.kicks[:]},
        "deck": len(st.deck),
        "discard": st.discard[:],
        "elsewhere": len(st.elsewhere),
        "revealed": st.revealed,
        "sides": sides,
        "rolls": st.rolls[:],
        "decision": st.decision().to_json(),
        "ask": _ask_info(st),
    }
    if st.phase is Phase.OVER:
        out["outcome"] = st.outcome().to_json()
    return out


def _ask_info(st: MyWorldCupState) -> dict[str, Any] | None:
    ask = st.ask
    if ask is None:
        return None
    op, seat = ask[0], ask[1]
    info: dict[str, Any] = {"op": op, "seat": seat}
    if op in ("lead", "pair"):
        info["active_team"] = ask[2]
        if op == "pair":
            info["active_slot"] = ask[3] + 1
            info["active_card"] = st.line[ask[2]][ask[3]]
    elif op == "discard":
        info["left"] = ask[2]
    elif op == "swap_in":
        info["slot"] = ask[2] + 1
    elif op == "ignore_def":
        info["dice"], info["full"] = ask[2], ask[3]
    elif op == "double":
        info["dice"] = ask[2]
    elif op == "reroll":
        info["dice"], info["double"], info["goals"] = ask[2] * ask[3], ask[3] == 2, ask[5]
    elif op == "foul":
        info["face"] = FOUL_FACES[ask[2]]
    elif op == "remove":
        info["team"] = ask[2]
    return info


# --------------------------------------------------------------------------- determinize


def determinize(st: MyWorldCupState, seat: int, rng: Rng) -> MyWorldCupState:
    """A full state the seat cannot tell from the real one: every unseen card dealt again at random,
    an unrevealed opposing lineup fielded again with random usable halves, and a new future for the dice."""
    new = st.clone()
    o = 1 - seat
    t = st.t
    new.t = Table(t.m, t.mode, t.neutral, {k: v for k, v in t.config.items() if k not in HIDDEN_CONFIG})
    hidden_line = not st.revealed and bool(st.line[o])
    pool = st.hands[o] + st.deck + st.elsewhere
    if hidden_line:
        pool += [c.split(":", 1)[0] for c in st.line[o]]
    pool = shuffle_unseen(pool, rng)
    k = len(st.hands[o])
    new.hands[o] = pool[:k]
    i = k
    if hidden_line:
        fa = t.m.field_acts[o]
        line = []
        for _ in st.line[o]:
            acts = fa[pool[i]]
            line.append(acts[rng.below(len(acts))].arg)
            i += 1
        new.line[o] = line
    new.deck = pool[i : i + len(st.deck)]
    new.elsewhere = sorted(pool[i + len(st.deck) :])
    new.rng = rng.fork()
    new._legal = None
    return new


# --------------------------------------------------------------------------- illegal actions

_RULE = {
    "discard": ("WC-TEAM-ESP-1", "discard a card from your hand after the squad-depth draw"),
    "gamble": ("WC-TEAM-ALG-1", "'roll' the preparation die or 'skip'"),
    "field": ("WC-MATCH-3", "field a card ('field AD4:top') or 'ready'"),
    "swap": ("WC-TEAM-ENG-3", "choose a lineup slot to swap ('swap 2') or 'skip'"),
    "swap_in": ("WC-GAP-14", "choose the hand card and its half to bring in ('swap AD4:top')"),
    "first": ("WC-TEAM-CIV-2", "choose a goal card of your lineup ('first 2') or 'skip'"),
    "flip": ("WC-GAP-25", "choose an attack/defense card of your lineup to flip ('flip 2') or 'skip'"),
    "lead": ("WC-GAP-8", "choose which of the tied fastest cards is active ('lead 2')"),
    "pair": ("WC-MATCH-4", "choose the target card ('pair 2') or, when allowed, 'void'"),
    "ignore_def": ("WC-GAP-25", "'ignore' the defense (once per match) or 'skip'"),
    "double": ("WC-GAP-13", "'double' the dice or roll 'single'"),
    "reroll": ("WC-GAP-25", "'reroll' (once per match) or 'skip'"),
    "foul": ("WC-GAP-5", "'reroll' or 'ignore' the foul die (once per match) or 'skip'"),
    "remove": ("WC-GAP-5", "choose the card the red card removes ('remove 2')"),
}


def explain(st: MyWorldCupState, seat: int, action: Any) -> IllegalAction:
    """Name the rule an action breaks. Only called for actions that are not legal."""
    ask = st.ask
    if ask is None:
        return IllegalAction("WC-MATCH-6", "the match is over")
    op, who = ask[0], ask[1]
    rule, hint = _RULE[op]
    if seat != who:
        if op == "field":
            return IllegalAction("WC-GAP-7", f"the lineups are picked one side at a time: side {who} picks now")
        if op in ("lead", "pair") and st.t.m.powers[ask[2]].opponent_pairs:
            return IllegalAction("WC-TEAM-PRK-1", f"side {who} makes this pairing for North Korea's card")
        if op in ("lead", "pair"):
            return IllegalAction("WC-MATCH-4", f"the active card's owner, side {who}, pairs now")
        if op == "remove":
            return IllegalAction("WC-GAP-5", f"the opponent of the fouling team, side {who}, removes the card")
        return IllegalAction(rule, f"side {who} decides now: {hint}")
    if not isinstance(action, Act):
        return IllegalAction("WC-GAP-7", f"{action!r} is not a My World Cup action")
    r, why = _why(st, seat, op, ask, action)
    return IllegalAction(r or rule, f"{action} is not allowed: {why or hint}")


def _why(st: MyWorldCupState, seat: int, op: str, ask: tuple[Any, ...], act: Act) -> tuple[str, str]:
    v = act.verb
    m = st.t.m
    cards = m.cards.cards
    if op == "field":
        if v is not Verb.FIELD:
            return "", ""
        cid = act.card
        if cid not in cards:
            return "WC-CARD-5", f"there is no card {cid!r}"
        if cid not in st.hands[seat]:
            return "WC-GAP-7", f"{cid} is not in your hand"
        if len(st.line[seat]) >= st.limit[seat]:
            if st.period:
                return "WC-GAP-21", f"at most {st.limit[seat]} cards in extra time"
            if st.limit[seat] != 4:
                return "WC-TEAM-ALG-1", f"at most {st.limit[seat]} cards this match"
            return "WC-MATCH-3", "at most four cards"
        if cards[cid].same_halves:
            return "WC-CARD-2", f"both halves of {cid} are the same: field it as {cid}:top"
        return "WC-CARD-3", f"that half is not for a grade {m.teams[seat].grade} team"
    if op == "discard":
        if v is Verb.DISCARD:
            return "WC-TEAM-ESP-1", f"{act.arg} is not in your hand"
        return "", ""
    if op == "swap":
        if v is Verb.SWAP and ":" in act.arg:
            return "WC-GAP-14", "first choose the lineup slot to swap ('swap 2')"
        if v is Verb.SWAP:
            return "WC-TEAM-ENG-3", f"your lineup has no slot {act.arg}"
        return "", ""
    if op == "swap_in":
        if v is Verb.SWAP and ":" in act.arg:
            if act.card not in st.hands[seat]:
                return "WC-GAP-14", f"{act.card} is not in your hand"
            return "WC-CARD-3", f"that half is not for a grade {m.teams[seat].grade} team"
        return "WC-GAP-14", "the swap is under way: name the hand card coming in"
    if op == "first" and v is Verb.FIRST:
        return "WC-TEAM-CIV-2", f"slot {act.arg} holds no goal card of yours"
    if op == "flip" and v is Verb.FLIP:
        return "WC-GAP-25", f"slot {act.arg} holds no attack/defense card of yours"
    if op == "lead" and v is Verb.LEAD:
        return "WC-GAP-8", f"slot {act.arg} is not one of the tied fastest cards"
    if op == "pair":
        if v is Verb.VOID:
            return "WC-MATCH-7", "void only when the active card's team has more cards left than the opponent"
        if v is Verb.PAIR:
            return "WC-MATCH-6", f"the opponent has no remaining card in slot {act.arg}"
    if op == "remove" and v is Verb.REMOVE:
        return "WC-GAP-5", f"slot {act.arg} holds no unresolved card of the fouling team"
    if op == "foul" and v in (Verb.REROLL, Verb.IGNORE):
        return "WC-GAP-25", f"your team has no unused {v.value} for the foul die"
    return "", ""


# --------------------------------------------------------------------------- setup notation


def read_setup(
    game: MyWorldCup,
    setup: Mapping[str, Any],
    source: str,
    advance: bool = True,
    events: list[Event] | None = None,
) -> MyWorldCupState:
    """Build a state from the setup notation (docs/notation.md); errors name the field.

    A setup without an open ``ask`` (a hand-built scenario) runs on to the next decision when
    ``advance`` is true; the events of getting there go to ``events`` when given.
    """
    from pitchside.games.my_world_cup.game import blank

    def fail(field: str, message: str) -> DataError:
        return DataError(source, None, field, message)

    if not isinstance(setup, Mapping):
        raise fail("", "a setup is a JSON object")
    if setup.get("game", "my-world-cup") != "my-world-cup":
        raise fail("game", "this is a setup of another game")
    cfg = game.normalize_config(setup.get("config") or {}, source)
    if cfg.get("teams") is None:
        raise fail("config.teams", "a setup names both teams")
    t = game.table(cfg)
    st = blank(t, Rng(0))
    st.phase = Phase.LINEUP
    read_fields(st, setup, source, seats=2, header={"game", "config"})  # types, ranges, seats, lengths
    if "stat" not in setup:
        st.stat = [[UNRESOLVED] * len(st.line[0]), [UNRESOLVED] * len(st.line[1])]
    if "elsewhere" not in setup:  # a hand-built setup: what is nowhere else is elsewhere
        left = Counter(t.m.cards.physical)
        left.subtract(card_ids(st))
        st.elsewhere = sorted(left.elements())
    _check(st, fail)
    if advance and st.ask is None and st.phase is not Phase.OVER:
        st._advance([] if events is None else events)
    return st


def card_ids(st: Data) -> list[str]:
    ids = st.deck + st.discard + st.hands[0] + st.hands[1]
    ids += [c.split(":", 1)[0] for s in (0, 1) for c in st.line[s]]
    return ids


def _ints(values: tuple[Any, ...]) -> bool:
    return all(isinstance(x, int) and not isinstance(x, bool) for x in values)


def _check(st: MyWorldCupState, fail: Any) -> None:
    """The situation must be one the rules can reach: cards conserved, lineups well formed."""
    from pitchside.games.my_world_cup.game import card_census
    from pitchside.games.my_world_cup.rules import ASK_OPS, STEP_NAMES

    m = st.t.m
    for step in st.todo:
        if not step or step[0] not in STEP_NAMES or not _ints(step[1:]):
            raise fail("todo", f"a step is [name, integers...] with a name among {', '.join(sorted(STEP_NAMES))}")
    ask = st.ask
    if ask is not None and (len(ask) < 2 or ask[0] not in ASK_OPS or ask[1] not in (0, 1) or not _ints(ask[1:])):
        raise fail("ask", "must be null or [op, seat, integers...] with a known op")
    want = Counter(m.cards.physical)
    got = card_census(st)
    for cid in sorted(set(got) | set(want)):
        if got[cid] != want[cid]:
            raise fail("hands", f"card {cid}: {got[cid]} in play, the card set has {want[cid]} (cards are conserved)")
    for s in (0, 1):
        for text in st.line[s]:
            if text not in m.eff[s]:
                raise fail(f"line.{s}", f"{text!r} is not a card half such as 'AD4:top'")
        if len(st.stat[s]) != len(st.line[s]):
            raise fail(f"stat.{s}", "needs one status per lineup card")
        if not -1 <= st.first[s] < max(1, len(st.line[s])):
            raise fail("first", "must be a lineup index or -1")
    if ask is not None and ask[0] in ("lead", "pair") and (len(ask) < 3 or ask[2] not in (0, 1)):
        raise fail("ask", "a pairing ask names the active team")
    if ask is not None and st.phase is Phase.OVER:
        raise fail("ask", "a finished match asks nothing")
