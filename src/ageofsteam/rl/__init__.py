"""Age of Steam for game-AI research: PettingZoo, Gymnasium and OpenSpiel environments on every map.

``from ageofsteam.rl import aec_env`` (PettingZoo AEC), ``import ageofsteam.rl.gym`` (registers the Gymnasium
ids ``ageofsteam/RustBelt-v1``…), ``import ageofsteam.rl.openspiel`` (registers the OpenSpiel game
``python_ageofsteam``). They need the ``rl`` extra (``pip install ageofsteam[rl]``); the rest of the package
never imports them. The action encoding and the observation are described in ``docs/rl.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ageofsteam.rl.pettingzoo_env import AgeOfSteamAEC


def aec_env(
    map_id: str = "rust-belt", players: int | None = None, seed: int | None = None, **kwargs: Any
) -> AgeOfSteamAEC:
    """A PettingZoo AEC environment of ``map_id`` for ``players`` seats; the keyword arguments (``options``,
    ``reward``, ``shaped``, ``render_mode``) are :class:`~ageofsteam.rl.pettingzoo_env.AgeOfSteamAEC`'s."""
    from ageofsteam.rl.pettingzoo_env import AgeOfSteamAEC

    return AgeOfSteamAEC(map_id, players, seed, **kwargs)


def _register_gymnasium() -> None:
    """Register the Gymnasium ids when Gymnasium is installed (registering imports no environment)."""
    try:
        import gymnasium  # noqa: F401
    except ImportError:
        return
    from ageofsteam.rl.gym_env import register_all

    register_all()


_register_gymnasium()

__all__ = ["aec_env"]
