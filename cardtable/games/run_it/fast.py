"""Run It's fast path (engine/fast.py): session.py's steps on a compact copy of a state.

Cards are small ints: the distinct cards in table order (`rules.table_order`), so a hand's
moves in table order are its ints sorted; the two copies of a card share its int, as equal
cards do in the game. What may go on what is looked up in tables made once here from
`matching.can_play` and `matching.continues_run`, the one place those rules live. Moves are
ints: a few fixed ones, then an offer per card, a take per seat and a play per card and colour.
Every step here mirrors the session.py step of the same name; the tests hold them to it.
One field is not kept: `RunItState.lacking`, the public record of what each seat has shown she
lacks. No rule reads it (the strong bot deals its worlds by it), and no bot plays here.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import RunItCard, RunItColour, RunItKind, run_it_deck
from cardtable.engine import Chance, Move
from cardtable.engine.claims import CLAIM, LET_GO
from cardtable.games.run_it import moves as mv
from cardtable.games.run_it import session
from cardtable.games.run_it.matching import NAMES_A_COLOUR, PENALTIES, can_play, continues_run
from cardtable.games.run_it.state import Phase, RunItState

CARDS: tuple[RunItCard, ...] = tuple(
    sorted(
        dict.fromkeys(run_it_deck()),
        key=lambda c: (
            4 if c.colour is None else list(RunItColour).index(c.colour),
            list(RunItKind).index(c.kind),
            c.value,
        ),
    )
)
"""Every distinct card, in table order: a card's int is its place here."""
CARD_OF = {card: number for number, card in enumerate(CARDS)}
COLOURS = tuple(RunItColour)
COLOUR_OF = {colour: number for number, colour in enumerate(COLOURS)}
DECK = tuple(CARD_OF[card] for card in run_it_deck())
"""The deck in run_it_deck's fixed order, as ints (so a shuffle deals the game's own cards)."""
NO = -1
"""No card, colour or seat (the game's None)."""

KIND = tuple(list(RunItKind).index(c.kind) for c in CARDS)
VALUE = tuple(c.value for c in CARDS)
COLOUR = tuple(NO if c.colour is None else COLOUR_OF[c.colour] for c in CARDS)
_PENALTY_KINDS = {list(RunItKind).index(k) for k in PENALTIES}
IS_PENALTY = tuple(k in _PENALTY_KINDS for k in KIND)
REVERSE, SKIP, STOP = (
    list(RunItKind).index(k) for k in (RunItKind.REVERSE, RunItKind.SKIP, RunItKind.STOP)
)

PLAYABLE = tuple(
    tuple(
        tuple(can_play(card, top, None if colour == NO else COLOURS[colour]) for card in CARDS)
        for colour in range(NO, len(COLOURS))
    )
    for top in CARDS
)
"""PLAYABLE[top][colour + 1][card]: `can_play` for every card on every top and colour."""
ANSWERS = tuple(
    tuple(
        tuple(
            tuple(
                continues_run(card, top, None if colour == NO else COLOURS[colour], value)
                for card in CARDS
            )
            for value in range(4)
        )
        for colour in range(NO, len(COLOURS))
    )
    for top in CARDS
)
"""ANSWERS[top][colour + 1][penalty value][card]: `continues_run` for every case."""

# The moves as ints
GET, NO_OFFER, TAKE_DRAW, KEEP, TAKE_PENALTY, CLAIM_IT, LET_IT_GO = range(7)
TAKE_OFFER = 8
"""TAKE_OFFER + seat: take that seat's offer."""
OFFER = 16
"""OFFER + card: offer that card."""
PLAY = OFFER + len(CARDS)
"""PLAY + card * 5 + colour + 1: play the card, naming the colour (NO: none)."""
PLAYS = tuple(
    tuple(PLAY + n * 5 + c + 1 for c in range(len(COLOURS)))
    if card.kind in NAMES_A_COLOUR
    else (PLAY + n * 5,)
    for n, card in enumerate(CARDS)
)
"""The ways to play each card, in the order of `rules.plays_of`."""
MOVES: dict[int, Move] = {
    GET: mv.GET,
    NO_OFFER: mv.NO_OFFER,
    TAKE_DRAW: mv.TAKE_DRAW,
    KEEP: mv.KEEP,
    TAKE_PENALTY: mv.TAKE_PENALTY,
    CLAIM_IT: CLAIM,
    LET_IT_GO: LET_GO,
    **{TAKE_OFFER + s: mv.take_offer(s) for s in range(8)},
    **{OFFER + n: mv.offer(card) for n, card in enumerate(CARDS)},
    **{
        PLAY + n * 5 + c + 1: mv.Play(card=card, colour=None if c == NO else COLOURS[c])
        for n, card in enumerate(CARDS)
        for c in range(NO, len(COLOURS))
    },
}
"""The game's move for each int."""

PLAY_PHASE, OFFERS, TAKE, GOT, WINDOW = range(5)
PHASES = (Phase.PLAY, Phase.OFFERS, Phase.TAKE, Phase.GOT, Phase.WINDOW)


class FastState:
    """A session of Run It as ints and lists of ints (the fields of `RunItState`)."""

    __slots__ = (
        "seats",
        "games",
        "hand_size",
        "draw_anyway",
        "false_claims_draw",
        "game_number",
        "dealer",
        "turn",
        "direction",
        "hands",
        "draw_pile",
        "discards",
        "colour",
        "penalty",
        "penalty_value",
        "phase",
        "open_to",
        "played_by",
        "attempt",
        "offers",
        "asked",
        "got",
        "missed",
        "missed_by",
        "idle_turns",
        "stuck_turns",
        "ended",
        "history",
        "chance",
    )

    seats: int
    games: int
    hand_size: int
    draw_anyway: bool
    false_claims_draw: bool
    game_number: int
    dealer: int
    turn: int
    direction: int
    hands: list[list[int]]
    draw_pile: list[int]
    discards: list[int]
    colour: int
    penalty: int
    penalty_value: int
    phase: int
    open_to: list[int] | None
    played_by: int
    attempt: int
    offers: list[int]
    asked: list[int]
    got: int
    missed: int
    missed_by: int
    idle_turns: int
    stuck_turns: int
    ended: str
    history: list[tuple[int, tuple[int, ...], str, tuple[int, ...], bool]]
    chance: Chance


def _card(card: RunItCard | None) -> int:
    return NO if card is None else CARD_OF[card]


class FastRunIt:
    """Run It's fast path (engine.fast.FastRules)."""

    def start(self, state: RunItState) -> FastState:
        """A compact copy of `state`; its chance is copied, so the two play on apart."""
        fast = FastState()
        options = state.options
        fast.seats = state.seats
        fast.games = options.games
        fast.hand_size = options.hand_size
        fast.draw_anyway = options.draw_anyway
        fast.false_claims_draw = options.false_claims_draw
        fast.game_number = state.game_number
        fast.dealer = state.dealer
        fast.turn = state.turn
        fast.direction = state.direction
        fast.hands = [[CARD_OF[c] for c in hand] for hand in state.hands]
        fast.draw_pile = [CARD_OF[c] for c in state.draw_pile]
        fast.discards = [CARD_OF[c] for c in state.discards]
        fast.colour = NO if state.colour is None else COLOUR_OF[state.colour]
        fast.penalty = state.penalty
        fast.penalty_value = state.penalty_value
        fast.phase = PHASES.index(state.phase)
        fast.open_to = None if state.window is None else list(state.window.open_to)
        fast.played_by = NO if state.played_by is None else state.played_by
        fast.attempt = state.attempt
        fast.offers = [_card(c) for c in state.offers]
        fast.asked = list(state.asked)
        fast.got = _card(state.got)
        fast.missed = _card(state.missed)
        fast.missed_by = NO if state.missed_by is None else state.missed_by
        fast.idle_turns = state.idle_turns
        fast.stuck_turns = state.stuck_turns
        fast.ended = state.ended
        fast.history = [
            (r.number, tuple(r.winners), r.reason, tuple(r.cards_left), r.blocked)
            for r in state.history
        ]
        fast.chance = state.chance.model_copy()
        return fast

    def new(self, seats: int, seed: int) -> FastState:
        """A compact copy of the game's own `new_game(seats=seats, seed=seed)`."""
        from cardtable import games  # the game's rules import this module

        return self.start(games.get("run-it").new_game(seats=seats, seed=seed))

    def snapshot(self, fast: FastState) -> tuple[Any, ...]:
        """Every field, as a value (the chance by its numbers)."""
        chance = fast.chance
        values = [getattr(fast, name) for name in FastState.__slots__ if name != "chance"]
        return (*map(repr, values), chance.state, chance.key, chance.drawn)

    def move(self, action: int) -> Move:
        """The game's move for `action`."""
        return MOVES[action]

    def is_over(self, fast: FastState) -> bool:
        """Over once every game of the session has been won."""
        return len(fast.history) >= fast.games

    def to_act(self, fast: FastState) -> list[int]:
        """As `RunIt.to_act`."""
        if len(fast.history) >= fast.games:
            return []
        phase = fast.phase
        if phase == WINDOW and fast.open_to is not None:
            return list(fast.open_to)
        if phase == OFFERS:
            return fast.asked[:1]
        return [fast.turn]

    def first_to_act(self, fast: FastState) -> int:
        """The first seat `to_act` lists (in a Match-it window, the nearest seat to speak)."""
        phase = fast.phase
        if phase == WINDOW and fast.open_to is not None:
            return fast.open_to[0]
        if phase == OFFERS:
            return fast.asked[0]
        return fast.turn

    def legal(self, fast: FastState, seat: int) -> list[int]:
        """As `RunIt.legal_moves`, in its order."""
        if len(fast.history) >= fast.games:
            return []
        phase = fast.phase
        if phase == WINDOW:
            if seat not in fast.open_to:  # type: ignore[operator]
                return []
            return [CLAIM_IT, LET_IT_GO] if fast.discards[-1] in fast.hands[seat] else [LET_IT_GO]
        if phase == OFFERS:
            asked = fast.asked
            if not asked or asked[0] != seat:
                return []
            return [NO_OFFER, *[OFFER + c for c in sorted(set(fast.hands[seat]))]]
        if seat != fast.turn:
            return []
        if phase == TAKE:
            takes = [TAKE_DRAW] if fast.draw_pile or len(fast.discards) > 1 else []
            takes += [TAKE_OFFER + s for s, c in enumerate(fast.offers) if c != NO]
            return takes
        if phase == GOT:
            return [*PLAYS[fast.got], KEEP]
        top = fast.discards[-1]
        if fast.penalty:
            ok = ANSWERS[top][fast.colour + 1][fast.penalty_value]
            moves = [m for c in sorted({c for c in fast.hands[seat] if ok[c]}) for m in PLAYS[c]]
            moves.append(TAKE_PENALTY)
            return moves
        ok = PLAYABLE[top][fast.colour + 1]
        moves = [m for c in sorted({c for c in fast.hands[seat] if ok[c]}) for m in PLAYS[c]]
        if not moves or fast.draw_anyway:
            moves.append(GET)
        return moves

    def step(self, fast: FastState, seat: int, action: int) -> None:
        """Make a legal move, as `RunIt.advance` does."""
        if action >= PLAY:
            card, colour = divmod(action - PLAY, 5)
            play_card(fast, seat, card, colour - 1)
        elif action >= OFFER:
            card = action - OFFER
            fast.hands[seat].remove(card)
            fast.offers[seat] = card
            next_offer(fast)
        elif action >= TAKE_OFFER:
            take_offer(fast, seat, action - TAKE_OFFER)
        elif action == LET_IT_GO:
            open_to = fast.open_to
            if seat in open_to:  # type: ignore[operator]
                open_to.remove(seat)  # type: ignore[union-attr]
            if not open_to:
                close_window(fast)
        elif action == CLAIM_IT:
            claim(fast, seat)
        elif action == NO_OFFER:
            next_offer(fast)
        elif action == TAKE_DRAW:
            draw(fast, seat, 1)
            got(fast, seat, fast.hands[seat][-1])
        elif action == GET:
            if fast.missed != NO:
                fast.missed = fast.missed_by = NO
            fast.attempt = 1
            ask_for_offers(fast, seat)
        elif action == KEEP:
            end_turn(fast, seat, False)
        else:  # TAKE_PENALTY
            take_penalty(fast, seat)


def play_card(fast: FastState, seat: int, card: int, named: int) -> None:
    """As session.play_card."""
    fast.hands[seat].remove(card)
    fast.discards.append(card)
    if fast.got != NO:
        fast.got = NO
        fast.attempt = 0
    if fast.missed != NO:
        fast.missed = fast.missed_by = NO
    if fast.idle_turns:
        fast.idle_turns = fast.stuck_turns = 0
    fast.colour = named if named != NO else COLOUR[card]
    seats = fast.seats
    kind = KIND[card]
    following = (seat + fast.direction) % seats
    if IS_PENALTY[card]:
        fast.penalty += VALUE[card]
        fast.penalty_value = VALUE[card]
    elif kind == REVERSE:
        fast.direction = -fast.direction
        following = (seat + fast.direction) % seats
    elif kind == SKIP:
        if not fast.penalty:
            following = (seat + 2 * fast.direction) % seats
    elif kind == STOP and fast.penalty:
        fast.penalty = fast.penalty_value = 0
    fast.turn = following
    if not fast.hands[seat]:
        end_game(fast, (seat,), "out by playing the last card", False)
        return
    fast.phase = WINDOW
    fast.played_by = seat
    direction = fast.direction
    fast.open_to = [(seat + direction * k) % seats for k in range(1, seats)] + [seat]


def claim(fast: FastState, seat: int) -> None:
    """As session.claim."""
    card = fast.discards[-1]
    hand = fast.hands[seat]
    if card not in hand:
        open_to = fast.open_to
        assert open_to is not None
        if seat in open_to:
            open_to.remove(seat)
        draw(fast, seat, 1)
        if not open_to:
            close_window(fast)
        return
    hand.remove(card)
    fast.discards.append(card)
    close_window(fast)
    if not hand:
        end_game(fast, (seat,), "out by matching the last card", False)


def close_window(fast: FastState) -> None:
    """As session.close_window."""
    fast.open_to = None
    fast.played_by = NO
    fast.phase = PLAY_PHASE


def take_offer(fast: FastState, seat: int, by: int) -> None:
    """As session.take_offer."""
    card = fast.offers[by]
    fast.offers[by] = NO
    fast.hands[seat].append(card)
    return_offers(fast)
    if not fast.hands[by]:
        end_game(fast, (by,), "out when the last card was taken as a Pass-it", False)
        return
    got(fast, seat, card)


def take_penalty(fast: FastState, seat: int) -> None:
    """As session.take_penalty."""
    if fast.missed != NO:
        fast.missed = fast.missed_by = NO
    total = fast.penalty
    ok = ANSWERS[fast.discards[-1]][fast.colour + 1][fast.penalty_value]
    could_play = any(ok[c] for c in fast.hands[seat])
    drawn = draw(fast, seat, total)
    fast.penalty = fast.penalty_value = 0
    end_turn(fast, seat, not drawn and not could_play)


def got(fast: FastState, seat: int, card: int) -> None:
    """As session.got."""
    if fast.offers:
        return_offers(fast)
    if PLAYABLE[fast.discards[-1]][fast.colour + 1][card]:
        if fast.missed != NO:
            fast.missed = fast.missed_by = NO
        fast.phase = GOT
        fast.got = card
        return
    fast.missed, fast.missed_by = card, seat
    if fast.attempt == 1:
        fast.attempt = 2
        ask_for_offers(fast, seat)
        return
    end_turn(fast, seat, False)


def ask_for_offers(fast: FastState, seat: int) -> None:
    """As session.ask_for_offers."""
    seats, direction = fast.seats, fast.direction
    fast.phase = OFFERS
    fast.offers = [NO] * seats
    fast.asked = [(seat + direction * k) % seats for k in range(1, seats)]


def next_offer(fast: FastState) -> None:
    """As session.next_offer."""
    asked = fast.asked
    asked.pop(0)
    if asked:
        return
    fast.phase = TAKE
    if fast.draw_pile or len(fast.discards) > 1 or any(c != NO for c in fast.offers):
        return
    seat = fast.turn
    ok = PLAYABLE[fast.discards[-1]][fast.colour + 1]
    stuck = fast.attempt == 1 and not any(ok[c] for c in fast.hands[seat])
    end_turn(fast, seat, stuck)


def return_offers(fast: FastState) -> None:
    """As session.return_offers."""
    hands = fast.hands
    for s, card in enumerate(fast.offers):
        if card != NO:
            hands[s].append(card)
    fast.offers = []


def end_turn(fast: FastState, seat: int, stuck: bool) -> None:
    """As session.end_turn."""
    seats = fast.seats
    fast.phase = PLAY_PHASE
    fast.attempt = 0
    fast.got = NO
    fast.turn = (seat + fast.direction) % seats
    fast.idle_turns += 1
    fast.stuck_turns = fast.stuck_turns + 1 if stuck else 0
    if fast.idle_turns >= session.STALL_ROUNDS * seats:
        why = f"nobody played a card for {session.STALL_ROUNDS} rounds"
    elif fast.stuck_turns >= session.BLOCKED_ROUNDS * seats:
        why = "nobody could play a card for a whole round and nothing could be drawn"
    else:
        return
    fewest = min(len(hand) for hand in fast.hands)
    winners = tuple(s for s, hand in enumerate(fast.hands) if len(hand) == fewest)
    end_game(fast, winners, f"{why}; fewest cards wins", True)


def end_game(fast: FastState, winners: tuple[int, ...], reason: str, blocked: bool) -> None:
    """As session.end_game: record the game, then deal the next or end the session."""
    fast.history.append(
        (fast.game_number, winners, reason, tuple(len(hand) for hand in fast.hands), blocked)
    )
    fast.ended = reason
    if len(fast.history) >= fast.games:
        fast.open_to = None
        fast.phase = PLAY_PHASE
        return
    fast.dealer = (fast.dealer + 1) % fast.seats
    fast.game_number += 1
    deal(fast, winners[0])


def deal(fast: FastState, first: int) -> None:
    """As session.deal, into `fast`: a fresh game's fields, its session's kept."""
    deck = list(DECK)
    fast.chance.shuffle(deck)
    seats, dealer = fast.seats, fast.dealer
    hands: list[list[int]] = [[] for _ in range(seats)]
    for i in range(fast.hand_size * seats):
        hands[(dealer + 1 + i) % seats].append(deck.pop())
    up = deck.pop()
    fast.turn = first
    fast.direction = 1
    fast.hands = hands
    fast.draw_pile = deck
    fast.discards = [up]
    fast.colour = COLOUR[up]
    fast.penalty = fast.penalty_value = 0
    fast.phase = PLAY_PHASE
    fast.open_to = None
    fast.played_by = NO
    fast.attempt = 0
    fast.offers = []
    fast.asked = []
    fast.got = fast.missed = fast.missed_by = NO
    fast.idle_turns = fast.stuck_turns = 0
    fast.ended = ""


def draw(fast: FastState, seat: int, count: int) -> int:
    """As session.draw: up to `count` cards, refilling from the shuffled discards."""
    drawn = 0
    hand = fast.hands[seat]
    for _ in range(count):
        if not fast.draw_pile:
            discards = fast.discards
            if len(discards) < 2:
                break
            refill = discards[:-1]
            del discards[:-1]
            fast.chance.shuffle(refill)
            fast.draw_pile = refill
        hand.append(fast.draw_pile.pop())
        drawn += 1
    return drawn


FAST = FastRunIt()
