"""The colours cards are drawn in: each theme's palette, and the one in use.

Apart from `card_faces` (which draws the cards) so that the themes, and the app choosing one
before its first paint, need only the suits (`cardtable.cards.suits`), not the card models and
pydantic with them.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.cards.suits import Colour, PilatchSuit, RunItColour, Suit


@dataclass(frozen=True)
class CardPalette:
    """The colours cards are drawn in under one theme: each deck's faces (a light card with
    coloured ink), the same ink as text in a line of prose, a direction card and a card back.
    `four_face` and `four_ink` colour the standard deck by suit when four colours are on."""

    face: dict[Colour | None, str]
    """A standard card's face by its colour (None: a Joker)."""
    ink: dict[Colour | None, str]
    four_face: dict[Suit, str]
    """A standard card's face by its suit, in a four-colour deck."""
    four_ink: dict[Suit, str]
    pilatch_face: dict[PilatchSuit, str]
    pilatch_ink: dict[PilatchSuit, str]
    keeper_face: str
    keeper_ink: str
    run_it_face: dict[RunItColour | None, str]
    """A Run It card's face: the colour behind its letter (a Wild is purple until it names
    one)."""
    run_it_ink: dict[RunItColour | None, str]
    """A Run It card, or a colour named, as text in a line of prose."""
    direction_face: str
    back: str
    """A card face down."""
    cursor_edge: str = "bold #d84315"
    """The heavy edge of the card under the cursor."""
    chosen_edge: str = "bold #1b5e20"
    """The double edge of a chosen card."""
    turn: str = "bold #1b1b1b on #ffd54f"
    """The name of the player to act, across the table."""

    def by_suit(self, four_colour: bool) -> tuple[dict[Suit | None, str], dict[Suit | None, str]]:
        """A standard card's face and ink by its suit (None: a Joker): two colours, or four
        (spades black, hearts red, diamonds blue, clubs green)."""
        faces: dict[Suit | None, str] = {None: self.face[None]}
        inks: dict[Suit | None, str] = {None: self.ink[None]}
        for suit in Suit:
            faces[suit] = self.four_face[suit] if four_colour else self.face[suit.colour]
            inks[suit] = self.four_ink[suit] if four_colour else self.ink[suit.colour]
        return faces, inks


_LIGHT_CARD = "#f4f1ea"
_RUN_IT_FACE: dict[RunItColour | None, str] = {
    RunItColour.RED: "bold #ffffff on #c62828",
    RunItColour.BLUE: "bold #ffffff on #1565c0",
    RunItColour.YELLOW: "bold #1b1b1b on #fdd835",
    RunItColour.GREEN: "bold #ffffff on #2e7d32",
    None: "bold #ffffff on #4a148c",
}

FELT_CARDS = CardPalette(
    face={
        Colour.RED: f"bold #b3261e on {_LIGHT_CARD}",
        Colour.BLACK: f"bold #1b1b1b on {_LIGHT_CARD}",
        None: f"bold #6a1b9a on {_LIGHT_CARD}",
    },
    ink={Colour.RED: "bold #ff6b5e", Colour.BLACK: "bold #d8d8d8", None: "bold #ce93d8"},
    four_face={
        Suit.SPADES: f"bold #1b1b1b on {_LIGHT_CARD}",
        Suit.HEARTS: f"bold #b3261e on {_LIGHT_CARD}",
        Suit.DIAMONDS: f"bold #0d47a1 on {_LIGHT_CARD}",
        Suit.CLUBS: f"bold #1b5e20 on {_LIGHT_CARD}",
    },
    four_ink={
        Suit.SPADES: "bold #d8d8d8",
        Suit.HEARTS: "bold #ff6b5e",
        Suit.DIAMONDS: "bold #82b1ff",
        Suit.CLUBS: "bold #69f0ae",
    },
    pilatch_face={
        PilatchSuit.ROCK: f"bold #4e342e on {_LIGHT_CARD}",
        PilatchSuit.PAPER: f"bold #0d47a1 on {_LIGHT_CARD}",
        PilatchSuit.SCISSORS: f"bold #b3261e on {_LIGHT_CARD}",
    },
    pilatch_ink={
        PilatchSuit.ROCK: "bold #d7ccc8",
        PilatchSuit.PAPER: "bold #90caf9",
        PilatchSuit.SCISSORS: "bold #ff8a80",
    },
    keeper_face=f"bold #6a1b9a on {_LIGHT_CARD}",
    keeper_ink="bold #ce93d8",
    run_it_face=_RUN_IT_FACE,
    run_it_ink={
        RunItColour.RED: "bold #ff8a80",
        RunItColour.BLUE: "bold #82b1ff",
        RunItColour.YELLOW: "bold #fff176",
        RunItColour.GREEN: "bold #b9f6ca",
        None: "bold #ce93d8",
    },
    direction_face="bold #1b1b1b on #ffd54f",
    back=f"{_LIGHT_CARD} on #7b2d26",
)
"""The felt theme's cards (and any dark theme's): light cards, bright ink on the dark felt."""

CONTRAST_CARDS = CardPalette(
    face={
        Colour.RED: "bold #d00000 on #ffffff",
        Colour.BLACK: "bold #000000 on #ffffff",
        None: "bold #7b00b0 on #ffffff",
    },
    ink={Colour.RED: "bold #ff5f5f", Colour.BLACK: "bold #ffffff", None: "bold #e0a0ff"},
    four_face={
        Suit.SPADES: "bold #000000 on #ffffff",
        Suit.HEARTS: "bold #d00000 on #ffffff",
        Suit.DIAMONDS: "bold #0030d0 on #ffffff",
        Suit.CLUBS: "bold #007000 on #ffffff",
    },
    four_ink={
        Suit.SPADES: "bold #ffffff",
        Suit.HEARTS: "bold #ff5f5f",
        Suit.DIAMONDS: "bold #6fa8ff",
        Suit.CLUBS: "bold #40ff40",
    },
    pilatch_face={
        PilatchSuit.ROCK: "bold #000000 on #ffffff",
        PilatchSuit.PAPER: "bold #0030d0 on #ffffff",
        PilatchSuit.SCISSORS: "bold #d00000 on #ffffff",
    },
    pilatch_ink={
        PilatchSuit.ROCK: "bold #ffffff",
        PilatchSuit.PAPER: "bold #6fa8ff",
        PilatchSuit.SCISSORS: "bold #ff5f5f",
    },
    keeper_face="bold #7b00b0 on #ffffff",
    keeper_ink="bold #e0a0ff",
    run_it_face={
        RunItColour.RED: "bold #ffffff on #d00000",
        RunItColour.BLUE: "bold #ffffff on #0030d0",
        RunItColour.YELLOW: "bold #000000 on #ffff00",
        RunItColour.GREEN: "bold #ffffff on #007000",
        None: "bold #ffffff on #5a00a0",
    },
    run_it_ink={
        RunItColour.RED: "bold #ff5f5f",
        RunItColour.BLUE: "bold #6fa8ff",
        RunItColour.YELLOW: "bold #ffff00",
        RunItColour.GREEN: "bold #40ff40",
        None: "bold #e0a0ff",
    },
    direction_face="bold #000000 on #ffff00",
    back="bold #ffffff on #a00000",
    cursor_edge="bold #ff3d00",
    chosen_edge="bold #00a000",
    turn="bold #000000 on #ffff00",
)
"""The high-contrast theme's cards: pure white faces with strong ink, white and bright ink on
the near-black felt, a bright red back."""

LIGHT_CARDS = CardPalette(
    face={
        Colour.RED: "bold #b3261e on #ffffff",
        Colour.BLACK: "bold #1b1b1b on #ffffff",
        None: "bold #6a1b9a on #ffffff",
    },
    ink={Colour.RED: "bold #b3261e", Colour.BLACK: "bold #1b1b1b", None: "bold #6a1b9a"},
    four_face={
        Suit.SPADES: "bold #1b1b1b on #ffffff",
        Suit.HEARTS: "bold #b3261e on #ffffff",
        Suit.DIAMONDS: "bold #0d47a1 on #ffffff",
        Suit.CLUBS: "bold #1b5e20 on #ffffff",
    },
    four_ink={
        Suit.SPADES: "bold #1b1b1b",
        Suit.HEARTS: "bold #b3261e",
        Suit.DIAMONDS: "bold #0d47a1",
        Suit.CLUBS: "bold #1b5e20",
    },
    pilatch_face={
        PilatchSuit.ROCK: "bold #4e342e on #ffffff",
        PilatchSuit.PAPER: "bold #0d47a1 on #ffffff",
        PilatchSuit.SCISSORS: "bold #b3261e on #ffffff",
    },
    pilatch_ink={
        PilatchSuit.ROCK: "bold #4e342e",
        PilatchSuit.PAPER: "bold #0d47a1",
        PilatchSuit.SCISSORS: "bold #b3261e",
    },
    keeper_face="bold #6a1b9a on #ffffff",
    keeper_ink="bold #6a1b9a",
    run_it_face=_RUN_IT_FACE,
    run_it_ink={
        RunItColour.RED: "bold #b3261e",
        RunItColour.BLUE: "bold #0d47a1",
        RunItColour.YELLOW: "bold #7a5c00",
        RunItColour.GREEN: "bold #1b5e20",
        None: "bold #6a1b9a",
    },
    direction_face="bold #1b1b1b on #ffd54f",
    back="#ffffff on #7b2d26",
)
"""A light theme's cards (textual-light, solarized-light and the like): white faces, and dark
ink, so text in a line stays readable on a light background."""


@dataclass
class PaletteInUse:
    """The palette cards are drawn in now, and the standard deck's faces and inks by suit in
    it (two colours or four)."""

    palette: CardPalette
    suit_face: dict[Suit | None, str]
    suit_ink: dict[Suit | None, str]


IN_USE = PaletteInUse(FELT_CARDS, *FELT_CARDS.by_suit(False))
"""What `card_faces` draws cards in; `use_palette` changes it."""


def use_palette(palette: CardPalette, four_colour: bool = False) -> None:
    """Draw cards from now on in `palette`, the standard deck in four colours if asked."""
    IN_USE.palette = palette
    IN_USE.suit_face, IN_USE.suit_ink = palette.by_suit(four_colour)
