"""The rules of Piles (RULES.md, "Piles"), behind the game contract."""

from __future__ import annotations

from typing import Any

from cardtable.cards import Card, Colour, standard_deck
from cardtable.engine import (
    Chance,
    EndReason,
    Events,
    Game,
    IllegalMove,
    Outcome,
    View,
    name_of,
    say,
)
from cardtable.games.piles import integrity
from cardtable.games.piles.castle import PILES, pile_name, total_value, value_breakdown
from cardtable.games.piles.moves import MOVE_ADAPTER, PASS, Pass, Place, place
from cardtable.games.piles.scoring import points
from cardtable.games.piles.state import PilesOptions, PilesState, PilesView, PileView

HAND_SIZE = 10
TEAMS_BY_SEATS = {4: [[0, 2], [1, 3]], 2: [[0], [1]]}


def team_of(seat: int) -> int:
    """A seat's team: partners sit opposite, so seats 0 and 2 are team 0, 1 and 3 team 1."""
    return seat % 2


def opener_of(state: PilesState) -> int:
    """The seat that opens: the one on the dealer's left."""
    return (state.dealer + 1) % state.seats


def colour_held(seat: int, card: Colour, team_colours: list[Colour] | None, opener: int) -> Colour:
    """The colour the seat's team holds once she places a card of colour `card`: her team's;
    before the first card, that card's colour if she is on the opener's team, else the other
    (RULES.md: the first card played makes the opener's team its colour)."""
    if team_colours is not None:
        return team_colours[team_of(seat)]
    return card if team_of(seat) == team_of(opener) else card.other


def left_opponent(state: PilesState, seat: int) -> int:
    """The player on the seat's left, always an opponent: she takes a passer's card."""
    return (seat + 1) % state.seats


def tops(state: PilesState) -> list[Card]:
    """The top card of every pile."""
    return [pile[-1] for pile in state.castle]


def openings(state: PilesState) -> tuple[list[Colour | None], list[int]]:
    """Each pile's top colour and total value: a card goes on a pile of its colour, or on one
    whose total its rank beats."""
    top = tops(state)
    return [card.colour for card in top], [total_value(top, p) for p in range(PILES)]


def team_scores(state: PilesState) -> list[int]:
    """Each team's points if the game ended now: other-colour cards it holds, and captures."""
    if state.team_colours is None:
        return [0, 0]
    scores = []
    for team, colour in enumerate(state.team_colours):
        held = [card for pile in state.castle if pile[-1].colour is colour for card in pile]
        scores.append(points(held, colour.other) + points(state.captured[team], colour.other))
    return scores


def score_lines(state: PilesState) -> list[str]:
    """Where each team's points come from: each pile it holds, then its captured pass cards.

    'Reds 30: A1 9, C2 12; pass cards 9.' (a pile scoring nothing is left out).
    """
    if state.team_colours is None:
        return []
    lines = []
    scores = team_scores(state)
    for team, colour in enumerate(state.team_colours):
        score = scores[team]
        piles = [
            f"{pile_name(p)} {got}"
            for p, pile in enumerate(state.castle)
            if pile[-1].colour is colour and (got := points(pile, colour.other))
        ]
        held = f"piles {', '.join(piles)}" if piles else "no points from piles"
        passed = points(state.captured[team], colour.other)
        lines.append(f"{colour.team} {score}: {held}; pass cards {passed}.")
    return lines


class Piles(Game[PilesState, Place | Pass, PilesOptions]):
    """Piles: take control of the Castle's piles and capture the other colour's cards."""

    id = "piles"
    name = "Piles"
    blurb = (
        "Place cards on a 4x3 Castle of piles; a card of the other colour takes a pile only if it "
        "beats the top card's total value. Capture the other colour's cards: Aces are worth 9. "
        "With four, seats 1 and 3 play against 2 and 4."
    )
    seat_counts = (2, 4)
    default_seats = 4
    state_model = PilesState
    options_model = PilesOptions
    view_model = PilesView
    move_adapter = MOVE_ADAPTER
    check_state = integrity.check_state
    over_words = "The game is over: no more cards can be played."

    def __init__(self) -> None:
        """The game's tables: each move type's handler and, where it has one, its check."""
        self.handlers = {Place: self._place, Pass: self._pass}
        self.checks = {Place: self._check_place, Pass: self._check_pass}

    def new_game(self, seats: int, seed: int, options: Any = None) -> PilesState:
        """Deal 10 to each seat and 12 face up into the Castle; a random dealer."""
        self.check_seats(seats)
        chance = Chance.seeded(seed)
        deck = standard_deck()
        chance.shuffle(deck)
        dealer = chance.below(seats)
        hands: list[list[Card]] = [[] for _ in range(seats)]
        for i in range(HAND_SIZE * seats):
            hands[(dealer + 1 + i) % seats].append(deck[i])
        rest = deck[HAND_SIZE * seats :]
        return PilesState(
            seats=seats,
            options=self.options(options),
            dealer=dealer,
            turn=(dealer + 1) % seats,
            hands=hands,
            castle=[[card] for card in rest[:PILES]],
            stock=rest[PILES:],
            captured=[[], []],
            chance=chance,
        )

    def is_over(self, state: PilesState) -> bool:
        """Over once every card has been played or lost."""
        return not state.stock and not any(state.hands)

    def to_act(self, state: PilesState) -> list[int]:
        """The one seat whose turn it is; nobody once the game is over."""
        return [] if self.is_over(state) else [state.turn]

    def legal_moves(self, state: PilesState, seat: int) -> list[Place | Pass]:
        """Every card on every pile it may go on, and passing.

        The opener may not pass on the very first turn, unless no card of hers fits any pile
        (our settlement: a seat to act always has a move).
        """
        self.check_seat(state, seat)
        if self.is_over(state) or seat != state.turn:
            return []
        colours, totals = openings(state)
        moves: list[Place | Pass] = []
        for card in state.hands[seat]:
            colour, rank = card.colour, card.rank
            for p in range(PILES):
                if colours[p] is colour or rank > totals[p]:
                    moves.append(place(card, p))
        if state.turns_taken > 0 or not moves:
            moves.append(PASS)
        return moves

    def not_a_move(self, state: PilesState, seat: int, move: Any) -> str:
        """Anything but a place or a pass."""
        return "In Piles you either place a card on a pile or pass."

    def _check_pass(self, state: PilesState, seat: int, move: Pass) -> None:
        if state.turns_taken == 0 and self._playable(state, seat):
            raise IllegalMove(
                "The opener may not pass on the very first turn: place a card, "
                "and its colour becomes your team's."
            )

    def _check_place(self, state: PilesState, seat: int, move: Place) -> None:
        if move.card not in state.hands[seat]:
            raise IllegalMove(f"You do not hold {move.card.label}.")
        if not 0 <= move.pile < PILES:
            raise IllegalMove("There is no such pile: the Castle's piles are A1 to D3.")
        top = tops(state)
        target = top[move.pile]
        if move.card.colour is target.colour:
            return
        total = total_value(top, move.pile)
        if move.card.rank <= total:
            raise IllegalMove(
                f"{move.card.short} cannot take {pile_name(move.pile)}: a {move.card.colour} "
                f"card may cover the {target.colour} {target.short} only if its own value "
                f"(A=1 to K=13), here {move.card.rank}, is higher than the pile's total value "
                f"of {total} ({value_breakdown(top, move.pile)})."
            )

    @staticmethod
    def _playable(state: PilesState, seat: int) -> list[Card]:
        """The cards of the seat's hand that some pile takes, in hand order."""
        colours, totals = openings(state)
        return [
            card
            for card in state.hands[seat]
            if any(colours[p] is card.colour or card.rank > totals[p] for p in range(PILES))
        ]

    def make(self, state: PilesState, seat: int, move: Place | Pass, events: Events) -> None:
        """Place the card or take the passer's card; then the next seat's turn."""
        Game.make(self, state, seat, move, events)  # cheaper than super() on this hot path
        state.turns_taken += 1
        state.turn = (seat + 1) % state.seats
        if not any(state.hands) and state.stock:
            self._deal_stock(state, events)
        if events is not None and self.is_over(state):
            say(events, "game-over", self.outcome(state).summary)

    def _place(self, state: PilesState, seat: int, move: Place, events: Events) -> None:
        card = move.card
        state.hands[seat].remove(card)
        pile = state.castle[move.pile]
        taken = pile[-1].colour is not card.colour
        pile.append(card)
        if events is not None:
            text = f"{{0}} places {card.short} on {pile_name(move.pile)}"
            if taken:
                text += f" and takes it for the {card.colour.team}"  # type: ignore[union-attr]
            say(events, "place", text, seat)
        if state.team_colours is None:  # the opener's team takes the first card's colour
            opener = opener_of(state)
            colour: Colour = card.colour  # type: ignore[assignment]
            team = team_of(opener)
            state.team_colours = [colour, colour.other] if team == 0 else [colour.other, colour]
            text = f"{{0}}'s team are the {colour.team}: they capture {colour.other} cards"
            say(events, "colours", text, opener)

    def _pass(self, state: PilesState, seat: int, move: Pass, events: Events) -> None:
        hand = state.hands[seat]
        taker = left_opponent(state, seat)
        card = hand.pop(state.chance.below(len(hand)))
        state.captured[team_of(taker)].append(card)
        text = f"{{0}} passes; {{1}} takes {card.short} from {{0}}'s hand at random"
        say(events, "pass", text, seat, taker)

    def _deal_stock(self, state: PilesState, events: Events) -> None:
        stock = state.stock
        for i, card in enumerate(stock):
            state.hands[(state.dealer + 1 + i) % state.seats].append(card)
        count = len(stock)
        state.stock = []
        say(events, "deal", f"The remaining {count} cards are dealt, 10 each")

    def views(self, state: PilesState, seats: list[int | None]) -> list[View]:
        """Every seat's view, the Castle, captures and scores made once for all of them (the
        same objects in each view: a host's four Tables a move wrote the Castle out four
        times)."""
        if not seats:
            return []
        first = self.view(state, seats[0])
        views: list[View] = [first]
        for seat in seats[1:]:
            self.check_seat(state, seat, spectator=True)
            views.append(first.model_copy(update=self.seat_view(state, seat)))
        return views

    def view(self, state: PilesState, seat: int | None) -> PilesView:
        """The Castle, captures and scores are public; a seat sees only its own hand."""
        self.check_seat(state, seat, spectator=True)
        top = tops(state)
        castle = [
            PileView(top=pile[-1], height=len(pile), total=total_value(top, p), cards=list(pile))
            for p, pile in enumerate(state.castle)
        ]
        return PilesView(
            **self.seat_view(state, seat),
            dealer=state.dealer,
            turn=state.turn,
            turns_taken=state.turns_taken,
            opener=opener_of(state),
            castle=castle,
            captured=[list(cards) for cards in state.captured],
            teams=TEAMS_BY_SEATS[state.seats],
            team_colours=None if state.team_colours is None else list(state.team_colours),
            team_scores=team_scores(state),
            stock_count=len(state.stock),
            show_buried=state.options.show_buried,
        )

    def outcome(self, state: PilesState) -> Outcome:
        """Each team's captured points; the higher total wins, equal totals draw."""
        teams = TEAMS_BY_SEATS[state.seats]
        scores = team_scores(state)
        over = self.is_over(state)
        best = max(scores)
        winners = sorted(seat for t, team in enumerate(teams) if scores[t] == best for seat in team)
        if state.team_colours is None:
            summary = "No card has been played yet."
        else:
            names = [colour.team for colour in state.team_colours]
            standing = f"{names[0]} {scores[0]}, {names[1]} {scores[1]}"
            if not over:
                summary = f"In play: {standing}."
            elif scores[0] == scores[1]:
                summary = f"A draw: {standing}."
            else:
                summary = f"The {names[scores.index(best)]} win: {standing}."
            if over:
                summary = "\n".join([summary, *score_lines(state)])
        return Outcome(
            scores=[scores[team_of(seat)] for seat in range(state.seats)],
            teams=teams,
            team_scores=scores,
            team_names=[] if state.team_colours is None else [c.team for c in state.team_colours],
            winners=winners if over else [],
            reason=EndReason.ALL_CARDS_PLAYED if over else None,
            summary=summary,
        )

    def cards(self, state: PilesState) -> list[Card]:
        """Every card: hands, the Castle, the undealt stock and the captures."""
        found = [card for hand in state.hands for card in hand]
        found += [card for pile in state.castle for card in pile]
        found += state.stock
        found += [card for cards in state.captured for card in cards]
        return found

    def explain(self, state: PilesState, seat: int | None, names: list[str] | None = None) -> str:
        """What the seat can do now, in words."""
        self.check_seat(state, seat, spectator=True)
        if self.is_over(state):
            return f"The game is over. {self.outcome(state).summary.splitlines()[0]}"
        if seat is None or seat != state.turn:
            return self.waiting_for(state, names, "place a card or pass")
        playable = self._playable(state, seat)
        left = name_of(names, left_opponent(state, seat)) if names else "the player on your left"
        giver = f"{left} takes a card of yours at random"
        if state.turns_taken == 0:
            if not playable:
                return (
                    "You open, but none of your cards may go on any pile: you must pass "
                    f"({giver}). The first card played will set the teams' colours."
                )
            return (
                "You open, and your card's colour becomes your team's. Place it on a pile of its "
                "colour, or on one whose total it beats. No passing on the first turn."
            )
        if state.team_colours is not None:
            colour = state.team_colours[team_of(seat)]
            aim = (
                f"You are the {colour.team}: top piles {colour.value}, over {colour.other} cards. "
            )
        else:  # the opener passed: the first card played is still to come
            whose = (
                "your team's" if team_of(seat) == team_of(opener_of(state)) else "the other team's"
            )
            aim = f"The colour of the first card played becomes {whose} (the opener's). "
        if not playable:
            return f"{aim}None of your cards may go on any pile: pass ({giver})."
        if len(playable) == 1:
            return f"{aim}Place your one playable card, {playable[0].short}, or pass ({giver})."
        return f"{aim}Place one of your {len(playable)} playable cards, or pass ({giver})."
