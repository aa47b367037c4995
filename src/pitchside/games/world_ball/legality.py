"""Why an action is refused: the rulebook ID it breaks (docs/rules/world-ball.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pitchside.core.errors import IllegalAction
from pitchside.games.world_ball.actions import Play, Verb
from pitchside.games.world_ball.state import EVENT, PROMPT, SAVE, SHOT, Phase, team

if TYPE_CHECKING:
    from pitchside.games.world_ball.rules import WorldBallState

_WHOSE = {
    SHOT: ("WB-GAP-6", "the opponents answer a shot one at a time, clockwise from the shooter's left: seat {a} now"),
    SAVE: ("WB-GAP-26", "the shooter's team answers a Save one at a time: seat {a} now"),
    EVENT: ("WB-GAP-10", "争议事件 answers go clockwise from the player's left: seat {a} now"),
    PROMPT: ("WB-TURN-4b", "seat {a} is asked whether to use a skill now"),
}


def explain(st: WorldBallState, seat: int, action: Any) -> IllegalAction:
    """Name the rule an action breaks. Only called for actions that are not legal."""
    if st.phase is Phase.OVER:
        return IllegalAction("WB-END-1", "the match is over")
    d = st.decision()
    if not isinstance(action, Play) or type(action) is not Play:
        return IllegalAction("WB-TURN-4", f"{action!r} is not a World Ball action")
    if type(seat) is not int or seat != d.seat:  # issue 7: a seat given as 0.0 or True is no seat
        if st.stack:
            rule, text = _WHOSE[st.stack[-1]["k"]]
            return IllegalAction(rule, f"seat {seat} may not act: " + text.format(a=d.seat))
        if st.phase is Phase.DRAFT:
            return IllegalAction("WB-SETUP-4", f"characters are chosen in order: seat {d.seat} chooses now")
        return IllegalAction("WB-TURN-0", f"it is seat {d.seat}'s turn")
    rule, why = _why(st, seat, action)
    return IllegalAction(rule, f"{action} is not allowed: {why}")


def _why(st: WorldBallState, seat: int, act: Play) -> tuple[str, str]:
    c = st.t.content
    verb, cid = act.verb, act.arg
    if verb is Verb.PICK:
        if st.phase is not Phase.DRAFT:
            return "WB-CHAR-7", "characters are chosen before the match, once"
        return "WB-SETUP-3", f"choose one of the characters you drew: {', '.join(sorted(st.offers[seat]))}"
    if st.phase is Phase.DRAFT:
        return "WB-SETUP-4", "first choose your character: 'pick ID'"
    if verb in (Verb.PLAY, Verb.SHOOT, Verb.SAVE, Verb.WALL, Verb.EQUIP, Verb.DISCARD) or (verb is Verb.SKILL and cid):
        if not c.category(cid):
            return "WB-GAP-12", f"there is no card {cid!r} in the match deck"
        if cid not in st.hands[seat]:
            return "WB-GEN-3", f"you do not hold {cid}"
    if st.stack:
        return _why_window(st, seat, act)
    if st.phase is Phase.DISCARD:
        return "WB-TURN-5", f"discard down to your hand limit of {st.hand_limit(seat)}: 'discard CARD'"
    return _why_action(st, seat, act)


def _why_action(st: WorldBallState, seat: int, act: Play) -> tuple[str, str]:
    c = st.t.content
    verb, cid = act.verb, act.arg
    ch = st.char(seat)
    pw = st.pw[seat]
    if verb is Verb.PASS:
        return "WB-TURN-6", "end your action phase with 'end'"
    if verb is Verb.DISCARD:
        return "WB-TURN-5", "cards are discarded in the discard phase, after 'end'"
    if verb in (Verb.SAVE, Verb.WALL):
        return "WB-ACT-4", "a Save answers an opposing shot; there is none to answer"
    if verb is Verb.EQUIP:
        return "WB-SKILL-1", f"{cid} is not a skill card (攻/防/体)"
    if verb is Verb.SKILL:
        skill = pw.action
        if skill is None:
            return "WB-CHAR-6", "your character has no skill to activate in the action phase"
        if st.uses >= skill.uses:
            return "WB-GAP-16", "an [action] skill may be used once per turn"
        if st.skill_target >= 0 and act.target != st.skill_target:
            return "WB-GAP-16", f"this turn your skill goes to seat {st.skill_target}"
        want = "a teammate" if skill.target == "teammate" else "an opponent"
        return "WB-GAP-16", f"the skill needs {want} as target" + (" and a card" if skill.card != "none" else "")
    if verb is Verb.SHOOT:
        if cid != "save" or not pw.save_as_shot:
            return "WB-ACT-1", "only Henry's skill plays a card (a 救险) as a 射门"
        return _why_shot(st, seat, "shoot")
    # Verb.PLAY
    cat = c.category(cid)
    if cid == "save":
        return "WB-ACT-4", "a 救险 answers an opposing shot; it is not played in your own action phase"
    if cat in ("action", "set_piece"):
        if ch is not None and ch.shoot is None and cid == "shoot":
            return "WB-CHAR-5", "a goalkeeper cannot use 射门 to shoot (only as a 救险)"
        return _why_shot(st, seat, cid)
    if cat == "skill":
        return "WB-SKILL-2", "a skill card is equipped: 'equip ID'"
    e = c.events[cid]
    if e.timing == "reactive":
        return "WB-EVT-3", f"{e.zh} is played only when its moment comes (another card answered)"
    target = e.target
    if target == "none":
        return "WB-GAP-9", f"{e.zh} takes no target"
    if not 0 <= act.target < st.t.n or team(act.target) == team(seat):
        return "WB-GAP-31", f"{e.zh} targets an opponent"
    if e.pending and cid in st.pending[act.target]:
        return "WB-GAP-14", f"seat {act.target} already has a {e.zh} pending"
    if target == "opponent_hand" and not st.hands[act.target]:
        return "WB-GAP-31", f"seat {act.target} has no card to take"
    if target == "opponent_skill":
        return "WB-GAP-15", f"name a skill equipped by seat {act.target}: {', '.join(st.skills[act.target]) or 'none'}"
    return "WB-GAP-9", f"{e.zh} takes a target opponent only"


def _why_shot(st: WorldBallState, seat: int, play: str) -> tuple[str, str]:
    if st.no_shots:
        return "WB-GAP-14", "盯人: you may not play 射门 or set-piece cards this turn"
    cost = st.shot_cost(seat, play)
    if cost is None:
        return "WB-CHAR-5", "a goalkeeper cannot use 射门 to shoot"
    rule = "WB-SET-2" if play != "shoot" else "WB-ACT-2"
    return rule, f"it costs {cost} stamina and you have {st.stamina[seat]} (WB-GAP-2)"


def _why_window(st: WorldBallState, seat: int, act: Play) -> tuple[str, str]:
    f = st.stack[-1]
    k = f["k"]
    c = st.t.content
    verb, cid = act.verb, act.arg
    e = c.events.get(cid)
    if verb in (Verb.EQUIP, Verb.END, Verb.DISCARD, Verb.SHOOT, Verb.PICK):
        return "WB-GAP-32", "outside your own action phase only Saves, the three reactive events and triggered skills"
    if k == PROMPT:
        if f["effect"] == "captain":
            return "WB-GAP-6", "answer 'skill' (pay for the teammate's 救险) or 'pass'"
        return "WB-GAP-16", "use the skill ('skill' or 'skill CARD') or 'pass'"
    if e is not None and e.timing == "action":
        return "WB-EVT-3", f"{e.zh} may only be used in your own action phase"
    if k == EVENT:
        return "WB-GAP-10", "only 争议事件 answers an event card ('play controversy'), or 'pass'"
    if k == SAVE:
        if verb is Verb.PLAY and e is not None:
            return "WB-GAP-9", f"{e.zh} does not answer a Save"
        if verb is Verb.SKILL:
            return "WB-TURN-4b", "your character has no skill for this moment"
        return "WB-GAP-26", "the shooter's team answers a Save only with 黑哨 or a triggered skill, or 'pass'"
    # a shot window
    shooter = f["seat"]
    if verb is Verb.PLAY and e is not None:
        return "WB-GAP-9", f"{e.zh} does not answer a shot"
    if verb not in (Verb.PLAY, Verb.SAVE, Verb.WALL):
        return "WB-GAP-6", "answer the shot with a Save, 误判, or 'pass'"
    if verb is Verb.PLAY and cid != "save":
        return "WB-ACT-4", "a shot is answered by a 救险 ('play save')"
    if st.injured[seat]:
        return "WB-GAP-13", "an injured character cannot play 救险 or any Save substitute"
    if f["blocked"] == seat:
        return "WB-GAP-1", "Kaká's 突破: you may not save against this shot"
    pw = st.pw[seat]
    ch = st.char(seat)
    if verb is Verb.WALL:
        if f["play"] not in pw.wall:
            return "WB-GAP-11", "人墙 answers only an opposing 任意球, and only when equipped"
        return "WB-GAP-25", "the Save costs more stamina than you have"
    if verb is Verb.SAVE and not pw.discard_as_save:
        if cid != "shoot" or ch is None or not ch.goalkeeper:
            return "WB-TURN-4a", "only a goalkeeper's 射门 or Terry's discard may stand in for a 救险"
        if st.pw[shooter].no_gk_save:
            return "WB-GAP-28", "Drogba: goalkeepers cannot use 射门 as 救险 against his shots"
    cost = st.save_cost(seat, shooter, "save")
    return "WB-GAP-2", f"the Save costs {cost} stamina and you have {st.stamina[seat]} (WB-GAP-25)"
