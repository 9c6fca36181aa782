"""No message tells a seat a card it may not know: a leak test over a whole game of each game.

Seat 1 (index 0) is a scripted websocket client; the other seats are bots on the host. Every
frame it receives is kept, and beside it, at the moment the host posted it, what that seat may
know: every copy of a card except those in another seat's hand (one it may not see), in the
deck or stock, offered face down by another seat, or in a lay-down another seat is building.

A card is "held" by a message when it is a card object anywhere in its JSON (a dict with
exactly the fields of the game's card model), or named in an event's line, a line of the log or
the claim window (the card's short form, '7♠', 'R+2', '5●R', or its words, 'the 7 of Rock').
Other text (`explain`, refusals) names cards as goals ('your run needs 8■P'), not as where they
lie, so it is not read. Decks hold two copies of some cards, so the check counts: the view may
hold a card only as many times as the seat's own hand and the cards open to all hold it; so may
each legal move and each event, which may also name a card as it was just before the move it
reports (a card played from a hand is named as it leaves).
The tests at the end show the check fails for a host that sends another seat's view, the
state, the deck, or an event naming another seat's card.
"""

from __future__ import annotations

import importlib
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from cardtable import games
from cardtable.cards.direction import DirectionCard
from cardtable.engine import Event, Match, SeatConfig, SeatKind
from cardtable.engine.contract import Game
from cardtable.net.host import Host
from cardtable.net.protocol import HOST_MESSAGE, Message, Table, Welcome
from cardtable.net.runner import Runner
from tests.net_clients import Client, card_groups, cards_in, running_host

SEATS = {"piles": 4, "run-it": 8, "over-trump": 4, "sets-and-runs": 6, "runway": 5}
"""Each game at its most seats: seat 1 a person, every other seat a bot."""
OPTIONS: dict[str, dict[str, Any]] = {
    "run-it": {"match_seconds": 0},  # windows ask each seat in turn: no clock to wait for
    "sets-and-runs": {"buy_seconds": 0},
}
HIDDEN_PILES = {
    "piles": ["stock"],
    "run-it": ["draw_pile"],
    "sets-and-runs": ["stock"],
    "runway": ["deck"],
    "over-trump": [],
}
"""Each game's face-down piles: nobody may know their cards."""
PAST_FIELDS = {"over-trump": ("last_trick", lambda view: sum(view["tricks"]) == 0)}
"""A view field that shows cards as all saw them, and when: Over Trump's last trick stays on
show after a hand ends until the new hand's first trick, while its cards are dealt again. Then
(only) it is checked against every card seat 1 could have known at any time in the game."""
ROUND_ENDS = {
    "sets-and-runs": ("cardtable.games.sets_and_runs.rules", "deal"),
    "over-trump": ("cardtable.games.over_trump.rules.OverTrump", "_end_hand"),
}
"""Games whose move may end a round and deal the next in one go: the function the recorder
watches, so a card played just before (public for a moment) may be named."""


def key(card: Any) -> Any:
    """A card as the leak check counts it: the card itself (cards are frozen values, equal
    when their fields are, so a card parsed from a message counts as the same card)."""
    return card


def secret(game: Game, state: Any, seat: int) -> Counter[Any]:
    """The cards `seat` may not know now, counted: other seats' hands (but one a rule shows
    her), the face-down piles, other seats' face-down offers, another seat's lay-down in
    progress; less the cards a trade offer shows her, and those everyone saw go back to a
    hand (or taken into one)."""
    seen = game.seen_hands(state, seat)
    hidden: list[Any] = [c for s, hand in enumerate(state.hands) if s not in seen for c in hand]
    for pile in HIDDEN_PILES[game.id]:
        hidden += getattr(state, pile)
    if game.id == "run-it":
        hidden += [c for s, c in enumerate(state.offers) if c is not None and s != seat]
    if game.id == "sets-and-runs" and state.turn != seat:
        hidden += [c for meld in state.pending for c in meld.cards]
    count = Counter(key(c) for c in hidden)
    if game.id == "over-trump":  # everyone saw these go back to a hand after a Keeper reveal
        count -= Counter(key(c) for cards in state.shown for c in cards)
    if game.id == "sets-and-runs":  # everyone saw these taken from the discards or a meld
        count -= Counter(key(c) for s, cards in enumerate(state.taken) if s != seat for c in cards)
    if game.id == "runway" and state.offer is not None and state.offer.to == seat:
        count -= Counter(key(c) for c in state.offer.give)
    return count


def may_know(game: Game, state: Any, seat: int) -> Counter[Any]:
    """How many copies of each card `seat` may know of now: all but the secret ones."""
    every = Counter(key(c) for c in game.cards(state))
    return every - secret(game, state, seat)


class CardNames:
    """Finds the cards a text names, by each card's short form and words."""

    def __init__(self, game: Game) -> None:
        self.game_id = game.id
        state = game.new_game(max(game.seat_counts), 1, OPTIONS.get(game.id))
        deck = {key(c): c for c in game.cards(state)}
        self.kinds = sorted({type(c) for c in deck.values()}, key=lambda k: k.__name__)
        if game.id == "runway":
            self.kinds.append(DirectionCard)
        forms: dict[str, Any] = {}
        for k, card in deck.items():
            for form in self._forms(card):
                forms[form] = k
        self.forms = forms
        alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
        # Not part of a longer token: 'Jkr(5♦)' names a Joker, not the 5♦; '★7●R' is a Joker.
        self.pattern = re.compile(rf"(?<![\w+(★/])({alternatives})(?![\w])")

    @staticmethod
    def _forms(card: Any) -> list[str]:
        forms = [card.short]
        label = getattr(card, "label", "")
        for lead in ("the ", "a "):
            if label.startswith(lead) and label[len(lead) :] != card.short:
                forms.append(label[len(lead) :])
        long_name = getattr(card, "long_name", None)
        if long_name:
            forms.append(long_name)
        # 'the Joker' is any of a standard deck's alike Jokers, said twice of one ('puts the 8♠
        # in place of the Joker and takes the Joker'): a Joker is counted as 'Jkr' only.
        return [form for form in forms if form != "Joker"]

    def named(self, text: str) -> Counter[Any]:
        """The cards `text` names, counted in each part of it (a line names a card and then
        the meld it joins: 'Ann adds the 3♦: 3♠ 3♣ 3♦'), the most of each over the parts."""
        most: Counter[Any] = Counter()
        for part in re.split(r"[:;]", text):
            most |= Counter(self.forms[m] for m in self.pattern.findall(part))
        return most

    def held(self, data: Any) -> Counter[Any]:
        """The card objects in JSON `data`, counted, the most of each over its groups: each
        list's cards and each card in a field are a group (a view may show one card twice,
        as a pile's top and among its cards, or in hand and among the playable ones)."""
        most: Counter[Any] = Counter()
        for group in card_groups(data, self.kinds):
            most |= Counter(key(c) for c in group)
        return most

    def total(self, data: Any) -> int:
        """How many card objects JSON `data` holds, wherever they are."""
        return len(cards_in(data, self.kinds))


@dataclass
class Posted:
    """What seat 1 might know when the host posted a message to her."""

    now: Counter[Any]
    """At the moment it was posted."""
    events: Counter[Any]
    """For its events: the most of each card over the states since the last message."""
    ever: Counter[Any]
    """For PAST_FIELDS: the most of each card over every state so far."""


@dataclass
class Recorder:
    """Beside each message posted to seat 1, what she may know (wraps the host's `post`)."""

    game: Game
    match: Match
    seat: int = 0
    posted: list[Posted] = field(default_factory=list)
    recent: list[Counter[Any]] = field(default_factory=list)
    ever: Counter[Any] = field(default_factory=Counter)

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Wrap the match's moves and the host's connect for this seat's code."""
        play = self.match.play

        def recorded_play(seat: int, move: Any, timed: bool = False) -> list[Event]:
            self.recent.append(may_know(self.game, self.match.state, self.seat))
            events = play(seat, move, timed)
            self.recent.append(may_know(self.game, self.match.state, self.seat))
            return events

        monkeypatch.setattr(self.match, "play", recorded_play)
        if self.game.id in ROUND_ENDS:
            where, name = ROUND_ENDS[self.game.id]
            module, _, cls = where.partition(".rules")
            owner: Any = importlib.import_module(module + ".rules")
            if cls:
                owner = getattr(owner, cls.lstrip("."))
            real = getattr(owner, name)

            def round_ends(*args: Any, **kwargs: Any) -> Any:
                if any(arg is self.match.state for arg in args):
                    self.recent.append(may_know(self.game, self.match.state, self.seat))
                return real(*args, **kwargs)

            monkeypatch.setattr(owner, name, round_ends)
        connect = Host.connect
        recorder = self

        def recorded_connect(host: Host, code: str | None, post: Any) -> Any:
            if code is not None and host.seat_of(code) == recorder.seat:
                post = recorder.wrap(post)
            return connect(host, code, post)

        monkeypatch.setattr(Host, "connect", recorded_connect)

    def wrap(self, post: Any) -> Any:
        def recorded_post(message: Message) -> None:
            now = may_know(self.game, self.match.state, self.seat)
            events = now.copy()
            for before in self.recent:
                events |= before
            self.recent.clear()
            self.ever |= events
            self.posted.append(Posted(now, events, self.ever.copy()))
            post(message)

        return recorded_post


def leaks(names: CardNames, raw: list[str], posted: list[Posted], players: list[str]) -> list[str]:
    """Every card a message held beyond what its seat may know, as 'message 12, view: the
    7♠ twice, may know once'."""
    found: list[str] = []

    def check(where: str, held: Counter[Any], allowed: Counter[Any]) -> None:
        for card, n in held.items():
            if n > allowed[card]:
                found.append(f"{where}: {card.model_dump_json()} x{n}, may know {allowed[card]}")

    assert len(raw) <= len(posted)
    for i, (text, when) in enumerate(zip(raw, posted, strict=False)):
        message = HOST_MESSAGE.validate_json(text)
        if isinstance(message, Welcome):
            for line in message.log:
                check(f"message {i}, log", names.named(line), when.events)
            continue
        if not isinstance(message, Table):
            check(f"message {i}, {message.type}", names.held(message.model_dump()), when.now)
            continue
        past, then = PAST_FIELDS.get(names.game_id, ("", None))
        if then is not None and then(message.view):
            now = {k: v for k, v in message.view.items() if k != past}
            check(f"message {i}, view's {past}", names.held(message.view[past]), when.ever)
        else:
            now = message.view
        check(f"message {i}, view", names.held(now), when.now)
        for move in message.legal:
            check(f"message {i}, legal move", names.held(move), when.now)
        for event in message.events:
            line = event.render(players)
            check(f"message {i}, event {line!r}", names.named(line), when.events)
        if message.window is not None:
            check(f"message {i}, window", names.named(message.window.card), when.now)
        rest = message.model_dump(mode="json", exclude={"view", "legal", "events"})
        check(f"message {i}, table", names.held(rest), when.now)
    return found


def one_person(game: Game, seats: int) -> list[SeatConfig]:
    """Ann in seat 1, bots in the others."""
    return [SeatConfig(name="Ann", kind=SeatKind.HUMAN)] + [
        SeatConfig(name=f"Bot {i + 1}", kind=SeatKind.BOT) for i in range(1, seats)
    ]


async def recorded_game(
    game_id: str, seed: int, monkeypatch: pytest.MonkeyPatch, moves: int | None = None
) -> tuple[Client, Recorder, Match]:
    """Seat 1's client plays a game against bots, to its end, or until she is to move after
    `moves` moves of hers."""
    game = games.get(game_id)
    match = Match.start(game, one_person(game, SEATS[game_id]), seed, OPTIONS.get(game_id))
    recorder = Recorder(game, match)
    recorder.install(monkeypatch)
    async with running_host(match) as rig:
        ann = await Client.join(rig.port, rig.host.codes[0], game_id)
        stop = None if moves is None else (lambda me, table: me.moves >= moves)
        end = await ann.play(seed=seed, stop=stop, timeout=60)
        await ann.close()
    if moves is None:
        assert end is not None and end.over, "the game was played to its end"
    return ann, recorder, match


@pytest.mark.parametrize("game_id", games.ids())
async def test_no_message_to_a_seat_holds_a_card_it_may_not_know(game_id, monkeypatch):
    ann, recorder, match = await recorded_game(game_id, 3, monkeypatch)
    names = CardNames(match.game)
    assert len(ann.raw) > 10
    assert leaks(names, ann.raw, recorder.posted, match.names) == []
    # The check saw cards: her hand in every view, and the cards played as events.
    tables = [m for m in ann.messages if isinstance(m, Table)]
    assert sum(names.total(t.view) for t in tables) > len(tables)
    heard = [e.render(match.names) for t in tables for e in t.events]
    assert sum(names.named(line).total() for line in heard) > 0


# The check itself: a host that sends what it must not is caught.


def faulty_table(monkeypatch: pytest.MonkeyPatch, change: Any) -> None:
    """Every Table the host's runner makes for seat 0 changed by `change(runner, table) ->
    table` (the runner has the host's `game` and `match`). A broadcast puts the member's own
    events in place of the Table's, so an event added here reaches her only on a Table sent
    without events (the one she gets as she joins): enough for the check to see it."""
    real = Runner.table

    def table(runner: Runner, seat: int | None, *args: Any, **kwargs: Any) -> Table:
        made = real(runner, seat, *args, **kwargs)
        return change(runner, made) if seat == 0 else made

    monkeypatch.setattr(Runner, "table", table)


def with_view(table: Table, view: dict[str, Any]) -> Table:
    return table.model_copy(update={"view": view})


FAULTS = {
    "another seat's view": lambda host, table: with_view(
        table, host.game.view(host.match.state, 1).model_dump(mode="json")
    ),
    "the state": lambda host, table: with_view(
        table, {**table.view, "state": host.match.state.model_dump(mode="json")}
    ),
    "the deck": lambda host, table: with_view(
        table,
        {**table.view, "draw": [c.model_dump(mode="json") for c in host.match.state.draw_pile]},
    ),
    "an event naming another seat's card": lambda host, table: table.model_copy(
        update={
            "events": [
                *table.events,
                Event(
                    kind="x",
                    text=f"{{0}} holds the {host.match.state.hands[1][0].short}.",
                    seats=(1,),
                ),
            ]
        }
    ),
}


@pytest.mark.parametrize("fault", FAULTS)
async def test_the_leak_check_catches_a_host_that_sends(fault, monkeypatch):
    faulty_table(monkeypatch, FAULTS[fault])
    ann, recorder, match = await recorded_game("run-it", 5, monkeypatch, moves=0)
    assert ann.raw, "she was sent the table"
    found = leaks(CardNames(match.game), ann.raw, recorder.posted, match.names)
    assert found, f"a host that sends {fault} was not caught"
    where = "event" if "event" in fault else "view"
    assert all(f", {where}" in line for line in found), found[:3]


def test_the_leak_check_counts_copies_of_a_card():
    # A Run It deck holds two of each card: a second copy in another hand is still a secret.
    game = games.get("run-it")
    names = CardNames(game)
    state = game.new_game(3, 2, OPTIONS["run-it"])
    twin = next(c for c in state.hands[1] if c in state.hands[0] or c in state.draw_pile)
    allowed = may_know(game, state, 0)
    assert allowed[key(twin)] == state.hands[0].count(twin) + (
        state.discards.count(twin) if state.discards else 0
    )
    view = game.view(state, 0).model_dump(mode="json")
    assert names.held(view)[key(twin)] <= allowed[key(twin)]
    leaked = {**view, "peek": [twin.model_dump(mode="json")] * (allowed[key(twin)] + 1)}
    assert names.held(leaked)[key(twin)] > allowed[key(twin)]
    assert names.named(f"Bob holds the {twin.short} and {twin.short}.")[key(twin)] == 2
