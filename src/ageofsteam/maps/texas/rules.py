"""Texas (4–5 players): oil fields, and the Tanker that carries their oil.

Setup: on each oil field as many black goods as derricks are drawn on it (``[[feature]] kind = "oil_field"``,
``value`` = derricks), 3 goods on AUSTIN (``cubes = 3`` in ``map.toml``) and 1 good on every other city.

Building: up to 3 tiles a turn, at most 1 of them on an oil field. Plain hexes cost $3, an oil field $2 per
derrick. Track laid on an oil field takes the field's black goods onto the tile.

Moving goods: the Engineer is replaced by the Tanker. Only the Tanker holder may move black goods from track
tiles (action ``deliver_oil``): the good leaves its tile, which must lie on a completed link (option
``oil_needs_complete_link``), along one track (``exit``: the edge it leaves by) to the first city or town that
track reaches, which counts as one link paying its owner, then goes on along
completed links as usual. Oil delivered leaves the game. An oil field whose goods are all gone is no longer
an oil field.

The oil is Texas's own figures (``state.py``): on the fields, on the track tiles laid there, and delivered.
:meth:`Rules.extra_goods` counts all three, so the census of the 96 goods still holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ageofsteam.board.hexes import DIRECTIONS, TOWN
from ageofsteam.board.mapdata import MapData, MapError, Problem
from ageofsteam.board.network import Link, follow
from ageofsteam.engine.actions import Action, Direction, HexLabel, RouteLinks, register
from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.maps.texas.state import State, state
from ageofsteam.rules.base import BaseRules
from ageofsteam.rules.move_goods import MoveGoodsPhase, Route, delivery_facts, named_route, search_routes
from ageofsteam.rules.phase import Phase

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.track_placement import BuildPlan

OIL = "black"  # oil is a black good
TANKER = "tanker"


@register
@dataclass(frozen=True, slots=True)
class DeliverOil(Action):
    """Phase V, Texas, Tanker only: move one black good from the track tile on oil field ``hex``, leaving the
    tile by its ``exit`` edge (N, NE, SE, S, SW, NW) to the first city or town that track reaches, then along
    ``links`` (completed link ids, in order, possibly none)."""

    kind: ClassVar[str] = "deliver_oil"
    player: int
    hex: HexLabel
    exit: Direction
    links: RouteLinks = ()


def first_leg(g: GameState, h: int, exit_edge: int) -> Link:
    """The stretch of track from the tile on ``h`` out through ``exit_edge`` to the first place it reaches, as
    a link (id ``"P20>NE"``, from ``h``); IllegalAction if no track leaves there or it reaches no place."""
    tile = g.tiles.get(h)
    i = tile.track_at(exit_edge) if tile is not None else -1
    if tile is None or i < 0:
        raise IllegalAction(f"no track leaves {g.label(h)} by its {DIRECTIONS[exit_edge]} edge")
    tracks, end = follow(g, h, i, exit_edge, (h, i))
    if end.stop is None:
        raise IllegalAction(
            f"the track leaving {g.label(h)} by its {DIRECTIONS[exit_edge]} edge reaches no city or town"
        )
    chain = g.network.chain_of[(h, i)]
    return Link(f"{g.label(h)}>{DIRECTIONS[exit_edge]}", h, end.stop, tile.owners[i], len(tracks) + 1, chain)


def is_first_leg(link: Link) -> bool:
    """The stretch from an oil tile to the first place (``first_leg``), not a completed link."""
    return ">" in link.id


class TexasMoveGoodsPhase(MoveGoodsPhase):
    """Move Goods with the Tanker's deliveries of oil from track tiles."""

    accepts: tuple[type[Action], ...] = (*MoveGoodsPhase.accepts, DeliverOil)  # type: ignore[assignment]

    def legal(self, g: GameState) -> list[Action]:
        out = super().legal(g)
        seat = g.to_move
        assert seat is not None
        rules = g.rules
        assert isinstance(rules, Rules)
        out += [
            DeliverOil(seat, g.label(r.stops[0]), r.links[0].id.split(">")[1], tuple(lk.id for lk in r.links[1:]))
            for r in rules.oil_routes(g, seat)
        ]
        return out

    def check(self, g: GameState, a: Action) -> None:
        if isinstance(a, DeliverOil):
            self.oil_route_of(g, a)
        else:
            super().check(g, a)

    def oil_route_of(self, g: GameState, a: DeliverOil) -> Route:
        """The route a DeliverOil action names, checked; IllegalAction otherwise."""
        rules = g.rules
        assert isinstance(rules, Rules)
        h = g.map.by_label.get(a.hex.upper())
        if h is None:
            raise IllegalAction(f"there is no hex {a.hex!r} on this map")
        if a.exit.upper() not in DIRECTIONS:
            raise IllegalAction(f"exit must be one of {', '.join(DIRECTIONS)}, not {a.exit!r}")
        leg = rules.oil_leg(g, a.player, h, DIRECTIONS.index(a.exit.upper()))
        return named_route(g, a.player, OIL, [h, leg.b], [leg], a.links)

    def apply(self, g: GameState, a: Action) -> bool:
        if not isinstance(a, DeliverOil):
            return super().apply(g, a)
        rules = g.rules
        assert isinstance(rules, Rules)
        rules.deliver_oil(g, a.player, self.oil_route_of(g, a))
        return self.moved(g)


class Rules(BaseRules):
    """Texas: oil fields, their costs and their oil, and the Tanker in place of the Engineer."""

    TURNS: ClassVar[dict[int, int]] = {4: 8, 5: 7}
    DEFAULT_CITY_CUBES = 1
    TERRAIN_COSTS: ClassVar[dict[str, int]] = {"plain": 3}
    COST_PER_DERRICK = 2
    OIL_FIELD_BUILDS = 1  # of the 3 builds a turn, at most this many on oil fields
    STATE = State
    ACTIONS: ClassVar[tuple[str, ...]] = tuple(TANKER if a == "engineer" else a for a in BaseRules.ACTIONS)
    ACTION_TITLES: ClassVar[dict[str, str]] = {**BaseRules.ACTION_TITLES, TANKER: "Tanker"}
    OPTIONS: ClassVar[dict[str, Any]] = {
        **BaseRules.OPTIONS,
        # Ruling 6: oil may leave its tile only if the tile lies on a completed link (False: any track that
        # reaches a place from the tile will do)
        "oil_needs_complete_link": True,
    }
    OPTION_RULES: ClassVar[dict[str, str]] = {
        **BaseRules.OPTION_RULES,
        "oil_needs_complete_link": "On: oil leaves its tile only along a completed link; off: any track from the tile "
        "will do.",
    }

    def make_phases(self) -> list[Phase]:
        return [TexasMoveGoodsPhase() if p.name == "move_goods" else p for p in super().make_phases()]

    # --- setup -----------------------------------------------------------------------------------

    def __init__(self, board: MapData) -> None:
        super().__init__(board)
        lacking = [board.labels[h] for h in board.places_with("oil_field") if board.features[h]["oil_field"] is True]
        if lacking:
            raise MapError(
                board.source, [Problem(f"oil field {h}", "needs value = its number of derricks") for h in lacking]
            )

    def derricks(self) -> dict[int, int]:
        """Oil field hex → the number of derricks drawn on it."""
        return {h: int(self.map.features[h]["oil_field"]) for h in self.map.places_with("oil_field")}

    def on_setup(self, g: GameState) -> None:
        """Black goods from the bag onto each oil field, one per derrick, before the cities and the display."""
        fields = self.derricks()
        need = sum(fields.values())
        if g.bag.get(OIL, 0) < need:
            raise BadInput(
                f"{self.map.name}: the bag holds {g.bag.get(OIL, 0)} black goods, the oil fields need {need}"
            )
        g.bag[OIL] -= need
        state(g).oil = {g.label(h): n for h, n in fields.items()}

    def extra_goods(self, g: GameState) -> dict[str, int]:
        """Goods out of the bag that are on no city and not on the display: the oil on the oil fields and on
        their track tiles, and the oil delivered (out of the game)."""
        n = sum(state(g).oil.values()) + sum(state(g).oil_on_track.values())
        return {OIL: n + state(g).oil_removed}

    def extra_invariants(self, g: GameState) -> list[str]:
        out = []
        fields = {g.label(h) for h in self.derricks()}
        figures = state(g)
        for key, held in (("oil", figures.oil), ("oil_on_track", figures.oil_on_track)):
            for label, n in held.items():
                if label not in fields or n <= 0:
                    out.append(f"{key} holds {n} goods at {label}, which is not an oil field")
                on_tile = g.map.by_label[label] in g.tiles
                if label in fields and on_tile != (key == "oil_on_track"):
                    out.append(f"the oil at {label} is {'' if on_tile else 'not '}under a track tile but in {key}")
        return out

    def settle_scenario(self, g: GameState, given: dict[str, Any]) -> None:
        """Track a scenario lays on an oil field has taken the field's goods onto its tile, as in play (unless
        the scenario states ``oil`` itself)."""
        if "oil" in given:
            return
        oil, on_track = state(g).oil, state(g).oil_on_track
        for label in [lab for lab in oil if g.map.by_label[lab] in g.tiles]:
            on_track[label] = on_track.get(label, 0) + oil.pop(label)

    def goods_on_hexes(self, g: GameState) -> dict[int, dict[str, int]]:
        """The oil on the fields and on the track tiles laid there, for the picture."""
        out: dict[int, dict[str, int]] = {}
        for held in (state(g).oil, state(g).oil_on_track):
            for label, n in held.items():
                if n:
                    out[g.map.by_label[label]] = {OIL: n}
        return out

    def is_oil_field(self, g: GameState, h: int) -> bool:
        """A hex with derricks whose black goods are not all transported yet."""
        label = g.label(h)
        return state(g).oil.get(label, 0) > 0 or state(g).oil_on_track.get(label, 0) > 0

    def action_info(self, g: GameState, a: Action) -> dict[str, Any]:
        """An oil delivery's path and income (the other figures: the base game's)."""
        if not isinstance(a, DeliverOil):
            return super().action_info(g, a)
        route = self._oil_route(g, a)
        if route is None:
            return {}
        return delivery_facts(g, route.stops, len(route.links), self.delivery_income(g, a.player, route))

    def _oil_route(self, g: GameState, a: DeliverOil) -> Route | None:
        phase = self.phase_map["move_goods"]
        assert isinstance(phase, TexasMoveGoodsPhase)
        try:
            return phase.oil_route_of(g, a)
        except IllegalAction:
            return None

    def describe_action(self, g: GameState, a: Action) -> str | None:
        if not isinstance(a, DeliverOil):
            return None
        route = self._oil_route(g, a)
        if route is None:
            return None
        paid: dict[str, int] = {}
        for lk in route.links:
            who = "no one" if lk.owner is None else g.player_name(lk.owner)
            paid[who] = paid.get(who, 0) + 1
        n = len(route.links)
        return (
            f"deliver oil from the track at {a.hex} (leaving {a.exit.upper()}): "
            f"{' → '.join(g.stop_name(s) for s in route.stops)} ({n} link{'s' if n > 1 else ''}; income "
            f"{', '.join(f'{w} +{k}' for w, k in paid.items())}; the good leaves the game)"
        )

    # --- building --------------------------------------------------------------------------------

    def terrain_cost(self, g: GameState, h: int) -> int | None:
        """Plain $3; an oil field $2 per derrick drawn on it."""
        if self.is_oil_field(g, h):
            return self.COST_PER_DERRICK * int(self.map.features[h]["oil_field"])
        return self.TERRAIN_COSTS.get(g.map.terrain[h])

    def check_build(self, g: GameState, seat: int, plan: BuildPlan) -> None:
        """Only 1 of a turn's tiles may be laid on an oil field."""
        if not self.is_oil_field(g, plan.hex) or g.build is None:
            return
        done = [h for h in g.build.hexes if self.is_oil_field(g, h)]
        if len(done) >= self.OIL_FIELD_BUILDS:
            raise IllegalAction(
                f"you have already built on the oil field at {g.label(done[0])} this turn: only 1 tile a turn "
                "may go on an oil field"
            )

    def on_built(self, g: GameState, seat: int, plan: BuildPlan) -> None:
        """Track laid on an oil field takes the field's black goods onto the tile."""
        label = g.label(plan.hex)
        n = state(g).oil.pop(label, 0)
        if n:
            state(g).oil_on_track[label] = n
            g.say(f"the oil field at {label}: {n} black good{'s go' if n > 1 else ' goes'} onto the track tile")

    def cheapest_build(self, g: GameState, seat: int) -> int:
        """The cheapest tile is a simple one on a 1-derrick oil field ($2), or a redirection."""
        return 2

    # --- moving oil ------------------------------------------------------------------------------

    def oil_needs_complete_link(self, g: GameState) -> bool:
        """Ruling 6: oil leaves only a tile on a completed link (goods move only along completed links)."""
        return bool(g.options.get("oil_needs_complete_link", True))

    def oil_leg(self, g: GameState, seat: int, h: int, exit_edge: int) -> Link:
        """The first leg of ``seat``'s delivery of oil from the track tile on ``h`` out through ``exit_edge``,
        checked (the Tanker holder only, oil on that tile, and the tile on a completed link: Ruling 6);
        IllegalAction saying why not. Listing and checking oil deliveries both ask it."""
        if g.players[seat].action != TANKER:
            raise IllegalAction("only the player who took the Tanker may move black goods from track tiles")
        label = g.label(h)
        figures = state(g)
        if figures.oil_on_track.get(label, 0) <= 0:
            if figures.oil.get(label, 0) > 0:
                raise IllegalAction(f"the oil at {label} has no track tile yet: no one can move it")
            raise IllegalAction(f"there are no black goods on a track tile at {label}")
        leg = first_leg(g, h, exit_edge)
        if self.oil_needs_complete_link(g) and not g.network.chains[leg.chain].complete:
            raise IllegalAction(
                f"the track at {label} is not part of a completed link: goods move only along completed links "
                "(option oil_needs_complete_link)"
            )
        return leg

    def oil_routes(self, g: GameState, seat: int) -> list[Route]:
        """Every legal delivery of oil from track tiles by ``seat``: each first leg :meth:`oil_leg` allows,
        then the shared route search."""
        out: list[Route] = []
        for label in sorted(state(g).oil_on_track):
            h = g.map.by_label[label]
            tile = g.tiles.get(h)
            ends = [e for track in tile.tracks for e in track if e != TOWN] if tile is not None else []
            for e in ends:
                try:
                    leg = self.oil_leg(g, seat, h, e)
                except IllegalAction:
                    continue
                out += search_routes(g, seat, OIL, [h, leg.b], [leg])
        return out

    def may_use_link(self, g: GameState, seat: int, links: list[Link], link: Link) -> bool:
        """Oil may not run back over the track of the tile it left (``route_refusal`` says why)."""
        return not (links and is_first_leg(links[0]) and link.chain == links[0].chain)

    def route_refusal(self, g: GameState, seat: int, route: Route) -> str | None:
        first = route.links[0]
        if is_first_leg(first) and any(link.chain == first.chain for link in route.links[1:]):
            return f"the good may not run back over the track of {g.label(first.a)} it left by"
        return super().route_refusal(g, seat, route)

    def deliver_oil(self, g: GameState, seat: int, route: Route) -> None:
        """Carry out a checked oil delivery: income to each link's owner, the good out of the game."""
        label = g.label(route.stops[0])
        on_track = state(g).oil_on_track
        on_track[label] -= 1
        if on_track[label] <= 0:
            del on_track[label]  # no longer an oil field
        state(g).oil_removed += 1
        income = self.delivery_income(g, seat, route)
        for owner, n in income.items():
            if owner is not None:
                g.players[owner].income += n
        paid = ", ".join(f"{g.player_name(o)} +{n}" for o, n in income.items() if o is not None and n)
        n = len(route.links)
        g.say(
            f"{g.player_name(seat)} delivers oil from the track at {label} to {g.stop_name(route.stops[-1])} "
            f"over {n} link{'s' if n > 1 else ''}{' (' + paid + ')' if paid else ''}; it leaves the game"
            + ("" if label in on_track else f"; {label} is no longer an oil field")
        )
