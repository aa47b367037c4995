"""Texts as data (issue 8): every card, role, character, event, skill and team of the three games has its
rules text in Chinese and English in the game's data files, found by id or by name; a missing text is a
DataError naming file, line and field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pitchside.core.errors import DataError
from pitchside.core.registry import load_game
from pitchside.core.texts import (
    OVERVIEW,
    Lang,
    TopicKind,
    UnknownTopic,
    find,
    lang_from_env,
    missing,
    parse_topics,
)
from pitchside.games.my_world_cup.cards import load_cards
from pitchside.games.my_world_cup.teams import load_teams, parse_teams
from pitchside.games.sonic_cup.cards import load_deck
from pitchside.games.sonic_cup.state import Role
from pitchside.games.world_ball.cards import load_content, parse_characters, parse_deck, parse_events, parse_skills

GAMES = ("sonic-cup", "world-ball", "my-world-cup")
SRC = Path(__file__).resolve().parents[1] / "src" / "pitchside" / "games"


@pytest.mark.parametrize("game", GAMES)
def test_every_topic_has_a_title_and_a_text_in_both_languages(game: str) -> None:
    texts = load_game(game).texts()
    assert OVERVIEW in texts and texts[OVERVIEW].kind is TopicKind.RULES
    assert missing(texts) == []
    for tid, topic in texts.items():
        assert topic.id == tid
        assert topic.body(Lang.ZH) != topic.body(Lang.EN), tid  # a translation, not a copy


def test_sonic_cup_every_role_card_and_function_has_a_topic() -> None:
    """SC roles (the Goalkeeper's forced block, the Midfielder's one-card Power Kick) and card functions."""
    texts = load_game("sonic-cup").texts()
    for role in Role:
        assert texts[role.value.lower()].kind is TopicKind.ROLE
    for cid in load_deck().cards:
        assert texts[cid].kind is TopicKind.CARD
    for fn in ("maneuver", "power_kick", "kick_block", "shoot", "foul"):
        assert texts[fn].kind is TopicKind.CARD
    assert "强制挡球" in texts["gk"].body(Lang.ZH) and "forced block" in texts["gk"].body(Lang.EN)
    assert "一张牌Power Kick" in texts["mf"].body(Lang.ZH) and "single card" in texts["mf"].body(Lang.EN)
    assert "区域1" in texts["S01"].body(Lang.ZH) and "zone 1" in texts["S01"].body(Lang.EN)


def test_world_ball_every_character_skill_event_and_card_has_a_topic() -> None:
    texts = load_game("world-ball").texts()
    c = load_content()
    for kind, ids in (
        (TopicKind.CHARACTER, c.characters),
        (TopicKind.SKILL, c.skills),
        (TopicKind.EVENT, c.events),
        (TopicKind.CARD, c.basics),
    ):
        for cid in ids:
            assert texts[cid].kind is kind, cid
    for ch in c.characters.values():  # the character's skill, in full, in both languages
        assert ch.text.zh in texts[ch.id].body(Lang.ZH) and ch.text.en in texts[ch.id].body(Lang.EN)
        assert ch.skill_zh in texts[ch.id].body(Lang.ZH)
    assert "主动弃牌" in c.characters["terry"].text.zh or "主动弃置" in c.characters["terry"].text.zh  # WB-TURN-4a


def test_my_world_cup_every_card_team_and_skill_has_a_topic() -> None:
    texts = load_game("my-world-cup").texts()
    for cid in load_cards().cards:
        assert texts[cid].kind is TopicKind.CARD
    for kind in ("attack", "defense", "goal", "foul"):
        assert texts[kind].kind is TopicKind.CARD
    for team in load_teams().teams.values():
        topic = texts[team.id]
        assert topic.kind is TopicKind.TEAM
        for skill in team.skills:  # what each skill does, not only its name
            assert skill.text.zh and skill.text.zh in topic.body(Lang.ZH)
            assert skill.text.en and skill.text.en in topic.body(Lang.EN)
    # WC-TEAM-ESP-3: the seed's own words for 水银泻地
    assert "每出现两个足球便进一个球" in texts["esp"].body(Lang.ZH)


def test_topics_are_found_by_id_and_by_name_in_either_language() -> None:
    wb = load_game("world-ball").texts()
    assert find(wb, "梅西").id == find(wb, "Messi").id == find(wb, "MESSI").id == "messi"
    assert find(wb, "盘带").id == "messi"  # the character's skill name
    assert find(wb, "interception").id == "interception"  # an id wins over Cannavaro's skill 'Interception'
    assert find(wb, "Eto'o").id == "etoo"
    mwc = load_game("my-world-cup").texts()
    assert find(mwc, "西班牙").id == find(mwc, "spain").id == "esp"
    assert find(mwc, "ad4").id == "AD4"
    sc = load_game("sonic-cup").texts()
    assert find(sc, "Goalkeeper").id == find(sc, "守门员").id == find(sc, "GK").id == "gk"


def test_an_unknown_topic_names_close_matches() -> None:
    wb = load_game("world-ball").texts()
    with pytest.raises(UnknownTopic) as e:
        find(wb, "mesi")
    assert "messi" in e.value.close and "'mesi'" in str(e.value)
    with pytest.raises(UnknownTopic) as e:
        find(wb, "zzzzzz")
    assert e.value.close == []


def test_language_from_the_locale() -> None:
    assert lang_from_env({}) is Lang.EN
    assert lang_from_env({"LANG": "zh_CN.UTF-8"}) is Lang.ZH
    assert lang_from_env({"LANG": "zh_TW.UTF-8", "LC_ALL": "en_US.UTF-8"}) is Lang.EN  # LC_ALL wins
    assert lang_from_env({"LANG": "de_DE.UTF-8"}) is Lang.EN


# ----------------------------------------------------------------------------- a missing text


def _line(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def test_a_world_ball_character_without_its_chinese_text_names_file_line_and_field() -> None:
    text = (SRC / "world_ball" / "data" / "characters.toml").read_text(encoding="utf-8")
    zh = next(line for line in text.splitlines() if line.startswith("text_zh") and "恢复1点体力" in line)
    bad = text.replace(zh + "\n", "", 1)
    with pytest.raises(DataError) as e:
        parse_characters(bad, "characters.toml", ("shoot", "free_kick", "penalty"))
    assert e.value.file == "characters.toml" and e.value.field == "character[0].text_zh"
    assert e.value.line is not None and "Chinese" in e.value.message


@pytest.mark.parametrize(
    ("name", "table", "index"), [("skills.toml", "skill", 0), ("events.toml", "event", 0), ("deck.toml", "card", 0)]
)
def test_world_ball_skills_events_and_cards_need_their_english_text(name: str, table: str, index: int) -> None:
    text = (SRC / "world_ball" / "data" / name).read_text(encoding="utf-8")
    en = next(line for line in text.splitlines() if line.startswith("text_en"))
    bad = text.replace(en, 'text_en = "  "', 1)
    with pytest.raises(DataError) as e:
        if name == "skills.toml":
            parse_skills(bad, name, ("shoot", "free_kick", "penalty"))
        elif name == "events.toml":
            parse_events(bad, name)
        else:
            parse_deck(bad, name)
    assert (e.value.file, e.value.field) == (name, f"{table}[{index}].text_en")
    assert e.value.line == _line(bad, 'text_en = "  "') and "English" in e.value.message


def test_a_my_world_cup_skill_without_its_text_names_file_line_and_field() -> None:
    text = (SRC / "my_world_cup" / "data" / "teams.toml").read_text(encoding="utf-8")
    bad = re.sub(r', text_en = "When you roll tactical dice[^"]*"', "", text, count=1)  # Spain's 水银泻地
    assert bad != text
    with pytest.raises(DataError) as e:
        parse_teams(bad, "teams.toml")
    assert e.value.file == "teams.toml" and e.value.field == "team[28].skills[2].text_en"
    assert e.value.line == _line(bad, 'code = "double_dice"') and "English" in e.value.message


def test_a_rules_topic_without_a_text_names_file_line_and_field() -> None:
    text = (SRC / "sonic_cup" / "data" / "texts.toml").read_text(encoding="utf-8")
    bad = text.replace('text_en = "Once in his turn', 'text_zh_ = "Once in his turn', 1)
    with pytest.raises(DataError) as e:
        parse_topics(bad, "texts.toml")
    assert e.value.file == "texts.toml" and e.value.field.startswith("topic[") and e.value.line is not None
    good = parse_topics(text, "texts.toml")
    assert "mf" in good
    without_overview = text.replace('id = "overview"', 'id = "summary"', 1)
    with pytest.raises(DataError) as e:
        parse_topics(without_overview, "texts.toml")
    assert "overview" in e.value.message
