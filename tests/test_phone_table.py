"""The phone-sized table: a player's own joined screen too small for the game's table (a phone
upright, about 40x50, or sideways, about 90x20) draws the seat's game from its view and moves:
the others a line each, the cards in play, the hand as chips, a big button per other move; a
tap selects a card, a second tap plays it."""

from __future__ import annotations

from contextlib import asynccontextmanager

import pytest
from textual.widgets import Static

from cardtable.engine.claims import LET_GO, Claim, ClaimWindow
from cardtable.engine.undo import shown_cards
from cardtable.ui.phone import HINT, LOG_LINES, PhoneHand, PhoneTable
from cardtable.ui.widgets import GameTable, MoveLog
from tests.net_clients import joining_app
from tests.pilot_steps import wait_until
from tests.test_net_client import hosting, joined

UPRIGHT = (42, 50)
SIDEWAYS = (90, 20)
SMALLEST = (30, 16)


def phone_app(where: str):
    """A bare app holding a PhoneTable, on a phone's page ('browser') or in a terminal."""
    from textual.app import App

    from cardtable.ui.themes import FELT_COLOURS

    class Phone(App):
        def get_theme_variable_defaults(self):
            return {**super().get_theme_variable_defaults(), **FELT_COLOURS}

        said: list[str] = []

        def compose(self):
            yield PhoneTable()

        def on_phone_table_said(self, message) -> None:
            self.said.append(message.text)

    Phone.where = where  # as CardTableApp says where it runs
    return Phone


async def tap_card(pilot, screen, index: int) -> None:
    """Tap (click) the hand's chip number `index` where it is drawn."""
    hand = screen.query_one(PhoneHand)
    row, first, _, _ = next(place for place in hand.places if place[3] == index)
    await pilot.click(PhoneHand, offset=(first + 1, row))


@pytest.mark.parametrize("size", [UPRIGHT, SIDEWAYS])
async def test_a_joined_run_it_seat_on_a_phone_sees_its_game_and_plays_by_two_taps(
    size, monkeypatch
):
    monkeypatch.setenv("CARDTABLE_WHERE", "browser")
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
            else:  # nothing to play: the button after Hint gets a card, or lets a card go
                await pilot.click(".phone-move-1")
            await wait_until(pilot, lambda: len(host.match.record.log) > moves)
            assert host.match.record.log[moves].seat == 0
            # What just happened, over the hand: the game's log is hidden on a phone, and its
            # last lines were never drawn there.
            log, said = phone.query_one("#phone-log"), screen.query_one(MoveLog).said
            await pilot.pause()
            assert said and str(log.render()) == "\n".join(said[-LOG_LINES:])
    finally:
        host.stop()
        server.close()


async def a_cards_menu(pilot, app, tapped: bool = True):
    """On Ann's Piles turn (seed 3), a card with several moves tapped twice (or chosen twice
    as a tap would, where the window is too short to show it without scrolling): her screen
    and the card, its menu of moves open over them."""
    from cardtable.ui.screens.move_menu import MoveMenu

    await wait_until(pilot, lambda: joined(app) is not None)
    screen = joined(app)
    await wait_until(pilot, lambda: screen.may_move, tries=600)
    await pilot.pause()
    phone = screen.query_one(PhoneTable)
    index = max(phone._playable(), key=lambda n: len(phone.hand[n].short))
    for _ in range(2):
        if tapped:
            await tap_card(pilot, screen, index)
        else:
            phone.tap(index)
    await wait_until(pilot, lambda: isinstance(app.screen, MoveMenu))
    await pilot.pause()
    return screen, phone.hand[index]


async def test_a_card_with_several_moves_opens_a_menu_of_them_on_the_second_tap():
    host, server, port = await hosting("piles", "Ann,bot,bot,bot", seed=3, delay=0.05)
    app = joining_app(port, host.codes[0])
    try:
        async with app.run_test(size=UPRIGHT) as pilot:
            _, card = await a_cards_menu(pilot, app)
            moves = len(host.match.record.log)
            await pilot.press("enter")
            await wait_until(pilot, lambda: len(host.match.record.log) > moves)
            made = host.match.record.log[moves]
            assert made.seat == 0 and made.move["card"] == card.model_dump(mode="json")
    finally:
        host.stop()
        server.close()


@pytest.mark.parametrize("size", [UPRIGHT, SIDEWAYS, SMALLEST])
async def test_a_phones_menu_names_no_key_and_its_back_button_closes_it_without_a_move(
    size, monkeypatch
):
    # A phone has no Esc: its menu once said "↑↓ choose · Enter do it · Esc back", and a card
    # tapped twice by mistake left no way back but to make one of its moves.
    monkeypatch.setenv("CARDTABLE_WHERE", "browser")
    host, server, port = await hosting("piles", "Ann,bot,bot,bot", seed=3, delay=0.05)
    app = joining_app(port, host.codes[0])
    try:
        async with app.run_test(size=size) as pilot:
            screen, _ = await a_cards_menu(pilot, app, tapped=size != SMALLEST)
            moves = len(host.match.record.log)
            menu = app.screen
            menu.query_one("#move-menu-title", Static).update("A title long enough " * 6)
            await pilot.pause()
            words = " ".join(str(s.render()) for s in menu.query("Static"))
            assert not any(key in words for key in ("Enter", "Esc", "↑↓")), words
            back = menu.query_one("#move-menu-back")
            box = menu.query_one("#move-menu").region
            assert box.contains_region(back.region)  # whole, inside the menu's box
            await pilot.click("#move-menu-back")
            await wait_until(pilot, lambda: app.screen is screen)
            await pilot.pause(0.3)
            assert len(host.match.record.log) == moves and screen.may_move
    finally:
        host.stop()
        server.close()


@pytest.mark.parametrize(
    ("where", "code", "words"),
    [
        ("keyboard", None, "This screen no longer shows the game: Ctrl+Q quits."),
        ("browser", None, "This page no longer shows the game: close it."),
        ("browser", 0, "This page no longer plays: close it."),
    ],
)
async def test_a_phone_sized_screen_the_host_left_says_to_quit_or_to_close_its_page(
    where, code, words, monkeypatch
):
    # A spectator in a small terminal now gets the phone-sized table: it was told its "page no
    # longer plays", as a seat's phone page is.
    monkeypatch.setenv("CARDTABLE_WHERE", where)
    host, server, port = await hosting("piles", "Ann,bot,bot,bot", seed=3, delay=5.0)
    app = joining_app(port, None if code is None else host.codes[code])
    try:
        async with app.run_test(size=UPRIGHT) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            screen = joined(app)
            await wait_until(pilot, lambda: screen.phone)
            host.stop("The host has stopped; the game is over.")
            await wait_until(pilot, lambda: screen.ended is not None)
            await pilot.pause()
            said = " ".join(str(screen.query_one("#status").render()).split())
            assert said == f"The host has stopped; the game is over. {words}"
    finally:
        host.stop()
        server.close()


async def test_at_80x24_the_games_own_table_is_drawn():
    host, server, port = await hosting("run-it", "Ann,bot,bot,bot", seed=5, delay=5.0)
    player = joining_app(port, host.codes[0])
    try:
        async with player.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: joined(player) is not None)
            assert not joined(player).phone
    finally:
        host.stop()
        server.close()


@pytest.mark.parametrize("size", [UPRIGHT, SIDEWAYS])
async def test_a_spectator_on_a_phone_sees_every_player_and_the_play_with_no_hand_or_button(size):
    # The host's lobby shows a page to watch: on a phone it said the window needs 80x24.
    host, server, port = await hosting("run-it", "Ann,bot,bot,bot", seed=5, delay=0.05)
    player, watcher = joining_app(port, host.codes[0]), joining_app(port)
    try:
        async with player.run_test(size=(80, 24)):
            async with watcher.run_test(size=size) as pilot:
                await wait_until(pilot, lambda: joined(watcher) is not None)
                screen = joined(watcher)
                await wait_until(pilot, lambda: screen.view is not None and screen.phone)
                await pilot.pause()
                assert not screen.too_small
                phone = screen.query_one(PhoneTable)
                seats = str(phone.query_one("#phone-seats").render())
                assert all(f"{name} · " in seats for name in ("Ann", "Bot 2", "Bot 3", "Bot 4"))
                assert "You play now" not in seats
                assert "Top " in str(phone.query_one("#phone-play").render())
                assert not phone.query_one(PhoneHand).display and not phone.query(".phone-move")
                assert not phone.query_one("#phone-hand-title").display
    finally:
        host.stop()
        server.close()


async def test_a_claim_window_has_a_claim_button_and_a_let_go_button(monkeypatch):
    monkeypatch.setenv("CARDTABLE_WHERE", "browser")
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
            assert labels == ["Hint", "Claim it (a)", "Let it go"]
            await pilot.click(".phone-move-1")
            await pilot.click(".phone-move-2")
            assert claimed == [0] and let_go == [True]
            # The line under the table names only the buttons she has: no Claim button for a
            # seat that does not hold the card.
            window = ClaimWindow(verb="match", card="Y+2", open_to=[0, 1])
            screen.legal = [Claim(), LET_GO]
            assert screen.window_words(window).endswith("Tap Match it, or Let it go.")
            screen.legal = [LET_GO]
            words = screen.window_words(window)
            assert words.endswith("Tap Let it go.") and "Match it" not in words
            # A small terminal is worked from its keyboard: the line names her key.
            app.where = "keyboard"
            screen.legal = [Claim(), LET_GO]
            assert screen.window_words(window).endswith("Your key a claims it; Enter lets it go.")
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


def test_several_moves_of_one_kind_share_a_button_named_by_their_common_words():
    from cardtable.ui.phone import shared_words

    labels = ["Take the 7■P from the bin", "Take the 3●R from the bin", "Take the K✂S from the bin"]
    assert shared_words(labels) == "Take the … from the bin (3)"
    assert shared_words(["Pass", "Place 8♠ on A1"]) == "… (2)"


async def test_a_players_name_in_a_buttons_words_is_shown_as_typed_never_as_markup():
    """A seat named 'DJ [/]' (a name may hold brackets) would have stopped every phone drawing a
    button with her name: the labels are Text."""
    from cardtable.games.run_it.moves import NoOffer, TakeDraw, TakeOffer

    Phone = phone_app("browser")

    moves = [TakeOffer(offered_by=1), TakeOffer(offered_by=2), TakeDraw(), NoOffer()]
    names = ["Ann", "DJ [/]", "[@click=app.quit]x", "Bot 4"]

    def label(move):
        if isinstance(move, TakeOffer):
            return f"take {names[move.offered_by]}'s offered card, blind"
        return move.brief()

    from cardtable import games

    view = games.get("run-it").view(games.get("run-it").new_game(4, 5), 0)
    app = Phone()
    async with app.run_test(size=UPRIGHT) as pilot:
        phone = app.query_one(PhoneTable)
        phone.show("run-it", view, names, moves[:1] + moves[2:], True, label)
        await pilot.pause()
        words = [str(b.label) for b in phone.query("#phone-buttons Button")]
        assert "Take DJ [/]'s offered card, blind" in words
        phone.show("run-it", view, names, moves, True, label)  # two offers: one button
        await pilot.pause()
        buttons = list(phone.query("#phone-buttons Button"))
        words = [str(b.label) for b in buttons]
        assert words[0] == "Hint" and "Take … offered card, blind (2)" in words
        assert all(b.region.bottom <= UPRIGHT[1] for b in buttons)


def test_a_keeper_revealed_with_a_card_shows_beside_it_on_a_phone():
    """A Keeper revealed in the trick is public: the phone draws it beside its card."""
    import random

    from cardtable import games
    from cardtable.ui.card_faces import KEEPER_CORNER
    from cardtable.ui.phone_play import play_lines

    game = games.get("over-trump")
    names = ["Ann", "Bob", "Cy", "Di"]
    for seed in range(40):
        state, chance = game.new_game(4, seed), random.Random(seed)
        while not game.is_over(state):
            legal = game.legal_moves(state, game.to_act(state)[0])
            revealing = [move for move in legal if getattr(move, "reveal", None) is not None]
            game.apply(
                state,
                game.to_act(state)[0],
                (revealing or legal)[0] if revealing else chance.choice(legal),
            )
            view = game.view(state, None)
            if any(placed.reveal is not None for placed in view.trick):
                lines = "\n".join(str(line) for line in play_lines("over-trump", view, names))
                assert KEEPER_CORNER in lines
                return
    raise AssertionError("no Keeper was revealed in 40 seeded games")


@pytest.mark.parametrize("game_id", ["over-trump", "piles"])
async def test_a_phones_hint_selects_the_card_and_its_hand_is_sorted_as_the_table_sorts(game_id):
    """Over Trump and Piles sort a hand; the phone's is in the same order, and the hint (which
    once looked for its card in the wide table's hand, not drawn on a phone) selects it."""
    host, server, port = await hosting(game_id, "Ann,bot,bot,bot", seed=1, delay=0.05)
    app = joining_app(port, host.codes[0])
    try:
        async with app.run_test(size=UPRIGHT) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            screen = joined(app)
            await wait_until(pilot, lambda: screen.may_move, tries=900)
            await pilot.pause()
            phone = screen.query_one(PhoneTable)
            assert phone.hand == screen.table.hand_order(list(screen.view.hand))
            assert phone.hand != list(screen.view.hand), "a dealt hand is unsorted"
            await pilot.click(".phone-move-0")  # Hint
            await wait_until(pilot, lambda: phone.hinted is not None, tries=900)
            assert phone.selected == phone.hand.index(phone.hinted.card)
            assert "Hint:" in str(screen.query_one("#status").render())
    finally:
        host.stop()
        server.close()


def test_the_castles_columns_stay_in_line_on_a_phone_whatever_its_cards():
    # A 10 on top of a pile pushed the rest of its row a cell to the right of the row above.
    from cardtable import games
    from cardtable.games.piles.castle import COLUMNS
    from cardtable.ui.phone_play import play_lines
    from tests.cards_text import card

    game = games.get("piles")
    state = game.new_game(4, 1)
    for place, pile in enumerate(state.castle):  # a row of kings on top, then a row of 10s
        pile[-1] = card("10S" if place // COLUMNS % 2 else "KH")
    drawn = play_lines("piles", game.view(state, None), ["A", "B", "C", "D"])
    lines = [str(line) for line in drawn]
    rows = [line for line in lines if line.startswith("A") and ": " not in line]
    assert len(rows) == 3
    for name in "ABCD":
        assert len({row.index(name) for row in rows}) == 1, rows


@asynccontextmanager
async def anns_small_terminal():
    """Ann's Sets and Runs seat (seed 1) joined from a terminal too small for the game's table,
    at her first turn: the host, the pilot, her screen and its phone-sized table."""
    host, server, port = await hosting("sets-and-runs", "Ann,bot,bot,bot", seed=1, delay=0.05)
    app = joining_app(port, host.codes[0])
    try:
        async with app.run_test(size=SIDEWAYS) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            screen = joined(app)
            await her_turn(pilot, screen)
            assert screen.phone and app.where == "keyboard"
            yield host, pilot, screen, screen.query_one(PhoneTable)
    finally:
        host.stop()
        server.close()


async def her_turn(pilot, screen) -> None:
    """Wait until the seat may move (no card up to claim), all drawn."""
    await wait_until(pilot, lambda: screen.may_move and screen.window is None, tries=900)
    await pilot.pause()


async def test_in_a_small_terminal_a_hint_names_enter_and_enter_makes_the_hinted_move():
    """A terminal too small for the game's table (a split pane) gets the phone-sized one; it
    has a keyboard, not a finger: the hint says Enter (never "tap"), and Enter makes exactly
    the hinted move, on a card of the hand or on a button."""
    async with anns_small_terminal() as (host, pilot, screen, phone):
        on_a_card = []
        for _ in range(2):  # her turn: a card from the stock or the discards, a discard
            await her_turn(pilot, screen)
            moves = len(host.match.record.log)
            await pilot.press("h")
            await wait_until(pilot, lambda: phone.hinted is not None, tries=900)
            hinted = phone.hinted
            on_a_card.append(any(shown_cards(hinted)[card] for card in phone.hand))
            said = " ".join(str(screen.query_one("#status").render()).split())
            assert said.startswith("Hint:") and said.endswith("Enter does it."), said
            assert "Tap" not in said
            await pilot.press("enter")
            await wait_until(pilot, lambda n=moves: len(host.match.record.log) > n, tries=900)
            assert host.match.record.log[moves].move == hinted.model_dump(mode="json")
        assert on_a_card == [False, True]  # a button's move, then a card's


async def test_in_a_small_terminal_enter_on_a_button_makes_its_move_and_a_menu_names_its_keys():
    """Enter belongs to the button with the keyboard (Tab reaches it), hint or not; a card's
    menu in a terminal names the keys that work it, as the game's own table's does."""
    from textual.widgets import Button

    async with anns_small_terminal() as (host, pilot, screen, phone):
        await pilot.press("h")
        await wait_until(pilot, lambda: phone.hinted is not None, tries=900)
        other = next(
            (number, move)
            for number, move in enumerate(phone.buttons)
            if move not in (HINT, phone.hinted) and not isinstance(move, tuple)
        )
        phone.query_one(f".phone-move-{other[0]}", Button).focus()
        moves = len(host.match.record.log)
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(host.match.record.log) > moves, tries=900)
        assert host.match.record.log[moves].move == other[1].model_dump(mode="json")
        # On the Hint button (Tab's first stop), Enter asks for the hint, and Enter again
        # makes it (it showed the same hint again, for ever).
        await her_turn(pilot, screen)
        phone.query_one(".phone-move-0", Button).focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: phone.hinted is not None, tries=900)
        hinted = phone.hinted
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(host.match.record.log) > moves + 1, tries=900)
        assert host.match.record.log[moves + 1].move == hinted.model_dump(mode="json")
    host, server, port = await hosting("piles", "Ann,bot,bot,bot", seed=3, delay=0.05)
    app = joining_app(port, host.codes[0])
    try:
        async with app.run_test(size=UPRIGHT) as pilot:
            await a_cards_menu(pilot, app, tapped=False)
            words = " ".join(str(s.render()) for s in app.screen.query("Static"))
            assert "Enter" in words and not app.screen.query("#move-menu-back"), words
    finally:
        host.stop()
        server.close()


async def test_in_a_small_terminal_the_buttons_take_the_tables_letters_and_the_keys_are_listed():
    """The game's own letters work on the phone-sized table in a terminal (a player who knows
    t and c from the big table), each button names its letter, and a line lists the keys."""
    async with anns_small_terminal() as (host, pilot, screen, phone):
        labels = [str(button.label) for button in phone.query("#phone-buttons Button")]
        assert labels == ["Hint (h)", "Take the discard (t)", "Draw from the stock (c)"], labels
        keys = phone.query_one("#phone-keys")
        assert keys.display and "Tab the buttons" in str(keys.render())
        moves = len(host.match.record.log)
        await pilot.press("c")
        await wait_until(pilot, lambda: len(host.match.record.log) > moves, tries=900)
        assert host.match.record.log[moves].move == {"kind": "draw"}
        # Enter while the hint is thought of waits for it, then makes it (not a card tap).
        await her_turn(pilot, screen)
        held = []
        think = screen.clock.think
        screen.clock.think = lambda work, done: held.append((work, done))
        await pilot.press("h", "enter")
        assert held and phone.selected is None  # the Enter was kept for the hint
        screen.clock.think = think
        think(*held[0])
        await wait_until(pilot, lambda: len(host.match.record.log) > moves + 1, tries=900)
        assert host.match.record.log[moves + 1].seat == 0


async def test_in_a_small_terminal_the_arrows_underline_the_card_they_are_on_playable_or_not():
    from cardtable import games
    from cardtable.ui.phone import CURSOR

    game = games.get("run-it")
    state = game.new_game(4, 5)
    view, legal = game.view(state, 0), game.legal_moves(state, 0)
    for where, underlined in (("keyboard", True), ("browser", False)):
        app = phone_app(where)()
        async with app.run_test(size=SIDEWAYS) as pilot:
            phone = app.query_one(PhoneTable)
            phone.show("run-it", view, ["Ann", "B", "C", "D"], legal, True, str)
            await pilot.pause()
            phone.focus()
            dead = [n for n in range(len(phone.hand)) if n not in phone._playable()]
            assert dead, "seed 5 deals Ann a card with no move"
            for _ in range(len(phone.hand)):  # at least once: a key has moved it there
                await pilot.press("right")
                if phone.cursor == dead[0]:
                    break
            await pilot.pause()
            assert phone.cursor == dead[0] and phone.selected is None
            shown = phone.query_one(PhoneHand).render()
            _, first, last, _ = phone.query_one(PhoneHand).places[dead[0]]
            styles = {str(span.style) for span in shown.spans if span.start <= first < span.end}
            assert (CURSOR in " ".join(styles)) is underlined, styles
            # Enter on it says why it has no move (it once did nothing, without a word).
            app.said.clear()
            await pilot.press("enter")
            await pilot.pause()
            assert app.said == [f"The {phone.hand[dead[0]].short} has no move now."]
