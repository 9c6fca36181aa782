"""How a card looks on screen: rank and suit as text, and colour as a second cue."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text

from cardtable.cards import (
    JOKER_MARK,
    Card,
    Colour,
    DirectionCard,
    PilatchCard,
    PilatchSuit,
    RunItCard,
    RunItColour,
)

FACE = {
    Colour.RED: "bold #b3261e on #f4f1ea",
    Colour.BLACK: "bold #1b1b1b on #f4f1ea",
    None: "bold #6a1b9a on #f4f1ea",
}
INK = {Colour.RED: "bold #ff6b5e", Colour.BLACK: "bold #d8d8d8", None: "bold #ce93d8"}


PILATCH_FACE = {
    PilatchSuit.ROCK: "bold #4e342e on #f4f1ea",
    PilatchSuit.PAPER: "bold #0d47a1 on #f4f1ea",
    PilatchSuit.SCISSORS: "bold #b3261e on #f4f1ea",
}
PILATCH_INK = {
    PilatchSuit.ROCK: "bold #d7ccc8",
    PilatchSuit.PAPER: "bold #90caf9",
    PilatchSuit.SCISSORS: "bold #ff8a80",
}
KEEPER_FACE = "bold #6a1b9a on #f4f1ea"
KEEPER_INK = "bold #ce93d8"
RUN_IT_FACE = {
    RunItColour.RED: "bold #ffffff on #c62828",
    RunItColour.BLUE: "bold #ffffff on #1565c0",
    RunItColour.YELLOW: "bold #1b1b1b on #fdd835",
    RunItColour.GREEN: "bold #ffffff on #2e7d32",
    None: "bold #ffffff on #4a148c",
}
"""A Run It card's face: the colour behind its letter (a Wild is purple until it names one)."""
DIRECTION_FACE = "bold #1b1b1b on #ffd54f"
BACK = "#f4f1ea on #7b2d26"
"""A card face down: a red back with a light pattern."""


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
            return KEEPER_LABEL, KEEPER_FACE, KEEPER_INK
        return card.short, PILATCH_FACE[card.suit], PILATCH_INK[card.suit]
    return card.short, FACE[card.colour], INK[card.colour]


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
    """How `card` looks drawn as a card (any deck's card, a direction card, a Keeper); `corner`
    replaces its usual corner text (a Runway Joker standing for a rank: '★7●R')."""
    if isinstance(card, RunItCard):
        pip = card.short[1:] if card.colour else card.short
        return Look(corner or card.short, pip, RUN_IT_FACE[card.colour])
    if isinstance(card, DirectionCard):
        return Look(corner or card.short, "⇅", DIRECTION_FACE)
    if isinstance(card, PilatchCard):
        if card.is_joker:
            return Look(corner or KEEPER_CORNER, WILD, KEEPER_FACE)
        return Look(corner or card.short, card.suit.symbol[0], PILATCH_FACE[card.suit])
    if card.is_joker:
        return Look(corner or card.short, WILD, FACE[None])
    return Look(corner or card.short, card.suit.symbol, FACE[card.colour])


def face(card: Card | PilatchCard, width: int = 0) -> Text:
    """The card as a small face: ' 10♥ ' in its colour on a light card; a Keeper '★'."""
    label, style, _ = _label_and_styles(card)
    if width and len(label) > width:
        label = WILD if label == KEEPER_LABEL else label[:width]
    return Text(label.center(width) if width else f" {label} ", style=style)


def ink(card: Card | PilatchCard) -> Text:
    """The card as coloured text for a line of prose."""
    label, _, style = _label_and_styles(card)
    return Text(label, style=style)


def colour_name(colour: Colour) -> Text:
    """A team colour in words, in that colour: 'Reds ♥♦' or 'Blacks ♠♣'."""
    marks = "♥♦" if colour is Colour.RED else "♠♣"
    return Text(f"{colour.team} {marks}", style=INK[colour])
