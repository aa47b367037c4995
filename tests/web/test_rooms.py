"""The room's logic on its own (no server): seats and tokens, moves through the game protocol only,
what each seat is sent, and who plays a seat when its person is away or out of time."""

from __future__ import annotations

import pytest

from pitchside.core.record import replay
from pitchside.core.registry import load_game
from pitchside.web.rooms import BotKind, ErrorCode, Room, RoomError, RoomStatus, hash_token

SC = load_game("sonic-cup")


def room(seats: int = 2, seed: int = 7, turn_seconds: float = 0.0) -> Room:
    return Room.create(SC, {"seats": seats}, seed, turn_seconds=turn_seconds)


def started(seats: int = 2) -> tuple[Room, list[str]]:
    r = room(seats)
    tokens = [r.join(i, f"p{i}", now=0.0) for i in range(seats)]
    r.start(tokens[0], now=0.0)
    return r, tokens


def refused(code: ErrorCode) -> pytest.RaisesExc[RoomError]:
    return pytest.raises(RoomError, check=lambda e: e.code is code)


def test_a_config_the_game_refuses_names_the_option() -> None:
    with pytest.raises(RoomError) as e:
        Room.create(SC, {"seats": 3}, 1)
    assert e.value.code is ErrorCode.CONFIG
    assert "options.seats" in e.value.message and "SC-SETUP-4" in e.value.message


def test_tokens_are_random_and_only_their_hash_is_kept() -> None:
    r = room()
    t0, t1 = r.join(0, "ann", 0.0), r.join(1, "bob", 0.0)
    assert t0 != t1 and len(t0) >= 32
    assert r.seats[0].token_hash == hash_token(t0) and t0 not in repr(r.seats) and t0 not in str(r.summary())
    assert r.seat_of(t0) == 0 and r.seat_of(t1) == 1
    assert r.seat_of("nope") is None and r.seat_of(None) is None and r.seat_of("") is None


def test_a_seat_is_held_by_one_person_and_left_only_with_its_token() -> None:
    r = room()
    t0 = r.join(0, "ann", 0.0)
    with refused(ErrorCode.TAKEN):
        r.join(0, "eve", 0.0)
    with refused(ErrorCode.AUTH):
        r.leave(0, None)
    with refused(ErrorCode.AUTH):
        r.leave(0, r.join(1, "bob", 0.0))  # another seat's token
    with refused(ErrorCode.NOT_FOUND):
        r.join(5, "x", 0.0)
    with refused(ErrorCode.TAKEN):
        r.set_bot(0, BotKind.RANDOM, None)
    r.leave(0, t0)
    assert r.seats[0].kind() == "free" and r.seat_of(t0) is None


def test_start_needs_a_seated_players_token_unless_nobody_is_seated() -> None:
    r = room()
    t = r.join(0, "ann", 0.0)
    with refused(ErrorCode.AUTH):
        r.start(None, 0.0)
    with refused(ErrorCode.STATE):
        r.act(0, "pass", 0.0)  # no moves before the start
    r.start(t, 0.0)
    assert r.status is RoomStatus.PLAYING
    with refused(ErrorCode.STATE):
        r.start(t, 0.0)
    bots = room()
    bots.start(None, 0.0)
    assert bots.status is RoomStatus.PLAYING


def test_bad_text_and_illegal_moves_change_nothing_and_name_the_rule() -> None:
    r, _ = started()
    seat = r.deciding()
    assert seat is not None
    before = r.state.fingerprint()
    with refused(ErrorCode.NOTATION):
        r.act(seat, "fly to the moon", 1.0)
    legal = str(r.state.legal_actions(seat)[0])
    with pytest.raises(RoomError) as e:
        r.act(1 - seat, legal, 1.0)  # not this seat's turn
    assert e.value.code is ErrorCode.ILLEGAL and e.value.rule == "SC-TURN-2"
    with refused(ErrorCode.STALE):
        r.act(seat, legal, 1.0, seq=3)
    assert r.state.fingerprint() == before and r.seq == 0 and r.moves == []
    events = r.act(seat, legal, 1.0, seq=0)
    assert r.seq == 1 and r.moves[0].action == legal
    assert r.events[len(r.events) - len(events) :] == events


def test_each_seat_is_sent_its_own_view_legal_actions_and_visible_events() -> None:
    r, _ = started()
    for _ in range(12):
        seat = r.deciding()
        assert seat is not None
        r.act(seat, str(r.state.legal_actions(seat)[0]), 1.0)
    for who in (0, 1, None):
        msg = r.update(who, 0)
        assert msg["view"] == r.state.view(who)
        assert msg["full"] is True and msg["seq"] == r.seq
        assert all(e.get("for_seat", who) == who for e in msg["events"])
        assert msg["events"] == [e.to_json() for e in r.events if e.visible_to(who)]
        deciding = r.deciding()
        expect = [str(a) for a in r.state.legal_actions(who)] if who is not None and who == deciding else []
        assert msg["legal"] == expect
    assert r.update(0, len(r.events))["events"] == []


def test_who_plays_a_seat_free_bot_away_and_out_of_time() -> None:
    r = room(turn_seconds=20)
    me = r.state.decision().seat  # the person holds the seat that decides first
    assert me is not None
    other = 1 - me
    token = r.join(me, "ann", now=0.0)
    r.set_bot(other, BotKind.RANDOM, None)
    r.start(token, now=100.0)
    assert r.controller(other, 100.0, grace=30) is BotKind.RANDOM
    r.connected(me, 100.0, +1)
    assert r.controller(me, 100.0, grace=30) is None
    assert r.deadline() == 120.0 and r.deadline(other) is None  # the turn timer runs from the decision's start
    assert r.wake_at(grace=30) == 120.0
    assert r.controller(me, 121.0, grace=30) is BotKind.HEURISTIC  # out of time: a bot moves for them
    r.decided_at = 200.0
    r.connected(me, 205.0, -1)  # away from 205
    assert r.controller(me, 206.0, grace=3) is None
    assert r.wake_at(grace=3) == 208.0
    assert r.controller(me, 209.0, grace=3) is BotKind.HEURISTIC  # grace over: a bot plays until they are back
    r.connected(me, 210.0, +1)
    assert r.controller(me, 210.0, grace=3) is None


def test_the_record_replays_to_the_same_state() -> None:
    r, _ = started()
    while r.status is RoomStatus.PLAYING and r.seq < 60:
        seat = r.deciding()
        assert seat is not None
        r.act(seat, str(r.state.legal_actions(seat)[-1]), 1.0)
    rec = r.record()
    assert rec.players == ["p0", "p1"] and len(rec.moves) == r.seq
    assert replay(rec, SC).state.fingerprint() == r.state.fingerprint()


def test_a_bot_is_recorded_by_its_agents_name_and_budget() -> None:
    """Issue 11: a record's player for a bot seat is what ``make_agent`` takes back, budget included, so a
    replay of the record makes the same bots; a seat a person takes drops its bot's budget."""
    from pitchside.agents.base import make_agent
    from pitchside.web.bots import make_bot

    r = room(4)
    r.set_bot(0, BotKind.ISMCTS, seconds=1.5)
    r.set_bot(1, BotKind.ISMCTS, budget=80)
    r.set_bot(2, BotKind.ISMCTS)
    r.set_bot(3, BotKind.RANDOM)
    assert r.record().players == ["ismcts:1.5s", "ismcts:80", "ismcts", "random"]
    for seat, name in zip(r.seats[:2], r.record().players, strict=False):
        bot = make_bot(SC, BotKind.ISMCTS, seat.budget_text())
        again = make_agent(name, SC.id)
        assert bot.name == again.name == name
        assert (bot.iterations, bot.max_seconds) == (again.iterations, again.max_seconds)  # type: ignore[attr-defined]
    with refused(ErrorCode.MALFORMED):
        r.set_bot(3, BotKind.HEURISTIC, budget=10)
    assert r.seats[3].bot is BotKind.RANDOM  # refused: nothing changed
    r.join(0, "ann", now=0.0)
    assert (r.seats[0].bot, r.seats[0].budget, r.seats[0].seconds) == (None, None, None)
