// The rules at hand: at any moment, the rule of the phase being played and this map's changes to it, every other
// phase, the setup and the end; before a player's first game on a map, a short tour of what differs.

import { api, h, setKids } from "./dom.js";
import { S, mapTitle } from "./state.js";

export const TOURED_KEY = "aos.toured"; // the maps whose tour this browser has seen

let guide = null; // the rules of the map shown, fetched once

export async function loadGuide() {
  if (guide && guide.for === S.game.map) return guide;
  const g = await api("GET", `/api/maps/${encodeURIComponent(S.game.map)}/guide`);
  guide = { ...g, for: S.game.map };
  return guide;
}

export function rulesButton() {
  return h("button", { type: "button", class: "btn btn-small btn-rules", id: "rules-open", title: "The rule of this phase, and this map's changes to it",
    onclick: openRules }, "Rules");
}

function ruleBlock(base, own) {
  return [base ? h("p", { class: "rule-base" }, base) : null,
    own ? h("p", { class: "rule-map" }, h("b", {}, `On ${mapTitle()}: `), own) : null];
}

/** The rules dialog: the phase being played first, open; the others folded; then setup and end. */
export async function openRules() {
  let g;
  try {
    g = await loadGuide();
  } catch (err) {
    return;
  }
  const dlg = dialog("rules-dialog");
  const now = S.view && !S.view.over ? S.view.phase : null;
  const current = g.phases.find((p) => p.name === now);
  setKids(dlg,
    h("div", { class: "dialog-head" }, h("h2", {}, `Rules · ${mapTitle()}`),
      h("button", { type: "button", class: "btn btn-ghost btn-small", id: "rules-close", onclick: () => dlg.close() }, "Close")),
    current ? h("section", { class: "rule-now", id: "rule-now", "data-phase": current.name },
      h("h3", {}, `Now: ${current.title}`), ruleBlock(current.base, current.map)) : null,
    h("h3", {}, "Every phase"),
    g.phases.filter((p) => p !== current).map((p) => h("details", { class: "rule-phase", "data-phase": p.name },
      h("summary", {}, p.title, p.map ? h("span", { class: "tag" }, "changed here") : null), ruleBlock(p.base, p.map))),
    h("details", { class: "rule-phase", id: "rule-setup" }, h("summary", {}, "Setup"), ruleBlock(g.setup.base, g.setup.map)),
    h("details", { class: "rule-phase", id: "rule-end" }, h("summary", {}, "End of the game"), ruleBlock(g.end.base, g.end.map)),
    h("p", {}, h("button", { type: "button", class: "linkish", id: "tour-again", onclick: () => { dlg.close(); showTour(true); } },
      `What differs on ${mapTitle()}: the short tour`)));
  dlg.showModal();
}

function dialog(id) {
  let dlg = document.getElementById(id);
  if (!dlg) {
    dlg = h("dialog", { id, class: "rules-dialog" });
    dlg.addEventListener("click", (ev) => { if (ev.target === dlg) dlg.close(); }); // a click outside closes it
    document.body.append(dlg);
  }
  return dlg;
}

export function toured() {
  try {
    return JSON.parse(localStorage.getItem(TOURED_KEY) || "[]");
  } catch {
    return [];
  }
}

/** The tour of what differs from the base game: a panel above the decision before this browser's first game on a
 *  map (never in the way: the game can be played with it open), and again on request. */
export async function showTour(again = false) {
  if (!S.game || (!again && toured().includes(S.game.map))) return;
  let g;
  try {
    g = await loadGuide();
  } catch {
    return;
  }
  const box = document.getElementById("tour");
  if (!g.tour.length || !box) return;
  const done = () => {
    localStorage.setItem(TOURED_KEY, JSON.stringify([...new Set([...toured(), S.game.map])]));
    box.hidden = true;
  };
  setKids(box,
    h("h2", {}, `New here? ${mapTitle()} in ${g.tour.length} points`),
    h("ol", { class: "tour-points" }, g.tour.map((t) => h("li", {}, t))),
    h("p", { class: "muted" }, "The Rules button above shows the rule of each phase at any moment."),
    h("div", { class: "button-row" }, h("button", { type: "button", class: "btn btn-small", id: "tour-done", onclick: done }, "Got it")));
  box.hidden = false;
  if (again) box.scrollIntoView({ behavior: "smooth", block: "nearest" });
}
