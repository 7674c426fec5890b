// The game page: its layout, the banner and the turn notice, the players, the goods, the map's own panel.

import { api, botBadge, cube, h, money, playerColour, setKids, storeToken, storedTokens, swatch, toast } from "./dom.js";
import { S, actionTitle, isMine, mapTitle, playerName, seatInfo } from "./state.js";
import { answerUndo, connect, loadGame, loadLegal } from "./connection.js";
import { Z, drawOverlays, loadBoard, onBoardClick, onBoardHover, setupZoom, zoomTools } from "./board.js";
import { renderDecision } from "./decision.js";
import { renderCharts, renderLog } from "./story.js";
import { rulesButton, showTour } from "./rules.js";

export async function showGame(id) {
  S.id = id;
  S.wasMine = undefined;
  Z.base = null;
  S.recent = new Map(); // hex → when another player changed it
  S.logMark = undefined;
  // a join link carries its token after # (never sent to a server or kept in its logs); an older link's
  // ?token= is moved there
  const fromUrl = new URLSearchParams(location.hash.slice(1)).get("token") || new URLSearchParams(location.search).get("token");
  if (new URLSearchParams(location.search).get("token")) {
    history.replaceState(null, "", `/game/${encodeURIComponent(id)}#token=${encodeURIComponent(fromUrl)}`);
  }
  const stored = storedTokens()[id];
  S.token = fromUrl || (stored && stored.token) || null;
  const app = document.getElementById("app");
  setKids(app, 
    h("div", { class: "game" },
      h("section", { class: "banner", id: "banner" }),
      h("div", { class: "game-grid" },
        h("div", { class: "board-col" },
          h("div", { class: "board-wrap", id: "board" }, h("p", { class: "muted" }, "Drawing the board…")),
          h("p", { class: "board-why", id: "board-why", role: "status", "aria-live": "polite" }),
          h("div", { class: "board-tools" },
            h("label", {}, h("input", { type: "checkbox", id: "labels-toggle", onchange: (e) => { S.labels = e.target.checked; loadBoard(); } }), " hex labels"),
            zoomTools(),
            turnNoticeTools(),
            h("span", { id: "mail-tool" }),
            h("span", { class: "muted", id: "board-hint" }),
            h("a", { href: `/game/${encodeURIComponent(id)}/replay`, class: "muted", id: "replay-link" }, "replay"),
            h("a", { href: `/api/games/${id}/record`, download: `aos-${id}.json`, class: "muted" }, "download record"))),
        h("aside", { class: "side" },
          h("section", { class: "panel tour", id: "tour", hidden: true }),
          h("section", { class: "panel undo-request", id: "undo-request", hidden: true }),
          h("section", { class: "panel decision", id: "decision" }),
          h("section", { class: "panel map-panel", id: "map-panel", hidden: true }),
          h("details", { class: "panel charts", id: "charts", hidden: true, ontoggle: renderCharts },
            h("summary", {}, h("h2", {}, "Charts: the game so far")), h("div", { class: "story" })),
          h("section", { class: "panel", id: "players" }),
          h("section", { class: "panel", id: "goods" }),
          h("section", { class: "panel log-panel" }, h("h2", {}, "Log"), h("ol", { class: "log", id: "log" }))))));
  setupZoom(document.getElementById("board"));
  document.getElementById("board").addEventListener("click", onBoardClick);
  document.getElementById("board").addEventListener("mouseover", onBoardHover);
  try {
    await loadGame();
    if (fromUrl) storeToken(id, fromUrl, S.you && S.you.host ? "host" : S.you && S.you.seats.length ? playerName(S.you.seats[0]) : "viewer");
    const log = await api("GET", `/api/games/${id}/log`);
    S.log = log.lines;
    S.logSize = log.size;
  } catch (err) {
    if (err.code === "not_found" && err.field === "token") {
      toast("That seat link is not valid for this game; you are watching.");
      S.token = null;
      await loadGame();
    } else {
      setKids(app, h("section", { class: "panel" }, h("h2", {}, "This game cannot be shown"),
        h("p", { class: "error" }, err.message), h("a", { href: "/", class: "btn" }, "Back to the lobby")));
      return;
    }
  }
  renderAll();
  await Promise.all([loadBoard(), loadLegal()]);
  renderDecision();
  drawOverlays(); // the decisions may arrive after the board: its highlights are drawn with both at hand
  connect();
  showTour();
}

/** "E-mail me on my move", where the server sends mail: the address is asked for, and can be taken back. */
function renderMailTool() {
  const el = document.getElementById("mail-tool");
  if (!el) return;
  const you = S.you;
  if (!you || !you.mail_offered || !you.seats.length || (S.view && S.view.over)) { setKids(el); return; }
  const set = async (email) => {
    try {
      await api("POST", `/api/games/${S.id}/notify`, { token: S.token, body: { email } });
      you.turn_mail = email;
      toast(email ? `A mail will tell ${email} when it is your move.` : "No more turn mails.", "info");
    } catch (err) {
      toast(err.message);
    }
    renderMailTool();
  };
  setKids(el, you.turn_mail
    ? h("button", { type: "button", class: "linkish", id: "mail-stop", title: `Mails go to ${you.turn_mail}`, onclick: () => set(null) }, "stop turn mails")
    : h("button", { type: "button", class: "linkish", id: "mail-me", onclick: () => {
      const email = window.prompt("Your e-mail address, for a mail when it is your move:");
      if (email) set(email.trim());
    } }, "e-mail me on my move"));
}

export function renderAll() {
  const why = document.getElementById("board-why");
  if (why && why.dataset.index !== String(S.index)) { why.textContent = ""; why.dataset.index = String(S.index); }
  renderBanner();
  renderUndoRequest();
  renderMailTool();
  renderMapPanel();
  renderCharts();
  renderPlayers();
  renderGoods();
  renderLog();
  renderDecision();
  drawOverlays();
}

export function moverText() {
  const v = S.view;
  if (!v) return "";
  if (v.over) return "Game over";
  if (v.to_move === "chance") return "drawing…";
  if (typeof v.to_move !== "number") return "";
  const name = playerName(v.to_move);
  if (isMine(v.to_move)) return S.you.host && S.you.seats.length > 1 ? `${name} to move (you)` : `your move, ${name}`;
  return seatInfo(v.to_move).bot ? `${name} (bot) to move` : `${name} to move`;
}

export function renderBanner() {
  const v = S.view;
  const el = document.getElementById("banner");
  if (!el || !v) return;
  const parts = [];
  if (v.turn) parts.push(v.last_turn ? `Turn ${v.turn} of ${v.last_turn}` : `Turn ${v.turn}`);
  else parts.push("Setup");
  if (!v.over) parts.push(v.phase_title + (v.phase === "move_goods" && v.move_round ? ` (round ${v.move_round})` : ""));
  const mover = moverText();
  if (mover) parts.push(mover.charAt(0).toUpperCase() + mover.slice(1));
  const me = S.you && S.you.seats && S.you.seats.length
    ? (S.you.host && S.you.seats.length > 1 ? "Hot seat: you play " + S.you.seats.map(playerName).join(", ") : `You are ${playerName(S.you.seats[0])}`)
    : "Watching";
  const toMoveColour = typeof v.to_move === "number" ? v.players.find((p) => p.seat === v.to_move).colour : null;
  setKids(el, 
    h("div", { class: "banner-main" },
      h("span", { class: "map-name" }, mapTitle()),
      toMoveColour ? swatch(toMoveColour, "big") : null,
      h("span", { class: "phase-line", id: "phase-line" }, parts.join(" · "))),
    h("div", { class: "banner-side" },
      rulesButton(),
      h("span", { class: "me" }, me),
      h("span", { class: `live ${S.wsOk ? "on" : "off"}`, title: S.wsOk ? "Live: moves appear as they happen" : "Reconnecting…" },
        S.wsOk ? "● live" : "○ reconnecting")));
  const mine = !!(typeof v.to_move === "number" && isMine(v.to_move) && !v.over);
  el.classList.toggle("my-turn", mine);
  noticeTurn(mine);
}

export const SOUND_KEY = "aos.sound";

export const soundOn = () => localStorage.getItem(SOUND_KEY) !== "off";

export function noticeTurn(mine) {
  document.title = mine ? `▶ Your move — ${mapTitle()}` : `${mapTitle()} — Age of Steam`;
  const was = S.wasMine;
  S.wasMine = mine;
  if (!mine || was === undefined || S.noticedIndex === S.index) return;
  // only when the move comes back to this player after others' moves (not on opening the page, nor between
  // moves of their own): the page may see the others' moves only as a later position than the one it sent from
  const sent = S.sentIndex;
  if (!(was === false || S.othersMoved || (typeof sent === "number" && S.index > sent + 1))) return;
  S.noticedIndex = S.index;
  S.othersMoved = false;
  S.sentIndex = null;
  document.body.dataset.turnNotice = String((Number(document.body.dataset.turnNotice) || 0) + 1);
  if (soundOn()) chime();
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    try {
      const n = new Notification(`Your move — ${mapTitle()}`, { body: S.view.phase_title, tag: `aos-${S.id}` });
      n.onclick = () => { window.focus(); n.close(); };
    } catch { /* some browsers allow notifications only from a service worker */ }
  }
}

/** Two short notes made on the spot (no sound file to fetch); silent if the browser allows no audio yet. */
export function chime() {
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    S.audio = S.audio || new Ctx();
    const ctx = S.audio;
    [660, 880].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const t = ctx.currentTime + i * 0.14;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.15, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.12);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + 0.13);
    });
    document.body.dataset.chimes = String((Number(document.body.dataset.chimes) || 0) + 1);
  } catch { /* no audio: the title still says it */ }
}

export function turnNoticeTools() {
  const sound = h("label", { title: "A short sound when it becomes your move" },
    h("input", { type: "checkbox", id: "sound-toggle", checked: soundOn(),
      onchange: (e) => { localStorage.setItem(SOUND_KEY, e.target.checked ? "on" : "off"); if (e.target.checked) chime(); } }),
    " sound on your move");
  const canNotify = "Notification" in window && Notification.permission === "default";
  const notify = canNotify ? h("button", { class: "linkish", id: "notify-me", type: "button",
    title: "A browser notification when it becomes your move while this tab is in the background",
    onclick: async (e) => {
      const answer = await Notification.requestPermission();
      e.target.replaceWith(h("span", { class: "muted" }, answer === "granted" ? "notifications on" : "notifications blocked"));
    } }, "notify me") : null;
  return [sound, notify];
}

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

/** An undo asked for online: those asked accept or refuse; the one who asked sees whom it waits for. */
export function renderUndoRequest() {
  const el = document.getElementById("undo-request");
  if (!el) return;
  const r = S.you && S.you.undo_request;
  el.hidden = !r;
  if (!r) return;
  const what = r.undone.length ? r.undone.join("; ") : "their last action";
  const asked = S.you.seats.filter((seat) => r.needs.includes(seat) && !r.accepted.includes(seat));
  if (asked.length) {
    setKids(el, h("h2", {}, "Undo asked"), h("p", {}, `${r.by} asks to take back: ${what}. Your answer to it would be taken back too.`),
      h("div", { class: "button-row" },
        h("button", { class: "btn btn-primary", id: "accept-undo", onclick: () => answerUndo(true) }, "Accept"),
        h("button", { class: "btn", id: "refuse-undo", onclick: () => answerUndo(false) }, "Refuse")));
  } else {
    setKids(el, h("h2", {}, "Undo asked"), h("p", { class: "muted", id: "undo-waiting" },
      `${r.by} asked to take back: ${what}. Waiting for ${r.waiting_for.join(" and ")}.`));
  }
}
