"""The felt: the other players at their places around the table (left, across, right), the
person playing at the bottom with her hand, and the game's own things in the middle."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.align import Align
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from cardtable.engine.words import plural
from cardtable.ui import card_faces
from cardtable.ui.card_art import CardSize, Scale, backs, joined
from cardtable.ui.cells import fitted, fitted_name
from cardtable.ui.widgets import Drawn


@dataclass
class Seat:
    """A player at her place: what the table shows of her from across it."""

    name: str
    cards: int | None = None
    """Cards in her hand, drawn as backs (None: the game does not show a hand)."""
    to_act: bool = False
    notes: list[Text] = field(default_factory=list)
    """What the game shows of her: her run, her team and tricks, her melds."""
    key: str = ""
    """Her claim key, shown before her name."""
    marks: str = ""
    """Short words after her name ('dealer', 'away')."""
    lit: str = ""
    """A style her backs are lit in a moment (cards have just come into her hand)."""
    beside: list[Text] = field(default_factory=list)
    """Short words beside her backs, a line each under her count (her buys left, her total):
    a plate no taller for them where the backs are tall."""


TURN_MARK = "▶"
"""The player to act: marked by an arrow (no colour needed), and lit (`card_faces.turn`)."""


def plate(seat: Seat, scale: Scale, width: int, most: int = 13) -> Text:
    """A seat's plate, `width` cells wide: her name line (turn arrow, claim key, name, marks),
    her hand as fanned backs with its count (`most` backs at the most), then the game's notes
    about her."""
    key = f"[{seat.key}] " if seat.key else ""
    mark = f"{TURN_MARK} " if seat.to_act else "  "
    after = f" · {seat.marks}" if seat.marks else ""
    name = Text(mark, style="bold")
    room = width - 2 - cell_len(key) - cell_len(after)  # the name gives way first, its number last
    label = f"{key}{fitted_name(seat.name, room) if room >= 6 else seat.name}{after}"
    name.append(fitted(label, width - 2).rstrip(), style="bold")
    if seat.to_act:
        name.stylize(card_faces.turn())
    lines = [name]
    if seat.cards is not None:
        shown = hand(seat.cards, scale, width - 2, most, seat.lit, seat.beside)
        lines += [Text("  ") + line for line in shown]
    lines += [Text("  ") + note for note in seat.notes]
    for line in lines:
        line.truncate(width, overflow="ellipsis")
    widest = max(line.cell_len for line in lines)
    for line in lines:  # one block, centred whole (Align): its backs stay over one another
        line.pad_right(widest - line.cell_len)
    block = joined(lines)
    block.justify = "left"  # never centred line by line
    block.no_wrap = True
    return block


def hand(
    cards: int,
    scale: Scale,
    width: int,
    most: int = 13,
    lit: str = "",
    beside: Sequence[Text] = (),
) -> list[Text]:
    """A hand seen from across the table, in `width` cells, line by line: its backs fanned
    (`most` at the most, lit in `lit`) with its count beside them ('no cards' when empty);
    the words `beside` on the lines under the count's, those the backs have no line for
    under the backs."""
    if cards == 0:
        return [Text("no cards", style="dim"), *beside]
    size = BACKS[scale]
    words = [Text(f" {plural(cards, 'card')}", style="bold")]
    words += [Text.assemble(" ", word) for word in beside]
    by_backs = words[: size.height] if beside else words
    room = width - max(word.cell_len for word in by_backs)  # a column a back when compact,
    fits = room if scale is Scale.COMPACT else (room - size.width) // 2 + 1  # else two
    fanned = backs(cards, size, most=max(min(fits, most), 1))
    for line in fanned if lit else ():
        line.stylize(lit)
    if not beside:  # the count beside the middle of the backs
        words = [Text()] * (len(fanned) // 2) + words
    lines = [
        Text.assemble(line, words[n]) if n < len(words) and words[n] else line
        for n, line in enumerate(fanned)
    ]
    return lines + list(beside[len(fanned) - 1 :])


BACKS = {
    Scale.COMPACT: CardSize(1, 1, 1),
    Scale.ROOMY: CardSize(4, 3, 1),
    Scale.LARGE: CardSize(5, 4, 1),
}
"""The fanned backs of a hand across the table, at each scale."""


SIDE_BACKS = 5
"""The most backs a plate down a side of a small table fans (the count says the rest): the
sides take their room from the middle of the felt."""


def around(others: int, sides: bool = True) -> tuple[int, int, int]:
    """How many of the other players sit at the left, across and at the right (clockwise from
    the person playing: the next seat is at her left); without `sides` all sit across."""
    if not sides or others <= 2:
        return 0, others, 0
    side = 1 if others < 6 else 2  # one a side; two for six or seven others
    return side, others - 2 * side, side


def plate_widths(felt_width: int, across: int, scale: Scale) -> tuple[int, int]:
    """The widths `Felt.seat` draws plates at on a felt `felt_width` columns wide: a plate
    down a side, and one of `across` plates across the top."""
    side = 24 if scale is Scale.COMPACT else 26
    return side, max(max(felt_width - 2, 20) // max(across, 1) - 1, 12)


class Felt(Widget):
    """The table's felt: seat plates across the top and down the sides, the game's own widgets
    (given as children) in the middle."""

    DEFAULT_CSS = """
    Felt {
        height: 1fr;
        background: $felt;
    }
    Felt #seats-across {
        height: auto;
        padding: 0 1;
    }
    Felt #felt-middle {
        height: 1fr;
    }
    Felt .seats-side {
        width: auto;
        max-width: 28;
        padding: 0 1;
    }
    Felt #felt-centre {
        width: 1fr;
        height: 1fr;
        align: center middle;
    }
    """

    def __init__(self, *centre: Widget) -> None:
        super().__init__(id="felt")
        self.centre = centre

    def compose(self) -> ComposeResult:
        yield Drawn(id="seats-across")
        with Horizontal(id="felt-middle"):
            yield Drawn(id="seats-left", classes="seats-side")
            with Vertical(id="felt-centre"):
                yield from self.centre
            yield Drawn(id="seats-right", classes="seats-side")

    def seat(self, seats: Sequence[Seat], scale: Scale, sides: bool = True) -> None:
        """Draw the other players at their places: `seats` in play order from the person
        playing (the first sits at her left); without `sides` all sit across the top (a table
        that needs the felt's width, or a small one)."""
        left, across, right = around(len(seats), sides)
        left_seats = list(reversed(seats[:left]))  # the next player sits nearest the hand
        across_seats = seats[left : left + across]
        right_seats = seats[left + across :]
        side_width, width = plate_widths(self.size.width, across, scale)
        most = SIDE_BACKS if scale is Scale.COMPACT else 13
        self._draw_side("#seats-left", left_seats, scale, side_width, most)
        self._draw_side("#seats-right", right_seats, scale, side_width, most)
        across_widget = self.query_one("#seats-across", Drawn)
        across_widget.display = bool(across_seats)
        if across_seats:
            grid = Table.grid(expand=True, padding=(0, 1))
            for _ in across_seats:
                grid.add_column(justify="center", ratio=1)
            grid.add_row(*(Align.center(plate(s, scale, width)) for s in across_seats))
            across_widget.update(grid)

    def _draw_side(
        self, where: str, seats: Sequence[Seat], scale: Scale, width: int, most: int
    ) -> None:
        widget = self.query_one(where, Drawn)
        widget.display = bool(seats)
        if seats:
            parts: list[Text] = []
            for n, seat in enumerate(seats):
                if n and scale is not Scale.COMPACT:
                    parts.append(Text(""))  # room between plates on a big table
                parts.append(plate(seat, scale, width, most))
            side = joined(parts)  # one text, not a Group: unchanged plates are not drawn again
            side.justify = "left"
            side.no_wrap = True
            widget.update(side)
