"""The host on loopback with scripted websocket clients: a whole game, its save, who may act.

Every test runs a real Host behind start_server on 127.0.0.1 (a free port) and clients that
speak the protocol over websockets (tests/net_clients.py); bots move at once (delay 0).
"""

from __future__ import annotations

import asyncio

from cardtable import games
from cardtable.engine import Match, new_save_path, parse_seats
from cardtable.net.protocol import HOST_MESSAGE, Act, ClaimCard, Goodbye, Table
from tests.net_clients import Client, running_host, secure_connect

PILES = games.get("piles")


async def test_two_people_and_two_bots_play_a_whole_game_of_piles_and_its_save_replays(tmp_path):
    save = new_save_path("piles")
    match = Match.start(PILES, parse_seats("Ann,Bob,bot,bot"), 11, None, save)
    copies: list[tuple[bytes, str, list[str]]] = []

    def keep_a_copy() -> None:
        # The host deletes a finished game's save: keep the last one it wrote before that.
        if match.save_path is not None and match.save_path.exists():
            copies.append(
                (match.save_path.read_bytes(), match.state.model_dump_json(), match.log_lines())
            )

    async with running_host(match) as rig:
        rig.host.watch(keep_a_copy)
        ann = await Client.join(rig.port, rig.host.codes[0], "piles")
        bob = await Client.join(rig.port, rig.host.codes[1], "piles")
        assert (ann.seat, bob.seat) == (0, 1)
        assert ann.welcome.names == ["Ann", "Bob", "Bot 3", "Bot 4"]
        ends = await asyncio.gather(ann.play(seed=1), bob.play(seed=2))

    assert all(end is not None and end.over for end in ends)
    assert ends[0].outcome == ends[1].outcome == PILES.outcome(match.state)
    assert ann.moves > 3 and bob.moves > 3, "both people played their own turns"
    assert ann.refusals == [] and bob.refusals == [] and rig.host.refusals == 0
    # Every move the host applied replays exactly from (options, seed, moves).
    assert match.replay() == match.state
    people = {entry.seat for entry in match.record.log}
    assert people == {0, 1, 2, 3}
    # The last save written before the end loads to the state and log the host had then.
    assert copies, "the host saved the game as it went"
    data, state_json, lines = copies[-1]
    copy = tmp_path / "copy.cardtable"
    copy.write_bytes(data)
    loaded = Match.load(copy, games)
    try:
        assert loaded.state.model_dump_json() == state_json
        assert loaded.log_lines() == lines
        assert len(loaded.record.log) >= len(match.record.log) - 1
    finally:
        loaded.close()
    # The finished game's save is gone, as at one keyboard.
    assert not save.exists()


async def test_every_client_hears_each_move_once_as_the_log_says_it():
    # Bots may move before a person joins: her Welcome carries the log so far.
    match = Match.start(PILES, parse_seats("Ann,Bob,bot,bot"), 4)
    async with running_host(match) as rig:
        ann = await Client.join(rig.port, rig.host.codes[0], "piles")
        bob = await Client.join(rig.port, rig.host.codes[1], "piles")
        await asyncio.gather(ann.play(seed=1), bob.play(seed=2))
        names = match.names
        for client in (ann, bob):
            heard = client.welcome.log + [
                event.render(names)
                for message in client.messages
                if isinstance(message, Table)
                for event in message.events
            ]
            assert heard == match.log_lines()


async def test_a_second_screen_with_the_same_code_takes_the_seat():
    match = Match.start(PILES, parse_seats("Ann,Bob,bot,bot"), 4)
    async with running_host(match) as rig:
        code = rig.host.codes[0]
        first = await Client.join(rig.port, code, "piles")
        second = await Client.join(rig.port, code, "piles")
        bye = await first.until(lambda m: isinstance(m, Goodbye))
        assert bye.reason == "Ann's seat joined from another screen."
        assert second.seat == 0
        assert rig.host.seat_members[0] is not None
        # The first screen's connection is closed: it can no longer move for Ann.
        await first.drain()
        assert first.ws.close_code is not None
        table = await second.until_table(lambda t: True)
        assert table.present[0]


async def test_a_spectator_sees_the_table_and_no_hand_and_cannot_move(caplog):
    match = Match.start(PILES, parse_seats("Ann,Bob,bot,bot"), 4)
    caplog.set_level("INFO", logger="cardtable.host")
    async with running_host(match) as rig:
        ann = await Client.join(rig.port, rig.host.codes[0], "piles")
        await Client.join(rig.port, rig.host.codes[1], "piles")  # play begins once all have come
        watcher = await Client.join(rig.port, None, "piles")
        assert watcher.seat is None
        table = await watcher.until_table(lambda t: True)
        assert table.view["hand"] is None and table.legal == []
        ann_table = await ann.until_table(lambda t: bool(t.legal))
        before = match.state.model_dump_json()
        await watcher.send(Act(move=ann_table.legal[0]))
        await watcher.send(Act(move=ann_table.legal[0], seat=0))
        await watcher.send(ClaimCard())
        for _ in range(3):
            refusal = await watcher.until(lambda m: m.type == "refused")
            assert refusal.reason == (
                "You are watching: only a player who joined with her seat's code can move."
            )
        assert match.state.model_dump_json() == before
        assert caplog.text.count("refused a move from a spectator: You are watching") == 3


async def test_the_game_waits_for_a_person_who_has_not_joined_and_says_for_whom():
    match = Match.start(PILES, parse_seats("bot,Bob,bot,bot"), 4)
    async with running_host(match) as rig:
        watcher = await Client.join(rig.port, None, "piles")
        table = await watcher.until_table(lambda t: t.waiting is not None)
        assert table.waiting == "Waiting for Bob to join: play begins when everyone has."
        assert not table.present[1] and table.present[0]
        await asyncio.sleep(0.3)
        assert match.record.log == [], "no bot plays before every person has come"
        bob = await Client.join(rig.port, rig.host.codes[1], "piles")
        table = await watcher.until_table(lambda t: t.present[1])
        assert table.waiting is None
        end = await bob.play(seed=3)
        assert end is not None and end.over


async def test_nobody_moves_before_everyone_has_joined():
    match = Match.start(PILES, parse_seats("Ann,Bob,bot,bot"), 8)
    async with running_host(match) as rig:
        ann = await Client.join(rig.port, rig.host.codes[0], "piles")
        table = await ann.until_table(lambda t: True)
        assert table.acting == [0] and table.legal == []  # her turn, but Bob is not here yet
        assert table.waiting == "Waiting for Bob to join: play begins when everyone has."
        move = PILES.legal_moves(match.state, 0)[0].model_dump(mode="json")
        await ann.send(Act(move=move))
        refusal = await ann.until(lambda m: m.type == "refused")
        assert refusal.reason == table.waiting
        assert match.record.log == []
        await Client.join(rig.port, rig.host.codes[1], "piles")
        table = await ann.until_table(lambda t: bool(t.legal))
        assert table.waiting is None


async def test_a_full_host_turns_a_screen_away_in_words(monkeypatch):
    monkeypatch.setattr("cardtable.net.server.MAX_CONNECTIONS", 2)
    match = Match.start(PILES, parse_seats("Ann,bot,bot,bot"), 4)
    async with running_host(match) as rig:
        await Client.join(rig.port, rig.host.codes[0], "piles")
        await Client.join(rig.port, None, "piles")
        async with await secure_connect(rig.port) as third:
            goodbye = HOST_MESSAGE.validate_json(await asyncio.wait_for(third.recv(), 5))
        assert goodbye.type == "goodbye"
        assert goodbye.reason.startswith("The host has 2 screens connected, as many as it takes")


async def test_a_move_out_of_turn_is_refused_naming_whose_turn_it_is_by_her_seats_name():
    run_it = games.get("run-it")
    match = Match.start(run_it, parse_seats("Ann,Bob,Cal,Dee"), 5)
    async with running_host(match) as rig:
        people = [await Client.join(rig.port, rig.host.codes[s], "run-it") for s in range(4)]
        turn = run_it.to_act(match.state)[0]
        other = (turn + 1) % 4
        await people[other].until_table(lambda t: t.waiting is None)
        before = match.state.model_dump_json()
        move = run_it.legal_moves(match.state, turn)[0].model_dump(mode="json")
        await people[other].send(Act(move=move))
        refusal = await people[other].until(lambda m: m.type == "refused")
        who = match.names[turn]
        assert refusal.reason.startswith("It is not your turn: waiting for ")
        assert who in refusal.reason and "Player" not in refusal.reason
        assert match.state.model_dump_json() == before


def test_a_refusal_gets_each_seats_own_name_even_one_named_like_another_seats_default():
    from cardtable.net.host import with_names

    names = ["Player 2", "Bob", "Cal"]
    reason = "Waiting for Player 1 and Player 2 to play."
    assert with_names(reason, names) == "Waiting for Player 2 and Bob to play."
