"""Names and lines of text for a position: hexes, tracks, players, the header, the phase, the standings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.board.hexes import DIRECTIONS, TOWN
from ageofsteam.board.tiles import Track
from ageofsteam.engine.actions import CHANCE

if TYPE_CHECKING:
    from ageofsteam.engine.game import Game
    from ageofsteam.engine.state import GameState

CUBE_LETTERS = {"red": "R", "blue": "B", "purple": "P", "yellow": "Y", "black": "K", "white": "W"}


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
    return f"{seat.name} ({seat.colour}{f', {seat.bot} bot' if seat.bot else ''}) to move"


def header(game: Game) -> str:
    g = game.state
    phase = g.rules.phase_map.get(g.phase)
    title = phase.title if phase else ("Game over" if g.over else g.phase)
    turn = (f"turn {g.turn}" + (f" of {g.last_turn}" if g.last_turn else "")) if g.turn else "setup"
    extra = f", move round {g.move_round}" if g.phase == "move_goods" and not g.over else ""
    if g.over:
        return f"{g.map.name} — {turn} — Game over"
    return f"{g.map.name} — {turn} — {title}{extra} — {mover_text(game)}"


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
    if not g.display:  # a map without a goods display (Miami 2030)
        return [f"Bag: {bag}"]
    return (
        [f"Goods display ({legend}):"]
        + [f"  {half:<5}  {'  '.join(cols)}" for half, cols in halves.items()]
        + [f"Bag: {bag}"]
    )


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
        out.append(f"  {rank}. {g.player_name(seat)}: {g.rules.score_text(g, seat, score)}")
    result = g.rules.result_lines(g) if g.over else []
    return ["Final standings:" if g.over else "Standings so far:", *out, *result]
