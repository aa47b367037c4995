"""World Ball's action space and observation layout (docs/rl.md, "World Ball").

Character and card ids come from the match's data files (the game's content loader); verbs, frame
kinds and phases are the game's notation constants.
"""

from __future__ import annotations

from typing import Any

from pitchside.core.decision import DecisionKind
from pitchside.core.game import Game, View
from pitchside.games.world_ball.cards import load_content
from pitchside.games.world_ball.state import EVENT, PROMPT, SAVE, SHOT, Phase
from pitchside.rl.spaces import Encoding, Layout, Sparse, one_hot_index

PHASES = tuple(p.name.lower() for p in Phase)
KINDS = tuple(k.value for k in DecisionKind)
LABELS = ("draft", "action", "discard", "shot", "save", "controversy", "prompt")  # "prompt:EFFECT" -> prompt
FRAMES = (SHOT, SAVE, EVENT, PROMPT)
POSITIONS = ("GK", "DF", "MF", "FW")
TOP_FRAMES = 2  # the open window and the one it answers (a Save answers a shot)


def action_texts(chars: list[str], cards: list[str], events: list[str], skills: list[str], n: int) -> list[str]:
    """Every action World Ball can offer with these ids at n seats, in a fixed order (docs/notation.md)."""
    seats = range(n)
    out = [f"pick {k}" for k in chars]
    for c in cards:
        out += [f"play {c}", *(f"play {c} @{s}" for s in seats)]
    out += [f"play {e} @{s} {x}" for e in events for s in seats for x in skills]  # 战术破坏 and its kind
    for verb in ("shoot", "save", "wall", "equip", "discard"):
        out += [f"{verb} {c}" for c in cards]
    out += ["skill", *(f"skill {c}" for c in cards), *(f"skill @{s}" for s in seats)]
    out += [f"skill {c} @{s}" for c in cards for s in seats]
    out += ["end", "pass"]
    return out


def make(game: Game, config: dict[str, Any]) -> Encoding:
    content = load_content(config.get("data"))
    chars = sorted(content.characters)
    cards = sorted(content.counts)
    events, skills = sorted(content.events), sorted(content.skills)
    shots = sorted(content.basics)
    total = len(content)
    most = max(content.counts.values())
    n = int(config["seats"])
    ci, ki = one_hot_index(cards), one_hot_index(chars)
    L = Layout()
    o_me = L.add("seat", n, 1, "the observing seat, one-hot (all zero for a spectator)")
    o_phase = L.add("phase", len(PHASES), 1, "phase, one-hot: " + ", ".join(PHASES))
    o_kind = L.add("decision_kind", len(KINDS), 1, "open decision kind, one-hot: " + ", ".join(KINDS))
    o_label = L.add("decision_label", len(LABELS), 1, "what is decided, one-hot: " + ", ".join(LABELS))
    o_dseat = L.add("decision_seat", n, 1, "the seat that answers now, one-hot")
    o_dseats = L.add("decision_seats", n, 1, "seats still to be asked in this lap of the window")
    o_active = L.add("active", n, 1, "whose turn it is, one-hot")
    o_starter = L.add("starter", n, 1, "the seat that started the match, one-hot")
    o_half = L.add("half", 3, 2, "half, halves, sudden death")
    o_score = L.add("score", 2, 99, "points: team A, team B")
    o_deck = L.add("deck", 1, total, "cards left in the deck")
    o_quiet = L.add("quiet", 1, 99, "quiet turns in a row")
    o_disc = L.add("discard", len(cards), most, "discard pile (public): copies of each card id (sorted ids)")
    o_hand = L.add("hand", len(cards), most, "own hand: copies of each card id")
    o_offer = L.add("offers", len(chars), 1, "own draft offer: the characters one may pick (sorted ids)")
    o_turn = L.add(
        "turn",
        4 + 2 * n,
        9,
        "turn in progress: card played, shots, no shots (盯人), skill uses, skill target one-hot, Kaká's block one-hot",
    )
    o_cost = L.add("costs", len(shots), 9, "own stamina cost of each shot card: " + ", ".join(shots))
    per = len(chars) + len(POSITIONS) + 6 + 2 * len(cards)
    o_seats = L.add(
        "seats",
        n * per,
        total,
        f"per seat ({per} each): character one-hot, position one-hot (GK DF MF FW), "
        "stamina, max stamina, injured, hand size, hand limit, characters still offered, "
        "skill area (copies per card id), pending events (copies per card id)",
    )
    o_depth = L.add("stack_depth", 1, 9, "open windows and prompts")
    fsize = len(FRAMES) + 2 * n + len(cards)
    o_frames = L.add(
        "frames",
        TOP_FRAMES * fsize,
        1,
        f"the top {TOP_FRAMES} frames, top first ({fsize} each): kind one-hot (shot save event "
        "prompt), its seat one-hot, its target seat one-hot, its card one-hot",
    )
    phase_i, kind_i, label_i = one_hot_index(PHASES), one_hot_index(KINDS), one_hot_index(LABELS)
    frame_i, pos_i, shot_i = one_hot_index(FRAMES), one_hot_index(POSITIONS), one_hot_index(shots)

    def write(v: View, o: Sparse) -> None:
        me = v["seat"]
        if me is not None:
            o.one(o_me + me)
            o.counts(o_hand, ci, v["hand"])
            if v["offers"]:
                o.counts(o_offer, ki, v["offers"])
        o.one(o_phase + phase_i[v["phase"]])
        d = v["decision"]
        o.one(o_kind + kind_i[d["kind"]])
        label = d["label"].split(":", 1)[0]
        if label in label_i:
            o.one(o_label + label_i[label])
        if d["seat"] is not None:
            o.one(o_dseat + d["seat"])
        for s in d["seats"]:
            o.one(o_dseats + s)
        o.one(o_active + v["active"])
        o.one(o_starter + v["starter"])
        o.set(o_half, v["half"])
        o.set(o_half + 1, v["halves"])
        o.set(o_half + 2, v["sudden"])
        o.set(o_score, v["score"]["A"])
        o.set(o_score + 1, v["score"]["B"])
        o.set(o_deck, v["deck"])
        o.set(o_quiet, v["quiet"])
        o.counts(o_disc, ci, v["discard"])
        t = v["turn"]
        o.set(o_turn, t["played"])
        o.set(o_turn + 1, t["shots"])
        o.set(o_turn + 2, t["no_shots"])
        o.set(o_turn + 3, t["uses"])
        if t["skill_target"] >= 0:
            o.one(o_turn + 4 + t["skill_target"])
        if t["block"] >= 0:
            o.one(o_turn + 4 + n + t["block"])
        for c, cost in v.get("costs", {}).items():
            if c in shot_i:
                o.set(o_cost + shot_i[c], cost)
        for s in v["seats"]:
            base = o_seats + s["seat"] * per
            if s["character"] is not None:
                o.one(base + ki[s["character"]])
                o.one(base + len(chars) + pos_i[s["position"]])
            k = base + len(chars) + len(POSITIONS)
            o.set(k, s["stamina"])
            o.set(k + 1, s["max_stamina"])
            o.set(k + 2, s["injured"])
            o.set(k + 3, s["cards"])
            o.set(k + 4, s["hand_limit"])
            o.set(k + 5, s["offered"])
            o.counts(k + 6, ci, s["skills"])
            o.counts(k + 6 + len(cards), ci, s["pending"])
        stack = v["stack"]
        o.set(o_depth, len(stack))
        for j, f in enumerate(reversed(stack[-TOP_FRAMES:])):
            base = o_frames + j * fsize
            o.one(base + frame_i[f["k"]])
            seat = f.get("seat", -1)
            if isinstance(seat, int) and 0 <= seat < n:
                o.one(base + len(FRAMES) + seat)
            target = f.get("target", -1)
            if isinstance(target, int) and 0 <= target < n:
                o.one(base + len(FRAMES) + n + target)
            card = f.get("card")
            if card in ci:
                o.one(base + len(FRAMES) + 2 * n + ci[card])

    return Encoding(game, config, action_texts(chars, cards, events, skills, n), L, write)
