// 世界波 World Ball: each seat's character with stamina, equipped skills, pending cards and
// injuries; the open shot (who may still answer it, saves still needed); your hand.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { chip, title } from "../texts.js";
import { cardButton, decisionMark, L, outcomeWords } from "./common.js";
import { valueNodes } from "../events.js";

const G = "world-ball";
const VERBS = {
  pick: ["选人物", "Pick"], play: ["打出", "Play"], shoot: ["当射门打出", "Shoot with"], save: ["救险", "Save with"],
  wall: ["人墙弃", "Wall: discard"], equip: ["装备", "Equip"], skill: ["发动技能", "Use skill"], discard: ["弃置", "Discard"],
  end: ["结束行动", "End action phase"], pass: ["不回应", "Pass"],
};
const LABELS = {
  draft: ["选人物", "draft"], action: ["行动阶段", "action phase"], discard: ["弃牌阶段", "discard phase"],
  shot: ["射门！可打出救险", "shot! answer with a save"], save: ["救险！射门方可回应", "save! the shooter's team may answer"],
  controversy: ["争议事件窗口", "event window"],
};
const KINDS = {
  pick: ["选定人物", "picks"], "kick-off": ["开球", "kick-off"], draw: ["摸牌", "draws"], drew: ["摸到", "drew"], turn: ["回合", "turn"],
  recovery: ["恢复体力", "recovers"], event: ["事件", "event"], pass: ["不回应", "passes"], "event-resolves": ["事件生效", "event resolves"],
  pending: ["待判定", "pending"], steal: ["抢断", "steals"], stole: ["抢到", "stole"], lost: ["失去", "lost"], stamina: ["体力", "stamina"],
  shot: ["射门", "shot"], goal: ["进球！", "GOAL!"], end: ["结束回合", "ends turn"], discard: ["弃牌", "discards"], equip: ["装备", "equips"],
  "pending-resolves": ["判定", "pending resolves"], save: ["救险", "save"], "save-counts": ["救险计数", "saves"],
  "shot-negated": ["射门无效", "shot negated"], controversy: ["争议", "controversy"], "draw-skipped": ["跳过摸牌", "draw skipped"],
  injury: ["受伤", "injury"], "skill-discarded": ["技能被弃", "skill discarded"], over: ["比赛结束", "match over"],
  "event-negated": ["事件被抵消", "event negated"], skill: ["技能", "skill"], "save-negated": ["救险无效", "save negated"],
  gave: ["给出", "gave"], given: ["得到", "given"],
};
const w = (pair) => L(pair[0], pair[1]);

export function parse(text) {
  const parts = text.split(" ");
  const verb = parts[0];
  let card = "";
  let target = null;
  let extra = "";
  for (const p of parts.slice(1)) {
    if (p.startsWith("@")) target = Number(p.slice(1));
    else if (!card) card = p;
    else extra = p;
  }
  return { verb, card, target, extra };
}

const teamName = (team) => (team === 0 || team === "A" ? t("team_a") : t("team_b"));

function labelWith(ctx) {
  return (text) => {
    const a = parse(text);
    let out = VERBS[a.verb] ? w(VERBS[a.verb]) : a.verb;
    if (a.card) out += ` ${title(G, a.card)}`;
    if (a.target !== null) out += ` → ${ctx && ctx.seatName ? ctx.seatName(a.target) : `@${a.target}`}`;
    if (a.extra) out += ` (${title(G, a.extra)})`;
    return out;
  };
}

function pips(stamina, max) {
  const out = [];
  for (let i = 0; i < max; i++) out.push(h("span", { class: i < stamina ? "pip on" : "pip", "aria-hidden": "true", text: i < stamina ? "●" : "○" }));
  return h("span", { class: "stamina", title: t("stamina"), "aria-label": `${t("stamina")} ${stamina}/${max}` }, out, ` ${stamina}/${max}`);
}

function seatCard(ctx, seat, answering) {
  const v = ctx.view;
  return h("li", {
    class: ["wb-seat", `team-${seat.team}`, v.active === seat.seat && "active", seat.seat === ctx.seat && "me", answering && "answering", seat.injured && "hurt"],
    dataset: { seat: seat.seat },
  },
  h("div", { class: "wb-head" }, decisionMark(ctx, seat.seat), h("span", { class: "seat-name", text: ctx.seatName(seat.seat) }),
    answering ? h("span", { class: "flag answer", text: t("may_answer") }) : null),
  seat.character ? h("div", { class: "wb-char" }, chip(G, seat.character), seat.position ? h("span", { class: "pos", text: seat.position }) : null)
    : h("div", { class: "muted", text: `${t("offers")}: ${seat.offered}` }),
  seat.character ? pips(seat.stamina, seat.max_stamina) : null,
  h("div", { class: "wb-row" }, h("span", { class: "count", text: `${seat.cards}/${seat.hand_limit} ${t("cards")}` }),
    seat.injured ? h("span", { class: "flag hurt", text: t("injured") }) : null),
  seat.skills.length ? h("div", { class: "wb-row" }, `${t("skills")}: `, seat.skills.map((k) => chip(G, k))) : null,
  seat.pending.length ? h("div", { class: "wb-row" }, `${t("pending")}: `, seat.pending.map((k) => chip(G, k))) : null);
}

function windowBox(ctx) {
  const win = ctx.view.window;
  if (!win) return null;
  const d = ctx.decision || {};
  const answering = d.kind === "response" ? [d.seat, ...(d.seats || []).filter((x) => x !== d.seat)] : [];
  const parts = [];
  if (win.shot) {
    const sh = win.shot;
    const left = Math.max(0, sh.need - sh.saves);
    parts.push(h("div", { class: "shot-line" }, h("b", { text: ctx.seatName(sh.shooter) }), ` ${w(KINDS.shot)} `, chip(G, sh.card || sh.play),
      " · ", h("span", { id: "saves-needed", text: `${t("saves_needed")}: ${left} (${sh.saves}/${sh.need})` })));
  }
  if (win.save) parts.push(h("div", {}, `${w(KINDS.save)}: `, h("b", { text: ctx.seatName(win.save.saver) }), " ", win.save.card ? chip(G, win.save.card) : ""));
  if (win.event) parts.push(h("div", {}, `${w(KINDS.event)}: `, h("b", { text: ctx.seatName(win.event.player) }), " ", chip(G, win.event.card),
    win.event.target >= 0 ? ` → ${ctx.seatName(win.event.target)}` : ""));
  if (win.prompt) {
    parts.push(h("div", {}, `${t("decision")}: `, ...Object.entries(win.prompt).flatMap(([k, val], i) =>
      [i ? " · " : "", h("span", { class: "ev-key", text: `${k} ` }), ...valueNodes(G, k, val, ctx)])));
  }
  if (answering.length) parts.push(h("div", { class: "who-answers" }, `${t("may_answer")}: `, answering.map((sx, i) => h("b", { text: (i ? ", " : "") + ctx.seatName(sx) }))));
  return h("div", { class: "window", id: "window", role: "status" }, parts);
}

function render(ctx) {
  const v = ctx.view;
  const d = ctx.decision || {};
  const answering = new Set(d.kind === "response" ? [d.seat, ...(d.seats || [])] : []);
  const team = (name) => h("ul", { class: `wb-team team-${name}` }, h("li", { class: "team-title", text: teamName(name) }),
    (v.seats || []).filter((x) => x.team === name).map((x) => seatCard(ctx, x, answering.has(x.seat))));
  const usable = new Set((ctx.legal || []).map((a) => parse(a).card).filter(Boolean));
  const hand = v.hand || [];
  const lastDiscard = (v.discard || []).length ? v.discard[v.discard.length - 1] : null;
  return h("div", { class: "wb-table" },
    h("div", { class: "strip" },
      h("span", {}, `${t("half")} `, h("b", { text: `${v.half}/${v.halves}` })),
      v.sudden ? h("span", { class: "flag", text: L("突然死亡", "sudden death") }) : null,
      h("span", {}, `${t("deck")} `, h("b", { id: "deck-left", text: v.deck })),
      h("span", {}, `${t("discard")} ${(v.discard || []).length} `, lastDiscard ? chip(G, lastDiscard) : null),
      h("span", {}, `${t("active")} `, h("b", { text: ctx.seatName(v.active) })),
      h("span", {}, `${t("phase")} `, h("b", { text: v.phase }))),
    windowBox(ctx),
    h("div", { class: "teams" }, team("A"), team("B")),
    v.offers && v.offers.length ? h("section", { class: "hand-wrap" }, h("h2", { text: t("offers") }),
      h("div", { class: "hand" }, v.offers.map((c) => cardButton(G, c, { selected: ctx.selected === c, onclick: () => ctx.select(c) })))) : null,
    ctx.seat !== null && v.hand ? h("section", { class: "hand-wrap" },
      h("h2", { text: `${t("hand")} (${hand.length})` }),
      v.costs ? h("div", { class: "muted costs", text: Object.entries(v.costs).map(([k, c]) => `${title(G, k)} ${c}`).join(" · ") }) : null,
      h("div", { class: "hand", id: "hand" }, hand.map((c) => cardButton(G, c, {
        selected: ctx.selected === c, onclick: () => ctx.select(c),
        extra: usable.has(c) ? null : h("span", { class: "card-dim", "aria-hidden": "true" }),
      })))) : null);
}

function cardFace(game, id) { return title(game, id); }

export default {
  render,
  score: (ctx) => {
    const sc = ctx.view.score || {};
    return [h("span", { class: "t-A", text: `${t("team_a")} ${sc.A ?? 0}` }), " : ", h("span", { class: "t-B", text: `${sc.B ?? 0} ${t("team_b")}` })];
  },
  label: (a, ctx) => labelWith(ctx)(a),
  group: (a) => { const p = parse(a); return VERBS[p.verb] ? w(VERBS[p.verb]) : p.verb; },
  cardOf: (a) => parse(a).card || null,
  labelText: (l) => (LABELS[l] ? w(LABELS[l]) : l.startsWith("prompt:") ? `${L("可选发动", "you may")}: ${title(G, l.slice(7))}` : l),
  kindText: (k) => (KINDS[k] ? w(KINDS[k]) : k),
  outcomeText: (ctx) => outcomeWords(ctx.view.outcome, teamName),
  cardFace,
};
