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

Figures in ``GameState.extra``: ``oil`` (field label → goods still on the field, no track yet),
``oil_on_track`` (field label → goods on the track tile there), ``oil_removed`` (goods delivered, out of the
game). :meth:`Rules.extra_goods` counts all three, so the census of the 96 goods still holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ageofsteam.board.hexes import DIRECTIONS, TOWN
from ageofsteam.board.network import Link, follow
from ageofsteam.engine.actions import Action, HexLabel, register
from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.rules.base import BaseRules
from ageofsteam.rules.move_goods import MoveGoodsPhase, Route
from ageofsteam.rules.phase import Phase, next_in_queue

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
    exit: str
    links: tuple[str, ...] = ()


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
    return Link(f"{g.label(h)}>{DIRECTIONS[exit_edge]}", h, end.stop, tile.owners[i], len(tracks) + 1)


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
        if g.players[a.player].action != TANKER:
            raise IllegalAction("only the player who took the Tanker may move black goods from track tiles")
        h = g.map.by_label.get(a.hex.upper())
        if h is None:
            raise IllegalAction(f"there is no hex {a.hex!r} on this map")
        label = g.label(h)
        if g.extra.get("oil_on_track", {}).get(label, 0) <= 0:
            if g.extra.get("oil", {}).get(label, 0) > 0:
                raise IllegalAction(f"the oil at {label} has no track tile yet: no one can move it")
            raise IllegalAction(f"there are no black goods on a track tile at {label}")
        if a.exit.upper() not in DIRECTIONS:
            raise IllegalAction(f"exit must be one of {', '.join(DIRECTIONS)}, not {a.exit!r}")
        leg = first_leg(g, h, DIRECTIONS.index(a.exit.upper()))
        if rules.oil_needs_complete_link(g) and leg.id not in rules.complete_legs(g):
            raise IllegalAction(
                f"the track at {label} is not part of a completed link: goods move only along completed links "
                "(option oil_needs_complete_link)"
            )
        limit = rules.delivery_limit(g, a.player)
        if 1 + len(a.links) > limit:
            raise IllegalAction(
                f"your engine allows {limit} links, not {1 + len(a.links)} (the track to "
                f"{g.stop_name(leg.b)} counts as one)"
            )
        stops = [h, leg.b]
        links = [leg]
        net = g.network
        own_chain = net.chain_of[(h, g.tiles[h].track_at(DIRECTIONS.index(a.exit.upper())))]
        for lid in a.links:
            here = stops[-1]
            if rules.accepts(g, here, OIL):
                raise IllegalAction(f"a black good must stop at {g.stop_name(here)}, the first city of its colour")
            if not rules.may_pass(g, here, OIL):
                raise IllegalAction(f"a black good may not pass through {g.stop_name(here)}")
            link = net.links.get(lid)
            if link is None:
                raise IllegalAction(f"there is no completed link {lid!r}")
            if here not in (link.a, link.b):
                raise IllegalAction(f"link {lid} does not start at {g.stop_name(here)}")
            if link.chain == own_chain:
                raise IllegalAction(f"the good may not run back over the track of {label} it left by")
            nxt = link.other(here)
            if nxt in stops:
                raise IllegalAction(f"a good may visit {g.stop_name(nxt)} only once")
            stops.append(nxt)
            links.append(link)
        if not rules.accepts(g, stops[-1], OIL):
            raise IllegalAction(f"{g.stop_name(stops[-1])} does not take black goods")
        return Route(OIL, tuple(stops), tuple(links))

    def apply(self, g: GameState, a: Action) -> bool:
        if not isinstance(a, DeliverOil):
            return super().apply(g, a)
        rules = g.rules
        assert isinstance(rules, Rules)
        rules.deliver_oil(g, a.player, self.oil_route_of(g, a))
        g.pending.pop(0)
        if not next_in_queue(g):
            return False
        return self._start_round(g)


class Rules(BaseRules):
    """Texas: oil fields, their costs and their oil, and the Tanker in place of the Engineer."""

    TURNS: ClassVar[dict[int, int]] = {4: 8, 5: 7}
    DEFAULT_CITY_CUBES = 1
    TERRAIN_COSTS: ClassVar[dict[str, int]] = {"plain": 3}
    COST_PER_DERRICK = 2
    OIL_FIELD_BUILDS = 1  # of the 3 builds a turn, at most this many on oil fields
    ACTIONS: ClassVar[tuple[str, ...]] = tuple(TANKER if a == "engineer" else a for a in BaseRules.ACTIONS)
    ACTION_TITLES: ClassVar[dict[str, str]] = {**BaseRules.ACTION_TITLES, TANKER: "Tanker"}
    OPTIONS: ClassVar[dict[str, Any]] = {
        **BaseRules.OPTIONS,
        # Ruling 6: oil may leave its tile only if the tile lies on a completed link (False: any track that
        # reaches a place from the tile will do)
        "oil_needs_complete_link": True,
    }

    def make_phases(self) -> list[Phase]:
        return [TexasMoveGoodsPhase() if p.name == "move_goods" else p for p in super().make_phases()]

    # --- setup -----------------------------------------------------------------------------------

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
        g.extra["oil"] = {g.label(h): n for h, n in fields.items()}
        g.extra["oil_on_track"] = {}
        g.extra["oil_removed"] = 0

    def extra_goods(self, g: GameState) -> dict[str, int]:
        """Goods out of the bag that are on no city and not on the display: the oil on the oil fields and on
        their track tiles, and the oil delivered (out of the game)."""
        n = sum(g.extra.get("oil", {}).values()) + sum(g.extra.get("oil_on_track", {}).values())
        return {OIL: n + int(g.extra.get("oil_removed", 0))}

    def extra_invariants(self, g: GameState) -> list[str]:
        out = []
        fields = {g.label(h) for h in self.derricks()}
        for key in ("oil", "oil_on_track"):
            for label, n in g.extra.get(key, {}).items():
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
        oil, on_track = g.extra.setdefault("oil", {}), g.extra.setdefault("oil_on_track", {})
        for label in [lab for lab in oil if g.map.by_label[lab] in g.tiles]:
            on_track[label] = on_track.get(label, 0) + oil.pop(label)

    def goods_on_hexes(self, g: GameState) -> dict[int, dict[str, int]]:
        """The oil on the fields and on the track tiles laid there, for the picture."""
        out: dict[int, dict[str, int]] = {}
        for key in ("oil", "oil_on_track"):
            for label, n in g.extra.get(key, {}).items():
                if n:
                    out[g.map.by_label[label]] = {OIL: n}
        return out

    def is_oil_field(self, g: GameState, h: int) -> bool:
        """A hex with derricks whose black goods are not all transported yet."""
        label = g.label(h)
        return g.extra.get("oil", {}).get(label, 0) > 0 or g.extra.get("oil_on_track", {}).get(label, 0) > 0

    def describe_status(self, g: GameState) -> list[str]:
        fields = ", ".join(f"{lab} {n}" for lab, n in sorted(g.extra.get("oil", {}).items()))
        tiles = ", ".join(f"{lab} {n}" for lab, n in sorted(g.extra.get("oil_on_track", {}).items()))
        return [
            f"Oil on fields: {fields or 'none'}; on track tiles (Tanker only): {tiles or 'none'}; "
            f"delivered (out of the game): {g.extra.get('oil_removed', 0)}"
        ]

    def describe_action(self, g: GameState, a: Action) -> str | None:
        if not isinstance(a, DeliverOil):
            return None
        phase = self.phase_map["move_goods"]
        assert isinstance(phase, TexasMoveGoodsPhase)
        try:
            route = phase.oil_route_of(g, a)
        except IllegalAction:
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
        n = g.extra.get("oil", {}).pop(label, 0)
        if n:
            g.extra.setdefault("oil_on_track", {})[label] = n
            g.say(f"the oil field at {label}: {n} black good{'s go' if n > 1 else ' goes'} onto the track tile")

    def cheapest_build(self, g: GameState, seat: int) -> int:
        """The cheapest tile is a simple one on a 1-derrick oil field ($2), or a redirection."""
        return 2

    # --- moving oil ------------------------------------------------------------------------------

    def oil_needs_complete_link(self, g: GameState) -> bool:
        """Ruling 6: oil leaves only a tile on a completed link (goods move only along completed links)."""
        return bool(g.options.get("oil_needs_complete_link", True))

    def complete_legs(self, g: GameState) -> set[str]:
        """Ids of the first legs whose track is part of a completed link."""
        out: set[str] = set()
        for label in g.extra.get("oil_on_track", {}):
            h = g.map.by_label[label]
            tile = g.tiles.get(h)
            if tile is None:
                continue
            for i, t in enumerate(tile.tracks):
                chain = g.network.chains[g.network.chain_of[(h, i)]]
                if chain.complete:
                    out.update(f"{label}>{DIRECTIONS[e]}" for e in t if e != TOWN)
        return out

    def oil_routes(self, g: GameState, seat: int) -> list[Route]:
        """Every legal delivery of oil from track tiles by ``seat`` (the Tanker holder only)."""
        if g.players[seat].action != TANKER:
            return []
        limit = self.delivery_limit(g, seat)
        net = g.network
        out: list[Route] = []
        complete = self.complete_legs(g) if self.oil_needs_complete_link(g) else None
        for label, n in sorted(g.extra.get("oil_on_track", {}).items()):
            h = g.map.by_label[label]
            tile = g.tiles.get(h)
            if n <= 0 or tile is None or limit < 1:
                continue
            for i, t in enumerate(tile.tracks):
                own_chain = net.chain_of[(h, i)]
                for e in t:
                    if e == TOWN:
                        continue
                    try:
                        leg = first_leg(g, h, e)
                    except IllegalAction:
                        continue
                    if complete is not None and leg.id not in complete:
                        continue
                    out += self._walk(g, [h, leg.b], [leg], limit, own_chain)
        return out

    def _walk(self, g: GameState, stops: list[int], links: list[Link], limit: int, own_chain: int) -> list[Route]:
        here = stops[-1]
        if self.accepts(g, here, OIL):
            return [Route(OIL, tuple(stops), tuple(links))]
        if not self.may_pass(g, here, OIL) or len(links) >= limit:
            return []
        out = []
        for link in g.network.at_stop.get(here, ()):
            nxt = link.other(here)
            if nxt in stops or link.chain == own_chain:
                continue
            out += self._walk(g, [*stops, nxt], [*links, link], limit, own_chain)
        return out

    def deliver_oil(self, g: GameState, seat: int, route: Route) -> None:
        """Carry out a checked oil delivery: income to each link's owner, the good out of the game."""
        label = g.label(route.stops[0])
        on_track = g.extra["oil_on_track"]
        on_track[label] -= 1
        if on_track[label] <= 0:
            del on_track[label]  # no longer an oil field
        g.extra["oil_removed"] = int(g.extra.get("oil_removed", 0)) + 1
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
