// Pieces shared by the tables.
import { h } from "../dom.js";
import { getLang } from "../i18n.js";
import { shortTitle, topic } from "../texts.js";

export const zh = () => getLang() === "zh";
export const L = (zhText, enText) => (zh() ? zhText : enText);

// A card's face: its id and the first lines of its text (without the "(info ...)" pointers).
export function faceLines(game, id, max = 2) {
  const tp = topic(game, id);
  if (!tp) return [];
  return String(tp.body).split("\n").map((l) => l.replace(/\s*[（(](info|详见|见)[^)）]*[)）]/g, "").trim())
    .filter((l) => l && !/in the deck|张|A card played|fielded card/i.test(l)).slice(0, max);
}

export function cardButton(game, id, { selected = false, picked = false, onclick, small = false, extra, name } = {}) {
  const tp = topic(game, id);
  return h("button", {
    type: "button",
    class: ["card", selected && "selected", picked && "picked", small && "small", `c-${String(id)[0]}`],
    dataset: { topic: id, card: id },
    "aria-pressed": selected ? "true" : "false",
    "aria-label": tp ? `${id}: ${tp.title}` : String(id),
    onclick,
  },
  h("span", { class: "card-id", text: name || shortTitle(game, id) }),
  ...faceLines(game, id).map((l) => h("span", { class: "card-line", text: l })),
  extra || null);
}

export function generic(ev) { return ev; }

export function outcomeWords(outcome, teamName) {
  if (!outcome) return L("比赛结束", "Match over");
  const score = (outcome.scores || []).join(" : ");
  if (outcome.winner === null || outcome.winner === undefined) return `${L("比赛结束 · 平局", "Match over · draw")} ${score}`;
  return `${L("比赛结束", "Match over")} · ${L("胜方", "winner")} ${teamName(outcome.winner)} · ${score} (${outcome.ending})`;
}

export function decisionMark(ctx, seat) {
  const d = ctx.decision;
  if (!d) return null;
  if (d.seat === seat) return h("span", { class: "turn-mark", title: d.label, text: "▶" });
  if ((d.seats || []).includes(seat)) return h("span", { class: "turn-mark later", title: d.label, text: "…" });
  return null;
}
