"""A map's judgement for the bots: what a position, a stop, a delivery or an action is worth on that map, as the
bots weigh it (never a rule: the rules live in ``rules.py`` and know nothing of bots).

:class:`Judgement` holds the base game's judgement. A map that needs its own says it in ``maps/<map>/bots.py``
with a class ``Judgement`` deriving from this one (or from :class:`ageofsteam.bots.circles.CircleJudgement` on a
map built with discs), found by scanning as ``panel.py`` and ``draw.py`` are: :func:`judgement` gives the
judgement of a game's map.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ageofsteam.board.network import Link
    from ageofsteam.bots.plans import LinkPlan, TurnPlan
    from ageofsteam.engine.actions import Action, Urbanize
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.base import BaseRules
    from ageofsteam.rules.move_goods import Route

NO_STOPS: frozenset[int] = frozenset()
BANKRUPT = -10.0  # the base game's outcome of a bankrupt seat (``Judgement.bankrupt_outcome``)


class Judgement:
    """The base game's judgement; a map's ``bots.py`` overrides what its map judges otherwise."""

    # How much better than the steady bot's choice, in the outcome's measure (:meth:`outcome`), the hard bot's
    # evaluator must value another move before it plays that one: the best of ten values with errors of several
    # points is mostly the most overrated (measured on Rust Belt: commit b088680).
    clear_gain: float = 3.0
    # The outcome of a bankrupt seat (:meth:`outcome`), which the evaluator learns: less than any score the map's
    # players reach, or the bot would rather go bankrupt than finish deep in shares. The base game's −10 is not
    # below every score on 51st State and Old Europe either; their weights (which met their targets) learnt it.
    bankrupt_outcome: float = BANKRUPT

    def clear_gain_in(self, g: GameState) -> float:
        """The clear gain (:attr:`clear_gain`) asked in ``g``; a map whose margin differs with the game (solo or
        with players) says so here."""
        return self.clear_gain

    def value(self, g: GameState, seat: int) -> float:
        """What a position is worth to ``seat`` beyond its score and the deliveries its network promises, in
        points, by this map's own measure (the steady and strong bots add it, and ask it of a bankrupt seat
        too); none in the base game."""
        return 0.0

    def outcome(self, g: GameState, seat: int) -> float:
        """What the game gives ``seat`` as it stands, in the measure the map is won by, for the hard bot's
        evaluator to learn and foresee (``bots/evaluate.py``): the base game, the score; a bankruptcy,
        :attr:`bankrupt_outcome`."""
        if g.players[seat].eliminated:
            return self.bankrupt_outcome
        return float(g.rules.score(g, seat))

    def outcome_words(self, value: float) -> str:
        """An expected outcome (:meth:`outcome`) in a player's words: the base game, a score."""
        return f"{value:.0f} points"

    def lead_words(self, lead: float) -> str:
        """How far an expected outcome is ahead of the best rival's, in a player's words: the base game, points."""
        return f"{lead:+.0f} points"

    def accepts(self, g: GameState, stop: int, colour: str) -> bool:
        """May a cube of ``colour`` end its move at ``stop`` by the time track built now is used, as the bots
        plan (a stop that can still take that colour, such as a district a New City may go on); the base
        game: ``Rules.accepts``."""
        return g.rules.accepts(g, stop, colour)

    def link_income(self, g: GameState, seat: int, link: Link) -> int:
        """Income the bots count for ``seat`` when a cube of theirs goes over ``link``: +1 on a link of their
        own (a map whose ``delivery_income`` pays the mover for links of no one's says so here)."""
        return 1 if link.owner == seat else 0

    def route_income(self, g: GameState, seat: int, route: Route) -> int:
        """Income the bots count for ``seat`` from delivering along ``route``: what each of its links pays them
        (:meth:`link_income`; a map whose ``delivery_income`` pays by other measures, such as the engine
        levels used, says so here)."""
        return sum(self.link_income(g, seat, lk) for lk in route.links)

    def link_ends(self, g: GameState) -> frozenset[int]:
        """Stops that are not cities where the bots' link plans may end, for the deliveries the map makes
        through or from them (a source of goods, a stop with links of its own beyond it); none in the base
        game."""
        return NO_STOPS

    def closed_hexes(self, g: GameState, seat: int) -> frozenset[int]:
        """Hexes whose terrain takes track but where ``seat`` may not lay it now (a map's own condition, such as
        an action it has not taken): the bots' link plans go around them. None in the base game."""
        return NO_STOPS

    def first_plan(self, g: GameState, seat: int, plans: list[LinkPlan]) -> LinkPlan | None:
        """Of the link plans the steady bot can finish this turn (best first by its own measure), the one this map
        would have it build before the others; None: its own order stands (the default)."""
        return None

    def thrifty(self, g: GameState, seat: int) -> bool:
        """Whether the steady bot takes no share for track and no engine level ahead of its deliveries that its
        income now could not carry to the end of the game, while holding back would (a map where deliveries
        pay little for the track they need, so income grows slowly); no in the base game, where more track
        and a bigger engine are the way out of debt."""
        return False

    def pass_disc(self, g: GameState, seat: int, stop: int) -> str | None:
        """On a map built with discs: the disc (a ``place_disc`` target) ``seat`` still needs before its goods
        may pass through ``stop``, which the bots' chains of circles then include; None: passing needs none
        (the default)."""
        return None

    def action_value(self, g: GameState, seat: int, action: str) -> float | None:
        """How much the steady bot wants this map's own special ``action`` (1: little, 6: much); None: judge it
        as the base game's actions are judged."""
        return None

    def new_city(self, g: GameState, seat: int) -> tuple[int, Urbanize] | None:
        """The New City this map would have ``seat`` place, and how many goods it serves (the steady bot's
        Urbanization); None: the bots' own look for goods with no city of their colour near (the default)."""
        return None

    def plan(self, g: GameState, seat: int, work: int | None = None) -> TurnPlan | None:
        """This map's own plan for ``seat``'s turn from where it stands, which the steady bot (and the strong
        bot's playouts) follow: the shares to issue, the action, the New City and the links to build, the move
        in Move Goods, and why (``bots.plans.TurnPlan``); None: the bots' rules of thumb. ``work``: weigh no
        more than this, in the map's own units of work (never time: the plan must be the same on any machine),
        and play the best found so far; None: weigh all it would."""
        return None

    def build_plan(self, g: GameState, seat: int, legal: list[Action], budget: int) -> tuple[Action, str] | None:
        """On a map with a build phase of its own (stations, discs…): the next of ``legal`` by this map's own
        plan for ``seat``'s build turn, spending at most ``budget`` in all, and why in one line of player words
        (the steady bot's build); None: the bots' generic look at each build action (the default)."""
        return None

    def build_options(self, g: GameState, seat: int, legal: list[Action], budget: int, count: int) -> list[Action]:
        """On a map with a build phase of its own: up to ``count`` of ``legal`` worth weighing for ``seat`` now
        besides the next build of the map's own plan (the next builds of its other plans within ``budget``, the
        end of the build turn), for the strong bot's search; empty (the default): every legal action may be."""
        return []


BASE = Judgement()
_FOUND: dict[type, Judgement] = {}


def judgement_for(rules: BaseRules) -> Judgement:
    """The judgement of the map ``rules`` play: the class ``Judgement`` of the ``bots.py`` beside the module
    defining the rules' class (or a base class's), found by scanning; the base game's without one. Cached by
    the rules' class."""
    cls = type(rules)
    found = _FOUND.get(cls)
    if found is None:
        found = _FOUND[cls] = _scan(cls)
    return found


def judgement(g: GameState) -> Judgement:
    """The judgement of the map ``g`` is played on (:func:`judgement_for` its rules)."""
    return judgement_for(g.rules)


def _scan(cls: type) -> Judgement:
    """An instance of the first ``Judgement`` class found in a ``bots.py`` of a map package along ``cls``'s
    bases; the base game's if none is."""
    for klass in cls.__mro__:
        package = klass.__module__.rpartition(".")[0]
        if not package.startswith("ageofsteam.maps."):
            continue
        try:
            module = importlib.import_module(f"{package}.bots")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.bots":
                raise
            continue
        made = getattr(module, "Judgement", None)
        if made is None:
            continue
        assert isinstance(made, type) and issubclass(made, Judgement), f"{package}.bots.Judgement is no Judgement"
        return made()
    return BASE
