"""How a Piles bot plans: weigh each move by the points it wins and the piles it leaves at risk."""

from __future__ import annotations

from cardtable.cards import Card, Colour, standard_deck
from cardtable.engine.words import plural
from cardtable.games.piles.castle import NEIGHBOURS, pile_name, total_value
from cardtable.games.piles.moves import Pass, Place
from cardtable.games.piles.rules import colour_held
from cardtable.games.piles.scoring import POINTS, points
from cardtable.games.piles.state import PilesView

FULL_DECK = frozenset(standard_deck())
RISK_WEIGHT = 0.8
CHANCE_WEIGHT = 0.25
PASS_PENALTY = 1.0


class _Board:
    """The Castle from one team's side: what each pile is worth and how safe it is."""

    def __init__(self, view: PilesView, colour: Colour) -> None:
        self.colour = colour
        self.piles = [list(pile.cards) for pile in view.castle]
        self.tops = [pile[-1] for pile in self.piles]
        seen = {card for pile in self.piles for card in pile}
        seen.update(view.hand or [])
        for cards in view.captured:
            seen.update(cards)
        unseen = [card for card in FULL_DECK if card not in seen]
        hand_size = view.hand_sizes[(view.seat + 1) % view.seats]  # type: ignore[operator]
        self._chance: dict[tuple[Colour, int], float] = {}
        self._unseen = unseen
        self._hand_size = hand_size
        self.ours = [points(pile, colour) for pile in self.piles]
        self.theirs = [points(pile, colour.other) for pile in self.piles]

    def beat_chance(self, colour: Colour, total: int) -> float:
        """Chance that the next opponent's hand holds a `colour` card above `total`."""
        key = (colour, total)
        if key not in self._chance:
            unseen, hand_size = self._unseen, self._hand_size
            threats = sum(1 for card in unseen if card.colour is colour and card.rank > total)
            miss = 1.0
            for i in range(min(hand_size, len(unseen))):
                left = len(unseen) - i
                miss *= max(left - threats, 0) / left
            self._chance[key] = 1.0 - miss if unseen else 0.0
        return self._chance[key]

    def pile_value(self, p: int, tops: list[Card], ours: int, theirs: int) -> float:
        """What pile `p` is worth to us: points held, less the points the next player may take
        (and we may take back, as from any pile of theirs: a pile of ours is never worth less
        than the same pile given to them, so giving one away never looks like a gain)."""
        colour = self.colour
        swing = ours + theirs
        total = total_value(tops, p)
        back = CHANCE_WEIGHT * self.beat_chance(colour, total)
        if tops[p].colour is colour:
            return theirs - RISK_WEIGHT * swing * self.beat_chance(colour.other, total) * (1 - back)
        return -ours + swing * back

    def place_gain(self, card: Card, pile: int) -> float:
        """How much placing `card` on `pile` changes the value of the piles it touches."""
        colour = self.colour
        near = (pile, *NEIGHBOURS[pile])
        old_tops = self.tops
        before = sum(self.pile_value(p, old_tops, self.ours[p], self.theirs[p]) for p in near)
        tops = list(old_tops)
        tops[pile] = card
        worth = POINTS[card.rank]
        ours = list(self.ours)
        theirs = list(self.theirs)
        if card.colour is colour:
            ours[pile] += worth
        else:
            theirs[pile] += worth
        after = sum(self.pile_value(p, tops, ours[p], theirs[p]) for p in near)
        return after - before


class PilesPlanner:
    """A Piles bot that takes points, guards its piles and passes only when every card hurts."""

    needs_view = True

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PilesView, moves: list[Place | Pass]) -> tuple[Place | Pass, str]:
        """The move with the best value, and a sentence saying why."""
        assert view.seat is not None and view.hand is not None
        team = view.seat % 2
        if not any(isinstance(move, Place) for move in moves):
            return moves[0], "None of your cards may go on any pile: passing is your only move."
        boards: dict[Colour, _Board] = {}
        best: tuple[float, Place | Pass, str] | None = None
        for move in sorted(moves, key=_order):
            if isinstance(move, Pass):
                colours = view.team_colours
                value, why = self._pass_value(view, colours[team] if colours else None)
            else:
                assert move.card.colour is not None  # Piles is played without Jokers
                colour = colour_held(view.seat, move.card.colour, view.team_colours, view.opener)
                board = boards.get(colour)
                if board is None:
                    board = boards[colour] = _Board(view, colour)
                value, why = self._place_value(board, move)
                if not view.team_colours:
                    why = f"Your team becomes the {colour.team}. {why}"
            if best is None or value > best[0] + 1e-9:
                best = (value, move, why)
        assert best is not None
        return best[1], best[2]

    @staticmethod
    def _pass_value(view: PilesView, colour: Colour | None) -> tuple[float, str]:
        """A pass costs the points of the card taken, if it is of the colour the takers capture."""
        hand = view.hand or []
        if colour is None:  # no colours yet: the card taken scores for them half the time
            loss = sum(POINTS[c.rank] for c in hand) / max(len(hand), 1) / 2
            return -loss - PASS_PENALTY, (
                f"No colours are set yet: on average a pass gives away {loss:.1f} points, and "
                "every card you could place looks costlier."
            )
        loss = sum(POINTS[c.rank] for c in hand if c.colour is colour) / max(len(hand), 1)
        return -loss - PASS_PENALTY, (
            f"On average a pass gives the {colour.other.team} {loss:.1f} points; every card you "
            "could place looks costlier."
        )

    @staticmethod
    def _place_value(board: _Board, move: Place) -> tuple[float, str]:
        card = move.card
        change = board.place_gain(card, move.pile)
        spend = card.rank / 26 + (POINTS[card.rank] / 4 if card.colour is board.colour else 0)
        return change - spend, _reason(board, move)


def _points(n: int) -> str:
    """'1 point', '9 points'."""
    return plural(n, "point")


def _reason(board: _Board, move: Place) -> str:
    """Why placing this card is good, from the same facts the planner weighed, in words.

    The points named are the change in each team's score that the move itself makes.
    """
    card, pile = move.card, move.pile
    colour = board.colour
    name = pile_name(pile)
    top = board.tops[pile]
    tops = list(board.tops)
    tops[pile] = card
    total = total_value(tops, pile)
    ours, theirs = board.ours[pile], board.theirs[pile]  # points of each colour in the pile
    if top.colour is not colour and card.colour is colour:
        if ours or theirs:
            change = f"you gain {_points(theirs)}" + (
                f" and the {colour.other.team} lose {_points(ours)}" if ours else ""
            )
        else:
            change = "no points lie in it yet"
        return f"{card.short} takes {name} for your team: {change}; its total is now {total}."
    if card.colour is colour:
        helped = sum(1 for n in NEIGHBOURS[pile] if tops[n].colour is colour)
        before = total_value(board.tops, pile)
        trend = "rises to" if total > before else "falls to" if total < before else "stays at"
        return f"{card.short} keeps {name} {colour.value}: its total {trend} {total}" + (
            f", next to {plural(helped, 'pile')} of your colour." if helped else "."
        )
    if top.colour is colour:
        change = f"the {colour.other.team} gain {_points(ours)}" + (
            f" and you lose {_points(theirs)}" if theirs else ""
        )
        return (
            f"{card.short} gives {name} to the {colour.other.team} ({change}): every other "
            "move you have looks costlier."
        )
    before = total_value(board.tops, pile)
    later = theirs + POINTS[card.rank]  # what the pile would give your team, once taken
    if total == before:
        trend = f"stays at {total}"
    else:
        trend = f"{'falls' if total < before else 'rises'} from {before} to {total}"
    return (
        f"{card.short} scores for nobody on {name}, the {colour.other.team}' pile; its total "
        f"{trend}, and taking {name} would win you {_points(later)}."
    )


def _order(move: Place | Pass) -> tuple[int, int, str]:
    """A fixed order so that equal values always pick the same move."""
    if isinstance(move, Pass):
        return (1, 0, "")
    return (0, move.pile, move.card.short)
