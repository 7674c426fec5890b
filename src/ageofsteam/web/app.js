// Age of Steam — the browser client. Plain JavaScript modules, no build step; talks to the server's
// JSON API (docs/web-api.md) and follows every game live over its WebSocket.

const PLAYER_COLOURS = {
  blue: "#2b6fdc", green: "#2e9e45", yellow: "#f5d23a", pink: "#f08cc3", grey: "#7b7b7b", gray: "#7b7b7b",
  orange: "#f28a1e", red: "#d43a2f", purple: "#8a46b4", brown: "#8b5a2b", black: "#1e1e1e", white: "#fafafa",
  cyan: "#25b7c9", teal: "#1a9c8c",
};
const GOODS_COLOURS = {
  red: "#d3292f", blue: "#2360c4", purple: "#7d3fa3", yellow: "#f3c623", black: "#232323", white: "#f4f4f4",
  green: "#2f9a48", orange: "#ee8a1c", grey: "#9a9a9a", pink: "#ef8cbc",
};
const DEFAULT_NAMES = ["Ada", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal"];
// the bot levels (GET /api/bots gives them; these stand in for an older server)
const BOT_LEVELS = [
  { level: "random", title: "Easy", about: "a careless beginner" },
  { level: "steady", title: "Medium", about: "plans each move, at once" },
  { level: "strong", title: "Hard", about: "looks ahead before each move" },
];
const DEFAULT_BOT = "random";
const SVG_NS = "http://www.w3.org/2000/svg";
const TOKENS_KEY = "aos.tokens";

// --- small helpers -----------------------------------------------------------------------------------

/** Build a DOM element: h("div", {class: "x", onclick: f}, child, "text", …). */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else if (k in el && typeof v !== "string") el[k] = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Replace an element's children, leaving out null/false entries. */
function setKids(el, ...kids) {
  el.replaceChildren(...kids.flat(Infinity).filter((k) => k !== null && k !== undefined && k !== false));
}

function svgEl(tag, attrs = {}) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

const playerColour = (name) => PLAYER_COLOURS[(name || "").toLowerCase()] || name || "#888";
const goodsColour = (name) => GOODS_COLOURS[(name || "").toLowerCase()] || name || "#888";
const money = (n) => (n < 0 ? `−$${-n}` : `$${n}`);
const playerRange = ([lo, hi]) => (lo === hi ? `${lo} player${lo === 1 ? "" : "s"}` : `${lo}–${hi} players`);
const titleCase = (s) => String(s).replace(/[_-]/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

function swatch(colour, extra = "") {
  return h("span", { class: `swatch ${extra}`, style: { background: playerColour(colour) }, title: colour });
}

/** The badge of a bot seat: its level as players know it ("Hard bot"). */
function botBadge(seat) {
  if (!seat || !seat.bot) return null;
  const title = seat.bot_title || (BOT_LEVELS.find((b) => b.level === seat.bot) || {}).title;
  return h("span", { class: "badge badge-bot", "data-bot": seat.bot }, title ? `${title} bot` : "bot");
}

function cube(colour, title) {
  return h("span", { class: "cube", style: { background: goodsColour(colour) }, title: title || `${colour} cube` });
}

class ApiError extends Error {
  constructor(status, body) {
    super((body && body.detail) || `The server answered ${status}`);
    this.status = status;
    this.code = body && body.code;
    this.field = body && body.field;
  }
}

async function api(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, { detail: "The server cannot be reached. Is it still running?" });
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { detail: text.slice(0, 200) };
  }
  if (!res.ok) {
    if (data && Array.isArray(data.detail)) data = { detail: data.detail.map((d) => d.msg).join("; ") };
    throw new ApiError(res.status, data);
  }
  return data;
}

let toastTimer = null;
function toast(message, kind = "error") {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.className = `toast toast-${kind}`;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, kind === "error" ? 7000 : 2500);
}

function storedTokens() {
  try {
    return JSON.parse(localStorage.getItem(TOKENS_KEY) || "{}");
  } catch {
    return {};
  }
}

function storeToken(gameId, token, label) {
  const all = storedTokens();
  all[gameId] = { token, label, saved: Date.now() };
  localStorage.setItem(TOKENS_KEY, JSON.stringify(all));
}

async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = h("textarea", { style: { position: "fixed", opacity: "0" } }, text);
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  if (button) {
    const old = button.textContent;
    button.textContent = "Copied ✓";
    button.classList.add("copied");
    setTimeout(() => { button.textContent = old; button.classList.remove("copied"); }, 1500);
  }
}

const absoluteUrl = (path) => new URL(path, location.origin).href;

// --- the lobby ------------------------------------------------------------------------------------

const lobby = { maps: [], bots: BOT_LEVELS, created: null, timer: null };

async function showLobby() {
  document.title = "Age of Steam — Lobby";
  const app = document.getElementById("app");
  setKids(app, 
    h("div", { class: "lobby" },
      h("section", { class: "panel create", id: "create" }, h("h2", {}, "New game"), h("p", { class: "muted" }, "Loading maps…")),
      h("div", { class: "lobby-side" },
        h("section", { class: "panel", id: "created", hidden: true }),
        h("section", { class: "panel join" },
          h("h2", {}, "Join a game"),
          h("form", { class: "join-form", onsubmit: (e) => { e.preventDefault(); joinByLink(); } },
            h("input", { id: "join-link", type: "text", placeholder: "Paste a join link", "aria-label": "Join link" }),
            h("button", { type: "submit", class: "btn" }, "Join"))),
        h("section", { class: "panel", id: "mine", hidden: true }),
        openRecordControl(),
        h("section", { class: "panel games", id: "games" }, h("h2", {}, "Games"), h("p", { class: "muted" }, "Loading…")))));
  try {
    const [maps, bots] = await Promise.all([api("GET", "/api/maps"), api("GET", "/api/bots").catch(() => null)]);
    lobby.maps = maps;
    if (Array.isArray(bots) && bots.length) lobby.bots = bots;
  } catch (err) {
    setKids(document.getElementById("create"), h("h2", {}, "New game"), h("p", { class: "error" }, err.message));
    return;
  }
  renderCreateForm();
  renderMine();
  refreshGames();
  clearInterval(lobby.timer);
  lobby.timer = setInterval(refreshGames, 5000);
}

function joinByLink() {
  const raw = document.getElementById("join-link").value.trim();
  if (!raw) return;
  let url;
  try {
    url = new URL(raw, location.origin);
  } catch {
    toast("That is not a link.");
    return;
  }
  if (!/^\/game\/[^/]+$/.test(url.pathname)) {
    toast("A join link looks like …/game/GAME?token=…");
    return;
  }
  location.href = url.pathname + url.search;
}

function renderCreateForm() {
  const box = document.getElementById("create");
  const mapSelect = h("select", { id: "map", name: "map" },
    lobby.maps.map((m) => h("option", { value: m.id }, `${m.name} (${playerRange(m.players)})`)));
  const defaultMap = lobby.maps.find((m) => m.id === "rust-belt") || lobby.maps[0];
  if (defaultMap) mapSelect.value = defaultMap.id;
  const playersSelect = h("select", { id: "players", name: "players" });
  const seatsBox = h("div", { class: "seats", id: "seats" });
  const optionsBox = h("div", { class: "options", id: "options" });
  const mapInfo = h("p", { class: "muted map-info" });
  const seed = h("input", { id: "seed", type: "number", min: "0", placeholder: "random" });
  const mode = h("div", { class: "mode" },
    h("label", {}, h("input", { type: "radio", name: "mode", value: "online", checked: true }),
      h("span", {}, h("b", {}, "Online"), " — one join link per human seat")),
    h("label", {}, h("input", { type: "radio", name: "mode", value: "hotseat", id: "mode-hotseat" }),
      h("span", {}, h("b", {}, "Hot seat"), " — this browser plays every human seat")));
  const seatRows = [];

  const currentMap = () => lobby.maps.find((m) => m.id === mapSelect.value);

  function fillPlayers() {
    const m = currentMap();
    const old = Number(playersSelect.value) || 0;
    setKids(playersSelect, );
    for (let n = m.players[0]; n <= m.players[1]; n++) playersSelect.append(h("option", { value: n }, `${n} player${n === 1 ? "" : "s"}`));
    playersSelect.value = String(Math.min(Math.max(old || m.players[0], m.players[0]), m.players[1]));
    const turns = m.turns ? Object.entries(m.turns).map(([n, t]) => `${n}p: ${t ? `${t} turns` : "no turn limit"}`).join(" · ") : "";
    mapInfo.textContent = turns;
    setKids(optionsBox, );
    const opts = Object.entries(m.options || {});
    if (opts.length) optionsBox.append(h("h3", {}, "Options"));
    for (const [name, value] of opts) {
      const id = `opt-${name}`;
      let input;
      const choices = (m.option_choices || {})[name];
      if (choices) {
        input = h("select", { id, "data-option": name }, choices.map((c) => h("option", { value: String(c), "data-value": JSON.stringify(c), selected: c === value }, titleCase(String(c)))));
      } else if (typeof value === "boolean") input = h("input", { type: "checkbox", id, "data-option": name, checked: value });
      else if (typeof value === "number") input = h("input", { type: "number", id, "data-option": name, value });
      else input = h("input", { type: "text", id, "data-option": name, value: String(value) });
      optionsBox.append(h("label", { class: "option", for: id }, input, h("span", {}, titleCase(name))));
    }
    fillSeats();
  }

  function fillSeats() {
    const n = Number(playersSelect.value);
    while (seatRows.length < n) {
      const i = seatRows.length;
      const name = h("input", { type: "text", value: DEFAULT_NAMES[i] || `Player ${i + 1}`, maxlength: "40",
        "aria-label": `Seat ${i + 1} name`, class: "seat-name" });
      const kind = h("select", { class: "seat-kind", "aria-label": `Seat ${i + 1} player` },
        h("option", { value: "human" }, "Human"),
        lobby.bots.map((b) => h("option", { value: b.level, title: b.about }, `Bot: ${b.title}`)));
      kind.value = i === 0 ? "human" : lobby.bots.some((b) => b.level === DEFAULT_BOT) ? DEFAULT_BOT : lobby.bots[0].level;
      const row = h("div", { class: "seat-row" }, h("span", { class: "seat-no" }, `${i + 1}`), name, kind);
      seatRows.push({ row, name, kind });
    }
    setKids(seatsBox, h("h3", {}, "Seats"), ...seatRows.slice(0, n).map((s) => s.row));
  }

  mapSelect.addEventListener("change", fillPlayers);
  playersSelect.addEventListener("change", fillSeats);

  const submit = h("button", { type: "submit", class: "btn btn-primary btn-big", id: "create-game" }, "Create game");
  const form = h("form", { class: "create-form", onsubmit: async (e) => {
    e.preventDefault();
    const n = Number(playersSelect.value);
    const options = {};
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      const name = input.dataset.option;
      if (input.tagName === "SELECT") options[name] = JSON.parse(input.selectedOptions[0].dataset.value);
      else options[name] = input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value) : input.value;
    }
    const body = {
      map: mapSelect.value, players: n, options,
      seats: seatRows.slice(0, n).map((s) => ({ name: s.name.value.trim() || null, bot: s.kind.value === "human" ? null : s.kind.value })),
      seed: seed.value === "" ? null : Number(seed.value),
    };
    for (const s of body.seats) if (!s.name) delete s.name;
    const hotseat = form.querySelector("input[name=mode]:checked").value === "hotseat";
    submit.disabled = true;
    try {
      const game = await api("POST", "/api/games", { body });
      storeToken(game.id, game.host_token, "host");
      if (hotseat) {
        location.href = `/game/${game.id}?token=${encodeURIComponent(game.host_token)}`;
        return;
      }
      lobby.created = game;
      renderCreated();
      refreshGames();
      renderMine();
    } catch (err) {
      toast(err.message);
    } finally {
      submit.disabled = false;
    }
  } },
  h("label", { class: "field" }, h("span", {}, "Map"), mapSelect),
  mapInfo,
  h("label", { class: "field" }, h("span", {}, "Players"), playersSelect),
  seatsBox,
  optionsBox,
  h("h3", {}, "How you play"),
  mode,
  h("details", { class: "advanced" }, h("summary", {}, "Advanced"),
    h("label", { class: "field" }, h("span", {}, "Seed"), seed)),
  submit);
  setKids(box, h("h2", {}, "New game"), form);
  fillPlayers();
}

function renderCreated() {
  const game = lobby.created;
  const box = document.getElementById("created");
  box.hidden = false;
  const rows = game.seats.map((s) => {
    if (s.bot) {
      return h("li", { class: "link-row" }, swatch(s.colour), h("span", { class: "name" }, s.name),
        botBadge(s), h("span", { class: "muted grow" }, "plays by itself"));
    }
    const url = absoluteUrl(s.join_url);
    const copy = h("button", { type: "button", class: "btn btn-small", "data-copy": s.seat }, "Copy");
    copy.addEventListener("click", () => copyText(url, copy));
    return h("li", { class: "link-row" }, swatch(s.colour), h("span", { class: "name" }, s.name),
      h("input", { type: "text", readonly: true, value: url, class: "grow link", "data-seat-link": s.seat,
        onfocus: (e) => e.target.select() }),
      copy, h("a", { class: "btn btn-small", href: s.join_url }, "Play"));
  });
  const hostUrl = absoluteUrl(game.host_url);
  const hostCopy = h("button", { type: "button", class: "btn btn-small" }, "Copy");
  hostCopy.addEventListener("click", () => copyText(hostUrl, hostCopy));
  setKids(box, 
    h("h2", {}, "Game created"),
    h("p", {}, "Send each player their own link — a link acts only for its seat. Keep the host link for yourself."),
    h("ul", { class: "links" }, rows),
    h("div", { class: "link-row host" }, h("span", { class: "name" }, "Host (all human seats)"),
      h("input", { type: "text", readonly: true, value: hostUrl, class: "grow link", id: "host-link" }), hostCopy),
    h("p", {}, h("a", { class: "btn btn-primary", href: `/game/${game.id}`, id: "watch-created" }, "Open the game board")));
  box.scrollIntoView({ behavior: "smooth", block: "nearest" });
}

function renderMine() {
  const box = document.getElementById("mine");
  const mine = Object.entries(storedTokens()).sort((a, b) => b[1].saved - a[1].saved).slice(0, 8);
  if (!mine.length) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const known = Object.fromEntries((lobby.games || []).map((g) => [g.id, g]));
  setKids(box, h("h2", {}, "Your seats in this browser"),
    h("ul", { class: "mine" }, mine.map(([id, t]) => {
      const g = known[id];
      const href = `/game/${id}?token=${encodeURIComponent(t.token)}`;
      const who = t.label === "host" ? "host" : t.label;
      if (!g) return h("li", { "data-mine": id }, h("a", { href }, `Game ${id}`), h("span", { class: "muted" }, ` · ${who}`));
      const toMove = g.seats.find((s) => s.seat === g.to_move);
      const yours = g.status !== "over" && toMove && !toMove.bot && (t.label === "host" || t.label === toMove.name);
      const state = g.status === "over" ? "finished" : yours ? "your move" : toMove ? `${toMove.name} to move` : "waiting";
      return h("li", { "data-mine": id, class: yours ? "your-move" : "" },
        h("a", { href }, g.map_name || g.map),
        h("span", { class: "muted" }, ` · ${g.players} player${g.players === 1 ? "" : "s"} · ${who} · `),
        h("span", { class: yours ? "badge badge-running" : "muted" }, state));
    })));
}

function phaseName(phase) {
  return titleCase(phase || "");
}

async function refreshGames() {
  const box = document.getElementById("games");
  if (!box) return;
  let games;
  try {
    games = await api("GET", "/api/games?limit=60");
  } catch (err) {
    setKids(box, h("h2", {}, "Games"), h("p", { class: "error" }, err.message));
    return;
  }
  lobby.games = games;
  renderMine();
  const mine = storedTokens();
  const section = (title, list, empty) => [
    h("h3", {}, `${title} `, h("span", { class: "count" }, list.length)),
    list.length
      ? h("ul", { class: "game-list" }, list.map((g) => {
        const token = mine[g.id] && mine[g.id].token;
        const href = token ? `/game/${g.id}?token=${encodeURIComponent(token)}` : `/game/${g.id}`;
        const toMove = g.seats.find((s) => s.seat === g.to_move);
        return h("li", { class: `game-row status-${g.status}`, "data-game": g.id },
          h("div", { class: "game-main" },
            h("a", { href, class: "game-title" }, g.map_name || g.map),
            h("span", { class: `badge badge-${g.status}` }, g.status),
            h("span", { class: "muted" }, g.status === "over" ? "finished"
              : g.turn ? `turn ${g.turn} · ${phaseName(g.phase)}${toMove ? ` · ${toMove.name} to move` : ""}` : "setting up")),
          h("div", { class: "game-seats" }, g.seats.map((s) => h("span", { class: `seat-chip${s.joined || s.bot ? "" : " free"}` },
            swatch(s.colour), s.name, s.bot ? botBadge(s) : s.joined ? "" : " (free)"))),
          h("a", { href, class: "btn btn-small" }, token ? "Resume" : "Watch"));
      }))
      : h("p", { class: "muted" }, empty),
  ];
  setKids(box, h("h2", {}, "Games"),
    ...section("Open", games.filter((g) => g.status === "open"), "No game is waiting for players."),
    ...section("Running", games.filter((g) => g.status === "running"), "No game is running."),
    ...section("Finished", games.filter((g) => g.status === "over").slice(0, 10), "None yet."));
}

// --- the game page --------------------------------------------------------------------------------

const S = {
  id: null, token: null, game: null, view: null, index: 0, you: null, legal: null, log: [], logSize: 0,
  svg: null, sel: {}, pending: false, ws: null, wsOk: false, refreshing: null, dirty: false, labels: false,
  lastActed: null, hint: null, hintBusy: false, recent: new Set(), logMark: undefined,
};

function seatInfo(seat) {
  return (S.game && S.game.seats.find((s) => s.seat === seat)) || {};
}

function playerName(seat) {
  const p = S.view && S.view.players.find((x) => x.seat === seat);
  return p ? p.name : seat === null || seat === undefined ? "no one" : `seat ${seat + 1}`;
}

function isMine(seat) {
  return !!(S.you && S.you.seats && S.you.seats.includes(seat));
}

async function showGame(id) {
  S.id = id;
  S.wasMine = undefined;
  Z.base = null;
  S.recent = new Set();
  S.logMark = undefined;
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get("token");
  const stored = storedTokens()[id];
  S.token = fromUrl || (stored && stored.token) || null;
  const app = document.getElementById("app");
  setKids(app, 
    h("div", { class: "game" },
      h("section", { class: "banner", id: "banner" }),
      h("div", { class: "game-grid" },
        h("div", { class: "board-col" },
          h("div", { class: "board-wrap", id: "board" }, h("p", { class: "muted" }, "Drawing the board…")),
          h("p", { class: "board-why", id: "board-why", role: "status", "aria-live": "polite" }),
          h("div", { class: "board-tools" },
            h("label", {}, h("input", { type: "checkbox", id: "labels-toggle", onchange: (e) => { S.labels = e.target.checked; loadBoard(); } }), " hex labels"),
            zoomTools(),
            turnNoticeTools(),
            h("span", { class: "muted", id: "board-hint" }),
            h("a", { href: `/game/${encodeURIComponent(id)}/replay`, class: "muted", id: "replay-link" }, "replay"),
            h("a", { href: `/api/games/${id}/record`, download: `aos-${id}.json`, class: "muted" }, "download record"))),
        h("aside", { class: "side" },
          h("section", { class: "panel undo-request", id: "undo-request", hidden: true }),
          h("section", { class: "panel decision", id: "decision" }),
          h("section", { class: "panel map-panel", id: "map-panel", hidden: true }),
          h("details", { class: "panel charts", id: "charts", hidden: true, ontoggle: renderCharts },
            h("summary", {}, h("h2", {}, "Charts: the game so far")), h("div", { class: "story" })),
          h("section", { class: "panel", id: "players" }),
          h("section", { class: "panel", id: "goods" }),
          h("section", { class: "panel log-panel" }, h("h2", {}, "Log"), h("ol", { class: "log", id: "log" }))))));
  setupZoom(document.getElementById("board"));
  document.getElementById("board").addEventListener("click", onBoardClick);
  document.getElementById("board").addEventListener("mouseover", onBoardHover);
  try {
    await loadGame();
    if (fromUrl) storeToken(id, fromUrl, S.you && S.you.host ? "host" : S.you && S.you.seats.length ? playerName(S.you.seats[0]) : "viewer");
    const log = await api("GET", `/api/games/${id}/log`);
    S.log = log.lines;
    S.logSize = log.size;
  } catch (err) {
    if (err.code === "not_found" && err.field === "token") {
      toast("That seat link is not valid for this game; you are watching.");
      S.token = null;
      await loadGame();
    } else {
      setKids(app, h("section", { class: "panel" }, h("h2", {}, "This game cannot be shown"),
        h("p", { class: "error" }, err.message), h("a", { href: "/", class: "btn" }, "Back to the lobby")));
      return;
    }
  }
  renderAll();
  await Promise.all([loadBoard(), loadLegal()]);
  renderDecision();
  connect();
}

async function loadGame() {
  const game = await api("GET", `/api/games/${S.id}`, { token: S.token });
  S.game = game;
  S.view = game.view;
  S.index = game.index;
  S.you = game.you;
  document.title = `${mapTitle()} — Age of Steam`;
}

function mapTitle() {
  return (S.game && (S.game.map_name || (S.view && S.view.map_name) || titleCase(S.game.map))) || "Age of Steam";
}

async function loadLegal() {
  const v = S.view;
  if (!S.token || !v || v.over || typeof v.to_move !== "number" || !isMine(v.to_move)) {
    S.legal = null;
    return;
  }
  try {
    const legal = await api("GET", `/api/games/${S.id}/legal`, { token: S.token });
    S.legal = legal.index === S.index ? legal : null;
    if (legal.index !== S.index) S.dirty = true;
  } catch (err) {
    S.legal = null;
    toast(err.message);
  }
}

let boardSeq = 0;
async function loadBoard() {
  const seq = ++boardSeq;
  const q = new URLSearchParams({ legend: "false" });
  if (S.labels) q.set("labels", "true");
  let text;
  try {
    const res = await fetch(`/api/games/${S.id}/board.svg?${q}`);
    if (!res.ok) throw new Error(`the board could not be drawn (${res.status})`);
    text = await res.text();
  } catch (err) {
    toast(err.message);
    return;
  }
  if (seq !== boardSeq) return; // a newer board is on its way
  placeBoard(text);
  drawOverlays();
}

/** Put a drawn board (SVG text) in the board pane, fitted and zoomed as the pane was. */
function placeBoard(text) {
  const wrap = document.getElementById("board");
  wrap.innerHTML = text;
  S.svg = wrap.querySelector("svg");
  if (S.svg) {
    S.svg.removeAttribute("width");
    S.svg.removeAttribute("height");
    S.svg.classList.add("board-svg");
    S.svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    keepZoom(S.svg);
  }
}

// --- zoom and pan: the board's viewBox, kept across redraws; wheel, pinch, drag and buttons ------------

const Z = { base: null, box: null, pointers: new Map(), start: null, moved: false };
const ZOOM_MOST = 8; // at most 8 times the fitted size

function keepZoom(svg) {
  const base = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
  if (base.length !== 4 || base.some((n) => !Number.isFinite(n))) return;
  if (!Z.base || Z.base.join() !== base.join()) { Z.base = base; Z.box = base.slice(); }
  fitPane();
  showBox();
}

/** The pane is no taller than the board needs at its width (a wide board leaves no empty band below). */
function fitPane() {
  const wrap = document.getElementById("board");
  if (!wrap || !Z.base) return;
  wrap.style.setProperty("--fit-h", `${Math.ceil(wrap.clientWidth * (Z.base[3] / Z.base[2])) + 2}px`);
}
window.addEventListener("resize", fitPane);

function showBox() {
  if (!S.svg || !Z.box) return;
  S.svg.setAttribute("viewBox", Z.box.map((n) => n.toFixed(2)).join(" "));
  const wrap = document.getElementById("board");
  if (wrap) wrap.dataset.zoom = (Z.base[2] / Z.box[2]).toFixed(2);
}

/** Zoom by ``factor`` (below 1: closer) around the board point (cx, cy), within the fitted size and 8 times it. */
function zoomAt(factor, cx, cy) {
  if (!Z.box) return;
  const [x, y, w, h] = Z.box;
  const nw = Math.min(Z.base[2], Math.max(Z.base[2] / ZOOM_MOST, w * factor));
  const k = nw / w;
  Z.box = [cx - (cx - x) * k, cy - (cy - y) * k, nw, h * k];
  clampBox();
  showBox();
}

function clampBox() {
  const [bx, by, bw, bh] = Z.base;
  let [x, y, w, h] = Z.box;
  if (w >= bw) { x = bx; y = by; w = bw; h = bh; } // fitted: the whole board
  x = Math.min(Math.max(x, bx - w / 2), bx + bw - w / 2); // the middle of the view stays on the board
  y = Math.min(Math.max(y, by - h / 2), by + bh - h / 2);
  Z.box = [x, y, w, h];
}

function zoomCentre(factor) {
  if (!Z.box) return;
  zoomAt(factor, Z.box[0] + Z.box[2] / 2, Z.box[1] + Z.box[3] / 2);
}

function zoomFit() {
  if (!Z.base) return;
  Z.box = Z.base.slice();
  showBox();
}

function boardPoint(clientX, clientY) {
  const m = S.svg && S.svg.getScreenCTM();
  if (!m) return null;
  const p = S.svg.createSVGPoint();
  p.x = clientX;
  p.y = clientY;
  return p.matrixTransform(m.inverse());
}

/** Board units per screen pixel now. */
function unitsPerPixel() {
  const r = S.svg.getBoundingClientRect();
  return Math.max(Z.box[2] / r.width, Z.box[3] / r.height);
}

/** Bring hex ``label`` into view (centred) if it is outside the zoomed view. */
function keepInView(label) {
  const g = hexGeo(label);
  if (!g || !Z.box) return;
  const [x, y, w, h] = Z.box;
  if (g.x - g.r >= x && g.x + g.r <= x + w && g.y - g.r >= y && g.y + g.r <= y + h) return;
  Z.box = [g.x - w / 2, g.y - h / 2, w, h];
  clampBox();
  showBox();
}

function zoomTools() {
  return h("span", { class: "zoom-tools" },
    h("button", { type: "button", class: "btn btn-small", id: "zoom-out", title: "Zoom out", "aria-label": "Zoom out", onclick: () => zoomCentre(1.25) }, "−"),
    h("button", { type: "button", class: "btn btn-small", id: "zoom-in", title: "Zoom in (or the mouse wheel, or pinch)", "aria-label": "Zoom in", onclick: () => zoomCentre(0.8) }, "+"),
    h("button", { type: "button", class: "btn btn-small", id: "zoom-fit", title: "The whole board", onclick: zoomFit }, "Fit"));
}

function setupZoom(wrap) {
  wrap.addEventListener("wheel", (ev) => {
    if (!S.svg) return;
    ev.preventDefault();
    const p = boardPoint(ev.clientX, ev.clientY);
    if (p) zoomAt(Math.exp(ev.deltaY * 0.0015), p.x, p.y);
  }, { passive: false });
  wrap.addEventListener("pointerdown", (ev) => {
    if (!S.svg || (ev.pointerType === "mouse" && ev.button !== 0)) return;
    Z.pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    Z.start = { x: ev.clientX, y: ev.clientY, box: Z.box.slice() };
    Z.moved = false;
  });
  wrap.addEventListener("pointermove", (ev) => {
    const was = Z.pointers.get(ev.pointerId);
    if (!was || !S.svg) return;
    if (Z.pointers.size >= 2) { // pinch: the distance between two fingers
      const [a, b] = [...Z.pointers.values()];
      const before = Math.hypot(a.x - b.x, a.y - b.y);
      Z.pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      const [c, d] = [...Z.pointers.values()];
      const after = Math.hypot(c.x - d.x, c.y - d.y);
      const mid = boardPoint((c.x + d.x) / 2, (c.y + d.y) / 2);
      if (before > 0 && after > 0 && mid) zoomAt(before / after, mid.x, mid.y);
      Z.moved = true;
      return;
    }
    Z.pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    const dx = ev.clientX - Z.start.x;
    const dy = ev.clientY - Z.start.y;
    if (!Z.moved && Math.hypot(dx, dy) < 5) return; // a click, not a drag
    if (Z.box[2] >= Z.base[2]) return; // fitted: nothing to pan
    Z.moved = true;
    wrap.classList.add("panning");
    const u = unitsPerPixel();
    Z.box = [Z.start.box[0] - dx * u, Z.start.box[1] - dy * u, Z.box[2], Z.box[3]];
    clampBox();
    showBox();
  });
  const up = (ev) => {
    Z.pointers.delete(ev.pointerId);
    wrap.classList.remove("panning");
    if (Z.pointers.size === 1) { const [p] = Z.pointers.values(); Z.start = { x: p.x, y: p.y, box: Z.box.slice() }; }
  };
  wrap.addEventListener("pointerup", up);
  wrap.addEventListener("pointercancel", up);
  // a drag or a pinch is not a click on the hex under it
  wrap.addEventListener("click", (ev) => {
    if (Z.moved) { ev.stopPropagation(); ev.preventDefault(); Z.moved = false; }
  }, true);
}

/** Bring everything up to date after a change announced on the WebSocket (coalesced). */
async function refresh() {
  if (S.refreshing) {
    S.dirty = true;
    return S.refreshing;
  }
  S.refreshing = (async () => {
    do {
      S.dirty = false;
      try {
        await loadGame();
        await Promise.all([loadBoard(), loadLegal()]);
      } catch (err) {
        toast(err.message);
      }
      renderAll();
    } while (S.dirty);
  })();
  try {
    await S.refreshing;
  } finally {
    S.refreshing = null;
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const q = S.token ? `?token=${encodeURIComponent(S.token)}` : "";
  const ws = new WebSocket(`${proto}//${location.host}/api/games/${S.id}/ws${q}`);
  S.ws = ws;
  ws.addEventListener("open", () => { S.wsOk = true; renderBanner(); });
  ws.addEventListener("message", (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    onMessage(msg);
  });
  ws.addEventListener("close", (ev) => {
    S.wsOk = false;
    renderBanner();
    if (ev.code === 4404) return;
    if (ev.code === 4403) S.token = null;
    setTimeout(() => { if (S.ws === ws) connect(); }, 1500);
  });
}

function onMessage(msg) {
  if (msg.type === "hello") {
    if (msg.index !== S.index) refresh();
    return;
  }
  if (msg.type === "update") {
    if (msg.index <= S.index && !S.pendingIndex) return;
    const gap = S.logSize !== undefined && msg.log_size - (msg.log || []).length !== S.logSize;
    if (gap) {
      api("GET", `/api/games/${S.id}/log`).then((l) => { S.log = l.lines; S.logSize = l.size; renderLog(); }).catch(() => {});
    } else {
      S.log.push(...(msg.log || []));
      S.logSize = msg.log_size;
    }
    const actor = (msg.actions || []).map((a) => a.action).find((a) => a.player !== undefined);
    S.view = msg.view;
    S.index = msg.index;
    S.legal = null;
    if (actor) S.lastActed = actor;
    if ((msg.actions || []).some((a) => typeof a.action.player === "number" && !isMine(a.action.player))) S.othersMoved = true;
    for (const a of msg.actions || []) {
      if (typeof a.action.player === "number" && !isMine(a.action.player)) (a.hexes || []).forEach((x) => S.recent.add(x));
    }
    S.sel = {};
    S.hint = null;
    renderAll();
    refresh();
    return;
  }
  if (msg.type === "undo_request") {
    if (S.you) S.you.undo_request = msg.request;
    if (msg.refused_by && S.you && S.you.seats.length && !msg.request) toast(`${msg.refused_by} refused the undo.`, "info");
    renderUndoRequest();
    return;
  }
  if (msg.type === "undo") {
    if (typeof msg.seat === "number" && !isMine(msg.seat) && (msg.undone || []).length) {
      toast(`${msg.by} took back: ${msg.undone.join("; ")}`, "info");
    }
    S.view = msg.view;
    S.index = msg.index;
    S.legal = null;
    S.sel = {};
    S.hint = null;
    api("GET", `/api/games/${S.id}/log`).then((l) => { S.log = l.lines; S.logSize = l.size; renderLog(); }).catch(() => {});
    refresh();
  }
}

function renderAll() {
  const why = document.getElementById("board-why");
  if (why && why.dataset.index !== String(S.index)) { why.textContent = ""; why.dataset.index = String(S.index); }
  renderBanner();
  renderUndoRequest();
  renderMapPanel();
  renderCharts();
  renderPlayers();
  renderGoods();
  renderLog();
  renderDecision();
  drawOverlays();
}

function moverText() {
  const v = S.view;
  if (!v) return "";
  if (v.over) return "Game over";
  if (v.to_move === "chance") return "drawing…";
  if (typeof v.to_move !== "number") return "";
  const name = playerName(v.to_move);
  if (isMine(v.to_move)) return S.you.host && S.you.seats.length > 1 ? `${name} to move (you)` : `your move, ${name}`;
  return seatInfo(v.to_move).bot ? `${name} (bot) to move` : `${name} to move`;
}

function renderBanner() {
  const v = S.view;
  const el = document.getElementById("banner");
  if (!el || !v) return;
  const parts = [];
  if (v.turn) parts.push(v.last_turn ? `Turn ${v.turn} of ${v.last_turn}` : `Turn ${v.turn}`);
  else parts.push("Setup");
  if (!v.over) parts.push(v.phase_title + (v.phase === "move_goods" && v.move_round ? ` (round ${v.move_round})` : ""));
  const mover = moverText();
  if (mover) parts.push(mover.charAt(0).toUpperCase() + mover.slice(1));
  const me = S.you && S.you.seats && S.you.seats.length
    ? (S.you.host && S.you.seats.length > 1 ? "Hot seat: you play " + S.you.seats.map(playerName).join(", ") : `You are ${playerName(S.you.seats[0])}`)
    : "Watching";
  const toMoveColour = typeof v.to_move === "number" ? v.players.find((p) => p.seat === v.to_move).colour : null;
  setKids(el, 
    h("div", { class: "banner-main" },
      h("span", { class: "map-name" }, mapTitle()),
      toMoveColour ? swatch(toMoveColour, "big") : null,
      h("span", { class: "phase-line", id: "phase-line" }, parts.join(" · "))),
    h("div", { class: "banner-side" },
      h("span", { class: "me" }, me),
      h("span", { class: `live ${S.wsOk ? "on" : "off"}`, title: S.wsOk ? "Live: moves appear as they happen" : "Reconnecting…" },
        S.wsOk ? "● live" : "○ reconnecting")));
  const mine = !!(typeof v.to_move === "number" && isMine(v.to_move) && !v.over);
  el.classList.toggle("my-turn", mine);
  noticeTurn(mine);
}

// --- noticing one's turn: the tab title, a short sound, a browser notification while the tab is hidden ---

const SOUND_KEY = "aos.sound";
const soundOn = () => localStorage.getItem(SOUND_KEY) !== "off";

function noticeTurn(mine) {
  document.title = mine ? `▶ Your move — ${mapTitle()}` : `${mapTitle()} — Age of Steam`;
  const was = S.wasMine;
  S.wasMine = mine;
  if (!mine || was === undefined || S.noticedIndex === S.index) return;
  // only when the move comes back to this player after others' moves (not on opening the page, nor between
  // moves of their own): the page may see the others' moves only as a later position than the one it sent from
  const sent = S.sentIndex;
  if (!(was === false || S.othersMoved || (typeof sent === "number" && S.index > sent + 1))) return;
  S.noticedIndex = S.index;
  S.othersMoved = false;
  S.sentIndex = null;
  document.body.dataset.turnNotice = String((Number(document.body.dataset.turnNotice) || 0) + 1);
  if (soundOn()) chime();
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    try {
      const n = new Notification(`Your move — ${mapTitle()}`, { body: S.view.phase_title, tag: `aos-${S.id}` });
      n.onclick = () => { window.focus(); n.close(); };
    } catch { /* some browsers allow notifications only from a service worker */ }
  }
}

/** Two short notes made on the spot (no sound file to fetch); silent if the browser allows no audio yet. */
function chime() {
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    S.audio = S.audio || new Ctx();
    const ctx = S.audio;
    [660, 880].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const t = ctx.currentTime + i * 0.14;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.15, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.12);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + 0.13);
    });
    document.body.dataset.chimes = String((Number(document.body.dataset.chimes) || 0) + 1);
  } catch { /* no audio: the title still says it */ }
}

function turnNoticeTools() {
  const sound = h("label", { title: "A short sound when it becomes your move" },
    h("input", { type: "checkbox", id: "sound-toggle", checked: soundOn(),
      onchange: (e) => { localStorage.setItem(SOUND_KEY, e.target.checked ? "on" : "off"); if (e.target.checked) chime(); } }),
    " sound on your move");
  const canNotify = "Notification" in window && Notification.permission === "default";
  const notify = canNotify ? h("button", { class: "linkish", id: "notify-me", type: "button",
    title: "A browser notification when it becomes your move while this tab is in the background",
    onclick: async (e) => {
      const answer = await Notification.requestPermission();
      e.target.replaceWith(h("span", { class: "muted" }, answer === "granted" ? "notifications on" : "notifications blocked"));
    } }, "notify me") : null;
  return [sound, notify];
}

function renderPlayers() {
  const v = S.view;
  const el = document.getElementById("players");
  if (!el || !v) return;
  const order = [...v.order, ...v.players.map((p) => p.seat).filter((s) => !v.order.includes(s))];
  const auction = v.auction;
  setKids(el, h("h2", {}, "Players"), h("div", { class: "player-list" }, order.map((seat, i) => {
    const p = v.players.find((x) => x.seat === seat);
    const info = seatInfo(seat);
    const moving = v.to_move === seat && !v.over;
    let note = null;
    if (auction) {
      if (auction.bids && auction.bids[String(seat)] !== undefined) note = `bid ${money(auction.bids[String(seat)])}`;
      if (auction.dropped && auction.dropped.includes(seat)) note = "dropped out";
      if (auction.high_bidder === seat) note = `high bid ${money(auction.high)}`;
    }
    return h("div", { class: `player${moving ? " moving" : ""}${p.eliminated ? " out" : ""}`, "data-seat": seat,
      style: { "--pc": playerColour(p.colour) } },
    h("div", { class: "player-head" },
      h("span", { class: "order" }, p.eliminated ? "–" : `${i + 1}`),
      swatch(p.colour),
      h("span", { class: "pname" }, p.name),
      botBadge(info),
      isMine(seat) ? h("span", { class: "badge badge-you" }, "you") : null,
      moving ? h("span", { class: "to-move" }, "▶ to move") : null),
    h("dl", { class: "stats" },
      stat("Cash", money(p.cash), "cash"), stat("Income", money(p.income), "income"), stat("Shares", p.shares, "shares"),
      stat("Engine", p.engine, "engine"), stat("Score", p.score === null ? "out" : p.score, "score")),
    h("div", { class: "player-foot" },
      h("span", { class: "held-action" }, p.action ? actionTitle(p.action) : h("span", { class: "muted" }, "no action")),
      note ? h("span", { class: "note" }, note) : null,
      v.engine_upgraded && v.engine_upgraded.includes(seat) ? h("span", { class: "note" }, "engine raised") : null));
  })));
}

function stat(label, value, cls) {
  return h("div", { class: `stat ${cls}` }, h("dt", {}, label), h("dd", {}, value));
}

function actionTitle(action) {
  const titles = (S.game && S.game.action_titles) || {};
  return titles[action] || titleCase(action);
}

/** The map's own figures (the view's ``panel``): a line each, the rule behind it on hover (or a tap). */
// --- the game's story: the score broken down, and each player's figures turn by turn as SVG charts ----------

const CHARTS = [["score", "Score"], ["income", "Income"], ["cash", "Cash"], ["shares", "Shares"], ["engine", "Engine"]];

async function loadStory(box, withScore) {
  let hist;
  try {
    hist = await api("GET", `/api/games/${S.id}/history`);
  } catch (err) {
    setKids(box, h("p", { class: "error" }, err.message));
    return;
  }
  const parts = [];
  if (withScore && hist.players.some((p) => p.score_parts.length > 1)) {
    const names = hist.players[0].score_parts.map((x, i) => i);
    parts.push(h("table", { class: "score-parts", id: "score-parts" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), hist.players.map((p) => h("th", {}, swatch(p.colour), ` ${p.name}`)))),
      h("tbody", {}, names.map((i) => h("tr", {},
        h("th", { scope: "row" }, hist.players[0].score_parts[i].part.replace(/ -?\d+ × .*$/, "").replace(/^\w/, (c) => c.toUpperCase())),
        hist.players.map((p) => h("td", { title: p.score_parts[i].part }, String(p.score_parts[i].points))))),
      h("tr", { class: "total" }, h("th", { scope: "row" }, "Total"),
        hist.players.map((p) => h("td", {}, String(p.score_parts.reduce((t, x) => t + x.points, 0))))))));
  }
  for (const [key, title] of CHARTS) {
    if (key === "score" && !hist.score_title) continue; // a map whose standing is another figure (Detroit: income)
    parts.push(lineChart(title, hist.points.map((pt) => pt.label), hist.players.map((p) => ({ name: p.name, colour: p.colour, values: p[key] })), key));
  }
  setKids(box, ...parts);
}

/** A small line chart: one line per player over the points of the game. */
function lineChart(title, labels, lines, key) {
  const W = 360, H = 150, L = 34, R = 8, T = 18, B = 22;
  const all = lines.flatMap((l) => l.values);
  let lo = Math.min(0, ...all), hi = Math.max(1, ...all);
  if (hi === lo) hi = lo + 1;
  const x = (i) => L + (labels.length > 1 ? (i * (W - L - R)) / (labels.length - 1) : 0);
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-label": `${title} per turn`, "data-chart": key });
  const t = svgEl("text", { x: L, y: 12, class: "chart-title" });
  t.textContent = title;
  svg.append(t);
  for (const v of [lo, hi, ...(lo < 0 && hi > 0 ? [0] : [])]) {
    svg.append(svgEl("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: v === 0 ? "chart-zero" : "chart-grid" }));
    const lab = svgEl("text", { x: L - 4, y: y(v) + 4, class: "chart-axis", "text-anchor": "end" });
    lab.textContent = String(v);
    svg.append(lab);
  }
  const step = Math.max(1, Math.ceil(labels.length / 8));
  labels.forEach((label, i) => {
    if (i % step && i !== labels.length - 1) return;
    const lab = svgEl("text", { x: x(i), y: H - 6, class: "chart-axis", "text-anchor": "middle" });
    lab.textContent = label.replace("turn ", "");
    svg.append(lab);
  });
  for (const line of lines) {
    const pts = line.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const pl = svgEl("polyline", { points: pts, class: "chart-line", stroke: playerColour(line.colour), "data-player": line.name });
    const tip = svgEl("title");
    tip.textContent = `${line.name}: ${line.values.join(", ")}`;
    pl.append(tip);
    svg.append(pl);
  }
  return svg;
}

function renderCharts() {
  const el = document.getElementById("charts");
  if (!el || !S.view || S.view.over) { if (el) el.hidden = true; return; }
  el.hidden = false;
  if (el.open && el.dataset.index !== String(S.index)) {
    el.dataset.index = String(S.index);
    loadStory(el.querySelector(".story"), false);
  }
}

/** "What happened since your last move": the log lines since this player last acted, their own left out. */
function sinceSummary() {
  if (S.logMark === undefined || S.logMark >= S.log.length) return null;
  const mine = new Set((S.you && S.you.seats ? S.you.seats : []).map(playerName));
  const lines = S.log.slice(S.logMark).filter((line) => ![...mine].some((n) => line.startsWith(`${n} `)));
  if (!lines.length) return null;
  const shown = lines.slice(-12);
  return h("details", { class: "since", id: "since", open: true },
    h("summary", {}, `Since your last move (${lines.length})`),
    h("ol", { class: "since-list" }, lines.length > shown.length ? h("li", { class: "muted" }, `… ${lines.length - shown.length} earlier`) : null,
      shown.map((line) => h("li", {}, line))));
}

function renderMapPanel() {
  const v = S.view;
  const el = document.getElementById("map-panel");
  if (!el || !v) return;
  const facts = v.panel || [];
  el.hidden = !facts.length;
  if (!facts.length) return;
  setKids(el, h("h2", {}, `${mapTitle()}: this map`),
    h("dl", { class: "facts" }, facts.map((f) => {
      const rule = h("p", { class: "fact-rule muted", hidden: true }, f.rule);
      return h("div", { class: "fact", title: f.rule, tabindex: 0, "data-fact": f.label,
        onclick: () => { rule.hidden = !rule.hidden; } },
      h("dt", {}, f.label), h("dd", {}, f.value), rule);
    })));
}

function renderGoods() {
  const v = S.view;
  const el = document.getElementById("goods");
  if (!el || !v) return;
  const groups = { light: [], dark: [], other: [] };
  for (const [col, boxes] of Object.entries(v.display || {})) {
    const m = /^(light|dark)(\d+)$/.exec(col);
    if (m) groups[m[1]].push([m[2], boxes]);
    else groups.other.push([col, boxes]);
  }
  const row = (title, cols) => cols.length ? h("div", { class: "display-row" },
    h("span", { class: "row-title" }, title),
    cols.map(([name, boxes]) => h("div", { class: "display-col" },
      h("span", { class: "col-name" }, name),
      boxes.map((c) => (c ? cube(c) : h("span", { class: "cube empty", title: "empty" })))))) : null;
  const bag = Object.entries(v.bag || {}).filter(([, n]) => n > 0);
  setKids(el, h("h2", {}, "Goods display"),
    h("div", { class: "display" }, row("White dice", groups.light), row("Black dice", groups.dark), row("New City", groups.other)),
    v.production_cubes && v.production_cubes.length
      ? h("p", {}, "Drawn for Production: ", v.production_cubes.map((c) => cube(c))) : null,
    h("p", { class: "muted bag" }, "Bag: ", bag.length ? bag.map(([c, n]) => h("span", { class: "bag-item" }, cube(c), `×${n}`)) : "empty"));
}

function renderLog() {
  const el = document.getElementById("log");
  if (!el) return;
  const lines = S.log.slice(-300);
  setKids(el, ...lines.map((line) => h("li", { class: /^(Turn|Phase|—|==|[IVX]+\.)/.test(line) ? "log-head" : "" }, line)));
  el.scrollTop = el.scrollHeight;
}

// --- decisions ------------------------------------------------------------------------------------

function renderDecision() {
  const el = document.getElementById("decision");
  const v = S.view;
  if (!el || !v) return;
  el.dataset.index = S.index;
  el.dataset.state = v.over ? "over" : typeof v.to_move === "number" && isMine(v.to_move) ? (S.legal && !S.pending ? "choose" : "loading") : "wait";
  const undo = S.you && S.you.undoable > 0
    ? h("button", { class: "btn btn-ghost", id: "undo", onclick: undoLast, disabled: S.pending },
      `↶ Undo my last action${S.you.undoable > 1 ? ` (${S.you.undoable} possible)` : ""}`)
    : S.you && S.you.may_ask_undo && !S.you.undo_request
      ? h("button", { class: "btn btn-ghost", id: "ask-undo", onclick: askUndo, disabled: S.pending,
        title: "The others have answered your move: they accept or refuse" }, "↶ Ask to take back my last action")
      : null;
  if (v.over) {
    const story = h("div", { class: "story", id: "story" }, h("p", { class: "muted" }, "Drawing the game's story…"));
    setKids(el, h("h2", {}, "Game over"), h("ol", { class: "standings" }, (v.standings || []).map((s) =>
      h("li", {}, swatch(v.players.find((p) => p.seat === s.seat).colour), ` ${playerName(s.seat)} — `,
        s.score === null ? "eliminated" : `${s.score} points`))),
      ...(v.result || []).map((line) => h("p", { class: "result" }, line)), story);
    loadStory(story, true);
    return;
  }
  const seat = v.to_move;
  if (typeof seat !== "number") {
    setKids(el, h("h2", {}, "Please wait"), h("p", { class: "waiting" }, spinner(), " The dice are rolling…"));
    return;
  }
  if (!isMine(seat)) {
    const bot = seatInfo(seat).bot;
    const name = playerName(seat);
    setKids(el, 
      h("h2", {}, bot ? `${name} is thinking` : `Waiting for ${name}`),
      h("p", { class: "waiting", id: "waiting" }, spinner(), bot ? ` ${name} (bot) is acting…` : ` Waiting for ${name}…`),
      S.you && S.you.seats.length ? null : h("p", { class: "muted" }, "You are watching this game. Moves appear here as they are made."),
      undo);
    return;
  }
  const L = S.legal;
  if (!L) {
    setKids(el, h("h2", {}, `Your move, ${playerName(seat)}`), h("p", { class: "waiting" }, spinner(), " Loading your choices…"));
    return;
  }
  const parts = [];
  parts.push(h("h2", {}, S.you.host && S.you.seats.length > 1 ? `${playerName(seat)}, your move` : `Your move, ${playerName(seat)}`));
  const since = sinceSummary();
  if (since) parts.push(since);
  const hint = phaseHint(v, seat);
  if (hint) parts.push(h("p", { class: "hint" }, hint));
  parts.push(hintControl());
  if (L.issue_shares) parts.push(sharesControl(L.issue_shares, v.players.find((p) => p.seat === seat)));
  if (L.bid) parts.push(bidControl(L.bid, v));
  const selects = L.actions.filter((a) => a.action.kind === "select_action");
  const others = L.actions.filter((a) => a.action.kind !== "select_action");
  const preBid = others.filter((a) => ["drop_out", "turn_order_pass"].includes(a.action.kind));
  if (preBid.length) parts.push(h("div", { class: "button-row" }, preBid.map(actionButton)));
  if (selects.length) {
    const blocked = (L.blocked_actions || []).map((b) =>
      h("button", { class: "btn action-card blocked", "data-blocked": b.action, disabled: true, title: b.reason, "aria-disabled": "true" },
        h("span", { class: "card-title" }, b.title),
        h("span", { class: "card-text" }, sentence(b.reason))));
    parts.push(h("div", { class: "action-grid" }, selects.map((a) =>
      h("button", { class: "btn action-card", "data-select": a.action.action, disabled: S.pending, onclick: () => send(a.action) },
        h("span", { class: "card-title" }, actionTitle(a.action.action)),
        h("span", { class: "card-text" }, ACTION_HELP[a.action.action] || ""))), blocked));
  }
  if (L.urbanize && L.urbanize.length) parts.push(urbanizeControl(L.urbanize));
  if (L.builds && L.builds.length) parts.push(buildControl(L.builds));
  if (L.deliveries && L.deliveries.length) parts.push(deliveryControl(L.deliveries));
  const rest = others.filter((a) => !preBid.includes(a));
  const onBoard = rest.filter((a) => a.hex);
  const loose = rest.filter((a) => !a.hex);
  const kinds = [...new Set(loose.map((a) => a.action.kind))];
  const small = loose.filter((a) => loose.filter((b) => b.action.kind === a.action.kind).length <= BIG_GROUP);
  if (small.length) parts.push(h("div", { class: "button-row" }, small.map(actionButton)));
  if (onBoard.length) parts.push(boardActionsControl(onBoard));
  for (const kind of kinds) {
    const acts = loose.filter((a) => a.action.kind === kind);
    if (acts.length > BIG_GROUP) parts.push(groupControl(acts));
  }
  if (undo) parts.push(h("div", { class: "undo-row" }, undo));
  setKids(el, ...parts);
  el.classList.toggle("busy", S.pending);
}

// --- the Hint: a bot's suggestion for the player to move ---------------------------------------------

/** The current hint, if it is for the position shown. */
function currentHint() {
  return S.hint && S.hint.index === S.index ? S.hint : null;
}

function hintControl() {
  const hint = currentHint();
  if (!hint) {
    return h("div", { class: "hint-row" },
      h("button", { class: "btn btn-small btn-hint", id: "hint", disabled: S.pending || S.hintBusy, onclick: askHint,
        title: "Ask a bot what it would play here" },
      S.hintBusy ? [spinner(), " Thinking…"] : "Hint"),
      S.hintBusy ? null : h("span", { class: "muted" }, "What would a bot play here?"));
  }
  const onBoard = hint.build || hint.route || hint.hex;
  const who = hint.level_title || titleCase(hint.level || "bot");
  return h("div", { class: "hint-box", id: "hint-box", "data-kind": hint.action.kind },
    h("div", { class: "hint-head" }, h("span", { class: "hint-tag" }, "Hint"), h("span", { class: "muted" }, `the ${who} bot would play`),
      h("button", { class: "btn btn-ghost btn-small hint-dismiss", id: "hint-dismiss", onclick: dismissHint, title: "Hide the hint" }, "Dismiss")),
    h("p", { class: "hint-label", id: "hint-label" }, hint.label),
    hint.reason ? h("p", { class: "hint-reason", id: "hint-reason" }, hint.reason) : null,
    h("div", { class: "button-row" },
      h("button", { class: "btn btn-primary", id: "hint-play", disabled: S.pending, onclick: () => send(hint.action) }, "Play it"),
      onBoard ? h("button", { class: "btn", id: "hint-show", onclick: showHintOnBoard }, "Show on board") : null));
}

async function askHint() {
  if (S.hintBusy || S.pending) return;
  const index = S.index;
  S.hintBusy = true;
  renderDecision();
  try {
    const hint = await api("GET", `/api/games/${S.id}/hint`, { token: S.token });
    if (hint.index === S.index) {
      S.hint = hint;
      S.sel = {}; // the board shows the suggestion
      S.hoverOption = null;
      S.hoverRoute = null;
    }
  } catch (err) {
    if (S.index === index) toast(err.message); // else the game moved on: the hint no longer matters
  } finally {
    S.hintBusy = false;
  }
  renderDecision();
  drawOverlays();
}

function dismissHint() {
  S.hint = null;
  renderDecision();
  drawOverlays();
}

function showHintOnBoard() {
  S.sel = {};
  S.hoverOption = null;
  S.hoverRoute = null;
  renderDecision();
  drawOverlays();
  const mark = S.svg && S.svg.querySelector(".hint-hex");
  if (mark) mark.scrollIntoView({ behavior: "smooth", block: "center" });
}

const ACTION_HELP = {
  first_move: "Move goods first in phase V.",
  first_build: "Build track first in phase IV.",
  engineer: "Build one extra tile this turn.",
  locomotive: "Raise your engine by one now.",
  urbanization: "Turn a town into a New City.",
  production: "Draw two cubes for the goods display.",
  turn_order: "Keep your place: pass once in the next auction.",
};

const BIG_GROUP = 6; // more single actions of one kind than this are listed as a section of their own

/** A map's own actions that name a hex (excavate, flood, oil…): marked on the board; a hex picked on the
 *  board or among the chips shows its actions. */
function boardActionsControl(acts) {
  const hexes = [...new Set(acts.map((a) => a.hex))];
  const groups = [...new Set(acts.map((a) => a.group))];
  const sel = S.sel.kind === "map" && hexes.includes(S.sel.hex) ? S.sel.hex : hexes.length === 1 ? hexes[0] : null;
  const count = (hex) => acts.filter((a) => a.hex === hex).length;
  const parts = [h("h3", {}, groups.join(" · "))];
  if (hexes.length > 1) {
    parts.push(h("p", { class: "muted" }, `Click a marked hex on the board (${hexes.length} hexes), or pick one:`));
    parts.push(h("div", { class: "chips map-hexes" }, hexes.map((hex) =>
      h("button", { class: `chip${sel === hex ? " active" : ""}`, "data-map-hex": hex, disabled: S.pending,
        onclick: () => selectMapHex(hex) },
      hex, count(hex) > 1 ? h("span", { class: "chip-cost" }, `${count(hex)}`) : null))));
  }
  if (sel) parts.push(h("div", { class: "options-list map-actions" }, acts.filter((a) => a.hex === sel).map(actionButton)));
  return h("div", { class: "group", "data-group": "board" }, parts);
}

/** Many single actions of one kind (discs on circles…): one section, its buttons in a scrolling list. */
function groupControl(acts) {
  return h("div", { class: "group", "data-group": acts[0].action.kind },
    h("h3", {}, `${acts[0].group} (${acts.length})`),
    h("div", { class: "options-list scroll-list" }, acts.map(actionButton)));
}

function selectMapHex(hex) {
  S.sel = { kind: "map", hex };
  renderDecision();
  drawOverlays();
}

function phaseHint(v, seat) {
  const p = v.players.find((x) => x.seat === seat);
  switch (v.phase) {
    case "issue_shares": return `You have ${money(p.cash)}. Each share gives $5 now and costs $1 every turn.`;
    case "player_order": return v.auction && v.auction.high_bidder !== null
      ? `High bid: ${money(v.auction.high)} by ${playerName(v.auction.high_bidder)}. You have ${money(p.cash)}.`
      : `No bid yet. You have ${money(p.cash)}.`;
    case "select_actions": return "Pick one special action for this turn.";
    case "build_track": return v.build
      ? `${v.build.builds_left} tile${v.build.builds_left === 1 ? "" : "s"} left to build · cash ${money(p.cash)}`
      : null;
    case "move_goods": return `Move round ${v.move_round || ""} · engine ${p.engine}: deliver a good, raise your engine, or pass.`;
    default: return null;
  }
}

function spinner() {
  return h("span", { class: "spinner", "aria-hidden": "true" });
}

function actionButton(a) {
  const kind = a.action.kind;
  const cls = kind === "turn_order_pass" ? "btn btn-primary" : "btn";
  return h("button", { class: cls, "data-kind": kind, disabled: S.pending, onclick: () => send(a.action) }, sentence(a.label));
}

const sentence = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

// A slider with a number box. What is typed is never changed: a value the rules refuse leaves the last good one
// in force, says why under the box ("at most 13 shares") and makes onChange(null) so the button can say so.
function rangeControl({ id, min, max, value, format, onChange, values, refusal }) {
  const range = h("input", { type: "range", min, max, value, step: 1, id: `${id}-range`, "aria-label": id });
  const num = h("input", { type: "number", min, max, value, step: 1, id: `${id}-amount`, class: "amount",
    "aria-describedby": `${id}-why`, inputmode: "numeric" });
  const why = h("p", { class: "field-why error", id: `${id}-why`, role: "alert", hidden: true });
  const refuse = (text) => {
    why.textContent = text;
    why.hidden = !text;
    num.classList.toggle("invalid", Boolean(text));
    num.setAttribute("aria-invalid", text ? "true" : "false");
  };
  const check = (raw) => {
    if (String(raw).trim() === "") return "type a number";
    const n = Number(raw);
    if (!Number.isInteger(n)) return "whole numbers only";
    if (n < min || n > max) return refusal(n, min, max);
    if (values && values.length && !values.includes(n)) {
      const near = values.reduce((best, x) => (Math.abs(x - n) < Math.abs(best - n) ? x : best), values[0]);
      return `${format(n)} is not allowed; the nearest allowed is ${format(near)}`;
    }
    return "";
  };
  range.addEventListener("input", () => {
    let n = Number(range.value);
    if (values && values.length) n = values.reduce((best, x) => (Math.abs(x - n) < Math.abs(best - n) ? x : best), values[0]);
    range.value = n;
    num.value = n;
    refuse("");
    onChange(n);
  });
  num.addEventListener("input", () => {
    const text = check(num.value);
    refuse(text);
    if (text) { onChange(null); return; }
    range.value = Number(num.value);
    onChange(Number(num.value));
  });
  return h("div", { class: "range-field" },
    h("div", { class: "range" }, h("span", { class: "range-end" }, format(min)), range,
      h("span", { class: "range-end" }, format(max)), num),
    why);
}

function sharesControl(group, player) {
  let n = group.min;
  const button = h("button", { class: "btn btn-primary", id: "issue", disabled: S.pending });
  const cash = h("p", { class: "muted", id: "shares-cash" });
  const label = () => {
    button.disabled = S.pending || n === null;
    if (n === null) {
      button.textContent = "Issue shares: choose a number first";
      cash.textContent = `Cash now ${money(player.cash)}; ${money(group.price)} per share.`;
      return;
    }
    button.textContent = n === 0 ? "Issue no shares" : `Issue ${n} share${n === 1 ? "" : "s"} (+${money(n * group.price)})`;
    cash.textContent = n === 0
      ? `Cash now ${money(player.cash)}; ${money(group.price)} per share.`
      : `Cash now ${money(player.cash)}, then ${money(player.cash + n * group.price)}; ${money(group.price)} per share, each $1 more expenses every turn.`;
  };
  button.addEventListener("click", () => { if (n !== null) send({ ...group.action, count: n }); });
  label();
  const refusal = (x, lo, hi) => (x > hi
    ? `at most ${hi} share${hi === 1 ? "" : "s"}`
    : `at least ${lo} share${lo === 1 ? "" : "s"}`);
  return h("div", { class: "group" }, h("h3", {}, "Issue shares"),
    rangeControl({ id: "shares", min: group.min, max: group.max, value: n, values: group.values, format: String, refusal,
      onChange: (x) => { n = x; label(); } }),
    cash,
    button);
}

function bidControl(group, v) {
  let n = group.min;
  const button = h("button", { class: "btn btn-primary", id: "bid", disabled: S.pending });
  const label = () => {
    button.disabled = S.pending || n === null;
    button.textContent = n === null ? "Bid: choose an amount first" : `Bid ${money(n)}`;
  };
  button.addEventListener("click", () => { if (n !== null) send({ ...group.action, amount: n }); });
  label();
  const refusal = (x, lo, hi) => (x > hi
    ? `at most ${money(hi)}: you cannot bid more than your cash`
    : `a bid must be more than ${money(lo - 1)}`);
  return h("div", { class: "group" }, h("h3", {}, "Auction for turn order"),
    rangeControl({ id: "bid", min: group.min, max: group.max, value: n, values: group.values, format: money, refusal,
      onChange: (x) => { n = x; label(); } }),
    v.auction && v.auction.bidders ? h("p", { class: "muted" }, "Still bidding: ", v.auction.bidders.map(playerName).join(", ")) : null,
    button);
}

function urbanizeControl(towns) {
  const sel = S.sel.kind === "urbanize" ? S.sel : null;
  const list = h("div", { class: "chips" }, towns.map((t) =>
    h("button", { class: `chip${sel && sel.hex === t.hex ? " active" : ""}`, "data-town": t.hex, disabled: S.pending,
      onclick: () => { S.sel = { kind: "urbanize", hex: t.hex }; renderDecision(); drawOverlays(); } }, t.where || t.hex)));
  const town = sel && towns.find((t) => t.hex === sel.hex);
  return h("div", { class: "group" }, h("h3", {}, "Urbanization: place a New City"),
    h("p", { class: "muted" }, "Pick a town (or click it on the board), then the New City to put there."),
    list,
    town ? h("div", { class: "chips letters" }, town.cities.map((c) =>
      h("button", { class: "btn new-city", "data-city": c.city, disabled: S.pending, onclick: () => send(c.action) },
        cube(c.colour), ` New City ${c.city} (${c.colour})`))) : null);
}

function buildControl(builds) {
  const sel = S.sel.kind === "build" ? S.sel : null;
  const chosen = sel && builds.find((b) => b.hex === sel.hex);
  const parts = [h("h3", {}, "Build track")];
  if (!chosen) {
    parts.push(h("p", { class: "muted" }, `Click a highlighted hex on the board (${builds.length} can be built on), or pick one:`));
    parts.push(h("div", { class: "chips build-hexes" }, builds.map((b) =>
      h("button", { class: "chip", "data-build-hex": b.hex, disabled: S.pending, title: b.where,
        onclick: () => selectBuildHex(b.hex) },
      b.hex, h("span", { class: "chip-cost" }, b.min_cost === b.max_cost ? money(b.min_cost) : `${money(b.min_cost)}–${money(b.max_cost)}`)))));
    return h("div", { class: "group" }, parts);
  }
  const opt = chosen.options[sel.option || 0];
  parts.push(h("p", {}, h("b", {}, chosen.where || chosen.hex), ` · ${chosen.options.length} way${chosen.options.length === 1 ? "" : "s"} to build`));
  parts.push(h("div", { class: "options-list" }, chosen.options.map((o, i) =>
    h("button", { class: `option-card${i === (sel.option || 0) ? " active" : ""}`, "data-option-index": i, disabled: S.pending,
      onclick: () => { S.sel = { ...sel, option: i }; renderDecision(); drawOverlays(); },
      onmouseenter: () => { S.hoverOption = i; drawOverlays(); },
      onmouseleave: () => { S.hoverOption = null; drawOverlays(); } },
    tileIcon(o),
    h("span", { class: "opt-text" },
      h("span", { class: "opt-title" }, sentence(o.title)),
      h("span", { class: "opt-tracks" }, o.tracks),
      h("span", { class: "opt-tags" }, o.build !== "new" ? h("span", { class: "tag" }, o.build.replace(/_/g, " ")) : null,
        o.completes ? h("span", { class: "tag tag-good" }, "completes a link") : null)),
    h("span", { class: "opt-cost" }, money(o.cost))))));
  parts.push(h("div", { class: "button-row" },
    h("button", { class: "btn btn-primary", id: "confirm-build", disabled: S.pending, onclick: () => send(opt.action) },
      `Build for ${money(opt.cost)}`),
    h("button", { class: "btn btn-ghost", onclick: () => { S.sel = {}; renderDecision(); drawOverlays(); } }, "Choose another hex")));
  return h("div", { class: "group" }, parts);
}

function selectBuildHex(hex) {
  S.sel = { kind: "build", hex, option: 0 };
  S.hoverOption = null;
  renderDecision();
  drawOverlays();
  keepInView(hex);
}

/** A small picture of a tile's track (for the list of options), from the track paths the server sends. */
function tileIcon(option) {
  const r = S.legal.track_radius;
  const svg = svgEl("svg", { viewBox: `${-1.1 * r} ${-1.1 * r} ${2.2 * r} ${2.2 * r}`, class: "tile-icon" });
  const corners = [...Array(6)].map((_, i) => [r * Math.cos((Math.PI / 3) * i), r * Math.sin((Math.PI / 3) * i)]);
  svg.append(svgEl("polygon", { points: corners.map((p) => p.join(",")).join(" "), fill: "#efe9d8", stroke: "#b9ad8f", "stroke-width": 0.05 * r }));
  const seat = S.view.to_move;
  const colour = playerColour(S.view.players.find((p) => p.seat === seat).colour);
  (option.paths || []).forEach((d, i) => {
    const owner = option.owners ? option.owners[i] : seat;
    svg.append(svgEl("path", { d, fill: "none", stroke: "#2b2b2b", "stroke-width": 0.28 * r }));
    svg.append(svgEl("path", { d, fill: "none", stroke: owner === null || owner === undefined ? "#d2d2d2" : owner === seat ? colour : playerColour(S.view.players.find((p) => p.seat === owner).colour), "stroke-width": 0.17 * r }));
  });
  if ((option.track || []).some((p) => p.includes("town"))) {
    svg.append(svgEl("circle", { cx: 0, cy: 0, r: 0.3 * r, fill: "#fff", stroke: "#2b2b2b", "stroke-width": 0.07 * r }));
  }
  return svg;
}

function deliveryControl(deliveries) {
  const sel = S.sel.kind === "deliver" ? S.sel : null;
  const parts = [h("h3", {}, "Move a good")];
  const cubesList = h("div", { class: "chips cubes-list" }, deliveries.map((d, i) =>
    h("button", { class: `chip${sel && sel.cube === i ? " active" : ""}`, "data-cube": `${d.city}:${d.colour}`, disabled: S.pending,
      onclick: () => { S.sel = { kind: "deliver", cube: i, route: 0 }; renderDecision(); drawOverlays(); } },
    cube(d.colour), ` ${d.city_name}`, h("span", { class: "chip-cost" }, `${d.routes.length} route${d.routes.length === 1 ? "" : "s"}`))));
  parts.push(h("p", { class: "muted" }, "Pick a cube (or click its city on the board), then a route."));
  parts.push(cubesList);
  const d = sel && deliveries[sel.cube];
  if (d) {
    const r = d.routes[sel.route || 0];
    parts.push(h("div", { class: "options-list routes" }, d.routes.map((route, i) =>
      h("button", { class: `option-card route${i === (sel.route || 0) ? " active" : ""}`, "data-route-index": i, disabled: S.pending,
        onclick: () => { S.sel = { ...sel, route: i }; renderDecision(); drawOverlays(); },
        onmouseenter: () => { S.hoverRoute = i; drawOverlays(); },
        onmouseleave: () => { S.hoverRoute = null; drawOverlays(); } },
      h("span", { class: "opt-text" },
        h("span", { class: "opt-title" }, route.names.join(" → ")),
        h("span", { class: "opt-tracks" }, `${route.links.length} link${route.links.length === 1 ? "" : "s"}`)),
      h("span", { class: "income" }, incomeText(route.income))))));
    parts.push(h("div", { class: "button-row" },
      h("button", { class: "btn btn-primary", id: "confirm-deliver", disabled: S.pending, onclick: () => send(r.action) },
        `Deliver to ${r.names[r.names.length - 1]}`)));
  }
  return h("div", { class: "group" }, parts);
}

function incomeText(income) {
  return income.map((x) => h("span", { class: "income-item", style: { "--pc": x.seat === null ? "#999" : playerColour(S.view.players.find((p) => p.seat === x.seat).colour) } },
    `${x.seat === null ? "no one" : x.name} +${x.income}`));
}

async function send(action) {
  if (S.pending) return; // never send twice
  S.pending = true;
  S.pendingIndex = S.index;
  S.sentIndex = S.index;
  S.logMark = S.logSize; // what happens from here on is "since your last move"
  S.recent = new Set(); // the others' moves are highlighted until the player acts
  renderDecision();
  try {
    const res = await api("POST", `/api/games/${S.id}/actions`, { token: S.token, body: { index: S.index, action } });
    S.sel = {};
    if (res.index > S.index) {
      S.index = res.index;
      S.legal = null;
    }
  } catch (err) {
    toast(err.code === "stale" ? "The game moved on before your choice arrived; here is the new position." : err.message);
  } finally {
    S.pending = false;
    S.pendingIndex = null;
  }
  await refresh();
}

async function askUndo() {
  try {
    const r = await api("POST", `/api/games/${S.id}/undo-request`, { token: S.token, body: { index: S.index } });
    if (r.request) {
      S.you.undo_request = r.request;
      toast(`Asked ${r.request.waiting_for.join(" and ")} to accept.`, "info");
    }
  } catch (err) {
    toast(err.message);
  }
  renderUndoRequest();
  await refresh();
}

async function answerUndo(accept) {
  try {
    await api("POST", `/api/games/${S.id}/undo-request/answer`, { token: S.token, body: { index: S.index, accept } });
  } catch (err) {
    toast(err.message);
  }
  await refresh();
}

/** An undo asked for online: those asked accept or refuse; the one who asked sees whom it waits for. */
function renderUndoRequest() {
  const el = document.getElementById("undo-request");
  if (!el) return;
  const r = S.you && S.you.undo_request;
  el.hidden = !r;
  if (!r) return;
  const what = r.undone.length ? r.undone.join("; ") : "their last action";
  const asked = S.you.seats.filter((seat) => r.needs.includes(seat) && !r.accepted.includes(seat));
  if (asked.length) {
    setKids(el, h("h2", {}, "Undo asked"), h("p", {}, `${r.by} asks to take back: ${what}. Your answer to it would be taken back too.`),
      h("div", { class: "button-row" },
        h("button", { class: "btn btn-primary", id: "accept-undo", onclick: () => answerUndo(true) }, "Accept"),
        h("button", { class: "btn", id: "refuse-undo", onclick: () => answerUndo(false) }, "Refuse")));
  } else {
    setKids(el, h("h2", {}, "Undo asked"), h("p", { class: "muted", id: "undo-waiting" },
      `${r.by} asked to take back: ${what}. Waiting for ${r.waiting_for.join(" and ")}.`));
  }
}

async function undoLast() {
  if (S.pending) return;
  S.pending = true;
  renderDecision();
  try {
    await api("POST", `/api/games/${S.id}/undo`, { token: S.token, body: { index: S.index, count: 1 } });
    S.sel = {};
    toast("Your last action was taken back.", "info");
  } catch (err) {
    toast(err.message);
  } finally {
    S.pending = false;
  }
  const l = await api("GET", `/api/games/${S.id}/log`).catch(() => null);
  if (l) { S.log = l.lines; S.logSize = l.size; }
  await refresh();
}

// --- the board: clicks, highlights and previews -------------------------------------------------------

function hexLabelAt(target) {
  const el = target.closest && target.closest("[data-hex]");
  return el ? el.getAttribute("data-hex") : null;
}

function onBoardClick(ev) {
  const hex = hexLabelAt(ev.target);
  const L = S.legal;
  if (!hex || !L || S.pending) return;
  const note = document.getElementById("board-why");
  if (note) note.textContent = "";
  if (L.builds && L.builds.some((b) => b.hex === hex)) {
    if (S.sel.kind === "build" && S.sel.hex === hex) {
      const b = L.builds.find((x) => x.hex === hex);
      S.sel = { ...S.sel, option: ((S.sel.option || 0) + 1) % b.options.length }; // click again: next way
      renderDecision();
      drawOverlays();
    } else selectBuildHex(hex);
    return;
  }
  if (L.actions && L.actions.some((a) => a.hex === hex)) {
    selectMapHex(hex);
    return;
  }
  if (L.urbanize && L.urbanize.some((t) => t.hex === hex)) {
    S.sel = { kind: "urbanize", hex };
    renderDecision();
    drawOverlays();
    return;
  }
  if (L.builds && S.view && S.view.phase === "build_track" && !(L.deliveries && L.deliveries.length)) {
    explainNoBuild(hex);
    return;
  }
  if (L.deliveries && L.deliveries.length) {
    const cityHexes = cityHexesOf(hex);
    const idx = L.deliveries.findIndex((d) => cityHexes.includes(d.city));
    if (idx >= 0) {
      const same = L.deliveries.map((d, i) => [d, i]).filter(([d]) => cityHexes.includes(d.city)).map(([, i]) => i);
      const next = S.sel.kind === "deliver" && same.includes(S.sel.cube) ? same[(same.indexOf(S.sel.cube) + 1) % same.length] : idx;
      S.sel = { kind: "deliver", cube: next, route: 0 };
      renderDecision();
      drawOverlays();
    }
  }
}

/** Say why nothing can be built on a clicked hex ("a city", "track would point into the lake", "no money…"). */
async function explainNoBuild(hex) {
  const note = document.getElementById("board-why");
  if (!note) return;
  const index = S.index;
  try {
    const r = await api("GET", `/api/games/${S.id}/build-refusal?hex=${encodeURIComponent(hex)}`);
    if (index !== S.index) return;
    note.textContent = !r.reason ? "" : r.reason.startsWith(r.hex) ? sentence(r.reason) : `${r.hex}: ${r.reason}`;
    note.dataset.hex = r.hex;
  } catch (err) {
    note.textContent = "";
  }
}

function cityHexesOf(hex) {
  // A city may cover several hexes: the renderer tags the city group with its first hex.
  const out = [hex];
  if (S.svg) {
    const poly = S.svg.querySelector(`polygon.hex[data-hex="${hex}"]`);
    if (poly) {
      for (const g of S.svg.querySelectorAll(".city[data-hex]")) {
        const bb = g.getBBox ? g.getBBox() : null;
        const c = polyCentre(poly);
        if (bb && c && c.x >= bb.x && c.x <= bb.x + bb.width && c.y >= bb.y && c.y <= bb.y + bb.height) out.push(g.getAttribute("data-hex"));
      }
    }
  }
  return out;
}

function onBoardHover(ev) {
  const hint = document.getElementById("board-hint");
  if (!hint) return;
  const hex = hexLabelAt(ev.target);
  const b = hex && S.legal && S.legal.builds && S.legal.builds.find((x) => x.hex === hex);
  hint.textContent = b ? `${b.where}: ${b.options.length} way${b.options.length === 1 ? "" : "s"}, ${money(b.min_cost)}${b.max_cost !== b.min_cost ? `–${money(b.max_cost)}` : ""}` : hex || "";
}

function polyCentre(poly) {
  const pts = poly.getAttribute("points").trim().split(/\s+/).map((p) => p.split(",").map(Number));
  if (!pts.length) return null;
  const x = pts.reduce((s, p) => s + p[0], 0) / pts.length;
  const y = pts.reduce((s, p) => s + p[1], 0) / pts.length;
  const r = Math.hypot(pts[0][0] - x, pts[0][1] - y);
  return { x, y, r, pts };
}

function hexGeo(label) {
  if (!S.svg) return null;
  const poly = S.svg.querySelector(`polygon.hex[data-hex="${label}"]`);
  return poly ? polyCentre(poly) : null;
}

function hexOutline(g, cls) {
  return svgEl("polygon", { points: g.pts.map((p) => p.join(",")).join(" "), class: cls });
}

function drawOverlays() {
  const svg = S.svg;
  if (!svg) return;
  svg.querySelectorAll(".aos-overlay, .aos-underlay").forEach((n) => n.remove());
  svg.querySelectorAll(".dim-track").forEach((n) => n.classList.remove("dim-track"));
  const layer = svgEl("g", { class: "aos-overlay", "pointer-events": "none" });
  const under = svgEl("g", { class: "aos-underlay", "pointer-events": "none" }); // below cities and track
  const L = S.legal;
  const v = S.view;
  for (const label of S.recent) {
    const g = hexGeo(label);
    if (g) under.append(hexOutline(g, "hl-recent"));
  }
  const hint = document.getElementById("board-hint");
  if (hint && !(L && L.builds && L.builds.length)) hint.textContent = "";
  if (L && v && typeof v.to_move === "number" && isMine(v.to_move)) {
    const colour = playerColour(v.players.find((p) => p.seat === v.to_move).colour);
    // Buildable hexes glow; the chosen one shows the chosen (or hovered) tile with its cost.
    if (L.builds && L.builds.length) {
      for (const b of L.builds) {
        const g = hexGeo(b.hex);
        if (g) layer.append(hexOutline(g, `hl-build${S.sel.kind === "build" && S.sel.hex === b.hex ? " chosen" : ""}`));
      }
      if (S.sel.kind === "build") {
        const b = L.builds.find((x) => x.hex === S.sel.hex);
        const g = b && hexGeo(b.hex);
        const o = b && b.options[S.hoverOption ?? S.sel.option ?? 0];
        if (g && o) {
          svg.querySelectorAll(`.track[data-hex="${b.hex}"]`).forEach((n) => n.classList.add("dim-track"));
          layer.append(hexOutline(g, "preview-bg"));
          drawTile(layer, g, o, v, L.track_radius);
          boardTag(layer, g, money(o.cost), colour, "cost-tag");
        }
      }
    }
    const mapHexes = new Set((L.actions || []).filter((a) => a.hex).map((a) => a.hex));
    for (const hex of mapHexes) {
      const g = hexGeo(hex);
      if (g) layer.append(hexOutline(g, `hl-map${S.sel.kind === "map" && S.sel.hex === hex ? " chosen" : ""}`));
    }
    if (L.urbanize && L.urbanize.length) {
      for (const t of L.urbanize) {
        const g = hexGeo(t.hex);
        if (g) layer.append(hexOutline(g, `hl-build${S.sel.kind === "urbanize" && S.sel.hex === t.hex ? " chosen" : ""}`));
      }
    }
    if (L.deliveries && L.deliveries.length) {
      const cities = new Set(L.deliveries.map((d) => d.city));
      for (const hex of cities) {
        const g = hexGeo(hex);
        if (g) layer.append(hexOutline(g, "hl-city"));
      }
      if (S.sel.kind === "deliver") {
        const d = L.deliveries[S.sel.cube];
        const route = d && d.routes[S.hoverRoute ?? S.sel.route ?? 0];
        if (route) drawRoute(layer, under, route, colour);
      }
    }
  }
  const suggested = currentHint();
  if (suggested && v && typeof v.to_move === "number" && isMine(v.to_move) && !S.sel.kind) drawHint(layer, under, suggested, v);
  svg.append(layer);
  const cities = svg.querySelector(":scope > g.cities");
  if (cities) svg.insertBefore(under, cities);
  else svg.insertBefore(under, layer);
}

/** A tile's track drawn on the board's hex ``g`` (the build preview and the hint): the server's track paths are
 *  drawn in a hex of radius ``radius`` centred on the origin, so they are moved and scaled onto the hex. */
function drawTile(layer, g, option, v, radius) {
  const scale = g.r / radius;
  const tile = svgEl("g", { transform: `translate(${g.x} ${g.y}) scale(${scale})` });
  const width = 0.17 * g.r;
  (option.paths || []).forEach((d, i) => {
    const owner = option.owners ? option.owners[i] : v.to_move;
    const col = owner === null || owner === undefined ? "#d2d2d2"
      : playerColour(v.players.find((p) => p.seat === owner).colour);
    tile.append(svgEl("path", { d, fill: "none", stroke: "#2b2b2b", "stroke-width": (width + 2.6) / scale }));
    tile.append(svgEl("path", { d, fill: "none", stroke: col, "stroke-width": width / scale, class: owner === v.to_move ? "preview-track" : "" }));
  });
  layer.append(tile);
  if ((option.track || []).some((p) => p.includes("town"))) {
    layer.append(svgEl("circle", { cx: g.x, cy: g.y, r: g.r * 0.28, fill: "#fff", stroke: "#2b2b2b", "stroke-width": 2 }));
  }
}

/** A rounded label above hex ``g`` (below it at the top edge of the board). */
function boardTag(layer, g, text, fill, cls) {
  const tag = svgEl("g", { class: cls });
  const w = Math.max(52, text.length * 8.4 + 18);
  const tx = g.x;
  const ty = g.y - g.r * 1.15 < 16 ? g.y + g.r * 1.15 : g.y - g.r * 1.15;
  tag.append(svgEl("rect", { x: tx - w / 2, y: ty - 13, width: w, height: 22, rx: 11, fill, stroke: "#2b2b2b", "stroke-width": 1.5 }));
  const t = svgEl("text", { x: tx, y: ty + 3, "text-anchor": "middle", "font-size": 14, "font-weight": "bold", fill: "#fff", stroke: "#2b2b2b", "stroke-width": 0.6, "paint-order": "stroke" });
  t.textContent = text;
  tag.append(t);
  layer.append(tag);
}

/** The hint on the board: the suggested tile drawn in place, the suggested route highlighted, or the hex of a
 *  New City or a map's own action outlined. */
function drawHint(layer, under, hint, v) {
  const colour = playerColour(v.players.find((p) => p.seat === v.to_move).colour);
  if (hint.build) {
    const g = hexGeo(hint.build.hex);
    if (!g) return;
    S.svg.querySelectorAll(`.track[data-hex="${hint.build.hex}"]`).forEach((n) => n.classList.add("dim-track"));
    layer.append(hexOutline(g, "preview-bg"));
    drawTile(layer, g, hint.build, v, hint.track_radius);
    layer.append(hexOutline(g, "hint-hex"));
    boardTag(layer, g, `Hint · ${money(hint.build.cost)}`, "#c76a00", "hint-board-tag");
    return;
  }
  if (hint.route) drawRoute(layer, under, hint.route, colour);
  const g = hint.hex && hexGeo(hint.hex);
  if (g) {
    layer.append(hexOutline(g, "hint-hex"));
    if (!hint.route) boardTag(layer, g, "Hint", "#c76a00", "hint-board-tag");
  }
}

function drawRoute(layer, under, route, colour) {
  const hexes = route.hexes && route.hexes.length ? route.hexes : route.stops;
  const geos = hexes.map(hexGeo).filter(Boolean);
  for (const g of geos) {
    under.append(hexOutline(g, "route-hex"));
    layer.append(hexOutline(g, "route-hex-edge"));
  }
  // The hexes come stop by stop with the track between; join them only where they are neighbours.
  const apart = geos.length ? geos[0].r * Math.sqrt(3) * 1.1 : 0;
  let run = [];
  const flush = () => {
    if (run.length > 1) {
      const pts = run.map((g) => `${g.x.toFixed(1)},${g.y.toFixed(1)}`).join(" ");
      under.append(svgEl("polyline", { points: pts, class: "route-line-case" }));
      under.append(svgEl("polyline", { points: pts, class: "route-line", stroke: colour }));
    }
    run = [];
  };
  for (const g of geos) {
    const last = run[run.length - 1];
    if (last && Math.hypot(last.x - g.x, last.y - g.y) > apart) flush();
    run.push(g);
  }
  flush();
  route.stops.forEach((hex, i) => {
    const g = hexGeo(hex);
    if (!g) return;
    const sx = g.x - g.r * 0.62;
    const sy = g.y - g.r * 0.5;
    layer.append(svgEl("circle", { cx: sx, cy: sy, r: 10, class: "route-stop" }));
    const t = svgEl("text", { x: sx, y: sy + 4.2, "text-anchor": "middle", class: "route-stop-no" });
    t.textContent = i === 0 ? "▶" : String(i);
    layer.append(t);
  });
  const last = hexGeo(route.stops[route.stops.length - 1]);
  if (last) {
    const text = route.income.map((x) => `${x.seat === null ? "no one" : x.name} +${x.income}`).join("  ");
    const w = Math.max(60, text.length * 7.5 + 16);
    const tag = svgEl("g", { class: "income-tag" });
    const ty = last.y - last.r * 1.25 < 16 ? last.y + last.r * 1.25 : last.y - last.r * 1.25; // keep it on the board
    tag.append(svgEl("rect", { x: last.x - w / 2, y: ty - 12, width: w, height: 24, rx: 12 }));
    const t = svgEl("text", { x: last.x, y: ty + 5, "text-anchor": "middle" });
    t.textContent = text;
    tag.append(t);
    layer.append(tag);
  }
}

// --- the replay viewer: a game's positions one by one, with the log beside them ----------------------------

const R = { src: null, index: 0, total: 0, timer: null, seq: 0, labels: false };

async function showReplay(src) {
  R.src = src;
  S.id = src.game || null;
  S.game = null;
  S.you = null;
  S.legal = null;
  S.recent = new Set();
  Z.base = null;
  const app = document.getElementById("app");
  const back = src.game ? h("a", { href: `/game/${encodeURIComponent(src.game)}`, class: "muted" }, "back to the game") : h("a", { href: "/", class: "muted" }, "lobby");
  setKids(app,
    h("div", { class: "game replay" },
      h("section", { class: "banner", id: "banner" }),
      h("div", { class: "game-grid" },
        h("div", { class: "board-col" },
          h("div", { class: "board-wrap", id: "board" }, h("p", { class: "muted" }, "Replaying…")),
          h("div", { class: "board-tools" },
            h("label", {}, h("input", { type: "checkbox", id: "labels-toggle", onchange: (e) => { R.labels = e.target.checked; replayTo(R.index); } }), " hex labels"),
            zoomTools(),
            back)),
        h("aside", { class: "side" },
          h("section", { class: "panel replay-controls", id: "replay-controls" }),
          h("section", { class: "panel map-panel", id: "map-panel", hidden: true }),
          h("section", { class: "panel", id: "players" }),
          h("section", { class: "panel", id: "goods" }),
          h("section", { class: "panel log-panel" }, h("h2", {}, "Log"), h("ol", { class: "log", id: "log" }))))));
  setupZoom(document.getElementById("board"));
  document.addEventListener("keydown", (ev) => {
    if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
    if (ev.key === "ArrowRight") replayStep(1);
    else if (ev.key === "ArrowLeft") replayStep(-1);
  });
  const first = await replayFetch(0);
  if (!first) return;
  R.total = first.total;
  await replayTo(src.game ? first.total : 0, first.total === 0 ? first : null);
}

async function replayFetch(index) {
  const q = new URLSearchParams({ index: String(index) });
  if (R.labels) q.set("labels", "true");
  const url = R.src.game ? `/api/games/${encodeURIComponent(R.src.game)}/replay?${q}` : `/api/replays/${encodeURIComponent(R.src.opened)}?${q}`;
  try {
    return await api("GET", url);
  } catch (err) {
    const app = document.getElementById("app");
    setKids(app, h("section", { class: "panel" }, h("h2", {}, "This replay cannot be shown"),
      h("p", { class: "error" }, err.message), h("a", { href: "/", class: "btn" }, "Back to the lobby")));
    return null;
  }
}

async function replayTo(index, known = null) {
  const seq = ++R.seq;
  const pos = known || await replayFetch(Math.max(0, Math.min(R.total, index)));
  if (!pos || seq !== R.seq) return;
  R.index = pos.index;
  R.total = pos.total;
  S.view = pos.view;
  S.index = pos.index;
  S.log = pos.log;
  S.game = { map: pos.view.map, map_name: pos.view.map_name, seats: [] };
  placeBoard(pos.svg);
  renderReplayControls(pos);
  renderMapPanel();
  renderPlayers();
  renderGoods();
  renderLog();
  document.title = `Replay — ${mapTitle()}`;
}

function replayStep(delta) {
  if (R.index + delta < 0 || R.index + delta > R.total) return;
  replayTo(R.index + delta);
}

function replayPlay() {
  if (R.timer) { clearInterval(R.timer); R.timer = null; renderReplayControls(); return; }
  if (R.index >= R.total) R.index = 0;
  R.timer = setInterval(() => {
    if (R.index >= R.total) { clearInterval(R.timer); R.timer = null; renderReplayControls(); return; }
    replayTo(R.index + 1);
  }, 700);
  renderReplayControls();
}

function renderReplayControls(pos) {
  const el = document.getElementById("replay-controls");
  const banner = document.getElementById("banner");
  if (!el || !S.view) return;
  const v = S.view;
  const when = v.turn ? `Turn ${v.turn}${v.last_turn ? ` of ${v.last_turn}` : ""} · ${v.over ? "Game over" : v.phase_title}` : "Setup";
  if (banner) setKids(banner, h("div", { class: "banner-main" }, h("span", { class: "map-name" }, mapTitle()),
    h("span", { class: "phase-line", id: "phase-line" }, `Replay · ${when}`)));
  const last = pos && pos.action ? pos.log.slice(-1)[0] : null;
  const slider = h("input", { type: "range", min: 0, max: R.total, value: R.index, id: "replay-slider", "aria-label": "position",
    onchange: (e) => replayTo(Number(e.target.value)) });
  const btn = (id, label, title, fn, off) => h("button", { type: "button", class: "btn", id, title, "aria-label": title, disabled: off, onclick: fn }, label);
  setKids(el, h("h2", {}, "Replay"),
    h("p", { class: "replay-where", id: "replay-where" }, `Action ${R.index} of ${R.total}`),
    h("div", { class: "button-row replay-buttons" },
      btn("replay-first", "|◀", "the start", () => replayTo(0), R.index === 0),
      btn("replay-back", "◀", "one action back (←)", () => replayStep(-1), R.index === 0),
      btn("replay-play", R.timer ? "Pause" : "Play", R.timer ? "pause" : "play through", replayPlay, false),
      btn("replay-next", "▶", "one action on (→)", () => replayStep(1), R.index >= R.total),
      btn("replay-last", "▶|", "the end", () => replayTo(R.total), R.index >= R.total)),
    slider,
    last ? h("p", { class: "muted", id: "replay-last-line" }, last) : null);
}

/** The lobby's "open a record file": the file is sent to the server, which replays it and keeps it for a while. */
function openRecordControl() {
  const input = h("input", { type: "file", id: "record-file", accept: ".json,application/json" });
  const note = h("p", { class: "muted", id: "record-note" }, "A record made by aos, or a game imported with 'aos import'.");
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch {
      note.textContent = `${file.name} is not JSON: open a record file (.json).`;
      note.className = "error";
      return;
    }
    try {
      const r = await api("POST", "/api/replays", { body: data });
      location.href = `/replay/${encodeURIComponent(r.id)}`;
    } catch (err) {
      note.textContent = err.message;
      note.className = "error";
    }
  });
  return h("section", { class: "panel open-record" }, h("h2", {}, "Replay a record"), h("label", { class: "field" }, input), note);
}

// --- start -----------------------------------------------------------------------------------------

function start() {
  const m = /^\/game\/([^/]+)\/?$/.exec(location.pathname);
  const r = /^\/game\/([^/]+)\/replay\/?$/.exec(location.pathname);
  const u = /^\/replay\/([^/]+)\/?$/.exec(location.pathname);
  if (m) showGame(decodeURIComponent(m[1]));
  else if (r) showReplay({ game: decodeURIComponent(r[1]) });
  else if (u) showReplay({ opened: decodeURIComponent(u[1]) });
  else showLobby();
}

start();
