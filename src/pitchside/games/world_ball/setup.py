"""Reading a World Ball setup (docs/notation.md) and the game's own setup invariants.

Core checks the header and, through GameBase.from_setup, that the match can go on (check_playable).
Here: the fields (core's read_fields), the frames of the stack, the characters and areas, and the cards
(conserved; after the draft the cards a setup does not name go to the deck in a seeded order, issue 7).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pitchside.core.errors import DataError
from pitchside.core.rng import Rng
from pitchside.core.setupfile import read_rest, rest_in_deck, setup_config, unnamed_cards
from pitchside.core.state import read_fields
from pitchside.games.world_ball.state import EVENT, PROMPT, SAVE, SHOT, Phase, team

if TYPE_CHECKING:
    from pitchside.games.world_ball.game import WorldBall
    from pitchside.games.world_ball.rules import WorldBallState

_FRAME_KEYS: dict[str, dict[str, type]] = {
    SHOT: {"seat": int, "play": str, "card": str, "need": int, "saves": int, "blocked": int, "refused": int,
           "from": int, "at": int, "passed": int},
    SAVE: {"seat": int, "how": str, "card": str, "shooter": int, "from": int, "at": int, "passed": int},
    EVENT: {"seat": int, "card": str, "target": int, "extra": str, "depth": int, "from": int, "at": int,
            "passed": int},
    PROMPT: {"effect": str, "point": str, "seat": int, "at": int},
}  # fmt: skip
_SEAT_KEYS = ("seat", "shooter", "from", "at", "blocked", "target", "saver")
# A prompt frame carries the context of the point it was offered at (mechanics.push_prompts, windows.declare_save).
_PROMPT_KEYS: dict[str, dict[str, type]] = {
    "shot_played": {"shooter": int, "play": str, "by": int},
    "stamina_zero": {},
    "captain": {"saver": int, "how": str, "card": str, "cost": int},
}
# The stacks the rules build: a shot, the save answering it, and on top an event or a prompt (bottom first).
_SHAPES = {(), (EVENT,), (PROMPT,), (SHOT,), (SHOT, EVENT), (SHOT, PROMPT), (SHOT, SAVE), (SHOT, SAVE, EVENT),
           (SHOT, SAVE, PROMPT)}  # fmt: skip
# What kind of Save a frame is (windows._how) and the card each kind is made with ("" any card): 救险, a
# goalkeeper's 射门 (WB-CHAR-5), Terry's discard, 人墙 (a captain never pays for a wall: windows.declare_save).
_HOWS = {"card": "save", "gk": "shoot", "discard": "", "wall": ""}
# What an event frame answers, by the frame under it (windows.window_apply: 误判 on a shot, 黑哨 on a save); the
# 争议事件 chain adds to an event's depth and opens no frame of its own (WB-GAP-10).
_ANSWERS = {None: "", SHOT: "shot", SAVE: "save"}


def read_setup(game: WorldBall, setup: Mapping[str, Any], source: str) -> WorldBallState:
    """Build a state from the setup notation (docs/notation.md); errors name the field."""
    from pitchside.games.world_ball.game import blank

    def fail(field: str, message: str) -> DataError:
        return DataError(source, None, field, message)

    cfg = game.normalize_config(setup_config(setup, source), source)  # the header: GameBase.from_setup
    t = game.table(cfg)
    n = t.n
    st = blank(t, Rng(0))
    read_rest(setup, source, "World Ball", elsewhere=False)  # every card of the deck is in the match
    read_fields(st, setup, source, seats=n, header={"game", "seats", "config", "rest"})
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
    _frame_values(st, fail)
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
        if f["k"] == PROMPT:
            _prompt(f, i, fail)
    shape = tuple(f["k"] for f in stack)
    if shape not in _SHAPES:
        raise fail("stack", f"{'/'.join(shape)}: the stack is a shot, the save answering it, then an event or a prompt")
    if shape[:2] == (SHOT, SAVE):
        shot, save = stack[0], stack[1]
        if save["shooter"] != shot["seat"]:
            raise fail("stack.1.shooter", f"the save answers seat {shot['seat']}'s shot")
        if save["seat"] % 2 == shot["seat"] % 2:
            raise fail("stack.1.seat", "a save is played by an opponent of the shooter (WB-ACT-4)")


def _prompt(f: dict[str, Any], i: int, fail: Any) -> None:
    """A prompt has the context of its point (who shot and how, or the save the captain may pay for)."""
    point = f["point"]
    if point not in _PROMPT_KEYS or (point == "captain") != (f["effect"] == "captain"):
        raise fail(f"stack.{i}.point", f"a prompt is offered at {', '.join(_PROMPT_KEYS)} (captain: effect captain)")
    for key, kind in _PROMPT_KEYS[point].items():
        v = f.get(key)
        low = -1 if key == "by" else 0
        if not isinstance(v, kind) or isinstance(v, bool) or (isinstance(v, int) and v < low):
            raise fail(f"stack.{i}.{key}", f"a {point} prompt needs {key}: {'a number' if kind is int else 'text'}")


def _frame_values(st: WorldBallState, fail: Any) -> None:
    """The values in the frames are ones the rules write (issue 7: a setup naming a shot of no known play or a
    Save made in no known way was accepted; a 误判 or 黑哨 with no shot or save under it crashed when it acted)."""
    c, n = st.t.content, st.t.n
    plays = ("shoot", *c.set_pieces)
    below: dict[str, Any] | None = None
    for i, f in enumerate(st.stack):
        at, k = f"stack.{i}", f["k"]
        for key in ("passed", "refused"):  # a set of seats, bit s for seat s
            if key in f and not 0 <= f[key] < 1 << n:
                raise fail(f"{at}.{key}", f"a set of seats (bit s for seat s): 0..{(1 << n) - 1}")
        if k == SHOT:
            play = f["play"]
            if play not in plays:
                raise fail(f"{at}.play", f"{play!r}: a shot is one of {', '.join(plays)} (WB-ACT-3, WB-SET-2)")
            if f["card"] != play and (play, f["card"]) != ("shoot", "save"):  # Henry shoots with a 救险
                raise fail(f"{at}.card", f"{f['card']!r}: a {play} is played with the card {play!r}")
            if f["need"] < c.basics[play].needs:
                raise fail(f"{at}.need", f"a {play} needs at least {c.basics[play].needs} saves (WB-GAP-6, WB-GAP-7)")
            if not 0 <= f["saves"] < f["need"]:
                raise fail(f"{at}.saves", f"0..{f['need'] - 1}: a shot with the saves it needs is negated at once")
        elif k == SAVE or (k == PROMPT and f["effect"] == "captain"):
            _save(f, at, "how" if k == SAVE else "captain", fail)
        if k == EVENT:
            _event(st, f, at, below, fail)
        elif k == PROMPT:
            _prompt_values(st, f, at, below, fail)
        below = f


def _save(f: dict[str, Any], at: str, kind: str, fail: Any) -> None:
    """A Save frame's or a captain prompt's kind of Save and the card it is made with."""
    how, card = f["how"], f["card"]
    hows = [h for h in _HOWS if kind == "how" or h != "wall"]
    if how not in hows:
        raise fail(f"{at}.how", f"{how!r}: a Save is made with {', '.join(hows)} (WB-ACT-4)")
    if _HOWS[how] and card != _HOWS[how]:
        raise fail(f"{at}.card", f"{card!r}: a Save made with {how} is the card {_HOWS[how]!r}")


def _event(st: WorldBallState, f: dict[str, Any], at: str, below: dict[str, Any] | None, fail: Any) -> None:
    """An event frame: an event card answering what is under it, with the target and skill its effect takes."""
    c, n, card = st.t.content, st.t.n, f["card"]
    e = c.events.get(card)
    answers = _ANSWERS.get(None if below is None else below["k"], "?")
    if e is None or e.answers != answers:
        what = {"": "an action-phase event", "shot": "误判 (wrong_call)", "save": "黑哨 (biased_referee)"}[answers]
        raise fail(f"{at}.card", f"{card!r}: an event frame here is {what} (WB-GAP-9, WB-GAP-10)")
    if f["depth"] < 0:
        raise fail(f"{at}.depth", "the 争议事件 played on the event: 0 or more")
    seat, target = f["seat"], f["target"]
    if e.target == "none" and target != -1:
        raise fail(f"{at}.target", f"{card} takes no target: -1 (WB-GAP-9)")
    if e.target != "none" and not (0 <= target < n and team(target) != team(seat)):
        raise fail(f"{at}.target", f"{card} targets an opponent of seat {seat} (WB-GAP-31)")
    if (e.target == "opponent_skill") != bool(f["extra"]) or (f["extra"] and f["extra"] not in c.skills):
        want = "the skill card it discards" if e.target == "opponent_skill" else "'': it names no skill"
        raise fail(f"{at}.extra", f"{f['extra']!r}: {card}'s extra is {want} (WB-GAP-15)")


def _prompt_values(st: WorldBallState, f: dict[str, Any], at: str, below: dict[str, Any] | None, fail: Any) -> None:
    """A prompt is one its seat's powers offer at its point, asked of that seat, on the frame it was offered on."""
    seat, point = f["seat"], f["point"]
    if f["at"] != seat:
        raise fail(f"{at}.at", f"a prompt asks its own seat ({seat})")
    if point == "stamina_zero":
        pass
    elif below is None or below["k"] != SHOT:  # offered as the shot is played, or as a Save is declared on it
        raise fail(at, f"a {point} prompt is offered on the shot it concerns (WB-GAP-6)")
    elif point == "shot_played" and (f["shooter"], f["play"], f["by"]) != (below["seat"], below["play"], -1):
        raise fail(f"{at}.shooter", f"a shot_played prompt names the shot under it: shooter {below['seat']}, "
                   f"play {below['play']!r}, by -1")  # fmt: skip
    elif point == "captain":
        saver, shooter = f["saver"], below["seat"]
        if team(saver) == team(shooter) or team(seat) != team(saver) or seat == saver:
            raise fail(f"{at}.saver", f"the captain (seat {seat}) pays for a teammate's Save against seat {shooter}")
        if not st.pw[seat].captain or not 0 < f["cost"] <= st.stamina[seat]:
            raise fail(f"{at}.seat", f"seat {seat} cannot pay {f['cost']} for the Save (Puyol, WB-GAP-6)")
        return
    if not any(p.effect == f["effect"] for p in st.pw[seat].prompts.get(point, ())):
        raise fail(f"{at}.effect", f"{f['effect']!r}: seat {seat} has no such prompt at {point}")


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
        order = [(st.starter + i) % n for i in range(n)]
        if any(bool(st.chars[s]) != (s in order[: order.index(st.active)]) for s in range(n)):  # rules._pick
            raise fail("active", f"the draft runs clockwise from the starter (seat {st.starter}): the seats before "
                       f"seat {st.active} have chosen, it and those after it have not (WB-SETUP-4)")  # fmt: skip
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
    if st.phase is Phase.DRAFT:
        if got:  # the deck is shuffled and dealt when the draft ends (WB-SETUP-5)
            raise fail(
                _dealt(st), "no card is dealt during the draft: the deck is shuffled and dealt after it (WB-SETUP-5)"
            )
    else:
        for cid in sorted(set(got) | set(want)):
            if got[cid] > want[cid]:
                where = "hands" if cid not in want else "deck"
                raise fail(where, f"card {cid}: {got[cid]} in play, the deck has {want[cid]} (cards must be conserved)")
        st.deck = rest_in_deck(st.deck, unnamed_cards(want.elements(), got), st.rng)  # issue 7: beneath the named
    if st.stack and st.phase is not Phase.ACTION:
        raise fail("stack", "windows and prompts open only in an action phase")
    if any(x < 0 for x in st.score):  # seats, lengths and types: the declaration (state.Data)
        raise fail("score", "needs two scores, team A's then team B's")
    if st.half > st.t.halves:
        raise fail("half", f"must be 1..{st.t.halves}")


def _dealt(st: WorldBallState) -> str:
    """The field of a draft setup that names a card."""
    for name in ("hands", "skills", "pending"):
        for s, area in enumerate(getattr(st, name)):
            if area:
                return f"{name}.{s}"
    return "deck" if st.deck else "discard" if st.discard else "stack"
