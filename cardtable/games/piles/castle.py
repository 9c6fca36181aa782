"""The Castle: a 4-column, 3-row grid of piles, and the total value of a pile's top card."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import Card, Colour
from cardtable.engine.words import plural

COLUMNS = 4
ROWS = 3
PILES = COLUMNS * ROWS


def pile_name(pile: int) -> str:
    """A pile's name on the table: column letter and row number, A1 top left to D3."""
    return f"{'ABCD'[pile % COLUMNS]}{pile // COLUMNS + 1}"


def pile_index(name: str) -> int | None:
    """The pile called `name` (like 'b2'), or None if there is no such pile."""
    name = name.strip().upper()
    if len(name) != 2 or name[0] not in "ABCD" or name[1] not in "123":
        return None
    return (int(name[1]) - 1) * COLUMNS + "ABCD".index(name[0])


def _neighbours(pile: int) -> tuple[int, ...]:
    row, col = divmod(pile, COLUMNS)
    found = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < ROWS and 0 <= c < COLUMNS:
            found.append(r * COLUMNS + c)
    return tuple(found)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(p) for p in range(PILES))
"""The orthogonally adjacent piles of each pile: corners 2, edges 3, middle 4."""


def total_value(tops: Sequence[Card], pile: int) -> int:
    """Intrinsic value of the pile's top card, +1 per same-colour neighbour, -1 per other."""
    top = tops[pile]
    colour = top.colour
    total = top.rank
    for n in NEIGHBOURS[pile]:
        total += 1 if tops[n].colour is colour else -1
    return total


def value_breakdown(tops: Sequence[Card], pile: int) -> str:
    """How a total value is made, in words: '7, +2 black neighbours, -1 red neighbour'."""
    top = tops[pile]
    same = sum(1 for n in NEIGHBOURS[pile] if tops[n].colour is top.colour)
    other = len(NEIGHBOURS[pile]) - same
    colour: Colour = top.colour  # type: ignore[assignment]
    parts = [str(top.rank)]
    if same:
        parts.append(f"+{plural(same, f'{colour.value} neighbour')}")
    if other:
        parts.append(f"-{plural(other, f'{colour.other.value} neighbour')}")
    return ", ".join(parts)
