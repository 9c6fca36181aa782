"""Which card may go on the discard pile: Play-it's matching, and a penalty run's answers."""

from __future__ import annotations

from cardtable.cards import RunItCard, RunItColour, RunItKind
from cardtable.games.run_it.moves import COLOUR_NAMES

NAMES_A_COLOUR = frozenset({RunItKind.WILD, RunItKind.WILD_PENALTY, RunItKind.STOP})
"""Cards whose player names the colour in force."""
PENALTIES = frozenset({RunItKind.PENALTY, RunItKind.WILD_PENALTY})
"""Cards that start or add to a penalty run."""
RUN_ACTIONS = frozenset({RunItKind.REVERSE, RunItKind.SKIP, RunItKind.STOP})
"""Action cards that move or stop a penalty run."""


def in_colour(colour: RunItColour | None) -> str:
    """'Blue (B)' or 'any colour'."""
    return f"{COLOUR_NAMES[colour]} ({colour.value})" if colour else "any colour"


def can_play(card: RunItCard, top: RunItCard, colour: RunItColour | None) -> bool:
    """True when `card` may be played on `top` outside a penalty run (Play-it).

    The same rule as `play_refusal`, without building its sentence (bots ask this often)."""
    kind = card.kind
    if colour is None or kind is RunItKind.WILD_PENALTY:
        return True
    if kind is RunItKind.WILD:
        return top.kind not in PENALTIES
    if card.colour is colour:
        return True
    if kind is RunItKind.NUMBER:
        return top.kind is RunItKind.NUMBER and top.value == card.value
    if kind is RunItKind.PENALTY:
        return top.kind in PENALTIES and top.value == card.value
    return top.kind is kind


def play_refusal(card: RunItCard, top: RunItCard, colour: RunItColour | None) -> str | None:
    """Why `card` may not go on `top` with `colour` in force outside a run; None if it may."""
    kind = card.kind
    if colour is None or kind is RunItKind.WILD_PENALTY:
        return None  # a Wild turned up at the start lets anything be played; W+ goes on anything
    if kind is RunItKind.WILD:
        if top.kind in PENALTIES:
            return f"A Wild may not be played on a penalty card (the {top.short})."
        return None
    if card.colour is colour:
        return None
    shown = f"the {top.short}" + (
        f" with {in_colour(colour)} in force" if top.colour is not colour else ""
    )
    own = in_colour(card.colour)  # where the card goes: its own colour, or its match
    if kind is RunItKind.NUMBER:
        if top.kind is RunItKind.NUMBER and top.value == card.value:
            return None
        return f"The {card.short} goes on {own} or a {card.value}, not on {shown}."
    if kind is RunItKind.PENALTY:
        if top.kind in PENALTIES and top.value == card.value:
            return None
        return f"The {card.short} goes on {own} or a +{card.value}, not on {shown}."
    if top.kind is kind:
        return None
    return f"The {card.short} goes on {own} or another {kind.value}, not on {shown}."


def continues_run(
    card: RunItCard, top: RunItCard, colour: RunItColour | None, penalty_value: int
) -> bool:
    """True when `card` may answer a penalty run (continue, send back, forward or stop it);
    the same rule as `run_refusal`, without its sentence."""
    kind = card.kind
    if kind is RunItKind.WILD_PENALTY:
        return True
    if kind is RunItKind.PENALTY:
        return card.colour is colour or card.value == penalty_value
    if kind in RUN_ACTIONS:
        return card.colour is colour or top.kind is kind
    return False


def run_refusal(
    card: RunItCard, top: RunItCard, colour: RunItColour | None, penalty_value: int
) -> str | None:
    """Why `card` may not answer the penalty run; None if it may."""
    kind = card.kind
    if kind is RunItKind.WILD_PENALTY:
        return None
    if kind is RunItKind.PENALTY:
        if card.colour is colour or card.value == penalty_value:
            return None
        return (
            f"In a penalty run a penalty card must be {in_colour(colour)} or a +{penalty_value}; "
            f"the {card.short} is neither."
        )
    if kind in RUN_ACTIONS:
        if card.colour is colour or top.kind is kind:
            return None
        return (
            f"In a penalty run a {kind.value} must be {in_colour(colour)} "
            f"(or go on a {kind.value}); the {card.short} is not."
        )
    return (
        f"A penalty run is on: only a penalty card, a Wild Penalty, or a {in_colour(colour)} "
        "Reverse, Skip or Stop answers it, not the " + card.short + "."
    )
