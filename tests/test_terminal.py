"""The terminal's rules texts, skills and log (issue 8), in-process: `pitchside rules`, `info X` at the prompt,
the skills of every seat the person may see, and a log that keeps every visible event of a whole match."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator

import pytest
from rich.console import Console
from typer.testing import CliRunner

from pitchside.agents import RandomAgent
from pitchside.agents.base import Observation
from pitchside.cli import app
from pitchside.core.game import Action
from pitchside.core.record import replay
from pitchside.core.registry import load_game
from pitchside.core.rng import Rng
from pitchside.core.texts import Lang
from pitchside.sim.match import play_match
from pitchside.terminal import Quit, TerminalPlayer, renderer_for

ENV = {"COLUMNS": "100", "FORCE_COLOR": None, "NO_COLOR": "1"}
# Visible events the log puts into no words of their own, because another event says it better: your own
# draw (the private 'drew' names the cards), your own fielded card ('fielded' names it), a pass in a window.
QUIET = {"sonic-cup": {"draw"}, "world-ball": {"draw", "pass"}, "my-world-cup": {"field"}}
MATCHES = [("sonic-cup", 2, 3), ("sonic-cup", 4, 5), ("world-ball", 4, 2), ("my-world-cup", 2, 1)]


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=input, env=ENV)
    return result.exit_code, result.output


def player(game: str, seats: int, read: Callable[[str], str], width: int = 100) -> tuple[TerminalPlayer, io.StringIO]:
    g = load_game(game)
    config = g.normalize_config({"seats": seats})
    out = io.StringIO()
    console = Console(file=out, width=width, height=24, color_system=None)
    return TerminalPlayer(g, renderer_for(g, config), console, 0, read=read, config=config), out


class answers:
    """A keyboard that types these lines, then 1 for ever; it keeps the prompts it was shown."""

    def __init__(self, *lines: str) -> None:
        self.lines: Iterator[str] = iter(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return next(self.lines, "1")


@pytest.mark.parametrize(("game", "seats", "seed"), MATCHES)
def test_the_log_keeps_every_visible_event_of_a_whole_match(game: str, seats: int, seed: int) -> None:
    human, out = player(game, seats, answers())
    g = human.game
    agents = [human, *(RandomAgent() for _ in range(seats - 1))]
    result = play_match(g, agents, human.config, seed, on_event=human.on_event, on_decision=human.on_decision)
    visible = [ev for _, ev in replay(result.record, g).events if ev.visible_to(0)]
    assert human.events == visible  # every event seat 0 may see, in order, none left out
    assert not any(ev.to not in (None, 0) for ev in human.events)  # and none it may not
    worded = [ev for ev in visible if ev.kind not in QUIET[g.id]]
    assert all(human.r.event(ev, 0) for ev in worded)
    assert len(human.log) >= len(worded)
    # `log` pages through all of it (piped input: at once)
    out.truncate(0)
    out.seek(0)
    human.page_log()
    printed = out.getvalue().splitlines()
    assert sum(1 for line in printed if line[:5].strip().isdecimal()) == len(human.log)


def test_the_log_panel_keeps_the_result_of_your_own_move_in_view() -> None:
    """The first lines since your last move (what it did) stay on screen however much follows."""
    human, out = player("sonic-cup", 2, answers())
    human.log = [f"old {i}" for i in range(5)] + ["your penalty: GOAL"] + [f"later {i}" for i in range(30)]
    human.seen = 5
    human.console.print(human.log_panel(10))
    text = out.getvalue()
    assert "your penalty: GOAL" in text and "later 29" in text
    assert "more line(s): type log" in text and "old 4" not in text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_rules_command_shows_the_overview_and_one_topic_in_each_language(lang: str) -> None:
    for game, topic, zh, en in (
        ("world-ball", "梅西", "盘带", "Dribble Past"),
        ("sonic-cup", "gk", "强制挡球", "forced block"),
        ("my-world-cup", "Cameroon", "非洲雄狮", "Indomitable Lions"),
    ):
        code, out = run("rules", game, topic, "--lang", lang)
        assert code == 0, out
        assert (zh if lang == "zh" else en) in out
        code, out = run("rules", game, "--lang", lang)
        assert code == 0 and "overview" in out and ("规则" if lang == "zh" else "rules") in out


def test_rules_language_follows_the_locale_and_bad_input_is_one_line() -> None:
    result = CliRunner().invoke(app, ["rules", "wb", "messi"], env={**ENV, "LANG": "zh_CN.UTF-8", "LC_ALL": None})
    assert "盘带" in result.output
    code, out = run("rules", "wb", "mesi")
    assert code == 2 and "did you mean messi" in out and "Traceback" not in out
    code, out = run("rules", "wb", "--lang", "fr")
    assert code == 2 and "--lang must be zh or en" in out


def test_info_at_the_prompt_and_rules_and_skills() -> None:
    """WB: `info X` by name, `info` lists topics, `rules` is the overview, the screen shows every seat's skill."""
    keys = answers("info 梅西", "info", "rules", "info nobody", "skills", "quit", "no", "quit", "y")
    human, out = player("world-ball", 4, keys)
    g = human.game
    agents = [human, *(RandomAgent() for _ in range(3))]
    with pytest.raises(Quit) as left:
        play_match(g, agents, human.config, 2, on_event=human.on_event, on_decision=human.on_decision)
    assert isinstance(left.value, Quit)
    text = out.getvalue()
    assert "Dribble Past" in text and "info messi" in text  # info by the Chinese name
    assert "character" in text and "buffon" in text  # the topic list
    assert "World Ball is for 2, 4, 6, 8 or 10 players" in text  # rules = the overview
    assert "no topic 'nobody'" in text
    assert sum("Leave the match?" in p for p in keys.prompts) == 2  # quit asks; "no" stays, "y" leaves


def test_the_screen_shows_the_skills_of_every_seat_you_may_see() -> None:
    g = load_game("world-ball")
    st = g.new_state({"seats": 4}, 2)
    while st.view(0)["phase"] == "draft":
        seat = st.decision().seat
        assert seat is not None
        st.apply(seat, st.legal_actions(seat)[0])
    human, out = player("world-ball", 4, answers(), width=400)  # wide: no text wrapped
    view = st.view(0)
    human.console.print(human.screen(view, ()))
    text = out.getvalue()
    texts = g.texts()
    for info in view["seats"]:  # opponents' characters too, with the text of their skill in full
        skill_line = texts[info["character"]].body(Lang.EN).splitlines()[-1]
        assert skill_line.split(": ", 1)[1] in text, info["character"]
    mwc, out = player("my-world-cup", 2, answers(), width=400)
    state = mwc.game.new_state(mwc.config, 1)
    mwc.console.print(mwc.screen(state.view(0), ()))
    for side in state.view(0)["sides"]:
        for skill in side["team"]["skills"]:
            assert skill["en"] in out.getvalue()
    assert "Skill 1" in out.getvalue()  # what the skill does, not only its name
    sc, out = player("sonic-cup", 4, answers(), width=400)
    sc.console.print(sc.screen(sc.game.new_state(sc.config, 1).view(0), ()))
    assert "forced block" in out.getvalue()  # the Goalkeeper's text (SC roles)


def test_stale_texts_of_issue_8_list_8_are_fixed() -> None:
    """A 定位球专家 free kick needs 2 saves on screen (WB-GAP-7); a steal names every seat it jumps over
    (SC-PK2-1); 'pass' is offered only when legal; one card is '1 card'."""
    wb = load_game("world-ball")
    st = wb.new_state({"seats": 4}, 1)
    for _ in range(30):
        seat = st.decision().seat
        assert seat is not None
        st.apply(seat, st.legal_actions(seat)[0])
    view = st.view(2)
    assert "set_piece_specialist" in view["seats"][2]["skills"]
    assert view["needs"]["free_kick"] == 2 and st.view(0)["needs"]["free_kick"] == 1
    r = renderer_for(wb, st.config)
    assert "needs 2 saves" in r.text("free_kick", view["needs"]) and "needs 1 save" in r.text("free_kick")
    sc = load_game("sonic-cup")
    r = renderer_for(sc, {"seats": 4})
    from pitchside.core.game import Event

    assert "(seat 1, seat 2 skipped)" in r.event(Event("steal", {"seat": 3, "skipped": 1}), 0)
    assert "(seat 1 skipped)" in r.event(Event("steal", {"seat": 2, "skipped": 1}), 0)
    turn = {"seat": 0, "decision": {"seat": 0, "kind": "turn", "label": "turn"}, "seats": [], "ball": 5}
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(r.decision(turn, ["move K01>4", "end"]))
    console.print(r.decision(turn, ["move K01>4", "end", "pass"]))
    first, second = console.file.getvalue().split("Your turn 回合")[1:3]  # type: ignore[attr-defined]
    assert "'pass'" not in first and "'pass'" in second
    v = sc.new_state({"seats": 2}, 1).view(0)
    v["hand"] = v["hand"][:1]
    console.print(r.hand(v))
    assert "(1 card)" in console.file.getvalue()  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", [Lang.EN, Lang.ZH])
def test_the_pairing_prompt_shows_what_each_choice_would_do(lang: Lang) -> None:
    """Issue 8: My World Cup's pairing choices with Game.preview beside each (who can score, on which dice)."""
    from pitchside.core.rng import Rng

    g = load_game("my-world-cup")
    st = g.new_state({"teams": ["arg", "esp"]}, 3)
    rng = Rng(3)
    while st.decision().label != "pairing:target":
        seat = st.decision().seat
        assert seat is not None
        acts = st.legal_actions(seat)
        st.apply(seat, acts[rng.below(len(acts))])
    seat = st.decision().seat
    assert seat is not None
    human, out = player("my-world-cup", 2, answers(), width=200)
    human.seat, human.state, human.lang = seat, st, lang
    texts = [str(a) for a in st.legal_actions(seat)]
    human.console.print(human.actions(texts, st.view(seat)))
    shown = out.getvalue()
    assert "what each does" in shown
    for a in st.legal_actions(seat):
        said = g.preview(st, seat, a)
        assert said is not None and said(lang)[:20] in shown


SMALL = [
    ("sonic-cup", 4),
    ("sonic-cup", 2),
    ("sonic-cup", 10),
    ("world-ball", 4),
    ("world-ball", 10),
    ("my-world-cup", 2),
]


@pytest.mark.parametrize(("game", "seats"), SMALL)
def test_the_compact_screen_fits_80_by_24(game: str, seats: int) -> None:
    """Issue 8: every game's first real decisions fit a 80×24 terminal with the prompt below them (layout auto
    picks compact there and the wide screen when there is room)."""
    from pitchside.core.rng import Rng
    from pitchside.terminal import Layout

    g = load_game(game)
    config = g.normalize_config({"seats": seats})
    st = g.new_state(config, 1)
    rng = Rng(1)
    checked = 0
    while not st.is_over() and checked < 6:
        seat = st.decision().seat
        assert seat is not None
        acts = st.legal_actions(seat)
        if seat == 0 and len(acts) > 1:
            out = io.StringIO()
            console = Console(file=out, width=80, height=24, color_system=None, force_terminal=True)
            human = TerminalPlayer(g, renderer_for(g, config), console, 0, config=config, title="pitchside")
            human.state = st
            human.log = [f"event {i}" for i in range(40)]
            texts = [str(a) for a in acts]
            wide = human.screen(st.view(0), texts)
            rows = console.render_lines(wide, console.options, pad=False)
            assert len(rows) <= 23, (game, len(rows))  # and the prompt below it
            human.layout = Layout.WIDE
            assert len(console.render_lines(human.screen(st.view(0), texts), console.options)) > 24
            roomy = Console(file=io.StringIO(), width=200, height=120, force_terminal=True)
            human.console, human.layout = roomy, Layout.AUTO
            shown = roomy.render_lines(human.screen(st.view(0), texts), roomy.options, pad=False)
            assert any("Match log" in "".join(seg.text for seg in row) for row in shown)  # the wide screen
            checked += 1
        st.apply(seat, acts[rng.below(len(acts))])
    assert checked


def test_a_bot_that_takes_long_shows_a_thinking_spinner() -> None:
    """Issue 8: after THINKING_DELAY a spinner says who is thinking; a quick bot never shows one."""
    import threading

    from pitchside.core.rng import Rng
    from pitchside.terminal import ThinkingAgent

    shown = threading.Event()
    said: list[str] = []

    class FakeStatus:
        def __init__(self, text: str) -> None:
            said.append(text)

        def start(self) -> None:
            shown.set()

        def stop(self) -> None:
            said.append("stopped")

    class Slow:
        name = "ismcts"

        def act(self, obs: Observation, rng: Rng) -> Action:
            assert shown.wait(10)  # still thinking when the spinner comes up
            return obs.legal[0]

    class Quick:
        name = "random"

        def act(self, obs: Observation, rng: Rng) -> Action:
            return obs.legal[0]

    console = Console(file=io.StringIO(), force_terminal=True)
    console.status = FakeStatus  # type: ignore[assignment,method-assign]
    g = load_game("sonic-cup")
    st = g.new_state({"seats": 2}, 1)
    seat = st.decision().seat
    assert seat is not None
    obs = Observation(st, seat, st.legal_actions(seat))
    ThinkingAgent(Slow(), console, delay=0).act(obs, Rng(1))
    assert shown.is_set() and "is thinking" in said[0] and "ismcts" in said[0] and said[-1] == "stopped"
    shown.clear()
    ThinkingAgent(Quick(), console, delay=3600).act(obs, Rng(1))
    assert not shown.is_set()


def test_a_turn_that_ended_by_itself_pauses_and_says_so() -> None:
    """Issue 8: at a terminal, when the person's turn ended without their 'end', the screen waits for Enter."""
    keys = answers()
    human, _out = player("world-ball", 4, keys)
    human.kb.interactive = True  # as at a terminal: pauses read a line
    g = human.game
    st = g.new_state(human.config, 2)
    human.state = st
    human._turn = False  # the person's last move in their turn was not 'end'
    while st.decision().seat == 0 or st.decision().kind.value != "turn":
        seat = st.decision().seat
        assert seat is not None
        st.apply(seat, st.legal_actions(seat)[0])
    human.on_decision(st, st.decision().seat or 0)
    assert any("Your turn is over" in p for p in keys.prompts)
    keys.prompts.clear()
    human._turn = True  # the person typed 'end': no pause
    human.on_decision(st, st.decision().seat or 0)
    assert keys.prompts == []
    r = renderer_for(load_game("sonic-cup"), {"seats": 2})
    assert r.ends_turn("end") and r.ends_turn("pass") and not r.ends_turn("move K01>4")


def test_a_goal_waits_for_a_key_at_a_terminal_and_not_in_a_pipe() -> None:
    """Issue 8: a goal pauses until Enter at a terminal (the screen says what happened); piped input never waits."""
    from pitchside.core.game import Event

    keys = answers()
    human, _out = player("sonic-cup", 2, keys)
    st = human.game.new_state(human.config, 1)
    goal = Event("goal", {"team": "red", "how": "shot", "score": [0, 1]})
    human.on_event(st, goal)
    assert keys.prompts == [] and len(human.events) == 1  # piped: kept in the log, no pause
    human.kb.interactive = True
    human.on_event(st, goal)
    assert len(keys.prompts) == 1 and human.log[-1] in keys.prompts[0]


@pytest.mark.parametrize(("game", "seats"), [("sonic-cup", 6), ("world-ball", 10)])
def test_a_long_list_of_actions_pages_on_the_compact_screen_and_the_board_stays(game: str, seats: int) -> None:
    """Issue 8: at 80×24 a decision with many choices shows them a page at a time ('more' turns the page,
    every number works on any page) instead of pushing the board off the screen."""
    from pitchside.core.rng import Rng
    from pitchside.terminal import Layout

    g = load_game(game)
    config = g.normalize_config({"seats": seats})
    for seed in range(1, 30):
        st, rng = g.new_state(config, seed), Rng(seed)
        while not st.is_over():
            seat = st.decision().seat
            assert seat is not None
            acts = st.legal_actions(seat)
            if seat == 0 and len(acts) > 1:
                out = io.StringIO()
                console = Console(file=out, width=80, height=24, color_system=None, force_terminal=True)
                keys = answers("more", "more", str(len(acts)))
                human = TerminalPlayer(
                    g, renderer_for(g, config), console, 0, config=config, title="TITLE", read=keys,
                    layout=Layout.COMPACT,
                )  # fmt: skip
                human.state = st
                human.log = [f"event {i}" for i in range(40)]
                texts = [str(a) for a in acts]
                rows = console.render_lines(human.screen(st.view(0), texts), console.options, pad=False)
                if human.pages > 1:
                    screens = []
                    for _ in range(human.pages):  # every page keeps the board and the prompt on a 24-row screen
                        rows = console.render_lines(human.screen(st.view(0), texts), console.options, pad=False)
                        screen = ["".join(seg.text for seg in row) for row in rows]
                        assert len(screen) <= 23 and screen[0].startswith("TITLE"), screen
                        assert any(f"page {human.page + 1}/{human.pages}" in line for line in screen)
                        screens.append("\n".join(screen))
                        human.page += 1
                    for n in range(1, len(acts) + 1):  # each action is on one of the pages
                        assert any(re.search(rf"(^|\s){n} \S", s) for s in screens), n
                    human.page = 0
                    out.truncate(0)
                    chosen = human.act(Observation(st, 0, acts), rng)  # 'more' twice, then the last number
                    assert str(chosen) == human_order(human, acts)[-1]
                    assert "page 2/" in out.getvalue() and f"page {min(3, human.pages)}/" in out.getvalue()
                    return
            st.apply(seat, acts[rng.below(len(acts))])
    raise AssertionError("no decision too long for the compact screen")


def human_order(human: TerminalPlayer, acts: list[Action]) -> list[str]:
    rank = getattr(human.r, "action_rank", None)
    texts = [str(a) for a in acts]
    return sorted(texts, key=lambda t: rank(t)) if rank is not None else texts


def test_my_world_cup_help_and_group_lineup_say_what_a_new_player_misses() -> None:
    """Issue 8 list 4: `help` says what an attack against a goal card does (WC-GAP-10); the group lineup says the
    10-card hand must last the three group matches."""
    g = load_game("my-world-cup")
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(renderer_for(g, {}).help())
    text = " ".join(console.file.getvalue().split())  # type: ignore[attr-defined]
    assert (
        "only one side can score" in text and "an attack against a goal card: attack 5 against goal 2 rolls 3" in text
    )
    for mode, said in (("group", True), ("friendly", False)):
        st = g.new_state({"mode": mode}, 3)
        rng = Rng(3)
        while (st.decision().label or "").split(":")[0] != "lineup" or st.decision().seat is None:
            seat = st.decision().seat
            assert seat is not None
            acts = st.legal_actions(seat)
            st.apply(seat, acts[rng.below(len(acts))])
        seat = st.decision().seat
        r = renderer_for(g, st.config)
        console = Console(file=io.StringIO(), width=200, color_system=None)
        console.print(r.decision(st.view(seat), [str(a) for a in st.legal_actions(seat)]))
        shown = re.sub(r"[\s\u2500-\u257f]", "", console.file.getvalue())  # type: ignore[attr-defined]
        assert ("thishandmustlastallthreegroupmatches" in shown) is said, mode


def test_world_ball_seat_table_keeps_stamina_beside_its_balls_at_80_columns() -> None:
    """Issue 8 list 7: the stamina column never wraps under the ⚽ icons (it would read as the card count)."""
    g = load_game("world-ball")
    for seats in (4, 10):
        st = g.new_state({"seats": seats}, 2)
        rng = Rng(2)
        for _ in range(60):
            seat = st.decision().seat
            assert seat is not None
            acts = st.legal_actions(seat)
            st.apply(seat, acts[rng.below(len(acts))])
        console = Console(file=io.StringIO(), width=80, color_system=None)
        console.print(renderer_for(g, st.config).seats(st.view(0)))
        rows = [line for line in console.file.getvalue().splitlines() if "⚽" in line]  # type: ignore[attr-defined]
        assert len(rows) == seats
        assert all(re.search(r"⚽[⚽·]* \d+/\d+", line) for line in rows), rows
