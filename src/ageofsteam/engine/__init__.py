"""The map-agnostic engine: game state, actions, the game record, chance, replay and undo."""
