// The game page's state, shared by every part of the page, and the names it reads from it.

import { titleCase } from "./dom.js";

export const S = {
  id: null, token: null, game: null, view: null, index: 0, you: null, legal: null, log: [], logSize: 0,
  svg: null, boardText: null, sel: {}, pending: false, ws: null, wsOk: false, refreshing: null, dirty: false, labels: false,
  lastActed: null, hint: null, hintBusy: false, recent: new Map(), logMark: undefined,
};

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
