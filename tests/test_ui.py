"""The app driven with Pilot: setup, handoff, a played card, a refusal, a bot game to the end."""

import io

import pytest
from rich.console import Console
from textual.widgets import Checkbox, Input, OptionList, Static

from cardtable import games
from cardtable.engine import SeatKind
from cardtable.games.piles import Place
from cardtable.games.piles.hand import sort_hand
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.handoff import HandoffScreen
from cardtable.ui.screens.menu import MenuScreen
from cardtable.ui.screens.results import ResultsScreen
from cardtable.ui.screens.rules import RulesScreen
from cardtable.ui.screens.setup import Choice, SetupScreen
from cardtable.ui.screens.table import TableScreen
from tests.pilot_steps import (
    my_turn,
    on_screen,
    reveal_hand,
    shown_text,
    status,
    steadied,
    wait_until,
)

SIZE = (100, 30)


def piles_app(seats: str, seed: int) -> CardTableApp:
    """The app opened straight on a Piles table, bots moving at once."""
    return CardTableApp(Launch(command="play", game="piles", seats=seats, seed=seed, delay=0))


def targets(game, state, seat, card) -> set[int]:
    """The piles `card` may go on."""
    return {
        m.pile for m in game.legal_moves(state, seat) if isinstance(m, Place) and m.card == card
    }


def on_results(app) -> bool:
    """The results screen is up and drawn."""
    return isinstance(app.screen, ResultsScreen) and bool(app.screen.query("#results-summary"))


async def test_the_menu_lists_five_games_and_only_playable_ones_can_be_chosen():
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        options = app.screen.query_one(OptionList)
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        assert ids == ["runway", "run-it", "over-trump", "sets-and-runs", "piles"]
        disabled = {o for o in ids if options.get_option(o).disabled}
        assert disabled == {o for o in ids if o not in games.ids()}
        assert options.get_option_at_index(options.highlighted).id == games.ids()[0]


async def open_setup(pilot, app, game_id):
    """Highlight `game_id` on the start screen and press Enter."""
    options = app.screen.query_one(OptionList)
    options.highlighted = options.get_option_index(game_id)
    await pilot.press("enter")


async def test_setup_names_seats_chooses_bots_and_starts_the_game():
    app = CardTableApp(Launch(delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, app, "piles")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        setup.query_one("#seat-name-0", Input).value = "Ann"
        setup.query_one("#seat-kind-1", Choice).value = SeatKind.HUMAN
        await pilot.pause()
        assert setup.query_one("#seat-name-1", Input).value == "Player 2"
        setup.query_one("#seat-name-1", Input).value = "Bob"
        setup.query_one("#seed", Input).value = "42"
        setup.query_one("#option-show_buried", Checkbox).value = True
        await pilot.click("#start")
        await wait_until(pilot, lambda: app.screen.__class__ in (TableScreen, HandoffScreen))
        match = (
            app.screen_stack[-1].match
            if isinstance(app.screen, TableScreen)
            else app.screen_stack[-2].match
        )
        assert match.names == ["Ann", "Bob", "Bot 3", "Bot 4"]
        assert [s.kind for s in match.seats] == [
            SeatKind.HUMAN,
            SeatKind.HUMAN,
            SeatKind.BOT,
            SeatKind.BOT,
        ]
        assert match.record.seed == 42
        assert match.state.options.show_buried is True


async def test_setup_refuses_two_seats_with_one_name():
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, app, "piles")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.screen.query_one("#seat-name-1", Input).value = "Player 1"
        await pilot.click("#start")
        assert "same name" in str(app.screen.query_one("#setup-error").render())
        assert isinstance(app.screen, SetupScreen)


async def test_setup_refuses_runway_options_that_do_not_go_together_in_the_models_words():
    from cardtable.games.runway.state import DeckEnd, Points

    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, app, "runway")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.screen.query_one("#option-points", Choice).value = Points.DECK_ENDS
        app.screen.query_one("#option-deck_end", Choice).value = DeckEnd.RESHUFFLE
        await pilot.click("#start")
        text = str(app.screen.query_one("#setup-error").render())
        assert "not both" in text and "validation error" not in text
        assert isinstance(app.screen, SetupScreen)


async def test_handoff_between_two_people_shows_no_private_card():
    app = piles_app("Ann,Bob,bot,bot", 1)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, HandoffScreen) and app.screen.query("#handoff-card"),
        )
        handoff = app.screen
        table = app.screen_stack[-2]
        seat = table.acting()[0]
        name = table.match.names[seat]
        text = str(handoff.query_one("#handoff-card").render())
        assert f"Pass the keyboard to {name}" in text
        assert "Since your last turn" in text or "about to begin" in text or "so far" in text
        for card in table.match.state.hands[seat]:
            assert card.short not in text
        await reveal_hand(pilot, app)
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.screen.viewer == seat
        assert app.screen.table.hand == sort_hand(table.match.state.hands[seat])
        # Ann or Bob plays the hinted card; when the other's turn comes, the handoff shows again.
        await pilot.press("h", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        other = app.screen_stack[-2].acting()[0]
        assert other != seat and app.screen_stack[-2].match.seats[other].is_human


async def test_a_person_plays_a_card_with_the_keyboard():
    app = piles_app("Ann,bot,bot,bot", 3)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        await pilot.press("1")
        chosen = screen.table.hand[0]  # the hand as shown: sorted by suit, then rank
        await pilot.press("enter")
        assert "may go on" in status(app)
        targets = screen.table._targets()
        await pilot.press("right", "enter")  # the first arrow points at the first lit pile
        await pilot.pause()
        assert chosen not in screen.match.state.hands[0]
        placed = [p for p in range(12) if screen.match.state.castle[p][-1] == chosen]
        assert placed and placed[0] in targets
        assert any(f"Ann places {chosen.short}" in line for line in screen.match.log_lines())


async def test_a_refused_move_shows_its_reason_on_the_table():
    game = games.get("piles")
    seed = next(
        s
        for s in range(200)
        if any(
            len({m.pile for m in game.legal_moves(st, 0) if isinstance(m, Place) and m.card == c})
            < 12
            for st in [game.new_game(4, s)]
            for c in st.hands[0]
        )
        and game.to_act(game.new_game(4, s)) == [0]
    )
    app = piles_app("Ann,bot,bot,bot", seed)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        state = screen.match.state
        slot = next(
            i
            for i, c in enumerate(screen.table.hand)
            if len(
                {m.pile for m in game.legal_moves(state, 0) if isinstance(m, Place) and m.card == c}
            )
            < 12
        )
        await pilot.press(str((slot + 1) % 10), "enter")
        refused_pile = next(p for p in range(12) if p not in screen.table._targets())
        before = state.model_dump_json()
        await pilot.click(f"#pile-{refused_pile}")
        await pilot.pause()
        shown = status(app)
        assert "cannot take" in shown and "total value" in shown
        assert screen.query_one("#status").has_class("refused")
        assert state.model_dump_json() == before


async def test_passing_on_the_first_turn_is_refused_with_its_reason():
    game = games.get("piles")
    seed = next(s for s in range(100) if game.to_act(game.new_game(4, s)) == [0])
    app = piles_app("Ann,bot,bot,bot", seed)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        assert app.screen.match.state.turns_taken == 0
        await pilot.press("p")
        assert "may not pass on the very first turn" in status(app)
        assert app.screen.match.state.turns_taken == 0


async def test_hint_names_a_move_and_says_why():
    app = piles_app("Ann,bot,bot,bot", 3)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        await pilot.press("h")  # thought of in the worker process: it comes a moment later
        await wait_until(pilot, lambda: status(app).startswith("Hint: "))
        text = status(app)
        assert " on " in text or "pass" in text


async def test_a_bot_game_reaches_the_results_screen():
    app = piles_app("bot,bot,bot,bot", 9)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: on_results(app), tries=600)
        summary = str(app.screen.query_one("#results-summary").render())
        assert "win" in summary or "draw" in summary


@pytest.mark.usefixtures("quick_strong_bots")
async def test_demo_plays_game_after_game():
    app = CardTableApp(Launch(command="demo", game="piles", delay=0, seed=4))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: on_results(app), tries=600)
        first = app.screen.match
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, TableScreen) and app.screen.match is not first,
            tries=600,
        )
        assert app.screen.demo


async def test_rules_page_opens_on_question_mark_and_closes_on_escape():
    app = piles_app("Ann,bot,bot,bot", 3)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("question_mark")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


async def test_a_small_window_says_what_size_it_needs():
    app = piles_app("Ann,bot,bot,bot", 3)
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        text = str(app.screen.query_one("#too-small-text").render())
        assert "at least 80x24" in text and "60x20" in text
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not app.screen.has_class("too-small")


async def test_the_size_message_is_read_whole_in_a_small_window():
    app = CardTableApp(
        Launch(command="play", game="sets-and-runs", seats="Ann,bot,bot", seed=3, delay=0)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        message = app.screen.query_one("#too-small-text")
        full = "The Sets and Runs table needs a window of at least 80x24. This one is {}"
        for width, height in ((60, 20), (40, 15), (20, 8), (10, 4)):
            await pilot.resize_terminal(width, height)
            await pilot.pause(0.1)
            assert on_screen(app, message), (width, height)
            text = shown_text(message)
            assert "80x24" in text, (width, height, text)
            if width >= 20:  # room for every sentence
                assert full.format(f"{width}x{height}") in text, (width, height, text)
                assert "Ctrl+Q quits; the game stays saved." in text
            if width >= 40:  # and for the box around them
                assert message.styles.border_top[0] == "heavy"


async def test_resume_continues_exactly_where_the_game_stood():
    app = piles_app("Ann,bot,bot,bot", 3)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        await pilot.press("h", "enter")
        await wait_until(pilot, lambda: my_turn(app))
        saved = app.screen.match.state.model_dump_json()
    resumed = CardTableApp(Launch(command="resume", delay=0))
    async with resumed.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(resumed.screen, TableScreen))
        assert resumed.screen.match.state.model_dump_json() == saved
        assert resumed.screen.viewer == 0


async def test_a_two_seat_game_plays_through_the_second_deal_to_the_results():
    app = piles_app("Ann,bot", 12)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        teams = str(app.screen.query_one("#teams").render())
        assert "20 cards wait to be dealt" in teams
        for _ in range(20):
            await wait_until(pilot, lambda: my_turn(app) or on_results(app), tries=400)
            if on_results(app):
                break
            log = app.screen.match.record.log
            made = len(log)
            await pilot.press("h", "enter")  # Enter waits for the hint, then makes its move
            await wait_until(
                pilot, lambda log=log, made=made: len(log) > made or on_results(app), tries=400
            )
        await wait_until(pilot, lambda: on_results(app), tries=400)
        lines = app.screen.match.log_lines()
        assert "The remaining 20 cards are dealt, 10 each" in lines
        assert sum(1 for line in lines if line.startswith("Ann ")) == 20


def over_trump_app(seats: str, seed: int) -> CardTableApp:
    """The app opened straight on an Over Trump table, bots moving at once."""
    return CardTableApp(Launch(command="play", game="over-trump", seats=seats, seed=seed, delay=0))


async def test_over_trump_one_trick_through_the_table():
    app = over_trump_app("Ann,bot,bot,bot", 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        state = screen.match.state
        legal = screen.game.legal_moves(state, 0)
        card = next(m.card for m in legal if m.reveal is None)
        slot = screen.table.hand.index(card)
        screen.table.cursor = slot
        tricks_before = sum(state.tricks)
        await pilot.press("enter")
        await wait_until(pilot, lambda: my_turn(app) or sum(state.tricks) > tricks_before)
        await wait_until(pilot, lambda: sum(state.tricks) > tricks_before or len(state.trick) == 0)
        assert any(line.startswith(f"Ann places {card.short}") for line in screen.match.log_lines())
        assert sum(state.tricks) == tricks_before + 1
        assert any(" wins the trick with " in line for line in screen.match.log_lines())


def first_turn_of_seat_0(game, seed):
    """The game as the planner bots leave it when seat 0 first has to act."""
    from cardtable.bots.seat_player import planner

    state = game.new_game(4, seed)
    bot = planner(game.id)
    while game.to_act(state) != [0]:
        seat = game.to_act(state)[0]
        game.apply(
            state, seat, bot.choose(game.view(state, seat), game.legal_moves(state, seat))[0]
        )
    return state


async def test_over_trump_a_refused_card_names_the_suit_to_place():
    game = games.get("over-trump")
    seed = next(
        s
        for s in range(100)
        for st in [first_turn_of_seat_0(game, s)]
        if st.trick and any(c not in {m.card for m in game.legal_moves(st, 0)} for c in st.hands[0])
    )
    app = over_trump_app("Ann,bot,bot,bot", seed)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        state = screen.match.state
        legal = {m.card for m in screen.game.legal_moves(state, 0)}
        illegal = next(c for c in screen.table.hand if c not in legal)
        screen.table.cursor = screen.table.hand.index(illegal)
        before = state.model_dump_json()
        await pilot.press("enter")
        assert "so you must place" in status(app)
        assert screen.query_one("#status").has_class("refused")
        assert state.model_dump_json() == before


async def test_over_trump_keeper_reveal_is_a_two_step_choice():
    game = games.get("over-trump")
    seed = next(
        s
        for s in range(300)
        for st in [game.new_game(4, s)]
        if games.get("over-trump").to_act(st) == [0] and any(c.is_joker for c in st.hands[0])
    )
    app = over_trump_app("Ann,bot,bot,bot", seed)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        await pilot.press("k")
        assert "Keeper reveal" in status(app)
        card = next(c for c in screen.table.hand if not c.is_joker)
        screen.table.cursor = screen.table.hand.index(card)
        await pilot.press("enter")
        await pilot.pause()
        placed = screen.match.state.trick[0] if screen.match.state.trick else None
        log = screen.match.log_lines()
        assert any(line.startswith(f"Ann places {card.short}, revealing a Keeper") for line in log)
        if placed is not None and placed.seat == 0:
            assert placed.reveal is not None


async def test_the_start_screen_in_a_small_window_says_the_size_the_games_need():
    # The README says the app tells a window under 80x24 so: only the tables did, and the
    # start screen (where a joined phone-sized terminal lands when its game ends) was clipped.
    app = CardTableApp()
    async with app.run_test(size=(60, 18)) as pilot:
        await pilot.pause()
        said = lambda: " ".join(str(app.screen.query_one("#tagline").render()).split())  # noqa: E731
        assert said().startswith("This window is 60x18: the games need 80x24.")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert said() == "Friends around one keyboard, bots in any empty seat."


async def test_menu_mid_game_then_continue_returns_to_the_same_game():
    app = piles_app("Ann,bot,bot,bot", 3)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        saved = app.screen.match.state.model_dump_json()
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        options = app.screen.query_one("#save-list", OptionList)
        assert options.get_option_at_index(0).id.startswith("resume:")
        await pilot.press("c")
        await wait_until(pilot, lambda: my_turn(app))
        assert app.screen.match.state.model_dump_json() == saved


async def test_results_wait_for_the_rules_page_to_close_at_the_end_of_a_game():
    app = piles_app("bot,bot,bot,bot", 9)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        await wait_until(pilot, lambda: table.game.is_over(table.match.state), tries=600)
        await pilot.press("question_mark")  # within the moment before the results are due
        await pilot.pause(0.8)
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await wait_until(pilot, lambda: on_results(app))


async def test_bots_wait_while_the_rules_page_is_open():
    app = piles_app("bot,bot,bot,bot", 9)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        await pilot.press("question_mark")
        moves = len(table.match.record.log)
        await pilot.pause(0.5)
        assert len(table.match.record.log) == moves
        await pilot.press("escape")
        await wait_until(pilot, lambda: len(table.match.record.log) > moves)


def runway_app(seats: str, seed: int) -> CardTableApp:
    """The app opened straight on a Runway table, bots moving at once."""
    return CardTableApp(Launch(command="play", game="runway", seats=seats, seed=seed, delay=0))


async def test_runway_a_whole_turn_draw_build_triple_action_discard_through_the_table():
    from cardtable.cards import Direction
    from cardtable.games.runway.state import Phase, RunCard
    from cardtable.ui.screens.move_menu import MoveMenu
    from tests.cards_text import pcard, pcards

    app = runway_app("Ann,bot", 2)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        state = screen.match.state
        assert state.phase is Phase.DRAW
        state.hands[0] = pcards("4S 5R 5P 5S 9P 10P JP QP")
        state.runs[0] = [RunCard(card=pcard("3S"), rank=3)]
        state.directions[0] = Direction.UP
        state.deck[-4:] = pcards("2P 3P 4P 1R")
        screen.redraw()
        await pilot.press("d")
        await wait_until(pilot, lambda: state.phase is Phase.BUILD)
        assert pcard("1R") in state.hands[0]
        table = screen.table
        table.cursor = table.hand.index(pcard("4S"))
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(state.runs[0]) == 2)
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, MoveMenu))
        await pilot.press("enter")
        await wait_until(pilot, lambda: state.actions == 1)
        assert "1 action to use" in str(screen.query_one("#rw-phase").render())
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, MoveMenu))
        await pilot.press("enter")
        await wait_until(pilot, lambda: state.actions == 0)
        assert len(state.hands[0]) == 8
        await pilot.press("e")
        await wait_until(pilot, lambda: state.phase is Phase.DISCARD)
        assert "discard 2" in status(app)
        await pilot.press("e")
        await wait_until(pilot, lambda: "discard 2 first" in status(app))
        await pilot.press("1")  # chooses the card: nothing is discarded yet
        await pilot.pause()
        assert len(state.hands[0]) == 8
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(state.hands[0]) == 7)
        await pilot.press("1", "enter")
        await wait_until(pilot, lambda: len(state.hands[0]) == 6)

        def bot_moves():
            return sum(1 for entry in screen.match.record.log if entry.seat == 1)

        before = bot_moves()
        await pilot.press("e")
        await wait_until(pilot, lambda: bot_moves() > before)
        lines = screen.match.log_lines()
        for text in (
            "Ann draws from the deck",
            "Ann adds 4✂S",
            "Ann plays the triple",
            "Ann draws 3 cards",
            "Ann discards",
        ):
            assert any(text in line for line in lines), text


async def test_runway_a_wrong_card_is_refused_with_the_card_the_run_needs():
    from cardtable.cards import Direction
    from cardtable.games.runway.state import Phase, RunCard
    from tests.cards_text import pcard, pcards

    app = runway_app("Ann,bot", 2)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        state = screen.match.state
        state.phase = Phase.BUILD
        state.hands[0] = pcards("5P 9R")
        state.runs[0] = [RunCard(card=pcard("7P"), rank=7)]
        state.directions[0] = Direction.DOWN
        screen.redraw()
        screen.table.cursor = screen.table.hand.index(pcard("5P"))
        await pilot.press("enter")
        await wait_until(pilot, lambda: "needs the 6" in status(app))
        assert "The 5 of Paper does not follow the 7 of Paper going DOWN" in status(app)
        assert len(state.runs[0]) == 1


async def test_runway_look_at_a_hand_shows_it_only_to_the_player_who_looks():
    from cardtable.games.runway.state import Phase
    from cardtable.ui.screens.move_menu import MoveMenu
    from tests.cards_text import pcards

    app = runway_app("Ann,Bob", 2)
    async with app.run_test(size=(80, 24)) as pilot:
        await reveal_hand(pilot, app)
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        state = screen.match.state
        me = state.active
        other = 1 - me
        state.phase = Phase.BUILD
        state.actions = 1
        state.hands[other] = pcards("AS KS")
        screen.redraw()
        assert "A✂S" not in str(screen.query_one("#rw-extra").render())
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, MoveMenu))
        menu = app.screen
        labels = [label for label, _ in menu.choices]
        menu.query_one(OptionList).highlighted = next(
            i for i, label in enumerate(labels) if label.startswith("Action: look at")
        )
        await pilot.press("enter")
        await wait_until(pilot, lambda: state.phase is Phase.LOOKING)
        assert "A✂S" in str(screen.query_one("#rw-extra").render())
        await pilot.press("e")
        await wait_until(pilot, lambda: state.phase is Phase.BUILD)
        assert "A✂S" not in str(screen.query_one("#rw-extra").render())


async def test_runway_points_a_won_game_shows_its_summary_then_the_next_deal():
    from cardtable.cards import Direction
    from cardtable.games.runway.state import Phase, Points, RunCard
    from cardtable.ui.screens.game_summary import GameSummaryScreen
    from tests.cards_text import pcards

    app = CardTableApp(Launch(command="play", game="runway", seats="Ann,bot", seed=2, delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        state = screen.match.state
        state.options.points = Points.TO_500
        state.phase = Phase.BUILD
        state.runs[0] = [RunCard(card=c, rank=c.rank) for c in pcards("1R 2R 3R 4R 5R 6R")]
        state.directions[0] = Direction.UP
        screen.redraw()
        await pilot.press("e")
        await wait_until(pilot, lambda: isinstance(app.screen, GameSummaryScreen))
        text = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "Ann won game 1" in text and "Place" not in text
        assert state.game_number == 2 and not state.over
        await steadied(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))


async def runway_bin_menu(pilot, app):
    """Ann taking from a bin of four cards, its menu open (b): her table's screen."""
    from cardtable.games.runway.state import Phase
    from cardtable.ui.screens.move_menu import MoveMenu
    from tests.cards_text import pcards

    await wait_until(pilot, lambda: my_turn(app))
    screen = app.screen
    state = screen.match.state
    state.phase = Phase.TAKING
    state.bin = pcards("9S KpP 2R 5P")
    screen.redraw()
    await pilot.press("b")
    await wait_until(pilot, lambda: isinstance(app.screen, MoveMenu))
    return screen


async def test_runway_the_bin_menu_lists_cards_in_hand_order():
    app = runway_app("Ann,bot", 2)
    async with app.run_test(size=(80, 24)) as pilot:
        await runway_bin_menu(pilot, app)
        labels = [label for label, _ in app.screen.choices]
        assert labels == [  # "done" first: a full bin never scrolls it out of view
            "Done taking from the bin",
            "Take 2●R from the bin",
            "Take 5■P from the bin",
            "Take 9✂S from the bin",
            "Take ★■P from the bin",
        ]


async def test_a_drawn_game_says_the_win_is_shared_not_won(monkeypatch):
    app = piles_app("bot,bot,bot,bot", 9)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        match = app.screen.match
        game = match.game
        real = game.outcome(match.state)
        drawn = real.model_copy(update={"winners": [0, 1, 2, 3], "team_scores": [27, 27]})
        monkeypatch.setattr(type(game), "outcome", lambda self, state: drawn)
        app.show_results(match)
        await wait_until(pilot, lambda: on_results(app))
        text = str(app.screen.query_one("#results-winners").render())
        assert text.startswith("Shared between") and "Well played!" in text
        console = Console(width=80, record=True, file=io.StringIO())
        console.print(app.screen.query_one("#results-table", Static).content)
        rows = console.export_text()
        assert rows.count("★ shared") == 2 and "★ winner" not in rows


async def test_a_click_beside_the_move_menu_goes_back_without_a_move_and_one_inside_does_not():
    from cardtable.games.runway.state import Phase
    from cardtable.ui.screens.move_menu import MoveMenu

    app = runway_app("Ann,bot", 2)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await runway_bin_menu(pilot, app)
        state = screen.match.state
        moves = len(screen.match.record.log)
        await pilot.click("#move-menu-title")
        await pilot.pause()
        assert isinstance(app.screen, MoveMenu)
        await pilot.click(offset=(1, 1))  # the table's corner, beside the menu
        await wait_until(pilot, lambda: app.screen is screen)
        assert len(screen.match.record.log) == moves and state.phase is Phase.TAKING
