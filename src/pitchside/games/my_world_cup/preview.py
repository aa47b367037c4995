"""What a pairing choice would do (issue 8): who can score, and on which dice, before the choice is made.

Read from the chooser's view (the lineups are revealed when pairs are chosen) and the teams' public
skills, never from hidden cards; it rolls nothing. It mirrors ``Resolver._resolve`` (WC-MATCH-5,
WC-MATCH-7, WC-AD-0, WC-GOAL-0, WC-FOUL-3, WC-GAP-10, WC-GAP-11).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pitchside.core.texts import Bilingual
from pitchside.games.my_world_cup.actions import Act, Verb
from pitchside.games.my_world_cup.skills import USE_IGNORE_DEFENSE

if TYPE_CHECKING:
    from pitchside.games.my_world_cup.rules import MyWorldCupState


class _Say:
    """Sentences in both languages, joined at the end."""

    def __init__(self, names: tuple[tuple[str, str], tuple[str, str]]) -> None:
        self.names = names
        self.zh: list[str] = []
        self.en: list[str] = []

    def add(self, zh: str, en: str) -> None:
        self.zh.append(zh)
        self.en.append(en)

    def text(self) -> Bilingual:
        """The first sentence (what the card meets, if said) leads with a colon."""
        zh, en = self.zh, self.en
        if len(zh) > 1 and (zh[0].startswith("对") and en[0].startswith("against")):
            return Bilingual(f"{zh[0]}：" + "；".join(zh[1:]) + "。", f"{en[0]}: " + "; ".join(en[1:]) + ".")
        return Bilingual("；".join(zh) + "。", "; ".join(en) + ".")


_ZH = {"attack": "进攻", "defense": "防守", "goal": "进球", "foul": "犯规"}


def _card(c: Mapping[str, Any]) -> tuple[str, int]:
    return str(c["kind"]), int(c["value"])


def preview(st: MyWorldCupState, seat: int, action: Act) -> Bilingual | None:
    """The effect of ``pair N`` or ``void`` for the active card, or None for any other action."""
    if action.verb not in (Verb.PAIR, Verb.VOID):
        return None
    view = st.view(seat)
    ask = view.get("ask") or {}
    if ask.get("op") != "pair" or "active_slot" not in ask:
        return None
    side = int(ask["active_team"])
    sides = view["sides"]
    names = tuple((s["team"]["zh"], s["team"]["en"]) for s in sides)
    say = _Say((names[0], names[1]))
    m = st.t.m
    p = m.dice.p_ball

    def roll(s: int, n: int, why_zh: str, why_en: str) -> None:
        chance = 1 - (1 - p) ** n if n > 0 else 0.0
        double = " (may double the dice)" if m.powers[s].double_dice else ""
        say.add(
            f"{names[s][0]}{why_zh}掷{n}颗战术骰，出现足球即进1球（约{chance:.0%}）",
            f"{names[s][1]} {why_en} rolls {n} tactical {'die' if n == 1 else 'dice'}: a football on any scores 1 "
            f"(about {chance:.0%}){double}",
        )

    def goal(s: int, n: int) -> None:
        say.add(f"{names[s][0]}直接进{n}球", f"{names[s][1]} scores {n} (a goal card, no dice)")

    def effect(s: int, kind: str, v: int) -> None:
        if kind == "attack":
            roll(s, v, "进攻", "attacks and")
        elif kind == "goal":
            goal(s, v)
        else:
            zh = f"{names[s][0]}的{_ZH.get(kind, kind)}牌空过，无事发生"
            say.add(zh, f"{names[s][1]}'s {kind} card does nothing")

    ka, va = _card(sides[side]["lineup"][int(ask["active_slot"]) - 1])
    if action.verb is Verb.VOID:  # WC-MATCH-7
        effect(side, ka, va)
        return say.text()
    o = 1 - side
    lineup = sides[o].get("lineup") or []
    if not 0 <= action.slot < len(lineup):
        return None
    kb, vb = _card(lineup[action.slot])
    say.add(f"对{names[o][0]}的{_ZH[kb]}{vb}", f"against {names[o][1]}'s {kb} {vb}")
    if ka == "foul" or kb == "foul":  # WC-FOUL-3, WC-GAP-10
        if ka == kb:
            say.add("两张犯规牌互相抵消，双方各掷犯规骰", "both fouls cancel; each side rolls the foul die")
        else:
            fouler = side if ka == "foul" else o
            say.add(
                f"{names[1 - fouler][0]}的牌被犯规抵消，{names[fouler][0]}掷犯规骰",
                f"{names[1 - fouler][1]}'s card is cancelled by the foul; {names[fouler][1]} rolls the foul die",
            )
        return say.text()
    if ka == "defense" or kb == "defense":
        if ka == kb:  # WC-GAP-10
            say.add("防守对防守：无事发生", "defense against defense: nothing happens")
            return say.text()
        d_side, d = (side, va) if ka == "defense" else (o, vb)
        x_side, xk, x = (o, kb, vb) if ka == "defense" else (side, ka, va)
        if xk == "attack":  # WC-AD-0b
            ignore = bool(m.powers[x_side].once & USE_IGNORE_DEFENSE) and not st.used[x_side] & USE_IGNORE_DEFENSE
            if x > d:
                roll(x_side, x - d, f"进攻{x}减防守{d}，", f"attack {x} beats defense {d}:")
            elif not ignore:
                say.add(f"防守{d}挡住进攻{x}：无事发生", f"defense {d} holds attack {x}: nothing happens")
            if ignore:
                say.add(
                    f"{names[x_side][0]}可用一次技能无视防守，掷{x}颗",
                    f"{names[x_side][1]} may use its once-a-match skill to ignore the defense and roll {x}",
                )
        elif x > d:  # WC-AD-0c
            goal(x_side, x - d)
        elif x < d:
            n = d - x + m.powers[d_side].counter
            roll(d_side, n, "防守反击，", "counter-attacks and")
        else:  # WC-GAP-11
            say.add(f"进球{x}等于防守{d}：无事发生", f"goal {x} equals defense {d}: nothing happens")
        return say.text()
    # WC-GAP-10: attack/goal against attack/goal: the higher value acts with the difference; equal: nothing
    if va == vb:
        say.add(
            f"{_ZH[ka]}{va}对{_ZH[kb]}{vb}，数值相等：无事发生",
            f"{ka} {va} against {kb} {vb}, equal values: nothing happens",
        )
        return say.text()
    w, kw, hi, kl, lo = (side, ka, va, kb, vb) if va > vb else (o, kb, vb, ka, va)
    beats_zh, beats_en = f"{_ZH[kw]}{hi}胜过{_ZH[kl]}{lo}，", f"{kw} {hi} beats {kl} {lo}:"
    if kw == "attack":
        roll(w, hi - lo, beats_zh, beats_en)
    else:
        say.add(beats_zh.rstrip("，"), beats_en.rstrip(":"))
        goal(w, hi - lo)
    return say.text()
