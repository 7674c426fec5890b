// The lobby: create a game, join by link, your seats, the games listed, and opening a record file.

import { loadResults, renderRecord } from "./record.js";
import { BOT_LEVELS, DEFAULT_BOT, DEFAULT_NAMES, absoluteUrl, api, botBadge, copyText, h, playerRange, setKids, storeToken, storedTokens, swatch, titleCase, toast } from "./dom.js";

const lobby = { maps: [], bots: BOT_LEVELS, created: null, timer: null };

export async function showLobby() {
  document.title = "Age of Steam — Lobby";
  const app = document.getElementById("app");
  setKids(app, 
    h("div", { class: "lobby" },
      h("section", { class: "panel create", id: "create" }, h("h2", {}, "New game"), h("p", { class: "muted" }, "Loading maps…")),
      h("div", { class: "lobby-side" },
        h("p", { class: "editor-link" }, h("a", { href: "/editor", id: "editor-link" }, "Draw your own map in the map editor")),
        h("section", { class: "panel", id: "created", hidden: true }),
        h("section", { class: "panel join" },
          h("h2", {}, "Join a game"),
          h("form", { class: "join-form", onsubmit: (e) => { e.preventDefault(); joinByLink(); } },
            h("input", { id: "join-link", type: "text", placeholder: "Paste a join link", "aria-label": "Join link" }),
            h("button", { type: "submit", class: "btn" }, "Join"))),
        h("section", { class: "panel", id: "mine", hidden: true }),
        h("section", { class: "panel record", id: "record", hidden: true }),
        openRecordControl(),
        h("section", { class: "panel games", id: "games" }, h("h2", {}, "Games"), h("p", { class: "muted" }, "Loading…")))));
  try {
    const [maps, bots] = await Promise.all([api("GET", "/api/maps"), api("GET", "/api/bots").catch(() => null)]);
    lobby.maps = maps;
    const uploads = await api("GET", "/api/uploads").catch(() => []); // maps drawn in the editor and uploaded
    lobby.maps = maps.concat(uploads.map((u) => ({ id: u.lobby_id, name: u.name, players: u.players, turns: u.turns,
      options: {}, option_choices: {}, uploaded: true, author: u.author, description: u.description })));
    if (Array.isArray(bots) && bots.length) lobby.bots = bots;
  } catch (err) {
    setKids(document.getElementById("create"), h("h2", {}, "New game"), h("p", { class: "error" }, err.message));
    return;
  }
  renderCreateForm();
  renderMine();
  renderRecord(lobby.bots);
  refreshGames();
  clearInterval(lobby.timer);
  lobby.timer = setInterval(refreshGames, 5000);
}

export function joinByLink() {
  const raw = document.getElementById("join-link").value.trim();
  if (!raw) return;
  let url;
  try {
    url = new URL(raw, location.origin);
  } catch {
    toast("That is not a link.");
    return;
  }
  if (!/^\/game\/[^/]+$/.test(url.pathname)) {
    toast("A join link looks like …/game/GAME#token=…");
    return;
  }
  location.href = url.pathname + url.search + url.hash;
}

export function renderCreateForm() {
  const box = document.getElementById("create");
  const option = (m) => h("option", { value: m.id }, `${m.name}${m.author ? ` by ${m.author}` : ""} (${playerRange(m.players)})`);
  const uploaded = lobby.maps.filter((m) => m.uploaded);
  const mapSelect = h("select", { id: "map", name: "map" }, lobby.maps.filter((m) => !m.uploaded).map(option),
    uploaded.length ? h("optgroup", { label: "Uploaded maps" }, uploaded.map(option)) : null);
  const defaultMap = lobby.maps.find((m) => m.id === "rust-belt") || lobby.maps[0];
  if (defaultMap) mapSelect.value = defaultMap.id;
  const playersSelect = h("select", { id: "players", name: "players" });
  const seatsBox = h("div", { class: "seats", id: "seats" });
  const optionsBox = h("div", { class: "options", id: "options" });
  const mapInfo = h("p", { class: "muted map-info" });
  const idle = h("input", { id: "idle-hours", type: "number", min: "0.5", max: "720", step: "0.5", placeholder: "never" });
  const seed = h("input", { id: "seed", type: "number", min: "0", placeholder: "secret: no one can foresee the dice",
    title: "A chosen seed makes the dice foreseeable: only for a hot-seat game or one with a single human" });
  const mode = h("div", { class: "mode" },
    h("label", {}, h("input", { type: "radio", name: "mode", value: "online", checked: true }),
      h("span", {}, h("b", {}, "Online"), " — one join link per human seat")),
    h("label", {}, h("input", { type: "radio", name: "mode", value: "hotseat", id: "mode-hotseat" }),
      h("span", {}, h("b", {}, "Hot seat"), " — this browser plays every human seat")));
  const seatRows = [];

  const currentMap = () => lobby.maps.find((m) => m.id === mapSelect.value);

  function fillPlayers() {
    const m = currentMap();
    const old = Number(playersSelect.value) || 0;
    setKids(playersSelect, );
    for (let n = m.players[0]; n <= m.players[1]; n++) playersSelect.append(h("option", { value: n }, `${n} player${n === 1 ? "" : "s"}`));
    playersSelect.value = String(Math.min(Math.max(old || m.players[0], m.players[0]), m.players[1]));
    const turns = m.turns ? Object.entries(m.turns).map(([n, t]) => `${n}p: ${t ? `${t} turns` : "no turn limit"}`).join(" · ") : "";
    mapInfo.textContent = m.uploaded ? `${m.description} — ${turns}` : turns;
    setKids(optionsBox, );
    const opts = Object.entries(m.options || {});
    if (opts.length) optionsBox.append(h("h3", {}, "Options"));
    for (const [name, value] of opts) {
      const id = `opt-${name}`;
      let input;
      const choices = (m.option_choices || {})[name];
      if (choices) {
        input = h("select", { id, "data-option": name }, choices.map((c) => h("option", { value: String(c), "data-value": JSON.stringify(c), selected: c === value }, titleCase(String(c)))));
      } else if (typeof value === "boolean") input = h("input", { type: "checkbox", id, "data-option": name, checked: value });
      else if (typeof value === "number") input = h("input", { type: "number", id, "data-option": name, value });
      else input = h("input", { type: "text", id, "data-option": name, value: String(value) });
      const rule = (m.option_rules || {})[name] || "";
      optionsBox.append(h("div", { class: "option-row", "data-option-row": name },
        h("label", { class: "option", for: id, title: rule }, input, h("span", {}, titleCase(name))),
        rule ? h("p", { class: "option-rule muted", id: `${id}-rule` }, rule) : null));
    }
    fillSeats();
  }

  function fillSeats() {
    const n = Number(playersSelect.value);
    while (seatRows.length < n) {
      const i = seatRows.length;
      const name = h("input", { type: "text", value: DEFAULT_NAMES[i] || `Player ${i + 1}`, maxlength: "40",
        "aria-label": `Seat ${i + 1} name`, class: "seat-name" });
      const kind = h("select", { class: "seat-kind", "aria-label": `Seat ${i + 1} player` },
        h("option", { value: "human" }, "Human"),
        lobby.bots.map((b) => h("option", { value: b.level, title: b.rating ? `${b.about} Rating ${b.rating} on the bots' ladder.` : b.about },
          `Bot: ${b.title}`)));
      kind.value = i === 0 ? "human" : lobby.bots.some((b) => b.level === DEFAULT_BOT) ? DEFAULT_BOT : lobby.bots[0].level;
      const row = h("div", { class: "seat-row" }, h("span", { class: "seat-no" }, `${i + 1}`), name, kind);
      seatRows.push({ row, name, kind });
    }
    const rated = lobby.bots.filter((b) => b.rating);
    const ratings = rated.length
      ? h("p", { class: "muted seat-ratings" }, `Bot ratings on the bots' ladder: ${rated.map((b) => `${b.title} ${b.rating}`).join(" · ")}`)
      : null;
    setKids(seatsBox, h("h3", {}, "Seats"), ...seatRows.slice(0, n).map((s) => s.row), ratings);
  }

  mapSelect.addEventListener("change", fillPlayers);
  playersSelect.addEventListener("change", fillSeats);

  const submit = h("button", { type: "submit", class: "btn btn-primary btn-big", id: "create-game" }, "Create game");
  const form = h("form", { class: "create-form", onsubmit: async (e) => {
    e.preventDefault();
    const n = Number(playersSelect.value);
    const options = {};
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      const name = input.dataset.option;
      if (input.tagName === "SELECT") options[name] = JSON.parse(input.selectedOptions[0].dataset.value);
      else options[name] = input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value) : input.value;
    }
    const body = {
      map: mapSelect.value, players: n, options,
      seats: seatRows.slice(0, n).map((s) => ({ name: s.name.value.trim() || null, bot: s.kind.value === "human" ? null : s.kind.value })),
      seed: seed.value === "" ? null : Number(seed.value),
      idle_hours: idle.value === "" ? null : Number(idle.value),
    };
    for (const s of body.seats) if (!s.name) delete s.name;
    const hotseat = form.querySelector("input[name=mode]:checked").value === "hotseat";
    body.hot_seat = hotseat;
    submit.disabled = true;
    try {
      const game = await api("POST", "/api/games", { body });
      storeToken(game.id, game.host_token, "host");
      if (hotseat) {
        location.href = `/game/${game.id}#token=${encodeURIComponent(game.host_token)}`;
        return;
      }
      lobby.created = game;
      renderCreated();
      refreshGames();
      renderMine();
    } catch (err) {
      toast(err.message);
    } finally {
      submit.disabled = false;
    }
  } },
  h("label", { class: "field" }, h("span", {}, "Map"), mapSelect),
  mapInfo,
  h("label", { class: "field" }, h("span", {}, "Players"), playersSelect),
  seatsBox,
  optionsBox,
  h("h3", {}, "How you play"),
  mode,
  h("details", { class: "advanced" }, h("summary", {}, "Advanced"),
    h("label", { class: "field" }, h("span", {}, "Seed"), seed),
    h("label", { class: "field" }, h("span", {}, "A bot takes over a seat idle for (hours)"), idle)),
  submit);
  setKids(box, h("h2", {}, "New game"), form);
  fillPlayers();
}

export function renderCreated() {
  const game = lobby.created;
  const box = document.getElementById("created");
  box.hidden = false;
  const rows = game.seats.map((s) => {
    if (s.bot) {
      return h("li", { class: "link-row" }, swatch(s.colour), h("span", { class: "name" }, s.name),
        botBadge(s), h("span", { class: "muted grow" }, "plays by itself"));
    }
    const url = absoluteUrl(s.join_url);
    const copy = h("button", { type: "button", class: "btn btn-small", "data-copy": s.seat }, "Copy");
    copy.addEventListener("click", () => copyText(url, copy));
    return h("li", { class: "link-row" }, swatch(s.colour), h("span", { class: "name" }, s.name),
      h("input", { type: "text", readonly: true, value: url, class: "grow link", "data-seat-link": s.seat,
        onfocus: (e) => e.target.select() }),
      copy, h("a", { class: "btn btn-small", href: s.join_url }, "Play"));
  });
  const humans = game.seats.some((s) => !s.bot);
  const hostUrl = absoluteUrl(game.host_url);
  const hostCopy = h("button", { type: "button", class: "btn btn-small" }, "Copy");
  hostCopy.addEventListener("click", () => copyText(hostUrl, hostCopy));
  setKids(box, 
    h("h2", {}, "Game created"),
    h("p", {}, humans
      ? "Send each player their own link — a link acts only for its seat. Keep the host link for yourself."
      : "Only bots play this game: watch it on the board."),
    h("ul", { class: "links" }, rows),
    humans ? h("div", { class: "link-row host" }, h("span", { class: "name" }, "Host (all human seats)"),
      h("input", { type: "text", readonly: true, value: hostUrl, class: "grow link", id: "host-link" }), hostCopy) : null,
    h("p", {}, h("a", { class: "btn btn-primary", href: `/game/${game.id}`, id: "watch-created" }, humans ? "Open the game board" : "Watch the bots")));
  box.scrollIntoView({ behavior: "smooth", block: "nearest" });
}

export const MINE_SHOWN = 8; // the newest games of this browser shown at first; "more" shows 8 more each time

export function renderMine() {
  const box = document.getElementById("mine");
  const all = Object.entries(storedTokens()).sort((a, b) => b[1].saved - a[1].saved);
  lobby.mineShown = lobby.mineShown || MINE_SHOWN;
  const mine = all.slice(0, lobby.mineShown);
  if (!mine.length) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const known = Object.fromEntries([...(lobby.mineGames || []), ...(lobby.games || [])].map((g) => [g.id, g]));
  const more = all.length - mine.length;
  setKids(box, h("h2", {}, "Your seats in this browser ", h("span", { class: "count" }, all.length)),
    h("ul", { class: "mine" }, mine.map(([id, t]) => {
      const g = known[id];
      const href = `/game/${id}#token=${encodeURIComponent(t.token)}`;
      const who = t.label === "host" ? "host" : t.label;
      if (!g) return h("li", { "data-mine": id }, h("a", { href }, `Game ${id}`), h("span", { class: "muted" }, ` · ${who}`));
      const toMove = g.seats.find((s) => s.seat === g.to_move);
      const yours = g.status !== "over" && toMove && !toMove.bot && (t.label === "host" || t.label === toMove.name);
      const state = g.status === "over" ? "finished" : yours ? "your move" : toMove ? `${toMove.name} to move` : "waiting";
      return h("li", { "data-mine": id, class: yours ? "your-move" : "" },
        h("a", { href }, g.map_name || g.map),
        h("span", { class: "muted" }, ` · ${g.players} player${g.players === 1 ? "" : "s"} · ${who} · `),
        h("span", { class: yours ? "badge badge-running" : "muted" }, state),
        g.status === "over" ? [" ", h("a", { href: `/game/${id}/replay`, class: "linkish", "data-replay": id }, "replay")] : null);
    })),
    more > 0 ? h("button", { type: "button", class: "linkish", id: "mine-more",
      onclick: () => { lobby.mineShown += MINE_SHOWN; renderMine(); loadMineGames(); } },
    `more (${more})`) : null);
}

/** The games of this browser that the lobby's list does not hold (older or finished ones), fetched one by one. */
export async function loadMineGames() {
  const listed = new Set([...(lobby.games || []), ...(lobby.mineGames || [])].map((g) => g.id));
  lobby.mineTried = lobby.mineTried || new Set();
  const want = Object.entries(storedTokens()).sort((a, b) => b[1].saved - a[1].saved)
    .slice(0, lobby.mineShown || MINE_SHOWN).map(([id]) => id).filter((id) => !listed.has(id) && !lobby.mineTried.has(id));
  if (!want.length) return;
  want.forEach((id) => lobby.mineTried.add(id));
  const found = await Promise.all(want.map((id) => api("GET", `/api/games/${id}`).then(gameSummary).catch(() => null)));
  lobby.mineGames = [...(lobby.mineGames || []), ...found.filter(Boolean)];
  renderMine();
  updateRecord();
}

/** The record of this browser's finished games, brought up to date with any that finished since. */
export async function updateRecord() {
  if (await loadResults([...(lobby.games || []), ...(lobby.mineGames || [])], lobby.bots)) renderRecord(lobby.bots);
}

/** A game as the lobby's list has it, from the game itself. */
export function gameSummary(game) {
  const v = game.view || {};
  return { id: game.id, map: game.map, map_name: game.map_name, status: game.status, players: game.seats.length,
    seats: game.seats, turn: v.turn, phase: v.phase, to_move: typeof v.to_move === "number" ? v.to_move : null };
}

export function phaseName(phase) {
  return titleCase(phase || "");
}

export async function refreshGames() {
  const box = document.getElementById("games");
  if (!box) return;
  let games;
  try {
    games = await api("GET", "/api/games?limit=60");
  } catch (err) {
    setKids(box, h("h2", {}, "Games"), h("p", { class: "error" }, err.message));
    return;
  }
  lobby.games = games;
  renderMine();
  loadMineGames();
  updateRecord();
  const mine = storedTokens();
  const section = (title, list, empty) => [
    h("h3", {}, `${title} `, h("span", { class: "count" }, list.length)),
    list.length
      ? h("ul", { class: "game-list" }, list.map((g) => {
        const token = mine[g.id] && mine[g.id].token;
        const href = token ? `/game/${g.id}#token=${encodeURIComponent(token)}` : `/game/${g.id}`;
        const toMove = g.seats.find((s) => s.seat === g.to_move);
        return h("li", { class: `game-row status-${g.status}`, "data-game": g.id },
          h("div", { class: "game-main" },
            h("a", { href, class: "game-title" }, g.map_name || g.map),
            h("span", { class: `badge badge-${g.status}` }, g.status),
            h("span", { class: "muted" }, g.status === "over" ? "finished"
              : g.turn ? `turn ${g.turn} · ${phaseName(g.phase)}${toMove ? ` · ${toMove.name} to move` : ""}` : "setting up")),
          h("div", { class: "game-seats" }, g.seats.map((s) => h("span", { class: `seat-chip${s.joined || s.bot ? "" : " free"}` },
            swatch(s.colour), s.name, s.bot ? botBadge(s) : s.joined ? "" : " (free)"))),
          g.status === "over"
            ? h("span", { class: "row-links" },
              h("a", { href: `/game/${g.id}/replay`, class: "btn btn-small", "data-replay": g.id }, "Replay"),
              h("a", { href, class: "btn btn-small btn-ghost" }, "View"))
            : h("a", { href, class: "btn btn-small" }, token ? "Resume" : "Watch"));
      }))
      : h("p", { class: "muted" }, empty),
  ];
  setKids(box, h("h2", {}, "Games"),
    ...section("Open", games.filter((g) => g.status === "open"), "No game is waiting for players."),
    ...section("Running", games.filter((g) => g.status === "running"), "No game is running."),
    ...section("Finished", games.filter((g) => g.status === "over").slice(0, 10), "None yet."));
}

/** The lobby's "open a record file": the file is sent to the server, which replays it and keeps it for a while. */
export function openRecordControl() {
  const input = h("input", { type: "file", id: "record-file", accept: ".json,application/json" });
  const note = h("p", { class: "muted", id: "record-note" }, "A record made by aos, or a game imported with 'aos import'.");
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch {
      note.textContent = `${file.name} is not JSON: open a record file (.json).`;
      note.className = "error";
      return;
    }
    try {
      const r = await api("POST", "/api/replays", { body: data });
      location.href = `/replay/${encodeURIComponent(r.id)}`;
    } catch (err) {
      note.textContent = err.message;
      note.className = "error";
    }
  });
  return h("section", { class: "panel open-record" }, h("h2", {}, "Replay a record"),
    h("label", { class: "field file-field", for: "record-file" }, h("span", {}, "Record file"), input), note);
}
