// The games' rules texts (cards, roles, characters, skills, events, teams) and the info panel that
// shows one in full on hover, focus or tap. Everything is set with textContent.
import { api } from "./api.js";
import { getLang } from "./i18n.js";
import { h, replace } from "./dom.js";

const cache = new Map(); // `${game}:${lang}` -> {id: {title, body, kind}}
const pending = new Map();

export async function loadTexts(game, lang = getLang()) {
  const key = `${game}:${lang}`;
  if (cache.has(key)) return cache.get(key);
  if (!pending.has(key)) {
    pending.set(key, api.texts(game, lang).then((data) => {
      const topics = data && data.topics ? data.topics : data || {};
      cache.set(key, topics);
      pending.delete(key);
      return topics;
    }).catch((err) => { pending.delete(key); cache.set(key, {}); console.warn(err); return {}; }));
  }
  return pending.get(key);
}

export function topicsNow(game, lang = getLang()) {
  return cache.get(`${game}:${lang}`) || {};
}

export function topic(game, id) {
  if (id === null || id === undefined) return null;
  const all = topicsNow(game);
  const key = String(id);
  return all[key] || all[key.toLowerCase()] || all[key.toUpperCase()] || null;
}

export function title(game, id) {
  const tp = topic(game, id);
  return tp ? tp.title : String(id);
}

// --------------------------------------------------------------------------- the info panel

let panel = null;

export function infoPanel() {
  if (!panel) {
    panel = h("aside", { id: "info", class: "info", role: "note", "aria-live": "polite", hidden: true });
    document.body.append(panel);
    document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") hideInfo(); });
  }
  return panel;
}

export function showInfo(game, id, anchor) {
  const tp = topic(game, id);
  if (!tp) return;
  const p = infoPanel();
  replace(p,
    h("button", { class: "info-close", "aria-label": "close", text: "×", onclick: hideInfo }),
    h("div", { class: "info-kind", text: tp.kind || "" }),
    h("h3", { text: tp.title }),
    ...String(tp.body || "").split("\n").filter((l) => l.trim()).map((line) => h("p", { text: line })));
  p.hidden = false;
  p.dataset.topic = id;
  if (anchor && anchor.getBoundingClientRect && window.innerWidth > 700) {
    const r = anchor.getBoundingClientRect();
    const top = Math.min(window.innerHeight - 40, r.bottom + 6);
    p.style.top = `${Math.max(8, top)}px`;
    p.style.left = `${Math.max(8, Math.min(window.innerWidth - 380, r.left))}px`;
    p.classList.remove("docked");
  } else {
    p.style.top = "";
    p.style.left = "";
    p.classList.add("docked");
  }
}

export function hideInfo() {
  if (panel) panel.hidden = true;
}

// Any element with data-topic shows that topic's full text on hover, keyboard focus or tap.
export function wireInfo(root, gameOf) {
  const game = () => (typeof gameOf === "function" ? gameOf() : gameOf);
  const find = (ev) => ev.target.closest && ev.target.closest("[data-topic]");
  root.addEventListener("mouseover", (ev) => { const el = find(ev); if (el) showInfo(game(), el.dataset.topic, el); });
  root.addEventListener("mouseout", (ev) => {
    const el = find(ev);
    if (el && !(ev.relatedTarget && el.contains(ev.relatedTarget)) && !el.classList.contains("pinned")) hideInfo();
  });
  root.addEventListener("focusin", (ev) => { const el = find(ev); if (el) showInfo(game(), el.dataset.topic, el); });
  root.addEventListener("click", (ev) => {
    const el = find(ev);
    if (el && el.classList.contains("chip")) { ev.preventDefault(); showInfo(game(), el.dataset.topic, el); }
  });
}

// A small inline label naming a topic (its title), which shows the full text on hover/tap.
export function shortTitle(game, id) {
  const tp = topic(game, id);
  if (!tp) return String(id);
  return String(tp.title).includes(String(id)) ? String(id) : tp.title;
}

export function chip(game, id, label) {
  const tp = topic(game, id);
  return h("span", {
    class: ["chip", tp ? `k-${tp.kind}` : "k-none"],
    tabindex: tp ? "0" : undefined,
    dataset: tp ? { topic: id } : {},
    text: label === undefined ? shortTitle(game, id) : label,
  });
}
