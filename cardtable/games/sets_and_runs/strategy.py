"""How a Sets and Runs bot plans its contract; its reasons are the hints.

Before laying down it reads its hand as the partial sets and runs the contract needs
(`plan.read_hand`): it takes or buys a card only when that card brings the contract closer,
keeps the cards of its plan and its Jokers, and discards the card it needs least (high cards
first once someone has laid down). It lays the contract down as soon as it holds it, meld by
meld. After laying down it frees Jokers, plays every card it can on the table and discards its
highest card that fits nowhere.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TypeVar

from cardtable.cards import Card
from cardtable.engine.claims import Claim, LetGo
from cardtable.engine.words import plural
from cardtable.games.sets_and_runs.contracts import RUN_MIN
from cardtable.games.sets_and_runs.melds import (
    ACE_HIGH,
    CARD_OF_CODE,
    JOKER_CODE,
    TableMeld,
    add_ends,
    card_code,
    hand_melds,
    make_meld,
    swap_index,
)
from cardtable.games.sets_and_runs.moves import (
    AddTo,
    Discard,
    DrawStock,
    LayMeld,
    SetsAndRunsMove,
    Swap,
    TakeBack,
    TakeDiscard,
)
from cardtable.games.sets_and_runs.plan import VALUE_CODES, Group, Reading, read_hand
from cardtable.games.sets_and_runs.scoring import POINTS, card_points
from cardtable.games.sets_and_runs.state import Phase, SetsAndRunsView

MOST_LAY_DOWN_STEPS = 400
"""Lay-downs tried at most when looking for the one that leaves the fewest cards."""
BIG_HAND = 14
"""No buy with more cards than this in hand (the buy adds two)..."""
BIG_HAND_LAST_ROUND = 16
"""...except in the Three Runs round, which needs 12 cards in runs."""
LATE_BUY_MISSING = 2
"""Once another player has laid down, buy only a card after which this many or fewer are
missing."""
FEEDS = 8.0
"""How much more a card is kept when the next player has laid down and could play it."""
RUN_ROOM = 0.01
"""Between two discards otherwise alike, the card with less room in runs goes (a King or a 2
sits in two three-card runs, a Jack in three): a tie-break, too small to outweigh anything."""
POINTS_WEIGHT = 0.2
POINTS_WEIGHT_LAID = 0.8
"""How much a card's points count against keeping it: more once someone has laid down."""

Choice = tuple[SetsAndRunsMove, str]
_M = TypeVar("_M")


class SetsAndRunsPlanner:
    """A Sets and Runs bot that builds toward the round's contract, buys when a card brings it
    closer, lays down at once and then plays off its hand."""

    needs_view = True
    big_hand = BIG_HAND
    big_hand_last_round = BIG_HAND_LAST_ROUND
    points_weight = POINTS_WEIGHT
    points_weight_laid = POINTS_WEIGHT_LAID
    late_buy_missing = LATE_BUY_MISSING
    remembers_discards = False
    """Whether the hand is read with the cards under the discard pile's top counted out of
    reach (the seed's dead cards, each seen going down) as well as the table's."""
    takes_what_goes_down = False
    """Whether, holding the contract when it draws, it takes a discard that goes down this
    turn (in its lay-down, or on a meld of the table once it is down) rather than a stock card
    that may not."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SetsAndRunsView, moves: Sequence[SetsAndRunsMove]) -> Choice:
        """The move to make and a true sentence saying why."""
        assert view.seat is not None and view.hand is not None
        seat = view.seat
        if view.phase is Phase.WINDOW:
            if seat == view.turn:
                return self._draw(view, moves)
            return self._buy(view, moves)
        if view.laid_down[seat]:
            return self._play_off(view, moves)
        return self._build(view, moves)

    # Drawing and buying

    def _draw(self, view: SetsAndRunsView, moves: Sequence[SetsAndRunsMove]) -> Choice:
        draw = _find(moves, DrawStock)
        take = _find(moves, TakeDiscard)
        assert draw is not None
        card = view.discard_top
        if take is None or card is None:
            if view.floating[view.seat or 0]:
                return draw, (
                    "You are floating: draw from the stock; if the card fits a meld you must "
                    "play it, else discarding it ends the round."
                )
            return draw, "There is no discard to take: draw from the stock."
        if view.laid_down[view.seat or 0]:
            place = _fits(view.melds, card)
            if place is not None:
                return take, (
                    f"The {_card_name(card)} goes on {place}: take it and play it off, one card "
                    "fewer for sure."
                )
            return draw, (
                f"The {_card_name(card)} fits no meld on the table: draw from the stock, which may."
            )
        if self.takes_what_goes_down:
            why = _goes_down(view, card)
            if why is not None:
                return take, why
        before, after = _readings(view, card, self.seen(view))
        if after.missing < before.missing:
            return take, _closer(view, card, before, after, "Take")
        return draw, _not_closer(view, card, before, after)

    def _buy(self, view: SetsAndRunsView, moves: Sequence[SetsAndRunsMove]) -> Choice:
        claim = _find(moves, Claim)
        let_go = _find(moves, LetGo)
        seat = view.seat or 0
        card = view.discard_top
        if claim is None or card is None:
            assert let_go is not None or moves
            return let_go or moves[0], "You cannot buy this card now."
        assert let_go is not None
        if view.laid_down[seat]:
            return let_go, (
                f"You have laid down: buying the {_card_name(card)} would add two cards to your "
                "hand and bring you no closer to going out."
            )
        hand_size = len(view.hand or [])
        limit = self.big_hand_last_round if view.contract_runs == 3 else self.big_hand
        if hand_size > limit:
            return let_go, (
                f"Your hand is big already ({plural(hand_size, 'card')}): a buy would add two more."
            )
        before, after = _readings(view, card, self.seen(view))
        if after.missing >= before.missing:
            return let_go, _not_closer(view, card, before, after)
        others = [s for s, down in enumerate(view.laid_down) if down and s != seat]
        if others and after.missing > self.late_buy_missing:
            return let_go, (
                f"The {_card_name(card)} would bring you closer to {view.contract}, but "
                f"someone has laid down and you would still lack {plural(after.missing, 'card')}: "
                "two more cards in hand are too costly if the round ends soon."
            )
        left = view.buys_left[seat] - 1
        why = _closer(view, card, before, after, "Buy")
        return claim, f"{why} (the top stock card comes too; {plural(left, 'buy')} left after)."

    # Before laying down

    def _build(self, view: SetsAndRunsView, moves: Sequence[SetsAndRunsMove]) -> Choice:
        hand = view.hand or []
        sets = view.contract_sets - sum(1 for m in view.pending if not m.run)
        runs = view.contract_runs - sum(1 for m in view.pending if m.run)
        melds = [m for m in moves if isinstance(m, LayMeld)]
        if melds:
            plan = lay_down_plan([card_code(c) for c in hand], sets, runs)
            if plan is not None:
                return _lay(view, moves, plan)
        back = _find(moves, TakeBack)
        if back is not None:
            return back, (f"Your cards left cannot finish {view.contract}: take the lay-down back.")
        return self._discard_building(view, moves)

    def discards_ranked(
        self, view: SetsAndRunsView, moves: Sequence[SetsAndRunsMove]
    ) -> list[Discard]:
        """Before laying down, the discards among `moves` in the order the planner would part
        with them (the strong bot weighs the first few)."""
        codes = [card_code(c) for c in view.hand or []]
        reading = self._reading(view, codes)
        held, planned = Counter(codes), reading.planned()
        longer = _lengthening(reading, held, planned)
        return [move for _, move in self._ranking(view, moves, held, planned, longer)]

    def _reading(self, view: SetsAndRunsView, codes: list[int]) -> Reading:
        """The hand's reading toward the round's contract."""
        return read_hand(codes, view.contract_sets, view.contract_runs, self.seen(view))

    def seen(self, view: SetsAndRunsView) -> list[int]:
        """Copies of each card out of reach as this planner reads a hand (`out_of_reach`)."""
        return out_of_reach(view, self.remembers_discards)

    def brings_closer(self, view: SetsAndRunsView, card: Card) -> bool:
        """Would the hand's plan lack fewer cards with `card` than without it?"""
        before, after = _readings(view, card, self.seen(view))
        return after.missing < before.missing

    def _ranking(
        self,
        view: SetsAndRunsView,
        moves: Sequence[SetsAndRunsMove],
        held: Counter[int],
        planned: dict[int, int],
        longer: dict[int, Group],
    ) -> list[tuple[int, Discard]]:
        """Each discard with its tier, the first to go leading: outside the plan (0), only
        lengthening one of its runs (1), in the plan (2), a Joker (3); within a tier, high
        points (more once someone has laid down) against how much the hand may need the card,
        table order among equals (`held`: the hand's cards by code; `planned`: its plan's;
        `longer`: the cards that only lengthen a run of it)."""
        weight = self.points_weight_laid if any(view.laid_down) else self.points_weight
        feeds = view.laid_down[(view.turn + 1) % view.seats]
        ranked: list[tuple[tuple[int, float], Discard]] = []
        for move in moves:
            if not isinstance(move, Discard):
                continue
            code = card_code(move.card)
            if code == JOKER_CODE:
                tier = 3
            elif held[code] <= planned.get(code, 0):
                tier = 2
            elif code in longer:
                tier = 1
            else:
                tier = 0
            keep = _keep_value(code, held, view.contract_sets, view.contract_runs)
            if feeds and _fits(view.melds, move.card) is not None:
                keep += FEEDS
            key = (-tier, weight * POINTS[code // 5] - keep - RUN_ROOM * _run_room(code // 5))
            ranked.append((key, move))
        ranked.sort(key=lambda entry: entry[0], reverse=True)  # stable: equals keep table order
        return [(-key[0], move) for key, move in ranked]

    def _discard_building(self, view: SetsAndRunsView, moves: Sequence[SetsAndRunsMove]) -> Choice:
        codes = [card_code(c) for c in view.hand or []]
        reading = self._reading(view, codes)
        held, planned = Counter(codes), reading.planned()
        longer = _lengthening(reading, held, planned)
        tier, move = self._ranking(view, moves, held, planned, longer)[0]
        code = card_code(move.card)
        plan = _plan_text(reading)
        name = _card_name(move.card)
        if tier == 0:
            why = (
                f"You hold the {name} twice and your plan needs one"
                if planned.get(code)
                else f"The {name} is in no meld of it"
            )
            if any(view.laid_down):
                why += f"; it costs {plural(card_points(move.card), 'point')} if the round ends"
            return move, f"{plan}. {why}: discard it."
        if tier == 1:
            return move, (
                f"{plan}. Every other card is in it or a Joker; the {name} only lengthens "
                f"{longer[code].text()}: discard it."
            )
        return _break_plan(view, moves, codes, reading, self.seen(view))

    # After laying down

    def _play_off(self, view: SetsAndRunsView, moves: Sequence[SetsAndRunsMove]) -> Choice:
        melds = view.melds
        for move in moves:
            if isinstance(move, Swap):
                meld = melds[move.meld]
                return move, (
                    f"The {move.card.short} takes the place of the Joker in meld {move.meld + 1} "
                    f"({meld.text()}): the Joker comes to your hand, to go on a meld."
                )
        jokers: list[AddTo] = []
        for move in moves:
            if isinstance(move, AddTo):
                if move.card.rank == 0:
                    jokers.append(move)
                    continue
                meld = melds[move.meld]
                return move, (
                    f"The {move.card.short} goes on meld {move.meld + 1} ({meld.text()}): one "
                    "card fewer in your hand."
                )
        if jokers:
            locked = [m for m in jokers if not melds[m.meld].run]
            move = (locked or jokers)[0]
            meld = melds[move.meld]
            where = (
                "in a set it is locked, so nobody can take it"
                if not meld.run
                else "no set is on the table to lock it in"
            )
            return move, (
                f"A Joker that can go on a meld may not be discarded: it goes on meld "
                f"{move.meld + 1} ({meld.text()}); {where}."
            )
        discards = laid_down_discards(view, moves)
        assert discards, "a seat that has laid down always has a card to play or discard"
        move = discards[0]
        hand = view.hand or []
        if len(hand) == 1:
            return move, (
                f"Your last card, the {_card_name(move.card)}, fits no meld: discarding it "
                "ends the round."
            )
        points = card_points(move.card)
        tied = sum(1 for m in discards if card_points(m.card) == points) > 1
        worth = "no card is worth more" if tied else "it is worth the most"
        return move, (
            f"None of your cards fits a meld; the {_card_name(move.card)} costs "
            f"{plural(points, 'point')} if the round ends and {worth}: discard it."
        )


def laid_down_discards(view: SetsAndRunsView, moves: Sequence[SetsAndRunsMove]) -> list[Discard]:
    """After laying down, the discards among `moves`, the one to go first leading: the most
    points, then a card not one place from fitting a run's end, then table order."""
    discards = [m for m in moves if isinstance(m, Discard)]
    return sorted(
        discards, key=lambda m: (card_points(m.card), -_near_fit(view.melds, m.card)), reverse=True
    )


def _break_plan(
    view: SetsAndRunsView,
    moves: Sequence[SetsAndRunsMove],
    codes: list[int],
    reading: Reading,
    seen: list[int],
) -> Choice:
    """Every card is in the plan or a Joker: discard the one whose loss leaves the plan
    closest to the contract (the Jokers last), the highest card among equals (`seen`: the
    copies of each card out of reach, as the plan was read)."""
    best: tuple[tuple[int, float, int], Discard, Reading] | None = None
    for move in moves:
        if not isinstance(move, Discard):
            continue
        code = card_code(move.card)
        rest = list(codes)
        rest.remove(code)
        after = read_hand(rest, view.contract_sets, view.contract_runs, seen)
        key = (code != JOKER_CODE, after.value, POINTS[code // 5])
        if best is None or key > best[0]:
            best = (key, move, after)
    assert best is not None
    _, move, after = best
    return move, (
        f"{_plan_text(reading)}. Every card you hold is in it or a Joker, so one must go: "
        f"without the {_card_name(move.card)} your plan lacks {plural(after.missing, 'card')}, "
        "no more than without any other card (Jokers kept)."
    )


# The lay-down


def lay_down_plan(
    codes: list[int], sets: int, runs: int
) -> list[tuple[tuple[int, ...], bool]] | None:
    """The melds (codes, is a run) that lay down `sets` sets and `runs` runs from the hand
    `codes` leaving the fewest points in hand, or None if the hand does not hold them. The
    melds are the ones the rules list as moves (`melds.hand_melds`), so each is a legal move
    in turn."""
    best: list[tuple[int, list[tuple[tuple[int, ...], bool]]]] = []
    steps = [0]
    seen: set[tuple[tuple[int, ...], int, int]] = set()

    def search(left: list[int], s: int, r: int, path: list[tuple[tuple[int, ...], bool]]) -> None:
        if not s and not r:
            points = sum(POINTS[c // 5] for c in left)
            if not best or points < best[0][0]:
                best[:] = [(points, list(path))]
            return
        # The same cards left by melds in another order: the melds offered from here are the
        # same (they depend on the cards left, so no order of melds can be skipped unseen).
        key = (tuple(sorted(left)), s, r)
        if key in seen:
            return
        seen.add(key)
        steps[0] += 1
        if steps[0] > MOST_LAY_DOWN_STEPS:
            return
        cards = [CARD_OF_CODE[c] for c in left]
        for meld, run in hand_melds(cards, s, r > 0):
            rest = list(left)
            for c in meld:
                rest.remove(c)
            path.append((meld, run))
            search(rest, s - (not run), r - run, path)
            path.pop()

    search(list(codes), sets, runs, [])
    return best[0][1] if best else None


def points_left(codes: list[int], sets: int, runs: int) -> int | None:
    """The points the hand `codes` keeps after laying down `sets` sets and `runs` runs the way
    `lay_down_plan` lays them (None: it does not hold them)."""
    plan = lay_down_plan(codes, sets, runs)
    if plan is None:
        return None
    left = Counter(codes)
    left.subtract(code for meld, _ in plan for code in meld)
    return sum(POINTS[code // 5] * n for code, n in left.items())


def _goes_down(view: SetsAndRunsView, card: Card) -> str | None:
    """Why to take the discard `card` while holding the contract: it goes down this turn, in
    the lay-down (which keeps no more points in hand with it than without) or on a meld of the
    table once the contract is down. None if the hand does not hold the contract or the card
    would stay in it."""
    codes = [card_code(c) for c in view.hand or []]
    sets, runs = view.contract_sets, view.contract_runs
    without = points_left(codes, sets, runs)
    if without is None:
        return None
    name = _card_name(card)
    with_it = points_left([*codes, card_code(card)], sets, runs)
    if with_it is not None and with_it <= without:
        than = "as without it" if with_it == without else f"{without} without it"
        return (
            f"You hold {view.contract}, and laid down with the {name} it leaves you "
            f"{plural(with_it, 'point')} in hand, {than}: take it, where a stock card may stay "
            "in your hand."
        )
    place = _fits(view.melds, card)
    if place is not None:
        return (
            f"You hold {view.contract}; once it is down the {name} goes on {place}: take it, "
            "where a stock card may stay in your hand."
        )
    return None


def _lay(
    view: SetsAndRunsView,
    moves: Sequence[SetsAndRunsMove],
    plan: list[tuple[tuple[int, ...], bool]],
) -> Choice:
    listed: dict[tuple[bool, tuple[int, ...]], LayMeld] = {}
    for m in moves:
        if isinstance(m, LayMeld):
            codes = tuple(card_code(c) for c in m.cards)
            listed[(m.run, codes if m.run else tuple(sorted(codes)))] = m
    first, run = plan[0]
    move = listed.get((run, first if run else tuple(sorted(first))))
    if move is None:
        move = LayMeld(cards=tuple(CARD_OF_CODE[c] for c in first), run=run)
    texts = [_meld_text(tuple(card_code(c) for c in move.cards), run)]
    texts += [_meld_text(codes, is_run) for codes, is_run in plan[1:]]
    if view.pending:
        if len(texts) == 1:
            return move, f"The {texts[0]} completes your lay-down of {view.contract}."
        return move, f"Your lay-down of {view.contract} goes on: {_one_then_another(texts)}."
    return move, f"You hold {view.contract}: lay down {_one_then_another(texts)}."


def _one_then_another(texts: list[str]) -> str:
    """Melds in the order to lay them: 'the run 4♠ 5♠ 6♠ 7♠, then the set K♠ K♣ K♦'."""
    return "the " + ", then the ".join(texts)


def _meld_text(codes: tuple[int, ...], run: bool) -> str:
    """'set 7♠ 7♣ 7♦', 'run 4♠ Jkr(5♠) 6♠ 7♠'."""
    meld = make_meld(0, [CARD_OF_CODE[c] for c in codes], run)
    return f"{meld.kind_name()} {meld.text()}"


# Reading the hand


def out_of_reach(view: SetsAndRunsView, dead: bool) -> list[int]:
    """Copies of each card (by code) no draw can bring this round: the table's, out of play
    for good; with `dead`, the cards under the discard pile's top too (the seed's dead cards:
    back in reach only if the stock runs out and they are shuffled into a new one)."""
    seen = [0] * 70
    for meld in view.melds:
        for card in meld.cards:
            if card.rank:
                seen[card_code(card)] += 1
    if dead:
        for card in view.dead:
            if card.rank:
                seen[card_code(card)] += 1
    return seen


def _readings(view: SetsAndRunsView, card: Card, seen: list[int]) -> tuple[Reading, Reading]:
    """The hand's reading toward the contract without and with `card` (`seen`: the copies of
    each card out of reach)."""
    codes = [card_code(c) for c in view.hand or []]
    sets, runs = view.contract_sets, view.contract_runs
    before = read_hand(codes, sets, runs, seen)
    after = read_hand([*codes, card_code(card)], sets, runs, seen)
    return before, after


def _plan_text(reading: Reading) -> str:
    """'Your plan lacks 2 cards: a set of 7s (7♠ 7♥, 1 missing) and a run ...'."""
    groups = [g.text() for g in reading.groups]
    melds = groups[0] if len(groups) == 1 else ", ".join(groups[:-1]) + " and " + groups[-1]
    jokers = f", with {plural(reading.jokers, 'Joker')}" if reading.jokers else ""
    if not reading.missing:
        return f"Your plan holds the contract{jokers}: {melds}"
    return f"Your plan lacks {plural(reading.missing, 'card')}{jokers}: {melds}"


def _closer(view: SetsAndRunsView, card: Card, before: Reading, after: Reading, verb: str) -> str:
    """Why taking or buying `card` helps, from the two readings."""
    if not after.missing:
        return f"With the {_card_name(card)} you hold {view.contract}: {verb.lower()} it"
    return (
        f"The {_card_name(card)} brings you closer to {view.contract}: your plan would lack "
        f"{plural(after.missing, 'card')} instead of {before.missing}. {verb} it"
    )


def _not_closer(view: SetsAndRunsView, card: Card, before: Reading, after: Reading) -> str:
    """Why `card` is left to others, from the two readings."""
    tail = ": draw from the stock." if view.seat == view.turn else ": let it go."
    if not before.missing:
        return f"You hold {view.contract} already; the {_card_name(card)} is not needed{tail}"
    lacks = plural(before.missing, "card")
    either = "either way" if after.missing == before.missing else f"and {after.missing} with it"
    return (
        f"The {_card_name(card)} would not bring you closer to {view.contract} (your plan lacks "
        f"{lacks} {either}){tail}"
    )


def _lengthening(
    reading: Reading, held: dict[int, int], planned: dict[int, int]
) -> dict[int, Group]:
    """The cards outside the plan that lengthen one of its runs (held next to it, in a row),
    each with its run: laid down with it, they leave the hand too."""
    out: dict[int, Group] = {}
    for group in reading.groups:
        if not group.run or not group.codes:  # a set, or a run with no card yet
            continue
        codes = VALUE_CODES[group.suit]
        for values in (range(group.low - 1, 0, -1), range(group.low + RUN_MIN, ACE_HIGH + 1)):
            for value in values:
                code = codes[value]
                if held.get(code, 0) <= planned.get(code, 0) or code in out:
                    break
                out[code] = group
    return out


def _keep_value(code: int, held: dict[int, int], sets: int, runs: int) -> float:
    """How much the hand may need a card outside its plan: for another set, the other cards of
    its rank; for another run, the cards of its suit close to it."""
    rank, suit = divmod(code, 5)
    keep = 0.0
    if sets:
        same = sum(held.get(rank * 5 + s, 0) for s in range(4)) - 1
        keep += 4.0 * same
    if runs:
        for other, n in held.items():
            if other == code or other == JOKER_CODE or other % 5 != suit or not n:
                continue
            gap = _gap(rank, other // 5)
            if gap < 4:
                keep += 3.0 if gap == 1 else 2.0
    return keep


def _run_room(rank: int) -> int:
    """In how many three-card runs a rank can sit (an Ace low or high, never around the
    corner): 2 for an Ace, a 2 or a King, 3 for the rest, 0 for a Joker."""
    places = () if rank == 0 else (1, ACE_HIGH) if rank == 1 else (rank,)
    return sum(1 for r in places for low in (r - 2, r - 1, r) if low >= 1 and low + 2 <= ACE_HIGH)


def _gap(rank: int, other: int) -> int:
    """How far apart two ranks are in a run (an Ace is next to the 2 and to the King)."""
    gap = abs(other - rank)
    if rank == 1 or other == 1:
        gap = min(gap, abs((ACE_HIGH if rank == 1 else rank) - (ACE_HIGH if other == 1 else other)))
    return gap


# The table


def _fits(melds: Sequence[TableMeld], card: Card) -> str | None:
    """Where `card` could be played ('meld 2 (5♥ 6♥ 7♥ 8♥)'), or None."""
    for i, meld in enumerate(melds):
        if add_ends(meld, card) or (card.rank and swap_index(meld, card) is not None):
            return f"meld {i + 1} ({meld.text()})"
    return None


def _near_fit(melds: Sequence[TableMeld], card: Card) -> int:
    """1 if `card` is two places beyond the end of a run of its suit (one card away from
    fitting), else 0."""
    for meld in melds:
        if meld.run and meld.suit is card.suit:
            value = ACE_HIGH if card.rank == 1 and meld.end >= 12 else card.rank
            if value == meld.end + 2 or value == meld.start - 2:
                return 1
    return 0


def _find(moves: Sequence[SetsAndRunsMove], kind: type[_M]) -> _M | None:
    """The first move of that kind, or None."""
    for move in moves:
        if isinstance(move, kind):
            return move
    return None


def _card_name(card: Card) -> str:
    """A card as a reason names it after 'the': '7♣', 'Joker'."""
    return card.short if card.rank else "Joker"
