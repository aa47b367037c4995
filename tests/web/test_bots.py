"""Bots think off the event loop (issue 9): an IS-MCTS search thinking in one room never delays another room.

No timing here: the search is a stand-in that waits for the test's word, so the test knows it is thinking
for as long as the test wants, and checks what the other rooms do meanwhile."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from pitchside.agents.base import Observation
from pitchside.core.game import Action, Game
from pitchside.core.record import MatchRecord
from pitchside.core.registry import load_game
from pitchside.core.rng import Rng
from pitchside.web import hub as hub_module
from pitchside.web.bots import Log, rebuild
from pitchside.web.rooms import BotKind
from tests.web.conftest import MakeClient
from tests.web.helpers import WAIT_SECONDS, bot_match, join, make_room, wait_status
from tests.web.test_ws import hello, next_update, two_people


class HeldSearch:
    """An IS-MCTS bot whose search lasts until the test says so. It thinks in a worker process, so it speaks
    with the test through files: ``thinking-<pid>`` when it starts, and it waits for ``go``."""

    name = "held"

    def __init__(self, gate: Path) -> None:
        self.gate = gate

    def act(self, obs: Observation, rng: Rng) -> Action:
        (self.gate / f"thinking-{os.getpid()}").touch()
        end = time.monotonic() + WAIT_SECONDS  # a bound, so a broken test ends instead of hanging
        while not (self.gate / "go").exists() and time.monotonic() < end:
            time.sleep(0.01)
        return obs.legal[0]


def wait_for(what: Any, why: str) -> Any:
    end = time.monotonic() + WAIT_SECONDS
    while not (got := what()):
        assert time.monotonic() < end, why
        time.sleep(0.02)
    return got


def test_a_search_in_one_room_never_delays_another(
    make_client: MakeClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = tmp_path / "gate"
    gate.mkdir()
    real = hub_module.make_bot

    def bots(game: Game, kind: BotKind, budget: int | None = None) -> Any:
        return HeldSearch(gate) if kind is BotKind.ISMCTS else real(game, kind, budget)

    monkeypatch.setattr(hub_module, "make_bot", bots)
    with make_client(bot_workers=1) as client:  # one search process: the other rooms must not need it
        try:
            slow = make_room(client, seats=2)
            for seat in (0, 1):
                r = client.post(f"/api/rooms/{slow}/seats/{seat}/bot", json={"kind": "ismcts", "budget": 50})
                assert r.status_code == 200, r.text
            assert client.post(f"/api/rooms/{slow}/start").status_code == 200
            thinking = wait_for(lambda: list(gate.glob("thinking-*")), "the search never started")
            assert thinking[0].name != f"thinking-{os.getpid()}"  # it thinks in a worker process

            # A room of people: a move is accepted, stored and sent to both seats while the search goes on.
            rid, tokens = two_people(client)
            room = client.app.state.hub.rooms[rid]  # type: ignore[attr-defined]
            mover = room.deciding()
            with client.websocket_connect(f"/ws/rooms/{rid}") as a, client.websocket_connect(f"/ws/rooms/{rid}") as b:
                socks = {0: a, 1: b}
                hello(a, tokens[0])
                hello(b, tokens[1])
                socks[mover].send_json({"type": "act", "action": str(room.state.legal_actions(mover)[0]), "seq": 0})
                while (mine := next_update(socks[mover]))["seq"] < 1:
                    pass
                while (theirs := next_update(socks[1 - mover]))["seq"] < 1:
                    pass
                assert mine["seq"] == theirs["seq"] == 1
            # A room of heuristic bots plays a whole match meanwhile: quick bots never queue behind a search.
            done = bot_match(client, "sonic-cup", 2)
            assert client.get(f"/api/rooms/{done}").json()["status"] == "finished"
            waiting = client.get(f"/api/rooms/{slow}").json()
            assert waiting["status"] == "playing" and waiting["seq"] == 0  # the search is still thinking
        finally:
            (gate / "go").touch()
        wait_for(lambda: client.get(f"/api/rooms/{slow}").json()["seq"] >= 1, "the search never answered")


def test_ismcts_seats_play_through_the_worker_processes_the_same_every_time(make_client: MakeClient) -> None:
    """Two rooms of IS-MCTS bots with the same seed play the same match, move for move: a bot's play does not
    depend on which worker thinks for it (each room has its own worker, which keeps the room's agents)."""
    with make_client(bot_workers=2) as client:
        rooms = []
        for _ in range(2):
            rid = make_room(client, "my-world-cup", None, options={"teams": ["esp", "bra"]}, seed=21)
            for seat in (0, 1):
                r = client.post(f"/api/rooms/{rid}/seats/{seat}/bot", json={"kind": "ismcts", "budget": 5})
                assert r.status_code == 200, r.text
            rooms.append(rid)
        for rid in rooms:
            assert client.post(f"/api/rooms/{rid}/start").status_code == 200
        for rid in rooms:
            summary = wait_status(client, rid)
            assert summary["seq"] > 0 and summary["outcome"] is not None
        records = [MatchRecord.loads(client.get(f"/api/rooms/{rid}/record").text) for rid in rooms]
        assert records[0].moves == records[1].moves and records[0].outcome == records[1].outcome
        assert client.app.state.hub.bots.started() >= 1  # type: ignore[attr-defined]


def test_a_worker_rebuilds_the_match_from_its_log() -> None:
    """A search process is sent the room's log, not its state (World Ball's does not pickle): the state it
    rebuilds is the match's own, also when it goes on from one it kept, or when the log is another's."""
    game = load_game("world-ball")
    st, _ = game.start({"seats": 4}, 9)
    moves: list[tuple[int, str]] = []
    rng = Rng(2)
    for n in range(60):
        seat = st.decision().seat
        assert seat is not None
        legal = st.legal_actions(seat)
        action = str(legal[rng.below(len(legal))])
        st.apply(seat, game.parse_action(action))
        moves.append((seat, action))
        if n in (20, 59):  # kept at 20 moves, then gone on from there
            log = Log("r1", game.id, {"seats": 4}, 9, tuple(moves))
            assert rebuild(log).fingerprint() == st.fingerprint()
    other = Log("r1", game.id, {"seats": 4}, 9, tuple(moves[:10]))  # a shorter log: replayed from the deal
    fresh, _ = game.start({"seats": 4}, 9)
    for seat, action in moves[:10]:
        fresh.apply(seat, game.parse_action(action))
    assert rebuild(other).fingerprint() == fresh.fingerprint()


class Broken:
    name = "broken"

    def act(self, obs: Observation, rng: Rng) -> Action:
        raise RuntimeError("this bot has a bug")


def test_a_bot_that_fails_does_not_stall_its_room(make_client: MakeClient, monkeypatch: pytest.MonkeyPatch) -> None:
    real = hub_module.make_bot
    monkeypatch.setattr(
        hub_module, "make_bot", lambda game, kind, budget=None: Broken() if kind is BotKind.RANDOM else real(game, kind)
    )
    with make_client() as client:
        rid = make_room(client, "sonic-cup", 2)
        client.post(f"/api/rooms/{rid}/seats/0/bot", json={"kind": "random"})
        assert client.post(f"/api/rooms/{rid}/start").status_code == 200
        summary = wait_status(client, rid)  # the heuristic bot moved for the broken one
        assert summary["seats"][0]["bot"] == "random" and summary["outcome"] is not None


class HeldBot:
    """A quick (thread-pool) bot that thinks until the test says so."""

    name = "held"

    def __init__(self) -> None:
        self.started, self.go = threading.Event(), threading.Event()

    def act(self, obs: Observation, rng: Rng) -> Action:
        self.started.set()
        self.go.wait(WAIT_SECONDS)  # a bound, so a broken test ends instead of hanging
        return obs.legal[0]


def until_update(ws: Any, seq: int) -> list[dict[str, Any]]:
    """The messages ``ws`` gets up to its update of move ``seq``."""
    got = [ws.receive_json()]
    while got[-1]["type"] != "update" or got[-1]["seq"] < seq:
        got.append(ws.receive_json())
    return got


def test_every_connection_is_told_which_bot_is_thinking_and_nothing_more(
    make_client: MakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 11: a bot deciding for longer than ``thinking_delay`` (0 here: no clock in the test) has every
    connection of its room, seats and spectators, told ``{"type": "thinking", "seat": 0}`` (which seat, nothing
    of its search), a connection that comes meanwhile sees it in its first update, and all are told it stopped
    before the move's update, which says no bot is thinking."""
    held = HeldBot()
    real = hub_module.make_bot
    monkeypatch.setattr(
        hub_module, "make_bot", lambda game, kind, budget=None: held if kind is BotKind.RANDOM else real(game, kind)
    )
    with make_client(thinking_delay=0) as client:
        rid = make_room(client, seats=2)  # seat 0 kicks off
        assert client.post(f"/api/rooms/{rid}/seats/0/bot", json={"kind": "random"}).status_code == 200
        token = join(client, rid, 1, "ann")
        with client.websocket_connect(f"/ws/rooms/{rid}") as ann, client.websocket_connect(f"/ws/rooms/{rid}") as eve:
            hello(ann, token)
            hello(eve)
            assert client.post(f"/api/rooms/{rid}/start", headers={"X-Seat-Token": token}).status_code == 200
            try:
                assert held.started.wait(WAIT_SECONDS)
                for ws in (ann, eve):
                    while (msg := ws.receive_json())["type"] != "thinking":
                        assert msg["type"] == "update" and msg["thinking"] is None  # the start, before the bot
                    assert msg == {"type": "thinking", "seat": 0}
                with client.websocket_connect(f"/ws/rooms/{rid}") as late:
                    assert hello(late)["thinking"] == 0
            finally:
                held.go.set()
            for ws in (ann, eve):
                got = until_update(ws, 1)
                assert {"type": "thinking", "seat": None} in got
                assert got[-1]["thinking"] is None and got[-1]["seq"] == 1
                assert [m for m in got if m["type"] == "thinking"] == [{"type": "thinking", "seat": None}]


def test_a_bot_that_answers_within_the_delay_is_never_shown_thinking(make_client: MakeClient) -> None:
    """The other side: with a delay no decision reaches, the bots' first moves come as updates only."""
    with make_client(thinking_delay=3600) as client:
        rid = make_room(client, seats=2)
        with client.websocket_connect(f"/ws/rooms/{rid}") as eve:
            hello(eve)
            assert client.post(f"/api/rooms/{rid}/start").status_code == 200
            got = until_update(eve, 10)
        assert {m["type"] for m in got} == {"update"} and all(m["thinking"] is None for m in got)
