"""The game history in SQLite (engine/history.py): its file, its writes, what it gives back."""

from __future__ import annotations

import json
import sqlite3
import threading

import pytest

from cardtable import games
from cardtable.engine import Chance, Match, SeatConfig, SeatKind
from cardtable.engine import history as history_module
from cardtable.engine.history import (
    MIGRATIONS,
    FinishedGame,
    History,
    HistoryError,
    Recorder,
    export_lines,
    finished_game,
    history_path,
    read_export,
)


def played(
    game_id: str, seed: int | None, names: str = "Ann,bot", where: str = "keyboard"
) -> Match:
    """A whole game, every seat's move chosen at random from its legal moves (seeded)."""
    game = games.get(game_id)
    seats = [
        SeatConfig(name=f"Bot {i + 1}", kind=SeatKind.RANDOM)
        if name == "bot"
        else SeatConfig(name=name)
        for i, name in enumerate(names.split(","))
    ]
    match = Match.start(game, seats, seed, None)
    match.where = where
    chance = Chance.seeded(seed or 0)
    while not game.is_over(match.state):
        seat = game.to_act(match.state)[0]
        match.play(seat, chance.choice(game.legal_moves(match.state, seat)))
    return match


def piles(seed: int) -> FinishedGame:
    """A finished game of Piles for Ann and three random bots."""
    return finished_game(played("piles", seed, "Ann,bot,bot,bot"))


def test_a_new_file_and_an_empty_one_are_made_at_the_schema_latest_version():
    path = history_path()
    assert not path.exists()
    with History() as history:
        assert history.problem is None and history.usable
    empty = path.with_name("empty.sqlite3")
    empty.write_bytes(b"")
    for made in (path, empty):
        with History(made) as history:
            assert history.problem is None
            assert history.record(piles(1))
        conn = sqlite3.connect(made)
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        assert {"games", "seats", "moves", "seats_by_name", "games_by_game"} <= tables
        conn.close()


def test_a_later_step_brings_an_older_file_up_to_date_keeping_its_games(monkeypatch):
    with History() as history:
        history.record(piles(1))
    later = [*MIGRATIONS, ("ALTER TABLE games ADD COLUMN note TEXT",)]
    monkeypatch.setattr(history_module, "MIGRATIONS", later)
    with History() as history:
        assert history.problem is None
        assert [game.game for game in history.finished_games()] == ["piles"]
    conn = sqlite3.connect(history_path())
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(later)
    assert "note" in [row[1] for row in conn.execute("PRAGMA table_info(games)")]
    conn.close()


def test_a_damaged_file_is_kept_aside_with_a_line_and_a_new_one_started():
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"these are not the games you are looking for" * 100)
    history = History()
    assert history.problem is not None
    assert history.problem.startswith(
        "The game history was damaged; it is kept as history.damaged-"
    )
    assert history.problem.endswith(".sqlite3 and a new one was started.")
    kept = list(path.parent.glob("history.damaged-*.sqlite3"))
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"these are not the games")
    assert kept[0].name in history.problem
    assert history.record(piles(2))
    assert len(history.finished_games()) == 1
    history.close()


def test_a_file_from_a_newer_cardtable_is_left_alone_and_nothing_is_recorded():
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    before = path.read_bytes()
    said: list[str] = []
    recorder = Recorder(on_problem=said.append)
    recorder.record_later(piles(3))
    assert not recorder.flush(5)  # the game waits: it is not written into that file
    assert said == [recorder.problem]
    assert "newer cardtable" in said[0] and "does not record" in said[0]
    assert path.read_bytes() == before


def test_a_game_is_written_in_one_transaction_and_a_failed_write_leaves_none_of_it():
    game = piles(4)
    with History() as history:
        statements: list[str] = []
        history._use().set_trace_callback(statements.append)
        assert history.record(game)
        history._use().set_trace_callback(None)
        assert [s for s in statements if s.startswith(("BEGIN", "COMMIT"))] == [
            "BEGIN IMMEDIATE",
            "COMMIT",
        ]
        # A write that fails at the game's 10th move keeps nothing of the game.
        history._use().execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON moves WHEN NEW.number = 10 "
            "BEGIN SELECT RAISE(ABORT, 'disk trouble'); END"
        )
        with pytest.raises(HistoryError, match="could not be kept in the game history"):
            history.record(piles(5))
        ids = [row[0] for row in history._use().execute("SELECT id FROM games")]
        assert ids == [game.id]
        assert history._use().execute("SELECT count(*) FROM moves").fetchone()[0] == len(
            game.record.log
        )


def test_recording_the_same_game_twice_keeps_one():
    game = piles(6)
    with History() as history:
        assert history.record(game) is True
        assert history.record(game) is False
        assert len(history.finished_games()) == 1
        assert history.stats()[0].games == 1


def test_a_game_loads_by_number_id_or_the_start_of_its_id_and_replays():
    first, second = piles(7), finished_game(played("run-it", 7, "Ann,Bob,bot"))
    with History() as history:
        history.record(first)
        history.record(second)
        listed = history.finished_games()
        assert [(g.number, g.id) for g in listed] == [(1, second.id), (2, first.id)]
        assert listed[1].winners == [first.record.seats[s].name for s in first.outcome.winners]
        for key in (2, "2", first.id, first.id[:8].upper()):
            loaded = history.load(key, games)
            assert loaded.id == first.id
            assert loaded.record.log == first.record.log
            assert loaded.record.seed == first.record.seed
            assert loaded.outcome == first.outcome
            assert (loaded.started, loaded.ended, loaded.where) == (
                first.started,
                first.ended,
                "keyboard",
            )
        with pytest.raises(HistoryError, match="There is no finished game 3 .*holds 2 games"):
            history.load(3, games)
        with pytest.raises(HistoryError, match="No finished game .* has the id ffffff"):
            history.load("ffffff", games)
        with pytest.raises(HistoryError, match="neither a number"):
            history.load("Ann's", games)


def test_the_repr_of_a_finished_game_never_shows_its_secret():
    game = finished_game(played("piles", None, "Ann,bot,bot,bot"))  # a real deal
    assert str(game.record.seed) not in repr(game)
    assert "seed" not in repr(game)


def test_a_hand_edited_row_is_skipped_with_a_line_and_refused_on_load():
    good, bad, worse = piles(8), piles(9), piles(10)
    with History() as history:
        for game in (good, bad, worse):
            history.record(game)
        conn = history._use()
        conn.execute(
            "UPDATE seats SET name = ? WHERE game_id = ? AND seat = 0", ("\x1b[2J", bad.id)
        )
        conn.execute('UPDATE games SET outcome = \'{"scores": "lots"}\' WHERE id = ?', (worse.id,))
        lines = history.stats()
        assert [(line.name, line.games) for line in lines] == [("Ann", 1)]
        assert len(history.skipped) == 2
        assert any(bad.id in line and "name" in line for line in history.skipped)
        assert any(worse.id in line and "outcome" in line for line in history.skipped)
        assert [g.id for g in history.finished_games()] == [worse.id, good.id]
        with pytest.raises(HistoryError, match="is damaged"):
            history.load(bad.id, games)
        with pytest.raises(HistoryError, match="is damaged"):
            history.load(worse.id, games)
        # A move changed by hand: the game no longer replays, and load says so.
        conn.execute(
            "UPDATE moves SET seat = (seat + 1) % 4 WHERE game_id = ? AND number = 3", (good.id,)
        )
        with pytest.raises(HistoryError, match="does not replay"):
            history.load(good.id, games)
        # A move nested deeper than Python's JSON reader can follow: damaged, in words.
        conn.execute(
            "UPDATE moves SET move = ? WHERE game_id = ? AND number = 3", ("[" * 60_000, good.id)
        )
        with pytest.raises(HistoryError, match="is damaged: a field of it is unreadable"):
            history.load(good.id, games)


def test_an_export_reads_back_as_the_same_game(tmp_path):
    match = played("sets-and-runs", 11, "Ann,bot,Bob")
    game = finished_game(match)
    path = tmp_path / "game.jsonl"
    path.write_text(export_lines(game))
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["game"] == "sets-and-runs"
    assert len(lines) == len(game.record.log) + 2
    assert set(json.loads(lines[-1])) == {"finished"}
    back = read_export(path, games)
    assert back.id == game.id and back.record.log == game.record.log
    assert back.outcome == game.outcome and back.where == "keyboard"


def _other_winners(line: str) -> str:
    ending = json.loads(line)
    ending["finished"]["outcome"]["winners"] = [1, 3]
    return json.dumps(ending)


def _tampered(tmp_path, game: FinishedGame, change) -> object:
    lines = export_lines(game).splitlines()
    change(lines)
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize(
    ("change", "words"),
    [
        # The last move taken off: the game is not over after the moves left.
        (lambda lines: lines.pop(-2), "not over after its last move"),
        # Another winner claimed than the moves lead to.
        (lambda lines: lines.__setitem__(-1, _other_winners(lines[-1])), "another result"),
        # A move made by another seat than the one whose turn it was.
        (lambda lines: lines.__setitem__(5, lines[5].replace('"seat":', '"seat":1', 1)), "replay"),
        # A player renamed.
        (lambda lines: lines.__setitem__(0, lines[0].replace("Ann", "Eve")), "changed"),
        # No ending line.
        (lambda lines: lines.pop(), "does not say how it ended"),
        # An ending nested deeper than Python's JSON reader can follow (it raises
        # RecursionError, not ValueError): refused like any other ending it cannot read.
        (lambda lines: lines.__setitem__(-1, "[" * 100_000), "does not say how it ended"),
    ],
)
def test_a_tampered_export_is_refused_in_words(tmp_path, change, words):
    game = piles(12)
    assert game.outcome.winners == [0, 2]
    with pytest.raises(HistoryError, match=words):
        read_export(_tampered(tmp_path, game, change), games)


def test_a_file_too_large_or_not_an_export_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "big.jsonl"
    path.write_bytes(b"x" * 2048)
    monkeypatch.setattr(history_module, "MAX_SAVE_BYTES", 1024)
    with pytest.raises(HistoryError, match="larger than any exported game"):
        read_export(path, games)
    with pytest.raises(HistoryError, match="cannot be read"):
        read_export(tmp_path, games)


def test_the_recorder_writes_in_its_own_thread_and_a_failed_write_is_a_sentence(monkeypatch):
    recorder = Recorder()
    game = piles(13)
    recorder.record_later(game)
    assert recorder.flush(5)
    with History() as history:
        assert [g.id for g in history.finished_games()] == [game.id]
    # Another program holds the file: the write fails, the caller never sees an error.
    monkeypatch.setattr(history_module, "BUSY_SECONDS", 0.05)
    holder = sqlite3.connect(history_path(), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    said: list[str] = []
    recorder = Recorder(on_problem=said.append)
    recorder.record_later(piles(14))
    recorder.record_later(piles(15))
    assert not recorder.flush(5)  # tried once more, still busy: both wait
    holder.execute("ROLLBACK")
    holder.close()
    # Said once for the two games, in words, and kept.
    assert len(said) == 1 and "another cardtable kept it busy too long" in said[0]
    assert recorder.problem == said[0]
    # Once the other program lets go, the next game is kept, and the two that waited with it.
    recorder.record_later(piles(16))
    assert recorder.flush(5)
    with History() as history:
        assert len(history.finished_games()) == 4
    for writer in [t for t in threading.enumerate() if t.name == "cardtable-history"]:
        writer.join(2)  # it ends once nothing is left to write (closing the file last)
    assert not any(t.name == "cardtable-history" for t in threading.enumerate())


def test_a_match_with_a_recorder_is_recorded_once_when_its_last_move_is_made():
    recorder = Recorder()
    game = games.get("piles")
    match = Match.start(game, [SeatConfig(name="Ann"), SeatConfig(name="Bob")], 3, None)
    match.history = recorder
    chance = Chance.seeded(3)
    while not game.is_over(match.state):
        seat = game.to_act(match.state)[0]
        match.play(seat, chance.choice(game.legal_moves(match.state, seat)))
        assert recorder.flush(5)
        with History() as history:
            kept = history.finished_games()
        assert len(kept) == (1 if game.is_over(match.state) else 0)
    assert kept[0].names == ["Ann", "Bob"] and kept[0].moves == len(match.record.log)


def test_a_number_past_the_list_is_never_taken_for_the_start_of_an_id():
    """`replay 3` with two games names no game, even when an id begins with 3."""
    first, second = piles(3), piles(4)
    with History() as history:
        history.record(first)
        history.record(second.model_copy(update={"id": "3" + second.id[1:]}))
        with pytest.raises(HistoryError, match="There is no finished game 3 "):
            history.load("3", games)
        assert history.load("3" + second.id[1:5], games).record.log == second.record.log
        with pytest.raises(HistoryError, match="at least 4 characters"):
            history.load("abc", games)
