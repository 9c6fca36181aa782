"""How a Run It bot plans: shed the cards it is least likely to play later, keep an answer to
penalty runs, push runs on with penalty cards, name the colour it holds most, gift the cards
it wants rid of, and match whatever it can.

Every decision is a small sum over facts of the position (what stays playable after a card,
which cards answer a run, what the getter can play). The hint's reason is written from the same
facts as the choice, so each of its sentences is true in the position it is given in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.cards import RunItCard, RunItColour, RunItKind
from cardtable.engine.claims import CLAIM, LET_GO, Claim
from cardtable.engine.words import plural
from cardtable.games.run_it.matching import (
    NAMES_A_COLOUR,
    PENALTIES,
    can_play,
    continues_run,
    in_colour,
)
from cardtable.games.run_it.moves import (
    GET,
    KEEP,
    NO_OFFER,
    TAKE_DRAW,
    TAKE_PENALTY,
    GetCard,
    Offer,
    Play,
    TakeDraw,
    TakeOffer,
)
from cardtable.games.run_it.state import Phase, RunItView

NUMBER = RunItKind.NUMBER
PENALTY = RunItKind.PENALTY
REVERSE = RunItKind.REVERSE
SKIP = RunItKind.SKIP
STOP = RunItKind.STOP
WILD = RunItKind.WILD
WILD_PENALTY = RunItKind.WILD_PENALTY
DEFENCES = frozenset({REVERSE, SKIP, STOP, WILD_PENALTY, PENALTY})
"""Cards that may answer a penalty run (when their colour or value fits)."""

KEEP_VALUE = {
    NUMBER: 0.0,
    PENALTY: 0.3,
    REVERSE: 0.9,
    SKIP: 0.6,
    STOP: 1.6,
    WILD: 2.2,
    WILD_PENALTY: 2.6,
}
"""What a card is worth keeping in hand: Wilds play on (almost) anything later; Stops, Wild
Penalties, Reverses and Skips answer penalty runs."""
FOLLOW_WEIGHT = 0.45
"""Per card of the rest of the hand that could go on the card played (our colour stays on)."""
MATCH_BONUS = 1.5
"""Playing a card we hold twice: we may match it ourselves, two cards for one turn."""
ATTACK_WEIGHT = 0.55
"""Per point of a penalty run put on the next player."""
SHORT_HAND_ATTACK = 0.8
"""More for a run on a next player holding 3 cards or fewer (she is close to winning)."""
EXTRA_TURN = 1.4
"""A Skip with two seats: the other player is skipped, so we play again."""
LONELY_WEIGHT = 0.35
"""A card of a colour we hold no other card of is hard to play later: shed it while we can."""
ANSWER_KEEP = {
    PENALTY: 0.0,
    SKIP: 0.4,
    REVERSE: 0.5,
    WILD_PENALTY: 1.4,
    STOP: 1.2,
}
"""In a penalty run: what each answer is worth keeping for a later run (a Wild Penalty answers
any run, a Stop a run of its colour)."""
KEPT_FROM_OFFERS = {
    WILD: "a Wild worth keeping",
    WILD_PENALTY: "a Wild Penalty worth keeping",
    STOP: "a Stop worth keeping",
}
"""Cards never offered: they play on (almost) anything or answer penalty runs."""
PUSH_WEIGHT = 0.15
"""In a penalty run: per point the answer adds to the run it passes on."""


def colour_counts(hand: Sequence[RunItCard]) -> dict[RunItColour, int]:
    """How many cards of each colour a hand holds (Wilds have none)."""
    counts = dict.fromkeys(RunItColour, 0)
    for card in hand:
        if card.colour is not None:
            counts[card.colour] += 1
    return counts


def best_colour(hand: Sequence[RunItCard]) -> tuple[RunItColour, int, bool]:
    """The colour to name: the one held most; its count; whether another colour ties it."""
    counts = colour_counts(hand)
    colour = max(RunItColour, key=lambda c: counts[c])
    most = counts[colour]
    tied = sum(1 for c in RunItColour if counts[c] == most) > 1
    return colour, most, tied


def _without(hand: Sequence[RunItCard], card: RunItCard) -> list[RunItCard]:
    rest = list(hand)
    rest.remove(card)
    return rest


def _cards(n: int) -> str:
    return plural(n, "card")


def _colour_clause(colour: RunItColour, most: int, tied: bool) -> str:
    """'Blue (B), the colour you hold most (3 cards)' and its honest variants."""
    if most == 0:
        return (
            f"{in_colour(colour)}: the rest of your hand holds no coloured card, so any colour "
            "serves"
        )
    if tied:
        return f"{in_colour(colour)}, tied for the colour you hold most ({_cards(most)})"
    return f"{in_colour(colour)}, the colour you hold most ({_cards(most)})"


@dataclass
class Candidate:
    """One card the bot may play, with the facts its value and its reason are read from."""

    card: RunItCard
    colour: RunItColour | None
    value: float = 0.0
    follow: int = 0
    """Cards of the rest of the hand that could go on it with its colour in force."""
    twice: bool = False
    """We hold another identical card, to match it with."""


class RunItPlanner:
    """A Run It bot that plays with a plan, and the hints' source: each choice comes with a
    sentence that is true of the position."""

    needs_view = True
    attack_weight = ATTACK_WEIGHT

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: RunItView, moves: list[Any]) -> tuple[Any, str]:
        """The move to make, and why."""
        assert view.seat is not None and view.hand is not None
        phase = view.phase
        if phase is Phase.WINDOW:
            return self._window(view, moves)
        if phase is Phase.OFFERS:
            return self._offer(view, moves)
        if phase is Phase.TAKE:
            return self._take(view, moves)
        if phase is Phase.GOT:
            return self._got(view, moves)
        if view.penalty:
            return self._answer(view, moves)
        return self._play(view, moves)

    # Match-it

    def _window(self, view: RunItView, moves: list[Any]) -> tuple[Any, str]:
        top = view.top
        hand = view.hand or []
        if not any(isinstance(m, Claim) for m in moves):
            return LET_GO, f"You hold no {top.short} to match."
        if len(hand) == 1:
            return CLAIM, f"Your last card is the {top.short}: matching it wins the game."
        if view.penalty and view.turn == view.seat:
            answers = [c for c in hand if continues_run(c, top, view.colour, view.penalty_value)]
            if answers.count(top) == len(answers) == 1:
                return LET_GO, (
                    f"The penalty run of {view.penalty} is on you and your {top.short} is the "
                    "only card that answers it: keep it to answer."
                )
        return CLAIM, (
            f"You hold the identical {top.short}: matching it sheds a card without using a turn."
        )

    # Play-it

    def _play(self, view: RunItView, moves: list[Any]) -> tuple[Any, str]:
        plays = [m for m in moves if isinstance(m, Play)]
        hand = view.hand or []
        if not plays:
            on = _on_top(view)
            if any(isinstance(m, GetCard) for m in moves):
                return GET, f"No card in your hand goes on {on}: get a card."
            return moves[0], f"No card in your hand goes on {on}."
        candidates = self._candidates(view, hand, plays)
        best = max(candidates, key=lambda c: c.value)
        move = _play_move(plays, best.card, best.colour)
        return move, self._play_reason(view, hand, candidates, best)

    def _candidates(
        self, view: RunItView, hand: list[RunItCard], plays: list[Play]
    ) -> list[Candidate]:
        seen: set[RunItCard] = set()
        out: list[Candidate] = []
        two = view.seats == 2
        nxt = (view.seat + view.direction) % view.seats  # type: ignore[operator]
        next_size = view.hand_sizes[nxt]
        for move in plays:
            card = move.card
            if card in seen:
                continue
            seen.add(card)
            rest = _without(hand, card)
            kind = card.kind
            colour = best_colour(rest)[0] if kind in NAMES_A_COLOUR else card.colour
            follow = sum(1 for c in rest if can_play(c, card, colour))
            cand = Candidate(card=card, colour=colour, follow=follow, twice=card in rest)
            value = FOLLOW_WEIGHT * follow - KEEP_VALUE[kind]
            if cand.twice:
                value += MATCH_BONUS
            if kind in PENALTIES:
                value += self.attack_weight * card.value
                if next_size <= 3:
                    value += SHORT_HAND_ATTACK
            elif kind is SKIP and two:
                value += EXTRA_TURN
            if card.colour is not None and not any(c.colour is card.colour for c in rest):
                value += LONELY_WEIGHT
            if not rest:
                value += 100.0  # the last card: playing it wins
            cand.value = value
            out.append(cand)
        return out

    def _play_reason(
        self,
        view: RunItView,
        hand: list[RunItCard],
        candidates: list[Candidate],
        best: Candidate,
    ) -> str:
        card = best.card
        kind = card.kind
        rest = _without(hand, card)
        if not rest:
            return f"The {card.short} is your last card: playing it wins the game."
        parts: list[str] = []
        if len(candidates) == 1:
            parts.append(f"The {card.short} is the only card you can play.")
        if kind in NAMES_A_COLOUR:
            colour, most, tied = best_colour(rest)
            parts.append(f"The {card.short} names {_colour_clause(colour, most, tied)}.")
        if kind in PENALTIES:
            parts.append(
                f"The {card.short} puts a penalty run of {card.value} on the next player: she "
                f"must answer it or draw {card.value}."
            )
        elif kind is SKIP and view.seats == 2:
            parts.append(f"The {card.short} skips the other player: you play again.")
        if best.twice:
            parts.append(
                f"You hold two {card.short}: play one, then match it with the other if nobody "
                "matches it first."
            )
        if kind not in NAMES_A_COLOUR:
            counts = colour_counts(hand)
            assert card.colour is not None
            mine = counts[card.colour]
            most = max(counts.values())
            if mine > 1 and mine == most:
                tied = sum(1 for n in counts.values() if n == most) > 1
                parts.append(
                    f"{in_colour(card.colour)} is "
                    + ("tied for " if tied else "")
                    + f"the colour you hold most ({_cards(mine)})."
                )
            elif mine == 1 and len(candidates) > 1:
                parts.append(
                    f"The {card.short} is your only {in_colour(card.colour)} card: shed it while "
                    "it fits."
                )
        if best.follow:
            parts.append(
                f"After the {card.short}, {_cards(best.follow)} of the rest of your hand could "
                "go on it."
            )
        kept = _kept_defences(rest, {c.card for c in candidates if c is not best})
        if kept:
            parts.append(kept)
        return " ".join(parts)

    # Penalty runs

    def _answer(self, view: RunItView, moves: list[Any]) -> tuple[Any, str]:
        plays = [m for m in moves if isinstance(m, Play)]
        hand = view.hand or []
        total = view.penalty
        if not plays:
            return TAKE_PENALTY, (
                f"No card in your hand answers the penalty run of {total}: you must draw {total}."
            )
        best: tuple[float, RunItCard] | None = None
        seen: set[RunItCard] = set()
        for move in plays:
            card = move.card
            if card in seen:
                continue
            seen.add(card)
            value = -ANSWER_KEEP[card.kind]
            if card.kind in PENALTIES:
                value += PUSH_WEIGHT * card.value
            if card in _without(hand, card):
                value += 0.3  # we may match it too
            if len(hand) == 1:
                value += 100.0
            if best is None or value > best[0]:
                best = (value, card)
        assert best is not None
        card = best[1]
        rest = _without(hand, card)
        colour = best_colour(rest)[0] if card.kind in NAMES_A_COLOUR else None
        move = _play_move(plays, card, colour)
        return move, self._answer_reason(view, hand, card, seen)

    @staticmethod
    def _answer_reason(
        view: RunItView, hand: list[RunItCard], card: RunItCard, answers: set[RunItCard]
    ) -> str:
        total = view.penalty
        rest = _without(hand, card)
        if not rest:
            return f"The {card.short} answers the run and is your last card: playing it wins."
        kind = card.kind
        parts: list[str] = []
        if len(answers) == 1:
            parts.append(f"The {card.short} is the only card you hold that answers the run.")
        if kind in PENALTIES:
            parts.append(
                f"The {card.short} pushes the run on: the next player faces "
                f"{total + card.value} instead of you drawing {total}."
            )
        elif kind is REVERSE:
            parts.append(f"The {card.short} sends the run of {total} back instead of you drawing.")
        elif kind is SKIP:
            parts.append(
                f"The {card.short} passes the run of {total} on to the next player instead of "
                "you drawing."
            )
        else:
            parts.append(f"The {card.short} ends the run of {total}: nobody draws.")
        if kind in NAMES_A_COLOUR:
            colour, most, tied = best_colour(rest)
            parts.append(f"It names {_colour_clause(colour, most, tied)}.")
        kept = _kept_defences(rest, answers - {card})
        if kept:
            parts.append(kept)
        return " ".join(parts)

    # Getting a card

    def _got(self, view: RunItView, moves: list[Any]) -> tuple[Any, str]:
        got = view.got
        plays = [m for m in moves if isinstance(m, Play)]
        hand = view.hand or []
        if got is None or not plays:
            return KEEP, "You keep the card."
        rest = _without(hand, got) if got in hand else list(hand)
        colour = best_colour(rest)[0] if got.kind in NAMES_A_COLOUR else None
        move = _play_move(plays, got, colour)
        parts = [f"The {got.short} you got goes on {_on_top(view)}: playing it sheds a card."]
        if colour is not None:
            parts.append(f"It names {_colour_clause(*best_colour(rest))}.")
        return move, " ".join(parts)

    # Pass-it

    def _offer(self, view: RunItView, moves: list[Any]) -> tuple[Any, str]:
        hand = view.hand or []
        getter = view.turn
        offers = [m for m in moves if isinstance(m, Offer)]
        if not offers:
            return NO_OFFER, "You have no card to offer."
        if len(hand) == 1:
            only = offers[0]
            return only, (f"The {only.card.short} is your last card: if it is taken, you win.")
        after_getter = (getter + view.direction) % view.seats
        counts = colour_counts(hand)
        best: tuple[tuple[bool, float, int], Offer, bool] | None = None
        held_back: set[str] = set()
        for move in offers:
            card = move.card
            helps = can_play(card, view.top, view.colour)
            if card.kind in KEPT_FROM_OFFERS:
                held_back.add(KEPT_FROM_OFFERS[card.kind])
                continue
            if helps and card.kind in PENALTIES and after_getter == view.seat:
                held_back.add("a penalty card the player getting one could play on you")
                continue
            # Least helpful to the getter first, then the card least worth keeping, then the
            # card of the colour we hold least.
            key = (helps, KEEP_VALUE[card.kind], counts[card.colour])  # type: ignore[index]
            if best is None or key < best[0]:
                best = (key, move, helps)
        if best is None:
            kinds = sorted(held_back)
            return NO_OFFER, (f"Every card you hold is {' or '.join(kinds)}: offer nothing.")
        _, move, helps = best
        card = move.card
        if helps:
            return move, (
                f"The player getting a card could play any card you would offer; the {card.short} "
                "is the one you can best spare, and if she takes it, it leaves your hand."
            )
        return move, (
            f"The player getting a card cannot play the {card.short} on {_on_top(view)}, and "
            "if she takes it, it leaves your hand."
        )

    def _take(self, view: RunItView, moves: list[Any]) -> tuple[Any, str]:
        offers = [m for m in moves if isinstance(m, TakeOffer)]
        if any(isinstance(m, TakeDraw) for m in moves):
            if not offers:
                return TAKE_DRAW, "Nobody offered a card: take the draw pile's top card."
            return TAKE_DRAW, (
                "An offered card leaves its giver's hand and brings her closer to winning; the "
                "draw pile's card helps nobody."
            )
        sizes = view.hand_sizes
        best = max(offers, key=lambda m: sizes[m.offered_by])
        by = best.offered_by
        if sizes[by] == 0:
            return best, (
                "The draw pile is empty and every offer is its giver's last card: taking one "
                "cannot be avoided."
            )
        return best, (
            f"The draw pile is empty: seat {by + 1} holds the most cards of those who offered "
            f"({_cards(sizes[by])} left), so taking her card helps her least."
        )


def _play_move(plays: list[Play], card: RunItCard, colour: RunItColour | None) -> Play:
    """The listed move that plays `card` (naming `colour` when it names one)."""
    for move in plays:
        if move.card == card and (card.kind not in NAMES_A_COLOUR or move.colour is colour):
            return move
    raise AssertionError(f"no move plays {card.short}")


def _on_top(view: RunItView) -> str:
    """'the R7' or 'the Wild with Blue (B) in force'."""
    top = view.top
    if view.colour is None or top.colour is view.colour:
        return f"the {top.short}"
    return f"the {top.short} with {in_colour(view.colour)} in force"


def _kept_defences(rest: list[RunItCard], could: set[RunItCard]) -> str:
    """'You keep the GStop and W+2 for penalty runs.' for answers you could have played now
    and keep; '' when there are none."""
    kept = sorted({c.short for c in rest if c in could and c.kind in (STOP, WILD_PENALTY, REVERSE)})
    if not kept:
        return ""
    names = " and ".join(", ".join(kept).rsplit(", ", 1))
    return f"You keep the {names} for penalty runs."
