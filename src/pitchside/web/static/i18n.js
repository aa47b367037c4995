// UI strings in Chinese and English. The games' own texts (cards, roles, characters, skills, teams)
// come from GET /api/games/{game}/texts; this dictionary holds only the page's words.
const STRINGS = {
  title: ["pitchside 足球卡牌", "pitchside"],
  lobby: ["大厅", "Lobby"],
  games: ["游戏", "Games"],
  rooms: ["房间", "Rooms"],
  no_rooms: ["还没有房间", "No rooms yet"],
  create_room: ["创建房间", "Create room"],
  create: ["创建", "Create"],
  seats: ["座位数", "Seats"],
  seat: ["座位", "Seat"],
  seats_title: ["座位", "Seats"],
  seed: ["种子（可选）", "Seed (optional)"],
  options: ["选项 (JSON)", "Options (JSON)"],
  your_name: ["你的名字", "Your name"],
  join: ["坐下", "Join"],
  leave: ["离座", "Leave"],
  add_bot: ["加机器人", "Add bot"],
  fill_bots: ["空位全加机器人", "Fill empty seats with bots"],
  bot: ["机器人", "bot"],
  free: ["空位", "free"],
  you: ["你", "you"],
  start: ["开始比赛", "Start match"],
  share: ["分享链接", "Share link"],
  copied: ["已复制", "copied"],
  open: ["进入", "Open"],
  watch: ["观战", "Watch"],
  status: ["状态", "Status"],
  players: ["玩家", "Players"],
  replay: ["回放", "Replay"],
  replays: ["回放", "Replays"],
  upload_record: ["上传比赛记录 (.jsonl) 观看", "Upload a record (.jsonl) to watch"],
  download_record: ["下载比赛记录", "Download record"],
  score: ["比分", "Score"],
  deck: ["牌库", "Deck"],
  discard: ["弃牌", "Discard"],
  counter: ["牌库轮次", "Deck counter"],
  hand: ["你的手牌", "Your hand"],
  cards: ["张", "cards"],
  log: ["比赛记录", "Event log"],
  actions: ["可选动作", "Your choices"],
  waiting_for: ["等待", "Waiting for"],
  your_turn: ["轮到你了", "Your decision"],
  decision: ["决定", "Decision"],
  spectating: ["观战中", "Spectating"],
  over: ["比赛结束", "Match over"],
  winner: ["胜方", "Winner"],
  draw: ["平局", "Draw"],
  cancel: ["取消", "Cancel"],
  building: ["组合出牌", "Building a play"],
  ahead: ["还没轮到你：你的回应会保留，轮到你时按规则顺序生效", "Not your turn yet: your answer is kept and applied, in the rulebook's order, when the decision reaches you"],
  queued: ["已保留", "Kept"],
  next_card: ["选下一张牌", "Choose the next card"],
  last_card: ["选最后一张牌与目标区域", "Choose the last card and the target"],
  connected: ["已连接", "connected"],
  disconnected: ["连接中断，重连中…", "disconnected, reconnecting…"],
  error: ["错误", "Error"],
  ball: ["球", "Ball"],
  zone: ["区", "zone"],
  goal_zone: ["龙门", "goal"],
  roles: ["角色", "Roles"],
  tired: ["疲劳", "tired"],
  singing: ["唱歌", "singing"],
  stamina: ["体力", "Stamina"],
  skills: ["技能", "Skills"],
  pending: ["待判定", "Pending"],
  injured: ["受伤", "injured"],
  healthy: ["健康", "healthy"],
  may_answer: ["可回应射门", "may answer the shot"],
  saves_needed: ["还需救险", "saves still needed"],
  offers: ["可选人物", "Characters offered"],
  lineup: ["阵容（屏风后）", "Lineup (behind the screen)"],
  lineup_public: ["阵容", "Lineup"],
  half_top: ["上半", "top"],
  half_bottom: ["下半", "bottom"],
  reveal: ["亮牌", "Reveal"],
  dice: ["骰子", "Dice"],
  pairing: ["配对", "Pairing"],
  preview: ["预览", "Preview"],
  hidden: ["暗置", "face down"],
  ready: ["已就绪", "ready"],
  phase: ["阶段", "Phase"],
  info: ["说明", "Info"],
  tap_for_text: ["点按或悬停卡牌、角色、人物、技能、球队查看全文", "Hover or tap any card, role, character, skill or team for its full text"],
  step: ["步", "Move"],
  first: ["开头", "Start"],
  prev: ["上一步", "Back"],
  next: ["下一步", "Forward"],
  last: ["结尾", "End"],
  view_as: ["视角", "View as"],
  spectator: ["观众", "spectator"],
  time_left: ["剩余时间", "time left"],
  language: ["English", "中文"],
  room: ["房间", "Room"],
  waiting: ["等待开始", "waiting"],
  playing: ["进行中", "playing"],
  finished: ["已结束", "finished"],
  blue: ["蓝队", "Blue"],
  red: ["红队", "Red"],
  team_a: ["A队", "Team A"],
  team_b: ["B队", "Team B"],
  home: ["主队", "Home"],
  away: ["客队", "Away"],
  no_choice: ["现在没有你的决定", "Nothing to decide now"],
  bad_options: ["选项不是合法的 JSON 对象", "Options are not a JSON object"],
  kind: ["类型", "kind"],
  budget: ["预算", "budget"],
  is_thinking: ["正在思考…", "is thinking…"],
  budget_hint: ["500 或 1s", "500 or 1s"],
  budget_200: ["每步 200 次模拟（默认）", "200 iterations a decision (default)"],
  budget_500: ["每步 500 次模拟", "500 iterations a decision"],
  budget_1000: ["每步 1000 次模拟", "1000 iterations a decision"],
  budget_1s: ["每步思考 1 秒", "1 second a decision"],
  budget_2s: ["每步思考 2 秒", "2 seconds a decision"],
  shootout: ["点球大战", "Shoot-out"],
  elsewhere: ["其他球队手中", "held elsewhere"],
  rolls: ["掷骰", "Rolls"],
  period: ["时段", "Period"],
  active: ["当前回合", "Active"],
  half: ["半场", "Half"],
  stack: ["待回应", "Open windows"],
  world_cups: ["世界杯 2010", "World Cup 2010"],
  only_you: ["仅你可见", "only you see this"],
  turn_timer: ["回合计时（秒）", "Turn timer (s)"],
  goal: ["进球", "GOAL"],
};

let lang = (() => {
  try {
    const saved = localStorage.getItem("pitchside.lang");
    if (saved === "zh" || saved === "en") return saved;
  } catch (_) { /* storage may be off */ }
  return (navigator.language || "en").toLowerCase().startsWith("zh") ? "zh" : "en";
})();

const listeners = new Set();

export function getLang() { return lang; }

export function setLang(next) {
  lang = next === "zh" ? "zh" : "en";
  try { localStorage.setItem("pitchside.lang", lang); } catch (_) { /* ignore */ }
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  for (const fn of listeners) fn(lang);
}

export function onLang(fn) { listeners.add(fn); return () => listeners.delete(fn); }

export function t(key) {
  const pair = STRINGS[key];
  if (!pair) return key;
  return pair[lang === "zh" ? 0 : 1];
}

// A bilingual pair from the games' data ({zh, en}) in the current language.
export function bi(obj) {
  if (!obj) return "";
  return obj[lang] || obj.en || obj.zh || "";
}
