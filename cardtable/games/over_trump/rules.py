"""The rules of Over Trump (RULES.md, "Over Trump"), behind the game contract."""

from __future__ import annotations

from typing import Any

from cardtable.cards import PilatchCard, PilatchSuit, superior_suit
from cardtable.engine import EndReason, Event, Events, Game, IllegalMove, Outcome, say
from cardtable.games.over_trump import integrity
from cardtable.games.over_trump.fast import FAST
from cardtable.games.over_trump.moves import (
    MOVE_ADAPTER,
    PlaceCard,
    keeper_name,
    place,
    short,
)
from cardtable.games.over_trump.public import SUIT_NAMES, proven_illegal
from cardtable.games.over_trump.scoring import (
    DECK,
    ILLEGAL_PLAY_PENALTY,
    MOST_TRICKS_BONUS,
    SEATS,
    TARGET,
    card_points,
    points_by_kind,
    points_text,
)
from cardtable.games.over_trump.state import (
    HandSummary,
    OverTrumpOptions,
    OverTrumpState,
    OverTrumpView,
    Placement,
)

TEAMS = [[0, 2], [1, 3]]
TEAM_NAMES = ["Team A", "Team B"]


def team_of(seat: int) -> int:
    """Partners sit opposite: seats 0 and 2 are team 0, seats 1 and 3 team 1."""
    return seat % 2


def turn_of(state: OverTrumpState) -> int:
    """The seat to place next: the leader, then clockwise one seat per card in the trick."""
    return (state.leader + len(state.trick)) % SEATS


def top_card(trick: list[Placement]) -> Placement | None:
    """The trick's top card: the last placement, unless only Keepers have been placed."""
    if trick and not trick[-1].card.is_joker:
        return trick[-1]
    return None


def placeable(
    hand: list[PilatchCard], top: PilatchCard | None
) -> tuple[PilatchSuit | None, list[PilatchCard], list[PilatchCard]]:
    """What the hand may place on `top`: (the suit it must place, or None for any; the suited
    cards it may place; its Keepers, always allowed). The one place the follow rule lives."""
    suit = superior = None
    if top is not None:
        suit = top.suit
        superior = superior_suit(suit)
    follow: list[PilatchCard] = []
    over: list[PilatchCard] = []
    other: list[PilatchCard] = []
    keepers: list[PilatchCard] = []
    for card in hand:  # one pass: this is the bots' hottest path
        if not card.rank:
            keepers.append(card)
        elif card.suit is suit:
            follow.append(card)
        elif card.suit is superior:
            over.append(card)
        else:
            other.append(card)
    if follow:
        return suit, follow, keepers
    if over:
        return superior, over, keepers
    return None, other, keepers


_PLACEMENTS: dict[tuple[int, PilatchCard, PilatchCard | None], Placement] = {}


_PLAIN_PLACEMENTS: dict[tuple[int, int], tuple[PilatchCard, Placement]] = {}
"""Placements without a reveal by seat and card id, as moves.place() keeps plain moves."""


def placement_of(seat: int, card: PilatchCard, reveal: PilatchCard | None) -> Placement:
    """A card in a trick: one shared frozen value per seat, card and revealed Keeper."""
    if reveal is None:
        entry = _PLAIN_PLACEMENTS.get((seat, id(card)))
        if entry is not None and entry[0] is card:
            return entry[1]
    key = (seat, card, reveal)
    placement = _PLACEMENTS.get(key)
    if placement is None:
        placement = _PLACEMENTS[key] = Placement(seat=seat, card=card, reveal=reveal)
    if reveal is None and len(_PLAIN_PLACEMENTS) < 4096:
        _PLAIN_PLACEMENTS[(seat, id(card))] = (card, placement)
    return placement


def deal(state: OverTrumpState) -> None:
    """Shuffle and deal all 44 cards, 11 each, starting left of the dealer."""
    deck = list(DECK)
    state.chance.shuffle(deck)
    # One card at a time from the dealer's left: seat s gets every fourth card from its turn.
    state.hands = [deck[(seat - state.dealer - 1) % SEATS :: SEATS] for seat in range(SEATS)]
    state.leader = (state.dealer + 1) % SEATS


class OverTrump(Game[OverTrumpState, PlaceCard, OverTrumpOptions]):
    """Over Trump: trick-taking in teams, where the superior suit takes the top."""

    id = "over-trump"
    name = "Over Trump"
    blurb = (
        "Two teams (seats 1 and 3 against 2 and 4) take tricks. Follow the top card's suit; "
        "without it you must place the superior suit (Rock > Scissors > Paper > Rock), which "
        "takes the top. Keepers let you keep a card. 1s are worth 10; first team to 100 wins."
    )
    seat_counts = (SEATS,)
    default_seats = SEATS
    state_model = OverTrumpState
    options_model = OverTrumpOptions
    view_model = OverTrumpView
    move_adapter = MOVE_ADAPTER
    check_state = integrity.check_state
    fast = FAST

    def __init__(self) -> None:
        """The game's tables: each move type's handler and, where it has one, its check."""
        self.handlers = {PlaceCard: self._place}
        self.checks = {PlaceCard: self._check_place}

    def new_game(self, seats: int, seed: int, options: Any = None) -> OverTrumpState:
        """A random first dealer deals the first hand."""
        chance, dealer = self.first_dealer(seats, seed)
        state = OverTrumpState(
            options=self.options(options),
            dealer=dealer,
            leader=0,
            hands=[],
            chance=chance,
        )
        deal(state)
        return state

    def is_over(self, state: OverTrumpState) -> bool:
        """Over once a team has won."""
        return state.over

    def to_act(self, state: OverTrumpState) -> list[int]:
        """The seat to place a card; nobody once the game is over."""
        return [] if state.over else [(state.leader + len(state.trick)) % SEATS]  # turn_of

    def legal_moves(self, state: OverTrumpState, seat: int) -> list[PlaceCard]:
        """Every card the seat may place, and each with a Keeper revealed where she holds one."""
        self.check_seat(state, seat)
        if state.over or seat != turn_of(state):
            return []
        hand = state.hands[seat]
        top = top_card(state.trick)
        _, allowed, keepers = placeable(hand, None if top is None else top.card)
        if state.options.table_rules:
            allowed = [c for c in hand if c.rank]
        moves = [place(c) for c in allowed]
        for keeper in keepers:
            moves += [place(c, keeper) for c in allowed]
        moves += [place(c) for c in keepers]
        return moves

    def not_a_move(self, state: OverTrumpState, seat: int, move: Any) -> str:
        """Anything but placing a card."""
        return "In Over Trump you place one card into the trick."

    def _check_place(self, state: OverTrumpState, seat: int, move: PlaceCard) -> None:
        """Refuse, with the reason in a player's words, a card the rules do not allow."""
        hand = state.hands[seat]
        card = move.card
        if card not in hand:
            raise IllegalMove(self._not_held(hand, card))
        if move.reveal is not None:
            if not move.reveal.is_joker:
                raise IllegalMove("Only a Keeper can be revealed with a card.")
            if card.is_joker:
                raise IllegalMove("Reveal a Keeper with a card of a suit, not with another Keeper.")
            if move.reveal not in hand:
                raise IllegalMove(self._not_held(hand, move.reveal))
        if card.is_joker or state.options.table_rules:
            return
        top = top_card(state.trick)
        suit, allowed, _ = placeable(hand, None if top is None else top.card)
        if card in allowed or suit is None or top is None:  # no suit to place: any card goes
            return
        name = SUIT_NAMES[suit]
        keeper = " or a Keeper" if any(c.is_joker for c in hand) else ""
        if suit is top.card.suit:
            raise IllegalMove(
                f"You hold {name}, so you must place {name}{keeper}: "
                f"the top card is {top.card.label}."
            )
        top_name = SUIT_NAMES[top.card.suit]
        raise IllegalMove(
            f"You hold no {top_name} but you hold {name}, its superior suit, so you must "
            f"place {name}{keeper}."
        )

    @staticmethod
    def _not_held(hand: list[PilatchCard], card: PilatchCard) -> str:
        """The refusal for a card not in hand, naming the Keepers she does hold."""
        if not card.is_joker:
            return f"You do not hold {card.label}."
        held = [keeper_name(c) for c in hand if c.is_joker]
        if not held:
            return "You have no Keeper."
        return f"You do not hold {keeper_name(card)}; you hold {' and '.join(held)}."

    def _place(self, state: OverTrumpState, seat: int, move: PlaceCard, events: Events) -> None:
        """Place the card; after the fourth placement settle the trick, and the hand if done."""
        card = move.card
        hand = state.hands[seat]
        hand.remove(card)
        if move.reveal is not None:
            hand.remove(move.reveal)
        shown = state.shown[seat]
        trick = state.trick
        top = top_card(trick)
        if state.options.table_rules:
            why = proven_illegal(shown, state.voids[seat], None if top is None else top.card, card)
            if why is not None:
                self._illegal_play(state, seat, card, why, events)
                return
        if shown and card in shown:
            shown.remove(card)
        placement = placement_of(seat, card, move.reveal)
        if card.is_joker:
            trick.insert(0, placement)
            where = "at the bottom"
        elif top is None:
            trick.append(placement)
            where = "on top"
        else:
            self._note_voids(state, seat, top.card, card)
            if card.suit is top.card.suit and card.rank > top.card.rank:
                trick.append(placement)
                where = "on top"
            elif card.suit is superior_suit(top.card.suit):
                trick.append(placement)
                where = f"on top ({SUIT_NAMES[card.suit]} beats {SUIT_NAMES[top.card.suit]})"
            else:
                trick.insert(0, placement)
                where = "at the bottom"
        if events is not None:
            what = "a Keeper" if card.is_joker else short(card)
            text = f"{{0}} places {what} {where}"
            if move.reveal is not None:
                text = (
                    f"{{0}} places {what}, revealing a Keeper with it: {what} lies {where} "
                    "and goes back to the hand after the trick"
                )
            events.append(Event(kind="place", text=text, seats=(seat,)))  # narrating already
        if len(trick) == SEATS:
            self._settle_trick(state, events)

    @staticmethod
    def _note_voids(state: OverTrumpState, seat: int, top: PilatchCard, card: PilatchCard) -> None:
        """A card off the top's suit shows (or claims) a void; off its superior suit too."""
        voids = state.voids[seat]
        if card.suit is top.suit:
            return
        if top.suit not in voids:
            voids.append(top.suit)
        superior = superior_suit(top.suit)
        if card.suit is not superior and superior not in voids:
            voids.append(superior)

    def _settle_trick(self, state: OverTrumpState, events: Events) -> None:
        trick = state.trick
        top = top_card(trick)
        assert top is not None  # three Keepers exist, so four placements hold a suited card
        winner = top.seat
        cards = []
        returned: list[Placement] = []
        for placement in trick:
            if placement.reveal is not None:
                state.hands[placement.seat].append(placement.card)
                state.shown[placement.seat].append(placement.card)
                returned.append(placement)
                cards.append(placement.reveal)
            else:
                cards.append(placement.card)
        team = team_of(winner)
        state.won[team].extend(cards)
        state.tricks[team] += 1
        state.last_trick[:] = trick  # lists reused in place: cheaper than new ones on a model
        trick.clear()
        state.last_winner = winner
        state.leader = winner
        if events is not None:
            points = sum(card_points(c) for c in cards)
            text = f"{{0}} wins the trick with {short(top.card)} ({points_text(points)} in it)"
            events.append(Event(kind="trick", text=text, seats=(winner,)))
            for placement in returned:
                text = (
                    f"{short(placement.card)} goes back to {{0}}'s hand; "
                    f"the Keeper goes to {TEAM_NAMES[team]} with the trick"
                )
                say(events, "return", text, placement.seat)
        if not any(state.hands):
            self._end_hand(state, events)

    def _end_hand(
        self, state: OverTrumpState, events: Events, penalty: list[int] | None = None
    ) -> None:
        kinds = [points_by_kind(state.won[t]) for t in range(2)]
        most = 0 if state.tricks[0] > state.tricks[1] else 1
        bonus = [MOST_TRICKS_BONUS if t == most else 0 for t in range(2)]
        if penalty is None:
            penalty = [0, 0]
            points = [sum(kinds[t].values()) + bonus[t] for t in range(2)]
            note = ""
        else:
            points = [-p for p in penalty]
            bonus = [0, 0]
            kinds = [{"ones": 0, "honours": 0, "keepers": 0} for _ in range(2)]
            note = "A claimed void was broken: the hand ends, and nobody else scores."
        state.scores = [state.scores[t] + points[t] for t in range(2)]
        state.history.append(
            HandSummary(
                number=state.hand_number,
                tricks=list(state.tricks),
                ones=[k["ones"] for k in kinds],
                honours=[k["honours"] for k in kinds],
                keepers=[k["keepers"] for k in kinds],
                bonus=bonus,
                penalty=penalty,
                points=points,
                totals=list(state.scores),
                note=note,
            )
        )
        if events is not None:
            text = (
                f"Hand {state.hand_number}: {{0}} & {{2}} {points[0]:+d}, "
                f"{{1}} & {{3}} {points[1]:+d} (totals {state.scores[0]} to {state.scores[1]})"
            )
            say(events, "hand", text, 0, 1, 2, 3)
        high = max(state.scores)
        if high >= TARGET and state.scores[0] != state.scores[1]:
            state.over = True
            if events is not None:
                say(events, "game-over", self.outcome(state).summary)
            return
        state.hand_number += 1
        state.dealer = (state.dealer + 1) % SEATS
        state.won = [[], []]
        state.tricks = [0, 0]
        state.voids = [[] for _ in range(SEATS)]
        state.shown = [[] for _ in range(SEATS)]
        state.trick = []
        deal(state)
        say(events, "deal", f"Hand {state.hand_number}: {{0}} deals", state.dealer)

    def _illegal_play(
        self, state: OverTrumpState, seat: int, card: PilatchCard, why: str, events: Events
    ) -> None:
        """Table rules: a placement public information proves illegal ends the hand."""
        penalty = [0, 0]
        penalty[team_of(seat)] = ILLEGAL_PLAY_PENALTY
        for hand in state.hands:
            hand.clear()
        state.trick = []
        text = f"{{0}} places {short(card)} {why}: an illegal play, -{ILLEGAL_PLAY_PENALTY}"
        say(events, "illegal", text, seat)
        self._end_hand(state, events, penalty=penalty)

    def view(self, state: OverTrumpState, seat: int | None) -> OverTrumpView:
        """The trick, tricks, points and voids are public; a seat sees only its own hand."""
        self.check_seat(state, seat, spectator=True)
        trick = state.trick
        top = top_card(trick)
        return OverTrumpView(
            **self.seat_view(state, seat),
            dealer=state.dealer,
            hand_number=state.hand_number,
            turn=turn_of(state),
            leader=state.leader,
            trick=list(trick),
            top=None if top is None else len(trick) - 1,
            trick_suit=None if top is None else top.card.suit,
            tricks=list(state.tricks),
            hand_points=[sum(card_points(c) for c in state.won[t]) for t in range(2)],
            scores=list(state.scores),
            last_trick=list(state.last_trick),
            last_winner=state.last_winner,
            voids=[list(v) for v in state.voids],
            shown=[list(s) for s in state.shown],
            gone=state.won[0] + state.won[1],
            history=list(state.history),
            teams=TEAMS,
            table_rules=state.options.table_rules,
            void_tracker=state.options.void_tracker,
        )

    def outcome(self, state: OverTrumpState) -> Outcome:
        """The game's points per team; the first past 100 (the higher if both) wins."""
        scores = state.scores
        winners: list[int] = []
        if state.over:
            best = 0 if scores[0] > scores[1] else 1
            winners = sorted(TEAMS[best])
            summary = f"{TEAM_NAMES[best]} wins, {max(scores)} to {min(scores)}."
        else:
            game = f"game score Team A {scores[0]}, Team B {scores[1]}"
            summary = f"Hand {state.hand_number}; {game}."
        return Outcome(
            scores=[scores[team_of(s)] for s in range(SEATS)],
            teams=TEAMS,
            team_scores=list(scores),
            team_names=TEAM_NAMES,
            winners=winners,
            reason=EndReason.TARGET_REACHED if state.over else None,
            summary=summary,
        )

    def cards(self, state: OverTrumpState) -> list[PilatchCard]:
        """Every card: hands, the trick (with revealed Keepers) and both teams' won cards."""
        found = [c for hand in state.hands for c in hand]
        for placement in state.trick:
            found.append(placement.card)
            if placement.reveal is not None:
                found.append(placement.reveal)
        found += [c for cards in state.won for c in cards]
        return found

    def explain(
        self, state: OverTrumpState, seat: int | None, names: list[str] | None = None
    ) -> str:
        """What the seat can do now, in words."""
        self.check_seat(state, seat, spectator=True)
        if state.over:
            return f"The game is over. {self.outcome(state).summary}"
        if seat is None or seat != turn_of(state):
            return self.waiting_for(state, names, "place a card")
        hand = state.hands[seat]
        top = top_card(state.trick)
        keeper = " or a Keeper" if any(c.is_joker for c in hand) else ""
        if state.options.table_rules:
            return "Table rules: any card goes, but a placement proven illegal costs your team 50."
        if top is None:
            lead = (
                "You lead: place any card"
                if not state.trick
                else "Only Keepers lie here: place any card"
            )
            return f"{lead}; a suited card becomes the top."
        suit = placeable(hand, top.card)[0]
        top_name = SUIT_NAMES[top.card.suit]
        if suit is top.card.suit:
            return (
                f"Top card {short(top.card)}: place {top_name}{keeper}; "
                f"a higher {top_name} takes the top."
            )
        if suit is not None:
            name = SUIT_NAMES[suit]
            return (
                f"No {top_name} in your hand: you must place {name}{keeper}, and it takes the top."
            )
        superior = SUIT_NAMES[superior_suit(top.card.suit)]
        return f"No {top_name} and no {superior}: place any card; it goes to the bottom."
