"""Sets and Runs: what every reachable state holds, checked when a save or a state is loaded."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from cardtable.engine import Game, require
from cardtable.games.sets_and_runs import contracts
from cardtable.games.sets_and_runs.melds import meld_is_sound
from cardtable.games.sets_and_runs.state import Phase, SetsAndRunsState

if TYPE_CHECKING:
    from cardtable.games.sets_and_runs.rules import SetsAndRuns


def check_state(game: SetsAndRuns, state: SetsAndRunsState) -> None:
    """Raise ImpossibleState, saying which rule of the table `state` breaks."""
    seats = state.seats
    require(len(state.hands) == seats, f"it has {len(state.hands)} hands for {seats} players")
    require(
        1 <= state.round <= contracts.ROUNDS, f"it is in round {state.round} of {contracts.ROUNDS}"
    )
    require(0 <= state.dealer < seats, f"its dealer is seat {state.dealer} of {seats}")
    require(0 <= state.turn < seats, f"it is the turn of seat {state.turn} of {seats}")
    for name, per_seat in (
        ("laid-down marks", state.laid_down),
        ("floating marks", state.floating),
        ("buy counts", state.buys_left),
        ("totals", state.totals),
    ):
        require(len(per_seat) == seats, f"it has {len(per_seat)} {name} for {seats} players")
    require(
        all(0 <= b <= contracts.BUYS_PER_ROUND for b in state.buys_left),
        f"a player has a buy count outside 0 to {contracts.BUYS_PER_ROUND}",
    )
    require(all(t >= 0 for t in state.totals), "a total is negative")
    over = state.phase is Phase.OVER
    require(
        len(state.history) == (contracts.ROUNDS if over else state.round - 1),
        f"it records {len(state.history)} rounds in round {state.round}",
    )
    require(
        all(0 <= m.owner < seats for m in state.melds + state.pending),
        "a meld belongs to a seat that is not at the table",
    )
    require(all(meld_is_sound(m) for m in state.melds + state.pending), "a meld is not a meld")
    contract = contracts.contract_for(state.round)
    for seat in range(seats):
        laid = [m for m in state.melds if m.owner == seat]
        if state.laid_down[seat]:
            runs = sum(1 for m in laid if m.run)
            require(
                (len(laid) - runs, runs) == (contract.sets, contract.runs),
                f"seat {seat} laid down melds that are not the contract ({contract.name})",
            )
        else:
            require(not laid, f"seat {seat} has melds on the table without having laid down")
        if state.floating[seat]:
            require(state.laid_down[seat], f"seat {seat} floats without having laid down")
            require(not state.hands[seat], f"seat {seat} floats with cards in hand")
    pending = state.pending
    require(
        not pending or (state.phase is Phase.PLAY and not state.laid_down[state.turn]),
        "a lay-down is being built out of its time",
    )
    require(
        all(m.owner == state.turn for m in pending),
        "a lay-down is being built by a seat whose turn it is not",
    )
    window = state.window
    require(
        state.phase is Phase.WINDOW or window is None,
        "its buy window and its phase disagree",
    )
    if state.phase is Phase.WINDOW and window is None:
        untouched = contracts.DECKS * 52 + contracts.JOKERS - contracts.DEAL * seats - 1
        require(
            len(state.discards) == 1 and len(state.stock) == untouched and not state.reshuffled,
            "it waits for a draw with no buy window, but the discard is not the card turned up",
        )
    if window is not None:
        listed = window.open_to + window.claimed
        require(
            all(0 <= s < seats and s != state.turn for s in listed)
            and len(set(listed)) == len(listed),
            "its buy window lists seats that cannot buy",
        )
        require(
            all(state.buys_left[s] > 0 for s in listed),
            "its buy window lists a seat with no buys left",
        )
    if state.phase is Phase.PLAY:
        require(
            bool(state.hands[state.turn]) or bool(pending),
            "the seat to play has no cards",
        )
    require(
        len(state.taken) == seats, f"it has {len(state.taken)} taken records for {seats} players"
    )
    for seat, record in enumerate(state.taken):
        held = Counter(state.hands[seat])
        if seat == state.turn:
            held += Counter(c for meld in pending for c in meld.cards)
        require(
            not Counter(record) - held,
            f"seat {seat} is recorded taking a card she does not hold",
        )
    Game.check_state(game, state)
