// The replay viewer: any record (an uploaded one, or a finished room by its id) stepped forward and
// back, as a spectator or as one seat saw it. Arrow keys step; Home/End jump.
import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { onLang, t } from "./i18n.js";
import { eventLine } from "./events.js";
import { gameName } from "./lobby.js";
import { hideInfo, loadTexts, wireInfo } from "./texts.js";
import { tableFor } from "./tables/index.js";

export function renderReplay({ app, toast, crumbs }, replayId) {
  const st = { info: null, n: 0, seat: null, step: null, busy: false, games: [] };
  const root = h("div", { class: "replay" });
  const headEl = h("div", { class: "room-head" });
  const controls = h("div", { class: "replay-controls", role: "toolbar", "aria-label": t("replay") });
  const tableEl = h("section", { class: "table", id: "table" });
  const moveEl = h("div", { class: "panel actions", id: "replay-move" });
  const logEl = h("ol", { class: "log", id: "log" });
  root.append(headEl, controls, h("div", { class: "board" }, tableEl,
    h("div", { class: "side" }, moveEl, h("section", { class: "panel log-panel" }, h("h2", { text: t("log") }), logEl))));
  app.append(root);
  const game = () => (st.info ? st.info.game : "");
  wireInfo(root, game);

  const seatName = (seat) => {
    const p = st.info && st.info.players ? st.info.players[seat] : null;
    return p ? `${t("seat")} ${seat} · ${p}` : `${t("seat")} ${seat}`;
  };
  const ctx = () => ({
    game: game(), view: st.step ? st.step.view : null, decision: st.step ? st.step.decision : null,
    legal: [], seat: st.seat, selected: null, build: null, seatName,
    select: () => {}, act: () => {},
  });

  const go = async (n) => {
    if (!st.info) return;
    const total = st.info.moves;
    n = Math.max(0, Math.min(total, n));
    st.busy = true;
    try {
      st.step = await api.replayStep(replayId, n, st.seat);
      st.n = n;
    } catch (e) { toast(e.message); }
    st.busy = false;
    paint();
  };

  const paint = () => {
    crumbs({ text: t("lobby"), href: "#/" }, { text: `${t("replay")} ${replayId}` });
    const info = st.info;
    const tb = tableFor(game());
    if (!info) { replace(headEl, h("p", { text: "…" })); return; }
    const total = info.moves;
    const c = ctx();
    replace(headEl,
      h("h1", { text: `${gameName({ id: info.game, name: st.games.find((g) => g.id === info.game)?.name || info.game })} · ${t("replay")} ${replayId}` }),
      h("div", { class: "score", id: "score" }, st.step && tb.score ? tb.score(c) : null),
      h("div", { class: "decision", id: "decision" }, st.step && st.step.outcome && tb.outcomeText ? tb.outcomeText({ ...c, view: { ...c.view, outcome: st.step.outcome } }) : ""));
    const slider = h("input", { type: "range", min: "0", max: String(total), value: String(st.n), id: "replay-slider", "aria-label": t("step"),
      onchange: (ev) => go(Number(ev.target.value)) });
    const seatSel = h("select", { id: "replay-seat", "aria-label": t("view_as"), onchange: (ev) => { st.seat = ev.target.value === "" ? null : Number(ev.target.value); go(st.n); } },
      h("option", { value: "", text: t("spectator"), selected: st.seat === null }),
      (info.players || []).map((_, i) => h("option", { value: String(i), text: seatName(i), selected: st.seat === i })));
    replace(controls,
      h("button", { id: "replay-first", text: `|◀ ${t("first")}`, onclick: () => go(0) }),
      h("button", { id: "replay-prev", text: `◀ ${t("prev")}`, onclick: () => go(st.n - 1) }),
      h("span", { id: "replay-pos", class: "pos", text: `${t("step")} ${st.n} / ${total}` }),
      h("button", { id: "replay-next", text: `${t("next")} ▶`, onclick: () => go(st.n + 1) }),
      h("button", { id: "replay-last", text: `${t("last")} ▶|`, onclick: () => go(total) }),
      slider,
      h("label", {}, `${t("view_as")} `, seatSel),
      h("a", { class: "button", href: api.recordUrl(replayId), text: t("download_record") }));
    if (!st.step) return;
    try { replace(tableEl, tb.render(c)); } catch (e) { console.error(e); replace(tableEl, h("pre", { text: JSON.stringify(st.step.view, null, 1) })); }
    const mv = st.step.move;
    replace(moveEl, h("h2", { text: `${t("step")} ${st.n}` }),
      mv ? h("p", {}, h("b", { text: seatName(mv.seat) }), " ", h("code", { text: mv.action }), " ", tb.label ? h("span", { class: "muted", text: `(${tb.label(mv.action, c)})` }) : null)
        : h("p", { class: "muted", text: "—" }));
    replace(logEl, ...(st.step.events || []).map((ev) => h("li", { class: "ev" }, eventLine(ev, c, tb))));
  };

  const onKey = (ev) => {
    if (ev.target && /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName)) return;
    const keys = { ArrowRight: 1, ArrowLeft: -1 };
    if (ev.key in keys) { ev.preventDefault(); go(st.n + keys[ev.key]); }
    if (ev.key === "Home") { ev.preventDefault(); go(0); }
    if (ev.key === "End") { ev.preventDefault(); go(st.info ? st.info.moves : 0); }
  };
  document.addEventListener("keydown", onKey);
  const off = onLang(async () => { if (st.info) await loadTexts(st.info.game); paint(); });

  (async () => {
    try {
      const [info, games] = await Promise.all([api.replayInfo(replayId), api.games().catch(() => [])]);
      st.info = info;
      st.games = games;
      await loadTexts(info.game);
      await go(0);
    } catch (e) { toast(e.message); paint(); }
  })();
  paint();
  return () => { off(); document.removeEventListener("keydown", onKey); hideInfo(); };
}
