"""OpenSpiel games for every pitchside game (docs/rl.md, "OpenSpiel").

Importing this module registers ``python_pitchside_sonic_cup``, ``python_pitchside_world_ball`` and
``python_pitchside_my_world_cup`` with ``pyspiel``; load them as usual::

    import pitchside.rl.openspiel  # registers the games
    game = pyspiel.load_game("python_pitchside_sonic_cup", {"players": 4})

Chance is one explicit chance node at the start whose outcome is the match seed (``SEEDS`` equiprobable
outcomes); after it the match is deterministic given the state's own seeded generator. Actions are the
fixed integer space of :mod:`pitchside.rl.spaces`. Observation and information-state strings and tensors
are written from ``view(seat)`` only (plus, for the information state, the seat's own moves), and
``resample_from_infostate`` deals a world with the game's ``determinize``, so OpenSpiel's ISMCTSBot plays.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import numpy as np
import pyspiel

from pitchside.core.game import Game, State
from pitchside.core.registry import load_game
from pitchside.core.rng import Rng
from pitchside.rl.spaces import Encoding, encoding_for

SEEDS = 1 << 16  # the start's chance outcomes: match seeds 0..SEEDS-1, equiprobable
MOVES_PER_SEAT = 1000  # a match that reaches seats * this many moves is stopped and scored a draw
_CHANCE = [(i, 1.0 / SEEDS) for i in range(SEEDS)]


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a pitchside game: ``python_pitchside_`` and its id with underscores."""
    return "python_pitchside_" + game_id.replace("-", "_")


def load(game_id: str, players: int | None = None) -> Any:
    """The OpenSpiel game of a pitchside game id at a seat count (default: the fewest seats)."""
    params = {} if players is None else {"players": players}
    return pyspiel.load_game(short_name(load_game(game_id).id), params)


class Shared:
    """What every state of one game and seat count shares; copying or pickling a state never copies it."""

    _cache: ClassVar[dict[tuple[str, int], Shared]] = {}

    def __init__(self, game_id: str, players: int) -> None:
        self.game: Game = load_game(game_id)
        self.encoding: Encoding = encoding_for(self.game, {"seats": players})
        self.config = self.encoding.config
        self.players = players
        self.cap = MOVES_PER_SEAT * players

    @classmethod
    def of(cls, game_id: str, players: int) -> Shared:
        key = (game_id, players)
        if key not in cls._cache:
            cls._cache[key] = cls(game_id, players)
        return cls._cache[key]

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        return (Shared.of, (self.game.id, self.players))


class Match:
    """The Python side of a state: the engine's state (None before the seed), the seed and every move.

    ``Clone`` deep-copies a Python state's attributes: this copies the engine state with its own
    ``clone``. Serialization pickles it as the engine's setup (docs/notation.md), which restores hidden
    cards and the generator, so a resampled world survives a round trip too.
    """

    def __init__(self, game_id: str, state: State | None, seed: int, moves: list[tuple[int, int]]) -> None:
        self.game_id = game_id
        self.state = state
        self.seed = seed
        self.moves = moves  # (seat, action index) of every move after the seed

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        return Match(self.game_id, None if self.state is None else self.state.clone(), self.seed, list(self.moves))

    def __getstate__(self) -> dict[str, Any]:
        setup = None if self.state is None else self.state.to_setup()
        return {"game": self.game_id, "setup": setup, "seed": self.seed, "moves": self.moves}

    def __setstate__(self, d: dict[str, Any]) -> None:
        self.game_id = d["game"]
        setup = d["setup"]
        self.state = None if setup is None else load_game(self.game_id).from_setup(setup, "<openspiel>")
        self.seed = d["seed"]
        self.moves = [(int(s), int(a)) for s, a in d["moves"]]


def _players(game: Game, params: dict[str, Any] | None) -> int:
    raw = (params or {}).get("players", min(game.seat_counts))
    value = raw.int_value() if hasattr(raw, "int_value") else raw  # a pyspiel.GameParameter or a plain int
    n = int(value)
    if n not in game.seat_counts:
        counts = ", ".join(map(str, game.seat_counts))
        raise ValueError(f"{short_name(game.id)}: players={n}; {game.id} is for {counts} players")
    return n


def game_type(game: Game) -> Any:
    """The GameType registered for a pitchside game (one per game; ``players`` picks the seat count)."""
    t = pyspiel.GameType
    return t(
        short_name=short_name(game.id),
        long_name=f"Pitchside {game.name}",
        dynamics=t.Dynamics.SEQUENTIAL,
        chance_mode=t.ChanceMode.EXPLICIT_STOCHASTIC,
        information=t.Information.IMPERFECT_INFORMATION,
        # Each seat's return is its team's result (+1, -1, 0) and the two teams are always the same size
        # (or each seat is its own team at 2 seats): the returns sum to 0 in every outcome (docs/rl.md).
        utility=t.Utility.ZERO_SUM,
        reward_model=t.RewardModel.TERMINAL,
        max_num_players=max(game.seat_counts),
        min_num_players=min(game.seat_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": min(game.seat_counts)},
    )


class PitchsideGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """One pitchside game at one seat count, as an OpenSpiel game."""

    def __init__(self, game_id: str, params: dict[str, Any] | None = None) -> None:
        game = load_game(game_id)
        n = _players(game, params)
        shared = Shared.of(game.id, n)
        info = pyspiel.GameInfo(
            num_distinct_actions=shared.encoding.num_actions,
            max_chance_outcomes=SEEDS,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=shared.cap,
        )
        super().__init__(game_type(game), info, {"players": n})
        self.shared = shared

    def new_initial_state(self) -> PitchsideState:
        return PitchsideState(self, self.shared)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.shared, perfect_recall)


class PitchsideState(pyspiel.State):  # type: ignore[misc]
    """A match: the seed's chance node, then the engine's decisions, one seat at a time."""

    def __init__(self, game: PitchsideGame, shared: Shared) -> None:
        super().__init__(game)
        self.shared = shared
        self.match = Match(shared.game.id, None, -1, [])

    # --- the engine's state, for callers that want it (read-only use) ---
    @property
    def engine(self) -> State | None:
        return self.match.state

    def is_capped(self) -> bool:
        return len(self.match.moves) >= self.shared.cap

    def current_player(self) -> int:
        st = self.match.state
        if st is None:
            return int(pyspiel.PlayerId.CHANCE)
        if st.is_over() or self.is_capped():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = st.decision().seat
        assert seat is not None  # a match that is not over names who decides
        return seat

    def is_terminal(self) -> bool:
        st = self.match.state
        return st is not None and (st.is_over() or self.is_capped())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.match.state is None
        return _CHANCE

    def _legal_actions(self, player: int) -> list[int]:
        st = self.match.state
        assert st is not None and player >= 0
        return self.shared.encoding.legal_indices(st, player)

    def _apply_action(self, action: int) -> None:
        m = self.match
        if m.state is None:
            if not 0 <= action < SEEDS:
                raise ValueError(f"seed {action} is outside 0..{SEEDS - 1}")
            m.seed = int(action)
            m.state = self.shared.game.new_state(self.shared.config, m.seed)
            return
        seat = self.current_player()
        m.state.apply(seat, self.shared.encoding.decode(int(action)))
        m.moves.append((seat, int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self.shared.encoding.texts[action]

    def returns(self) -> list[float]:
        st = self.match.state
        if st is None or not st.is_over():
            return [0.0] * self.shared.players  # also a match stopped at the move cap: a draw
        return [float(r) for r in st.outcome().returns]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PitchsideState:
        """A state ``player_id`` cannot tell from this one: the game's ``determinize`` for that seat,
        seeded from ``probability_sampler`` (a callable giving floats in [0, 1)). Same history and moves."""
        new: PitchsideState = self.clone()
        st = self.match.state
        if st is not None and not st.is_over():
            seed = int(probability_sampler() * (1 << 53)) ^ (int(probability_sampler() * (1 << 53)) << 11)
            new.match.state = st.determinize(player_id, Rng(seed))
        return new

    def __str__(self) -> str:
        m = self.match
        if m.state is None:
            return f"{self.shared.game.id} players={self.shared.players}: the seed is not drawn yet"
        # The whole state, hidden cards and generator included, as its fingerprint (equal iff same state).
        return f"{self.shared.game.id} players={self.shared.players} seed={m.seed} moves={len(m.moves)} " + (
            f"state={m.state.fingerprint()}"
        )


class Observer:
    """OpenSpiel's PyObserver for one game and seat count: everything from ``view(player)``.

    The observation is the view's float32 tensor (``pitchside.rl.spaces``) and its JSON text. The
    information state adds the player's own moves: their counts per action index in the tensor, and
    their texts in order in the string.
    """

    def __init__(self, shared: Shared, perfect_recall: bool) -> None:
        self.shared = shared
        self.perfect_recall = perfect_recall
        enc = shared.encoding
        size = enc.obs_size + (enc.num_actions if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {"observation": self.tensor[: enc.obs_size]}
        if perfect_recall:
            self.dict["own_moves"] = self.tensor[enc.obs_size :]

    def set_from(self, state: PitchsideState, player: int) -> None:
        self.tensor.fill(0.0)
        st = state.match.state
        if st is None or player < 0:
            return
        enc = self.shared.encoding
        self.dict["observation"][:] = enc.observation(st, player)  # the tensor of st.view(player)
        if self.perfect_recall:
            own = self.dict["own_moves"]
            for seat, a in state.match.moves:
                if seat == player:
                    own[a] += 1.0

    def string_from(self, state: PitchsideState, player: int) -> str:
        st = state.match.state
        if st is None:
            return f"p{player}: the seed is not drawn yet"
        text = f"p{player} " + json.dumps(st.view(player), sort_keys=True, ensure_ascii=False)
        if self.perfect_recall:
            texts = self.shared.encoding.texts
            mine = [texts[a] for seat, a in state.match.moves if seat == player]
            text += " moves:" + json.dumps(mine, ensure_ascii=False)
        return text


class SonicCupGame(PitchsideGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("sonic-cup", params)


class WorldBallGame(PitchsideGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("world-ball", params)


class MyWorldCupGame(PitchsideGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("my-world-cup", params)


# The creators are classes, as in OpenSpiel's own Python games: pyspiel keeps them until the process
# ends, and a plain function dropped then (after Python has finalised) aborts the interpreter.
GAME_CLASSES: dict[str, type[PitchsideGame]] = {
    "sonic-cup": SonicCupGame,
    "world-ball": WorldBallGame,
    "my-world-cup": MyWorldCupGame,
}
for _gid, _cls in GAME_CLASSES.items():
    pyspiel.register_game(game_type(load_game(_gid)), _cls)
