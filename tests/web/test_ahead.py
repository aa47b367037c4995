"""Answering ahead (issue 9): a response window or hidden pick is shown at once to every person it concerns;
an answer given before the seat's turn is checked against what the seat could do then, kept (never stored),
and applied in the rulebook's order when the decision reaches the seat; a window settled before that drops it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pitchside.core.decision import DecisionKind
from pitchside.core.record import replay
from pitchside.core.registry import load_game
from pitchside.core.rng import Rng
from pitchside.web.rooms import ErrorCode, Room, RoomError
from tests.web.conftest import MakeClient
from tests.web.helpers import join, make_room

SC = load_game("sonic-cup")
MWC = load_game("my-world-cup")


def people(game: Any, config: dict[str, Any], seed: int) -> tuple[Room, list[str]]:
    r = Room.create(game, config, seed)
    tokens = [r.join(i, f"p{i}", now=0.0) for i in range(r.state.num_seats)]
    r.start(tokens[0], now=0.0)
    return r, tokens


def steal_window(seed: int = 1, first_can_steal: bool = False) -> Room:
    """A 6-seat Sonic Cup room of people, played on (random moves) until a Power Kick steal window concerns
    two seats or more (SC-PK-3: the opponents answer in turn order)."""
    for s in range(seed, seed + 50):
        r, _ = people(SC, {"seats": 6}, s)
        rng = Rng(s)
        for _ in range(400):
            d = r.state.decision()
            window = d.kind is DecisionKind.RESPONSE and d.label == "steal" and len(d.seats) >= 3
            if window and (not first_can_steal or any(str(a) != "pass" for a in r.state.legal_actions(d.seat))):
                return r
            if r.state.is_over():
                break
            legal = [str(a) for a in r.state.legal_actions(d.seat)]
            r.act(d.seat, legal[rng.below(len(legal))], now=0.0)
    raise AssertionError("no steal window with three seats in 50 seeds")


def test_every_seat_of_a_window_is_shown_its_options_at_once() -> None:
    """The seats after the one answering now get the options they will have when the window reaches them
    (the seats before them passing), marked as answers ahead; spectators and others get none."""
    r = steal_window()
    d = r.state.decision()
    first, later = d.seats[0], d.seats[1:]
    assert r.update(first, 0)["legal"] and "ahead" not in r.update(first, 0)
    for seat in later:
        msg = r.update(seat, 0)
        assert msg["ahead"] is True and "pass" in msg["legal"]
        twin = r.state.clone()  # the window as it reaches this seat: everyone before it passes
        while twin.decision().seat != seat:
            twin.apply(twin.decision().seat, SC.parse_action("pass"))
        assert msg["legal"] == [str(a) for a in twin.legal_actions(seat)]
    outsider = next(i for i in range(6) if i not in d.seats)
    assert r.update(outsider, 0)["legal"] == [] and "ahead" not in r.update(outsider, 0)
    assert r.update(None, 0)["legal"] == []


def test_an_answer_ahead_waits_for_its_turn_then_plays_in_the_rulebooks_order() -> None:
    r = steal_window()
    d = r.state.decision()
    first, last = d.seats[0], d.seats[-1]
    before, seq = r.state.fingerprint(), r.seq
    assert r.act(last, "pass", now=1.0) == []  # kept: nothing happens yet, nothing is logged
    assert r.state.fingerprint() == before and r.seq == seq and r.update(last, 0)["queued"] == ["pass"]
    middle = [s for s in d.seats[1:-1]]
    r.act(first, "pass", now=2.0)
    for seat in middle:
        assert r.state.decision().seat == seat  # the seats between still answer in their turn
        r.act(seat, "pass", now=3.0)
    assert r.state.decision().label != "steal" or r.state.decision().seat != last
    assert [m.seat for m in r.moves[seq:]] == [first, *middle, last]  # the rulebook's order, one log
    assert "queued" not in r.update(last, 0)
    assert replay(r.record(), SC).state.fingerprint() == r.state.fingerprint()


def test_an_illegal_answer_ahead_names_its_rule_and_is_not_kept() -> None:
    r = steal_window()
    last = r.state.decision().seats[-1]
    with pytest.raises(RoomError) as e:
        r.act(last, "move 1>9", now=0.0)
    assert e.value.code in (ErrorCode.ILLEGAL, ErrorCode.NOTATION) and r.ahead == {}
    with pytest.raises(RoomError) as e:
        r.act(last, "no such action", now=0.0)
    assert e.value.code is ErrorCode.NOTATION and r.ahead == {}


def test_a_window_settled_before_the_turn_drops_the_answer_and_says_so() -> None:
    """SC-PK-3: the first opponent who steals closes the window: a later seat's answer is not needed."""
    r = steal_window(first_can_steal=True)
    d = r.state.decision()
    first, last, seq = d.seats[0], d.seats[-1], r.seq
    r.act(last, "pass", now=0.0)
    while r.state.decision().seat == first and r.state.decision().label == "steal":
        r.act(first, next(str(a) for a in r.state.legal_actions(first) if str(a) != "pass"), now=0.0)
    assert {m.seat for m in r.moves[seq:]} == {first}  # the steal, and nothing of the later seat
    assert last not in r.ahead and "settled" in r.update(last, 0)["notice"]


def test_a_hidden_pick_is_collected_from_both_sides_before_the_reveal() -> None:
    """WC-MATCH-3/4: both lineups go behind the screen; the second side builds its own while the first is
    still choosing, and the reveal comes when both are in. No lineup of the other side is ever sent."""
    r, _ = people(MWC, {"mode": "friendly", "teams": ["esp", "bra"]}, 5)
    d = r.state.decision()
    assert d.kind is DecisionKind.HIDDEN_PICK and len(d.seats) == 2
    first, second = d.seat, d.seats[1]
    picks: list[str] = []
    while True:  # the second side builds its lineup ahead, pick by pick, from its own options: two cards
        options = r.update(second, 0)["legal"]
        assert options and r.update(second, 0)["ahead"] is True
        pick = options[0] if len(picks) < 2 else "ready"
        r.act(second, pick, now=0.0)
        picks.append(pick)
        if pick == "ready":
            break
    assert r.seq == 0 and r.update(second, 0)["queued"] == picks
    other = json.dumps(r.update(first, 0))
    assert all(p.split()[-1] not in other for p in picks if p != "ready")  # nothing of it reaches the first
    while r.state.decision().seat == first and r.state.decision().kind is DecisionKind.HIDDEN_PICK:
        options = [str(a) for a in r.state.legal_actions(first)]
        r.act(first, "ready" if "ready" in options else options[0], now=0.0)
    assert [m.action for m in r.moves if m.seat == second] == picks  # applied when its turn came
    assert r.state.decision().kind is not DecisionKind.HIDDEN_PICK or r.state.decision().label != "lineup"
    assert replay(r.record(), MWC).state.fingerprint() == r.state.fingerprint()


def test_a_turn_is_not_answered_ahead() -> None:
    """SC-TURN-2: only the seat whose turn it is plays in a turn; nobody answers a turn ahead."""
    r, _ = people(SC, {"seats": 2}, 3)
    d = r.state.decision()
    assert d.kind is DecisionKind.TURN
    other = 1 - d.seat
    with pytest.raises(RoomError) as e:
        r.act(other, str(r.state.legal_actions(d.seat)[0]), now=0.0)
    assert e.value.code is ErrorCode.ILLEGAL and e.value.rule == "SC-TURN-2" and r.ahead == {}


def test_answers_ahead_are_stored_when_they_are_played(make_client: MakeClient, db_url: str) -> None:
    """Event-sourced: the answers a move lets through are written with it, so a restarted server has them."""
    with make_client(db_url, grace_seconds=3600) as client:
        rid = make_room(client, "my-world-cup", None, options={"teams": ["esp", "bra"]})
        tokens = [join(client, rid, 0, "ann"), join(client, rid, 1, "bob")]
        client.post(f"/api/rooms/{rid}/start", headers={"X-Seat-Token": tokens[0]})
        room = client.app.state.hub.rooms[rid]  # type: ignore[attr-defined]
        d = room.state.decision()
        first, second = d.seat, d.seats[1]
        with client.websocket_connect(f"/ws/rooms/{rid}") as ws:
            ws.send_json({"type": "hello", "token": tokens[second]})
            msg = ws.receive_json()
            while True:
                assert msg["ahead"] is True
                pick = "ready" if msg.get("queued") else msg["legal"][0]  # one card, then ready
                ws.send_json({"type": "act", "action": pick})
                msg = next(m for m in iter(ws.receive_json, None) if m["type"] == "update")
                if pick == "ready":
                    break
            assert msg["seq"] == 0 and msg["queued"][-1] == "ready"
        with client.websocket_connect(f"/ws/rooms/{rid}") as ws0:  # the first side answers in its turn
            ws0.send_json({"type": "hello", "token": tokens[first]})
            msg = ws0.receive_json()
            fielded = False
            while room.state.decision().seat == first and room.state.decision().label == "lineup":
                pick, fielded = ("ready" if fielded else msg["legal"][0]), True  # one card, then ready
                ws0.send_json({"type": "act", "action": pick})
                msg = next(m for m in iter(ws0.receive_json, None) if m["type"] == "update")
        fingerprint, seq = room.state.fingerprint(), room.seq
        assert not room.state.is_over()
        assert [m.seat for m in room.moves].count(second) >= 2  # its lineup went in when its turn came
    with make_client(db_url, grace_seconds=3600) as client:
        assert client.get(f"/api/rooms/{rid}").status_code == 200, client.get(f"/api/rooms/{rid}").text
        again = client.app.state.hub.rooms[rid]  # type: ignore[attr-defined]
        assert again.seq == seq and again.state.fingerprint() == fingerprint


def test_the_two_player_change_of_player_card_is_collected_from_both_seats() -> None:
    """SC-RS-3 at 2 seats: both seats choose a player card behind the screen. The second chooses while the
    first still does; its pick is kept, changes nothing the first is sent, and goes in after the first's."""
    room = None
    for s in range(1, 80):  # random play until a change of player card comes up (seed 28: move 289)
        r, _ = people(SC, {"seats": 2}, s)
        rng = Rng(s)
        while not r.state.is_over() and r.seq < 3000:
            d = r.state.decision()
            if d.kind is DecisionKind.HIDDEN_PICK:
                room = r
                break
            legal = [str(a) for a in r.state.legal_actions(d.seat)]
            r.act(d.seat, legal[rng.below(len(legal))], now=0.0)
        if room is not None:
            break
    assert room is not None, "no change of player card in 80 seeds"
    d = room.state.decision()
    first, second = d.seat, next(s for s in d.seats if s != d.seat)
    seq, shown_to_first = room.seq, json.dumps(room.update(first, 0))
    msg = room.update(second, 0)
    assert msg["ahead"] is True and msg["legal"]
    pick = msg["legal"][-1]
    assert room.act(second, pick, now=0.0) == []  # kept, not played
    assert room.seq == seq and room.update(second, 0)["queued"] == [pick]
    assert json.dumps(room.update(first, 0)) == shown_to_first  # nothing of it reaches the first seat
    room.act(first, str(room.state.legal_actions(first)[0]), now=0.0)
    assert [(m.seat, m.action) for m in room.moves[seq:]][:2] == [(first, room.moves[seq].action), (second, pick)]
    assert room.state.decision().kind is not DecisionKind.HIDDEN_PICK and second not in room.ahead
    assert replay(room.record(), SC).state.fingerprint() == room.state.fingerprint()
