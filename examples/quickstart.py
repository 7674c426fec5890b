"""A tour of the Python API: a new game, legal actions, applying, undo, replay and the JSON view."""

import random

from ageofsteam import Game, IllegalAction, view
from ageofsteam.bots import RandomBot

game = Game.new("rust-belt", players=4, seed=42)  # setup cubes and player order are drawn from the seed
state = view(game)
print(f"Turn {state['turn']}, {state['phase_title']}; {state['players'][game.to_move]['name']} to move")

legal = game.legal_actions()  # every legal decision of the player to move
print(f"{len(legal)} legal actions, e.g. {legal[-1].to_json()}")
game.apply(legal[-1])  # an Action, or its JSON: {"kind": "issue_shares", "player": 1, "count": 2}

try:
    game.apply({"kind": "bid", "player": game.to_move, "amount": 1})  # it is not the auction yet
except IllegalAction as refusal:
    print("Refused:", refusal)

game.undo()  # back to before our share issue (undo never crosses a dice roll or bag draw)

bot, rng = RandomBot(), random.Random(1)
while not game.over:  # play the rest with the random bot
    game.apply(bot.choose(game, rng))

final = view(game)
for entry in final["standings"]:
    print(final["players"][entry["seat"]]["name"], entry["score"])

replayed = Game.from_record(game.record)  # the record (JSON) replays to the identical state
assert view(replayed) == final

# Chance as data: with auto_chance off, each dice roll or bag draw waits and lists its outcomes.
game = Game.new("rust-belt", players=3, seed=7)
game.auto_chance = False
while not game.over and game.to_move != -1:  # -1: chance is to move
    game.apply(bot.choose(game, rng))
outcomes = game.chance_outcomes() or []
print(f"{len(outcomes)} chance outcomes, e.g. {outcomes[0][0].to_json()} with probability {outcomes[0][1]:.4f}")
game.supply_chance(game.state.rules.sample_chance(game.state, rng))

# Bots of three levels, and a hint with its reason in player words.
from ageofsteam.bots import bot  # noqa: E402

game = Game.new("rust-belt", players=3, seed=9)
hint = bot("steady").hint(game, rng)
print("Hint:", hint.action.to_json(), "-", hint.reason)
strong = bot("strong", work=6)  # the steady move and others played out to the turn's end, 6 playouts
game.apply(strong.choose(game, rng))
