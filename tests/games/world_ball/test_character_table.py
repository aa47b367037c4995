"""The 32 characters pinned against the rulebook's table (docs/rules/world-ball.md §2.3, WB-GAP-1).

The table below is typed in from the reference, not read from it: a change to a character's stamina
(WB-CHAR-2), position (WB-CHAR-3), action costs (WB-CHAR-4, WB-CHAR-5) or skill (WB-CHAR-6) in
data/characters.toml fails here by name, not only as a golden replay diff. Seed facts: Rooney has 4
stamina (WB-EX-1) and a hand limit of 6 (WB-TURN-5); Terry's skill is the seed's (WB-TURN-4a); every
goalkeeper's Shoot cost is "X" (WB-CHAR-5). The other numbers are the reference's proposals (WB-GAP-1).
"""

from __future__ import annotations

from pitchside.games.world_ball.cards import load_content

X = None  # Shoot cost "−X": cannot shoot (WB-CHAR-5)

# id: (中文, position, max stamina, Shoot cost, Save cost, skill 中文, skill, tag)
TABLE: dict[str, tuple[str, str, int, int | None, int, str, str, str]] = {
    "buffon": ("布冯", "GK", 4, X, 1, "门神", "Guardian", "trigger"),
    "casillas": ("卡西利亚斯", "GK", 4, X, 1, "点球克星", "Penalty Killer", "passive"),
    "cech": ("切赫", "GK", 5, X, 1, "头盔", "Helmet", "passive"),
    "van_der_sar": ("范德萨", "GK", 3, X, 1, "老将", "Veteran", "passive"),
    "julio_cesar": ("儒利奥·塞萨尔", "GK", 4, X, 1, "出击", "Rush Out", "trigger"),
    "neuer": ("诺伊尔", "GK", 4, X, 1, "手抛球", "Long Throw", "action"),
    "terry": ("特里", "DF", 4, 2, 1, "舍身", "Last-ditch", "trigger"),
    "puyol": ("普约尔", "DF", 5, 2, 1, "队长", "Captain", "trigger"),
    "cannavaro": ("卡纳瓦罗", "DF", 4, 2, 1, "拦截", "Interception", "trigger"),
    "ferdinand": ("费迪南德", "DF", 4, 2, 1, "冷静", "Composure", "passive"),
    "nesta": ("内斯塔", "DF", 4, 2, 1, "优雅", "Elegance", "trigger"),
    "lahm": ("拉姆", "DF", 4, 1, 1, "稳健", "Steady", "passive"),
    "pique": ("皮克", "DF", 4, 2, 1, "助攻中卫", "Set-piece Threat", "passive"),
    "lucio": ("卢西奥", "DF", 5, 2, 1, "插上", "Surge", "trigger"),
    "gerrard": ("杰拉德", "MF", 4, 1, 2, "队魂", "Leader", "action"),
    "lampard": ("兰帕德", "MF", 4, 1, 2, "后插上", "Late Run", "passive"),
    "xavi": ("哈维", "MF", 4, 2, 2, "节拍器", "Metronome", "passive"),
    "iniesta": ("伊涅斯塔", "MF", 4, 2, 2, "妙传", "Killer Pass", "action"),
    "pirlo": ("皮尔洛", "MF", 3, 2, 2, "任意球大师", "Free-kick Master", "passive"),
    "kaka": ("卡卡", "MF", 4, 1, 2, "突破", "Dribble", "action"),
    "beckham": ("贝克汉姆", "MF", 4, 2, 2, "圆月弯刀", "Bend It", "trigger"),
    "sneijder": ("斯内德", "MF", 4, 1, 2, "直塞", "Through Ball", "trigger"),
    "schweinsteiger": ("施魏因施泰格", "MF", 5, 2, 1, "铁肺", "Engine", "trigger"),
    "rooney": ("鲁尼", "FW", 4, 1, 2, "", "", ""),  # skill: the seed's hand limit of 6 (checked below)
    "messi": ("梅西", "FW", 3, 1, 2, "盘带", "Dribble Past", "trigger"),
    "cristiano_ronaldo": ("C罗", "FW", 4, 1, 2, "自信", "Swagger", "passive"),
    "drogba": ("德罗巴", "FW", 5, 1, 2, "魔兽", "Beast", "passive"),
    "torres": ("托雷斯", "FW", 4, 1, 2, "冷血", "Clinical", "trigger"),
    "villa": ("比利亚", "FW", 4, 1, 2, "门前嗅觉", "Poacher's Nose", "trigger"),
    "henry": ("亨利", "FW", 4, 1, 2, "脚后跟", "Back-heel", "passive"),
    "klose": ("克洛泽", "FW", 4, 1, 2, "头球", "Header", "trigger"),
    "etoo": ("埃托奥", "FW", 5, 1, 2, "反击", "Counter", "trigger"),
}


def test_gap_1_the_character_table_is_the_rulebooks() -> None:
    """WB-GAP-1, WB-CHAR-2..6: every character's name, position, stamina, costs and skill, row by row, in order."""
    chars = load_content().characters
    assert list(chars) == list(TABLE)  # the same 32, in the table's order
    for cid, (zh, pos, stamina, shoot, save, skill_zh, skill, tag) in TABLE.items():
        ch = chars[cid]
        got = (ch.zh, ch.position, ch.stamina, ch.shoot, ch.save)
        assert got == (zh, pos, stamina, shoot, save), f"{cid}: {got}"
        if skill:
            assert (ch.skill_zh, ch.skill, ch.tag) == (skill_zh, skill, tag), cid


def test_ex_1_and_turn_5_rooney_the_seeds_own_character() -> None:
    """WB-EX-1: Rooney has four football icons, so 4 stamina; WB-TURN-5: his hand limit is 6, everyone else's 4
    unless a skill of the table says otherwise (van der Sar's and Lahm's 5)."""
    chars = load_content().characters
    assert chars["rooney"].stamina == 4
    limits = {cid: ch.params["limit"] for cid, ch in chars.items() if ch.effect == "hand_limit"}
    assert limits == {"rooney": 6, "van_der_sar": 5, "lahm": 5}


def test_char_5_every_goalkeeper_and_only_they_cannot_shoot() -> None:
    """WB-CHAR-5: exactly the six goalkeepers of the table have Shoot cost X."""
    chars = load_content().characters
    assert {cid for cid, ch in chars.items() if ch.shoot is None} == {c for c, row in TABLE.items() if row[1] == "GK"}
