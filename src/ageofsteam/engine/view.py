"""The JSON view of a game: every figure a player, a client or a program needs, as plain JSON types.

Documented field by field in ``docs/state-view.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ageofsteam.board.hexes import DIRECTIONS, TOWN
from ageofsteam.engine.actions import CHANCE

if TYPE_CHECKING:
    from ageofsteam.engine.game import Game
    from ageofsteam.engine.state import GameState


def _end(e: int) -> str:
    return "town" if e == TOWN else DIRECTIONS[e]


def state_view(g: GameState) -> dict[str, Any]:
    rules = g.rules
    phase = rules.phase_map.get(g.phase)
    to_move: int | str | None = "chance" if g.to_move == CHANCE else g.to_move
    view: dict[str, Any] = {
        "map": g.map.id,
        "turn": g.turn,
        "last_turn": g.last_turn,
        "phase": g.phase,
        "phase_title": phase.title if phase else "Game over",
        "to_move": to_move,
        "over": g.over,
        "order": list(g.order),
        "players": [
            {
                "seat": p.seat,
                "name": p.name,
                "colour": p.colour,
                "cash": p.cash,
                "income": p.income,
                "shares": p.shares,
                "engine": p.engine,
                "eliminated": p.eliminated,
                "action": p.action,
                "score": None if p.eliminated else rules.score(g, p.seat),
            }
            for p in g.players
        ],
        "cities": [
            {
                "hex": g.label(h),
                "name": g.city_name(h),
                "colours": list(g.city_colours(h)),
                "cubes": {c: n for c, n in sorted(cubes.items()) if n},
                "new_city": g.new_cities.get(h),
            }
            for h, cubes in sorted(g.cubes.items(), key=lambda kv: g.label(kv[0]))
        ],
        "display": {col: list(boxes) for col, boxes in g.display.items()},
        "bag": dict(sorted(g.bag.items())),
        "supply": dict(g.supply),
        "town_disks": g.disks,
        "new_cities_left": list(g.new_cities_left),
        "track": [
            {
                "hex": g.label(h),
                "tile": t.tile,
                "rotation": t.rotation,
                "town_disk": t.disk,
                "tracks": [[_end(a), _end(b)] for a, b in t.tracks],
                "owners": list(t.owners),
            }
            for h, t in sorted(g.tiles.items(), key=lambda kv: g.label(kv[0]))
        ],
        "links": [
            {"id": lk.id, "from": g.label(lk.a), "to": g.label(lk.b), "owner": lk.owner, "sections": lk.sections}
            for lk in sorted(g.network.links.values(), key=lambda lk: lk.id)
        ],
        "special_links": dict(sorted(g.special_link_owners.items())),
        "auction": None,
        "build": None,
        "move_round": g.move_round if g.phase == "move_goods" else None,
        "engine_upgraded": sorted(g.engine_upgraded) if g.phase == "move_goods" else [],
        "standings": [{"seat": s, "score": v} for s, v in rules.standings(g)] if g.over else None,
        "winners": _winners(g) if g.over else None,
        "panel": [{"label": f.label, "value": f.value, "rule": f.rule} for f in rules.panel(g)],
    }
    if g.over and (result := rules.result_lines(g)):
        view["result"] = result
    if g.auction is not None:
        a = g.auction
        view["auction"] = {
            "bidders": list(a.bidders),
            "bids": {str(k): v for k, v in a.bids.items()},
            "high": a.high,
            "high_bidder": a.high_bidder,
            "dropped": list(a.dropped),
            "pass_used": a.pass_used,
        }
    if g.build is not None:
        b = g.build
        view["build"] = {
            "player": b.player,
            "builds_left": b.builds_left,
            "left": rules.builds_left_text(g),  # in player words: tiles, stations and excavations, discs
            "may_urbanize": b.may_urbanize,
            "hexes": sorted(g.label(h) for h in b.hexes),
        }
    if g.produced:
        view["production_cubes"] = list(g.produced)
    if marks := rules.display_marks(g):
        view["display_marks"] = marks
    figures = g.map_state.to_json()
    if figures:
        view["extra"] = figures
    return view


def view(game: Game) -> dict[str, Any]:
    """The JSON view of ``game``'s current state."""
    return state_view(game.state)


def _winners(g: GameState) -> list[int]:
    """The seats that won the finished game: a solo game is won or lost against the game itself."""
    if len(g.players) == 1:
        return [0] if g.rules.solo_figures(g)["won"] else []
    return g.rules.winners(g)
