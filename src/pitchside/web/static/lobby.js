// The lobby: the games, the rooms (open and finished), a form to create a room, and a record upload
// to watch a replay.
import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { bi, getLang, onLang, t } from "./i18n.js";
import { loadTexts } from "./texts.js";
import { cupsPanel } from "./cup.js";

const BOT_KINDS = ["heuristic", "random", "ismcts"];
export { BOT_KINDS };

function gameName(g) {
  // "音速杯足球赛 TZQ Sonic Cup": the Chinese name first, then the English one.
  const name = String(g.name || g.id);
  const m = name.match(/^([^A-Za-z]+)\s+(.+)$/);
  if (!m) return name;
  return getLang() === "zh" ? m[1].trim() : m[2].trim();
}
export { gameName };

export function renderLobby({ app, toast, crumbs }) {
  let games = [];
  let rooms = [];
  let timer = null;
  const root = h("div", { class: "lobby" });
  app.append(root);

  // The lobby is drawn once its data is in: drawing it before and again after would replace the forms under a
  // person already typing in them (and a World Cup's fresh coach links with them).
  let loaded = false;
  const paint = () => {
    crumbs({ text: t("lobby") });
    if (!loaded) { replace(root, h("p", { class: "muted", text: "…" })); return; }
    replace(root,
      h("section", { class: "panel", "aria-labelledby": "create-h" },
        h("h2", { id: "create-h", text: t("create_room") }),
        createForm(games, toast)),
      h("section", { class: "panel", "aria-labelledby": "rooms-h" },
        h("h2", { id: "rooms-h", text: t("rooms") }),
        roomList(rooms, games)),
      h("section", { class: "panel", "aria-labelledby": "cups-h" },
        h("h2", { id: "cups-h", text: t("world_cups") }),
        cupsPanel(toast)),
      h("section", { class: "panel", "aria-labelledby": "replay-h" },
        h("h2", { id: "replay-h", text: t("replays") }),
        uploadForm(toast)));
  };

  const refreshRooms = async () => {
    try {
      rooms = await api.rooms();
      const list = root.querySelector("#room-list");
      if (list) list.replaceWith(roomList(rooms, games));
    } catch (e) { /* keep the last list */ }
  };

  (async () => {
    try {
      [games, rooms] = await Promise.all([api.games(), api.rooms()]);
    } catch (e) { toast(e.message); }
    loaded = true;
    paint();
    timer = setInterval(refreshRooms, 4000);
  })();
  paint();
  const off = onLang(paint);
  return () => { off(); clearInterval(timer); };
}

function roomList(rooms, games) {
  const byId = Object.fromEntries(games.map((g) => [g.id, g]));
  if (!rooms || rooms.length === 0) return h("p", { id: "room-list", class: "muted", text: t("no_rooms") });
  return h("table", { id: "room-list", class: "rooms" },
    h("thead", {}, h("tr", {},
      h("th", { text: t("room") }), h("th", { text: t("games") }), h("th", { text: t("players") }),
      h("th", { text: t("status") }), h("th", {}))),
    h("tbody", {}, rooms.map((r) => {
      const players = (r.seats || []).map((s) => s.name || (s.bot ? `${t("bot")}` : "·")).join(", ") || String(r.players ?? "");
      const status = String(r.status || "");
      return h("tr", { dataset: { room: r.id } },
        h("td", { text: r.id }),
        h("td", { text: byId[r.game] ? gameName(byId[r.game]) : r.game }),
        h("td", { text: players }),
        h("td", { text: t(status) }),
        h("td", {}, h("a", { class: "button", href: `#/room/${encodeURIComponent(r.id)}`, text: status === "finished" ? t("watch") : t("open") })));
    })));
}

function createForm(games, toast) {
  if (!games.length) return h("p", { class: "muted", text: "…" });
  const gameSel = h("select", { id: "new-game", name: "game" },
    games.map((g) => h("option", { value: g.id, text: gameName(g) })));
  const seatsSel = h("select", { id: "new-seats", name: "seats" });
  const extra = h("div", { class: "extra" });
  const seedIn = h("input", { id: "new-seed", type: "number", min: "0", inputmode: "numeric" });
  const timerIn = h("input", { id: "new-timer", type: "number", min: "0", inputmode: "numeric", placeholder: "0" });
  const optsIn = h("textarea", { id: "new-options", rows: "2", spellcheck: "false", placeholder: "{}" });

  const fillSeats = async () => {
    const g = games.find((x) => x.id === gameSel.value);
    const counts = (g && g.seat_counts) || [2];
    replace(seatsSel, counts.map((n) => h("option", { value: n, text: n })));
    if (counts.includes(4)) seatsSel.value = "4";
    replace(extra);
    if (g && g.id === "world-ball") {
      const halves = h("select", { id: "opt-halves" }, [1, 2].map((n) => h("option", { value: n, text: n })));
      const sudden = h("input", { id: "opt-sudden", type: "checkbox" });
      extra.append(h("label", {}, t("half"), " ", halves), h("label", {}, sudden, " sudden death"));
    }
    if (g && g.id === "my-world-cup") {
      const topics = await loadTexts(g.id);
      const teams = Object.entries(topics).filter(([, v]) => v.kind === "team").sort((a, b) => a[1].title.localeCompare(b[1].title));
      const pick = (id, def) => h("select", { id }, teams.map(([tid, v]) => h("option", { value: tid, text: v.title, selected: tid === def })));
      extra.append(h("label", {}, t("home"), " ", pick("opt-home", "esp")), h("label", {}, t("away"), " ", pick("opt-away", "ned")));
    }
  };
  gameSel.addEventListener("change", fillSeats);
  fillSeats();

  const submit = async (ev) => {
    ev.preventDefault();
    let options = {};
    if (optsIn.value.trim()) {
      try { options = JSON.parse(optsIn.value); } catch (_) { toast(t("bad_options")); return; }
      if (!options || typeof options !== "object" || Array.isArray(options)) { toast(t("bad_options")); return; }
    }
    const game = gameSel.value;
    const halves = document.getElementById("opt-halves");
    if (halves) options.halves = Number(halves.value);
    const sudden = document.getElementById("opt-sudden");
    if (sudden && sudden.checked) options.sudden_death = true;
    const home = document.getElementById("opt-home");
    const away = document.getElementById("opt-away");
    if (home && away) options.teams = [home.value, away.value];
    const body = { game, seats: Number(seatsSel.value), options };
    if (seedIn.value !== "") body.seed = Number(seedIn.value);
    if (timerIn.value !== "" && Number(timerIn.value) > 0) body.turn_seconds = Number(timerIn.value);
    try {
      const room = await api.createRoom(body);
      location.hash = `#/room/${encodeURIComponent(room.id)}`;
    } catch (e) { toast(e.message); }
  };

  return h("form", { class: "create", onsubmit: submit },
    h("label", {}, t("games"), " ", gameSel),
    h("label", {}, t("seats"), " ", seatsSel),
    extra,
    h("label", {}, t("seed"), " ", seedIn),
    h("label", {}, t("turn_timer"), " ", timerIn),
    h("details", {}, h("summary", { text: t("options") }), optsIn),
    h("button", { type: "submit", id: "create-room", class: "primary", text: t("create") }));
}

function uploadForm(toast) {
  const file = h("input", { type: "file", id: "record-file", accept: ".jsonl,.ndjson,.json,text/plain" });
  file.addEventListener("change", async () => {
    const f = file.files && file.files[0];
    if (!f) return;
    try {
      const text = await f.text();
      const r = await api.uploadReplay(text);
      location.hash = `#/replay/${encodeURIComponent(r.id)}`;
    } catch (e) { toast(e.message); }
  });
  return h("label", { class: "upload" }, t("upload_record"), " ", file);
}

export { bi };
