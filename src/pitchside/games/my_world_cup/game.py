"""The My World Cup game object: configuration, the opening deal, and the setup notation.

Config keys (all optional):

``mode``       "friendly" (default), "group" or "knockout" (WC-MATCH-2, WC-GAP-3)
``teams``      [home id, away id] from data/teams.toml; absent: two teams drawn from the seed
``neutral``    [bool, bool]: a neutral side plays by the neutral rule (WC-GAP-24), never decides
``hands``      [list | null, list | null]: a team's hand passed in by a tournament (card ids);
               a side given a hand is not dealt one (WC-GAP-2, WC-GAP-3)
``deck``       the shared deck passed in by a tournament, bottom first (the last card is drawn
               next); absent: every card not in a hand or the discard pile, shuffled
``discard``    the shared discard pile, oldest first
``seats``      2 (accepted for the generic tools; one seat per side)
``cards_file``, ``teams_file``, ``dice_file``   other data packs

Cards in neither the hands, the deck nor the discard pile are ``elsewhere``: held by teams
outside this match. The final state's ``to_setup()`` gives the hands, deck and discard pile back.

Setups (docs/notation.md): ``from_setup`` (GameBase) gives a state a match goes on from, at a
decision; ``read_setup(setup, advance=False)`` the situation exactly as written, and
``read_setup(setup, events=[])`` the events of running a hand-built setup on to its first decision.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pitchside.core.datafile import data_file
from pitchside.core.errors import DataError
from pitchside.core.game import Action, Config, Event, GameBase, SearchGuide, State, config_dict
from pitchside.core.rng import Rng
from pitchside.games.my_world_cup import actions
from pitchside.games.my_world_cup.actions import Act
from pitchside.games.my_world_cup.cards import DEFAULT_CARDS, DEFAULT_DICE, load_cards
from pitchside.games.my_world_cup.rules import MyWorldCupState
from pitchside.games.my_world_cup.state import (
    FRIENDLY_HAND,
    GROUP_HAND,
    KNOCKOUT_DRAW,
    KNOCKOUT_START,
    LINEUP_MAX,
    NEUTRAL_DRAW,
    SIDE_NAMES,
    Data,
    Mode,
    Phase,
    Table,
    matchup,
)
from pitchside.games.my_world_cup.teams import DEFAULT_TEAMS, load_teams

CONFIG_KEYS = ("mode", "teams", "neutral", "hands", "deck", "discard", "seats", "cards_file", "teams_file", "dice_file")
_DEFAULT_FILES = {"cards_file": DEFAULT_CARDS, "teams_file": DEFAULT_TEAMS, "dice_file": DEFAULT_DICE}
_TEAM_PICK = 0x7EA5_0F_2010  # the team draw has its own generator, so giving the teams keeps the deal


if TYPE_CHECKING:
    from pitchside.agents.base import Agent
    from pitchside.core.texts import Bilingual, Topic


class MyWorldCup(GameBase):
    id = "my-world-cup"
    name = "我的世界盃2010 My World Cup 2010"
    aliases: tuple[str, ...] = ("mwc", "worldcup", "我的世界盃", "我的世界盃2010", "my_world_cup")
    # 1.1: WC-GAP-10 read again (2026-12-03); a 1.0 record is refused by name, not replayed into a divergence.
    version = "1.1"
    seat_counts: tuple[int, ...] = (2,)
    # Public events that show what the rules hide until then: the lineups (the hidden pick), dice
    # and the foul die (chance), a neutral team's random choice (WC-GAP-24).
    reveal_events = ("reveal", "roll", "foul-die", "gamble", "goal-first", "neutral")

    def renderer(self, config: Config | None = None) -> Any:
        from pitchside.games.my_world_cup.render import Renderer  # rich and the art load only for the terminal

        return Renderer(config)

    def texts(self, config: Config | None = None) -> Mapping[str, Topic]:
        from pitchside.games.my_world_cup.teams import load_texts

        teams_file = (config or {}).get("teams_file")
        return load_texts(teams_file if isinstance(teams_file, str) and teams_file else None)

    def preview(self, state: State, seat: int, action: Action) -> Bilingual | None:
        """A pairing choice: who can score, and on which dice (issue 8); no other action has one."""
        from pitchside.games.my_world_cup.preview import preview

        if not isinstance(state, MyWorldCupState) or not isinstance(action, Act):
            return None
        return preview(state, seat, action)

    def partial(self, state: State, seat: int) -> int:
        """The cards the seat has put behind its screen and not yet declared 'ready' (issue 8, WC-MATCH-3)."""
        if not isinstance(state, MyWorldCupState) or state.ask != ("field", seat):
            return 0
        return len(state.line[seat])

    def heuristic_agent(self) -> Agent:
        from pitchside.games.my_world_cup.heuristics import AGENT

        return AGENT()

    def search_guide(self) -> SearchGuide:
        # A friendly is about ten decisions: uniformly random playouts reach the final whistle. The heuristic
        # bot as playout policy and as a prior at the root did no better against the heuristic (71 % of decided
        # against 77 %, 100 matches each) and worse against OpenSpiel's IS-MCTS (mean return -0.07 against
        # +0.08): the search then plans against a heuristic opponent. docs/balance.md, Bots.
        return SearchGuide(prior_weight=0.0)

    def parse_action(self, text: str) -> Act:
        return actions.parse(text)

    def team_of(self, config: Config | None, seat: int) -> int:
        return seat

    def team_names(self) -> tuple[str, ...]:
        return SIDE_NAMES

    # ------------------------------------------------------------------ config

    def cli_config(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Command-line options into config keys: ``home``/``away`` (a team id, or its English or Chinese
        name) become ``teams``; ``deck`` (a card file of your own) becomes ``cards_file``."""
        cfg: dict[str, Any] = {}
        for key in options:
            if key not in ("home", "away", "deck"):
                raise DataError("<options>", None, f"--{key}", "My World Cup takes --home, --away and --deck")
        if options.get("deck") is not None:
            cfg["cards_file"] = str(options["deck"])
        home, away = options.get("home"), options.get("away")
        if home is None and away is None:
            return cfg
        if home is None or away is None:
            raise DataError("<options>", None, "--away" if away is None else "--home", "give both --home and --away")
        cfg["teams"] = [find_team(str(home), "--home"), find_team(str(away), "--away")]
        return cfg

    def normalize_config(self, config: Config | None, source: str = "<config>") -> dict[str, Any]:
        """Check a configuration and fill in defaults; errors name the field.

        A config of plain values naming no file (``{"seats": 2}``, ``{"mode": "group"}``) is normalised
        once and then copied (random play starts thousands of matches from the same one)."""
        key = _plain_key(config)
        if key is not None:
            done = _NORMAL.get(key)
            if done is None:
                done = _NORMAL[key] = self._normalize(config, source) if len(_NORMAL) < 64 else None
            if done is not None:
                return {k: v[:] if type(v) is list else v for k, v in done.items()}
        return self._normalize(config, source)

    def _normalize(self, config: Config | None, source: str) -> dict[str, Any]:
        cfg = config_dict(config, source)

        def fail(field: str, message: str) -> DataError:
            return DataError(source, None, field, message)

        for key in cfg:
            if key not in CONFIG_KEYS:
                raise fail(key, f"unknown config key; known: {', '.join(CONFIG_KEYS)}")
        if cfg.get("seats", 2) != 2:
            raise fail("seats", "My World Cup is played by 2 seats, one per team (WC-GAP-1)")
        cfg.pop("seats", None)
        for key in ("cards_file", "teams_file", "dice_file"):
            if cfg.get(key) is None:
                cfg.pop(key, None)
            elif not isinstance(cfg[key], str):
                raise fail(key, "must be the path of a TOML data file")
            else:  # before any cache: a file read once for a trusted config is not thereby open to every config
                data_file(cfg[key], key, _DEFAULT_FILES[key], source)
        mode = cfg.setdefault("mode", Mode.FRIENDLY.value)
        if mode not in tuple(m.value for m in Mode):
            raise fail("mode", "must be 'friendly', 'group' or 'knockout' (WC-MATCH-2)")
        teamset = load_teams(cfg.get("teams_file"))
        teams = cfg.get("teams")
        if teams is not None:
            if not isinstance(teams, list) or len(teams) != 2 or not all(isinstance(x, str) for x in teams):
                raise fail("teams", "must be [home id, away id], e.g. ['esp', 'bra']")
            for i, tid in enumerate(teams):
                if tid not in teamset:
                    raise fail(f"teams.{i}", f"unknown team {tid!r}; known: {', '.join(sorted(teamset.teams))}")
            if teams[0] == teams[1]:
                raise fail("teams", "a team cannot play itself")
        neutral = cfg.get("neutral", [False, False])
        if not isinstance(neutral, list) or len(neutral) != 2 or not all(isinstance(x, bool) for x in neutral):
            raise fail("neutral", "must be [bool, bool], one per side (WC-GAP-24)")
        cfg["neutral"] = list(neutral)
        given = [cfg.get(k) is not None for k in ("hands", "deck", "discard")]
        pool = Counter(load_cards(cfg.get("cards_file")).physical) if any(given) else Counter()
        hands = cfg.get("hands")
        if hands is not None:
            if not isinstance(hands, list) or len(hands) != 2:
                raise fail("hands", "must be [home hand, away hand]; a hand is a list of card ids or null")
            for i, h in enumerate(hands):
                if h is not None:
                    self._cards(h, f"hands.{i}", pool, fail)
        for key in ("deck", "discard"):
            if cfg.get(key) is not None:
                self._cards(cfg[key], key, pool, fail)
            else:
                cfg.pop(key, None)
        return cfg

    @staticmethod
    def _cards(value: Any, field: str, pool: Counter[str], fail: Any) -> None:
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise fail(field, "must be a list of card ids")
        for c in value:
            if c not in pool:
                raise fail(field, f"no card {c!r} in the card set")
            pool[c] -= 1
            if pool[c] < 0:
                raise fail(field, f"more {c} cards than the deck has (WC-CARD-5)")

    def table(self, cfg: dict[str, Any]) -> Table:
        home, away = cfg["teams"]
        m = matchup(home, away, cfg.get("cards_file"), cfg.get("teams_file"), cfg.get("dice_file"))
        neutral = (bool(cfg["neutral"][0]), bool(cfg["neutral"][1]))
        return Table(m, Mode(cfg["mode"]), neutral, cfg)

    # ------------------------------------------------------------------ a new match

    def new_state(self, config: Config | None = None, seed: int = 0) -> MyWorldCupState:
        return self.start(config, seed)[0]

    def start(self, config: Config | None = None, seed: int = 0) -> tuple[MyWorldCupState, list[Event]]:
        """``new_state`` and the events of getting to the first decision: the opening deal, the preparation
        draws and whatever neutral teams did (a match of two neutral teams is over before anyone decides)."""
        cfg = self.normalize_config(config)
        if cfg.get("teams") is None:
            ids = _team_ids(cfg.get("teams_file"))
            pick = Rng(seed * 0x9E3779B97F4A7C15 + _TEAM_PICK)
            i = pick.below(len(ids))
            j = pick.below(len(ids) - 1)
            cfg["teams"] = [ids[i], ids[j + (j >= i)]]
        t = self.table(cfg)
        st = blank(t, Rng(seed))
        m = t.m
        given = cfg.get("hands") or [None, None]
        if given == [None, None] and "deck" not in cfg and "discard" not in cfg:
            st.deck = list(m.cards.physical)
            st.rng.shuffle(st.deck)
        else:
            left = Counter(m.cards.physical)
            for side in (0, 1):
                st.hands[side] = list(given[side] or [])
                left.subtract(st.hands[side])
            st.discard = list(cfg.get("discard") or [])
            left.subtract(st.discard)
            if cfg.get("deck") is not None:
                st.deck = list(cfg["deck"])
                left.subtract(st.deck)
                st.elsewhere = sorted(left.elements())
            else:
                for c in m.cards.physical:
                    if left[c] > 0:
                        left[c] -= 1
                        st.deck.append(c)
                st.rng.shuffle(st.deck)
        ev: list[Event] = []
        mode = t.mode
        for side in (0, 1):  # the opening deal (WC-MATCH-2, WC-GAP-3)
            if given[side] is not None or t.neutral[side]:
                continue
            if mode is Mode.KNOCKOUT:
                n = KNOCKOUT_START
            elif mode is Mode.GROUP:
                n = GROUP_HAND + m.powers[side].depth  # WC-TEAM-ESP-1: squad depth enlarges the group hand
            else:
                n = FRIENDLY_HAND  # WC-PROJ-2: the seed gives squad depth for group and knockout only
            st._draw(side, n, ev)
        steps: list[tuple[Any, ...]] = []
        for side in (0, 1):  # preparation draws (WC-GAP-3, WC-GAP-24)
            if mode is Mode.KNOCKOUT or t.neutral[side]:
                steps.append(("draw", side, KNOCKOUT_DRAW if mode is Mode.KNOCKOUT else NEUTRAL_DRAW))
        for side in m.order:  # preparation-phase skills, world-rank order
            for code in m.powers[side].prep:
                if code == "depth" and mode is Mode.KNOCKOUT:
                    steps.append(("depth", side))
                elif code == "gamble":
                    steps.append(("gamble", side))
        st.todo = list(reversed(steps))
        st._advance(ev)
        return st, ev

    # ------------------------------------------------------------------ setups

    def from_setup(self, setup: Mapping[str, Any], source: str = "<setup>") -> MyWorldCupState:
        """GameBase's: the header, ``read_setup`` below, then core's check_playable (typed for this game)."""
        st = super().from_setup(setup, source)
        assert isinstance(st, MyWorldCupState)
        return st

    def read_setup(
        self,
        setup: Mapping[str, Any],
        source: str = "<setup>",
        *,
        advance: bool = True,
        events: list[Event] | None = None,
    ) -> MyWorldCupState:
        """The state a setup describes (docs/notation.md), with the game's own invariants checked.

        A setup without an open ``ask`` (a hand-built scenario) is run on to its first decision, the
        events of getting there appended to ``events`` when given; ``advance=False`` gives the situation
        exactly as written instead, which may stand between decisions (nobody to move yet). Use
        ``from_setup`` for a state a match goes on from: it also checks the header and that the match
        can go on (core's check_playable).
        """
        from pitchside.games.my_world_cup.setup import read_setup

        return read_setup(self, setup, source, advance, events)


_NORMAL: dict[tuple[tuple[str, Any], ...], dict[str, Any] | None] = {}


def _plain_key(config: Config | None) -> tuple[tuple[str, Any], ...] | None:
    """A config's items when they are plain values (str, int, bool, None) and name no data file, else None."""
    if config is None:
        return ()
    if type(config) is not dict or any(k.endswith("_file") for k in config):
        return None
    items = []
    for k, v in config.items():
        if type(k) is not str or type(v) not in (str, int, bool, type(None)):
            return None
        items.append((k, type(v), v))  # True and 1 are different configs
    return tuple(sorted(items))  # type: ignore[arg-type]


@lru_cache(maxsize=16)
def _team_ids(teams_file: str | None) -> list[str]:
    return sorted(load_teams(teams_file).teams)


def find_team(name: str, field: str = "team", teams_file: str | None = None) -> str:
    """A team's id from its id, English name or Chinese name (any case); DataError naming ``field`` if none."""
    teamset = load_teams(teams_file)
    key = name.strip().lower()
    for t in teamset.teams.values():
        if key in (t.id, t.en.lower(), t.zh):
            return str(t.id)
    known = ", ".join(sorted(teamset.teams))
    raise DataError("<options>", None, field, f"unknown team {name!r}; known: {known}")


def blank(t: Table, rng: Rng) -> MyWorldCupState:
    st = object.__new__(MyWorldCupState)
    st.t, st.rng = t, rng
    st.hands, st.deck, st.discard, st.elsewhere = [[], []], [], [], []
    st.line, st.stat = [[], []], [[], []]
    st.score, st.period = [0, 0], 0
    st.limit, st.ready, st.revealed = [LINEUP_MAX, LINEUP_MAX], [False, False], False
    st.yellows, st.reds, st.used, st.first = [0, 0], [0, 0], [0, 0], [-1, -1]
    st.todo, st.ask = [], None
    st.pens, st.kicks, st.rolls = [0, 0], [0, 0], []
    st.phase, st.ending, st._legal, st._dec = Phase.PREPARATION, "", None, None
    return st


def card_census(st: Data) -> Counter[str]:
    """Every card of the card set by id, wherever it is: conserved by every action."""
    c: Counter[str] = Counter(st.deck)
    c.update(st.discard)
    c.update(st.elsewhere)
    for side in (0, 1):
        c.update(st.hands[side])
        c.update(x.split(":", 1)[0] for x in st.line[side])
    return c


GAME = MyWorldCup()
