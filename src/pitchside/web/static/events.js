// One line of the event log. A table module may word an event itself (eventText); otherwise the
// event's kind and fields are shown, and any value naming a card, role, character, skill or team
// becomes a chip showing its full text on hover or tap.
import { h } from "./dom.js";
import { getLang, t } from "./i18n.js";
import { chip, topic } from "./texts.js";

const SEAT_KEYS = new Set(["seat", "target", "shooter", "payer", "by", "skipped", "chooser", "for_seat"]);

export function valueNodes(game, key, value, ctx) {
  if (value === null || value === undefined || value === "") return [];
  if (Array.isArray(value)) {
    const out = [];
    value.forEach((v, i) => { if (i) out.push(" "); out.push(...valueNodes(game, key, v, ctx)); });
    return out.length ? out : ["–"];
  }
  if (typeof value === "object") return [JSON.stringify(value)];
  if (ctx.valueText) {
    const own = ctx.valueText(key, value);
    if (own !== null && own !== undefined) return [own];
  }
  if (SEAT_KEYS.has(key) && typeof value === "number" && value >= 0 && ctx.seatName) return [ctx.seatName(value)];
  const str = String(value);
  const id = str.split(":")[0];
  if (typeof value === "string" && topic(game, id)) return [chip(game, id, str.includes(":") ? str : undefined)];
  return [str];
}

export function eventLine(ev, ctx, table) {
  const game = ctx.game;
  if (table && table.valueText) ctx = { ...ctx, valueText: (k, v) => table.valueText(k, v, ctx) };
  if (table && table.eventText) {
    const custom = table.eventText(ev, ctx);
    if (custom) return custom;
  }
  const parts = [];
  let teamShown = false;
  if (typeof ev.seat === "number" && ctx.seatName) parts.push(h("b", { text: ctx.seatName(ev.seat) }), " ");
  else if (typeof ev.team === "number" && ctx.valueText && ctx.valueText("team", ev.team)) {
    parts.push(h("b", { text: ctx.valueText("team", ev.team) }), " ");
    teamShown = true;
  }
  const kindWord = table && table.kindText ? table.kindText(ev.kind, getLang()) : ev.kind;
  parts.push(h("span", { class: "ev-kind", text: kindWord }));
  for (const [k, v] of Object.entries(ev)) {
    if (k === "kind" || k === "seat" || k === "for_seat" || (k === "team" && teamShown)) continue;
    const nodes = valueNodes(game, k, v, ctx);
    if (!nodes.length) continue;
    parts.push(" · ", h("span", { class: "ev-key", text: `${k} ` }), ...nodes);
  }
  if (ev.for_seat !== undefined) parts.push(h("span", { class: "private", text: ` (${t("only_you")})` }));
  return parts;
}
