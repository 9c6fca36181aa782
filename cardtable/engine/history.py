"""The history of finished games: one SQLite file in the data folder, and statistics from it.

Every finished game (at one keyboard, hosted, or in a browser tab) is kept whole: its game,
options, seats, the secret it was dealt from, every move, its outcome and when it was played.
The file is `history.sqlite3` in the data folder; its schema is versioned (`PRAGMA
user_version`) and brought up to date by MIGRATIONS, a list of SQL steps. A game is written in
one transaction, so a write killed halfway leaves the file as it was before it. A damaged file is
set aside (renamed, never deleted) and a new one started; a file from a newer cardtable is left
alone and nothing is recorded in it.

The game never waits on the file: `Recorder` writes in a thread of its own, and a failed write
is a sentence (`problem`), never an error in the game. Everything read back is checked: a row
edited by hand is skipped with a line (`History.skipped`), and a game loaded (`History.load`,
`read_export`) is replayed through the checked apply before it is given out.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, cast

from pydantic import BaseModel, ValidationError

from cardtable.engine.contract import Outcome
from cardtable.engine.match import (
    MAX_LINE_BYTES,
    SAVE_VERSION,
    LoggedMove,
    Match,
    MatchRecord,
    MoveHint,
    SaveHeader,
    _replay,
)
from cardtable.engine.saves import MAX_SAVE_BYTES, SaveFileError, data_dir
from cardtable.engine.seats import SeatConfig, SeatKind, names_problems
from cardtable.engine.words import plural

log = logging.getLogger("cardtable.history")

HISTORY_FILE = "history.sqlite3"
Where = Literal["keyboard", "hosted", "browser"]
"""Where a game was played: at one keyboard, hosted for players on their own screens, or in a
browser tab (`cardtable serve`)."""
WHERES: tuple[str, ...] = ("keyboard", "hosted", "browser")

MIGRATIONS: list[tuple[str, ...]] = [
    # 1: the games, their seats and their moves.
    (
        """CREATE TABLE games (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed TEXT NOT NULL,
            started REAL NOT NULL,
            ended REAL NOT NULL,
            place TEXT NOT NULL,
            outcome TEXT NOT NULL,
            moves INTEGER NOT NULL
        )""",
        """CREATE TABLE seats (
            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            team INTEGER NOT NULL,
            score INTEGER NOT NULL,
            won INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        )""",
        """CREATE TABLE moves (
            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            move TEXT NOT NULL,
            lines TEXT NOT NULL,
            PRIMARY KEY (game_id, number)
        ) WITHOUT ROWID""",
        "CREATE INDEX games_by_game ON games(game, ended)",
        "CREATE INDEX games_by_end ON games(ended)",
        "CREATE INDEX seats_by_name ON seats(name, game_id)",
    ),
    # 2: the hint a person was shown for her move (NULL: she asked for none), for replays.
    ("ALTER TABLE moves ADD COLUMN hint TEXT",),
    # 3: a move the clock made for a person (a claim window's time ran out), for replays.
    ("ALTER TABLE moves ADD COLUMN timed INTEGER NOT NULL DEFAULT 0",),
]
"""The schema, step by step: step N takes a file at user_version N-1 to N. A later cardtable
adds a step; it never changes one already shipped."""

BUSY_SECONDS = 5.0
"""How long a write waits for another cardtable writing the same file."""
MAX_MOVES = 100_000
"""A game with more moves than this is not one cardtable recorded (a 7,000-move session is the
longest known)."""
MAX_TEXT = 64 * 1024
"""The longest options, outcome or seed text a game's row may hold."""
SCORED = "Points"
"""The score label (`Outcome.score_label`) whose scores are averaged. Over Trump, Piles, Sets
and Runs (penalty points: lower is better) and Runway played to 500 score in points; Run It
("Games won" in a session) and Runway's other forms ("Run cards" in one game, "Games won" in a
session) count what depends on the session's length, so they have no average score."""
CORRUPT = {11, 26}
"""SQLite's codes for a damaged file: SQLITE_CORRUPT and SQLITE_NOTADB."""


MIN_ID_PREFIX = 4
"""The shortest start of an id that names a game: a shorter key is a number in the list (a
game whose id began with '3' once answered `replay 3` when there were only two)."""


class HistoryError(Exception):
    """The history cannot do what was asked; `reason` says why in a sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class FinishedGame(BaseModel):
    """A finished game as the history keeps it: exactly what replays it, its outcome, when and
    where it was played. Its repr never shows the secret it was dealt from."""

    id: str
    record: MatchRecord
    outcome: Outcome
    started: float
    ended: float
    where: Where


@dataclass(frozen=True)
class GameSummary:
    """A finished game as `cardtable history` lists it."""

    number: int
    """Its place in the list: 1 is the latest game to end."""
    id: str
    game: str
    names: list[str]
    kinds: list[str]
    winners: list[str]
    """The names of the seats that won or shared the win."""
    ended: float
    moves: int
    where: str


class Figures(BaseModel):
    """A person's games, wins, win rate, best streak and average score, in one game."""

    games: int = 0
    wins: int = 0
    """Games won, a shared win counting as a win."""
    win_rate: float = 0.0
    """wins / games (0 with no games)."""
    best_streak: int = 0
    """The longest run of wins in a row, by when each game ended."""
    average_score: float | None = None
    """The mean score over the games scored in points (SCORED); None where there are none."""


class StatLine(Figures):
    """One person's figures in one game, and the same against bots only and against people."""

    game: str
    name: str
    against: dict[str, Figures]
    """'bots': games in which every other seat was a bot; 'people': at least one other person."""


def history_path() -> Path:
    """The history's file in the data folder."""
    return data_dir() / HISTORY_FILE


def game_key(record: MatchRecord, started: float) -> str:
    """A finished game's id: a digest of how it was dealt, who played, every move and when it
    began. The same game recorded twice has the same id; the id gives nothing of the secret."""
    text = json.dumps(
        [
            record.game,
            str(record.seed),
            record.options,
            [[seat.name, str(seat.kind)] for seat in record.seats],
            [[entry.seat, entry.move] for entry in record.log],
            repr(float(started)),
        ],
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def finished_game(match: Match, ended: float | None = None) -> FinishedGame:
    """The history's record of a match whose last move has been made."""
    record = match.record.model_copy(update={"log": list(match.record.log), "state": {}})
    started = match.started
    return FinishedGame(
        id=game_key(record, started),
        record=record,
        outcome=match.game.outcome(match.state),
        started=started,
        ended=time.time() if ended is None else ended,
        where=match.where,
    )


def _corrupt(err: sqlite3.Error) -> bool:
    return getattr(err, "sqlite_errorcode", None) in CORRUPT


def _words(err: sqlite3.Error) -> str:
    """A failed read or write of the file, in a few words."""
    text = str(err)
    if "locked" in text or "busy" in text:
        return "another cardtable kept it busy too long"
    if "full" in text:
        return "the disk is full"
    if "readonly" in text or "read-only" in text:
        return "cardtable may not write in its folder"
    return text


class History:
    """The history file, open (made, brought up to date, or set aside when damaged).

    `problem` says, in a sentence, why the file was set aside or is not used; `skipped` holds a
    line for each row the last read skipped (edited by hand, or from an unknown game)."""

    def __init__(self, path: Path | None = None) -> None:
        """Open the file at `path` (the data folder's when None; ':memory:' for none)."""
        self.path = path or history_path()
        self.problem: str | None = None
        self.skipped: list[str] = []
        self._conn: sqlite3.Connection | None = None
        self._open()

    # Opening

    def _open(self) -> None:
        try:
            self._conn = self._connect()
        except _Damaged:
            self._set_aside()
            try:
                self._conn = self._connect()
            except (sqlite3.Error, OSError, _Damaged) as err:
                self._cannot_open(err)
        except (sqlite3.Error, OSError) as err:
            self._cannot_open(err)

    def _connect(self) -> sqlite3.Connection | None:
        """The file open and up to date; None (with `problem`) when it is a newer cardtable's."""
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.exists() and not self.path.is_file():
            raise OSError(f"{self.path} is not a file")
        conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > len(MIGRATIONS):
                self.problem = (
                    f"The game history {self.path} was written by a newer cardtable; it is left "
                    "as it is, and this one does not record games in it."
                )
                conn.close()
                return None
            if version == 0 and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise _Damaged()  # a database, but not one cardtable made
            conn.execute("PRAGMA foreign_keys = ON")
            for step in range(version, len(MIGRATIONS)):
                with conn:
                    conn.execute("BEGIN IMMEDIATE")
                    if conn.execute("PRAGMA user_version").fetchone()[0] != step:
                        continue  # another cardtable took this step meanwhile
                    for statement in MIGRATIONS[step]:
                        conn.execute(statement)
                    conn.execute(f"PRAGMA user_version = {step + 1}")
        except sqlite3.Error as err:
            conn.close()
            if _corrupt(err):
                raise _Damaged() from None
            raise
        except _Damaged:
            conn.close()
            raise
        return conn

    def _cannot_open(self, err: BaseException) -> None:
        why = _words(err) if isinstance(err, sqlite3.Error) else str(err)
        self.problem = (
            f"The game history {self.path} cannot be opened ({why}); finished games are not "
            "recorded."
        )
        log.warning("%s", self.problem)
        self._conn = None

    def _set_aside(self) -> None:
        """Rename the damaged file (and its journal) beside it, and say so in `problem`."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        name = f"history.damaged-{stamp}.sqlite3"
        count = 2
        while (self.path.parent / name).exists():
            name = f"history.damaged-{stamp}-{count}.sqlite3"
            count += 1
        aside = self.path.parent / name
        os.replace(self.path, aside)
        for suffix in ("-journal", "-wal", "-shm"):
            extra = self.path.with_name(self.path.name + suffix)
            if extra.exists():
                os.replace(extra, aside.with_name(aside.name + suffix))
        self.problem = (
            f"The game history was damaged; it is kept as {name} and a new one was started."
        )
        log.warning("%s", self.problem)

    def close(self) -> None:
        """Let go of the file."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def usable(self) -> bool:
        """True when games can be recorded and read."""
        return self._conn is not None

    def _use(self) -> sqlite3.Connection:
        if self._conn is None:
            raise HistoryError(self.problem or "The game history is closed.")
        return self._conn

    # Writing

    def record(self, finished: FinishedGame) -> bool:
        """Keep a finished game, in one transaction; False if a game with its id is kept
        already. HistoryError (nothing written) when it cannot be written."""
        try:
            return self._write(finished)
        except sqlite3.Error as err:
            if not _corrupt(err):
                raise HistoryError(
                    f"A finished game could not be kept in the game history: {_words(err)}."
                ) from None
        self._set_aside()
        try:
            self._conn = self._connect()
            return self._write(finished)
        except (sqlite3.Error, OSError, _Damaged) as err:
            self._cannot_open(err)
            raise HistoryError(self.problem or "The game history cannot be written.") from None

    def _write(self, finished: FinishedGame) -> bool:
        conn = self._use()
        record, outcome = finished.record, finished.outcome
        team_of = {seat: t for t, team in enumerate(outcome.teams) for seat in team}
        with conn:
            conn.execute("BEGIN IMMEDIATE")
            added = conn.execute(
                "INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    finished.id,
                    record.game,
                    json.dumps(record.options),
                    str(record.seed),
                    finished.started,
                    finished.ended,
                    finished.where,
                    outcome.model_dump_json(),
                    len(record.log),
                ),
            ).rowcount
            if not added:
                return False
            conn.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        finished.id,
                        number,
                        seat.name,
                        str(seat.kind),
                        team_of.get(number, number),
                        outcome.scores[number] if number < len(outcome.scores) else 0,
                        int(number in outcome.winners),
                    )
                    for number, seat in enumerate(record.seats)
                ],
            )
            conn.executemany(
                "INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    (
                        finished.id,
                        number,
                        entry.seat,
                        json.dumps(entry.move),
                        json.dumps(entry.lines),
                        None if entry.hint is None else entry.hint.model_dump_json(),
                        int(entry.timed),
                    )
                    for number, entry in enumerate(record.log, start=1)
                ),
            )
        return True

    # Reading

    def _read(self, query: str, parameters: Iterable[Any] = ()) -> list[Any]:
        """Rows of a query; a damaged file is set aside (nothing read) and a new one started."""
        try:
            return self._use().execute(query, tuple(parameters)).fetchall()
        except sqlite3.Error as err:
            if not _corrupt(err):
                raise HistoryError(f"The game history cannot be read: {_words(err)}.") from None
        self._set_aside()
        try:
            self._conn = self._connect()
        except (sqlite3.Error, OSError, _Damaged) as err:
            self._cannot_open(err)
        return []

    def _skip(self, game_id: Any, why: str) -> None:
        line = f"Game {str(game_id)[:20]} in the game history was skipped: {why}."
        self.skipped.append(line)
        log.warning("%s", line)

    def finished_games(self, game: str | None = None, limit: int = 200) -> list[GameSummary]:
        """The finished games (of `game`, or all), the latest to end first, at most `limit`."""
        self.skipped = []
        if not self.usable:
            return []
        limit = max(0, min(int(limit), 10_000))
        rows = self._read(
            "SELECT g.number, g.id, g.game, g.ended, g.moves, g.place, s.seat, s.name, s.kind, "
            "s.won FROM (SELECT * FROM (SELECT id, game, ended, moves, place, ROW_NUMBER() OVER "
            "(ORDER BY ended DESC, rowid DESC) AS number FROM games) WHERE ?1 IS NULL OR game = ?1 "
            "ORDER BY number LIMIT ?2) AS g JOIN seats AS s ON s.game_id = g.id "
            "ORDER BY g.number, s.seat",
            (game, limit),
        )
        found: list[GameSummary] = []
        for rows_of_game in _grouped(rows, key=lambda row: row[0]):
            number, game_id, game_name, ended, moves, place = rows_of_game[0][:6]
            seats = [row[6:] for row in rows_of_game]
            why = _bad_summary(game_name, ended, moves, place) or _bad_seats(seats)
            if why:
                self._skip(game_id, why)
                continue
            found.append(
                GameSummary(
                    number=number,
                    id=game_id,
                    game=game_name,
                    names=[seat[1] for seat in seats],
                    kinds=[seat[2] for seat in seats],
                    winners=[seat[1] for seat in seats if seat[3]],
                    ended=float(ended),
                    moves=moves,
                    where=place,
                )
            )
        return found

    def game_id(self, key: int | str) -> str:
        """The id of the game `key` names: its number in the list (1: the latest), its id or
        the start of its id. HistoryError says why when none or several match."""
        text = str(key).strip().casefold()
        if text.isdigit() and len(text) < 7:
            rows = self._read(
                "SELECT id FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY ended DESC, rowid DESC) "
                "AS number FROM games) WHERE number = ?",
                (int(text),),
            )
            if not rows and len(text) >= MIN_ID_PREFIX:  # digits only may still begin an id
                rows = self._read("SELECT id FROM games WHERE id LIKE ? LIMIT 2", (text + "%",))
            if len(rows) == 1:
                return str(rows[0][0])
            if not rows:
                count = self._read("SELECT count(*) FROM games")
                held = count[0][0] if count else 0
                raise HistoryError(
                    f"There is no finished game {text} in the game history: it holds "
                    f"{plural(held, 'game')} (`cardtable history` lists them)."
                )
            raise HistoryError(f"Several finished games have ids starting {text}: give more of it.")
        if not text or len(text) > 64 or any(c not in "0123456789abcdef" for c in text):
            raise HistoryError(
                f"{str(key)[:40]!r} is neither a number in `cardtable history` nor a game's id."
            )
        if len(text) < MIN_ID_PREFIX:
            raise HistoryError(
                f"Give at least {MIN_ID_PREFIX} characters of a game's id (`cardtable history` "
                "lists them)."
            )
        rows = self._read("SELECT id FROM games WHERE id LIKE ? LIMIT 2", (text + "%",))
        if not rows:
            raise HistoryError(
                f"No finished game in the game history has the id {text} "
                "(`cardtable history` lists them)."
            )
        if len(rows) > 1:
            raise HistoryError(f"Several finished games have ids starting {text}: give more of it.")
        return str(rows[0][0])

    def load(self, key: int | str, games: Any) -> FinishedGame:
        """The finished game `key` names (its number, id or the start of its id), replayed move
        by move through the checked apply; HistoryError says why it cannot be given."""
        game_id = self.game_id(key)
        rows = self._read(
            "SELECT game, options, seed, started, ended, place, outcome, moves FROM games "
            "WHERE id = ?",
            (game_id,),
        )
        if not rows:
            raise HistoryError(f"The finished game {game_id} is no longer in the game history.")
        game_name, options, seed, started, ended, place, outcome, moves = rows[0]
        why = _bad_summary(game_name, ended, moves, place)
        if why is None and not isinstance(started, float | int):
            why = "its start time is not a time"
        for text in (options, seed, outcome):
            if why is None and not (isinstance(text, str) and len(text) <= MAX_TEXT):
                why = "a field of it is not text of a sane length"
        if why is not None:
            raise HistoryError(
                f"The finished game {game_id} in the game history is damaged: {why}."
            )
        seats = self._read(
            "SELECT seat, name, kind, won FROM seats WHERE game_id = ? ORDER BY seat LIMIT 64",
            (game_id,),
        )
        why = _bad_seats(seats)
        moves_rows = self._read(
            "SELECT number, seat, move, lines, hint, timed FROM moves WHERE game_id = ? "
            "ORDER BY number "
            "LIMIT ?",
            (game_id, MAX_MOVES + 1),
        )
        if why is None and [row[0] for row in moves_rows] != list(range(1, moves + 1)):
            why = f"it should hold {plural(moves, 'move')}, and {len(moves_rows)} are there"
        try:
            if why is not None:
                raise ValueError(why)
            header = SaveHeader(
                cardtable=SAVE_VERSION,
                game=game_name,
                seed=int(seed),
                options=json.loads(options),
                seats=[SeatConfig(name=row[1], kind=row[2]) for row in seats],
            )
            lines = [header.model_dump_json()]
            for number, seat, move, said, hint, timed in moves_rows:
                if max(len(move), len(said), len(hint or "")) > MAX_LINE_BYTES:
                    raise ValueError(f"move {number} is longer than any move")
                entry = LoggedMove(
                    seat=seat,
                    move=json.loads(move),
                    lines=json.loads(said),
                    hint=None if hint is None else MoveHint.model_validate_json(hint),
                    timed=bool(timed),
                )
                lines.append(entry.line())
            stored = Outcome.model_validate_json(outcome)
        except (ValueError, TypeError, RecursionError, ValidationError) as err:
            # RecursionError: JSON nested past any the game writes (json.loads has no limit)
            reason = str(err) if type(err) is ValueError and why else "a field of it is unreadable"
            raise HistoryError(
                f"The finished game {game_id} in the game history is damaged: {reason}."
            ) from None
        data = ("\n".join(lines) + "\n").encode("utf-8")
        return _checked(
            data,
            games,
            stored,
            f"The finished game {game_id} in the game history",
            game_id,
            float(started),
            float(ended),
            place,
        )

    def stats(self, game: str | None = None) -> list[StatLine]:
        """Each person's figures in each game (of `game`, or all): bots are not players here.
        Sorted by game, then most games played."""
        self.skipped = []
        if not self.usable:
            return []
        rows = self._read(
            "SELECT g.id, g.game, g.ended, g.outcome, s.seat, s.name, s.kind, s.score, s.won "
            "FROM games AS g JOIN seats AS s ON s.game_id = g.id WHERE ?1 IS NULL OR g.game = ?1 "
            "ORDER BY g.ended, g.id, s.seat",
            (game,),
        )
        tallies: dict[tuple[str, str], dict[str, _Tally]] = {}
        for rows_of_game in _grouped(rows, key=lambda row: row[0]):
            game_id, game_name, ended, outcome = rows_of_game[0][:4]
            seats = [(row[4], row[5], row[6], row[8]) for row in rows_of_game]
            why = _bad_summary(game_name, ended, 0, "keyboard") or _bad_seats(seats)
            scores = [row[7] for row in rows_of_game]
            if why is None and not all(type(score) is int for score in scores):
                why = "a score is not a number"
            label = None
            if why is None:
                try:
                    if not isinstance(outcome, str) or len(outcome) > MAX_TEXT:
                        raise ValueError
                    label = Outcome.model_validate_json(outcome).score_label
                except (ValueError, ValidationError):
                    why = "its outcome is unreadable"
            if why:
                self._skip(game_id, why)
                continue
            people = [seat for seat in seats if seat[2] == SeatKind.HUMAN]
            for seat, name, _, won in people:
                against = "people" if len(people) > 1 else "bots"
                score = scores[seat] if label == SCORED else None
                mine = tallies.setdefault((game_name, name), {})
                for scope in ("all", against):
                    mine.setdefault(scope, _Tally()).add(bool(won), score)
        lines = [
            StatLine(
                game=game_name,
                name=name,
                **mine["all"].figures().model_dump(),
                against={
                    scope: mine.get(scope, _Tally()).figures() for scope in ("bots", "people")
                },
            )
            for (game_name, name), mine in tallies.items()
        ]
        lines.sort(key=lambda line: (line.game, -line.games, line.name.casefold()))
        return lines


class _Damaged(Exception):
    """The file is not a database cardtable can use: it is set aside."""


def _grouped(rows: list[Any], key: Callable[[Any], Any]) -> list[list[Any]]:
    """Consecutive rows with the same key, together."""
    groups: list[list[Any]] = []
    for row in rows:
        if groups and key(groups[-1][0]) == key(row):
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups


def _bad_summary(game: Any, ended: Any, moves: Any, place: Any) -> str | None:
    """What is wrong with a game's row, hand-edited; None when it could be one we wrote."""
    if not isinstance(game, str) or not 0 < len(game) <= 40:
        return "its game is not a game's id"
    if not isinstance(ended, float | int) or not math.isfinite(ended):
        return "its end time is not a time"
    if type(moves) is not int or not 0 <= moves <= MAX_MOVES:
        return "its count of moves is not a count"
    if place not in WHERES:
        return "it does not say where it was played"
    return None


def _bad_seats(seats: list[Any]) -> str | None:
    """What is wrong with a game's seats (seat, name, kind, won), read back; None when fine."""
    if not 1 <= len(seats) <= 16 or [seat[0] for seat in seats] != list(range(len(seats))):
        return "its seats are not numbered in order"
    names = [seat[1] for seat in seats]
    if not all(isinstance(name, str) for name in names) or any(names_problems(names)):
        return "a name in it is not one cardtable would accept"
    if any(seat[2] not in set(SeatKind) for seat in seats):
        return "a seat in it is played by nobody cardtable knows"
    if any(seat[3] not in (0, 1) for seat in seats):
        return "a seat in it neither won nor lost"
    return None


@dataclass
class _Tally:
    """Figures being counted, game by game in the order they ended."""

    games: int = 0
    wins: int = 0
    streak: int = 0
    best: int = 0
    scores: list[int] = field(default_factory=list)

    def add(self, won: bool, score: int | None) -> None:
        self.games += 1
        self.wins += won
        self.streak = self.streak + 1 if won else 0
        self.best = max(self.best, self.streak)
        if score is not None:
            self.scores.append(score)

    def figures(self) -> Figures:
        return Figures(
            games=self.games,
            wins=self.wins,
            win_rate=self.wins / self.games if self.games else 0.0,
            best_streak=self.best,
            average_score=sum(self.scores) / len(self.scores) if self.scores else None,
        )


def stats_document(lines: list[StatLine]) -> dict[str, Any]:
    """`cardtable stats --json`: {"games": {game: {name: {"games", "wins", "win_rate",
    "best_streak", "average_score" (null where the game has no score), "against": {"bots":
    {the same five}, "people": {the same five}}}}}}."""
    document: dict[str, Any] = {"games": {}}
    for line in lines:
        figures = line.model_dump(include=set(Figures.model_fields))
        figures["against"] = {scope: f.model_dump() for scope, f in line.against.items()}
        document["games"].setdefault(line.game, {})[line.name] = figures
    return document


def _same_result(a: Outcome, b: Outcome) -> bool:
    """True when two outcomes give the same scores, teams and winners (summaries may differ
    in wording between versions)."""
    return (a.scores, a.teams, a.team_scores, sorted(a.winners), a.reason) == (
        b.scores,
        b.teams,
        b.team_scores,
        sorted(b.winners),
        b.reason,
    )


def _checked(
    data: bytes,
    games: Any,
    stored: Outcome,
    what: str,
    game_id: str,
    started: float,
    ended: float,
    where: str,
) -> FinishedGame:
    """A finished game from its save-format lines, every move replayed through the checked
    apply (the save's own replay); refused in words unless it ends over, as `stored` says."""
    try:
        match, _ = _replay(Path(what), data, games)
    except SaveFileError as err:
        raise HistoryError(f"{what} does not replay: {err.why or err.message}.") from None
    if not match.game.is_over(match.state):
        raise HistoryError(f"{what} does not replay: its game is not over after its last move.")
    outcome = match.game.outcome(match.state)
    if not _same_result(outcome, stored):
        raise HistoryError(
            f"{what} does not replay: its moves lead to another result than the one it records."
        )
    if where not in WHERES or not (math.isfinite(started) and math.isfinite(ended)):
        raise HistoryError(f"{what} is damaged: its times or its place are unreadable.")
    return FinishedGame(
        id=game_id,
        record=match.record,
        outcome=outcome,
        started=started,
        ended=ended,
        where=cast(Where, where),
    )


# Export


class ExportEnd(BaseModel):
    """The last line of an exported game: how it ended, when and where."""

    id: str
    outcome: Outcome
    started: float
    ended: float
    where: Where


def export_lines(finished: FinishedGame) -> str:
    """A finished game as JSON lines: the save's header, one line per move, then
    {"finished": {outcome, started, ended, where, id}}."""
    record = finished.record
    header = SaveHeader.of(record, finished.started)
    end = ExportEnd(
        id=finished.id,
        outcome=finished.outcome,
        started=finished.started,
        ended=finished.ended,
        where=finished.where,
    )
    lines = [header.model_dump_json()]
    lines += [entry.line() for entry in record.log]
    lines.append(json.dumps({"finished": end.model_dump(mode="json")}))
    return "\n".join(lines) + "\n"


def read_export(path: Path, games: Any) -> FinishedGame:
    """The finished game exported at `path` (`cardtable history export`), every move replayed
    through the checked apply; HistoryError says why it is refused (too large, not an export,
    moves that do not replay, a game not over, a result other than its moves lead to)."""
    what = f"The exported game {path}"
    try:
        with open(path, "rb", opener=_nonblocking) as file:
            info = os.fstat(file.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise HistoryError(f"{what} is not a regular file.")
            if info.st_size > MAX_SAVE_BYTES:
                raise HistoryError(f"{what} is larger than any exported game can be.")
            data = file.read(MAX_SAVE_BYTES + 1)
    except OSError as err:
        raise HistoryError(f"{what} cannot be read ({err.strerror or err}).") from None
    body = data.rstrip(b"\n")
    cut = body.rfind(b"\n")
    if cut < 0:
        raise HistoryError(f"{what} is not an exported game: it has no moves and no ending.")
    try:
        if len(body) - cut > MAX_LINE_BYTES:
            raise ValueError
        last = json.loads(body[cut + 1 :])
        if not isinstance(last, dict) or set(last) != {"finished"}:
            raise ValueError
        end = ExportEnd.model_validate(last["finished"])
    except (ValueError, RecursionError, ValidationError):
        raise HistoryError(
            f"{what} is not an exported game: its last line does not say how it ended."
        ) from None
    finished = _checked(
        body[: cut + 1], games, end.outcome, what, end.id, end.started, end.ended, end.where
    )
    if game_key(finished.record, end.started) != end.id:
        raise HistoryError(f"{what} was changed after it was exported: its id does not match it.")
    return finished


def _nonblocking(path: str, flags: int) -> int:
    return os.open(path, flags | os.O_NONBLOCK)


# The writer


MAX_LATER = 20
"""Games a Recorder keeps to write again when the history could not be written."""


class Recorder:
    """Keeps finished games in the history from a thread of its own, so the game never waits.

    `record_later` queues a game; `flush` waits (a while at most) until all are written; a failed
    write never raises into the game: `problem` says why, and `on_problem` hears it (once per
    sentence) from the writer's thread."""

    def __init__(
        self, path: Path | None = None, on_problem: Callable[[str], None] | None = None
    ) -> None:
        self.path = path
        self.on_problem = on_problem
        self.problem: str | None = None
        self._said: set[str] = set()
        self._pending: list[FinishedGame | None] = []
        self._waiting: list[FinishedGame] = []
        """Games a failed write left, tried again with the next game and on `flush`."""
        self._busy = False
        self._thread: threading.Thread | None = None
        self._lock = threading.Condition()

    def record_later(self, finished: FinishedGame) -> None:
        """Queue a finished game to be written."""
        self._queue(finished)

    def check(self) -> None:
        """Open the history in the writer's thread, so a damaged file is said at once."""
        self._queue(None)

    def _queue(self, item: FinishedGame | None) -> None:
        with self._lock:
            self._pending.extend(self._waiting)
            self._waiting.clear()
            self._pending.append(item)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="cardtable-history", daemon=False
                )
                self._thread.start()

    def flush(self, timeout: float = 2.0) -> bool:
        """Wait until every queued game is written (those a failed write left are tried once
        more), `timeout` seconds at most; True if all are."""
        with self._lock:
            if self._waiting:
                self._queue(None)
            done = self._lock.wait_for(
                lambda: not self._pending and not self._busy and self._thread is None, timeout
            )
            return done and not self._waiting

    def _run(self) -> None:
        history: History | None = None
        try:
            while True:
                with self._lock:
                    if not self._pending:
                        self._thread = None  # under the lock: a game queued now starts another
                        self._lock.notify_all()
                        return
                    item = self._pending.pop(0)
                    self._busy = True
                try:
                    if history is None:
                        history = History(self.path)
                        if history.problem:
                            self._say(history.problem)
                    if item is not None:
                        if history.usable:
                            history.record(item)
                        else:
                            self._later(item)
                    if not history.usable:
                        history = None  # try again for the next game (the file may be free)
                except HistoryError as err:
                    if item is not None:
                        self._later(item)
                    self._say(err.reason)
                except Exception as err:  # whatever goes wrong, the game goes on
                    log.exception("The game history could not be written")
                    self._say(f"A finished game could not be kept in the game history: {err}.")
                finally:
                    with self._lock:
                        self._busy = False
        finally:
            if history is not None:
                history.close()

    def _later(self, item: FinishedGame) -> None:
        """Keep a game that could not be written (a busy or unopenable file) to try again with
        the next game or on `flush`, the most recent MAX_LATER of them."""
        with self._lock:
            self._waiting.append(item)
            del self._waiting[:-MAX_LATER]

    def _say(self, problem: str) -> None:
        self.problem = problem
        log.warning("%s", problem)
        if problem in self._said:
            return
        self._said.add(problem)
        if self.on_problem is not None:
            try:
                self.on_problem(problem)
            except Exception:  # an app already gone: the problem stays in `problem`
                log.exception("The game history's problem could not be shown")
