"""A live game: a game kept in memory with its stored facts, its viewers' queues, what was worked out for its
position, and the undo asked for online; and the plain facts read off it (status, the seats as everyone sees
them, the seats' hand-overs in the log, the words of what an undo takes back)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ageofsteam.bots import LEVEL_TITLES
from ageofsteam.engine.actions import CHANCE, parse_action
from ageofsteam.engine.game import Game
from ageofsteam.engine.history import history
from ageofsteam.engine.record import Record
from ageofsteam.server.decisions import decisions
from ageofsteam.server.store import StoredGame
from ageofsteam.words.choices import action_words

if TYPE_CHECKING:
    from fastapi import WebSocket


@dataclass
class UndoRequest:
    """A player's request to take back a decision others have answered: who asked, the record length it takes
    the game back to, the position it was asked at, the human seats that must accept, those that have."""

    seat: int
    to_index: int
    index: int
    needs: set[int]
    words: list[str]
    accepted: set[int] = field(default_factory=set)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "to_index": self.to_index,
            "index": self.index,
            "needs": sorted(self.needs),
            "words": self.words,
            "accepted": sorted(self.accepted),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> UndoRequest | None:
        if not data:
            return None
        return cls(
            data["seat"], data["to_index"], data["index"], set(data["needs"]), data["words"], set(data["accepted"])
        )


@dataclass
class LiveGame:
    """One game in memory. Read and changed only under ``lock``."""

    meta: StoredGame
    game: Game
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    viewers: dict[WebSocket, asyncio.Queue[str | None]] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    legal_cache: tuple[int, dict[str, Any]] | None = None
    svg_cache: dict[tuple[Any, ...], str] = field(default_factory=dict)
    undos: int = 0  # undos so far: a bot's answer worked out before one is never played after it
    history_cache: tuple[int, int, dict[str, Any]] | None = None  # (index, undos, the figures turn by turn)
    undo_request: UndoRequest | None = None  # an undo asked for online, waiting for the others' answers
    moved_at: float = field(default_factory=time.time)  # when the game last changed (for idle seats)
    last_to_move: int | None = None  # the seat to move after the last change (a turn mail goes when it changes)

    @classmethod
    def kept(cls, stored: StoredGame, game: Game) -> LiveGame:
        """``game``, replayed from ``stored``, as a live game (the undo asked for as stored)."""
        live = cls(stored, game, moved_at=float(stored.summary.get("moved_at") or time.time()))
        live.undo_request = UndoRequest.from_json(stored.undo_request)
        return live

    @property
    def index(self) -> int:
        return len(self.game.record.actions)

    def bot_to_move(self) -> int | None:
        seat = self.game.to_move
        if seat is None or seat == CHANCE or self.game.over:
            return None
        return seat if self.meta.seats[seat].get("bot") else None

    def status(self) -> str:
        return game_status(self.game, self.meta.seats)

    def summary(self) -> dict[str, Any]:
        g = self.game.state
        to_move = g.to_move if g.to_move is not None and g.to_move != CHANCE else None
        return {"turn": g.turn, "phase": g.phase, "to_move": to_move, "index": self.index, "moved_at": self.moved_at}

    def history(self) -> dict[str, Any]:
        """Each player's figures turn by turn (``engine/history.py``), worked out once per position."""
        key = (self.index, self.undos)
        if self.history_cache is None or self.history_cache[:2] != key:
            self.history_cache = (*key, history(self.game.record))
        return self.history_cache[2]

    def legal(self) -> dict[str, Any]:
        if self.legal_cache is None or self.legal_cache[0] != self.index:
            self.legal_cache = (self.index, decisions(self.game, self.index))
        return self.legal_cache[1]

    def forget_position(self) -> None:
        """The game changed: what was worked out for the old position goes."""
        self.svg_cache.clear()
        self.legal_cache = None

    def bot_seats(self) -> set[int]:
        return {i for i, s in enumerate(self.meta.seats) if s.get("bot")}

    def takeback_points(self, seats: list[int]) -> list[int]:
        """Where an undo by the player of ``seats`` may take the record back to, latest first (one point per
        decision of its seats): over its own actions and the bots' answers to them, never past a dice roll, a
        draw or the action of a human it does not play."""
        return self.game.takeback_points(set(seats), self.bot_seats())

    def undo_to_ask(self, seats: list[int]) -> tuple[int, set[int]] | None:
        """The decision the player of ``seats`` may ask to take back, and the human seats that must accept it."""
        found = self.game.last_decision(set(seats))
        if found is None:
            return None
        point, others = found
        return point, others - self.bot_seats() - set(seats)

    def request_json(self) -> dict[str, Any] | None:
        """The undo request waiting for answers (None once the game moved on)."""
        r = self.undo_request
        if r is None or r.index != self.index:
            return None
        names = self.meta.seats
        return {
            "seat": r.seat,
            "by": names[r.seat]["name"],
            "undone": r.words,
            "needs": sorted(r.needs),
            "waiting_for": [names[s]["name"] for s in sorted(r.needs - r.accepted)],
            "accepted": sorted(r.accepted),
        }


def game_status(game: Game, seats: list[dict[str, Any]]) -> str:
    """``over``, ``open`` (a human seat has not joined yet) or ``running``."""
    if game.over:
        return "over"
    if any(not s.get("bot") and not s.get("joined") for s in seats):
        return "open"
    return "running"


def bot_turn(game: Game, seats: list[dict[str, Any]]) -> bool:
    """Whether a bot is to move in ``game`` played by ``seats``."""
    seat = game.to_move
    return isinstance(seat, int) and 0 <= seat < len(seats) and not game.over and bool(seats[seat].get("bot"))


def public_seats(meta: StoredGame) -> list[dict[str, Any]]:
    return [
        {
            "seat": i,
            "name": s["name"],
            "colour": s["colour"],
            "bot": s.get("bot"),
            "bot_title": LEVEL_TITLES.get(s["bot"], s["bot"]) if s.get("bot") else None,
            "joined": bool(s.get("joined")),
            "idle_hours": s.get("idle_hours"),  # a bot takes over the seat when it has been to move this long
        }
        for i, s in enumerate(meta.seats)
    ]


def seat_notes(seats: list[dict[str, Any]]) -> list[tuple[int, str]]:
    """The seats' hand-overs said in the log, in order: (the log's length then, text)."""
    return sorted((n["at"], n["text"]) for s in seats for n in s.get("notes", []))


def insert_seat_notes(game: Game, seats: list[dict[str, Any]]) -> None:
    """Put the seats' hand-overs back into a replayed game's log, where they were said; those past the log's
    end (an undo took the game back before them) are left out."""
    log = game.state.log
    for at, text in seat_notes(seats):
        if at <= len(log):
            log.insert(at, text)


def undone_words(before: Record, undone: list[dict[str, Any]], seats: set[int]) -> list[str]:
    """The actions of ``seats`` an undo took back (not the bots' answers), in player words (``bid $4``), each as
    it read when it was taken."""
    probe = Game.from_record(before)
    out = []
    for data in undone:
        action = parse_action(data)
        if action.actor in seats:
            out.append(action_words(probe, action))
        probe.apply(action)
    return out


def bot_seed(live: LiveGame, purpose: str = "bot") -> str:
    """The seed of the random generator of a bot deciding (``purpose`` "bot") or hinting ("hint") at the game's
    current position: from the game's secret chance seed (its visible seed in a game created with one)."""
    return f"{live.game.record.chance_key}/{purpose}/{live.index}"
