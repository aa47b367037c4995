// REST calls (WEB.md). An error reply {"detail": {"code", "message"}} becomes an ApiError.
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, body, headers = {}) {
  const init = { method, headers: { ...headers } };
  if (body !== undefined) {
    if (typeof body === "string") {
      init.body = body;
      init.headers["content-type"] = "application/x-ndjson";
    } else {
      init.body = JSON.stringify(body);
      init.headers["content-type"] = "application/json";
    }
  }
  const res = await fetch(path, init);
  const type = res.headers.get("content-type") || "";
  const data = type.includes("json") && !type.includes("ndjson") ? await res.json().catch(() => null) : await res.text();
  if (!res.ok) {
    const d = data && data.detail;
    if (d && typeof d === "object" && !Array.isArray(d)) throw new ApiError(res.status, d.code, d.message);
    if (Array.isArray(d)) throw new ApiError(res.status, "invalid", d.map((e) => e.msg || JSON.stringify(e)).join("; "));
    throw new ApiError(res.status, "http", typeof d === "string" ? d : `HTTP ${res.status}`);
  }
  return data;
}

const enc = encodeURIComponent;
export const api = {
  games: () => call("GET", "/api/games"),
  texts: (game, lang) => call("GET", `/api/games/${enc(game)}/texts?lang=${enc(lang)}`),
  rooms: () => call("GET", "/api/rooms"),
  room: (id) => call("GET", `/api/rooms/${enc(id)}`),
  createRoom: (body) => call("POST", "/api/rooms", body),
  join: (id, seat, name) => call("POST", `/api/rooms/${enc(id)}/seats/${seat}/join`, { name }),
  leave: (id, seat, token) => call("POST", `/api/rooms/${enc(id)}/seats/${seat}/leave`, undefined, { "x-seat-token": token }),
  bot: (id, seat, kind, budget) => call("POST", `/api/rooms/${enc(id)}/seats/${seat}/bot`, budget ? { kind, budget } : { kind }),
  start: (id, token) => call("POST", `/api/rooms/${enc(id)}/start`, undefined, token ? { "x-seat-token": token } : {}),
  recordUrl: (id) => `/api/rooms/${enc(id)}/record`,
  record: (id) => call("GET", `/api/rooms/${enc(id)}/record`),
  uploadReplay: (text) => call("POST", "/api/replays", text),
  cups: () => call("GET", "/api/tournaments"),
  cup: (id) => call("GET", `/api/tournaments/${enc(id)}`),
  createCup: (body) => call("POST", "/api/tournaments", body),
  nextCupMatch: (id) => call("POST", `/api/tournaments/${enc(id)}/next`),
  replayInfo: (id) => call("GET", `/api/replays/${enc(id)}`),
  replayStep: (id, n, seat) => call("GET", `/api/replays/${enc(id)}/step/${n}${seat === null || seat === undefined ? "" : `?seat=${seat}`}`),
};

// Seat tokens live in this browser only (localStorage), one per room.
export function savedSeat(roomId) {
  try {
    const raw = localStorage.getItem(`pitchside.seat.${roomId}`);
    return raw ? JSON.parse(raw) : null;
  } catch (_) { return null; }
}

export function saveSeat(roomId, seat, token) {
  try {
    if (!token) localStorage.removeItem(`pitchside.seat.${roomId}`);
    else localStorage.setItem(`pitchside.seat.${roomId}`, JSON.stringify({ seat, token }));
  } catch (_) { /* storage off: the seat lasts this page only */ }
}
