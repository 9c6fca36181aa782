"""A host's messages checked against the game a client joined, before anything is drawn.

The host is another program: a rogue or broken one can send messages that are well formed but
make no sense (a seat beyond the table, a game this cardtable does not know, a view that is not
that game's). Each check returns what is wrong, in words, or None; the client then says so and
leaves instead of failing. Nothing here raises on a host's message.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable
from typing import Any

from pydantic import ValidationError

from cardtable import games
from cardtable.engine import Game, IllegalMove, View
from cardtable.engine.contract import Event, Outcome
from cardtable.engine.seats import names_problems
from cardtable.net.protocol import Message, Table, Welcome

MAX_WINDOW_SECONDS = 3600.0
"""No claim window stays open longer than this; a host that says so sends nonsense."""


def shown(text: str, most: int = 24) -> str:
    """A host's text inside a sentence: quoted, and cut to `most` letters."""
    return repr(text if len(text) <= most else text[: most - 1] + "…")


def game_of(welcome: Welcome) -> Game | None:
    """The rules of the game the host plays, or None if this cardtable does not know it."""
    try:
        return games.get(welcome.game)
    except (KeyError, ImportError, ValueError):
        return None


def text_nonsense(message: Message) -> str | None:
    """What is wrong with the text of any message from a host: a control or invisible character
    in one of its strings (where a terminal code hides: shown, it could retitle the window,
    write the clipboard or draw over the table), or None. A line break is allowed outside
    names (whose own rules `welcome_nonsense` checks)."""
    for text in _strings(message.model_dump(mode="json")):
        if any(c != "\n" and unicodedata.category(c)[0] == "C" for c in text):
            return "text with control characters in it"
    return None


def _strings(data: Any) -> Iterable[str]:
    """Every string in decoded JSON, keys included."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from _strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)


def welcome_nonsense(welcome: Welcome, first: Welcome | None = None) -> str | None:
    """What makes no sense in a Welcome (after `first`, when rejoining), or None."""
    game = game_of(welcome)
    if game is None:
        return f"a game this cardtable does not know, {shown(welcome.game)}"
    seats = len(welcome.names)
    if seats not in game.seat_counts:
        return f"a table of {game.name} with {seats} seats"
    if any(names_problems(welcome.names)):
        return "a seat's name that no cardtable allows"
    if welcome.seat is not None and not 0 <= welcome.seat < seats:
        return f"seat {welcome.seat + 1} at a table of {seats}"
    if not _in_range(welcome.humans, seats):
        return f"a person at a seat beyond the table's {seats}"
    if first is not None and (
        (welcome.game, welcome.seat, seats) != (first.game, first.seat, len(first.names))
    ):
        return "another game, or another seat, than the one this screen joined"
    return None


def table_nonsense(table: Table, welcome: Welcome) -> str | None:
    """What makes no sense in a Table of the game `welcome` joined, or None."""
    game = game_of(welcome)
    if game is None:
        return f"a game this cardtable does not know, {shown(welcome.game)}"
    seats = len(welcome.names)
    if not _in_range(table.acting, seats):
        return f"a seat beyond the table's {seats} to act"
    if len(table.present) != seats:
        return f"who is here for {len(table.present)} seats at a table of {seats}"
    if table.asking is not None and not 0 <= table.asking < seats:
        return f"a seat beyond the table's {seats} asked"
    try:
        view = game.view_model.model_validate(table.view)
    except ValidationError:
        return f"a table that is not one of {game.name}"
    wrong_view = _view_nonsense(view, welcome.seat, seats)
    if wrong_view is not None:
        return wrong_view
    try:
        for move in table.legal:
            game.parse_move(move)
    except IllegalMove:
        return f"a move that is not one of {game.name}"
    window = table.window
    if window is not None and (
        not _in_range(window.open_to, seats)
        or not _in_range(window.claimed, seats)
        or not _seconds(window.seconds)
        or (table.window_left is not None and not _seconds(table.window_left))
    ):
        return "a claim window that makes no sense"
    if any(not _event_fits(event, seats) for event in table.events):
        return "a line of the log about a seat beyond the table"
    if table.outcome is not None and not _outcome_fits(table.outcome, seats):
        return "a result that does not fit the table"
    return None


def _in_range(found: Iterable[int], seats: int) -> bool:
    return all(0 <= seat < seats for seat in found)


def _seconds(value: float) -> bool:
    return math.isfinite(value) and 0 <= value <= MAX_WINDOW_SECONDS


def _view_nonsense(view: View, seat: int | None, seats: int) -> str | None:
    if view.seats != seats or len(view.hand_sizes) != seats or view.seat != seat:
        return "a table of other seats than this screen's"
    if not _in_range(view.to_act, seats):
        return f"a seat beyond the table's {seats} to act"
    if (view.hand is None) != (seat is None):
        return "a hand for a spectator, or none for a player"
    return None


def _event_fits(event: Event, seats: int) -> bool:
    return _in_range(event.seats, seats)


def _outcome_fits(outcome: Outcome, seats: int) -> bool:
    teams = outcome.teams
    return (
        len(outcome.scores) == seats
        and bool(teams)
        and all(team and _in_range(team, seats) for team in teams)
        and len(outcome.team_scores) == len(teams)
        and len(outcome.team_names) in (0, len(teams))
        and _in_range(outcome.winners, seats)
    )
