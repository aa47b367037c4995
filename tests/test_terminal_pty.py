"""The terminal through a pseudo-terminal (pexpect), as a person meets it (issue 8): type-ahead is discarded,
leaving asks first (quit, Ctrl-D, Ctrl-C), and every game's match is autosaved and goes on with --resume."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest
from rich.text import Text

from pitchside.core.record import MatchRecord, replay
from pitchside.core.registry import load_game

pexpect = pytest.importorskip("pexpect")

SRC = Path(__file__).resolve().parents[1] / "src"
PROMPT = "your move"
LEAVE = "Leave the match?"


def spawn(data: Path, *args: str) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}  # the terminal's own size
    env.update({"PITCHSIDE_DATA_DIR": str(data), "TERM": "xterm", "NO_COLOR": "1", "LANG": "C.UTF-8"})
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


def test_an_interrupted_simulation_says_how_far_it_got_and_writes_nothing(tmp_path: Path) -> None:
    """Ctrl-C (to the whole process group, as a terminal sends it) during `simulate` on two workers: one line
    that says how many matches were played and that no rows were written, exit 130, no traceback."""
    out = tmp_path / "sim"
    child = spawn(tmp_path, "simulate", "world-ball", "--games", "100000", "--workers", "2", "--out", str(out))
    child.expect("world-ball · 2 seats")  # the progress bar: the matches are being played
    os.killpg(child.pid, signal.SIGINT)
    child.expect(r"pitchside: interrupted after \d+ of 100000 matches: nothing was written")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in (child.before or "")
    assert not (out / "matches.parquet").exists()


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


ANSI = r"\x1b\[[0-9;?]*[A-Za-z]|\r"


def squeeze(text: str) -> str:
    """Text as shown with no escapes, frames or white space: what survives any wrapping at 80 columns."""
    import re

    return re.sub(r"[\s\u2500-\u257f]", "", re.sub(ANSI, "", text))


@pytest.mark.parametrize(
    ("game", "args"),
    [
        ("sonic-cup", ("--seats", "2", "--seed", "17")),
        ("world-ball", ("--seats", "2", "--seed", "3")),
        ("my-world-cup", ("--seed", "5")),
    ],
)
def test_the_log_holds_every_visible_event_of_a_whole_match(game: str, args: tuple[str, ...], tmp_path: Path) -> None:
    """Issue 8: a whole match at the keyboard; at its end `log` pages through every event seat 0 could see that
    the screen puts into words, in order, each line numbered, none left out."""
    import re

    from pitchside.terminal import renderer_for

    child = spawn(tmp_path, "play", game, *args, "--bots", "random")
    child.timeout = 60
    while True:
        i = child.expect([PROMPT, r"\(Enter\)", "Match over"])
        if i == 2:
            break
        child.sendline("1" if i == 0 else "")
    rec = saved(tmp_path)
    assert rec.outcome is not None  # the autosave of the finished match
    g = load_game(game)
    r = renderer_for(g, rec.config)
    done = replay(rec, g)
    r.board(done.state.view(0))  # as on the screen: a renderer learns the teams' numbers from the board it draws
    worded = [squeeze(Text.from_markup(line).plain) for line in (r.event(ev, 0) for _, ev in done.events
              if ev.visible_to(0)) if line]  # fmt: skip
    child.expect("Enter goes on")
    child.sendline("log")
    shown, numbers = "", []
    while True:
        i = child.expect([r"Enter for more", "Enter goes on"])
        plain = re.sub(ANSI, "", child.before)
        numbers += [int(n) for n in re.findall(r"^\s{0,3}(\d+) ", plain, flags=re.M)]
        shown += plain
        if i == 1:
            break
        child.sendline("")
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= len(worded) > 20
    text, at = squeeze(shown), 0
    for line in worded:  # every worded event, in the order it happened
        found = text.find(line, at)
        assert found >= 0, (line, text[max(0, at - 200) : at + 400])
        at = found + len(line)
    child.sendline("")
    child.expect("Save the record")
    child.sendline("")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("game", ["sonic-cup", "world-ball", "my-world-cup"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_rules_text_is_shown_in_both_languages(game: str, lang: str, tmp_path: Path) -> None:
    """Issue 8: `pitchside rules GAME --all` at an 80-column terminal shows the text of every card, role,
    character, skill, event and team of the game, in Chinese and in English."""
    from pitchside.core.texts import Lang

    child = spawn(tmp_path, "rules", game, "--all", "--lang", lang)
    shown = squeeze(child.read())
    texts = load_game(game).texts()
    assert len(texts) > 10
    for tid, topic in texts.items():
        assert squeeze(topic.body(Lang(lang))) in shown, tid
        assert squeeze(f"info {tid}") in shown, tid


def test_worldcup_play_all_waits_after_the_coach_s_result_and_before_his_next_match(tmp_path: Path) -> None:
    """Issue 8 list 9: with --all, the coach's result stays on the screen until Enter, and the bots' results
    before his next match wait for Enter too, instead of being cleared by the next lineup."""
    import re

    new = spawn(tmp_path, "worldcup", "new", "--coach", "kim=rsa", "--seed", "4")
    new.expect(pexpect.EOF)
    child = spawn(tmp_path, "worldcup", "play", "--all")
    child.timeout = 60
    while True:
        i = child.expect([PROMPT, "Match over: your result is above", r"\(Enter\)"])
        if i == 1:
            break
        child.sendline("1" if i == 0 else "")
    result = re.sub(ANSI, "", child.before.rsplit("\x1b[2J", 1)[-1])
    assert "#1 Group A · MD1" in result and "South Africa" in result and "Group A" in result
    child.expect(r"\(Enter\)")
    child.sendline("")
    child.expect(r"(\d+) bot match(?:es)? above")
    bots = int(child.match.group(1))
    between = re.sub(ANSI, "", child.before)
    assert bots >= 1 and f"#{bots + 1} " in between  # every bot match since, up to the coach's next one
    child.expect("Your match next:")
    child.sendline("")
    prompt(child)  # the coach's second match
    assert "South Africa" in child.before
    child.terminate(force=True)


def test_the_readme_shows_each_game_as_the_program_draws_it() -> None:
    """Issue 8: the README's sample screens (a first match of each game at 80×24, and one wide screen) are the
    program's own, taken in a pseudo-terminal; `python tests/readme_screens.py` rewrites them."""
    from tests.readme_screens import README, samples, take

    found = samples(README.read_text(encoding="utf-8"))
    assert sum(s.columns == 80 and s.rows == 24 for s in found) >= 3
    assert {s.args[1] for s in found} == {"sonic-cup", "world-ball", "my-world-cup"}
    for sample in found:
        assert take(sample) == sample.shown, (
            f"README.md: {' '.join(sample.args)} is stale: python tests/readme_screens.py"
        )
