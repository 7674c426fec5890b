"""What the PettingZoo and the Gymnasium environments share: their settings, their table, rendering."""

from __future__ import annotations

from typing import Any

from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.rl.table import Spaces, Table, check_players, check_reward, spaces

RENDER_MODES = ("ansi",)


class TableEnv:
    """A mixin: one map's game settings and the table in play (``None`` before the first reset)."""

    table: Table | None = None

    def configure(
        self,
        map_id: str,
        players: int | None,
        options: dict[str, Any] | None,
        reward: str,
        shaped: float,
        render_mode: str | None,
    ) -> Spaces:
        """Check and keep the settings (BadInput for an unknown map, player count, option, reward or render
        mode); return the map's spaces."""
        found = spaces(map_id, options)
        self.map_id = map_id
        self.game_options = options
        self.players = check_players(map_id, players)
        self.reward_kind = check_reward(reward)
        self.shaped = float(shaped)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise BadInput(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.table = None
        return found

    def _table(self) -> Table:
        if self.table is None:
            raise IllegalAction("reset the environment before playing")
        return self.table

    def render(self) -> str | None:
        """The position in words (``ansi``): turn, phase, the players' figures and the last lines of the log."""
        if self.render_mode is None:
            return None
        return self._table().text()

    def close(self) -> None:
        self.table = None
