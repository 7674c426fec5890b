// Small helpers of the browser client: building elements, colours and money, the JSON API, toasts, stored seat links.

export const PLAYER_COLOURS = { // as render/palette.py PLAYERS: shades apart from the cities' goods colours
  blue: "#5bc0f8", green: "#2e9e45", yellow: "#fff38a", pink: "#f08cc3", grey: "#7b7b7b", gray: "#7b7b7b",
  orange: "#f28a1e", red: "#ff8a80", purple: "#c792ea", brown: "#8b5a2b", black: "#5c5c5c", white: "#fafafa",
  cyan: "#25b7c9", teal: "#1a9c8c",
};

export const GOODS_COLOURS = {
  red: "#d3292f", blue: "#2360c4", purple: "#7d3fa3", yellow: "#f3c623", black: "#232323", white: "#f4f4f4",
  green: "#2f9a48", orange: "#ee8a1c", grey: "#9a9a9a", pink: "#ef8cbc",
};

export const DEFAULT_NAMES = ["Ada", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal"];
// the bot levels (GET /api/bots gives them; these stand in for an older server)

export const BOT_LEVELS = [
  { level: "random", title: "Easy", about: "a careless beginner" },
  { level: "steady", title: "Medium", about: "plans each move, at once" },
  { level: "hard", title: "Hard", about: "looks ahead to the end of the turn and judges the whole game from there" },
  { level: "strong", title: "Baseline", about: "the former Hard, kept to measure the bots against" },
];

export const DEFAULT_BOT = "steady"; // Medium: a fair first opponent

export const SVG_NS = "http://www.w3.org/2000/svg";

export const TOKENS_KEY = "aos.tokens";

/** Build a DOM element: h("div", {class: "x", onclick: f}, child, "text", …). */
export function h(tag, attrs = {}, ...children) {
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
export function setKids(el, ...kids) {
  el.replaceChildren(...kids.flat(Infinity).filter((k) => k !== null && k !== undefined && k !== false));
}

export function svgEl(tag, attrs = {}) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

export const playerColour = (name) => PLAYER_COLOURS[(name || "").toLowerCase()] || name || "#888";

export const goodsColour = (name) => GOODS_COLOURS[(name || "").toLowerCase()] || name || "#888";

export const money = (n) => (n < 0 ? `−$${-n}` : `$${n}`);

export const playerRange = ([lo, hi]) => (lo === hi ? `${lo} player${lo === 1 ? "" : "s"}` : `${lo}–${hi} players`);

export const titleCase = (s) => String(s).replace(/[_-]/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

export function swatch(colour, extra = "") {
  return h("span", { class: `swatch ${extra}`, style: { background: playerColour(colour) }, title: colour });
}

/** The badge of a bot seat: its level as players know it ("Hard bot"). */
export function botBadge(seat) {
  if (!seat || !seat.bot) return null;
  const title = seat.bot_title || (BOT_LEVELS.find((b) => b.level === seat.bot) || {}).title;
  return h("span", { class: "badge badge-bot", "data-bot": seat.bot }, title ? `${title} bot` : "bot");
}

export function cube(colour, title) {
  return h("span", { class: "cube", style: { background: goodsColour(colour) }, title: title || `${colour} cube` });
}

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.detail) || `The server answered ${status}`);
    this.status = status;
    this.code = body && body.code;
    this.field = body && body.field;
  }
}

export async function api(method, path, { body, token } = {}) {
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
  let data;
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

export function toast(message, kind = "error") {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.className = `toast toast-${kind}`;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, kind === "error" ? 7000 : 2500);
}

export function storedTokens() {
  try {
    return JSON.parse(localStorage.getItem(TOKENS_KEY) || "{}");
  } catch {
    return {};
  }
}

export function storeToken(gameId, token, label) {
  const all = storedTokens();
  all[gameId] = { token, label, saved: Date.now() };
  localStorage.setItem(TOKENS_KEY, JSON.stringify(all));
}

export async function copyText(text, button) {
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

export const absoluteUrl = (path) => new URL(path, location.origin).href;

export function spinner() {
  return h("span", { class: "spinner", "aria-hidden": "true" });
}

export const sentence = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
