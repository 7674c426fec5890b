// The log and the game's story: what happened since the player's last move, the score broken down and each
// player's figures per turn as SVG charts.

import { api, h, playerColour, setKids, svgEl, swatch } from "./dom.js";
import { S, playerName } from "./state.js";

export const CHARTS = [["score", "Score"], ["income", "Income"], ["cash", "Cash"], ["shares", "Shares"], ["engine", "Engine"]];

export async function loadStory(box, withScore) {
  let hist;
  try {
    hist = await api("GET", `/api/games/${S.id}/history`);
  } catch (err) {
    setKids(box, h("p", { class: "error" }, err.message));
    return;
  }
  const parts = [];
  if (withScore && hist.players.some((p) => p.score_parts.length > 1)) {
    const names = hist.players[0].score_parts.map((x, i) => i);
    parts.push(h("table", { class: "score-parts", id: "score-parts" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), hist.players.map((p) => h("th", {}, swatch(p.colour), ` ${p.name}`)))),
      h("tbody", {}, names.map((i) => h("tr", {},
        h("th", { scope: "row" }, hist.players[0].score_parts[i].part.replace(/ -?\d+ × .*$/, "").replace(/^\w/, (c) => c.toUpperCase())),
        hist.players.map((p) => h("td", { title: p.score_parts[i].part }, String(p.score_parts[i].points))))),
      h("tr", { class: "total" }, h("th", { scope: "row" }, "Total"),
        hist.players.map((p) => h("td", {}, String(p.score_parts.reduce((t, x) => t + x.points, 0))))))));
  }
  parts.push(chartLegend(hist.players));
  const charts = h("div", { class: "chart-set" }); // side by side where the panel is wide: the text keeps its size
  parts.push(charts);
  for (const [key, title] of CHARTS) {
    if (key === "score" && !hist.score_title) continue; // a map whose standing is another figure (Detroit: income)
    charts.append(lineChart(title, hist.points.map((pt) => pt.label), hist.players.map((p) => ({ name: p.name, colour: p.colour, values: p[key] })), key));
  }
  setKids(box, ...parts);
}

/** A small line chart: one line per player over the points of the game. */
export function lineChart(title, labels, lines, key) {
  const W = 360, H = 150, L = 34, R = 8, T = 18, B = 22;
  const all = lines.flatMap((l) => l.values);
  const lo = Math.min(0, ...all);
  let hi = Math.max(1, ...all);
  if (hi === lo) hi = lo + 1;
  const x = (i) => L + (labels.length > 1 ? (i * (W - L - R)) / (labels.length - 1) : 0);
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-label": `${title} per turn`, "data-chart": key });
  const t = svgEl("text", { x: L, y: 12, class: "chart-title" });
  t.textContent = title;
  svg.append(t);
  for (const v of [lo, hi, ...(lo < 0 && hi > 0 ? [0] : [])]) {
    svg.append(svgEl("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: v === 0 ? "chart-zero" : "chart-grid" }));
    const lab = svgEl("text", { x: L - 4, y: y(v) + 4, class: "chart-axis", "text-anchor": "end" });
    lab.textContent = String(v);
    svg.append(lab);
  }
  const step = Math.max(1, Math.ceil(labels.length / 8));
  labels.forEach((label, i) => {
    if (i % step && i !== labels.length - 1) return;
    const lab = svgEl("text", { x: x(i), y: H - 6, class: "chart-axis", "text-anchor": "middle" });
    lab.textContent = label.replace("turn ", "");
    svg.append(lab);
  });
  for (const line of lines) {
    const pts = line.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    svg.append(svgEl("polyline", { points: pts, class: "chart-line-case" })); // a dark edge: pale colours show on cream
    const pl = svgEl("polyline", { points: pts, class: "chart-line", stroke: playerColour(line.colour), "data-player": line.name });
    const tip = svgEl("title");
    tip.textContent = `${line.name}: ${line.values.join(", ")}`;
    pl.append(tip);
    svg.append(pl);
  }
  return svg;
}

/** Which line is whose: each player's colour, drawn as the lines are, with their name. */
export function chartLegend(players) {
  return h("ul", { class: "chart-legend", id: "chart-legend" }, players.map((p) => {
    const sample = svgEl("svg", { viewBox: "0 0 28 10", class: "legend-line", "aria-hidden": "true" });
    sample.append(svgEl("line", { x1: 2, x2: 26, y1: 5, y2: 5, class: "chart-line-case" }));
    sample.append(svgEl("line", { x1: 2, x2: 26, y1: 5, y2: 5, class: "chart-line", stroke: playerColour(p.colour) }));
    return h("li", { "data-player": p.name }, sample, ` ${p.name}`);
  }));
}

export function renderCharts() {
  const el = document.getElementById("charts");
  if (!el || !S.view || S.view.over) { if (el) el.hidden = true; return; }
  el.hidden = false;
  if (el.open && el.dataset.index !== String(S.index)) {
    el.dataset.index = String(S.index);
    loadStory(el.querySelector(".story"), false);
  }
}

export function renderLog() {
  const el = document.getElementById("log");
  if (!el) return;
  const lines = S.log.slice(-300);
  setKids(el, ...lines.map((line) => h("li", { class: /^(Turn|Phase|—|==|[IVX]+\.)/.test(line) ? "log-head" : "" }, line)));
  el.scrollTop = el.scrollHeight;
}

/** "What happened since your last move": the log lines since this player last acted, their own left out. */
export function sinceSummary() {
  if (S.logMark === undefined || S.logMark >= S.log.length) return null;
  const mine = new Set((S.you && S.you.seats ? S.you.seats : []).map(playerName));
  const lines = S.log.slice(S.logMark).filter((line) => ![...mine].some((n) => line.startsWith(`${n} `)));
  if (!lines.length) return null;
  const shown = lines.slice(-12);
  return h("details", { class: "since", id: "since", open: true },
    h("summary", {}, `Since your last move (${lines.length})`),
    h("ol", { class: "since-list" }, lines.length > shown.length ? h("li", { class: "muted" }, `… ${lines.length - shown.length} earlier`) : null,
      shown.map((line) => h("li", {}, line))));
}
