// Area maps (discs on circles instead of track on hexes): the circles a disc may go on are highlighted on the map,
// a click on one chooses it, pointing at one shows its price; the panel confirms the choice.

import { h, money, playerColour, sentence, svgEl } from "./dom.js";
import { S } from "./state.js";
import { boardPoint, boardTag, drawOverlays } from "./board.js";
import { actionButton, renderDecision } from "./decision.js";
import { send } from "./connection.js";

/** The legal discs of the player to move (each with its ``circle`` and ``cost``). */
export function discActions() {
  return ((S.legal && S.legal.actions) || []).filter((a) => a.circle);
}

/** Where circle ``id`` is drawn ({x, y, r} in board units): a connection circle, or a region's large circle. */
export function circleGeo(id) {
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

export function selectDisc(circle) {
  S.sel = { kind: "disc", circle };
  renderDecision();
  drawOverlays();
}

/** On a pointer move: the price of the circle pointed at, on the map and in the line under it. */
export function hoverDisc(ev) {
  const a = discAt(ev);
  const id = a ? a.circle : null;
  if (id !== (S.hoverDisc || null)) {
    S.hoverDisc = id;
    drawOverlays();
  }
  const hint = document.getElementById("board-hint");
  if (hint && discActions().length) hint.textContent = a ? sentence(a.label) : "";
  return !!a;
}

/** The highlighted circles, the chosen one marked, and the price of the one pointed at (or chosen). */
export function drawDiscs(layer, v) {
  const acts = discActions();
  if (!acts.length) return;
  for (const a of acts) {
    const g = circleGeo(a.circle);
    if (!g) continue;
    const chosen = S.sel.kind === "disc" && S.sel.circle === a.circle;
    layer.append(svgEl("circle", { cx: g.x, cy: g.y, r: g.r + 4, class: `hl-disc${chosen ? " chosen" : ""}`, "data-disc": a.circle }));
  }
  const shown = S.hoverDisc || (S.sel.kind === "disc" ? S.sel.circle : null);
  const a = shown && acts.find((x) => x.circle === shown);
  const g = a && circleGeo(a.circle);
  if (g) {
    const colour = playerColour(v.players.find((p) => p.seat === v.to_move).colour);
    boardTag(layer, { x: g.x, y: g.y, r: (g.r + 12) / 1.15 }, money(a.cost), colour, "cost-tag disc-cost");
  }
}

/** The panel's part: click a circle on the map, then confirm; the whole list stays at hand, folded. */
export function discControl(acts) {
  const sel = S.sel.kind === "disc" ? acts.find((a) => a.circle === S.sel.circle) : null;
  const parts = [h("h3", {}, `${acts[0].group} (${acts.length})`)];
  parts.push(h("p", { class: "muted" }, `Click a highlighted circle on the map (${acts.length} open to you); pointing at one shows its price.`));
  if (sel) {
    parts.push(h("p", { class: "disc-chosen", id: "disc-chosen" }, sentence(sel.label)));
    parts.push(h("div", { class: "button-row" },
      h("button", { class: "btn btn-primary", id: "confirm-disc", disabled: S.pending, onclick: () => send(sel.action) },
        `Place the disc for ${money(sel.cost)}`),
      h("button", { class: "btn btn-ghost", onclick: () => { S.sel = {}; renderDecision(); drawOverlays(); } }, "Choose another circle")));
  }
  parts.push(h("details", { class: "disc-list" }, h("summary", {}, "or pick it from a list"),
    h("div", { class: "options-list scroll-list" }, acts.map(actionButton))));
  return h("div", { class: "group", "data-group": acts[0].action.kind }, parts);
}
