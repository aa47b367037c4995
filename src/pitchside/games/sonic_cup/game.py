"""The Sonic Cup game object: configuration, the opening deal, and the setup notation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from pitchside.core.errors import DataError
from pitchside.core.game import Config, GameBase, SearchGuide, State, config_dict
from pitchside.core.rng import Rng
from pitchside.core.window import Window
from pitchside.games.sonic_cup import actions
from pitchside.games.sonic_cup.actions import Play
from pitchside.games.sonic_cup.cards import load_deck
from pitchside.games.sonic_cup.rules import SonicCupState
from pitchside.games.sonic_cup.state import (
    BLUE,
    DEAL,
    KICKOFF_ZONE,
    RED,
    TEAM_NAMES,
    Data,
    Ending,
    Pending,
    Phase,
    Role,
    Table,
    team,
)

# SC-PROJ-2: default player cards per seat count, assigned in seat order within each team.
DEFAULT_LINEUP: dict[int, list[list[str]]] = {
    2: [["FW"]],
    4: [["DF", "FW"], ["GK", "MF"]],
    6: [["DF"], ["FW"], ["GK"]],
    8: [["DF"], ["FW"], ["GK"], ["MF"]],
    10: [["DF"], ["FW"], ["GK"], ["MF"], ["LSF"]],
}


def default_roles(n: int) -> list[list[str]]:
    lineup = DEFAULT_LINEUP[n]
    return [lineup[s // 2] for s in range(n)]


if TYPE_CHECKING:
    from pitchside.agents.base import Agent
    from pitchside.core.texts import Topic


class SonicCup(GameBase):
    id = "sonic-cup"
    name = "音速杯足球赛 TZQ Sonic Cup"
    aliases: tuple[str, ...] = ("tzq", "音速杯", "音速杯足球赛", "sonic_cup", "sonic")
    version = "1.0"
    seat_counts: tuple[int, ...] = (2, 4, 6, 8, 10)
    # Public events that show hidden things by the rules: deck cards turned for a penalty
    # (SC-SP-6) and the 2-player change picks revealed together (SC-RS-3). core/checks.py
    # compares public events with a determinization's only up to the first of these.
    reveal_events = ("penalty-reveal", "player-card")

    cli_options: Mapping[str, str] = MappingProxyType({"deck": "deck"})  # --deck FILE: your own deck file

    def renderer(self, config: Config | None = None) -> Any:
        from pitchside.games.sonic_cup.render import Renderer  # rich and the art load only for the terminal

        return Renderer(config)

    def heuristic_agent(self) -> Agent:
        from pitchside.games.sonic_cup.heuristics import AGENT

        return AGENT()

    def search_guide(self) -> SearchGuide:
        # Playouts of 6 moves by heuristics.playout (the heuristic bot's judgement of a turn without its
        # look-ahead, on the sampled world itself), then the heuristic's position value (goals, the ball's
        # progress, who attacks: heuristics.evaluate) as tanh(v / 25): a goal is about 1, the ball's whole run
        # 0.38, so positions differ by more than the exploration term's noise. The heuristic bot itself as the
        # playout policy was as strong (ismcts:60, seeds 30-69: 26/4/10 against its 22/9/9) at five times the
        # cost of an iteration; one move of it, or 6 random moves, won only half (docs/balance.md, Bots).
        from pitchside.games.sonic_cup.heuristics import playout

        return SearchGuide(evaluate=_evaluate, playout=playout, cutoff=6)

    def texts(self, config: Config | None = None) -> Mapping[str, Topic]:
        from pitchside.games.sonic_cup.cards import load_texts

        return load_texts()  # the rules and the game's own deck (a --deck file changes only counts and arrows)

    def partial(self, state: State, seat: int) -> int:
        """The first cards of a multi-card play (Power Kick, any) the seat is still building (issue 8)."""
        if not isinstance(state, SonicCupState) or not state.pending or state.decision().seat != seat:
            return 0
        return len(state.picks)

    def parse_action(self, text: str) -> Play:
        return actions.parse(text)

    def team_of(self, config: Config | None, seat: int) -> int:
        return team(seat)

    def team_names(self) -> tuple[str, ...]:
        return TEAM_NAMES

    def normalize_config(self, config: Config | None, source: str = "<config>") -> dict[str, Any]:
        """Check a configuration and fill in defaults; errors name the field."""
        cfg = config_dict(config, source)
        unknown = set(cfg) - {"seats", "roles", "deck", "kickoff"}
        if unknown:
            raise DataError(source, None, sorted(unknown)[0], "unknown config key; known: seats, roles, deck, kickoff")
        n = cfg.get("seats", 2)
        if n not in DEAL:
            raise DataError(source, None, "seats", f"{n!r} seats: Sonic Cup is for 2, 4, 6, 8 or 10 (SC-SETUP-4)")
        given = cfg.get("roles") or default_roles(n)
        if not isinstance(given, list) or len(given) != n:
            raise DataError(source, None, "roles", f"needs one list of roles per seat ({n} seats)")
        roles = [list(rs) if isinstance(rs, list) else rs for rs in given]  # never mutate the caller's
        per = 2 if n == 4 else 1  # SC-SETUP-4a..c
        seen: list[set[str]] = [set(), set()]
        for s, rs in enumerate(roles):
            if isinstance(rs, str):
                rs = [rs]
            if not isinstance(rs, list) or len(rs) != per:
                raise DataError(source, None, f"roles.{s}", f"seat {s} needs {per} role(s) at {n} seats (SC-SETUP-4)")
            for r in rs:
                if not isinstance(r, str) or r not in Role.__members__:
                    raise DataError(source, None, f"roles.{s}", f"{r!r} is not a role: {', '.join(Role.__members__)}")
                if r in seen[team(s)]:
                    raise DataError(source, None, f"roles.{s}", f"team {TEAM_NAMES[team(s)]} uses {r} twice (SC-GAP-5)")
                seen[team(s)].add(r)
            roles[s] = sorted(rs)
        cfg["seats"], cfg["roles"] = n, roles
        kick = cfg.get("kickoff")
        if kick is not None and kick not in TEAM_NAMES:
            raise DataError(source, None, "kickoff", "must be 'blue' or 'red' (or absent for the coin toss)")
        if cfg.get("deck") is not None and not isinstance(cfg["deck"], str):
            raise DataError(source, None, "deck", "must be the path of a deck TOML file")
        return cfg

    def _table(self, cfg: dict[str, Any]) -> Table:
        deck = load_deck(cfg.get("deck"))
        n = cfg["seats"]
        if len(deck) < n * (DEAL[n] + 1) + 10:
            raise DataError(deck.source, None, "card", f"{len(deck)} cards is too few for {n} seats")
        return Table(n, deck, cfg)

    def new_state(self, config: Config | None = None, seed: int = 0) -> SonicCupState:
        cfg = self.normalize_config(config)
        t = self._table(cfg)
        st = _blank(t, Rng(seed))
        st.deck = list(t.deck.physical)
        st.rng.shuffle(st.deck)  # SC-SETUP-5
        for _ in range(max(st.limit(s) for s in range(t.n))):  # one card at a time in rotation
            for s in range(t.n):
                if len(st.hands[s]) < st.limit(s):  # SC-SETUP-5a: the Goalkeeper gets one more
                    st.hands[s].append(st.deck.pop())
        # SC-KO-1: heads → Red kicks off; the coin is the state's RNG (SC-GAP-7)
        coin = RED if cfg.get("kickoff") == "red" or (not cfg.get("kickoff") and st.rng.coin()) else BLUE
        kicking = coin
        st.ball = KICKOFF_ZONE[kicking]
        st.begin_turn(first_kicker(st, kicking), [], kickoff=True)
        return st

    def from_setup(self, setup: Mapping[str, Any], source: str = "<setup>") -> SonicCupState:
        """GameBase's: the header, ``read_setup`` below, then core's check_playable (issue 7; typed for this game)."""
        st = super().from_setup(setup, source)
        assert isinstance(st, SonicCupState)
        return st

    def read_setup(self, setup: Mapping[str, Any], source: str = "<setup>") -> SonicCupState:
        """The state a setup describes (docs/notation.md), with the game's own invariants checked."""
        from pitchside.games.sonic_cup.setup import read_setup

        return read_setup(self, setup, source)


def first_kicker(st: Data, kicking: int) -> int:
    """SC-KO-2, SC-GAP-6: the kicking team's Defender, else Forward, else Goalkeeper."""
    seats = [s for s in range(st.t.n) if team(s) == kicking]
    for role in (Role.DF, Role.FW, Role.GK):
        for s in seats:
            if role in st.roles[s]:
                return s
    return seats[0]


def _blank(t: Table, rng: Rng) -> SonicCupState:
    st = object.__new__(SonicCupState)
    n = t.n
    st.t, st.rng = t, rng
    st.roles = [frozenset(Role(r) for r in rs) for rs in t.config["roles"]]
    used: list[frozenset[Role]] = [frozenset(), frozenset()]
    for s in range(n):
        used[team(s)] = used[team(s)] | st.roles[s]
    st.used_roles = used
    st.hands = [[] for _ in range(n)]
    st.deck, st.discard = [], []
    st.ball, st.score, st.counter = 5, [0, 0], 1
    st.extra_time = st.end_after_phase = False
    st.phase, st.actor, st.queue = Phase.TURN, 0, Window()
    st.played, st.pending, st.picks = 0, Pending.NONE, []
    st.mf_used = st.kickoff = False
    st.shoot = st.steal_from = st.next_seat = st.attack = 0
    st.arrows = st.shot_arrows = st.last_shooter = st.last_blocker = st.fu_shooter = 0
    st.fu_in_sp = False
    st.tired = [False] * n
    st.singer, st.sang = -1, [False, False]
    st.swapped, st.kick_seat, st.scorer, st.passes = 0, 0, -1, 0
    st.role_picks, st.ending, st._legal = [], Ending.NONE, None
    return st


def card_census(st: Data) -> Counter[str]:
    """Every card of the match by id, wherever it is: conserved by every action."""
    c: Counter[str] = Counter(st.deck)
    c.update(st.discard)
    c.update(st.picks)
    for h in st.hands:
        c.update(h)
    return c


GAME = SonicCup()


def _evaluate(st: State) -> tuple[float, ...]:
    """One value per seat in [-1, 1]: its team's side of the heuristic position value (SearchGuide)."""
    import math

    from pitchside.games.sonic_cup.heuristics import evaluate

    assert isinstance(st, SonicCupState)
    blue = math.tanh(evaluate(st, 0) / 25)
    return tuple(blue if team(s) == 0 else -blue for s in range(st.num_seats))
