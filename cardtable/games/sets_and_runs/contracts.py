"""The table of Sets and Runs as data: the deck, the deal, the buys and the seven contracts."""

from __future__ import annotations

from typing import NamedTuple

DECKS = 2
"""Two standard decks are shuffled together."""
JOKERS = 4
"""With two Jokers each: 108 cards in all."""
DEAL = 11
"""Cards dealt to each player every round."""
BUYS_PER_ROUND = 3
"""Buys each player has in a round."""
SET_MIN = 3
"""A set is 3 or more cards of one rank."""
RUN_MIN = 4
"""A run is 4 or more cards in a row of one suit."""
RUN_MAX = 13
"""A run holds the Ace low or high, never both: at most A-K or 2-A."""


class Contract(NamedTuple):
    """What a player must lay down in a round: so many sets and so many runs."""

    name: str
    sets: int
    runs: int

    @property
    def cards_needed(self) -> int:
        """The fewest cards that make the contract: 3 a set, 4 a run."""
        return self.sets * SET_MIN + self.runs * RUN_MIN

    @property
    def melds(self) -> int:
        """How many melds the contract lays down."""
        return self.sets + self.runs


CONTRACTS: tuple[Contract, ...] = (
    Contract("Two Sets", 2, 0),
    Contract("One Set and One Run", 1, 1),
    Contract("Two Runs", 0, 2),
    Contract("Three Sets", 3, 0),
    Contract("Two Sets and One Run", 2, 1),
    Contract("One Set and Two Runs", 1, 2),
    Contract("Three Runs", 0, 3),
)
"""The contract of each round, first to seventh (RULES.md, "Sets and Runs")."""

ROUNDS = len(CONTRACTS)


def contract_for(round_number: int) -> Contract:
    """The contract of round `round_number` (1 to 7)."""
    return CONTRACTS[round_number - 1]
