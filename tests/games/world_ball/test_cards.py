"""World Ball content as data (WB-GAP-1, WB-GAP-9, WB-GAP-11, WB-GAP-12): it loads, every row uses a
registered effect, and malformed files are refused with file, line and field."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pitchside.core.errors import DataError
from pitchside.games.world_ball import effects as fx
from pitchside.games.world_ball import events as evx
from pitchside.games.world_ball.cards import (
    BACK,
    CATEGORIES,
    CLASSES,
    DATA,
    EVENT_MARK,
    build_content,
    load_content,
    read_texts,
)
from pitchside.games.world_ball.game import GAME

C = load_content()


def test_gen_2_six_categories_and_gen_3_match_cards():
    """WB-GEN-2: six categories; WB-GEN-3: the match deck holds events, skills, actions and set pieces only."""
    assert set(CATEGORIES) == {"action", "set_piece", "event", "skill"}  # the four kinds of match card
    assert {C.category(cid) for cid in C.counts} == {"action", "set_piece", "event", "skill"}
    assert not set(C.characters) & set(C.counts)  # character cards are not match cards
    assert BACK == {"character": "星", "stamina": "大力神杯"}  # the two non-match categories


def test_gap_12_the_deck_has_100_cards():
    """WB-GAP-12: 射门 26, 救险 28, 任意球 6, 点球 4, events 20, skills 16."""
    assert len(C) == 100 and len(C.physical) == 100
    assert (C.counts["shoot"], C.counts["save"], C.counts["free_kick"], C.counts["penalty"]) == (26, 28, 6, 4)
    assert sum(C.counts[e] for e in C.events) == 20
    assert sum(C.counts[s] for s in C.skills) == 16


def test_act_1_and_set_1_the_basic_cards():
    """WB-ACT-1: 射门 and 救险; WB-SET-1: 任意球 and 点球; WB-SET-2: a set piece costs 1; WB-GAP-7: R = 1 and 2."""
    assert {c for c, b in C.basics.items() if b.category == "action"} == {"shoot", "save"}
    assert set(C.set_pieces) == {"free_kick", "penalty"}
    assert (C.basics["free_kick"].cost, C.basics["penalty"].cost) == (1, 1)
    assert (C.basics["shoot"].needs, C.basics["free_kick"].needs, C.basics["penalty"].needs) == (1, 1, 2)


def test_gap_1_thirty_two_characters_and_char_2_to_5():
    """WB-GAP-1: 32 characters (6 GK, 8 DF, 9 MF, 9 FW); WB-CHAR-2, WB-CHAR-3, WB-CHAR-4: stamina, position, costs;
    WB-CHAR-5: every goalkeeper's Shoot cost is X; WB-EX-1: Rooney has 4 stamina; WB-CHAR-1: the back is 星."""
    assert len(C.characters) == 32
    assert Counter(ch.position for ch in C.characters.values()) == {"GK": 6, "DF": 8, "MF": 9, "FW": 9}
    for ch in C.characters.values():
        assert 1 <= ch.stamina <= 5 and ch.save >= 1
        assert (ch.shoot is None) == ch.goalkeeper
    assert C.characters["rooney"].stamina == 4
    assert C.characters["rooney"].seed and C.characters["terry"].seed
    assert BACK["character"] == "星"


def test_char_6_every_skill_is_one_registered_effect_and_effects_are_shared():
    """WB-CHAR-6, WB-GAP-1, WB-GAP-16: each character names a registered ability whose kind is its tag;
    several characters share one effect function with different parameters."""
    for ch in C.characters.values():
        assert fx.ABILITIES[ch.effect].kind == ch.tag
    users = Counter(ch.effect for ch in C.characters.values())
    assert users["hand_limit"] == 3 and users["draw_on_shot_negated"] == 3
    assert C.characters["lahm"].params == {"limit": 5} and C.characters["rooney"].params == {"limit": 6}


def test_evt_1_and_gap_9_twenty_event_cards_with_registered_effects():
    """WB-EVT-1: events carry 事; WB-GAP-9: 20 events, the three seed names are reactive; WB-INC-3: several copies."""
    assert EVENT_MARK == "事"
    assert len(C.events) == 9
    reactive = {e.id for e in C.events.values() if e.timing == "reactive"}
    assert reactive == {"controversy", "biased_referee", "wrong_call"}
    assert all(C.events[e].seed for e in reactive)
    assert (C.counts["controversy"], C.counts["biased_referee"], C.counts["wrong_call"]) == (3, 2, 2)
    for e in C.events.values():
        assert e.effect in evx.EVENT_EFFECTS
    assert {e.id for e in C.events.values() if e.pending} == {"yellow_card", "man_marking"}


def test_skill_1_and_gap_11_sixteen_skill_cards_in_three_classes():
    """WB-SKILL-1: 攻/防/体; WB-GAP-11: 16 cards — 攻 6, 防 5, 体 5 — none an [action] skill (WB-INC-7)."""
    assert CLASSES == {"attack": "攻", "defense": "防", "stamina": "体"}
    per_class = Counter()
    for sid, sk in C.skills.items():
        per_class[sk.cls] += C.counts[sid]
        assert fx.ABILITIES[sk.effect].kind != "action"
    assert per_class == {"attack": 6, "defense": 5, "stamina": 5}


def test_stam_1_the_stamina_card_is_the_trophy():
    """WB-STAM-1: stamina cards show 大力神杯 (the terminal draws stamina as football icons next to it)."""
    assert BACK["stamina"] == "大力神杯"


# --------------------------------------------------------------------------- malformed files


def texts_with(name: str, text: str) -> dict[str, tuple[str, str]]:
    texts = read_texts(None)
    texts[name] = (text, f"<{name}>")
    return texts


def error(name: str, text: str) -> DataError:
    with pytest.raises(DataError) as err:
        build_content(texts_with(name, text))
    return err.value


CHAR = (DATA / "characters.toml").read_text(encoding="utf-8")


def test_a_character_with_bad_stamina_names_file_line_and_field():
    bad = CHAR.replace('id = "cech"\nzh = "切赫"\nname = "Čech"\nposition = "GK"\nstamina = 5',
                       'id = "cech"\nzh = "切赫"\nname = "Čech"\nposition = "GK"\nstamina = "five"')  # fmt: skip
    e = error("characters.toml", bad)
    assert e.file == "<characters.toml>" and e.field == "character[2].stamina"
    assert bad.splitlines()[e.line - 1] == 'stamina = "five"'


def test_a_goalkeeper_who_can_shoot_is_refused_char_5():
    """WB-CHAR-5: a goalkeeper's shoot cost must be X."""
    bad = CHAR.replace('position = "GK"\nstamina = 4\nshoot = "X"', 'position = "GK"\nstamina = 4\nshoot = 1', 1)
    e = error("characters.toml", bad)
    assert e.field == "character[0].shoot" and "WB-CHAR-5" in e.message
    assert bad.splitlines()[e.line - 1] == "shoot = 1"


def test_an_unknown_effect_or_a_bad_parameter_is_refused():
    e = error("characters.toml", CHAR.replace('effect = "recover_on_negate"', 'effect = "teleport"'))
    assert e.field == "character[0].effect" and "teleport" in e.message
    bad = CHAR.replace("params = { limit = 5 }", 'params = { limit = "five" }', 1)
    e = error("characters.toml", bad)
    assert e.field == "character[3].params.limit"
    assert bad.splitlines()[e.line - 1].startswith("params = { limit")
    e = error("characters.toml", CHAR.replace("params = { limit = 5 }", "params = { size = 5 }", 1))
    assert e.field == "character[3].params.size" and "unknown parameter" in e.message
    e = error(
        "characters.toml", CHAR.replace('params = { who = "teammate", count = 1 }', 'params = { who = "fan" }', 1)
    )
    assert e.field.endswith(".params.who")


def test_a_tag_that_disagrees_with_the_effect_is_refused():
    """WB-GAP-16: the tag decides when a skill may be used, so it must match the effect."""
    bad = CHAR.replace(
        'tag = "action"\neffect = "discard_teammate_draws"', 'tag = "passive"\neffect = "discard_teammate_draws"'
    )
    e = error("characters.toml", bad)
    assert e.field == "character[5].tag"


def test_duplicate_ids_unknown_keys_and_bad_toml_are_refused():
    e = error("characters.toml", CHAR.replace('id = "cech"', 'id = "buffon"'))
    assert e.field == "character[2].id" and "duplicate" in e.message
    e = error("characters.toml", CHAR.replace("seed = true", 'seed = true\nfavourite = "yes"', 1))
    assert e.field == "character[6].favourite"
    e = error("characters.toml", CHAR + "\n[[character\n")
    assert e.field is None and e.line is not None and "TOML" in e.message


def test_malformed_event_skill_and_deck_files():
    ev_text = (DATA / "events.toml").read_text(encoding="utf-8")
    e = error(
        "events.toml",
        ev_text.replace('timing = "reactive"\neffect = "negate_save"', 'timing = "action"\neffect = "negate_save"'),
    )
    assert e.field == "event[1].timing" and e.file == "<events.toml>"
    e = error("events.toml", ev_text.replace('pending = true\neffect = "skip_draw"', 'effect = "skip_draw"'))
    assert e.field == "event[6].pending"
    sk_text = (DATA / "skills.toml").read_text(encoding="utf-8")
    e = error("skills.toml", sk_text.replace('class = "attack"', 'class = "magic"', 1))
    assert e.field == "skill[0].class" and sk_text.splitlines()[e.line - 1] == 'class = "attack"'
    e = error("skills.toml", sk_text.replace('effect = "wall"', 'effect = "give_cards"'))
    assert e.field == "skill[6].effect" and "WB-INC-7" in e.message
    deck = (DATA / "deck.toml").read_text(encoding="utf-8")
    e = error("deck.toml", deck.replace('id = "poacher"\ncount = 1', 'id = "poacher"\ncount = 0'))
    assert e.field == "card[16].count"
    e = error("deck.toml", deck.replace('id = "poacher"', 'id = "goalhanger"'))
    assert e.field == "card[16].id" and "goalhanger" in e.message
    assert deck.replace('id = "poacher"', 'id = "goalhanger"').splitlines()[e.line - 1] == 'id = "goalhanger"'


def test_a_user_character_with_an_existing_skill_needs_no_code(tmp_path: Path):
    """WB-GAP-1: a data pack adds a 33rd character, 'buffon2', reusing the registered effect of Júlio César
    with other parameters; it loads, is dealt, and its skill works."""
    extra = """
[[character]]
id = "zoff"
zh = "佐夫"
name = "Zoff"
position = "GK"
stamina = 5
shoot = "X"
save = 1
skill_zh = "老狐狸"
skill = "Old Fox"
tag = "trigger"
effect = "draw_on_negate"
params = { count = 2 }
text_zh = "当你使一次射门无效时，抓2张牌。"
text_en = "When you negate a shot, draw 2 cards."
"""
    (tmp_path / "characters.toml").write_text(CHAR + extra, encoding="utf-8")
    content = load_content(str(tmp_path))
    assert len(content.characters) == 33 and content.characters["zoff"].params == {"count": 2}
    st = GAME.new_state({"seats": 2, "characters": ["zoff", "lahm"], "data": str(tmp_path), "starter": 1}, 3)
    assert st.chars == ["zoff", "lahm"] and st.stamina[0] == 5
    assert st.pw[0].triggers  # the shared function installed a trigger for the new character


def test_a_missing_data_directory_is_refused():
    with pytest.raises(DataError) as err:
        GAME.new_state({"seats": 2, "data": "/nonexistent/wb"})
    assert err.value.field == "data" and "'/nonexistent/wb'" in str(err.value)  # not a directory the user named
