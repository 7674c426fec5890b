// The board's zoom and pan: the part of the drawn board shown in the pane (its viewBox), by the buttons, the
// wheel, a drag or a pinch; on a phone, closing in on the player's own network at their move.

import { h } from "./dom.js";
import { S, isMine } from "./state.js";
import { hexGeo, polyCentre } from "./hexes.js";

// base: the drawn board's own viewBox; fit: all of it in the pane's proportions; box: the part shown
const Z = { base: null, fit: null, box: null, pointers: new Map(), start: null, moved: false };
let zoomedFor = null; // the move the board last closed in on the player's network for

const ZOOM_MOST = 8; // at most 8 times the fitted size
const READABLE_R = 30; // a hex radius (screen pixels) the board is first shown at, if fitting makes it tiny
const TINY_R = 20; // below this radius on the fitted board, a tall board starts zoomed in
const NARROW = 700; // a pane narrower than this (a phone): the board zooms to the player's network

/** A new page: the next board drawn starts from its first view. */
export function resetZoom() {
  Z.base = null;
}

/** The drawn board's own bounds [x, y, width, height] in board units (null before one is drawn). */
export function boardBounds() {
  return Z.base;
}

/** A board was just drawn as ``svg``: show it zoomed as the pane was (its first view if it is a new board). */
export function keepZoom(svg) {
  const base = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
  if (base.length !== 4 || base.some((n) => !Number.isFinite(n))) return;
  const fresh = !Z.base || Z.base.join() !== base.join();
  if (fresh) Z.base = base;
  fitPane();
  if (fresh) Z.box = firstBox();
  showBox();
}

/** The view of the whole board, in the pane's proportions (the pane is filled; the board is centred in it). */
function fitBox() {
  const [bx, by, bw, bh] = Z.base;
  const wrap = document.getElementById("board");
  const a = wrap && wrap.clientWidth > 0 && wrap.clientHeight > 0 ? wrap.clientHeight / wrap.clientWidth : bh / bw;
  if (bh / bw > a) { const w = bh / a; return [bx - (w - bw) / 2, by, w, bh]; }
  const h = bw * a;
  return [bx, by - (h - bh) / 2, bw, h];
}

/** The board's first view: all of it, unless that draws its hexes tiny (a tall board in a wide pane): then its
 *  top, as wide as the pane, the hexes at a readable size. */
function firstBox() {
  Z.fit = fitBox();
  const poly = S.svg && S.svg.querySelector("polygon.hex");
  const wrap = document.getElementById("board");
  if (!poly || !wrap || !wrap.clientWidth) return Z.fit.slice();
  const r = polyCentre(poly).r * (wrap.clientWidth / Z.fit[2]);
  const widest = Z.fit[2] / Z.base[2]; // no wider than the board
  const z = Math.min(READABLE_R / r, widest, ZOOM_MOST);
  if (r >= TINY_R || z < 1.2) return Z.fit.slice();
  const [bx, by, bw] = Z.base;
  const w = Z.fit[2] / z;
  return [bx + (bw - w) / 2, by, w, Z.fit[3] / z];
}

/** The pane is no taller than the board needs at its width (a wide board leaves no empty band below). */
function fitPane() {
  const wrap = document.getElementById("board");
  if (!wrap || !Z.base) return;
  wrap.style.setProperty("--fit-h", `${Math.ceil(wrap.clientWidth * (Z.base[3] / Z.base[2])) + 2}px`);
  const was = Z.fit;
  Z.fit = fitBox();
  if (Z.box && was && Z.box[2] >= was[2] - 0.01) Z.box = Z.fit.slice(); // fitted stays fitted
  else if (Z.box) { // the same middle and zoom, in the pane's new proportions
    const zoom = was ? was[2] / Z.box[2] : 1;
    const [x, y, w, h] = Z.box;
    const nw = Z.fit[2] / zoom, nh = Z.fit[3] / zoom;
    Z.box = [x + w / 2 - nw / 2, y + h / 2 - nh / 2, nw, nh];
    clampBox();
  }
}

window.addEventListener("resize", () => { fitPane(); showBox(); });

function showBox() {
  if (!S.svg || !Z.box) return;
  S.svg.setAttribute("viewBox", Z.box.map((n) => n.toFixed(2)).join(" "));
  const wrap = document.getElementById("board");
  if (wrap) wrap.dataset.zoom = (Z.fit[2] / Z.box[2]).toFixed(2);
}

/** Zoom by ``factor`` (below 1: closer) around the board point (cx, cy), within the fitted size and 8 times it. */
function zoomAt(factor, cx, cy) {
  if (!Z.box) return;
  const [x, y, w, h] = Z.box;
  const nw = Math.min(Z.fit[2], Math.max(Z.fit[2] / ZOOM_MOST, w * factor));
  const k = nw / w;
  Z.box = [cx - (cx - x) * k, cy - (cy - y) * k, nw, h * k];
  clampBox();
  showBox();
}

function clampBox() {
  const [bx, by, bw, bh] = Z.base;
  let [x, y, w, h] = Z.box;
  if (w >= Z.fit[2] - 0.01) { Z.box = Z.fit.slice(); return; } // fitted: the whole board
  x = Math.min(Math.max(x, bx - w / 2), bx + bw - w / 2); // the middle of the view stays on the board
  y = Math.min(Math.max(y, by - h / 2), by + bh - h / 2);
  Z.box = [x, y, w, h];
}

/** On a narrow screen, once per turn and phase of the player's own move: the view closes in on their track
 *  (and what they may build next to it), the hexes at a readable size; the whole board stays a Fit away. */
export function zoomToNetwork() {
  const v = S.view;
  const wrap = document.getElementById("board");
  if (!S.svg || !Z.base || !v || v.over || typeof v.to_move !== "number" || !isMine(v.to_move)) return;
  if (!wrap || wrap.clientWidth >= NARROW) return;
  const key = `${S.id}:${v.turn}:${v.phase}:${v.to_move}`;
  if (zoomedFor === key) return;
  const mine = [...S.svg.querySelectorAll(`.track[data-owner="${v.to_move}"]`)].map((e) => e.getAttribute("data-hex"));
  for (const e of S.svg.querySelectorAll(`.station[data-owner="${v.to_move}"]`)) mine.push(...(e.getAttribute("data-side") || "").split("-"));
  const geos = [...new Set(mine)].map(hexGeo).filter(Boolean);
  if (!geos.length) return; // no network yet: the whole board
  zoomedFor = key;
  const r = geos[0].r;
  const x0 = Math.min(...geos.map((g) => g.x)) - 2.2 * r, x1 = Math.max(...geos.map((g) => g.x)) + 2.2 * r;
  const y0 = Math.min(...geos.map((g) => g.y)) - 2.2 * r, y1 = Math.max(...geos.map((g) => g.y)) + 2.2 * r;
  const a = Z.fit[3] / Z.fit[2];
  let w = Math.max(x1 - x0, (y1 - y0) / a, 7 * r); // at least seven hexes across
  w = Math.min(w, Z.fit[2]);
  const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  Z.box = [cx - w / 2, cy - (w * a) / 2, w, w * a];
  clampBox();
  showBox();
}

function zoomCentre(factor) {
  if (!Z.box) return;
  zoomAt(factor, Z.box[0] + Z.box[2] / 2, Z.box[1] + Z.box[3] / 2);
}

function zoomFit() {
  if (!Z.base) return;
  Z.box = Z.fit.slice();
  showBox();
}

/** The board point (board units) under a point of the screen. */
export function boardPoint(clientX, clientY) {
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
export function keepInView(label) {
  const g = hexGeo(label);
  if (!g || !Z.box) return;
  const [x, y, w, h] = Z.box;
  if (g.x - g.r >= x && g.x + g.r <= x + w && g.y - g.r >= y && g.y + g.r <= y + h) return;
  Z.box = [g.x - w / 2, g.y - h / 2, w, h];
  clampBox();
  showBox();
}

export function zoomTools() {
  return h("span", { class: "zoom-tools" },
    h("button", { type: "button", class: "btn btn-small", id: "zoom-out", title: "Zoom out", "aria-label": "Zoom out", onclick: () => zoomCentre(1.25) }, "−"),
    h("button", { type: "button", class: "btn btn-small", id: "zoom-in", title: "Zoom in (or the mouse wheel, or pinch)", "aria-label": "Zoom in", onclick: () => zoomCentre(0.8) }, "+"),
    h("button", { type: "button", class: "btn btn-small", id: "zoom-fit", title: "The whole board", onclick: zoomFit }, "Fit"));
}

/** The wheel, drags and pinches on the board pane ``wrap``. */
export function setupZoom(wrap) {
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
    if (Z.box[2] >= Z.fit[2] - 0.01) return; // fitted: nothing to pan
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
