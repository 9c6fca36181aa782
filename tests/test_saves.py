"""Save files: every unfinished game kept, impossible saves refused untouched, failed writes
survived, odd files refused, one window per game, and a move that costs the same at any length."""

import errno
import json
import os
import time
from unittest import mock

import pytest

from cardtable import games
from cardtable.engine import (
    Chance,
    ImpossibleState,
    Match,
    SaveFileError,
    SeatConfig,
    SeatKind,
    import_old_save,
    last_game_path,
    new_save_path,
    saved_games,
    saves_dir,
)
from cardtable.engine import match as match_module
from cardtable.engine import saves as saves_module
from cardtable.saved_list import choose, describe


def seats_for(game, people=("Ann",)):
    return [SeatConfig(name=name) for name in people] + [
        SeatConfig(name=f"Bot {i + 1}", kind=SeatKind.RANDOM)
        for i in range(len(people), game.default_seats)
    ]


def played(game_id, moves, seed=3, options=None):
    """A saved match `moves` moves in (fewer if the game ends first), still open."""
    game = games.get(game_id)
    match = Match.start(game, seats_for(game), seed, options, new_save_path(game_id))
    chance = Chance.seeded(seed)
    for _ in range(moves):
        seat = game.to_act(match.state)[0]
        move = chance.choice(game.legal_moves(match.state, seat))
        twin = match.state.model_copy(deep=True)
        game.apply(twin, seat, move)
        if game.is_over(twin):  # keep the game unfinished: its save must stay
            break
        match.play(seat, move)
    return match


def quit_game(match):
    """Leave the table as Ctrl+Q does: the save stays, with a checkpoint at its end."""
    path = match.save_path
    match.close()
    return path


# Every unfinished game is kept (issue 9, finding 5)


def test_each_new_game_gets_its_own_save_and_the_list_shows_them_newest_first():
    piles = quit_game(played("piles", 6))
    time.sleep(0.01)
    trump = quit_game(played("over-trump", 9))
    listed = saved_games()
    assert [s.path for s in listed] == [trump, piles]
    assert listed[0].game == "over-trump" and listed[0].names[0] == "Ann"
    assert listed[1].moves == 6 and listed[0].moves == 9
    text = describe(listed[1])
    assert text == f"Piles · Ann, Bot 2, Bot 3, Bot 4 · 6 moves in · {time.strftime('%H:%M')}"
    assert choose(listed, None) == listed[0]
    assert choose(listed, "2") == listed[1]
    assert choose(listed, listed[1].id) == listed[1]
    assert "no unfinished game 3" in choose(listed, "3")


def test_a_game_that_ends_deletes_its_save_and_leaves_the_others():
    kept = quit_game(played("piles", 4, seed=5))
    game = games.get("piles")
    match = Match.start(game, seats_for(game), 8, None, new_save_path("piles"))
    path = match.save_path
    chance = Chance.seeded(2)
    while not game.is_over(match.state):
        seat = game.to_act(match.state)[0]
        match.play(seat, chance.choice(game.legal_moves(match.state, seat)))
        if not game.is_over(match.state):
            assert path.exists()
    assert not path.exists() and match.save_path is None
    assert [s.path for s in saved_games()] == [kept]


def test_a_new_save_never_takes_the_name_of_a_file_left_beside_a_finished_one(monkeypatch):
    """A hosted game that ended at one keyboard leaves its codes file: a new game given that
    save's name would be hosted with the old players' codes."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "piles-bbbb.join.txt").write_text("old codes")
    letters = iter("bbbb" + "cccc")
    monkeypatch.setattr(saves_module.secrets, "choice", lambda _: next(letters))
    assert new_save_path("piles").name == "piles-cccc.jsonl"


def test_a_resumed_game_is_the_same_game_and_goes_on_saving():
    match = played("runway", 150, options={"trading": True})
    state, lines = match.state, match.log_lines()
    path = quit_game(match)
    back = Match.load(path, games)
    assert back.state == state and back.log_lines() == lines
    game = back.game
    seat = game.to_act(back.state)[0]
    back.play(seat, game.legal_moves(back.state, seat)[0])
    state = back.state
    quit_game(back)
    assert Match.load(path, games).state == state


def test_the_list_reads_a_save_once_until_it_changes(monkeypatch):
    quit_game(played("piles", 3))
    read = []
    real = match_module._summary
    monkeypatch.setattr(match_module, "_summary", lambda *a: read.append(a) or real(*a))
    for _ in range(3):
        saved_games()
    assert len(read) <= 1


# A move appends one line (issue 10, finding 7)


def test_a_move_appends_one_line_and_leaves_the_file_before_it_as_it_was():
    match = played("runway", 20)
    path = match.save_path
    before = path.read_bytes()
    game = match.game
    seat = game.to_act(match.state)[0]
    match.play(seat, game.legal_moves(match.state, seat)[0])
    after = path.read_bytes()
    assert after.startswith(before) and after[len(before) :].count(b"\n") == 1
    match.close()


def test_a_line_cut_off_by_a_crash_is_dropped_and_the_game_goes_on():
    match = played("over-trump", 12)
    state = match.state.model_copy(deep=True)
    path = match.save_path
    match.save_file.close()  # the process dies: no checkpoint, no goodbye
    with open(path, "ab") as file:
        file.write(b'{"seat": 1, "move": {"ca')
    back = Match.load(path, games)
    assert back.state == state
    seat = back.game.to_act(back.state)[0]
    back.play(seat, back.game.legal_moves(back.state, seat)[0])
    back.close()
    Match.load(path, games).close()


def test_the_list_counts_the_whole_lines_and_calls_a_save_with_a_broken_line_damaged():
    match = played("over-trump", 12)
    path = match.save_path
    match.save_file.close()
    with open(path, "ab") as file:
        file.write(b'{"seat": 1, "move": {"ca')  # cut off by a crash: dropped, as resuming does
    assert [(s.problem, s.moves) for s in saved_games()] == [(None, 12)]
    lines = path.read_bytes().split(b"\n")[:-1]
    path.write_bytes(b"\n".join([*lines, b"not a move at all", b""]))
    # Listed as resuming would find it, not as "12 moves in" and then refused.
    (listed,) = saved_games()
    assert listed.problem == f"line {len(lines) + 1} is damaged"
    with pytest.raises(SaveFileError) as refused:
        Match.load(path, games)
    assert f"line {len(lines) + 1}" in refused.value.message


# Impossible saves are refused, untouched (issue 10, finding 3)


def edit_checkpoint(change):
    def edit(lines):
        point = json.loads(lines[-1])
        change(point["state"])
        lines[-1] = json.dumps(point)

    return edit


def add_card(card):
    return edit_checkpoint(lambda s: s["hands"][0].append(card))


def swap_two_moves(lines):
    moves = [i for i, line in enumerate(lines) if '"seat"' in line[:9]]
    a, b = moves[0], moves[1]
    lines[a], lines[b] = lines[b], lines[a]


HOSTILE = {
    "piles turn=9": ("piles", edit_checkpoint(lambda s: s.update(turn=9))),
    "piles seats=3": ("piles", edit_checkpoint(lambda s: s.update(seats=3))),
    "piles 11 piles": ("piles", edit_checkpoint(lambda s: s["castle"].pop())),
    "piles 3 hands": ("piles", edit_checkpoint(lambda s: s["hands"].pop())),
    "piles 53 cards": ("piles", add_card({"rank": 5, "suit": "H"})),
    "piles conjured Joker": ("piles", add_card({"rank": 0, "suit": None})),
    "piles rank 99": ("piles", edit_checkpoint(lambda s: s["hands"][0][0].update(rank=99))),
    "over trump leader=9": ("over-trump", edit_checkpoint(lambda s: s.update(leader=9))),
    "over trump 3 hands": ("over-trump", edit_checkpoint(lambda s: s["hands"].pop())),
    "over trump conjured Joker": ("over-trump", add_card({"rank": 0, "suit": "R"})),
    "over trump rank 99": (
        "over-trump",
        edit_checkpoint(lambda s: s["hands"][1][0].update(rank=99)),
    ),
    "runway active=9": ("runway", edit_checkpoint(lambda s: s.update(active=9))),
    "runway looking at nobody": ("runway", edit_checkpoint(lambda s: s.update(phase="looking"))),
    "runway over with no history": (
        "runway",
        edit_checkpoint(lambda s: s.update(over=True, history=[])),
    ),
    "runway extra card": ("runway", add_card({"suit": "P", "rank": 7})),
    "a log that does not replay": ("piles", swap_two_moves),
    "a move nobody could make": (
        "over-trump",
        lambda lines: lines.insert(2, json.dumps({"seat": 0, "move": {"card": 3}, "lines": []})),
    ),
    "seats for another game": (
        "over-trump",
        lambda lines: lines.__setitem__(
            0, lines[0].replace('"seats":[', '"seats":[{"name":"Extra","kind":"bot"},')
        ),
    ),
    "not a save": ("piles", lambda lines: lines.__setitem__(0, '{"hello": "world"}')),
}


@pytest.mark.parametrize("variant", HOSTILE)
def test_an_impossible_save_is_refused_with_a_message_and_left_untouched(variant):
    game_id, edit = HOSTILE[variant]
    path = quit_game(played(game_id, 8))
    lines = path.read_text(encoding="utf-8").splitlines()
    edit(lines)
    text = "\n".join(lines) + "\n"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveFileError) as refused:
        Match.load(path, games)
    assert f"The saved game {path} cannot be resumed: " in refused.value.message
    assert "left untouched" in refused.value.message
    assert path.read_text(encoding="utf-8") == text
    # refused, the save is not held: it can be looked at again, and still says no
    with pytest.raises(SaveFileError):
        Match.load(path, games)


@pytest.mark.parametrize("variant", [v for v in HOSTILE if HOSTILE[v][1].__name__ == "edit"])
def test_load_state_refuses_the_same_impossible_states(variant):
    game_id, edit = HOSTILE[variant]
    match = played(game_id, 8)
    lines = [json.dumps({"moves": 8, "state": match.state.model_dump(mode="json")})]
    edit(lines)
    state = json.dumps(json.loads(lines[-1])["state"])
    with pytest.raises(ImpossibleState):
        match.game.load_state(state)
    match.close()


# Failed writes: the game goes on, and says it is not saved (issue 10, finding 4)


def test_a_data_folder_that_is_a_file_leaves_the_game_unsaved_with_a_reason(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("hello", encoding="utf-8")
    monkeypatch.setenv("CARDTABLE_HOME", str(blocker))
    match = played("piles", 3)
    assert match.save_file is None
    assert "is a file, not a folder" in match.unsaved
    assert len(match.record.log) == 3


def test_a_full_disk_keeps_the_game_going_and_catches_up_once_there_is_room(monkeypatch):
    match = played("runway", 10)
    path = match.save_path
    real = os.pwrite

    def full(fd, data, offset):
        real(fd, bytes(data)[:5], offset)  # a write cut short, as a full disk does
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves_module.os, "pwrite", full)
    game = match.game
    for _ in range(3):
        seat = game.to_act(match.state)[0]
        match.play(seat, game.legal_moves(match.state, seat)[0])
        assert match.unsaved == "the disk is full"
    monkeypatch.setattr(saves_module.os, "pwrite", real)
    seat = game.to_act(match.state)[0]
    match.play(seat, game.legal_moves(match.state, seat)[0])
    assert match.unsaved is None
    state = match.state
    quit_game(match)
    assert Match.load(path, games).state == state


def test_a_move_is_synced_to_the_disk_off_the_thread_that_played_it(monkeypatch):
    # A sync waits on the disk (over a millisecond): on a host's loop it held up every match.
    import threading

    synced: list[tuple[int, int]] = []
    real = saves_module._sync

    def watched(fd):
        synced.append((threading.get_ident(), fd))
        real(fd)

    match = played("runway", 2)
    assert saves_module.settle_saves()
    monkeypatch.setattr(saves_module, "_sync", watched)
    game = match.game
    seat = game.to_act(match.state)[0]
    match.play(seat, game.legal_moves(match.state, seat)[0])
    assert saves_module.settle_saves()
    fd = match.save_file.fd
    assert synced and all(who != threading.get_ident() and f == fd for who, f in synced)
    assert match.save_file.unsynced is False


def test_moves_made_in_one_moment_are_synced_once_and_written_at_once(monkeypatch):
    # A host of many matches appends a line a move to each save: one sync for all the lines
    # of a moment (SYNC_GATHER), not one a line; each line is on the file as it is made.
    match = played("runway", 2)
    assert saves_module.settle_saves()
    synced: list[int] = []
    real = saves_module._sync
    monkeypatch.setattr(saves_module, "_sync", lambda fd: (synced.append(fd), real(fd)))
    game = match.game
    path, fd = match.save_path, match.save_file.fd
    for _ in range(3):
        before = path.stat().st_size
        seat = game.to_act(match.state)[0]
        match.play(seat, game.legal_moves(match.state, seat)[0])
        assert path.stat().st_size > before  # written now, synced later
        time.sleep(saves_module.SYNC_GATHER / 5)  # moves a moment apart, as a host's are
    assert saves_module.settle_saves()
    assert synced == [fd]


def test_quitting_syncs_the_last_move_before_letting_go_of_the_save(monkeypatch):
    synced: list[int] = []
    monkeypatch.setattr(saves_module._syncer, "later", lambda save: None)  # the thread is slow
    match = played("runway", 3)
    monkeypatch.setattr(saves_module, "_sync", synced.append)
    fd = match.save_file.fd
    assert match.save_file.unsynced
    quit_game(match)
    assert synced == [fd]


def test_a_save_that_cannot_be_created_leaves_no_temporary_file(monkeypatch):
    def refuse(*args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves_module.os, "rename", refuse)
    match = played("piles", 2)
    assert match.unsaved == "the disk is full"
    assert list(saves_dir().iterdir()) == []


def test_a_name_that_is_not_valid_text_leaves_the_game_unsaved_with_a_reason():
    game = games.get("piles")
    seats = [SeatConfig(name="\udcff"), *seats_for(game)[1:]]
    match = Match.start(game, seats, 1, None, new_save_path("piles"))
    assert match.unsaved == "a player's name is not valid text"
    seat = game.to_act(match.state)[0]
    match.play(seat, game.legal_moves(match.state, seat)[0])


def test_a_read_only_data_folder_leaves_the_game_unsaved_with_a_reason(monkeypatch):
    def refuse(*args, **kwargs):  # as a folder without write permission does (even for root)
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(saves_module.os, "open", refuse)
    match = played("piles", 2)
    assert match.unsaved == f"cardtable may not write in {saves_dir()}"
    assert len(match.record.log) == 2


def test_temporary_files_left_by_a_dead_writer_are_cleaned_up():
    folder = saves_dir()
    folder.mkdir(parents=True)
    stale = folder / ".piles-bcdf.jsonl.999999999.tmp"
    stale.write_text("half a header", encoding="utf-8")
    mine = folder / f".piles-bcdg.jsonl.{os.getpid()}.tmp"
    mine.write_text("being written", encoding="utf-8")
    saved_games()
    assert not stale.exists() and mine.exists()


# Odd files (issue 10, finding 5) and two windows (finding 6)


def test_a_pipe_a_device_and_a_huge_file_are_refused_at_once_and_left_alone():
    folder = saves_dir()
    folder.mkdir(parents=True)
    pipe = folder / "piles-bcdf.jsonl"
    os.mkfifo(pipe)
    zero = folder / "piles-bcdg.jsonl"
    zero.symlink_to("/dev/zero")
    huge = folder / "piles-bcdh.jsonl"
    with open(huge, "wb") as file:
        file.truncate(saves_module.MAX_SAVE_BYTES + 1)
    started = time.perf_counter()
    listed = {s.path: s for s in saved_games()}
    assert all(listed[p].problem for p in (pipe, zero, huge))
    for path, why in ((pipe, "not a regular file"), (zero, "not a regular file"), (huge, "MB")):
        with pytest.raises(SaveFileError) as refused:
            Match.load(path, games)
        assert why in refused.value.message
    assert time.perf_counter() - started < 2
    assert huge.stat().st_size == saves_module.MAX_SAVE_BYTES + 1


def test_a_game_open_in_one_window_is_refused_in_another():
    match = played("piles", 3)
    path = match.save_path
    with pytest.raises(SaveFileError) as refused:
        Match.load(path, games)
    assert "open in another cardtable window" in refused.value.message
    match.close()
    Match.load(path, games).close()


# The single save of earlier versions


def unmixed(cls, seed):
    """Chance.seeded as earlier versions had it: the seed not mixed (their saves replay so)."""
    return cls(state=(seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & ((1 << 64) - 1))


def old_save(moves, seed=3):
    """A format-1 save (last-game.json) of a Piles game `moves` moves in, dealt as an earlier
    cardtable dealt it."""
    game = games.get("piles")
    with mock.patch.object(Chance, "seeded", classmethod(unmixed)):
        match = Match.start(game, seats_for(game), seed)
    chance = Chance.seeded(seed)
    for _ in range(moves):
        seat = game.to_act(match.state)[0]
        match.play(seat, chance.choice(game.legal_moves(match.state, seat)))
    record = match.record.model_copy(update={"version": 1, "state": match.state.model_dump()})
    path = last_game_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(record.model_dump_json(), encoding="utf-8")
    return match, path


def test_an_old_save_that_replays_becomes_a_save_of_its_own():
    match, path = old_save(5)
    import_old_save(games)
    listed = saved_games()
    assert len(listed) == 1 and listed[0].moves == 5 and not path.exists()
    assert Match.load(listed[0].path, games).state == match.state


def test_an_old_save_that_does_not_replay_is_kept_and_listed_as_such():
    match, path = old_save(5)
    text = path.read_text(encoding="utf-8").replace('"seed":3', '"seed":4')
    path.write_text(text, encoding="utf-8")
    import_old_save(games)
    listed = saved_games()
    assert [s.path for s in listed] == [path] and listed[0].problem
    with pytest.raises(SaveFileError) as refused:
        Match.load(path, games)
    assert "earlier cardtable" in refused.value.message
    assert path.read_text(encoding="utf-8") == text


def test_a_format_one_save_in_the_saves_folder_is_refused_not_dealt_afresh():
    _, old = old_save(5)
    path = saves_dir() / "piles-bcdf.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(old.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    with pytest.raises(SaveFileError) as refused:
        Match.load(path, games)
    assert "not a cardtable save" in refused.value.message


# cardtable resume --list, and naming the game to resume


def test_resume_lists_the_unfinished_games_and_names_one_by_number_or_id(capsys, monkeypatch):
    from cardtable import cli
    from cardtable.ui import app as app_module

    quit_game(played("piles", 4))
    time.sleep(0.01)
    quit_game(played("over-trump", 5))
    cli.main(["resume", "--list"])
    out = capsys.readouterr().out.splitlines()
    listed = saved_games()
    assert out[0].startswith(f" 1  {listed[0].id}  Over Trump · Ann, Bot 2, Bot 3, Bot 4 · 5 ")
    assert out[1].startswith(f" 2  {listed[1].id}  Piles · ")
    launched = []
    monkeypatch.setattr(app_module.CardTableApp, "run", lambda app: launched.append(app.launch))
    for which, chosen in (("2", 1), (listed[0].id, 0), (None, 0)):
        cli.main(["resume"] + ([which] if which else []))
        assert launched.pop().save == listed[chosen].path
    with pytest.raises(SystemExit) as refused:
        cli.main(["resume", "zzzz"])
    assert "No unfinished game has the id 'zzzz'" in str(refused.value)


def test_a_line_of_noise_in_the_middle_of_a_save_is_named_in_the_refusal():
    path = quit_game(played("piles", 6))
    lines = path.read_text(encoding="utf-8").splitlines()
    lines.insert(3, "\x00\x01 noise")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(SaveFileError) as refused:
        Match.load(path, games)
    assert "its moves do not replay (line 4: a line that is not JSON)" in refused.value.message


def test_two_copies_of_one_save_are_both_listed_and_the_id_is_called_ambiguous():
    path = quit_game(played("piles", 4))
    copy = path.with_name("copy-of-" + path.name)
    copy.write_bytes(path.read_bytes())
    listed = saved_games()
    assert len(listed) == 2 and listed[0].id == listed[1].id
    said = choose(listed, listed[0].id)
    assert isinstance(said, str) and "resume one by its number" in said
    assert choose(listed, "2") is listed[1]


def test_a_number_that_is_not_a_plain_digit_is_refused_in_words():
    quit_game(played("piles", 4))
    said = choose(saved_games(), "²")
    assert isinstance(said, str) and said.startswith("No unfinished game has the id")


def test_a_save_whose_names_carry_terminal_codes_is_damaged():
    path = quit_game(played("piles", 4))
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[0] = lines[0].replace('"Ann"', '"\\u001b[2JAnn"', 1)
    assert "\\u001b" in lines[0]
    path.write_text("".join(lines), encoding="utf-8")
    before = path.read_bytes()
    assert saved_games()[0].problem == "damaged"
    with pytest.raises(SaveFileError) as refused:
        Match.load(path, games)
    assert "name" in refused.value.message
    assert path.read_bytes() == before


# A full disk at the very start (issue 19, item 9)


def test_a_disk_full_at_the_start_is_saved_once_there_is_room(monkeypatch):
    """The first write fails: the game goes on unsaved; when space comes back, the next move
    writes the whole save (header and every move so far), which resumes as the game stands."""
    real = os.pwrite

    def full(fd, data, offset):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves_module.os, "pwrite", full)
    match = played("piles", 4)
    assert match.unsaved == "the disk is full" and match.save_path is None
    assert saved_games() == []
    monkeypatch.setattr(saves_module.os, "pwrite", real)
    game = match.game
    seat = game.to_act(match.state)[0]
    match.play(seat, game.legal_moves(match.state, seat)[0])
    assert match.unsaved is None and match.save_path is not None
    assert [saved.moves for saved in saved_games()] == [5]
    state = match.state
    path = quit_game(match)
    assert Match.load(path, games).state == state


# Every field of a save gets setup's bounds (issue 19, item 8)


def edited_save(change_first_line=None, extra_line=None):
    """A saved piles game, quit, with its first line changed or a line added at the end."""
    path = quit_game(played("piles", 4))
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    if change_first_line is not None:
        lines[0] = change_first_line(lines[0])
    if extra_line is not None:
        lines.append(extra_line)
    path.write_text("".join(lines), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "name",
    ["A" * 1_000_000, "Annabelle-Josephine", "Bot 2"],
    ids=["a megabyte", "past 16 letters", "another seat's name"],
)
def test_a_hand_edited_name_setup_would_refuse_is_damaged_at_once(name):
    path = edited_save(lambda line: line.replace('"Ann"', json.dumps(name), 1))
    before = path.read_bytes()
    started = time.monotonic()
    assert saved_games()[0].problem == "damaged"
    with pytest.raises(SaveFileError) as refused:
        Match.load(path, games)
    assert time.monotonic() - started < 2
    assert "cannot be resumed" in refused.value.message
    assert path.read_bytes() == before


def test_a_line_longer_than_any_move_is_refused_by_its_number():
    long_move = json.dumps({"seat": 0, "move": {"pad": "x" * 300_000}, "lines": []}) + "\n"
    path = edited_save(extra_line=long_move)
    with pytest.raises(SaveFileError) as refused:
        Match.load(path, games)
    assert "line 7 is longer than any move or checkpoint" in refused.value.message


def test_a_seat_count_the_game_is_not_played_with_is_refused_before_its_names_are_read():
    def seven_seats(line):
        header = json.loads(line)
        header["seats"] = [{"name": f"P{i}"} for i in range(7)]
        return json.dumps(header) + "\n"

    path = edited_save(seven_seats)
    with pytest.raises(SaveFileError) as refused:
        Match.load(path, games)
    assert "Piles is played by 2 or 4 players, not 7" in refused.value.message
