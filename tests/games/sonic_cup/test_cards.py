"""The Sonic Cup action deck as data (SC-GAP-1, SC-GAP-2): it loads, and bad files say where they are bad."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pitchside.core.errors import DataError
from pitchside.games.sonic_cup.cards import DEFAULT_DECK, Arrow, Card, load_deck, mirror_arrows, parse_deck


def test_the_deck_loads_with_108_cards() -> None:
    deck = load_deck()
    assert len(deck) == 108
    assert len(deck.physical) == 108
    assert len(deck.cards) == 81  # card types
    assert deck.source == str(DEFAULT_DECK)
    assert Counter(deck.physical) == {cid: c.count for cid, c in deck.cards.items()}


def test_every_card_follows_the_card_rules() -> None:
    for card in load_deck().cards.values():
        assert 1 <= len(card.maneuver) <= 3 and all(1 <= z <= 9 for z in card.maneuver)  # SC-MAN-1
        assert sum(bool(x) for x in (card.power_kick, card.kick_block, card.foul)) <= 1  # SC-CARD-3
        if card.shoot:
            assert {1, 9} & card.maneuver  # SC-MAN-5
        for t in card.power_kick:  # SC-PK-1: a Power Kick goes to a non-adjacent zone
            assert all(abs(t - m) >= 2 for m in card.maneuver)


def test_the_deck_is_mirror_symmetric() -> None:
    def key(c: Card) -> tuple[object, ...]:
        return (tuple(sorted(c.maneuver)), c.shoot, tuple(sorted(c.power_kick)), c.kick_block, c.foul, c.count)

    def mirrored(c: Card) -> tuple[object, ...]:
        return (
            tuple(sorted(10 - z for z in c.maneuver)),
            mirror_arrows(c.shoot),
            tuple(sorted(10 - z for z in c.power_kick)),
            mirror_arrows(c.kick_block),
            c.foul,
            c.count,
        )

    cards = list(load_deck().cards.values())
    assert Counter(key(c) for c in cards) == Counter(mirrored(c) for c in cards)


def test_card_kinds_by_id_prefix() -> None:
    for cid, card in load_deck().cards.items():
        kind = cid[0]
        assert {"S": card.shoot > 0, "P": bool(card.power_kick), "G": bool(card.power_kick),
                "K": card.kick_block > 0, "F": card.foul, "M": card.special == "-"}[kind], cid  # fmt: skip


def test_arrows_are_bits() -> None:
    assert (Arrow.L, Arrow.C, Arrow.R) == (1, 2, 4)
    assert mirror_arrows(Arrow.L | Arrow.C) == Arrow.C | Arrow.R


def test_loading_is_cached_per_path() -> None:
    assert load_deck() is load_deck()
    assert load_deck(str(DEFAULT_DECK)).cards == load_deck().cards


# ---------------------------------------------------------------- malformed deck files

GOOD = """\
# a tiny deck
[[card]]
id = "M01"
maneuver = [4, 5]
count = 2

[[card]]
id = "K01"
maneuver = [5]
kick_block = "LC"
count = 1

[[card]]
id = "S01"
maneuver = [1]
shoot = "C"
"""


def bad(tmp_path: Path, text: str) -> DataError:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_deck(str(path))
    e = err.value
    assert e.file == str(path)
    return e


def test_the_tiny_deck_is_good(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(GOOD, encoding="utf-8")
    deck = load_deck(str(path))
    assert len(deck) == 4 and deck["K01"].kick_block == Arrow.L | Arrow.C and deck["S01"].shoot == Arrow.C


@pytest.mark.parametrize(
    ("old", "new", "line", "field", "words"),
    [
        ("maneuver = [4, 5]", "maneuver = [4, 10]", 4, "card[0].maneuver", "zone 10 is not an integer 1..9"),
        ("maneuver = [4, 5]", "maneuver = [0]", 4, "card[0].maneuver", "zone 0"),
        ("maneuver = [4, 5]", 'maneuver = ["4"]', 4, "card[0].maneuver", "zone '4'"),
        ("maneuver = [4, 5]", "maneuver = []", 4, "card[0].maneuver", "1 to 3 target zones"),
        ("maneuver = [4, 5]", "maneuver = [4, 4]", 4, "card[0].maneuver", "repeats a zone"),
        ("count = 2", "count = 2\ncolour = 'red'", 6, "card[0].colour", "unknown key"),
        ("count = 2", "count = 0", 5, "card[0].count", "positive integer"),
        ('id = "K01"', 'id = "M01"', 8, "card[1].id", "duplicate card id 'M01'"),
        ('id = "K01"', 'id = "K-1"', 8, "card[1].id", "alphanumeric"),
        ('kick_block = "LC"', 'kick_block = "LX"', 10, "card[1].kick_block", "arrow 'X' is not one of L, C, R"),
        ('kick_block = "LC"', "kick_block = 3", 10, "card[1].kick_block", "string of arrows"),
        ('kick_block = "LC"', 'kick_block = "LC"\nfoul = true', 8, "card[1].id", "at most one special"),
        ('kick_block = "LC"', "foul = 1", 10, "card[1].foul", "true or false"),
        ('shoot = "C"', 'shoot = "Q"', 16, "card[2].shoot", "arrow 'Q'"),
        ("maneuver = [1]", "maneuver = [2]", 16, "card[2].shoot", "target 1 or 9"),
        ('kick_block = "LC"', "power_kick = [6]", 10, "card[1].power_kick", "adjacent"),
        ('kick_block = "LC"', "power_kick = [1, 2, 8]", 10, "card[1].power_kick", "1 or 2 target zones"),
    ],
)
def test_a_bad_card_names_file_line_and_field(
    tmp_path: Path, old: str, new: str, line: int, field: str, words: str
) -> None:
    assert old in GOOD
    e = bad(tmp_path, GOOD.replace(old, new, 1))
    assert (e.line, e.field) == (line, field), str(e)
    assert words in str(e)
    assert str(e).startswith(f"{e.file}:{line}: field {field!r}:")


def test_a_missing_id_names_the_card_header(tmp_path: Path) -> None:
    e = bad(tmp_path, GOOD.replace('id = "K01"\n', ""))
    assert (e.line, e.field) == (7, "card[1].id")  # no id line: the [[card]] header


def test_not_toml(tmp_path: Path) -> None:
    e = bad(tmp_path, GOOD.replace("count = 2", "count = = 2"))
    assert e.field is None and "not valid TOML" in str(e) and "line 5" in str(e)


def test_no_cards(tmp_path: Path) -> None:
    e = bad(tmp_path, "# nothing here\n[deck]\nname = 'x'\n")
    assert e.field == "card" and "[[card]]" in str(e)


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "none.toml"
    with pytest.raises(DataError) as err:
        load_deck(str(path))
    assert err.value.file == str(path) and "cannot read" in str(err.value)


def test_parse_deck_names_its_source() -> None:
    with pytest.raises(DataError) as err:
        parse_deck(GOOD.replace("[4, 5]", "[4, 12]"), "inline")
    assert str(err.value).startswith("inline:4: field 'card[0].maneuver':")


def test_a_custom_deck_too_small_for_the_table_is_refused(tmp_path: Path) -> None:
    from pitchside.games.sonic_cup.game import GAME

    path = tmp_path / "deck.toml"
    path.write_text(GOOD, encoding="utf-8")
    with pytest.raises(DataError) as err:
        GAME.new_state({"seats": 2, "deck": str(path)})
    assert err.value.file == str(path) and "too few" in str(err.value)
