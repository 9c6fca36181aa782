"""The errors a refused move raises."""


class IllegalMove(Exception):
    """A move the rules refuse; `reason` is a sentence a player understands."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NoSuchSeat(IllegalMove):
    """A seat number outside the table (a host serving clients must refuse it, never crash)."""


class ImpossibleState(ValueError):
    """A state no game of its kind can reach (a save edited or damaged); `reason` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def require(condition: bool, reason: str) -> None:
    """Raise ImpossibleState(reason) unless `condition` holds: one invariant of a state."""
    if not condition:
        raise ImpossibleState(reason)
