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


MOVE_ADAPTER: TypeAdapter[PlaceCard] = TypeAdapter(PlaceCard)
_MOVES: dict[tuple[PilatchCard, PilatchCard | None], PlaceCard] = {}


_PLAIN: dict[int, tuple[PilatchCard, PlaceCard]] = {}
"""Plain moves by the id of their card object: hands hold the deck's own card objects, and an
id lookup skips hashing the card (a Python-level call) on the bots' hottest path. The entry
keeps its card, so its id cannot be reused while the entry lives; `is` confirms the match."""


def place(card: PilatchCard, reveal: PilatchCard | None = None) -> PlaceCard:
    """The move placing `card` (revealing `reveal`): one shared frozen value each."""
    if reveal is None:
        entry = _PLAIN.get(id(card))
        if entry is not None and entry[0] is card:
            return entry[1]
        move = _MOVES.get((card, None))
        if move is None:
            move = _MOVES[(card, None)] = PlaceCard(card=card)
        if len(_PLAIN) < 4096:
            _PLAIN[id(card)] = (card, move)
        return move
    key = (card, reveal)
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = PlaceCard(card=card, reveal=reveal)
    return move
