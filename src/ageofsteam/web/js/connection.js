// The connection to the server: loading the game and the decisions, the WebSocket, sending actions and undos.
// What it learns goes into the page's state (state.js); the page is redrawn by name (redraw), the board and the
// log directly.

import { api, toast } from "./dom.js";
import {
  S, acting, addLog, advanceTo, dropToken, isMine, mapTitle, othersMoved, redraw, select, setGame, setLegal, setLive,
  setLog, setPending, setPosition, setUndoRequest,
} from "./state.js";
import { loadBoard } from "./board.js";
import { renderLog } from "./story.js";

let refreshing = null; // the refresh under way
let dirty = false; // something changed while it ran: it runs again
let socket = null; // the WebSocket of the page
let pendingIndex = null; // the position an action was sent from, while it is on its way

export async function loadGame() {
  const game = await api("GET", `/api/games/${S.id}`, { token: S.token });
  setGame(game);
  document.title = `${mapTitle()} — Age of Steam`;
}

export async function loadLegal() {
  const v = S.view;
  if (!S.token || !v || v.over || typeof v.to_move !== "number" || !isMine(v.to_move)) {
    setLegal(null);
    return;
  }
  try {
    const legal = await api("GET", `/api/games/${S.id}/legal`, { token: S.token });
    setLegal(legal.index === S.index ? legal : null);
    if (legal.index !== S.index) dirty = true;
  } catch (err) {
    setLegal(null);
    toast(err.message);
  }
}

/** Bring everything up to date after a change announced on the WebSocket (coalesced). */
export async function refresh() {
  if (refreshing) {
    dirty = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      dirty = false;
      try {
        await loadGame();
        await Promise.all([loadBoard(), loadLegal()]);
      } catch (err) {
        toast(err.message);
      }
      redraw("all");
    } while (dirty);
  })();
  try {
    await refreshing;
  } finally {
    refreshing = null;
  }
}

/** The whole log again (after an undo, or a gap in the updates). */
async function reloadLog() {
  const l = await api("GET", `/api/games/${S.id}/log`).catch(() => null);
  if (l) setLog(l.lines, l.size);
  return l;
}

export function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  // the seat token goes in the first message, never in the address (which proxies and logs keep)
  const ws = new WebSocket(`${proto}//${location.host}/api/games/${S.id}/ws`);
  socket = ws;
  ws.addEventListener("open", () => {
    if (S.token) ws.send(JSON.stringify({ type: "auth", token: S.token }));
    setLive(true);
    redraw("banner");
  });
  ws.addEventListener("message", (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    onMessage(msg);
  });
  ws.addEventListener("close", (ev) => {
    setLive(false);
    redraw("banner");
    if (ev.code === 4404) return;
    if (ev.code === 4403) dropToken();
    setTimeout(() => { if (socket === ws) connect(); }, 1500);
  });
}

function onMessage(msg) {
  if (msg.type === "hello") {
    if (msg.index !== S.index) refresh();
    return;
  }
  if (msg.type === "update") {
    if (msg.index <= S.index && !pendingIndex) return;
    const gap = S.logSize !== undefined && msg.log_size - (msg.log || []).length !== S.logSize;
    if (gap) reloadLog().then((l) => { if (l) renderLog(); });
    else addLog(msg.log || [], msg.log_size);
    const others = (msg.actions || []).filter((a) => typeof a.action.player === "number" && !isMine(a.action.player));
    setPosition(msg.view, msg.index);
    if (others.length) othersMoved(others.flatMap((a) => a.hexes || []));
    redraw("all");
    refresh();
    return;
  }
  if (msg.type === "seats") { // a seat changed hands: its line in the log, and who plays what
    addLog(msg.log || [], msg.log_size);
    refresh();
    return;
  }
  if (msg.type === "undo_request") {
    setUndoRequest(msg.request);
    if (msg.refused_by && S.you && S.you.seats.length && !msg.request) toast(`${msg.refused_by} refused the undo.`, "info");
    redraw("undo-request");
    return;
  }
  if (msg.type === "undo") {
    if (typeof msg.seat === "number" && !isMine(msg.seat) && (msg.undone || []).length) {
      toast(`${msg.by} took back: ${msg.undone.join("; ")}`, "info");
    }
    setPosition(msg.view, msg.index);
    reloadLog().then((l) => { if (l) renderLog(); });
    refresh();
  }
}

export async function send(action) {
  if (S.pending) return; // never send twice
  setPending(true);
  pendingIndex = S.index;
  acting();
  redraw("decision");
  try {
    const res = await api("POST", `/api/games/${S.id}/actions`, { token: S.token, body: { index: S.index, action } });
    select({});
    advanceTo(res.index);
  } catch (err) {
    toast(err.code === "stale" ? "The game moved on before your choice arrived; here is the new position." : err.message);
  } finally {
    setPending(false);
    pendingIndex = null;
  }
  await refresh();
}

export async function askUndo() {
  try {
    const r = await api("POST", `/api/games/${S.id}/undo-request`, { token: S.token, body: { index: S.index } });
    if (r.request) {
      setUndoRequest(r.request);
      toast(`Asked ${r.request.waiting_for.join(" and ")} to accept.`, "info");
    }
  } catch (err) {
    toast(err.message);
  }
  redraw("undo-request");
  await refresh();
}

export async function answerUndo(accept) {
  try {
    await api("POST", `/api/games/${S.id}/undo-request/answer`, { token: S.token, body: { index: S.index, accept } });
  } catch (err) {
    toast(err.message);
  }
  await refresh();
}

export async function undoLast() {
  if (S.pending) return;
  setPending(true);
  redraw("decision");
  try {
    await api("POST", `/api/games/${S.id}/undo`, { token: S.token, body: { index: S.index, count: 1 } });
    select({});
    toast("Your last action was taken back.", "info");
  } catch (err) {
    toast(err.message);
  } finally {
    setPending(false);
  }
  await reloadLog();
  await refresh();
}
