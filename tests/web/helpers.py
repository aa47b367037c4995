"""Helpers of the web tests: rooms made through the API, and waiting for bots (bounded, never a timing assert)."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

WAIT_SECONDS = 120.0  # a bound on waiting for bots, so a broken server fails instead of hanging


def make_room(client: TestClient, game: str = "sonic-cup", seats: int | None = 2, **body: Any) -> str:
    payload: dict[str, Any] = {"game": game, "seed": 11, **body}
    if seats is not None:
        payload["seats"] = seats
    r = client.post("/api/rooms", json=payload)
    assert r.status_code == 201, r.text
    rid: str = r.json()["id"]
    return rid


def join(client: TestClient, rid: str, seat: int, name: str = "ann") -> str:
    r = client.post(f"/api/rooms/{rid}/seats/{seat}/join", json={"name": name})
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def wait_status(client: TestClient, rid: str, status: str = "finished") -> dict[str, Any]:
    end = time.monotonic() + WAIT_SECONDS
    while True:
        summary: dict[str, Any] = client.get(f"/api/rooms/{rid}").json()
        if summary["status"] == status:
            return summary
        assert time.monotonic() < end, f"room {rid} still {summary['status']} at seq {summary['seq']}"
        time.sleep(0.02)


def bot_match(client: TestClient, game: str = "my-world-cup", seats: int | None = None, **body: Any) -> str:
    """A finished match of bots only (started by nobody: nobody is seated)."""
    rid = make_room(client, game, seats, **body)
    r = client.post(f"/api/rooms/{rid}/start")
    assert r.status_code == 200, r.text
    wait_status(client, rid)
    return rid


def error(r: Any) -> dict[str, Any]:
    """The error body every refusal has: {"detail": {"code", "message"}}."""
    detail: dict[str, Any] = r.json()["detail"]
    assert set(detail) >= {"code", "message"} and detail["message"], detail
    return detail
