"""Readable text for a game: the state (``aos show``) and the legal decisions grouped as a menu tree
(``aos legal`` prints the tree, ``aos play`` walks it)."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from ageofsteam.board.hexes import DIRECTIONS, TOWN
from ageofsteam.board.tiles import TILE_TYPES, Track
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
from ageofsteam.rules.move_goods import all_routes
from ageofsteam.rules.special_links import BuildLink, link_title, special_link

if TYPE_CHECKING:
    from ageofsteam.engine.game import Game
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.move_goods import Route
    from ageofsteam.rules.track_placement import BuildPlan

CUBE_LETTERS = {"red": "R", "blue": "B", "purple": "P", "yellow": "Y", "black": "K", "white": "W"}
DELIVERY_MENU_LIMIT = 12  # more deliveries than this are grouped by cube in menus


def cube_letter(colour: str | None) -> str:
    if colour is None:
        return "·"
    return CUBE_LETTERS.get(colour, colour[:1].upper())


def tracks_text(tracks: list[Track] | tuple[Track, ...]) -> str:
    """``N–S + NE–SW``, or ``town: N, S`` for the spokes of a town."""
    spokes = [DIRECTIONS[a] for a, b in tracks if b == TOWN]
    plain = [f"{DIRECTIONS[a]}–{DIRECTIONS[b]}" for a, b in tracks if b != TOWN]
    parts = plain + ([f"town: {', '.join(spokes)}"] if spokes else [])
    return " + ".join(parts)


def hex_text(g: GameState, h: int) -> str:
    """``K5 (river)``, ``H12 (Milwaukee, town)``."""
    if g.is_city(h):
        return f"{g.label(h)} ({g.city_name(h)})"
    near = sorted({g.city_name(c) for n in g.map.neighbours[h] if n >= 0 and (c := g.city_hex(n)) is not None})
    by = f", by {' and '.join(near)}" if near else ""
    if h in g.map.towns:
        return f"{g.label(h)} ({g.map.towns[h]}, town{by})"
    return f"{g.label(h)} ({g.map.terrain[h]}{by})"


def label_order(label: str) -> tuple[int, str, int]:
    """Sort key for hex labels: A2 < B1 < B15 < AA3."""
    letters = label.rstrip("0123456789")
    return (len(letters), letters, int(label[len(letters) :] or 0))


def player_name(game: Game, seat: int | None) -> str:
    return "no one" if seat is None else game.state.player_name(seat)


def mover_text(game: Game) -> str:
    g = game.state
    if g.over:
        return "Game over"
    if g.to_move is None:
        return "Nobody is to move"
    if g.to_move == CHANCE:
        return "A dice roll or a draw is due"
    seat = game.record.seats[g.to_move]
    return f"{seat.name} ({seat.colour}{', bot' if seat.bot else ''}) to move"


def header(game: Game) -> str:
    g = game.state
    phase = g.rules.phase_map.get(g.phase)
    title = phase.title if phase else ("Game over" if g.over else g.phase)
    turn = (f"turn {g.turn}" + (f" of {g.last_turn}" if g.last_turn else "")) if g.turn else "setup"
    extra = f", move round {g.move_round}" if g.phase == "move_goods" and not g.over else ""
    if g.over:
        return f"{g.map.name} — {turn} — Game over"
    return f"{g.map.name} — {turn} — {title}{extra} — {mover_text(game)}"


# --- the state ------------------------------------------------------------------------------------


def make_table(title: str | None = None) -> Table:
    """A plain table: a rule under the header, no frame, two spaces between columns."""
    return Table(
        title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1, 0, 0)
    )


def players_table(game: Game) -> Table:
    g = game.state
    rules = g.rules
    table = make_table("Players")
    numeric = ("#", "Cash", "Income", "Shares", "Engine", "Score")
    for col in ("#", "Player", "Cash", "Income", "Shares", "Engine", "Action", "Score"):
        table.add_column(
            col, justify="right" if col in numeric else "left", no_wrap=col != "Action", min_width=len(col)
        )
    order = {seat: i + 1 for i, seat in enumerate(g.order)}
    for p in g.players:
        seat = game.record.seats[p.seat]
        who = f"{p.name} ({p.colour}{', bot' if seat.bot else ''})"
        score = "out" if p.eliminated else str(rules.score(g, p.seat))
        mark = "▶" if g.to_move == p.seat and not g.over else ""
        table.add_row(
            f"{mark}{order.get(p.seat, '–')}",
            who,
            f"${p.cash}",
            str(p.income),
            str(p.shares),
            str(p.engine),
            rules.action_title(p.action) if p.action else "–",
            score,
        )
    return table


def phase_lines(game: Game) -> list[str]:
    g = game.state
    out = []
    if g.auction is not None:
        a = g.auction
        high = f"${a.high} by {player_name(game, a.high_bidder)}" if a.high_bidder is not None else "none yet"
        out.append(
            f"Auction: high bid {high}; still in: {', '.join(player_name(game, s) for s in a.bidders)}"
            + (f"; dropped out: {', '.join(player_name(game, s) for s in a.dropped)}" if a.dropped else "")
        )
    if g.build is not None:
        b = g.build
        built = f"; built this turn at {', '.join(sorted(g.label(h) for h in b.hexes))}" if b.hexes else ""
        out.append(
            f"Building: {player_name(game, b.player)}, {b.builds_left} builds left{built}"
            + ("; may place a New City first" if b.may_urbanize else "")
        )
    if g.produced:
        out.append(f"Production cubes to place: {', '.join(g.produced)}")
    return g.rules.describe_status(g) + out


def cities_table(g: GameState) -> Table:
    table = make_table("Cities")
    for col in ("Hex", "City", "Takes", "Cubes"):
        table.add_column(col)
    for city in sorted(g.cubes, key=g.label):
        cubes = g.cubes[city]
        text = ", ".join(f"{n} {c}" for c, n in sorted(cubes.items()) if n) or "–"
        table.add_row(g.label(city), g.city_name(city), "/".join(g.city_colours(city)), text)
    for stop, cubes in sorted(g.rules.goods_sources(g).items(), key=lambda kv: g.label(kv[0])):
        if stop not in g.cubes:  # goods a map keeps on other stops (steam on volcanoes…)
            text = ", ".join(f"{n} {c}" for c, n in sorted(cubes.items()) if n) or "–"
            table.add_row(g.label(stop), g.stop_name(stop), "–", text)
    return table


def display_lines(g: GameState) -> list[str]:
    legend = ", ".join(f"{cube_letter(colour)} {colour}" for colour in g.rules.BAG) + ", · empty"
    halves: dict[str, list[str]] = {}
    for col, boxes in g.display.items():
        half = "light" if col.startswith("light") else "dark" if col.startswith("dark") else None
        if half is None:  # a New City column sits with the half it is fed from
            fed = g.rules.NEW_CITIES.get(col, ("", ""))[1]
            half = "light" if fed.startswith("light") else "dark"
            name = col
        else:
            name = col[len(half) :]
        halves.setdefault(half, []).append(f"{name}:{''.join(cube_letter(c) for c in boxes)}")
    bag = ", ".join(f"{n} {c}" for c, n in sorted(g.bag.items()) if n) or "empty"
    return (
        [f"Goods display ({legend}):"]
        + [f"  {half:<5}  {'  '.join(cols)}" for half, cols in halves.items()]
        + [f"Bag: {bag}"]
    )


def links_table(game: Game) -> Table | Text:
    g = game.state
    links = sorted(g.network.links.values(), key=lambda lk: lk.id)
    if not links:
        return Text("Links: none yet")
    table = make_table("Completed links")
    for col in ("Link", "From", "To", "Owner", "Sections"):
        table.add_column(col, justify="right" if col == "Sections" else "left")
    for lk in links:
        table.add_row(lk.id, g.stop_name(lk.a), g.stop_name(lk.b), player_name(game, lk.owner), str(lk.sections))
    return table


def unfinished_lines(game: Game) -> list[str]:
    g = game.state
    out = []
    for chain in g.network.chains:
        if not chain.complete:
            hexes = sorted({g.label(h) for h, _ in chain.tracks})
            out.append(f"  {player_name(game, chain.owner)}: {', '.join(hexes)}")
    return ["Unfinished track:", *out] if out else []


def standings_lines(game: Game) -> list[str]:
    g = game.state
    out = []
    for rank, (seat, score) in enumerate(g.rules.standings(g), start=1):
        out.append(f"  {rank}. {g.player_name(seat)}: {'eliminated' if score is None else f'{score} points'}")
    result = g.rules.result_lines(g) if g.over else []
    return ["Final standings:" if g.over else "Standings so far:", *out, *result]


def state_renderable(game: Game, log_lines: int = 8) -> RenderableType:
    """Everything ``aos show`` prints."""
    g = game.state
    parts: list[RenderableType] = [Text(header(game), style="bold"), Text(""), players_table(game)]
    parts += [Text(line) for line in phase_lines(game)]
    parts += [Text(""), cities_table(g), Text("")]
    parts += [Text(line) for line in display_lines(g)]
    parts += [Text(""), links_table(game)]
    parts += [Text(line) for line in unfinished_lines(game)]
    if log_lines and g.log:
        parts += [Text(""), Text("Recent events:")] + [Text(f"  {line}") for line in g.log[-log_lines:]]
    if g.over:
        parts += [Text("")] + [Text(line) for line in standings_lines(game)]
    return Group(*parts)


def short_state(game: Game) -> RenderableType:
    """The header and the player table (for the play loop)."""
    return Group(Text(header(game), style="bold"), players_table(game), *(Text(x) for x in phase_lines(game)))


# --- the legal decisions --------------------------------------------------------------------------


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
    g = game.state
    return {
        "path": [g.stop_name(s) for s in route.stops],
        "hexes": [g.label(s) for s in route.stops],
        "links": len(route.links),
        "income": [
            {"seat": seat, "name": player_name(game, seat), "income": n}
            for seat, n in route_income(game, route).items()
        ],
    }


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


def action_details(game: Game, legal: list[Action]) -> dict[Action, dict[str, Any]]:
    """Extra facts for the builds (cost, tracks) and deliveries (path, income) among ``legal``."""
    g = game.state
    out: dict[Action, dict[str, Any]] = {}
    seat = g.to_move
    if seat is None or seat == CHANCE:
        return out
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
    """``aos legal --json``: one entry per legal action, with extra facts for builds and deliveries."""
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
    known = (
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
    for a in legal:
        if isinstance(a, BuildLink):
            link = special_link(g, a.link)
            if link is not None:
                cost = rules.special_link_cost(g, a.player, link)
                out.append(Choice(f"build the {link_title(g, link)} (${cost}, one build)", a, key=a.link))
    known = (*known, BuildLink)
    for a in legal:
        if not isinstance(a, known):  # a map's own action kinds
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


def print_state(out: Console, game: Game) -> None:
    out.print(state_renderable(game))
