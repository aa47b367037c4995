"""World Ball's action space and observation layout (docs/rl.md, "World Ball").

Character and card ids come from the match's data files (the game's content loader); verbs, frame
kinds and phases are the game's notation constants.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pitchside.core.decision import DecisionKind
from pitchside.core.game import Game, View
from pitchside.games.world_ball.cards import load_content
from pitchside.games.world_ball.state import EVENT, PROMPT, SAVE, SHOT, Phase
from pitchside.rl.spaces import Buffer, Encoding, Layout, PileCounts, Slots, one_hot_index

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

    hand_i = {c: o_hand + i for c, i in ci.items()}
    disc_i = {c: o_disc + i for c, i in ci.items()}
    offer_i = {k: o_offer + i for k, i in ki.items()}
    cost_i = {c: o_cost + i for c, i in shot_i.items()}
    stats = len(chars) + len(POSITIONS)

    def write_frames(stack: list[dict[str, Any]], b: Any) -> None:
        """The top frames of the stack, for both writers (the view's frames are the state's dicts); ints, as
        both writers' buffers take them."""
        for j, f in enumerate(reversed(stack[-TOP_FRAMES:])):
            base = o_frames + j * fsize
            b[base + frame_i[f["k"]]] = 1
            seat = f.get("seat", -1)
            if isinstance(seat, int) and 0 <= seat < n:
                b[base + len(FRAMES) + seat] = 1
            target = f.get("target", -1)
            if isinstance(target, int) and 0 <= target < n:
                b[base + len(FRAMES) + n + target] = 1
            card = f.get("card")
            if card in ci:
                b[base + len(FRAMES) + 2 * n + ci[card]] = 1

    # Entries go straight into the buffer (spaces.Writer): scalars are set (`or 0`: a missing value is 0),
    # counts added; every field has its own indices, so no write lands on another's.
    def write(v: View, b: Buffer) -> None:
        me = v["seat"]
        if me is not None:
            b[o_me + me] = 1.0
            for c in v["hand"]:
                b[hand_i[c]] += 1.0
            for k in v["offers"] or ():
                b[offer_i[k]] += 1.0
        b[o_phase + phase_i[v["phase"]]] = 1.0
        d = v["decision"]
        b[o_kind + kind_i[d["kind"]]] = 1.0
        label = d["label"].split(":", 1)[0]
        if label in label_i:
            b[o_label + label_i[label]] = 1.0
        if d["seat"] is not None:
            b[o_dseat + d["seat"]] = 1.0
        for s in d["seats"]:
            b[o_dseats + s] = 1.0
        b[o_active + v["active"]] = 1.0
        b[o_starter + v["starter"]] = 1.0
        b[o_half] = v["half"] or 0
        b[o_half + 1] = v["halves"] or 0
        b[o_half + 2] = v["sudden"] or 0
        score = v["score"]
        b[o_score] = score["A"] or 0
        b[o_score + 1] = score["B"] or 0
        b[o_deck] = v["deck"] or 0
        b[o_quiet] = v["quiet"] or 0
        for c, k in Counter(v["discard"]).items():  # the pile is long: counted in C, written per card id
            b[disc_i[c]] = k
        t = v["turn"]
        b[o_turn] = t["played"] or 0
        b[o_turn + 1] = t["shots"] or 0
        b[o_turn + 2] = t["no_shots"] or 0
        b[o_turn + 3] = t["uses"] or 0
        if t["skill_target"] >= 0:
            b[o_turn + 4 + t["skill_target"]] = 1.0
        if t["block"] >= 0:
            b[o_turn + 4 + n + t["block"]] = 1.0
        for c, cost in v.get("costs", {}).items():
            if c in cost_i:
                b[cost_i[c]] = cost or 0
        for s in v["seats"]:
            base = o_seats + s["seat"] * per
            if s["character"] is not None:
                b[base + ki[s["character"]]] = 1.0
                b[base + len(chars) + pos_i[s["position"]]] = 1.0
            k = base + stats
            b[k] = s["stamina"] or 0
            b[k + 1] = s["max_stamina"] or 0
            b[k + 2] = s["injured"] or 0
            b[k + 3] = s["cards"] or 0
            b[k + 4] = s["hand_limit"] or 0
            b[k + 5] = s["offered"] or 0
            for c in s["skills"]:
                b[k + 6 + ci[c]] += 1.0
            for c in s["pending"]:
                b[k + 6 + len(cards) + ci[c]] += 1.0
        stack = v["stack"]
        b[o_depth] = len(stack)
        write_frames(stack, b)

    # The same entries from the state's fields that view() shows (spaces.StateWriter), in write()'s order, as
    # ints into the slots. Each slot is found here once: an offset added per write costs about half the write.
    phase_at = {p: o_phase + phase_i[p.name.lower()] for p in Phase}
    kind_at = {k: o_kind + kind_i[k.value] for k in DecisionKind}
    label_at: dict[str, int] = {}  # a decision's label -> its slot, or -1 (filled as labels are met)
    me_at = [o_me + s for s in range(n)]
    dseat_at, dseats_at = [o_dseat + s for s in range(n)], [o_dseats + s for s in range(n)]
    active_at, starter_at = [o_active + s for s in range(n)], [o_starter + s for s in range(n)]
    o_halves, o_sudden, o_score_b = o_half + 1, o_half + 2, o_score + 1
    o_shots, o_no_shots, o_uses = o_turn + 1, o_turn + 2, o_turn + 3
    target_at, block_at = [o_turn + 4 + s for s in range(n)], [o_turn + 4 + n + s for s in range(n)]
    shot_costs = [(p, cost_i[p]) for p in ("shoot", *content.set_pieces) if p in cost_i]  # view.costs' keys
    save_costs = [(p, cost_i[p]) for p in ("save", "wall") if p in cost_i]
    seat_slots = []  # per seat: its scalars' slots, then id -> slot for its character, skill area and pending area
    for seat in range(n):
        base = o_seats + seat * per
        k = base + stats
        chars_at = {c: (base + i, base + len(chars) + pos_i[content.characters[c].position]) for c, i in ki.items()}
        area_at = {c: k + 6 + i for c, i in ci.items()}
        pending_at = {c: k + 6 + len(cards) + i for c, i in ci.items()}
        seat_slots.append((k, k + 1, k + 2, k + 3, k + 4, k + 5, chars_at, area_at, pending_at))
    discard = PileCounts(ci, len(cards))

    def write_state(st: Any, me: int | None, b: Slots) -> None:
        if me is not None:
            b[me_at[me]] = 1
            for c in st.hands[me]:
                b[hand_i[c]] += 1
            if st.offers[me]:  # the draft only; an empty loop costs more than the test
                for k in st.offers[me]:
                    b[offer_i[k]] += 1
        b[phase_at[st.phase]] = 1
        d = st.decision()
        b[kind_at[d.kind]] = 1
        at = label_at.get(d.label)
        if at is None:
            at = label_at[d.label] = o_label + label_i[lab] if (lab := d.label.partition(":")[0]) in label_i else -1
        if at >= 0:
            b[at] = 1
        if d.seat is not None:
            b[dseat_at[d.seat]] = 1
        for s in d.seats:
            b[dseats_at[s]] = 1
        b[active_at[st.active]] = 1
        b[starter_at[st.starter]] = 1
        b[o_half] = st.half
        b[o_halves] = st.t.halves
        b[o_sudden] = st.sudden
        score = st.score
        b[o_score] = score[0]
        b[o_score_b] = score[1]
        b[o_deck] = len(st.deck)
        b[o_quiet] = st.quiet
        discard.write(st.discard, b, o_disc)
        b[o_turn] = st.played
        b[o_shots] = st.shots
        b[o_no_shots] = st.no_shots
        b[o_uses] = st.uses
        if st.skill_target >= 0:
            b[target_at[st.skill_target]] = 1
        if st.block >= 0:
            b[block_at[st.block]] = 1
        stack = st.stack
        if me is not None and st.chars[me]:  # view.costs
            for p, at in shot_costs:
                b[at] = st.shot_cost(me, p) or 0
            for f in reversed(stack):  # the open shot's shooter (if any): Save and Wall costs
                if f["k"] == SHOT:
                    for p, at in save_costs:
                        b[at] = st.save_cost(me, f["seat"], p) or 0
                    break
        hands, stamina, injured = st.hands, st.stamina, st.injured
        offers, area, pending = st.offers, st.skills, st.pending
        for seat, cid in enumerate(st.chars):
            o_stamina, o_max, o_injured, o_cards, o_limit, o_offered, chars_at, area_at, pending_at = seat_slots[seat]
            if cid:
                ch, pos = chars_at[cid]
                b[ch] = 1
                b[pos] = 1
            b[o_stamina] = stamina[seat]
            b[o_max] = st.max_stamina(seat)
            b[o_injured] = injured[seat]
            b[o_cards] = len(hands[seat])
            b[o_limit] = st.hand_limit(seat)
            b[o_offered] = len(offers[seat])
            if area[seat]:
                for c in area[seat]:
                    b[area_at[c]] += 1
            if pending[seat]:
                for c in pending[seat]:
                    b[pending_at[c]] += 1
        if not stack:
            return
        b[o_depth] = len(stack)
        write_frames(stack, b)

    return Encoding(game, config, action_texts(chars, cards, events, skills, n), L, write, write_state)
