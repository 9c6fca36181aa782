"""Sets and Runs in words: what a seat can do now, and why a move is not for now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import name_of
from cardtable.engine.words import plural
from cardtable.games.sets_and_runs.contracts import contract_for
from cardtable.games.sets_and_runs.state import Phase, SetsAndRunsState

if TYPE_CHECKING:
    from cardtable.games.sets_and_runs.rules import SetsAndRuns


def top(state: SetsAndRunsState) -> str:
    """'the K♥', the discard up for taking or buying."""
    return f"the {state.discards[-1].short}" if state.discards else "the discard"


def doing(state: SetsAndRunsState) -> str:
    """What the seat to act is doing, for 'Waiting for Bob to …'."""
    if state.phase is Phase.WINDOW:
        if state.floating[state.turn]:
            return "draw from the stock"
        return f"take {top(state)} or draw from the stock"
    return "play"


def waiting(game: SetsAndRuns, state: SetsAndRunsState, names: list[str] | None) -> str:
    """'Waiting for Bob to play.' (only the seat whose turn it is: buyers are not waited for)."""
    return f"Waiting for {name_of(names, state.turn)} to {doing(state)}."


def not_now(game: SetsAndRuns, state: SetsAndRunsState, seat: int) -> str:
    """Why `seat` may not act now."""
    if state.phase is Phase.WINDOW and state.window is not None:
        if seat in state.window.claimed:
            return "You have claimed this card already: wait for the next player's choice."
        if state.buys_left[seat] == 0:
            return "You have no buys left this round."
        if seat in state.window.open_to:
            return "You cannot buy this card now: " + waiting(game, state, None)
        return why_not_open(state, seat)
    return "It is not your turn: " + waiting(game, state, None)


def _after_next(state: SetsAndRunsState, seat: int) -> int:
    """How far `seat` sits after the next player (1 the seat on her left)."""
    return (seat - state.turn) % state.seats


def why_not_open(state: SetsAndRunsState, seat: int) -> str:
    """Why a seat with buys left is not among those who may still buy the card up: a nearer
    player claimed it, she discarded it, or she let it go."""
    window = state.window
    assert window is not None
    if any(_after_next(state, c) < _after_next(state, seat) for c in window.claimed):
        return (
            f"A player nearer the next player has asked to buy {top(state)}: the nearest "
            "buyer gets it."
        )
    if seat == (state.turn - 1) % state.seats:
        return f"You discarded {top(state)}: only the other players may buy it."
    return f"You have let {top(state)} go."


def not_for_sale(state: SetsAndRunsState, seat: int) -> str:
    """Why nobody may buy the card turned to start the discard pile."""
    first = (
        "you may take it as your draw"
        if seat == state.turn
        else "the first player may take it as her draw"
    )
    return f"The card turned to start the discard pile is not for sale: {first}."


def wrong_phase(state: SetsAndRunsState, seat: int) -> str:
    """Why a move of the wrong sort is refused now, in words."""
    if state.phase is Phase.WINDOW:
        if seat == state.turn:
            return f"First draw: take {top(state)} from the discards, or draw from the stock."
        return f"The buy window for {top(state)} is open: buy it or let it go."
    return "You have drawn already: lay down, play on the melds, or discard."


def explain(
    game: SetsAndRuns, state: SetsAndRunsState, seat: int | None, names: list[str] | None
) -> str:
    """One line: what `seat` can do now (a spectator hears who is acting)."""
    if game.is_over(state):
        best = min(state.totals)
        who = " and ".join(name_of(names, s) for s, t in enumerate(state.totals) if t == best)
        return f"The game is over: {who} won with the lowest total, {plural(best, 'point')}."
    contract = contract_for(state.round)
    if state.phase is Phase.WINDOW:
        if seat == state.turn:
            if state.floating[seat]:
                return "You are floating: draw from the stock; a card you can play you must play."
            if state.window is None:
                return (
                    f"Take {top(state)} from the discards as your draw, or draw from the stock "
                    "(the card turned to start the discard pile is not for sale)."
                )
            return (
                f"Take {top(state)} from the discards as your draw, or draw from the stock "
                "(then the nearest player who asked may buy it)."
            )
        line = waiting(game, state, names)
        if state.window is None:
            return line + " The card turned to start the discard pile is not for sale."
        if seat is not None and state.window is not None and seat in state.window.open_to:
            left = plural(state.buys_left[seat], "buy")
            line += f" You may buy {top(state)} ({left} left this round): claim it or let it go."
        return line
    if seat != state.turn:
        return waiting(game, state, names)
    if state.laid_down[seat]:
        return (
            "Play cards on any melds on the table (a natural card may free a Joker in a run); "
            "then discard a card that fits nowhere."
        )
    if state.pending:
        sets = contract.sets - sum(1 for m in state.pending if not m.run)
        runs = contract.runs - sum(1 for m in state.pending if m.run)
        more = " and ".join(
            plural(n, word) for n, word in ((sets, "more set"), (runs, "more run")) if n
        )
        return f"Your lay-down of {contract.name} needs {more}: lay it down, or take it back."
    return (
        f"This round's contract: {contract.name} ({contract.cards_needed} cards or more). "
        "Lay it down if you hold it, then discard."
    )
