"""Sonic Cup on a terminal: Rich renderables drawn from a seat's view (never from the state).

The CLI finds this module through the game (``<game package>.render``) and uses only
``Renderer(config)``: ``board``, ``decision``, ``action``, ``event``, ``outcome``, ``help``, and
optionally ``action_rank`` (display order) and ``cards`` (the deck table). Every game's render.py
offers the same names (see pitchside.terminal.Renderer), so the CLI stays game-agnostic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pitchside.core.errors import InvalidAction
from pitchside.core.game import Event
from pitchside.games.sonic_cup.actions import Verb, parse
from pitchside.games.sonic_cup.cards import Card, Deck, arrows_text, load_deck, parse_arrows
from pitchside.games.sonic_cup.state import GOAL, KICKOFF_ZONE, ROLE_NAMES, TEAM_NAMES, Role, team

TEAM_STYLE = ("bold dodger_blue1", "bold red1")
TEAM_LABEL = ("Blue 蓝队", "Red 红队")
SHOOT_STYLE = "bold magenta"
KB_STYLE = "bold"  # the terminal's own colour: readable on dark and light themes
PK_STYLE = "bold cyan"
FOUL_STYLE = "bold yellow"
BALL = "●"

_RANK = {
    Verb.KB: 0,
    Verb.FOUL: 1,
    Verb.MOVE: 2,
    Verb.PK: 3,
    Verb.MPK: 4,
    Verb.DF: 5,
    Verb.FW: 6,
    Verb.ANY: 7,
    Verb.ROLE: 8,
    Verb.SWAP: 9,
    Verb.DISCARD: 10,
    Verb.SING: 11,
    Verb.KEEP: 20,
    Verb.DONE: 21,
    Verb.END: 22,
    Verb.PASS: 23,
}

_PASS = {
    "steal": "don't steal",
    "follow-up": "no follow-up",
    "shooting-phase:defend": "no block",
    "shooting-phase:attack": "no shot",
    "kick-off": "no card",
}

_ENDINGS = {
    "ko": "KO: three goals",
    "time": "time: the last deck ran out",
    "extra-time": "end of extra time 延长赛",
}


def team_text(side: int) -> Text:
    return Text(TEAM_LABEL[side], style=TEAM_STYLE[side])


def role_text(code: str, long: bool = True) -> str:
    """``FW 前锋 Forward`` (long) or ``FW 前锋`` (short)."""
    en, zh = ROLE_NAMES[Role(code)]
    return f"{code} {zh} {en}" if long else f"{code} {zh}"


def _arrows(bits: int, style: str) -> str:
    return f"[{style}]{arrows_text(bits)}[/]" if bits else ""


class Renderer:
    """Draws Sonic Cup views for one configuration (the deck may be a custom file)."""

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        cfg = config or {}
        self.deck: Deck = load_deck(cfg.get("deck"))
        seats = cfg.get("seats")
        self.n_seats = seats if isinstance(seats, int) else 0

    # ------------------------------------------------------------------ names

    def seat(self, s: int, you: int | None = None) -> str:
        """``seat 2`` in its team colour, ``seat 2 (you)`` for the viewer."""
        name = f"[{TEAM_STYLE[team(s)]}]seat {s}[/]"
        return name + " [bold](you)[/]" if s == you else name

    def card(self, cid: str) -> Card | None:
        return self.deck.cards.get(cid)

    # ------------------------------------------------------------------ the board

    def board(self, view: Mapping[str, Any]) -> RenderableType:
        """Score line, pitch, seats and (for a player) the hand."""
        parts: list[RenderableType] = [self.scoreline(view), self.pitch(view), self.seats(view)]
        if view.get("hand") is not None:
            parts.append(self.hand(view))
        return Group(*parts)

    def compact(self, view: Mapping[str, Any]) -> RenderableType:
        """The board in a few lines, for a small terminal (80×24): score, pitch, one line a seat, the hand."""
        ball = view["ball"]
        pitch = Text("Blue goal ", style=TEAM_STYLE[0])
        for z in range(1, 10):
            pitch.append(f" {BALL}{z} " if z == ball else f" {z} ", style="bold reverse yellow" if z == ball else "dim")
        pitch.append(" Red goal", style=TEAM_STYLE[1])
        pitch.append("   Blue → 9 · 1 ← Red", style="dim")
        you = view.get("seat")
        dec = view.get("decision") or {}
        lines: list[RenderableType] = [self.scoreline(view), pitch]
        for info in view["seats"]:
            s = info["seat"]
            mark = "▶" if s == dec.get("seat") else ("…" if s in (dec.get("seats") or []) else " ")
            line = Text(f"{mark} ", style="bold yellow")
            line.append_text(Text.from_markup(self.seat(s, you)))
            line.append(" ")
            line.append_text(team_text(team(s)))
            roles = " + ".join(role_text(r, long=False) for r in info["roles"])
            line.append(f"  {roles}  cards {info['cards']}/{info['limit']}")
            if info.get("tired"):
                line.append("  tired 体力不支", style="yellow")
            if info.get("singing"):
                line.append("  singing 观众唱歌", style="magenta")
            lines.append(line)
        hand = view.get("hand")
        if hand is not None:
            lines.append(Text.assemble(("Hand 手牌: ", "bold"), " ".join(sorted(hand)) or "no cards",
                                       ("  (info CARD)", "dim")))  # fmt: skip
        return Group(*lines)

    def scoreline(self, view: Mapping[str, Any]) -> RenderableType:
        score = view["score"]
        line = Text.assemble(
            team_text(0),
            ("  ", ""),
            (f"{score['blue']} : {score['red']}", "bold reverse"),
            ("  ", ""),
            team_text(1),
            ("    Deck 牌库 ", "dim"),
            (f"{view['deck_counter']}/{view['deck_passes']}", "bold"),
            (f" · {view['deck']} left · discard {len(view['discard'])}", "dim"),
        )
        if view.get("extra_time"):
            line.append("  ")
            line.append(" EXTRA TIME 延长赛 ", style="bold black on yellow")
        return line

    def pitch(self, view: Mapping[str, Any]) -> RenderableType:
        ball = view["ball"]
        t = Table(box=box.ROUNDED, show_header=True, header_style="bold", padding=(0, 1))
        for z in range(1, 10):
            style = TEAM_STYLE[0] if z == GOAL[1] else TEAM_STYLE[1] if z == GOAL[0] else ""
            t.add_column(f"{z}", justify="center", header_style=style or "bold", min_width=5)
        row = [Text(BALL, style="bold yellow") if z == ball else Text("·", style="dim") for z in range(1, 10)]
        notes: list[Text] = []
        for z in range(1, 10):
            if z == GOAL[1]:
                notes.append(Text("Blue goal", style="dodger_blue1"))
            elif z == GOAL[0]:
                notes.append(Text("Red goal", style="red1"))
            elif z == KICKOFF_ZONE[0]:
                notes.append(Text("KO", style="dim dodger_blue1"))
            elif z == KICKOFF_ZONE[1]:
                notes.append(Text("KO", style="dim red1"))
            else:
                notes.append(Text(""))
        t.add_row(*row)
        t.add_row(*notes)
        caption = Text.assemble(
            ("Blue attacks → 9", "dodger_blue1"),
            ("   ·   ", "dim"),
            ("1 ← Red attacks", "red1"),
            ("   ·   KO = kick-off zone   ·   ball in ", "dim"),
        )
        caption.append(str(ball), style="bold yellow")
        return Group(t, caption)

    def seats(self, view: Mapping[str, Any]) -> RenderableType:
        you = view.get("seat")
        dec = view.get("decision") or {}
        now, waiting = dec.get("seat"), set(dec.get("seats") or [])
        t = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
        t.add_column("")
        t.add_column("seat")
        t.add_column("team")
        t.add_column("player card 球员牌")
        t.add_column("cards", justify="right")
        t.add_column("")
        four = len(view["seats"]) == 4
        for info in view["seats"]:
            s = info["seat"]
            mark = "[bold yellow]▶[/]" if s == now else ("[dim]…[/]" if s in waiting else "")
            name = f"{s}" + (" [bold](you)[/]" if s == you else "")
            roles = " + ".join(role_text(r, long=not four) for r in info["roles"])
            status = []
            if info.get("tired"):
                status.append("[yellow]tired 体力不支[/]")
            if info.get("singing"):
                status.append("[magenta]singing 观众唱歌[/]")
            if "committed" in view and view["committed"][s]:
                status.append("[dim]chose ✓[/]")
            t.add_row(
                mark,
                name,
                team_text(team(s)),
                roles,
                f"{info['cards']}/{info['limit']}",
                " ".join(status),
            )
        return t

    def hand(self, view: Mapping[str, Any]) -> RenderableType:
        hand: list[str] = view["hand"] or []
        ball = view["ball"]
        match = parse_arrows((view.get("shooting") or {}).get("match", ""))
        counts = Counter(hand)
        t = Table(box=box.SIMPLE, padding=(0, 1), pad_edge=False, show_edge=False, header_style="dim")
        t.add_column("card")
        t.add_column("maneuver 运球")
        t.add_column("shoot 射门")
        t.add_column("special")
        for cid in sorted(counts):
            c = self.card(cid)
            label = f"[bold]{cid}[/]" + (f" ×{counts[cid]}" if counts[cid] > 1 else "")
            if c is None:
                t.add_row(label, "?", "", "")
                continue
            zones = " ".join(
                f"[bold green]{z}[/]" if abs(z - ball) <= 1 else f"[dim]{z}[/]" for z in sorted(c.maneuver)
            )
            special = ""
            if c.power_kick:
                special = f"[{PK_STYLE}]Power Kick ⇒ {' / '.join(map(str, c.power_kick))}[/]"
            elif c.kick_block:
                special = f"Kick/Block {_arrows(c.kick_block, KB_STYLE)}"
                if c.kick_block & match:
                    special += f" [bold green]✓ matches {arrows_text(match)}[/]"
            elif c.foul:
                special = f"[{FOUL_STYLE}]Foul ⚑ 犯规[/]"
            t.add_row(label, zones, _arrows(c.shoot, SHOOT_STYLE), special)
        title = f"Your hand 手牌 ({len(hand)} card{'' if len(hand) == 1 else 's'})"
        if view.get("picks"):
            title += f" · picked for '{view.get('pending')}': " + " ".join(view["picks"])
        if not hand:
            return Panel(Text("no cards", style="dim"), title=title, title_align="left", box=box.ROUNDED)
        return Panel(
            t,
            title=title,
            title_align="left",
            box=box.ROUNDED,
            subtitle="[green]green[/] = reachable now",
            subtitle_align="right",
        )

    # ------------------------------------------------------------------ the decision

    def decision(self, view: Mapping[str, Any], legal: Sequence[str] = ()) -> RenderableType:
        """What the viewer is asked now, in plain words (with the arrows to match)."""
        dec = view.get("decision") or {}
        you = view.get("seat")
        label: str = dec.get("label", "")
        kind: str = dec.get("kind", "")
        who = dec.get("seat")
        shooting = view.get("shooting") or {}
        match = shooting.get("match", "")
        arrows = f"[bold reverse] {match} [/]" if match else "?"
        if who is None:
            return Panel("The match is over.", title="Final whistle", border_style="green")
        if who != you:
            return Panel(f"Waiting for {self.seat(who, you)} ({label}).", border_style="dim")
        pending, picks = view.get("pending"), view.get("picks") or []
        if label in ("turn", "kick-off") and pending:
            names = {
                "pk": "a two-card Power Kick 长传",
                "any": "an any-three-cards maneuver",
                "fw": "a Forward's two-card move",
            }
            text = f"Finish {names.get(pending, pending)}: chosen so far {' '.join(picks)}. Pick the next card"
            text += (
                " and its target zone."
                if pending == "pk" or (pending == "any" and len(picks) >= 2) or pending == "fw"
                else "."
            )
            title = "Your turn 回合"
        elif label in ("turn", "kick-off") and match:
            text = (
                f"You played a Shoot card: shoot now with a Kick/Block card matching {arrows} "
                "(one common arrow is enough), or 'end' your turn (your teammate may follow up)."
            )
            title = "Shoot! 射门"
        elif label == "kick-off":
            text = (
                "You kick off 开球: play more cards, or 'end' your turn (and refill)."
                if "end" in legal
                else "You kick off 开球: you must play at least one card (no pass)."
            )
            title = "Your kick-off"
        elif label == "turn":
            text = "Your turn: play cards (maneuver, Power Kick, …), then 'end' to refill" + (
                "; or 'pass' (no refill)." if "pass" in legal else "."
            )
            title = "Your turn 回合"
        elif label == "steal":
            text = (
                "A turn just ended. You may [bold]steal[/] the next turn with a two-card Power Kick "
                "(choose its first card now), or pass."
            )
            title = "Response window: steal 长传抢断"
        elif label == "follow-up":
            text = (
                f"Your teammate's Shoot card found no shot. Follow up with ONE Kick/Block card matching {arrows}, "
                "or pass (the defence then takes over)."
            )
            title = "Response window: follow-up 补脚"
        elif label == "shooting-phase:defend":
            gk = "GK" in view["seats"][you]["roles"]
            text = (
                f"Shooting Phase — you DEFEND. Block with a Kick/Block matching {arrows}"
                + (" (as Goalkeeper you may force-block with any KB, but it tires you)" if gk else "")
                + (", play a Foul (a penalty follows)" if any(a.startswith("foul") for a in legal) else "")
                + ", or pass. If every defender passes, it is a goal."
            )
            title = "Shooting Phase 射门阶段: defend"
        elif label == "shooting-phase:attack":
            if "end" in legal:
                text = (
                    f"Shooting Phase — you played a Shoot card: shoot now with a Kick/Block matching {arrows}, "
                    "or 'end' (your next teammate may follow up)."
                )
                title = "Shooting Phase 射门阶段: shoot!"
                return self._panel(text, title, kind, label)
            text = (
                f"Shooting Phase — you ATTACK. Shoot again with a Kick/Block matching {arrows}, play a Shoot card "
                "to change direction, or pass. If every attacker passes, the defence holds."
            )
            title = "Shooting Phase 射门阶段: attack"
        elif label == "exchange":
            text = "Restart exchange 换牌: give back up to three cards ('swap CARD'), then 'done' to draw as many."
            title = "Restart: exchange cards"
        elif label == "change-player":
            text = "Change of player card (chosen in secret, revealed together): 'role XX' or 'keep'."
            title = "Restart: change player card"
        elif label == "crowd-singing-discard":
            text = "The other team sings 观众唱歌! Discard one card of your choice."
            title = "Crowd Singing: discard"
        else:
            text, title = label, label
        return self._panel(text, title, kind, label)

    def _panel(self, text: str, title: str, kind: str, label: str = "") -> RenderableType:
        style = "bold magenta" if kind == "response" else "bold green"
        if kind == "response":
            title = "⚡ " + title
        return Panel(
            Text.from_markup(text),
            title=f"[{style}]{title}[/]",
            title_align="left",
            subtitle=f"[dim]{kind}{' · ' + label if label and label != kind else ''}[/]",
            subtitle_align="right",
            border_style=style,
        )

    def action(self, text: str, view: Mapping[str, Any] | None = None) -> str:
        """A few words on what a legal action does (shown beside its notation in the numbered list)."""
        try:
            a = parse(text)
        except InvalidAction:
            return ""
        ball = view.get("ball") if view else None
        you = view.get("seat") if view else None
        c = self.card(a.arg) if a.arg else None
        v = a.verb
        if v is Verb.MOVE:
            if c is not None and c.shoot and isinstance(you, int) and a.zone == GOAL[team(you)]:
                return f"→ {a.zone} [{SHOOT_STYLE}]Shoot card {arrows_text(c.shoot)}[/]"
            return "in place" if a.zone == ball else f"→ {a.zone}"
        if v is Verb.PK:
            return f"[{PK_STYLE}]Power Kick ⇒ {a.zone}[/]" if a.zone else f"[{PK_STYLE}]Power Kick[/], 1st card"
        if v is Verb.MPK:
            return f"[{PK_STYLE}]MF Power Kick ⇒ {a.zone}[/]"
        picks = len(view.get("picks") or []) if view else 0
        if v is Verb.ANY:
            return f"3 cards → {a.zone}" if a.zone else f"3 cards as one, card {picks + 1}"
        if v is Verb.FW:
            return f"FW 2 cards → {a.zone}" if a.zone else "FW 2 cards, card 1"
        if v is Verb.DF:
            return f"DF 1 card → {a.zone}"
        if v is Verb.KB:
            kb = c.kick_block if c is not None else 0
            return f"Kick/Block {_arrows(kb, KB_STYLE)}"
        if v is Verb.FOUL:
            return f"[{FOUL_STYLE}]Foul ⚑ penalty[/]"
        label = str((view.get("decision") or {}).get("label", "")) if view else ""
        if v is Verb.PASS and label != "turn":
            return _PASS.get(label, "decline")
        return {
            Verb.PASS: "no card, no refill",
            Verb.END: "end turn, refill",
            Verb.SING: "Crowd Singing 观众唱歌",
            Verb.SWAP: "give back",
            Verb.DONE: "finish, draw back",
            Verb.DISCARD: "discard it",
            Verb.ROLE: role_text(a.arg) if a.arg in Role.__members__ else a.arg,
            Verb.KEEP: "keep your card",
        }.get(v, "")

    def ends_turn(self, text: str) -> bool:
        """Whether the person chose to end the turn ('end', 'pass', a restart answer); a turn that ends after
        a card was played (a shot, a goal, a foul) ended by itself, and the terminal says so (issue 8)."""
        try:
            return parse(text).verb in (Verb.END, Verb.PASS, Verb.DONE, Verb.KEEP, Verb.ROLE, Verb.DISCARD)
        except InvalidAction:
            return False

    def skipped(self, first: int, stealer: int) -> list[int]:
        """The seats whose turns a steal jumps over: from the one whose turn was next, clockwise, up to the
        stealer (SC-PK2-1)."""
        n = self.n_seats if self.n_seats > 2 else 0
        out = [first]
        while n and (out[-1] + 1) % n != stealer and len(out) < n:
            out.append((out[-1] + 1) % n)
        return out

    def seat_topics(self, view: Mapping[str, Any]) -> list[tuple[str, str]]:
        """Each role at the table, with the seats that hold it (issue 8), as (who, topic id)."""
        held: dict[str, list[int]] = {}
        for info in view["seats"]:
            for role in info["roles"]:
                held.setdefault(role, []).append(info["seat"])
        return [
            (", ".join(self.seat(s, view.get("seat")) for s in seats), role.lower()) for role, seats in held.items()
        ]

    def action_rank(self, text: str) -> int:
        """Display order of the numbered actions: plays by kind first, ending/declining last."""
        try:
            return _RANK.get(parse(text).verb, 50)
        except InvalidAction:
            return 99

    # ------------------------------------------------------------------ events

    def event(self, ev: Event, you: int | None = None) -> str:
        """One log line (Rich markup) for an event the viewer may see; "" for nothing worth a line."""
        d: Mapping[str, Any] = ev.data
        k = ev.kind
        s = d.get("seat")
        who = self.seat(s, you) if isinstance(s, int) else ""
        if k == "turn":
            return f"── {who} {'kicks off 开球' if d.get('kickoff') else 'starts a turn'}"
        if k == "ball":
            verb, cards = d.get("verb", ""), d.get("cards", [])
            frm, to = d.get("frm"), d.get("to")
            what = {
                "move": "moves",
                "pk": "[bold cyan]Power Kicks[/]",
                "mpk": "[bold cyan]MF Power Kicks[/]",
                "any": "plays 3 cards",
                "fw": "FW plays 2 cards",
                "df": "DF plays 1 card",
            }.get(verb, verb)
            path = f"ball stays in {to}" if frm == to else f"ball {frm} → [bold]{to}[/]"
            return f"{who} {what} {'+'.join(cards)}: {path}"
        if k == "pick":
            return f"{who} picks {d.get('card')} for {d.get('verb')}"
        if k == "shoot-card":
            return f"{who} plays a [{SHOOT_STYLE}]Shoot card[/] {_arrows(d.get('arrows', 0), SHOOT_STYLE)}"
        if k == "shot":
            return f"{who} [bold]SHOOTS[/] with {d.get('card')} {_arrows(d.get('arrows', 0), KB_STYLE)}"
        if k == "block":
            forced = " [yellow](forced block, tired)[/]" if d.get("forced") else ""
            return f"{who} [bold]blocks[/] with {d.get('card')} {_arrows(d.get('arrows', 0), KB_STYLE)}{forced}"
        if k == "foul":
            return f"{who} [{FOUL_STYLE}]FOULS[/] with {d.get('card')}: penalty 罚球!"
        if k == "penalty-reveal":
            c = self.card(str(d.get("card")))
            kb = f" KB {_arrows(c.kick_block, KB_STYLE)}" if c is not None and c.kick_block else ""
            return f"   penalty reveal: {d.get('card')}{kb}" + (" [bold green]— match![/]" if d.get("hit") else "")
        if k == "penalty":
            side = TEAM_NAMES.index(d["team"]) if d.get("team") in TEAM_NAMES else 0
            res = "[bold green]scores[/]" if d.get("scored") else "[bold]misses[/]"
            return f"Penalty for [{TEAM_STYLE[side]}]{TEAM_LABEL[side]}[/] {res}"
        if k == "goal":
            side = TEAM_NAMES.index(d["team"]) if d.get("team") in TEAM_NAMES else 0
            score = d.get("score", [0, 0])
            return (
                f"[bold reverse] GOAL 进球! [/] [{TEAM_STYLE[side]}]{TEAM_LABEL[side]}[/] "
                f"({d.get('how')}) — {score[0]}:{score[1]}"
            )
        if k == "over":
            score = d.get("score", [0, 0])
            return (
                f"[bold]Final whistle[/]: {score[0]}:{score[1]} ({_ENDINGS.get(d.get('ending', ''), d.get('ending'))})"
            )
        if k == "draw":
            if s == you:
                return ""  # the private 'drew' event says more
            n = d.get("count", 0)
            return f"   {who} draws {n} card{'s' if n != 1 else ''}"
        if k == "drew":
            return f"   you drew {' '.join(d.get('cards', []))}"
        if k == "reshuffle":
            et = " (extra time)" if d.get("extra_time") else ""
            return f"[bold]Deck reshuffled 洗牌[/]: deck {d.get('counter')}{et}, {d.get('cards')} cards"
        if k == "extra-time":
            return "[bold black on yellow] EXTRA TIME 延长赛 [/] — level score, one more deck"
        if k == "restart":
            side = TEAM_NAMES.index(d["team"]) if d.get("team") in TEAM_NAMES else 0
            return f"Restart 重新开球: ball on {d.get('ball')}, {who} will kick off for {TEAM_LABEL[side]}"
        if k == "swap":
            return f"   {who} gives back {d.get('card')}"
        if k == "committed":
            return f"   {who} has chosen a player card"
        if k == "player-card":
            roles = "+".join(d.get("role", []))
            return f"   {who} {'changes to' if d.get('changed') else 'keeps'} {roles}"
        if k == "sing":
            return f"{who} starts [magenta]Crowd Singing 观众唱歌[/] (discards {' '.join(d.get('cards', []))})"
        if k == "singing-over":
            return f"{who}'s singing is over"
        if k == "crowd-discard":
            return f"   {who} discards {d.get('card')} to the singing"
        if k == "steal":
            skipped = self.skipped(int(d.get("skipped", 0)), s if isinstance(s, int) else 0)
            names = ", ".join(f"seat {x}" for x in skipped)
            return f"{who} [bold cyan]STEALS[/] the turn with a Power Kick ({names} skipped)"
        if k == "pass":
            return f"   {who} passes"
        if k == "no-shot":
            return f"   {who} has no matching Kick/Block: no shot"
        if k == "follow-up":
            return f"{who} [bold]follows up 补脚[/]!"
        if k == "defense-success":
            how = {"attackers-passed": "the attackers pass", "no-follow-up": "no follow-up"}.get(d.get("how", ""), "")
            return f"[bold]Defence holds 防守成功[/] ({how})"
        rest = " ".join(f"{key}={val}" for key, val in d.items())
        return f"{k} {rest}".strip()

    # ------------------------------------------------------------------ end, help, cards

    def outcome(self, outcome: Mapping[str, Any], you: int | None = None) -> RenderableType:
        scores = outcome.get("scores", [0, 0])
        winner = outcome.get("winner")
        ending = _ENDINGS.get(outcome.get("ending", ""), outcome.get("ending", ""))
        if winner is None:
            head = Text("Draw 平手", style="bold")
        else:
            head = Text.assemble(team_text(int(winner)), (" wins 胜!", "bold"))
        head.append(f"   {scores[0]} : {scores[1]}", style="bold reverse")
        lines: list[RenderableType] = [head, Text(f"Ended by {ending}.", style="dim")]
        if you is not None and winner is not None:
            won = team(you) == winner
            lines.append(Text("You win! 🏆" if won else "You lose.", style="bold green" if won else "bold red"))
        elif you is not None:
            lines.append(Text("Nobody wins.", style="bold"))
        return Panel(Group(*lines), title="Full time 全场结束", border_style="green", expand=False)

    def help(self) -> RenderableType:
        t = Table.grid(padding=(0, 2))
        t.add_column(style="bold")
        t.add_column()
        rows = [
            ("move K13>4", "maneuver 运球: one card to an adjacent zone (or in place); a Shoot card into goal"),
            (
                "pk P04, pk K22>2",
                "two-card Power Kick 长传: both show the ball's zone, one has PK; second card picks target",
            ),
            ("mpk P04>8", "Midfielder: one-card Power Kick, once per turn"),
            ("any M02 (×3, last >z)", "any three cards as one adjacent maneuver"),
            ("fw M02, fw M05>6", "Forward: any two cards into a Forward zone"),
            ("df M02>3", "Defender: any one card into a Defender zone"),
            ("kb K18", "Kick/Block 射挡: shot, follow-up or block (arrows must share a direction)"),
            ("foul F01", "defender in the Shooting Phase: penalty (5 reveals, 3 after a GK's foul)"),
            ("end / pass", "end your turn and refill / pass without playing (no refill)"),
            ("swap X, done", "restart exchange: give back up to 3, then draw as many"),
            ("sing, discard X", "Crowd Singing (8/10 seats) and the opponents' discard"),
            ("role GK, keep", "2 players: change of player card after a goal"),
        ]
        for a, b in rows:
            t.add_row(a, b)
        return Panel(t, title="How to answer (docs/notation.md, docs/rules/sonic-cup.md)", title_align="left")

    def cards(self) -> RenderableType:
        """The card table of the deck, for designers."""
        t = Table(
            title=f"Sonic Cup deck: {len(self.deck)} cards, {len(self.deck.cards)} types",
            caption=self.deck.source,
            box=box.SIMPLE_HEAVY,
        )
        t.add_column("id", style="bold")
        t.add_column("maneuver 运球")
        t.add_column("shoot 射门")
        t.add_column("special")
        t.add_column("count", justify="right")
        totals: Counter[str] = Counter()
        zones: Counter[int] = Counter()
        for cid, c in self.deck.cards.items():
            if c.power_kick:
                special = f"[{PK_STYLE}]power kick ⇒ {' / '.join(map(str, c.power_kick))}[/]"
            elif c.kick_block:
                special = f"kick/block {_arrows(c.kick_block, KB_STYLE)}"
            elif c.foul:
                special = f"[{FOUL_STYLE}]foul[/]"
            else:
                special = "[dim]-[/]"
            totals["plain" if c.special == "-" else c.special] += c.count
            zones.update({z: c.count for z in c.maneuver})
            t.add_row(cid, " ".join(map(str, sorted(c.maneuver))), _arrows(c.shoot, SHOOT_STYLE), special, str(c.count))
        t.add_section()
        summary = ", ".join(f"{k} {v}" for k, v in sorted(totals.items()))
        t.add_row("total", "", "", f"[dim]{summary}[/]", str(len(self.deck)))
        per_zone = "  ".join(f"{z}:{zones[z]}" for z in range(1, 10))
        t.caption = f"cards per maneuver target zone  {per_zone}\n{self.deck.source}"
        return t
