"""A match: one game played by named seats, its move log, and its save file.

A save is JSON lines: a header (game, seed, options, seats), then one line per move, and every
CHECKPOINT_EVERY moves (and when the table is left) the state as the moves have made it. A move
appends one line, so it costs the same at move 7,000 as at move 1; a move taken back appends
`{"undo": N}` (N the moves there were, the last one taken back). Loading replays every move
from the seed, takes back each move an undo line names, and checks each checkpoint against the
replay and the game's invariants.
"""

from __future__ import annotations

import json
import os
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardtable.engine.chance import new_secret, seed_before_mixing
from cardtable.engine.contract import Event, Game, Move
from cardtable.engine.errors import IllegalMove, ImpossibleState
from cardtable.engine.saves import (
    MAX_SAVE_BYTES,
    SaveFile,
    SaveFileError,
    clean_temporary_files,
    damaged,
    last_game_path,
    new_save_path,
    save_id,
    save_paths,
    why_not_written,
)
from cardtable.engine.seats import (  # noqa: F401 (SeatConfig, SeatKind, parse_seats re-exported)
    SeatConfig,
    SeatKind,
    names_problems,
    parse_seats,
)
from cardtable.engine.undo import last_move_refusal, taking_back, undo_refusal
from cardtable.engine.words import plural

if TYPE_CHECKING:
    from cardtable.engine.history import Recorder, Where

SAVE_VERSION = 2
CHECKPOINT_EVERY = 100
OLD_SAVE = "it was saved by an earlier cardtable, and its moves do not replay in this one"
MAX_HEADER_BYTES = 4 * 1024
"""A save's first line is at most this long: a game's options and its seats' names (each at most
NAME_MAX characters, at most a handful of seats) are a few hundred bytes."""
MAX_LINE_BYTES = 256 * 1024
"""A move or checkpoint line is at most this long: a checkpoint of the largest table is tens of
KB. A longer line is not one cardtable wrote."""
BAD_NAME = "a player's name in it is not one cardtable would accept"


MAX_HINT_WORDS = 2000
"""A hint's reason is a few sentences: a longer one is not one cardtable wrote."""


class MoveHint(BaseModel):
    """The hint a person was shown just before her move: its move, and why (a replay sets it
    beside what she did)."""

    model_config = ConfigDict(extra="forbid")

    move: dict[str, Any]
    why: str = Field(max_length=MAX_HINT_WORDS)


class LoggedMove(BaseModel):
    """One move in the log: who made it, the move, the lines it produced, and the hint its
    mover was shown for it, if she asked for one."""

    seat: int
    move: dict[str, Any]
    lines: list[str]
    hint: MoveHint | None = None
    timed: bool = False
    """Made for her by the clock (a claim window's time ran out), not chosen: a replay gives it
    no hint to compare."""

    def line(self) -> str:
        """The move as a save's line (JSON; no `hint` key when she was shown none, nor `timed`
        when she chose it, so a save reads as it did before they were kept)."""
        left_out = {"hint"} if self.hint is None else set()
        if not self.timed:
            left_out.add("timed")
        return self.model_dump_json(exclude=left_out or None)


class UndoLine(BaseModel):
    """A save's line for a move taken back: `undo` is how many moves there were (the last of
    them the one taken back)."""

    model_config = ConfigDict(extra="forbid")

    undo: int


class SaveHeader(BaseModel):
    """A save's first line: enough to deal the game again."""

    cardtable: int
    """The save format's version (SAVE_VERSION when written by this one)."""
    game: str
    seed: int = Field(repr=False)
    """A number, or a real game's secret (`cardtable.engine.chance`): never in a repr."""
    options: dict[str, Any]
    seats: list[SeatConfig]
    started: float | None = None
    """When the game was dealt (seconds since the epoch); saves before the history have none."""

    @classmethod
    def of(cls, record: MatchRecord, started: float | None) -> SaveHeader:
        """The header of a save (or an exported game) of `record`, dealt at `started`."""
        return cls(
            cardtable=SAVE_VERSION,
            game=record.game,
            seed=record.seed,
            options=record.options,
            seats=record.seats,
            started=started,
        )


class Checkpoint(BaseModel):
    """The state after `moves` moves: what loading checks the replay against."""

    moves: int
    state: dict[str, Any]


class MatchRecord(BaseModel):
    """A match in memory: how it was dealt and every move since (format 1 saves were this,
    with the state)."""

    version: int = SAVE_VERSION
    game: str
    seed: int = Field(repr=False)
    """A number, or a real game's secret (`cardtable.engine.chance`): never in a repr."""
    options: dict[str, Any]
    seats: list[SeatConfig]
    log: list[LoggedMove] = []
    state: dict[str, Any] = {}


class Match:
    """A game in play at the table: rules, state, seats and the log, saved after every move.

    `unsaved` says why the game is not being saved (a full disk, a read-only folder), or None.
    """

    def __init__(
        self, game: Game, record: MatchRecord, state: Any, save: SaveFile | None = None
    ) -> None:
        self.game = game
        self.record = record
        self.state = state
        self.save_file = save
        self.unsaved: str | None = None
        self._checkpointed = len(record.log)
        self._save_to: Path | None = None
        """Where the save is to be made when its first write failed (a full disk): tried again
        with each move, header and moves so far, until it is written."""
        self.history: Recorder | None = None
        """Where the game is recorded when its last move is made (engine/history.py); None for
        a demo, a simulation or a test."""
        self.where: Where = "keyboard"
        """Where it is played, for the history: 'keyboard', 'hosted' or 'browser'."""
        self.started = time.time()
        """When it was dealt (a resumed game: as its save says)."""
        self.keeps_before = False
        """True where moves may be taken back (one keyboard): a person's move keeps a copy of
        the state before it, so taking it back costs nothing. Without one it is replayed."""
        self._before: tuple[int, Any] | None = None
        """(moves before it, state before it) of the last move, where one was kept."""
        self._refusals: dict[tuple[int, int], str | None] = {}
        """`undo_refusal` by (moves made, seat), for the position now only."""

    @classmethod
    def start(
        cls,
        game: Game,
        seats: list[SeatConfig],
        seed: int | None,
        options: Any = None,
        save_to: Path | None = None,
    ) -> Match:
        """Deal a new game for these seats; with `save_to`, a new save file there.

        `seed` None deals a real game, from a fresh secret that only its save keeps; a number
        deals what that number always deals."""
        if seed is None:
            seed = new_secret()
        opts = game.options(options)
        state = game.new_game(seats=len(seats), seed=seed, options=opts)
        record = MatchRecord(
            game=game.id, seed=seed, options=opts.model_dump(mode="json"), seats=seats
        )
        match = cls(game, record, state)
        if save_to is not None:
            match._save_to = save_to
            match._create_save()
        return match

    def _create_save(self) -> None:
        """Write the save whole (header and every move so far) at `_save_to`; on a failed write
        `unsaved` says why and the next move tries again (a disk full at the start recovers
        as one full mid-game does)."""
        path = self._save_to
        assert path is not None
        record = self.record
        try:
            header = SaveHeader.of(record, self.started).model_dump_json()
            moves = "".join(entry.line() + "\n" for entry in record.log)
            self.save_file = SaveFile.create(path, header + "\n" + moves)
        except ValueError as err:  # a name that is not valid text: no write will ever do
            self.unsaved = why_not_written(err, path.parent)
            self._save_to = None
            return
        except SaveFileError as err:
            self.unsaved = err.message
            return
        self._save_to = None
        self.unsaved = None

    @property
    def names(self) -> list[str]:
        """The seats' names, by seat number."""
        return [seat.name for seat in self.record.seats]

    @property
    def seats(self) -> list[SeatConfig]:
        """The seats, by seat number."""
        return self.record.seats

    @property
    def save_path(self) -> Path | None:
        """The save file of this match, while it has one."""
        return None if self.save_file is None else self.save_file.path

    def hint_shown(self, seat: int, move: Move, why: str) -> None:
        """`seat` was shown a hint of `move` (`why` it is good) in the position as it stands:
        kept with her move, if she makes it in this position."""
        given = MoveHint(move=move.model_dump(mode="json"), why=why[:MAX_HINT_WORDS])
        self._hint = (len(self.record.log), seat, given)

    _hint: tuple[int, int, MoveHint] | None = None
    """The last hint shown: at which move number, to which seat, and the hint."""

    def _hint_given(self, seat: int) -> MoveHint | None:
        """The hint `seat` was shown in the position as it stands, if any (it is used up)."""
        shown, self._hint = self._hint, None
        if shown is None or shown[:2] != (len(self.record.log), seat):
            return None
        return shown[2]

    def play(self, seat: int, move: Move, timed: bool = False) -> list[Event]:
        """Apply a move through the checked path, log it and save; IllegalMove changes nothing.
        `timed`: the clock made it for the seat (a window's time ran out).

        When the move ends the game, its save is deleted: only unfinished games are kept."""
        before = None
        if self.keeps_before and self.record.seats[seat].is_human:
            before = self.state.model_copy(deep=True)
        events = self.game.apply(self.state, seat, move)
        self.kept(before)
        lines = [event.render(self.names) for event in events]
        hint = self._hint_given(seat)
        entry = LoggedMove(
            seat=seat, move=move.model_dump(mode="json"), lines=lines, hint=hint, timed=timed
        )
        self.record.log.append(entry)
        if self._save_to is not None:
            if self.game.is_over(self.state):
                self._save_to = None  # an ended game keeps no save
            else:
                self._create_save()
        elif self.save_file is not None:
            if self.game.is_over(self.state):
                self.save_file.delete()
                self.save_file = None
            else:
                self._append(entry.line() + "\n")
                if len(self.record.log) - self._checkpointed >= CHECKPOINT_EVERY:
                    self.checkpoint()
        if self.history is not None and self.game.is_over(self.state):
            from cardtable.engine.history import finished_game

            self.history.record_later(finished_game(self))
        return events

    def undo_refusal(self, seat: int) -> str | None:
        """Why `seat` may not take back the last move now (engine/undo.py), or None."""
        key = (len(self.record.log), seat)
        if key not in self._refusals:
            self._refusals[key] = self._undo_refusal(seat)
        return self._refusals[key]

    def _undo_refusal(self, seat: int) -> str | None:
        log = self.record.log
        last = log[-1] if log else None
        over = self.game.is_over(self.state)
        moved = any(entry.seat == seat for entry in log)
        why = last_move_refusal(None if last is None else last.seat, seat, self.names, over, moved)
        if why is not None or last is None:
            return why
        move = self.game.parse_move(last.move)
        before = self.state_before_last()
        public = bool(last.lines)
        return undo_refusal(self.game, before, self.state, seat, move, self.names, public)

    def state_before_last(self) -> Any:
        """The state before the last move: the copy kept, else replayed from the seed."""
        moves = len(self.record.log) - 1
        if self._before is None or self._before[0] != moves:
            self._before = (moves, self.replay(moves))
        return self._before[1]

    def undo(self, seat: int) -> LoggedMove:
        """Take back `seat`'s last move (IllegalMove, saying why, where the rule refuses it):
        the state is as before it, it leaves the log, and the save records the undo."""
        why = self.undo_refusal(seat)
        if why is not None:
            raise IllegalMove(why)
        moves = len(self.record.log)
        entry = self.take_back_last()
        if self._save_to is not None:
            self._create_save()
        elif self.save_file is not None:
            self._append(UndoLine(undo=moves).model_dump_json() + "\n")
        return entry

    def take_back_last(self) -> LoggedMove:
        """The state as before the last move, which leaves the log (no rule asked, nothing
        saved: `undo` and loading an undo line do those)."""
        self.state = self.state_before_last()
        entry = self.record.log.pop()
        self._before = None
        self._refusals.clear()
        self._checkpointed = min(self._checkpointed, len(self.record.log))
        return entry

    def kept(self, before: Any) -> None:
        """The state before the move just made (about to be logged), or None where none was
        kept; the answers of `undo_refusal` for the position before are forgotten."""
        self._before = None if before is None else (len(self.record.log), before)
        self._refusals.clear()

    def taken_back(self, entry: LoggedMove) -> str:
        """A logged move as something taken back: 'discarding the 7 of Rock'."""
        move = self.game.parse_move(entry.move)
        return taking_back(move, self.names[entry.seat], public=bool(entry.lines))

    def _append(self, text: str) -> None:
        assert self.save_file is not None
        self.save_file.append(text)
        self.unsaved = self.save_file.problem

    def checkpoint(self) -> None:
        """Append the state as it stands, for loading to check the replay against."""
        if self.save_file is None or len(self.record.log) == self._checkpointed:
            return
        moves = len(self.record.log)
        point = Checkpoint(moves=moves, state=self.state.model_dump(mode="json"))
        self._append(point.model_dump_json() + "\n")
        self._checkpointed = moves

    def close(self) -> None:
        """Leave the table: a last checkpoint, then the save's lock is let go."""
        if self.save_file is not None:
            self.checkpoint()
            self.save_file.close()
            self.save_file = None

    def log_lines(self) -> list[str]:
        """Every line of the log so far, oldest first."""
        return [line for entry in self.record.log for line in entry.lines]

    @classmethod
    def load(cls, path: Path, games: Any) -> Match:
        """The match saved at `path`, replayed and checked, holding the save's lock;
        SaveFileError (the file untouched) if it is damaged or open in another window."""
        if path == last_game_path():
            raise damaged(path, OLD_SAVE)
        save, data = SaveFile.open(path)
        try:
            match, whole = _replay(path, data, games)
        except SaveFileError:
            save.close()
            raise
        save.cut_to(whole)
        match.save_file = save
        match.unsaved = save.problem
        return match

    def replay(self, moves: int | None = None) -> Any:
        """The state rebuilt from (options, seed, moves): the game must replay exactly. With
        `moves`, the state after that many of them."""
        state = self.game.new_game(
            seats=len(self.record.seats), seed=self.record.seed, options=self.record.options
        )
        for entry in self.record.log[:moves]:
            self.game.apply(state, entry.seat, self.game.parse_move(entry.move))
        return state


def _replay(path: Path, data: bytes, games: Any) -> tuple[Match, int]:
    """The match a save's bytes describe, every move replayed and every checkpoint checked;
    with the length of its whole lines (a last line cut off by a crash is dropped)."""
    whole = data.rfind(b"\n") + 1
    lines = data[:whole].split(b"\n")[:-1]
    if not lines:
        raise damaged(path, "it is empty" if not data else "it holds no whole line")
    if len(lines[0]) > MAX_HEADER_BYTES:
        raise damaged(path, "its first line is longer than any save's")
    try:
        header = SaveHeader.model_validate_json(lines[0])
    except ValidationError:
        raise damaged(path, "it is not a cardtable save") from None
    if header.cardtable != SAVE_VERSION:
        raise damaged(path, f"it was written by another version of cardtable ({header.cardtable})")
    try:
        game = games.get(header.game)
    except KeyError:
        raise damaged(
            path, f"it holds a game this cardtable does not know ({header.game})"
        ) from None
    try:
        game.check_seats(len(header.seats))
    except IllegalMove as err:
        raise damaged(path, f"its table cannot be dealt ({_reason(err)})") from None
    # A hand-edited name (terminal codes, megabytes, two seats alike) gets setup's rules.
    if any(names_problems([seat.name for seat in header.seats])):
        raise damaged(path, BAD_NAME)
    try:
        options = game.options(header.options)
        state = game.new_game(len(header.seats), header.seed, options)
    except (IllegalMove, ValidationError) as err:
        raise damaged(path, f"its table cannot be dealt ({_reason(err)})") from None
    record = MatchRecord(
        game=game.id,
        seed=header.seed,
        options=options.model_dump(mode="json"),
        seats=header.seats,
    )
    names = [seat.name for seat in header.seats]
    match = Match(game, record, state)
    for number, line in enumerate(lines[1:], start=2):
        if len(line) > MAX_LINE_BYTES:
            raise damaged(path, f"line {number} is longer than any move or checkpoint")
        try:
            item = json.loads(line)
            if isinstance(item, dict) and "state" in item:
                _check_point(game, match.state, Checkpoint.model_validate(item), len(record.log))
                continue
            if isinstance(item, dict) and "undo" in item:
                _take_back(match, UndoLine.model_validate(item))
                continue
            entry = LoggedMove.model_validate(item)
            move = game.parse_move(entry.move)
            # The state before a move that the next line takes back is kept, not replayed.
            before = None
            if number < len(lines) and lines[number].startswith(b'{"undo"'):
                before = match.state.model_copy(deep=True)
            events = game.apply(match.state, entry.seat, move)
            match.kept(before)
        except ImpossibleState as err:
            raise damaged(
                path, f"line {number} describes an impossible game: {err.reason}"
            ) from None
        except Exception as err:  # a save is text from outside: whatever it holds, refuse it
            raise damaged(
                path, f"its moves do not replay (line {number}: {_reason(err)})"
            ) from None
        entry.lines = [event.render(names) for event in events]
        record.log.append(entry)
    match._checkpointed = len(record.log)  # as loaded: leaving it adds no checkpoint
    if header.started is not None and 0 < header.started <= match.started:
        match.started = header.started
    return match, whole


def _take_back(match: Match, line: UndoLine) -> None:
    """Replay a save's undo line: the last move taken back, as the table took it back; refuse
    one that names another move, or a move the rule would not have let be taken back."""
    moves = len(match.record.log)
    if line.undo != moves or moves == 0:
        raise IllegalMove(f"it takes back move {line.undo}, but the last move made is move {moves}")
    seat = match.record.log[-1].seat
    why = match.undo_refusal(seat)
    if why is not None:
        raise IllegalMove(f"it takes back a move that could not be taken back ({why})")
    match.take_back_last()


def saved_state(game: Game, saved: dict[str, Any], state: Any) -> Any:
    """A checkpoint's state as it compares with `state`, the replay's: a field the checkpoint
    leaves out (written before the game kept it: a public record added later) is the replay's."""
    point = game.state_model.model_validate(saved)
    later = set(type(point).model_fields) - set(saved)
    return point.model_copy(update={name: getattr(state, name) for name in later})


def _check_point(game: Game, state: Any, point: Checkpoint, moves: int) -> None:
    """Refuse a checkpoint that breaks the game's invariants or is not where the moves lead
    (on the fields it holds: `saved_state`)."""
    saved = saved_state(game, point.state, state)
    game.check_state(saved)
    if point.moves != moves or saved != state:
        raise IllegalMove(
            f"the game it records is not where its moves lead ({plural(moves, 'move')} in)"
        )


def _reason(err: Exception) -> str:
    """Why a line of a save was refused, in a few words."""
    if isinstance(err, IllegalMove):
        return err.reason.rstrip(".")
    if isinstance(err, ValidationError):
        return "a value of the wrong kind"
    if isinstance(err, ValueError):
        return "a line that is not JSON"
    return "a move the game cannot make"


@dataclass(frozen=True)
class SavedGame:
    """An unfinished game's save as the start screen and `cardtable resume --list` show it."""

    path: Path
    id: str
    game: str
    """The game's id; empty when the save cannot be read."""
    names: list[str]
    moves: int
    when: float
    """When it was last saved (seconds since the epoch)."""
    problem: str | None = None
    """Why it cannot be resumed, when its first line cannot be read or a whole line is not
    one of a save's (its moves are checked only when it is resumed)."""


_SUMMARIES: dict[Path, tuple[tuple[int, int, int], SavedGame]] = {}
"""Each save's summary with the file's (inode, size, mtime) it was read from: a save is read
again only when it has changed."""


def saved_games() -> list[SavedGame]:
    """The unfinished games, the most recently played first (old temporary files removed)."""
    clean_temporary_files()
    found = []
    for path in save_paths():
        try:
            info = path.stat()
        except OSError:
            continue
        key = (info.st_ino, info.st_size, info.st_mtime_ns)
        known = _SUMMARIES.get(path)
        if known is None or known[0] != key:
            known = _SUMMARIES[path] = (key, _summary(path, info.st_mtime))
        found.append(known[1])
    old = last_game_path()
    if old.is_file():
        found.append(SavedGame(old, "old", "", [], 0, old.stat().st_mtime, problem=OLD_SAVE))
    return found


def _summary(path: Path, when: float) -> SavedGame:
    """What the list shows of a save: its first line, and how many moves it holds; damaged
    where a whole line is not one of a save's (not replayed: resuming checks the moves)."""
    short = save_id(path)
    try:
        with open(path, "rb", opener=_nonblocking) as file:
            info = os.fstat(file.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_SAVE_BYTES:
                raise ValueError("not a regular file of a save's size")
            data = file.read(MAX_SAVE_BYTES)
        first = data.find(b"\n")
        if not 0 <= first <= MAX_HEADER_BYTES:
            raise ValueError("a first line longer than any save's")
        header = SaveHeader.model_validate_json(data[:first])
    except (OSError, ValueError):
        return SavedGame(path, short, "", [], 0, when, problem="damaged")
    names = [seat.name for seat in header.seats]
    if any(names_problems(names)):
        return SavedGame(path, short, "", [], 0, when, problem="damaged")
    lines = data[: data.rfind(b"\n") + 1].split(b"\n")[1:-1]  # a line cut off is dropped
    for number, line in enumerate(lines, start=2):
        if not _save_line(line):
            return SavedGame(path, short, "", [], 0, when, problem=f"line {number} is damaged")
    moves = sum(line.startswith(b'{"seat":') for line in lines)
    moves -= sum(line.startswith(b'{"undo":') for line in lines)
    return SavedGame(path, short, header.game, names, moves, when)


def _save_line(line: bytes) -> bool:
    """True for a line after a save's first that could be one of its own: a JSON object no
    longer than any move or checkpoint."""
    if len(line) > MAX_LINE_BYTES:
        return False
    try:
        return isinstance(json.loads(line), dict)
    except (ValueError, RecursionError):  # not JSON, not UTF-8, or nested past any save's
        return False


def _nonblocking(path: str, flags: int) -> int:
    return os.open(path, flags | os.O_NONBLOCK)


def import_old_save(games: Any) -> None:
    """Turn the single save of earlier versions (format 1) into a save of this one, if its
    moves replay; otherwise leave it where it is, untouched (it is listed as damaged)."""
    old = last_game_path()
    if not old.is_file():
        return
    try:
        if old.stat().st_size > MAX_SAVE_BYTES:
            return
        record = MatchRecord.model_validate_json(old.read_bytes())
        # Earlier versions seeded the generator without mixing the seed: the same stream
        # comes from this seed now.
        record.seed = seed_before_mixing(record.seed)
        game = games.get(record.game)
        match = Match(game, record, None)
        state = match.replay()
        saved = game.state_model.model_validate(record.state)
        game.check_state(saved)
    except Exception:  # an old save that does not replay now cannot be kept playable
        return
    if saved != state or game.is_over(state):
        return
    new = Match.start(game, record.seats, record.seed, record.options, new_save_path(game.id))
    if new.save_file is None:
        return
    for entry in record.log:
        new.play(entry.seat, game.parse_move(entry.move))
    new.close()
    if new.unsaved is not None:  # not all written: no half copy beside the old save
        if new.save_path is not None:
            new.save_path.unlink(missing_ok=True)
        return
    try:  # another window starting at the same moment may have moved it first
        old.replace(old.with_name(f"last-game.imported-{time.strftime('%Y%m%d-%H%M%S')}.json"))
    except OSError:
        pass
