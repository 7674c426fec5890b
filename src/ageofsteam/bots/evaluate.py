"""The evaluator: what a position is worth to each seat, for the whole game ahead.

A small neural network per map (two hidden layers, read with numpy alone) maps a seat's row of figures
(``features.py``) to the final figure the seat can expect — its score on most maps, how long it lasts on
Detroit, the people evacuated on Miami — as self-play of the steady bot has shown it (``training.py``,
``make train-bots``). Its weights are small files in ``bots/weights/``, one per map. A map without weights of
its own (a map drawn in the editor) is judged by the weights of the base game's map, Rust Belt, whose rules it
plays.

A finished game needs no guess: its value is each seat's outcome (``outcome``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ageofsteam.bots import features
from ageofsteam.bots.judgement import judgement

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

FALLBACK_MAP = "rust-belt"  # whose weights judge a map that has none of its own
WEIGHTS_FOLDER = Path(__file__).parent / "weights"  # the package's weights, one file per map
TRUSTED_R2 = 0.3  # weights that foresaw less of the held-out outcomes than this are not judged by


def outcome(g: GameState, seat: int) -> float:
    """What the game gives ``seat`` as it stands, in the map's own measure (``Judgement.outcome``)."""
    return judgement(g).outcome(g, seat)


def weights_key(g: GameState) -> str:
    """Which weights judge ``g``: its map's, and a map played alone or with players has one set for each (the
    solo game is another game)."""
    if len(g.players) == 1 and g.rules.player_counts()[1] > 1:
        return f"{g.map.id}-solo"
    return g.map.id


@dataclass(frozen=True)
class Weights:
    """A trained network: the rows' scaling, then each layer's matrix and bias (ReLU between layers), and how
    much of the outcomes it foresaw on games kept out of its training (R²)."""

    mean: np.ndarray
    scale: np.ndarray
    layers: tuple[tuple[np.ndarray, np.ndarray], ...]
    r2: float = 1.0

    @property
    def trusted(self) -> bool:
        """Whether it foresees enough to judge by (held-out R² at least ``TRUSTED_R2``)."""
        return self.r2 >= TRUSTED_R2

    def predict(self, x: np.ndarray) -> np.ndarray:
        """The expected outcome of each row of ``x``."""
        h = (x - self.mean) / self.scale
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                np.maximum(h, 0.0, out=h)
        return h[:, 0]

    def to_arrays(self) -> dict[str, np.ndarray]:
        out = {"version": np.array(features.VERSION), "mean": self.mean, "scale": self.scale, "r2": np.array(self.r2)}
        for i, (w, b) in enumerate(self.layers):
            out[f"w{i}"], out[f"b{i}"] = w, b
        return out

    @classmethod
    def from_arrays(cls, data: dict[str, np.ndarray], where: str) -> Weights:
        version = int(data["version"])
        if version != features.VERSION:
            raise ValueError(
                f"{where}: weights for features version {version}, this engine reads version {features.VERSION}"
                " (run make train-bots)"
            )
        layers = []
        i = 0
        while f"w{i}" in data:
            layers.append((np.asarray(data[f"w{i}"], dtype=float), np.asarray(data[f"b{i}"], dtype=float)))
            i += 1
        r2 = float(data["r2"]) if "r2" in data else 1.0
        return cls(np.asarray(data["mean"], dtype=float), np.asarray(data["scale"], dtype=float), tuple(layers), r2)


def weights_file(map_id: str) -> str:
    """The file name of a map's weights in the package's ``bots/weights``."""
    return f"{map_id}.npz"


@cache
def weights_for(key: str) -> Weights | None:
    """The weights that judge games of ``key`` (:func:`weights_key`): their own, else the fallback map's; None
    if neither is shipped."""
    folder = WEIGHTS_FOLDER
    for name in (key, FALLBACK_MAP):
        path = folder / weights_file(name)
        if path.is_file():
            with path.open("rb") as f, np.load(f) as data:
                return Weights.from_arrays(dict(data), f"weights of {name}")
    return None


def map_values(g: GameState) -> list[float]:
    """The map's own judgement of each seat (``Judgement.value``), a figure of every row."""
    judge = judgement(g)
    return [float(judge.value(g, p.seat)) for p in g.players]


def trusted_weights(g: GameState) -> Weights | None:
    """The weights that judge ``g`` if they are to be trusted (:attr:`Weights.trusted`); None otherwise (a map
    whose self-play taught the network little, such as Miami 2030, where the search judges as the Baseline
    does)."""
    w = weights_for(weights_key(g))
    return w if w is not None and w.trusted else None


def values(g: GameState, weights: Weights | None = None) -> list[float]:
    """Each seat's expected final outcome: the outcome itself once the game is over, the network's estimate
    before (a bankrupt seat's outcome is known)."""
    n = len(g.players)
    if g.over:
        return [outcome(g, s) for s in range(n)]
    w = weights if weights is not None else weights_for(weights_key(g))
    if w is None:
        raise LookupError(f"no evaluator weights for {weights_key(g)} (run make train-bots)")
    seats = features.rows(g, map_values(g))
    live = [s for s in range(n) if seats[s] is not None]
    out = [outcome(g, s) for s in range(n)]
    if live:
        guesses = w.predict(np.stack([seats[s] for s in live]))  # type: ignore[misc]
        for s, v in zip(live, guesses, strict=True):
            out[s] = float(v)
    return out


def lead(vals: list[float], seat: int) -> float:
    """How far ``seat``'s expected outcome is ahead of the best rival's (its own outcome on a solo map)."""
    rivals = [v for s, v in enumerate(vals) if s != seat]
    return vals[seat] - max(rivals) if rivals else vals[seat]
