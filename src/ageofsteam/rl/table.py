"""A game as the environments play it: the engine's state, the decision of the player to move as a tree of
indices (listed when first asked for), the steps taken of a decision under way, chance drawn from the
environment's seed, and the rewards."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from ageofsteam.engine.actions import CHANCE, Action
from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.engine.game import Game
from ageofsteam.engine.state import GameState
from ageofsteam.maps import load_board, load_rules
from ageofsteam.rl.encoding import ActionCodec, Decision, Node
from ageofsteam.rl.observation import ObservationLayout

REWARDS = ("rank", "score")


@dataclass(frozen=True, slots=True)
class Spaces:
    """The fixed action encoding and observation layout of one map (with its options)."""

    codec: ActionCodec
    layout: ObservationLayout


def spaces(map_id: str, options: dict[str, Any] | None = None) -> Spaces:
    """The spaces of ``map_id``; BadInput for an unknown map or option."""
    load_board(map_id)
    return _spaces(map_id, json.dumps(options or {}, sort_keys=True))


@cache
def _spaces(map_id: str, options: str) -> Spaces:
    rules = load_rules(map_id)
    lo = rules.player_counts()[0]
    seats = [(f"Player {i + 1}", rules.PLAYER_COLOURS[i]) for i in range(lo)]
    g = rules.new_state(seats, json.loads(options))
    codec = ActionCodec(rules, g)
    return Spaces(codec, ObservationLayout(rules, g, codec))


def check_players(map_id: str, players: int | None) -> int:
    """The player count to play ``map_id`` with (its smallest when None); BadInput outside the map's range."""
    lo, hi = load_rules(map_id).player_counts()
    n = lo if players is None else players
    if not isinstance(n, int) or not lo <= n <= hi:
        raise BadInput(f"{map_id} is for {lo}–{hi} players, not {players!r}")
    return n


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise BadInput(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return reward


class Table:
    """One game in progress. ``explicit_chance``: chance events wait for :meth:`chance` (OpenSpiel) instead of
    being drawn at once from the seed; the setup draw and the first player order always come from the seed."""

    def __init__(
        self,
        map_id: str,
        players: int | None = None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        explicit_chance: bool = False,
    ) -> None:
        self.spaces = spaces(map_id, options)
        self.codec = self.spaces.codec
        n = check_players(map_id, players)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        self.seed = seed
        self.game = Game.new(map_id, players=n, seed=seed, options=options)  # what bots read; never applied to
        self.state: GameState = self.game.state
        self.rng = random.Random(f"rl/{seed}")
        self.explicit_chance = explicit_chance
        self.under_way: list[Node] = []
        self.played: list[Action] = []  # the players' actions so far (chance is drawn again from the seed)
        self._decision: Decision | None = None
        self._outcomes: list[tuple[Action, float]] | None = None
        self._resolve()

    def copy(self) -> Table:
        """An independent copy of this table (for search): the game's state copied, the spaces, the decision
        tree and the steps under way shared (never changed in place), the chance generator's state copied."""
        out = Table.__new__(Table)
        out.spaces, out.codec, out.seed = self.spaces, self.codec, self.seed
        out.state = self.state.copy()
        out.game = Game(self.game.record, out.state)
        out.rng = random.Random()
        out.rng.setstate(self.rng.getstate())
        out.explicit_chance = self.explicit_chance
        out.under_way = self.under_way[:]
        out.played = self.played[:]
        out._decision, out._outcomes = self._decision, self._outcomes
        return out

    # --- reading -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def to_move(self) -> int | None:
        """The seat to decide, CHANCE while a chance event waits (explicit chance only), None at the end."""
        return self.state.to_move

    @property
    def decision(self) -> Decision:
        """The legal actions of the player to move as a tree of indices (empty at the end and at chance)."""
        if self._decision is None:
            g = self.state
            legal = [] if g.over or g.to_move == CHANCE else g.rules.legal_actions(g)
            self._decision = self.codec.decision(g, legal)
        return self._decision

    @property
    def node(self) -> Node:
        return self.under_way[-1] if self.under_way else self.decision.root

    def legal(self) -> list[int]:
        """The indices open now, in increasing order (empty at the end and at chance)."""
        return self.decision.open_indices(self.node)

    def mask(self) -> np.ndarray:
        """The legal indices as a new 0/1 ``int8`` vector over the whole action space."""
        mask = np.zeros(self.codec.size, dtype=np.int8)
        mask[self.legal()] = 1
        return mask

    def observe(self, seat: int) -> np.ndarray:
        return self.spaces.layout.observe(self.state, seat, self.under_way)

    def text(self) -> str:
        """The position in a few lines: turn and phase, each player's figures, the last lines of the log."""
        g = self.state
        head = f"{g.map.name}, turn {g.turn} of {g.last_turn}, {g.rules.phase(g).title}" if not g.over else "game over"
        rows = [
            f"  {p.name}: ${p.cash}, income {p.income}, {p.shares} shares, engine {p.engine}"
            + (" (eliminated)" if p.eliminated else "")
            + (" ← to move" if p.seat == g.to_move else "")
            for p in g.players
        ]
        return "\n".join([head, *rows, *(f"  | {line}" for line in g.log[-3:])])

    def incomes(self) -> list[int]:
        return [p.income for p in self.state.players]

    def indices_of(self, action: Action) -> tuple[int, ...]:
        """The steps that take ``action`` now (IllegalAction if it is not legal here)."""
        path = self.decision.paths.get(action)
        if path is None or self.under_way:
            raise IllegalAction(f"{action.kind} is not a legal action at the start of this decision")
        node = self.decision.root
        for s in path:
            if s not in node.children:
                return path  # a single step that ends the action
            node = node.children[s]
        return path + ((node.done,) if node.children else ())

    # --- changing ------------------------------------------------------------------------------

    def step(self, index: Any) -> Action | None:
        """Take index ``index``: the action it completes (then played), or None when the decision goes on."""
        if self.state.over:
            raise IllegalAction("the game is over: reset the environment to play another")
        if self.state.to_move == CHANCE:
            raise IllegalAction("a chance event is due: its outcome comes first")
        try:
            i = int(index)
        except (TypeError, ValueError):
            raise BadInput(f"an action is a whole number from 0 to {self.codec.size - 1}, not {index!r}") from None
        node = self.node
        nxt = node.children.get(i) if i == index else None
        if i == index and i == node.done and node.action is not None:
            return self.play(node.action)
        if i == index and i in node.leaves:
            return self.play(node.leaves[i])
        if nxt is None:
            what = self.codec.describe(i) if 0 <= i < self.codec.size else "outside the action space"
            raise IllegalAction(f"action {index} ({what}) is not legal now: the action mask shows the legal ones")
        if nxt.action is not None and not nxt.children:
            return self.play(nxt.action)
        self.under_way.append(nxt)
        return None

    def play(self, action: Action) -> Action:
        """Play ``action`` (checked by the rules), then draw the chance that falls due."""
        self.state.rules.apply(self.state, action)
        self.played.append(action)
        self._resolve()
        return action

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The outcomes of the chance event due (explicit chance), with their probabilities, in a fixed order."""
        if self._outcomes is None:
            if self.state.to_move != CHANCE or self.state.over:
                raise IllegalAction("no dice roll or draw is due now")
            self._outcomes = self.state.rules.chance_outcomes(self.state) or []
        return self._outcomes

    def chance(self, action: Action) -> None:
        """Give the outcome of the chance event due (explicit chance)."""
        self.state.rules.apply(self.state, action)
        self._resolve()

    def _resolve(self) -> None:
        """Draw the chance events due (all of them, or only those with too many outcomes to list when chance is
        explicit); the decision of the player to move is listed when first asked for."""
        g = self.state
        rules = g.rules
        outcomes = None
        while g.to_move == CHANCE and not g.over:
            if self.explicit_chance:
                outcomes = rules.chance_outcomes(g)
                if outcomes is not None:
                    break
            rules.apply(g, rules.sample_chance(g, self.rng))
        self.under_way = []
        self._decision = None
        self._outcomes = outcomes if g.to_move == CHANCE and not g.over else None

    # --- the end -------------------------------------------------------------------------------

    def final_rewards(self, how: str) -> list[float]:
        """Each seat's reward for the game as it stands (finished, or for a seat eliminated): ``rank`` (+1
        first, −1 last, evenly between, ties and eliminated seats sharing their places; solo: +1 won, −1 lost,
        by the map's verdict) or ``score`` (own score minus the others' average; solo: the score)."""
        g = self.state
        rules = g.rules
        n = len(g.players)
        if how == "score":
            scores = [float(rules.score(g, s)) for s in range(n)]
            if n == 1:
                return scores
            total = sum(scores)
            return [s - (total - s) / (n - 1) for s in scores]
        if n == 1:
            return [1.0 if rules.solo_figures(g).get("won") else -1.0]
        standings = rules.standings(g)
        key = [(figure, g.players[seat].eliminated) for seat, figure in standings]  # ties: same figure and fate
        places: dict[int, float] = {}
        i = 0
        while i < n:
            j = i
            while j + 1 < n and key[j + 1] == key[i]:
                j += 1
            for k in range(i, j + 1):
                places[standings[k][0]] = (i + j) / 2
            i = j + 1
        return [1.0 - 2.0 * places[s] / (n - 1) for s in range(n)]
