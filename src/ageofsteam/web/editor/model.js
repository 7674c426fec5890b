// The map being edited: a plain object, read from and written to our map format (docs/map-format.md), with undo.
//
// The model keeps what the editor changes (the grid's terrain, cities, towns, special links, the name, player
// counts and turns) and carries every other part of an opened file along untouched (features, areas, blocked
// edges, facts …), so that opening a file and downloading it again changes nothing.

export const TERRAIN = ["plain", "river", "mountain", "lake", "sea"]; // the kinds every map knows
export const OFF = "off"; // the brush for "no hex here": outside the board (a space in the grid)
export const COLOURS = ["red", "blue", "purple", "yellow", "black", "white"];
export const GROWTH = [1, 2, 3, 4, 5, 6].map((n) => `light ${n}`).concat([1, 2, 3, 4, 5, 6].map((n) => `dark ${n}`));
export const LINK_KINDS = ["city_link", "bridge", "ferry"];
export const MAX_SIDE = 40; // columns and rows an editor board may have

// The grid holds characters, as the file does; the legend says what each is. A kind the legend lacks gets the
// character below (or a spare one) when it is first painted, so an opened file keeps its own characters.
const CHARS = { plain: ".", river: "~", mountain: "M", lake: "W", sea: "S", city: "C", town: "t" };
const SPARE = "abcdefghijklmnopqrsuvwxyzABDEFGHIJKLNOPQRTUVXYZ#%&*+=?@^"; // no digits: a digit key would change places when read back

// keys of the file the model reads itself; every other top-level key is kept as it was read
const OWN = new Set(["id", "name", "players", "columns_low", "grid", "legend", "turns", "city", "town", "special_link"]);

/** Doubled row of (col, row) when columns of parity ``low`` sit half a hex lower (board/hexes.py). */
export const doubledRow = (col, row, low) => 2 * row + (col % 2 === low ? 1 : 0);

export function rowLetters(y) {
  let out = "";
  y += 1;
  while (y > 0) {
    const rem = (y - 1) % 26;
    y = Math.floor((y - 1) / 26);
    out = String.fromCharCode(65 + rem) + out;
  }
  return out;
}

/** The printed label of the hex at (col, row): its doubled row's letters, then its column. */
export const labelOf = (m, col, row) => `${rowLetters(doubledRow(col, row, lowParity(m)))}${col}`;
export const lowParity = (m) => (m.columns_low === "even" ? 0 : 1);

/** A blank board: plain hexes, no places. */
export function blank(cols = 12, rows = 9) {
  return {
    id: "my-map", name: "My map", players: [3, 6], turns: {}, columns_low: "odd",
    cols, rows, cells: Array.from({ length: rows }, () => Array(cols).fill(".")),
    legend: { ".": "plain" }, cities: [], towns: [], links: [], extra: {},
  };
}

/** The cell (col, row) of a label, or null. */
export function cellOf(m, text) {
  const t = String(text || "").trim().toUpperCase();
  for (let row = 0; row < m.rows; row++) for (let col = 0; col < m.cols; col++) if (labelOf(m, col, row) === t) return [col, row];
  return null;
}

/** The model of a parsed map file (``data``: its TOML as JSON). Refuses what the editor cannot draw. */
export function fromData(data) {
  if (!data || typeof data !== "object") throw new Error("the file is not a map file");
  if (data.kind === "area") throw new Error("this is a map of regions and circles: the editor draws hex maps only");
  if (typeof data.grid !== "string") throw new Error("the file has no grid (grid = '''…''')");
  const lines = data.grid.replace(/\n+$/, "").split("\n");
  const legend = data.legend && typeof data.legend === "object" ? data.legend : {};
  const rows = Math.max(1, lines.length);
  const cols = Math.max(1, ...lines.map((l) => l.length));
  if (rows > MAX_SIDE || cols > MAX_SIDE) throw new Error(`the editor draws boards of at most ${MAX_SIDE} × ${MAX_SIDE} hexes`);
  const cells = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => (lines[r] || "")[c] || " "));
  const extra = {};
  for (const [k, v] of Object.entries(data)) if (!OWN.has(k)) extra[k] = v;
  const list = (v) => (Array.isArray(v) ? v.map((e) => ({ ...e })) : []);
  return {
    id: String(data.id ?? ""), name: String(data.name ?? ""),
    players: Array.isArray(data.players) ? data.players.slice(0, 2) : [3, 6],
    turns: data.turns && typeof data.turns === "object" ? { ...data.turns } : {},
    columns_low: data.columns_low === "even" ? "even" : "odd",
    cols, rows, cells, legend: { ...legend },
    cities: list(data.city), towns: list(data.town), links: list(data.special_link), extra,
  };
}

/** A deep copy (for undo). */
export const clone = (m) => JSON.parse(JSON.stringify(m));

// --- changes -------------------------------------------------------------------------------------------------

/** The city entry covering a label (index), or -1. */
export const cityAt = (m, lab) => m.cities.findIndex((c) => c.hex === lab || (Array.isArray(c.hexes) && c.hexes.includes(lab)));
export const townAt = (m, lab) => m.towns.findIndex((t) => t.hex === lab);

function freeGrowth(m) {
  const used = new Set(m.cities.flatMap((c) => (Array.isArray(c.growth) ? c.growth : [c.growth])));
  return GROWTH.find((g) => !used.has(g)) || "none";
}

function freeColour(m) {
  const count = (col) => m.cities.filter((c) => c.colour === col).length;
  return COLOURS.slice(0, 5).reduce((a, b) => (count(b) < count(a) ? b : a));
}

/** Take the place off a hex: its city (or this hex of a city over several) and its town. */
function clearPlace(m, lab) {
  const ci = cityAt(m, lab);
  if (ci >= 0) {
    const c = m.cities[ci];
    if (Array.isArray(c.hexes) && c.hexes.length > 1) c.hexes = c.hexes.filter((x) => x !== lab);
    else m.cities.splice(ci, 1);
  }
  const ti = townAt(m, lab);
  if (ti >= 0) m.towns.splice(ti, 1);
}

/** What the grid character ``ch`` is: a terrain kind, "city", "town", "off" (a space), or "?" (not in the legend). */
export const kindOf = (m, ch) => (ch === " " ? OFF : Object.prototype.hasOwnProperty.call(m.legend, ch) ? String(m.legend[ch]) : "?");

/** The grid character for ``kind``, added to the legend if the map has none yet. */
function charFor(m, kind) {
  if (kind === OFF) return " ";
  const have = Object.entries(m.legend).find(([, k]) => k === kind);
  if (have) return have[0];
  const ch = [CHARS[kind], ...SPARE].find((c) => c && !(c in m.legend));
  m.legend[ch] = kind;
  return ch;
}

/** Paint ``kind`` (a terrain, "off", "city" or "town") on (col, row); true when something changed. */
export function paint(m, col, row, kind) {
  const lab = labelOf(m, col, row);
  const old = kindOf(m, m.cells[row][col]);
  if (old === kind) return false;
  if (old === "city" || old === "town") clearPlace(m, lab);
  m.cells[row][col] = charFor(m, kind);
  if (kind === "city") {
    m.cities.push({ name: `City ${lab}`, hex: lab, colour: freeColour(m), growth: freeGrowth(m) });
  } else if (kind === "town") {
    m.towns.push({ name: `Town ${lab}`, hex: lab });
  }
  return true;
}

/** Resize the board (new hexes plain; places on cut hexes go with them). */
export function resize(m, cols, rows) {
  cols = Math.max(1, Math.min(MAX_SIDE, cols));
  rows = Math.max(1, Math.min(MAX_SIDE, rows));
  for (let r = 0; r < m.rows; r++) for (let c = 0; c < m.cols; c++) {
    if ((c >= cols || r >= rows) && ["city", "town"].includes(kindOf(m, m.cells[r][c]))) clearPlace(m, labelOf(m, c, r));
  }
  const fill = charFor(m, "plain");
  m.cells = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => (m.cells[r] && m.cells[r][c]) || fill));
  m.cols = cols;
  m.rows = rows;
}

/** A new special link between two places, with an id of its own. */
export function addLink(m, a, b) {
  let n = m.links.length + 1;
  const ids = new Set(m.links.map((l) => l.id));
  while (ids.has(`link-${n}`)) n++;
  m.links.push({ id: `link-${n}`, kind: "city_link", ends: [a, b], cost: 4 });
}

/** Undo and redo: whole copies of the model, one per finished change. */
export class History {
  constructor(model) { this.model = model; this.done = []; this.undone = []; }
  /** Remember the model as it is before a change. */
  save() { this.done.push(clone(this.model)); this.undone = []; if (this.done.length > 200) this.done.shift(); }
  /** Forget the last save (the change it was for changed nothing). */
  drop() { this.done.pop(); }
  undo() { if (!this.done.length) return false; this.undone.push(clone(this.model)); this.model = this.done.pop(); return true; }
  redo() { if (!this.undone.length) return false; this.done.push(clone(this.model)); this.model = this.undone.pop(); return true; }
  reset(model) { this.model = model; this.done = []; this.undone = []; }
}

// --- writing the file ----------------------------------------------------------------------------------------

/** The grid text: one line per row, a space where there is no hex, trailing spaces and empty last rows left out. */
function gridText(m) {
  const lines = m.cells.map((row) => row.join("").replace(/\s+$/, ""));
  while (lines.length && !lines[lines.length - 1]) lines.pop();
  return lines.join("\n");
}

/** The map as our map.toml text. */
export function toToml(m) {
  const out = [];
  out.push(`id = ${str(m.id)}`, `name = ${str(m.name)}`, `players = [${m.players.map(Number).join(", ")}]`);
  out.push(`columns_low = ${str(m.columns_low)}`);
  out.push(`grid = '''\n${gridText(m)}\n'''`);
  out.push("", "[legend]");
  for (const [ch, k] of Object.entries(m.legend)) out.push(`${str(ch)} = ${str(k)}`);
  const turns = Object.entries(m.turns).filter(([, v]) => v !== "" && v !== null && v !== undefined);
  if (turns.length) {
    out.push("", "[turns]");
    for (const [n, t] of turns.sort((a, b) => Number(a[0]) - Number(b[0]))) out.push(`${key(n)} = ${Number(t)}`);
  }
  for (const [table, list] of [["city", m.cities], ["town", m.towns], ["special_link", m.links]]) {
    for (const entry of list) {
      out.push("", `[[${table}]]`);
      for (const [k, v] of Object.entries(entry)) if (v !== undefined && v !== null) out.push(`${key(k)} = ${value(v)}`);
    }
  }
  out.push(...tables(m.extra, ""));
  return `${out.join("\n")}\n`;
}

const str = (s) => JSON.stringify(String(s));
const key = (k) => (/^[A-Za-z0-9_-]+$/.test(k) ? k : str(k));

function value(v) {
  if (typeof v === "string") return str(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[${v.map(value).join(", ")}]`;
  if (v && typeof v === "object") return `{ ${Object.entries(v).map(([k, x]) => `${key(k)} = ${value(x)}`).join(", ")} }`;
  return str(v);
}

const isTable = (v) => v && typeof v === "object" && !Array.isArray(v);
const isTableList = (v) => Array.isArray(v) && v.length > 0 && v.every(isTable);

/** The kept top-level parts of a file (and their sub-tables), in TOML. */
function tables(obj, prefix) {
  const out = [];
  const plain = Object.entries(obj).filter(([, v]) => !isTable(v) && !isTableList(v));
  if (prefix && plain.length) out.push("", `[${prefix}]`);
  else if (!prefix && plain.length) out.push("");
  for (const [k, v] of plain) out.push(`${key(k)} = ${value(v)}`);
  for (const [k, v] of Object.entries(obj)) {
    const name = prefix ? `${prefix}.${key(k)}` : key(k);
    if (isTable(v)) {
      const inner = tables(v, name);
      out.push(...(inner.length ? inner : ["", `[${name}]`]));
    } else if (isTableList(v)) {
      for (const e of v) {
        out.push("", `[[${name}]]`);
        for (const [ek, ev] of Object.entries(e)) out.push(`${key(ek)} = ${value(ev)}`);
      }
    }
  }
  return out;
}
