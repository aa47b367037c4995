"""What a seat may see, how a bot guesses the rest, and the setup notation (read side)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pitchside.core.errors import DataError
from pitchside.core.hidden import redeal
from pitchside.core.rng import Rng
from pitchside.core.state import read_fields
from pitchside.games.world_ball.state import EVENT, PROMPT, SAVE, SHOT, TEAM_NAMES, Data, Phase, team

if TYPE_CHECKING:
    from pitchside.games.world_ball.game import WorldBall
    from pitchside.games.world_ball.rules import WorldBallState


def view(st: WorldBallState, seat: int | None) -> dict[str, Any]:
    """The seat's view: its own hand (and, in the draft, its own characters to choose from); every
    other hand, offer and the deck only as counts. Everything on the table is public."""
    n = st.t.n
    seats = []
    for s in range(n):
        ch = st.char(s)
        seats.append(
            {
                "seat": s,
                "team": TEAM_NAMES[team(s)],
                "character": ch.id if ch else None,
                "position": ch.position if ch else None,
                "stamina": st.stamina[s],
                "max_stamina": st.max_stamina(s),
                "injured": st.injured[s],
                "cards": len(st.hands[s]),
                "hand_limit": st.hand_limit(s),
                "skills": st.skills[s][:],
                "pending": st.pending[s][:],
                "offered": len(st.offers[s]),
            }
        )
    out: dict[str, Any] = {
        "game": "world-ball",
        "config": st.t.config,
        "seat": seat,
        "seats": seats,
        "phase": st.phase.name.lower(),
        "decision": st.decision().to_json(),
        "active": st.active,
        "starter": st.starter,
        "half": st.half,
        "halves": st.t.halves,
        "sudden": st.sudden,
        "score": {TEAM_NAMES[0]: st.score[0], TEAM_NAMES[1]: st.score[1]},
        "deck": len(st.deck),
        "discard": st.discard[:],
        "quiet": st.quiet,
        "turn": {
            "played": st.played,
            "shots": st.shots,
            "no_shots": st.no_shots,
            "uses": st.uses,
            "skill_target": st.skill_target,
            "block": st.block,
        },
        "stack": [dict(f) for f in st.stack],
        "hand": sorted(st.hands[seat]) if seat is not None else None,
        "offers": sorted(st.offers[seat]) if seat is not None and st.offers[seat] else None,
    }
    window = describe_window(st)
    if window is not None:
        out["window"] = window
    if seat is not None and st.chars[seat]:
        out["costs"] = costs(st, seat, window)
    if st.phase is Phase.OVER:
        out["outcome"] = st.outcome().to_json()
    return out


def describe_window(st: Data) -> dict[str, Any] | None:
    """The open shot (if any) and the top frame, in plain fields, for renderers and bots."""
    if not st.stack:
        return None
    top = st.stack[-1]
    out: dict[str, Any] = {"kind": top["k"], "seat": top["at"]}
    for f in reversed(st.stack):
        if f["k"] == SHOT:
            out["shot"] = {"shooter": f["seat"], "play": f["play"], "card": f["card"], "need": f["need"],
                           "saves": f["saves"], "blocked": f["blocked"]}  # fmt: skip
            break
    if top["k"] == SAVE:
        out["save"] = {"saver": top["seat"], "how": top["how"], "card": top["card"]}
    elif top["k"] == EVENT:
        out["event"] = {"player": top["seat"], "card": top["card"], "target": top["target"], "extra": top["extra"],
                        "controversies": top["depth"], "takes_effect": top["depth"] % 2 == 0}  # fmt: skip
    elif top["k"] == PROMPT:
        out["prompt"] = {k: v for k, v in top.items() if k not in ("k", "at")}
    return out


def costs(st: WorldBallState, seat: int, window: dict[str, Any] | None) -> dict[str, Any]:
    """What the seat's plays cost now (WB-CHAR-4, WB-SET-2, WB-GAP-25), for renderers and bots."""
    out: dict[str, Any] = {"shoot": st.shot_cost(seat, "shoot")}
    for sp in st.t.content.set_pieces:
        out[sp] = st.shot_cost(seat, sp)
    if window is not None and "shot" in window:
        shooter = window["shot"]["shooter"]
        out["save"] = st.save_cost(seat, shooter, "save")
        out["wall"] = st.save_cost(seat, shooter, "wall")
    return out


def determinize(st: WorldBallState, seat: int, rng: Rng) -> WorldBallState:
    """A full state the seat cannot tell from the real one: unseen cards (and, in the draft, unseen
    characters) dealt again at random; future chance forked."""
    new = st.clone()
    n = st.t.n
    others = [s for s in range(n) if s != seat]
    new.deck = redeal(new.hands, others, new.deck, rng)
    if st.phase is Phase.DRAFT:
        seen = {c for c in st.chars if c} | set(st.offers[seat])
        unseen = [c for c in st.t.content.characters if c not in seen]
        rng.shuffle(unseen)
        j = 0
        for s in others:
            k = len(new.offers[s])
            new.offers[s] = unseen[j : j + k]
            j += k
    new.rng = rng.fork()
    return new


# --------------------------------------------------------------------------- setup notation (read)

_FRAME_KEYS: dict[str, dict[str, type]] = {
    SHOT: {"seat": int, "play": str, "card": str, "need": int, "saves": int, "blocked": int, "refused": int,
           "from": int, "at": int, "passed": int},
    SAVE: {"seat": int, "how": str, "card": str, "shooter": int, "from": int, "at": int, "passed": int},
    EVENT: {"seat": int, "card": str, "target": int, "extra": str, "depth": int, "from": int, "at": int,
            "passed": int},
    PROMPT: {"effect": str, "point": str, "seat": int, "at": int},
}  # fmt: skip
_SEAT_KEYS = ("seat", "shooter", "from", "at", "blocked", "target", "saver")


def read_setup(game: WorldBall, setup: Mapping[str, Any], source: str) -> WorldBallState:
    """Build a state from the setup notation (docs/notation.md); errors name the field."""
    from pitchside.games.world_ball.game import blank

    def fail(field: str, message: str) -> DataError:
        return DataError(source, None, field, message)

    if not isinstance(setup, Mapping):
        raise fail("", "a setup is a JSON object")
    if setup.get("game", "world-ball") != "world-ball":
        raise fail("game", "this is a World Ball setup reader")
    raw_cfg = setup.get("config") or {}
    if not isinstance(raw_cfg, Mapping):
        raise fail("config", "must be an object")
    cfg = dict(raw_cfg)
    if "seats" in setup:
        cfg.setdefault("seats", setup["seats"])
    cfg = game.normalize_config(cfg, source)
    t = game.table(cfg)
    n = t.n
    st = blank(t, Rng(0))
    read_fields(st, setup, source, seats=n, header={"game", "seats", "config"})
    _stack(st.stack, n, fail)
    if "chars" not in setup and "characters" in cfg:
        st.chars = list(cfg["characters"])
    _check(st, fail)
    for s in range(n):
        st.refresh_powers(s)
    if "stamina" not in setup and st.phase is not Phase.DRAFT:
        st.stamina = [st.max_stamina(s) for s in range(n)]
    for s in range(n):
        if not 0 <= st.stamina[s] <= max(st.max_stamina(s), 0):
            raise fail(f"stamina.{s}", f"must be 0..{st.max_stamina(s)} (WB-GAP-2)")
    if st.stack and st.stack[-1]["at"] < 0:  # a hand-written situation: let the window find its seat
        st.settle([])
    return st


def _stack(stack: list[dict[str, Any]], n: int, fail: Any) -> None:
    """Each frame (already a list of objects of scalars, core.state) has its kind's keys, seats in range."""
    for i, f in enumerate(stack):
        if f.get("k") not in _FRAME_KEYS:
            raise fail(f"stack.{i}", f"a frame is an object with k = {', '.join(_FRAME_KEYS)}")
        want = _FRAME_KEYS[f["k"]]
        for key, kind in want.items():
            v = f.get(key)
            if not isinstance(v, kind) or isinstance(v, bool):
                raise fail(f"stack.{i}.{key}", f"must be {'an integer' if kind is int else 'a string'}")
        for key, v in f.items():
            if key != "k" and key not in want and (f["k"] != PROMPT or not isinstance(v, int | str)):
                raise fail(f"stack.{i}.{key}", "unknown frame field")
            if key in _SEAT_KEYS and (not isinstance(v, int) or isinstance(v, bool) or not -1 <= v < n):
                raise fail(f"stack.{i}.{key}", f"must be a seat 0..{n - 1} (or -1)")


def _check(st: WorldBallState, fail: Any) -> None:
    """The situation must be one the rules can reach: cards conserved, ids known, seats in range."""
    from pitchside.games.world_ball.game import card_census

    c = st.t.content
    n = st.t.n
    for s, cid in enumerate(st.chars):
        if cid and cid not in c.characters:
            raise fail(f"chars.{s}", f"{cid!r} is not a character")
    chosen = [x for x in st.chars if x]
    if len(set(chosen)) != len(chosen):
        raise fail("chars", "a character can be chosen only once (WB-GAP-1)")
    offered = [x for o in st.offers for x in o]
    for s, o in enumerate(st.offers):
        for cid in o:
            if cid not in c.characters or cid in chosen:
                raise fail(f"offers.{s}", f"{cid!r} is not a character left to choose")
    if len(set(offered)) != len(offered):
        raise fail("offers", "a character is offered twice")
    if st.phase is Phase.DRAFT:
        if any(bool(st.chars[s]) == bool(st.offers[s]) for s in range(n)):
            raise fail("offers", "in the draft every seat has either a character or characters to choose from")
    elif not all(st.chars):
        raise fail("chars", "every seat needs a character outside the draft")
    for s, area in enumerate(st.skills):
        classes = [c.skills[x].cls if x in c.skills else "" for x in area]
        if "" in classes:
            raise fail(f"skills.{s}", "only skill cards can be equipped (WB-SKILL-2)")
        if len(set(classes)) != len(classes):
            raise fail(f"skills.{s}", "one skill of each class (WB-SKILL-4)")
    for s, area in enumerate(st.pending):
        if any(x not in c.events or not c.events[x].pending for x in area) or len(set(area)) != len(area):
            raise fail(f"pending.{s}", "only pending events, one of each name (WB-GAP-14)")
    want = Counter(c.physical)
    got = card_census(st)
    if st.phase is Phase.DRAFT and not got:
        pass  # the deck is shuffled after the draft (WB-SETUP-5)
    else:
        for cid in sorted(set(got) | set(want)):
            if got[cid] != want[cid]:
                where = "hands" if cid not in want else "deck"
                raise fail(where, f"card {cid}: {got[cid]} in play, the deck has {want[cid]} (cards must be conserved)")
    if any(x < 0 for x in st.score):  # seats, lengths and types: the declaration (state.Data)
        raise fail("score", "needs two scores, team A's then team B's")
    if st.half > st.t.halves:
        raise fail("half", f"must be 1..{st.t.halves}")
