// The board: drawn by the server as SVG, zoomed and panned here; clicks, highlights, build previews and routes.

import { api, h, money, playerColour, sentence, svgEl, toast } from "./dom.js";
import { S, isMine } from "./state.js";
import { currentHint, renderDecision, selectBuildHex, selectMapHex } from "./decision.js";
import { discAt, drawDiscs, hoverDisc, selectDisc } from "./discs.js";

export let boardSeq = 0;

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
  if (text !== S.boardText || !S.svg || !S.svg.isConnected) {
    placeBoard(text); // the same board is not drawn again: no flicker, and what the player points at stays
    S.boardText = text;
  }
  drawOverlays();
}

/** Put a drawn board (SVG text) in the board pane, fitted and zoomed as the pane was. */
export function placeBoard(text) {
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

export const Z = { base: null, fit: null, box: null, pointers: new Map(), start: null, moved: false };

export const ZOOM_MOST = 8; // at most 8 times the fitted size
export const READABLE_R = 30; // a hex radius (screen pixels) the board is first shown at, if fitting makes it tiny
export const TINY_R = 20; // below this radius on the fitted board, a tall board starts zoomed in

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
export function fitBox() {
  const [bx, by, bw, bh] = Z.base;
  const wrap = document.getElementById("board");
  const a = wrap && wrap.clientWidth > 0 && wrap.clientHeight > 0 ? wrap.clientHeight / wrap.clientWidth : bh / bw;
  if (bh / bw > a) { const w = bh / a; return [bx - (w - bw) / 2, by, w, bh]; }
  const h = bw * a;
  return [bx, by - (h - bh) / 2, bw, h];
}

/** The board's first view: all of it, unless that draws its hexes tiny (a tall board in a wide pane): then its
 *  top, as wide as the pane, the hexes at a readable size. */
export function firstBox() {
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
export function fitPane() {
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

export function showBox() {
  if (!S.svg || !Z.box) return;
  S.svg.setAttribute("viewBox", Z.box.map((n) => n.toFixed(2)).join(" "));
  const wrap = document.getElementById("board");
  if (wrap) wrap.dataset.zoom = (Z.fit[2] / Z.box[2]).toFixed(2);
}

/** Zoom by ``factor`` (below 1: closer) around the board point (cx, cy), within the fitted size and 8 times it. */
export function zoomAt(factor, cx, cy) {
  if (!Z.box) return;
  const [x, y, w, h] = Z.box;
  const nw = Math.min(Z.fit[2], Math.max(Z.fit[2] / ZOOM_MOST, w * factor));
  const k = nw / w;
  Z.box = [cx - (cx - x) * k, cy - (cy - y) * k, nw, h * k];
  clampBox();
  showBox();
}

export function clampBox() {
  const [bx, by, bw, bh] = Z.base;
  let [x, y, w, h] = Z.box;
  if (w >= Z.fit[2] - 0.01) { Z.box = Z.fit.slice(); return; } // fitted: the whole board
  x = Math.min(Math.max(x, bx - w / 2), bx + bw - w / 2); // the middle of the view stays on the board
  y = Math.min(Math.max(y, by - h / 2), by + bh - h / 2);
  Z.box = [x, y, w, h];
}

export const NARROW = 700; // a pane narrower than this (a phone): the board zooms to the player's network

/** On a narrow screen, once per turn and phase of the player's own move: the view closes in on their track
 *  (and what they may build next to it), the hexes at a readable size; the whole board stays a Fit away. */
export function zoomToNetwork() {
  const v = S.view;
  const wrap = document.getElementById("board");
  if (!S.svg || !Z.base || !v || v.over || typeof v.to_move !== "number" || !isMine(v.to_move)) return;
  if (!wrap || wrap.clientWidth >= NARROW) return;
  const key = `${S.id}:${v.turn}:${v.phase}:${v.to_move}`;
  if (S.zoomedFor === key) return;
  const mine = [...S.svg.querySelectorAll(`.track[data-owner="${v.to_move}"]`)].map((e) => e.getAttribute("data-hex"));
  for (const e of S.svg.querySelectorAll(`.station[data-owner="${v.to_move}"]`)) mine.push(...(e.getAttribute("data-side") || "").split("-"));
  const geos = [...new Set(mine)].map(hexGeo).filter(Boolean);
  if (!geos.length) return; // no network yet: the whole board
  S.zoomedFor = key;
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

export function zoomCentre(factor) {
  if (!Z.box) return;
  zoomAt(factor, Z.box[0] + Z.box[2] / 2, Z.box[1] + Z.box[3] / 2);
}

export function zoomFit() {
  if (!Z.base) return;
  Z.box = Z.fit.slice();
  showBox();
}

export function boardPoint(clientX, clientY) {
  const m = S.svg && S.svg.getScreenCTM();
  if (!m) return null;
  const p = S.svg.createSVGPoint();
  p.x = clientX;
  p.y = clientY;
  return p.matrixTransform(m.inverse());
}

/** Board units per screen pixel now. */
export function unitsPerPixel() {
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

/** The hex under a pointer event: the hex whose outline holds the point, whatever is drawn on it (a mountain, a
 *  city's name, a cube); on an area map, the region drawn there. */
export function hexLabelAt(ev) {
  if (S.svg && Number.isFinite(ev.clientX) && document.elementsFromPoint) {
    const under = document.elementsFromPoint(ev.clientX, ev.clientY);
    const poly = under.find((el) => el.matches && el.matches("polygon.hex[data-hex]") && S.svg.contains(el));
    if (poly) return poly.getAttribute("data-hex");
  }
  const el = ev.target && ev.target.closest && ev.target.closest("[data-hex]");
  return el ? el.getAttribute("data-hex") : null;
}

export function onBoardClick(ev) {
  const disc = !S.pending && discAt(ev);
  if (disc) { selectDisc(disc.circle); return; }
  const hex = hexLabelAt(ev);
  const wrap = document.getElementById("board");
  if (wrap && hex) wrap.dataset.pointed = hex; // the hex last clicked (the page's tests read it)
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
export async function explainNoBuild(hex) {
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

export function cityHexesOf(hex) {
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

export function onBoardHover(ev) {
  const hint = document.getElementById("board-hint");
  if (!hint || hoverDisc(ev)) return;
  const hex = hexLabelAt(ev);
  const b = hex && S.legal && S.legal.builds && S.legal.builds.find((x) => x.hex === hex);
  hint.textContent = b ? `${b.where}: ${b.options.length} way${b.options.length === 1 ? "" : "s"}, ${money(b.min_cost)}${b.max_cost !== b.min_cost ? `–${money(b.max_cost)}` : ""}` : hex || "";
}

export function polyCentre(poly) {
  const pts = poly.getAttribute("points").trim().split(/\s+/).map((p) => p.split(",").map(Number));
  if (!pts.length) return null;
  const x = pts.reduce((s, p) => s + p[0], 0) / pts.length;
  const y = pts.reduce((s, p) => s + p[1], 0) / pts.length;
  const r = Math.hypot(pts[0][0] - x, pts[0][1] - y);
  return { x, y, r, pts };
}

export function hexGeo(label) {
  if (!S.svg) return null;
  const poly = S.svg.querySelector(`polygon.hex[data-hex="${label}"]`);
  return poly ? polyCentre(poly) : null;
}

export function hexOutline(g, cls) {
  return svgEl("polygon", { points: g.pts.map((p) => p.join(",")).join(" "), class: cls });
}

export const RECENT_MS = 4000; // how long the hexes another player changed stay outlined while one watches

/** The hexes others changed to outline now: all since one's last move while it is one's move; else those of
 *  the last few seconds (watching bots, the outlines do not pile up). A redraw is planned for when they fade. */
export function recentHexes() {
  const v = S.view;
  const mine = v && typeof v.to_move === "number" && isMine(v.to_move) && !v.over;
  const now = Date.now();
  const out = [...S.recent.entries()].filter(([, t]) => mine || now - t < RECENT_MS).map(([hex]) => hex);
  if (!mine && out.length) {
    clearTimeout(S.recentTimer);
    S.recentTimer = setTimeout(drawOverlays, RECENT_MS + 50 - (now - Math.max(...out.map((x) => S.recent.get(x)))));
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
    drawDiscs(layer, v);
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

/** A tile's track drawn on the board's hex ``g`` (the build preview and the hint): the server's track paths are
 *  drawn in a hex of radius ``radius`` centred on the origin, so they are moved and scaled onto the hex. */
export function drawTile(layer, g, option, v, radius) {
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

/** The boxes of the names printed on the board (cities, towns), in board units; worked out once per drawing. */
export function nameBoxes() {
  if (!S.svg) return [];
  if (S.nameBoxesOf !== S.svg) {
    S.nameBoxesOf = S.svg;
    S.nameBoxes = [...S.svg.querySelectorAll(".place-name")].map((e) => e.getBBox()).map((b) => ({ x: b.x, y: b.y, w: b.width, h: b.height }));
  }
  return S.nameBoxes;
}

/** Where a label ``w`` wide goes by hex ``g``: above it if that leaves every name on the board readable, else
 *  below, beside or aslant; on the board; the least covering spot if none is clear. (x, y): its middle. */
export function tagSpot(g, w, hh = 22) {
  const d = g.r * 1.15;
  const side = g.r * 0.9 + w / 2;
  const spots = [[0, -d], [0, d], [side, -d * 0.5], [-side, -d * 0.5], [side, d * 0.5], [-side, d * 0.5], [side, 0], [-side, 0],
    [side, -d], [-side, -d], [side, d], [-side, d], [0, -1.8 * d], [0, 1.8 * d]];
  const [bx, by, bw, bh] = Z.base || [-Infinity, -Infinity, Infinity, Infinity];
  const names = nameBoxes();
  let best = null;
  for (const [dx, dy] of spots) {
    const x = g.x + dx, y = g.y + dy;
    const box = { x: x - w / 2, y: y - hh / 2, w, h: hh };
    const inside = box.x >= bx && box.y >= by && box.x + box.w <= bx + bw && box.y + box.h <= by + bh;
    const cover = names.reduce((sum, n) => sum + overlap(box, n), 0) + (inside ? 0 : 1e6);
    if (!best || cover < best.cover) best = { x, y, cover };
    if (cover === 0) break;
  }
  return best;
}

export function overlap(a, b) {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** A rounded label by hex ``g``, clear of the names printed on the board (the Hint, a build's price). */
export function boardTag(layer, g, text, fill, cls) {
  const tag = svgEl("g", { class: cls });
  const w = Math.max(52, text.length * 8.4 + 18);
  const spot = tagSpot(g, w);
  const tx = spot.x;
  const ty = spot.y + 2; // the rectangle runs from 13 above to 9 below its baseline point
  tag.append(svgEl("rect", { x: tx - w / 2, y: ty - 13, width: w, height: 22, rx: 11, fill, stroke: "#2b2b2b", "stroke-width": 1.5 }));
  const t = svgEl("text", { x: tx, y: ty + 3, "text-anchor": "middle", "font-size": 14, "font-weight": "bold", fill: "#fff", stroke: "#2b2b2b", "stroke-width": 0.6, "paint-order": "stroke" });
  t.textContent = text;
  tag.append(t);
  layer.append(tag);
}

/** The hint on the board: the suggested tile drawn in place, the suggested route highlighted, or the hex of a
 *  New City or a map's own action outlined. */
export function drawHint(layer, under, hint, v) {
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

export function drawRoute(layer, under, route, colour) {
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
