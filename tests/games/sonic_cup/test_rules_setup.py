"""Sonic Cup components, setup and kick-off: SC-COMP-*, SC-SETUP-*, SC-KO-*, SC-END-2a..c, SC-GAP-1..7, SC-GAP-29.

Every test names the rule IDs it checks (docs/rules/sonic-cup.md).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from pitchside.core.errors import DataError, IllegalAction
from pitchside.core.rng import Rng
from pitchside.games.sonic_cup.cards import Arrow, load_deck, mirror_arrows, parse_arrows, parse_deck
from pitchside.games.sonic_cup.game import GAME, default_roles
from pitchside.games.sonic_cup.state import GOAL, KICKOFF_ZONE, Phase, Role, team
from tests.games.sonic_cup.helpers import legal, play, scenario

ROOT = Path(__file__).resolve().parents[3]
PREVIEW_ROLES = [["MF"], ["GK"], ["FW"], ["DF"], ["GK"], ["MF"], ["LSF"], ["LSF"]]  # SC-EX-1, seat = #k - 1

# Reference §2.3, row by row: id, maneuver targets, purple arrows, PK targets, KB arrows, foul, count.
REFERENCE_DECK = """
S01 1 C - - - 1
S02 1 CR - - - 1
S03 1 L - - - 1
S04 1 LC - - - 1
S05 1 LCR - - - 2
S06 1 LR - - - 1
S07 1 R - - - 1
S08 9 C - - - 1
S09 9 CR - - - 1
S10 9 L - - - 1
S11 9 LC - - - 1
S12 9 LCR - - - 2
S13 9 LR - - - 1
S14 9 R - - - 1
G01 1 - 4 - - 2
G02 9 - 6 - - 2
P01 2 - 5 - - 2
P02 3 - 5/6 - - 2
P03 4 - 2/7 - - 2
P04 5 - 2/8 - - 2
P05 6 - 3/8 - - 2
P06 7 - 4/5 - - 2
P07 8 - 5 - - 2
K01 1,3,5 - - C - 1
K02 2 - - L - 1
K03 2,3 - - L - 1
K04 2,3,4 - - L - 1
K05 2,4 - - L - 1
K06 2,4,6 - - LC - 1
K07 2,5 - - LC - 1
K08 3 - - C - 1
K09 3,4 - - L - 1
K10 3,4,5 - - L - 1
K11 3,5 - - L - 1
K12 3,5,7 - - LR - 1
K13 4 - - C - 1
K14 4,5 - - L - 1
K15 4,5,6 - - C - 1
K16 4,6 - - C - 1
K17 4,6,8 - - CR - 1
K18 5 - - LR - 1
K19 5,6 - - R - 1
K20 5,6,7 - - R - 1
K21 5,7 - - R - 1
K22 5,7,9 - - C - 1
K23 5,8 - - CR - 1
K24 6 - - C - 1
K25 6,7 - - R - 1
K26 6,7,8 - - R - 1
K27 6,8 - - R - 1
K28 7 - - C - 1
K29 7,8 - - R - 1
K30 8 - - R - 1
F01 2,3 - - - F 1
F02 3,4 - - - F 1
F03 4,5 - - - F 1
F04 5,6 - - - F 1
F05 6,7 - - - F 1
F06 7,8 - - - F 1
M01 1,2 - - - - 2
M02 2 - - - - 3
M03 2,3 - - - - 4
M04 2,3,4 - - - - 1
M05 2,4 - - - - 1
M06 2,8 - - - - 2
M07 3 - - - - 1
M08 3,4 - - - - 2
M09 3,7 - - - - 2
M10 4 - - - - 1
M11 4,5 - - - - 1
M12 4,6 - - - - 1
M13 5 - - - - 1
M14 5,6 - - - - 1
M15 6 - - - - 1
M16 6,7 - - - - 2
M17 6,7,8 - - - - 1
M18 6,8 - - - - 1
M19 7 - - - - 1
M20 7,8 - - - - 4
M21 8 - - - - 3
M22 8,9 - - - - 2
"""


def _arrows(text: str) -> int:
    return 0 if text == "-" else parse_arrows(text)


def _state_with_deck(tmp_path: Path, toml: str, seats: int = 2):
    path = tmp_path / "custom.toml"
    path.write_text(toml, encoding="utf-8")
    return GAME.new_state({"seats": seats, "deck": str(path)}, seed=5), path


# --------------------------------------------------------------------------- components


def test_comp1_ten_player_cards_five_roles_per_team():
    """SC-COMP-1: two teams of 5 player cards each, roles FW, LSF, MF, DF, GK."""
    assert {r.value for r in Role} == {"FW", "LSF", "MF", "DF", "GK"}
    st = GAME.new_state({"seats": 10}, seed=1)
    per_team: list[list[Role]] = [[], []]
    for s in range(10):
        per_team[team(s)].extend(st.roles[s])
    assert sum(len(p) for p in per_team) == 10
    assert sorted(per_team[0]) == sorted(per_team[1]) == sorted(Role)


def test_comp2_setup1_nine_zones_and_goals():
    """SC-COMP-2, SC-SETUP-1, SC-COMP-6: one ball in zones 1..9 laid out in order; zone 1 Blue's defense, 9 Red's."""
    blue, red = 0, 1
    assert GOAL[blue] == 9 and GOAL[red] == 1  # each team scores in the other's defense zone
    for frm, card, to in ((3, "M10", 4), (4, "M07", 3), (6, "M19", 7), (7, "M15", 6)):  # across field cards
        st = scenario(8, {1: [card]}, ball=frm, actor=1, fill=False)
        play(st, 1, f"move {card}>{to}")
        assert st.ball == to
    for zone in (1, 5, 9):
        assert scenario(4, ball=zone).view(0)["ball"] == zone
    for zone in (0, 10):
        with pytest.raises(DataError) as err:
            scenario(4, ball=zone)
        assert err.value.field == "ball"


def test_comp3_scores_run_0_to_3_and_setup2_start_0_0():
    """SC-COMP-3, SC-SETUP-2: each team's score card shows 0..3, starting at 0:0."""
    st = GAME.new_state({"seats": 4}, seed=2)
    assert st.view(None)["score"] == {"blue": 0, "red": 0}
    assert scenario(4, score=[3, 2]).score == [3, 2]
    for bad, where in (([4, 0], "score.0"), ([0, -1], "score.1"), ([1, 1, 1], "score")):
        with pytest.raises(DataError) as err:
            scenario(4, score=bad)
        assert err.value.field == where


@pytest.mark.parametrize(("seats", "last"), [(2, 2), (4, 3), (6, 3), (8, 4), (10, 4)])
def test_comp4_deck_counter_values_and_setup3_starts_at_deck_1(seats, last):
    """SC-COMP-4, SC-SETUP-3, SC-DECK-2 data: the counter starts at Deck 1 and runs to 2, 3 or 4."""
    st = GAME.new_state({"seats": seats}, seed=3)
    assert st.counter == 1 and st.view(0)["deck_counter"] == 1
    assert scenario(seats, counter=last).counter == last
    with pytest.raises(DataError) as err:
        scenario(seats, counter=last + 1)
    assert err.value.field == "counter"


@pytest.mark.parametrize(("seats", "passes"), [(2, 2), (4, 3), (6, 3), (8, 4), (10, 4)])
def test_end2abc_deck_passes_per_seat_count(seats, passes):
    """SC-END-2a (2p: 2), SC-END-2b (4/6p: 3), SC-END-2c (8/10p: 4 uses of the deck)."""
    st = GAME.new_state({"seats": seats}, seed=4)
    assert st.t.final_count == passes
    assert st.view(0)["deck_passes"] == passes


def test_comp5_gap1_deck_is_the_reference_table():
    """SC-COMP-5, SC-GAP-1: the action deck is exactly the 108 cards of reference §2.3."""
    deck = load_deck()
    want = {}
    for line in REFERENCE_DECK.strip().splitlines():
        cid, man, shoot, pk, kb, foul, count = line.split()
        want[cid] = (
            frozenset(int(z) for z in man.split(",")),
            _arrows(shoot),
            () if pk == "-" else tuple(int(z) for z in pk.split("/")),
            _arrows(kb),
            foul == "F",
            int(count),
        )
    got = {c.id: (c.maneuver, c.shoot, c.power_kick, c.kick_block, c.foul, c.count) for c in deck.cards.values()}
    assert got == want
    assert len(deck) == len(deck.physical) == 108
    families = Counter(cid[0] for cid in deck.physical)
    assert families == {"S": 16, "G": 4, "P": 14, "K": 30, "F": 6, "M": 38}


def test_gap1_deck_is_mirror_symmetric_with_reference_summary_counts():
    """SC-GAP-1: mirror symmetry (z -> 10-z, L <-> R) and the reference's summary counts."""
    deck = load_deck()

    def key(c, mirror=False):
        f = (lambda z: 10 - z) if mirror else (lambda z: z)
        g = mirror_arrows if mirror else (lambda a: a)
        return (
            frozenset(map(f, c.maneuver)),
            g(c.shoot),
            frozenset(map(f, c.power_kick)),
            g(c.kick_block),
            c.foul,
        )

    cards = Counter(key(deck[cid]) for cid in deck.physical)
    mirrored = Counter(key(deck[cid], mirror=True) for cid in deck.physical)
    assert cards == mirrored
    per_zone = [sum(1 for cid in deck.physical if z in deck[cid].maneuver) for z in range(1, 10)]
    assert per_zone == [13, 22, 22, 21, 20, 21, 22, 22, 13]
    kb = Counter(deck[cid].kick_block for cid in deck.physical if deck[cid].kick_block)
    L, C, R = Arrow.L, Arrow.C, Arrow.R
    assert kb == {L: 8, C: 8, R: 8, L | C: 2, C | R: 2, L | R: 2}


def test_pk4_example_cards_exist_in_the_deck():
    """SC-PK-4, SC-GAP-1: the seed's two example cards are in the deck (P04, K22)."""
    deck = load_deck()
    assert deck["P04"].maneuver == {5} and deck["P04"].power_kick == (2, 8)
    assert deck["K22"].maneuver == {5, 7, 9} and deck["K22"].kick_block == Arrow.C


def test_comp7_rulebook_exists_and_names_every_rule_the_engine_cites():
    """SC-COMP-7: the rulebook is shipped, and every rule ID the engine cites is in it."""
    book = (ROOT / "docs" / "rules" / "sonic-cup.md").read_text(encoding="utf-8")
    ids = re.compile(r"SC-[A-Z]+-[A-Za-z0-9]+")
    src = ROOT / "src" / "pitchside" / "games" / "sonic_cup"
    cited = {m for f in src.glob("*.py") for m in ids.findall(f.read_text(encoding="utf-8"))}
    assert len(cited) > 40
    missing = sorted(rid for rid in cited if not re.search(re.escape(rid) + r"(?![A-Za-z0-9])", book))
    assert missing == []
    for rid in [f"SC-COMP-{i}" for i in range(1, 9)] + [f"SC-EX-{i}" for i in range(1, 9)]:
        assert rid in book


CUSTOM_DECK = """
[[card]]
id = "X1"
maneuver = [5]
power_kick = [3]
count = 2

[[card]]
id = "X2"
maneuver = [4, 5, 6]
kick_block = "LR"
count = 30
"""


def test_comp8_custom_deck_file_loads_through_config(tmp_path):
    """SC-COMP-8: custom action cards come from a deck file named by the config key `deck`."""
    st, path = _state_with_deck(tmp_path, CUSTOM_DECK)
    assert set(st.t.deck.cards) == {"X1", "X2"}
    assert len(st.t.deck) == 32
    assert sorted(len(h) for h in st.hands) == [9, 9]
    assert len(st.deck) == 32 - 18
    assert st.t.deck.source == str(path)


def test_comp8_gap2_custom_deck_errors_name_line_and_field(tmp_path):
    """SC-COMP-8, SC-GAP-2, SC-MAN-1, SC-CARD-3: a bad custom card is refused with its location."""
    bad = CUSTOM_DECK.replace("maneuver = [4, 5, 6]", "maneuver = [4, 5, 6, 7]")
    with pytest.raises(DataError) as err:
        _state_with_deck(tmp_path, bad)
    line = bad.splitlines().index("maneuver = [4, 5, 6, 7]") + 1
    assert err.value.field == "card[1].maneuver" and err.value.line == line
    cases = {
        'shoot = "C"\nmaneuver = [5]': "shoot",  # purple arrows need target 1 or 9 (SC-MAN-5)
        "maneuver = [5]\npower_kick = [3]\nfoul = true": "id",  # two specials (SC-CARD-3)
        "maneuver = [5]\npower_kick = [2, 3, 8]": "power_kick",  # 1 or 2 targets (SC-PK-2)
        "maneuver = [5]\npower_kick = [4]": "power_kick",  # adjacent target (SC-PK-1)
        'maneuver = [5]\nkick_block = "X"': "kick_block",
        "maneuver = [0]": "maneuver",
        "maneuver = [5]\ncolour = 1": "colour",
    }
    for body, field in cases.items():
        with pytest.raises(DataError) as err:
            parse_deck(f'[[card]]\nid = "Z1"\n{body}\n', "z.toml")
        assert err.value.field == f"card[0].{field}", body


def test_comp8_deck_too_small_for_the_table(tmp_path):
    """SC-COMP-8, SC-SETUP-5: a custom deck must hold every hand plus a deck."""
    small = CUSTOM_DECK.replace("count = 30", "count = 10")
    with pytest.raises(DataError, match="too few"):
        _state_with_deck(tmp_path, small)


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize(
    ("seats", "deal"),
    [(2, 9), (4, 7), (6, 5), (8, 5), (10, 5)],
)
def test_setup5_5a_hand_sizes_goalkeeper_one_more(seats, deal):
    """SC-SETUP-5 (9/7/5 cards), SC-SETUP-5a + SC-ROLE-GK-a + SC-GAP-3 (the Goalkeeper gets one more)."""
    st = GAME.new_state({"seats": seats}, seed=7)
    for s in range(seats):
        want = deal + (1 if Role.GK in st.roles[s] else 0)
        assert len(st.hands[s]) == want == st.limit(s)
    assert len(st.deck) == 108 - sum(len(h) for h in st.hands)
    assert st.discard == []
    assert any(Role.GK in r for r in st.roles) or seats == 2


def test_setup5a_two_player_goalkeeper_gets_ten():
    """SC-SETUP-5a, SC-SETUP-4a, SC-GAP-3: a 2-player Goalkeeper holds 10 cards."""
    st = GAME.new_state({"seats": 2, "roles": [["GK"], ["FW"]]}, seed=1)
    assert [len(h) for h in st.hands] == [10, 9]


def test_setup5_dealt_one_card_at_a_time_in_rotation():
    """SC-SETUP-5 (轮流发), SC-SETUP-5a: round-robin from the shuffled deck; the extra GK card comes last."""
    seed = 11
    st = GAME.new_state({"seats": 8, "roles": PREVIEW_ROLES}, seed=seed)
    shuffled = list(st.t.deck.physical)
    Rng(seed).shuffle(shuffled)
    top = shuffled[::-1]  # the deck is dealt from its top (end of the list)
    for s in range(8):
        assert st.hands[s][:5] == [top[k * 8 + s] for k in range(5)]
    assert st.hands[1][5] == top[40] and st.hands[4][5] == top[41]  # GKs #2 and #5 (SC-EX-1)
    assert st.deck == shuffled[: 108 - 42]


@pytest.mark.parametrize("seats", [1, 3, 5, 7, 9, 12])
def test_setup4_teams_must_be_equal(seats):
    """SC-SETUP-4: the two teams have the same number of players (2, 4, 6, 8 or 10 seats)."""
    with pytest.raises(DataError) as err:
        GAME.new_state({"seats": seats})
    assert err.value.field == "seats"


def test_setup4a_4b_4c_player_cards_per_player():
    """SC-SETUP-4a (2p: one card), SC-SETUP-4b (4p: two, both abilities), SC-SETUP-4c (6/8/10p: one)."""
    st = GAME.new_state({"seats": 4, "roles": [["DF", "FW"], ["GK", "MF"], ["GK", "LSF"], ["DF", "LSF"]]})
    assert st.roles[0] == {Role.DF, Role.FW}
    for seats, roles in [
        (2, [["FW", "DF"], ["FW"]]),
        (4, [["DF"], ["FW"], ["GK"], ["MF"]]),
        (6, [["DF", "FW"], ["DF"], ["FW"], ["FW"], ["GK"], ["GK"]]),
    ]:
        with pytest.raises(DataError) as err:
            GAME.new_state({"seats": seats, "roles": roles})
        assert err.value.field == "roles.0"
    assert [len(r) for r in GAME.new_state({"seats": 2, "roles": [["LSF"], ["GK"]]}).roles] == [1, 1]


def test_setup4b_both_roles_work_at_the_same_time():
    """SC-SETUP-4b: a 4-player DF+FW uses both abilities in the same turn."""
    roles = [["DF", "FW"], ["GK", "MF"], ["GK", "MF"], ["DF", "FW"]]
    st = scenario(4, {0: ["M02", "M02", "M03", "M21"]}, roles=roles, ball=4)
    assert "df M02>3" in legal(st) and "fw M02" in legal(st)
    play(st, 0, "df M02>3")  # Blue Defender: any one card to 3
    play(st, 0, "df M02>4")
    play(st, 0, "fw M03")
    play(st, 0, "fw M21>5")  # Blue Forward: any two cards to 5
    assert st.ball == 5


def test_setup4_gap5_team_never_uses_a_role_twice():
    """SC-SETUP-4, SC-GAP-5: a team uses each role at most once; the teams may differ (not at 10p)."""
    GAME.new_state({"seats": 8, "roles": PREVIEW_ROLES})  # Blue has no DF, Red no FW: allowed
    for seats, roles, field in [
        (8, [["MF"], ["GK"], ["MF"], ["DF"], ["GK"], ["MF"], ["LSF"], ["LSF"]], "roles.2"),
        (4, [["DF", "DF"], ["GK", "MF"], ["GK", "MF"], ["DF", "FW"]], "roles.0"),
        (4, [["DF", "FW"], ["GK", "MF"], ["FW", "MF"], ["DF", "LSF"]], "roles.2"),
        (10, [["DF"], ["DF"], ["FW"], ["FW"], ["GK"], ["GK"], ["MF"], ["MF"], ["DF"], ["LSF"]], "roles.8"),
    ]:
        with pytest.raises(DataError, match="SC-GAP-5") as err:
            GAME.new_state({"seats": seats, "roles": roles})
        assert err.value.field == field
    with pytest.raises(DataError):
        GAME.new_state({"seats": 8, "roles": [["XX"], *PREVIEW_ROLES[1:]]})


@pytest.mark.parametrize("seats", [4, 6, 8, 10])
def test_setup4d_gap4_teams_sit_alternately(seats):
    """SC-SETUP-4d, SC-GAP-4, SC-PROJ-1: seats alternate Blue (even) and Red (odd), clockwise."""
    st = GAME.new_state({"seats": seats}, seed=1)
    names = [s["team"] for s in st.view(None)["seats"]]
    assert names == ["blue", "red"] * (seats // 2)
    for s in range(seats):
        assert team(s) != team((s + 1) % seats)
        assert st.after(s, team(s)) == (s + 2) % seats  # next teammate clockwise
        assert st.after(s, 1 - team(s)) == (s + 1) % seats  # next opponent clockwise


def test_setup4a_4d_player_cards_face_up_in_views():
    """SC-SETUP-4a/4d: player cards are face up at kick-off: every seat sees every role."""
    st = GAME.new_state({"seats": 8, "roles": PREVIEW_ROLES}, seed=1)
    for viewer in (None, 0, 5):
        assert [s["roles"] for s in st.view(viewer)["seats"]] == PREVIEW_ROLES


def test_setup6_hands_are_hidden_in_views():
    """SC-SETUP-6: a view shows its own hand only; other hands and the deck order are counts."""
    st = GAME.new_state({"seats": 8, "roles": PREVIEW_ROLES}, seed=21)
    for viewer in range(8):
        v = st.view(viewer)
        assert v["hand"] == sorted(st.hands[viewer])
        assert [s["cards"] for s in v["seats"]] == [len(h) for h in st.hands]
        assert v["deck"] == len(st.deck)
        text = json.dumps(v)
        mine = set(st.hands[viewer])
        for other in range(8):
            for cid in set(st.hands[other]) - mine:
                assert f'"{cid}"' not in text, f"seat {viewer} sees {cid} of seat {other}"
    assert st.view(None)["hand"] is None


def test_setup6_drawn_cards_are_private_events():
    """SC-SETUP-6, SC-TURN-2: a refill tells everyone how many, and only the drawer which cards."""
    st = scenario(
        8,
        {1: ["M21", "M20", "M22", "M22", "M21", "M21"]},
        roles=PREVIEW_ROLES,
        actor=1,
        ball=8,
        deck_top=["K01", "K02"],
    )
    play(st, 1, "move M21>8")
    play(st, 1, "move M20>7")
    events = play(st, 1, "end")
    draw = [e for e in events if e.kind == "draw"]
    drew = [e for e in events if e.kind == "drew"]
    assert draw[0].to is None and dict(draw[0].data) == {"seat": 1, "count": 2}
    assert drew[0].to == 1 and drew[0].data["cards"] == ["K01", "K02"]
    assert not drew[0].visible_to(0) and drew[0].visible_to(1)


def test_setup6_determinize_keeps_own_hand_and_hides_others():
    """SC-SETUP-6: a bot guessing hidden cards keeps its own hand and every hand size."""
    st = GAME.new_state({"seats": 4}, seed=9)
    guess = st.determinize(0, Rng(123))
    assert guess.hands[0] == st.hands[0]
    assert [len(h) for h in guess.hands] == [len(h) for h in st.hands]
    assert Counter(c for h in guess.hands[1:] for c in h) + Counter(guess.deck) == Counter(
        c for h in st.hands[1:] for c in h
    ) + Counter(st.deck)


# --------------------------------------------------------------------------- kick-off


def test_ko1_gap7_coin_toss_is_seeded_and_uniform():
    """SC-KO-1, SC-GAP-7: the coin picks either team, reproducibly per seed; ball on 4 (Blue) or 6 (Red)."""
    seen = Counter()
    for seed in range(60):
        st = GAME.new_state({"seats": 4}, seed=seed)
        again = GAME.new_state({"seats": 4}, seed=seed)
        assert (st.ball, st.actor, st.hands) == (again.ball, again.actor, again.hands)
        kicking = team(st.actor)
        assert st.ball == KICKOFF_ZONE[kicking] == (4 if kicking == 0 else 6)
        seen[kicking] += 1
    assert seen[0] > 15 and seen[1] > 15


def test_ko1_kickoff_zone_per_team():
    """SC-KO-1: Blue kicks off from zone 4, Red from zone 6."""
    assert GAME.new_state({"seats": 8, "kickoff": "blue"}).ball == 4
    assert GAME.new_state({"seats": 8, "kickoff": "red"}).ball == 6
    with pytest.raises(DataError) as err:
        GAME.new_state({"seats": 8, "kickoff": "green"})
    assert err.value.field == "kickoff"


def test_ko2_ex2_preview_forward_kicks_off_without_defender():
    """SC-KO-2, SC-EX-2: picture side → Blue; Blue has no Defender, so #3 小公 (Forward, seat 2) kicks off."""
    st = GAME.new_state({"seats": 8, "roles": PREVIEW_ROLES, "kickoff": "blue"}, seed=8)
    assert st.ball == 4
    d = st.decision()
    assert (d.seat, d.label, st.phase) == (2, "kick-off", Phase.TURN)
    assert [len(h) for h in st.hands] == [5, 6, 5, 5, 6, 5, 5, 5]  # SC-EX-1
    red = GAME.new_state({"seats": 8, "roles": PREVIEW_ROLES, "kickoff": "red"}, seed=8)
    assert (red.actor, red.ball) == (3, 6)  # Red's Defender #4 小谢


@pytest.mark.parametrize(
    ("seats", "roles", "kicking", "kicker"),
    [
        (6, [["MF"], ["FW"], ["LSF"], ["MF"], ["GK"], ["LSF"]], "blue", 4),  # no DF, no FW: Goalkeeper
        (6, [["MF"], ["FW"], ["LSF"], ["MF"], ["GK"], ["LSF"]], "red", 1),  # Forward
        (8, default_roles(8), "red", 1),  # Defender
        (10, [["LSF"], ["GK"], ["MF"], ["FW"], ["GK"], ["MF"], ["FW"], ["LSF"], ["DF"], ["DF"]], "blue", 8),
        (4, [["GK", "MF"], ["DF", "FW"], ["FW", "LSF"], ["GK", "LSF"]], "blue", 2),  # SC-GAP-6: FW holder
        (4, [["GK", "MF"], ["DF", "FW"], ["FW", "LSF"], ["GK", "LSF"]], "red", 1),  # SC-GAP-6: DF holder
        (2, [["LSF"], ["MF"]], "red", 1),  # SC-GAP-6: 2p, the single player
    ],
)
def test_ko2_gap6_kickoff_player_defender_else_forward_else_goalkeeper(seats, roles, kicking, kicker):
    """SC-KO-2, SC-GAP-6: the kicking team's DF kicks off, else its FW, else its GK."""
    st = GAME.new_state({"seats": seats, "roles": roles, "kickoff": kicking}, seed=3)
    assert st.actor == kicker and st.kickoff
    assert st.decision().label == "kick-off"


def test_ko2_kickoff_player_must_play_and_may_not_pass():
    """SC-KO-2, SC-RS-4, SC-GAP-29: no 'pass' (or empty 'end') before the kick-off player has played."""
    st = GAME.new_state({"seats": 8, "roles": PREVIEW_ROLES, "kickoff": "blue"}, seed=8)
    assert "pass" not in legal(st) and "end" not in legal(st)
    for text, rules in (("pass", {"SC-KO-2"}), ("end", {"SC-KO-2", "SC-RS-4"})):
        before = st.fingerprint()
        with pytest.raises(IllegalAction) as err:
            play(st, 2, text)
        assert err.value.rule in rules and st.fingerprint() == before


@pytest.mark.parametrize("seats", [2, 4, 6, 8, 10])
def test_gap29_kickoff_always_has_a_card_play(seats):
    """SC-GAP-29: with 3+ cards the any-three-cards maneuver is always available to the kick-off player."""
    for seed in range(12):
        st = GAME.new_state({"seats": seats}, seed=seed)
        moves = legal(st)
        assert moves and "pass" not in moves
        assert any(m.startswith("any ") for m in moves)
        play(st, st.actor, moves[0])
        while st.pending:  # finish a multi-card play
            play(st, st.actor, legal(st)[0])
        assert st.phase is Phase.TURN and "end" in legal(st)


def test_gap15_no_steal_window_before_the_first_kickoff_turn():
    """SC-GAP-15: the match opens straight on the kick-off turn, never on a steal window."""
    for seed in range(5):
        st = GAME.new_state({"seats": 8}, seed=seed)
        assert st.phase is Phase.TURN and st.kickoff and st.queue.seats == []
