// The game page: its layout, the banner and the turn notice, the undo asked of the others, turn mails; it names
// what the modules below it redraw (state.js).

import { api, h, setKids, storeToken, storedTokens, swatch, toast } from "./dom.js";
import {
  S, dropToken, isMine, mapTitle, onRedraw, openGame, playerName, seatInfo, setLabels, setLog, setMine, setTurnMail,
  turnNoticed,
} from "./state.js";
import { answerUndo, connect, loadGame, loadLegal } from "./connection.js";
import { drawOverlays, loadBoard, onBoardClick, onBoardHover } from "./board.js";
import { renderDecision } from "./decision.js";
import { renderGoods, renderMapPanel, renderPlayers } from "./panels.js";
import { renderCharts, renderLog } from "./story.js";
import { rulesButton, showTour } from "./rules.js";
import { resetZoom, setupZoom, zoomTools } from "./zoom.js";

let audio = null; // the page's sound, made at the first chime

// What the modules below the page ask to be redrawn (state.js's redraw).
onRedraw("all", renderAll);
onRedraw("banner", renderBanner);
onRedraw("undo-request", renderUndoRequest);
onRedraw("decision", renderDecision);

export async function showGame(id) {
  resetZoom();
  // a join link carries its token after # (never sent to a server or kept in its logs); an older link's
  // ?token= is moved there
  const fromUrl = new URLSearchParams(location.hash.slice(1)).get("token") || new URLSearchParams(location.search).get("token");
  if (new URLSearchParams(location.search).get("token")) {
    history.replaceState(null, "", `/game/${encodeURIComponent(id)}#token=${encodeURIComponent(fromUrl)}`);
  }
  const stored = storedTokens()[id];
  openGame(id, fromUrl || (stored && stored.token) || null);
  const app = document.getElementById("app");
  setKids(app, 
    h("div", { class: "game" },
      h("section", { class: "banner", id: "banner" }),
      h("div", { class: "game-grid" },
        h("div", { class: "board-col" },
          h("div", { class: "board-wrap", id: "board" }, h("p", { class: "muted" }, "Drawing the board…")),
          h("p", { class: "board-why", id: "board-why", role: "status", "aria-live": "polite" }),
          h("div", { class: "board-tools" },
            h("label", {}, h("input", { type: "checkbox", id: "labels-toggle", onchange: (e) => { setLabels(e.target.checked); loadBoard(); } }), " hex labels"),
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
    setLog(log.lines, log.size);
  } catch (err) {
    if (err.code === "not_found" && err.field === "token") {
      toast("That seat link is not valid for this game; you are watching.");
      dropToken();
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
      setTurnMail(email);
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
  setMine(mine);
  if (!mine || was === undefined || S.noticedIndex === S.index) return;
  // only when the move comes back to this player after others' moves (not on opening the page, nor between
  // moves of their own): the page may see the others' moves only as a later position than the one it sent from
  const sent = S.sentIndex;
  if (!(was === false || S.othersMoved || (typeof sent === "number" && S.index > sent + 1))) return;
  turnNoticed();
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
    audio = audio || new Ctx();
    const ctx = audio;
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
