// A room: the seat picker (join, leave, bots, start, share link) and the game's table over the
// WebSocket (WEB.md). The table modules draw the view; this file owns the connection, the legal
// actions panel, a multi-card play built card by card, the event log and the keyboard.
import { api, savedSeat, saveSeat } from "./api.js";
import { h, replace } from "./dom.js";
import { getLang, onLang, t } from "./i18n.js";
import { BOT_KINDS, gameName } from "./lobby.js";
import { hideInfo, loadTexts, wireInfo } from "./texts.js";
import { tableFor } from "./tables/index.js";
import { eventLine } from "./events.js";

export function renderRoom({ app, toast, crumbs }, roomId) {
  const st = {
    roomId,
    summary: null,
    games: [],
    mine: savedSeat(roomId), // {seat, token} or null
    update: null,
    log: [], // every event this connection was shown, in order
    selected: null, // a card picked out in the hand: the panel shows its actions
    build: null, // {picks: [action texts], legal: [next options] | null}
    queue: [], // actions still to send, one per update (a built play)
    previewOk: true,
    thinking: null, // the seat whose bot has been thinking a while (the server says so), or null
    ws: null,
    closed: false,
    retry: 0,
    awaitingHello: true,
  };
  const root = h("div", { class: "room", id: "room", dataset: { seq: "-1" } });
  const seatsEl = h("section", { class: "panel seats-panel", id: "seats" });
  const headEl = h("div", { class: "room-head", id: "room-head" });
  const tableEl = h("section", { class: "table", id: "table", "aria-label": "table" });
  const actionsEl = h("section", { class: "panel actions", id: "actions", "aria-label": t("actions") });
  const logEl = h("ol", { class: "log", id: "log", "aria-label": t("log") });
  const logWrap = h("section", { class: "panel log-panel" }, h("h2", { text: t("log") }), logEl);
  root.append(headEl, seatsEl, h("div", { class: "board" }, tableEl, h("div", { class: "side" }, actionsEl, logWrap)));
  app.append(root);

  const table = () => tableFor(st.summary ? st.summary.game : null);
  const game = () => (st.summary ? st.summary.game : "");
  const mySeat = () => (st.mine ? st.mine.seat : null);
  const decisionSeat = () => (st.update && st.update.decision ? st.update.decision.seat : null);
  // My decision: my turn, or an open window or hidden pick that will reach me (answered ahead, kept until then).
  const myDecision = () => st.update && mySeat() !== null && (decisionSeat() === mySeat() || st.update.ahead === true)
    && (st.update.legal || []).length > 0;

  const seatName = (seat) => {
    const s = st.summary && st.summary.seats ? st.summary.seats.find((x) => x.seat === seat) || st.summary.seats[seat] : null;
    let name = s && s.name ? s.name : s && s.bot ? `${t("bot")} ${seat}` : `${t("seat")} ${seat}`;
    if (seat === mySeat()) name += ` (${t("you")})`;
    return name;
  };

  const ctx = () => ({
    game: game(),
    view: st.update ? st.update.view : null,
    decision: st.update ? st.update.decision : null,
    // While a play is being built only the preview's choices are offered (none until it answers).
    legal: myDecision() ? (st.build ? st.build.legal || [] : st.update.legal) : [],
    seat: mySeat(),
    status: st.update ? st.update.status : st.summary && st.summary.status,
    selected: st.selected,
    build: st.build,
    seatName,
    select: (card) => { st.selected = st.selected === card ? null : card; paintTable(); paintActions(); },
    act: (text) => choose(text),
    lang: getLang(),
  });

  // ------------------------------------------------------------------ REST: the seat picker
  const refresh = async () => {
    try {
      st.summary = await api.room(roomId);
      if (!st.games.length) st.games = await api.games().catch(() => []);
      await loadTexts(st.summary.game);
    } catch (e) { toast(e.message); return; }
    if (st.mine && st.summary.seats) {
      const s = st.summary.seats.find((x) => x.seat === st.mine.seat);
      if (s && (isFree(s) || s.bot)) { /* our seat was given up: keep the token; the server decides */ }
    }
    paintAll();
    if (!st.ws) connect();
  };

  const paintSeats = () => {
    const sum = st.summary;
    if (!sum) { replace(seatsEl, h("p", { text: "…" })); return; }
    const status = String((st.update && st.update.status) || sum.status || "");
    const waiting = status === "waiting";
    const nameIn = h("input", { id: "player-name", maxlength: "32", placeholder: t("your_name"), value: localStorageName() });
    const rows = (sum.seats || []).map((s, i) => {
      const seat = s.seat === undefined ? i : s.seat;
      const mine = seat === mySeat();
      const bot = botName(s);
      const who = isFree(s) ? t("free") : s.name ? `${s.name}${bot ? ` (${t("bot")}: ${bot})` : ""}` : bot ? `${t("bot")} ${seat} (${bot})` : "?";
      const dot = isFree(s) ? "free" : s.bot ? "bot" : s.connected ? "on" : "off";
      const controls = [];
      if (isFree(s) && mySeat() === null) {
        controls.push(h("button", { class: "join", dataset: { seat }, text: t("join"), onclick: () => join(seat, nameIn.value) }));
      }
      if (isFree(s) && (waiting || status === "playing")) {
        const kind = h("select", { class: "bot-kind", "aria-label": t("kind") }, BOT_KINDS.map((k) => h("option", { value: k, text: k })));
        // An IS-MCTS budget as the terminal takes it: iterations (500) or a time (1s, 0.5s); the server checks it.
        const budget = h("input", {
          class: "bot-budget", type: "text", list: "bot-budgets", size: "8", placeholder: t("budget_hint"),
          "aria-label": t("budget"), title: t("budget_hint"), hidden: true,
        });
        kind.addEventListener("change", () => { budget.hidden = kind.value !== "ismcts"; });
        controls.push(kind, budget, h("button", {
          class: "add-bot", dataset: { seat }, text: t("add_bot"),
          onclick: () => addBot(seat, kind.value, kind.value === "ismcts" ? budget.value.trim() || undefined : undefined),
        }));
      }
      if (mine && waiting) controls.push(h("button", { class: "leave", text: t("leave"), onclick: () => leave() }));
      return h("li", { class: ["seat-row", mine && "mine"], dataset: { seat } },
        h("span", { class: `dot ${dot}`, "aria-hidden": "true" }),
        h("span", { class: "seat-no", text: `${t("seat")} ${seat}` }),
        h("span", { class: "seat-who", text: who + (mine ? ` (${t("you")})` : "") }),
        seat === st.thinking ? thinkingMark() : null,
        ...controls);
    });
    const share = `${location.origin}${location.pathname}#/room/${encodeURIComponent(roomId)}`;
    const shareIn = h("input", { id: "share-link", readonly: true, value: share, "aria-label": t("share") });
    const copy = h("button", {
      type: "button", text: t("share"), onclick: async () => {
        shareIn.select();
        try { await navigator.clipboard.writeText(share); toast(t("copied"), "ok"); } catch (_) { document.execCommand && document.execCommand("copy"); }
      },
    });
    const freeSeats = (sum.seats || []).filter((s) => isFree(s)).length;
    const tools = [];
    if (freeSeats && (waiting || status === "playing")) {
      tools.push(h("button", { id: "fill-bots", text: t("fill_bots"), onclick: fillBots }));
    }
    if (waiting) tools.push(h("button", { id: "start", class: "primary", text: t("start"), onclick: start }));
    if (sum.tournament) tools.push(h("a", { class: "button", id: "to-cup", href: `#/cup/${sum.tournament.id}`, text: `${t("world_cups")} #${sum.tournament.id}` }));
    if (status === "finished") {
      tools.push(h("a", { class: "button", id: "download", href: api.recordUrl(roomId), download: `room-${roomId}.jsonl`, text: t("download_record") }));
      tools.push(h("button", { id: "to-replay", text: t("replay"), onclick: toReplay }));
    }
    const started = status !== "waiting";
    seatsEl.classList.toggle("compact", started);
    const budgets = h("datalist", { id: "bot-budgets" }, BUDGETS.map(([value, label]) => h("option", { value, label: t(label) })));
    replace(seatsEl,
      h("details", { open: !started || undefined },
        h("summary", { text: `${t("seats_title")} · ${t(status)}` }),
        mySeat() === null && freeSeats ? h("label", {}, t("your_name"), " ", nameIn) : null,
        h("ul", { class: "seat-list" }, rows),
        h("div", { class: "share" }, shareIn, copy), budgets),
      h("div", { class: "tools" }, tools));
  };

  const thinkingMark = () => h("span", { class: "thinking seat-thinking", text: t("is_thinking") });

  const join = async (seat, name) => {
    try {
      rememberName(name);
      const r = await api.join(roomId, seat, name || `${t("seat")} ${seat}`);
      st.mine = { seat, token: r.token };
      saveSeat(roomId, seat, r.token);
      reconnect();
      refresh();
    } catch (e) { toast(e.message); }
  };
  const leave = async () => {
    try { await api.leave(roomId, st.mine.seat, st.mine.token); } catch (e) { toast(e.message); }
    st.mine = null;
    saveSeat(roomId, null, null);
    reconnect();
    refresh();
  };
  const addBot = async (seat, kind, budget) => {
    try { await api.bot(roomId, seat, kind, budget); refresh(); } catch (e) { toast(e.message); }
  };
  const fillBots = async () => {
    for (const s of (st.summary && st.summary.seats) || []) {
      if (isFree(s)) { try { await api.bot(roomId, s.seat, "heuristic"); } catch (e) { toast(e.message); } }
    }
    refresh();
  };
  const start = async () => {
    try { await api.start(roomId, st.mine ? st.mine.token : null); refresh(); } catch (e) { toast(e.message); }
  };
  const toReplay = () => { location.hash = `#/replay/${encodeURIComponent(roomId)}`; };

  // ------------------------------------------------------------------ the WebSocket
  const connect = () => {
    if (st.closed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/rooms/${encodeURIComponent(roomId)}`);
    st.ws = ws;
    st.awaitingHello = true;
    ws.addEventListener("open", () => {
      st.retry = 0;
      ws.send(JSON.stringify(st.mine ? { type: "hello", token: st.mine.token } : { type: "hello" }));
      root.classList.remove("offline");
    });
    ws.addEventListener("message", (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (_) { return; }
      onMessage(msg);
    });
    ws.addEventListener("close", () => {
      if (st.ws !== ws) return;
      st.ws = null;
      if (st.closed) return;
      root.classList.add("offline");
      const wait = Math.min(8000, 500 * 2 ** st.retry++);
      setTimeout(() => { if (!st.closed && !st.ws) connect(); }, wait);
    });
  };
  const reconnect = () => {
    const old = st.ws;
    st.ws = null;
    if (old) try { old.close(); } catch (_) { /* already closed */ }
    st.log = [];
    connect();
  };
  const send = (obj) => {
    if (st.ws && st.ws.readyState === WebSocket.OPEN) { st.ws.send(JSON.stringify(obj)); return true; }
    toast(t("disconnected"));
    return false;
  };

  const onMessage = (msg) => {
    if (msg.type === "update") {
            st.awaitingHello = false;
      const events = Array.isArray(msg.events) ? msg.events : [];
      if (msg.full) st.log = [];
      st.log.push(...events);
      const prevStatus = st.update && st.update.status;
      if (msg.notice && (!st.update || st.update.notice !== msg.notice)) toast(msg.notice);
      st.update = msg;
      st.thinking = typeof msg.thinking === "number" ? msg.thinking : null;
      if (st.mine && typeof msg.seat === "number" && st.mine.seat !== msg.seat) {
        // A coach link gives a token only: the server says which seat it holds.
        st.mine = { seat: msg.seat, token: st.mine.token };
        saveSeat(roomId, msg.seat, st.mine.token);
      }
      root.dataset.seq = String(msg.seq);
      root.dataset.label = (msg.decision && msg.decision.label) || "";
      if (st.summary && Array.isArray(msg.seats)) { st.summary.seats = msg.seats; st.summary.status = msg.status; }
      if (st.build && !myDecision()) st.build = null;
      if (st.selected && !handHas(st.selected)) st.selected = null;
      if (st.queue.length && myDecision()) {
        const next = st.queue.shift();
        sendAct(next);
      }
      paintHead();
      paintTable();
      paintActions();
      if (msg.full) repaintLog(); else appendLog(events, false);
      paintSeats();
    } else if (msg.type === "thinking") {
      // A bot has been deciding for a while (seat), or has stopped (null): public, nothing of its search.
      st.thinking = typeof msg.seat === "number" ? msg.seat : null;
      paintHead();
      // Only the marks change in the seat list (a repaint would wipe a name or budget being typed).
      seatsEl.querySelectorAll(".seat-thinking").forEach((el) => el.remove());
      const row = st.thinking === null ? null : seatsEl.querySelector(`.seat-row[data-seat="${st.thinking}"] .seat-who`);
      if (row) row.after(thinkingMark());
    } else if (msg.type === "preview") {
      if (st.build && sameList(msg.actions, st.build.picks)) {
        st.build.legal = msg.legal || [];
        paintActions();
        paintTable();
      }
    } else if (msg.type === "error") {
      if (st.awaitingHello && msg.code === "auth" && st.mine) {
        // The saved token holds no seat here any more: watch instead.
        st.mine = null;
        saveSeat(roomId, null, null);
        paintSeats();
        return;
      }
      if (st.build && st.build.legal === null) {
        // The server does not offer previews: send the picks as they are made (no cancel).
        st.previewOk = false;
        const picks = st.build.picks;
        st.build = null;
        picks.forEach((p, i) => (i === 0 ? sendAct(p) : st.queue.push(p)));
        return;
      }
      st.queue = [];
      const rule = msg.rule ? ` [${msg.rule}]` : "";
      toast(`${t("error")}: ${msg.message || msg.code}${rule}`);
    }
  };

  const handHas = (card) => {
    const v = st.update && st.update.view;
    const hand = v && (v.hand || (v.sides && v.seat !== null && v.sides[v.seat] && v.sides[v.seat].hand));
    return Array.isArray(hand) && hand.some((c) => String(c).split(":")[0] === card);
  };

  const sendAct = (text) => send({ type: "act", action: text, seq: st.update ? st.update.seq : 0 });

  // A click on a legal action. A first pick of a multi-card play starts a build: the picks stay
  // in this page (cancellable) until the last card, then go to the server one by one.
  const choose = (text) => {
    const tb = table();
    hideInfo();
    if (st.build) {
      const picks = [...st.build.picks, text];
      if (tb.isPick && tb.isPick(text)) {
        st.build = { picks, legal: null };
        send({ type: "preview", actions: picks });
        paintActions();
        paintTable();
        return;
      }
      st.build = null;
      st.selected = null;
      sendAct(picks[0]);
      st.queue.push(...picks.slice(1));
      paintActions();
      return;
    }
    if (st.previewOk && tb.isPick && tb.isPick(text)) {
      st.build = { picks: [text], legal: null };
      send({ type: "preview", actions: [text] });
      paintActions();
      paintTable();
      return;
    }
    st.selected = null;
    sendAct(text);
  };
  const cancelBuild = () => { st.build = null; paintActions(); paintTable(); };

  // ------------------------------------------------------------------ painting
  const paintHead = () => {
    const sum = st.summary;
    const u = st.update;
    const tb = table();
    const d = u && u.decision;
    // "bot 1 is thinking…" (the server says so after half a second): in place of "Waiting for bot 1" when it is
    // that bot's decision, else after the banner (a seat answering ahead while the bot decides).
    const over = u && (u.status === "finished" || (d && d.kind === "over"));
    const thinking = st.thinking !== null && !over
      ? h("span", { class: "thinking", id: "thinking", dataset: { seat: st.thinking } },
        h("strong", { text: seatName(st.thinking) }), ` ${t("is_thinking")}`)
      : null;
    let banner;
    let aside = thinking;
    if (!u) banner = h("span", { class: "muted", text: "…" });
    else if (u.status === "finished" || (d && d.kind === "over")) banner = h("strong", { class: "over", text: tb.outcomeText ? tb.outcomeText(ctx()) : t("over") });
    else if (myDecision()) banner = h("strong", { class: "mine", text: `▶ ${t("your_turn")}${d.label ? ` · ${tb.labelText ? tb.labelText(d.label) : d.label}` : ""}` });
    else if (d && d.seat !== null && d.seat !== undefined) {
      const others = (d.seats || []).filter((x) => x !== d.seat);
      const who = thinking && st.thinking === d.seat ? [thinking] : [`${t("waiting_for")} `, h("strong", { text: seatName(d.seat) })];
      if (who[0] === thinking) aside = null;
      banner = h("span", { class: "waiting" }, ...who,
        d.label ? ` · ${tb.labelText ? tb.labelText(d.label) : d.label}` : "",
        others.length ? ` (+ ${others.map(seatName).join(", ")})` : "");
    } else banner = h("span", { class: "muted", text: t(u.status || "waiting") });
    const clock = h("span", { class: "clock", id: "clock" });
    replace(headEl,
      h("h1", { text: sum ? `${gameName(st.games.find((g) => g.id === sum.game) || { id: sum.game, name: sum.game })} · ${t("room")} ${roomId}` : roomId }),
      h("div", { class: "score", id: "score" }, u && tb.score ? tb.score(ctx()) : null),
      h("div", { class: "decision", id: "decision", "aria-live": "polite" }, banner, aside ? " · " : null, aside, clock),
      st.mine === null ? h("span", { class: "badge", text: t("spectating") }) : null);
    tick();
  };

  const tick = () => {
    const el = headEl.querySelector("#clock");
    const dl = st.update && st.update.deadline;
    if (!el) return;
    if (!dl) { el.textContent = ""; return; }
    const left = Math.max(0, Math.round(dl - Date.now() / 1000));
    el.textContent = ` · ${t("time_left")} ${left}s`;
  };
  const clockTimer = setInterval(tick, 1000);

  const paintTable = () => {
    if (!st.update || !st.update.view) { replace(tableEl, h("p", { class: "muted", text: t("waiting") })); return; }
    try {
      replace(tableEl, table().render(ctx()));
    } catch (e) {
      console.error(e);
      replace(tableEl, h("pre", { text: JSON.stringify(st.update.view, null, 1) }));
    }
  };

  const paintActions = () => {
    const c = ctx();
    const tb = table();
    const list = c.legal || [];
    const parts = [h("h2", { text: st.build ? t("building") : t("actions") })];
    if (st.build) {
      parts.push(h("div", { class: "build", id: "build" },
        h("span", { text: st.build.picks.map((p) => (tb.label ? tb.label(p, c) : p)).join(" + ") }),
        h("button", { id: "cancel-build", class: "cancel", text: `${t("cancel")} (Esc)`, onclick: cancelBuild })));
      if (st.build.legal === null) parts.push(h("p", { class: "muted", text: "…" }));
    }
    if (st.update && st.update.ahead) {
      parts.push(h("p", { class: "muted", id: "ahead", text: t("ahead") }));
      const queued = st.update.queued || [];
      if (queued.length) parts.push(h("p", { id: "queued", text: `${t("queued")}: ${queued.map((q) => (tb.label ? tb.label(q, c) : q)).join(" + ")}` }));
    }
    if (!myDecision() && !st.build) {
      parts.push(h("p", { class: "muted", text: t("no_choice") }));
    } else if (list.length) {
      const shown = c.selected && tb.cardOf ? list.filter((a) => tb.cardOf(a) === c.selected) : list;
      const groups = new Map();
      for (const a of shown.length ? shown : list) {
        const g = tb.group ? tb.group(a, c) : "";
        if (!groups.has(g)) groups.set(g, []);
        groups.get(g).push(a);
      }
      let n = 0;
      for (const [g, acts] of groups) {
        parts.push(h("div", { class: "group" },
          g ? h("div", { class: "group-title", text: g }) : null,
          h("div", { class: "buttons" }, acts.map((a) => {
            n += 1;
            const key = n <= 9 ? String(n) : n === 10 ? "0" : "";
            return h("button", {
              class: "act", dataset: { action: a }, title: a,
              onclick: () => choose(a),
            }, key ? h("kbd", { text: key }) : null, " ", tb.label ? tb.label(a, c) : a);
          }))));
      }
    }
    replace(actionsEl, ...parts);
  };

  const appendLog = (events, reset) => {
    if (reset) replace(logEl);
    const c = ctx();
    const tb = table();
    const atBottom = logEl.scrollHeight - logEl.scrollTop - logEl.clientHeight < 40;
    for (const ev of events) logEl.append(h("li", { class: `ev ev-${String(ev.kind).replace(/[^a-z0-9-]/gi, "")}` }, eventLine(ev, c, tb)));
    if (atBottom || reset) logEl.scrollTop = logEl.scrollHeight;
  };

  const repaintLog = () => {
    replace(logEl);
    appendLog(st.log, false);
  };

  const paintAll = () => {
    const cup = st.summary && st.summary.tournament;
    crumbs({ text: t("lobby"), href: "#/" }, ...(cup ? [{ text: `${t("world_cups")} #${cup.id}`, href: `#/cup/${cup.id}` }] : []),
      { text: `${t("room")} ${roomId}` });
    paintSeats();
    paintHead();
    paintTable();
    paintActions();
    repaintLog();
  };

  // ------------------------------------------------------------------ keyboard
  const onKey = (ev) => {
    if (ev.target && /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName)) return;
    if (ev.key === "Escape" && st.build) { cancelBuild(); ev.preventDefault(); return; }
    if (/^[0-9]$/.test(ev.key) && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      const n = ev.key === "0" ? 10 : Number(ev.key);
      const btn = actionsEl.querySelectorAll("button.act")[n - 1];
      if (btn) { btn.click(); ev.preventDefault(); }
    }
  };
  document.addEventListener("keydown", onKey);
  wireInfo(root, game);

  const offLang = onLang(async () => {
    if (st.summary) await loadTexts(st.summary.game);
    paintAll();
  });

  refresh();
  return () => {
    st.closed = true;
    offLang();
    clearInterval(clockTimer);
    document.removeEventListener("keydown", onKey);
    if (st.ws) try { st.ws.close(); } catch (_) { /* closing */ }
    hideInfo();
  };
}

function sameList(a, b) {
  return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]);
}

function localStorageName() {
  try { return localStorage.getItem("pitchside.name") || ""; } catch (_) { return ""; }
}
function rememberName(name) {
  try { if (name) localStorage.setItem("pitchside.name", name); } catch (_) { /* ignore */ }
}

// The budgets the bot choice suggests (any other in the same grammar may be typed): [value, label text key].
const BUDGETS = [["200", "budget_200"], ["500", "budget_500"], ["1000", "budget_1000"], ["1s", "budget_1s"], ["2s", "budget_2s"]];

// A bot seat's agent as a record names it: ismcts:500, ismcts:1s, heuristic.
function botName(s) {
  if (!s.bot) return "";
  if (s.seconds !== null && s.seconds !== undefined) return `${s.bot}:${s.seconds}s`;
  return s.budget !== null && s.budget !== undefined ? `${s.bot}:${s.budget}` : s.bot;
}

function isFree(s) {
  return s.kind ? s.kind === "free" : !!s.free;
}
