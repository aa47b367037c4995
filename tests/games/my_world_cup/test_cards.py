"""The 90 tactical cards and the dice as data: WC-COMP-1/2/8, WC-CARD-*, WC-GOAL-1..5, WC-AD-0d, WC-AD-1..9,
WC-FOUL-1/2, WC-GAP-4..6, and the data files' validation (file, line and field in every error)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pitchside.core.errors import DataError
from pitchside.games.my_world_cup.cards import (
    DEFAULT_CARDS,
    GRADES,
    Kind,
    load_cards,
    load_dice,
    parse_cards,
    parse_dice,
)

CARDS = load_cards()

# Reference §1.7, row by row: the rule giving it, id, count, top (kind value/speed grades), bottom.
TABLE = """
WC-GOAL-1 G1 2 goal 3/1 A | goal 1/5 BCD
WC-GOAL-2 G2 2 goal 2/2 ABCD | goal 2/2 ABCD
WC-GOAL-3 G3 2 goal 2/3 C | goal 1/6 ABD
WC-GOAL-4 G4 8 goal 2/3 AB | goal 1/5 CD
WC-GOAL-5 G5 2 goal 1/6 ABCD | goal 1/6 ABCD
WC-AD-1 AD1 2 attack 7/3 A | defense 2/8 BCD
WC-AD-2 AD2 2 attack 6/4 A | defense 3/7 BCD
WC-AD-3 AD3 8 attack 6/4 AB | defense 3/7 CD
WC-AD-4 AD4 16 attack 5/5 ABCD | defense 4/6 ABCD
WC-AD-5 AD5 12 attack 5/5 ABC | defense 3/7 BCD
WC-AD-6 AD6 2 attack 4/6 D | defense 5/5 ABC
WC-AD-7 AD7 8 attack 4/6 CD | defense 5/5 AB
WC-AD-8 AD8 12 attack 4/6 BCD | defense 4/6 ABC
WC-AD-9 AD9 2 attack 3/7 D | defense 6/4 ABC
WC-GAP-6 F8 4 foul 0/8 ABCD | foul 0/8 ABCD
WC-GAP-6 F9 3 foul 0/9 ABCD | foul 0/9 ABCD
WC-GAP-6 F10 3 foul 0/10 ABCD | foul 0/10 ABCD
"""


def _half(text: str) -> tuple[str, int, int, str]:
    kind, vs, grades = text.split()
    value, speed = vs.split("/")
    return kind, int(value), int(speed), grades


def test_every_card_type_matches_the_reference_table() -> None:
    """Every row of the table (the seed rows WC-GOAL-n and WC-AD-n, the proposed foul rows WC-GAP-6): ids, counts,
    both halves, and the rule each data row cites."""
    rows = [line for line in TABLE.strip().splitlines()]
    assert [r.split()[1] for r in rows] == list(CARDS.cards)
    for row in rows:
        rule, cid, count, rest = row.split(" ", 3)
        assert CARDS[cid].rule == rule
        top, bottom = (x.strip() for x in rest.split("|"))
        card = CARDS[cid]
        assert card.count == int(count), cid
        for want, half in ((top, card.top), (bottom, card.bottom)):
            kind, value, speed, grades = _half(want)
            assert (half.kind.word, half.value, half.speed, half.grades) == (kind, value, speed, grades), cid
    assert {CARDS[c].source for c in ("F8", "F9", "F10")} == {"proposed"}


def test_ninety_cards_counted_by_type() -> None:
    """WC-CARD-5, WC-COMP-2: goal 16, attack/defense 64, foul 10 = 90, in 17 types (reference §1.7)."""
    assert len(CARDS.cards) == 17
    assert len(CARDS) == len(CARDS.physical) == 90
    by_kind: Counter[str] = Counter()
    for card in CARDS.cards.values():
        family = "foul" if card.top.kind is Kind.FOUL else "goal" if card.top.kind is Kind.GOAL else "attack/defense"
        by_kind[family] += card.count
    assert by_kind == {"goal": 16, "attack/defense": 64, "foul": 10}
    per_type = Counter(CARDS.physical)
    assert per_type == {
        "G1": 2, "G2": 2, "G3": 2, "G4": 8, "G5": 2,
        "AD1": 2, "AD2": 2, "AD3": 8, "AD4": 16, "AD5": 12, "AD6": 2, "AD7": 8, "AD8": 12, "AD9": 2,
        "F8": 4, "F9": 3, "F10": 3,
    }  # fmt: skip


def test_attack_defense_halves_value_plus_speed_is_ten() -> None:
    """WC-AD-0d, WC-CARD-4: every attack/defense half has value + speed = 10; the more power, the slower."""
    halves = [h for c in CARDS.cards.values() for h in (c.top, c.bottom) if h.kind in (Kind.ATTACK, Kind.DEFENSE)]
    assert len(halves) == 18
    assert all(h.value + h.speed == 10 for h in halves)
    goal_halves = sorted({(h.value, h.speed) for c in CARDS.cards.values() for h in (c.top, c.bottom)
                          if h.kind is Kind.GOAL})  # fmt: skip
    assert goal_halves == [(1, 5), (1, 6), (2, 2), (2, 3), (3, 1)]  # WC-INC-2: goal halves are not balanced


def test_four_kinds_two_halves_and_grades() -> None:
    """WC-CARD-1 (four functional kinds on three physical types), WC-CARD-2 (two halves), WC-CARD-3 (grades
    A-D): every card has a half every grade may use, so no card is ever dead."""
    assert {h.kind for c in CARDS.cards.values() for h in (c.top, c.bottom)} == set(Kind)
    physical_types = {
        "goal" if c.top.kind is Kind.GOAL else "foul" if c.top.kind is Kind.FOUL else "ad" for c in CARDS.cards.values()
    }
    assert physical_types == {"goal", "foul", "ad"}
    for card in CARDS.cards.values():
        assert set(card.top.grades) | set(card.bottom.grades) == set(GRADES), card.id
        assert (card.top.kind is Kind.ATTACK) == (card.bottom.kind is Kind.DEFENSE)


def test_foul_cards_any_grade_speeds_eight_to_ten() -> None:
    """WC-FOUL-1 (any grade), WC-FOUL-2 (speeds 8, 9, 10), WC-GAP-6 (4 x 8, 3 x 9, 3 x 10, both halves alike)."""
    fouls = [c for c in CARDS.cards.values() if c.top.kind is Kind.FOUL]
    assert {c.top.grades for c in fouls} == {"ABCD"}
    assert {c.top.speed: c.count for c in fouls} == {8: 4, 9: 3, 10: 3}
    assert all(c.top == c.bottom and c.same_halves for c in fouls)


def test_dice_faces() -> None:
    """WC-COMP-1 (8 tactical dice), WC-COMP-8 (1 foul die), WC-GAP-4 (2 footballs + 4 numbers; the table of
    P(at least one football)), WC-GAP-5 (foul die: 2 clean, 2 yellow, 1 red, 1 penalty)."""
    dice = load_dice()
    assert dice.tactical_count == 8
    assert sorted(dice.tactical) == ["1", "2", "3", "4", "ball", "ball"]
    assert Counter(dice.foul) == {"clean": 2, "yellow": 2, "red": 1, "penalty": 1}
    table = [0.333, 0.556, 0.704, 0.802, 0.868, 0.912, 0.941, 0.961]
    assert [round(dice.p_at_least(1, n), 3) for n in range(1, 9)] == table
    # WC-GAP-13: Spain's double dice (two footballs per goal) is worse on small rolls, better on large ones.
    assert round(dice.p_at_least(2, 4), 3) == 0.407 and round(dice.p_at_least(2, 10), 3) == 0.896


def test_the_halves_per_grade_table() -> None:
    """Reference §1.7 "halves available per grade": the number of cards with a choice of two different halves."""
    for grade, choice in (("A", 16), ("B", 40), ("C", 40), ("D", 16)):
        n = sum(
            c.count
            for c in CARDS.cards.values()
            if not c.same_halves and grade in c.top.grades and grade in c.bottom.grades
        )
        assert n == choice, grade


# --------------------------------------------------------------------------- validation


def _error(text: str) -> DataError:
    with pytest.raises(DataError) as err:
        parse_cards(text, "cards.toml")
    return err.value


GOOD = Path(DEFAULT_CARDS).read_text(encoding="utf-8")


def test_card_errors_name_file_line_and_field() -> None:
    """A broken card row is refused with the file, the line and the field (WC-AD-0d, WC-CARD-3)."""
    bad = GOOD.replace('top = { kind = "attack", value = 7, speed = 3, grades = "A" }',
                       'top = { kind = "attack", value = 7, speed = 4, grades = "A" }')  # fmt: skip
    e = _error(bad)
    line = bad.splitlines().index('top = { kind = "attack", value = 7, speed = 4, grades = "A" }') + 1
    assert (e.file, e.line, e.field) == ("cards.toml", line, "card[5].top")
    assert "WC-AD-0d" in e.message
    e = _error(
        GOOD.replace('grades = "BCD" }\nsource = "seed"\nrule = "WC-GOAL-1"', 'grades = "BXD" }\nsource = "seed"')
    )
    assert (
        e.field == "card[0].bottom"
        and e.line == GOOD.splitlines().index('bottom = { kind = "goal", value = 1, speed = 5, grades = "BCD" }') + 1
    )
    e = _error(GOOD.replace("count = 16", "count = 0"))
    assert e.field == "card[8].count" and "positive" in e.message
    e = _error(GOOD.replace('id = "AD9"', 'id = "AD8"'))
    assert e.field == "card[13].id" and "duplicate" in e.message
    e = _error(GOOD.replace('source = "proposed"', 'source = "maybe"', 1))
    assert e.field == "card[14].source"
    e = _error(
        GOOD.replace(
            'count = 2\ntop = { kind = "goal", value = 3', 'count = 2\ncolour = 1\ntop = { kind = "goal", value = 3'
        )
    )
    assert e.field == "card[0].colour"
    e = _error("[[card]\n")
    assert e.line == 1 and "TOML" in e.message


def test_dice_errors_name_the_field() -> None:
    """WC-GAP-4/5: a die needs six faces of the known kinds."""
    good = Path(DEFAULT_CARDS).with_name("dice.toml").read_text(encoding="utf-8")
    with pytest.raises(DataError) as err:
        parse_dice(good.replace('"clean", "clean"', '"clean", "maybe"'), "dice.toml")
    assert err.value.field == "foul.faces" and err.value.line is not None
    with pytest.raises(DataError) as err:
        parse_dice(good.replace('["ball", "ball", "1", "2", "3", "4"]', '["ball", "1"]'), "dice.toml")
    assert err.value.field == "tactical.faces"
