"""World Cup online: a 2010 World Cup whose coaches play their matches in rooms from their own links, bots
playing the rest, on the same tournament store as `pitchside worldcup` (and surviving a restart)."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from pitchside.games.my_world_cup.tournament import WorldCup
from pitchside.store import tournaments as store
from pitchside.store.db import open_db
from tests.web.conftest import MakeClient
from tests.web.helpers import error, wait_status


def new_cup(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tournaments", json={"name": "office cup", "seed": 4, **body})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def play(client: TestClient, rid: str, token: str, seed: int = 1, until: int | None = None) -> dict[str, Any]:
    """The coach's side of a match from their link: start it if it waits, then random legal actions until the
    end (or until ``until`` moves were made)."""
    rng = random.Random(seed)
    acted = -1
    with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
        ws.send_json({"type": "hello", "token": token})
        msg = ws.receive_json()
        if msg["status"] == "waiting":
            assert client.post(f"/api/rooms/{rid}/start", headers={"X-Seat-Token": token}).status_code == 200
        while True:
            if msg["type"] == "update":
                if msg["status"] == "finished" or (until is not None and msg["seq"] >= until):
                    return msg
                if msg["legal"] and msg["seq"] > acted:
                    acted = msg["seq"]
                    ws.send_json({"type": "act", "action": rng.choice(msg["legal"]), "seq": msg["seq"]})
            msg = ws.receive_json()


def wait_room(client: TestClient, tid: int, played: int) -> dict[str, Any]:
    """The page once ``played`` matches are stored and the next match's room is made."""
    for _ in range(6000):
        page: dict[str, Any] = client.get(f"/api/tournaments/{tid}").json()
        if page["played"] >= played and page["room"] is not None:
            return page
        wait_status(client, page["room"]) if page["room"] else None
    raise AssertionError(f"World Cup {tid} never reached {played} matches")


def test_a_coach_plays_from_their_link_and_bots_play_the_rest(client: TestClient) -> None:
    cup = new_cup(client, coaches={"ann": ["rsa"]})  # South Africa plays matches 1, 3 and 5 of group A
    tid, token, rid = cup["id"], cup["links"]["ann"], cup["room"]
    room = client.get(f"/api/rooms/{rid}").json()
    assert room["status"] == "waiting" and room["tournament"] == {"id": tid, "match": 0}
    assert [s["name"] for s in room["seats"]] == ["ann", ""] and room["seats"][1]["bot"] == "heuristic"
    assert set(room["config"]) <= {"mode", "neutral", "teams"}  # never the hands or the deck of the tournament
    end = play(client, rid, token)
    assert end["outcome"] is not None
    page = wait_room(client, tid, played=2)  # match 2 (uru-fra) is played by bots at once
    assert page["played"] == 2 and page["next"]["home"] == "rsa" and page["coaches"]["ann"]["linked"]
    assert [f["text"] is not None for f in page["fixtures"][:3]] == [True, True, False]
    assert page["groups"]["A"][0]["played"] >= 1 and "seed" not in page["record_book"]
    assert "snapshot" not in page and "deck" not in page
    nxt = client.get(f"/api/rooms/{page['room']}").json()
    assert nxt["status"] == "waiting" and nxt["seats"][0]["name"] == "ann"
    r = client.get(f"/api/rooms/{rid}/record")  # it shows hands and a deck that play on
    assert r.status_code == 409 and "World Cup is over" in error(r)["message"]
    listed = client.get("/api/tournaments").json()
    assert listed[0]["id"] == tid and listed[0]["coaches"] == ["ann"]
    assert client.post(f"/api/tournaments/{tid}/next").json()["room"] == page["room"]  # the same room


def test_world_cup_refusals(client: TestClient) -> None:
    def refused(body: dict[str, Any], code: str) -> str:
        r = client.post("/api/tournaments", json={"seed": 1, **body})
        assert r.status_code == 422, r.text
        d = error(r)
        assert d["code"] == code
        return str(d["message"])

    assert "narnia" in refused({"coaches": {"ann": ["narnia"]}}, "config")
    assert "WC-GAP-1" in refused({"coaches": {"ann": ["esp"], "bob": ["esp"]}}, "config")
    refused({"coaches": {c: ["esp"] for c in "abcde"}}, "malformed")
    refused({"seed": -1}, "malformed")
    assert client.get("/api/tournaments/999").status_code == 404
    assert client.post("/api/tournaments/999/next").status_code == 404


def test_a_terminal_world_cup_goes_on_in_the_browser(client: TestClient, sqlite_url: str) -> None:
    db = open_db(sqlite_url)
    cup = WorldCup.new(7, {"ann": ["uru"]}, name="from the terminal")
    tid = store.create(db, name=cup.name, game="my-world-cup", seed=7, config={"coaches": cup.coaches},
                       snapshot=cup.to_json())  # fmt: skip
    assert client.get(f"/api/tournaments/{tid}").json()["coaches"]["ann"]["linked"] is False
    token = client.post(f"/api/tournaments/{tid}/coaches/ann/claim").json()["token"]
    assert client.post(f"/api/tournaments/{tid}/coaches/ann/claim").status_code == 409
    assert client.post(f"/api/tournaments/{tid}/coaches/zoe/claim").status_code == 404
    rid = client.post(f"/api/tournaments/{tid}/next").json()["room"]  # match 1 (rsa-mex) is bots only
    page = wait_room(client, tid, played=1)
    assert page["next"]["away"] == "fra" and page["next"]["home"] == "uru"
    play(client, page["room"], token)
    page = wait_room(client, tid, played=2)
    assert store.load(db, tid).played == 2 and rid != page["room"]  # the terminal sees both matches
    assert len(store.matches(db, tid)) == 2


def test_a_world_cup_goes_on_after_a_restart(make_client: MakeClient, db_url: str) -> None:
    with make_client(db_url) as client:
        cup = new_cup(client, coaches={"ann": ["rsa"]})
        tid, token, rid = cup["id"], cup["links"]["ann"], cup["room"]
        mid = play(client, rid, token, until=2)
        assert mid["status"] == "playing"
    with make_client(db_url) as client:
        again = client.get(f"/api/rooms/{rid}").json()
        assert again["status"] == "playing" and again["seq"] >= 2
        assert client.get(f"/api/tournaments/{tid}").json()["room"] == rid
        play(client, rid, token)
        page = wait_room(client, tid, played=2)
        assert page["played"] == 2


def test_a_browser_world_cup_goes_on_in_the_terminal(make_client: MakeClient, sqlite_url: str) -> None:
    """The reverse: a World Cup made and played in the browser is continued by `pitchside worldcup sim --id`
    and shown by `worldcup show`; the browser then shows the terminal's results and the champion."""
    from typer.testing import CliRunner

    from pitchside.cli import app

    with make_client(sqlite_url) as client:
        cup = new_cup(client, coaches={"ann": ["rsa"]})
        tid = cup["id"]
        play(client, cup["room"], cup["links"]["ann"])
        wait_room(client, tid, played=2)  # ann's match, then a bots' match; ann's next match waits for her
    env = {"PITCHSIDE_DATABASE_URL": sqlite_url, "NO_COLOR": "1", "COLUMNS": "160"}
    result = CliRunner().invoke(app, ["worldcup", "sim", "--id", str(tid)], env=env)
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(app, ["worldcup", "show", "--id", str(tid)], env=env)
    assert result.exit_code == 0 and "office cup" in result.output, result.output
    done = store.load(open_db(sqlite_url), tid)
    assert done.status == store.FINISHED and done.played > 2
    with make_client(sqlite_url) as client:
        page = client.get(f"/api/tournaments/{tid}").json()
        assert page["status"] == store.FINISHED and page["champion"] and page["room"] is None
        assert page["played"] == done.played and all(f["result"] for f in page["fixtures"][:48])
        assert client.post(f"/api/tournaments/{tid}/next").json()["room"] is None  # nothing left to play


def test_a_match_the_terminal_plays_meanwhile_closes_its_room(client: TestClient, sqlite_url: str) -> None:
    """While the server runs, `pitchside worldcup sim --id` plays the tournament on (the coach's waiting match
    too): the browser's room of that match is closed, its connection told why, and the page goes on."""
    from typer.testing import CliRunner

    from pitchside.cli import app

    cup = new_cup(client, coaches={"ann": ["rsa"]})
    tid, rid, token = cup["id"], cup["room"], cup["links"]["ann"]
    with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["status"] == "waiting"
        env = {"PITCHSIDE_DATABASE_URL": sqlite_url, "NO_COLOR": "1", "COLUMNS": "160"}
        result = CliRunner().invoke(app, ["worldcup", "sim", "--id", str(tid)], env=env)
        assert result.exit_code == 0, result.output
        page = client.get(f"/api/tournaments/{tid}").json()
        assert page["status"] == store.FINISHED and page["room"] is None and page["champion"]
        err = next(m for m in iter(ws.receive_json, None) if m["type"] == "error")
        assert err["code"] == "not-found" and "played elsewhere" in err["message"]
    r = client.get(f"/api/rooms/{rid}")
    assert r.status_code == 404 and "was closed" in error(r)["message"]
