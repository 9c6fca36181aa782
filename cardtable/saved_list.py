"""The unfinished games in words, for the start screen and `cardtable resume --list`."""

from __future__ import annotations

import time

from cardtable import games
from cardtable.engine import SavedGame
from cardtable.engine.words import plural


def when(seconds: float, now: float | None = None) -> str:
    """When a game was last saved: '23:41' today, else 'Nov 21 14:02'."""
    then = time.localtime(seconds)
    today = time.localtime(now)
    if then[:3] == today[:3]:
        return time.strftime("%H:%M", then)
    return time.strftime("%b %d %H:%M", then)


def describe(saved: SavedGame, room: int | None = None) -> str:
    """'Piles · Ann, Bot 2, Bot 3, Bot 4 · 22 moves in · 23:41'; with `room`, the players'
    names are cut short ('Ann, Bot 2, Bo…') so the line fits in that many columns."""
    if saved.problem is not None:
        return f"{saved.path.name}: cannot be resumed ({saved.problem})"
    try:
        name = games.entry(saved.game).name
    except KeyError:
        name = saved.game
    moves = plural(saved.moves, "move")
    players = ", ".join(saved.names)
    rest = f" · {moves} in · {when(saved.when)}"
    if room is not None:
        left = max(8, room - len(name) - 3 - len(rest))
        if len(players) > left:
            players = players[: left - 1].rstrip(", ") + "…"
    return f"{name} · {players}{rest}"


def choose(saved: list[SavedGame], which: str | None) -> SavedGame | str:
    """The save `which` names: its number in the list (1 = the latest), or its short id; a
    sentence saying why not otherwise. None chooses the latest that can be resumed."""
    if which is None:
        playable = [s for s in saved if s.problem is None]
        return playable[0] if playable else "There is no unfinished game to resume."
    if which.isdecimal() and which.isascii():
        number = int(which)
        if 1 <= number <= len(saved):
            return saved[number - 1]
        return f"There is no unfinished game {number}: there are {len(saved)}."
    found = [s for s in saved if s.id == which.lower()]
    if len(found) > 1:
        return f"Several saves have the id {which!r} (copied files?): resume one by its number."
    return found[0] if found else f"No unfinished game has the id {which!r}."
