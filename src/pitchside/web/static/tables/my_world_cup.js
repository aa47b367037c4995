// 我的世界盃2010 My World Cup: the lineup behind the screen (a half chosen per card), the reveal,
// the pairings one by one (each choice shows what it would do), and the dice.
import { h, s } from "../dom.js";
import { bi, t } from "../i18n.js";
import { chip, topic } from "../texts.js";
import { cardButton, decisionMark, L, outcomeWords } from "./common.js";

const G = "my-world-cup";
const VERBS = {
  field: ["放到屏风后", "Field"], ready: ["阵容完成", "Lineup ready"], roll: ["掷骰", "Roll"], skip: ["跳过", "Skip"],
  discard: ["弃牌", "Discard"], swap: ["换牌", "Swap"], first: ["先手掷骰", "Roll to go first"], flip: ["翻面", "Flip"],
  lead: ["先出", "Lead with"], pair: ["配对", "Pair with"], void: ["空结算", "Resolve void"], double: ["双倍骰", "Double dice"],
  single: ["普通骰", "Normal dice"], reroll: ["重掷", "Reroll"], ignore: ["忽略", "Ignore"], remove: ["移除", "Remove"],
};
const LABELS = {
  "preparation:discard": ["备战：弃牌", "preparation: discard"], "preparation:gamble": ["备战：掷骰", "preparation: gamble"],
  lineup: ["排阵（暗置）", "lineup (hidden pick)"], "display:swap": ["亮牌：换牌", "display: swap"], "display:swap-in": ["亮牌：换入", "display: swap in"],
  "display:first": ["亮牌：先手", "display: first"], "display:flip": ["亮牌：翻面", "display: flip"], "pairing:lead": ["配对：先出", "pairing: lead"],
  "pairing:target": ["配对：选目标", "pairing: choose the target"], "resolution:ignore-defense": ["结算：忽略防守", "resolution: ignore defense"],
  "resolution:double-dice": ["结算：双倍骰", "resolution: double dice"], "resolution:reroll": ["结算：重掷", "resolution: reroll"],
  "resolution:foul-die": ["结算：犯规骰", "resolution: foul die"], "resolution:red-card": ["结算：红牌", "resolution: red card"],
};
const KINDS = {
  draw: ["摸牌", "draws"], drew: ["摸到", "drew"], field: ["暗置", "fields"], fielded: ["暗置", "fielded"], ready: ["就绪", "ready"],
  reveal: ["亮牌！", "reveal!"], pair: ["配对", "pairs"], nothing: ["无事发生", "nothing happens"], over: ["比赛结束", "match over"],
  negated: ["被抵消", "negated"], "foul-die": ["犯规骰", "foul die"], yellow: ["黄牌", "yellow card"], red: ["红牌", "red card"],
  goal: ["进球！", "GOAL!"], roll: ["掷骰", "rolls"], gamble: ["备战掷骰", "gamble"], shootout: ["点球大战", "shoot-out"],
  kick: ["点球", "kick"], "extra-time": ["加时赛", "extra time"], removed: ["移除", "removed"], skill: ["技能", "skill"],
  swap: ["换牌", "swap"], flip: ["翻面", "flip"], discard: ["弃牌", "discard"], reshuffle: ["洗牌", "reshuffle"],
};
const KIND_WORDS = { attack: ["进攻", "attack"], defense: ["防守", "defense"], goal: ["进球", "goal"], foul: ["犯规", "foul"] };
const w = (pair) => L(pair[0], pair[1]);

const sideName = (ctx, side) => {
  const sd = ctx.view.sides && ctx.view.sides[side];
  return sd ? bi(sd.team) : side === 0 ? t("home") : t("away");
};

// The half of a card as its text says ("Top half: attack 4 / speed 6 (C,D)").
function halfText(card) {
  const [id, half] = String(card).split(":");
  const tp = topic(G, id);
  if (!tp) return "";
  const lines = String(tp.body).split("\n");
  const line = lines[half === "bottom" ? 1 : 0] || "";
  return line.replace(/^[^:：]*[:：]\s*/, "").replace(/\s*\([A-D,]+\)\s*$/, "");
}

const kindWord = (k) => (KIND_WORDS[k] ? w(KIND_WORDS[k]) : k);
const slotText = (c) => `${kindWord(c.kind)} ${c.kind === "foul" ? "" : c.value} · ${L("速", "spd")} ${c.speed}`;

// What pairing the active card with a target (or void) would do, from the rules texts (WC-MATCH-5..7).
export function pairPreview(active, target) {
  if (!active) return "";
  const a = active.kind;
  if (!target) {
    if (a === "attack") return L(`掷${active.value}骰，有足球进1球`, `roll ${active.value} dice: a football is a goal`);
    if (a === "goal") return L(`进${active.value}球`, `${active.value} goal(s)`);
    return L("无事发生", "nothing happens");
  }
  const b = target.kind;
  if (a === "foul") return L("对方牌被抵消，我方掷犯规骰", "their card negated; you roll the foul die");
  if (b === "foul") return L("我方牌被抵消，对方掷犯规骰", "your card negated; they roll the foul die");
  const pair = (x, y) => (a === x && b === y) || (a === y && b === x);
  const mine = (x) => (a === x ? active : target);
  const them = (x) => (a === x ? target : active);
  const who = (card) => (card === active ? L("我方", "you") : L("对方", "they"));
  if (pair("attack", "defense")) {
    const at = mine("attack"); const df = them("attack");
    return at.value > df.value ? L(`${who(at)}掷${at.value - df.value}骰，有足球进1球`, `${who(at)} roll ${at.value - df.value} dice: a football is a goal`) : L("无事发生", "nothing happens");
  }
  if (pair("goal", "defense")) {
    const g = mine("goal"); const df = them("goal");
    if (g.value > df.value) return L(`${who(g)}进${g.value - df.value}球`, `${who(g)} score ${g.value - df.value}`);
    if (g.value < df.value) return L(`${who(df)}防守反击，掷${df.value - g.value}骰`, `${who(df)} counter-attack: ${df.value - g.value} dice`);
    return L("无事发生", "nothing happens");
  }
  if (a === "defense" && b === "defense") return L("无事发生", "nothing happens");
  const own = (c) => (c.kind === "attack" ? L(`${who(c)}掷${c.value}骰`, `${who(c)} roll ${c.value} dice`) : c.kind === "goal" ? L(`${who(c)}进${c.value}球`, `${who(c)} score ${c.value}`) : "");
  return [own(active), own(target)].filter(Boolean).join(" · ");
}

function activeCard(ctx) {
  const ask = ctx.view.ask;
  if (!ask || ask.op !== "pair") return null;
  const line = (ctx.view.sides[ask.active_team] || {}).lineup || [];
  return line.find((c) => c.slot === ask.active_slot) || null;
}

function label(text, ctx) {
  const [verb, arg = ""] = text.split(" ");
  const base = VERBS[verb] ? w(VERBS[verb]) : verb;
  const v = ctx && ctx.view;
  if (verb === "field" || (verb === "swap" && arg.includes(":"))) {
    const [id, half] = arg.split(":");
    return `${base} ${id} ${half === "bottom" ? `▼ ${t("half_bottom")}` : `▲ ${t("half_top")}`}: ${halfText(arg)}`;
  }
  if (v && v.ask && v.ask.op === "pair" && (verb === "pair" || verb === "void")) {
    const act = activeCard(ctx);
    if (verb === "void") return `${base} — ${pairPreview(act, null)}`;
    const other = v.sides[1 - v.ask.active_team] || {};
    const tgt = (other.lineup || []).find((c) => c.slot === Number(arg));
    return `${base} #${arg} ${tgt ? `${tgt.card} (${slotText(tgt)})` : ""} — ${pairPreview(act, tgt)}`;
  }
  if (v && verb === "lead") {
    const side = v.ask && v.ask.op === "lead" ? v.ask.active_team : v.seat;
    const c = ((v.sides[side] || {}).lineup || []).find((x) => x.slot === Number(arg));
    return `${base} #${arg} ${c ? `${c.card} (${slotText(c)})` : ""}`;
  }
  if (["remove", "flip", "first", "swap"].includes(verb) && arg) return `${base} #${arg}`;
  return arg ? `${base} ${arg}` : base;
}

function ballIcon() {
  return s("svg", { viewBox: "-10 -10 20 20", width: "14", height: "14", "aria-hidden": "true" },
    s("circle", { r: 9, fill: "#fff", stroke: "#222", "stroke-width": 1.5 }),
    s("polygon", { points: "0,-4 3.8,-1.2 2.4,3.2 -2.4,3.2 -3.8,-1.2", fill: "#222" }));
}

function dieFaces(faces) {
  return h("span", { class: "dice" }, String(faces).split("").map((f) =>
    f === "B" ? h("span", { class: "die ball-face", title: "football", "aria-label": "football" }, ballIcon()) : h("span", { class: "die", text: f })));
}

function lineupCards(ctx, side, sd) {
  if (sd.lineup) {
    return sd.lineup.map((c) => {
      const [id, half] = c.card.split(":");
      const ask = ctx.view.ask;
      const active = ask && ask.op === "pair" && ask.active_team === side && ask.active_slot === c.slot;
      return h("div", {
        class: ["slot", `k-${c.kind}`, `st-${c.status}`, active && "active-card"], dataset: { topic: id, slot: c.slot }, tabindex: "0",
      },
      h("span", { class: "slot-no", text: `#${c.slot}` }),
      h("span", { class: "card-id", text: `${id} ${half === "bottom" ? "▼" : "▲"}` }),
      h("span", { class: "card-line", text: slotText(c) }),
      c.status !== "unresolved" ? h("span", { class: "slot-status", text: c.status }) : null,
      c.first ? h("span", { class: "flag", text: "1st" }) : null);
    });
  }
  const out = [];
  for (let i = 0; i < sd.fielded; i++) out.push(h("div", { class: "slot face-down", text: t("hidden") }));
  return out;
}

function sidePanel(ctx, side) {
  const v = ctx.view;
  const sd = v.sides[side];
  const team = sd.team || {};
  const mine = v.seat === side;
  return h("section", { class: ["mwc-side", mine && "me", `side-${side}`], dataset: { side } },
    h("div", { class: "mwc-head" }, decisionMark(ctx, side),
      chip(G, team.id, bi(team)), h("span", { class: "muted", text: ` ${ctx.seatName(side)}` })),
    h("div", { class: "mwc-meta" },
      h("span", { text: `${L("等级", "grade")} ${team.grade} · ${L("排名", "rank")} ${team.world_rank}` }),
      h("span", { text: ` · ${sd.hand_count} ${t("cards")}` }),
      h("span", { text: ` · ${L("上限", "limit")} ${sd.limit}` }),
      sd.ready ? h("span", { class: "flag", text: t("ready") }) : null,
      sd.yellows ? h("span", { class: "flag yellow", text: `${L("黄牌", "yellow")} ×${sd.yellows}` }) : null,
      sd.reds ? h("span", { class: "flag red", text: `${L("红牌", "red")} ×${sd.reds}` }) : null),
    h("ul", { class: "skills" }, (team.skills || []).map((sk) => h("li", {}, chip(G, team.id, bi(sk))))),
    h("div", { class: "lineup-title", text: v.revealed ? t("lineup_public") : mine ? t("lineup") : `${t("lineup")} · ${sd.fielded}` }),
    h("div", { class: ["lineup", !v.revealed && "screen"], id: `lineup-${side}` }, lineupCards(ctx, side, sd)));
}

function render(ctx) {
  const v = ctx.view;
  const me = v.seat;
  const hand = me !== null && me !== undefined && v.sides[me] ? v.sides[me].hand || [] : [];
  const usable = new Set((ctx.legal || []).map((a) => (a.split(" ")[1] || "").split(":")[0]).filter(Boolean));
  const act = activeCard(ctx);
  const rolls = v.rolls || [];
  return h("div", { class: "mwc-table" },
    h("div", { class: "strip" },
      h("span", {}, `${t("phase")} `, h("b", { id: "mwc-phase", text: v.phase })),
      h("span", {}, `${t("period")} `, h("b", { text: v.period })),
      h("span", {}, `${t("deck")} `, h("b", { text: v.deck })),
      v.elsewhere ? h("span", { text: `${t("elsewhere")} ${v.elsewhere}` }) : null,
      v.shootout && (v.shootout.kicks[0] || v.shootout.kicks[1]) ? h("span", { text: `${t("shootout")} ${v.shootout.goals.join(":")}` }) : null),
    act ? h("div", { class: "window", id: "pairing" }, `${t("pairing")}: `, h("b", { text: sideName(ctx, v.ask.active_team) }), ` #${act.slot} ${act.card} (${slotText(act)})`) : null,
    h("div", { class: "mwc-sides" }, sidePanel(ctx, 0), sidePanel(ctx, 1)),
    h("section", { class: "dice-panel", id: "dice" }, h("h2", { text: t("dice") }),
      rolls.length ? h("ol", { class: "rolls" }, rolls.map((r) => {
        const m = /^(\d)([TF]):(.*)$/.exec(r);
        if (!m) return h("li", { text: r });
        return h("li", {}, h("span", { class: "muted", text: `${sideName(ctx, Number(m[1]))} ${m[2] === "F" ? L("犯规骰", "foul die") : L("战术骰", "tactical")} ` }),
          m[2] === "T" ? dieFaces(m[3]) : h("b", { text: m[3] }));
      })) : h("p", { class: "muted", text: "–" })),
    hand.length ? h("section", { class: "hand-wrap" }, h("h2", { text: `${t("hand")} (${hand.length})` }),
      h("div", { class: "hand", id: "hand" }, hand.map((c) => cardButton(G, c, {
        selected: ctx.selected === c, onclick: () => ctx.select(c),
        extra: usable.has(c) ? null : h("span", { class: "card-dim", "aria-hidden": "true" }),
      })))) : null);
}

function eventText(ev, ctx) {
  const team = typeof ev.team === "number" ? [h("b", { text: sideName(ctx, ev.team) }), " "] : [];
  switch (ev.kind) {
    case "roll":
      return [...team, `${w(KINDS.roll)} (${ev.for}) `, dieFaces(ev.faces)];
    case "goal":
      return [h("b", { class: "goal-ev", text: `${w(KINDS.goal)} ` }), ...team, ` ${ev.goals} · ${(ev.score || []).join(":")}`];
    case "reveal":
      return [h("b", { text: w(KINDS.reveal) }), " ", (ev.lineups || []).map((l, i) => `${sideName(ctx, i)}: ${l.join(" ") || "–"}`).join(" | ")];
    case "pair":
      return [...team, `#${ev.slot} `, chip(G, String(ev.card).split(":")[0], ev.card), " → ",
        ev.target === null || ev.target === undefined ? L("空结算", "void") : `#${ev.target} ${ev.against || ""}`];
    default:
      return null;
  }
}

export default {
  render,
  score: (ctx) => {
    const sc = ctx.view.score || [0, 0];
    return [h("span", { text: `${sideName(ctx, 0)} ${sc[0]}` }), " : ", h("span", { text: `${sc[1]} ${sideName(ctx, 1)}` })];
  },
  label,
  group: (a) => { const vb = a.split(" ")[0]; return VERBS[vb] ? w(VERBS[vb]) : vb; },
  cardOf: (a) => { const arg = a.split(" ")[1] || ""; return arg.includes(":") ? arg.split(":")[0] : /^[A-Z]/.test(arg) ? arg : null; },
  labelText: (l) => (LABELS[l] ? w(LABELS[l]) : l),
  kindText: (k) => (KINDS[k] ? w(KINDS[k]) : k),
  eventText,
  valueText: (key, value, ctx) => (key === "team" && typeof value === "number" && ctx.view ? sideName(ctx, value) : null),
  outcomeText: (ctx) => outcomeWords(ctx.view.outcome, (i) => sideName(ctx, i)),
};
