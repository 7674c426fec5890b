"""The network: track on the board turned into chains, and chains into links between places.

A *chain* is a maximal run of connected track. Each of its two ends is either a *stop* (a city, or a town
with a tile) or an *open end* (a track end that meets nothing). A chain whose ends are two different stops
is a **Completed Railroad Link**; every other chain is an **Unfinished Track Section**.

Goods movement, income and scoring only see the :class:`Network`: stops joined by links, each link with an
owner and a number of track sections. Hex maps build it from track here; maps without hexes build their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ageofsteam.board.hexes import DIRECTIONS, TOWN, opposite

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

TrackRef = tuple[int, int]  # (hex, index of the track on that hex's tile)


@dataclass(frozen=True, slots=True)
class End:
    """One end of a chain: at a stop (``stop`` is its hex) or open (``stop`` is None).

    ``hex``/``edge`` locate it: for a stop, the stop's hex and the edge where the track meets it (for a town,
    the spoke's edge); for an open end, the last hex and the edge the track points through.
    """

    stop: int | None
    hex: int
    edge: int


@dataclass(slots=True)
class Chain:
    tracks: list[TrackRef]
    ends: tuple[End, End]
    owner: int | None

    @property
    def complete(self) -> bool:
        a, b = self.ends
        return a.stop is not None and b.stop is not None and a.stop != b.stop


@dataclass(frozen=True, slots=True)
class Link:
    """A Completed Railroad Link between two stops."""

    id: str
    a: int
    b: int
    owner: int | None
    sections: int  # track sections, each worth 1 point to the owner at the end
    chain: int = -1  # index of its chain (hex maps), -1 for links that are not track
    levels: int = 1  # engine levels a cube uses on this link (maps' virtual links may use more)

    def other(self, stop: int) -> int:
        return self.b if stop == self.a else self.a


@dataclass(slots=True)
class Network:
    chains: list[Chain] = field(default_factory=list)
    chain_of: dict[TrackRef, int] = field(default_factory=dict)
    links: dict[str, Link] = field(default_factory=dict)
    at_stop: dict[int, list[Link]] = field(default_factory=dict)

    def add_link(self, link: Link) -> None:
        self.links[link.id] = link
        self.at_stop.setdefault(link.a, []).append(link)
        self.at_stop.setdefault(link.b, []).append(link)


def end_key(g: GameState, end: End) -> str:
    return f"{g.label(end.hex)}.{DIRECTIONS[end.edge]}"


def follow(g: GameState, h: int, i: int, leave: int, start: TrackRef) -> tuple[list[TrackRef], End]:
    """Walk from track ``i`` on hex ``h`` out through its end ``leave``; return the tracks met and the end."""
    seen: list[TrackRef] = []
    nb = g.map.neighbours
    tiles = g.tiles
    ends_at = g.rules.track_end_hexes(g)  # non-city stops where track ends (volcanoes…)
    while True:
        if leave == TOWN:
            return seen, End(h, h, tiles[h].tracks[i][0])
        n = nb[h][leave]
        if n < 0:
            return seen, End(None, h, leave)
        back = opposite(leave)
        if g.is_city(n):
            return seen, End(g.city_hex(n), n, back)
        if n in ends_at:
            return seen, End(n, n, back)
        t = tiles.get(n)
        j = t.track_at(back) if t is not None else -1
        if j < 0 or (n, j) == start:
            return seen, End(None, h, leave)
        seen.append((n, j))
        a, b = t.tracks[j]  # type: ignore[union-attr]
        h, i, leave = n, j, (b if a == back else a)


def trace(g: GameState, h: int, i: int) -> Chain:
    """The chain through track ``i`` of the tile on hex ``h``."""
    a, b = g.tiles[h].tracks[i]
    left, end_a = follow(g, h, i, a, (h, i))
    right, end_b = follow(g, h, i, b, (h, i))
    left.reverse()
    return Chain([*left, (h, i), *right], (end_a, end_b), g.tiles[h].owners[i])


def build_hex_network(g: GameState) -> Network:
    """Chains and links of all track on a hex board."""
    net = Network()
    for h, tile in g.tiles.items():
        for i in range(len(tile.tracks)):
            if (h, i) in net.chain_of:
                continue
            chain = trace(g, h, i)
            idx = len(net.chains)
            net.chains.append(chain)
            for ref in chain.tracks:
                net.chain_of[ref] = idx
            if chain.complete:
                ea, eb = chain.ends
                key = min(end_key(g, ea), end_key(g, eb))
                net.add_link(Link(key, ea.stop, eb.stop, chain.owner, len(chain.tracks), idx))  # type: ignore[arg-type]
    add_special_links(g, net)
    return net


def add_special_links(g: GameState, net: Network) -> None:
    """The built pre-printed special links (``GameState.special_link_owners``) that join their ends now
    (``Rules.special_link_joins``), each a link of its own."""
    if not g.special_link_owners:
        return
    for s in g.map.special_links:
        if s.id in g.special_link_owners and g.rules.special_link_joins(g, s):
            a, b = (g.city_hex(e) or e for e in s.ends)
            net.add_link(Link(s.id, a, b, g.special_link_owners[s.id], g.rules.special_link_sections(g, s)))


STOP, OPEN_HERE, OPEN, BACK = 0, 1, 2, 3  # where track leaving a hex leads (see ``leave_hex``)


def leave_hex(g: GameState, h: int, edge: int) -> tuple[int, int]:
    """Where track leaving hex ``h`` through ``edge`` leads on the board as it is, without coming back into
    ``h``: ``(STOP, stop)``; ``(OPEN_HERE, edge)`` when nothing meets that edge; ``(OPEN, 0)`` when the track
    beyond ends open; ``(BACK, e)`` when it comes back into ``h`` through its edge ``e``. :func:`follow`
    from a track on ``h`` walks the same way."""
    nb = g.map.neighbours
    tiles = g.tiles
    ends_at = g.rules.track_end_hexes(g)
    cur, leave = h, edge
    while True:
        if leave == TOWN:
            return STOP, cur
        n = nb[cur][leave]
        back = opposite(leave)
        if n == h:
            return BACK, back
        if n >= 0:
            if g.is_city(n):
                return STOP, g.city_hex(n)  # type: ignore[return-value]
            if n in ends_at:
                return STOP, n
            t = tiles.get(n)
            j = t.track_at(back) if t is not None else -1
            if j >= 0:
                a, b = t.tracks[j]  # type: ignore[union-attr]
                cur, leave = n, (b if a == back else a)
                continue
        return (OPEN_HERE, edge) if cur == h else (OPEN, 0)
