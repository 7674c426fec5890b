// Drawing the edited board as SVG (flat-topped hexes in columns, labelled as the printed boards are) in the
// colours of the server's renderer (render/palette.py), and turning mouse and touch strokes into hex positions.

import { GOODS_COLOURS, svgEl } from "../js/dom.js";
import { OFF, cellOf, cityAt, doubledRow, kindOf, labelOf, lowParity, townAt } from "./model.js";

const R = 30; // hex radius
const H = (Math.sqrt(3) / 2) * R;
export const FILL = { plain: "#dbe8b4", river: "#dbe8b4", mountain: "#c4a57e", lake: "#8ec3e6", sea: "#6ea9d8", town: "#dbe8b4" };

export function centre(m, col, row) {
  return [R + col * 1.5 * R, H * (1 + doubledRow(col, row, lowParity(m)))];
}

function hexPoints(x, y, r = R) {
  return [0, 1, 2, 3, 4, 5].map((i) => {
    const a = (Math.PI / 3) * i;
    return `${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
}

function text(x, y, content, cls) {
  const t = svgEl("text", { x: x.toFixed(1), y: y.toFixed(1), class: cls, "text-anchor": "middle" });
  t.textContent = content; // always text, never markup
  return t;
}

const short = (growth) => (Array.isArray(growth) ? growth : [growth]).filter((g) => g && g !== "none")
  .map((g) => g.replace("light ", "L").replace("dark ", "D")).join(" ");

/** The whole board: every cell (off-board cells faintly, so they can be painted back), places, links, faults. */
export function drawBoard(m, { faults = new Set(), selected = null, linkStart = null } = {}) {
  const [w, h] = [R * 2 + (m.cols - 1) * 1.5 * R, H * (2 * m.rows + 1)];
  const svg = svgEl("svg", { viewBox: `-4 -4 ${(w + 8).toFixed(0)} ${(h + 8).toFixed(0)}`, class: "editor-svg", id: "editor-board" });
  for (let row = 0; row < m.rows; row++) {
    for (let col = 0; col < m.cols; col++) svg.append(drawCell(m, col, row, faults, selected, linkStart));
  }
  for (const link of m.links) {
    const ends = (Array.isArray(link.ends) ? link.ends : []).map((l) => cellOf(m, l)).filter(Boolean);
    if (ends.length !== 2) continue;
    const [[x1, y1], [x2, y2]] = ends.map(([c, r]) => centre(m, c, r));
    svg.append(svgEl("line", { x1, y1, x2, y2, class: "editor-link-line" }));
    svg.append(text((x1 + x2) / 2, (y1 + y2) / 2 - 4, `$${link.cost ?? "?"}`, "editor-link-cost"));
  }
  return svg;
}

function drawCell(m, col, row, faults, selected, linkStart) {
  const lab = labelOf(m, col, row);
  const kind = kindOf(m, m.cells[row][col]);
  const [x, y] = centre(m, col, row);
  const g = svgEl("g", { "data-col": col, "data-row": row, "data-label": lab, "data-kind": kind, class: "editor-hex" });
  if (faults.has(lab)) g.classList.add("fault");
  if (selected === lab) g.classList.add("selected");
  if (linkStart === lab) g.classList.add("link-start");
  if (kind === OFF) {
    g.classList.add("off");
    g.append(svgEl("polygon", { points: hexPoints(x, y), class: "hex-off" }));
    return g;
  }
  const fill = kind === "city" ? "#f7f0e1" : FILL[kind] || "#d0ccc4";
  g.append(svgEl("polygon", { points: hexPoints(x, y), fill, class: "hex-shape" }));
  if (kind === "river") g.append(svgEl("path", { d: `M${x - R * 0.85},${y + 4} Q${x - R * 0.3},${y - 10} ${x},${y} T${x + R * 0.85},${y - 4}`, class: "river-line" }));
  if (kind === "mountain") g.append(svgEl("polygon", { points: `${x - 12},${y + 9} ${x},${y - 11} ${x + 12},${y + 9}`, class: "mountain-mark" }));
  if (kind === "city") {
    const city = m.cities[cityAt(m, lab)];
    const colour = city ? (Array.isArray(city.colours) ? city.colours[0] : city.colour) : null;
    g.append(svgEl("polygon", { points: hexPoints(x, y, R * 0.6), fill: GOODS_COLOURS[colour] || "#eee", class: "city-mark" }));
    if (city) g.append(text(x, y + 5, short(city.growth), `city-growth${colour === "yellow" || colour === "white" ? " dark" : ""}`));
  }
  if (kind === "town") g.append(svgEl("circle", { cx: x, cy: y, r: R * 0.32, class: "town-mark" }));
  if (kind === "town" && townAt(m, lab) < 0) g.classList.add("fault");
  if (!["plain", "river", "mountain", "lake", "sea", "city", "town"].includes(kind)) g.append(text(x, y + 4, kind.slice(0, 5), "other-kind"));
  g.append(text(x, y - H + 9, lab, "hex-label"));
  return g;
}

/** The cell under a pointer (mouse, pen or finger), as [col, row], or null. */
export function cellAtPoint(clientX, clientY) {
  const el = document.elementFromPoint(clientX, clientY);
  const g = el && el.closest ? el.closest("[data-col]") : null;
  return g ? [Number(g.dataset.col), Number(g.dataset.row)] : null;
}
