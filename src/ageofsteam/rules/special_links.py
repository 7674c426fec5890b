"""Pre-printed special links (map files' ``[[special_link]]``: city links, bridges, ferries).

A special link is built as a whole in phase IV with the action ``build_link``: it counts as one build, costs
what :meth:`BaseRules.special_link_cost` says (the printed cost by default), has one owner, and may be built
only once. Its printed ``condition`` is checked here; a map forbids more with
:meth:`BaseRules.check_special_link`. Built links are kept in ``GameState.special_link_owners`` and join the
network as links of their own (``board.network.add_special_links``) once :meth:`BaseRules.special_link_joins`
says so (by default when each town end holds a tile or a New City, as a town joins links only then), counting
:meth:`BaseRules.special_link_sections` track sections (one by default) at the end.

Maps with special links use :class:`SpecialLinkBuildPhase` in place of the base Build Track phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ageofsteam.engine.actions import Action, LinkId, register
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.rules.build_track import BuildTrackPhase

if TYPE_CHECKING:
    from ageofsteam.board.mapdata import SpecialLink
    from ageofsteam.engine.state import GameState


@register
@dataclass(frozen=True, slots=True)
class BuildLink(Action):
    """Phase IV: build the pre-printed special link ``link`` (its id in the map file) as one build."""

    kind: ClassVar[str] = "build_link"
    player: int
    link: LinkId


def special_link(g: GameState, link_id: str) -> SpecialLink | None:
    return next((s for s in g.map.special_links if s.id == link_id), None)


def link_title(g: GameState, link: SpecialLink) -> str:
    """``"bridge Downtown Detroit–Windsor over P12"``: the kind, the places it joins and the hexes it
    crosses, in player words."""
    a, b = (g.stop_name(e) for e in link.ends)
    over = f" over {', '.join(g.label(h) for h in link.via)}" if link.via else ""
    return f"{link.kind.replace('_', ' ')} {a}–{b}{over}"


def towns_built(g: GameState, link: SpecialLink) -> bool:
    """Does every town end of ``link`` hold a town tile or a New City? (A town joins links only then.)"""
    return all(h in g.new_cities or h in g.tiles for h in link.ends if h in g.map.towns)


def condition_met(g: GameState, link: SpecialLink) -> bool:
    """The printed condition. ``town_built``: its town end holds a town tile or a New City."""
    if link.condition == "town_built":
        return towns_built(g, link)
    return True


def check_build_link(g: GameState, seat: int, link_id: str) -> tuple[SpecialLink, int]:
    """The link and its cost if ``seat`` may build it now; IllegalAction otherwise."""
    b = g.build
    if b is None or b.player != seat:
        raise IllegalAction("it is not your build")
    if b.builds_left <= 0:
        raise IllegalAction("you have no builds left this turn")
    link = special_link(g, link_id)
    if link is None:
        known = ", ".join(s.id for s in g.map.special_links) or "none"
        raise IllegalAction(f"there is no special link {link_id!r} on this map (links: {known})")
    if link.id in g.special_link_owners:
        raise IllegalAction(f"the {link_title(g, link)} is already built")
    if not condition_met(g, link):
        town = next((g.stop_name(e) for e in link.ends if e in g.map.towns), "its town")
        raise IllegalAction(f"the {link_title(g, link)} needs a town tile or a New City on {town} first")
    g.rules.check_special_link(g, seat, link)
    cost = g.rules.special_link_cost(g, seat, link)
    cash = g.players[seat].cash
    if cost > cash:
        raise IllegalAction(f"the {link_title(g, link)} costs ${cost} and you have ${cash}")
    return link, cost


def legal_link_builds(g: GameState, seat: int) -> list[BuildLink]:
    out = []
    for s in g.map.special_links:
        try:
            check_build_link(g, seat, s.id)
        except IllegalAction:
            continue
        out.append(BuildLink(seat, s.id))
    return out


def apply_build_link(g: GameState, seat: int, link: SpecialLink, cost: int) -> None:
    """Carry out a checked special-link build: one build, paid, owned by ``seat``."""
    b = g.build
    assert b is not None
    p = g.players[seat]
    p.cash -= cost
    p.has_built = True
    b.builds_left -= 1
    b.builds_done += 1
    b.spent.append(cost)
    b.may_urbanize = False
    g.special_link_owners[link.id] = seat
    g.board_changed()
    g.rules.on_special_link_built(g, seat, link)
    g.say(f"{p.name} builds the {link_title(g, link)} for ${cost}")


class SpecialLinkBuildPhase(BuildTrackPhase):
    """Phase IV with the map's special links buildable as one build each."""

    accepts: tuple[type[Action], ...] = (*BuildTrackPhase.accepts, BuildLink)  # type: ignore[assignment]

    def legal(self, g: GameState) -> list[Action]:
        out = super().legal(g)
        b = g.build
        assert b is not None
        if b.builds_left > 0:
            out += legal_link_builds(g, b.player)
        return out

    def check(self, g: GameState, a: Action) -> None:
        if isinstance(a, BuildLink):
            check_build_link(g, a.player, a.link)
        else:
            super().check(g, a)

    def build(self, g: GameState, a: Action) -> None:
        if not isinstance(a, BuildLink):
            super().build(g, a)
            return
        link, cost = check_build_link(g, a.player, a.link)
        apply_build_link(g, a.player, link, cost)
