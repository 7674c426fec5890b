"""``aos play``: hot-seat play in the terminal. Reads one line at a time from standard input, so it can be
driven through a pipe; it ends cleanly at the end of the input or on ``quit``."""

from __future__ import annotations

import sys
from pathlib import Path

from rich.console import Console

from ageofsteam.cli.common import action_for_mover, bot_choice, bot_to_move, parse_json, seat_label
from ageofsteam.cli.describe import short_state, state_renderable
from ageofsteam.engine.actions import Action, parse_action
from ageofsteam.engine.errors import AosError
from ageofsteam.engine.game import Game
from ageofsteam.words.choices import Choice, legal_choices
from ageofsteam.words.names import header, phase_lines

HELP = """\
Type the number of a choice, or the word in [brackets] ('end', 'skip', 'drop', a hex like 'k5').
Amounts: type them when asked, or after the word ('bid 5', 'issue 2').
In a sub-menu, '0' or 'back' returns to the menu above; 'menu' lists the choices again.
Commands: 'show' (the whole state), 'log' (recent events), 'undo' (take back your last
decision), 'help', 'quit'. An action may also be typed as JSON: {"kind": "skip_move"}."""

QUIT_WORDS = {"quit", "q", "exit"}
BACK = object()  # a sub-menu was left with 'back'


class EndOfInput(Exception):
    """The input ended, or the player typed 'quit'."""


class PlaySession:
    """One terminal session on a game; ``save`` is written after every action; ``work`` is a searching bot's
    budget per decision (playouts) and ``seconds`` its safety cap."""

    def __init__(
        self,
        game: Game,
        out: Console,
        save: Path | None = None,
        seconds: float | None = None,
        work: int | None = None,
    ) -> None:
        self.game = game
        self.out = out
        self.save = save
        self.seconds = seconds
        self.work = work
        self.last_mover: tuple[int, str, int | None] | None = None

    # --- input ---------------------------------------------------------------------------------

    def read(self, prompt: str) -> str:
        self.out.print(prompt, end="")
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            self.out.print()
            raise EndOfInput("end of input")
        text = line.strip()
        if not sys.stdin.isatty():  # show piped input, as a terminal would
            self.out.print(text)
        if text.lower() in QUIT_WORDS:
            raise EndOfInput("quit")
        return text

    # --- the loop ------------------------------------------------------------------------------

    def run(self) -> None:
        """Play until the game is over or the input ends."""
        self.store()
        try:
            while not self.game.over:
                if bot_to_move(self.game) is not None:
                    self.apply(bot_choice(self.game, self.seconds, self.work), refusals_pass=False)
                    continue
                self.show_turn()
                action = self.decide()
                if action is not None:
                    self.apply(action)
        except EndOfInput as exc:
            where = f" The game is saved in {self.save}." if self.save else ""
            self.out.print(f"{'Input ended' if str(exc) == 'end of input' else 'Leaving'}.{where}")
            return
        self.out.print(state_renderable(self.game, log_lines=0))

    def store(self) -> None:
        if self.save is not None:
            self.game.save(self.save)

    def apply(self, action: Action, refusals_pass: bool = True) -> None:
        """Apply, print what happened and save; a refusal is printed (a player's) or raised (a bot's)."""
        since = len(self.game.state.log)
        try:
            self.game.apply(action)
        except AosError as exc:
            if not refusals_pass:
                raise
            self.out.print(f"Not allowed: {exc}")
            return
        for line in self.game.state.log[since:]:
            self.out.print(f"  {line}")
        self.store()

    def show_turn(self) -> None:
        g = self.game.state
        mover = (g.turn, g.phase, g.to_move)
        if mover != self.last_mover:
            self.out.print()
            self.out.print(short_state(self.game))
            self.last_mover = mover
        else:
            self.out.print(header(self.game), style="bold")
            for line in phase_lines(self.game):
                self.out.print(line)

    # --- choosing ------------------------------------------------------------------------------

    def decide(self) -> Action | None:
        """The action the player picks, or None after a command (show, undo, help, a refused entry)."""
        seat = self.game.to_move
        assert seat is not None
        choices = legal_choices(self.game)
        got = self.menu(choices, f"{seat_label(self.game, seat)}, your choice: ", top=True)
        return got if isinstance(got, Action) else None

    def menu(self, choices: list[Choice], prompt: str, top: bool = False) -> Action | object | None:
        only = choices[0] if len(choices) == 1 else None
        if only is not None and only.amounts and not only.children and only.action is None:
            return self.amount(only, top)
        listed = False
        while True:
            if not listed:
                self.list_choices(choices, top)
                listed = True
            text = self.read(prompt)
            word, _, rest = text.partition(" ")
            low = word.lower()
            if not text:
                continue
            if low in ("help", "?"):
                self.out.print(HELP)
                continue
            if low in ("menu", "list"):
                listed = False
                continue
            if top and low in ("show", "log", "undo"):
                self.command(low)
                return None
            if text.startswith("{"):
                return self.typed_action(text)
            if not top and low in ("0", "back"):
                return BACK
            picked = self.pick(choices, low)
            if picked is None:
                self.out.print(f"'{text}' is not one of the choices (type 'help' for help).")
                continue
            if rest.strip() and picked.amounts:
                amount = self.amount_from(picked, rest.strip())
                if amount is not None:
                    return amount
                continue
            got = self.enter(picked)
            if got is BACK:
                listed = False
                continue
            return got

    def list_choices(self, choices: list[Choice], top: bool) -> None:
        self.out.print("Choices:" if top else "Options:")
        for i, c in enumerate(choices, start=1):
            self.out.print(f"  {i:>2}) {c.label}" + (f"  [{c.key}]" if c.key else ""))
        if not top:
            self.out.print("   0) back")

    def pick(self, choices: list[Choice], word: str) -> Choice | None:
        if word.isdigit():
            i = int(word)
            return choices[i - 1] if 1 <= i <= len(choices) else None
        return next((c for c in choices if c.key == word), None)

    def enter(self, c: Choice) -> Action | object | None:
        if c.action is not None:
            return c.action
        if c.amounts:
            return self.amount(c, top=False)
        return self.menu(c.children, "Option: ")

    def amount(self, c: Choice, top: bool) -> Action | object | None:
        self.out.print(c.label.capitalize())
        while True:
            text = self.read(f"{c.ask} ")
            low = text.lower()
            if top and low in ("show", "log", "undo"):
                self.command(low)
                return None
            if low in ("help", "?"):
                self.out.print(HELP)
                continue
            if text.startswith("{"):
                return self.typed_action(text)
            if not top and low in ("0", "back"):  # only where 0 is not an amount itself
                return BACK
            got = self.amount_from(c, text.split()[-1] if text else "")
            if got is not None:
                return got

    def amount_from(self, c: Choice, text: str) -> Action | None:
        value = text.lstrip("$")
        if value.lstrip("-").isdigit() and int(value) in c.amounts:
            return c.amounts[int(value)]
        lo, hi = min(c.amounts), max(c.amounts)
        self.out.print(f"Type a whole number from {lo} to {hi}.")
        return None

    def typed_action(self, text: str) -> Action | None:
        try:
            return action_for_mover(self.game, parse_json(text, "action"))
        except AosError as exc:
            self.out.print(f"Not understood: {exc}")
            return None

    # --- commands ------------------------------------------------------------------------------

    def command(self, word: str) -> None:
        if word == "show":
            self.out.print(state_renderable(self.game))
        elif word == "log":
            for line in self.game.state.log[-15:]:
                self.out.print(f"  {line}")
        elif word == "undo":
            self.undo()

    def undo(self) -> None:
        """Take back actions up to and including the last decision of a human seat."""
        game = self.game
        n = 0
        for data in reversed(game.record.actions[len(game.record.actions) - game.undoable() :]):
            n += 1
            if not game.record.seats[parse_action(data).actor].bot:
                break
        else:
            n = 0
        if n == 0:
            self.out.print("Nothing to undo: undo stops at the last dice roll or draw.")
            return
        game.undo(n)
        self.store()
        self.last_mover = None
        self.out.print(f"Took back {n} action{'s' if n > 1 else ''}.")
