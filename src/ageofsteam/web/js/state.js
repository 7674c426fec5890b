// The game page's state, owned here: every module reads it (S), only the setters below write it. And the
// page's redraws: a module below the page asks for one by name (redraw), the page names who draws it (onRedraw),
// so that imports run one way, from the page down to this module.

import { titleCase } from "./dom.js";

export const S = {
  id: null, token: null, game: null, view: null, index: 0, you: null, legal: null, log: [], logSize: 0,
  svg: null, sel: {}, hoverOption: null, hoverRoute: null, hint: null, pending: false, wsOk: false, labels: false,
  recent: new Map(), // hex → when another player changed it
  logMark: undefined, // the log's length when this player last acted ("since your last move")
  wasMine: undefined, noticedIndex: null, othersMoved: false, sentIndex: null, // for the turn notice
};

// --- what is shown ------------------------------------------------------------------------------------

/** A game page opens: the game ``id`` played with the seat ``token`` (null: watching). */
export function openGame(id, token) {
  S.id = id;
  S.token = token;
  S.wasMine = undefined;
  S.recent = new Map();
  S.logMark = undefined;
}

/** A replay page opens (of the game ``id``, or of an opened record: null). */
export function openReplay(id) {
  S.id = id;
  S.game = null;
  S.you = null;
  S.legal = null;
  S.recent = new Map();
}

/** The seat token was refused: the page watches. */
export function dropToken() {
  S.token = null;
}

/** The game as the server sends it (``/api/games/{id}``). */
export function setGame(game) {
  S.game = game;
  S.view = game.view;
  S.index = game.index;
  S.you = game.you;
}

/** A replayed position (``/replay``): the game is only its map. */
export function setReplayed(pos) {
  S.view = pos.view;
  S.index = pos.index;
  S.log = pos.log;
  S.game = { map: pos.view.map, map_name: pos.view.map_name, seats: [] };
}

/** A new position told live (an update or an undo): the decisions, the choice and the hint were for the old one. */
export function setPosition(view, index) {
  S.view = view;
  S.index = index;
  S.legal = null;
  S.sel = {};
  S.hint = null;
}

/** The server took the player's action: the game is at ``index`` at least. */
export function advanceTo(index) {
  if (index > S.index) {
    S.index = index;
    S.legal = null;
  }
}

export function setLegal(legal) {
  S.legal = legal;
}

export function setLog(lines, size) {
  S.log = lines;
  S.logSize = size;
}

export function addLog(lines, size) {
  S.log.push(...lines);
  S.logSize = size;
}

export function setUndoRequest(request) {
  if (S.you) S.you.undo_request = request;
}

export function setTurnMail(email) {
  if (S.you) S.you.turn_mail = email;
}

export function setLive(ok) {
  S.wsOk = ok;
}

export function setLabels(on) {
  S.labels = on;
}

export function setSvg(svg) {
  S.svg = svg;
}

// --- the player's choice ------------------------------------------------------------------------------

/** What the player picked on the board or in the panel ({kind: "build", hex, option}, {kind: "deliver", cube,
 *  route}, {kind: "urbanize" | "map", hex}, {kind: "disc", circle}, or {}). */
export function select(sel) {
  S.sel = sel;
}

/** The build option or route the pointer is on (null: none; the chosen one is shown). */
export function hoverOption(i) {
  S.hoverOption = i;
}

export function hoverRoute(i) {
  S.hoverRoute = i;
}

/** Nothing chosen, nothing pointed at. */
export function clearChoice() {
  S.sel = {};
  S.hoverOption = null;
  S.hoverRoute = null;
}

export function setHint(hint) {
  S.hint = hint;
}

// --- the player's moves and the turn notice -------------------------------------------------------------

/** An action or an undo is on its way (``true``) or answered (``false``). */
export function setPending(on) {
  S.pending = on;
}

/** The player acts: what happens from here on is "since your last move", and the others' moves are outlined
 *  until the player acts again. */
export function acting() {
  S.sentIndex = S.index;
  S.logMark = S.logSize;
  S.recent = new Map();
}

/** Another player changed ``hexes``. */
export function othersMoved(hexes) {
  S.othersMoved = true;
  const now = Date.now();
  hexes.forEach((x) => S.recent.set(x, now));
}

/** Whether the move is this player's now (the turn notice compares it with the last). */
export function setMine(mine) {
  S.wasMine = mine;
}

/** The turn notice was given for this position. */
export function turnNoticed() {
  S.noticedIndex = S.index;
  S.othersMoved = false;
  S.sentIndex = null;
}

// --- reading it -----------------------------------------------------------------------------------------

export function seatInfo(seat) {
  return (S.game && S.game.seats.find((s) => s.seat === seat)) || {};
}

export function playerName(seat) {
  const p = S.view && S.view.players.find((x) => x.seat === seat);
  return p ? p.name : seat === null || seat === undefined ? "no one" : `seat ${seat + 1}`;
}

export function isMine(seat) {
  return !!(S.you && S.you.seats && S.you.seats.includes(seat));
}

export function mapTitle() {
  return (S.game && (S.game.map_name || (S.view && S.view.map_name) || titleCase(S.game.map))) || "Age of Steam";
}

export function actionTitle(action) {
  const titles = (S.game && S.game.action_titles) || {};
  return titles[action] || titleCase(action);
}

/** The current hint, if it is for the position shown. */
export function currentHint() {
  return S.hint && S.hint.index === S.index ? S.hint : null;
}

// --- redraws ----------------------------------------------------------------------------------------------

const draws = new Map();

/** The page names what draws ``part`` ("all", "banner", "undo-request", "decision"). */
export function onRedraw(part, draw) {
  draws.set(part, draw);
}

/** Redraw ``part`` of the page (nothing where the page shown has none). */
export function redraw(part) {
  const draw = draws.get(part);
  if (draw) draw();
}
