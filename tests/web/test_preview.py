"""The preview message (issue 9: a multi-card play is built card by card and can be cancelled before its last
card): the deciding seat's legal actions after a prefix, worked out on a clone. Nothing changes, and nothing the
seat could not know by playing is shown (no drawn card, no die, no shuffle)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.helpers import join, make_room
from tests.web.test_ws import hello


def started(client: TestClient, game: str = "sonic-cup", **body: Any) -> tuple[str, list[str], Any]:
    rid = make_room(client, game, **body)
    tokens = [join(client, rid, 0, "ann"), join(client, rid, 1, "bob")]
    assert client.post(f"/api/rooms/{rid}/start", headers={"X-Seat-Token": tokens[0]}).status_code == 200
    return rid, tokens, client.app.state.hub.rooms[rid]  # type: ignore[attr-defined]


def reply(ws: Any, actions: list[str]) -> dict[str, Any]:
    ws.send_json({"type": "preview", "actions": actions})
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] != "update":
            return msg


def test_a_preview_gives_the_next_cards_and_changes_nothing(client: TestClient) -> None:
    rid, tokens, room = started(client)
    seat = room.deciding()
    first = next(str(a) for a in room.state.legal_actions(seat) if str(a).startswith("fw ") and ">" not in str(a))
    twin = room.state.clone()
    twin.apply(seat, room.game.parse_action(first))
    expected = [str(a) for a in twin.legal_actions(seat)]
    before = (room.state.fingerprint(), room.seq, list(room.moves), len(room.events))
    with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
        hello(ws, tokens[seat])
        msg = reply(ws, [first])
        assert msg == {"type": "preview", "actions": [first], "legal": expected}
        assert expected and all(a.startswith("fw ") and ">" in a for a in expected)  # the last card, with a target
    assert (room.state.fingerprint(), room.seq, list(room.moves), len(room.events)) == before


def test_refused_previews_say_why(client: TestClient) -> None:
    rid, tokens, room = started(client)
    seat = room.deciding()
    with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
        hello(ws, tokens[1 - seat])
        assert reply(ws, ["pass"])["code"] == "state"  # not this seat's decision
    with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
        hello(ws)
        assert reply(ws, ["pass"])["code"] == "auth"  # a spectator
    with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
        hello(ws, tokens[seat])
        assert reply(ws, ["fw"])["code"] == "notation"
        err = reply(ws, ["kb Z99"])
        assert err["code"] in ("illegal", "notation") and err["message"]
        assert reply(ws, [])["code"] == "malformed"
        assert reply(ws, ["pass"] * 5)["code"] == "malformed"  # at most 4 steps
    assert room.seq == 0 and room.moves == []


def test_a_preview_never_shows_chance_or_another_seat(client: TestClient) -> None:
    # Algeria's preparation gamble rolls a die (WC-TEAM-ALG-1): its result must not be seen before it is played.
    rid, tokens, room = started(client, "my-world-cup", seats=None, options={"teams": ["alg", "srb"]})
    assert room.state.decision().label == "preparation:gamble"
    with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
        hello(ws, tokens[room.deciding()])
        assert reply(ws, ["roll"])["legal"] == []
    # Sonic Cup: ending the turn refills the hand (cards only this seat may see) and hands the turn on.
    rid, tokens, room = started(client)
    seat = room.deciding()
    move = next(str(a) for a in room.state.legal_actions(seat) if str(a).startswith("move "))
    with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
        hello(ws, tokens[seat])
        assert reply(ws, [move])["legal"]  # still this seat's turn: its next choices
        assert reply(ws, [move, "end"]) == {"type": "preview", "actions": [move, "end"], "legal": []}
