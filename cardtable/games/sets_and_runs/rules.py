"""The rules of Sets and Runs (RULES.md, "Sets and Runs"), behind the game contract."""

from __future__ import annotations

from bisect import insort
from typing import Any

from cardtable.cards import Card, standard_deck
from cardtable.engine import EndReason, Events, Game, IllegalMove, Move, Outcome, say
from cardtable.engine.claims import CLAIM, LET_GO, Claim, ClaimWindow, LetGo
from cardtable.engine.words import plural
from cardtable.games.sets_and_runs import integrity, teaching
from cardtable.games.sets_and_runs import moves as mv
from cardtable.games.sets_and_runs.contracts import (
    BUYS_PER_ROUND,
    DEAL,
    DECKS,
    JOKERS,
    ROUNDS,
    contract_for,
)
from cardtable.games.sets_and_runs.fast import FAST
from cardtable.games.sets_and_runs.melds import (
    JOKER,
    add,
    add_ends,
    add_refusal,
    fits_table,
    hand_melds,
    make_meld,
    meld_refusal,
    meld_taking,
    remember_cards,
    swap_index,
    swap_refusal,
)
from cardtable.games.sets_and_runs.scoring import hand_points, lowest
from cardtable.games.sets_and_runs.state import (
    Phase,
    RoundResult,
    SetsAndRunsOptions,
    SetsAndRunsState,
    SetsAndRunsView,
    sorted_hand,
    table_order,
)
from cardtable.games.sets_and_runs.taken import played, took

DECK: tuple[Card, ...] = tuple(standard_deck(decks=DECKS, jokers=JOKERS))
"""The 108 cards, in a fixed order before each round's shuffle."""
remember_cards(DECK)

MOVES_BY_PHASE: dict[tuple[Phase, bool], tuple[type[Move], ...]] = {
    (Phase.WINDOW, True): (mv.TakeDiscard, mv.DrawStock),
    (Phase.WINDOW, False): (Claim, LetGo),
    (Phase.PLAY, True): (mv.LayMeld, mv.TakeBack, mv.AddTo, mv.Swap, mv.Discard),
}
"""The moves a seat to act may make in each phase, by whether it is her turn: in a window the
next player draws (the discard or the stock) and the others buy or let the card go; in play the
next player lays down, plays on the melds and discards."""


def take_in(hand: list[Card], card: Card) -> None:
    """Put `card` into `hand` at its place in table order.

    Hands are kept in table order, as the player sees hers: the legal moves and the playable
    cards follow the hand's order, so a seat's view (always in table order) then fixes them,
    and a world the strong bot deals from that view offers the very same moves."""
    insort(hand, card, key=table_order)


def playable(state: SetsAndRunsState, seat: int) -> list[Card]:
    """The cards of `seat`'s hand that could be played on the table (none before she has laid
    down): these she may not discard."""
    if not state.laid_down[seat]:
        return []
    melds = state.melds
    return [c for c in dict.fromkeys(state.hands[seat]) if fits_table(melds, c)]


def contract_left(state: SetsAndRunsState) -> tuple[int, int]:
    """The sets and runs the lay-down being built still needs."""
    contract = contract_for(state.round)
    runs = sum(1 for m in state.pending if m.run)
    return contract.sets - (len(state.pending) - runs), contract.runs - runs


class SetsAndRuns(Game[SetsAndRunsState, mv.SetsAndRunsMove, SetsAndRunsOptions]):
    """Sets and Runs: seven contracts of sets and runs, buys, floating, the lowest total wins."""

    id = "sets-and-runs"
    name = "Sets and Runs"
    blurb = (
        "Seven rounds, each with a contract of sets and runs to lay down; then play off the "
        "melds on the table and go out on a discard. Buy discards out of turn; Jokers are wild. "
        "The lowest total wins."
    )
    seat_counts = (3, 4, 5, 6)
    default_seats = 4
    state_model = SetsAndRunsState
    options_model = SetsAndRunsOptions
    view_model = SetsAndRunsView
    move_adapter = mv.MOVE_ADAPTER
    check_state = integrity.check_state
    fast = FAST

    def __init__(self) -> None:
        """The game's tables: each move type's handler and, where it has one, its check."""
        self.handlers = {
            LetGo: self._let_go,
            Claim: self._claim,
            mv.TakeDiscard: self._take_discard,
            mv.DrawStock: self._draw_stock,
            mv.LayMeld: self._lay_meld,
            mv.TakeBack: self._take_back,
            mv.AddTo: self._add,
            mv.Swap: self._swap,
            mv.Discard: self._discard,
        }
        self.checks = {
            mv.TakeDiscard: self._check_take_discard,
            mv.LayMeld: self._check_meld,
            mv.TakeBack: self._check_take_back,
            mv.AddTo: self._check_table_play,
            mv.Swap: self._check_table_play,
            mv.Discard: self._check_discard,
        }

    # Dealing and turns

    def new_game(self, seats: int, seed: int, options: Any = None) -> SetsAndRunsState:
        """A random first dealer deals round 1; the player on the dealer's left starts."""
        chance, dealer = self.first_dealer(seats, seed)
        state = SetsAndRunsState(
            seats=seats,
            options=self.options(options),
            dealer=dealer,
            turn=dealer,
            phase=Phase.PLAY,
            hands=[[] for _ in range(seats)],
            stock=[],
            discards=[],
            laid_down=[False] * seats,
            floating=[False] * seats,
            buys_left=[BUYS_PER_ROUND] * seats,
            totals=[0] * seats,
            chance=chance,
        )
        deal(state, None)
        return state

    def is_over(self, state: SetsAndRunsState) -> bool:
        """Over once the seventh round has been scored."""
        return state.phase is Phase.OVER

    def to_act(self, state: SetsAndRunsState) -> list[int]:
        """The seat to play; in a buy window the next player first, then every seat that may
        still buy the card, nearest first."""
        phase = state.phase
        if phase is Phase.PLAY:
            return [state.turn]
        if phase is Phase.WINDOW:
            window = state.window
            return [state.turn, *window.open_to] if window is not None else [state.turn]
        return []

    def claim_window(self, state: SetsAndRunsState) -> ClaimWindow | None:
        """The buy window, while one is open (none on the card turned at the deal)."""
        return state.window if state.phase is Phase.WINDOW else None

    def legal_moves(self, state: SetsAndRunsState, seat: int) -> list[mv.SetsAndRunsMove]:
        """Every move `seat` may make now (a lay-down's melds as a short list, not every way of
        choosing their cards, from which every lay-down the rules allow can be made meld by
        meld: two sets of one rank too)."""
        self.check_seat(state, seat)
        return self._moves(state, seat)

    def _moves(self, state: SetsAndRunsState, seat: int) -> list[mv.SetsAndRunsMove]:
        phase = state.phase
        if phase is Phase.WINDOW:
            if seat == state.turn:
                if state.floating[seat] or not state.discards:
                    return [mv.DRAW_STOCK]
                return [mv.TAKE_DISCARD, mv.DRAW_STOCK]
            window = state.window
            return [CLAIM, LET_GO] if window is not None and seat in window.open_to else []
        if phase is not Phase.PLAY or seat != state.turn:
            return []
        hand = state.hands[seat]
        moves: list[mv.SetsAndRunsMove] = []
        if state.laid_down[seat]:
            melds = state.melds
            for card in dict.fromkeys(hand):
                fits = False
                for i, meld in enumerate(melds):
                    for high in add_ends(meld, card):
                        moves.append(mv.add_to(card, i, high))
                        fits = True
                    if card.rank and swap_index(meld, card) is not None:
                        moves.append(mv.swap(card, i))
                        fits = True
                if not fits:
                    moves.append(mv.discard(card))
            return moves
        sets, runs = contract_left(state)
        distinct: list[int] = []
        moves = [
            mv.lay_meld_of(codes, run) for codes, run in hand_melds(hand, sets, runs > 0, distinct)
        ]
        if state.pending:
            moves.append(mv.TAKE_BACK)
        else:
            discards = mv.DISCARD_OF_CODE
            moves += [discards[code] for code in distinct]
        return moves

    # Checking

    def not_your_turn(self, state: SetsAndRunsState, seat: int, move: mv.SetsAndRunsMove) -> str:
        """Why `seat` may not act now: the turned-up card is not for sale, she claimed already,
        has no buys left, let the card go, or it is simply not her turn."""
        if state.phase is Phase.WINDOW and state.window is None and isinstance(move, Claim):
            return teaching.not_for_sale(state, seat)
        return teaching.not_now(self, state, seat)

    def check_move(self, state: SetsAndRunsState, seat: int, move: mv.SetsAndRunsMove) -> None:
        """A move of the phase (MOVES_BY_PHASE), then its own check; the next player's claim in
        a window is refused as her draw."""
        if not isinstance(move, MOVES_BY_PHASE[state.phase, seat == state.turn]):
            if state.phase is Phase.WINDOW and seat == state.turn and isinstance(move, Claim):
                if state.window is None:
                    raise IllegalMove(teaching.not_for_sale(state, seat))
                raise IllegalMove(
                    "You have first call on the discard: take it as your draw; a buy is for "
                    "the other players."
                )
            raise IllegalMove(teaching.wrong_phase(state, seat))
        super().check_move(state, seat, move)

    def _check_take_discard(self, state: SetsAndRunsState, seat: int, move: mv.TakeDiscard) -> None:
        if state.floating[seat]:
            raise IllegalMove(
                "You are floating: on this turn you draw from the stock, not the discard."
            )
        if not state.discards:
            raise IllegalMove("There is no discard to take: draw from the stock.")

    def _check_take_back(self, state: SetsAndRunsState, seat: int, move: mv.TakeBack) -> None:
        if not state.pending:
            raise IllegalMove("You have no lay-down in progress to take back.")

    def _check_meld(self, state: SetsAndRunsState, seat: int, move: mv.LayMeld) -> None:
        contract = contract_for(state.round)
        if state.laid_down[seat]:
            raise IllegalMove(
                f"You have laid down your contract ({contract.name}) already: once per round. "
                "Now add cards to the melds on the table."
            )
        need = f"this round's contract is {contract.name}"
        sets, runs = contract_left(state)
        if move.run and not runs:
            raise IllegalMove(
                f"No run: {need}." if not contract.runs else f"Your lay-down has its runs: {need}."
            )
        if not move.run and not sets:
            raise IllegalMove(
                f"No set: {need}." if not contract.sets else f"Your lay-down has its sets: {need}."
            )
        missing = _not_held(state.hands[seat], move.cards)
        if missing:
            raise IllegalMove(f"You hold no {missing.short} to lay down.")
        reason = meld_refusal(move.cards, move.run)
        if reason:
            raise IllegalMove(reason)

    def _check_table_play(
        self, state: SetsAndRunsState, seat: int, move: mv.AddTo | mv.Swap
    ) -> None:
        if not state.laid_down[seat]:
            raise IllegalMove(
                f"Lay down your contract ({contract_for(state.round).name}) first: only then "
                "may you play on the melds on the table."
            )
        if not 0 <= move.meld < len(state.melds):
            raise IllegalMove(f"There is no meld {move.meld + 1} on the table.")
        if move.card not in state.hands[seat]:
            raise IllegalMove(f"You hold no {move.card.short}.")
        meld = state.melds[move.meld]
        reason = (
            add_refusal(meld, move.card, move.high)
            if isinstance(move, mv.AddTo)
            else swap_refusal(meld, move.card)
        )
        if reason:
            raise IllegalMove(reason)

    def _check_discard(self, state: SetsAndRunsState, seat: int, move: mv.Discard) -> None:
        if move.card not in state.hands[seat]:
            raise IllegalMove(f"You hold no {move.card.short} to discard.")
        if state.pending:
            raise IllegalMove(
                "Finish your lay-down (the whole contract) or take it back before you discard."
            )
        place = meld_taking(state.melds, move.card) if state.laid_down[seat] else None
        if place is not None:
            meld = state.melds[place]
            shown = " ".join(card.short for card in meld.cards)
            raise IllegalMove(
                f"The {move.card.short} could be played on the table, so it may not be "
                f"discarded: play it on meld {place + 1} ({shown})."
            )

    # Playing

    def _let_go(self, state: SetsAndRunsState, seat: int, move: LetGo, events: Events) -> None:
        assert state.window is not None
        state.window.let_go(seat)

    def _claim(self, state: SetsAndRunsState, seat: int, move: Claim, events: Events) -> None:
        assert state.window is not None
        state.window.claim(seat)
        if events is not None:
            say(events, "buy", f"{{0}} wants to buy the {state.discards[-1].short}.", seat)

    def _take_discard(
        self, state: SetsAndRunsState, seat: int, move: mv.TakeDiscard, events: Events
    ) -> None:
        card = state.discards.pop()
        take_in(state.hands[seat], card)
        took(state.taken, seat, card)
        state.__dict__["window"] = None
        state.__dict__["phase"] = Phase.PLAY
        say(events, "draw", f"{{0}} takes the {card.short} from the discards.", seat)

    def _add(self, state: SetsAndRunsState, seat: int, move: mv.AddTo, events: Events) -> None:
        state.hands[seat].remove(move.card)
        played(state.taken, seat, [move.card])
        meld = state.melds[move.meld]
        add(meld, move.card, move.high)
        say(events, "add", f"{{0}} adds the {move.card.short}: {meld.text()}.", seat)
        if not state.hands[seat]:
            self._float(state, seat, events)

    def _swap(self, state: SetsAndRunsState, seat: int, move: mv.Swap, events: Events) -> None:
        meld = state.melds[move.meld]
        index = swap_index(meld, move.card)
        assert index is not None
        state.hands[seat].remove(move.card)
        meld.cards[index] = move.card
        state.hands[seat].append(JOKER)  # a Joker's place in table order is last
        played(state.taken, seat, [move.card])
        took(state.taken, seat, JOKER)
        say(
            events,
            "swap",
            f"{{0}} puts the {move.card.short} in place of the Joker and takes the Joker: "
            f"{meld.text()}.",
            seat,
        )

    def _take_back(
        self, state: SetsAndRunsState, seat: int, move: mv.TakeBack, events: Events
    ) -> None:
        for meld in state.pending:
            state.hands[seat].extend(meld.cards)
        state.hands[seat].sort(key=table_order)
        state.pending = []
        say(events, "take-back", "{0} takes the lay-down back.", seat)

    def _draw_stock(
        self, state: SetsAndRunsState, seat: int, move: mv.DrawStock, events: Events
    ) -> None:
        window = state.window
        state.__dict__["window"] = None
        buyer = window.nearest_claim if window is not None else None
        if buyer is not None:
            card = state.discards.pop()
            take_in(state.hands[buyer], card)
            took(state.taken, buyer, card)
            state.buys_left[buyer] -= 1
            if events is not None:
                left = plural(state.buys_left[buyer], "buy")
                say(
                    events,
                    "buy",
                    f"{{0}} buys the {card.short} and takes the stock's top card too "
                    f"({left} left this round).",
                    buyer,
                )
            if not draw(state, buyer, events):
                return
        if not draw(state, seat, events):
            return
        state.__dict__["phase"] = Phase.PLAY
        say(events, "draw", "{0} draws from the stock.", seat)

    def _lay_meld(
        self, state: SetsAndRunsState, seat: int, move: mv.LayMeld, events: Events
    ) -> None:
        hand = state.hands[seat]
        for card in move.cards:
            hand.remove(card)
        state.pending.append(make_meld(seat, move.cards, move.run))
        if state.pending and contract_left(state) == (0, 0):
            pending = state.pending
            state.melds.extend(pending)
            state.pending = []
            state.laid_down[seat] = True
            played(state.taken, seat, [c for meld in pending for c in meld.cards])
            if events is not None:
                melds = "; ".join(m.text() for m in pending)
                name = contract_for(state.round).name
                say(events, "lay-down", f"{{0}} lays down {name}: {melds}.", seat)
            if not hand:
                self._float(state, seat, events)

    def _discard(
        self, state: SetsAndRunsState, seat: int, move: mv.Discard, events: Events
    ) -> None:
        card = move.card
        hand = state.hands[seat]
        hand.remove(card)
        played(state.taken, seat, [card])
        state.discards.append(card)
        say(events, "discard", f"{{0}} discards the {card.short}.", seat)
        if not hand:
            end_round(state, seat, "she discarded her last card", events)
            return
        open_window(state, (seat + 1) % state.seats, seat)

    def _float(self, state: SetsAndRunsState, seat: int, events: Events) -> None:
        """`seat` played her last card without discarding: she floats, and the next player,
        with no new discard to take, draws from the stock."""
        state.floating[seat] = True
        say(events, "float", "{0} played her last card without discarding: she is floating.", seat)
        nxt = (seat + 1) % state.seats
        state.turn = nxt
        if draw(state, nxt, events):
            state.phase = Phase.PLAY
            say(events, "draw", "{0} draws from the stock.", nxt)

    # Seeing

    def view(self, state: SetsAndRunsState, seat: int | None) -> SetsAndRunsView:
        """What `seat` may know: her hand and her lay-down in progress; every other hand only by
        its size."""
        self.check_seat(state, seat, spectator=True)
        contract = contract_for(min(state.round, ROUNDS))
        building = sum(len(m.cards) for m in state.pending)
        sizes = [len(h) for h in state.hands]
        sizes[state.turn] += building
        mine = seat is not None and seat == state.turn
        return SetsAndRunsView(
            **self.seat_view(
                state,
                seat,
                hand=sorted_hand(state.hands[seat]) if seat is not None else None,
                hand_sizes=sizes,
            ),
            round=state.round,
            rounds=ROUNDS,
            contract=contract.name,
            contract_sets=contract.sets,
            contract_runs=contract.runs,
            dealer=state.dealer,
            turn=state.turn,
            phase=state.phase,
            stock_count=len(state.stock),
            discard_top=state.discards[-1] if state.discards else None,
            discard_count=len(state.discards),
            reshuffled=state.reshuffled,
            melds=[m.model_copy(deep=True) for m in state.melds],
            pending=[m.model_copy(deep=True) for m in state.pending] if mine else [],
            laid_down=list(state.laid_down),
            floating=list(state.floating),
            buys_left=list(state.buys_left),
            window=self.claim_window(state),
            playable=playable(state, seat) if seat is not None else [],
            totals=list(state.totals),
            taken=[sorted_hand(cards) for cards in state.taken],
            dead=list(state.discards[:-1]),
            history=list(state.history),
            buy_seconds=state.options.buy_seconds,
        )

    def outcome(self, state: SetsAndRunsState) -> Outcome:
        """Running totals; the lowest after seven rounds wins, ties share."""
        over = self.is_over(state)
        teams = [[s] for s in range(state.seats)]
        if over:
            summary = "Seven rounds played: the lowest total wins"
        else:
            summary = f"Round {state.round} of {ROUNDS}: {contract_for(state.round).name}"
        return Outcome(
            scores=list(state.totals),
            teams=teams,
            team_scores=list(state.totals),
            winners=lowest(state.totals) if over else [],
            reason=EndReason.ROUNDS_COMPLETE if over else None,
            summary=summary,
            score_label="Points",
        )

    def own_cards(self, state: SetsAndRunsState, seat: int) -> list[Any]:
        """Her hand, and the lay-down she is building (only she sees it until it is made)."""
        held: list[Any] = list(state.hands[seat])
        if seat == state.turn:
            held += [card for meld in state.pending for card in meld.cards]
        return held

    def cards(self, state: SetsAndRunsState) -> list[Any]:
        """Every card: hands, the lay-down being built, the melds, the stock and the discards."""
        out: list[Any] = [c for hand in state.hands for c in hand]
        for meld in state.melds:
            out += meld.cards
        for meld in state.pending:
            out += meld.cards
        return out + state.stock + state.discards

    def explain(
        self, state: SetsAndRunsState, seat: int | None, names: list[str] | None = None
    ) -> str:
        """One line: what this seat can do now."""
        if seat is not None:
            self.check_seat(state, seat)
        return teaching.explain(self, state, seat, names)


def _not_held(hand: list[Card], cards: tuple[Card, ...]) -> Card | None:
    """The first of `cards` the hand does not hold (counting repeats), or None."""
    left = list(hand)
    for card in cards:
        if card in left:
            left.remove(card)
        else:
            return card
    return None


# The round: dealing, drawing, the buy window, the end


def deal(state: SetsAndRunsState, events: Events) -> None:
    """Shuffle the 108 cards, deal 11 to each player and turn the first discard (a Joker goes
    back into the stock at a random place): the dealer's left may take it as her draw. It is not
    for sale: no buy window opens on it."""
    chance = state.chance
    deck = list(DECK)
    chance.shuffle(deck)
    seats = state.seats
    state.hands = [sorted_hand(deck[i * DEAL : (i + 1) * DEAL]) for i in range(seats)]
    stock = deck[seats * DEAL :]
    up = stock.pop()
    while up.rank == 0:
        stock.insert(chance.below(len(stock)), up)  # never back on top
        say(events, "deal", "A Joker turned up: it goes back into the stock.")
        up = stock.pop()
    state.stock = stock
    state.discards = [up]
    state.melds = []
    state.pending = []
    state.laid_down = [False] * seats
    state.floating = [False] * seats
    state.buys_left = [BUYS_PER_ROUND] * seats
    state.taken = [[] for _ in range(seats)]
    state.reshuffled = False
    contract = contract_for(state.round)
    say(
        events,
        "deal",
        f"Round {state.round} of {ROUNDS}, {contract.name}: {{0}} deals; the {up.short} "
        "starts the discards.",
        state.dealer,
    )
    state.turn = (state.dealer + 1) % seats
    state.phase = Phase.WINDOW
    state.window = None


def open_window(state: SetsAndRunsState, nxt: int, discarder: int) -> None:
    """Open the buy window on the card `discarder` just discarded: `nxt` has first call; the
    seats after her (not the discarder) with buys left, floating or not, may claim it, nearest
    first."""
    seats = state.seats
    buys = state.buys_left
    order = []
    for k in range(1, seats):
        s = (nxt + k) % seats
        if s == discarder:
            break
        if buys[s] > 0:
            order.append(s)
    fields = state.__dict__  # plain writes: pydantic's __setattr__ is slow on this hot path
    fields["turn"] = nxt
    fields["phase"] = Phase.WINDOW
    fields["window"] = ClaimWindow(
        verb="buy",
        card=state.discards[-1].short,
        open_to=order,
        claimed=[],  # given, so pydantic need not deep-copy the default
        seconds=state.options.buy_seconds,
    )


def draw(state: SetsAndRunsState, seat: int, events: Events) -> bool:
    """`seat` takes the stock's top card. An empty stock is made again, once a round, from the
    discards less the top card; empty a second time, the round ends (False)."""
    stock = state.stock
    if not stock:
        rest = state.discards[:-1]
        if state.reshuffled or not rest:
            why = (
                "the stock ran out a second time"
                if state.reshuffled
                else "the stock ran out with no discards to make a new one"
            )
            end_round(state, None, why, events)
            return False
        state.chance.shuffle(rest)
        state.stock = stock = rest
        state.discards = state.discards[-1:]
        state.reshuffled = True
        say(events, "reshuffle", "The stock is empty: the discards are shuffled into a new stock.")
    take_in(state.hands[seat], stock.pop())
    state.floating[seat] = False
    return True


def end_round(state: SetsAndRunsState, went_out: int | None, why: str, events: Events) -> None:
    """Score the cards left in hand, then deal the next round (the dealer moves left) or end
    the game after the seventh."""
    for meld in state.pending:
        state.hands[meld.owner].extend(meld.cards)
    state.pending = []
    state.window = None
    points = [hand_points(h) for h in state.hands]
    state.totals = [t + p for t, p in zip(state.totals, points, strict=True)]
    contract = contract_for(state.round)
    state.history.append(
        RoundResult(
            number=state.round,
            contract=contract.name,
            went_out=went_out,
            reason=why,
            points=points,
            cards_left=[len(h) for h in state.hands],
            totals=list(state.totals),
        )
    )
    if went_out is not None:
        say(events, "round", f"Round {state.round} is over: {{0}} went out.", went_out)
    else:
        say(events, "round", f"Round {state.round} is over: {why}.")
    if state.round >= ROUNDS:
        state.phase = Phase.OVER
        say(events, "game", "The seventh round is scored: the lowest total wins.")
        return
    state.round += 1
    state.dealer = (state.dealer + 1) % state.seats
    deal(state, events)


GAME = SetsAndRuns()
