// World Cup online: the tournaments list and creation (in the lobby), and a tournament's page — group
// tables, fixtures and results, the knockout bracket, the record book — with the coach's own link.
// A coach link (#/cup/ID/coach/NAME/TOKEN) keeps the token in this browser; the token is the coach's
// seat token in each of their matches.
import { api, saveSeat } from "./api.js";
import { h, replace } from "./dom.js";
import { bi, getLang, onLang, t } from "./i18n.js";

const L = (zh, en) => (getLang() === "zh" ? zh : en);

export function cupToken(id) {
  try { return JSON.parse(localStorage.getItem(`pitchside.cup.${id}`) || "null"); } catch (_) { return null; }
}
function saveCupToken(id, coach, token) {
  try { localStorage.setItem(`pitchside.cup.${id}`, JSON.stringify({ coach, token })); } catch (_) { /* storage off */ }
}

export function coachLink(id, coach, token) {
  return `${location.origin}${location.pathname}#/cup/${id}/coach/${encodeURIComponent(coach)}/${encodeURIComponent(token)}`;
}

// ------------------------------------------------------------------ in the lobby

export function cupsPanel(toast) {
  const list = h("div", { id: "cup-list" }, h("p", { class: "muted", text: "…" }));
  const links = h("div", { id: "cup-links" });
  const name = h("input", { id: "cup-name", maxlength: "80", placeholder: L("名称", "name") });
  const seed = h("input", { id: "cup-seed", type: "number", min: "0", placeholder: t("seed") });
  const coaches = h("textarea", { id: "cup-coaches", rows: "2", spellcheck: "false", placeholder: L("每行一位教练：名字: esp, bra", "one coach a line: name: esp, bra") });
  const neutral = h("input", { id: "cup-neutral", type: "checkbox" });
  const third = h("input", { id: "cup-third", type: "checkbox" });
  const load = async () => {
    try {
      const cups = await api.cups();
      replace(list, cups.length ? h("ul", { class: "cups" }, cups.map((c) => h("li", {},
        h("a", { href: `#/cup/${c.id}`, text: `${c.name || `#${c.id}`}` }),
        h("span", { class: "muted", text: ` · ${c.status} · ${L("已赛", "played")} ${c.played} · ${(c.coaches || []).join(", ")}` }))))
        : h("p", { class: "muted", text: L("还没有世界杯", "No World Cup yet") }));
    } catch (e) {
      // A server without World Cups (an older one) has no such endpoint: the panel says so, quietly.
      if (e.status === 404) { const panel = list.closest("section"); if (panel) panel.hidden = true; return; }
      replace(list, h("p", { class: "muted", text: e.message }));
    }
  };
  const submit = async (ev) => {
    ev.preventDefault();
    const body = { name: name.value.trim(), coaches: {}, neutral: neutral.checked, third_place: third.checked };
    if (seed.value !== "") body.seed = Number(seed.value);
    for (const line of coaches.value.split("\n")) {
      const m = line.match(/^\s*([^:]+?)\s*[:：]\s*(.+)$/);
      if (m) body.coaches[m[1]] = m[2].split(/[,，\s]+/).filter(Boolean);
    }
    try {
      const r = await api.createCup(body);
      replace(links, h("p", { text: L("每位教练一条私密链接（只发给本人）：", "One secret link per coach (send each only to that coach):") }),
        h("ul", {}, Object.entries(r.links || {}).map(([coach, token]) => h("li", {},
          h("b", { text: `${coach}: ` }), h("input", { class: "coach-link", readonly: true, value: coachLink(r.id, coach, token), dataset: { coach } })))),
        h("a", { class: "button", href: `#/cup/${r.id}`, text: L("查看赛事", "Open the tournament") }));
      load();
    } catch (e) { toast(e.message); }
  };
  load();
  return h("div", {},
    list,
    h("form", { class: "create", onsubmit: submit },
      h("label", {}, L("名称", "Name"), " ", name), h("label", {}, t("seed"), " ", seed),
      h("label", { class: "wide" }, L("教练与球队", "Coaches and teams"), " ", coaches),
      h("label", {}, neutral, L(" 中立规则", " neutral rule")), h("label", {}, third, L(" 季军赛", " third-place match")),
      h("button", { type: "submit", id: "create-cup", class: "primary", text: L("创建世界杯", "Create World Cup") })),
    links);
}

// ------------------------------------------------------------------ a tournament's page

export function renderCup({ app, toast, crumbs }, id, coach, token) {
  if (coach && token) {
    saveCupToken(id, coach, token);
    history.replaceState(null, "", `#/cup/${id}`); // the token leaves the address bar
  }
  const root = h("div", { class: "cup" });
  app.append(root);
  let page = null;
  let timer = null;
  const me = () => cupToken(id);
  const team = (tid) => (page && page.teams[tid] ? bi(page.teams[tid]) : tid);

  const playRoom = (rid) => {
    const mine = me();
    if (mine) saveSeat(rid, null, mine.token); // the seat is learnt from the server's first update
    location.hash = `#/room/${encodeURIComponent(rid)}`;
  };

  const paint = () => {
    crumbs({ text: t("lobby"), href: "#/" }, { text: page ? page.name || `#${id}` : `#${id}` });
    if (!page) { replace(root, h("p", { text: "…" })); return; }
    const mine = me();
    const myTeams = mine && page.coaches[mine.coach] ? page.coaches[mine.coach].teams : [];
    const next = page.next;
    const nextMine = next && (myTeams.includes(next.home) || myTeams.includes(next.away));
    const head = h("section", { class: "panel" },
      h("h1", { text: page.name || `World Cup #${id}` }),
      h("p", {}, `${t("status")}: ${page.status} · ${L("已赛", "played")} ${page.played}`,
        page.champion ? h("b", { text: ` · ${L("冠军", "Champion")}: ${team(page.champion)}` }) : null),
      mine ? h("p", { id: "cup-me" }, `${L("你是教练", "You coach as")} `, h("b", { text: mine.coach }), `: ${myTeams.map(team).join(", ")}`) : null,
      h("p", { class: "coaches" }, `${L("教练", "Coaches")}: `, Object.entries(page.coaches).map(([c, v], i) =>
        h("span", { text: `${i ? " · " : ""}${c} (${v.teams.map(team).join(", ")})` }))),
      next ? h("div", { class: "next", id: "cup-next" },
        `${L("下一场", "Next match")}: ${next.label || next.stage} — ${team(next.home)} v ${team(next.away)} `,
        page.room ? h("button", { id: "cup-play", class: nextMine ? "primary" : "", text: nextMine ? L("去比赛", "Play your match") : t("watch"), onclick: () => playRoom(page.room) }) : null)
        : null);
    const groups = h("section", { class: "panel" }, h("h2", { text: L("小组积分", "Group tables") }),
      h("div", { class: "groups" }, Object.entries(page.groups).map(([g, rows]) => h("table", { class: "group-table", dataset: { group: g } },
        h("caption", { text: `${L("小组", "Group")} ${g}` }),
        h("thead", {}, h("tr", {}, ["", "P", "W", "D", "L", "GF", "GA", "GD", "Pts"].map((x) => h("th", { text: x })))),
        h("tbody", {}, rows.map((r) => h("tr", { class: myTeams.includes(r.team) ? "mine" : "" },
          h("td", { text: team(r.team) }), [r.played, r.won, r.drawn, r.lost, r.scored, r.conceded, r.difference, r.points].map((x) => h("td", { text: x })))))))));
    const stages = {};
    for (const f of page.fixtures) (stages[f.stage] = stages[f.stage] || []).push(f);
    const fixture = (f) => h("li", { class: ["fixture", f.result ? "done" : "", next && f.number === next.number ? "is-next" : ""] },
      h("span", { class: "muted", text: `#${f.number} ${f.label || ""} ` }),
      h("span", { text: `${team(f.home)} v ${team(f.away)}` }),
      f.text ? h("b", { text: ` · ${f.text}` }) : null);
    const bracketStages = Object.keys(stages).filter((s) => s !== "group");
    const bracket = h("section", { class: "panel" }, h("h2", { text: L("淘汰赛", "Knockout bracket") }),
      bracketStages.length ? h("div", { class: "bracket", id: "bracket" }, bracketStages.map((s) => h("div", { class: "round" },
        h("h3", { text: page.stages && page.stages[s] ? page.stages[s] : s }), h("ol", {}, stages[s].map(fixture)))))
        : h("p", { class: "muted", text: L("小组赛后产生", "Drawn after the group stage") }));
    const fixtures = h("section", { class: "panel" }, h("details", {}, h("summary", { text: L("小组赛赛程与结果", "Group fixtures and results") }),
      h("ol", { class: "fixtures" }, (stages.group || []).map(fixture))));
    const book = h("section", { class: "panel" }, h("details", { id: "record-book" }, h("summary", { text: L("纪录册", "Record book") }), tree(page.record_book)));
    replace(root, head, groups, bracket, fixtures, book);
  };

  const load = async () => {
    try { page = await api.cup(id); } catch (e) { toast(e.message); }
    paint();
  };
  load();
  timer = setInterval(load, 5000);
  const off = onLang(paint);
  return () => { clearInterval(timer); off(); };
}

// Any JSON value as nested lists of text (the record book).
function tree(value) {
  if (value === null || value === undefined) return h("span", { class: "muted", text: "–" });
  if (Array.isArray(value)) return h("ol", {}, value.map((v) => h("li", {}, tree(v))));
  if (typeof value === "object") return h("ul", { class: "tree" }, Object.entries(value).map(([k, v]) => h("li", {}, h("b", { text: `${k}: ` }), tree(v))));
  return h("span", { text: String(value) });
}
