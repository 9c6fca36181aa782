"""Cards drawn as cards, as Rich text: a face at any size, an overlapping fan, a fanned stack of
backs, a pile with its count. Every table draws its cards with these, so a card looks the same
in every game and grows with the window (`Scale`)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum

from rich.cells import cell_len, set_cell_size
from rich.text import Text

from cardtable.ui import card_faces
from cardtable.ui.card_faces import Look


class Scale(IntEnum):
    """How big the table draws its cards: compact faces at 80x24, bigger ones as the window
    grows (a laptop's full screen, a projector)."""

    COMPACT = 0
    ROOMY = 1
    LARGE = 2


ROOMY_AT = (100, 28)
LARGE_AT = (170, 46)
"""The smallest table (columns, rows) drawn at each bigger scale."""


def scale_for(width: int, height: int) -> Scale:
    """The scale for a table of this many columns and rows."""
    if width >= LARGE_AT[0] and height >= LARGE_AT[1]:
        return Scale.LARGE
    if width >= ROOMY_AT[0] and height >= ROOMY_AT[1]:
        return Scale.ROOMY
    return Scale.COMPACT


@dataclass(frozen=True)
class CardSize:
    """A card's size at one scale: its `width` and `height` in cells, and the `step`, the
    columns of it that show when the next card of a fan lies over it."""

    width: int
    height: int
    step: int


HAND_CARD = {
    Scale.COMPACT: CardSize(7, 3, 6),
    Scale.ROOMY: CardSize(7, 5, 6),
    Scale.LARGE: CardSize(9, 7, 7),
}
"""A hand card at each scale (the hand is what a player looks at most: it is never a chip); a
card under the next shows its edge and its whole corner ('GSkip', 'Up/Dn')."""
FELT_CARD = {
    Scale.COMPACT: CardSize(5, 1, 5),
    Scale.ROOMY: CardSize(7, 3, 4),
    Scale.LARGE: CardSize(7, 5, 4),
}
"""A card on the felt (runs, melds, a trick) at each scale: a one-line chip when compact."""


@dataclass(frozen=True)
class Edge:
    """The lines around a card: `round` for a card, `heavy` under the cursor, `double` when
    chosen; each can be told apart without colour."""

    top_left: str
    top: str
    top_right: str
    side: str
    bottom_left: str
    bottom_right: str


ROUND = Edge("╭", "─", "╮", "│", "╰", "╯")
HEAVY = Edge("┏", "━", "┓", "┃", "┗", "┛")
DOUBLE = Edge("╔", "═", "╗", "║", "╚", "╝")


def _fit(text: str, width: int, align: str = "left") -> str:
    """`text` in exactly `width` cells, cut or padded (left, centre or right)."""
    if cell_len(text) > width:
        return set_cell_size(text, width)
    room = width - cell_len(text)
    if align == "right":
        return " " * room + text
    if align == "centre":
        return " " * (room // 2) + text + " " * (room - room // 2)
    return text + " " * room


def chip(look: Look, width: int = 0) -> Text:
    """A card as a one-line chip: ' 10♥ ' on its face (`width` cells, or its corner and a space
    either side)."""
    label = look.corner
    return Text(_fit(label, width, "centre") if width else f" {label} ", style=look.style)


def face_lines(
    look: Look, size: CardSize, key: str = "", edge: Edge = ROUND, edge_style: str = ""
) -> list[Text]:
    """A card face `size` cells big, line by line: the corner at its top left (and, when tall
    enough, at its bottom right), the pip in its middle, `key` on its top edge. A one-line size
    is a chip."""
    if size.height <= 1:
        return [chip(look, size.width)]
    inner = size.width - 2
    rows = size.height - 2
    body = [" " * inner for _ in range(rows)]
    body[0] = _fit(look.corner, inner)
    if rows >= 3:
        body[rows // 2] = _fit(look.pip, inner, "centre")
        body[-1] = _fit(look.corner, inner, "right")
    elif rows == 2:
        body[1] = _fit(look.pip, inner, "centre")
    lines = [_edge_line(edge.top_left, edge.top, edge.top_right, inner, key)]
    lines += [edge.side + row + edge.side for row in body]
    lines.append(_edge_line(edge.bottom_left, edge.top, edge.bottom_right, inner))
    border = edge_style or look.style
    out = []
    for n, line in enumerate(lines):
        text = Text(line, style=look.style)
        if n in (0, len(lines) - 1):
            text.stylize(border)
        else:
            text.stylize(border, 0, 1)
            text.stylize(border, len(line) - 1)
        out.append(text)
    return out


def _edge_line(left: str, line: str, right: str, width: int, key: str = "") -> str:
    """An edge `width` cells between its corners, with `key` written on it."""
    middle = line + _fit(key, width - 1).replace(" ", line) if key else line * width
    return left + middle + right


def back_lines(size: CardSize) -> list[Text]:
    """A card face down, line by line: its edge around a patterned back."""
    if size.height <= 1:
        return [Text("░" * size.width, style=card_faces.back())]
    inner = size.width - 2
    lines = ["╭" + "─" * inner + "╮"]
    lines += ["│" + "░" * inner + "│" for _ in range(size.height - 2)]
    lines.append("╰" + "─" * inner + "╯")
    return [Text(line, style=card_faces.back()) for line in lines]


def joined(lines: Sequence[Text]) -> Text:
    """Lines as one text, one under the other."""
    return Text("\n").join(lines)


def side_by_side(*blocks: Sequence[Text], gap: int = 1) -> list[Text]:
    """Blocks of lines next to each other, tops aligned, `gap` spaces apart (each block padded
    to its widest line)."""
    height = max((len(block) for block in blocks), default=0)
    out = [Text() for _ in range(height)]
    for n, block in enumerate(blocks):
        width = max((line.cell_len for line in block), default=0)
        for row in range(height):
            line = block[row] if row < len(block) else Text()
            if n:
                out[row].append(" " * gap)
            out[row].append_text(line)
            out[row].append(" " * (width - line.cell_len))
    return out


def backs(count: int, size: CardSize, most: int = 10) -> list[Text]:
    """A hand seen from across the table: `count` backs fanned, each showing two columns under
    the next (at most `most` shown), line by line; compact, one line of card edges."""
    shown = min(count, most)
    if shown == 0:
        return [Text("no cards", style="dim")]
    if size.height <= 1:
        return [Text("▌" * shown, style=card_faces.back())]
    inner = max(size.width - 2, 1)
    height = max(size.height, 3)
    lines = ["╭─" * (shown - 1) + "╭" + "─" * inner + "╮"]
    lines += ["│░" * (shown - 1) + "│" + "░" * inner + "│" for _ in range(height - 2)]
    lines.append("╰─" * (shown - 1) + "╰" + "─" * inner + "╯")
    return [Text(line, style=card_faces.back()) for line in lines]


def pile(top: Look | None, count: int, size: CardSize, caption: str) -> list[Text]:
    """A pile on the felt with its count under it: face up with `top` showing, or face down
    (`top` None); an empty pile is its outline. Cards under the top one show as edges below it."""
    if size.height <= 1:
        card = (
            chip(top) if top else Text(" ░░ ", style=card_faces.back()) if count else Text("[  ]")
        )
        return [Text.assemble(card, f" {caption} {count}")]  # the caption in the felt's ink
    if count == 0:
        inner = size.width - 2
        lines = [Text("┌" + "┄" * inner + "┐", style="dim")]
        lines += [Text("┆" + " " * inner + "┆", style="dim") for _ in range(size.height - 2)]
        lines.append(Text("└" + "┄" * inner + "┘", style="dim"))
    else:
        lines = face_lines(top, size) if top else back_lines(size)
        style = card_faces.back() if top is None else top.style
        for depth in range(min((count - 1 + 9) // 10, 2)):  # an edge for each ten below
            lines.append(Text(" " * (depth + 1) + "▔" * (size.width - 2), style=style))
    lines.append(Text(_fit(f"{caption} {count}", max(size.width, len(caption) + 4), "centre")))
    return lines


def laid(
    looks: Sequence[Look],
    size: CardSize,
    room: int,
    marks: Mapping[int, str] | None = None,
    lit: Collection[int] = (),
    lit_style: str = "",
    narrowest: int = 0,
    edge: Edge = ROUND,
    edge_style: str = "",
) -> list[Text]:
    """Cards laid on the felt in `room` columns, line by line (compact: chips): overlapping
    faces, the last whole, closer
    together (down to `narrowest` columns showing, when given) where they must be, wrapping
    onto more rows where even that is too wide. `marks` writes a sign on a card's top edge
    (a meld's number, a run's leading edge); the cards at `lit` places have just landed (heavy
    edges in `lit_style`), the others are edged `edge` in `edge_style`."""
    if not looks:
        return []
    if size.height <= 1:
        return _chips_laid(looks, room, lit, lit_style)
    marks = marks or {}
    step = size.step
    if narrowest and len(looks) > 1 and size.width + (len(looks) - 1) * step > room:
        step = max((room - size.width) // (len(looks) - 1), narrowest)
    per_row = max((room - size.width) // step + 1, 1)
    lines: list[Text] = []
    for first in range(0, len(looks), per_row):
        row = range(first, min(first + per_row, len(looks)))
        out = [Text() for _ in range(size.height)]
        for n in row:
            lit_now = n in lit and lit_style
            card = face_lines(
                looks[n],
                size,
                marks.get(n, ""),
                HEAVY if lit_now else edge,
                lit_style if lit_now else edge_style,
            )
            for line, part in zip(out, card, strict=True):
                line.append_text(part if n == row[-1] else part[:step])
        lines += out
    return lines


def _chips_laid(
    looks: Sequence[Look], room: int, lit: Collection[int], lit_style: str
) -> list[Text]:
    """Compact cards: chips a space apart, in lines of `room` columns, the `lit` ones lit."""
    lines = [Text()]
    for n, card_look in enumerate(looks):
        card = chip(card_look)
        if n in lit and lit_style:
            card.stylize(lit_style)
        if lines[-1].cell_len and lines[-1].cell_len + 1 + card.cell_len > room:
            lines.append(Text())
        elif lines[-1].cell_len:
            lines[-1].append(" ")
        lines[-1].append_text(card)
    return lines


def flow(blocks: Sequence[list[Text]], width: int, gap: int = 1) -> tuple[list[Text], list[int]]:
    """Blocks of lines (melds, triples) laid left to right, `gap` apart, a new row of them
    where the next does not fit in `width`; with the line each block starts on."""
    lines: list[Text] = []
    starts: list[int] = []
    row: list[list[Text]] = []
    used = 0
    for block in blocks:
        wide = max((line.cell_len for line in block), default=0)
        if row and used + gap + wide > width:
            lines += side_by_side(*row, gap=gap)
            row, used = [], 0
        starts.append(len(lines))
        used = wide if not row else used + gap + wide
        row.append(block)
    if row:
        lines += side_by_side(*row, gap=gap)
    return lines, starts
