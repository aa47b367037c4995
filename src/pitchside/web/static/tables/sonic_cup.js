// 音速杯足球赛 Sonic Cup: the 9-zone pitch and the ball, both teams' seats with roles and card
// counts, the deck counter and score, your hand as cards. A multi-card play (any / fw / pk) is
// built card by card in the page and can be cancelled before its last card (room.js).
import { h, s } from "../dom.js";
import { t } from "../i18n.js";
import { chip } from "../texts.js";
import { cardButton, decisionMark, L, outcomeWords } from "./common.js";

const G = "sonic-cup";
const VERBS = {
  move: ["运球", "Maneuver"], pk: ["Power Kick", "Power Kick"], mpk: ["中场单张 Power Kick", "Midfielder Power Kick"],
  any: ["任意三张运球", "Any three cards"], fw: ["前锋两张运球", "Forward: two cards"], df: ["后卫一张运球", "Defender: one card"],
  kb: ["射挡 KB", "Kick/Block"], foul: ["犯规", "Foul"], sing: ["观众唱歌", "Crowd Singing"], pass: ["过", "Pass"],
  end: ["结束回合", "End turn"], swap: ["换牌", "Give back"], done: ["换牌完毕", "Done exchanging"],
  discard: ["弃牌", "Discard"], role: ["换角色", "Change role"], keep: ["保留角色", "Keep role"],
};
const LABELS = {
  "kick-off": ["开球", "kick-off"], turn: ["回合", "turn"], steal: ["抢先回合窗口", "steal window"],
  "follow-up": ["补脚", "follow-up"], "shooting-phase:attack": ["射门阶段·进攻", "shooting phase: attack"],
  "shooting-phase:defend": ["射门阶段·防守", "shooting phase: defend"], "shooting-phase:block": ["射门阶段·封挡", "shooting phase: block"],
  exchange: ["换牌", "exchange"], "sing-discard": ["唱歌弃牌", "singing discard"], "role-change": ["换角色", "role change"],
};
const KINDS = {
  pick: ["选牌", "pick"], ball: ["球移动", "ball moves"], draw: ["补牌", "draws"], drew: ["摸到", "drew"], turn: ["回合", "turn"],
  steal: ["抢先", "steals the turn"], reshuffle: ["洗牌", "reshuffle"], "shoot-card": ["射门方向", "shoot card"], shot: ["射门", "shot"],
  pass: ["过", "passes"], goal: ["进球！", "GOAL!"], restart: ["重新开球", "restart"], swap: ["换牌", "gives back"],
  over: ["比赛结束", "match over"], "no-shot": ["未能射门", "no shot"], "extra-time": ["加时赛", "extra time"],
  foul: ["犯规", "foul"], "penalty-reveal": ["点球翻牌", "penalty card"], penalty: ["点球", "penalty"], block: ["封挡", "block"],
  sing: ["唱歌", "sings"], discard: ["弃牌", "discards"], role: ["换角色", "role"],
};
const w = (pair) => L(pair[0], pair[1]);

export function parse(text) {
  const m = /^([a-z]+)(?: ([A-Za-z0-9]+))?(?:>([0-9]+))?$/.exec(text);
  if (!m) return { verb: text, arg: "", zone: 0 };
  return { verb: m[1], arg: m[2] || "", zone: Number(m[3] || 0) };
}

function teamName(team) {
  const k = team === 0 || team === "blue" ? "blue" : "red";
  return t(k);
}

function label(text) {
  const a = parse(text);
  const verb = VERBS[a.verb] ? w(VERBS[a.verb]) : a.verb;
  if (a.verb === "role") return `${verb} ${a.arg}`;
  let out = verb;
  if (a.arg) out += ` ${a.arg}`;
  if (a.zone) out += ` → ${a.zone}`;
  else if (["any", "fw", "pk"].includes(a.verb)) out += L("（选牌）", " (pick)");
  return out;
}

function pitch(ctx) {
  const v = ctx.view;
  const zoneActs = new Map();
  for (const a of ctx.legal || []) {
    const p = parse(a);
    if (!p.zone) continue;
    if (ctx.selected && p.arg !== ctx.selected) continue;
    if (!zoneActs.has(p.zone)) zoneActs.set(p.zone, []);
    zoneActs.get(p.zone).push(a);
  }
  const W = 100;
  const svg = s("svg", { viewBox: "0 0 900 240", class: "pitch", role: "img", "aria-label": `${t("ball")}: ${t("zone")} ${v.ball}` });
  for (let z = 1; z <= 9; z++) {
    const x = (z - 1) * W;
    const acts = zoneActs.get(z) || [];
    const goalZone = z === 1 || z === 9;
    const rect = s("rect", {
      x, y: 0, width: W, height: 240,
      class: ["zone", z % 2 ? "odd" : "even", goalZone && (z === 1 ? "goal-blue" : "goal-red"), acts.length && "target", acts.length === 1 && "clickable"],
      dataset: { zone: z },
    });
    const g = s("g", { class: "zone-g", dataset: { zone: z } }, rect,
      s("text", { x: x + W / 2, y: 24, class: "zone-no", "text-anchor": "middle" }, String(z)));
    if (acts.length === 1) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", label(acts[0]));
      g.addEventListener("click", () => ctx.act(acts[0]));
      g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ctx.act(acts[0]); } });
    }
    svg.append(g);
  }
  svg.append(s("line", { x1: 450, y1: 0, x2: 450, y2: 240, class: "midline" }),
    s("circle", { cx: 450, cy: 120, r: 38, class: "midline", fill: "none" }),
    s("rect", { x: 0, y: 70, width: 14, height: 100, class: "goal blue" }),
    s("rect", { x: 886, y: 70, width: 14, height: 100, class: "goal red" }),
    s("text", { x: 50, y: 225, "text-anchor": "middle", class: "goal-label" }, `${t("blue")} ${t("goal_zone")}`),
    s("text", { x: 850, y: 225, "text-anchor": "middle", class: "goal-label" }, `${t("red")} ${t("goal_zone")}`));
  if (v.ball >= 1 && v.ball <= 9) {
    const cx = (v.ball - 1) * W + W / 2;
    svg.append(s("g", { class: "ball", transform: `translate(${cx},120)` },
      s("circle", { r: 20, class: "ball-body" }),
      s("polygon", { points: "0,-8 7.6,-2.5 4.7,6.5 -4.7,6.5 -7.6,-2.5", class: "ball-patch" })));
  }
  return svg;
}

function seatBox(ctx, seat) {
  const roles = (seat.roles || []).map((r) => chip(G, String(r).toLowerCase(), String(r)));
  return h("li", { class: ["seat", `team-${seat.team}`, ctx.decision && ctx.decision.seat === seat.seat && "acting", seat.seat === ctx.seat && "me"], dataset: { seat: seat.seat } },
    decisionMark(ctx, seat.seat),
    h("span", { class: "seat-name", text: ctx.seatName(seat.seat) }),
    h("span", { class: "roles" }, roles),
    h("span", { class: "count", title: t("cards"), text: `${seat.cards}/${seat.limit} ${t("cards")}` }),
    seat.tired ? h("span", { class: "flag", text: t("tired") }) : null,
    seat.singing ? h("span", { class: "flag", text: t("singing") }) : null);
}

function render(ctx) {
  const v = ctx.view;
  const seats = v.seats || [];
  const team = (name) => h("ul", { class: `team team-${name}` }, h("li", { class: "team-title", text: teamName(name) }),
    seats.filter((x) => x.team === name).map((x) => seatBox(ctx, x)));
  const lastDiscard = (v.discard || []).length ? v.discard[v.discard.length - 1] : null;
  const status = h("div", { class: "strip" },
    h("span", {}, `${t("deck")} `, h("b", { id: "deck-left", text: v.deck })),
    h("span", {}, `${t("counter")} `, h("b", { id: "deck-counter", text: `${v.deck_counter}/${v.deck_passes}` })),
    v.extra_time ? h("span", { class: "flag", text: L("加时", "extra time") }) : null,
    h("span", {}, `${t("discard")} ${(v.discard || []).length} `, lastDiscard ? chip(G, lastDiscard, lastDiscard) : null),
    h("span", {}, `${t("phase")} `, h("b", { text: v.phase })),
    (v.picks || []).length ? h("span", { class: "picks" }, `${v.pending || ""}: `, v.picks.map((c) => chip(G, c, c))) : null);
  const handIds = v.hand || [];
  const building = ctx.build ? ctx.build.picks.map((p) => parse(p).arg) : [];
  const used = [...building];
  const usable = new Set((ctx.legal || []).map((a) => parse(a).arg).filter(Boolean));
  const hand = h("div", { class: "hand", id: "hand", "aria-label": t("hand") }, handIds.map((c) => {
    const i = used.indexOf(c);
    const picked = i >= 0;
    if (picked) used.splice(i, 1);
    return cardButton(G, c, {
      selected: ctx.selected === c,
      picked,
      onclick: () => ctx.select(c),
      extra: usable.has(c) || picked ? null : h("span", { class: "card-dim", "aria-hidden": "true" }),
    });
  }));
  const sh = v.shooting;
  const windowBox = sh ? h("div", { class: "window", id: "shooting" },
    h("b", { text: `${v.phase === "turn" ? L("射门方向已出", "Shoot card played") : L("射门阶段", "Shooting phase")}: ${teamName(sh.attack)} ${L("进攻", "attacking")}` }),
    sh.match ? ` · ${L("须对应方向", "arrows to match")}: ${sh.match}` : "",
    sh.last_shot ? ` · ${L("上一脚射门", "last shot")}: ${sh.last_shot}` : "") : null;
  const rolePick = v.committed ? h("div", { class: "window", id: "role-pick" },
    `${L("换角色（暗选）", "Change of player card (hidden pick)")}: `,
    v.committed.map((done, i) => h("span", { class: done ? "flag answer" : "flag", text: `${ctx.seatName(i)} ${done ? "✓" : "…"}` })),
    v.my_pick ? ` · ${L("你的选择", "your pick")}: ${v.my_pick}` : "") : null;
  return h("div", { class: "sc-table" },
    windowBox,
    rolePick,
    h("div", { class: "teams" }, team("blue"), team("red")),
    pitch(ctx),
    status,
    ctx.seat !== null && v.hand ? h("section", { class: "hand-wrap" },
      h("h2", { text: `${t("hand")} (${handIds.length})` }), hand) : null);
}

function score(ctx) {
  const sc = ctx.view.score || {};
  return [h("span", { class: "t-blue", text: `${t("blue")} ${sc.blue ?? 0}` }), " : ",
    h("span", { class: "t-red", text: `${sc.red ?? 0} ${t("red")}` })];
}

function eventText(ev, ctx) {
  const who = typeof ev.seat === "number" ? [h("b", { text: ctx.seatName(ev.seat) }), " "] : [];
  const cards = (list) => (list || []).flatMap((c, i) => [i ? "+" : "", chip(G, c, c)]);
  switch (ev.kind) {
    case "ball":
      return [...who, `${w(VERBS[ev.verb] || [ev.verb, ev.verb])} `, ...cards(ev.cards), ` · ${t("ball")} ${ev.frm} → ${ev.to}`];
    case "pick":
      return [...who, `${w(VERBS[ev.verb] || [ev.verb, ev.verb])} · ${w(KINDS.pick)} `, chip(G, ev.card, ev.card)];
    case "drew":
      return [...who, `${w(KINDS.drew)} `, ...cards(ev.cards), h("span", { class: "private", text: ` (${t("only_you")})` })];
    case "goal":
      return [h("b", { class: "goal-ev", text: `${w(KINDS.goal)} ${teamName(ev.team)}` }), ` (${ev.how}) `, JSON.stringify(ev.score)];
    case "turn":
      return [...who, w(KINDS.turn), ev.kickoff ? ` · ${w(LABELS["kick-off"])}` : ""];
    default:
      return null;
  }
}

export default {
  render,
  score,
  label,
  group: (a) => { const p = parse(a); return VERBS[p.verb] ? w(VERBS[p.verb]) : p.verb; },
  cardOf: (a) => parse(a).arg || null,
  isPick: (a) => { const p = parse(a); return ["any", "fw", "pk"].includes(p.verb) && !p.zone && !!p.arg; },
  labelText: (l) => (LABELS[l] ? w(LABELS[l]) : l),
  kindText: (k) => (KINDS[k] ? w(KINDS[k]) : k),
  eventText,
  // Arrows are bit sets in events (L=1, C=2, R=4), written as letters (docs/notation.md).
  valueText: (key, value) => (key === "arrows" && typeof value === "number"
    ? ["L", "C", "R"].filter((_, i) => value & (1 << i)).join("") || "–" : null),
  outcomeText: (ctx) => outcomeWords(ctx.view.outcome, teamName),
  teamName,
};
