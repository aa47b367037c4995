"""My World Cup's action space and observation layout (docs/rl.md, "My World Cup 2010").

Card and team ids come from the match's data files (the game's content loaders); verbs are the
game's notation constants.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pitchside.core.decision import DecisionKind
from pitchside.core.game import Game, View
from pitchside.games.my_world_cup.actions import Verb
from pitchside.games.my_world_cup.cards import Kind, load_cards
from pitchside.games.my_world_cup.skills import USE_NAMES
from pitchside.games.my_world_cup.state import Phase
from pitchside.games.my_world_cup.teams import load_teams
from pitchside.rl.spaces import Buffer, Encoding, Layout, PileCounts, Slots, one_hot_index

SLOTS = 9
Line = tuple[int, dict[str, int], int, int]  # a lineup slot's slots: shown, card id -> slot, bottom half, kind
HALVES = ("top", "bottom")
PHASES = ("preparation", "lineup", "display", "pairing", "shootout", "over")
KINDS = tuple(k.value for k in DecisionKind)
LABELS = (
    "preparation:discard",
    "preparation:gamble",
    "lineup",
    "display:swap",
    "display:swap-in",
    "display:first",
    "display:flip",
    "pairing:lead",
    "pairing:target",
    "resolution:ignore-defense",
    "resolution:double-dice",
    "resolution:reroll",
    "resolution:foul-die",
    "resolution:red-card",
)
CARD_KINDS = ("goal", "attack", "defense", "foul")
STATUS = ("unresolved", "resolved", "removed")
SLOT_VERBS = (Verb.SWAP, Verb.FIRST, Verb.FLIP, Verb.LEAD, Verb.PAIR, Verb.REMOVE)
BARE = (Verb.READY, Verb.ROLL, Verb.SKIP, Verb.VOID, Verb.DOUBLE, Verb.SINGLE, Verb.REROLL, Verb.IGNORE)


def action_texts(cards: list[str]) -> list[str]:
    """Every action My World Cup can offer with these card ids, in a fixed order (docs/notation.md)."""
    out = [f"field {c}:{h}" for c in cards for h in HALVES]
    out += [f"swap {c}:{h}" for c in cards for h in HALVES]
    out += [f"discard {c}" for c in cards]
    out += [f"{v.value} {i}" for v in SLOT_VERBS for i in range(1, SLOTS + 1)]
    out += [v.value for v in BARE]
    return out


def make(game: Game, config: dict[str, Any]) -> Encoding:
    cardset = load_cards(config.get("cards_file"))
    cards = sorted(cardset.cards)
    team_ids = sorted(load_teams(config.get("team_idsfile")).teams)
    total = len(cardset)
    most = max(cardset.cards[c].count for c in cards)
    ci, ti = one_hot_index(cards), one_hot_index(team_ids)
    L = Layout()
    o_me = L.add("seat", 2, 1, "the observing seat (0 home, 1 away), one-hot; all zero for a spectator")
    o_phase = L.add("phase", len(PHASES), 1, "phase, one-hot: " + ", ".join(PHASES))
    o_kind = L.add("decision_kind", len(KINDS), 1, "open decision kind, one-hot: " + ", ".join(KINDS))
    o_label = L.add("decision_label", len(LABELS), 1, "the question, one-hot: " + ", ".join(LABELS))
    o_dseat = L.add("decision_seat", 2, 1, "the seat that answers now, one-hot")
    o_ask = L.add(
        "ask", 2 + SLOTS + 1, 10, "the open question's active team one-hot, active slot one-hot, dice to roll"
    )
    o_score = L.add("score", 6, 20, "goals home, away; extra time; shootout goals home, away; kicks (sum)")
    o_deck = L.add("deck", 3, total, "cards in the deck, cards elsewhere (other teams' hands), dice rolled")
    o_rev = L.add("revealed", 1, 1, "lineups revealed")
    o_disc = L.add("discard", len(cards), most, "discard pile (public): copies of each card id (sorted ids)")
    slot = 1 + len(cards) + 1 + len(CARD_KINDS) + 2 + len(STATUS) + 1
    side = len(team_ids) + len(cards) + 7 + SLOTS * slot
    o_sides = L.add(
        "sides",
        2 * side,
        total,
        f"per side, home first ({side} each): team one-hot (sorted ids), own hand "
        "(copies per card id; zero for the other side), hand size, cards fielded, lineup limit, ready, "
        f"yellow cards, red cards, once-per-match skills used; then {SLOTS} lineup slots ({slot} each: shown, "
        "card one-hot, bottom half, kind one-hot (goal attack defense foul), value, speed, status one-hot "
        "(unresolved resolved removed), rolls first)",
    )
    phase_i, kind_i, label_i = one_hot_index(PHASES), one_hot_index(KINDS), one_hot_index(LABELS)
    ckind_i, status_i = one_hot_index(CARD_KINDS), one_hot_index(STATUS)

    disc_i = {c: o_disc + i for c, i in ci.items()}
    kinds_at, status_at = len(CARD_KINDS), len(CARD_KINDS) + 2

    # Entries go straight into the buffer (spaces.Writer): scalars are set (`or 0`: a missing value is 0),
    # counts added; every field has its own indices, so no write lands on another's.
    def write(v: View, buf: Buffer) -> None:
        me = v["seat"]
        if me is not None:
            buf[o_me + me] = 1.0
        buf[o_phase + phase_i[v["phase"]]] = 1.0
        d = v["decision"]
        buf[o_kind + kind_i[d["kind"]]] = 1.0
        if d["label"] in label_i:
            buf[o_label + label_i[d["label"]]] = 1.0
        if d["seat"] is not None:
            buf[o_dseat + d["seat"]] = 1.0
        ask = v.get("ask") or {}
        if isinstance(ask.get("active_team"), int):
            buf[o_ask + ask["active_team"]] = 1.0
        if isinstance(ask.get("active_slot"), int) and 1 <= ask["active_slot"] <= SLOTS:
            buf[o_ask + 2 + ask["active_slot"] - 1] = 1.0
        if isinstance(ask.get("dice"), int):
            buf[o_ask + 2 + SLOTS] = ask["dice"]
        score, shootout = v["score"], v["shootout"]
        buf[o_score] = score[0] or 0
        buf[o_score + 1] = score[1] or 0
        buf[o_score + 2] = v["period"] != "regular"
        buf[o_score + 3] = shootout["goals"][0] or 0
        buf[o_score + 4] = shootout["goals"][1] or 0
        buf[o_score + 5] = sum(shootout["kicks"])
        buf[o_deck] = v["deck"] or 0
        buf[o_deck + 1] = v["elsewhere"] or 0
        buf[o_deck + 2] = len(v["rolls"])
        buf[o_rev] = v["revealed"] or 0
        discard: Counter[str] = Counter(v["discard"])  # the pile is long: counted in C, written per card id
        for card, k in discard.items():
            buf[disc_i[card]] = k
        for i, sd in enumerate(v["sides"]):
            base = o_sides + i * side
            tid = sd["team"]["id"]
            if tid in ti:
                buf[base + ti[tid]] = 1.0
            k = base + len(team_ids)
            for c in sd["hand"] or ():
                buf[k + ci[c]] += 1.0
            k += len(cards)
            buf[k] = sd["hand_count"] or 0
            buf[k + 1] = sd["fielded"] or 0
            buf[k + 2] = sd["limit"] or 0
            buf[k + 3] = sd["ready"] or 0
            buf[k + 4] = sd["yellows"] or 0
            buf[k + 5] = sd["reds"] or 0
            buf[k + 6] = len(sd["used"])
            k += 7
            for j, c in enumerate((sd["lineup"] or ())[:SLOTS]):
                b = k + j * slot
                buf[b] = 1.0
                cid, _, half = c["card"].partition(":")
                buf[b + 1 + ci[cid]] = 1.0
                buf[b + 1 + len(cards)] = half == "bottom"
                b += 2 + len(cards)
                if c["kind"] in ckind_i:
                    buf[b + ckind_i[c["kind"]]] = 1.0
                buf[b + kinds_at] = c["value"] or 0
                buf[b + kinds_at + 1] = c["speed"] or 0
                buf[b + status_at + status_i[c["status"]]] = 1.0
                buf[b + status_at + len(STATUS)] = c["first"] or 0

    # The same entries from the state's fields that view() shows (spaces.StateWriter), in write()'s order, as
    # ints into the slots. Each slot is found here once: an offset added per write costs about half the write.
    phase_at = {p: o_phase + phase_i[p.name.lower()] for p in Phase}
    kind_at = {k: o_kind + kind_i[k.value] for k in DecisionKind}
    label_at = {x: o_label + i for x, i in label_i.items()}
    card_kind = {int(k): ckind_i.get(k.word) for k in Kind}
    use_bits = tuple(USE_NAMES)
    me_at, dseat_at = [o_me + s for s in range(2)], [o_dseat + s for s in range(2)]
    o_dice = o_ask + 2 + SLOTS
    o_away, o_extra, o_pens, o_pens_away, o_kicks = (o_score + i for i in range(1, 6))
    o_elsewhere, o_rolls = o_deck + 1, o_deck + 2
    side_slots: list[tuple[dict[str, int], dict[str, int], int, int, int, int, int, int, int, list[Line]]] = []
    # per side: team id -> slot, card id -> its hand's slot, its 7 scalars' slots, then its lineup's
    for i in (0, 1):
        base = o_sides + i * side
        k = base + len(team_ids)
        team_at = {t: base + j for t, j in ti.items()}
        hand_at = {c: k + j for c, j in ci.items()}
        k += len(cards)
        line_at = [  # per lineup slot (Line); value, speed, status and rolls first follow its kind one-hot
            (b, {c: b + 1 + j for c, j in ci.items()}, b + 1 + len(cards), b + 2 + len(cards))
            for b in (k + 7 + j * slot for j in range(SLOTS))
        ]
        side_slots.append((team_at, hand_at, k, k + 1, k + 2, k + 3, k + 4, k + 5, k + 6, line_at))
    discard = PileCounts(ci, len(cards))

    def write_state(st: Any, me: int | None, buf: Slots) -> None:
        if me is not None:
            buf[me_at[me]] = 1
        buf[phase_at[st.phase]] = 1
        d = st.decision()
        buf[kind_at[d.kind]] = 1
        if d.label in label_at:
            buf[label_at[d.label]] = 1
        if d.seat is not None:
            buf[dseat_at[d.seat]] = 1
        ask = st.ask  # view._ask_info: (op, seat, args...)
        if ask is not None:
            op = ask[0]
            if op == "lead" or op == "pair":
                buf[o_ask + ask[2]] = 1
                if op == "pair" and 1 <= ask[3] + 1 <= SLOTS:
                    buf[o_ask + 2 + ask[3]] = 1
            elif op == "ignore_def" or op == "double":
                buf[o_dice] = ask[2]
            elif op == "reroll":
                buf[o_dice] = ask[2] * ask[3]
        score, pens = st.score, st.pens
        buf[o_score] = score[0]
        buf[o_away] = score[1]
        buf[o_extra] = st.period != 0
        buf[o_pens] = pens[0]
        buf[o_pens_away] = pens[1]
        buf[o_kicks] = sum(st.kicks)
        buf[o_deck] = len(st.deck)
        buf[o_elsewhere] = len(st.elsewhere)
        buf[o_rolls] = len(st.rolls)
        buf[o_rev] = st.revealed
        discard.write(st.discard, buf, o_disc)
        teams = st.t.m.teams
        for i in (0, 1):
            team_at, hand_at, o_count, o_fielded, o_limit, o_ready, o_yellows, o_reds, o_used, line_at = side_slots[i]
            tid = teams[i].id
            if tid in team_at:
                buf[team_at[tid]] = 1
            hand = st.hands[i]
            if me == i:
                for c in hand:
                    buf[hand_at[c]] += 1
            line = st.line[i]
            buf[o_count] = len(hand)
            buf[o_fielded] = len(line)
            buf[o_limit] = st.limit[i]
            buf[o_ready] = st.ready[i]
            buf[o_yellows] = st.yellows[i]
            buf[o_reds] = st.reds[i]
            used = st.used[i]
            buf[o_used] = sum(1 for bit in use_bits if used & bit)
            if not (st.revealed or me == i):
                continue
            eff, stat, first = st.t.m.eff[i], st.stat[i], st.first[i]
            for j, text in enumerate(line[:SLOTS]):
                b, card_at, o_bottom, o_kind_j = line_at[j]
                buf[b] = 1
                cid, _, half = text.partition(":")
                buf[card_at[cid]] = 1
                buf[o_bottom] = half == "bottom"
                kind, value, speed = eff[text]
                at = card_kind[kind]
                if at is not None:
                    buf[o_kind_j + at] = 1
                buf[o_kind_j + kinds_at] = value
                buf[o_kind_j + kinds_at + 1] = speed
                buf[o_kind_j + status_at + stat[j]] = 1  # STATUS is the view's order of the status values
                buf[o_kind_j + status_at + len(STATUS)] = first == j

    return Encoding(game, config, action_texts(cards), L, write, write_state)
