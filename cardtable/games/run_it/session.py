"""Run It's state machine, read in one direction: what each move does to the state, then the
steps it leads to (the match window, the offers of a get, the card got, the end of a turn, of a
game and of the session), then the deal and the draw pile.

`RunIt` (rules.py) checks a move, then hands it to its step here: `step(state, seat, move,
events)`. A step calls only the steps below it, and nothing here calls back into the rules.
"""

from __future__ import annotations

from cardtable.cards import RunItCard, RunItKind, run_it_deck
from cardtable.engine import Chance, Events, say
from cardtable.engine.claims import Claim, ClaimWindow, LetGo
from cardtable.games.run_it import moves
from cardtable.games.run_it.lacking import kept_one_more, shown, spent
from cardtable.games.run_it.matching import PENALTIES, can_play, continues_run
from cardtable.games.run_it.state import GameResult, Phase, RunItOptions, RunItState

BLOCKED_ROUNDS = 1
"""Our backstop: this many rounds of turns in which no seat could play (not merely did not),
while nothing could be drawn and nobody offered, end a game (fewest cards wins)."""
STALL_ROUNDS = 20
"""Our second backstop: this many rounds with nothing played at all (cards only passing from
hand to hand as offers) ends a game the same way."""


# The moves


def play_card(state: RunItState, seat: int, move: moves.Play, events: Events) -> None:
    """Play-it: the card goes on the discards with its action; a match window opens on it,
    unless it was her last card."""
    card = move.card
    hand = state.hands[seat]
    hand.remove(card)
    spent(state.lacking, seat, card, len(hand))
    state.discards.append(card)
    if state.got is not None:
        state.got = None
        state.attempt = 0
    if state.missed is not None:
        forget_missed(state)
    if state.idle_turns:
        state.idle_turns = 0
        state.stuck_turns = 0
    kind = card.kind
    named = f", naming {move.colour.value}" if move.colour else ""
    text = f"{{0}} plays the {card.short}{named}"
    colour = move.colour or card.colour
    if colour is not state.colour:
        state.colour = colour
    following = next_seat(state, seat)
    event_seats: tuple[int, ...] = (seat, following)
    if kind in PENALTIES:
        state.penalty += card.value
        state.penalty_value = card.value
        text += f": the penalty run is {state.penalty}, on {{1}}"
    elif kind is RunItKind.REVERSE:
        state.direction = -state.direction
        following = next_seat(state, seat)
        event_seats = (seat, following)
        text += ": the run goes back to {1}" if state.penalty else ": play goes back"
    elif kind is RunItKind.SKIP:
        if state.penalty:
            text += ": the run passes on to {1}"
        else:
            following = next_seat(state, seat, 2)
            event_seats = (seat, following, next_seat(state, seat))
            text += ": {2} is skipped"
    elif kind is RunItKind.STOP and state.penalty:
        text += f": the run of {state.penalty} is stopped and nobody draws"
        state.penalty = state.penalty_value = 0
    state.turn = following
    say(events, "play", text + ".", *event_seats)
    if not state.hands[seat]:
        end_game(state, [seat], "out by playing the last card", events)
        return
    open_window(state, seat, card)


def claim(state: RunItState, seat: int, move: Claim, events: Events) -> None:
    """Match-it: the identical card goes on the discards and the window closes (a claim without
    it, under the house rule, costs a card instead)."""
    card = top(state)
    window = state.window
    assert window is not None
    if card not in state.hands[seat]:
        window.let_go(seat)
        draw(state, seat)
        if window.settled:
            close_window(state)
        text = f"{{0}} claims a match without a {card.short} and draws a card."
        say(events, "false-claim", text, seat)
        return
    state.hands[seat].remove(card)
    spent(state.lacking, seat, card, len(state.hands[seat]))
    state.discards.append(card)
    close_window(state)
    say(events, "match", f"{{0}} matches the {card.short}.", seat)
    if not state.hands[seat]:
        end_game(state, [seat], "out by matching the last card", events)


def let_go(state: RunItState, seat: int, move: LetGo, events: Events) -> None:
    """The seat will not match the card; the window closes once every seat has let it go."""
    window = state.window
    assert window is not None
    window.let_go(seat)
    if window.settled:
        close_window(state)


def get_card(state: RunItState, seat: int, move: moves.GetCard, events: Events) -> None:
    """Get a card: the others are asked for offers, one by one."""
    if state.missed is not None:
        forget_missed(state)
    if not state.options.draw_anyway:
        t = top(state)
        shown(state.lacking, seat, t, state.colour, 0, len(state.hands[seat]))
    state.attempt = 1
    ask_for_offers(state, seat, events)


def offer_card(state: RunItState, seat: int, move: moves.Offer, events: Events) -> None:
    """Pass-it: a card offered face down to the getter."""
    state.hands[seat].remove(move.card)
    spent(state.lacking, seat, None, len(state.hands[seat]))
    state.offers[seat] = move.card
    say(events, "offer", "{0} offers a card face down.", seat)
    next_offer(state, events)


def no_offer(state: RunItState, seat: int, move: moves.NoOffer, events: Events) -> None:
    """The seat asked offers nothing."""
    say(events, "offer", "{0} offers nothing.", seat)
    next_offer(state, events)


def take_draw(state: RunItState, seat: int, move: moves.TakeDraw, events: Events) -> None:
    """The getter takes the draw pile's top card, blind."""
    draw(state, seat)
    card = state.hands[seat][-1]
    say(events, "get", "{0} takes the top card of the draw pile.", seat)
    got(state, seat, card, events)


def take_offer(state: RunItState, seat: int, move: moves.TakeOffer, events: Events) -> None:
    """The getter takes one offered card, blind; the other offers go back."""
    by = move.offered_by
    card = state.offers[by]
    assert card is not None
    state.offers[by] = None
    state.hands[seat].append(card)
    say(events, "get", "{0} takes the card offered by {1}.", seat, by)
    return_offers(state)
    if not state.hands[by]:
        end_game(state, [by], "out when the last card was taken as a Pass-it", events)
        return
    got(state, seat, card, events)


def keep(state: RunItState, seat: int, move: moves.Keep, events: Events) -> None:
    """The card got is kept, not played: the turn ends."""
    say(events, "keep", "{0} keeps the card.", seat)
    end_turn(state, seat, events)


def take_penalty(state: RunItState, seat: int, move: moves.TakePenalty, events: Events) -> None:
    """The penalty run is taken: draw its total and lose the turn."""
    if state.missed is not None:
        forget_missed(state)
    total = state.penalty
    could_play = bool(playable(state, seat))
    t = top(state)
    shown(state.lacking, seat, t, state.colour, state.penalty_value, len(state.hands[seat]))
    drawn = draw(state, seat, total)
    state.penalty = state.penalty_value = 0
    short = f" (only {drawn} were left)" if drawn < total else ""
    text = f"{{0}} takes the penalty: draws {total}{short} and loses the turn."
    say(events, "penalty", text, seat)
    end_turn(state, seat, events, stuck=not drawn and not could_play)


# The steps they lead to


def open_window(state: RunItState, seat: int, card: RunItCard) -> None:
    """The match window on the card `seat` just played: every other seat may match it, in the
    order of play, then she herself."""
    state.phase = Phase.WINDOW
    state.played_by = seat
    order = [next_seat(state, seat, k) for k in range(1, state.seats)] + [seat]
    state.window = ClaimWindow(
        verb="match", card=card.short, open_to=order, seconds=state.options.match_seconds
    )


def close_window(state: RunItState) -> None:
    """The match window closes: the next seat plays."""
    state.window = None
    state.played_by = None
    state.phase = Phase.PLAY


def got(state: RunItState, seat: int, card: RunItCard, events: Events) -> None:
    """The getter has her card: she may play it if it goes; if not, she gets a second one, or
    after a second her turn ends."""
    if state.offers:
        return_offers(state)
    if can_play(card, top(state), state.colour):
        if state.missed is not None:
            forget_missed(state)
        state.phase = Phase.GOT
        state.got = card
        return
    state.missed, state.missed_by = card, seat
    if not state.options.draw_anyway:
        kept_one_more(state.lacking, seat)
    if state.attempt == 1:
        state.attempt = 2
        say(events, "get", "{0} cannot play it.", seat)
        ask_for_offers(state, seat, events)
        return
    say(events, "get", "{0} cannot play it either; the turn ends.", seat)
    end_turn(state, seat, events)


def ask_for_offers(state: RunItState, seat: int, events: Events) -> None:
    """The others, in the order of play, are asked to offer the getter a card."""
    state.phase = Phase.OFFERS
    state.offers = [None] * state.seats
    state.asked = [next_seat(state, seat, k) for k in range(1, state.seats)]
    text = "{0} gets a card" + (" (a second one)" if state.attempt == 2 else "") + ": offers?"
    say(events, "get", text, seat)


def next_offer(state: RunItState, events: Events) -> None:
    """The next seat is asked; after the last, the getter takes a card (or, with nothing to
    take, her turn ends)."""
    state.asked.pop(0)
    if state.asked:
        return
    state.phase = Phase.TAKE
    if can_draw(state) or any(c is not None for c in state.offers):
        return
    seat = state.turn
    t = top(state)
    # Stuck when this is her first card of the turn (none came) and she held none to play.
    stuck = state.attempt == 1 and not any(can_play(c, t, state.colour) for c in state.hands[seat])
    text = "Nothing to take: the draw pile is empty and nobody offered; {0}'s turn ends."
    say(events, "get", text, seat)
    end_turn(state, seat, events, stuck=stuck)


def return_offers(state: RunItState) -> None:
    """The offers not taken go back to the seats that offered them."""
    for s, card in enumerate(state.offers):
        if card is not None:
            state.hands[s].append(card)
    state.offers = []


def forget_missed(state: RunItState) -> None:
    """The card got and not playable is no longer news: a card was got or played since."""
    state.missed = state.missed_by = None


def end_turn(state: RunItState, seat: int, events: Events, stuck: bool = False) -> None:
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
        return
    fewest = min(len(hand) for hand in state.hands)
    winners = [s for s, hand in enumerate(state.hands) if len(hand) == fewest]
    end_game(state, winners, f"{why}; fewest cards wins", events, blocked=True)


def end_game(
    state: RunItState, winners: list[int], reason: str, events: Events, blocked: bool = False
) -> None:
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
    say(events, "game", f"{names} won game {state.game_number}: {reason}.", *winners)
    if len(state.history) >= state.options.games:
        state.window = None
        state.phase = Phase.PLAY
        return
    dealer = (state.dealer + 1) % state.seats
    fresh = deal(state.seats, state.options, state.chance, dealer, winners[0])
    fresh.game_number = state.game_number + 1
    fresh.history = state.history
    for field in RunItState.model_fields:
        setattr(state, field, getattr(fresh, field))
    text = f"Game {state.game_number}: {{0}} deals; {{1}} starts."
    say(events, "deal", text, dealer, winners[0])


# The deal, the piles and the turn order


def deal(seats: int, options: RunItOptions, chance: Chance, dealer: int, first: int) -> RunItState:
    """A freshly dealt game: `options.hand_size` cards each from the dealer's left, one card
    turned up as the discard pile (its action not applied), `first` to play."""
    deck = run_it_deck()
    chance.shuffle(deck)
    hands: list[list[RunItCard]] = [[] for _ in range(seats)]
    for i in range(options.hand_size * seats):
        hands[(dealer + 1 + i) % seats].append(deck.pop())
    up = deck.pop()
    return RunItState(
        seats=seats,
        options=options,
        dealer=dealer,
        turn=first,
        hands=hands,
        draw_pile=deck,
        discards=[up],
        colour=up.colour,
        chance=chance,
    )


def top(state: RunItState) -> RunItCard:
    """The discard pile's top card."""
    return state.discards[-1]


def playable(state: RunItState, seat: int) -> list[RunItCard]:
    """The cards of `seat`'s hand she may play now (none unless it is her turn to play)."""
    if state.phase is Phase.GOT and seat == state.turn:
        return [state.got] if state.got is not None else []
    if state.phase is not Phase.PLAY or seat != state.turn:
        return []
    t = top(state)
    if state.penalty:
        return [
            c for c in state.hands[seat] if continues_run(c, t, state.colour, state.penalty_value)
        ]
    return [c for c in state.hands[seat] if can_play(c, t, state.colour)]


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


def wins(state: RunItState) -> list[int]:
    """Games won by each seat so far (a shared win counts for each)."""
    counts = [0] * state.seats
    for result in state.history:
        for seat in result.winners:
            counts[seat] += 1
    return counts
