"""The codes file a host keeps beside its save, so the game can be hosted again.

`cardtable host` writes each person's join command to `<save>.join.txt` (readable by its owner
only: a code lets anyone play that seat). The file ends with one line of JSON (the seats' codes,
the port and whether it listened on every network), which `cardtable host --resume` reads back
so that the players' join commands still work. Nothing here imports textual or rich.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from pydantic import BaseModel, ValidationError

RECORD_MARK = "# cardtable host --resume reads this line: "
"""The start of the codes file's last line, the JSON a resumed host reads."""
MAX_CODES_BYTES = 64 * 1024
"""A codes file larger than this is not one (a dozen seats' commands are a few hundred bytes)."""


class HostedRecord(BaseModel):
    """What a host keeps to be started again as it was: each person's seat code, its port."""

    codes: dict[int, str]
    """Each person's seat and its join code."""
    port: int
    public: bool = False
    """True if it listened on every network of the machine (--public)."""
    shown: str = ""
    """The address the join commands name ('192.168.1.20:8765')."""
    pin: str = ""
    """The host's fingerprint the join commands name ('': hosted before hosts spoke TLS)."""


class CodesFileError(Exception):
    """A codes file that cannot be used; `reason` says why in words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def codes_path(save_path: Path) -> Path:
    """The codes file of the save at `save_path`: piles-kpwx.jsonl -> piles-kpwx.join.txt."""
    return save_path.with_name(save_path.stem + ".join.txt")


def write_codes(path: Path, lines: list[str], record: HostedRecord | None = None) -> None:
    """The join commands, readable by this user only (they let anyone play a seat), then the
    record a resumed host reads. OSError if the file cannot be written."""
    text = "\n".join(lines) + "\n"
    if record is not None:
        text += RECORD_MARK + record.model_dump_json() + "\n"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        os.fchmod(fd, 0o600)
        out.write(text)


def read_codes(path: Path) -> HostedRecord | None:
    """The record in the codes file at `path`; None if there is no such file (the game was
    never hosted). CodesFileError, in words, for a file that is there but cannot be used."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    except OSError as err:
        raise CodesFileError(f"it cannot be opened ({err.strerror or err})") from None
    try:
        with os.fdopen(fd, "rb") as file:
            info = os.fstat(file.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_CODES_BYTES:
                raise CodesFileError("it is not a codes file (not a small regular file)")
            data = file.read(MAX_CODES_BYTES + 1)
    except OSError as err:
        raise CodesFileError(f"it cannot be read ({err.strerror or err})") from None
    mark = RECORD_MARK.encode()
    found = [line for line in data.splitlines() if line.startswith(mark)]
    if not found:
        raise CodesFileError("it holds no codes a host can read: an earlier cardtable wrote it")
    try:
        record = HostedRecord.model_validate_json(found[-1][len(mark) :])
    except ValidationError:
        raise CodesFileError("its codes line is damaged") from None
    from cardtable.net.host import CODE_LETTERS  # not at the top: `resume --list` stays quick

    pattern = re.compile(f"[{CODE_LETTERS}]{{4}}-[{CODE_LETTERS}]{{4}}")
    codes = list(record.codes.values())
    if not all(pattern.fullmatch(code) for code in codes) or len(set(codes)) < len(codes):
        raise CodesFileError("its codes line is damaged")
    return record
