"""Save files: one per unfinished game, appended to line by line, locked while in play.

This module knows files, not games: where saves live, how a line is appended and synced, how a
save is opened safely (a regular file, of a sane size, not open in another window), and how a
failed write is put in words. The lines' format is the match's (`cardtable.engine.match`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
import threading
import time
from pathlib import Path

from platformdirs import user_data_path

MAX_SAVE_BYTES = 20 * 1024 * 1024
"""A save larger than this is refused as damaged: a 7,000-move session is well under 1 MB."""
SAVE_SUFFIX = ".jsonl"
ID_LETTERS = "bcdfghjkmnpqrstvwxz"
"""A save's short id is four of these: never a number (`cardtable resume 2` is the list's
second), and no vowels, so an id never spells a word."""


class SaveFileError(Exception):
    """A save file that cannot be used; `message` says why, and the file is left as it was.
    `why` is the reason alone ('line 7 is longer than any move'), where there is one."""

    def __init__(self, message: str, why: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.why = why


def data_dir() -> Path:
    """Where cardtable keeps its files: $CARDTABLE_HOME, else the system's folder for an app's
    data (on Linux $XDG_DATA_HOME/cardtable or ~/.local/share/cardtable, on macOS
    ~/Library/Application Support/cardtable, on Windows %LOCALAPPDATA%\\cardtable)."""
    home = os.environ.get("CARDTABLE_HOME")
    if home:
        return Path(home)
    return user_data_path("cardtable", appauthor=False)


def saves_dir() -> Path:
    """The folder of the unfinished games' save files."""
    return data_dir() / "saves"


def last_game_path() -> Path:
    """Where versions before one-save-per-game kept the single game in play (format 1)."""
    return data_dir() / "last-game.json"


def save_id(path: Path) -> str:
    """A save's short id, the end of its file name before any suffix: 'kpwx' for
    piles-kpwx.jsonl (and for its codes file, piles-kpwx.join.txt)."""
    return path.name.split(".", 1)[0].rsplit("-", 1)[-1]


def new_save_path(game_id: str) -> Path:
    """A file name no save in the folder has yet: the game's id and a short id that no file
    there uses either (a hosted game's codes file may outlive its save: a new save with its
    name would be hosted with those codes)."""
    folder = saves_dir()
    try:
        names = [entry.name for entry in os.scandir(folder)]
    except OSError:
        names = []
    taken = {save_id(Path(name)) for name in names}
    while True:
        short = "".join(secrets.choice(ID_LETTERS) for _ in range(4))
        if short not in taken:
            return folder / f"{game_id}-{short}{SAVE_SUFFIX}"


def save_paths() -> list[Path]:
    """Every save file in the saves folder, newest first; nothing if the folder is unusable."""
    try:
        entries = list(os.scandir(saves_dir()))
    except OSError:
        return []
    found = []
    for entry in entries:
        if entry.name.startswith(".") or not entry.name.endswith(SAVE_SUFFIX):
            continue
        try:
            found.append((entry.stat().st_mtime_ns, Path(entry.path)))
        except OSError:
            continue
    return [path for _, path in sorted(found, reverse=True)]


def listed_saves() -> int:
    """How many lines `match.saved_games` gives, counted without reading a save (so without the
    engine's models): every save file, and the single save of earlier versions if it is there."""
    return len(save_paths()) + last_game_path().is_file()


def clean_temporary_files() -> None:
    """Remove temporary files that a write killed halfway left behind (their process is gone)."""
    try:
        entries = list(os.scandir(saves_dir()))
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(".tmp")):
            continue
        pid = name[: -len(".tmp")].rsplit(".", 1)[-1]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            try:
                os.unlink(entry.path)
            except OSError:
                pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def write_whole(path: Path, data: bytes) -> None:
    """Write `data` as the whole of `path` (a temporary file beside it, renamed over it, so a
    reader never sees half of it); its folder is made if missing. OSError if it cannot be
    written, with no temporary file left behind."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):  # its folder may be what failed
            tmp.unlink(missing_ok=True)
        raise


def why_not_written(err: BaseException, folder: Path) -> str:
    """A failed write in a player's words: 'the disk is full'."""
    if isinstance(err, UnicodeError | ValueError):
        return "a player's name is not valid text"
    code = getattr(err, "errno", None)
    if code == errno.ENOSPC or code == errno.EDQUOT:
        return "the disk is full"
    if code in (errno.EACCES, errno.EPERM, errno.EROFS, errno.EBADF):
        return f"cardtable may not write in {folder}"
    if code in (errno.EEXIST, errno.ENOTDIR):
        return f"{folder} (or a folder above it) is a file, not a folder"
    return getattr(err, "strerror", None) or str(err)


def damaged(path: Path, why: str) -> SaveFileError:
    """The error for a save that cannot be used: the file itself is never changed."""
    return SaveFileError(
        f"The saved game {path} cannot be resumed: {why}. It was left untouched; "
        "your other games are not affected.",
        why,
    )


def _sync(fd: int) -> None:
    getattr(os, "fdatasync", os.fsync)(fd)


SYNC_GATHER = 0.25
"""Seconds the syncer waits, once woken, for more lines before it syncs: a host of many matches
appends a line for every move of each, and syncing each save once for all the lines of that
moment, instead of once a line, spares the disk and the host's thread (a wake-up of the syncer
and its sync for each move were a tenth of a move's cost on a host of 30 matches; at 50 ms
apart, the syncs of a host of 45 matches still cost about 70 µs of CPU each, 900 a second).
The lines are written at once all the same: a crash of the app loses none, and only a crash
of the whole machine could lose the last quarter of a second."""


class _Syncer:
    """The one thread that syncs appended lines to the disk, for every save in this process.

    A line is written at once (the system has it: a crash of the app loses nothing), then
    synced here, off the thread that played the move: a sync waits on the disk (over a
    millisecond here), and on a host's loop it held up every other match. Saves appended to
    while it gathers (SYNC_GATHER) or syncs are synced together on the next pass, each once."""

    def __init__(self) -> None:
        self._waiting: dict[int, SaveFile] = {}
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._syncing = 0

    def later(self, save: SaveFile) -> None:
        """Sync `save` soon (its thread starts on first use)."""
        with self._wake:
            self._waiting[id(save)] = save
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="cardtable-save-sync", daemon=True
                )
                self._thread.start()
            self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._waiting:
                    self._wake.wait()
            time.sleep(SYNC_GATHER)
            with self._wake:
                saves = list(self._waiting.values())
                self._waiting.clear()
                self._syncing += 1
            try:
                for save in saves:
                    save.sync()
            finally:
                with self._wake:
                    self._syncing -= 1
                    self._wake.notify_all()

    def settle(self, timeout: float = 5.0) -> bool:
        """Wait until every line appended so far is synced; False if `timeout` passed first."""
        with self._wake:
            return self._wake.wait_for(lambda: not self._waiting and not self._syncing, timeout)


_syncer = _Syncer()


def settle_saves(timeout: float = 5.0) -> bool:
    """Wait until every line appended to any save so far is on the disk (tests, shutdown)."""
    return _syncer.settle(timeout)


def _write_at(fd: int, data: bytes, offset: int) -> None:
    view = memoryview(data)
    while view:
        written = os.pwrite(fd, view, offset)
        view = view[written:]
        offset += written


def _lock(fd: int) -> bool:
    """Take the save's lock without waiting; False if another window holds it. The lock is the
    system's own on the open file (flock, or LockFileEx on Windows): it goes when `fd` closes,
    however the app ends. filelock is imported here, on the first game opened: the start screen
    has no use for its 25 ms."""
    from filelock import lock_descriptor

    return lock_descriptor(fd, blocking=False)


class SaveFile:
    """The open save file of a game in play: locked, and each line appended (then synced by
    the save syncer's thread; closing syncs what is left).

    A write that fails (a full disk, a read-only folder) is undone to the last whole line and
    kept to try again with the next move; `problem` says why the game is not saved meanwhile.
    """

    def __init__(self, path: Path, fd: int, length: int) -> None:
        self.path = path
        self.fd = fd
        self.length = length
        """Bytes of whole lines written and synced."""
        self.pending = b""
        self.problem: str | None = None
        self.unsynced = False
        """Lines are written that the disk may not have yet."""
        self._fd_lock = threading.Lock()
        """Held while the descriptor is synced or closed (never one while the other)."""

    @classmethod
    def create(cls, path: Path, first: str) -> SaveFile:
        """A new save holding the line `first`, written whole (a temporary file, renamed)."""
        folder = path.parent
        tmp = folder / f".{path.name}.{os.getpid()}.tmp"
        fd = -1
        try:
            data = first.encode("utf-8")
            folder.mkdir(parents=True, exist_ok=True)
            if tmp.exists():
                tmp.unlink()
            fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
            _lock(fd)
            _write_at(fd, data, 0)
            _sync(fd)
            os.rename(tmp, path)
        except (OSError, ValueError) as err:
            if fd >= 0:
                os.close(fd)
            try:
                tmp.unlink()
            except OSError:
                pass
            raise SaveFileError(why_not_written(err, folder)) from None
        return cls(path, fd, len(data))

    @classmethod
    def open(cls, path: Path) -> tuple[SaveFile, bytes]:
        """The save at `path`, locked, and its bytes; SaveFileError (file untouched) if it is
        missing, not a regular file, too large, or open in another window."""
        try:
            fd = os.open(path, os.O_RDWR | os.O_NONBLOCK | os.O_CLOEXEC)
        except FileNotFoundError:
            raise SaveFileError(f"There is no saved game at {path}.") from None
        except OSError:
            try:  # a save we may not write still resumes; its moves are then not saved
                fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
            except OSError as err:
                raise damaged(path, f"it cannot be opened ({err.strerror})") from None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise damaged(path, "it is not a regular file (a folder, a pipe or a device)")
            if info.st_size > MAX_SAVE_BYTES:
                size = info.st_size // (1024 * 1024)
                raise damaged(path, f"at {size} MB it is larger than any save can be")
            if not _lock(fd):
                raise SaveFileError(
                    f"That game is open in another cardtable window ({path}): "
                    "play it there, or quit it there first."
                )
            data = os.pread(fd, MAX_SAVE_BYTES + 1, 0)
        except SaveFileError:
            os.close(fd)
            raise
        except OSError as err:
            os.close(fd)
            raise damaged(path, f"it cannot be read ({err.strerror})") from None
        return cls(path, fd, len(data)), data

    def cut_to(self, length: int) -> None:
        """Drop a torn last line (a write cut off by a crash) before appending after it."""
        if length < self.length:
            try:
                os.ftruncate(self.fd, length)
            except OSError as err:
                self.problem = why_not_written(err, self.path.parent)
            self.length = length

    def append(self, text: str) -> None:
        """Add `text` (whole lines) at the end, to be synced soon; on failure set `problem`."""
        if self.fd < 0:
            return
        try:
            self.pending += text.encode("utf-8")
            _write_at(self.fd, self.pending, self.length)
        except ValueError as err:  # text that cannot be written: stop here, the log whole
            self.problem = why_not_written(err, self.path.parent)
            self.close()
            return
        except OSError as err:
            self.problem = why_not_written(err, self.path.parent)
            try:
                os.ftruncate(self.fd, self.length)
            except OSError:
                pass
            return
        self.length += len(self.pending)
        self.pending = b""
        self.problem = None
        self.unsynced = True
        _syncer.later(self)

    def sync(self) -> None:
        """Put the lines written so far on the disk (the syncer's thread calls it); a failure
        sets `problem`."""
        with self._fd_lock:
            if self.fd < 0 or not self.unsynced:
                return
            self.unsynced = False
            try:
                _sync(self.fd)
            except OSError as err:
                self.problem = why_not_written(err, self.path.parent)

    def delete(self) -> None:
        """Remove the save (its game has ended) and let go of it."""
        try:
            os.unlink(self.path)
        except OSError:
            pass
        self.unsynced = False  # nothing of it is wanted now
        self.close()

    def close(self) -> None:
        """Sync what is written, then let go of the save and its lock; the file stays for the
        game to be resumed."""
        self.sync()
        with self._fd_lock:
            if self.fd >= 0:
                os.close(self.fd)
                self.fd = -1


def delete_save(path: Path) -> None:
    """Delete an unfinished game's save at a person's asking; SaveFileError, the file kept, if
    another window has the game open or the file cannot be removed."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return
    except OSError as err:
        why = why_not_written(err, path.parent)
        raise SaveFileError(f"{path} cannot be deleted: {why}.") from None
    try:
        if not _lock(fd):
            raise SaveFileError(
                f"That game is open in another cardtable window ({path}): quit it there first."
            )
        try:
            os.unlink(path)
        except OSError as err:
            raise SaveFileError(
                f"{path} cannot be deleted: {why_not_written(err, path.parent)}."
            ) from None
    finally:
        os.close(fd)
