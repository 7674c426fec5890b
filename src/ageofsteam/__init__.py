"""ageofsteam: an exact, fast rules engine for Age of Steam and its expansion maps.

The public API::

    from ageofsteam import Game
    game = Game.new("rust-belt", players=4, seed=7)
    while not game.over:
        game.apply(game.legal_actions()[0])
    print(view(game))
"""

from ageofsteam.engine.actions import Action, parse_action
from ageofsteam.engine.errors import AosError, BadInput, IllegalAction
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record, Seat
from ageofsteam.engine.view import view

__all__ = ["Action", "AosError", "BadInput", "Game", "IllegalAction", "Record", "Seat", "parse_action", "view"]
__version__ = "0.1.0"
