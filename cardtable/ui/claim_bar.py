"""Claim windows on screen: each seat's claim key, and the bar shown while a card is up for claim.

A claim window (engine/claims.py) lets several seats claim one card out of turn: Run It's
Match-it, Sets and Runs' buys. At one keyboard each seat has a claim key, shown beside its name
for the whole session. The keys are letters of the home row that no table uses (digits pick
hand cards, h asks a hint, ? opens the rules), spread out along the row so that people sharing
the keyboard do not sit on each other's keys: two seats get a and l, eight get a s d f g j k l.
"""

from __future__ import annotations

from rich.text import Text

from cardtable.engine.claims import ClaimWindow
from cardtable.ui.cells import fitted
from cardtable.ui.widgets import Drawn

CLAIM_ROW = "asdfgjkl"
"""The letters claim keys are taken from, left to right: the home row less h (the hint)."""


def claim_keys(seats: int) -> list[str]:
    """Each seat's claim key, by seat number: spread along CLAIM_ROW, the same all session."""
    last = len(CLAIM_ROW) - 1
    if seats <= 1:
        return list(CLAIM_ROW[:seats])
    return [CLAIM_ROW[round(i * last / (seats - 1))] for i in range(seats)]


def key_label(key: str) -> str:
    """A claim key as shown beside a name: '[a]'."""
    return f"[{key}]"


class ClaimBar(Drawn):
    """The card up for claim, the countdown and each open seat's key; hidden with no window."""

    DEFAULT_CSS = """
    ClaimBar {
        height: 2;
        padding: 0 1;
        background: #4a3b00;
        color: #fff59d;
        display: none;
    }
    ClaimBar.open {
        display: block;
    }
    """

    def __init__(self) -> None:
        super().__init__(id="claim-bar")

    def close(self) -> None:
        """No window: the bar goes."""
        self.remove_class("open")

    def draw(
        self,
        window: ClaimWindow,
        names: list[str],
        keys: list[str],
        left: float | None,
        asking: int | None,
        humans: list[int],
        held: bool = False,
    ) -> None:
        """Show `window`: its card, the seconds `left` (None: turn-based) or the seat `asking`
        (the person asked now in turn-based mode), and every open seat with its key; `held`:
        the countdown waits while a hint is read."""
        self.add_class("open")
        line = Text(no_wrap=True, overflow="ellipsis")
        verb = window.verb.upper()
        line.append(f" {verb}? ", style="bold reverse")
        line.append(f" The {window.card} is up.  ", style="bold")
        if left is not None:
            seconds = max(left, 0.0)
            whole = max(window.seconds, 0.1)
            filled = round(10 * seconds / whole)
            line.append(f"⏱ {seconds:3.1f} s ", style="bold")
            line.append("█" * filled + "░" * (10 - filled), style="#ffd54f")
            if held:
                line.append("  ⏸ waits for your answer", style="bold")
        elif asking is not None:
            line.append(f"{names[asking]}: ", style="bold")
            line.append(f"{keys[asking]} to {window.verb} it, Enter to let it go.")
        seats = Text(no_wrap=True, overflow="ellipsis")
        width = max((self.size.width or 78) - 2, 20)
        open_to = list(window.open_to)
        room = max(width // max(len(open_to), 1) - 4, 3)
        for seat in open_to:
            seats.append(key_label(keys[seat]), style="bold #ffd54f")
            style = "" if seat in humans else "dim"
            seats.append(fitted(names[seat], room) + " ", style=style)
        if not open_to:
            seats.append("Every seat has answered.", style="dim")
        both = Text("\n").join([line, seats])
        both.no_wrap = True
        both.overflow = "ellipsis"
        self.update(both)
