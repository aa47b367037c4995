"""World Ball on a terminal: Rich renderables drawn from a seat's view (never from the state).

The CLI finds this module through the game and uses only ``Renderer(config)``: ``board``,
``decision``, ``action``, ``event``, ``outcome``, ``help``, ``action_rank`` and ``cards`` (see
pitchside.terminal.Renderer). When a response window is open for the viewer, ``decision`` says
plainly what the shot is, what it needs, and what the viewer may answer with.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pitchside.core.datafile import data_file, read_data
from pitchside.core.errors import InvalidAction
from pitchside.core.game import Event
from pitchside.games.world_ball.actions import Verb, parse
from pitchside.games.world_ball.cards import (
    BACK,
    CLASSES,
    DATA,
    EVENT_MARK,
    POSITIONS,
    Content,
    build_content,
    load_content,
    read_texts,
)
from pitchside.games.world_ball.state import TEAM_NAMES, team

TEAM_STYLE = ("bold dodger_blue1", "bold red1")
TEAM_LABEL = ("Team A A队", "Team B B队")
BALL, EMPTY = "⚽", "·"


def cards_count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def saves_count(n: int) -> str:
    return f"{n} save" if n == 1 else f"{n} saves"


_RANK = {Verb.PICK: 0, Verb.PLAY: 1, Verb.SAVE: 2, Verb.WALL: 3, Verb.SHOOT: 4, Verb.EQUIP: 5, Verb.SKILL: 6,
         Verb.DISCARD: 7, Verb.END: 20, Verb.PASS: 21}  # fmt: skip
_HOW = {"card": "救险", "gk": "a goalkeeper's 射门 as 救险", "discard": "a discard as 救险 (舍身)", "wall": "人墙"}
_ENDINGS = {"full-time": "full time 全场结束", "sudden-death": "sudden death 突然死亡"}


def content_for(config: Mapping[str, Any] | None) -> Content:
    """The data the match uses: the config's ``data`` directory, or a ``deck`` file (cards command)."""
    cfg = config or {}
    field = "data" if cfg.get("data") else "deck"
    path = cfg.get(field)
    if path and Path(data_file(path, field, DATA / "deck.toml")).is_file():
        texts = read_texts(None)
        texts["deck.toml"] = (read_data(path, field, DATA / "deck.toml"), str(path))
        return build_content(texts)
    return load_content(path or None)


class Renderer:
    """Draws World Ball views for one configuration (the data may be custom files)."""

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        self.c = content_for(config)

    # ------------------------------------------------------------------ names

    def seat(self, s: int, you: int | None = None) -> str:
        name = f"[{TEAM_STYLE[team(s)]}]seat {s}[/]"
        return name + " [bold](you)[/]" if s == you else name

    def card(self, cid: str) -> str:
        zh, en = self.c.names(cid)
        return f"{zh} {en}" if zh != en else cid

    def character(self, cid: str | None) -> str:
        if not cid or cid not in self.c.characters:
            return "[dim]choosing…[/]"
        ch = self.c.characters[cid]
        return f"{ch.zh} {ch.name}"

    def who(self, view: Mapping[str, Any], s: int) -> str:
        info = view["seats"][s]
        you = view.get("seat")
        ch = info.get("character")
        return self.seat(s, you) + (f" ({self.c.characters[ch].zh})" if ch in self.c.characters else "")

    # ------------------------------------------------------------------ the board

    def board(self, view: Mapping[str, Any]) -> RenderableType:
        parts: list[RenderableType] = [self.scoreline(view), self.seats(view)]
        window = self.window(view)
        if window is not None:
            parts.append(window)
        if view.get("offers"):
            parts.append(self.offers(view))
        if view.get("hand") is not None and view.get("phase") != "draft":
            parts.append(self.hand(view))
        return Group(*parts)

    def compact(self, view: Mapping[str, Any]) -> RenderableType:
        """The board in a few lines, for a small terminal (80×24): score, one line a seat, the table, the hand."""
        you = view.get("seat")
        dec = view.get("decision") or {}
        lines: list[RenderableType] = [self.scoreline(view)]
        for info in view["seats"]:
            s = info["seat"]
            mark = "▶" if s == dec.get("seat") else ("…" if s in (dec.get("seats") or []) else " ")
            line = Text(f"{mark} ", style="bold yellow", no_wrap=True, overflow="ellipsis")  # one row a seat
            line.append_text(Text.from_markup(self.seat(s, you)))
            if s == view.get("active") and view.get("phase") != "draft":
                line.append(" ●", style="green")
            ch = info.get("character")
            if ch in self.c.characters:
                line.append(f" {self.c.characters[ch].zh} {info.get('position') or ''} ")
                line.append(f"stamina {info['stamina']}/{info['max_stamina']}", style="bold")
            else:
                line.append(" choosing…", style="dim")
            line.append(f" cards {info['cards']}/{info['hand_limit']}")
            if info["injured"]:
                line.append(" injured 受伤", style="red")
            if info["skills"]:
                line.append_text(Text.from_markup(" " + " ".join(self._skill_tag(x) for x in info["skills"])))
            if info["pending"]:
                line.append(" pending " + " ".join(self.c.names(x)[0] for x in info["pending"]), style="yellow")
            lines.append(line)
        window = self.window(view)
        if isinstance(window, Panel):
            lines.append(window.renderable)
        if view.get("offers"):
            for cid in view["offers"]:
                ch = self.c.characters[cid]
                shoot = "X" if ch.shoot is None else str(ch.shoot)
                lines.append(Text(f"  {cid}: {ch.zh} {ch.name} {ch.position} stamina {ch.stamina} shoot/save "
                                  f"{shoot}/{ch.save} · {ch.skill_zh} {ch.skill}",
                                  no_wrap=True, overflow="ellipsis"))  # fmt: skip
        hand = view.get("hand")
        if hand is not None and view.get("phase") != "draft":
            names = " · ".join(f"{self.c.names(c)[0]} {c}" for c in sorted(hand)) or "no cards"
            lines.append(Text.assemble(("Hand 手牌: ", "bold"), names, ("  (info CARD)", "dim")))
        return Group(*lines)

    def scoreline(self, view: Mapping[str, Any]) -> RenderableType:
        score = view["score"]
        half = "sudden death 突然死亡" if view.get("sudden") else f"half {view['half']}/{view['halves']}"
        line = Text.assemble(
            (TEAM_LABEL[0], TEAM_STYLE[0]),
            ("  ", ""),
            (f"{score[TEAM_NAMES[0]]} : {score[TEAM_NAMES[1]]}", "bold reverse"),
            ("  ", ""),
            (TEAM_LABEL[1], TEAM_STYLE[1]),
            (f"    {half} · deck 牌库 ", "dim"),
            (str(view["deck"]), "bold"),
            (f" · discard 弃牌 {len(view['discard'])}", "dim"),
        )
        if view["deck"] == 0 and view.get("phase") != "draft":
            line.append(f"  · deck empty: quiet turns {view['quiet']}/{len(view['seats'])}", style="yellow")
        return line

    def stamina(self, info: Mapping[str, Any]) -> str:
        cur, top = int(info["stamina"]), int(info["max_stamina"])
        return BALL * cur + EMPTY * max(0, top - cur) + f" {cur}/{top}"

    def seats(self, view: Mapping[str, Any]) -> RenderableType:
        you = view.get("seat")
        dec = view.get("decision") or {}
        now, waiting = dec.get("seat"), set(dec.get("seats") or [])
        t = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
        for col in ("", "seat", "team", f"character 人物 ({BACK['character']})", "pos"):
            t.add_column(col)
        t.add_column("stamina 体力", no_wrap=True)  # never wrapped under the ⚽ (it would read as the cards)
        t.add_column("cards", no_wrap=True)
        t.add_column("skills 技能区", overflow="fold")  # never cut off
        t.add_column("pending 待发区", overflow="fold")
        for info in view["seats"]:
            s = info["seat"]
            mark = "[bold yellow]▶[/]" if s == now else ("[dim]…[/]" if s in waiting else "")
            active = " [green]●turn[/]" if s == view.get("active") and view.get("phase") != "draft" else ""
            status = " [red]injured 受伤[/]" if info["injured"] else ""
            pos = info.get("position") or ""
            cards = f"{info['cards']}/{info['hand_limit']}"
            if view.get("phase") == "draft" and info.get("offered"):
                cards = f"draws {info['offered']}"
            t.add_row(
                mark,
                f"{s}" + (" [bold](you)[/]" if s == you else "") + active,
                Text(TEAM_NAMES[team(s)], style=TEAM_STYLE[team(s)]),
                self.character(info.get("character")) + status,
                f"{pos} {POSITIONS[pos][1]}" if pos in POSITIONS else "",
                self.stamina(info) if info.get("character") else "",
                cards,
                " ".join(self._skill_tag(x) for x in info["skills"]),
                " ".join(self.c.names(x)[0] for x in info["pending"]),
            )
        return t

    def _skill_tag(self, sid: str) -> str:
        sk = self.c.skills.get(sid)
        return f"[{CLASSES[sk.cls]}]{sk.zh}" if sk else sid

    def window(self, view: Mapping[str, Any]) -> RenderableType | None:
        w = view.get("window")
        if not w:
            return None
        lines: list[str] = []
        shot = w.get("shot")
        if shot:
            lines.append(self._shot_line(view, shot))
        if "save" in w:
            sv = w["save"]
            lines.append(f"{self.who(view, sv['saver'])} saves with {_HOW.get(sv['how'], sv['how'])}"
                         f" ({self.card(sv['card'])}) — 黑哨 may cancel it")  # fmt: skip
        if "event" in w:
            e = w["event"]
            target = f" → {self.who(view, e['target'])}" if e["target"] >= 0 else ""
            state = "takes effect" if e["takes_effect"] else "is negated"
            lines.append(f"{self.who(view, e['player'])} plays [{EVENT_MARK}] {self.card(e['card'])}{target}: "
                         f"{e['controversies']} 争议事件 so far, it {state}")  # fmt: skip
        if "prompt" in w:
            p = w["prompt"]
            lines.append(f"{self.who(view, p['seat'])} may use a skill: {p['effect']}")
        return Panel(Text.from_markup("\n".join(lines)), title="On the table 场上", title_align="left",
                     border_style="magenta", box=box.ROUNDED)  # fmt: skip

    def _shot_line(self, view: Mapping[str, Any], shot: Mapping[str, Any]) -> str:
        what = (
            self.card(shot["play"]) if shot["play"] != "shoot" or shot["card"] == "shoot" else "救险 as 射门 (脚后跟)"
        )
        blocked = f"; {self.who(view, shot['blocked'])} may not save (突破)" if shot["blocked"] >= 0 else ""
        need = saves_count(shot["need"])
        who = self.who(view, shot["shooter"])
        return f"{who} shoots: [bold]{what}[/] — needs [bold]{need}[/], {shot['saves']} so far{blocked}"

    def offers(self, view: Mapping[str, Any]) -> RenderableType:
        t = Table(box=box.SIMPLE, header_style="dim", padding=(0, 1))
        for col in ("id", "character", "pos", "stamina", "shoot/save", "skill"):
            t.add_column(col)
        for cid in view["offers"]:
            ch = self.c.characters[cid]
            shoot = "X" if ch.shoot is None else str(ch.shoot)
            t.add_row(cid, f"{ch.zh} {ch.name}", ch.position, BALL * ch.stamina, f"{shoot}/{ch.save}",
                      f"{ch.skill_zh} {ch.skill}: {ch.text.en}")  # fmt: skip
        return Panel(t, title=f"Your characters to choose from ({BACK['character']})", title_align="left")

    def hand(self, view: Mapping[str, Any]) -> RenderableType:
        hand: list[str] = view.get("hand") or []
        counts = Counter(hand)
        t = Table(box=box.SIMPLE, padding=(0, 1), pad_edge=False, show_edge=False, header_style="dim")
        t.add_column("card")
        t.add_column("kind")
        t.add_column("what it does")
        for cid in sorted(counts):
            label = f"[bold]{cid}[/]" + (f" ×{counts[cid]}" if counts[cid] > 1 else "")
            t.add_row(label, self.kind(cid), self.text(cid, view.get("needs")))
        title = f"Your hand 手牌 ({cards_count(len(hand))})"
        if not hand:
            return Panel(Text("no cards", style="dim"), title=title, title_align="left", box=box.ROUNDED)
        return Panel(t, title=title, title_align="left", box=box.ROUNDED)

    def kind(self, cid: str) -> str:
        cat = self.c.category(cid)
        if cat == "skill":
            return f"[{CLASSES[self.c.skills[cid].cls]}] skill"
        if cat == "event":
            return f"[{EVENT_MARK}] event" + (" (reactive)" if self.c.events[cid].timing == "reactive" else "")
        return {"action": "action 动作", "set_piece": "set piece 定位球"}.get(cat, cat)

    def text(self, cid: str, needs: Mapping[str, int] | None = None) -> str:
        """What a card does; ``needs``: the saves the viewer's shots need now (skills such as 定位球专家 raise it)."""
        c = self.c
        if cid in c.events:
            return f"{c.events[cid].zh}: {c.events[cid].text.en}"
        if cid in c.skills:
            return f"{c.skills[cid].zh}: {c.skills[cid].text.en}"
        b = c.basics.get(cid)
        if b is None:
            return cid
        if cid == "save":
            return "救险: answers an opposing shot (your Save cost)"
        need = (needs or {}).get(cid, b.needs)
        if b.category == "set_piece":
            return f"{b.zh}: a shot costing {b.cost}, needs {saves_count(need)}"
        return f"{b.zh}: a shot (your Shoot cost), needs {saves_count(need)}"

    # ------------------------------------------------------------------ the decision

    def decision(self, view: Mapping[str, Any], legal: Sequence[str] = ()) -> RenderableType:
        dec = view.get("decision") or {}
        you, who, label, kind = view.get("seat"), dec.get("seat"), dec.get("label", ""), dec.get("kind", "")
        if who is None:
            return Panel("The match is over.", title="Final whistle", border_style="green")
        if who != you:
            return Panel(f"Waiting for {self.seat(who, you)} ({label}).", border_style="dim")
        w = view.get("window") or {}
        options = self._options(legal)
        if label == "draft":
            text, title = "Choose your character ('pick ID'). Earlier choices are already revealed.", "Draft 选人"
        elif label == "action":
            costs = view.get("costs") or {}
            shoot = "you cannot shoot (X)" if costs.get("shoot") is None else f"射门 costs {costs['shoot']}"
            text = ("Your action phase 行动阶段: shoot (射门, 任意球, 点球), equip skills, play events, use your "
                    f"character's skill; 'end' when done. Stamina {view['seats'][you]['stamina']}: {shoot}, "
                    f"任意球/点球 {costs.get('free_kick', 1)}.")  # fmt: skip
            title = "Your turn 回合"
        elif label == "discard":
            text = f"Discard down to your hand limit ({view['seats'][you]['hand_limit']}): 'discard CARD'."
            title = "Discard phase 弃牌阶段"
        elif label == "shot":
            shot = w.get("shot", {})
            left = shot.get("need", 1) - shot.get("saves", 0)
            cost = (view.get("costs") or {}).get("save")
            pay = "" if cost is None else f" Your 救险 costs {cost} stamina; you have {view['seats'][you]['stamina']}."
            text = (f"RESPONSE WINDOW — {self._shot_line(view, shot)}.\nIt scores unless {saves_count(left)} more come."
                    f"{pay} You may answer: {options}.")  # fmt: skip
            title = "Save the shot? 救险"
        elif label == "save":
            sv, shot = w.get("save", {}), w.get("shot", {})
            text = (f"RESPONSE WINDOW — {self.who(view, sv.get('saver', 0))} saves your team's shot "
                    f"({shot.get('saves', 0)}/{shot.get('need', 1)} saves so far, this one not yet counted). "
                    f"You may answer: {options}.")  # fmt: skip
            title = "Cancel the save? 黑哨"
        elif label == "controversy":
            e = w.get("event", {})
            state = "takes effect" if e.get("takes_effect") else "is negated"
            text = (
                f"RESPONSE WINDOW — {self.who(view, e.get('player', 0))} played {self.card(e.get('card', ''))}; "
                f"with {e.get('controversies', 0)} 争议事件 on it, it {state}. You may answer: {options}."
            )
            title = "Controversy? 争议事件"
        elif label.startswith("prompt:"):
            p = w.get("prompt", {})
            text = f"You may use {p.get('effect', label[7:])} now: {options}."
            if p.get("effect") == "captain":
                text = (f"Your teammate {self.seat(p.get('saver', 0), you)} plays a 救险 costing {p.get('cost')}: "
                        f"pay it for him ('skill') or not ('pass')?")  # fmt: skip
            title = "Your skill 技能"
        else:
            text, title = label, label
        style = "bold magenta" if kind == "response" else "bold green"
        return Panel(Text.from_markup(text), title=f"[{style}]{'⚡ ' if kind == 'response' else ''}{title}[/]",
                     title_align="left", border_style=style, subtitle=f"[dim]{kind} · {label}[/]",
                     subtitle_align="right")  # fmt: skip

    def _options(self, legal: Sequence[str]) -> str:
        seen: list[str] = []
        for t in legal:
            d = self.action(t)
            if d and d not in seen:
                seen.append(d)
        return ", ".join(seen) or "pass"

    def action(self, text: str, view: Mapping[str, Any] | None = None) -> str:
        try:
            a = parse(text)
        except InvalidAction:
            return ""
        v = a.verb
        target = f" → seat {a.target}" if a.target >= 0 else ""
        if v is Verb.PICK:
            return self.character(a.arg)
        if v is Verb.PLAY:
            if a.arg == "save":
                return "救险 Save"
            extra = f" ({self.card(a.extra)})" if a.extra else ""
            return self.card(a.arg) + target + extra
        if v is Verb.SAVE:
            return "射门 as 救险" if a.arg == "shoot" else f"discard {a.arg} as 救险 (舍身)"
        if v is Verb.WALL:
            return f"人墙: discard {a.arg}"
        if v is Verb.SHOOT:
            return "救险 as 射门 (脚后跟)"
        if v is Verb.EQUIP:
            return "equip " + self.card(a.arg)
        if v is Verb.SKILL:
            return "use skill" + (f", discard {a.arg}" if a.arg else "") + target
        if v is Verb.DISCARD:
            return "discard " + self.card(a.arg)
        return {Verb.END: "end the action phase", Verb.PASS: "pass"}.get(v, "")

    def ends_turn(self, text: str) -> bool:
        """Whether the person chose to end the turn (``end``, a discard, a draft pick); any other ending came by
        itself (a shot that leaves no stamina, an injury)."""
        try:
            return parse(text).verb in (Verb.END, Verb.DISCARD, Verb.PICK)
        except InvalidAction:
            return False

    def seat_topics(self, view: Mapping[str, Any]) -> list[tuple[str, str]]:
        """Every revealed character's skill and every equipped skill card (issue 8), as (who, topic id)."""
        out: list[tuple[str, str]] = []
        equipped: dict[str, list[int]] = {}
        for info in view["seats"]:
            ch = info.get("character")
            if ch in self.c.characters:
                out.append((self.seat(info["seat"], view.get("seat")), ch))
            for sid in info["skills"]:
                equipped.setdefault(sid, []).append(info["seat"])
        for sid, seats in equipped.items():
            out.append((", ".join(self.seat(s, view.get("seat")) for s in seats), sid))
        return out

    def action_rank(self, text: str) -> int:
        try:
            return _RANK.get(parse(text).verb, 50)
        except InvalidAction:
            return 99

    # ------------------------------------------------------------------ events

    def event(self, ev: Event, you: int | None = None) -> str:
        d: Mapping[str, Any] = ev.data
        k = ev.kind
        s = d.get("seat")
        who = self.seat(s, you) if isinstance(s, int) else ""
        if k == "pick":
            return f"{who} chooses {self.character(d.get('character'))}"
        if k == "kick-off":
            return f"[bold]Kick-off 开赛[/]: seat {d.get('starter')} starts; the deck has {d.get('deck')} cards"
        if k == "turn":
            return f"── {who}'s turn (deck {d.get('deck')})"
        if k == "draw":
            if s == you or not d.get("count"):
                return ""
            return f"   {who} draws {d.get('count')}"
        if k == "drew":
            return f"   you drew {', '.join(self.c.names(c)[0] for c in d.get('cards', []))}"
        if k == "shot":
            return f"{who} [bold]SHOOTS[/] {self.card(d.get('play', ''))} (needs {saves_count(int(d.get('need', 1)))})"
        if k == "save":
            return f"{who} [bold]saves[/] with {_HOW.get(d.get('how', ''), d.get('how'))}"
        if k == "save-counts":
            return f"   the save counts: {d.get('saves')}/{d.get('need')}"
        if k == "save-negated":
            return f"   [yellow]the save is cancelled[/] ({d.get('why')})"
        if k == "shot-negated":
            return "[bold]Saved! 扑救成功[/]" if d.get("by", -1) >= 0 else "[bold]Wrong call 误判: no goal[/]"
        if k == "goal":
            score = d.get("score", [0, 0])
            return f"[bold reverse] GOAL 进球! [/] {who} — {score[0]}:{score[1]}"
        if k == "event":
            target = f" → seat {d.get('target')}" if d.get("target", -1) >= 0 else ""
            return f"{who} plays [{EVENT_MARK}] {self.card(d.get('card', ''))}{target}"
        if k == "controversy":
            return f"{who} answers with 争议事件 (now {d.get('depth')})"
        if k == "event-negated":
            return f"   {self.card(d.get('card', ''))} is negated"
        if k == "equip":
            rep = f" (replacing {self.card(d['replaced'])})" if d.get("replaced") else ""
            return f"{who} equips {self.card(d.get('card', ''))}{rep}"
        if k == "injury":
            return f"   {who} is injured 受伤" if d.get("injured") and not d.get("immune") else f"   {who} is not hurt"
        if k == "skill":
            return f"{who} uses a skill ({d.get('effect')})"
        if k == "pass":
            return ""
        if k == "half-time":
            return "[bold]Half-time 半场[/]: all cards shuffled back"
        if k == "sudden-death":
            return "[bold]Sudden death 突然死亡[/]: the first goal wins"
        if k == "over":
            score = d.get("score", [0, 0])
            return f"[bold]Final whistle[/]: {score[0]}:{score[1]}"
        simple = {
            "stamina": lambda: f"   {who} stamina {d.get('stamina')} ({d.get('change', 0):+d}, {d.get('why')})",
            "recovery": lambda: f"   {who} recovers: stamina {d.get('stamina')}, healthy",
            "end": lambda: f"   {who} ends the action phase",
            "needs": lambda: f"   the shot now needs {saves_count(int(d.get('need', 1)))}",
            "pending": lambda: f"   {self.card(d.get('card', ''))} waits in {who}'s pending area 待发区",
            "pending-resolves": lambda: f"   {who}: pending {self.card(d.get('card', ''))} takes effect",
            "discard": lambda: f"   {who} discards {self.card(d.get('card', ''))}",
            "steal": lambda: f"   {who} takes {cards_count(int(d.get('count', 1)))} from seat {d.get('target')}",
            "give": lambda: f"   {who} gives a card to seat {d.get('target')}",
            "event-resolves": lambda: f"   {self.card(d.get('card', ''))} takes effect",
            "draw-skipped": lambda: f"   {who} skips the draw (黄牌)",
            "skill-discarded": lambda: f"   {who} loses {self.card(d.get('card', ''))}",
        }
        if k in simple:
            return simple[k]()
        if k in ("stole", "lost", "gave", "given"):
            return f"   {k}: {self.card(d.get('card', ''))}"
        rest = " ".join(f"{key}={val}" for key, val in d.items())
        return f"{k} {rest}".strip()

    # ------------------------------------------------------------------ end, help, cards

    def outcome(self, outcome: Mapping[str, Any], you: int | None = None) -> RenderableType:
        scores = outcome.get("scores", [0, 0])
        winner = outcome.get("winner")
        head = Text("Draw 平局", style="bold") if winner is None else Text.assemble(
            (TEAM_LABEL[int(winner)], TEAM_STYLE[int(winner)]), (" wins 胜!", "bold"))  # fmt: skip
        head.append(f"   {scores[0]} : {scores[1]}", style="bold reverse")
        lines: list[RenderableType] = [head, Text(_ENDINGS.get(outcome.get("ending", ""), ""), style="dim")]
        if you is not None and winner is not None:
            won = team(you) == winner
            lines.append(Text("You win! 🏆" if won else "You lose.", style="bold green" if won else "bold red"))
        return Panel(Group(*lines), title="Full time 全场结束", border_style="green", expand=False)

    def help(self) -> RenderableType:
        t = Table.grid(padding=(0, 2))
        t.add_column(style="bold")
        t.add_column()
        rows = [
            ("pick messi", "draft: choose one of your characters"),
            ("play shoot / play free_kick / play penalty", "a shot in your action phase (射门, 任意球, 点球)"),
            ("play save", "a 救险 against an opposing shot"),
            ("save shoot / save X / wall X", "a goalkeeper's 射门 as 救险 / Terry's discard / 人墙"),
            ("shoot save", "Henry: a 救险 played as 射门"),
            ("play sliding_tackle @3", "an event at seat 3 (战术破坏 also names the skill)"),
            ("play controversy / biased_referee / wrong_call", "the three reactive events"),
            ("equip long_shot", "equip a skill card (one per class 攻/防/体)"),
            ("skill, skill X, skill X @2, skill @1", "your character's skill, or a 'you may'"),
            ("discard X / end / pass", "discard phase / end the action phase / decline"),
        ]
        for a, b in rows:
            t.add_row(a, b)
        return Panel(t, title="How to answer (docs/notation.md, docs/rules/world-ball.md)", title_align="left")

    def cards(self) -> RenderableType:
        c = self.c
        t = Table(title=f"World Ball match deck: {len(c)} cards", box=box.SIMPLE_HEAVY,
                  caption=c.sources.get("deck.toml", ""))  # fmt: skip
        for col in ("id", "card", "kind", "count", "text"):
            t.add_column(col)
        for cid, k in c.counts.items():
            zh, en = c.names(cid)
            t.add_row(cid, f"{zh} {en}", self.kind(cid), str(k), self.text(cid))
        chars = Table(title=f"Characters 人物卡: {len(c.characters)}", box=box.SIMPLE_HEAVY)
        for col in ("id", "character", "pos", "stamina", "shoot", "save", "skill"):
            chars.add_column(col)
        for ch in c.characters.values():
            chars.add_row(ch.id, f"{ch.zh} {ch.name}", ch.position, str(ch.stamina),
                          "X" if ch.shoot is None else str(ch.shoot), str(ch.save),
                          f"{ch.skill_zh} {ch.skill} [{ch.tag}]: {ch.text.en}")  # fmt: skip
        return Group(t, chars)
