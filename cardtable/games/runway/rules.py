"""The rules of Runway (RULES.md, "Runway"), behind the game contract."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from typing import Any

from cardtable.cards import Direction, DirectionCard, PilatchCard, PilatchSuit
from cardtable.engine import Chance, EndReason, Events, Game, IllegalMove, Move, Outcome, say
from cardtable.engine.words import plural
from cardtable.games.runway import integrity
from cardtable.games.runway import moves as mv
from cardtable.games.runway.moves import MOVE_ADAPTER, End, RunwayMove
from cardtable.games.runway.refusals import refusal
from cardtable.games.runway.runs import (
    counted,
    edge,
    extend,
    fits,
    is_pending,
    leading_ends,
    next_rank,
    start,
)
from cardtable.games.runway.scoring import LONGEST_RUN, MATCH_TARGET, SPECIAL_ACTION_DRAW, x_for
from cardtable.games.runway.session import (
    can_draw_from_deck,
    clear_run,
    deal_game,
    directions_in_hand,
    draw_cards,
    end_by_longest_run,
    end_turn,
    may_wrap,
    pecking,
    players_in,
    run_grew,
    win,
)
from cardtable.games.runway.state import (
    HandCard,
    Phase,
    RunCard,
    RunwayOptions,
    RunwayState,
    RunwayView,
    TradeOffer,
    Triple,
)
from cardtable.games.runway.teaching import cards_of, explain

SEAT_COUNTS = (2, 3, 4, 5)
SUITS = tuple(PilatchSuit)


def distinct(cards: list[Any]) -> list[Any]:
    """Each different card once, in the order first met (several decks hold copies)."""
    return list(dict.fromkeys(cards))


def spare(hand: list[HandCard], taken: list[HandCard], card: HandCard) -> bool:
    """True if the hand holds `card` beyond the copies already in `taken`."""
    return hand.count(card) > taken.count(card)


def triples_in(hand: list[HandCard]) -> list[mv.PlayTriple]:
    """Every triple the hand can make: one card of each suit of one rank, Jokers for their own
    suit, at least one natural card."""
    naturals: dict[int, dict[PilatchSuit, PilatchCard]] = {}
    jokers: dict[PilatchSuit, PilatchCard] = {}
    for card in hand:
        if isinstance(card, PilatchCard):
            if card.is_joker:
                jokers[card.suit] = card
            else:
                naturals.setdefault(card.rank, {})[card.suit] = card
    found = []
    for rank, by_suit in sorted(naturals.items()):
        choices = []
        for suit in SUITS:
            options = [c for c in (by_suit.get(suit), jokers.get(suit)) if c is not None]
            choices.append(options)
        for combo in product(*choices):
            if any(not c.is_joker for c in combo):
                found.append(mv.PlayTriple(cards=combo, rank=rank))  # type: ignore[arg-type]
    return found


class Runway(Game[RunwayState, RunwayMove, RunwayOptions]):
    """Runway: build a run of one suit, up or down, while triples buy special actions."""

    id = "runway"
    name = "Runway"
    blurb = (
        "Be first to build a run of X cards of one suit (6 with 2-3 players, 5 with 4-5), going "
        "the way your direction card says. Each turn: draw (deck or bin), build (your run, "
        "triples for special actions), discard down to X."
    )
    seat_counts = SEAT_COUNTS
    default_seats = 2
    state_model = RunwayState
    options_model = RunwayOptions
    view_model = RunwayView
    move_adapter = MOVE_ADAPTER
    check_state = integrity.check_state

    def __init__(self) -> None:
        """The game's tables: each move type's handler and, where it has one, its check."""
        self.handlers = {
            mv.DrawFromDeck: self._draw,
            mv.TakeFromBin: self._take,
            mv.StopTaking: self._stop_taking,
            mv.StartRun: self._start,
            mv.AddToRun: self._add,
            mv.PlayTriple: self._triple,
            mv.ReplaceJoker: self._replace,
            mv.DrawThree: self._draw_three,
            mv.FlipDirections: self._flip,
            mv.LookAtHand: self._look,
            mv.SwapCards: self._swap,
            mv.StopLooking: self._stop_looking,
            mv.RaiseHandLimit: self._hand_size,
            mv.ReshuffleAll: self._reshuffle,
            mv.ExtraTurn: self._extra_turn,
            mv.LengthenRun: self._lengthen,
            mv.RevealDuplicates: self._duplicates,
            mv.Trounce: self._trounce,
            mv.OfferTrade: self._offer,
            mv.OfferCard: self._offer_card,
            mv.AskCard: self._ask_card,
            mv.SendOffer: self._send_offer,
            mv.WithdrawOffer: self._withdraw,
            mv.AcceptTrade: self._accept,
            mv.DeclineTrade: self._decline,
            mv.GiveCard: self._give,
            mv.EndBuild: self._end_build,
            mv.RecycleRun: self._recycle,
            mv.Discard: self._discard,
            mv.EndTurn: self._end_turn,
        }

    # Setting up

    def new_game(self, seats: int, seed: int, options: Any = None) -> RunwayState:
        """Directions tossed, a random first player, X cards each."""
        self.check_seats(seats)
        opts = self.options(options)
        chance = Chance.seeded(seed)
        state = RunwayState(
            options=opts,
            seats=seats,
            x=x_for(seats, opts.decks),
            order=list(range(seats)),
            active=0,
            phase=Phase.DRAW,
            hands=[],
            deck=[],
            runs=[],
            directions=[],
            needed=[],
            hand_limits=[],
            wins=[0] * seats,
            scores=[0] * seats,
            chance=chance,
        )
        deal_game(state, chance.below(seats))
        return state

    def is_over(self, state: RunwayState) -> bool:
        """Over once the session (one game, or several) has ended."""
        return state.over

    def to_act(self, state: RunwayState) -> list[int]:
        """The active player; the opponent while she answers a trade offer."""
        if state.over:
            return []
        if state.phase in (Phase.ANSWERING, Phase.GIVING) and state.offer is not None:
            return [state.offer.to]
        return [state.active]

    # Legal moves

    def legal_moves(self, state: RunwayState, seat: int) -> list[RunwayMove]:
        """Every move the seat may make now, for the phase the turn is in."""
        self.check_seat(state, seat)
        if seat not in self.to_act(state):
            return []
        phase = state.phase
        hand = state.hands[seat]
        if phase is Phase.DRAW:
            found: list[Any] = [mv.DRAW] if can_draw_from_deck(state) else []
            return found + [mv.TakeFromBin(card=c) for c in distinct(state.bin)]
        if phase is Phase.TAKING:
            return [*(mv.TakeFromBin(card=c) for c in distinct(state.bin)), mv.STOP_TAKING]
        if phase is Phase.BUILD:
            return self._build_moves(state, seat)
        if phase is Phase.LOOKING:
            assert state.looking_at is not None
            theirs = distinct(state.hands[state.looking_at])
            swaps: list[Any] = [
                mv.SwapCards(mine=m, theirs=t) for m in distinct(hand) for t in theirs
            ]
            return swaps + [mv.STOP_LOOKING]
        offer = state.offer
        if phase is Phase.OFFERING:
            assert offer is not None
            found = [mv.OfferCard(card=c) for c in distinct(hand) if spare(hand, offer.give, c)]
            if offer.ask < len(state.hands[offer.to]):
                found.append(mv.ASK_CARD)
            if offer.give or offer.ask:
                found.append(mv.SEND_OFFER)
            return found + [mv.WITHDRAW]
        if phase is Phase.ANSWERING:
            return [mv.ACCEPT, mv.DECLINE]
        if phase is Phase.GIVING:
            assert offer is not None
            return [mv.GiveCard(card=c) for c in distinct(hand) if spare(hand, offer.given, c)]
        # Discard phase
        found = [mv.RECYCLE] if state.runs[seat] else []
        if len(hand) > state.hand_limits[seat]:
            return found + [mv.Discard(card=c) for c in distinct(hand)]
        return found + [mv.END_TURN]

    def _build_moves(self, state: RunwayState, seat: int) -> list[RunwayMove]:
        opts = state.options
        hand = state.hands[seat]
        run = state.runs[seat]
        cards = distinct([c for c in hand if isinstance(c, PilatchCard)])
        found: list[Any] = []
        if not run:
            if directions_in_hand(state):
                if any(isinstance(c, DirectionCard) for c in hand):
                    found += [mv.StartRun(card=c, direction=d) for c in cards for d in Direction]
            else:
                found += [mv.StartRun(card=c) for c in cards]
        else:
            found += self._additions(state, seat, cards)
        found += triples_in(hand)
        found += self._replacements(state, cards)
        if state.actions:
            found += self._special_actions(state, seat)
        if opts.decks > 1:
            copies = Counter(cards for cards in hand if isinstance(cards, PilatchCard))
            for card, count in copies.items():
                found += [mv.RevealDuplicates(card=card, count=k) for k in range(2, count + 1)]
        if opts.trounce and not state.trounced:
            found += self._trounces(state, seat, cards)
        if opts.trading:
            found += [mv.OfferTrade(seat=s) for s in players_in(state) if s != seat]
        found.append(mv.END_BUILD)
        return found

    def _additions(
        self, state: RunwayState, seat: int, cards: list[PilatchCard]
    ) -> list[mv.AddToRun]:
        run = state.runs[seat]
        wrap = may_wrap(state, len(run))
        found = []
        for end in leading_ends(state.directions[seat]):
            for card in cards:
                if fits(run, card, None, end, wrap):
                    found.append(mv.AddToRun(card=card, end=end))
            for triple in state.common:
                for card in distinct(triple.cards):
                    if not is_pending(run) and fits(run, card, triple.rank, end, wrap):
                        found.append(mv.AddToRun(card=card, end=end, from_common=True))
        return distinct(found)

    @staticmethod
    def _replacements(state: RunwayState, cards: list[PilatchCard]) -> list[mv.ReplaceJoker]:
        found = []
        for card in cards:
            if card.is_joker:
                continue
            for owner, run in enumerate(state.runs):
                if any(
                    e.card.is_joker and e.card.suit is card.suit and e.rank == card.rank
                    for e in run
                ):
                    found.append(mv.ReplaceJoker(card=card, run_of=owner))
            if any(
                t.rank == card.rank and any(c.is_joker and c.suit is card.suit for c in t.cards)
                for t in state.common
            ):
                found.append(mv.ReplaceJoker(card=card, run_of=None))
        return found

    @staticmethod
    def _special_actions(state: RunwayState, seat: int) -> list[Any]:
        found: list[Any] = []
        if can_draw_from_deck(state):
            found.append(mv.DRAW_THREE)
        flippable = [s for s, d in enumerate(state.directions) if d is not None]
        for size in range(1, len(flippable) + 1):
            found += [mv.FlipDirections(seats=c) for c in combinations(flippable, size)]
        opponents = [s for s in players_in(state) if s != seat]
        found += [mv.LookAtHand(seat=s) for s in opponents if state.hands[s]]
        if state.options.especially_special:
            found += [mv.RAISE_HAND_LIMIT, mv.RESHUFFLE, mv.EXTRA_TURN]
            found += [mv.LengthenRun(seat=s) for s in opponents if state.needed[s] < LONGEST_RUN]
        return found

    @staticmethod
    def _trounces(state: RunwayState, seat: int, cards: list[PilatchCard]) -> list[mv.Trounce]:
        found = []
        for opponent in players_in(state):
            run = state.runs[opponent]
            if opponent == seat or not run or is_pending(run):
                continue
            for end in leading_ends(state.directions[opponent]):
                target = edge(run, end)
                for card in cards:
                    if (
                        not card.is_joker
                        and card.rank == target.rank
                        and card.suit is target.card.suit.superior
                    ):
                        found.append(mv.Trounce(seat=opponent, card=card))
        return distinct(found)

    # Checking

    def not_your_turn(self, state: RunwayState, seat: int, move: RunwayMove) -> str:
        """While a trade offer is answered, everyone else waits for that."""
        if state.phase in (Phase.ANSWERING, Phase.GIVING):
            return "Wait: a trade offer is being answered."
        return "It is not your turn."

    def check_move(self, state: RunwayState, seat: int, move: RunwayMove) -> None:
        """Refuse, with the reason in a player's words, anything the rules do not allow: a
        move is allowed when it is one of the legal moves, else `refusals` says why not."""
        if not isinstance(move, Move) or move not in self.legal_moves(state, seat):
            raise IllegalMove(refusal(state, seat, move))

    # Playing

    def make(self, state: RunwayState, seat: int, move: RunwayMove, events: Events) -> None:
        """Make a checked move; the deck's end can end the game at once (an option)."""
        Game.make(self, state, seat, move, events)  # cheaper than super() on this hot path
        if not state.deck and state.options.deck_ends_game and not state.over:
            # Points' choice: the moment the deck is empty, before anything more is done.
            end_by_longest_run(state, EndReason.ALL_CARDS_PLAYED, "The deck is empty", events)

    # Draw phase

    def _draw(self, state: RunwayState, seat: int, move: Any, events: Events) -> None:
        draw_cards(state, seat, 1)
        state.drew_from_deck = True
        state.phase = Phase.BUILD
        say(events, "draw", "{0} draws from the deck", seat)

    def _take(self, state: RunwayState, seat: int, move: mv.TakeFromBin, events: Events) -> None:
        state.bin.remove(move.card)
        state.hands[seat].append(move.card)
        state.phase = Phase.TAKING if state.bin else Phase.BUILD
        say(events, "take", f"{{0}} takes {move.card.short} from the bin", seat)

    def _stop_taking(self, state: RunwayState, seat: int, move: Any, events: Events) -> None:
        state.phase = Phase.BUILD

    # Build phase: the run

    def _added_to_run(self, state: RunwayState, seat: int, card: PilatchCard) -> None:
        run_grew(state, seat)
        if state.options.speed_up and state.drew_from_deck and not card.is_joker:
            draw_cards(state, seat, 1)

    def _start(self, state: RunwayState, seat: int, move: mv.StartRun, events: Events) -> None:
        hand = state.hands[seat]
        hand.remove(move.card)
        if move.direction is not None:
            hand.remove(DirectionCard())
            state.directions[seat] = move.direction
        state.runs[seat] = start(move.card)
        way = f" going {move.direction}" if move.direction is not None else ""
        say(events, "start", f"{{0}} starts a run with {move.card.short}{way}", seat)
        self._added_to_run(state, seat, move.card)

    def _add(self, state: RunwayState, seat: int, move: mv.AddToRun, events: Events) -> None:
        run = state.runs[seat]
        card = move.card
        if move.from_common:
            target = None if is_pending(run) else self._next_rank(state, seat, move.end)
            self._take_from_common(state, card, target)
        else:
            state.hands[seat].remove(card)
        extend(run, card, move.end, may_wrap(state, len(run)))
        source = " from the common area" if move.from_common else ""
        shown = edge(run, move.end).short
        say(events, "add", f"{{0}} adds {shown}{source} to her run ({counted(run)})", seat)
        self._added_to_run(state, seat, card)

    def _next_rank(self, state: RunwayState, seat: int, end: End) -> int | None:
        run = state.runs[seat]
        return next_rank(run, end, may_wrap(state, len(run)))

    @staticmethod
    def _take_from_common(state: RunwayState, card: PilatchCard, rank: int | None) -> None:
        for triple in state.common:
            if card in triple.cards and (not card.is_joker or triple.rank == rank):
                triple.cards.remove(card)
                if not triple.cards:
                    state.common.remove(triple)
                return
        raise AssertionError("checked: the card is in the common area")

    def _triple(self, state: RunwayState, seat: int, move: mv.PlayTriple, events: Events) -> None:
        hand = state.hands[seat]
        for card in move.cards:
            hand.remove(card)
        state.common.append(Triple(owner=seat, rank=move.rank, cards=list(move.cards)))
        state.actions += 1
        shown = " ".join(c.short for c in move.cards)
        say(events, "triple", f"{{0}} plays the triple {shown}: one special action", seat)

    def _replace(
        self, state: RunwayState, seat: int, move: mv.ReplaceJoker, events: Events
    ) -> None:
        card = move.card
        hand = state.hands[seat]
        hand.remove(card)
        if move.run_of is None:
            triple, joker = next(
                (triple, c)
                for triple in state.common
                if triple.rank == card.rank
                for c in triple.cards
                if c.is_joker and c.suit is card.suit
            )
            triple.cards[triple.cards.index(joker)] = card
            where = "the common area"
        else:
            run = state.runs[move.run_of]
            i = next(
                i
                for i, e in enumerate(run)
                if e.card.is_joker and e.card.suit is card.suit and e.rank == card.rank
            )
            joker = run[i].card
            run[i] = RunCard(card=card, rank=card.rank)
            where = "{0}'s run" if move.run_of != seat else "her run"
        hand.append(joker)
        seats = (move.run_of, seat) if move.run_of not in (None, seat) else (seat, seat)
        text = f"{{1}} puts {card.short} in place of the Joker in {where}; the Joker goes to hand"
        say(events, "replace", text, *seats)

    # Build phase: special actions

    def _use_action(self, state: RunwayState) -> None:
        state.actions -= 1

    def _draw_three(self, state: RunwayState, seat: int, move: Any, events: Events) -> None:
        self._use_action(state)
        got = draw_cards(state, seat, SPECIAL_ACTION_DRAW)
        say(events, "action", f"{{0}} draws {plural(got, 'card')} (special action)", seat)

    def _flip(self, state: RunwayState, seat: int, move: mv.FlipDirections, events: Events) -> None:
        self._use_action(state)
        for s in move.seats:
            direction = state.directions[s]
            assert direction is not None
            state.directions[s] = direction.other
        names = ", ".join(f"{{{i}}} now {state.directions[s]}" for i, s in enumerate(move.seats))
        say(events, "flip", f"Flipped: {names}", *move.seats)

    def _look(self, state: RunwayState, seat: int, move: mv.LookAtHand, events: Events) -> None:
        self._use_action(state)
        state.looking_at = move.seat
        state.phase = Phase.LOOKING
        say(events, "look", "{0} looks at {1}'s hand (special action)", seat, move.seat)

    def _swap(self, state: RunwayState, seat: int, move: mv.SwapCards, events: Events) -> None:
        other = state.looking_at
        assert other is not None
        state.hands[seat].remove(move.mine)
        state.hands[other].remove(move.theirs)
        state.hands[seat].append(move.theirs)
        state.hands[other].append(move.mine)
        state.looking_at = None
        state.phase = Phase.BUILD
        say(events, "swap", "{0} swaps a card with {1}", seat, other)

    def _stop_looking(self, state: RunwayState, seat: int, move: Any, events: Events) -> None:
        other = state.looking_at
        state.looking_at = None
        state.phase = Phase.BUILD
        if other is not None:
            say(events, "look", "{0} hands {1}'s cards back without a swap", seat, other)

    def _hand_size(self, state: RunwayState, seat: int, move: Any, events: Events) -> None:
        self._use_action(state)
        state.hand_limits[seat] += 1
        limit = state.hand_limits[seat]
        say(events, "action", f"{{0}} may now keep {plural(limit, 'card')} (special action)", seat)

    def _reshuffle(self, state: RunwayState, seat: int, move: Any, events: Events) -> None:
        self._use_action(state)
        deck = state.deck
        deck += state.bin
        state.bin = []
        for triple in state.common:
            deck += triple.cards
        state.common = []
        players = players_in(state)
        for s in players:
            deck += state.hands[s]
            state.hands[s] = []
        state.chance.shuffle(deck)
        start_at = players.index(seat)
        for s in players[start_at:] + players[:start_at]:
            draw_cards(state, s, state.x)
        text = (
            "{0} shuffles the bin, the common area and every hand into the deck; "
            f"everyone draws {state.x}"
        )
        say(events, "action", text, seat)

    def _extra_turn(self, state: RunwayState, seat: int, move: Any, events: Events) -> None:
        self._use_action(state)
        state.extra_turns += 1
        say(events, "action", "{0} will take another turn after this one (special action)", seat)

    def _lengthen(
        self, state: RunwayState, seat: int, move: mv.LengthenRun, events: Events
    ) -> None:
        self._use_action(state)
        state.needed[move.seat] += 1
        need = state.needed[move.seat]
        say(
            events,
            "action",
            f"{{1}} now needs {plural(need, 'run card')} (special action by {{0}})",
            seat,
            move.seat,
        )

    # Build phase: Multiple Decks, Trounce

    def _duplicates(
        self, state: RunwayState, seat: int, move: mv.RevealDuplicates, events: Events
    ) -> None:
        hand = state.hands[seat]
        for _ in range(move.count):
            hand.remove(move.card)
        state.deck[:0] = [move.card] * (move.count - 1)
        state.bin.append(move.card)
        got = draw_cards(state, seat, move.count)
        text = f"{{0}} reveals {move.count}× {move.card.short}: one to the bin, draws {got}"
        say(events, "duplicates", text, seat)

    def _trounce(self, state: RunwayState, seat: int, move: mv.Trounce, events: Events) -> None:
        card = move.card
        state.trounced = True
        theirs = state.runs[move.seat]
        for end in leading_ends(state.directions[move.seat]):
            target = edge(theirs, end)
            if target.rank == card.rank and card.suit is target.card.suit.superior:
                # The leading edge is a place in the run: a wrapped run may hold its twin.
                theirs.pop(-1 if end is End.HIGH else 0)
                break
        if not theirs:
            clear_run(state, move.seat)  # More Control: her direction card comes back to hand
        state.hands[seat].remove(card)
        own = state.runs[seat]
        kept = ""
        for end in leading_ends(state.directions[seat]):
            if own and fits(own, card, None, end, may_wrap(state, len(own))):
                extend(own, card, end, may_wrap(state, len(own)))
                self._added_to_run(state, seat, card)
                kept = ", which stays on her run"
                break
        else:
            state.bin.append(card)
        if target.card.is_joker:
            state.hands[seat].append(target.card)
            gone = "the Joker goes to her hand"
        else:
            state.bin.append(target.card)
            gone = f"{target.short} goes to the bin"
        text = f"{{0}} trounces {{1}}'s {target.short} with {card.short}{kept}; {gone}"
        say(events, "trounce", text, seat, move.seat)

    # Build phase: trading

    def _offer(self, state: RunwayState, seat: int, move: mv.OfferTrade, events: Events) -> None:
        state.offer = TradeOffer(by=seat, to=move.seat)
        state.phase = Phase.OFFERING

    def _offer_card(
        self, state: RunwayState, seat: int, move: mv.OfferCard, events: Events
    ) -> None:
        assert state.offer is not None
        state.offer.give.append(move.card)

    def _ask_card(self, state: RunwayState, seat: int, move: Any, events: Events) -> None:
        assert state.offer is not None
        state.offer.ask += 1

    def _send_offer(self, state: RunwayState, seat: int, move: Any, events: Events) -> None:
        offer = state.offer
        assert offer is not None
        state.phase = Phase.ANSWERING
        give, asked = cards_of(len(offer.give), "her"), cards_of(offer.ask, "{1}'s")
        text = "{0} offers {1} " + give + " for " + asked  # {1}: the name of the one asked
        say(events, "offer", text, seat, offer.to)

    def _withdraw(self, state: RunwayState, seat: int, move: Any, events: Events) -> None:
        state.offer = None
        state.phase = Phase.BUILD

    def _decline(self, state: RunwayState, seat: int, move: Any, events: Events) -> None:
        assert state.offer is not None
        say(events, "trade", "{0} declines {1}'s offer", seat, state.offer.by)
        state.offer = None
        state.phase = Phase.BUILD

    def _accept(self, state: RunwayState, seat: int, move: Any, events: Events) -> None:
        offer = state.offer
        assert offer is not None
        say(events, "trade", "{0} accepts {1}'s offer", seat, offer.by)
        if offer.ask:
            state.phase = Phase.GIVING
        else:
            self._exchange(state, events)

    def _give(self, state: RunwayState, seat: int, move: mv.GiveCard, events: Events) -> None:
        offer = state.offer
        assert offer is not None
        offer.given.append(move.card)
        if len(offer.given) == offer.ask:
            self._exchange(state, events)

    @staticmethod
    def _exchange(state: RunwayState, events: Events) -> None:
        offer = state.offer
        assert offer is not None
        mine, theirs = state.hands[offer.by], state.hands[offer.to]
        for card in offer.give:
            mine.remove(card)
            theirs.append(card)
        for card in offer.given:
            theirs.remove(card)
            mine.append(card)
        gave, got = cards_of(len(offer.give)), cards_of(len(offer.given))
        text = f"{{0}} and {{1}} trade: {{0}} gives {gave} and gets {got}"
        say(events, "trade", text, offer.by, offer.to)
        state.offer = None
        state.phase = Phase.BUILD

    # End of the build phase, discard phase

    def _end_build(self, state: RunwayState, seat: int, move: Any, events: Events) -> None:
        state.actions = 0
        run = state.runs[seat]
        if not state.options.biggest_run_wins and counted(run) >= state.needed[seat]:
            say(events, "win", f"{{0}} completes a run of {counted(run)}", seat)
            win(state, seat, events)
            return
        if state.on_extra_turn:
            state.deck += state.hands[seat]
            state.deck += [e.card for e in run]
            state.hands[seat] = []
            run.clear()
            if directions_in_hand(state) and state.directions[seat] is not None:
                state.directions[seat] = None
                state.deck.append(DirectionCard())
            state.chance.shuffle(state.deck)
            text = "{0} did not win on the extra turn: her hand and run go into the deck"
            say(events, "extra-turn", text, seat)
        state.phase = Phase.DISCARD

    def _recycle(self, state: RunwayState, seat: int, move: Any, events: Events) -> None:
        state.bin += clear_run(state, seat)
        say(events, "recycle", "{0} puts her run in the bin", seat)

    def _discard(self, state: RunwayState, seat: int, move: mv.Discard, events: Events) -> None:
        state.hands[seat].remove(move.card)
        state.bin.append(move.card)
        say(events, "discard", f"{{0}} discards {move.card.short}", seat)

    def _end_turn(self, state: RunwayState, seat: int, move: Any, events: Events) -> None:
        end_turn(state, events)

    # Seeing

    def seen_hands(self, state: RunwayState, seat: int | None) -> list[int]:
        """Her own hand, and the hand she is looking at with a special action."""
        if seat is None:
            return []
        if state.phase is Phase.LOOKING and seat == state.active and state.looking_at is not None:
            return [seat, state.looking_at]
        return [seat]

    def view(self, state: RunwayState, seat: int | None) -> RunwayView:
        """Runs, the common area, the bin and directions are public; hands are private."""
        self.check_seat(state, seat, spectator=True)
        peek = None
        if state.phase is Phase.LOOKING and seat == state.active and state.looking_at is not None:
            peek = list(state.hands[state.looking_at])
        offer = state.offer
        shown_offer = None
        if offer is not None and seat in (offer.by, offer.to):
            shown_offer = offer.model_copy(deep=True)
            if seat == offer.by:
                shown_offer.given = []
        return RunwayView(
            **self.seat_view(state, seat),
            active=state.active,
            phase=state.phase,
            x=state.x,
            game_number=state.game_number,
            order=list(state.order),
            runs=[list(r) for r in state.runs],
            directions=list(state.directions),
            needed=list(state.needed),
            hand_limits=list(state.hand_limits),
            common=[t.model_copy(deep=True) for t in state.common],
            bin=list(state.bin),
            deck_size=len(state.deck),
            actions=state.actions,
            looking_at=state.looking_at,
            peek=peek,
            offer=shown_offer,
            trading=[] if offer is None else [offer.by, offer.to],
            trounced=state.trounced,
            drew_from_deck=state.drew_from_deck,
            out=list(state.out),
            wins=list(state.wins),
            scores=list(state.scores),
            history=list(state.history),
            options=state.options,
        )

    # Results

    def outcome(self, state: RunwayState) -> Outcome:
        """Points (to 500), games won in a session, or in a single game the run cards each
        player has; the winners once it is over."""
        opts = state.options
        n = state.seats
        if opts.scores_points:
            label, totals = "Points", list(state.scores)
        elif opts.games > 1 or pecking(state):
            label, totals = "Games won", list(state.wins)
        else:
            label, totals = "Run cards", [counted(run) for run in state.runs]
        winners: list[int] = []
        if state.over:
            if opts.scores_points or opts.games > 1:
                best = max(totals)
                winners = [s for s in range(n) if totals[s] == best]
            else:
                last = state.history[-1]
                winners = list(last.winners or last.drawn)  # a draw: the tied seats share it
        return Outcome(
            scores=totals,
            teams=[[s] for s in range(n)],
            team_scores=totals,
            winners=winners,
            reason=EndReason(state.end_reason) if state.end_reason else None,
            summary=self._summary(state),
            score_label=label,
        )

    @staticmethod
    def _summary(state: RunwayState) -> str:
        opts = state.options
        session = opts.scores_points or opts.games > 1
        if state.over:
            if session:
                return f"The session is over after {plural(state.game_number, 'game')}."
            why = state.history[-1].reason
            return why[0].upper() + why[1:] + "."
        if opts.scores_points:
            return f"Game {state.game_number}; first to {MATCH_TARGET} points."
        if session:
            return f"Game {state.game_number} of {opts.games}."
        if opts.biggest_run_wins:
            return f"The longest run wins when the deck runs out; deck {len(state.deck)}."
        return f"Runs of {state.x} win; deck {len(state.deck)}."

    def cards(self, state: RunwayState) -> list[Any]:
        """Every card: hands, deck, bin, common area, runs, and direction cards in play under
        More Control (where they are also cards that can be held)."""
        found: list[Any] = [c for hand in state.hands for c in hand]
        found += state.deck
        found += state.bin
        found += [c for t in state.common for c in t.cards]
        found += [e.card for run in state.runs for e in run]
        if directions_in_hand(state):
            found += [DirectionCard() for d in state.directions if d is not None]
        return found

    # Teaching

    def explain(self, state: RunwayState, seat: int | None, names: list[str] | None = None) -> str:
        """What the seat can do now, in words."""
        self.check_seat(state, seat, spectator=True)
        if not state.over and seat not in self.to_act(state):
            answering = state.phase in (Phase.ANSWERING, Phase.GIVING)
            return self.waiting_for(state, names, "answer a trade offer" if answering else "play")
        return explain(state, seat)
