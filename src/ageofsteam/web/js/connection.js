// The connection to the server: loading the game and the decisions, the WebSocket, sending actions and undos.

import { api, toast } from "./dom.js";
import { S, isMine, mapTitle } from "./state.js";
import { renderAll, renderBanner, renderUndoRequest } from "./game.js";
import { loadBoard } from "./board.js";
import { renderDecision } from "./decision.js";
import { renderLog } from "./story.js";

export async function loadGame() {
  const game = await api("GET", `/api/games/${S.id}`, { token: S.token });
  S.game = game;
  S.view = game.view;
  S.index = game.index;
  S.you = game.you;
  document.title = `${mapTitle()} — Age of Steam`;
}

export async function loadLegal() {
  const v = S.view;
  if (!S.token || !v || v.over || typeof v.to_move !== "number" || !isMine(v.to_move)) {
    S.legal = null;
    return;
  }
  try {
    const legal = await api("GET", `/api/games/${S.id}/legal`, { token: S.token });
    S.legal = legal.index === S.index ? legal : null;
    if (legal.index !== S.index) S.dirty = true;
  } catch (err) {
    S.legal = null;
    toast(err.message);
  }
}

/** Bring everything up to date after a change announced on the WebSocket (coalesced). */
export async function refresh() {
  if (S.refreshing) {
    S.dirty = true;
    return S.refreshing;
  }
  S.refreshing = (async () => {
    do {
      S.dirty = false;
      try {
        await loadGame();
        await Promise.all([loadBoard(), loadLegal()]);
      } catch (err) {
        toast(err.message);
      }
      renderAll();
    } while (S.dirty);
  })();
  try {
    await S.refreshing;
  } finally {
    S.refreshing = null;
  }
}

export function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  // the seat token goes in the first message, never in the address (which proxies and logs keep)
  const ws = new WebSocket(`${proto}//${location.host}/api/games/${S.id}/ws`);
  S.ws = ws;
  ws.addEventListener("open", () => {
    if (S.token) ws.send(JSON.stringify({ type: "auth", token: S.token }));
    S.wsOk = true;
    renderBanner();
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
    S.wsOk = false;
    renderBanner();
    if (ev.code === 4404) return;
    if (ev.code === 4403) S.token = null;
    setTimeout(() => { if (S.ws === ws) connect(); }, 1500);
  });
}

export function onMessage(msg) {
  if (msg.type === "hello") {
    if (msg.index !== S.index) refresh();
    return;
  }
  if (msg.type === "update") {
    if (msg.index <= S.index && !S.pendingIndex) return;
    const gap = S.logSize !== undefined && msg.log_size - (msg.log || []).length !== S.logSize;
    if (gap) {
      api("GET", `/api/games/${S.id}/log`).then((l) => { S.log = l.lines; S.logSize = l.size; renderLog(); }).catch(() => {});
    } else {
      S.log.push(...(msg.log || []));
      S.logSize = msg.log_size;
    }
    const actor = (msg.actions || []).map((a) => a.action).find((a) => a.player !== undefined);
    S.view = msg.view;
    S.index = msg.index;
    S.legal = null;
    if (actor) S.lastActed = actor;
    if ((msg.actions || []).some((a) => typeof a.action.player === "number" && !isMine(a.action.player))) S.othersMoved = true;
    for (const a of msg.actions || []) {
      if (typeof a.action.player === "number" && !isMine(a.action.player)) (a.hexes || []).forEach((x) => S.recent.set(x, Date.now()));
    }
    S.sel = {};
    S.hint = null;
    renderAll();
    refresh();
    return;
  }
  if (msg.type === "seats") { // a seat changed hands: its line in the log, and who plays what
    S.log.push(...(msg.log || []));
    S.logSize = msg.log_size;
    refresh();
    return;
  }
  if (msg.type === "undo_request") {
    if (S.you) S.you.undo_request = msg.request;
    if (msg.refused_by && S.you && S.you.seats.length && !msg.request) toast(`${msg.refused_by} refused the undo.`, "info");
    renderUndoRequest();
    return;
  }
  if (msg.type === "undo") {
    if (typeof msg.seat === "number" && !isMine(msg.seat) && (msg.undone || []).length) {
      toast(`${msg.by} took back: ${msg.undone.join("; ")}`, "info");
    }
    S.view = msg.view;
    S.index = msg.index;
    S.legal = null;
    S.sel = {};
    S.hint = null;
    api("GET", `/api/games/${S.id}/log`).then((l) => { S.log = l.lines; S.logSize = l.size; renderLog(); }).catch(() => {});
    refresh();
  }
}

export async function send(action) {
  if (S.pending) return; // never send twice
  S.pending = true;
  S.pendingIndex = S.index;
  S.sentIndex = S.index;
  S.logMark = S.logSize; // what happens from here on is "since your last move"
  S.recent = new Map(); // the others' moves are highlighted until the player acts
  renderDecision();
  try {
    const res = await api("POST", `/api/games/${S.id}/actions`, { token: S.token, body: { index: S.index, action } });
    S.sel = {};
    if (res.index > S.index) {
      S.index = res.index;
      S.legal = null;
    }
  } catch (err) {
    toast(err.code === "stale" ? "The game moved on before your choice arrived; here is the new position." : err.message);
  } finally {
    S.pending = false;
    S.pendingIndex = null;
  }
  await refresh();
}

export async function askUndo() {
  try {
    const r = await api("POST", `/api/games/${S.id}/undo-request`, { token: S.token, body: { index: S.index } });
    if (r.request) {
      S.you.undo_request = r.request;
      toast(`Asked ${r.request.waiting_for.join(" and ")} to accept.`, "info");
    }
  } catch (err) {
    toast(err.message);
  }
  renderUndoRequest();
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
  S.pending = true;
  renderDecision();
  try {
    await api("POST", `/api/games/${S.id}/undo`, { token: S.token, body: { index: S.index, count: 1 } });
    S.sel = {};
    toast("Your last action was taken back.", "info");
  } catch (err) {
    toast(err.message);
  } finally {
    S.pending = false;
  }
  const l = await api("GET", `/api/games/${S.id}/log`).catch(() => null);
  if (l) { S.log = l.lines; S.logSize = l.size; }
  await refresh();
}
