"""Sets, runs and Jokers: what makes a meld, where a card may be added, which Joker it frees.

A set is 3 or more cards of one rank; a run 4 or more in a row of one suit, the Ace low
(A-2-3-4) or high (J-Q-K-A), never both and never wrapping. Jokers are wild; every meld holds at
least one natural card. A run's cards are kept in order, so each Joker stands for the value of
its place: `start` is the value of the first card (1 to 11; an Ace high counts 14).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pydantic import BaseModel

from cardtable.cards import Card, Suit, rank_name
from cardtable.games.sets_and_runs.contracts import RUN_MAX, RUN_MIN, SET_MIN

JOKER = Card(rank=0)
ACE_HIGH = 14

_SUIT_NO: dict[int, int] = {id(suit): i for i, suit in enumerate(Suit)}
_SUIT_NO[id(None)] = 4
SUITS: tuple[Suit, ...] = tuple(Suit)


def card_code(card: Card) -> int:
    """A small whole number for a card, equal for equal cards: rank * 5 + suit (Joker: 4).

    The hot path keys its caches by these: a Card's own hash is a Python call, an int's is not.
    """
    return card.rank * 5 + _SUIT_NO[id(card.suit)]


CARD_OF_CODE: dict[int, Card] = {0 * 5 + 4: JOKER}
"""One card value per code (the inverse of `card_code`)."""
for _suit in Suit:
    for _rank in range(1, 14):
        CARD_OF_CODE[_rank * 5 + _SUIT_NO[id(_suit)]] = Card(rank=_rank, suit=_suit)
JOKER_CODE = card_code(JOKER)


class TableMeld(BaseModel):
    """A meld on the table (or in a lay-down being built): whose it is and its cards."""

    owner: int
    run: bool
    cards: list[Card]
    """A run's cards in order, low to high; a set's in the order they came."""
    start: int
    """A run: the value of its first card (1 to 11). A set: its rank."""
    suit: Suit | None = None
    """A run's suit; None for a set."""

    @property
    def end(self) -> int:
        """A run's value at its high end (14 is the Ace high)."""
        return self.start + len(self.cards) - 1

    def stands_for(self, index: int) -> str:
        """What the card at `index` stands for, as a short name: '5♠' (a run), '7' (a set)."""
        if not self.run:
            return rank_name(self.start)
        value = self.start + index
        assert self.suit is not None
        return f"{rank_name(1 if value == ACE_HIGH else value)}{self.suit.symbol}"

    def text(self) -> str:
        """The meld as the table shows it: '4♠ Jkr(5♠) 6♠ 7♠', a Joker with what it stands for."""
        return " ".join(
            f"Jkr({self.stands_for(i)})" if c.rank == 0 else c.short
            for i, c in enumerate(self.cards)
        )

    def kind_name(self) -> str:
        """'run' or 'set'."""
        return "run" if self.run else "set"


def value_matches(card: Card, value: int) -> bool:
    """True if the natural `card` is the card of `value` (an Ace is 1 or 14)."""
    return card.rank == value or (card.rank == 1 and value == ACE_HIGH)


def set_refusal(cards: Sequence[Card]) -> str | None:
    """Why `cards` are not a set, or None if they are one."""
    if len(cards) < SET_MIN:
        return f"A set needs at least {SET_MIN} cards; these are {len(cards)}."
    ranks = {c.rank for c in cards if c.rank}
    if not ranks:
        return "A meld needs at least one natural card, not only Jokers."
    if len(ranks) > 1:
        return (
            "A set is of one rank: " + ", ".join(rank_name(r) for r in sorted(ranks)) + " differ."
        )
    return None


def run_start(cards: Sequence[Card]) -> int | str:
    """The start value of the run `cards` (in order, Jokers at their places), or why they are
    not a run."""
    n = len(cards)
    if n < RUN_MIN:
        return f"A run needs at least {RUN_MIN} cards in a row; these are {n}."
    if n > RUN_MAX:
        return f"A run holds at most {RUN_MAX} cards: the Ace is low or high, never both."
    first = next((i for i, c in enumerate(cards) if c.rank), None)
    if first is None:
        return "A meld needs at least one natural card, not only Jokers."
    natural = cards[first]
    suit = natural.suit
    if any(c.rank and c.suit is not suit for c in cards):
        return "A run is of one suit."
    start = ACE_HIGH - first if natural.rank == 1 and first else natural.rank - first
    if start < 1:
        return "Nothing comes below the Ace: the run would wrap around (K-A-2 is not a run)."
    if start + n - 1 > ACE_HIGH:
        return "Nothing comes above the Ace: the run would wrap around (K-A-2 is not a run)."
    for i, c in enumerate(cards):
        if c.rank and not value_matches(c, start + i):
            return "The run's cards are not in a row: " + " ".join(x.short for x in cards) + "."
    return start


def meld_refusal(cards: Sequence[Card], run: bool) -> str | None:
    """Why `cards` are not a meld of that kind, or None."""
    if run:
        start = run_start(cards)
        return start if isinstance(start, str) else None
    return set_refusal(cards)


def make_meld(owner: int, cards: Sequence[Card], run: bool) -> TableMeld:
    """The meld of `cards` (already checked by `meld_refusal`)."""
    if run:
        start = run_start(cards)
        assert isinstance(start, int)
        suit = next(c.suit for c in cards if c.rank)
        return TableMeld(owner=owner, run=True, cards=list(cards), start=start, suit=suit)
    rank = next(c.rank for c in cards if c.rank)
    return TableMeld(owner=owner, run=False, cards=list(cards), start=rank)


def meld_is_sound(meld: TableMeld) -> bool:
    """True if a meld read from a save is one the rules could have made."""
    if meld.run:
        start = run_start(meld.cards)
        suit = next((c.suit for c in meld.cards if c.rank), None)
        return start == meld.start and suit is meld.suit
    return (
        set_refusal(meld.cards) is None
        and meld.suit is None
        and any(c.rank == meld.start for c in meld.cards)
    )


# Adding and swapping


def add_ends(meld: TableMeld, card: Card) -> tuple[bool, ...]:
    """Where `card` may be added: () if nowhere; a set gives (False,); a run the ends it fits,
    False the low end and True the high end."""
    rank = card.rank
    if not meld.run:
        return (False,) if rank == 0 or rank == meld.start else ()
    cards = meld.cards
    if len(cards) >= RUN_MAX:
        return ()
    start = meld.start
    end = start + len(cards) - 1
    if rank == 0:
        return tuple(e for e, ok in ((False, start > 1), (True, end < ACE_HIGH)) if ok)
    if card.suit is not meld.suit:
        return ()
    low = start > 1 and rank == start - 1
    high = end < ACE_HIGH and (rank == end + 1 or (rank == 1 and end + 1 == ACE_HIGH))
    if low and high:
        return (False, True)
    if low:
        return (False,)
    if high:
        return (True,)
    return ()


def add_refusal(meld: TableMeld, card: Card, high: bool) -> str | None:
    """Why `card` may not go on that end of `meld`, or None."""
    ends = add_ends(meld, card)
    if (high if meld.run else False) in ends:
        return None
    if not meld.run:
        return f"The {card.short} does not go on a set of {rank_name(meld.start)}s."
    if not ends:
        return f"The {card.short} does not go on the run {meld.text()}."
    return f"The {card.short} goes on the run's {'high' if ends[0] else 'low'} end."


def add(meld: TableMeld, card: Card, high: bool) -> None:
    """Add `card` to `meld` (already checked) at that end."""
    if meld.run and not high:
        meld.cards.insert(0, card)
        meld.__dict__["start"] = meld.start - 1
    else:
        meld.cards.append(card)


def swap_index(meld: TableMeld, card: Card) -> int | None:
    """The place of the Joker in a run that the natural `card` stands for, or None."""
    if not meld.run or card.rank == 0 or card.suit is not meld.suit:
        return None
    start = meld.start
    for i, c in enumerate(meld.cards):
        if c.rank == 0 and value_matches(card, start + i):
            return i
    return None


def swap_refusal(meld: TableMeld, card: Card) -> str | None:
    """Why `card` cannot free a Joker from `meld`, or None."""
    if not meld.run:
        return "A Joker in a set is locked: it cannot be swapped out."
    if card.rank == 0:
        return "Only the natural card a Joker stands for can take its place."
    if swap_index(meld, card) is None:
        return f"No Joker in the run {meld.text()} stands for the {card.short}."
    return None


def fits_table(melds: Iterable[TableMeld], card: Card) -> bool:
    """True if `card` could be played on the table: added to a meld or swapped for a Joker."""
    return meld_taking(melds, card) is not None


def meld_taking(melds: Iterable[TableMeld], card: Card) -> int | None:
    """The place of the first meld `card` could be added to or swapped into; None if none."""
    for place, meld in enumerate(melds):
        if add_ends(meld, card) or swap_index(meld, card) is not None:
            return place
    return None


# Finding melds in a hand


def run_orders(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every way `cards` make one run, in order (more than one only when a Joker's place is
    open: 5-6-7 and a Joker is 4-5-6-7 or 5-6-7-8). Empty if they make none."""
    naturals = sorted((c for c in cards if c.rank), key=lambda c: c.rank)
    jokers = len(cards) - len(naturals)
    if not naturals or len(cards) < RUN_MIN or len(cards) > RUN_MAX:
        return []
    found: list[tuple[Card, ...]] = []
    for values in _value_choices(naturals):
        lo, hi = min(values), max(values)
        span = hi - lo + 1
        if len(set(values)) < len(values) or span > len(cards):
            continue
        extra = len(cards) - span
        for below in range(extra, -1, -1):
            start = lo - below
            if start < 1 or start + len(cards) - 1 > ACE_HIGH:
                continue
            order: list[Card] = [JOKER] * len(cards)
            for card, value in zip(naturals, values, strict=True):
                order[value - start] = card
            if sum(c.rank == 0 for c in order) == jokers and run_start(order) == start:
                found.append(tuple(order))
    return list(dict.fromkeys(found))


def _value_choices(naturals: list[Card]) -> list[list[int]]:
    """The values the naturals may take: an Ace is 1 or 14."""
    values = [[c.rank] if c.rank != 1 else [1, ACE_HIGH] for c in naturals]
    out: list[list[int]] = [[]]
    for options in values:
        out = [v + [o] for v in out for o in options]
    return out


def set_candidates(hand: Sequence[Card], jokers: int, sets: int = 1) -> list[tuple[Card, ...]]:
    """A set for each rank the hand can make one of: all its cards of that rank, and Jokers only
    as many as make 3. With `sets` of 2 or more still to lay, also each 3-card set of a rank
    that leaves enough of it for another set of that rank (two decks: see `split_sets`)."""
    by_rank: dict[int, list[Card]] = {}
    for c in hand:
        if c.rank:
            by_rank.setdefault(c.rank, []).append(c)
    out: list[tuple[Card, ...]] = []
    for rank in sorted(by_rank):
        cs = by_rank[rank]
        if len(cs) + jokers >= SET_MIN:
            out.append(tuple(cs) + (JOKER,) * max(0, SET_MIN - len(cs)))
            if sets > 1:
                codes = [card_code(c) for c in cs]
                out += [tuple(CARD_OF_CODE[k] for k in m) for m, _ in split_sets(codes, jokers)]
    return out


def suits_first(codes: Sequence[int]) -> tuple[int, ...]:
    """Card codes with the first copy of each card before the second: '7♠ 7♥ 7♠'."""
    firsts: list[int] = []
    repeats: list[int] = []
    for code in codes:
        (repeats if code in firsts else firsts).append(code)
    return tuple(firsts + repeats)


def split_sets(codes: Sequence[int], jokers: int) -> list[tuple[tuple[int, ...], bool]]:
    """The 3-card sets of one rank (as `hand_melds` gives them) that leave enough of it for
    another set of that rank: `codes` are the hand's natural cards of the rank. Each takes 3, 2
    or 1 of them (different suits first) and Jokers for the rest; one per count that leaves a
    natural card and 3 cards in all. A contract may hold two sets of one rank (two decks)."""
    n = len(codes)
    if n < 2 or n + jokers < 2 * SET_MIN:
        return []
    picked = suits_first(codes)
    out = []
    for m in range(SET_MIN, 0, -1):
        fill = SET_MIN - m
        if m < n and fill <= jokers and n - m + jokers - fill >= SET_MIN:
            out.append((tuple(picked[:m]) + (JOKER_CODE,) * fill, False))
    return out


def run_candidates(hand: Sequence[Card], jokers: int) -> list[tuple[Card, ...]]:
    """Runs the hand can make, a short list: every stretch from one natural card to another
    with at most `jokers` gaps, and every 4-card stretch a Joker completes."""
    out: list[tuple[Card, ...]] = []
    by_suit: dict[Suit, dict[int, Card]] = {}
    for c in hand:
        if c.suit is not None:  # not a Joker
            ranks = by_suit.setdefault(c.suit, {})
            ranks[c.rank] = c
            if c.rank == 1:
                ranks[ACE_HIGH] = c
    for suit in Suit:
        values = by_suit.get(suit)
        if not values or len(values) + jokers < RUN_MIN:
            continue
        have = sorted(values)
        seen: set[tuple[int, int]] = set()
        for i, lo in enumerate(have):
            for hi in have[i + 1 :]:
                span = hi - lo + 1
                if span < RUN_MIN or span > RUN_MAX:
                    continue
                inside = sum(1 for v in have if lo <= v <= hi)
                if span - inside <= jokers:
                    seen.add((lo, hi))
        if jokers:
            for lo in range(1, ACE_HIGH - RUN_MIN + 2):
                hi = lo + RUN_MIN - 1
                inside = sum(1 for v in have if lo <= v <= hi)
                if inside and RUN_MIN - inside <= jokers:
                    seen.add((lo, hi))
        for lo, hi in sorted(seen):
            out.append(tuple(values.get(v, JOKER) for v in range(lo, hi + 1)))
    return out


def _info(card: Card) -> tuple[int, int, int, int]:
    """(code, rank, suit number, the bits of its values in its suit's mask) of a card."""
    r = card.rank
    s = _SUIT_NO[id(card.suit)]
    bits = 0 if r == 0 else (1 << r) | (1 << ACE_HIGH if r == 1 else 0)
    return r * 5 + s, r, s, bits


_INFO: dict[int, tuple[int, int, int, int]] = {}
"""`_info` of the cards that live as long as the program (the deck's, the moves'), by identity:
a hand dealt from them needs no arithmetic. Other cards (a loaded game's) are worked out."""


def remember_cards(cards: Iterable[Card]) -> None:
    """Let the hot path know `cards` by identity; they must live as long as the program."""
    for card in cards:
        _INFO[id(card)] = _info(card)


remember_cards(CARD_OF_CODE.values())


def hand_melds(
    hand: Sequence[Card], sets: int, runs: bool, distinct: list[int] | None = None
) -> list[tuple[tuple[int, ...], bool]]:
    """The melds `set_candidates` and `run_candidates` find, as card codes (the fast path of
    the legal moves): each is (codes in order, is a run). `sets` is how many sets are still to
    lay (with 2 or more, a rank may give two). `distinct`, if given, receives the code of each
    different card of the hand, in hand order."""
    get = _INFO.get
    jokers = 0
    by_rank: list[list[int]] = [[] for _ in range(14)]
    masks = [0, 0, 0, 0]
    seen = 0
    for c in hand:
        code, r, s, bits = get(id(c)) or _info(c)
        if not seen >> code & 1:
            seen |= 1 << code
            if distinct is not None:
                distinct.append(code)
        if r:
            by_rank[r].append(code)
            masks[s] |= bits
        else:
            jokers += 1
    out: list[tuple[tuple[int, ...], bool]] = []
    if sets:
        need = max(SET_MIN - jokers, 1)
        for codes in by_rank:
            if len(codes) >= need:
                out.append((tuple(codes) + (JOKER_CODE,) * (SET_MIN - len(codes)), False))
                if sets > 1 and len(codes) + jokers >= 2 * SET_MIN:
                    out += split_sets(codes, jokers)
    if runs:
        for s in range(4):
            m = masks[s]
            if m and m.bit_count() + jokers >= RUN_MIN:
                key = (m << 7) | (jokers << 2) | s
                found = _RUNS.get(key)
                if found is None:
                    found = _RUNS[key] = runs_of(m, jokers, s)
                out += found
    return out


_RUNS: dict[int, list[tuple[tuple[int, ...], bool]]] = {}
"""`runs_of` remembered by (suit's value mask, Jokers, suit): hands repeat these often."""


def runs_of(m: int, jokers: int, s: int) -> list[tuple[tuple[int, ...], bool]]:
    """The runs of suit number `s` whose values are the bits of `m`, with `jokers` Jokers."""
    have = [v for v in range(1, ACE_HIGH + 1) if m >> v & 1]
    spans: set[tuple[int, int]] = set()
    for i, lo in enumerate(have):
        for hi in have[i + 1 :]:
            span = hi - lo + 1
            if RUN_MIN <= span <= RUN_MAX:
                inside = (m >> lo & ((1 << span) - 1)).bit_count()
                if span - inside <= jokers:
                    spans.add((lo, hi))
    if jokers:
        for lo in range(1, ACE_HIGH - RUN_MIN + 2):
            inside = (m >> lo & 15).bit_count()
            if inside and RUN_MIN - inside <= jokers:
                spans.add((lo, lo + RUN_MIN - 1))
    return [
        (
            tuple(
                (1 if v == ACE_HIGH else v) * 5 + s if m >> v & 1 else JOKER_CODE
                for v in range(lo, hi + 1)
            ),
            True,
        )
        for lo, hi in sorted(spans)
    ]
