// What the page draws over the board: a tile's track (the build preview, the hint), labels clear of the names
// printed on the board (a price, the Hint), and a route with its stops and income.

import { money, playerColour, svgEl } from "./dom.js";
import { S } from "./state.js";
import { hexGeo, hexOutline } from "./hexes.js";
import { boardBounds } from "./zoom.js";

const names = { of: null, boxes: [] }; // the names printed on the board drawn last (``of``), worked out once

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
  if (names.of !== S.svg) {
    names.of = S.svg;
    names.boxes = [...S.svg.querySelectorAll(".place-name")].map((e) => e.getBBox()).map((b) => ({ x: b.x, y: b.y, w: b.width, h: b.height }));
  }
  return names.boxes;
}

/** Where a label ``w`` wide goes by hex ``g``: above it if that leaves every name on the board readable, else
 *  below, beside or aslant; on the board; the least covering spot if none is clear. (x, y): its middle. */
export function tagSpot(g, w, hh = 22) {
  const d = g.r * 1.15;
  const side = g.r * 0.9 + w / 2;
  const spots = [[0, -d], [0, d], [side, -d * 0.5], [-side, -d * 0.5], [side, d * 0.5], [-side, d * 0.5], [side, 0], [-side, 0],
    [side, -d], [-side, -d], [side, d], [-side, d], [0, -1.8 * d], [0, 1.8 * d]];
  const [bx, by, bw, bh] = boardBounds() || [-Infinity, -Infinity, Infinity, Infinity];
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
