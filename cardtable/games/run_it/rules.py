"""The rules of Run It (RULES.md, "Run It"), behind the game contract."""

from __future__ import annotations

from typing import Any

from cardtable.cards import RunItCard, RunItColour, RunItKind
from cardtable.engine import EndReason, Game, IllegalMove, Outcome
from cardtable.engine.claims import CLAIM, LET_GO, Claim, ClaimWindow, LetGo
from cardtable.engine.words import plural
from cardtable.games.run_it import integrity, session, teaching
from cardtable.games.run_it import moves as mv
from cardtable.games.run_it.fast import FAST
from cardtable.games.run_it.matching import (
    NAMES_A_COLOUR,
    play_refusal,
    run_refusal,
)
from cardtable.games.run_it.session import can_draw, deal, playable, top, wins
from cardtable.games.run_it.state import Phase, RunItOptions, RunItState, RunItView

MOVES_BY_PHASE: dict[Phase, tuple[type[mv.RunItMove], ...]] = {
    Phase.WINDOW: (Claim, LetGo),
    Phase.OFFERS: (mv.Offer, mv.NoOffer),
    Phase.TAKE: (mv.TakeDraw, mv.TakeOffer),
    Phase.GOT: (mv.Play, mv.Keep),
    Phase.PLAY: (mv.Play, mv.GetCard, mv.TakePenalty),
}
"""The moves of each phase (the words for a move of another are `teaching.wrong_phase`)."""

_PLAYS: dict[tuple[RunItCard, RunItColour | None], mv.Play] = {}


def play(card: RunItCard, colour: RunItColour | None = None) -> mv.Play:
    """The move playing `card` (naming `colour`): one shared frozen value per card and colour."""
    key = (card, colour)
    move = _PLAYS.get(key)
    if move is None:
        move = _PLAYS[key] = mv.Play(card=card, colour=colour)
    return move


_WAYS: dict[RunItCard, tuple[mv.Play, ...]] = {}


def plays_of(card: RunItCard) -> tuple[mv.Play, ...]:
    """The ways to play `card`: one per colour it may name, or just the card."""
    ways = _WAYS.get(card)
    if ways is None:
        if card.kind in NAMES_A_COLOUR:
            ways = tuple(play(card, colour) for colour in RunItColour)
        else:
            ways = (play(card),)
        _WAYS[card] = ways
    return ways


class RunIt(Game[RunItState, mv.RunItMove, RunItOptions]):
    """Run It: shed your hand by colour, number or action; stack penalties; match and pass."""

    id = "run-it"
    name = "Run It"
    blurb = (
        "Play a card of the colour, number or action on top; penalty cards build runs the next "
        "player must continue or draw; anyone may match a card just played; pass cards face down."
    )
    seat_counts = (2, 3, 4, 5, 6, 7, 8)
    default_seats = 4
    state_model = RunItState
    options_model = RunItOptions
    view_model = RunItView
    move_adapter = mv.MOVE_ADAPTER
    check_state = integrity.check_state
    fast = FAST

    def __init__(self) -> None:
        """The game's tables: each move type's step (session.py) and, where it has one, its
        check."""
        self.handlers = {
            mv.Play: session.play_card,
            Claim: session.claim,
            LetGo: session.let_go,
            mv.GetCard: session.get_card,
            mv.Offer: session.offer_card,
            mv.NoOffer: session.no_offer,
            mv.TakeDraw: session.take_draw,
            mv.TakeOffer: session.take_offer,
            mv.Keep: session.keep,
            mv.TakePenalty: session.take_penalty,
        }
        self.checks = {
            Claim: self._check_claim,
            mv.Offer: self._check_offer,
            mv.TakeDraw: self._check_take_draw,
            mv.TakeOffer: self._check_take_offer,
            mv.Play: self._check_play,
            mv.GetCard: self._check_get,
            mv.TakePenalty: self._check_take_penalty,
        }

    # Dealing and turns

    def new_game(self, seats: int, seed: int, options: Any = None) -> RunItState:
        """A random dealer deals; the player on the dealer's left starts."""
        chance, dealer = self.first_dealer(seats, seed)
        return deal(seats, self.options(options), chance, dealer, (dealer + 1) % seats)

    def is_over(self, state: RunItState) -> bool:
        """Over once every game of the session has been won."""
        return len(state.history) >= state.options.games

    def to_act(self, state: RunItState) -> list[int]:
        """The seat to play; during offers the seat asked; during a match window every seat
        that has not let the card go."""
        if self.is_over(state):
            return []
        if state.phase is Phase.WINDOW and state.window is not None:
            return list(state.window.open_to)
        if state.phase is Phase.OFFERS:
            return state.asked[:1]
        return [state.turn]

    def automatic_move(self, state: RunItState, seat: int, config: Any) -> mv.RunItMove | None:
        """A person whose seat never offers is not asked: she offers nothing at once."""
        if config.never_offers and state.phase is Phase.OFFERS and state.asked[:1] == [seat]:
            return mv.NO_OFFER
        return None

    def claim_window(self, state: RunItState) -> ClaimWindow | None:
        """The Match-it window, while one is open."""
        return state.window if state.phase is Phase.WINDOW else None

    def legal_moves(self, state: RunItState, seat: int) -> list[mv.RunItMove]:
        """Every move `seat` may make now (an empty list for a seat not to act)."""
        if type(seat) is not int or not 0 <= seat < state.seats:
            self.check_seat(state, seat)
        if len(state.history) >= state.options.games:
            return []
        phase = state.phase
        if phase is Phase.WINDOW:
            if seat not in state.window.open_to:  # type: ignore[union-attr]
                return []
            # A false claim (allowed, at a card's cost, by the house rule) is never listed.
            return [CLAIM, LET_GO] if state.discards[-1] in state.hands[seat] else [LET_GO]
        if phase is Phase.OFFERS:
            if not state.asked or state.asked[0] != seat:
                return []
            return [mv.NO_OFFER, *(mv.offer(card) for card in in_table_order(state.hands[seat]))]
        if seat != state.turn:
            return []
        if phase is Phase.TAKE:
            takes: list[mv.RunItMove] = [mv.TAKE_DRAW] if can_draw(state) else []
            takes += [mv.take_offer(s) for s, c in enumerate(state.offers) if c is not None]
            return takes
        if phase is Phase.GOT:
            assert state.got is not None
            return [*plays_of(state.got), mv.KEEP]
        moves: list[mv.RunItMove] = [
            move for card in in_table_order(playable(state, seat)) for move in plays_of(card)
        ]
        if state.penalty:
            moves.append(mv.TAKE_PENALTY)
        elif not moves or state.options.draw_anyway:
            moves.append(mv.GET)
        return moves

    # Checking

    def not_your_turn(self, state: RunItState, seat: int, move: mv.RunItMove) -> str:
        """A seat out of the match window let the card go; anyone else waits for the seat to
        act."""
        if state.phase is Phase.WINDOW:
            return "You have already let this card go."
        waiting = teaching.waiting(self, state, None)
        return f"It is not your turn: {waiting[0].lower()}{waiting[1:]}"

    def check_move(self, state: RunItState, seat: int, move: mv.RunItMove) -> None:
        """A move of the phase (MOVES_BY_PHASE), then its own check."""
        if not isinstance(move, MOVES_BY_PHASE[state.phase]):
            raise IllegalMove(teaching.wrong_phase(state, seat))
        super().check_move(state, seat, move)

    def _check_claim(self, state: RunItState, seat: int, move: Claim) -> None:
        if top(state) not in state.hands[seat] and not state.options.false_claims_draw:
            raise IllegalMove(
                f"No match: you hold no {top(state).short}. A match needs the identical "
                "card (same kind, colour and value)."
            )

    def _check_offer(self, state: RunItState, seat: int, move: mv.Offer) -> None:
        if move.card not in state.hands[seat]:
            raise IllegalMove(f"You hold no {move.card.short} to offer.")

    def _check_take_draw(self, state: RunItState, seat: int, move: mv.TakeDraw) -> None:
        if not can_draw(state):
            raise IllegalMove("The draw pile is empty: take an offered card.")

    def _check_take_offer(self, state: RunItState, seat: int, move: mv.TakeOffer) -> None:
        by = move.offered_by
        if not 0 <= by < state.seats or state.offers[by] is None:
            raise IllegalMove(f"Seat {by + 1} offered no card.")

    def _check_get(self, state: RunItState, seat: int, move: mv.GetCard) -> None:
        if state.penalty:
            raise IllegalMove(
                f"A penalty run of {state.penalty} is on you: continue it or take "
                f"{plural(state.penalty, 'card')}. Nobody gets or offers cards during a run."
            )
        can = playable(state, seat)
        if can and not state.options.draw_anyway:
            raise IllegalMove(
                f"You hold a card you can play (the {can[0].short}): play it. A card is got "
                "only by a player with nothing to play."
            )

    def _check_take_penalty(self, state: RunItState, seat: int, move: mv.TakePenalty) -> None:
        if not state.penalty:
            raise IllegalMove("No penalty run is on you: there is nothing to take.")

    def _check_play(self, state: RunItState, seat: int, move: mv.Play) -> None:
        card = move.card
        if state.phase is Phase.GOT:
            if card != state.got:
                raise IllegalMove(
                    f"Only the card you just got (the {state.got.short if state.got else '?'}) "
                    "may be played now, or keep it and end your turn."
                )
        elif card not in state.hands[seat]:
            raise IllegalMove(f"You hold no {card.short}.")
        if card.kind in NAMES_A_COLOUR and move.colour is None:
            raise IllegalMove(f"The {card.short} names a colour: say which.")
        if card.kind not in NAMES_A_COLOUR and move.colour is not None:
            raise IllegalMove(
                f"Only a Wild, a Wild Penalty or a Stop names a colour; the {card.short} does not."
            )
        t = top(state)
        reason = (
            run_refusal(card, t, state.colour, state.penalty_value)
            if state.penalty
            else play_refusal(card, t, state.colour)
        )
        if reason:
            raise IllegalMove(reason)

    # Seeing

    def view(self, state: RunItState, seat: int | None) -> RunItView:
        """What `seat` may know: her hand and her own offer; every other hand only by size."""
        self.check_seat(state, seat, spectator=True)
        mine = seat is not None
        hand = None if seat is None else sorted_hand(state.hands[seat])
        return RunItView(
            **self.seat_view(state, seat, hand=hand),
            game_number=state.game_number,
            games=state.options.games,
            dealer=state.dealer,
            turn=state.turn,
            direction=state.direction,
            top=top(state),
            discard_count=len(state.discards),
            draw_count=len(state.draw_pile),
            colour=state.colour,
            penalty=state.penalty,
            penalty_value=state.penalty_value,
            phase=state.phase,
            window=self.claim_window(state),
            played_by=state.played_by,
            attempt=state.attempt,
            offered_by=[s for s, c in enumerate(state.offers) if c is not None],
            my_offer=state.offers[seat] if seat is not None and state.offers else None,
            got=state.got if seat == state.turn else None,
            missed=state.missed if mine and seat == state.missed_by else None,
            lacking=state.lacking,
            playable=[] if seat is None else in_table_order(playable(state, seat)),
            wins=wins(state),
            history=state.history,
            ended=state.ended,
            match_seconds=state.options.match_seconds,
            options=state.options,
        )

    def outcome(self, state: RunItState) -> Outcome:
        """Games won per seat; the most wins take the session."""
        counts = wins(state)
        best = max(counts)
        winners = [s for s, n in enumerate(counts) if n == best] if best else []
        teams = [[s] for s in range(state.seats)]
        over = self.is_over(state)
        if over:
            reason = EndReason.BLOCKED if state.history[-1].blocked else EndReason.WENT_OUT
            summary = f"Game {state.game_number} of {state.options.games} over"
        else:
            reason = None
            summary = (
                f"Game {state.game_number} of {state.options.games}"
                if state.options.games > 1
                else f"{len(state.draw_pile)} in the draw pile"
            )
        return Outcome(
            scores=counts,
            teams=teams,
            team_scores=counts,
            winners=winners if over else [],
            reason=reason,
            summary=summary,
            score_label="Games won",
        )

    def cards(self, state: RunItState) -> list[Any]:
        """Every card: hands, offers waiting, the draw pile and the discards."""
        out: list[Any] = [c for hand in state.hands for c in hand]
        out += [c for c in state.offers if c is not None]
        return out + state.draw_pile + state.discards

    def explain(self, state: RunItState, seat: int | None, names: list[str] | None = None) -> str:
        """One line: what this seat can do now."""
        if seat is not None:
            self.check_seat(state, seat)
        return teaching.explain(self, state, seat, names)


_COLOUR_PLACE = {colour: place for place, colour in enumerate(RunItColour)}
_KIND_PLACE = {kind: place for place, kind in enumerate(RunItKind)}


def table_order(card: RunItCard) -> tuple[int, int, int]:
    """Where a card stands in a hand shown on the table: by colour (R, B, Y, G), then kind and
    value; Wilds last."""
    colour = card.colour
    return (4 if colour is None else _COLOUR_PLACE[colour], _KIND_PLACE[card.kind], card.value)


def sorted_hand(hand: list[RunItCard]) -> list[RunItCard]:
    """A hand in table order (`table_order`)."""
    return sorted(hand, key=table_order)


def in_table_order(cards: list[RunItCard]) -> list[RunItCard]:
    """Each card once, in table order: a seat's moves and playable cards follow what she sees
    of her hand, never the order the cards came into it (which her view does not show)."""
    return sorted(dict.fromkeys(cards), key=table_order)


GAME = RunIt()
