"""The parts of the picture around the board: the title, the key, the players' figures and the goods display."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ageofsteam.render import palette as pal
from ageofsteam.render.drawing import Drawing
from ageofsteam.render.svgdoc import el, group, text, text_width

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

PAD = 10.0


def title_drawing(title: str, subtitle: str | None, width: float, notes: list[str] | None = None) -> Drawing:
    """The title, a subtitle and ``notes`` (a map's own figures: season, money…), one line each."""
    parts = [text(PAD, 27, title, 22, anchor="start", weight="bold", fill=pal.INK)]
    h = 38.0
    if subtitle:
        parts.append(text(PAD, 50, subtitle, 13, anchor="start", fill="#444444"))
        h = 60.0
    for note in notes or []:
        line = ""
        for word in note.split():  # wrapped to the picture's width
            longer = f"{line} {word}" if line else word
            if line and text_width(longer, 12) > width - 2 * PAD:
                parts.append(text(PAD, h + 8, line, 12, anchor="start", fill="#444444"))
                h += 16.0
                longer = word
            line = longer
        parts.append(text(PAD, h + 8, line, 12, anchor="start", fill="#444444"))
        h += 18.0
    return Drawing("".join(parts), width, h)


def game_subtitle(g: GameState) -> str:
    """``Turn 3 of 8 · Build Track · Player 2 to move``."""
    if g.over:
        standings = g.rules.standings(g)
        if standings and standings[0][1] is not None:
            seat, score = standings[0]
            return (
                f"Game over after turn {g.turn} · winner {g.players[seat].name} ({g.rules.score_text(g, seat, score)})"
            )
        return f"Game over after turn {g.turn} · every player is out"
    phase = g.rules.phase_map.get(g.phase)
    title = phase.title if phase is not None else g.phase.replace("_", " ").title()
    parts = [(f"Turn {g.turn}" + (f" of {g.last_turn}" if g.last_turn else "")) if g.turn else "Setup", title]
    if parts[0] == parts[1]:
        parts.pop()
    if g.to_move is not None and 0 <= g.to_move < len(g.players):
        parts.append(f"{g.players[g.to_move].name} to move")
    return " · ".join(parts)


def key_drawing(entries: list[tuple[str, str]], width: float) -> Drawing:
    """Swatches with captions, flowed in rows across ``width``."""
    x, y = PAD, 6.0
    parts = []
    for swatch, caption in entries:
        w = 22 + text_width(caption, 11) + 14
        if x + w > width - PAD and x > PAD:
            x, y = PAD, y + 22
        parts.append(el("g", swatch, transform=f"translate({x:.1f} {y:.1f})"))
        parts.append(text(x + 21, y + 12.5, caption, 11, anchor="start", fill="#333333"))
        x += w
    return Drawing(group(parts, class_="key"), width, y + 24 if entries else 0)


def players_drawing(g: GameState) -> Drawing:
    """One row per player, in player order: colour, name, cash, income, shares, engine, score, action."""
    rules: Any = g.rules
    cols = [
        ("", 24),
        ("Player", 150),
        ("Cash", 52),
        ("Income", 58),
        ("Shares", 58),
        ("Engine", 56),
        ("Score", 52),
        ("Action", 120),
    ]
    width = sum(w for _, w in cols)
    row_h = 22.0
    parts = [
        el(
            "rect",
            x=0,
            y=0,
            width=width,
            height=row_h * (len(g.players) + 1) + 6,
            rx=6,
            fill=pal.PANEL,
            stroke="#c9c3b4",
        )
    ]
    x = 0.0
    for name, w in cols:
        if name:
            anchor = "start" if name in ("Player", "Action") else "end"
            tx = x + 4 if anchor == "start" else x + w - 6
            parts.append(text(tx, 16, name, 11, anchor=anchor, weight="bold", fill="#555555"))
        x += w
    order = list(g.order) + [p.seat for p in g.players if p.seat not in g.order]
    for k, seat in enumerate(order):
        p = g.players[seat]
        y = row_h * (k + 1) + 2
        if g.to_move == seat and not g.over:
            parts.append(el("rect", x=2, y=y, width=width - 4, height=row_h, rx=4, fill="#fff2b3"))
        colour = pal.player(p.colour)
        parts.append(
            el(
                "rect",
                x=7,
                y=y + 5,
                width=12,
                height=12,
                rx=2,
                fill=colour,
                stroke=pal.INK,
                stroke_width=1,
                class_="seat-colour",
                data_seat=str(seat),
            )
        )
        score = None if p.eliminated else rules.score(g, seat)
        action = rules.ACTION_TITLES.get(p.action, p.action) if p.action else ""
        name = p.name + (" (out)" if p.eliminated else "")
        cells = [
            name,
            f"${p.cash}",
            str(p.income),
            str(p.shares),
            str(p.engine),
            "–" if score is None else str(score),
            action,
        ]
        x = float(cols[0][1])
        for (col, w), value in zip(cols[1:], cells, strict=True):
            anchor = "start" if col in ("Player", "Action") else "end"
            tx = x + 4 if anchor == "start" else x + w - 6
            fill = "#999999" if p.eliminated else pal.INK
            parts.append(
                text(
                    tx,
                    y + 15.5,
                    value,
                    12,
                    anchor=anchor,
                    fill=fill,
                    weight="bold" if col == "Player" and g.to_move == seat else None,
                )
            )
            x += w
    return Drawing(group(parts, class_="players"), width, row_h * (len(g.players) + 1) + 6)


def _display_halves(g: GameState) -> list[tuple[str, list[str]]]:
    """The goods display's columns grouped: light (1–6, then New City letters), dark, then any others."""
    letters: dict[str, tuple[str, str]] = getattr(g.rules, "NEW_CITIES", {})
    light, dark, other = [], [], []
    for col in g.display:
        half = letters[col][1] if col in letters else col
        if half.startswith("light"):
            light.append(col)
        elif half.startswith("dark"):
            dark.append(col)
        else:
            other.append(col)
    rows = [("light", light), ("dark", dark)]
    if other:
        rows.append(("other", other))
    return [(h, cols) for h, cols in rows if cols]


def display_drawing(g: GameState) -> Drawing:
    """The goods display: a row of columns per half, each column a stack of boxes holding cubes."""
    rows = _display_halves(g)
    box = 15.0
    col_w = 22.0
    head = 16.0
    title = "Goods display" if rows else "Goods"  # a map without a goods display shows only its bag
    parts = [text(0, 13, title, 12, anchor="start", weight="bold", fill=pal.INK)]
    y = 20.0
    width = 0.0
    for half, cols in rows:
        depth = max(len(g.display[c]) for c in cols)
        h = head + depth * (box + 3) + 4
        w = len(cols) * col_w + 6
        dark = half == "dark"
        parts.append(
            el(
                "rect",
                x=0,
                y=y,
                width=w,
                height=h,
                rx=5,
                fill=pal.INK if dark else "#ffffff",
                stroke=pal.INK,
                stroke_width=1.2,
                class_=f"display-{half}",
            )
        )
        for k, col in enumerate(cols):
            cx = 3 + k * col_w + col_w / 2
            figure = col.removeprefix("light").removeprefix("dark")
            parts.append(text(cx, y + 12.5, figure, 11, fill="#ffffff" if dark else pal.INK, weight="bold"))
            for j, cube in enumerate(g.display[col]):
                by = y + head + j * (box + 3)
                parts.append(
                    el(
                        "rect",
                        x=cx - box / 2,
                        y=by,
                        width=box,
                        height=box,
                        rx=2,
                        fill="#5a5a5a" if dark else "#ece8dc",
                        stroke="#8c8c8c",
                        stroke_width=0.8,
                    )
                )
                if cube is not None:
                    parts.append(
                        el(
                            "rect",
                            x=cx - box / 2 + 2.5,
                            y=by + 2.5,
                            width=box - 5,
                            height=box - 5,
                            rx=1,
                            fill=pal.goods(cube),
                            stroke="#ffffff" if cube == "black" else pal.INK,
                            stroke_width=0.9,
                            class_=f"cube cube-{cube}",
                            data_column=col,
                        )
                    )
        y += h + 6
        width = max(width, w)
    bag = ", ".join(f"{n} {c}" for c, n in sorted(g.bag.items()) if n)
    parts.append(text(0, y + 11, f"Bag: {bag or 'empty'}", 11, anchor="start", fill="#444444"))
    width = max(width, text_width(f"Bag: {bag}", 11))
    return Drawing(group(parts, class_="goods-display"), width, y + 16)


def place(d: Drawing, x: float, y: float) -> str:
    return el("g", d.body, transform=f"translate({x:.1f} {y:.1f})") if d.body else ""
