"""Bots in a claim window: each decides when the window opens, and one that claims waits a short
seeded delay first, so that a quick person can beat it. The table at one keyboard and the host
both run windows with this."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.bots.seat_player import SeatPlayer
from cardtable.engine.claims import Claim, ClaimWindow

CLAIM_DELAY = (0.6, 1.6)
"""A claiming bot waits this many seconds (drawn between the two), within the first
LATEST_SHARE of a timed window."""
LATEST_SHARE = 0.7


def bot_claim_delays(
    game: Any,
    state: Any,
    window: ClaimWindow,
    players: Sequence[SeatPlayer],
    is_bot: Callable[[int], bool],
    chance: random.Random,
) -> dict[int, float]:
    """The bots of `window` that claim its card, each with the second of the window at which it
    does (0 in a window with no clock); bots not listed let the card go."""
    delays: dict[int, float] = {}
    for seat in window.open_to:
        if not is_bot(seat):
            continue
        move, _ = players[seat].choose(game.view(state, seat), game.legal_moves(state, seat))
        if isinstance(move, Claim):
            latest = window.seconds * LATEST_SHARE if window.seconds > 0 else 0.0
            delays[seat] = min(chance.uniform(*CLAIM_DELAY), latest)
    return delays
