"""The WebSocket protocol: hello, updates, actions, and every bad input (a clear error, nothing changed,
the connection and the other rooms go on)."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from pitchside.store.db import StoreError
from tests.web.conftest import MakeClient
from tests.web.helpers import bot_match, join, make_room, wait_status


def hello(ws: WebSocketTestSession, token: str | None = None) -> dict[str, Any]:
    ws.send_json({"type": "hello", **({"token": token} if token else {})})
    msg: dict[str, Any] = ws.receive_json()
    return msg


def next_update(ws: WebSocketTestSession) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "update":
            return msg


def two_people(client: TestClient) -> tuple[str, list[str]]:
    """A started 2-seat Sonic Cup room of two people (no bot ever moves in it)."""
    rid = make_room(client, seats=2)
    tokens = [join(client, rid, 0, "ann"), join(client, rid, 1, "bob")]
    assert client.post(f"/api/rooms/{rid}/start", headers={"X-Seat-Token": tokens[1]}).status_code == 200
    return rid, tokens


def test_hello_gives_the_seat_its_own_view_and_legal_actions(client: TestClient) -> None:
    rid, tokens = two_people(client)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    room = hub.rooms[rid]
    deciding = room.deciding()
    for seat in (0, 1):
        with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
            msg = hello(ws, tokens[seat])
            assert msg["type"] == "update" and msg["seat"] == seat and msg["full"] is True
            assert msg["view"] == json.loads(json.dumps(room.state.view(seat)))
            assert msg["legal"] == ([str(a) for a in room.state.legal_actions(seat)] if seat == deciding else [])
            assert msg["status"] == "playing" and msg["seq"] == 0 and msg["deadline"] is None
    with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
        msg = hello(ws)  # a spectator
        assert (
            msg["seat"] is None and msg["legal"] == [] and msg["view"] == json.loads(json.dumps(room.state.view(None)))
        )
        ws.send_json({"type": "act", "action": "pass"})
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "auth" and "spectators" in err["message"]


@pytest.mark.parametrize(
    ("first", "code"),
    [({"type": "hello", "token": "forged"}, "auth"), ({"type": "act", "action": "pass"}, "malformed")],
)
def test_a_bad_hello_is_refused_and_closed(client: TestClient, first: dict[str, Any], code: str) -> None:
    rid, _ = two_people(client)
    with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
        ws.send_json(first)
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == code
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code >= 4000


def test_an_unknown_room_is_refused(client: TestClient) -> None:
    with client.websocket_connect("/ws/rooms/nothing") as ws:
        err = ws.receive_json()
        assert err["code"] == "not-found" and "nothing" in err["message"]


def test_bad_messages_get_errors_and_change_nothing(make_client: MakeClient) -> None:
    with make_client(max_message_bytes=300) as client:
        rid, tokens = two_people(client)
        room = client.app.state.hub.rooms[rid]  # type: ignore[attr-defined]
        mover = room.deciding()
        other = 1 - mover
        before = room.state.fingerprint()
        legal = [str(a) for a in room.state.legal_actions(mover)]
        with client.websocket_connect(f"/ws/rooms/{rid}") as me, client.websocket_connect(f"/ws/rooms/{rid}") as them:
            hello(me, tokens[mover])
            hello(them, tokens[other])
            me.receive_json()  # the other's arrival (connected) reaches me too

            def refused(ws: WebSocketTestSession, raw: str, code: str) -> dict[str, Any]:
                ws.send_text(raw)
                err: dict[str, Any] = ws.receive_json()
                assert err["type"] == "error" and err["code"] == code, err
                return err

            assert "not JSON" in refused(me, "{oops", "malformed")["message"]
            assert "action" in refused(me, '{"type": "act"}', "malformed")["message"]
            refused(me, '{"type": "shout", "action": "x"}', "malformed")
            refused(me, '["act"]', "malformed")
            refused(me, json.dumps({"type": "act", "action": "x" * 400}), "limit")
            assert (
                "cannot read"
                in refused(me, json.dumps({"type": "act", "action": "teleport 1>9"}), "notation")["message"]
            )
            err = refused(them, json.dumps({"type": "act", "action": legal[0]}), "illegal")
            assert err["rule"] == "SC-TURN-2"  # the rule the action breaks
            refused(me, json.dumps({"type": "act", "action": legal[0], "seq": 5}), "stale")
            me.send_bytes(b"\xff")
            assert me.receive_json()["code"] == "malformed"
            assert room.state.fingerprint() == before and room.seq == 0
            me.send_json({"type": "ping"})
            assert me.receive_json() == {"type": "pong"}  # the connection is still open
            me.send_json({"type": "act", "action": legal[0], "seq": 0})
            mine, theirs = next_update(me), next_update(them)
            assert mine["seq"] == theirs["seq"] == 1 and room.seq == 1


def test_a_move_is_stored_before_anyone_hears_of_it(make_client: MakeClient, db_url: str) -> None:
    with make_client(db_url) as client:
        rid, tokens = two_people(client)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        room = hub.rooms[rid]
        mover = room.deciding()
        with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
            hello(ws, tokens[mover])
            ws.send_json({"type": "act", "action": str(room.state.legal_actions(mover)[0])})
            msg = next_update(ws)
            assert msg["seq"] == 1 and len(hub.store.load(room_id=rid)[0].moves) == 1


def test_a_move_the_database_refuses_did_not_happen(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    rid, tokens = two_people(client)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    room = hub.rooms[rid]
    mover = room.deciding()
    before = room.state.fingerprint()

    def full_disk(items: object) -> None:
        raise StoreError("cannot store move 1: database or disk is full")

    monkeypatch.setattr(hub.store, "append_many", full_disk)
    with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
        hello(ws, tokens[mover])
        ws.send_json({"type": "act", "action": str(room.state.legal_actions(mover)[0])})
        err = ws.receive_json()
        assert err["type"] == "error" and "did not happen" in err["message"] and "full" in err["message"]
    assert hub.rooms[rid].seq == 0 and hub.rooms[rid].state.fingerprint() == before


def test_connections_per_room_are_limited(make_client: MakeClient) -> None:
    with make_client(max_connections=1) as client:
        rid, _ = two_people(client)
        with client.websocket_connect(f"/ws/rooms/{rid}") as first:
            hello(first)
            with client.websocket_connect(f"/ws/rooms/{rid}") as second:
                second.send_json({"type": "hello"})
                err = second.receive_json()
                assert err["code"] == "limit" and "1 connections" in err["message"]


def test_other_rooms_keep_serving_while_one_gets_garbage(client: TestClient) -> None:
    rid, tokens = two_people(client)
    with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
        hello(ws, tokens[0])
        for raw in ("{", "null", '{"type": "act", "action": "?"}'):
            ws.send_text(raw)
            assert ws.receive_json()["type"] == "error"
        other = bot_match(client, "sonic-cup", 2)  # a whole match of bots meanwhile
        assert client.get(f"/api/rooms/{other}").json()["status"] == "finished"


def test_reconnect_with_the_token_gets_the_full_view(client: TestClient) -> None:
    rid, tokens = two_people(client)
    room = client.app.state.hub.rooms[rid]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/rooms/{rid}") as a, client.websocket_connect(f"/ws/rooms/{rid}") as b:
        socks = {0: a, 1: b}
        hello(a, tokens[0])
        hello(b, tokens[1])
        a.receive_json()
        for _ in range(6):
            seat = room.deciding()
            socks[seat].send_json({"type": "act", "action": str(room.state.legal_actions(seat)[0]), "seq": room.seq})
            next_update(a)
            next_update(b)
    with client.websocket_connect(f"/ws/rooms/{rid}") as again:
        msg = hello(again, tokens[0])
        assert msg["full"] is True and msg["seq"] == 6
        assert msg["view"] == json.loads(json.dumps(room.state.view(0)))
        assert msg["events"] == json.loads(json.dumps([e.to_json() for e in room.events if e.visible_to(0)]))


def test_a_bot_plays_an_absent_persons_seat_after_the_grace(make_client: MakeClient) -> None:
    with make_client(grace_seconds=0.0) as client:
        rid = make_room(client, seats=2)
        join(client, rid, 0, "ann")
        token = join(client, rid, 1, "bob")
        client.post(f"/api/rooms/{rid}/start", headers={"X-Seat-Token": token})
        summary = wait_status(client, rid)  # nobody connected: bots played both seats to the end
        assert [s["kind"] for s in summary["seats"]] == ["human", "human"] and summary["seq"] > 0


def test_the_turn_timer_hands_the_decision_to_a_bot(make_client: MakeClient) -> None:
    with make_client(grace_seconds=3600) as client:
        rid = make_room(client, seats=2, turn_seconds=0.05)
        tokens = [join(client, rid, 0, "ann"), join(client, rid, 1, "bob")]
        client.post(f"/api/rooms/{rid}/start", headers={"X-Seat-Token": tokens[0]})
        with client.websocket_connect(f"/ws/rooms/{rid}") as a, client.websocket_connect(f"/ws/rooms/{rid}") as b:
            first = hello(a, tokens[0])
            hello(b, tokens[1])
            assert first["deadline"] is not None
            while (msg := next_update(a))["seq"] < 3:  # nobody moves: the timer does, every time
                pass
            assert msg["seats"][0]["kind"] == "human" and msg["seats"][0]["connected"]


def test_tokens_are_never_logged(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """Every log record of a room's life (joins, hellos, moves, refusals, a wrong token, a World Cup's links)
    is free of the seats' and coaches' tokens."""
    caplog.set_level(logging.DEBUG)
    rid, tokens = two_people(client)
    room = client.app.state.hub.rooms[rid]  # type: ignore[attr-defined]
    mover = room.deciding()
    with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
        hello(ws, tokens[mover])
        ws.send_json({"type": "act", "action": "teleport"})
        ws.receive_json()
        ws.send_json({"type": "act", "action": str(room.state.legal_actions(mover)[0])})
        next_update(ws)
    with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[1 - mover] + "x"})  # almost a token
        assert ws.receive_json()["code"] == "auth"
    client.post(f"/api/rooms/{rid}/seats/{mover}/leave", headers={"X-Seat-Token": tokens[mover]})
    cup = client.post("/api/tournaments", json={"seed": 2, "coaches": {"ann": ["esp"]}}).json()
    secrets = [*tokens, *cup["links"].values()]
    logged = "\n".join(f"{r.name} {r.getMessage()} {r.exc_text or ''}" for r in caplog.records)
    assert caplog.records and not [t for t in secrets if t in logged]
