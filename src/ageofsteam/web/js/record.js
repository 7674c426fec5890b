// Your record: the finished games played in this browser, against each bot level (games, wins) and on each map
// (games, wins, best score), so a player sees themselves improve. A finished game's result never changes: it is
// fetched once and kept in this browser.

import { BOT_LEVELS, api, h, setKids, storedTokens } from "./dom.js";

export const RESULTS_KEY = "aos.results";
const SOLO = "solo"; // a solo game's "against": the game itself

export function storedResults() {
  try {
    return JSON.parse(localStorage.getItem(RESULTS_KEY) || "{}");
  } catch {
    return {};
  }
}

/** One finished game as this browser's player saw it: their seats, their best score, whether one of them won,
 *  and the strongest bot they played against ("" if none; "solo" for a solo game, won or lost against the game):
 *  by the ladder's ratings (``levels``, as GET /api/bots gives them), else by the levels' order. */
export function resultOf(game, levels) {
  const v = game.view || {};
  const mine = (game.you && game.you.seats) || [];
  const standings = v.standings || [];
  if (!mine.length || !standings.length) return null;
  const scores = standings.filter((s) => mine.includes(s.seat) && s.score !== null).map((s) => s.score);
  const order = levels.map((b) => b.level);
  const rating = (lv) => (levels.find((b) => b.level === lv) || {}).rating;
  const bots = game.seats.filter((s) => s.bot && !mine.includes(s.seat)).map((s) => s.bot);
  // the strongest by the ladder's ratings where every bot met has one (the Baseline, listed last, is not the
  // strongest), else by the levels' order
  const rated = bots.every((lv) => typeof rating(lv) === "number");
  const strongest = bots.sort((a, b) => (rated ? rating(b) - rating(a) : order.indexOf(b) - order.indexOf(a)))[0] || "";
  const contest = game.seats.length === 1 || game.seats.some((s) => !mine.includes(s.seat)); // hot seat alone: no win
  const winners = v.winners || []; // a solo game is won against the game itself
  return { map: game.map, map_name: game.map_name, won: contest && mine.some((s) => winners.includes(s)),
    best: scores.length ? Math.max(...scores) : null, against: game.seats.length === 1 ? SOLO : strongest };
}

/** Fetch the results of this browser's finished games not yet kept (``games``: the lobby's summaries). */
export async function loadResults(games, levels) {
  const kept = storedResults();
  const tokens = storedTokens();
  const todo = games.filter((g) => g.status === "over" && tokens[g.id] && !(g.id in kept));
  if (!todo.length) return false;
  const found = await Promise.all(todo.map((g) => api("GET", `/api/games/${g.id}`, { token: tokens[g.id].token })
    .then((game) => [g.id, resultOf(game, levels)]).catch(() => [g.id, undefined])));
  for (const [id, r] of found) if (r !== undefined) kept[id] = r; // null: a game this browser only watched
  localStorage.setItem(RESULTS_KEY, JSON.stringify(kept));
  return true;
}

/** The record panel: a line per bot level played against, a row per map. */
export function renderRecord(levels = BOT_LEVELS) {
  const box = document.getElementById("record");
  if (!box) return;
  const results = Object.values(storedResults()).filter(Boolean);
  box.hidden = !results.length;
  if (!results.length) return;
  const byLevel = [...levels.map((b) => [b.level, `Against ${b.title} bots`]), ["", "Against people only"],
    [SOLO, "Alone against the game"]]
    .map(([level, title]) => [level, title, results.filter((r) => r.against === level)])
    .filter(([, , rs]) => rs.length);
  const maps = [...new Set(results.map((r) => r.map))].sort();
  const wins = (rs) => rs.filter((r) => r.won).length;
  setKids(box, h("h2", {}, "Your record in this browser ", h("span", { class: "count" }, results.length)),
    h("ul", { class: "record-levels" }, byLevel.map(([level, title, rs]) =>
      h("li", { "data-level": level || "none" }, h("b", {}, `${title}: `),
        `${wins(rs)} win${wins(rs) === 1 ? "" : "s"} in ${rs.length} game${rs.length === 1 ? "" : "s"}`))),
    h("table", { class: "record-maps" },
      h("thead", {}, h("tr", {}, h("th", {}, "Map"), h("th", {}, "Games"), h("th", {}, "Wins"), h("th", {}, "Best score"))),
      h("tbody", {}, maps.map((m) => {
        const rs = results.filter((r) => r.map === m);
        const best = rs.map((r) => r.best).filter((x) => x !== null);
        return h("tr", { "data-map": m }, h("td", {}, rs[0].map_name || m), h("td", {}, String(rs.length)),
          h("td", {}, String(wins(rs))), h("td", {}, best.length ? String(Math.max(...best)) : "–"));
      }))));
}
