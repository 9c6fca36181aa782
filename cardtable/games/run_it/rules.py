"""The rules of Run It (RULES.md, "Run It"), behind the game contract."""

from __future__ import annotations

from typing import Any

from cardtable.cards import RunItCard, RunItColour, RunItKind
from cardtable.engine import Chance, EndReason, Event, Game, IllegalMove, Outcome
from cardtable.engine.claims import CLAIM, LET_GO, Claim, ClaimWindow, LetGo
from cardtable.engine.words import plural
from cardtable.games.run_it import integrity, teaching
from cardtable.games.run_it.matching import (
    NAMES_A_COLOUR,
    PENALTIES,
    can_play,
    continues_run,
    play_refusal,
    run_refusal,
)
from cardtable.games.run_it.moves import (
    GET,
    KEEP,
    MOVE_ADAPTER,
    NO_OFFER,
    TAKE_DRAW,
    TAKE_PENALTY,
    GetCard,
    Keep,
    NoOffer,
    Offer,
    Play,
    RunItMove,
    TakeDraw,
    TakeOffer,
    TakePenalty,
    offer,
    take_offer,
)
from cardtable.games.run_it.session import (
    Said,
    can_draw,
    deal,
    draw,
    end_game,
    end_turn,
    next_seat,
    said,
    wins,
)
from cardtable.games.run_it.state import Phase, RunItOptions, RunItState, RunItView

_PLAYS: dict[tuple[RunItCard, RunItColour | None], Play] = {}


def play(card: RunItCard, colour: RunItColour | None = None) -> Play:
    """The move playing `card` (naming `colour`): one shared frozen value per card and colour."""
    key = (card, colour)
    move = _PLAYS.get(key)
    if move is None:
        move = _PLAYS[key] = Play(card=card, colour=colour)
    return move


_WAYS: dict[RunItCard, tuple[Play, ...]] = {}


def plays_of(card: RunItCard) -> tuple[Play, ...]:
    """The ways to play `card`: one per colour it may name, or just the card."""
    ways = _WAYS.get(card)
    if ways is None:
        if card.kind in NAMES_A_COLOUR:
            ways = tuple(play(card, colour) for colour in RunItColour)
        else:
            ways = (play(card),)
        _WAYS[card] = ways
    return ways


def top(state: RunItState) -> RunItCard:
    """The discard pile's top card."""
    return state.discards[-1]


def playable(state: RunItState, seat: int) -> list[RunItCard]:
    """The cards of `seat`'s hand she may play now (none unless it is her turn to play)."""
    if state.phase is Phase.GOT and seat == state.turn:
        return [state.got] if state.got is not None else []
    if state.phase is not Phase.PLAY or seat != state.turn:
        return []
    t = top(state)
    if state.penalty:
        return [
            c for c in state.hands[seat] if continues_run(c, t, state.colour, state.penalty_value)
        ]
    return [c for c in state.hands[seat] if can_play(c, t, state.colour)]


class RunIt(Game[RunItState, RunItMove, RunItOptions]):
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
    move_adapter = MOVE_ADAPTER
    check_state = integrity.check_state

    # Dealing and turns

    def new_game(self, seats: int, seed: int, options: Any = None) -> RunItState:
        """A random dealer deals; the player on the dealer's left starts."""
        self.check_seats(seats)
        chance = Chance.seeded(seed)
        dealer = chance.below(seats)
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

    def automatic_move(self, state: RunItState, seat: int, config: Any) -> RunItMove | None:
        """A person whose seat never offers is not asked: she offers nothing at once."""
        if config.never_offers and state.phase is Phase.OFFERS and state.asked[:1] == [seat]:
            return NO_OFFER
        return None

    def claim_window(self, state: RunItState) -> ClaimWindow | None:
        """The Match-it window, while one is open."""
        return state.window if state.phase is Phase.WINDOW else None

    def legal_moves(self, state: RunItState, seat: int) -> list[RunItMove]:
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
            return [NO_OFFER, *(offer(card) for card in dict.fromkeys(state.hands[seat]))]
        if seat != state.turn:
            return []
        if phase is Phase.TAKE:
            takes: list[RunItMove] = [TAKE_DRAW] if can_draw(state) else []
            takes += [take_offer(s) for s, c in enumerate(state.offers) if c is not None]
            return takes
        if phase is Phase.GOT:
            assert state.got is not None
            return [*plays_of(state.got), KEEP]
        moves: list[RunItMove] = [
            move for card in dict.fromkeys(playable(state, seat)) for move in plays_of(card)
        ]
        if state.penalty:
            moves.append(TAKE_PENALTY)
        elif not moves or state.options.draw_anyway:
            moves.append(GET)
        return moves

    # Checking

    def check(self, state: RunItState, seat: int, move: RunItMove) -> None:
        """Raise IllegalMove with a reason if `seat` may not make `move` now."""
        if self.is_over(state):
            raise IllegalMove("The game is over.")
        if seat not in self.to_act(state):
            raise IllegalMove(self._not_now(state, seat))
        phase = state.phase
        expected = {
            Phase.WINDOW: (Claim, LetGo),
            Phase.OFFERS: (Offer, NoOffer),
            Phase.TAKE: (TakeDraw, TakeOffer),
            Phase.GOT: (Play, Keep),
            Phase.PLAY: (Play, GetCard, TakePenalty),
        }[phase]
        if not isinstance(move, expected):
            raise IllegalMove(teaching.wrong_phase(state, seat))
        if isinstance(move, Claim):
            if top(state) not in state.hands[seat] and not state.options.false_claims_draw:
                raise IllegalMove(
                    f"No match: you hold no {top(state).short}. A match needs the identical "
                    "card (same kind, colour and value)."
                )
        elif isinstance(move, Offer):
            if move.card not in state.hands[seat]:
                raise IllegalMove(f"You hold no {move.card.short} to offer.")
        elif isinstance(move, TakeDraw):
            if not can_draw(state):
                raise IllegalMove("The draw pile is empty: take an offered card.")
        elif isinstance(move, TakeOffer):
            by = move.offered_by
            if not 0 <= by < state.seats or state.offers[by] is None:
                raise IllegalMove(f"Seat {by + 1} offered no card.")
        elif isinstance(move, Play):
            self._check_play(state, seat, move)
        elif isinstance(move, GetCard):
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
        elif isinstance(move, TakePenalty) and not state.penalty:
            raise IllegalMove("No penalty run is on you: there is nothing to take.")

    def _check_play(self, state: RunItState, seat: int, move: Play) -> None:
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

    def _not_now(self, state: RunItState, seat: int) -> str:
        if state.phase is Phase.WINDOW:
            return "You have already let this card go."
        waiting = teaching.waiting(self, state, None)
        return f"It is not your turn: {waiting[0].lower()}{waiting[1:]}"

    # Playing

    def play(self, state: RunItState, seat: int, move: RunItMove) -> list[Event]:
        """Apply a checked move and narrate it."""
        return [
            Event(kind=kind, text=text, seats=seats)
            for kind, text, seats in self._step(state, seat, move)
        ]

    def advance(self, state: RunItState, seat: int, move: RunItMove) -> None:
        """Apply a checked move without narrating it (headless bot games)."""
        self._step(state, seat, move)

    def _step(self, state: RunItState, seat: int, move: RunItMove) -> list[Said]:
        if isinstance(move, Play):
            return self._play_card(state, seat, move)
        if isinstance(move, Claim):
            return self._claim(state, seat)
        if isinstance(move, LetGo):
            window = state.window
            assert window is not None
            window.let_go(seat)
            if window.settled:
                self._close_window(state)
            return []
        if isinstance(move, GetCard):
            if state.missed is not None:
                _forget_missed(state)
            state.attempt = 1
            return self._ask_for_offers(state, seat)
        if isinstance(move, Offer):
            state.hands[seat].remove(move.card)
            state.offers[seat] = move.card
            return self._next_offer(
                state, [said(kind="offer", text="{0} offers a card face down.", seats=(seat,))]
            )
        if isinstance(move, NoOffer):
            return self._next_offer(
                state, [said(kind="offer", text="{0} offers nothing.", seats=(seat,))]
            )
        if isinstance(move, TakeDraw):
            draw(state, seat)
            return self._got(
                state,
                seat,
                state.hands[seat][-1],
                [said(kind="get", text="{0} takes the top card of the draw pile.", seats=(seat,))],
            )
        if isinstance(move, TakeOffer):
            return self._take_offer(state, seat, move.offered_by)
        if isinstance(move, Keep):
            return [
                said(kind="keep", text="{0} keeps the card.", seats=(seat,)),
                *end_turn(state, seat),
            ]
        assert isinstance(move, TakePenalty)
        if state.missed is not None:
            _forget_missed(state)
        total = state.penalty
        could_play = bool(playable(state, seat))
        drawn = draw(state, seat, total)
        state.penalty = state.penalty_value = 0
        short = f" (only {drawn} were left)" if drawn < total else ""
        events = [
            said(
                kind="penalty",
                text=f"{{0}} takes the penalty: draws {total}{short} and loses the turn.",
                seats=(seat,),
            )
        ]
        return events + end_turn(state, seat, stuck=not drawn and not could_play)

    def _play_card(self, state: RunItState, seat: int, move: Play) -> list[Said]:
        card = move.card
        state.hands[seat].remove(card)
        state.discards.append(card)
        if state.got is not None:
            state.got = None
            state.attempt = 0
        if state.missed is not None:
            _forget_missed(state)
        if state.idle_turns:
            state.idle_turns = 0
            state.stuck_turns = 0
        kind = card.kind
        named = f", naming {move.colour.value}" if move.colour else ""
        text = f"{{0}} plays the {card.short}{named}"
        colour = move.colour or card.colour
        if colour is not state.colour:
            state.colour = colour
        following = next_seat(state, seat)
        event_seats: tuple[int, ...] = (seat, following)
        if kind in PENALTIES:
            state.penalty += card.value
            state.penalty_value = card.value
            text += f": the penalty run is {state.penalty}, on {{1}}"
        elif kind is RunItKind.REVERSE:
            state.direction = -state.direction
            following = next_seat(state, seat)
            event_seats = (seat, following)
            text += ": the run goes back to {1}" if state.penalty else ": play goes back"
        elif kind is RunItKind.SKIP:
            if state.penalty:
                text += ": the run passes on to {1}"
            else:
                following = next_seat(state, seat, 2)
                event_seats = (seat, following, next_seat(state, seat))
                text += ": {2} is skipped"
        elif kind is RunItKind.STOP and state.penalty:
            text += f": the run of {state.penalty} is stopped and nobody draws"
            state.penalty = state.penalty_value = 0
        state.turn = following
        events = [said(kind="play", text=text + ".", seats=event_seats)]
        if not state.hands[seat]:
            return events + end_game(state, [seat], "out by playing the last card")
        state.phase = Phase.WINDOW
        state.played_by = seat
        order = [next_seat(state, seat, k) for k in range(1, state.seats)] + [seat]
        state.window = ClaimWindow(
            verb="match", card=card.short, open_to=order, seconds=state.options.match_seconds
        )
        return events

    def _close_window(self, state: RunItState) -> None:
        state.window = None
        state.played_by = None
        state.phase = Phase.PLAY

    def _claim(self, state: RunItState, seat: int) -> list[Said]:
        card = top(state)
        if card not in state.hands[seat]:  # a false claim under the house rule
            assert state.window is not None
            state.window.let_go(seat)
            draw(state, seat)
            if state.window.settled:
                self._close_window(state)
            return [
                said(
                    kind="false-claim",
                    text=f"{{0}} claims a match without a {card.short} and draws a card.",
                    seats=(seat,),
                )
            ]
        state.hands[seat].remove(card)
        state.discards.append(card)
        self._close_window(state)
        events = [said(kind="match", text=f"{{0}} matches the {card.short}.", seats=(seat,))]
        if not state.hands[seat]:
            return events + end_game(state, [seat], "out by matching the last card")
        return events

    def _ask_for_offers(self, state: RunItState, seat: int) -> list[Said]:
        state.phase = Phase.OFFERS
        state.offers = [None] * state.seats
        state.asked = [next_seat(state, seat, k) for k in range(1, state.seats)]
        text = "{0} gets a card" + (" (a second one)" if state.attempt == 2 else "") + ": offers?"
        return [said(kind="get", text=text, seats=(seat,))]

    def _next_offer(self, state: RunItState, events: list[Said]) -> list[Said]:
        state.asked.pop(0)
        if state.asked:
            return events
        state.phase = Phase.TAKE
        if can_draw(state) or any(c is not None for c in state.offers):
            return events
        text = "Nothing to take: the draw pile is empty and nobody offered; {0}'s turn ends."
        seat = state.turn
        t = top(state)
        # Stuck when this is her first card of the turn (none came) and she held none to play.
        stuck = state.attempt == 1 and not any(
            can_play(c, t, state.colour) for c in state.hands[seat]
        )
        return events + [
            said(kind="get", text=text, seats=(seat,)),
            *end_turn(state, seat, stuck=stuck),
        ]

    def _take_offer(self, state: RunItState, seat: int, by: int) -> list[Said]:
        card = state.offers[by]
        assert card is not None
        state.offers[by] = None
        state.hands[seat].append(card)
        events = [said(kind="get", text="{0} takes the card offered by {1}.", seats=(seat, by))]
        events += self._return_offers(state)
        if not state.hands[by]:
            return events + end_game(state, [by], "out when the last card was taken as a Pass-it")
        return self._got(state, seat, card, events)

    def _return_offers(self, state: RunItState) -> list[Said]:
        back = [s for s, c in enumerate(state.offers) if c is not None]
        for s in back:
            state.hands[s].append(state.offers[s])  # type: ignore[arg-type]
        state.offers = []
        return []

    def _got(self, state: RunItState, seat: int, card: RunItCard, events: list[Said]) -> list[Said]:
        if state.offers:
            events += self._return_offers(state)
        if can_play(card, top(state), state.colour):
            if state.missed is not None:
                _forget_missed(state)
            state.phase = Phase.GOT
            state.got = card
            return events
        state.missed, state.missed_by = card, seat
        if state.attempt == 1:
            state.attempt = 2
            return (
                events
                + [said(kind="get", text="{0} cannot play it.", seats=(seat,))]
                + self._ask_for_offers(state, seat)
            )
        return (
            events
            + [said(kind="get", text="{0} cannot play it either; the turn ends.", seats=(seat,))]
            + end_turn(state, seat)
        )

    # Seeing

    def view(self, state: RunItState, seat: int | None) -> RunItView:
        """What `seat` may know: her hand and her own offer; every other hand only by size."""
        self.check_seat(state, seat, spectator=True)
        mine = seat is not None
        return RunItView(
            seat=seat,
            seats=state.seats,
            to_act=self.to_act(state),
            hand=None if seat is None else sorted_hand(state.hands[seat]),
            hand_sizes=[len(h) for h in state.hands],
            over=self.is_over(state),
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
            playable=[] if seat is None else playable(state, seat),
            wins=wins(state),
            history=state.history,
            ended=state.ended,
            match_seconds=state.options.match_seconds,
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


def _forget_missed(state: RunItState) -> None:
    """The card got and not playable is no longer news: a card was got or played since."""
    state.missed = state.missed_by = None


def sorted_hand(hand: list[RunItCard]) -> list[RunItCard]:
    """A hand in table order: by colour (R, B, Y, G), then kind and value; Wilds last."""
    colours = list(RunItColour)
    kinds = list(RunItKind)
    return sorted(
        hand,
        key=lambda c: (colours.index(c.colour) if c.colour else 4, kinds.index(c.kind), c.value),
    )


GAME = RunIt()
