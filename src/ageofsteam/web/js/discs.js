// Area maps (discs on circles instead of track on hexes), on the board: the circles a disc may go on are
// highlighted, with the price of the one pointed at or chosen. (A click chooses one: board.js; the panel
// confirms the choice: decision.js.)

import { money, playerColour, svgEl } from "./dom.js";
import { S } from "./state.js";
import { boardTag } from "./marks.js";
import { boardPoint } from "./zoom.js";

/** The legal discs of the player to move (each with its ``circle`` and ``cost``). */
export function discActions() {
  return ((S.legal && S.legal.actions) || []).filter((a) => a.circle);
}

/** Where circle ``id`` is drawn ({x, y, r} in board units): a connection circle, or a region's large circle. */
function circleGeo(id) {
  if (!S.svg) return null;
  const ring = [...S.svg.querySelectorAll("g.circle[data-circle]")].find((e) => e.dataset.circle === id);
  const c = ring ? ring.querySelector("circle")
    : [...S.svg.querySelectorAll("circle.large-circle[data-large]")].find((e) => e.dataset.large === id.toUpperCase());
  if (!c) return null;
  return { x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")), r: Number(c.getAttribute("r")) };
}

/** The legal disc whose circle is under a pointer event (the smallest circle holding the point), or null. */
export function discAt(ev) {
  const acts = discActions();
  if (!acts.length || !Number.isFinite(ev.clientX)) return null;
  const p = boardPoint(ev.clientX, ev.clientY);
  if (!p) return null;
  let best = null;
  for (const a of acts) {
    const g = circleGeo(a.circle);
    if (!g || Math.hypot(p.x - g.x, p.y - g.y) > g.r + 4) continue;
    if (!best || g.r < best.r) best = { a, r: g.r };
  }
  return best ? best.a : null;
}

/** The highlighted circles, the chosen one marked, and the price of the one pointed at (``pointed``, the
 *  circle's id) or chosen. */
export function drawDiscs(layer, v, pointed) {
  const acts = discActions();
  if (!acts.length) return;
  for (const a of acts) {
    const g = circleGeo(a.circle);
    if (!g) continue;
    const chosen = S.sel.kind === "disc" && S.sel.circle === a.circle;
    layer.append(svgEl("circle", { cx: g.x, cy: g.y, r: g.r + 4, class: `hl-disc${chosen ? " chosen" : ""}`, "data-disc": a.circle }));
  }
  const shown = pointed || (S.sel.kind === "disc" ? S.sel.circle : null);
  const a = shown && acts.find((x) => x.circle === shown);
  const g = a && circleGeo(a.circle);
  if (g) {
    const colour = playerColour(v.players.find((p) => p.seat === v.to_move).colour);
    boardTag(layer, { x: g.x, y: g.y, r: (g.r + 12) / 1.15 }, money(a.cost), colour, "cost-tag disc-cost");
  }
}
