"""A tiny SVG writer: elements as escaped strings, numbers rounded, text with a halo, text width estimates."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from xml.sax.saxutils import escape, quoteattr

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
Point = tuple[float, float]


def num(v: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(attrs: dict[str, object]) -> str:
    out = []
    for k, v in attrs.items():
        if v is None or v is False:
            continue
        name = k.rstrip("_").replace("_", "-")
        value = num(v) if isinstance(v, float) else str(v)
        out.append(f" {name}={quoteattr(value)}")
    return "".join(out)


def el(tag: str, content: str | None = None, /, **attrs: object) -> str:
    """``<tag attr="…">content</tag>``; attribute names use ``_`` for ``-`` (``stroke_width``, ``class_``)."""
    if content is None:
        return f"<{tag}{_attrs(attrs)}/>"
    return f"<{tag}{_attrs(attrs)}>{content}</{tag}>"


def group(parts: Iterable[str], **attrs: object) -> str:
    body = "".join(parts)
    return el("g", body, **attrs) if body else ""


def points(pts: Sequence[Point]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


def polygon(pts: Sequence[Point], **attrs: object) -> str:
    return el("polygon", points=points(pts), **attrs)


def path_d(pts: Sequence[Point], closed: bool = False) -> str:
    d = "M" + " L".join(f"{num(x)} {num(y)}" for x, y in pts)
    return d + (" Z" if closed else "")


def text(
    x: float,
    y: float,
    s: str,
    size: float,
    *,
    fill: str = "#222",
    anchor: str = "middle",
    weight: str | None = None,
    halo: str | None = None,
    halo_width: float = 2.5,
    style: str | None = None,
    **attrs: object,
) -> str:
    """Text at (x, y) (baseline); with ``halo`` a stroke of that colour is drawn under it, for legibility."""
    common: dict[str, object] = {
        "x": float(x),
        "y": float(y),
        "font_size": float(size),
        "text_anchor": anchor,
        "font_weight": weight,
        "font_style": style,
    }
    body = escape(s)
    out = ""
    if halo:
        out += el(
            "text",
            body,
            **common,
            fill=halo,
            stroke=halo,
            stroke_width=float(halo_width),
            stroke_linejoin="round",
            aria_hidden="true",
        )
    return out + el("text", body, **common, fill=fill, **attrs)


def text_width(s: str, size: float, bold: bool = False) -> float:
    """A generous estimate of the width of ``s`` in a sans-serif font of ``size``."""
    narrow = sum(1 for ch in s if ch in "il.,:;'|!ftjI ()")
    wide = sum(1 for ch in s if ch in "MWmw@%")
    units = len(s) - 0.45 * narrow + 0.45 * wide
    return units * size * (0.7 if bold else 0.6)


def _cuts(words: list[str], n: int) -> Iterator[list[str]]:
    """Every way to cut ``words`` into ``n`` non-empty lines."""
    if n == 1:
        yield [" ".join(words)]
        return
    for i in range(1, len(words) - n + 2):
        for rest in _cuts(words[i:], n - 1):
            yield [" ".join(words[:i]), *rest]


def fit_lines(s: str, size: float, width: float, bold: bool = False, min_size: float = 6.0) -> tuple[list[str], float]:
    """Split ``s`` into up to three lines and shrink the font so that it fits ``width``; fewer lines are
    preferred unless more lines allow a clearly larger font."""
    words = s.split()
    if not words:
        return [s], size
    candidates = [min(_cuts(words, n), key=lambda ls: max(len(x) for x in ls)) for n in (1, 2, 3) if len(words) >= n]
    best: tuple[list[str], float] | None = None
    for lines in candidates:
        widest = max(text_width(x, size, bold) for x in lines)
        f = size if widest <= width else max(min_size, size * width / widest)
        if best is None or f > max(best[1] + 0.4, best[1] / 0.8):
            best = (lines, f)
        if f >= size:
            break
    assert best is not None
    return best


def document(
    body: str,
    width: float,
    height: float,
    *,
    title: str | None = None,
    background: str = "#ffffff",
    css_class: str = "aos-board",
) -> str:
    """A standalone SVG document (no external fonts, images or styles)."""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="{css_class}" '
        f'width="{num(width)}" height="{num(height)}" viewBox="0 0 {num(width)} {num(height)}" '
        f'font-family="{FONT}">'
    )
    parts = [head]
    if title:
        parts.append(el("title", escape(title)))
    parts.append(el("rect", x=0, y=0, width=num(width), height=num(height), fill=background))
    parts.append(body)
    parts.append("</svg>")
    return "".join(parts)
