"""The one Over Trump move: place a card, perhaps revealing a Keeper with it."""

from __future__ import annotations

from typing import Literal

from pydantic import TypeAdapter

from cardtable.cards import PilatchCard
from cardtable.engine import Move


class PlaceCard(Move):
    """Place a card into the trick; with `reveal`, a Keeper shown now takes its place later."""

    kind: Literal["place"] = "place"
    card: PilatchCard
    reveal: PilatchCard | None = None

    def describe(self, player: str = "You") -> str:
        """'Ann places the 7 of Rock, revealing the Paper Joker'."""
        text = f"{player} places {keeper_label(self.card)}"
        if self.reveal is not None:
            text += f", revealing {keeper_label(self.reveal)}"
        return text

    def brief(self) -> str:
        """'7●R' or '7●R + Keeper'."""
        return short(self.card) + (" with a Keeper revealed" if self.reveal is not None else "")


def short(card: PilatchCard) -> str:
    """A card's short text, with Jokers called Keepers as in this game."""
    return "Keeper" if card.is_joker else card.short


def keeper_label(card: PilatchCard) -> str:
    """A card in words, with Jokers called Keepers as in this game."""
    return "a Keeper" if card.is_joker else card.label


def keeper_name(card: PilatchCard) -> str:
    """A Keeper told apart from the others: 'the Paper Keeper'."""
    return f"the {card.suit.name.title()} Keeper"


MOVE_ADAPTER: TypeAdapter[PlaceCard] = TypeAdapter(PlaceCard)
_MOVES: dict[tuple[PilatchCard, PilatchCard | None], PlaceCard] = {}
_BY_ID: dict[tuple[int, int], tuple[PilatchCard, PilatchCard | None, PlaceCard]] = {}
"""Moves by the ids of their card objects: hands hold the deck's own card objects, and an id
lookup skips hashing cards (a Python-level call) on the bots' hottest path. Each entry keeps its
cards, so their ids cannot be reused while it lives; `is` confirms the match."""


def place(card: PilatchCard, reveal: PilatchCard | None = None) -> PlaceCard:
    """The move placing `card` (revealing `reveal`): one shared frozen value each."""
    ids = (id(card), id(reveal))
    entry = _BY_ID.get(ids)
    if entry is not None and entry[0] is card and entry[1] is reveal:
        return entry[2]
    move = _MOVES.get((card, reveal))
    if move is None:
        move = _MOVES[(card, reveal)] = PlaceCard(card=card, reveal=reveal)
    if len(_BY_ID) < 8192:
        _BY_ID[ids] = (card, reveal, move)
    return move
