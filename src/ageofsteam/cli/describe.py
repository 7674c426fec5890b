"""The position as the terminal shows it (``aos show``, ``aos play``): rich tables around the player-words
text of :mod:`ageofsteam.words`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ageofsteam.words.names import (
    display_lines,
    header,
    phase_lines,
    player_name,
    standings_lines,
    unfinished_lines,
)

if TYPE_CHECKING:
    from ageofsteam.engine.game import Game
    from ageofsteam.engine.state import GameState


def make_table(title: str | None = None) -> Table:
    """A plain table: a rule under the header, no frame, two spaces between columns."""
    return Table(
        title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1, 0, 0)
    )


def players_table(game: Game) -> Table:
    g = game.state
    rules = g.rules
    table = make_table("Players")
    score_title = rules.SCORE_TITLE
    numeric = ("#", "Cash", "Income", "Shares", "Engine", score_title)
    columns = ("#", "Player", "Cash", "Income", "Shares", "Engine", "Action", *([score_title] if score_title else []))
    for col in columns:
        table.add_column(
            col, justify="right" if col in numeric else "left", no_wrap=col != "Action", min_width=len(col)
        )
    order = {seat: i + 1 for i, seat in enumerate(g.order)}
    for p in g.players:
        seat = game.record.seats[p.seat]
        who = f"{p.name} ({p.colour}{f', {seat.bot} bot' if seat.bot else ''})"
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
            *([score] if score_title else []),
        )
    return table


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
