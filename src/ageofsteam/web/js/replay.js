// The replay viewer: a game's positions one by one, with the log beside them.

import { api, h, setKids } from "./dom.js";
import { S, mapTitle, openReplay, setReplayed } from "./state.js";
import { placeBoard } from "./board.js";
import { renderGoods, renderMapPanel, renderPlayers } from "./panels.js";
import { renderLog } from "./story.js";
import { resetZoom, setupZoom, zoomTools } from "./zoom.js";

const R = { src: null, index: 0, total: 0, timer: null, seq: 0, labels: false };

export async function showReplay(src) {
  R.src = src;
  openReplay(src.game || null);
  resetZoom();
  const app = document.getElementById("app");
  const back = src.game ? h("a", { href: `/game/${encodeURIComponent(src.game)}`, class: "muted" }, "back to the game") : h("a", { href: "/", class: "muted" }, "lobby");
  setKids(app,
    h("div", { class: "game replay" },
      h("section", { class: "banner", id: "banner" }),
      h("div", { class: "game-grid" },
        h("div", { class: "board-col" },
          h("div", { class: "board-wrap", id: "board" }, h("p", { class: "muted" }, "Replaying…")),
          h("div", { class: "board-tools" },
            h("label", {}, h("input", { type: "checkbox", id: "labels-toggle", onchange: (e) => { R.labels = e.target.checked; replayTo(R.index); } }), " hex labels"),
            zoomTools(),
            back)),
        h("aside", { class: "side" },
          h("section", { class: "panel replay-controls", id: "replay-controls" }),
          h("section", { class: "panel map-panel", id: "map-panel", hidden: true }),
          h("section", { class: "panel", id: "players" }),
          h("section", { class: "panel", id: "goods" }),
          h("section", { class: "panel log-panel" }, h("h2", {}, "Log"), h("ol", { class: "log", id: "log" }))))));
  setupZoom(document.getElementById("board"));
  document.addEventListener("keydown", (ev) => {
    if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
    if (ev.key === "ArrowRight") replayStep(1);
    else if (ev.key === "ArrowLeft") replayStep(-1);
  });
  const first = await replayFetch(0);
  if (!first) return;
  R.total = first.total;
  await replayTo(src.game ? first.total : 0, first.total === 0 ? first : null);
}

export async function replayFetch(index) {
  const q = new URLSearchParams({ index: String(index) });
  if (R.labels) q.set("labels", "true");
  const url = R.src.game ? `/api/games/${encodeURIComponent(R.src.game)}/replay?${q}` : `/api/replays/${encodeURIComponent(R.src.opened)}?${q}`;
  try {
    return await api("GET", url);
  } catch (err) {
    const app = document.getElementById("app");
    setKids(app, h("section", { class: "panel" }, h("h2", {}, "This replay cannot be shown"),
      h("p", { class: "error" }, err.message), h("a", { href: "/", class: "btn" }, "Back to the lobby")));
    return null;
  }
}

export async function replayTo(index, known = null) {
  const seq = ++R.seq;
  const pos = known || await replayFetch(Math.max(0, Math.min(R.total, index)));
  if (!pos || seq !== R.seq) return;
  R.index = pos.index;
  R.total = pos.total;
  setReplayed(pos);
  placeBoard(pos.svg);
  renderReplayControls(pos);
  renderMapPanel();
  renderPlayers();
  renderGoods();
  renderLog();
  document.title = `Replay — ${mapTitle()}`;
}

export function replayStep(delta) {
  if (R.index + delta < 0 || R.index + delta > R.total) return;
  replayTo(R.index + delta);
}

export function replayPlay() {
  if (R.timer) { clearInterval(R.timer); R.timer = null; renderReplayControls(); return; }
  if (R.index >= R.total) R.index = 0;
  R.timer = setInterval(() => {
    if (R.index >= R.total) { clearInterval(R.timer); R.timer = null; renderReplayControls(); return; }
    replayTo(R.index + 1);
  }, 700);
  renderReplayControls();
}

export function renderReplayControls(pos) {
  const el = document.getElementById("replay-controls");
  const banner = document.getElementById("banner");
  if (!el || !S.view) return;
  const v = S.view;
  const when = v.turn ? `Turn ${v.turn}${v.last_turn ? ` of ${v.last_turn}` : ""} · ${v.over ? "Game over" : v.phase_title}` : "Setup";
  if (banner) setKids(banner, h("div", { class: "banner-main" }, h("span", { class: "map-name" }, mapTitle()),
    h("span", { class: "phase-line", id: "phase-line" }, `Replay · ${when}`)));
  const last = pos && pos.action ? pos.log.slice(-1)[0] : null;
  const slider = h("input", { type: "range", min: 0, max: R.total, value: R.index, id: "replay-slider", "aria-label": "position",
    onchange: (e) => replayTo(Number(e.target.value)) });
  const btn = (id, label, title, fn, off) => h("button", { type: "button", class: "btn", id, title, "aria-label": title, disabled: off, onclick: fn }, label);
  setKids(el, h("h2", {}, "Replay"),
    h("p", { class: "replay-where", id: "replay-where" }, `Action ${R.index} of ${R.total}`),
    h("div", { class: "button-row replay-buttons" },
      btn("replay-first", "|◀", "the start", () => replayTo(0), R.index === 0),
      btn("replay-back", "◀", "one action back (←)", () => replayStep(-1), R.index === 0),
      btn("replay-play", R.timer ? "Pause" : "Play", R.timer ? "pause" : "play through", replayPlay, false),
      btn("replay-next", "▶", "one action on (→)", () => replayStep(1), R.index >= R.total),
      btn("replay-last", "▶|", "the end", () => replayTo(R.total), R.index >= R.total)),
    slider,
    last ? h("p", { class: "muted", id: "replay-last-line" }, last) : null);
}
