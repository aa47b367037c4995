"""The terminal through a pseudo-terminal (pexpect), as a person meets it (issue 8): type-ahead is discarded,
leaving asks first (quit, Ctrl-D, Ctrl-C), and every game's match is autosaved and goes on with --resume."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from pitchside.core.record import MatchRecord, replay
from pitchside.core.registry import load_game

pexpect = pytest.importorskip("pexpect")

SRC = Path(__file__).resolve().parents[1] / "src"
PROMPT = "your move"
LEAVE = "Leave the match?"


def spawn(data: Path, *args: str) -> pexpect.spawn:
    env = {**os.environ, "PITCHSIDE_DATA_DIR": str(data), "TERM": "xterm", "NO_COLOR": "1", "LANG": "C.UTF-8"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SRC), env.get("PYTHONPATH")]))
    code = "from pitchside.cli import main; main()"
    return pexpect.spawn(
        sys.executable, ["-c", code, *args], env=env, dimensions=(24, 80), encoding="utf-8", timeout=30
    )


def prompt(child: pexpect.spawn) -> None:
    """On to the next prompt, pressing Enter at any pause on the way (a goal, a turn that ended by itself)."""
    while child.expect([PROMPT, r"\(Enter\)"]) == 1:
        child.sendline("")


def leave(child: pexpect.spawn) -> None:
    child.sendline("quit")
    child.expect(LEAVE)
    child.sendline("y")
    child.expect("You left the match")
    child.expect(pexpect.EOF)


def saved(data: Path) -> MatchRecord:
    (path,) = (data / "matches").glob("*.jsonl")
    return MatchRecord.load(path)


def test_typed_ahead_input_is_discarded_and_leaving_asks_first(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "sonic-cup", "--seats", "2", "--seed", "3")
    child.sendline("quit")  # typed before the first prompt is on screen: it must not be used there
    child.expect(PROMPT)
    child.sendline("xyzzy")
    child.expect("Cannot read that")
    assert LEAVE not in child.before  # the early 'quit' was thrown away, not answered
    child.sendline("quit")
    child.expect(LEAVE)
    child.sendline("n")  # no: the match goes on
    child.expect(PROMPT)
    child.sendcontrol("d")  # Ctrl-D asks too
    child.expect(LEAVE)
    child.sendline("")  # the default is to stay
    child.expect(PROMPT)
    child.kill(signal.SIGINT)  # and Ctrl-C (the signal itself: a typed ^C also lets the tty drop pending output)
    child.expect(LEAVE)
    child.sendline("y")
    child.expect("You left the match")
    child.expect("play --resume")
    child.expect(pexpect.EOF)
    rec = saved(tmp_path)
    assert rec.outcome is None and rec.players == ["human", "heuristic"]


@pytest.mark.parametrize(
    ("game", "args"),
    [
        ("sonic-cup", ("--seats", "4", "--seed", "7")),
        ("world-ball", ("--seats", "4", "--seed", "2")),
        ("my-world-cup", ("--seed", "1")),
    ],
)
def test_a_match_left_is_saved_and_resumed(game: str, args: tuple[str, ...], tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", game, *args)
    for _ in range(3):
        prompt(child)
        child.sendline("1")
    prompt(child)
    leave(child)
    before = saved(tmp_path)
    assert before.game == game and before.outcome is None
    assert sum(m.seat == 0 for m in before.moves) >= 3
    state = replay(before, load_game(game)).state  # the save replays to where the match was left
    assert state.decision().seat == 0 and not state.is_over()

    child = spawn(tmp_path, "play", "--resume")
    child.expect(f"Resumed after {len(before.moves)} moves")
    prompt(child)
    child.sendline("1")
    prompt(child)
    leave(child)
    after = saved(tmp_path)  # the same file, going on from the same moves
    assert [(m.seat, m.action) for m in after.moves[: len(before.moves)]] == [(m.seat, m.action) for m in before.moves]
    assert len(after.moves) > len(before.moves)


def test_resume_with_nothing_saved_says_so(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "--resume")
    child.expect("no saved match to resume")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2


def test_an_interrupted_worldcup_sim_says_which_id_goes_on(tmp_path: Path) -> None:
    """Issue 8 list 9: Ctrl-C during `worldcup sim` names the stored tournament and the command that goes on."""
    child = spawn(tmp_path, "worldcup", "sim", "--seed", "5")
    child.expect("World Cup #1")  # the progress bar: the tournament is stored
    child.kill(signal.SIGINT)  # Ctrl-C
    child.expect(r"Interrupted: tournament #1 is stored after \d+ matches")
    child.expect("pitchside worldcup sim --id 1")
    child.expect(pexpect.EOF)


class _Seen(Exception):
    pass


def first_pick(seats: int, seed: int) -> tuple[str, int]:
    """A first card of a multi-card play that seat 0 may choose at its first real decision of
    `pitchside play sonic-cup --seats N --seed S` (the bots are the game's heuristic, as in play), and
    how many moves come before it."""
    from pitchside.agents.base import Observation
    from pitchside.core.game import Action
    from pitchside.core.rng import Rng
    from pitchside.sim.match import play_match

    g = load_game("sonic-cup")
    seen: list[Observation] = []

    class Probe:
        name = "probe"

        def act(self, obs: Observation, rng: Rng) -> Action:
            if len(obs.legal) == 1:
                return obs.legal[0]
            seen.append(obs)
            raise _Seen

    agents = [Probe(), *(g.heuristic_agent() for _ in range(seats - 1))]
    moves: list[int] = []
    with pytest.raises(_Seen):
        play_match(g, agents, {"seats": seats}, seed, on_decision=lambda st, s: moves.append(s))  # type: ignore[arg-type]
    obs = seen[0]
    for a in obs.legal:
        st = obs._state.clone()
        st.apply(0, a)
        if g.partial(st, 0) == 1:
            return str(a), len(moves) - 1
    raise AssertionError("no multi-card play at seat 0's first decision")


def test_back_takes_back_an_unfinished_multi_card_play(tmp_path: Path) -> None:
    """Issue 8: `back` after the first card of a multi-card play: the card returns, the same choices come
    again, and the saved record never holds the taken-back card."""
    pick, before = first_pick(2, 3)
    child = spawn(tmp_path, "play", "sonic-cup", "--seats", "2", "--seed", "3")
    prompt(child)
    child.sendline(pick)
    prompt(child)
    assert "back" in child.before  # offered among the legal actions
    child.sendline("back")
    child.expect("you take back your unfinished play")
    prompt(child)
    leave(child)
    rec = saved(tmp_path)
    assert len(rec.moves) == before and all(m.action != pick for m in rec.moves)
    state = replay(rec, load_game("sonic-cup")).state
    assert state.decision().seat == 0 and pick in [str(a) for a in state.legal_actions(0)]  # offered again


def test_log_pages_through_every_visible_event_so_far(tmp_path: Path) -> None:
    """`log` at a terminal: a screenful at a time, every line numbered, at least one a visible event."""
    import re

    from pitchside.terminal import renderer_for

    child = spawn(tmp_path, "play", "world-ball", "--seats", "4", "--seed", "2")
    for _ in range(8):
        prompt(child)
        child.sendline("1")
    prompt(child)
    rec = saved(tmp_path)  # autosaved before this prompt: the match as the screen shows it
    g = load_game("world-ball")
    r = renderer_for(g, rec.config)
    worded = [ev for _, ev in replay(rec, g).events if ev.visible_to(0) and r.event(ev, 0)]
    child.sendline("log")
    numbers: list[int] = []
    while True:
        i = child.expect([r"Enter for more", PROMPT])
        plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.before)
        numbers += [int(n) for n in re.findall(r"^\s{0,3}(\d+) ", plain, flags=re.M)]
        if i == 1:
            break
        child.sendline("")
    assert numbers and numbers == list(range(1, len(numbers) + 1))  # every line, in order, none skipped
    assert len(numbers) >= len(worded) > 0
    leave(child)
