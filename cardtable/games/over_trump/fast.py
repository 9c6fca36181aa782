"""Over Trump's fast path (engine/fast.py): rules.py's placing, settling and scoring on a
compact copy of a state.

Cards are small ints, their places in the 44-card DECK (so a shuffle deals the game's own
cards); a placement is a (seat, card, revealed Keeper) tuple made once, and found by its move
(`PLACEMENT_OF`); a move is `card * MOVE_BASE + revealed Keeper + 1`. Where each card of a hand
falls under a top card (follow, superior suit, other, Keeper) is looked up in tables made once
(`CLASS`, by `_class`, which follows `rules.placeable`, the one place the follow rule lives; as
sets by top card, `FOLLOWS` and `OVERS`, so a hand is asked in C which kind it holds), and what a
suited card does on a suited top (the voids it shows, whether it takes the top) in `PLACED`.
Every step here mirrors the rules.py step of the same name; the tests hold them to it.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import PilatchCard, PilatchSuit, superior_suit
from cardtable.engine import Chance, Move
from cardtable.games.over_trump.moves import place
from cardtable.games.over_trump.public import proven_illegal
from cardtable.games.over_trump.scoring import (
    DECK,
    HONOUR_RANKS,
    ILLEGAL_PLAY_PENALTY,
    MOST_TRICKS_BONUS,
    ONE_POINTS,
    SEATS,
    TARGET,
)
from cardtable.games.over_trump.state import OverTrumpOptions, OverTrumpState

NO = -1
"""No card, seat or suit (the game's None)."""
CARD_OF = {card: number for number, card in enumerate(DECK)}
SUITS = tuple(PilatchSuit)
SUIT_OF = {suit: number for number, suit in enumerate(SUITS)}
SUIT = tuple(SUIT_OF[c.suit] for c in DECK)
RANK = tuple(c.rank for c in DECK)
SUPERIOR = tuple(SUIT_OF[superior_suit(s)] for s in SUITS)
KEEPER, FOLLOW, OVER, OTHER = range(4)
FIRST_KEEPER = min(n for n, card in enumerate(DECK) if not card.rank)
"""The Keepers lie last in the deck: a card is one when its int is at least this."""
assert all(not card.rank for card in DECK[FIRST_KEEPER:])


def _class(card: PilatchCard, top: PilatchCard | None) -> int:
    """Where `card` falls in `rules.placeable` under `top`."""
    if not card.rank:
        return KEEPER
    if top is not None and card.suit is top.suit:
        return FOLLOW
    if top is not None and card.suit is superior_suit(top.suit):
        return OVER
    return OTHER


_SUIT_CARD = {s: next(c for c in DECK if c.suit is s and c.rank) for s in SUITS}
CLASS = tuple(
    tuple(_class(card, None if s == NO else _SUIT_CARD[SUITS[s]]) for card in DECK)
    for s in range(NO, len(SUITS))
)
"""CLASS[top's suit + 1][card]: KEEPER, FOLLOW, OVER or OTHER (top's suit NO: no top card)."""

MOVE_BASE = len(DECK) + 1
"""A move is card * MOVE_BASE + revealed Keeper + 1 (no Keeper: + 0)."""
MOVES: dict[int, Move] = {
    c * MOVE_BASE + r + 1: place(card, None if r == NO else DECK[r])
    for c, card in enumerate(DECK)
    for r in [NO, *(n for n, k in enumerate(DECK) if not k.rank)]
}
"""The game's move for each int."""
TABLE_RULES = OverTrumpOptions().table_rules
"""Whether a new game with the default options plays by table rules."""
PLACEMENTS = tuple(
    tuple(tuple((seat, c, r) for r in range(NO, len(DECK))) for c in range(len(DECK)))
    for seat in range(SEATS)
)
"""PLACEMENTS[seat][card][reveal + 1]: the placement, made once."""
PLACEMENT_OF = tuple(
    {action: PLACEMENTS[seat][action // MOVE_BASE][action % MOVE_BASE] for action in MOVES}
    for seat in range(SEATS)
)
"""PLACEMENT_OF[seat][move]: the placement the move makes."""
BASE = tuple(c * MOVE_BASE for c in range(len(DECK)))
"""The move placing each card without a Keeper revealed."""
KEEPERS = frozenset(range(FIRST_KEEPER, len(DECK)))
SUITED = frozenset(range(FIRST_KEEPER))
"""The Keepers' ints, and every suited card's."""
TOP = tuple(c if RANK[c] else NO for c in range(len(DECK)))
"""The trick's top card when `card` was placed last: NO for a Keeper."""
_BY_TOP = [CLASS[SUIT[top] + 1] if top < FIRST_KEEPER else CLASS[0] for top in range(len(DECK))]
FOLLOWS = tuple(frozenset(c for c, where in enumerate(row) if where == FOLLOW) for row in _BY_TOP)
OVERS = tuple(frozenset(c for c, where in enumerate(row) if where == OVER) for row in _BY_TOP)
"""FOLLOWS[top], OVERS[top]: the cards of the top card's suit, and of its superior suit."""


def _placed(top: int, card: int) -> tuple[tuple[int, ...], bool]:
    """Suited `card` placed on suited `top`: the suits it shows its seat out of (in the order
    `_note_voids` notes them), and whether it goes on top."""
    suit, top_suit = SUIT[card], SUIT[top]
    superior = SUPERIOR[top_suit]
    if suit == top_suit:
        return (), RANK[card] > RANK[top]
    if suit == superior:
        return (top_suit,), True
    return (top_suit, superior), False


PLACED = tuple(
    tuple(_placed(top, card) for card in range(FIRST_KEEPER)) for top in range(FIRST_KEEPER)
)
"""PLACED[top][card] for suited cards: (suits shown out of, whether it takes the top)."""


class FastState:
    """A game of Over Trump as ints and lists of ints (the fields of `OverTrumpState`)."""

    __slots__ = (
        "table_rules",
        "dealer",
        "hand_number",
        "leader",
        "hands",
        "trick",
        "won",
        "tricks",
        "scores",
        "last_trick",
        "last_winner",
        "voids",
        "shown",
        "history",
        "over",
        "chance",
    )

    table_rules: bool
    dealer: int
    hand_number: int
    leader: int
    hands: list[list[int]]
    trick: list[tuple[int, int, int]]
    won: list[list[int]]
    tricks: list[int]
    scores: list[int]
    last_trick: list[tuple[int, int, int]]
    last_winner: int
    voids: list[list[int]]
    shown: list[list[int]]
    history: list[tuple[Any, ...]]
    over: bool
    chance: Chance


class FastOverTrump:
    """Over Trump's fast path (engine.fast.FastRules)."""

    def start(self, state: OverTrumpState) -> FastState:
        """A compact copy of `state`; its chance is copied, so the two play on apart."""

        def placements(trick: list[Any]) -> list[tuple[int, int, int]]:
            return [
                (p.seat, CARD_OF[p.card], NO if p.reveal is None else CARD_OF[p.reveal])
                for p in trick
            ]

        fast = FastState()
        fast.table_rules = state.options.table_rules
        fast.dealer = state.dealer
        fast.hand_number = state.hand_number
        fast.leader = state.leader
        fast.hands = [[CARD_OF[c] for c in hand] for hand in state.hands]
        fast.trick = placements(state.trick)
        fast.won = [[CARD_OF[c] for c in cards] for cards in state.won]
        fast.tricks = list(state.tricks)
        fast.scores = list(state.scores)
        fast.last_trick = placements(state.last_trick)
        fast.last_winner = NO if state.last_winner is None else state.last_winner
        fast.voids = [[SUIT_OF[s] for s in suits] for suits in state.voids]
        fast.shown = [[CARD_OF[c] for c in cards] for cards in state.shown]
        fast.history = [
            (
                h.number,
                tuple(h.tricks),
                tuple(h.ones),
                tuple(h.honours),
                tuple(h.keepers),
                tuple(h.bonus),
                tuple(h.penalty),
                tuple(h.points),
                tuple(h.totals),
                h.note,
            )
            for h in state.history
        ]
        fast.over = state.over
        fast.chance = state.chance.model_copy()
        return fast

    def new(self, seats: int, seed: int) -> FastState:
        """As `start(OverTrump.new_game(seats=seats, seed=seed))`, dealt straight into ints: the
        game's own first dealer (and its refusal of a wrong seat count), then `deal`."""
        from cardtable import games  # the game's rules import this module

        chance, dealer = games.get("over-trump").first_dealer(seats, seed)
        fast = FastState()
        fast.table_rules = TABLE_RULES
        fast.dealer = dealer
        fast.hand_number = 1
        fast.trick = []
        fast.won = [[], []]
        fast.tricks = [0, 0]
        fast.scores = [0, 0]
        fast.last_trick = []
        fast.last_winner = NO
        fast.voids = [[] for _ in range(SEATS)]
        fast.shown = [[] for _ in range(SEATS)]
        fast.history = []
        fast.over = False
        fast.chance = chance
        deal(fast)
        return fast

    def snapshot(self, fast: FastState) -> tuple[Any, ...]:
        """Every field, as a value (the chance by its numbers)."""
        chance = fast.chance
        values = [getattr(fast, name) for name in FastState.__slots__ if name != "chance"]
        return (*map(repr, values), chance.state, chance.key, chance.drawn)

    def move(self, action: int) -> Move:
        """The game's move for `action`."""
        return MOVES[action]

    def is_over(self, fast: FastState) -> bool:
        """Over once a team has won."""
        return fast.over

    def to_act(self, fast: FastState) -> list[int]:
        """As `OverTrump.to_act`."""
        return [] if fast.over else [(fast.leader + len(fast.trick)) % SEATS]

    def first_to_act(self, fast: FastState) -> int:
        """The seat to place a card (Over Trump has no claim window)."""
        return (fast.leader + len(fast.trick)) % SEATS

    def legal(self, fast: FastState, seat: int) -> list[int]:
        """As `OverTrump.legal_moves`, in its order."""
        trick = fast.trick
        if fast.over or seat != (fast.leader + len(trick)) % SEATS:
            return []
        hand = fast.hands[seat]
        top = TOP[trick[-1][1]] if trick else NO
        allowed = SUITED
        if top != NO and not fast.table_rules:
            # Which cards may go is asked of the hand as a whole first (in C), so one pass
            # lists them in the hand's order.
            if not FOLLOWS[top].isdisjoint(hand):
                allowed = FOLLOWS[top]
            elif not OVERS[top].isdisjoint(hand):
                allowed = OVERS[top]
        base = [BASE[c] for c in hand if c in allowed]
        if KEEPERS.isdisjoint(hand):
            return base
        keepers = [c for c in hand if c >= FIRST_KEEPER]
        moves = list(base)
        for keeper in keepers:
            moves += [m + keeper + 1 for m in base]
        moves += [BASE[k] for k in keepers]
        return moves

    def step(self, fast: FastState, seat: int, action: int) -> None:
        """Place the card, as `OverTrump.advance` does."""
        placement = PLACEMENT_OF[seat][action]
        _, card, reveal = placement
        hand = fast.hands[seat]
        hand.remove(card)
        if reveal != NO:
            hand.remove(reveal)
        trick = fast.trick
        top = TOP[trick[-1][1]] if trick else NO
        if fast.table_rules and illegal(fast, seat, top, card):
            illegal_play(fast, seat)
            return
        shown = fast.shown[seat]
        if shown and card in shown:
            shown.remove(card)
        if card >= FIRST_KEEPER:
            trick.insert(0, placement)
        elif top == NO:
            trick.append(placement)
        else:
            out_of, on_top = PLACED[top][card]
            if out_of:
                voids = fast.voids[seat]
                for suit in out_of:
                    if suit not in voids:
                        voids.append(suit)
            if on_top:
                trick.append(placement)
            else:
                trick.insert(0, placement)
        if len(trick) == SEATS:
            settle_trick(fast)


def illegal(fast: FastState, seat: int, top: int, card: int) -> bool:
    """Table rules: whether public information proves the placement illegal
    (`public.proven_illegal`, without its sentence)."""
    return (
        proven_illegal(
            [DECK[c] for c in fast.shown[seat]],
            [SUITS[s] for s in fast.voids[seat]],
            None if top == NO else DECK[top],
            DECK[card],
        )
        is not None
    )


def illegal_play(fast: FastState, seat: int) -> None:
    """As `OverTrump._illegal_play`: the hand ends and the placer's team loses."""
    penalty = [0, 0]
    penalty[seat % 2] = ILLEGAL_PLAY_PENALTY
    for hand in fast.hands:
        hand.clear()
    fast.trick = []
    end_hand(fast, penalty)


def settle_trick(fast: FastState) -> None:
    """As `OverTrump._settle_trick`."""
    trick = fast.trick
    winner = trick[-1][0]
    team = winner % 2
    won = fast.won[team]
    for seat, card, reveal in trick:
        if reveal == NO:
            won.append(card)
        else:
            fast.hands[seat].append(card)
            fast.shown[seat].append(card)
            won.append(reveal)
    fast.tricks[team] += 1
    fast.last_trick = trick  # the trick's list is kept as the last trick: a new one is begun
    fast.trick = []
    fast.last_winner = fast.leader = winner
    if not any(fast.hands):
        end_hand(fast, None)


def end_hand(fast: FastState, penalty: list[int] | None) -> None:
    """As `OverTrump._end_hand`: score the hand, then end the game or deal the next."""
    tricks = fast.tricks
    most = 0 if tricks[0] > tricks[1] else 1
    if penalty is None:
        penalty = [0, 0]
        kinds = [points_by_kind(fast.won[t]) for t in range(2)]
        bonus = [MOST_TRICKS_BONUS if t == most else 0 for t in range(2)]
        points = [sum(kinds[t]) + bonus[t] for t in range(2)]
        note = ""
    else:
        kinds = [(0, 0, 0), (0, 0, 0)]
        bonus = [0, 0]
        points = [-p for p in penalty]
        note = "A claimed void was broken: the hand ends, and nobody else scores."
    fast.scores = [fast.scores[t] + points[t] for t in range(2)]
    fast.history.append(
        (
            fast.hand_number,
            tuple(tricks),
            *(tuple(k[i] for k in kinds) for i in range(3)),
            tuple(bonus),
            tuple(penalty),
            tuple(points),
            tuple(fast.scores),
            note,
        )
    )
    scores = fast.scores
    if max(scores) >= TARGET and scores[0] != scores[1]:
        fast.over = True
        return
    fast.hand_number += 1
    fast.dealer = (fast.dealer + 1) % SEATS
    fast.won = [[], []]
    fast.tricks = [0, 0]
    fast.voids = [[] for _ in range(SEATS)]
    fast.shown = [[] for _ in range(SEATS)]
    fast.trick = []
    deal(fast)


def points_by_kind(cards: list[int]) -> tuple[int, int, int]:
    """As `scoring.points_by_kind`: (ones, honours, keepers)."""
    ones = honours = keepers = 0
    for card in cards:
        rank = RANK[card]
        if not rank:
            keepers += 1
        elif rank == 1:
            ones += ONE_POINTS
        elif rank in HONOUR_RANKS:
            honours += 1
    return ones, honours, keepers


def deal(fast: FastState) -> None:
    """As `rules.deal`: all 44 cards, one at a time from the dealer's left."""
    deck = list(range(len(DECK)))
    fast.chance.shuffle(deck)
    dealer = fast.dealer
    fast.hands = [deck[(seat - dealer - 1) % SEATS :: SEATS] for seat in range(SEATS)]
    fast.leader = (dealer + 1) % SEATS


FAST = FastOverTrump()
