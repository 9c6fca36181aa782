"""What the strong and easy bots need to know of Runway (issue 24): worlds a seat could be in, a
policy to play them out with, and the blunders a beginner would not make."""

from __future__ import annotations

import math
import random
from typing import Any

from cardtable.cards import DirectionCard, PilatchCard, pilatch_deck
from cardtable.engine import Chance
from cardtable.engine.search_budget import Budget
from cardtable.games.runway import GAME
from cardtable.games.runway import moves as mv
from cardtable.games.runway.runs import counted
from cardtable.games.runway.session import directions_in_hand
from cardtable.games.runway.state import HandCard, Phase, RunwayState, RunwayView, TradeOffer
from cardtable.games.runway.strategy import RunwayPlanner, path_ahead

PROGRESS_WEIGHT = 4.0
"""How sharply a standing part-way favours the seat whose run is nearest its target."""
HELD_WEIGHT = 0.5
"""A card in hand on the run's path counts as this much of a run card."""


def every_card(view: RunwayView) -> list[HandCard]:
    """The session's cards: the Pilatch decks, and under More Control a direction card each."""
    cards: list[HandCard] = list(pilatch_deck(view.options.decks))
    if directions_in_hand(view):  # type: ignore[arg-type]  # it reads the options alone
        cards += [DirectionCard() for _ in range(view.seats)]
    return cards


def seen_cards(view: RunwayView) -> list[HandCard]:
    """Every card the view shows where it is: her hand, the bin, the common area, the runs,
    direction cards in play (More Control), the hand she looks at, a trade's cards."""
    seen: list[HandCard] = [*(view.hand or []), *view.bin]
    seen += [card for triple in view.common for card in triple.cards]
    seen += [entry.card for run in view.runs for entry in run]
    if directions_in_hand(view):  # type: ignore[arg-type]
        seen += [DirectionCard() for d in view.directions if d is not None]
    seen += view.peek or []
    offer = view.offer
    if offer is not None and offer.to == view.seat:
        seen += offer.give  # the offerer's cards, still in her hand
    return seen


class RunwaySearch:
    """Runway's hooks for the strong bot: the unseen cards dealt at random into the other hands
    and the deck; a rollout plays two or three turns each (`budget.steps`), or to the end of
    the game in hand if that comes first, and is judged by how far each run has come.

    Inferences honoured: the hand the seat is looking at (a special action) is that hand, and
    the cards a trade offers her are in the offerer's hand. Not honoured, since the view does
    not keep them: cards seen going into a hand earlier (taken from the bin, swapped, traded)
    and a trade between two other seats (it is made up: nothing offered, one card asked)."""

    policy = RunwayPlanner
    """The strong bot starts from the planner's rules of thumb."""

    budget = Budget(worlds=40, seconds=0.2, candidates=6, steps=40)
    easy_best = 0.0

    def __init__(self) -> None:
        """The planner plays the rollouts (through each seat's view of the world)."""
        self.planner = RunwayPlanner()

    def sample(self, view: RunwayView, rng: random.Random) -> RunwayState:
        """A deal of the unseen cards the seat's view allows (see the class)."""
        assert view.seat is not None and view.hand is not None
        seat = view.seat
        unseen = every_card(view)
        for card in seen_cards(view):
            unseen.remove(card)
        rng.shuffle(unseen)
        hands: list[list[HandCard]] = [[] for _ in range(view.seats)]
        hands[seat] = list(view.hand)
        known = [seat]
        if view.peek is not None and view.looking_at is not None:
            hands[view.looking_at] = list(view.peek)
            known.append(view.looking_at)
        offer = self._offer(view, rng)
        if offer is not None and offer.to == seat:
            hands[offer.by] = list(offer.give)
        for other in range(view.seats):
            if other not in known:
                size = view.hand_sizes[other] - len(hands[other])
                hands[other] += unseen[:size]
                unseen = unseen[size:]
                rng.shuffle(hands[other])
        if offer is not None and offer.to != seat and offer.by != seat:
            offer = self._made_up_offer(view, hands)
        return RunwayState(
            options=view.options,
            seats=view.seats,
            x=view.x,
            game_number=view.game_number,
            order=list(view.order),
            active=view.active,
            phase=view.phase,
            hands=hands,
            deck=unseen,
            bin=list(view.bin),
            common=[triple.model_copy(deep=True) for triple in view.common],
            runs=[list(run) for run in view.runs],
            directions=list(view.directions),
            needed=list(view.needed),
            hand_limits=list(view.hand_limits),
            actions=view.actions,
            looking_at=view.looking_at,
            offer=offer,
            trounced=view.trounced,
            drew_from_deck=view.drew_from_deck,
            deck_drawn=view.drew_from_deck,
            longest=[len(run) for run in view.runs],
            out=list(view.out),
            wins=list(view.wins),
            scores=list(view.scores),
            history=[summary.model_copy(deep=True) for summary in view.history],
            over=view.over,
            chance=Chance.seeded(rng.getrandbits(62)),
        )

    @staticmethod
    def _offer(view: RunwayView, rng: random.Random) -> TradeOffer | None:
        """The trade being made as the seat sees it (the cards given so far are hidden from the
        offerer: she sees none given yet)."""
        if view.offer is not None:
            return view.offer.model_copy(deep=True)
        if view.trading:
            return TradeOffer(by=view.trading[0], to=view.trading[1])
        return None

    @staticmethod
    def _made_up_offer(view: RunwayView, hands: list[list[HandCard]]) -> TradeOffer:
        """A trade between two other seats: its cards are hidden, so one card asked (or, from
        an empty hand, one offered) stands for it."""
        by, to = view.trading
        if view.phase is Phase.OFFERING:
            return TradeOffer(by=by, to=to)
        if hands[to]:
            return TradeOffer(by=by, to=to, ask=1)
        return TradeOffer(by=by, to=to, give=hands[by][:1])

    def horizon(self, state: RunwayState) -> int:
        """The game of the session in play: a rollout stops when someone wins it."""
        return len(state.history)

    def standing(self, state: RunwayState, seat: int) -> float:
        """A game just ended: the seat's share of its win (a draw shares among the tied).
        Part-way: her share of a guess favouring the runs nearest their targets, counting the
        cards in hand that lie on a run's path as half a card of it."""
        if state.history and (state.over or state.phase is Phase.DRAW and _just_dealt(state)):
            last = state.history[-1]
            sharing = last.winners or last.drawn
            return 1 / len(sharing) if seat in sharing else 0.0
        playing = [s for s in state.order if s not in state.out]
        if seat not in playing:
            return 1.0 if state.out and state.out[0] == seat else 0.5
        weights = {
            s: math.exp(PROGRESS_WEIGHT * progress(state, s) / max(state.needed[s], 1))
            for s in playing
        }
        return weights[seat] / sum(weights.values())

    def rollout_move(
        self, state: RunwayState, seat: int, moves: list[Any], rng: random.Random
    ) -> Any:
        """The planner's move, from the seat's view of the sampled world."""
        if len(moves) == 1:
            return moves[0]
        return self.planner.choose(_glance(state, seat), moves)[0]

    def silly(self, view: RunwayView, move: Any, moves: list[Any]) -> bool:
        """Ending the build phase while a natural card could go on the run (a Joker may be
        worth keeping), recycling a run of two cards or more, or discarding a card the run
        needs (a Joker, or one on its path) while another card could go."""
        if isinstance(move, mv.EndBuild):
            return any(isinstance(m, mv.AddToRun) and not m.card.is_joker for m in moves)
        if isinstance(move, mv.RecycleRun):
            assert view.seat is not None
            return counted(view.runs[view.seat]) >= 2
        if isinstance(move, mv.Discard) and needed_card(view, move.card):
            return any(isinstance(m, mv.Discard) and not needed_card(view, m.card) for m in moves)
        return False


def needed_card(view: RunwayView, card: HandCard) -> bool:
    """True for a Joker, or a card of the run's suit on its path ahead (as far as it still
    needs cards)."""
    if not isinstance(card, PilatchCard):
        return False
    if card.is_joker:
        return True
    assert view.seat is not None
    run = view.runs[view.seat]
    if not run or run[0].rank is None:
        return False
    missing = max(view.needed[view.seat] - counted(run), 1)
    ahead = path_ahead(run, view.directions[view.seat], missing)
    return card.suit is run[0].card.suit and card.rank in ahead


def progress(state: RunwayState, seat: int) -> float:
    """How far the seat's run has come: its cards, and half a card for each card in hand on
    the run's path ahead."""
    run = state.runs[seat]
    done = counted(run)
    if not run or run[0].rank is None:
        return done
    suit = run[0].card.suit
    missing = state.needed[seat] - done
    ahead = path_ahead(run, state.directions[seat], max(missing, 1))
    held = sum(
        1
        for card in state.hands[seat]
        if isinstance(card, PilatchCard) and card.suit is suit and card.rank in ahead
    )
    return done + HELD_WEIGHT * held


def _glance(state: RunwayState, seat: int) -> RunwayView:
    """The seat's view of a sampled world for the rollout's planner, built without copying (the
    planner only reads it, and the world is the bot's own): `GAME.view`'s copies cost more
    than the planner's move."""
    return RunwayView.model_construct(
        seat=seat,
        seats=state.seats,
        to_act=GAME.to_act(state),
        hand=state.hands[seat],
        hand_sizes=[len(hand) for hand in state.hands],
        over=state.over,
        active=state.active,
        phase=state.phase,
        x=state.x,
        game_number=state.game_number,
        order=state.order,
        runs=state.runs,
        directions=state.directions,
        needed=state.needed,
        hand_limits=state.hand_limits,
        common=state.common,
        bin=state.bin,
        deck_size=len(state.deck),
        actions=state.actions,
        looking_at=state.looking_at,
        peek=state.hands[state.looking_at]
        if state.phase is Phase.LOOKING and state.looking_at is not None and seat == state.active
        else None,
        offer=_offer_seen(state.offer, seat),
        trading=[] if state.offer is None else [state.offer.by, state.offer.to],
        trounced=state.trounced,
        drew_from_deck=state.drew_from_deck,
        out=state.out,
        wins=state.wins,
        scores=state.scores,
        history=state.history,
        options=state.options,
    )


def _offer_seen(offer: TradeOffer | None, seat: int) -> TradeOffer | None:
    """The trade as `seat` sees it: only its two seats do, and the offerer not the cards given
    her yet."""
    if offer is None or seat not in (offer.by, offer.to):
        return None
    if seat == offer.by and offer.given:
        return offer.model_copy(update={"given": []})
    return offer


def _just_dealt(state: RunwayState) -> bool:
    """True for a game dealt a moment ago: no run, nothing in the bin or the common area."""
    return not any(state.runs) and not state.bin and not state.common


SEARCH = RunwaySearch()
"""The hooks the catalog names for Runway."""
