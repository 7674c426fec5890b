"""A game: its record and the state replayed from it. This is the public face of the engine.

Chance events are resolved as soon as they are due: from the record when it supplies them (a replay, an
imported game, a test), otherwise from a random generator seeded by the record's seed and the action's
index, so the same record gives the same game on every machine.
"""

from __future__ import annotations

import copy
import random
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ageofsteam.engine.actions import CHANCE, Action, parse_action
from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.engine.record import Record, Seat
from ageofsteam.engine.scenario import Scenario, apply_scenario
from ageofsteam.engine.state import GameState


def _rules_for(map_id: str, map_file: str | None = None) -> Any:
    """The rules of a bundled map, or the base rules on the board of a map file's text."""
    from ageofsteam.maps import rules_for

    return rules_for(map_id, map_file)


def _version_refusal(rules: Any, version: int) -> str | None:
    """Why a record made under ``version`` of a map's rules cannot be replayed, in words; None when it can: every
    version a map has had replays (its ``RULES_VERSION`` and its ``REPLAYS_VERSIONS``), under its own rules."""
    if version == rules.RULES_VERSION or version in rules.REPLAYS_VERSIONS:
        return None
    head = f"the game was recorded under version {version} of the {rules.map.name} rules; this engine plays version"
    if version > rules.RULES_VERSION:
        return (
            f"{head} {rules.RULES_VERSION}, and replays the earlier ones, but not a newer one: it needs a newer engine"
        )
    if version < 1:
        return f"{head} {rules.RULES_VERSION}: rules versions start at 1, so the record is damaged"
    return f"{head} {rules.RULES_VERSION} and no longer knows version {version} (the map's README lists what changed)"


class Game:
    """A game in progress. Build one with :meth:`new` or :meth:`from_record`."""

    def __init__(self, record: Record, state: GameState, auto_chance: bool = True) -> None:
        self.record = record
        self.state = state
        self.auto_chance = auto_chance  # draw chance outcomes as they fall due; else wait for supply_chance
        # parsed from a deep copy: the position is played on, while the record's scenario must stay as saved
        self._scenario: Scenario | None = Scenario.parse(copy.deepcopy(record.scenario)) if record.scenario else None

    # --- creation ------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        map_id: str = "rust-belt",
        players: int | None = None,
        *,
        seats: list[Seat] | None = None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        secret: bool = False,
        map_file: str | None = None,
    ) -> Game:
        """A new game; setup chance (cubes, player order) is drawn at once. ``secret``: chance comes from a
        128-bit secret kept in the record (``Record.public`` leaves it out) instead of a visible seed.
        ``map_file``: the text of a map file to play with the base rules instead of the bundled map ``map_id``
        (the record keeps it, and the map's own id)."""
        rules = _rules_for(map_id, map_file)
        if map_file is not None:
            map_id = rules.map.id
        if seats is None:
            n = players if players is not None else rules.player_counts()[0]
            colours = rules.PLAYER_COLOURS
            if n > len(colours):
                raise BadInput(f"at most {len(colours)} players")
            seats = [Seat(name=f"Player {i + 1}", colour=colours[i]) for i in range(n)]
        if secret and seed is not None:
            raise BadInput("a game with a secret seed cannot also have a chosen seed")
        if seed is None:
            seed = 0 if secret else random.SystemRandom().randrange(2**31)
        record = Record(
            map=map_id,
            map_file=map_file,
            options=options or {},
            seats=seats,
            seed=seed,
            secret=secrets.token_hex(16) if secret else None,
            rules_version=rules.RULES_VERSION,
        )
        game = cls(record, rules.new_state([(s.name, s.colour) for s in seats], record.options))
        game.record.options = dict(game.state.options)
        game._resolve_chance()
        return game

    @classmethod
    def from_scenario(cls, scenario: Scenario | str | Path, *, auto_chance: bool = True) -> Game:
        """A game starting from a scenario (a Scenario, its TOML text, or a path to a .toml file)."""
        if isinstance(scenario, Path) or (isinstance(scenario, str) and scenario.endswith(".toml")):
            scenario = Scenario.load(scenario)
        elif isinstance(scenario, str):
            scenario = Scenario.loads(scenario)
        rules = _rules_for(scenario.map)
        colours = rules.PLAYER_COLOURS
        seats = [Seat(name=f"Player {i + 1}", colour=colours[i % len(colours)]) for i in range(scenario.players)]
        for spec in scenario.player:
            if spec.name and spec.seat < len(seats):
                seats[spec.seat] = Seat(name=spec.name, colour=seats[spec.seat].colour)
        record = Record(
            map=scenario.map,
            options=copy.deepcopy(scenario.options),
            seats=seats,
            seed=scenario.seed,
            rules_version=rules.RULES_VERSION,
            scenario=scenario.model_dump(mode="json", exclude_defaults=True),
        )
        state = rules.new_state([(s.name, s.colour) for s in seats], record.options)
        game = cls(record, state)
        game._resolve_chance(setup_only=True)  # the setup draws; the scenario is applied as setup ends
        game.auto_chance = auto_chance
        game._resolve_chance()
        return game

    @classmethod
    def from_record(cls, record: Record, *, auto_chance: bool = True) -> Game:
        """Replay a record, checking every action; raises IllegalAction/BadInput at the first bad one.

        With ``auto_chance`` false, a chance event due at the end is left for :meth:`supply_chance`."""
        game = cls._replayer(record)
        for _ in cls._replay(game, record.actions):
            pass
        game.auto_chance = auto_chance
        game._resolve_chance()
        return game

    @classmethod
    def positions(cls, record: Record) -> Iterator[Game]:
        """Replay a record position by position: the same game is yielded before the first action and after
        each one (read it before asking for the next; copy its state to keep one)."""
        game = cls._replayer(record)
        yield game
        yield from cls._replay(game, record.actions)

    @classmethod
    def _replayer(cls, record: Record) -> Game:
        """The game at the start of ``record``, with none of its actions."""
        rules = _rules_for(record.map, record.map_file)
        refusal = _version_refusal(rules, record.rules_version)
        if refusal is not None:
            raise BadInput(refusal)
        state = rules.new_state([(s.name, s.colour) for s in record.seats], record.options)
        state.rules_version = record.rules_version
        return cls(record.model_copy(update={"actions": []}), state)

    @staticmethod
    def _replay(game: Game, actions: list[dict[str, Any]]) -> Iterator[Game]:
        for i, data in enumerate(actions):
            try:
                game._apply(parse_action(data))
            except (IllegalAction, BadInput) as exc:
                raise type(exc)(f"action {i + 1} ({data.get('kind', '?')}): {exc}") from None
            yield game

    @classmethod
    def load(cls, path: str | Path) -> Game:
        """Replay the record stored at ``path``."""
        return cls.from_record(Record.load(path))

    def save(self, path: str | Path) -> None:
        """Store the record at ``path`` (atomically)."""
        self.record.save(path)

    # --- queries -------------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat to decide now; None when the game is over."""
        return self.state.to_move

    @property
    def over(self) -> bool:
        return self.state.over

    def legal_actions(self) -> list[Action]:
        """Every legal decision of the player to move."""
        return self.state.rules.legal_actions(self.state)

    def chance_outcomes(self) -> list[tuple[Action, float]] | None:
        """The outcomes of the chance event due now (dice, a draw, the player order) with their probabilities,
        summing to 1; None for the setup draw, whose outcomes are too many to list. Raises IllegalAction when
        no chance event is due (a game with ``auto_chance`` resolves each at once)."""
        return self.state.rules.chance_outcomes(self.state)

    def check(self, action: Action | dict[str, Any]) -> Action:
        """Raise IllegalAction/BadInput if ``action`` may not be taken now; return it parsed."""
        a = action if isinstance(action, Action) else parse_action(action)
        self.state.rules.check(self.state, a)
        return a

    # --- changes -------------------------------------------------------------------------------

    def apply(self, action: Action | dict[str, Any]) -> None:
        """Take ``action`` (an Action or its JSON) for the player to move, then resolve any chance."""
        a = action if isinstance(action, Action) else parse_action(action)
        if a.is_chance:
            raise IllegalAction("chance outcomes are drawn by the game, not chosen")
        self._apply(a)
        self._resolve_chance()

    def supply_chance(self, action: Action | dict[str, Any]) -> None:
        """Give the outcome of the chance event that is due (dice, bag draw) instead of drawing it."""
        a = action if isinstance(action, Action) else parse_action(action)
        if not a.is_chance:
            raise IllegalAction(f"'{a.kind}' is a player's action, not a chance outcome")
        self._apply(a)
        self._resolve_chance()

    def _apply(self, a: Action) -> None:
        self.state.rules.apply(self.state, a)
        self.record.actions.append(a.to_json())
        if self._scenario is not None and self.state.phase != "setup":
            apply_scenario(self.state, self._scenario)
            self._scenario = None

    def _resolve_chance(self, setup_only: bool = False) -> None:
        g = self.state
        while self.auto_chance and g.to_move == CHANCE and not g.over and not (setup_only and g.phase != "setup"):
            rng = random.Random(f"{self.record.chance_key}/{len(self.record.actions)}")
            self._apply(g.rules.sample_chance(g, rng))

    def undoable(self, seat: int | None = None) -> int:
        """How many of the last actions can be undone: player actions since the last chance event
        (only ``seat``'s own, if given)."""
        mine = set(range(len(self.record.seats))) if seat is None else {seat}
        return len(self.takeback_points(mine, set()))

    def takeback_points(self, mine: set[int], answered_by: set[int]) -> list[int]:
        """Where an undo of the decisions of the seats ``mine`` may take the record back to, latest first: the
        index of each of their actions, reached going back over their own actions and the answers of the seats
        ``answered_by`` (bots, which play again), never past a chance event or another seat's action."""
        out = []
        for i in range(len(self.record.actions) - 1, -1, -1):
            a = parse_action(self.record.actions[i])
            if a.is_chance:
                break
            if a.actor in mine:
                out.append(i)
            elif a.actor not in answered_by:
                break
        return out

    def last_decision(self, mine: set[int]) -> tuple[int, set[int]] | None:
        """The latest action of the seats ``mine`` since the last chance event, as (its index, the other seats
        that acted after it); None if they have none since then. What an undo others must accept takes back."""
        others: set[int] = set()
        for i in range(len(self.record.actions) - 1, -1, -1):
            a = parse_action(self.record.actions[i])
            if a.is_chance:
                return None
            if a.actor in mine:
                return i, others
            if a.actor is not None:
                others.add(a.actor)
        return None

    def undo(self, count: int = 1, seat: int | None = None) -> None:
        """Take back the last ``count`` actions (never past a chance event)."""
        if count < 1:
            raise BadInput("undo needs a count of at least 1")
        if count > self.undoable(seat):
            raise IllegalAction(
                "nothing more can be undone: undo stops at the last dice roll or draw"
                + (" and at another player's action" if seat is not None else "")
            )
        record = self.record.model_copy(update={"actions": self.record.actions[:-count]})
        replayed = Game.from_record(record)
        self.record, self.state = replayed.record, replayed.state

    def replay(self) -> Game:
        """A fresh replay of this game's record (to verify it)."""
        return Game.from_record(self.record)
