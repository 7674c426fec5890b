"""Typed refusals. Every message is written for a player to read."""


class AosError(Exception):
    """Base of the errors the engine raises on purpose."""


class IllegalAction(AosError):
    """The action breaks a rule; the state is unchanged."""


class BadInput(AosError):
    """A malformed action, record or scenario; the message names the field or line at fault."""
