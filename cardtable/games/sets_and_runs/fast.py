"""Sets and Runs' fast path (engine/fast.py): rules.py's drawing, buying, laying down, playing
on the melds and discarding on a compact copy of a state.

Cards are small ints: the 53 different cards in table order (`state.table_order`), so a hand in
table order is its ints sorted (the two copies of a card share its int, as equal cards do in the
game) and the Joker, last in table order, is the highest. Moves are ints: a discard is the card's
own int, then a few fixed moves, then an add per card, meld and end, a swap per card and meld,
and the melds to lay down, numbered as they are first met.

The melds a hand can lay down are found rank by rank and suit by suit, as `melds.hand_melds`
finds them: what one rank's cards (with the hand's Jokers) make as sets is asked of `hand_melds`
itself, and what one suit's values (with the Jokers) make as runs of `melds.runs_of`, which
`hand_melds` calls, once per such group of cards and kept. What a card may do on a meld of the
table is asked of `melds.add_ends` and `melds.swap_index` once per shape of meld and kept.
Every step here mirrors the rules.py step of the same name; the tests hold them to it.
One field is not kept: `SetsAndRunsState.taken`, the public record of the cards each seat was
seen to take. No rule reads it (the strong bot deals its worlds by it), and no bot plays here.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from cardtable.cards import Card, Suit, standard_deck
from cardtable.engine import Chance, Move
from cardtable.engine.claims import CLAIM, LET_GO
from cardtable.games.sets_and_runs import moves as mv
from cardtable.games.sets_and_runs.contracts import (
    BUYS_PER_ROUND,
    CONTRACTS,
    DEAL,
    DECKS,
    JOKERS,
    ROUNDS,
)
from cardtable.games.sets_and_runs.melds import (
    ACE_HIGH,
    CARD_OF_CODE,
    JOKER_CODE,
    RUN_MIN,
    TableMeld,
    add_ends,
    card_code,
    hand_melds,
    runs_of,
    swap_index,
)
from cardtable.games.sets_and_runs.scoring import card_points
from cardtable.games.sets_and_runs.state import Phase, SetsAndRunsState, table_order

NO = -1
"""No seat or suit (the game's None)."""
CARDS: tuple[Card, ...] = tuple(sorted(CARD_OF_CODE.values(), key=table_order))
"""Every different card, in table order: a card's int is its place here."""
JOKER = len(CARDS) - 1
"""The Joker's int: last in table order."""
assert CARDS[JOKER].rank == 0
CODE = tuple(card_code(card) for card in CARDS)
"""Each card's code (`melds.card_code`), the key of the game's own meld finder."""
INT_OF_CODE = [NO] * (max(CODE) + 1)
"""Each card code's int."""
for _number, _code in enumerate(CODE):
    INT_OF_CODE[_code] = _number
RANK = tuple(card.rank for card in CARDS)
SUITS = tuple(Suit)
SUIT = tuple(code % 5 for code in CODE)
"""Each card's suit as a number, in `Suit`'s order (the game's card codes'); the Joker's is 4."""
VALUES = tuple(0 if not r else (1 << r) | (1 << ACE_HIGH if r == 1 else 0) for r in RANK)
"""The values each card may stand for in a run of its suit, as bits (an Ace is 1 and 14)."""
_TABLE_SUITS = sorted(Suit, key=lambda suit: suit.value)
"""The suits in table order: a hand holds one rank's cards in this order."""
WEIGHT = tuple(3 ** _TABLE_SUITS.index(card.suit) if card.suit is not None else 0 for card in CARDS)
"""Each natural card's weight in the sum that names which cards of a rank a hand holds (two
copies at most of each: one base-3 digit per suit, in table order)."""
POINTS = tuple(card_points(card) for card in CARDS)
"""What each card left in hand costs."""
INT_OF_SHORT = {card.short: number for number, card in enumerate(CARDS)}
"""A card's int by its short name (a buy window names its card so)."""
DECK = tuple(INT_OF_CODE[card_code(card)] for card in standard_deck(decks=DECKS, jokers=JOKERS))
"""The 108 cards in `rules.DECK`'s fixed order, as ints (so a shuffle deals the game's own)."""

# The moves as ints
TAKE_DISCARD = len(CARDS)
"""A discard is its card's int, below this."""
DRAW_STOCK, CLAIM_IT, LET_IT_GO, TAKE_BACK = range(TAKE_DISCARD + 1, TAKE_DISCARD + 5)
MELDS_MOST = 32
"""More melds than a table ever holds (six seats lay down three each at most)."""
assert 6 * max(contract.melds for contract in CONTRACTS) < MELDS_MOST
ADD = 64
"""ADD + (card * MELDS_MOST + meld) * 2 + high end: add the card to that meld."""
SWAP = ADD + len(CARDS) * MELDS_MOST * 2
"""SWAP + card * MELDS_MOST + meld: swap the card for the Joker it stands for in that meld."""
LAY = SWAP + len(CARDS) * MELDS_MOST
"""LAY + number: lay down the meld of that number (LAID_DOWN)."""
MOVES: dict[int, Move] = {
    TAKE_DISCARD: mv.TAKE_DISCARD,
    DRAW_STOCK: mv.DRAW_STOCK,
    CLAIM_IT: CLAIM,
    LET_IT_GO: LET_GO,
    TAKE_BACK: mv.TAKE_BACK,
    **{number: mv.discard(card) for number, card in enumerate(CARDS)},
}
"""The game's move for each fixed int (a discard, a draw, a buy, a take-back)."""

WINDOW, PLAY, OVER = range(3)
PHASES = (Phase.WINDOW, Phase.PLAY, Phase.OVER)


class LaidMeld:
    """A meld to lay down, as `moves.LayMeld` holds its cards and `melds.make_meld` makes it."""

    __slots__ = ("key", "cards", "run", "start", "suit")

    def __init__(self, codes: tuple[int, ...], run: bool) -> None:
        """The meld of the card codes `codes` (as `melds.hand_melds` gives them)."""
        self.key = (codes, run)
        cards = [INT_OF_CODE[code] for code in codes]
        if not run:  # LayMeld's own order for a set: by card code, Jokers last
            cards.sort(key=lambda c: (c == JOKER, CODE[c]))
        first = next(i for i, c in enumerate(cards) if c != JOKER)
        natural = cards[first]
        self.cards = tuple(cards)
        self.run = run
        if run:  # melds.run_start
            self.start = ACE_HIGH - first if RANK[natural] == 1 and first else RANK[natural] - first
            self.suit = SUIT[natural]
        else:
            self.start = RANK[natural]
            self.suit = NO


LAID_DOWN: list[LaidMeld] = []
"""The melds to lay down met so far: LAY + n lays down the nth."""
_LAY_OF: dict[tuple[tuple[int, ...], bool], int] = {}


def lay(codes: tuple[int, ...], run: bool) -> int:
    """The move laying down the meld of card codes `codes` (numbered on first meeting)."""
    key = (codes, run)
    action = _LAY_OF.get(key)
    if action is None:
        action = _LAY_OF[key] = LAY + len(LAID_DOWN)
        LAID_DOWN.append(LaidMeld(codes, run))
    return action


_SET_LAYS: dict[int, list[int]] = {}
"""The sets one rank's cards make, by the key `lay_downs` makes: `hand_melds` asked once."""
_RUN_LAYS: dict[int, list[int]] = {}
"""The runs one suit's cards make, by the key `lay_downs` makes: `runs_of` asked once."""
_JOKER_CARDS = (CARDS[JOKER],) * JOKERS


def _sets_of(key: int) -> list[int]:
    """The sets of one rank that `hand_melds` finds, for a key made by `lay_downs`."""
    key, two = divmod(key, 2)
    key, jokers = divmod(key, JOKERS + 1)
    weight, rank = divmod(key, 14)
    hand: list[Card] = []
    for place, suit in enumerate(_TABLE_SUITS):
        hand += [Card(rank=rank, suit=suit)] * (weight // 3**place % 3)
    found = hand_melds(hand + list(_JOKER_CARDS[:jokers]), 1 + two, False)
    return [lay(codes, run) for codes, run in found]


_RUN_SHAPES: dict[int, list[tuple[int, ...]]] = {}
"""The runs `melds.runs_of` finds in the first suit, by the values held and the Jokers: every
suit makes the same runs of its own cards."""


def _runs_of(key: int) -> list[int]:
    """The runs of one suit that `hand_melds` finds (by `melds.runs_of`), for a key made by
    `lay_downs`. A suit makes none unless four values in a row hold enough of its cards for
    the Jokers to fill the rest (and one at least): most keys are settled by that alone."""
    values, jokers, suit = key >> 7, key >> 2 & 31, key & 3
    shape = values << 3 | jokers
    runs = _RUN_SHAPES.get(shape)
    if runs is None:
        need = max(RUN_MIN - jokers, 1)
        if all((values >> low & 15).bit_count() < need for low in range(1, ACE_HIGH - 2)):
            runs = []
        else:
            runs = [codes for codes, _ in runs_of(values, jokers, 0)]
        _RUN_SHAPES[shape] = runs
    # A card's code is rank * 5 + its suit's number (`melds.card_code`): the first suit's is 0.
    return [lay(tuple(c if c == JOKER_CODE else c + suit for c in codes), True) for codes in runs]


def lay_downs(hand: list[int], sets: int, runs: int) -> list[int]:
    """`hand_melds(hand, sets, runs > 0)` as moves: each rank's sets in rank order, then each
    suit's runs in `Suit`'s order."""
    jokers = hand.count(JOKER)
    found: list[int] = []
    if sets:
        weights = [0] * 14
        for c in hand:
            weights[RANK[c]] += WEIGHT[c]
        two = sets > 1
        for rank, weight in enumerate(weights):
            if weight:
                key = ((weight * 14 + rank) * (JOKERS + 1) + jokers) * 2 + two
                lays = _SET_LAYS.get(key)
                if lays is None:
                    lays = _SET_LAYS[key] = _sets_of(key)
                found += lays
    if runs:
        masks = [0, 0, 0, 0, 0]
        for c in hand:
            masks[SUIT[c]] |= VALUES[c]
        for suit in range(4):
            m = masks[suit]
            if m and m.bit_count() + jokers >= RUN_MIN:
                key = (m << 7) | (jokers << 2) | suit
                lays = _RUN_LAYS.get(key)
                if lays is None:
                    lays = _RUN_LAYS[key] = _runs_of(key)
                found += lays
    return found


class FastMeld:
    """A meld on the table (or being laid down) as ints: `melds.TableMeld`'s fields."""

    __slots__ = ("owner", "run", "cards", "start", "suit")

    def __init__(self, owner: int, run: bool, cards: list[int], start: int, suit: int) -> None:
        """The meld of `owner` holding `cards` (ints, a run's in order)."""
        self.owner = owner
        self.run = run
        self.cards = cards
        self.start = start
        self.suit = suit

    def value(self) -> tuple[Any, ...]:
        """The meld as a value, for a snapshot."""
        return (self.owner, self.run, tuple(self.cards), self.start, self.suit)


_FITS: dict[tuple[int, ...], list[tuple[int, tuple[bool, ...], bool]]] = {}
"""`fits_of` by the meld's shape."""


def fits_of(meld: FastMeld) -> list[tuple[int, tuple[bool, ...], bool]]:
    """The cards that may be played on `meld`: (card, `add_ends`, whether it frees a Joker), from
    the game's own `add_ends` and `swap_index`, asked once per shape of meld (a set by its rank;
    a run by its suit, start, length and its Jokers' places)."""
    cards = meld.cards
    if meld.run:
        jokers = sum(1 << i for i, c in enumerate(cards) if c == JOKER)
        shape: tuple[int, ...] = (meld.suit, meld.start, len(cards), jokers)
    else:
        shape = (meld.start,)
    found = _FITS.get(shape)
    if found is None:
        if meld.run:
            suit = SUITS[meld.suit]
            held = [
                CARDS[JOKER] if jokers >> i & 1 else Card(rank=1 if v == ACE_HIGH else v, suit=suit)
                for i, v in enumerate(range(meld.start, meld.start + len(cards)))
            ]
            table = TableMeld(owner=0, run=True, cards=held, start=meld.start, suit=suit)
        else:
            held = [Card(rank=meld.start, suit=Suit.SPADES)]
            table = TableMeld(owner=0, run=False, cards=held, start=meld.start)
        found = []
        for number, card in enumerate(CARDS):
            ends = add_ends(table, card)
            frees = bool(card.rank) and swap_index(table, card) is not None
            if ends or frees:
                found.append((number, ends, frees))
        _FITS[shape] = found
    return found


def table_fits(melds: list[FastMeld]) -> dict[int, list[int]]:
    """Each card that may be played on the table, with its moves in `legal_moves`' order (by
    meld, each meld's ends, then its swap)."""
    fits: dict[int, list[int]] = {}
    for place, meld in enumerate(melds):
        for card, ends, frees in fits_of(meld):
            moves = fits.get(card)
            if moves is None:
                moves = fits[card] = []
            base = card * MELDS_MOST + place
            moves += [ADD + base * 2 + high for high in ends]
            if frees:
                moves.append(SWAP + base)
    return fits


class FastState:
    """A game of Sets and Runs as ints and lists of ints (the fields of `SetsAndRunsState`)."""

    __slots__ = (
        "seats",
        "buy_seconds",
        "round",
        "dealer",
        "turn",
        "phase",
        "hands",
        "stock",
        "discards",
        "melds",
        "pending",
        "laid_down",
        "floating",
        "buys_left",
        "reshuffled",
        "open_to",
        "claimed",
        "window_card",
        "totals",
        "history",
        "chance",
        "fits",
    )

    seats: int
    buy_seconds: int
    round: int
    dealer: int
    turn: int
    phase: int
    hands: list[list[int]]
    stock: list[int]
    discards: list[int]
    melds: list[FastMeld]
    pending: list[FastMeld]
    laid_down: list[bool]
    floating: list[bool]
    buys_left: list[int]
    reshuffled: bool
    open_to: list[int] | None
    """The buy window's seats still to speak; None when no window is open."""
    claimed: list[int]
    window_card: int
    totals: list[int]
    history: list[tuple[Any, ...]]
    chance: Chance
    fits: dict[int, list[int]] | None
    """`table_fits` of the melds, kept until they change (None: not worked out yet)."""


def _int(card: Card) -> int:
    return INT_OF_CODE[card_code(card)]


def _meld(meld: TableMeld) -> FastMeld:
    suit = NO if meld.suit is None else SUITS.index(meld.suit)
    return FastMeld(meld.owner, meld.run, [_int(c) for c in meld.cards], meld.start, suit)


class FastSetsAndRuns:
    """Sets and Runs' fast path (engine.fast.FastRules)."""

    def start(self, state: SetsAndRunsState) -> FastState:
        """A compact copy of `state`; its chance is copied, so the two play on apart."""
        fast = FastState()
        fast.seats = state.seats
        fast.buy_seconds = state.options.buy_seconds
        fast.round = state.round
        fast.dealer = state.dealer
        fast.turn = state.turn
        fast.phase = PHASES.index(state.phase)
        fast.hands = [[_int(c) for c in hand] for hand in state.hands]
        fast.stock = [_int(c) for c in state.stock]
        fast.discards = [_int(c) for c in state.discards]
        fast.melds = [_meld(m) for m in state.melds]
        fast.pending = [_meld(m) for m in state.pending]
        fast.laid_down = list(state.laid_down)
        fast.floating = list(state.floating)
        fast.buys_left = list(state.buys_left)
        fast.reshuffled = state.reshuffled
        window = state.window
        fast.open_to = None if window is None else list(window.open_to)
        fast.claimed = [] if window is None else list(window.claimed)
        fast.window_card = NO if window is None else INT_OF_SHORT[window.card]
        fast.totals = list(state.totals)
        fast.history = [
            (
                r.number,
                r.contract,
                r.went_out,
                r.reason,
                tuple(r.points),
                tuple(r.cards_left),
                tuple(r.totals),
            )
            for r in state.history
        ]
        fast.chance = state.chance.model_copy()
        fast.fits = None
        return fast

    def new(self, seats: int, seed: int) -> FastState:
        """A compact copy of the game's own `new_game(seats=seats, seed=seed)`."""
        from cardtable import games  # the game's rules import this module

        return self.start(games.get("sets-and-runs").new_game(seats=seats, seed=seed))

    def snapshot(self, fast: FastState) -> tuple[Any, ...]:
        """Every field, as a value (the buy window as its card and seats, the chance by its
        numbers; the melds' `fits`, worked out from them, left out)."""
        chance = fast.chance
        window = None if fast.open_to is None else (fast.window_card, fast.open_to, fast.claimed)
        return (
            fast.seats,
            fast.buy_seconds,
            fast.round,
            fast.dealer,
            fast.turn,
            fast.phase,
            fast.hands,
            fast.stock,
            fast.discards,
            [m.value() for m in fast.melds],
            [m.value() for m in fast.pending],
            fast.laid_down,
            fast.floating,
            fast.buys_left,
            fast.reshuffled,
            window,
            fast.totals,
            fast.history,
            chance.state,
            chance.key,
            chance.drawn,
        )

    def move(self, action: int) -> Move:
        """The game's move for `action`."""
        if action >= LAY:
            return mv.lay_meld_of(*LAID_DOWN[action - LAY].key)
        if action >= SWAP:
            card, meld = divmod(action - SWAP, MELDS_MOST)
            return mv.swap(CARDS[card], meld)
        if action >= ADD:
            base, high = divmod(action - ADD, 2)
            card, meld = divmod(base, MELDS_MOST)
            return mv.add_to(CARDS[card], meld, bool(high))
        return MOVES[action]

    def is_over(self, fast: FastState) -> bool:
        """Over once the seventh round has been scored."""
        return fast.phase == OVER

    def to_act(self, fast: FastState) -> list[int]:
        """As `SetsAndRuns.to_act`: in a buy window the next player first, then the buyers."""
        phase = fast.phase
        if phase == PLAY:
            return [fast.turn]
        if phase == WINDOW:
            open_to = fast.open_to
            return [fast.turn] if open_to is None else [fast.turn, *open_to]
        return []

    def first_to_act(self, fast: FastState) -> int:
        """The buy window's nearest seat still to speak, else the seat whose turn it is."""
        open_to = fast.open_to
        return open_to[0] if open_to else fast.turn

    def legal(self, fast: FastState, seat: int) -> list[int]:
        """As `SetsAndRuns.legal_moves`, in its order."""
        phase = fast.phase
        if phase == WINDOW:
            if seat == fast.turn:
                if fast.floating[seat] or not fast.discards:
                    return [DRAW_STOCK]
                return [TAKE_DISCARD, DRAW_STOCK]
            open_to = fast.open_to
            return [CLAIM_IT, LET_IT_GO] if open_to is not None and seat in open_to else []
        if phase != PLAY or seat != fast.turn:
            return []
        hand = fast.hands[seat]
        if fast.laid_down[seat]:
            fits = fast.fits
            if fits is None:
                fits = fast.fits = table_fits(fast.melds)
            moves: list[int] = []
            for card in dict.fromkeys(hand):
                plays = fits.get(card)
                if plays is None:
                    moves.append(card)
                else:
                    moves += plays
            return moves
        pending = fast.pending
        sets, runs = CONTRACTS[fast.round - 1][1:]
        if pending:
            laid = sum(1 for m in pending if m.run)
            moves = lay_downs(hand, sets - (len(pending) - laid), runs - laid)
            moves.append(TAKE_BACK)
            return moves
        moves = lay_downs(hand, sets, runs)
        moves += dict.fromkeys(hand)
        return moves

    def step(self, fast: FastState, seat: int, action: int) -> None:
        """Make a legal move, as `SetsAndRuns.advance` does."""
        if action < TAKE_DISCARD:
            discard(fast, seat, action)
        elif action == DRAW_STOCK:
            draw_stock(fast, seat)
        elif action == TAKE_DISCARD:
            insort(fast.hands[seat], fast.discards.pop())
            fast.open_to = None
            fast.phase = PLAY
        elif action >= LAY:
            lay_meld(fast, seat, LAID_DOWN[action - LAY])
        elif action == LET_IT_GO:
            open_to = fast.open_to
            assert open_to is not None
            if seat in open_to:
                open_to.remove(seat)
        elif action == CLAIM_IT:
            open_to = fast.open_to
            assert open_to is not None
            if seat in open_to:
                del open_to[open_to.index(seat) :]
            if seat not in fast.claimed:
                fast.claimed.insert(0, seat)
        elif action == TAKE_BACK:
            hand = fast.hands[seat]
            for meld in fast.pending:
                hand.extend(meld.cards)
            hand.sort()
            fast.pending = []
        elif action >= SWAP:
            card, place = divmod(action - SWAP, MELDS_MOST)
            swap(fast, seat, card, fast.melds[place])
        else:
            base, high = divmod(action - ADD, 2)
            card, place = divmod(base, MELDS_MOST)
            add(fast, seat, card, fast.melds[place], high)


def discard(fast: FastState, seat: int, card: int) -> None:
    """As `SetsAndRuns._discard`."""
    hand = fast.hands[seat]
    hand.remove(card)
    fast.discards.append(card)
    if not hand:
        end_round(fast, seat, "she discarded her last card")
        return
    open_window(fast, (seat + 1) % fast.seats, seat)


def open_window(fast: FastState, nxt: int, discarder: int) -> None:
    """As `rules.open_window`."""
    seats = fast.seats
    buys = fast.buys_left
    order = []
    for k in range(1, seats):
        s = (nxt + k) % seats
        if s == discarder:
            break
        if buys[s] > 0:
            order.append(s)
    fast.turn = nxt
    fast.phase = WINDOW
    fast.open_to = order
    fast.claimed = []
    fast.window_card = fast.discards[-1]


def draw_stock(fast: FastState, seat: int) -> None:
    """As `SetsAndRuns._draw_stock`: the nearest buyer takes the discard and the stock's top card,
    then `seat` draws."""
    claimed = fast.claimed if fast.open_to is not None else None
    fast.open_to = None
    if claimed:
        buyer = claimed[0]
        insort(fast.hands[buyer], fast.discards.pop())
        fast.buys_left[buyer] -= 1
        if not draw(fast, buyer):
            return
    if not draw(fast, seat):
        return
    fast.phase = PLAY


def draw(fast: FastState, seat: int) -> bool:
    """As `rules.draw`: False when the stock ran out for good and the round ended."""
    stock = fast.stock
    if not stock:
        rest = fast.discards[:-1]
        if fast.reshuffled or not rest:
            why = (
                "the stock ran out a second time"
                if fast.reshuffled
                else "the stock ran out with no discards to make a new one"
            )
            end_round(fast, None, why)
            return False
        fast.chance.shuffle(rest)
        fast.stock = stock = rest
        fast.discards = fast.discards[-1:]
        fast.reshuffled = True
    insort(fast.hands[seat], stock.pop())
    fast.floating[seat] = False
    return True


def lay_meld(fast: FastState, seat: int, meld: LaidMeld) -> None:
    """As `SetsAndRuns._lay_meld`."""
    hand = fast.hands[seat]
    for card in meld.cards:
        hand.remove(card)
    pending = fast.pending
    pending.append(FastMeld(seat, meld.run, list(meld.cards), meld.start, meld.suit))
    contract = CONTRACTS[fast.round - 1]
    runs = sum(1 for m in pending if m.run)
    if runs == contract.runs and len(pending) - runs == contract.sets:
        fast.melds.extend(pending)
        fast.fits = None
        fast.pending = []
        fast.laid_down[seat] = True
        if not hand:
            float_off(fast, seat)


def add(fast: FastState, seat: int, card: int, meld: FastMeld, high: int) -> None:
    """As `SetsAndRuns._add`."""
    hand = fast.hands[seat]
    hand.remove(card)
    if meld.run and not high:
        meld.cards.insert(0, card)
        meld.start -= 1
    else:
        meld.cards.append(card)
    fast.fits = None
    if not hand:
        float_off(fast, seat)


def swap(fast: FastState, seat: int, card: int, meld: FastMeld) -> None:
    """As `SetsAndRuns._swap`: the Joker `melds.swap_index` finds."""
    rank, start = RANK[card], meld.start
    cards = meld.cards
    index = next(
        i
        for i, c in enumerate(cards)
        if c == JOKER and (rank == start + i or (rank == 1 and start + i == ACE_HIGH))
    )
    hand = fast.hands[seat]
    hand.remove(card)
    cards[index] = card
    hand.append(JOKER)
    fast.fits = None


def float_off(fast: FastState, seat: int) -> None:
    """As `SetsAndRuns._float`: `seat` floats and the next player draws from the stock."""
    fast.floating[seat] = True
    nxt = (seat + 1) % fast.seats
    fast.turn = nxt
    if draw(fast, nxt):
        fast.phase = PLAY


def end_round(fast: FastState, went_out: int | None, why: str) -> None:
    """As `rules.end_round`: score the hands, then deal the next round or end the game."""
    hands = fast.hands
    for meld in fast.pending:
        hands[meld.owner].extend(meld.cards)
    fast.pending = []
    fast.open_to = None
    points = [sum(POINTS[c] for c in hand) for hand in hands]
    fast.totals = totals = [t + p for t, p in zip(fast.totals, points, strict=True)]
    fast.history.append(
        (
            fast.round,
            CONTRACTS[fast.round - 1].name,
            went_out,
            why,
            tuple(points),
            tuple(len(h) for h in hands),
            tuple(totals),
        )
    )
    if fast.round >= ROUNDS:
        fast.phase = OVER
        return
    fast.round += 1
    fast.dealer = (fast.dealer + 1) % fast.seats
    deal(fast)


def deal(fast: FastState) -> None:
    """As `rules.deal`: 11 cards each, and the first discard turned (never a Joker)."""
    chance = fast.chance
    deck = list(DECK)
    chance.shuffle(deck)
    seats = fast.seats
    fast.hands = [sorted(deck[i * DEAL : (i + 1) * DEAL]) for i in range(seats)]
    stock = deck[seats * DEAL :]
    up = stock.pop()
    while up == JOKER:
        stock.insert(chance.below(len(stock)), up)
        up = stock.pop()
    fast.stock = stock
    fast.discards = [up]
    fast.melds = []
    fast.fits = None
    fast.pending = []
    fast.laid_down = [False] * seats
    fast.floating = [False] * seats
    fast.buys_left = [BUYS_PER_ROUND] * seats
    fast.reshuffled = False
    fast.turn = (fast.dealer + 1) % seats
    fast.phase = WINDOW
    fast.open_to = None


FAST = FastSetsAndRuns()
