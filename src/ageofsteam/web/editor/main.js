// The map editor page (/editor): draw a board, see every problem the server's validator finds as you draw, open
// and download map.toml files, upload a map and play it. See docs/map-editor.md.

import { BOT_LEVELS, api, h, setKids, toast } from "../js/dom.js";
import { cellAtPoint, drawBoard } from "./draw.js";
import {
  COLOURS, GROWTH, History, LINK_KINDS, MAX_SIDE, OFF, TERRAIN, addLink, blank, cellOf, cityAt, fromData, kindOf,
  paint, resize, toToml, townAt,
} from "./model.js";

const TOOLS = [
  ...TERRAIN.map((t) => ({ id: t, title: t[0].toUpperCase() + t.slice(1), kind: t })),
  { id: OFF, title: "Off map", kind: OFF },
  { id: "city", title: "City", kind: "city" },
  { id: "town", title: "Town", kind: "town" },
  { id: "link", title: "Link" },
  { id: "select", title: "Select" },
];

const E = {
  history: new History(blank()),
  tool: "plain",
  selected: null, // the label of the hex shown in the inspector
  linkStart: null, // the first end of a link being drawn
  report: null, // the server's last check
  checkSeq: 0,
  checkTimer: null,
  stroke: null, // a paint stroke in progress: { changed, last }
  uploaded: null,
};
const model = () => E.history.model;

// --- the page ------------------------------------------------------------------------------------------------

function start() {
  document.title = "Age of Steam — Map editor";
  setKids(document.getElementById("app"),
    h("div", { class: "editor" },
      h("div", { class: "editor-main" },
        h("div", { class: "editor-toolbar", id: "tools", role: "toolbar", "aria-label": "Drawing tools" }),
        h("div", { class: "editor-board-wrap", id: "board-wrap" }),
        h("p", { class: "muted editor-hint" },
          "Pick a tool, then click or drag over hexes (a finger works too). Select shows a hex's city, town and links. ",
          "Ctrl+Z undoes, Ctrl+Y redoes.")),
      h("aside", { class: "editor-side" },
        h("section", { class: "panel", id: "file-panel" }),
        h("section", { class: "panel", id: "map-panel" }),
        h("section", { class: "panel", id: "inspector" }),
        h("section", { class: "panel", id: "problems-panel" }, h("h2", {}, "Problems"), h("ul", { id: "problems", class: "problems" })),
        h("section", { class: "panel", id: "play-panel" }))));
  renderTools();
  renderFilePanel();
  renderPlayPanel();
  changed();
  const wrap = document.getElementById("board-wrap");
  wrap.addEventListener("pointerdown", onDown);
  wrap.addEventListener("pointermove", onMove);
  window.addEventListener("pointerup", onUp);
  window.addEventListener("pointercancel", onUp);
  window.addEventListener("keydown", onKey);
}

/** Redraw after the model changed (and check it again unless ``check`` is false). */
function changed(check = true) {
  renderBoard();
  renderMapPanel();
  renderInspector();
  document.getElementById("undo").disabled = !E.history.done.length;
  document.getElementById("redo").disabled = !E.history.undone.length;
  if (check) scheduleCheck();
}

function renderBoard() {
  const faults = new Set((E.report?.problems || []).flatMap((p) => p.hexes));
  setKids(document.getElementById("board-wrap"), drawBoard(model(), { faults, selected: E.selected, linkStart: E.linkStart }));
}

function renderTools() {
  const box = document.getElementById("tools");
  setKids(box,
    TOOLS.map((t) => h("button", {
      type: "button", class: `btn btn-small tool${E.tool === t.id ? " active" : ""}`, "data-tool": t.id,
      "aria-pressed": E.tool === t.id ? "true" : "false",
      onclick: () => { E.tool = t.id; E.linkStart = null; renderTools(); renderBoard(); },
    }, h("span", { class: `tool-swatch tool-${t.id}` }), t.title)),
    h("span", { class: "tool-gap" }),
    h("button", { type: "button", class: "btn btn-small", id: "undo", onclick: undo, title: "Undo (Ctrl+Z)" }, "Undo"),
    h("button", { type: "button", class: "btn btn-small", id: "redo", onclick: redo, title: "Redo (Ctrl+Y)" }, "Redo"));
}

// --- drawing with mouse and touch ------------------------------------------------------------------------------

function onDown(e) {
  const cell = cellAtPoint(e.clientX, e.clientY);
  if (!cell) return;
  e.preventDefault();
  document.getElementById("board-wrap").setPointerCapture?.(e.pointerId); // a finger's stroke stays with the board
  const [col, row] = cell;
  const m = model();
  const lab = m.cells[row] ? labelOfCell(col, row) : null;
  if (E.tool === "select") { E.selected = lab; renderBoard(); renderInspector(); return; }
  if (E.tool === "link") { linkClick(lab, col, row); return; }
  E.history.save();
  E.stroke = { changed: false, last: null };
  paintAt(col, row);
}

function onMove(e) {
  if (!E.stroke) return;
  e.preventDefault();
  const cell = cellAtPoint(e.clientX, e.clientY);
  if (cell) paintAt(cell[0], cell[1]);
}

function onUp() {
  if (!E.stroke) return;
  const { changed: any } = E.stroke;
  E.stroke = null;
  if (!any) E.history.drop();
  else changed();
}

function paintAt(col, row) {
  const key = `${col},${row}`;
  if (E.stroke.last === key) return;
  E.stroke.last = key;
  const m = model();
  if (paint(m, col, row, TOOLS.find((t) => t.id === E.tool).kind)) {
    E.stroke.changed = true;
    if (["city", "town"].includes(E.tool)) E.selected = labelOfCell(col, row);
    renderBoard();
  }
}

const labelOfCell = (col, row) => document.querySelector(`[data-col="${col}"][data-row="${row}"]`)?.dataset.label || null;

function linkClick(lab, col, row) {
  const kind = kindOf(model(), model().cells[row][col]);
  if (kind !== "city" && kind !== "town") { toast("A link joins two places: click a city or a town."); return; }
  if (!E.linkStart) { E.linkStart = lab; renderBoard(); return; }
  if (E.linkStart === lab) { E.linkStart = null; renderBoard(); return; }
  E.history.save();
  addLink(model(), E.linkStart, lab);
  E.linkStart = null;
  E.selected = lab;
  changed();
}

function onKey(e) {
  if (!(e.ctrlKey || e.metaKey) || ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement?.tagName)) return;
  if (e.key.toLowerCase() === "z" && !e.shiftKey) { e.preventDefault(); undo(); }
  else if (e.key.toLowerCase() === "y" || (e.key.toLowerCase() === "z" && e.shiftKey)) { e.preventDefault(); redo(); }
}

function undo() { if (E.history.undo()) { E.linkStart = null; changed(); } }
function redo() { if (E.history.redo()) { E.linkStart = null; changed(); } }

/** Run ``change(model)`` as one undoable step. */
function edit(change) {
  E.history.save();
  change(model());
  changed();
}

// --- the side panels ---------------------------------------------------------------------------------------------

function field(label, input) {
  return h("label", { class: "field" }, h("span", {}, label), input);
}

function textInput(id, value, apply, attrs = {}) {
  return h("input", { type: "text", id, value: value ?? "", ...attrs, onchange: (e) => edit((m) => apply(m, e.target.value)) });
}

function numberSelect(id, value, lo, hi, apply) {
  const sel = h("select", { id, onchange: (e) => edit((m) => apply(m, Number(e.target.value))) });
  for (let n = lo; n <= hi; n++) sel.append(h("option", { value: n, selected: n === Number(value) }, String(n)));
  return sel;
}

function renderMapPanel() {
  const m = model();
  const [lo, hi] = m.players.map(Number);
  const turns = [];
  for (let n = lo; n <= hi; n++) {
    turns.push(field(`Turns with ${n} players`, h("input", {
      type: "number", id: `turns-${n}`, min: 1, max: 99, value: m.turns[n] ?? "", placeholder: n >= 3 && n <= 6 ? String({ 3: 10, 4: 8, 5: 7, 6: 6 }[n]) : "needed",
      onchange: (e) => edit((mm) => { if (e.target.value === "") delete mm.turns[n]; else mm.turns[n] = Number(e.target.value); }),
    })));
  }
  setKids(document.getElementById("map-panel"),
    h("h2", {}, "The map"),
    field("Name", textInput("map-name", m.name, (mm, v) => { mm.name = v; }, { maxlength: 60 })),
    field("Id (a short name for files)", textInput("map-id", m.id, (mm, v) => { mm.id = v; }, { maxlength: 64 })),
    h("div", { class: "field-row" },
      field("Fewest players", numberSelect("players-lo", lo, 1, 6, (mm, v) => { mm.players = [v, Math.max(v, Number(mm.players[1]))]; })),
      field("Most players", numberSelect("players-hi", hi, 1, 6, (mm, v) => { mm.players = [Math.min(v, Number(mm.players[0])), v]; }))),
    h("details", { class: "turns", open: true }, h("summary", {}, "Length of the game (empty: the base game's)"), turns),
    h("div", { class: "field-row" },
      field("Columns", numberSelect("cols", m.cols, 1, MAX_SIDE, (mm, v) => resize(mm, v, mm.rows))),
      field("Rows", numberSelect("rows", m.rows, 1, MAX_SIDE, (mm, v) => resize(mm, mm.cols, v))),
      field("Lower columns", h("select", { id: "columns-low", onchange: (e) => edit((mm) => { mm.columns_low = e.target.value; }) },
        ["odd", "even"].map((v) => h("option", { value: v, selected: m.columns_low === v }, v))))));
}

function renderInspector() {
  const box = document.getElementById("inspector");
  const m = model();
  const lab = E.selected;
  const cell = lab ? cellOf(m, lab) : null;
  if (!cell) { setKids(box, h("h2", {}, "Hex"), h("p", { class: "muted" }, "Choose Select and click a hex to edit its city, town or links.")); return; }
  const kind = kindOf(m, m.cells[cell[1]][cell[0]]);
  const parts = [h("h2", {}, `Hex ${lab}`), h("p", { class: "muted" }, `Terrain: ${kind === OFF ? "off the map" : kind}`)];
  const ci = cityAt(m, lab);
  if (ci >= 0) {
    const c = m.cities[ci];
    const colour = Array.isArray(c.colours) ? c.colours[0] : c.colour;
    const growth = Array.isArray(c.growth) ? c.growth[0] : c.growth;
    parts.push(h("h3", {}, "City"),
      field("Name", textInput("city-name", c.name, (mm, v) => { mm.cities[ci].name = v; }, { maxlength: 40 })),
      field("Goods colour", h("select", { id: "city-colour", onchange: (e) => edit((mm) => { delete mm.cities[ci].colours; mm.cities[ci].colour = e.target.value; }) },
        COLOURS.map((v) => h("option", { value: v, selected: v === colour }, v)))),
      field("Goods growth number", h("select", { id: "city-growth", onchange: (e) => edit((mm) => { mm.cities[ci].growth = e.target.value; }) },
        [...GROWTH, "none"].map((v) => h("option", { value: v, selected: v === growth }, v)))));
  }
  const ti = townAt(m, lab);
  if (ti >= 0) parts.push(h("h3", {}, "Town"), field("Name", textInput("town-name", m.towns[ti].name, (mm, v) => { mm.towns[ti].name = v; }, { maxlength: 40 })));
  const links = m.links.map((l, i) => [l, i]).filter(([l]) => Array.isArray(l.ends) && l.ends.includes(lab));
  for (const [l, i] of links) {
    parts.push(h("h3", {}, `Link ${l.ends.join(" – ")}`),
      field("Id", textInput(`link-id-${i}`, l.id, (mm, v) => { mm.links[i].id = v; })),
      field("Kind", h("select", { id: `link-kind-${i}`, onchange: (e) => edit((mm) => { mm.links[i].kind = e.target.value; }) },
        LINK_KINDS.map((v) => h("option", { value: v, selected: v === l.kind }, v.replace("_", " "))))),
      field("Cost", h("input", { type: "number", id: `link-cost-${i}`, min: 0, max: 99, value: l.cost ?? 0,
        onchange: (e) => edit((mm) => { mm.links[i].cost = Number(e.target.value); }) })),
      h("button", { type: "button", class: "btn btn-small", onclick: () => edit((mm) => { mm.links.splice(i, 1); }) }, "Remove this link"));
  }
  setKids(box, parts);
}

// --- the check -----------------------------------------------------------------------------------------------------

function scheduleCheck(delay = 250) {
  clearTimeout(E.checkTimer);
  E.checkTimer = setTimeout(check, delay);
}

async function check() {
  const seq = ++E.checkSeq;
  const text = toToml(model());
  let report;
  try {
    report = await api("POST", "/api/maps/check", { body: { text } });
  } catch (err) {
    toast(`The map could not be checked: ${err.message}`);
    return;
  }
  if (seq !== E.checkSeq) return;
  E.report = report;
  showProblems();
  renderBoard();
}

function showProblems() {
  const list = document.getElementById("problems");
  const r = E.report;
  const panel = document.getElementById("problems-panel");
  panel.classList.toggle("ok", !!r.ok);
  if (r.ok) {
    setKids(list, h("li", { class: "ok", id: "check-ok" }, `No problems: ${r.summary}. It can be played.`));
    return;
  }
  setKids(list, r.problems.map((p) => h("li", {
    class: "problem", tabindex: 0, "data-hexes": p.hexes.join(" "),
    onclick: () => { if (p.hexes.length) { E.selected = p.hexes[0]; renderBoard(); renderInspector(); } },
  }, p.hexes.length ? h("b", {}, `${p.hexes.join(", ")}: `) : null, p.text)));
}

// --- files ---------------------------------------------------------------------------------------------------------

async function openText(text) {
  const report = await api("POST", "/api/maps/check", { body: { text } });
  if (!report.data) {
    toast(report.problems.map((p) => p.text).join("; ") || "That is not a map file.");
    return;
  }
  let m;
  try {
    m = fromData(report.data);
  } catch (err) {
    toast(err.message);
    return;
  }
  E.history.reset(m);
  E.selected = null;
  E.linkStart = null;
  E.uploaded = null;
  renderPlayPanel();
  changed();
}

async function renderFilePanel() {
  const picker = h("input", { type: "file", id: "open-file", accept: ".toml,text/plain", class: "visually-hidden",
    onchange: async (e) => {
      const file = e.target.files[0];
      if (!file) return;
      if (file.size > 40000) { toast("That file is over 40,000 characters: too large for a map."); return; }
      await openText(await file.text());
      e.target.value = "";
    } });
  const ours = h("select", { id: "start-from" }, h("option", { value: "" }, "Start from one of our maps…"));
  ours.addEventListener("change", async () => {
    if (!ours.value) return;
    try {
      const res = await fetch(`/api/maps/${encodeURIComponent(ours.value)}/map.toml`);
      if (!res.ok) throw new Error(`the map could not be loaded (${res.status})`);
      await openText(await res.text());
    } catch (err) {
      toast(err.message);
    }
    ours.value = "";
  });
  setKids(document.getElementById("file-panel"),
    h("h2", {}, "Map editor"),
    h("div", { class: "file-buttons" },
      h("button", { type: "button", class: "btn btn-small", id: "new-blank", onclick: () => { if (confirmLeave()) { E.history.reset(blank()); E.selected = null; changed(); } } }, "New blank map"),
      h("button", { type: "button", class: "btn btn-small", id: "open", onclick: () => picker.click() }, "Open map.toml…"),
      h("button", { type: "button", class: "btn btn-small btn-primary", id: "download", onclick: download }, "Download map.toml"),
      picker),
    ours,
    h("p", { class: "muted" }, h("a", { href: "/" }, "Back to the lobby")));
  try {
    const maps = await api("GET", "/api/maps?all=true");
    for (const m of maps.filter((x) => x.kind !== "area")) ours.append(h("option", { value: m.id }, m.name));
  } catch { /* the blank board still works */ }
}

const confirmLeave = () => !E.history.done.length || window.confirm("Start over? (Undo brings the old map back.)");

function download() {
  const blob = new Blob([toToml(model())], { type: "application/toml" });
  const a = h("a", { href: URL.createObjectURL(blob), download: "map.toml" });
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

// --- upload and play -----------------------------------------------------------------------------------------------

function renderPlayPanel() {
  const box = document.getElementById("play-panel");
  const level = h("select", { id: "bot-level" }, BOT_LEVELS.map((b) => h("option", { value: b.level }, `Bots: ${b.title}`)));
  const parts = [
    h("h2", {}, "Play it"),
    h("p", { class: "muted" }, "Upload the map to this server to play it in the lobby with the base rules. Anyone can see uploaded maps."),
    field("Describe your map", h("textarea", { id: "upload-description", maxlength: 500, rows: 2, placeholder: "A few words: where it is, what is special" })),
    field("Your name (optional)", h("input", { type: "text", id: "upload-author", maxlength: 40 })),
    h("button", { type: "button", class: "btn btn-primary", id: "upload", onclick: upload }, "Upload"),
  ];
  if (E.uploaded) {
    const u = E.uploaded;
    parts.push(h("div", { class: "uploaded", id: "uploaded" },
      h("p", {}, "Uploaded as ", h("b", {}, u.name), ". Pick it under “Uploaded maps” in the lobby."),
      h("p", { class: "muted" }, "To delete it later you need this token (keep it, as you keep a seat link): ",
        h("code", { id: "delete-token" }, u.delete_token)),
      h("div", { class: "file-buttons" }, level,
        h("button", { type: "button", class: "btn", id: "watch-bots", onclick: () => playWithBots(level.value, false) }, "Watch bots play it"),
        h("button", { type: "button", class: "btn", id: "play-bots", onclick: () => playWithBots(level.value, true) }, "Play against bots"),
        h("button", { type: "button", class: "btn btn-ghost", id: "delete-upload", onclick: deleteUpload }, "Delete it"))));
  }
  setKids(box, parts);
}

async function upload() {
  const description = document.getElementById("upload-description").value.trim();
  const author = document.getElementById("upload-author").value.trim();
  if (!description) { toast("Say in a few words what the map is before uploading it."); return; }
  try {
    E.uploaded = await api("POST", "/api/uploads", { body: { text: toToml(model()), description, author } });
    toast(`Uploaded ${E.uploaded.name}.`, "info");
  } catch (err) {
    toast(err.message);
    return;
  }
  renderPlayPanel();
}

async function playWithBots(level, withYou) {
  const u = E.uploaded;
  const players = u.players[0] >= 3 ? u.players[0] : Math.min(3, u.players[1]);
  const seats = Array.from({ length: players }, (_, i) => (withYou && i === 0 ? { name: "You", bot: null } : { name: `Bot ${i + 1}`, bot: level }));
  try {
    const game = await api("POST", "/api/games", { body: { map: u.lobby_id, players, seats, hot_seat: true } });
    location.href = game.host_url;
  } catch (err) {
    toast(err.message);
  }
}

async function deleteUpload() {
  const u = E.uploaded;
  const res = await fetch(`/api/uploads/${encodeURIComponent(u.id)}`, { method: "DELETE", headers: { "X-Delete-Token": u.delete_token } });
  if (!res.ok) { toast(`It could not be deleted (${res.status}).`); return; }
  E.uploaded = null;
  toast("The uploaded map is deleted.", "info");
  renderPlayPanel();
}

start();
