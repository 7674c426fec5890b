"""Fault benchmark: two ``aos serve`` processes on one PostgreSQL database under load, then faults.

On loopback, in a fresh schema of the database ``--database-url`` (default: ``$AOS_TEST_DATABASE_URL``):

1. ``--games`` games (100) of Rust Belt, three seats each, the last seat a random bot in every other game; the
   humans of each game are played by a client (the host link, a random legal action after ``--think`` seconds
   on average) through one process, and the game is watched over a WebSocket on the other process, so every
   action travels from one process to the other (PostgreSQL ``NOTIFY``);
2. after ``--phase`` seconds, ``kill -9`` of one process (restarted a second later, as a supervisor would);
   its clients turn to the other process, as a reverse proxy would;
3. after ``--phase`` seconds more, a restart of PostgreSQL (``--pg-restart``, default
   ``pg_ctlcluster 15 main restart``);
4. ``--phase`` seconds more, then the clients stop and every record is read from the database.

It prints: actions acknowledged (answered 200), actions lost (acknowledged but not in the stored record at
their place; target 0), records that fail to replay (target 0), the time until every client is live again
after each fault (for each client cut off by it — a failed request, a lost WebSocket — the time from the fault
to its next answer or WebSocket hello), the time from submitting an action to the viewer on the other process
having it (median, p99) before the faults (after a warm-up of 3 s) and after them (once every client is live
again), and the CPU the servers and the clients used.

Run: ``make bench-faults`` (or ``python benchmarks/faults.py [--games 100] [--phase 8] [--think 1.0]
[--database-url URL] [--pg-restart COMMAND] [--server-log FILE]``). Bounded: ``--games`` games, about
``3 × --phase`` seconds plus the start-up and the restarts (some 40 s in all).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import websockets

from ageofsteam.bots import RandomBot
from ageofsteam.engine.actions import parse_action
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record
from ageofsteam.server.store import Store, fresh_schema
from web import cpu_seconds, free_port  # benchmarks/web.py (this script's folder is on the path)

WARM_UP = 3.0  # seconds at the start (every client reading its game at once) left out of the figures
LEASE_SECONDS = "2"  # the servers' bot lease: a killed process's bots move again within about this long


STARTED = time.monotonic()


def say(what: str) -> None:
    """A line of progress (on stderr, with the seconds since the start)."""
    print(f"[{time.monotonic() - STARTED:5.1f} s] {what}", file=sys.stderr, flush=True)


class Server:
    """One ``aos serve`` process at a fixed port (it can be killed and started again)."""

    def __init__(self, url: str, log: Any) -> None:
        self.url = url
        self.port = free_port()
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None
        self.cpu = 0.0  # CPU seconds of the processes killed so far (their worker processes not counted)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        aos = str(Path(sys.executable).parent / "aos")
        cmd = [aos, "serve", "--port", str(self.port), "--database-url", self.url, "--games-per-minute", "0"]
        self.proc = subprocess.Popen([*cmd, "--lease-seconds", LEASE_SECONDS], stdout=self.log, stderr=self.log)
        for _ in range(300):
            with suppress(httpx2.TransportError):
                if httpx2.get(f"{self.base}/api/health", timeout=1).status_code == 200:
                    return
            if self.proc.poll() is not None:
                raise SystemExit(f"the server on port {self.port} stopped at start")
            time.sleep(0.1)
        raise SystemExit("the server did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.cpu += cpu_seconds(self.proc.pid)
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


@dataclass
class Stats:
    acknowledged: list[tuple[str, int, dict[str, Any]]] = field(default_factory=list)  # (game, index, action)
    sent: dict[tuple[str, int], float] = field(default_factory=dict)  # (game, index) → when it was submitted
    latencies: list[tuple[float, float]] = field(default_factory=list)  # (when submitted, seconds to the viewer)
    answers: dict[str, int] = field(default_factory=dict)  # refusals and failures by kind
    events: dict[str, list[tuple[float, bool]]] = field(default_factory=dict)  # client → (when, ok) in order

    def count(self, kind: str) -> None:
        self.answers[kind] = self.answers.get(kind, 0) + 1

    def alive(self, client: str, ok: bool = True) -> None:
        """``client`` got an answer (``ok``), or lost its connection or got a failure (not ``ok``)."""
        self.events.setdefault(client, []).append((time.monotonic(), ok))

    def back_after(self, client: str, start: float, end: float) -> float | None:
        """Seconds from ``start`` until ``client`` was live again, if it failed in [start, end): 0 if it never
        failed then; None if it never came back."""
        seen = self.events.get(client, [])
        failed = next((t for t, ok in seen if start <= t < end and not ok), None)
        if failed is None:
            return 0.0
        return next((t - start for t, ok in seen if t > failed and ok), None)


class GameClient:
    """The humans of one game (acting through one process) and a viewer of it (on the other)."""

    def __init__(self, gid: str, host: str, servers: list[Server], first: int, think: float, stats: Stats) -> None:
        self.gid, self.host = gid, host
        self.servers = servers
        self.player_at, self.viewer_at = first, 1 - first  # which server each uses now
        self.think, self.stats = think, stats
        self.rng = random.Random(gid)
        self.game: Game | None = None
        self.changed = asyncio.Event()
        self.over = False  # the game ended
        self.stopped = False  # the benchmark ended

    def absorb(self, entries: list[dict[str, Any]]) -> None:
        """Play the actions the server told of on the local game (those it has not yet)."""
        game = self.game
        if game is None:
            return
        for entry in entries:
            n = len(game.record.actions)
            if entry["index"] < n:
                continue
            if entry["index"] > n:
                self.game = None  # a gap: read the record again
                return
            action = parse_action(entry["action"])
            try:
                game.supply_chance(action) if action.is_chance else game.apply(action)
            except Exception:
                self.game = None
                return

    def follows(self, msg: dict[str, Any]) -> bool:
        """Whether the local game is where ``msg`` (a hello or an undo) says the game is."""
        return msg["type"] == "hello" and self.game is not None and msg["index"] == len(self.game.record.actions)

    async def sync(self, http: httpx2.AsyncClient) -> None:
        base = self.servers[self.player_at].base
        r = await http.get(f"{base}/api/games/{self.gid}/record")
        r.raise_for_status()
        self.game = Game.from_record(Record.model_validate(r.json()), auto_chance=False)
        self.stats.alive(f"player {self.gid}")

    async def play(self, http: httpx2.AsyncClient) -> None:
        bot, humans = RandomBot(), None
        while not self.over and not self.stopped:
            try:
                if self.game is None:
                    await self.sync(http)
                game = self.game
                assert game is not None
                humans = humans or {i for i, s in enumerate(game.record.seats) if not s.bot}
                if game.over:
                    self.over = True
                    return
                if game.to_move not in humans:  # a bot's move: wait to be told of it
                    self.changed.clear()
                    try:
                        async with asyncio.timeout(1.0):
                            await self.changed.wait()
                    except TimeoutError:
                        if self.game is game:
                            self.game = None  # nothing heard for a second: read the record again
                    continue
                await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                if self.game is not game or game.to_move not in humans:
                    continue
                action = bot.choose(game, self.rng).to_json()
                index = len(game.record.actions)
                self.stats.sent[(self.gid, index)] = time.monotonic()
                r = await http.post(
                    f"{self.servers[self.player_at].base}/api/games/{self.gid}/actions",
                    json={"index": index, "action": action},
                    headers={"X-Seat-Token": self.host},
                )
                if r.status_code == 200:
                    applied = r.json()["applied"]
                    self.stats.acknowledged.append((self.gid, index, applied[0]["action"]))
                    self.stats.alive(f"player {self.gid}")
                    self.absorb(applied)
                    continue
                self.stats.sent.pop((self.gid, index), None)
                code = r.json().get("code") if r.status_code < 500 else None
                self.stats.count(code or str(r.status_code))
                self.game = None
                if r.status_code >= 500:
                    self.stats.alive(f"player {self.gid}", False)
                    await asyncio.sleep(0.2)
            except (httpx2.TransportError, httpx2.HTTPStatusError):
                self.stats.count("connection")
                self.stats.alive(f"player {self.gid}", False)
                self.player_at = 1 - self.player_at  # as a reverse proxy would, try the other process
                self.game = None
                await asyncio.sleep(0.1)

    async def watch(self) -> None:
        while not self.over and not self.stopped:
            try:
                url = f"ws://127.0.0.1:{self.servers[self.viewer_at].port}/api/games/{self.gid}/ws"
                async with websockets.connect(url, open_timeout=3) as ws:
                    async for raw in ws:
                        now = time.monotonic()
                        msg = json.loads(raw)
                        if msg["type"] == "hello":
                            self.stats.alive(f"viewer {self.gid}")
                        if msg["type"] == "update":
                            for entry in msg["actions"]:
                                sent = self.stats.sent.pop((self.gid, entry["index"]), None)
                                if sent is not None:
                                    self.stats.latencies.append((sent, now - sent))
                            self.absorb(msg["actions"])
                        elif msg["type"] in ("undo", "hello") and self.game is not None and not self.follows(msg):
                            self.game = None  # read the record again
                        self.changed.set()
            except (OSError, TimeoutError, websockets.exceptions.WebSocketException):
                pass
            self.stats.count("viewer reconnect")
            self.stats.alive(f"viewer {self.gid}", False)
            await asyncio.sleep(0.2)
            self.viewer_at = 1 - self.viewer_at  # as a reverse proxy would, try the other process


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


def spread(samples: list[float]) -> str:
    if not samples:
        return "no samples"
    ms = [s * 1000 for s in samples]
    return f"median {statistics.median(ms):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms ({len(ms)} actions)"


def stored_record(store: Store, gid: str) -> tuple[Record | None, str | None]:
    """The record of ``gid`` as the database holds it, and why it cannot be replayed (None if it can)."""
    stored = store.load(gid)
    if stored is None:
        return None, "missing"
    record = stored.record()
    try:
        Game.from_record(record)
    except Exception as exc:
        return record, str(exc)
    return record, None


async def run(args: argparse.Namespace, servers: list[Server]) -> tuple[Stats, list[GameClient], dict[str, Any]]:
    stats = Stats()
    async with httpx2.AsyncClient(timeout=10, limits=httpx2.Limits(max_connections=400)) as http:
        clients = []
        for i in range(args.games):
            seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy", "bot": "random" if i % 2 == 0 else None}]
            body = {"map": "rust-belt", "players": 3, "seats": seats, "hot_seat": True}
            r = await http.post(f"{servers[i % 2].base}/api/games", json=body)
            r.raise_for_status()
            d = r.json()
            clients.append(GameClient(d["id"], d["host_token"], servers, i % 2, args.think, stats))
        say(f"{len(clients)} games created")
        tasks = [asyncio.create_task(c.play(http)) for c in clients]
        tasks += [asyncio.create_task(c.watch()) for c in clients]
        marks: dict[str, Any] = {}

        async def fault(name: str, act: Any) -> None:
            say(name)
            marks[f"{name} at"] = time.monotonic()
            await act()
            await asyncio.sleep(args.phase)
            marks[f"{name} end"] = time.monotonic()

        async def kill() -> None:
            servers[0].kill()
            await asyncio.sleep(1.0)
            await asyncio.to_thread(servers[0].start)

        async def restart_database() -> None:
            t = time.monotonic()
            done = await asyncio.to_thread(subprocess.run, shlex.split(args.pg_restart), capture_output=True)
            if done.returncode != 0:
                raise SystemExit(f"{args.pg_restart!r} failed: {done.stderr.decode(errors='replace').strip()}")
            marks["database restart seconds"] = time.monotonic() - t

        marks["warm"] = time.monotonic() + min(WARM_UP, args.phase / 2)
        await asyncio.sleep(args.phase)
        await fault("kill -9", kill)
        if args.pg_restart:
            await fault("database restart", restart_database)
        say("play over")
        for c in clients:
            c.stopped = True  # (a task that missed its cancellation stops at its next turn)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        say("clients stopped")
    return stats, clients, marks


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--database-url", default=os.environ.get("AOS_TEST_DATABASE_URL", ""))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--phase", type=float, default=8.0, help="seconds of play before, between and after the faults")
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds a player thinks before acting")
    ap.add_argument("--pg-restart", default="pg_ctlcluster 15 main restart", help="command restarting PostgreSQL")
    ap.add_argument("--server-log", type=Path, help="keep the servers' output in this file")
    args = ap.parse_args()
    if not args.database_url.startswith("postgresql"):
        raise SystemExit("a PostgreSQL database is needed: --database-url or AOS_TEST_DATABASE_URL")
    with ExitStack() as stack:
        url = stack.enter_context(fresh_schema(args.database_url, "aos_faults", drop_tries=50))
        if args.server_log:
            log = stack.enter_context(args.server_log.open("wb"))
        else:
            log = stack.enter_context(tempfile.TemporaryFile())
        servers = [Server(url, log), Server(url, log)]
        try:
            for s in servers:
                s.start()
            say("two servers started")
            stats, clients, marks = asyncio.run(run(args, servers))
        finally:
            for s in servers:
                s.kill()
        store = Store(url)
        try:
            records = {c.gid: stored_record(store, c.gid) for c in clients}
        finally:
            store.close()
        say("records read from the database")
    say("schema dropped")
    lost = 0
    for gid, index, action in stats.acknowledged:
        record = records[gid][0]
        if record is None or len(record.actions) <= index or record.actions[index] != action:
            lost += 1
    broken = [(gid, why) for gid, (_, why) in records.items() if why is not None]
    first_fault = marks["kill -9 at"]
    playing = [c for c in clients if not c.over]
    print(f"games: {len(clients)} (two processes on one PostgreSQL; {len(playing)} still in play at the end)")
    print(f"actions acknowledged: {len(stats.acknowledged)}")
    print(f"actions lost: {lost}")
    print(f"records that fail to replay: {len(broken)}" + "".join(f"\n  {g}: {why}" for g, why in broken[:5]))
    recovered = first_fault
    for name in ("kill -9", "database restart"):
        if f"{name} at" not in marks:
            continue
        start, end = marks[f"{name} at"], marks[f"{name} end"]
        clients_now = [f"{kind} {c.gid}" for c in playing for kind in ("player", "viewer")]
        back = [stats.back_after(k, start, end) for k in clients_now]
        hit = [b for b in back if b is not None and b > 0]
        never = sum(1 for b in back if b is None)
        worst = max(hit, default=0.0)
        recovered = start + worst
        restart = f"; PostgreSQL took {marks['database restart seconds']:.1f} s" if name == "database restart" else ""
        print(
            f"{name}: every client live again after {worst:.1f} s ({len(hit)} of {len(back)} clients were cut off, "
            f"half of them back within {statistics.median(hit) if hit else 0:.1f} s{restart})"
            + (f"; {never} clients never live again" if never else "")
        )
    before = [d for t, d in stats.latencies if marks["warm"] < t < first_fault]
    after = [d for t, d in stats.latencies if t > recovered]
    print(f"action to the viewer on the other process, before the faults: {spread(before)}")
    print(f"action to the viewer on the other process, after the faults: {spread(after)}")
    client_cpu = time.process_time()
    server_cpu = sum(s.cpu for s in servers)
    print(f"CPU: the two servers {server_cpu:.0f} s, the clients {client_cpu:.0f} s (on {os.cpu_count()} cores)")
    seen = ", ".join(f"{kind} {n}" for kind, n in sorted(stats.answers.items()))
    print(f"refusals and failures seen by the clients: {seen}")


if __name__ == "__main__":
    main()
