"""Multi-client matches through the server: people (test clients picking random legal actions, each in its
own thread with its own WebSocket), bots of every kind, and a spectator, for each game. Every message a
connection gets is checked against the match replayed from its record: the view is exactly that seat's
``view`` at that move, the legal actions are that seat's, and the events are exactly those visible to it —
so no message ever holds another seat's hand or the deck order."""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pitchside.core.game import Event
from pitchside.core.record import MatchRecord
from pitchside.core.registry import load_game
from tests.web.conftest import MakeClient
from tests.web.helpers import join, make_room, wait_status

Messages = list[dict[str, Any]]


def person(client: TestClient, rid: str, token: str | None, seed: int, out: Messages) -> None:
    """A player (or, without a token, a spectator) until the match ends: a random legal action at each decision."""
    rng = random.Random(seed)
    acted = -1
    with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
        ws.send_json({"type": "hello", **({"token": token} if token else {})})
        while True:
            msg = ws.receive_json()
            if msg["type"] == "error" and msg["code"] == "stale":
                continue  # an answer ahead raced a move of another seat: refused, nothing changed
            out.append(msg)
            if msg["type"] == "thinking":  # a bot is thinking (checked in ``check``)
                continue
            assert msg["type"] == "update", msg  # a person who plays only legal actions is never refused
            if msg["status"] == "finished":
                return
            if msg["legal"] and msg["seq"] > acted:
                acted = msg["seq"]
                ws.send_json({"type": "act", "action": rng.choice(msg["legal"]), "seq": msg["seq"]})


def jsonish(x: Any) -> Any:
    return json.loads(json.dumps(x))


def check(rec: MatchRecord, seat: int | None, messages: Messages) -> None:
    """Every message to ``seat`` against the match replayed from its record."""
    game = load_game(rec.game)
    st, opening = game.start(rec.config, rec.seed or 0)
    views, legal, decider = [st.view(seat)], [], []
    events: list[Event] = list(opening)
    for m in rec.moves:
        decider.append(st.decision().seat)
        legal.append([str(a) for a in st.legal_actions(m.seat)])
        events.extend(st.apply(m.seat, game.parse_action(m.action)))
        views.append(st.view(seat))
    decider.append(None)
    assert messages and messages[0]["full"] is True
    got: list[dict[str, Any]] = []
    people = {i for i, name in enumerate(rec.players) if name == f"p{i}"}
    n = 0
    for msg in messages:
        if msg["type"] == "thinking":  # public: which bot seat thinks, for the decision of the last update
            assert set(msg) == {"type", "seat"}, msg
            assert msg["seat"] is None or (msg["seat"] == decider[n] and msg["seat"] not in people), msg
            continue
        assert msg["thinking"] is None or msg["thinking"] not in people
        n = msg["seq"]
        assert msg["seat"] == seat
        assert msg["view"] == jsonish(views[n]), f"seat {seat} at move {n}: the view is not its own"
        if seat is not None and msg["status"] == "playing" and decider[n] == seat:
            assert msg["legal"] == legal[n]
        elif msg.get("ahead") and msg["legal"]:  # a window or pick that reaches this seat later (test_ahead.py)
            assert seat is not None and seat in msg["decision"]["seats"] and decider[n] != seat
        else:
            assert msg["legal"] == []
        assert all(e.get("for_seat", seat) == seat for e in msg["events"])
        got.extend(msg["events"])
    assert got == jsonish([e.to_json() for e in events if e.visible_to(seat)]), "events dropped or added"


CASES = [
    # game, seats, options, people's seats, bots {seat: (kind, budget)}
    ("sonic-cup", 4, {}, [0, 3], {1: ("random", None), 2: ("heuristic", None)}),
    ("world-ball", 4, {}, [1], {0: ("ismcts", 8), 2: ("random", None)}),  # seat 3: the default bot
    ("my-world-cup", None, {"teams": ["esp", "bra"]}, [0], {1: ("heuristic", None)}),
]


@pytest.mark.parametrize(("game", "seats", "options", "people", "bots"), CASES, ids=[c[0] for c in CASES])
def test_a_match_through_the_server_shows_each_seat_only_its_own(
    make_client: MakeClient,
    game: str,
    seats: int | None,
    options: dict[str, Any],
    people: list[int],
    bots: dict[int, tuple[str, int | None]],
) -> None:
    with make_client(thinking_delay=0) as client:  # every bot decision may say "thinking": each message is checked
        play(client, game, seats, options, people, bots)


def play(
    client: TestClient,
    game: str,
    seats: int | None,
    options: dict[str, Any],
    people: list[int],
    bots: dict[int, tuple[str, int | None]],
) -> None:
    rid = make_room(client, game, seats, options=options, seed=5)
    tokens = {s: join(client, rid, s, f"p{s}") for s in people}
    for s, (kind, budget) in bots.items():
        r = client.post(f"/api/rooms/{rid}/seats/{s}/bot", json={"kind": kind, "budget": budget})
        assert r.status_code == 200, r.text
    inbox: dict[int | None, Messages] = {s: [] for s in [*people, None]}
    threads = [
        threading.Thread(target=person, args=(client, rid, tokens.get(s), 100 + (s or 0), inbox[s])) for s in inbox
    ]
    for t in threads:
        t.start()
    r = client.post(f"/api/rooms/{rid}/start", headers={"X-Seat-Token": tokens[people[0]]})
    assert r.status_code == 200, r.text
    wait_status(client, rid)
    for t in threads:
        t.join(timeout=120)
        assert not t.is_alive()
    rec = MatchRecord.loads(client.get(f"/api/rooms/{rid}/record").text)
    assert rec.players[people[0]] == f"p{people[0]}"
    assert any(m.seat in bots for m in rec.moves) and any(m.seat in people for m in rec.moves)
    for s, messages in inbox.items():
        check(rec, s, messages)
