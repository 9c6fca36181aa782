"""Dealing, the draw pile, turn order and the end of each game of a Run It session."""

from __future__ import annotations

from cardtable.cards import RunItCard, run_it_deck
from cardtable.engine import Chance
from cardtable.games.run_it.state import GameResult, Phase, RunItOptions, RunItState

BLOCKED_ROUNDS = 1
"""Our backstop: this many rounds of turns in which no seat could play (not merely did not),
while nothing could be drawn and nobody offered, end a game (fewest cards wins)."""
STALL_ROUNDS = 20
"""Our second backstop: this many rounds with nothing played at all (cards only passing from
hand to hand as offers) ends a game the same way."""


Said = tuple[str, str, tuple[int, ...]]
"""An event not yet built: kind, text and seats. `RunIt.play` builds the Events; the bots'
fast path (`advance`) never needs them, so a headless game builds none."""


def said(kind: str, text: str, seats: tuple[int, ...] = ()) -> Said:
    """What happened, for the log (built into an Event only when narrated)."""
    return (kind, text, seats)


def deal(seats: int, options: RunItOptions, chance: Chance, dealer: int, first: int) -> RunItState:
    """A freshly dealt game: `options.hand_size` cards each from the dealer's left, one card
    turned up as the discard pile (its action not applied), `first` to play."""
    deck = run_it_deck()
    chance.shuffle(deck)
    hands: list[list[RunItCard]] = [[] for _ in range(seats)]
    for i in range(options.hand_size * seats):
        hands[(dealer + 1 + i) % seats].append(deck.pop())
    top = deck.pop()
    return RunItState(
        seats=seats,
        options=options,
        dealer=dealer,
        turn=first,
        hands=hands,
        draw_pile=deck,
        discards=[top],
        colour=top.colour,
        chance=chance,
    )


def next_seat(state: RunItState, seat: int, steps: int = 1) -> int:
    """The seat `steps` places after `seat` in the direction of play."""
    return (seat + state.direction * steps) % state.seats


def can_draw(state: RunItState) -> bool:
    """True when a card can be drawn: the draw pile, or discards under the top to refill it."""
    return bool(state.draw_pile) or len(state.discards) > 1


def draw(state: RunItState, seat: int, count: int = 1) -> int:
    """Move up to `count` cards from the draw pile to `seat`'s hand, refilling the pile from
    the shuffled discards less the top card when it runs out; how many were drawn."""
    drawn = 0
    for _ in range(count):
        if not state.draw_pile:
            if len(state.discards) < 2:
                break
            refill = state.discards[:-1]
            del state.discards[:-1]
            state.chance.shuffle(refill)
            state.draw_pile = refill
        state.hands[seat].append(state.draw_pile.pop())
        drawn += 1
    return drawn


def end_turn(state: RunItState, seat: int, stuck: bool = False) -> list[Said]:
    """The turn of `seat` ends with nothing played: the next seat plays. `stuck`: she could not
    play, nothing could be drawn and nobody offered. The game ends when BLOCKED_ROUNDS rounds
    of turns in a row were stuck, or when nobody has played for STALL_ROUNDS rounds at all."""
    state.phase = Phase.PLAY
    state.attempt = 0
    state.got = None
    state.turn = next_seat(state, seat)
    state.idle_turns += 1
    state.stuck_turns = state.stuck_turns + 1 if stuck else 0
    if state.idle_turns >= STALL_ROUNDS * state.seats:
        why = f"nobody played a card for {STALL_ROUNDS} rounds"
    elif state.stuck_turns >= BLOCKED_ROUNDS * state.seats:
        why = "nobody could play a card for a whole round and nothing could be drawn"
    else:
        return []
    fewest = min(len(hand) for hand in state.hands)
    winners = [s for s, hand in enumerate(state.hands) if len(hand) == fewest]
    return end_game(state, winners, f"{why}; fewest cards wins", blocked=True)


def end_game(
    state: RunItState, winners: list[int], reason: str, blocked: bool = False
) -> list[Said]:
    """Record the game; deal the next one of the session (its first winner starts, the dealer
    moves clockwise), or end the session."""
    state.history.append(
        GameResult(
            number=state.game_number,
            winners=winners,
            reason=reason,
            cards_left=[len(hand) for hand in state.hands],
            blocked=blocked,
        )
    )
    state.ended = reason
    names = " and ".join(f"{{{i}}}" for i in range(len(winners)))
    events = [
        said(
            kind="game",
            text=f"{names} won game {state.game_number}: {reason}.",
            seats=tuple(winners),
        )
    ]
    if len(state.history) >= state.options.games:
        state.window = None
        state.phase = Phase.PLAY
        return events
    dealer = (state.dealer + 1) % state.seats
    fresh = deal(state.seats, state.options, state.chance, dealer, winners[0])
    fresh.game_number = state.game_number + 1
    fresh.history = state.history
    for field in RunItState.model_fields:
        setattr(state, field, getattr(fresh, field))
    return events + [
        said(
            kind="deal",
            text=f"Game {state.game_number}: {{0}} deals; {{1}} starts.",
            seats=(dealer, winners[0]),
        )
    ]


def wins(state: RunItState) -> list[int]:
    """Games won by each seat so far (a shared win counts for each)."""
    counts = [0] * state.seats
    for result in state.history:
        for seat in result.winners:
            counts[seat] += 1
    return counts
