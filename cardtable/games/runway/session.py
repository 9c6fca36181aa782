"""Runway's flow between moves: dealing a game, passing the turn, drawing, ending a game and the
session around it (several games with Points, Handicap or Pecking Order)."""

from __future__ import annotations

from cardtable.cards import Direction, DirectionCard, pilatch_deck
from cardtable.engine import EndReason, Events, say
from cardtable.engine.words import plural
from cardtable.games.runway.runs import counted
from cardtable.games.runway.scoring import (
    FLAT_ROUNDS,
    LONGEST_RUN,
    MATCH_TARGET,
    MOST_POINTS_GAMES,
    QUIET_ROUNDS,
    WIN_BONUS,
    card_points,
)
from cardtable.games.runway.state import (
    DeckEnd,
    GameSummary,
    HandCard,
    Handicap,
    Phase,
    RunwayState,
)


def pecking(state: RunwayState) -> bool:
    """Pecking Order is in play: it needs four or more seats."""
    return state.options.pecking_order and state.seats >= 4


def uses_directions(state: RunwayState) -> bool:
    """Direction cards are in the game (all but Build Easily)."""
    return not state.options.build_easily


def directions_in_hand(state: RunwayState) -> bool:
    """More Control: direction cards start in hand (not with Build Easily, which has none)."""
    return state.options.more_control and uses_directions(state)


def may_wrap(state: RunwayState, run_length: int) -> bool:
    """Biggest Run Wins with several decks lets runs of 14 or more wrap from A to 1."""
    opts = state.options
    return opts.biggest_run_wins and opts.decks > 1 and run_length >= LONGEST_RUN


def deal_game(state: RunwayState, first: int) -> None:
    """Directions tossed, the deck shuffled, X cards each; `first` (an index into the turn
    order) starts."""
    opts = state.options
    chance = state.chance
    n = state.seats
    deck: list[HandCard] = list(pilatch_deck(opts.decks))
    chance.shuffle(deck)
    if not uses_directions(state) or directions_in_hand(state):
        state.directions = [None] * n
    else:
        state.directions = [Direction.UP if chance.below(2) else Direction.DOWN for _ in range(n)]
    dealt = state.x - 1 if directions_in_hand(state) else state.x
    hands: list[list[HandCard]] = [[] for _ in range(n)]
    for _ in range(dealt):
        for seat in state.order:
            hands[seat].append(deck.pop())
    if directions_in_hand(state):
        for hand in hands:
            hand.append(DirectionCard())
    state.hands = hands
    state.deck = deck
    state.bin = []
    state.common = []
    state.runs = [[] for _ in range(n)]
    longer = opts.handicap in (Handicap.LONGER_RUN, Handicap.BOTH)
    smaller = opts.handicap in (Handicap.SMALLER_HAND, Handicap.BOTH)
    state.needed = [min(LONGEST_RUN, state.x + (state.wins[s] if longer else 0)) for s in range(n)]
    state.hand_limits = [max(1, state.x - (state.wins[s] if smaller else 0)) for s in range(n)]
    state.out = []
    state.longest = [0] * n
    state.quiet_turns = 0
    state.idle_turns = 0
    state.flat_turns = 0
    state.extra_turns = 0
    state.on_extra_turn = False
    begin_turn(state, state.order[first])


def can_draw_from_deck(state: RunwayState) -> bool:
    """The deck has a card, or Infini-Deck can refill it from the bin."""
    return bool(state.deck) or (state.options.deck_end is DeckEnd.RESHUFFLE and bool(state.bin))


def begin_turn(state: RunwayState, seat: int) -> None:
    """The seat's turn starts at its draw phase (skipped when there is nothing to draw)."""
    state.active = seat
    state.actions = 0
    state.looking_at = None
    state.offer = None
    state.trounced = False
    state.drew_from_deck = False
    state.deck_drawn = False
    state.grew = False
    state.record = False
    state.phase = Phase.DRAW if can_draw_from_deck(state) or state.bin else Phase.BUILD


def draw_cards(state: RunwayState, seat: int, n: int) -> int:
    """Draw up to `n` cards from the top of the deck into the seat's hand; how many came."""
    drawn = 0
    hand = state.hands[seat]
    while drawn < n:
        if not state.deck and not refill(state):
            break
        hand.append(state.deck.pop())
        drawn += 1
    if drawn:
        state.deck_drawn = True
    return drawn


def refill(state: RunwayState) -> bool:
    """Infini-Deck: an empty deck takes the shuffled bin (a game it keeps going ends by the
    backstop of FLAT_ROUNDS)."""
    if state.options.deck_end is not DeckEnd.RESHUFFLE or not state.bin:
        return False
    state.deck = list(state.bin)
    state.bin = []
    state.chance.shuffle(state.deck)
    return True


def run_grew(state: RunwayState, seat: int) -> None:
    """Note that the seat's run gained a card (for the rules that end a stalled game)."""
    state.grew = True
    length = len(state.runs[seat])
    if not state.longest:  # a save from before the rule
        state.longest = [len(run) for run in state.runs]
    if length > state.longest[seat]:
        state.longest[seat] = length
        state.record = True


def players_in(state: RunwayState) -> list[int]:
    """The seats still playing this game, in turn order."""
    return [s for s in state.order if s not in state.out]


def end_turn(state: RunwayState, events: Events) -> None:
    """The turn is over: end the game if its end has come, else the next turn begins."""
    deck_out = not can_draw_from_deck(state)  # Infini-Deck refills from the bin first
    if deck_out and state.options.biggest_run_wins:
        end_by_longest_run(state, EndReason.ALL_CARDS_PLAYED, "The deck is empty", events)
        return
    stalled = stalled_because(state, deck_out)
    if stalled is not None:
        end_by_longest_run(state, EndReason.BLOCKED, stalled, events)
        return
    seat = state.active
    if state.extra_turns:
        state.extra_turns -= 1
        state.on_extra_turn = True
        say(events, "turn", "{0} takes an extra turn", seat)
        begin_turn(state, seat)
        return
    pass_turn(state, next_seat(state, seat))


def pass_turn(state: RunwayState, seat: int) -> None:
    """The turn goes on to another player; extra turns not yet taken stay with the player who
    earned them, so they are gone (she went out, or has just had them)."""
    state.extra_turns = 0
    state.on_extra_turn = False
    begin_turn(state, seat)


def stalled_because(state: RunwayState, deck_out: bool) -> str | None:
    """Count the turn just ended (an extra turn, or the turn a player went out, is a turn)
    toward our endings of a game that no longer moves; why the game ends now, or None. A round
    is as many turns as there are players still in."""
    state.quiet_turns = state.quiet_turns + 1 if deck_out and not state.grew else 0
    idle = not state.grew and not state.deck_drawn
    state.idle_turns = state.idle_turns + 1 if idle else 0
    state.flat_turns = 0 if state.record else state.flat_turns + 1
    round_ = len(players_in(state))
    if state.quiet_turns >= round_:
        return "The deck is empty and a full round passed with no run growing"
    if state.idle_turns >= QUIET_ROUNDS * round_:
        return f"{QUIET_ROUNDS} full rounds passed with no run growing and no card drawn"
    if state.flat_turns >= FLAT_ROUNDS * round_:
        return (
            f"{FLAT_ROUNDS} rounds' worth of turns passed with no run growing longer than it had"
            " ever been"
        )
    return None


def next_seat(state: RunwayState, seat: int) -> int:
    """The next seat in turn order still in the game."""
    order = state.order
    i = order.index(seat)
    for step in range(1, len(order) + 1):
        candidate = order[(i + step) % len(order)]
        if candidate not in state.out:
            return candidate
    return seat


def longest_runs(state: RunwayState, seats: list[int]) -> list[int]:
    """The seats whose runs are longest (Jokers counted); a two-way tie goes to the superior
    suit; more than one seat left is a draw between them."""
    best = max(len(state.runs[s]) for s in seats)
    top = [s for s in seats if len(state.runs[s]) == best]
    if len(top) == 2 and best:
        a, b = (state.runs[s][0].card.suit for s in top)
        if a is not b:
            return [top[0]] if a is b.superior else [top[1]]
    return top


def end_by_longest_run(state: RunwayState, reason: EndReason, why: str, events: Events) -> None:
    """The game ends without a completed run: the longest run of the players still in wins, an
    unbroken tie is a draw; but where Biggest Run Wins ends it at the empty deck, a win the
    tied share. Under Pecking Order a player already out went out first and wins; the others
    follow her by the length of their runs."""
    shared_tie = state.options.biggest_run_wins and reason is EndReason.ALL_CARDS_PLAYED
    remaining = players_in(state)
    best = longest_runs(state, remaining)
    rest = sorted(remaining, key=lambda s: (s not in best, -len(state.runs[s])))
    first_out = state.out[:1] if pecking(state) else []
    state.out += rest
    if first_out:
        end_game(state, first_out, reason, f"{why}: the first player out wins", events)
    elif len(best) == 1:
        end_game(state, best, reason, f"{why}: the longest run wins", events)
    elif shared_tie and state.runs[best[0]]:
        end_game(state, best, reason, f"{why}: the longest runs tie and share the win", events)
    else:
        end_game(state, [], reason, f"{why}: the longest runs tie, a draw", events, drawn=best)


def win(state: RunwayState, seat: int, events: Events) -> None:
    """The active player's run is long enough: she wins (or, Pecking Order, goes out)."""
    if not pecking(state):
        state.out.append(seat)
        state.out += [s for s in players_in(state) if s != seat]
        why = f"a run of {plural(counted(state.runs[seat]), 'card')} is complete"
        end_game(state, [seat], EndReason.TARGET_REACHED, why, events)
        return
    state.out.append(seat)
    state.deck += clear_run(state, seat)
    state.chance.shuffle(state.deck)
    place = len(state.out)
    say(events, "out", f"{{0}} goes out, place {place}; her run is shuffled into the deck", seat)
    remaining = players_in(state)
    if len(remaining) == 1:
        state.out += remaining
        end_game(
            state,
            [state.out[0]],
            EndReason.WENT_OUT,
            "all but one went out; the first out wins",
            events,
        )
        return
    stalled = stalled_because(state, not can_draw_from_deck(state))  # her turn was a turn
    if stalled is not None:
        end_by_longest_run(state, EndReason.BLOCKED, stalled, events)
        return
    pass_turn(state, next_seat(state, seat))


def clear_run(state: RunwayState, seat: int) -> list[HandCard]:
    """Take the seat's run off the table (its cards returned); under More Control her
    direction card goes back to her hand."""
    run = state.runs[seat]
    cards: list[HandCard] = [entry.card for entry in run]
    run.clear()
    if directions_in_hand(state) and state.directions[seat] is not None:
        state.directions[seat] = None
        state.hands[seat].append(DirectionCard())
    return cards


def game_points(state: RunwayState, seat: int) -> int:
    """Points rule: cards in her run and her triples still in the common area, minus her hand."""
    run = sum(card_points(entry.card) for entry in state.runs[seat])
    common = sum(card_points(c) for t in state.common if t.owner == seat for c in t.cards)
    return run + common - sum(card_points(c) for c in state.hands[seat])


def end_game(
    state: RunwayState,
    winners: list[int],
    reason: EndReason,
    why: str,
    events: Events,
    drawn: list[int] | None = None,
) -> None:
    """Score the game, then end the session or deal the next game. Each winner (several share a
    win) counts a win and adds the +50; a draw (no winners, the `drawn` seats tied) credits
    nobody."""
    opts = state.options
    points: list[int] = []
    if opts.scores_points:
        points = [game_points(state, s) for s in range(state.seats)]
        for seat in winners:
            points[seat] += WIN_BONUS
        state.scores = [a + b for a, b in zip(state.scores, points, strict=True)]
    for seat in winners:
        state.wins[seat] += 1
    if winners:
        names = " and ".join(f"{{{i}}}" for i in range(len(winners)))
        verb = "win" if len(winners) > 1 else "wins"
        say(events, "game", f"Game {state.game_number}: {names} {verb} ({why})", *winners)
    else:
        say(events, "game", f"Game {state.game_number} is a draw ({why})")
    state.history.append(
        GameSummary(
            number=state.game_number,
            winners=winners,
            drawn=drawn or [],
            reason=why,
            points=points,
            totals=list(state.scores) if opts.scores_points else list(state.wins),
            out_order=list(state.out),
        )
    )
    if session_over(state):
        state.over = True
        if opts.scores_points:
            reached = max(state.scores) >= MATCH_TARGET
            reason = EndReason.TARGET_REACHED if reached else EndReason.ROUNDS_COMPLETE
        elif opts.games > 1:
            reason = EndReason.ROUNDS_COMPLETE
        state.end_reason = reason
        state.phase = Phase.DISCARD
        return
    state.game_number += 1
    if pecking(state):
        state.order = list(state.out)
    first = 0 if pecking(state) else state.chance.below(state.seats)
    deal_game(state, first)
    say(events, "deal", f"Game {state.game_number} is dealt: {{0}} starts", state.active)


def session_over(state: RunwayState) -> bool:
    """Points: someone has 500 and leads alone, or 50 games are played (ours); else the
    session's games are played."""
    if state.options.scores_points:
        best = max(state.scores)
        alone = best >= MATCH_TARGET and state.scores.count(best) == 1
        return alone or state.game_number >= MOST_POINTS_GAMES
    return state.game_number >= state.options.games
