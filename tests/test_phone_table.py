"""The phone-sized table: a player's own joined screen too small for the game's table (a phone
upright, about 40x50, or sideways, about 90x20) draws the seat's game from its view and moves:
the others a line each, the cards in play, the hand as chips, a big button per other move; a
tap selects a card, a second tap plays it."""

from __future__ import annotations

import pytest

from cardtable.engine.claims import LET_GO, Claim
from cardtable.ui.phone import PhoneHand, PhoneTable
from cardtable.ui.widgets import GameTable
from tests.net_clients import joining_app
from tests.pilot_steps import wait_until
from tests.test_net_client import hosting, joined

UPRIGHT = (42, 50)
SIDEWAYS = (90, 20)


async def tap_card(pilot, screen, index: int) -> None:
    """Tap (click) the hand's chip number `index` where it is drawn."""
    hand = screen.query_one(PhoneHand)
    row, first, _, _ = next(place for place in hand.places if place[3] == index)
    await pilot.click(PhoneHand, offset=(first + 1, row))


@pytest.mark.parametrize("size", [UPRIGHT, SIDEWAYS])
async def test_a_joined_run_it_seat_on_a_phone_sees_its_game_and_plays_by_two_taps(size):
    host, server, port = await hosting("run-it", "Ann,bot,bot,bot", seed=5, delay=0.05)
    app = joining_app(port, host.codes[0])
    try:
        async with app.run_test(size=size) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            screen = joined(app)
            assert screen.phone
            assert not screen.query_one(GameTable).display
            await wait_until(pilot, lambda: screen.may_move, tries=900)
            await pilot.pause()
            phone = screen.query_one(PhoneTable)
            seats = str(phone.query_one("#phone-seats").render())
            window = screen.window  # her turn, or a card up for her to match or let go
            mine = "▶ You play now" if window is None else f"▶ The {window.card} is up: match it"
            assert "Bot 2 · " in seats and mine in seats
            assert "Top " in str(phone.query_one("#phone-play").render())
            chips = str(phone.query_one(PhoneHand).render()).split()
            assert chips == [card.short for card in screen.view.hand]
            moves = len(host.match.record.log)
            playable = [n for n in phone._playable()]
            if playable:  # two taps on a playable card play it
                await tap_card(pilot, screen, playable[0])
                assert phone.selected == playable[0]
                assert "Tap it again" in str(screen.query_one("#status").render())
                await tap_card(pilot, screen, playable[0])
            else:  # nothing to play: the big button gets a card
                await pilot.click(".phone-move-0")
            await wait_until(pilot, lambda: len(host.match.record.log) > moves)
            assert host.match.record.log[moves].seat == 0
    finally:
        host.stop()
        server.close()


async def test_a_card_with_several_moves_opens_a_menu_of_them_on_the_second_tap():
    from cardtable.ui.screens.move_menu import MoveMenu

    host, server, port = await hosting("piles", "Ann,bot,bot,bot", seed=3, delay=0.05)
    app = joining_app(port, host.codes[0])
    try:
        async with app.run_test(size=UPRIGHT) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            screen = joined(app)
            await wait_until(pilot, lambda: screen.may_move, tries=600)
            await pilot.pause()
            phone = screen.query_one(PhoneTable)
            index = max(phone._playable(), key=lambda n: len(phone.hand[n].short))
            card = phone.hand[index]
            await tap_card(pilot, screen, index)
            await tap_card(pilot, screen, index)
            await wait_until(pilot, lambda: isinstance(app.screen, MoveMenu))
            moves = len(host.match.record.log)
            await pilot.press("enter")
            await wait_until(pilot, lambda: len(host.match.record.log) > moves)
            made = host.match.record.log[moves]
            assert made.seat == 0 and made.move["card"] == card.model_dump(mode="json")
    finally:
        host.stop()
        server.close()


async def test_at_80x24_the_games_own_table_is_drawn_and_a_spectator_never_gets_the_phone():
    host, server, port = await hosting("run-it", "Ann,bot,bot,bot", seed=5, delay=5.0)
    player, watcher = joining_app(port, host.codes[0]), joining_app(port)
    try:
        async with player.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: joined(player) is not None)
            assert not joined(player).phone
        async with watcher.run_test(size=UPRIGHT) as pilot:
            await wait_until(pilot, lambda: joined(watcher) is not None)
            assert not joined(watcher).phone and joined(watcher).too_small
    finally:
        host.stop()
        server.close()


async def test_a_claim_window_has_a_claim_button_and_a_let_go_button(monkeypatch):
    host, server, port = await hosting("run-it", "Ann,bot,bot,bot", seed=5, delay=5.0)
    app = joining_app(port, host.codes[0])
    try:
        async with app.run_test(size=UPRIGHT) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            screen = joined(app)
            claimed, let_go = [], []
            monkeypatch.setattr(screen, "claim_key", claimed.append)
            monkeypatch.setattr(screen, "let_go_key", lambda: let_go.append(True))
            phone = screen.query_one(PhoneTable)
            view = screen.view
            # The moves change twice before the old buttons are gone: no button clashes.
            phone.show("run-it", view, screen.names, [LET_GO], True, str, "a")
            phone.show("run-it", view, screen.names, [Claim(), LET_GO], True, str, "a")
            await pilot.pause()
            labels = [str(button.label) for button in phone.query("#phone-buttons Button")]
            assert labels == ["Claim it (a)", "Let it go", "Hint"]
            await pilot.click(".phone-move-0")
            await pilot.click(".phone-move-1")
            assert claimed == [0] and let_go == [True]
    finally:
        host.stop()
        server.close()


@pytest.mark.parametrize("game_id", __import__("cardtable.games", fromlist=["ids"]).ids())
def test_each_games_cards_in_play_draw_for_a_phone_at_every_point_of_seeded_games(game_id):
    """The cards in play as lines, for every seat and a spectator, all through seeded games:
    nothing fails, and each line fits a phone held upright (40 columns) but for a long meld."""
    import random

    from cardtable import games
    from cardtable.ui.phone_play import play_lines

    game = games.get(game_id)
    for seed in range(3):
        state = game.new_game(game.default_seats, seed)
        names = [f"Seat {n + 1}" for n in range(game.default_seats)]
        chance = random.Random(seed)
        for _ in range(120):
            if game.is_over(state):
                break
            for seat in [*range(game.default_seats), None]:
                lines = play_lines(game_id, game.view(state, seat), names)
                assert lines
                if game_id not in ("sets-and-runs", "runway"):  # melds and runs may be long
                    assert max(line.cell_len for line in lines) <= 40, [str(x) for x in lines]
            window = game.claim_window(state)
            mover = window.open_to[0] if window and window.open_to else game.to_act(state)[0]
            game.apply(state, mover, chance.choice(game.legal_moves(state, mover)))
