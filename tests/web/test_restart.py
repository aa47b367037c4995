"""Event-sourced rooms: stop the server mid-match, start a new one on the same database, and the match goes
on from the same state (same fingerprint, same events, same seats and tokens). On SQLite and, when
PITCHSIDE_TEST_POSTGRES_URL is set, on PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import text

from pitchside.store.db import make_engine
from tests.web.conftest import MakeClient
from tests.web.helpers import join, make_room, wait_status


def snapshot(client: Any, rid: str) -> tuple[str, int, list[Any], str]:
    room = client.app.state.hub.rooms[rid]
    return room.state.fingerprint(), room.seq, [e.to_json() for e in room.events], room.status.value


def update_at(ws: Any, seq: int) -> dict[str, Any]:
    """Read ``ws`` up to its update of move ``seq`` (every update is read in order, so none is skipped)."""
    while True:
        m: dict[str, Any] = ws.receive_json()
        if m["type"] == "update" and m["seq"] >= seq:
            assert m["seq"] == seq, f"update {m['seq']} came before update {seq}"
            return m


def test_a_match_goes_on_after_a_restart(make_client: MakeClient, db_url: str) -> None:
    with make_client(db_url, grace_seconds=3600) as client:
        rid = make_room(client, "sonic-cup", 2, seed=3)
        tokens = [join(client, rid, 0, "ann"), join(client, rid, 1, "bob")]
        client.post(f"/api/rooms/{rid}/start", headers={"X-Seat-Token": tokens[0]})
        room = client.app.state.hub.rooms[rid]  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/rooms/{rid}") as a, client.websocket_connect(f"/ws/rooms/{rid}") as b:
            socks = {0: a, 1: b}
            for seat, ws in socks.items():
                ws.send_json({"type": "hello", "token": tokens[seat]})
            last: dict[int, dict[str, Any]] = {}  # each socket's newest update: every message is read in order
            for n in range(1, 11):
                seat = room.deciding()
                socks[seat].send_json({"type": "act", "action": str(room.state.legal_actions(seat)[-1])})
                last[seat] = update_at(socks[seat], n)  # the server has applied move n (not raced on room.seq)
            view = (last[0] if last.get(0, {}).get("seq") == 10 else update_at(a, 10))["view"]
        before = snapshot(client, rid)
        finished_id = make_room(client, "my-world-cup", None)
        client.post(f"/api/rooms/{finished_id}/start")
        wait_status(client, finished_id)
        record = client.get(f"/api/rooms/{finished_id}/record").text

    with make_client(db_url, grace_seconds=3600) as client:  # a new server on the same database
        assert snapshot(client, rid) == before
        summary = client.get(f"/api/rooms/{rid}").json()
        assert [s["name"] for s in summary["seats"]] == ["ann", "bob"] and summary["seq"] == 10
        with client.websocket_connect(f"/ws/rooms/{rid}") as a:
            a.send_json({"type": "hello", "token": tokens[0]})  # the same token still holds the seat
            msg = a.receive_json()
            assert msg["seq"] == 10 and msg["view"] == view and msg["full"] is True
        assert client.get(f"/api/rooms/{finished_id}/record").text == record  # finished matches stay
        assert finished_id in [r["id"] for r in client.get("/api/rooms").json()]
        r = client.post(f"/api/rooms/{rid}/seats/0/bot", json={"kind": "random"})
        assert r.status_code == 409  # ann still holds seat 0
        client.post(f"/api/rooms/{rid}/seats/0/leave", headers={"X-Seat-Token": tokens[0]})
        client.post(f"/api/rooms/{rid}/seats/1/leave", headers={"X-Seat-Token": tokens[1]})
        wait_status(client, rid)  # free seats: the bots finish it


def test_tokens_are_stored_hashed(make_client: MakeClient, db_url: str) -> None:
    with make_client(db_url) as client:
        rid = make_room(client)
        token = join(client, rid, 0)
    engine = make_engine(db_url)
    with engine.connect() as conn:
        rows = [json.dumps(list(r)) for r in conn.execute(text("SELECT * FROM web_seats"))]
    engine.dispose()
    assert rows and not any(token in r for r in rows)


def test_a_room_whose_log_does_not_replay_is_reported_not_fatal(make_client: MakeClient, db_url: str) -> None:
    with make_client(db_url) as client:
        rid = make_room(client)
        token = join(client, rid, 0)
        client.post(f"/api/rooms/{rid}/start", headers={"X-Seat-Token": token})
        good = make_room(client)
    engine = make_engine(db_url)
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO web_actions (room_id, n, seat, action, played_at) "
                "VALUES (:r, 0, 0, 'nonsense', CURRENT_TIMESTAMP)"
            ),
            {"r": rid},
        )
    engine.dispose()
    with make_client(db_url) as client:
        r = client.get(f"/api/rooms/{rid}")
        assert r.status_code == 404 and "could not be rebuilt" in r.json()["detail"]["message"]
        assert "move 1" in r.json()["detail"]["message"]
        assert client.get(f"/api/rooms/{good}").status_code == 200  # the other rooms are served
