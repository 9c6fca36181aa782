"""How a Runway bot plans: grow one run toward X, keep the cards that extend it, turn triples into
special actions, slow the leader down, and recycle a run that can no longer grow."""

from __future__ import annotations

from typing import Any

from cardtable.cards import Direction, DirectionCard, PilatchCard
from cardtable.engine.words import plural
from cardtable.games.runway import moves as mv
from cardtable.games.runway.moves import End
from cardtable.games.runway.runs import ACE, LOWEST, counted, edge, leading_ends, next_rank
from cardtable.games.runway.state import Phase, RunCard, RunwayView


def path_ahead(run: list[RunCard], direction: Direction | None, reach: int) -> dict[int, int]:
    """The ranks the run will need next, each with how far ahead it lies (1 = next)."""
    if not run or run[0].rank is None:
        return {}
    found: dict[int, int] = {}
    for end in leading_ends(direction):
        rank = next_rank(run, end)
        step = 1
        while rank is not None and step <= reach:
            found.setdefault(rank, step)
            rank = rank + 1 if end is End.HIGH else rank - 1
            if rank < LOWEST or rank > ACE:
                rank = None
            step += 1
    return found


def chain(cards: list[PilatchCard], card: PilatchCard, step: int) -> int:
    """How many cards of the hand follow `card` in sequence going `step` (+1 up, -1 down)."""
    ranks = {c.rank for c in cards if c.suit is card.suit and not c.is_joker}
    length, rank = 0, card.rank + step
    while rank in ranks:
        length += 1
        rank += step
    return length


def named(card: Any, start: bool = False) -> str:
    """A card as a reason names it: '7●R', or 'the Rock Joker' (a Joker has no rank to show);
    `start`: it begins a sentence ('The Rock Joker')."""
    if isinstance(card, PilatchCard) and card.is_joker:
        return card.label[0].upper() + card.label[1:] if start else card.label
    return card.short


def bin_help(view: RunwayView, card: Any) -> str | None:
    """Why taking `card` from the bin helps this turn, or None: a direction card she needs to
    start a run, the next card of her run, or a card that follows cards in her hand that do."""
    seat = view.seat
    assert seat is not None and view.hand is not None
    run = view.runs[seat]
    if isinstance(card, DirectionCard):
        if not run and not any(isinstance(c, DirectionCard) for c in view.hand):
            return "You need a direction card in hand to start a run."
        return None
    if not run or run[0].rank is None or card.is_joker or card.suit is not run[0].card.suit:
        return None
    held = {c.rank: c for c in view.hand if isinstance(c, PilatchCard) and c.suit is card.suit}
    for end in leading_ends(view.directions[seat]):
        rank = next_rank(run, end)
        between: list[PilatchCard] = []
        while rank is not None:
            if rank == card.rank:
                if not between:
                    return f"{card.short} is the next card your run needs."
                cards = " ".join(c.short for c in between)
                return f"{card.short} follows your {cards}: together they extend your run."
            if rank not in held:
                break
            between.append(held[rank])
            rank = rank + 1 if end is End.HIGH else rank - 1
            if rank < LOWEST or rank > ACE:
                rank = None
    return None


class RunwayPlanner:
    """A Runway bot with a plan: one run, the cards it needs, actions that speed it or stall
    whoever is closest to winning."""

    needs_view = True

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    # Judging cards

    def _value(self, view: RunwayView, card: Any) -> float:
        """How much a card in hand is worth keeping: run cards first, then triple makers."""
        seat = view.seat
        assert seat is not None and view.hand is not None
        if isinstance(card, DirectionCard):
            return 50.0 if not view.runs[seat] else 1.0
        run = view.runs[seat]
        if card.is_joker:
            return 12.0 if run and run[0].card.suit is card.suit else 6.0
        value = 0.0
        if run:
            if card.suit is run[0].card.suit:
                ahead = path_ahead(run, view.directions[seat], view.needed[seat] + 2)
                distance = ahead.get(card.rank)
                if distance is not None:
                    value += 30.0 - 3 * distance
        else:
            naturals = [c for c in view.hand if isinstance(c, PilatchCard) and not c.is_joker]
            near = sum(
                1 for c in naturals if c.suit is card.suit and 0 < abs(c.rank - card.rank) <= 2
            )
            value += 4.0 * near
        same_rank = {
            c.suit
            for c in view.hand
            if isinstance(c, PilatchCard) and not c.is_joker and c.rank == card.rank
        }
        value += 2.5 * (len(same_rank) - 1)
        return value

    def _needed_now(self, view: RunwayView, card: Any) -> bool:
        """True if the run needs this card to reach its length: the run's Joker, or a card on
        its path no further ahead than the cards still missing (one more for slack)."""
        seat = view.seat
        assert seat is not None
        run = view.runs[seat]
        if isinstance(card, DirectionCard) or not run or card.suit is not run[0].card.suit:
            return False
        if card.is_joker:
            return True
        missing = max(1, view.needed[seat] - counted(run))
        return card.rank in path_ahead(run, view.directions[seat], missing + 1)

    # Choosing

    def choose(self, view: RunwayView, moves: list[Any]) -> tuple[Any, str]:
        """The move to make, and why."""
        phase = view.phase
        if phase is Phase.DRAW or phase is Phase.TAKING:
            return self._draw(view, moves)
        if phase is Phase.LOOKING:
            return self._swap(view, moves)
        if phase is Phase.ANSWERING:
            return self._answer(view, moves)
        if phase is Phase.GIVING:
            give = min(
                (m for m in moves if isinstance(m, mv.GiveCard)),
                key=lambda m: self._value(view, m.card),
            )
            return give, f"{named(give.card, start=True)} is the card you need least."
        if phase is Phase.OFFERING:
            for move in moves:
                if isinstance(move, (mv.SendOffer, mv.WithdrawOffer)):
                    return move, "Settle the offer and get back to building."
        if phase is Phase.DISCARD:
            return self._discard(view, moves)
        return self._build(view, moves)

    def _draw(self, view: RunwayView, moves: list[Any]) -> tuple[Any, str]:
        helpful = [
            (m, why)
            for m in moves
            if isinstance(m, mv.TakeFromBin) and (why := bin_help(view, m.card))
        ]
        if helpful:
            return max(helpful, key=lambda pair: self._value(view, pair[0].card))
        for move in moves:
            if isinstance(move, mv.StopTaking):
                seat = view.seat
                if seat is not None and not view.runs[seat]:
                    return move, "No other card in the bin helps you start a run: stop taking."
                return move, "No other card in the bin extends your run this turn: stop taking."
            if isinstance(move, mv.DrawFromDeck):
                why = "Nothing in the bin extends your run this turn: draw from the deck."
                if not view.bin:
                    why = "The bin is empty: the deck is the only place to draw from."
                return move, why
        takes = [m for m in moves if isinstance(m, mv.TakeFromBin)]
        best = max(takes, key=lambda m: self._value(view, m.card))
        return best, f"The deck is empty: {named(best.card)} is the most useful card in the bin."

    def _build(self, view: RunwayView, moves: list[Any]) -> tuple[Any, str]:
        seat = view.seat
        assert seat is not None
        by_kind: dict[str, list[Any]] = {}
        for move in moves:
            by_kind.setdefault(move.kind, []).append(move)
        run = view.runs[seat]
        ends = by_kind.get("end-build", [])
        if ends and run and not view.options.biggest_run_wins:
            have, need = counted(run), view.needed[seat]
            if have >= need:
                goal = "go out" if view.options.pecking_order and view.seats >= 4 else "win"
                return ends[
                    0
                ], f"Your run has {have} of the {need} cards it needs: end the build to {goal}."
        if "start" in by_kind:
            return self._start(view, by_kind["start"])
        own_jokers = [m for m in by_kind.get("replace", []) if m.run_of == seat]
        if own_jokers:
            move = own_jokers[0]
            return (
                move,
                f"{named(move.card, start=True)} in place of your Joker counts toward winning.",
            )
        adds = by_kind.get("add", [])
        natural = [m for m in adds if not m.card.is_joker]
        if natural:
            move = natural[0]
            return move, f"{named(move.card, start=True)} extends your run."
        if adds and self._joker_bridges(view, adds[0]):
            return adds[0], "A Joker bridges the gap to the card after it in your hand."
        if adds and view.options.biggest_run_wins:
            return adds[0], "With Biggest Run Wins a Joker counts: it makes your run one longer."
        trounces = by_kind.get("trounce", [])
        if trounces:
            move = max(trounces, key=lambda m: counted(view.runs[m.seat]))
            if not self._needed_now(view, move.card) or self._extends(view, move.card):
                return move, f"Trouncing with {named(move.card)} knocks back an opponent's run."
        all_triples = by_kind.get("triple", [])
        triples = [m for m in all_triples if not any(self._needed_now(view, c) for c in m.cards)]
        if triples:
            move = min(triples, key=lambda m: sum(c.is_joker for c in m.cards))
            return move, "A triple earns a special action; none of its cards is on your run's path."
        if view.actions:
            action = self._action(view, by_kind)
            if action is not None:
                return action
        dupes = [m for m in by_kind.get("duplicates", []) if not self._needed_now(view, m.card)]
        if dupes:
            move = max(dupes, key=lambda m: m.count)
            return move, "Revealing duplicates turns spare copies into fresh cards."
        common = [m for m in by_kind.get("replace", []) if m.run_of is None]
        if common and not self._needed_now(view, common[0].card):
            return common[0], "Swap a spare card for a Joker from the common area."
        return by_kind["end-build"][0], self._why_end(view, all_triples, bool(adds))

    def _why_end(
        self, view: RunwayView, triples: list[mv.PlayTriple], joker_fits: bool = False
    ) -> str:
        """Why ending the build is best now, with what it keeps back or gives up (a Joker that
        would fit the run is kept: it would not count toward winning yet)."""
        parts = ["Nothing else helps your run this turn"]
        if joker_fits:
            parts.append("a Joker on your run would not count toward winning: keep it for a gap")
        if triples:
            kept = sorted({named(c) for m in triples for c in m.cards if self._needed_now(view, c)})
            parts.append(f"keep your triple: your run will need {' '.join(kept)}")
        if view.actions:
            gives_up = plural(view.actions, "unused special action")
            parts.append(f"ending the build gives up {gives_up}")
        return "; ".join(parts) + "."

    def _start(self, view: RunwayView, starts: list[mv.StartRun]) -> tuple[Any, str]:
        seat = view.seat
        assert seat is not None and view.hand is not None
        naturals = [c for c in view.hand if isinstance(c, PilatchCard) and not c.is_joker]

        def score(move: mv.StartRun) -> float:
            card = move.card
            if card.is_joker:
                return -5.0
            direction = move.direction or view.directions[seat]
            steps = [1, -1] if direction is None else [1 if direction is Direction.UP else -1]
            best = -1.0
            for step in steps:
                room = (ACE - card.rank) if step == 1 else (card.rank - LOWEST)
                length = chain(naturals, card, step)
                fits_goal = room + 1 >= view.needed[seat]
                best = max(best, length * 10 + (8 if fits_goal else -20) + min(room, 8))
            return best

        move = max(starts, key=score)
        return (
            move,
            f"{named(move.card, start=True)} starts the run with the most room and support.",
        )

    def _joker_bridges(self, view: RunwayView, add: mv.AddToRun) -> bool:
        seat = view.seat
        assert seat is not None and view.hand is not None
        run = view.runs[seat]
        ahead = path_ahead(run, view.directions[seat], 3)
        second = [rank for rank, distance in ahead.items() if distance == 2]
        suit = run[0].card.suit
        return any(
            isinstance(c, PilatchCard) and c.suit is suit and c.rank in second for c in view.hand
        )

    def _extends(self, view: RunwayView, card: PilatchCard) -> bool:
        seat = view.seat
        assert seat is not None
        run = view.runs[seat]
        return (
            bool(run)
            and path_ahead(run, view.directions[seat], 1).get(card.rank) == 1
            and (run[0].card.suit is card.suit)
        )

    def _blocked(self, view: RunwayView, seat: int) -> bool:
        """The run cannot grow at its leading edge (A going UP, 1 going DOWN)."""
        run = view.runs[seat]
        direction = view.directions[seat]
        if not run or run[0].rank is None or direction is None:
            return False
        return next_rank(run, leading_ends(direction)[0]) is None

    def _action(self, view: RunwayView, by_kind: dict[str, list[Any]]) -> tuple[Any, str] | None:
        seat = view.seat
        assert seat is not None
        flips = by_kind.get("flip", [])
        if self._blocked(view, seat):
            mine = [m for m in flips if m.seats == (seat,)]
            if mine:
                return mine[0], "Your run is stuck at its end: flip your direction to build back."
        leader = self._leader(view)
        if leader is not None:
            if self._other_end_blocked(view, leader):
                theirs = [m for m in flips if m.seats == (leader,)]
                if theirs:
                    return theirs[0], "Flip the leader's direction: her other end cannot grow."
            longer = [m for m in by_kind.get("lengthen", []) if m.seat == leader]
            if longer and not view.options.biggest_run_wins:  # there no length wins: no use
                return longer[0], "The leader is close to winning: make her need one more card."
        looks = by_kind.get("look", [])
        if looks and view.hand:
            target = max(looks, key=lambda m: view.hand_sizes[m.seat])
            return target, "Look for a card your run needs and swap for it."
        if "draw-three" in by_kind:
            return by_kind["draw-three"][0], "Three more cards bring the cards your run needs."
        for kind in ("hand-size", "extra-turn"):
            if kind in by_kind:
                return by_kind[kind][0], "An extra card or turn helps you finish the run."
        return None

    def _leader(self, view: RunwayView) -> int | None:
        """An opponent within two cards of winning, the closest first."""
        seat = view.seat
        close = [
            (view.needed[s] - counted(view.runs[s]), s)
            for s in range(view.seats)
            if s != seat and s not in view.out and view.runs[s]
        ]
        close = [c for c in close if c[0] <= 2]
        return min(close)[1] if close else None

    def _other_end_blocked(self, view: RunwayView, seat: int) -> bool:
        run = view.runs[seat]
        direction = view.directions[seat]
        if direction is None or not run or run[0].rank is None:
            return False
        other = leading_ends(direction.other)[0]
        return next_rank(run, other) is None or self._blocked(view, seat)

    def _swap(self, view: RunwayView, moves: list[Any]) -> tuple[Any, str]:
        swaps = [m for m in moves if isinstance(m, mv.SwapCards)]
        if swaps:
            best = max(swaps, key=lambda m: self._value(view, m.theirs) - self._value(view, m.mine))
            if self._value(view, best.theirs) > self._value(view, best.mine) + 3:
                return (
                    best,
                    f"Their {named(best.theirs)} helps you more than your {named(best.mine)}.",
                )
        stop = next(m for m in moves if isinstance(m, mv.StopLooking))
        return stop, "Nothing in that hand is worth a swap."

    def _answer(self, view: RunwayView, moves: list[Any]) -> tuple[Any, str]:
        offer = view.offer
        accept = next(m for m in moves if isinstance(m, mv.AcceptTrade))
        decline = next(m for m in moves if isinstance(m, mv.DeclineTrade))
        if offer is None or view.hand is None:
            return decline, "No offer to weigh."
        gain = sum(self._value(view, c) for c in offer.give)
        spare = sorted(self._value(view, c) for c in view.hand)[: offer.ask]
        if gain > sum(spare) and len(offer.give) >= offer.ask:
            return accept, "The offer gives you more than the cards you would give up."
        return decline, "The offer does not help your run."

    def _discard(self, view: RunwayView, moves: list[Any]) -> tuple[Any, str]:
        recycle = [m for m in moves if isinstance(m, mv.RecycleRun)]
        if recycle and self._dead(view):
            return (
                recycle[0],
                "Your run can no longer reach the length to win: put it in the bin and start anew.",
            )
        discards = [m for m in moves if isinstance(m, mv.Discard)]
        if discards:
            least = min(discards, key=lambda m: self._value(view, m.card))
            return least, f"{named(least.card, start=True)} is the card your plan needs least."
        end = next(m for m in moves if isinstance(m, mv.EndTurn))
        return end, "Your hand is within its limit: end the turn."

    def _dead(self, view: RunwayView) -> bool:
        """The run cannot grow to the length it needs (its ranks run out before X)."""
        seat = view.seat
        assert seat is not None
        run = view.runs[seat]
        direction = view.directions[seat]
        if not run or run[0].rank is None or view.options.biggest_run_wins:
            return False
        if direction is None:
            return False
        end = leading_ends(direction)[0]
        tip = edge(run, end).rank or 0
        room = (ACE - tip) if end is End.HIGH else (tip - LOWEST)
        return counted(run) + room < view.needed[seat]
