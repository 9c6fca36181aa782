"""How far a hand is from the round's contract: the partial sets and runs it builds toward.

The bot's reading of a hand (not a rule): it picks as many partial sets (cards of one rank) and
partial runs (cards of one suit inside four values in a row) as the contract asks for, using each
card once, so that the fewest cards are still missing once the hand's Jokers fill gaps. Cards
are small whole numbers here (`melds.card_code`: rank * 5 + suit, the Joker 4), for speed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from cardtable.cards import rank_name
from cardtable.games.sets_and_runs.contracts import RUN_MIN, SET_MIN
from cardtable.games.sets_and_runs.melds import ACE_HIGH, JOKER_CODE, SUITS, suits_first

COPIES = 2
"""Each natural card is in the pack twice (two decks)."""
RANK_COPIES = COPIES * len(SUITS)
WINDOWS = range(1, ACE_HIGH - RUN_MIN + 2)
"""The low value of every four values in a row: A-2-3-4 (1) to J-Q-K-A (11)."""
MOST_RUN_CHOICES = 9
"""Partial runs weighed per reading: the most promising ones, enough for three runs."""
MISSING_WEIGHT = 100.0
OUTS_WEIGHT = 1.0
MOST_OUTS = 8


def value_code(value: int, suit: int) -> int:
    """The code of the card of `value` (1 to 14, 14 the Ace high) in suit number `suit`."""
    return (1 if value == ACE_HIGH else value) * 5 + suit


class Group(NamedTuple):
    """One meld the hand builds toward: the cards it has and how many it lacks."""

    run: bool
    rank: int
    """A set's rank; 0 for a run."""
    suit: int
    """A run's suit number (see `melds.SUITS`); 4 for a set."""
    low: int
    """A run's four values start here (1 to 11); a set's rank."""
    codes: tuple[int, ...]
    """The hand's natural cards in it."""
    missing: int
    """Cards it lacks to be a meld (before Jokers)."""
    outs: int
    """Cards not yet seen that would fill a gap."""

    def text(self) -> str:
        """'a set of 7s (7♠ 7♥, 1 missing)', 'a run 5♥-8♥ (5♥ 6♥ 8♥, 1 missing)'."""
        held = " ".join(short(c) for c in self.codes) or "nothing yet"
        lack = f", {self.missing} missing" if self.missing else ""
        if not self.codes and (self.rank if not self.run else self.low) == 0:
            return f"a {'run' if self.run else 'set'} ({held}{lack})"
        if not self.run:
            return f"a set of {RANK_PLURALS.get(self.rank, f'{self.rank}s')} ({held}{lack})"
        symbol = SUITS[self.suit].symbol
        high = self.low + RUN_MIN - 1
        first = rank_name(1 if self.low == ACE_HIGH else self.low)
        last = rank_name(1 if high == ACE_HIGH else high)
        return f"a run {first}{symbol}-{last}{symbol} ({held}{lack})"


RANK_PLURALS = {1: "Aces", ACE_HIGH: "Aces", 11: "Jacks", 12: "Queens", 13: "Kings"}
"""Ranks in words for 'a set of Kings' (numbers take an s: 'a set of 7s')."""


class Reading(NamedTuple):
    """What a hand holds toward a contract: its groups and how many cards it still lacks."""

    missing: int
    """Cards still lacking once the Jokers fill gaps: 0 means the hand holds the contract."""
    value: float
    """Higher is better: fewer cards missing first, then more cards that could fill them."""
    groups: tuple[Group, ...]
    jokers: int

    def planned(self) -> dict[int, int]:
        """How many copies of each card code the plan's groups hold."""
        planned: dict[int, int] = {}
        for group in self.groups:
            for code in group.codes:
                planned[code] = planned.get(code, 0) + 1
        return planned


def short(code: int) -> str:
    """A card code as the table shows it: '7♠', 'Jkr'."""
    if code == JOKER_CODE:
        return "Jkr"
    return f"{rank_name(code // 5)}{SUITS[code % 5].symbol}"


def read_hand(codes: Sequence[int], sets: int, runs: int, seen: Sequence[int]) -> Reading:
    """The best reading of the hand `codes` toward `sets` sets and `runs` runs.

    `seen[code]` counts the copies of each card out of play for good (on the table), so that
    the cards that could still fill a gap are counted."""
    counts = [0] * 70
    rank_counts = [0] * 14
    jokers = 0
    masks = [0, 0, 0, 0]
    for code in codes:
        if code == JOKER_CODE:
            jokers += 1
            continue
        counts[code] += 1
        rank = code // 5
        rank_counts[rank] += 1
        masks[code % 5] |= (1 << rank) | ((1 << ACE_HIGH) if rank == 1 else 0)
    ranks = sorted((r for r in range(1, 14) if rank_counts[r]), key=lambda r: -rank_counts[r])
    search = _Search(counts, rank_counts, ranks, jokers, sets, seen)
    if runs:
        choices = _run_choices(masks, seen, runs)
        search.runs(choices, 0, runs, {}, 0, 0, 0, [])
    else:
        search.leaf({}, 0, 0, 0, [])
    assert search.best is not None
    value, short_by, groups = search.best
    return Reading(short_by, value, groups, jokers)


@dataclass
class _Search:
    """Branch and bound over the partial runs (most cards held first), the sets chosen from
    what the runs leave."""

    counts: list[int]
    rank_counts: list[int]
    ranks: list[int]
    jokers: int
    sets: int
    seen: Sequence[int]
    best: tuple[float, int, tuple[Group, ...]] | None = field(default=None, init=False)
    taken_rank: list[int] = field(default_factory=lambda: [0] * 14, init=False)
    """Cards of each rank the runs chosen so far use."""
    rank_outs: list[int] = field(init=False)
    """Cards of each rank not yet seen, for the sets."""
    set_floor: int = field(init=False)
    """The fewest cards the sets can lack (with every card of their ranks)."""

    def __post_init__(self) -> None:
        rank_counts, seen, sets = self.rank_counts, self.seen, self.sets
        self.rank_outs = (
            [
                min(
                    MOST_OUTS,
                    max(0, RANK_COPIES - rank_counts[r] - sum(seen[r * 5 + s] for s in range(4))),
                )
                if rank_counts[r]
                else 0
                for r in range(14)
            ]
            if sets
            else [0] * 14
        )
        slots = sorted((n for r in self.ranks for n in set_slots(rank_counts[r])), reverse=True)
        self.set_floor = (
            0 if not sets or len(slots) < sets else SET_MIN - min(SET_MIN, slots[sets - 1])
        )

    def runs(
        self,
        choices: list[tuple[int, int, int, int, tuple[int, ...]]],
        start: int,
        left: int,
        used: dict[int, int],
        missing: int,
        empty: int,
        outs_value: int,
        groups: list[Group],
    ) -> None:
        """Choose `left` more runs from `choices[start:]` (one again while the hand holds a
        second copy of its cards: two decks); runs no choice is left for are empty."""
        if not left or start >= len(choices):
            empties = [Group(True, 0, 4, 0, (), RUN_MIN, 0)] * left
            self.leaf(used, missing + RUN_MIN * left, empty + left, outs_value, groups + empties)
            return
        counts = self.counts
        taken_rank = self.taken_rank
        for i in range(start, len(choices)):
            present, suit, low, outs, held_codes = choices[i]
            if self.best is not None:
                floor = missing + left * (RUN_MIN - present) + self.set_floor
                bound = -MISSING_WEIGHT * max(floor - self.jokers, 0) + OUTS_WEIGHT * MOST_OUTS * (
                    len(groups) + left + self.sets
                )
                if bound <= self.best[0]:
                    return
            held = []
            for code in held_codes:
                taken = used.get(code, 0)
                if taken < counts[code]:
                    used[code] = taken + 1
                    taken_rank[code // 5] += 1
                    held.append(code)
            lack = RUN_MIN - len(held)
            again = any(used[code] < counts[code] for code in held)
            groups.append(Group(True, 0, suit, low, tuple(held), lack, outs))
            self.runs(
                choices,
                i if again else i + 1,
                left - 1,
                used,
                missing + lack,
                empty + (not held),
                outs_value + (min(outs, MOST_OUTS) if lack else 0),
                groups,
            )
            groups.pop()
            for code in held:
                used[code] -= 1
                taken_rank[code // 5] -= 1

    def leaf(
        self, used: dict[int, int], missing: int, empty: int, outs_value: int, groups: list[Group]
    ) -> None:
        """Add the best sets to the runs chosen, and keep the reading if it is the best."""
        sets = self.sets
        top: list[tuple[int, int]] = []
        if sets:
            taken_rank = self.taken_rank
            rank_counts = self.rank_counts
            rank_outs = self.rank_outs
            for rank in self.ranks:
                whole = rank_counts[rank]
                if len(top) >= sets and whole <= top[-1][0]:
                    break
                n = whole - taken_rank[rank]
                if n:
                    top += [(k, rank) for k in set_slots(n)]
                    if len(top) > 1:
                        top.sort(reverse=True)
                        del top[sets:]
            for n, rank in top:
                if n < SET_MIN:
                    missing += SET_MIN - n
                    outs_value += rank_outs[rank]
            absent = sets - len(top)
            missing += SET_MIN * absent
            empty += absent
        short_by = max(missing - self.jokers, empty, 0)
        value = -MISSING_WEIGHT * short_by + OUTS_WEIGHT * outs_value
        if self.best is not None and value <= self.best[0]:
            return
        found = list(groups)
        counts = self.counts
        if len(top) > len({rank for _, rank in top}):  # sets of one rank side by side
            first = {rank: i for i, (_, rank) in reversed(list(enumerate(top)))}
            top.sort(key=lambda slot: first[slot[1]])
        chosen: dict[int, int] = {}
        for _, rank in top:
            chosen[rank] = chosen.get(rank, 0) + 1
        slot: dict[int, int] = {}
        for n, rank in top:
            held = tuple(
                c
                for s in range(4)
                for c in [rank * 5 + s] * (counts[rank * 5 + s] - used.get(rank * 5 + s, 0))
            )
            if chosen[rank] > 1:  # sets of one rank: 3 cards each, the last has the rest
                k = slot[rank] = slot.get(rank, -1) + 1
                held = suits_first(held)[SET_MIN * k :]
                if k < chosen[rank] - 1:
                    held = held[:SET_MIN]
            found.append(
                Group(False, rank, 4, rank, held, max(0, SET_MIN - n), self.rank_outs[rank])
            )
        for _ in range(sets - len(top)):
            found.append(Group(False, 0, 4, 0, (), SET_MIN, 0))
        self.best = (value, short_by, tuple(found))


def set_slots(n: int) -> list[int]:
    """The cards each set of one rank could count on, from `n` natural cards of it (two decks:
    a contract may hold two sets of one rank): the first all n, a second the n - 3 past the
    first set's 3, and so on. 7 Kings give 7, 4 and 1: a third set of Kings lacks 2."""
    return list(range(n, 0, -SET_MIN))


VALUE_CODES: tuple[tuple[int, ...], ...] = tuple(
    tuple(value_code(v, s) if v else 0 for v in range(ACE_HIGH + RUN_MIN)) for s in range(4)
)
"""The code of each value (1 to 14) in each suit."""


def _run_choices(
    masks: list[int], seen: Sequence[int], runs: int
) -> list[tuple[int, int, int, int, tuple[int, ...]]]:
    """The partial runs worth weighing, most cards held first: (cards held, suit, low value,
    outs, the codes held); one per different set of cards held, and windows of a single card
    only when there are few others."""
    windows: dict[tuple[int, int], list[int]] = {}
    singles: dict[tuple[int, int], list[int]] = {}
    for suit in range(4):
        mask = masks[suit]
        if not mask:
            continue
        for low in WINDOWS:
            bits = mask >> low & 15
            if bits:
                into = windows if bits & (bits - 1) else singles
                into.setdefault((suit, bits << low), []).append(low)
    if len(windows) < runs + 2:
        windows.update(singles)
    ranked = []
    for (suit, bits), lows in windows.items():
        codes = VALUE_CODES[suit]
        present = bits.bit_count()
        best_outs = -1
        best_low = 0
        for low in lows:
            outs = 0
            for value in range(low, low + RUN_MIN):
                if not bits >> value & 1:
                    outs += COPIES - seen[codes[value]]
            if outs > best_outs:
                best_outs, best_low = outs, low
        held = tuple(codes[v] for v in range(best_low, best_low + RUN_MIN) if bits >> v & 1)
        ranked.append((present, suit, best_low, best_outs, held))
    ranked.sort(key=lambda f: (-f[0], -f[3]))
    return ranked[:MOST_RUN_CHOICES]
