// The decision panel: the choices of the player to move, the Hint, number boxes that refuse bad input.

import { api, cube, h, money, playerColour, sentence, setKids, spinner, svgEl, swatch, titleCase, toast } from "./dom.js";
import { S, actionTitle, clearChoice, currentHint, hoverOption, hoverRoute, isMine, playerName, seatInfo, setHint } from "./state.js";
import { askUndo, send, undoLast } from "./connection.js";
import { choose, drawOverlays, selectBuildHex, unchoose } from "./board.js";
import { loadStory, sinceSummary } from "./story.js";

let hintBusy = false; // a hint is being worked out

export function renderDecision() {
  const el = document.getElementById("decision");
  const v = S.view;
  if (!el || !v) return;
  const was = el.dataset.state; // what the panel showed before this drawing
  el.dataset.index = S.index;
  el.dataset.state = v.over ? "over" : typeof v.to_move === "number" && isMine(v.to_move) ? (S.legal && !S.pending ? "choose" : "loading") : "wait";
  const undo = S.you && S.you.undoable > 0
    ? h("button", { class: "btn btn-ghost", id: "undo", onclick: undoLast, disabled: S.pending },
      `↶ Undo my last action${S.you.undoable > 1 ? ` (${S.you.undoable} possible)` : ""}`)
    : S.you && S.you.may_ask_undo && !S.you.undo_request
      ? h("button", { class: "btn btn-ghost", id: "ask-undo", onclick: askUndo, disabled: S.pending,
        title: "The others have answered your move: they accept or refuse" }, "↶ Ask to take back my last action")
      : null;
  if (v.over) {
    if (el.dataset.over === String(S.index) && el.querySelector("#story")) return; // drawn already: not fetched again
    el.dataset.over = String(S.index);
    const story = h("div", { class: "story", id: "story" }, h("p", { class: "muted" }, "Drawing the game's story…"));
    setKids(el, h("h2", {}, "Game over"), h("ol", { class: "standings" }, (v.standings || []).map((s) =>
      h("li", {}, swatch(v.players.find((p) => p.seat === s.seat).colour), ` ${playerName(s.seat)} — `,
        s.score === null ? "eliminated" : `${s.score} points`))),
      ...(v.result || []).map((line) => h("p", { class: "result" }, line)), story);
    loadStory(story, true);
    // the game ended while the page was open: its result comes into view wherever the page was scrolled
    if (was && was !== "over") el.scrollIntoView({ behavior: "smooth", block: "start" });
    return;
  }
  const seat = v.to_move;
  if (typeof seat !== "number") {
    setKids(el, h("h2", {}, "Please wait"), h("p", { class: "waiting" }, spinner(), " The dice are rolling…"));
    return;
  }
  if (!isMine(seat)) {
    const bot = seatInfo(seat).bot;
    const name = playerName(seat);
    setKids(el, 
      h("h2", {}, bot ? `${name} is thinking` : `Waiting for ${name}`),
      h("p", { class: "waiting", id: "waiting" }, spinner(), bot ? ` ${name} (bot) is acting…` : ` Waiting for ${name}…`),
      S.you && S.you.seats.length ? null : h("p", { class: "muted" }, "You are watching this game. Moves appear here as they are made."),
      undo);
    return;
  }
  const L = S.legal;
  if (!L) {
    setKids(el, h("h2", {}, `Your move, ${playerName(seat)}`), h("p", { class: "waiting" }, spinner(), " Loading your choices…"));
    return;
  }
  const parts = [];
  parts.push(h("h2", {}, S.you.host && S.you.seats.length > 1 ? `${playerName(seat)}, your move` : `Your move, ${playerName(seat)}`));
  const since = sinceSummary();
  if (since) parts.push(since);
  const hint = phaseHint(v, seat);
  if (hint) parts.push(h("p", { class: "hint" }, hint));
  parts.push(hintControl());
  if (L.issue_shares) parts.push(sharesControl(L.issue_shares, v.players.find((p) => p.seat === seat)));
  if (L.bid) parts.push(bidControl(L.bid, v));
  const selects = L.actions.filter((a) => a.action.kind === "select_action");
  const others = L.actions.filter((a) => a.action.kind !== "select_action");
  const preBid = others.filter((a) => ["drop_out", "turn_order_pass"].includes(a.action.kind));
  if (preBid.length) parts.push(h("div", { class: "button-row" }, preBid.map(actionButton)));
  if (selects.length) {
    const blocked = (L.blocked_actions || []).map((b) =>
      h("button", { class: "btn action-card blocked", "data-blocked": b.action, disabled: true, title: b.reason, "aria-disabled": "true" },
        h("span", { class: "card-title" }, b.title),
        h("span", { class: "card-text" }, sentence(b.reason))));
    parts.push(h("div", { class: "action-grid" }, selects.map((a) =>
      h("button", { class: "btn action-card", "data-select": a.action.action, disabled: S.pending, onclick: () => send(a.action) },
        h("span", { class: "card-title" }, actionTitle(a.action.action)),
        h("span", { class: "card-text" }, ACTION_HELP[a.action.action] || ""))), blocked));
  }
  if (L.urbanize && L.urbanize.length) parts.push(urbanizeControl(L.urbanize));
  if (L.builds && L.builds.length) parts.push(buildControl(L.builds));
  if (L.deliveries && L.deliveries.length) parts.push(deliveryControl(L.deliveries));
  const discs = others.filter((a) => a.circle); // discs on an area map's circles: clicked on the map
  if (discs.length) parts.push(discControl(discs));
  const rest = others.filter((a) => !preBid.includes(a) && !a.circle);
  const onBoard = rest.filter((a) => a.hex);
  const loose = rest.filter((a) => !a.hex);
  const kinds = [...new Set(loose.map((a) => a.action.kind))];
  const small = loose.filter((a) => loose.filter((b) => b.action.kind === a.action.kind).length <= BIG_GROUP);
  if (small.length) parts.push(h("div", { class: "button-row" }, small.map(actionButton)));
  if (onBoard.length) parts.push(boardActionsControl(onBoard));
  for (const kind of kinds) {
    const acts = loose.filter((a) => a.action.kind === kind);
    if (acts.length > BIG_GROUP) parts.push(groupControl(acts));
  }
  if (undo) parts.push(h("div", { class: "undo-row" }, undo));
  setKids(el, ...parts);
  el.classList.toggle("busy", S.pending);
}

export function hintControl() {
  const hint = currentHint();
  if (!hint) {
    return h("div", { class: "hint-row" },
      h("button", { class: "btn btn-small btn-hint", id: "hint", disabled: S.pending || hintBusy, onclick: askHint,
        title: "Ask a bot what it would play here" },
      hintBusy ? [spinner(), " Thinking…"] : "Hint"),
      hintBusy ? null : h("span", { class: "muted" }, "What would a bot play here?"));
  }
  const onBoard = hint.build || hint.route || hint.hex;
  const who = hint.level_title || titleCase(hint.level || "bot");
  return h("div", { class: "hint-box", id: "hint-box", "data-kind": hint.action.kind },
    h("div", { class: "hint-head" }, h("span", { class: "hint-tag" }, "Hint"), h("span", { class: "muted" }, `the ${who} bot would play`),
      h("button", { class: "btn btn-ghost btn-small hint-dismiss", id: "hint-dismiss", onclick: dismissHint, title: "Hide the hint" }, "Dismiss")),
    h("p", { class: "hint-label", id: "hint-label" }, hint.label),
    hint.reason ? h("p", { class: "hint-reason", id: "hint-reason" }, hint.reason) : null,
    h("div", { class: "button-row" },
      h("button", { class: "btn btn-primary", id: "hint-play", disabled: S.pending, onclick: () => send(hint.action) }, "Play it"),
      onBoard ? h("button", { class: "btn", id: "hint-show", onclick: showHintOnBoard }, "Show on board") : null));
}

export async function askHint() {
  if (hintBusy || S.pending) return;
  const index = S.index;
  hintBusy = true;
  renderDecision();
  try {
    const hint = await api("GET", `/api/games/${S.id}/hint`, { token: S.token });
    if (hint.index === S.index) {
      setHint(hint);
      clearChoice(); // the board shows the suggestion
    }
  } catch (err) {
    if (S.index === index) toast(err.message); // else the game moved on: the hint no longer matters
  } finally {
    hintBusy = false;
  }
  renderDecision();
  drawOverlays();
}

export function dismissHint() {
  setHint(null);
  renderDecision();
  drawOverlays();
}

export function showHintOnBoard() {
  unchoose();
  const mark = S.svg && S.svg.querySelector(".hint-hex");
  if (mark) mark.scrollIntoView({ behavior: "smooth", block: "center" });
}

export const ACTION_HELP = {
  first_move: "Move goods first in phase V.",
  first_build: "Build track first in phase IV.",
  engineer: "Build one extra tile this turn.",
  locomotive: "Raise your engine by one now.",
  urbanization: "Turn a town into a New City.",
  production: "Draw two cubes for the goods display.",
  turn_order: "Keep your place: pass once in the next auction.",
};

export const BIG_GROUP = 6; // more single actions of one kind than this are listed as a section of their own

/** A map's own actions that name a hex (excavate, flood, oil…): marked on the board; a hex picked on the
 *  board or among the chips shows its actions. */
export function boardActionsControl(acts) {
  const hexes = [...new Set(acts.map((a) => a.hex))];
  const groups = [...new Set(acts.map((a) => a.group))];
  const sel = S.sel.kind === "map" && hexes.includes(S.sel.hex) ? S.sel.hex : hexes.length === 1 ? hexes[0] : null;
  const count = (hex) => acts.filter((a) => a.hex === hex).length;
  const parts = [h("h3", {}, groups.join(" · "))];
  if (hexes.length > 1) {
    parts.push(h("p", { class: "muted" }, `Click a marked hex on the board (${hexes.length} hexes), or pick one:`));
    parts.push(h("div", { class: "chips map-hexes" }, hexes.map((hex) =>
      h("button", { class: `chip${sel === hex ? " active" : ""}`, "data-map-hex": hex, disabled: S.pending,
        onclick: () => choose({ kind: "map", hex }) },
      hex, count(hex) > 1 ? h("span", { class: "chip-cost" }, `${count(hex)}`) : null))));
  }
  if (sel) parts.push(h("div", { class: "options-list map-actions" }, acts.filter((a) => a.hex === sel).map(actionButton)));
  return h("div", { class: "group", "data-group": "board" }, parts);
}

/** Many single actions of one kind (discs on circles…): one section, its buttons in a scrolling list. */
export function groupControl(acts) {
  return h("div", { class: "group", "data-group": acts[0].action.kind },
    h("h3", {}, `${acts[0].group} (${acts.length})`),
    h("div", { class: "options-list scroll-list" }, acts.map(actionButton)));
}

export function phaseHint(v, seat) {
  const p = v.players.find((x) => x.seat === seat);
  switch (v.phase) {
    case "issue_shares": return `You have ${money(p.cash)}. Each share gives $5 now and costs $1 every turn.`;
    case "player_order": return v.auction && v.auction.high_bidder !== null
      ? `High bid: ${money(v.auction.high)} by ${playerName(v.auction.high_bidder)}. You have ${money(p.cash)}.`
      : `No bid yet. You have ${money(p.cash)}.`;
    case "select_actions": return "Pick one special action for this turn.";
    case "build_track": return v.build
      ? `${v.build.left || `${v.build.builds_left} tiles left to build`} · cash ${money(p.cash)}`
      : null;
    case "move_goods": return `Move round ${v.move_round || ""} · engine ${p.engine}: deliver a good, raise your engine, or pass.`;
    default: return null;
  }
}

export function actionButton(a) {
  const kind = a.action.kind;
  const cls = kind === "turn_order_pass" ? "btn btn-primary" : "btn";
  return h("button", { class: cls, "data-kind": kind, disabled: S.pending, onclick: () => send(a.action) }, sentence(a.label));
}

// A slider with a number box. What is typed is never changed: a value the rules refuse leaves the last good one
// in force, says why under the box ("at most 13 shares") and makes onChange(null) so the button can say so.
export function rangeControl({ id, min, max, value, format, onChange, values, refusal }) {
  const range = h("input", { type: "range", min, max, value, step: 1, id: `${id}-range`, "aria-label": id });
  const num = h("input", { type: "number", min, max, value, step: 1, id: `${id}-amount`, class: "amount",
    "aria-describedby": `${id}-why`, inputmode: "numeric" });
  const why = h("p", { class: "field-why error", id: `${id}-why`, role: "alert", hidden: true });
  const refuse = (text) => {
    why.textContent = text;
    why.hidden = !text;
    num.classList.toggle("invalid", Boolean(text));
    num.setAttribute("aria-invalid", text ? "true" : "false");
  };
  const check = (raw) => {
    if (String(raw).trim() === "") return "type a number";
    const n = Number(raw);
    if (!Number.isInteger(n)) return "whole numbers only";
    if (n < min || n > max) return refusal(n, min, max);
    if (values && values.length && !values.includes(n)) {
      const near = values.reduce((best, x) => (Math.abs(x - n) < Math.abs(best - n) ? x : best), values[0]);
      return `${format(n)} is not allowed; the nearest allowed is ${format(near)}`;
    }
    return "";
  };
  range.addEventListener("input", () => {
    let n = Number(range.value);
    if (values && values.length) n = values.reduce((best, x) => (Math.abs(x - n) < Math.abs(best - n) ? x : best), values[0]);
    range.value = n;
    num.value = n;
    refuse("");
    onChange(n);
  });
  num.addEventListener("input", () => {
    const text = check(num.value);
    refuse(text);
    if (text) { onChange(null); return; }
    range.value = Number(num.value);
    onChange(Number(num.value));
  });
  return h("div", { class: "range-field" },
    h("div", { class: "range" }, h("span", { class: "range-end" }, format(min)), range,
      h("span", { class: "range-end" }, format(max)), num),
    why);
}

export function sharesControl(group, player) {
  let n = group.min;
  const button = h("button", { class: "btn btn-primary", id: "issue", disabled: S.pending });
  const cash = h("p", { class: "muted", id: "shares-cash" });
  const label = () => {
    button.disabled = S.pending || n === null;
    if (n === null) {
      button.textContent = "Issue shares: choose a number first";
      cash.textContent = `Cash now ${money(player.cash)}; ${money(group.price)} per share.`;
      return;
    }
    button.textContent = n === 0 ? "Issue no shares" : `Issue ${n} share${n === 1 ? "" : "s"} (+${money(n * group.price)})`;
    cash.textContent = n === 0
      ? `Cash now ${money(player.cash)}; ${money(group.price)} per share.`
      : `Cash now ${money(player.cash)}, then ${money(player.cash + n * group.price)}; ${money(group.price)} per share, each $1 more expenses every turn.`;
  };
  button.addEventListener("click", () => { if (n !== null) send({ ...group.action, count: n }); });
  label();
  const refusal = (x, lo, hi) => (x > hi
    ? `at most ${hi} share${hi === 1 ? "" : "s"}`
    : `at least ${lo} share${lo === 1 ? "" : "s"}`);
  return h("div", { class: "group" }, h("h3", {}, "Issue shares"),
    rangeControl({ id: "shares", min: group.min, max: group.max, value: n, values: group.values, format: String, refusal,
      onChange: (x) => { n = x; label(); } }),
    cash,
    button);
}

export function bidControl(group, v) {
  let n = group.min;
  const button = h("button", { class: "btn btn-primary", id: "bid", disabled: S.pending });
  const label = () => {
    button.disabled = S.pending || n === null;
    button.textContent = n === null ? "Bid: choose an amount first" : `Bid ${money(n)}`;
  };
  button.addEventListener("click", () => { if (n !== null) send({ ...group.action, amount: n }); });
  label();
  const refusal = (x, lo, hi) => (x > hi
    ? `at most ${money(hi)}: you cannot bid more than your cash`
    : `a bid must be more than ${money(lo - 1)}`);
  return h("div", { class: "group" }, h("h3", {}, "Auction for turn order"),
    rangeControl({ id: "bid", min: group.min, max: group.max, value: n, values: group.values, format: money, refusal,
      onChange: (x) => { n = x; label(); } }),
    v.auction && v.auction.bidders ? h("p", { class: "muted" }, "Still bidding: ", v.auction.bidders.map(playerName).join(", ")) : null,
    button);
}

export function urbanizeControl(towns) {
  const sel = S.sel.kind === "urbanize" ? S.sel : null;
  const list = h("div", { class: "chips" }, towns.map((t) =>
    h("button", { class: `chip${sel && sel.hex === t.hex ? " active" : ""}`, "data-town": t.hex, disabled: S.pending,
      onclick: () => choose({ kind: "urbanize", hex: t.hex }) }, t.where || t.hex)));
  const town = sel && towns.find((t) => t.hex === sel.hex);
  return h("div", { class: "group" }, h("h3", {}, "Urbanization: place a New City"),
    h("p", { class: "muted" }, "Pick a town (or click it on the board), then the New City to put there."),
    list,
    town ? h("div", { class: "chips letters" }, town.cities.map((c) =>
      h("button", { class: "btn new-city", "data-city": c.city, disabled: S.pending, onclick: () => send(c.action) },
        cube(c.colour), ` New City ${c.city} (${c.colour})`))) : null);
}

export function buildControl(builds) {
  const sel = S.sel.kind === "build" ? S.sel : null;
  const chosen = sel && builds.find((b) => b.hex === sel.hex);
  const parts = [h("h3", {}, "Build track")];
  if (!chosen) {
    parts.push(h("p", { class: "muted" }, `Click a highlighted hex on the board (${builds.length} can be built on), or pick one:`));
    parts.push(h("div", { class: "chips build-hexes" }, builds.map((b) =>
      h("button", { class: "chip", "data-build-hex": b.hex, disabled: S.pending, title: b.where,
        onclick: () => selectBuildHex(b.hex) },
      b.hex, h("span", { class: "chip-cost" }, b.min_cost === b.max_cost ? money(b.min_cost) : `${money(b.min_cost)}–${money(b.max_cost)}`)))));
    return h("div", { class: "group" }, parts);
  }
  const opt = chosen.options[sel.option || 0];
  parts.push(h("p", {}, h("b", {}, chosen.where || chosen.hex), ` · ${chosen.options.length} way${chosen.options.length === 1 ? "" : "s"} to build`));
  parts.push(h("div", { class: "options-list" }, chosen.options.map((o, i) =>
    h("button", { class: `option-card${i === (sel.option || 0) ? " active" : ""}`, "data-option-index": i, disabled: S.pending,
      onclick: () => choose({ ...sel, option: i }),
      onmouseenter: () => { hoverOption(i); drawOverlays(); },
      onmouseleave: () => { hoverOption(null); drawOverlays(); } },
    tileIcon(o),
    h("span", { class: "opt-text" },
      h("span", { class: "opt-title" }, sentence(o.title)),
      h("span", { class: "opt-tracks" }, o.tracks),
      h("span", { class: "opt-tags" }, o.build !== "new" ? h("span", { class: "tag" }, o.build.replace(/_/g, " ")) : null,
        o.completes ? h("span", { class: "tag tag-good" }, "completes a link") : null)),
    h("span", { class: "opt-cost" }, money(o.cost))))));
  parts.push(h("div", { class: "button-row" },
    h("button", { class: "btn btn-primary", id: "confirm-build", disabled: S.pending, onclick: () => send(opt.action) },
      `Build for ${money(opt.cost)}`),
    h("button", { class: "btn btn-ghost", onclick: () => choose({}) }, "Choose another hex")));
  return h("div", { class: "group" }, parts);
}

/** A small picture of a tile's track (for the list of options), from the track paths the server sends. */
export function tileIcon(option) {
  const r = S.legal.track_radius;
  const svg = svgEl("svg", { viewBox: `${-1.1 * r} ${-1.1 * r} ${2.2 * r} ${2.2 * r}`, class: "tile-icon" });
  const corners = [...Array(6)].map((_, i) => [r * Math.cos((Math.PI / 3) * i), r * Math.sin((Math.PI / 3) * i)]);
  svg.append(svgEl("polygon", { points: corners.map((p) => p.join(",")).join(" "), fill: "#efe9d8", stroke: "#b9ad8f", "stroke-width": 0.05 * r }));
  const seat = S.view.to_move;
  const colour = playerColour(S.view.players.find((p) => p.seat === seat).colour);
  (option.paths || []).forEach((d, i) => {
    const owner = option.owners ? option.owners[i] : seat;
    svg.append(svgEl("path", { d, fill: "none", stroke: "#2b2b2b", "stroke-width": 0.28 * r }));
    svg.append(svgEl("path", { d, fill: "none", stroke: owner === null || owner === undefined ? "#d2d2d2" : owner === seat ? colour : playerColour(S.view.players.find((p) => p.seat === owner).colour), "stroke-width": 0.17 * r }));
  });
  if ((option.track || []).some((p) => p.includes("town"))) {
    svg.append(svgEl("circle", { cx: 0, cy: 0, r: 0.3 * r, fill: "#fff", stroke: "#2b2b2b", "stroke-width": 0.07 * r }));
  }
  return svg;
}

export function deliveryControl(deliveries) {
  const sel = S.sel.kind === "deliver" ? S.sel : null;
  const parts = [h("h3", {}, "Move a good")];
  const cubesList = h("div", { class: "chips cubes-list" }, deliveries.map((d, i) =>
    h("button", { class: `chip${sel && sel.cube === i ? " active" : ""}`, "data-cube": `${d.city}:${d.colour}`, disabled: S.pending,
      onclick: () => choose({ kind: "deliver", cube: i, route: 0 }) },
    cube(d.colour), ` ${d.city_name}`, h("span", { class: "chip-cost" }, `${d.routes.length} route${d.routes.length === 1 ? "" : "s"}`))));
  parts.push(h("p", { class: "muted" }, "Pick a cube (or click its city on the board), then a route."));
  parts.push(cubesList);
  const d = sel && deliveries[sel.cube];
  if (d) {
    const r = d.routes[sel.route || 0];
    parts.push(h("div", { class: "options-list routes" }, d.routes.map((route, i) =>
      h("button", { class: `option-card route${i === (sel.route || 0) ? " active" : ""}`, "data-route-index": i, disabled: S.pending,
        onclick: () => choose({ ...sel, route: i }),
        onmouseenter: () => { hoverRoute(i); drawOverlays(); },
        onmouseleave: () => { hoverRoute(null); drawOverlays(); } },
      h("span", { class: "opt-text" },
        h("span", { class: "opt-title" }, route.names.join(" → ")),
        h("span", { class: "opt-tracks" }, `${route.links.length} link${route.links.length === 1 ? "" : "s"}`)),
      h("span", { class: "income" }, incomeText(route.income))))));
    parts.push(h("div", { class: "button-row" },
      h("button", { class: "btn btn-primary", id: "confirm-deliver", disabled: S.pending, onclick: () => send(r.action) },
        `Deliver to ${r.names[r.names.length - 1]}`)));
  }
  return h("div", { class: "group" }, parts);
}

export function incomeText(income) {
  return income.map((x) => h("span", { class: "income-item", style: { "--pc": x.seat === null ? "#999" : playerColour(S.view.players.find((p) => p.seat === x.seat).colour) } },
    `${x.seat === null ? "no one" : x.name} +${x.income}`));
}

/** Discs on an area map's circles: click a highlighted circle on the map, then confirm here; the whole list
 *  stays at hand, folded. */
export function discControl(acts) {
  const sel = S.sel.kind === "disc" ? acts.find((a) => a.circle === S.sel.circle) : null;
  const parts = [h("h3", {}, `${acts[0].group} (${acts.length})`)];
  parts.push(h("p", { class: "muted" }, `Click a highlighted circle on the map (${acts.length} open to you); pointing at one shows its price.`));
  if (sel) {
    parts.push(h("p", { class: "disc-chosen", id: "disc-chosen" }, sentence(sel.label)));
    parts.push(h("div", { class: "button-row" },
      h("button", { class: "btn btn-primary", id: "confirm-disc", disabled: S.pending, onclick: () => send(sel.action) },
        `Place the disc for ${money(sel.cost)}`),
      h("button", { class: "btn btn-ghost", onclick: () => choose({}) }, "Choose another circle")));
  }
  parts.push(h("details", { class: "disc-list" }, h("summary", {}, "or pick it from a list"),
    h("div", { class: "options-list scroll-list" }, acts.map(actionButton))));
  return h("div", { class: "group", "data-group": acts[0].action.kind }, parts);
}
