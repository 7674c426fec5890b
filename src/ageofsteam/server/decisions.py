"""The legal decisions of the player to move, grouped for a web client (docs/web-api.md, ``/legal``).

Each build option carries the SVG path of each of its tracks, drawn by the renderer's own ``track_d`` in a hex
of radius ``TRACK_RADIUS`` centred on the origin: the page scales and moves it onto the board's hex (the build
preview) or into a small tile picture, so track is drawn one way only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ageofsteam.board.hexes import DIRECTIONS, TOWN
from ageofsteam.board.tiles import Track
from ageofsteam.bots import LEVEL_TITLES
from ageofsteam.engine.actions import (
    CHANCE,
    Action,
    Bid,
    Build,
    Deliver,
    IssueShares,
    Urbanize,
    action_class,
    field_domains,
    parse_action,
)
from ageofsteam.render.geometry import HexGeometry, track_d
from ageofsteam.rules.build_refusal import build_refusal
from ageofsteam.server.errors import ApiError
from ageofsteam.words.choices import Choice, action_details, legal_choices
from ageofsteam.words.names import hex_text, label_order, player_name

if TYPE_CHECKING:
    from ageofsteam.engine.game import Game
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.move_goods import Route

GROUPED = (Bid, IssueShares, Build, Deliver, Urbanize)
TRACK_RADIUS = 100.0  # radius (centre to corner) of the hex the build options' track paths are drawn in
_TRACK_HEX = HexGeometry(TRACK_RADIUS, 0.0, 0.0)


def _end(e: int) -> str:
    return "town" if e == TOWN else DIRECTIONS[e]


def track_paths(tracks: list[Track] | tuple[Track, ...]) -> list[str]:
    """SVG path data of each track, as the board draws it, in a hex of radius ``TRACK_RADIUS`` centred on (0, 0)."""
    return [track_d(_TRACK_HEX, (0.0, 0.0), a, b) for a, b in tracks]


def _range(values: list[int], template: dict[str, Any], field: str) -> dict[str, Any] | None:
    if not values:
        return None
    out: dict[str, Any] = {"min": min(values), "max": max(values), "action": {**template, field: None}}
    if sorted(values) != list(range(min(values), max(values) + 1)):
        out["values"] = sorted(values)  # not every value between is legal
    return out


def _flatten(g: GameState, choices: list[Choice], prefix: str = "") -> list[dict[str, Any]]:
    """The single actions of the menu, each with its label, its kind's title (``group``) and, for an action that
    names a hex of the board (a map's own kinds: excavate, flood…), that hex (``hex``: the client lets the
    player pick it on the board); a disc's ``circle`` (a connection circle's id, or a region's with a large
    circle) and its ``cost``."""
    out = []
    for c in choices:
        if c.action is not None and not isinstance(c.action, GROUPED):
            data = c.action.to_json()
            entry: dict[str, Any] = {
                "label": prefix + c.label,
                "key": c.key,
                "group": c.action.kind.replace("_", " ").capitalize(),
                "hex": board_spot(g, type(c.action), data),
                "action": data,
            }
            if isinstance(data.get("circle"), str):  # a disc on a circle of an area map: clicked on the map
                entry["circle"] = data["circle"]
                entry["cost"] = g.rules.action_cost(g, c.action)
            out.append(entry)
        out += _flatten(g, c.children, prefix + c.label + ": " if c.children and c.action is None else prefix)
    return out


def route_hexes(g: GameState, links: list[str] | tuple[str, ...]) -> list[str]:
    """The hexes a route passes: its stops and the track between them, in no particular order beyond that."""
    net = g.network
    seen: dict[int, None] = {}
    for lid in links:
        lk = net.links.get(lid)
        if lk is None:
            continue
        seen[lk.a] = None
        if 0 <= lk.chain < len(net.chains):
            for h, _ in net.chains[lk.chain].tracks:
                seen[h] = None
        seen[lk.b] = None
    return [g.label(h) for h in seen if 0 <= h < g.map.size]


def _route(game: Game, route: Route, action: Deliver) -> dict[str, Any]:
    g = game.state
    return {
        "stops": [g.label(s) for s in route.stops],
        "names": [g.stop_name(s) for s in route.stops],
        "links": [lk.id for lk in route.links],
        "hexes": route_hexes(g, [lk.id for lk in route.links]),
        "income": [
            {"seat": seat, "name": player_name(game, seat) if seat is not None else None, "income": n}
            for seat, n in route.income().items()
        ],
        "action": action.to_json(),
    }


def decisions(game: Game, index: int) -> dict[str, Any]:
    """Every legal decision of the player to move, grouped: ranges for bids and shares, builds by hex,
    deliveries by cube, everything else as labelled single actions."""
    g = game.state
    seat = g.to_move
    out: dict[str, Any] = {
        "index": index,
        "to_move": seat if seat is not None and seat != CHANCE else None,
        "phase": g.phase,
        "issue_shares": None,
        "bid": None,
        "actions": [],
        "urbanize": [],
        "builds": [],
        "deliveries": [],
        "blocked_actions": [],
        "track_radius": TRACK_RADIUS,
    }
    if seat is None or seat == CHANCE or g.over:
        out["to_move"] = None
        return out
    legal = game.legal_actions()
    details = action_details(game, legal)
    shares = [a.count for a in legal if isinstance(a, IssueShares)]
    out["issue_shares"] = _range(shares, {"kind": "issue_shares", "player": seat}, "count")
    if out["issue_shares"] is not None:
        out["issue_shares"]["price"] = g.rules.SHARE_PRICE
    out["bid"] = _range([a.amount for a in legal if isinstance(a, Bid)], {"kind": "bid", "player": seat}, "amount")
    single = [a for a in legal if not isinstance(a, GROUPED)]
    if single:
        out["actions"] = _flatten(g, legal_choices(game, single))
    if any(a.kind == "select_action" for a in legal):
        out["blocked_actions"] = blocked_actions(g, seat)
    towns: dict[str, list[Urbanize]] = {}
    for a in legal:
        if isinstance(a, Urbanize):
            towns.setdefault(a.hex, []).append(a)
    for lab, sites in sorted(towns.items(), key=lambda kv: label_order(kv[0])):
        h = g.map.by_label[lab.upper()]
        out["urbanize"].append(
            {
                "hex": lab,
                "where": hex_text(g, h),
                "cities": [
                    {"city": u.city, "colour": g.rules.NEW_CITIES[u.city][0], "action": u.to_json()} for u in sites
                ],
            }
        )
    by_hex: dict[str, list[dict[str, Any]]] = {}
    for a in legal:
        if isinstance(a, Build):
            plan = details.get(a, {}).get("plan")
            info = details.get(a, {}).get("info", {})
            entry: dict[str, Any] = {
                "tile": a.tile,
                "rotation": a.rotation,
                "title": info.get("tile_title", a.tile),
                "tracks": info.get("tracks", ""),
                "build": info.get("build", "new"),
                "cost": info.get("cost"),
                "completes": info.get("completes", False),
                "action": a.to_json(),
            }
            if plan is not None:
                entry["track"] = [[_end(x), _end(y)] for x, y in plan.tile.tracks]
                entry["paths"] = track_paths(plan.tile.tracks)
                entry["owners"] = list(plan.tile.owners)
            by_hex.setdefault(a.hex, []).append(entry)
    for lab, options in sorted(by_hex.items(), key=lambda kv: label_order(kv[0])):
        costs = [o["cost"] for o in options if o["cost"] is not None]
        out["builds"].append(
            {
                "hex": lab,
                "where": hex_text(g, g.map.by_label[lab.upper()]),
                "min_cost": min(costs, default=None),
                "max_cost": max(costs, default=None),
                "options": options,
            }
        )
    cubes: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for a in legal:
        if isinstance(a, Deliver):
            route = details.get(a, {}).get("route")
            if route is None:
                entry = {
                    "stops": [a.city],
                    "names": [a.city],
                    "links": list(a.links),
                    "hexes": [a.city],
                    "income": [],
                    "action": a.to_json(),
                }
            else:
                entry = _route(game, route, a)
            cubes.setdefault((a.city, a.colour), []).append(entry)
    for (city, colour), routes in cubes.items():
        h = g.map.by_label[city.upper()]
        out["deliveries"].append({"city": city, "city_name": g.stop_name(h), "colour": colour, "routes": routes})
    return out


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return parse_action(a) == parse_action(b)


def hint_json(legal: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """The ``/hint`` answer (docs/web-api.md): the bot's action and reason, a one-line label of the action, and
    what a client needs to draw it, found in ``legal`` (the ``/legal`` answer of the same position): the build
    option with its track paths, the delivery's route with its hexes, the hex of a New City or of a map's own
    action."""
    action = parse_action(answer["action"]).to_json()
    out: dict[str, Any] = {
        "index": legal["index"],
        "action": action,
        "reason": answer.get("reason") or "",
        "level": answer.get("level"),
        "level_title": LEVEL_TITLES.get(answer.get("level") or "", None),
        "label": None,
        "hex": None,
        "build": None,
        "route": None,
        "track_radius": legal["track_radius"],
    }
    kind = action["kind"]
    if kind == "issue_shares":
        n = action["count"]
        out["label"] = "issue no shares" if n == 0 else f"issue {n} share{'s' if n != 1 else ''}"
    elif kind == "bid":
        out["label"] = f"bid ${action['amount']}"
    for group in legal["builds"]:
        for option in group["options"]:
            if _same(option["action"], action):
                out["build"] = {"hex": group["hex"], "where": group["where"], **option}
                out["hex"] = group["hex"]
                out["label"] = f"build {option['title']} ({option['tracks']}) on {group['where']} for ${option['cost']}"
    for cube in legal["deliveries"]:
        for route in cube["routes"]:
            if _same(route["action"], action):
                out["route"] = {"city": cube["city"], "colour": cube["colour"], **route}
                out["hex"] = cube["city"]
                out["label"] = f"deliver the {cube['colour']} cube: {' → '.join(route['names'])}"
    for town in legal["urbanize"]:
        for city in town["cities"]:
            if _same(city["action"], action):
                out["hex"] = town["hex"]
                out["label"] = f"place New City {city['city']} ({city['colour']}) on {town['where']}"
    for entry in legal["actions"]:
        if _same(entry["action"], action):
            out["hex"] = entry["hex"]
            out["label"] = entry["label"]
    if out["label"] is None:
        out["label"] = kind.replace("_", " ")
    out["label"] = out["label"][:1].upper() + out["label"][1:]
    return out


def named_hexes(g: GameState, cls: type[Action], data: dict[str, Any]) -> list[str]:
    """The hexes of the board an action's JSON names in its fields typed as hexes (``HexLabel``), in field
    order."""
    out = []
    for name, d in field_domains(cls).items():
        spot = data.get(name)
        if d is not None and d.name == "hex" and isinstance(spot, str) and spot.upper() in g.map.by_label:
            out.append(spot.upper())
    return out


def board_spot(g: GameState, cls: type[Action], data: dict[str, Any]) -> str | None:
    """The hex a player picks on the board for a map's own action: its ``hex`` field, else its first field
    typed as a hex (a delivery's city, a station's place…); None for an action that names none."""
    named = named_hexes(g, cls, data)
    spot = data.get("hex")
    if isinstance(spot, str) and spot.upper() in named:
        return spot.upper()
    return named[0] if named else None


def action_hexes(g: GameState, data: dict[str, Any]) -> list[str]:
    """The hexes an action of the record touched, for a page to highlight: every hex its fields name (a build's
    hex, a station's place and hex…) and the hexes of its route (a delivery's), read from the fields' types."""
    cls = action_class(data.get("kind"))
    if cls is None:
        return []
    found = dict.fromkeys(named_hexes(g, cls, data))
    for name, d in field_domains(cls).items():
        links = data.get(name)
        if d is not None and d.name == "route" and isinstance(links, list):
            found.update(dict.fromkeys(route_hexes(g, [str(lk) for lk in links])))
    return list(found)


def blocked_actions(g: GameState, seat: int) -> list[dict[str, str]]:
    """The action spaces ``seat`` may not select now, each with why (taken by another player, or a map's own
    rule: Saint Petersburg's action block disc…), so that a table shows them greyed rather than missing."""
    out = []
    for name in g.rules.actions_offered(g, seat):
        reason = g.rules.action_refusal(g, seat, name)
        if reason is not None:
            out.append({"action": name, "title": g.rules.action_title(name), "reason": reason})
    return out


def refusal_json(game: Game, label: str) -> dict[str, Any]:
    """Why the player building track now can build nothing on the hex ``label`` (docs/web-api.md)."""
    g = game.state
    h = g.map.by_label.get(label.strip().upper())
    if h is None:
        raise ApiError(422, "invalid", f"field 'hex': there is no hex {label!r} on this map", "hex")
    seat = g.to_move
    if g.over or g.build is None or seat != g.build.player or Build not in g.rules.phase(g).accepts:
        raise ApiError(409, "no_build", "no one is building track now", None)
    return {"index": len(game.record.actions), "player": seat, "hex": g.label(h), "reason": build_refusal(g, seat, h)}
