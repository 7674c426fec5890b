// The browser client's entry: show the lobby, a game or a replay, by the address.

import { showLobby } from "./lobby.js";
import { showGame } from "./game.js";
import { showReplay } from "./replay.js";

export function start() {
  const m = /^\/game\/([^/]+)\/?$/.exec(location.pathname);
  const r = /^\/game\/([^/]+)\/replay\/?$/.exec(location.pathname);
  const u = /^\/replay\/([^/]+)\/?$/.exec(location.pathname);
  if (m) showGame(decodeURIComponent(m[1]));
  else if (r) showReplay({ game: decodeURIComponent(r[1]) });
  else if (u) showReplay({ opened: decodeURIComponent(u[1]) });
  else showLobby();
}

start();
