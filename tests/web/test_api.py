"""The lobby's REST API: every endpoint, and its errors ({"detail": {"code", "message"}}, 4xx, never a 500)."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from pitchside.core.record import MatchRecord, replay
from pitchside.core.registry import load_game
from tests.web.conftest import MakeClient
from tests.web.helpers import bot_match, error, join, make_room


def test_games_list_ids_seat_counts_and_default_options(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(games) >= {"sonic-cup", "world-ball", "my-world-cup"}
    assert games["sonic-cup"]["seat_counts"] == [2, 4, 6, 8, 10]
    assert games["sonic-cup"]["defaults"]["4"]["roles"] == [["DF", "FW"], ["DF", "FW"], ["GK", "MF"], ["GK", "MF"]]
    assert games["world-ball"]["defaults"]["6"]["halves"] == 2


def test_texts_in_each_language(client: TestClient) -> None:
    zh = client.get("/api/games/sonic-cup/texts?lang=zh").json()
    en = client.get("/api/games/tzq/texts", params={"lang": "en"}).json()  # an alias works too
    assert set(zh) == set(en) and "overview" in zh
    assert zh["overview"]["title"] != en["overview"]["title"] and en["overview"]["kind"] == "rules"
    assert error(client.get("/api/games/sonic-cup/texts?lang=fr"))["code"] == "malformed"
    r = client.get("/api/games/chess/texts")
    assert r.status_code == 404 and "unknown game 'chess'" in error(r)["message"]


def test_create_a_room_and_read_it(client: TestClient) -> None:
    rid = make_room(client, "world-ball", 4, options={"halves": 2}, turn_seconds=30)
    room = client.get(f"/api/rooms/{rid}").json()
    assert room["id"] == rid and room["game"] == "world-ball" and room["status"] == "waiting"
    assert room["config"]["halves"] == 2 and room["turn_seconds"] == 30
    assert [s["kind"] for s in room["seats"]] == ["free"] * 4 and "seed" not in room  # the seed would tell the deck
    assert rid in [r["id"] for r in client.get("/api/rooms").json()]
    r = client.get("/api/rooms/nosuchroom")
    assert r.status_code == 404 and error(r)["code"] == "not-found"


def test_create_refusals_name_the_field(client: TestClient) -> None:
    def refused(body: object, status: int, code: str) -> str:
        r = client.post("/api/rooms", json=body)
        assert r.status_code == status, r.text
        d = error(r)
        assert d["code"] == code
        return str(d["message"])

    assert "options.seats" in refused({"game": "sonic-cup", "seats": 3}, 422, "config")
    assert "options.halves" in refused({"game": "world-ball", "options": {"halves": 3}}, 422, "config")
    assert "may not be read" in refused({"game": "sonic-cup", "options": {"deck": "/etc/passwd"}}, 422, "config")
    assert "unknown game" in refused({"game": "pitchside.web.app:create_app"}, 404, "not-found")  # never imported
    assert "body.seed" in refused({"game": "sonic-cup", "seed": -1}, 422, "malformed")
    assert "body.colour" in refused({"game": "sonic-cup", "colour": "red"}, 422, "malformed")
    assert "body.game" in refused({}, 422, "malformed")
    r = client.post("/api/rooms", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and error(r)["code"] == "malformed"


def test_rooms_per_server_are_limited(make_client: MakeClient) -> None:
    with make_client(max_rooms=2) as client:
        make_room(client)
        make_room(client)
        r = client.post("/api/rooms", json={"game": "sonic-cup"})
        assert r.status_code == 429 and "2 open rooms" in error(r)["message"]


def test_join_leave_and_bots(client: TestClient) -> None:
    rid = make_room(client, seats=4)
    token = join(client, rid, 1, "ann")
    r = client.post(f"/api/rooms/{rid}/seats/1/join", json={"name": "eve"})
    assert r.status_code == 409 and error(r)["code"] == "taken"
    assert client.post(f"/api/rooms/{rid}/seats/9/join", json={"name": "x"}).status_code == 404
    assert error(client.post(f"/api/rooms/{rid}/seats/0/join", json={}))["code"] == "malformed"
    assert error(client.post(f"/api/rooms/{rid}/seats/0/join", json={"name": "x" * 41}))["code"] == "malformed"
    assert client.post("/api/rooms/nope/seats/0/join", json={"name": "x"}).status_code == 404

    r = client.post(f"/api/rooms/{rid}/seats/2/bot", json={"kind": "ismcts", "budget": 50})
    seats = r.json()["seats"]
    assert r.status_code == 200 and seats[2]["kind"] == "bot" and seats[2]["budget"] == 50
    assert seats[1] == {**seats[1], "kind": "human", "name": "ann", "connected": False}
    assert error(client.post(f"/api/rooms/{rid}/seats/1/bot", json={"kind": "random"}))["code"] == "taken"
    assert error(client.post(f"/api/rooms/{rid}/seats/3/bot", json={"kind": "genius"}))["code"] == "malformed"
    r = client.post(f"/api/rooms/{rid}/seats/3/bot", json={"kind": "ismcts", "budget": 10**6})
    assert r.status_code == 429 and "budget" in error(r)["message"]

    assert error(client.post(f"/api/rooms/{rid}/seats/1/leave"))["code"] == "auth"
    r = client.post(f"/api/rooms/{rid}/seats/1/leave", headers={"X-Seat-Token": "guess"})
    assert r.status_code == 403 and error(r)["code"] == "auth"
    r = client.post(f"/api/rooms/{rid}/seats/1/leave", headers={"X-Seat-Token": token})
    assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "free"
    assert join(client, rid, 1, "eve") != token


def test_start_needs_a_seated_players_token(client: TestClient) -> None:
    rid = make_room(client)
    token = join(client, rid, 0)
    r = client.post(f"/api/rooms/{rid}/start")
    assert r.status_code == 403 and error(r)["code"] == "auth"
    r = client.post(f"/api/rooms/{rid}/start", headers={"X-Seat-Token": token})
    assert r.status_code == 200 and r.json()["status"] == "playing"
    r = client.post(f"/api/rooms/{rid}/start", headers={"X-Seat-Token": token})
    assert r.status_code == 409 and error(r)["code"] == "state"
    r = client.get(f"/api/rooms/{rid}/record")
    assert r.status_code == 409 and "record comes when it ends" in error(r)["message"]  # the seed stays secret


def test_a_finished_match_record_downloads_and_replays(client: TestClient) -> None:
    rid = bot_match(client)
    r = client.get(f"/api/rooms/{rid}/record")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/x-ndjson")
    rec = MatchRecord.loads(r.text)
    assert rec.game == "my-world-cup" and rec.outcome is not None and rec.fingerprint
    assert replay(rec, load_game(rec.game)).state.fingerprint() == rec.fingerprint
    listed = {x["id"]: x for x in client.get("/api/rooms").json()}
    assert listed[rid]["status"] == "finished" and listed[rid]["outcome"] == rec.outcome
    assert client.get("/api/rooms/nope/record").status_code == 404


def test_upload_a_record_and_step_through_it(client: TestClient) -> None:
    rid = bot_match(client)
    text = client.get(f"/api/rooms/{rid}/record").text
    up = client.post("/api/replays", content=text.encode())
    assert up.status_code == 201, up.text
    info = up.json()
    moves = info["moves"]
    assert info["game"] == "my-world-cup" and moves > 0
    assert client.get(f"/api/replays/{info['id']}").json()["moves"] == moves
    rec = MatchRecord.loads(text)
    game = load_game(rec.game)
    for n in (0, 1, moves):
        step = client.get(f"/api/replays/{info['id']}/step/{n}", params={"seat": 0}).json()
        part = MatchRecord(rec.game, rec.version, rec.config, rec.seed, None, rec.players, rec.moves[:n])
        assert step["view"] == replay(part, game).state.view(0) and step["n"] == n
        assert all(e.get("for_seat", 0) == 0 for e in step["events"])
    public = client.get(f"/api/replays/{info['id']}/step/0").json()
    assert all("for_seat" not in e for e in public["events"])
    assert client.get(f"/api/replays/{info['id']}/step/{moves}").json()["outcome"] == rec.outcome
    assert client.get(f"/api/replays/{rid}/step/1").status_code == 200  # a finished room steps by its own id
    assert error(client.get(f"/api/replays/{info['id']}/step/{moves + 1}"))["code"] == "not-found"
    assert error(client.get(f"/api/replays/{info['id']}/step/0?seat=5"))["code"] == "not-found"
    assert client.get("/api/replays/nope").status_code == 404


def test_a_bad_upload_names_the_line(client: TestClient) -> None:
    rid = bot_match(client)
    lines = client.get(f"/api/rooms/{rid}/record").text.splitlines()
    move = json.loads(lines[1])
    lines[1] = json.dumps({**move, "action": "nonsense"})
    r = client.post("/api/replays", content="\n".join(lines).encode())
    assert r.status_code == 422 and error(r)["message"].startswith("upload:2: move 1")
    assert error(client.post("/api/replays", content=b"hello"))["message"].startswith("upload:1")
    assert "UTF-8" in error(client.post("/api/replays", content=b"\xff\xfe"))["message"]


def test_oversized_bodies_are_refused(make_client: MakeClient) -> None:
    with make_client(max_record_bytes=1000) as client:
        r = client.post("/api/replays", content=b"x" * 1001)
        assert r.status_code == 413 and error(r)["code"] == "limit"

        def chunks():  # type: ignore[no-untyped-def]
            yield b"x" * 600
            yield b"x" * 600

        r = client.post("/api/replays", content=chunks())  # no Content-Length: counted as it comes
        assert r.status_code == 413 and error(r)["code"] == "limit"


def test_unknown_paths_have_the_same_error_shape(client: TestClient) -> None:
    r = client.get("/api/nothing-here")
    assert r.status_code == 404 and error(r)["code"] == "not-found"
    assert client.get("/openapi.json").json()["paths"]["/api/rooms"]


def test_a_bot_budget_in_iterations_or_in_time(make_client: MakeClient, db_url: str) -> None:
    """Issue 11: a bot seat's budget is an iteration count (an int, as before) or text in the grammar the
    terminal takes (``ismcts:1s``), within the server's limits; it is stored, and a record names the bot by it."""
    with make_client(db_url, max_budget_seconds=2.0) as client:
        rid = make_room(client, seats=4)

        def bot(seat: int, **body: object) -> object:
            return client.post(f"/api/rooms/{rid}/seats/{seat}/bot", json={"kind": "ismcts", **body})

        seats = bot(0, budget="1s").json()["seats"]  # type: ignore[attr-defined]
        assert (seats[0]["budget"], seats[0]["seconds"]) == (None, 1.0)
        assert bot(1, budget="250ms").json()["seats"][1]["seconds"] == 0.25  # type: ignore[attr-defined]
        assert bot(2, budget="300").json()["seats"][2]["budget"] == 300  # type: ignore[attr-defined]
        assert bot(3, budget=40).json()["seats"][3]["budget"] == 40  # type: ignore[attr-defined]
        before = client.get(f"/api/rooms/{rid}").json()
        for body, status, says in [
            ({"budget": "fast"}, 422, "is not a budget: a budget is a whole number of iterations"),
            ({"budget": "0"}, 422, "iterations must be between 1"),
            ({"budget": -5}, 422, "is not a budget"),
            ({"budget": "0s"}, 422, "a time budget must be more than 0"),
            ({"budget": "3s"}, 429, "at most 2 s, not 3 s"),
            ({"budget": 2001}, 429, "at most 2000 iterations"),
            ({"budget": 1.5}, 422, "budget"),
            ({"budget": "x" * 21}, 422, "budget"),
        ]:
            r = bot(0, **body)
            assert r.status_code == status and says in error(r)["message"], (body, r.text)  # type: ignore[attr-defined]
        r = client.post(f"/api/rooms/{rid}/seats/0/bot", json={"kind": "heuristic", "budget": "1s"})
        assert r.status_code == 422 and "only ismcts takes a budget" in error(r)["message"]
        assert client.get(f"/api/rooms/{rid}").json() == before  # a refused budget changed nothing
    with make_client(db_url) as client:  # a restarted server has the budgets from the database
        seats = client.get(f"/api/rooms/{rid}").json()["seats"]
        assert [(s["budget"], s["seconds"]) for s in seats] == [(None, 1.0), (None, 0.25), (300, None), (40, None)]
        room = client.app.state.hub.rooms[rid]  # type: ignore[attr-defined]
        assert room.record().players == ["ismcts:1s", "ismcts:0.25s", "ismcts:300", "ismcts:40"]
