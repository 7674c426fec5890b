// The panels a game and its replay share: the players (and the host's hand-over of a seat), the goods display,
// the map's own panel.

import { api, botBadge, cube, h, money, playerColour, setKids, swatch, toast } from "./dom.js";
import { S, actionTitle, isMine, mapTitle, playerName, seatInfo } from "./state.js";

export function renderPlayers() {
  const v = S.view;
  const el = document.getElementById("players");
  if (!el || !v) return;
  const order = [...v.order, ...v.players.map((p) => p.seat).filter((s) => !v.order.includes(s))];
  const auction = v.auction;
  setKids(el, h("h2", {}, "Players"), h("div", { class: "player-list" }, order.map((seat, i) => {
    const p = v.players.find((x) => x.seat === seat);
    const info = seatInfo(seat);
    const moving = v.to_move === seat && !v.over;
    let note = null;
    if (auction) {
      if (auction.bids && auction.bids[String(seat)] !== undefined) note = `bid ${money(auction.bids[String(seat)])}`;
      if (auction.dropped && auction.dropped.includes(seat)) note = "dropped out";
      if (auction.high_bidder === seat) note = `high bid ${money(auction.high)}`;
    }
    return h("div", { class: `player${moving ? " moving" : ""}${p.eliminated ? " out" : ""}`, "data-seat": seat,
      style: { "--pc": playerColour(p.colour) } },
    h("div", { class: "player-head" },
      h("span", { class: "order" }, p.eliminated ? "–" : `${i + 1}`),
      swatch(p.colour),
      h("span", { class: "pname" }, p.name),
      botBadge(info),
      isMine(seat) ? h("span", { class: "badge badge-you" }, "you") : null,
      moving ? h("span", { class: "to-move" }, "▶ to move") : null),
    h("dl", { class: "stats" },
      stat("Cash", money(p.cash), "cash"), stat("Income", money(p.income), "income"), stat("Shares", p.shares, "shares"),
      stat("Engine", p.engine, "engine"), stat("Score", p.score === null ? "out" : p.score, "score")),
    h("div", { class: "player-foot" },
      h("span", { class: "held-action" }, p.action ? actionTitle(p.action) : h("span", { class: "muted" }, "no action")),
      note ? h("span", { class: "note" }, note) : null,
      v.engine_upgraded && v.engine_upgraded.includes(seat) ? h("span", { class: "note" }, "engine raised") : null),
    S.you && S.you.host && !v.over ? seatControl(seat, info) : null);
  })));
}

/** The host hands a seat over: to a bot of a level, or to a person with a new join link (the old one stops). */
function seatControl(seat, info) {
  const levels = [["", "a person"], ["random", "Easy bot"], ["steady", "Medium bot"], ["hard", "Hard bot"], ["strong", "Baseline bot"]];
  const select = h("select", { class: "seat-hand", "data-hand": seat, "aria-label": "played by" },
    levels.map(([value, label]) => h("option", { value, selected: (info.bot || "") === value }, label)));
  const change = async (body) => {
    try {
      const r = await api("POST", `/api/games/${S.id}/seats/${seat}`, { token: S.token, body });
      if (r.join_url) {
        const url = new URL(r.join_url, location.origin).href;
        toast(`New join link for ${playerName(seat)}: ${url}`, "info");
        try { await navigator.clipboard.writeText(url); } catch { /* shown in the toast */ }
      }
    } catch (err) {
      toast(err.message);
    }
  };
  select.addEventListener("change", () => change({ bot: select.value || null }));
  return h("div", { class: "seat-hand-row" }, h("span", { class: "muted" }, "played by "), select,
    info.bot ? null : h("button", { type: "button", class: "linkish", "data-new-link": seat, onclick: () => change({ bot: null, new_link: true }) }, "new link"));
}

export function stat(label, value, cls) {
  return h("div", { class: `stat ${cls}` }, h("dt", {}, label), h("dd", {}, value));
}

export function renderMapPanel() {
  const v = S.view;
  const el = document.getElementById("map-panel");
  if (!el || !v) return;
  const facts = v.panel || [];
  el.hidden = !facts.length;
  if (!facts.length) return;
  setKids(el, h("h2", {}, `${mapTitle()}: this map`),
    h("dl", { class: "facts" }, facts.map((f) => {
      const rule = h("p", { class: "fact-rule muted", hidden: true }, f.rule);
      return h("div", { class: "fact", title: f.rule, tabindex: 0, "data-fact": f.label,
        onclick: () => { rule.hidden = !rule.hidden; } },
      h("dt", {}, f.label), h("dd", {}, f.value), rule);
    })));
}

export function renderGoods() {
  const v = S.view;
  const el = document.getElementById("goods");
  if (!el || !v) return;
  const groups = { light: [], dark: [], other: [] };
  for (const [col, boxes] of Object.entries(v.display || {})) {
    const m = /^(light|dark)(\d+)$/.exec(col);
    if (m) groups[m[1]].push([m[2], boxes, col]);
    else groups.other.push([col, boxes, col]);
  }
  const marks = v.display_marks || {}; // the map's word under a box (Las Vegas: the money under a red good)
  const box = (col, c, i) => {
    const shown = c ? cube(c) : h("span", { class: "cube empty", title: "empty" });
    const mark = marks[col] && marks[col][i];
    return mark ? h("span", { class: "marked-box", title: `${mark} under this good` }, shown, h("span", { class: "box-mark" }, mark)) : shown;
  };
  const row = (title, cols) => cols.length ? h("div", { class: "display-row" },
    h("span", { class: "row-title" }, title),
    cols.map(([name, boxes, col]) => h("div", { class: "display-col" },
      h("span", { class: "col-name" }, name),
      boxes.map((c, i) => box(col, c, i))))) : null;
  const bag = Object.entries(v.bag || {}).filter(([, n]) => n > 0);
  setKids(el, h("h2", {}, "Goods display"),
    h("div", { class: "display" }, row("White dice", groups.light), row("Black dice", groups.dark), row("New City", groups.other)),
    v.production_cubes && v.production_cubes.length
      ? h("p", {}, "Drawn for Production: ", v.production_cubes.map((c) => cube(c))) : null,
    h("p", { class: "muted bag" }, "Bag: ", bag.length ? bag.map(([c, n]) => h("span", { class: "bag-item" }, cube(c), `×${n}`)) : "empty"));
}
