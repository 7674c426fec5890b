"""The legal decisions of the player to move, described and grouped as a menu tree (``aos legal`` prints the
tree, ``aos play`` walks it, the web page shows it)."""

from __future__ import annotations

import json
import textwrap
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ageofsteam.board.tiles import TILE_TYPES
from ageofsteam.engine.actions import (
    CHANCE,
    Action,
    Bid,
    Build,
    Deliver,
    DropOut,
    EndBuild,
    IssueShares,
    PlaceCube,
    SelectAction,
    SkipMove,
    TurnOrderPass,
    UpgradeEngine,
    Urbanize,
)
from ageofsteam.rules.build_track import legal_builds
from ageofsteam.rules.move_goods import all_routes, delivery_facts
from ageofsteam.rules.special_links import BuildLink, link_title, special_link
from ageofsteam.words.names import hex_text, label_order, player_name, tracks_text

if TYPE_CHECKING:
    from ageofsteam.engine.game import Game
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.move_goods import Route
    from ageofsteam.rules.track_placement import BuildPlan

DELIVERY_MENU_LIMIT = 12  # more deliveries than this are grouped by cube in menus
# the action kinds of the base game, described here; any other is a map's own (``Rules.describe_action``)
_CORE_KINDS = (
    IssueShares,
    Bid,
    DropOut,
    TurnOrderPass,
    SelectAction,
    Urbanize,
    Build,
    Deliver,
    EndBuild,
    UpgradeEngine,
    SkipMove,
    PlaceCube,
)


@dataclass
class Choice:
    """One entry of the decision menu: an action, a sub-menu, or an amount to ask for."""

    label: str
    action: Action | None = None
    children: list[Choice] = field(default_factory=list)
    amounts: dict[int, Action] = field(default_factory=dict)  # amount → action, asked for by ``ask``
    ask: str = ""
    key: str | None = None  # a word the player may type instead of the entry's number
    inline: bool = False  # list the children on the entry's own line (in ``aos legal``)

    def actions(self) -> list[Action]:
        out = [self.action] if self.action is not None else []
        out += list(self.amounts.values())
        for c in self.children:
            out += c.actions()
        return out


def _range(values: list[int], money: bool) -> str:
    lo, hi = min(values), max(values)
    fmt = (lambda v: f"${v}") if money else str
    return fmt(lo) if lo == hi else f"{fmt(lo)}–{fmt(hi)}"


def build_info(g: GameState, plan: BuildPlan) -> dict[str, Any]:
    return {
        "hex": g.label(plan.hex),
        "where": hex_text(g, plan.hex),
        "tile_title": TILE_TYPES[plan.tile.tile].title,
        "tracks": tracks_text(plan.tile.tracks),
        "build": plan.kind,
        "cost": plan.cost,
        "completes": plan.completes,
    }


def build_label(g: GameState, plan: BuildPlan) -> str:
    kind = "" if plan.kind == "new" else f", {plan.kind}"
    done = ", completes a link" if plan.completes else ""
    return (
        f"{TILE_TYPES[plan.tile.tile].title} rotation {plan.tile.rotation} ({tracks_text(plan.tile.tracks)})"
        f" ${plan.cost}{kind}{done}"
    )


def delivery_info(game: Game, route: Route) -> dict[str, Any]:
    return delivery_facts(game.state, route.stops, len(route.links), route_income(game, route))


def route_income(game: Game, route: Route) -> dict[int | None, int]:
    """The income a delivery by the player to move pays, as the map's rules count it."""
    g = game.state
    seat = g.to_move
    if seat is None or seat == CHANCE:
        return route.income()
    return g.rules.delivery_income(g, seat, route)


def delivery_label(game: Game, route: Route, with_cube: bool = True, with_links: bool = False) -> str:
    """``red from Chicago: Chicago → Milwaukee (1 link; income Ann +1)``; ``with_links`` names the links
    (to tell apart routes through the same places)."""
    g = game.state
    paid = ", ".join(f"{player_name(game, seat)} +{n}" for seat, n in route_income(game, route).items())
    cube = f"{route.colour} from {g.stop_name(route.stops[0])}: " if with_cube else ""
    n = len(route.links)
    links = f" via {', '.join(lk.id for lk in route.links)}" if with_links else ""
    return (
        f"{cube}{' → '.join(g.stop_name(s) for s in route.stops)} ({n} link{'s' if n > 1 else ''}{links}; "
        f"income {paid})"
    )


def _deliver_key(a: Deliver) -> tuple[str, str, tuple[str, ...]]:
    return (a.city.upper(), a.colour, tuple(a.links))


def action_info(g: GameState, a: Action) -> dict[str, Any] | None:
    """The figures the menu entry of a legal action other than a build or a delivery names (None: none): the
    share price, the engine an upgrade reaches, a special link's cost, and a map's own kind's facts (its cost,
    or a delivery's path and income: ``Rules.action_info``)."""
    rules = g.rules
    if isinstance(a, IssueShares):
        return {"price": rules.SHARE_PRICE}
    if isinstance(a, UpgradeEngine):
        return {"engine": g.players[a.player].engine + 1}
    if isinstance(a, BuildLink):
        link = special_link(g, a.link)
        if link is None:
            return None
        return {"link": link.id, "title": link_title(g, link), "cost": rules.special_link_cost(g, a.player, link)}
    if isinstance(a, _CORE_KINDS):
        return None
    return rules.action_info(g, a)


def action_details(game: Game, legal: list[Action]) -> dict[Action, dict[str, Any]]:
    """Extra facts for the builds (cost, tracks), the deliveries (path, income) and the other actions whose menu
    entry names a figure (:func:`action_info`) among ``legal``."""
    g = game.state
    out: dict[Action, dict[str, Any]] = {}
    seat = g.to_move
    if seat is None or seat == CHANCE:
        return out
    for a in legal:
        if not isinstance(a, (Build, Deliver)) and (info := action_info(g, a)) is not None:
            out[a] = {"info": info}
    if any(isinstance(a, Build) for a in legal):
        plans = {(g.label(p.hex), p.tile.tile, p.tile.rotation): p for p in legal_builds(g, seat)}
        for a in legal:
            if isinstance(a, Build) and (plan := plans.get((a.hex, a.tile, a.rotation))) is not None:
                out[a] = {"plan": plan, "info": build_info(g, plan)}
    if any(isinstance(a, Deliver) for a in legal):
        routes = {(g.label(r.stops[0]), r.colour, tuple(lk.id for lk in r.links)): r for r in all_routes(g, seat)}
        for a in legal:
            if isinstance(a, Deliver) and (route := routes.get(_deliver_key(a))) is not None:
                out[a] = {"route": route, "info": delivery_info(game, route)}
    return out


def legal_json(game: Game) -> list[dict[str, Any]]:
    """``aos legal --json``: one entry per legal action, with the facts its menu entry names (``info``): a build's
    cost and tracks, a delivery's path and income, the cost of a special link or of a map's own action..."""
    legal = game.legal_actions()
    details = action_details(game, legal)
    out = []
    for a in legal:
        entry: dict[str, Any] = {"action": a.to_json()}
        if a in details:
            entry["info"] = details[a]["info"]
        out.append(entry)
    return out


def legal_choices(game: Game, legal: list[Action] | None = None) -> list[Choice]:
    """The legal decisions of the player to move, grouped as a menu (of ``legal``, a part of the legal actions
    already known, if given)."""
    g = game.state
    legal = game.legal_actions() if legal is None else legal
    details = action_details(game, legal)
    rules = g.rules
    out: list[Choice] = []
    shares: dict[int, Action] = {a.count: a for a in legal if isinstance(a, IssueShares)}
    if shares:
        rng = _range(list(shares), money=False)
        out.append(
            Choice(
                f"issue {rng} shares (${rules.SHARE_PRICE} each)",
                amounts=shares,
                ask=f"How many shares to issue ({rng})?",
                key="issue",
            )
        )
    bids: dict[int, Action] = {a.amount: a for a in legal if isinstance(a, Bid)}
    if bids:
        rng = _range(list(bids), money=True)
        out.append(Choice(f"bid {rng}", amounts=bids, ask=f"Bid how much ({rng})?", key="bid"))
    for a in legal:
        if isinstance(a, DropOut):
            out.append(Choice("drop out of the auction", a, key="drop"))
        elif isinstance(a, TurnOrderPass):
            out.append(Choice("pass (Turn Order)", a, key="pass"))
        elif isinstance(a, SelectAction):
            out.append(Choice(f"take {rules.action_title(a.action)}", a, key=a.action))
    urbanize = [a for a in legal if isinstance(a, Urbanize)]
    if urbanize:
        towns: dict[str, list[Urbanize]] = {}
        for u in urbanize:
            towns.setdefault(u.hex, []).append(u)
        children = []
        for lab, sites in sorted(towns.items(), key=lambda kv: label_order(kv[0])):
            h = g.map.by_label[lab.upper()]
            letters = [
                Choice(f"New City {u.city} ({rules.NEW_CITIES[u.city][0]})", u, key=u.city.lower()) for u in sites
            ]
            children.append(Choice(f"on {hex_text(g, h)}", children=letters, key=lab.lower(), inline=True))
        out.append(
            Choice(
                f"place a New City (Urbanization): {len(towns)} towns, letters "
                f"{', '.join(sorted({u.city for u in urbanize}))}",
                children=children,
                key="urbanize",
            )
        )
    by_hex: dict[str, list[Build]] = {}
    for a in legal:
        if isinstance(a, Build):
            by_hex.setdefault(a.hex, []).append(a)
    for lab, builds in sorted(by_hex.items(), key=lambda kv: label_order(kv[0])):
        h = g.map.by_label[lab.upper()]
        options = []
        for b in builds:
            plan = details.get(b, {}).get("plan")
            text = build_label(g, plan) if plan else f"{b.tile} rotation {b.rotation}"
            options.append(Choice(text, b))
        costs = [details[b]["plan"].cost for b in builds if b in details]
        cost = f", {_range(costs, money=True)}" if costs else ""
        out.append(
            Choice(
                f"build on {hex_text(g, h)}: {len(builds)} option{'s' if len(builds) > 1 else ''}{cost}",
                children=options,
                key=lab.lower(),
            )
        )
    delivers = [a for a in legal if isinstance(a, Deliver)]
    if delivers:
        out += _delivery_choices(game, delivers, details)
    for a in legal:
        if isinstance(a, EndBuild):
            out.append(Choice("end the build", a, key="end"))
        elif isinstance(a, UpgradeEngine):
            out.append(
                Choice(
                    f"raise the engine to {g.players[a.player].engine + 1} instead of moving a cube", a, key="upgrade"
                )
            )
        elif isinstance(a, SkipMove):
            out.append(Choice("move no cube this round", a, key="skip"))
        elif isinstance(a, PlaceCube):
            cube = g.produced[0] if g.produced else "the"
            out.append(Choice(f"put the {cube} cube in display box {a.box}", a, key=a.box.lower()))
    for a in legal:
        if isinstance(a, BuildLink) and (info := action_info(g, a)) is not None:
            out.append(Choice(f"build the {info['title']} (${info['cost']}, one build)", a, key=a.link))
    for a in legal:
        if not isinstance(a, (*_CORE_KINDS, BuildLink)):  # a map's own action kinds
            out.append(Choice(rules.describe_action(g, a) or f"{a.kind} {a.to_json()}", a))
    return out


def _delivery_choices(game: Game, delivers: list[Deliver], details: dict[Action, dict[str, Any]]) -> list[Choice]:
    g = game.state

    paths: dict[tuple[str, tuple[int, ...]], int] = {}
    for a in delivers:
        route = details.get(a, {}).get("route")
        if route is not None:
            paths[(a.colour, route.stops)] = paths.get((a.colour, route.stops), 0) + 1

    def label(a: Deliver, with_cube: bool) -> str:
        route = details.get(a, {}).get("route")
        if route is None:
            return f"{a.colour} from {a.city} via {', '.join(a.links)}"
        return delivery_label(game, route, with_cube, with_links=paths[(a.colour, route.stops)] > 1)

    if len(delivers) <= DELIVERY_MENU_LIMIT:
        return [Choice(f"deliver {label(a, True)}", a) for a in delivers]
    cubes: dict[tuple[str, str], list[Deliver]] = {}
    for a in delivers:
        cubes.setdefault((a.city, a.colour), []).append(a)
    out = []
    for (city, colour), acts in cubes.items():
        name = g.stop_name(g.map.by_label[city.upper()])
        out.append(
            Choice(
                f"deliver {colour} from {name}: {len(acts)} route{'s' if len(acts) > 1 else ''}",
                children=[Choice(label(a, False), a) for a in acts],
            )
        )
    return out


def choice_lines(choices: list[Choice], width: int = 100, indent: str = "  ", keys: bool = True) -> list[str]:
    """The whole tree as indented lines no wider than ``width`` (``aos legal``)."""
    out = []
    for c in choices:
        key = f"  [{c.key}]" if c.key and keys else ""
        inline = f": {', '.join(child.label for child in c.children)}" if c.inline else ""
        out += textwrap.wrap(
            f"{c.label}{key}{inline}",
            width=max(width, 40),
            initial_indent=indent,
            subsequent_indent=indent + "      ",
            break_on_hyphens=False,
        )
        if not c.inline:
            out += choice_lines(c.children, width, indent + "    ", keys)
    return out


def action_words(game: Game, action: Action) -> str:
    """One legal action of the player to move in words, as its menu entry reads: ``issue 2 shares``, ``bid
    $3``, ``build on K5 (Pittsburgh): Straight rotation 2 (…) $2``, ``deliver red from Chicago: …``. An action
    that is not legal reads as its JSON."""

    def find(choices: list[Choice], path: list[str]) -> str | None:
        for c in choices:
            head = c.label.split(": ")[0]
            if c.action == action:
                return ": ".join([*path, c.label])
            for n, a in c.amounts.items():
                if a == action:
                    if isinstance(a, IssueShares):
                        return f"issue {n} share{'' if n == 1 else 's'}"
                    if isinstance(a, Bid):
                        return f"bid ${n}"
                    return ": ".join([*path, f"{head} {n}"])
            found = find(c.children, [*path, head])
            if found is not None:
                return found
        return None

    return find(legal_choices(game), []) or f"{action.kind} {json.dumps(action.to_json())}"
