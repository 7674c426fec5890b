// Age of Steam — the browser client. Plain JavaScript modules, no build step; talks to the server's
// JSON API (docs/web-api.md) and follows every game live over its WebSocket.
// The code is in js/, one module per concern; main.js starts the page. Imports run one way, from the pages
// (game.js, replay.js, lobby.js) down to state.js (the game page's state, written only by its setters) and dom.js.

import "./js/main.js";
