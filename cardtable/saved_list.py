"""The saved games in words: the unfinished ones, for the start screen and `cardtable resume
--list`; the finished ones and each person's figures, for `cardtable history`, `cardtable stats`
and the Statistics screen."""

from __future__ import annotations

import time

from cardtable import games
from cardtable.engine import SavedGame
from cardtable.engine.history import Figures, GameSummary, StatLine
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


def game_name(game_id: str) -> str:
    """A game's name for its id ('Sets and Runs'); the id itself for a game this cardtable
    does not know."""
    try:
        return games.entry(game_id).name
    except KeyError:
        return game_id


def describe_finished(game: GameSummary) -> str:
    """'Piles · 23:41 · hosted · won by Ann & Bot 3 · 40 moves · Ann, Bot 2, Bot 3, Bot 4': the
    players last, so a line cut short loses the end of their names first."""
    won = f"won by {' & '.join(game.winners)}" if game.winners else "nobody won"
    where = "" if game.where == "keyboard" else f" · {game.where}"
    return (
        f"{game_name(game.game)} · {when(game.ended)}{where} · {won} · "
        f"{plural(game.moves, 'move')} · {', '.join(game.names)}"
    )


NO_GAMES = (
    "No finished games yet: every game a person plays to its end at this keyboard, or hosts "
    "from it, is kept here (demos are not; a browser tab keeps its own)."
)
NO_PEOPLE = "No person has finished a game yet: games between bots only are not counted."
STAT_HEADINGS = ("Player", "Games", "Wins", "Won", "Streak", "Average", "vs bots", "vs people")
"""The columns of a person's figures: games, wins, win rate, best streak, average score, and
wins of games against bots only and against people."""
STAT_LEGEND = (
    "Won: the share of games won (a shared win counts). Streak: the most wins in a row. "
    "Average: the mean score in points (in Sets and Runs the lower the better; – where the "
    "game does not score in points). vs bots, vs people: wins of the games against bots only, "
    "and against at least one other person."
)
"""What the columns mean, under the tables."""


def figures_cells(line: StatLine) -> list[str]:
    """A person's figures as cells under STAT_HEADINGS (after the name): '3', '2', '67%',
    '2', '17.0' ('–' where the game has no score), '2 of 3', '0 of 0'."""

    def share(figures: Figures) -> str:
        return f"{figures.wins} of {figures.games}"

    average = "–" if line.average_score is None else f"{line.average_score:.1f}"
    return [
        str(line.games),
        str(line.wins),
        f"{line.win_rate:.0%}",
        str(line.best_streak),
        average,
        share(line.against["bots"]),
        share(line.against["people"]),
    ]


def by_game(lines: list[StatLine]) -> list[tuple[str, list[StatLine]]]:
    """The figures grouped by game, in the start screen's order (games it does not know last)."""
    order = {item.id: number for number, item in enumerate(games.catalog())}
    grouped: dict[str, list[StatLine]] = {}
    for line in lines:
        grouped.setdefault(line.game, []).append(line)
    return sorted(grouped.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))
