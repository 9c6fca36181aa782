"""What everyone at the table knows about a hand: claimed voids and cards seen going back.

A card placed with a revealed Keeper goes back to its owner's hand in full view, so everyone
knows she holds it until she places it again. With the suits she claimed to be out of (by not
following), that is all public information proves about a hand; under Table rules a placement
it proves illegal is punished at once.
"""

from __future__ import annotations

from cardtable.cards import PilatchCard, PilatchSuit, superior_suit
from cardtable.games.over_trump.moves import short

SUIT_NAMES = {
    PilatchSuit.ROCK: "Rock",
    PilatchSuit.PAPER: "Paper",
    PilatchSuit.SCISSORS: "Scissors",
}


def proven_illegal(
    shown: list[PilatchCard],
    voids: list[PilatchSuit],
    top: PilatchCard | None,
    card: PilatchCard,
) -> str | None:
    """Why everyone can see that placing `card` on `top` breaks the rules, or None.

    `shown` are the cards seen going back to the player's hand, `voids` the suits she claimed
    to be out of. A Keeper is always legal. A suit she claimed to be out of proves one of her
    placements illegal. With a card of the top's suit seen in her hand, she had to follow; with
    a card of its superior suit seen there, she had to place one of the two.
    """
    if card.is_joker:
        return None
    if card.suit in voids:
        return f"after showing out of {SUIT_NAMES[card.suit]}"
    if top is None or card.suit is top.suit:
        return None
    follow = superior = None
    for held in shown:
        if held.is_joker or held is card or held == card:
            continue
        if held.suit is top.suit:
            follow = held
        elif held.suit is superior_suit(top.suit):
            superior = held
    if follow is not None:
        return (
            f"while holding {short(follow)}, seen going back to that hand, so "
            f"{SUIT_NAMES[top.suit]} had to be placed"
        )
    if superior is not None and card.suit is not superior.suit:
        return (
            f"while holding {short(superior)}, seen going back to that hand, so "
            f"{SUIT_NAMES[top.suit]} or {SUIT_NAMES[superior.suit]} had to be placed"
        )
    return None
