// The hexes of the drawn board: where each is (in board units), which one a pointer is on, a city's hexes.

import { svgEl } from "./dom.js";
import { S } from "./state.js";

/** The middle, radius and corners of a hex outline. */
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

/** The hex under a pointer event: the hex whose outline holds the point, whatever is drawn on it (a mountain, a
 *  city's name, a cube); on an area map, the region drawn there. */
export function hexLabelAt(ev) {
  if (S.svg && Number.isFinite(ev.clientX) && document.elementsFromPoint) {
    const under = document.elementsFromPoint(ev.clientX, ev.clientY);
    const poly = under.find((el) => el.matches && el.matches("polygon.hex[data-hex]") && S.svg.contains(el));
    if (poly) return poly.getAttribute("data-hex");
    // an area map: a city's large circle or a label lies over the region; the first region under the pointer
    const inside = under.find((el) => S.svg.contains(el) && el.closest && el.closest("[data-hex]"));
    if (inside) return inside.closest("[data-hex]").getAttribute("data-hex");
  }
  const el = ev.target && ev.target.closest && ev.target.closest("[data-hex]");
  return el ? el.getAttribute("data-hex") : null;
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
