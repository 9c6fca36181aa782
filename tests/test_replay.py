"""Replays that teach: a finished game stepped through move by move with every hand open, each
person's move beside the hint the bot would have given, and the moves where they parted."""

from __future__ import annotations

import random

import pytest

from cardtable import games
from cardtable.bots.replay import UNFINISHED, Replay, ReplayRefused
from cardtable.bots.seat_player import planner
from cardtable.engine import Match, SeatConfig, SeatKind, new_save_path
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.card_faces import look
from cardtable.ui.screens.replay import MOVER, PARTED, ReplayScreen
from cardtable.ui.screens.results import ResultsScreen


def kept_three_ways(match: Match, tmp_path) -> list:
    """A finished match's record as it is kept: in memory, read back from the history, and
    read back from a file `history export` wrote."""
    from cardtable.engine.history import History, export_lines, finished_game, read_export

    done = finished_game(match)
    with History() as history:
        history.record(done)
        from_history = history.load(done.id, games)
    exported = tmp_path / "game.jsonl"
    exported.write_text(export_lines(done))
    return [match.record, from_history.record, read_export(exported, games).record]


def played(game_id: str, seed: int, people: int = 2, moves: int | None = None) -> Match:
    """A game at one keyboard: `people` people who pick a seeded random legal move, planners
    in the other seats; played to its end (or `moves` moves)."""
    game = games.get(game_id)
    seats = [
        SeatConfig(name=f"Person {i + 1}", kind=SeatKind.HUMAN)
        if i < people
        else SeatConfig(name=f"Bot {i + 1}", kind=SeatKind.BOT)
        for i in range(game.default_seats)
    ]
    match = Match.start(game, seats, seed)
    bots = [planner(game_id, seed + i) for i in range(len(seats))]
    chance = random.Random(seed)
    while not game.is_over(match.state) and (moves is None or len(match.record.log) < moves):
        window = game.claim_window(match.state)
        seat = window.open_to[0] if window is not None and window.open_to else None
        seat = game.to_act(match.state)[0] if seat is None else seat
        legal = game.legal_moves(match.state, seat)
        if seats[seat].kind is SeatKind.HUMAN:
            move = chance.choice(legal)
        else:
            move, _ = bots[seat].choose(game.view(match.state, seat), legal)
        match.play(seat, move)
    return match


@pytest.fixture(scope="module")
def sets_and_runs() -> Match:
    return played("sets-and-runs", 11)


def test_every_position_of_a_whole_game_is_the_game_as_it_stood_stepping_either_way(sets_and_runs):
    """Stepped back and forth in any order, each position is the state those moves made, and
    every hand is shown: each seat's whole hand, the cards it really held then."""
    game = sets_and_runs.game
    replay = Replay(game, sets_and_runs.record)
    assert replay.last == len(sets_and_runs.record.log) > 100
    fresh = game.new_game(4, sets_and_runs.record.seed, game.options(sets_and_runs.record.options))
    truth = [fresh.model_copy(deep=True)]
    for entry in sets_and_runs.record.log:
        game.apply(fresh, entry.seat, game.parse_move(entry.move))
        truth.append(fresh.model_copy(deep=True))
    order = random.Random(3).sample(range(replay.last + 1), 60) + [replay.last, 0, 1, 2, 1, 0]
    for number in order:
        assert replay.position(number) == truth[number], number
        shown = [sorted(map(repr, hand)) for hand in replay.hands(number)]
        assert shown == [sorted(map(repr, hand)) for hand in truth[number].hands]


def test_each_persons_move_has_the_hint_the_bot_would_have_given_and_bots_moves_none(
    sets_and_runs,
):
    """The advice is the planner's choice from the person's own view just before her move;
    it agrees exactly when she made that move; a bot's move has none."""
    game = sets_and_runs.game
    replay = Replay(game, sets_and_runs.record)
    parted = 0
    for made in replay.moves[:200]:
        advice = replay.advice(made.number)
        if not made.by_person:
            assert advice is None
            continue
        before = replay.position(made.number - 1)
        hinted, why = planner(game.id).choose(
            game.view(before, made.seat), game.legal_moves(before, made.seat)
        )
        assert advice is not None and (advice.move, advice.why) == (hinted, why)
        assert advice.agrees == (made.move == hinted)
        parted += not advice.agrees
    assert parted > 5  # people picking at random part from the hint often


async def test_the_hint_she_was_shown_is_kept_with_her_move_and_set_beside_it_in_the_replay(
    tmp_path,
):
    """A hint shown at the table (a search's, which the planner need not agree with) goes
    with her move through the save, a resume, the history and an export: the replay shows
    that hint, marked as the one she asked for, agreeing where she followed it. A hint shown
    before another seat moved goes with no move of hers."""

    game = games.get("piles")
    seats = [SeatConfig(name="Ann")] + [
        SeatConfig(name=f"Bot {i}", kind=SeatKind.BOT) for i in (2, 3, 4)
    ]
    match = Match.start(game, seats, 4, None, new_save_path("piles"))
    bots = [planner("piles", i) for i in range(4)]
    chance = random.Random(4)
    asked: dict[int, tuple[dict, bool]] = {}  # move number: (the hint shown, followed)
    while len(match.record.log) < 28:
        seat = game.to_act(match.state)[0]
        legal = game.legal_moves(match.state, seat)
        if seat != 0:
            if len(match.record.log) == 9:  # a hint for Ann, then a bot moves: it is dropped
                match.hint_shown(0, legal[0], "Stale.")
            match.play(seat, bots[seat].choose(game.view(match.state, seat), legal)[0])
            continue
        move = chance.choice(legal)
        if len(asked) < 4:
            follows = len(asked) % 2 == 0
            hinted = move if follows else next(m for m in legal if m != move)
            match.hint_shown(0, hinted, f"Because {len(asked)}.")
            asked[len(match.record.log) + 1] = (hinted.model_dump(mode="json"), follows)
        match.play(0, move)
    assert len(asked) == 4
    kept = {n: e.hint for n, e in enumerate(match.record.log, start=1) if e.hint is not None}
    assert sorted(kept) == sorted(asked)
    path = match.save_path
    match.close()
    resumed = Match.load(path, games)
    assert [e.hint for e in resumed.record.log] == [e.hint for e in match.record.log]
    while not game.is_over(resumed.state):
        seat = game.to_act(resumed.state)[0]
        legal = game.legal_moves(resumed.state, seat)
        resumed.play(seat, bots[seat].choose(game.view(resumed.state, seat), legal)[0])
    for record in kept_three_ways(resumed, tmp_path):
        replay = Replay(game, record)
        for number, (hinted, follows) in asked.items():
            advice = replay.advice(number)
            assert advice is not None and advice.shown, number
            assert advice.move.model_dump(mode="json") == hinted
            assert advice.agrees is follows and advice.why.startswith("Because")
        others = [m.number for m in replay.moves if m.by_person and m.number not in asked]
        assert others and not any(replay.advice(n).shown for n in others)
    # On screen: the hint she asked for, followed or not, in words that say it was hers.
    app = CardTableApp(Launch())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = ReplayScreen(Replay(game, resumed.record))
        await app.push_screen(screen)
        await pilot.pause()
        for number, (_, follows) in asked.items():
            screen.show(number)
            note = str(screen.query_one("#replay-note").render())
            if follows:
                assert "Ann followed the hint she asked for: " in note, note
            else:
                assert f"{PARTED} Ann asked for a hint, which was: " in note, note


def test_the_disagreement_key_finds_each_parting_in_order(sets_and_runs):
    replay = Replay(sets_and_runs.game, sets_and_runs.record)
    partings = [n for n in range(1, replay.last + 1) if (a := replay.advice(n)) and not a.agrees]
    found, at = [], 0
    while (at := replay.next_disagreement(at)) is not None:
        found.append(at)
    assert found == partings
    assert replay.previous_disagreement(partings[-1]) == partings[-2]
    assert replay.previous_disagreement(partings[0]) is None


def test_a_game_still_in_play_is_never_replayed():
    """Nothing hidden is shown early: an unfinished game's record is refused in words."""
    match = played("piles", 4, moves=10)
    with pytest.raises(ReplayRefused) as refused:
        Replay(match.game, match.record)
    assert refused.value.reason == UNFINISHED


def test_a_record_whose_moves_do_not_replay_is_refused_in_words():
    match = played("piles", 4)
    record = match.record.model_copy(deep=True)
    record.log[5] = record.log[5].model_copy(update={"seat": (record.log[5].seat + 1) % 4})
    with pytest.raises(ReplayRefused) as refused:
        Replay(match.game, record)
    assert refused.value.reason.startswith("Move 6 of this game does not replay:")


@pytest.mark.parametrize("game_id", games.ids())
async def test_each_games_replay_steps_from_the_deal_to_the_end_on_screen(game_id):
    match = played(game_id, 2)
    app = CardTableApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(Replay(match.game, match.record))
        await app.push_screen(screen)
        await pilot.pause()
        title = screen.query_one("#replay-title")
        assert "the deal" in str(title.render())
        await pilot.press("right", "right")
        assert screen.at == 2
        # At 80x24 the table is the public one and every hand is a line under it, the mover's
        # marked.
        hands = str(screen.query_one("#replay-hands").render()).splitlines()
        assert len(hands) == len(match.record.seats)
        mover = match.record.seats[match.record.log[1].seat].name
        # Not ▶: on the table ▶ marks whose turn is next, often someone else.
        assert not any("▶" in line for line in hands)
        assert [line for line in hands if line.startswith(MOVER)] == [
            next(line for line in hands if line[2:].startswith(mover + " "))
        ]
        assert str(screen.query_one("#replay-note").render()).startswith("2. ")
        await pilot.press("end")
        assert screen.at == len(match.record.log)
        assert f"move {screen.at} of {screen.at}" in str(title.render())
        await pilot.press("left")
        assert screen.at == len(match.record.log) - 1
        await pilot.press("home")
        assert screen.at == 0
        await pilot.press("escape")
        assert not isinstance(app.screen, ReplayScreen)


async def replay_shown(app, pilot, replay: Replay, number: int = 0) -> ReplayScreen:
    """The replay on screen at move `number`."""
    screen = ReplayScreen(replay)
    await app.push_screen(screen)
    await pilot.pause()
    screen.show(number)
    await pilot.pause()
    return screen


async def test_the_other_hands_are_sorted_as_the_table_sorts_the_movers():
    """Piles sorts a hand by suit, then rank, at the table: the replay's other hands too."""
    from cardtable.games.piles.hand import sort_hand

    match = played("piles", 4)
    app = CardTableApp(Launch())
    async with app.run_test(size=(120, 40)) as pilot:
        replay = Replay(match.game, match.record)
        screen = await replay_shown(app, pilot, replay)
        lines = str(screen.query_one("#replay-hands").render()).splitlines()
        shown = [line.split()[3:] for line in lines]
        hands = [h for s, h in enumerate(replay.hands(0)) if any(h)]
        expected = [[look(card).corner for card in sort_hand(hand)] for hand in hands]
        assert all(cards in expected for cards in shown) and shown
        assert any(sort_hand(hand) != hand for hand in hands), "a dealt hand is unsorted"


async def test_a_runway_joker_in_a_hand_shows_its_suit_as_at_the_table():
    """Runway's Jokers are the Rock, Paper and Scissors Jokers ('★●R'), never a Keeper."""
    from cardtable.ui.card_faces import joker_label

    for seed in range(40):
        match = played("runway", seed)
        replay = Replay(match.game, match.record)
        found = next(
            (
                (n, card)
                for n in range(replay.last + 1)
                for seat, hand in enumerate(replay.hands(n))
                if seat != replay.mover(n)
                for card in hand
                if getattr(card, "is_joker", False)
            ),
            None,
        )
        if found is not None:
            break
    else:
        raise AssertionError("no Joker in a hand in 40 games")
    number, joker = found
    app = CardTableApp(Launch())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await replay_shown(app, pilot, replay, number)
        hands = str(screen.query_one("#replay-hands").render())
        assert joker_label(joker) in hands and "Keep" not in hands


async def test_a_move_of_several_log_lines_reads_as_separate_sentences():
    match = played("piles", 4)  # its first card sets the colours: a second line
    replay = Replay(match.game, match.record)
    number = next(n for n in range(1, replay.last + 1) if len(replay.moves[n - 1].lines) >= 2)
    first, second = replay.moves[number - 1].lines[:2]
    app = CardTableApp(Launch())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await replay_shown(app, pilot, replay, number)
        note = " ".join(str(screen.query_one("#replay-note").render()).split())
        ended = first if first.endswith((".", "!", "?")) else first + "."
        assert f"{number}. {ended} {second}" in note


async def test_on_screen_every_other_hand_is_face_up_and_d_lands_on_a_parting(sets_and_runs):
    app = CardTableApp(Launch())
    async with app.run_test(size=(120, 40)) as pilot:
        replay = Replay(sets_and_runs.game, sets_and_runs.record)
        screen = ReplayScreen(replay)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("d")
        first = replay.next_disagreement(0)
        assert screen.at == first
        note = str(screen.query_one("#replay-note").render())
        assert f"\n{PARTED} The hint would have been: " in note
        assert screen.query_one("#replay-note").has_class("parted")
        hands = str(screen.query_one("#replay-hands").render()).splitlines()
        mover = replay.mover(first)
        others = [s for s in range(4) if s != mover]
        assert [line.split()[0:2] for line in hands] == [
            ["Person" if s < 2 else "Bot", str(s + 1)] for s in others
        ]
        for line, seat in zip(hands, others, strict=True):
            corners = [look(card).corner for card in replay.hands(first)[seat]]
            assert line.split()[3:] == corners
        await pilot.press("d")
        assert screen.at == replay.next_disagreement(first)
        await pilot.press("D")
        assert screen.at == first


async def test_the_results_screen_replays_the_game_just_played():
    match = played("piles", 6)
    app = CardTableApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_results(match)
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.replay.record is match.record
        await pilot.press("escape")
        assert isinstance(app.screen, ResultsScreen)


async def test_an_offer_made_face_down_is_named_in_the_replay():
    """The log keeps an offer's card hidden ('offers a card face down'); the replay, with every
    hand open, names it beside the line."""
    match = played("run-it", 3)
    replay = Replay(match.game, match.record)
    offer = next(m for m in replay.moves if m.move.kind == "offer")
    app = CardTableApp(Launch())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = ReplayScreen(replay)
        await app.push_screen(screen)
        await pilot.pause()
        screen.show(offer.number)
        note = str(screen.query_one("#replay-note").render())
        assert "offers a card face down" in note
        assert f"(offer the {offer.move.card.short} face down)" in note


async def test_a_card_the_clock_let_go_for_a_person_gets_no_hint_beside_it(tmp_path):
    """A Match-it window's time ran out: the let-go was the clock's, not hers, so the replay
    says so and sets no '✓ The hint agreed' beside it, from the history and an export too."""
    from cardtable.engine.claims import LET_GO

    game = games.get("run-it")
    seats = [
        SeatConfig(name="Ann"),
        *(SeatConfig(name=f"Bot {i}", kind=SeatKind.BOT) for i in (2, 3)),
    ]
    match = Match.start(game, seats, 3, {"hand_size": 3})
    bots = [planner("run-it", i) for i in range(3)]
    timed = []
    while not game.is_over(match.state):
        window = game.claim_window(match.state)
        if window is not None and 0 in window.open_to:
            match.play(0, LET_GO, timed=True)  # her time ran out
            timed.append(len(match.record.log))
            continue
        seat = window.open_to[0] if window is not None else game.to_act(match.state)[0]
        legal = game.legal_moves(match.state, seat)
        match.play(seat, bots[seat].choose(game.view(match.state, seat), legal)[0])
    assert timed, "seed 3 opens a window to Ann"
    records = kept_three_ways(match, tmp_path)
    for record in records:
        replay = Replay(game, record)
        assert all(replay.advice(n) is None for n in timed)
        chosen = [m.number for m in replay.moves if m.by_person and m.number not in timed]
        assert all(replay.advice(n) is not None for n in chosen)
    app = CardTableApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(Replay(game, records[1]))
        await app.push_screen(screen)
        await pilot.pause()
        screen.show(timed[0])
        note = " ".join(str(screen.query_one("#replay-note").render()).split())
        assert note.endswith("(the window's time ran out)") and "hint" not in note, note
