"""Sonic Cup's action space and observation layout (docs/rl.md, "Sonic Cup").

The card ids come from the match's deck file (the game's content loader), so a deck of one's own
gets its own space; verbs, roles and phases are the game's notation constants.
"""

from __future__ import annotations

from typing import Any

from pitchside.core.decision import DecisionKind
from pitchside.core.game import Game, View
from pitchside.games.sonic_cup.actions import Verb
from pitchside.games.sonic_cup.cards import Arrow, load_deck
from pitchside.games.sonic_cup.state import Pending, Phase, Role
from pitchside.rl.spaces import Buffer, Encoding, Layout, PileCounts, Slots, one_hot_index

ZONES = range(1, 10)
ROLES = tuple(r.value for r in Role)
PHASES = tuple(p.name.lower() for p in Phase)
KINDS = tuple(k.value for k in DecisionKind)
PENDING = (Verb.PK.value, Verb.ANY.value, Verb.FW.value)
ARROWS = "LCR"
ARROW_BITS = tuple(int(Arrow[a]) for a in ARROWS)
TURN, FOLLOW_UP, SHOOTING, ROLE_CHANGE = Phase.TURN, Phase.FOLLOW_UP, Phase.SHOOTING, Phase.ROLE_CHANGE


def action_texts(cards: list[str]) -> list[str]:
    """Every action Sonic Cup can offer with these card ids, in a fixed order (docs/notation.md)."""
    out: list[str] = []
    for c in cards:
        out += [f"move {c}>{z}" for z in ZONES]
        for v in PENDING:  # a first pick (no zone) or a last card with its target
            out += [f"{v} {c}", *(f"{v} {c}>{z}" for z in ZONES)]
        out += [f"mpk {c}>{z}" for z in ZONES]
        out += [f"df {c}>{z}" for z in ZONES]
        out += [f"{v} {c}" for v in ("kb", "foul", "swap", "discard")]
    out += [f"role {r}" for r in ROLES]
    out += ["sing", "pass", "end", "done", "keep"]
    return out


def make(game: Game, config: dict[str, Any]) -> Encoding:
    deck = load_deck(config.get("deck"))
    cards = sorted(deck.cards)
    copies = {c: deck.cards[c].count for c in cards}
    total = len(deck)
    n = int(config["seats"])
    ci = one_hot_index(cards)
    L = Layout()
    o_me = L.add("seat", n, 1, "the observing seat, one-hot (all zero for a spectator)")
    o_hand = L.add("hand", len(cards), max(copies.values()), "own hand: copies of each card id (sorted ids)")
    o_disc = L.add("discard", len(cards), max(copies.values()), "discard pile (public): copies of each card id")
    o_picks = L.add("picks", len(cards), 3, "cards already picked for the unfinished play")
    o_pend = L.add("pending", len(PENDING), 1, "the unfinished multi-card play: pk, any, fw")
    o_ball = L.add("ball", 9, 1, "the ball's zone 1..9, one-hot")
    o_score = L.add("score", 2, 9, "goals: blue, red")
    o_deck = L.add("deck", 1, total, "cards left in the deck")
    o_count = L.add("deck_counter", 2, 9, "the deck counter and the deck passes that end the match")
    o_et = L.add("extra_time", 1, 1, "extra time")
    o_phase = L.add("phase", len(PHASES), 1, "phase, one-hot: " + ", ".join(PHASES))
    o_kind = L.add("decision_kind", len(KINDS), 1, "open decision kind, one-hot: " + ", ".join(KINDS))
    o_dseat = L.add("decision_seat", n, 1, "the seat that answers now, one-hot")
    o_dseats = L.add("decision_seats", n, 1, "every seat the open window still concerns")
    o_must = L.add("must_play", 1, 1, "the seat to act must play a card (kick-off, or everyone passed)")
    o_sang = L.add("sang", 2, 1, "the team has sung (blue, red)")
    per = 1 + len(ROLES) + 4
    o_seats = L.add(
        "seats",
        n * per,
        total,
        f"per seat ({per} each): team is red, roles multi-hot ({', '.join(ROLES)}), "
        "hand size, hand limit, tired, singing",
    )
    o_shoot = L.add(
        "shooting",
        2 + 2 * len(ARROWS),
        1,
        "a shot is on: on, attack is red, arrows to match (L C R), arrows of the last shot (L C R)",
    )
    o_comm = L.add("committed", n, 1, "2 seats, change of player card: the seat has committed its hidden pick")
    o_pick = L.add("my_pick", len(ROLES) + 1, 1, "own committed pick: a role or keep")
    pick_i = one_hot_index([*ROLES, "keep"])
    role_i = one_hot_index(ROLES)
    phase_i, kind_i, pend_i = one_hot_index(PHASES), one_hot_index(KINDS), one_hot_index(PENDING)

    hand_i = {c: o_hand + i for c, i in ci.items()}
    disc_i = {c: o_disc + i for c, i in ci.items()}
    picks_i = {c: o_picks + i for c, i in ci.items()}
    roles_at = [{r: o_seats + s * per + 1 + i for r, i in role_i.items()} for s in range(n)]

    # The hot path of every PettingZoo step: entries are added straight into the buffer (spaces.Writer).
    def write(v: View, b: Buffer) -> None:
        me = v["seat"]
        if me is not None:
            b[o_me + me] = 1.0
            for c in v["hand"]:
                b[hand_i[c]] += 1.0
        for c in v["discard"]:
            b[disc_i[c]] += 1.0
        for c in v["picks"]:
            b[picks_i[c]] += 1.0
        if v["pending"]:
            b[o_pend + pend_i[v["pending"]]] = 1.0
        b[o_ball + v["ball"] - 1] = 1.0
        score = v["score"]
        b[o_score] = score["blue"]
        b[o_score + 1] = score["red"]
        b[o_deck] = v["deck"]
        b[o_count] = v["deck_counter"]
        b[o_count + 1] = v["deck_passes"]
        b[o_et] = v["extra_time"]
        b[o_phase + phase_i[v["phase"]]] = 1.0
        d = v["decision"]
        b[o_kind + kind_i[d["kind"]]] = 1.0
        if d["seat"] is not None:
            b[o_dseat + d["seat"]] = 1.0
        for s in d["seats"]:
            b[o_dseats + s] = 1.0
        b[o_must] = v["must_play"]
        sang = v["sang"]
        b[o_sang] = sang["blue"]
        b[o_sang + 1] = sang["red"]
        for s in v["seats"]:
            seat = s["seat"]
            base = o_seats + seat * per
            b[base] = s["team"] == "red"
            at = roles_at[seat]
            for r in s["roles"]:
                b[at[r]] = 1.0
            k = base + 1 + len(ROLES)
            b[k] = s["cards"]
            b[k + 1] = s["limit"]
            b[k + 2] = s["tired"]
            b[k + 3] = s["singing"]
        sh = v.get("shooting")
        if sh is not None:
            b[o_shoot] = 1.0
            b[o_shoot + 1] = sh["attack"] == "red"
            for j, a in enumerate(ARROWS):
                b[o_shoot + 2 + j] = a in sh["match"]
                b[o_shoot + 5 + j] = a in sh["last_shot"]
        for s, c in enumerate(v.get("committed", ())):
            b[o_comm + s] = c
        if "my_pick" in v:
            b[o_pick + pick_i[v["my_pick"]]] = 1.0

    # The same entries from the state's fields that view() shows (spaces.StateWriter), field by field in
    # write()'s order, as ints into the slots; enum members are looked up in tables built here (an enum's .value
    # is a Python call), and each slot is found here once (an offset added per write costs about half the write).
    phase_at = {p: o_phase + phase_i[p.name.lower()] for p in Phase}
    kind_at = {k: o_kind + kind_i[k.value] for k in DecisionKind}
    pend_at = {Pending(x): o_pend + i for x, i in pend_i.items()}
    pick_at = {x: o_pick + i for x, i in pick_i.items()}
    me_at, ball_at = [o_me + s for s in range(n)], [o_ball + z - 1 for z in range(10)]
    dseat_at, dseats_at = [o_dseat + s for s in range(n)], [o_dseats + s for s in range(n)]
    comm_at = [o_comm + s for s in range(n)]
    o_score_red, o_passes, o_sang_red, o_attack = o_score + 1, o_count + 1, o_sang + 1, o_shoot + 1
    # per seat: team, hand size, hand limit, tired, singing, and its roles' slots
    seat_slots = [(b, b + 1 + len(ROLES), b + 2 + len(ROLES), b + 3 + len(ROLES), b + 4 + len(ROLES), roles_at[s])
                  for s, b in ((s, o_seats + s * per) for s in range(n))]  # fmt: skip
    arrow_slots = [
        tuple(zip((o + j for j in range(len(ARROWS))), ARROW_BITS, strict=True)) for o in (o_shoot + 2, o_shoot + 5)
    ]
    discard = PileCounts(ci, len(cards))

    def write_state(st: Any, me: int | None, b: Slots) -> None:
        if me is not None:
            b[me_at[me]] = 1
            for c in st.hands[me]:
                b[hand_i[c]] += 1
        discard.write(st.discard, b, o_disc)
        for c in st.picks:
            b[picks_i[c]] += 1
        if st.pending:  # Pending.NONE is ""
            b[pend_at[st.pending]] = 1
        b[ball_at[st.ball]] = 1
        score = st.score
        b[o_score] = score[0]
        b[o_score_red] = score[1]
        b[o_deck] = len(st.deck)
        b[o_count] = st.counter
        b[o_passes] = st.t.final_count
        b[o_et] = st.extra_time
        phase = st.phase
        b[phase_at[phase]] = 1
        d = st.decision()
        b[kind_at[d.kind]] = 1
        if d.seat is not None:
            b[dseat_at[d.seat]] = 1
        for s in d.seats:
            b[dseats_at[s]] = 1
        b[o_must] = phase is TURN and (st.kickoff or st.passes >= n)
        sang = st.sang
        b[o_sang] = sang[0]
        b[o_sang_red] = sang[1]
        hands, roles, tired, singer = st.hands, st.roles, st.tired, st.singer
        for seat in range(n):
            o_team, o_cards, o_limit, o_tired, o_singing, at = seat_slots[seat]
            b[o_team] = seat & 1  # team(seat): 1 is red
            for r in roles[seat]:
                b[at[r]] = 1
            b[o_cards] = len(hands[seat])
            b[o_limit] = st.limit(seat)
            b[o_tired] = tired[seat]
            b[o_singing] = singer == seat
        if phase is SHOOTING or phase is FOLLOW_UP or st.shoot:
            b[o_shoot] = 1
            b[o_attack] = (st.attack if phase is not TURN else st.actor & 1) == 1
            for slots, bits in zip(arrow_slots, (st.shoot or st.arrows, st.shot_arrows), strict=True):
                for at_j, bit in slots:
                    b[at_j] = bits & bit != 0
        if phase is ROLE_CHANGE:
            picks = st.role_picks
            for s, p in enumerate(picks):
                b[comm_at[s]] = bool(p)
            if me is not None and picks[me]:
                b[pick_at[picks[me]]] = 1

    return Encoding(game, config, action_texts(cards), L, write, write_state)
