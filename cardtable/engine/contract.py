"""The public game contract every game implements (DESIGN.md, "The game contract")."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from cardtable.engine.chance import Chance
from cardtable.engine.errors import IllegalMove, ImpossibleState, NoSuchSeat

if TYPE_CHECKING:
    from cardtable.engine.fast import FastRules


class Move(BaseModel):
    """A small frozen value: one thing a seat may do. Each game defines a union of these."""

    model_config = ConfigDict(frozen=True)

    face_down: ClassVar[bool] = False
    """True for a move whose log line keeps its card hidden (an offer made face down): a
    replay, with every hand open, names the card beside the line."""

    def describe(self, player: str = "You") -> str:
        """The move as a log line, with `player` as its subject."""
        return f"{player}: {self.model_dump()}"

    def brief(self) -> str:
        """The move in a few words for a hint or a menu: '7♦ on D1', 'pass'."""
        return self.describe("").strip()


SEAT_PLACEHOLDER = re.compile(r"\{(\d{1,2})\}")
"""A seat's place in an event's text: {0}, {1}, ..."""


class Event(BaseModel):
    """Something that happened, as a line for the log.

    `text` names seats as {0}, {1}, ... standing for `seats[0]`, `seats[1]`, ...
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    text: str
    seats: tuple[int, ...] = ()

    def render(self, names: list[str]) -> str:
        """The line with the seats' names filled in. Only {0}, {1}, ... are filled (a name
        for a seat beyond `names` or `seats` stays as written): a host's text with other braces
        is shown as it is, never formatted."""

        def name(found: re.Match[str]) -> str:
            index = int(found[1])
            if index < len(self.seats) and 0 <= self.seats[index] < len(names):
                return names[self.seats[index]]
            return found[0]

        return SEAT_PLACEHOLDER.sub(name, self.text)


Events = list[Event] | None
"""Where a move's events go: a list the move narrates into, or None on the fast path
(`Game.advance`), which narrates nothing and builds no event."""


def say(events: Events, kind: str, text: str, *seats: int) -> None:
    """Add an event to `events`; nothing on the fast path (`events` None)."""
    if events is not None:
        events.append(Event(kind=kind, text=text, seats=seats))


class EndReason(StrEnum):
    """Why a game ended."""

    ALL_CARDS_PLAYED = "all-cards-played"
    TARGET_REACHED = "target-reached"
    WENT_OUT = "went-out"
    BLOCKED = "blocked"
    ROUNDS_COMPLETE = "rounds-complete"


class Outcome(BaseModel):
    """The result of a finished game (or the standing of one in play)."""

    scores: list[int]
    """Each seat's score; partners share their team's."""
    teams: list[list[int]]
    """The seats of each team; every seat alone when there are no teams."""
    team_scores: list[int]
    team_names: list[str] = []
    """Each team's name in the game ('Reds'), where the game names its teams."""
    winners: list[int]
    """The seats that won or shared the win."""
    reason: EndReason | None
    summary: str
    score_label: str = "Points"
    """What the scores count, as a column heading ('Points', 'Games won', 'Run cards')."""


class View(BaseModel):
    """What one seat may know of a game; `seat` None is a spectator."""

    seat: int | None
    seats: int
    to_act: list[int]
    hand: list[Any] | None
    hand_sizes: list[int]
    over: bool

    repeats: ClassVar[frozenset[str]] = frozenset()
    """Fields that only show again cards shown elsewhere in the view (a highlight of playable
    cards, the last trick): taking a move back does not count them as cards seen
    (engine/undo.py). Any model inside a view may list its own."""


def name_of(names: list[str] | None, seat: int) -> str:
    """A seat's name for a sentence: from `names` when given, else 'Player 3'."""
    return names[seat] if names else f"Player {seat + 1}"


def seat_range(counts: tuple[int, ...]) -> str:
    """Seat counts in words: 'exactly 4', '2 or 4', '2 to 8'."""
    if len(counts) == 1:
        return f"exactly {counts[0]}"
    if list(counts) == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(str(n) for n in counts[:-1]) + f" or {counts[-1]}"


def census(cards: list[Any]) -> Counter[Any]:
    """How many of each card (cards are frozen models: equal cards hash alike). Every count is
    above zero, so two censuses compare as dicts, in C (a Counter's own `==` walks both in
    Python, and a save's load and every checked playout compare one)."""
    return Counter(cards)


def same_census(have: Counter[Any], want: Counter[Any]) -> bool:
    """True if two censuses hold the same cards, each as often."""
    return dict.__eq__(have, want)


_DECKS: dict[tuple[str, int, str], Counter[Any]] = {}
"""The census of a fresh deal by game, seat count and options: what check_state compares."""


class DealtState(Protocol):
    """What the contract reads of every game's state (a pydantic model): a hand per seat."""

    @property
    def hands(self) -> Sequence[Collection[Any]]:
        """Each seat's hand, by seat."""
        ...

    @classmethod
    def model_validate_json(cls, json_data: str) -> Self:
        """The state from its JSON text (pydantic's)."""
        ...


S = TypeVar("S", bound=DealtState)
M = TypeVar("M", bound=Move)
Opts = TypeVar("Opts", bound=BaseModel)


class Game(ABC, Generic[S, M, Opts]):
    """The rules of one game, separate from any one play-through's state."""

    id: ClassVar[str]
    name: ClassVar[str]
    blurb: ClassVar[str]
    seat_counts: ClassVar[tuple[int, ...]]
    default_seats: ClassVar[int]
    state_model: type[S]
    options_model: type[Opts]
    view_model: ClassVar[type[View]]
    """The game's View: a client rebuilds the view a host sends with it."""
    move_adapter: ClassVar[TypeAdapter[Any]]
    handlers: Mapping[type[Move], Callable[[Any, int, Any, Events], None]]
    """How the game makes each of its moves, by the move's type, once checked:
    `handler(state, seat, move, events)`. Each game sets it (and `checks`) in `__init__`."""
    checks: Mapping[type[Move], Callable[[Any, int, Any], None]] = {}
    """The game's own check of each move type that has one: `checker(state, seat, move)`
    raises IllegalMove; a type without one needs nothing beyond the turn."""
    over_words: ClassVar[str] = "The game is over."
    """The refusal of every move once the game is over."""
    fast: ClassVar[FastRules | None] = None
    """The game's fast path for headless random play (engine/fast.py), where it has one."""

    def options(self, options: Opts | dict[str, Any] | None) -> Opts:
        """The game's options model from a model, a dict or None (all defaults)."""
        if options is None:
            return self.options_model()
        if isinstance(options, self.options_model):
            return options
        return self.options_model.model_validate(options)

    def check_seats(self, seats: int) -> None:
        """Refuse a seat count the game is not played with."""
        if seats not in self.seat_counts:
            raise IllegalMove(
                f"{self.name} is played by {seat_range(self.seat_counts)} players, not {seats}."
            )

    def first_dealer(self, seats: int, seed: int) -> tuple[Chance, int]:
        """A new game's seeded chance and its first dealer, the chance's first draw (after
        refusing a seat count the game is not played with)."""
        self.check_seats(seats)
        chance = Chance.seeded(seed)
        return chance, chance.below(seats)

    def check_seat(self, state: S, seat: int | None, spectator: bool = False) -> None:
        """Refuse a seat that is not at this table (None, a spectator, only where `spectator`).

        `view`, `explain`, `legal_moves` and `apply` all ask this first, so a seat number from
        outside (a client, a save) is refused in words, never read as Python's -1 = last.
        """
        if seat is None and spectator:
            return
        seats = len(state.hands)
        if type(seat) is not int or not 0 <= seat < seats:
            raise NoSuchSeat(
                f"There is no seat {seat!r} at this table: its seats are 0 to {seats - 1}."
            )

    def claim_window(self, state: S) -> Any:
        """The open claim window (an `engine.claims.ClaimWindow`), or None; most games have none."""
        return None

    def undo_refusal(
        self, before: S, after: S, seat: int, move: M, names: list[str] | None
    ) -> str | None:
        """Why `seat` may not take back `move` (from `before` to `after`) where the shared rule
        (engine/undo.py) would let her: the game's own refusal, or None. Most games add none."""
        return None

    def own_cards(self, state: S, seat: int) -> list[Any]:
        """The cards that are `seat`'s own, hidden from the others: her hand, and any she has
        set aside where only she sees them (Sets and Runs' lay-down being built)."""
        return list(state.hands[seat])

    def automatic_move(self, state: S, seat: int, config: Any) -> M | None:
        """A move made at once for a person, as her seat's settings (`SeatConfig`) ask (Run It's
        "never offers"); None to ask her as usual. Most games have none."""
        return None

    def waiting_for(self, state: S, names: list[str] | None, doing: str) -> str:
        """'Waiting for Bob to place a card.': who must act now, for a seat that may not."""
        who = " and ".join(name_of(names, s) for s in self.to_act(state))
        return f"Waiting for {who} to {doing}."

    @abstractmethod
    def new_game(self, seats: int, seed: int, options: Opts | dict[str, Any] | None = None) -> S:
        """A freshly dealt game."""

    @abstractmethod
    def to_act(self, state: S) -> list[int]:
        """The seats that may act now; empty once the game is over."""

    @abstractmethod
    def legal_moves(self, state: S, seat: int) -> list[M]:
        """Every move `seat` may make now."""

    def check(self, state: S, seat: int, move: M) -> None:
        """Raise IllegalMove with a reason if `seat` may not make `move` now: every game's
        refusals first (the game is over, the seat is not to act), then the game's own."""
        if seat not in self.to_act(state):  # nobody is to act once the game is over
            if self.is_over(state):
                raise IllegalMove(self.over_words)
            raise IllegalMove(self.not_your_turn(state, seat, move))
        self.check_move(state, seat, move)

    def not_your_turn(self, state: S, seat: int, move: M) -> str:
        """Why `seat`, not among those to act, may not move now; games say more where they can
        (a claim window's seat that let the card go, a trade offer being answered)."""
        return "It is not your turn."

    def check_move(self, state: S, seat: int, move: M) -> None:
        """The game's own rules for a seat that may act now: the check its move's type has in
        `checks`, if any; a move of no type the game makes is refused (`not_a_move`)."""
        checker = self.checks.get(type(move))
        if checker is not None:
            checker(state, seat, move)
        elif type(move) not in self.handlers:
            raise IllegalMove(self.not_a_move(state, seat, move))

    def not_a_move(self, state: S, seat: int, move: Any) -> str:
        """The refusal of an object that is none of the game's moves."""
        return f"That is not a move of {self.name}."

    def play(self, state: S, seat: int, move: M) -> list[Event]:
        """Make a move already checked and say what happened."""
        events: list[Event] = []
        self.make(state, seat, move, events)
        return events

    def advance(self, state: S, seat: int, move: M) -> None:
        """Make a move already checked, as fast as the game can: no events are narrated.
        For headless bot games."""
        self.make(state, seat, move, None)

    def make(self, state: S, seat: int, move: M, events: Events) -> None:
        """Make a checked move by its type's handler, narrating into `events` (None: silently).
        A game extends it with what follows every move (the next turn, the game's end)."""
        self.handlers[type(move)](state, seat, move, events)

    def apply(self, state: S, seat: int, move: M) -> list[Event]:
        """Check the move, then make it (as `play` does); on IllegalMove nothing has changed."""
        self.check_seat(state, seat)
        self.check(state, seat, move)
        events: list[Event] = []
        self.make(state, seat, move, events)
        return events

    def seen_hands(self, state: S, seat: int | None) -> list[int]:
        """The seats whose hands `seat` may see now: her own, and any a rule shows her (Runway's
        look at an opponent's hand). The view may depend on these hands and no others."""
        return [] if seat is None else [seat]

    def seat_view(
        self,
        state: S,
        seat: int | None,
        hand: list[Any] | None = None,
        hand_sizes: list[int] | None = None,
    ) -> dict[str, Any]:
        """The fields every game's View holds, for `seat` (None: a spectator): the seats, who
        acts, her own hand (`hand` where the game shows it its own way, sorted), every hand's
        size (`hand_sizes` where the game counts more) and whether the game is over."""
        hands = state.hands
        if hand is None and seat is not None:
            hand = list(hands[seat])
        return {
            "seat": seat,
            "seats": len(hands),
            "to_act": self.to_act(state),
            "hand": hand,
            "hand_sizes": [len(h) for h in hands] if hand_sizes is None else hand_sizes,
            "over": self.is_over(state),
        }

    @abstractmethod
    def view(self, state: S, seat: int | None) -> View:
        """What `seat` may know; None gives a spectator's view."""

    def views(self, state: S, seats: list[int | None]) -> list[View]:
        """Each seat's `view` of this moment, in order. A game whose views are mostly public
        may make the public part once and give every view the same objects (a host writes out
        what the views share once a change: net/view_dumps.py); each view still equals the
        seat's `view`."""
        return [self.view(state, seat) for seat in seats]

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome:
        """Scores, winners and why the game ended."""

    @abstractmethod
    def cards(self, state: S) -> list[Any]:
        """Every card of the game wherever it lies: hands, table, deck, captures."""

    @abstractmethod
    def explain(self, state: S, seat: int | None, names: list[str] | None = None) -> str:
        """One line: what this seat can do now, in words; `names` name the other players."""

    def check_state(self, state: S) -> None:
        """Raise ImpossibleState unless `state` could arise in this game: its seat count, and
        its cards exactly those of a fresh deal with the same options. Games add their own
        invariants (turns, indexes, phases) in their integrity module."""
        seats = len(state.hands)
        if seats not in self.seat_counts:
            raise ImpossibleState(
                f"it has {seats} hands, but {self.name} is played by "
                f"{seat_range(self.seat_counts)} players"
            )
        options = getattr(state, "options", None)
        key = (self.id, seats, options.model_dump_json() if options is not None else "")
        want = _DECKS.get(key)
        if want is None:
            want = _DECKS[key] = census(self.cards(self.new_game(seats, 0, options)))
        cards = self.cards(state)
        have = census(cards)
        if not same_census(have, want):
            extra = sorted(str(card) for card in (have - want).elements())
            missing = len(list((want - have).elements()))
            raise ImpossibleState(
                f"its {len(cards)} cards are not the game's deck"
                + (f" (not in the deck: {', '.join(extra[:3])})" if extra else "")
                + (f" (missing: {missing} of the deck's cards)" if missing else "")
            )

    def load_state(self, text: str) -> S:
        """A state from its JSON text (`state.model_dump_json()`), checked by `check_state`."""
        state = self.state_model.model_validate_json(text)
        self.check_state(state)
        return state

    def move_kinds(self) -> tuple[str, ...]:
        """The `kind` of each of the game's moves, as a move's dict names it."""
        kinds = _KINDS.get(self.id)
        if kinds is None:
            schema = self.move_adapter.json_schema()
            if "discriminator" in schema:
                kinds = tuple(schema["discriminator"]["mapping"])
            else:
                kinds = (schema["properties"]["kind"]["const"],)
            _KINDS[self.id] = kinds
        return kinds

    def parse_move(self, data: Any) -> M:
        """A move from its dict (as `move.model_dump(mode='json')` gives). Anything else (not a
        dict, a kind the game has not, a field missing, extra or of the wrong type) is refused
        with IllegalMove saying why: a client's message or a save is text from outside."""
        if not isinstance(data, dict):
            raise self._unreadable(f"a move is a set of named fields, not {shown(data)}")
        if "kind" not in data:
            raise self._unreadable("it does not say which move it is (it has no kind)")
        kinds = self.move_kinds()
        if not any(data["kind"] == kind and type(data["kind"]) is str for kind in kinds):
            raise self._unreadable(f"it has no move called {shown(data['kind'])}")
        try:
            return self.move_adapter.validate_python(data, extra="forbid")
        except ValidationError as error:
            raise self._unreadable(what_is_wrong(error, data)) from None

    def _unreadable(self, why: str) -> IllegalMove:
        return IllegalMove(f"That is not a move of {self.name}: {why}.")


_KINDS: dict[str, tuple[str, ...]] = {}
"""Each game's move kinds by game id, read once from its move adapter."""


def shown(value: Any) -> str:
    """A value from outside in a sentence: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def what_is_wrong(error: ValidationError, data: Any) -> str:
    """The first thing wrong in a move's dict `data`, in words: 'its card suit should be ...'."""
    first = error.errors(include_url=False)[0]
    place = field_names(first["loc"], data, missing=first["type"] == "missing")
    field = " ".join(place)
    kind, message = first["type"], first["msg"]
    if kind == "missing":
        return f"its {field} is missing"
    if kind == "extra_forbidden":
        owner = f"its {' '.join(place[:-1])}" if len(place) > 1 else "it"
        return f"{owner} has no field {shown(place[-1])}"
    subject = f"its {field}" if field else "it"
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return f"{subject} should be a set of named fields, not {shown(first['input'])}"
    if message.startswith("Input should be "):
        wanted = re.split(", (?:unable|got) ", message.removeprefix("Input should be "))[0]
        return f"{subject} should be {wanted}, not {shown(first['input'])}"
    return f"{subject} is wrong ({message.rstrip('.')})"


def field_names(place: tuple[Any, ...], data: Any, missing: bool) -> list[str]:
    """The fields along an error's place in `data`: 'card', 'suit'; an item of a list as '#2'.
    A union's tag or branch ('place', 'PilatchCard') is no field and is left out; the last
    part is kept when it is a field that is `missing`."""
    names: list[str] = []
    here = data
    for number, part in enumerate(place):
        if isinstance(here, dict) and part in here:
            names.append(str(part))
            here = here[part]
        elif isinstance(here, list | tuple) and type(part) is int and 0 <= part < len(here):
            names.append(f"#{part + 1}")
            here = here[part]
        elif missing and number == len(place) - 1:
            names.append(str(part))
    return names
