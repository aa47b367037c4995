// pitchside in the browser: a hash router over the lobby, a room (its table over the WebSocket)
// and the replay viewer. No build step: plain ES modules.
import { getLang, onLang, setLang, t } from "./i18n.js";
import { clear, h, replace } from "./dom.js";
import { renderLobby } from "./lobby.js";
import { renderRoom } from "./room.js";
import { renderReplay } from "./replay.js";
import { renderCup } from "./cup.js";

const app = document.getElementById("app");
const langButton = document.getElementById("lang");
let teardown = null;

export function toast(message, kind = "error") {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.className = `toast ${kind}`;
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.hidden = true; }, 6000);
}

export function crumbs(...items) {
  const nav = document.getElementById("crumbs");
  replace(nav, ...items.map((it) => (it.href ? h("a", { href: it.href, text: it.text }) : h("span", { text: it.text }))));
}

function route() {
  if (teardown) { try { teardown(); } catch (e) { console.warn(e); } teardown = null; }
  clear(app);
  const hash = location.hash.replace(/^#\/?/, "");
  const [page, id, , coach, token] = hash.split("/");
  const ctx = { app, toast, crumbs };
  if (page === "room" && id) teardown = renderRoom(ctx, decodeURIComponent(id));
  else if (page === "replay" && id) teardown = renderReplay(ctx, decodeURIComponent(id));
  else if (page === "cup" && id) teardown = renderCup(ctx, decodeURIComponent(id), coach && decodeURIComponent(coach), token && decodeURIComponent(token));
  else teardown = renderLobby(ctx);
}

function paintLang() {
  langButton.textContent = t("language");
  document.title = t("title");
  document.documentElement.lang = getLang() === "zh" ? "zh-CN" : "en";
}

langButton.addEventListener("click", () => setLang(getLang() === "zh" ? "en" : "zh"));
onLang(paintLang);
paintLang();
window.addEventListener("hashchange", route);
route();
