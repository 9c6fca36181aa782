"""What a Sets and Runs hand holds toward its contract, for the table: a whole lay-down it can
make now, how many cards it is short, and the ways marked cards go onto a meld.

Pure card logic on top of `games.sets_and_runs.melds` (no UI here); the table uses it to say how
far the hand is from the contract, to finish a hinted lay-down meld by meld, and to order the
cards of a multi-card add.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from cardtable.cards import Card, Suit
from cardtable.games.sets_and_runs.contracts import RUN_MIN, SET_MIN
from cardtable.games.sets_and_runs.melds import (
    ACE_HIGH,
    CARD_OF_CODE,
    TableMeld,
    add,
    add_ends,
    card_code,
    hand_melds,
)
from cardtable.games.sets_and_runs.plan import set_slots

Meld = tuple[tuple[Card, ...], bool]
"""A meld to lay down: its cards (a run's in order) and whether it is a run."""


def without(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card] | None:
    """The hand less `cards` (counting repeats), or None if it does not hold them all."""
    left = list(hand)
    for card in cards:
        if card not in left:
            return None
        left.remove(card)
    return left


def find_lay_down(hand: Sequence[Card], sets: int, runs: int) -> list[Meld] | None:
    """Melds from `hand` making `sets` sets and `runs` runs, or None if it holds none (among
    the short list of melds the rules' move list offers, which holds every set and run)."""
    return _lay_down(tuple(sorted(hand, key=card_code)), sets, runs, set())


def _lay_down(
    hand: tuple[Card, ...], sets: int, runs: int, failed: set[tuple[tuple[int, ...], int, int]]
) -> list[Meld] | None:
    """`find_lay_down` on a sorted hand; `failed` remembers the hands that made none."""
    if sets <= 0 and runs <= 0:
        return []
    key = (tuple(card_code(c) for c in hand), sets, runs)
    if key in failed:
        return None
    for codes, run in hand_melds(hand, max(sets, 0), runs > 0):
        cards = tuple(CARD_OF_CODE[c] for c in codes)
        rest = without(hand, cards)
        if rest is None:
            continue
        more = _lay_down(tuple(rest), sets - (not run), runs - run, failed)
        if more is not None:
            return [(cards, run), *more]
    failed.add(key)
    return None


def _run_windows(hand: Sequence[Card]) -> list[tuple[int, Suit, frozenset[int]]]:
    """Every 4-card stretch of a suit the hand has a card of: (cards missing, suit, values)."""
    have: dict[Suit, set[int]] = {}
    for card in hand:
        if card.suit is not None:
            values = have.setdefault(card.suit, set())
            values.add(card.rank)
            if card.rank == 1:
                values.add(ACE_HIGH)
    out = []
    for suit, values in have.items():
        for lo in range(1, ACE_HIGH - RUN_MIN + 2):
            window = frozenset(range(lo, lo + RUN_MIN))
            held = len(window & values)
            if held:
                out.append((RUN_MIN - held, suit, window))
    out.sort(key=lambda w: w[0])
    return out


def cards_short(hand: Sequence[Card], sets: int, runs: int) -> int:
    """About how many cards the hand lacks for a contract of `sets` sets and `runs` runs
    (0: it can lay it down now). An estimate past 0: each Joker fills one gap."""
    return _cards_short(tuple(sorted(card_code(c) for c in hand)), sets, runs)


@lru_cache(maxsize=256)
def _cards_short(codes: tuple[int, ...], sets: int, runs: int) -> int:
    """`cards_short` remembered by the hand's card codes (the table redraws often)."""
    hand = [CARD_OF_CODE[c] for c in codes]
    if find_lay_down(hand, sets, runs) is not None:
        return 0
    jokers = sum(1 for c in hand if c.suit is None)
    windows = _run_windows(hand)[:10]
    best: int | None = None
    for chosen in combinations(windows, runs):
        used: dict[Suit, set[int]] = {}
        clash = False
        for _, suit, values in chosen:
            taken = used.setdefault(suit, set())
            if taken & values:
                clash = True
            taken |= values
        if clash:
            continue
        missing = sum(w[0] for w in chosen)
        counts: dict[int, int] = {}
        for card in hand:
            if card.suit is None:
                continue
            value_used = card.rank in used.get(card.suit, set()) or (
                card.rank == 1 and ACE_HIGH in used.get(card.suit, set())
            )
            if not value_used:
                counts[card.rank] = counts.get(card.rank, 0) + 1
        gaps = sorted(max(0, SET_MIN - k) for n in counts.values() for k in set_slots(n))
        gaps += [SET_MIN] * sets
        missing += sum(gaps[:sets])
        if best is None or missing < best:
            best = missing
    if best is None:
        best = runs * RUN_MIN + sets * SET_MIN
    return max(1, best - jokers)


def add_orders(meld: TableMeld, cards: Sequence[Card]) -> list[list[tuple[Card, bool]]]:
    """The ways to put all of `cards` on `meld`, one card at a time: each a list of (card,
    high end), one per different meld it leaves (a Joker at the low or the high end of a run
    leaves different melds; the order of cards that do not matter is chosen once)."""
    found: dict[tuple[str, ...], list[tuple[Card, bool]]] = {}

    def place(current: TableMeld, left: list[Card], steps: list[tuple[Card, bool]]) -> None:
        if len(found) > 12:
            return
        if not left:
            key = tuple(c.short for c in current.cards) + (str(current.start),)
            found.setdefault(key, steps)
            return
        # Naturals that fit before Jokers: a Joker's end is a real choice only once the
        # naturals sit (a Joker goes first only to bridge a gap to a natural card).
        distinct = list(dict.fromkeys(left))
        naturals = [c for c in distinct if c.suit is not None and add_ends(current, c)]
        tries = naturals or [c for c in distinct if c.suit is None]
        for card in tries:
            for high in add_ends(current, card):
                nxt = current.model_copy(deep=True)
                add(nxt, card, high)
                rest = list(left)
                rest.remove(card)
                place(nxt, rest, [*steps, (card, high)])

    place(meld, list(cards), [])
    return list(found.values())
