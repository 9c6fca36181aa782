"""How a card looks on screen: rank and suit as text, and colour as a second cue."""

from __future__ import annotations

from rich.text import Text

from cardtable.cards import Card, Colour

FACE = {
    Colour.RED: "bold #b3261e on #f4f1ea",
    Colour.BLACK: "bold #1b1b1b on #f4f1ea",
    None: "bold #6a1b9a on #f4f1ea",
}
INK = {Colour.RED: "bold #ff6b5e", Colour.BLACK: "bold #d8d8d8", None: "bold #ce93d8"}


def face(card: Card, width: int = 0) -> Text:
    """The card as a small face: ' 10♥ ' in its colour on a light card."""
    label = card.short
    if width:
        label = label.center(width)
    else:
        label = f" {label} "
    return Text(label, style=FACE[card.colour])


def ink(card: Card) -> Text:
    """The card as coloured text for a line of prose."""
    return Text(card.short, style=INK[card.colour])


def colour_name(colour: Colour) -> Text:
    """A team colour in words, in that colour: 'Reds ♥♦' or 'Blacks ♠♣'."""
    marks = "♥♦" if colour is Colour.RED else "♠♣"
    return Text(f"{colour.title} {marks}", style=INK[colour])
