"""How a card looks on screen: rank and suit as text, and colour as a second cue.

The colours come from the palette in use (`use_palette`, in `card_palettes.py`): each theme
has its own (`cardtable/ui/themes.py`), and the standard deck may have four colours, one a
suit. Tables ask `look`, `face` and `ink` (and `back`) for a card's style each time they draw,
so a theme chosen while a table is on screen shows at its next drawing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rich.style import Style
from rich.text import Text

from cardtable.cards import JOKER_MARK, Card, Colour, DirectionCard, PilatchCard, RunItCard
from cardtable.ui.card_palettes import (  # noqa: F401 (the palettes are found here too)
    CONTRAST_CARDS,
    FELT_CARDS,
    IN_USE,
    LIGHT_CARDS,
    CardPalette,
    use_palette,
)

_now = IN_USE
"""The palette in use (`use_palette` changes it)."""


WILD = JOKER_MARK
"""The mark of a wild card (a Runway Joker, an Over Trump Keeper): no rank letter looks like it."""
KEEPER_LABEL = f"{WILD}Keeper"


def joker_label(card: Any, stands_for: int | None = None) -> str:
    """A Runway card's face: '7●R'; a Joker is '★●R', and '★7●R' where it stands for a 7
    (any other card, a direction card say, as its short name)."""
    if not isinstance(card, PilatchCard) or not card.is_joker:
        return card.short
    rank = "" if stands_for is None else PilatchCard(suit=card.suit, rank=stands_for).rank_text
    return f"{WILD}{rank}{card.suit.symbol}"


def _label_and_styles(card: Card | PilatchCard) -> tuple[str, str, str]:
    if isinstance(card, PilatchCard):
        if card.is_joker:  # an Over Trump Keeper: it belongs to no suit
            return KEEPER_LABEL, _now.palette.keeper_face, _now.palette.keeper_ink
        return card.short, _now.palette.pilatch_face[card.suit], _now.palette.pilatch_ink[card.suit]
    return card.short, _now.suit_face[card.suit], _now.suit_ink[card.suit]


@dataclass(frozen=True)
class Look:
    """What a card shows when drawn as a card: the `corner` (rank and suit, 'GSkip', '★●R'),
    the `pip` in its middle ('♥', '★', '+2') and the `style` of its face."""

    corner: str
    pip: str
    style: str


KEEPER_CORNER = f"{WILD}Keep"
"""An Over Trump Keeper's corner: it belongs to no suit, and reads as no rank."""


def look(card: Any, corner: str | None = None) -> Look:
    """How `card` looks drawn as a card (any deck's card, a direction card, a Keeper), in the
    palette in use; `corner` replaces its usual corner text (a Runway Joker standing for a rank:
    '★7●R')."""
    if isinstance(card, RunItCard):
        pip = card.short[1:] if card.colour else card.short
        return Look(corner or card.short, pip, _now.palette.run_it_face[card.colour])
    if isinstance(card, DirectionCard):
        return Look(corner or card.short, "⇅", _now.palette.direction_face)
    if isinstance(card, PilatchCard):
        if card.is_joker:
            return Look(corner or KEEPER_CORNER, WILD, _now.palette.keeper_face)
        return Look(corner or card.short, card.suit.symbol[0], _now.palette.pilatch_face[card.suit])
    if card.is_joker:
        return Look(corner or card.short, WILD, _now.suit_face[None])
    return Look(corner or card.short, card.suit.symbol, _now.suit_face[card.suit])


DARK_FACE_EDGES = {"cursor": "bold #ffea00", "chosen": "bold #b9f6ca"}
"""Edges on a dark face (a Run It card): bright, where the palette's dark ones would vanish."""


def edge(kind: str, face: str = "") -> str:
    """The style of a hand card's edge: 'cursor' (heavy) or 'chosen' (double), in a colour that
    stands out from the card's `face` style (bright on a dark face)."""
    if face and _dark(face):
        return DARK_FACE_EDGES[kind]
    return _now.palette.cursor_edge if kind == "cursor" else _now.palette.chosen_edge


@lru_cache(maxsize=64)
def _dark(face: str) -> bool:
    """True if the face's background is dark (its luminance under a half)."""
    colour = Style.parse(face).bgcolor
    if colour is None:
        return False
    red, green, blue = colour.get_truecolor()
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue < 128


def turn() -> str:
    """The style of the name of the player to act."""
    return _now.palette.turn


def back() -> str:
    """The style of a card face down, in the palette in use."""
    return _now.palette.back


def face(card: Card | PilatchCard, width: int = 0) -> Text:
    """The card as a small face: ' 10♥ ' in its colour on a light card; a Keeper '★'."""
    label, style, _ = _label_and_styles(card)
    if width and len(label) > width:
        label = WILD if label == KEEPER_LABEL else label[:width]
    return Text(label.center(width) if width else f" {label} ", style=style)


def ink(card: Card | PilatchCard | RunItCard) -> Text:
    """The card as coloured text for a line of prose, in the palette in use (a Run It card in
    its colour's ink, a Wild's until it names one)."""
    if isinstance(card, RunItCard):
        return Text(card.short, style=_now.palette.run_it_ink[card.colour])
    label, _, style = _label_and_styles(card)
    return Text(label, style=style)


def colour_name(colour: Colour) -> Text:
    """A team colour in words, in that colour: 'Reds ♥♦' or 'Blacks ♠♣' (a team's colour, so
    in two colours even in a four-colour deck)."""
    marks = "♥♦" if colour is Colour.RED else "♠♣"
    return Text(f"{colour.team} {marks}", style=_now.palette.ink[colour])
