// The board: drawn by the server as SVG and placed in its pane; the player's clicks and pointing on it, and the
// highlights, build previews, routes and the hint drawn over it.

import { api, money, playerColour, sentence, svgEl, toast } from "./dom.js";
import { S, clearChoice, currentHint, hoverOption, isMine, redraw, select, setSvg } from "./state.js";
import { cityHexesOf, hexGeo, hexLabelAt, hexOutline } from "./hexes.js";
import { boardTag, drawHint, drawRoute, drawTile } from "./marks.js";
import { discActions, discAt, drawDiscs } from "./discs.js";
import { keepInView, keepZoom, zoomToNetwork } from "./zoom.js";

let boardSeq = 0; // the board asked for last (an older answer is not drawn)
let boardText = null; // the board drawn last, as the server sent it
let recentTimer = null; // the redraw planned for when the others' changes stop being outlined
let pointedDisc = null; // the circle the pointer is on (an area map)

/** Fetch the board as it stands and draw it (and the overlays) unless a newer one was asked for meanwhile. */
export async function loadBoard() {
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
  if (text !== boardText || !S.svg || !S.svg.isConnected) {
    placeBoard(text); // the same board is not drawn again: no flicker, and what the player points at stays
    boardText = text;
  }
  drawOverlays();
}

/** Put a drawn board (SVG text) in the board pane, fitted and zoomed as the pane was. */
export function placeBoard(text) {
  const wrap = document.getElementById("board");
  wrap.innerHTML = text;
  setSvg(wrap.querySelector("svg"));
  if (S.svg) {
    S.svg.removeAttribute("width");
    S.svg.removeAttribute("height");
    S.svg.classList.add("board-svg");
    S.svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    keepZoom(S.svg);
  }
}

/** The player picks ``sel`` on the board or in the panel: both show it. */
export function choose(sel) {
  select(sel);
  redraw("decision");
  drawOverlays();
}

/** The player picks the hex ``hex`` to build on: its first way shown, and the hex kept in view. */
export function selectBuildHex(hex) {
  select({ kind: "build", hex, option: 0 });
  hoverOption(null);
  redraw("decision");
  drawOverlays();
  keepInView(hex);
}

/** Nothing picked any more (the hint shown instead, say). */
export function unchoose() {
  clearChoice();
  redraw("decision");
  drawOverlays();
}

export function onBoardClick(ev) {
  const disc = !S.pending && discAt(ev);
  if (disc) { choose({ kind: "disc", circle: disc.circle }); return; }
  const hex = hexLabelAt(ev);
  const wrap = document.getElementById("board");
  if (wrap && hex) wrap.dataset.pointed = hex; // the hex last clicked (the page's tests read it)
  const L = S.legal;
  if (!hex || !L || S.pending) return;
  const note = document.getElementById("board-why");
  if (note) note.textContent = "";
  const urbanizable = L.urbanize && L.urbanize.some((t) => t.hex === hex);
  const buildable = L.builds && L.builds.some((b) => b.hex === hex);
  // a town that takes a New City or a track tile: the New City first (it is placed before any track), a second
  // click the tiles
  if (urbanizable && !(buildable && S.sel.kind === "urbanize" && S.sel.hex === hex)) {
    choose({ kind: "urbanize", hex });
    return;
  }
  if (buildable) {
    if (S.sel.kind === "build" && S.sel.hex === hex) {
      const b = L.builds.find((x) => x.hex === hex);
      choose({ ...S.sel, option: ((S.sel.option || 0) + 1) % b.options.length }); // click again: next way
    } else selectBuildHex(hex);
    return;
  }
  if (L.actions && L.actions.some((a) => a.hex === hex)) {
    choose({ kind: "map", hex });
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
      choose({ kind: "deliver", cube: next, route: 0 });
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

export function onBoardHover(ev) {
  const hint = document.getElementById("board-hint");
  if (!hint || pointDisc(ev)) return;
  const hex = hexLabelAt(ev);
  const b = hex && S.legal && S.legal.builds && S.legal.builds.find((x) => x.hex === hex);
  hint.textContent = b ? `${b.where}: ${b.options.length} way${b.options.length === 1 ? "" : "s"}, ${money(b.min_cost)}${b.max_cost !== b.min_cost ? `–${money(b.max_cost)}` : ""}` : hex || "";
}

/** On a pointer move over an area map: the price of the circle pointed at, on the map and in the line under it;
 *  whether the pointer is on one. */
function pointDisc(ev) {
  const a = discAt(ev);
  const id = a ? a.circle : null;
  if (id !== pointedDisc) {
    pointedDisc = id;
    drawOverlays();
  }
  const hint = document.getElementById("board-hint");
  if (hint && discActions().length) hint.textContent = a ? sentence(a.label) : "";
  return !!a;
}

const RECENT_MS = 4000; // how long the hexes another player changed stay outlined while one watches

/** The hexes others changed to outline now: all since one's last move while it is one's move; else those of
 *  the last few seconds (watching bots, the outlines do not pile up). A redraw is planned for when they fade. */
function recentHexes() {
  const v = S.view;
  const mine = v && typeof v.to_move === "number" && isMine(v.to_move) && !v.over;
  const now = Date.now();
  const out = [...S.recent.entries()].filter(([, t]) => mine || now - t < RECENT_MS).map(([hex]) => hex);
  if (!mine && out.length) {
    clearTimeout(recentTimer);
    recentTimer = setTimeout(drawOverlays, RECENT_MS + 50 - (now - Math.max(...out.map((x) => S.recent.get(x)))));
  }
  return out;
}

export function drawOverlays() {
  const svg = S.svg;
  if (!svg) return;
  svg.querySelectorAll(".aos-overlay, .aos-underlay").forEach((n) => n.remove());
  svg.querySelectorAll(".dim-track").forEach((n) => n.classList.remove("dim-track"));
  const layer = svgEl("g", { class: "aos-overlay", "pointer-events": "none" });
  const under = svgEl("g", { class: "aos-underlay", "pointer-events": "none" }); // below cities and track
  const L = S.legal;
  const v = S.view;
  for (const label of recentHexes()) {
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
        if (!g) continue;
        under.append(hexOutline(g, "hl-build-fill")); // the glow under the track: one's own track keeps its colour
        layer.append(hexOutline(g, `hl-build${S.sel.kind === "build" && S.sel.hex === b.hex ? " chosen" : ""}`));
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
    drawDiscs(layer, v, pointedDisc);
    const mapHexes = new Set((L.actions || []).filter((a) => a.hex).map((a) => a.hex));
    for (const hex of mapHexes) {
      const g = hexGeo(hex);
      if (g) layer.append(hexOutline(g, `hl-map${S.sel.kind === "map" && S.sel.hex === hex ? " chosen" : ""}`));
    }
    if (L.urbanize && L.urbanize.length) {
      for (const t of L.urbanize) {
        const g = hexGeo(t.hex);
        if (!g) continue;
        under.append(hexOutline(g, "hl-build-fill"));
        layer.append(hexOutline(g, `hl-build${S.sel.kind === "urbanize" && S.sel.hex === t.hex ? " chosen" : ""}`));
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
  zoomToNetwork();
}
