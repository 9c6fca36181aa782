"""The Piles table's keys as a person meets them: nothing placed or passed unasked."""

from __future__ import annotations

from cardtable.games.piles import Pass
from cardtable.games.piles.castle import pile_index
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.results import ResultsScreen
from tests.cards_text import card, cards
from tests.pilot_steps import my_turn, status, wait_until
from tests.test_piles_rules import ALL_RED, MIXED, position

SIZE = (80, 24)


async def table_at(pilot, app, state=None):
    """Wait for Ann's turn; then, if given, put this hand-built position on the table."""
    await wait_until(pilot, lambda: my_turn(app))
    screen = app.screen
    if state is not None:
        screen.match.state = state
        screen.redraw()
        await pilot.pause()
    return screen


def piles_app(seats="Ann,bot,bot,bot", seed=3) -> CardTableApp:
    return CardTableApp(Launch(command="play", game="piles", seats=seats, seed=seed, delay=0))


async def test_a_number_key_then_enter_places_nothing_until_a_pile_is_chosen():
    # Issue 9.2: "2" then Enter placed the card on A1, a pile nobody chose.
    app = piles_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_at(pilot, app, position(ALL_RED, ["2H 9C 3S", "3C", "4C", "5C"]))
        state = screen.match.state
        before = state.model_dump_json()
        await pilot.press("1")  # the 3♠ (the hand is shown sorted: 3♠ 9♣ 2♥)
        assert screen.table.cursor == 0 and screen.table.selected is None
        await pilot.press("3", "enter")  # the 2♥: the first Enter lights its piles
        assert state.model_dump_json() == before
        assert "2♥ may go on A1, B1" in status(app)
        lit = [p for p in range(12) if screen.table.pile_cells[p].has_class("target")]
        assert len(lit) == 12 and not any(c.has_class("cursor") for c in screen.table.pile_cells)
        await pilot.press("enter")  # no pile chosen yet
        assert state.model_dump_json() == before
        assert "Choose a pile first" in status(app)
        await pilot.press("right", "right", "enter")  # the first lit pile, then one along
        await pilot.pause()
        assert state.castle[pile_index("B1")][-1] == card("2H")
        assert card("2H") not in state.hands[0]


async def test_p_asks_before_it_passes_and_says_what_will_happen():
    # Issue 9.4: one key gave a card away at once.
    app = piles_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_at(pilot, app, position(MIXED, ["AH 2H 3S", "3C", "4C", "5C"]))
        state = screen.match.state
        names = screen.match.names
        before = state.model_dump_json()
        await pilot.press("p")
        asked = status(app)
        assert state.model_dump_json() == before
        assert f"{names[1]} takes one of your 3 cards at random" in asked
        assert "scores for the Blacks if it is red (2 of yours are)" in asked
        assert "Press p again to pass" in asked
        await pilot.press("escape")  # changed her mind
        await pilot.press("p")
        assert state.model_dump_json() == before
        await pilot.press("p")
        await pilot.pause()
        assert len(state.hands[0]) == 2 and len(state.captured[1]) == 1


async def test_a_pass_hint_is_followed_by_the_one_key_it_names():
    app = piles_app()
    async with app.run_test(size=SIZE) as pilot:
        nothing_fits = position(
            "8H 9H 10H JH  QH KH 8D 9D  10D JD QD KD", ["AS 2S", "3C", "4C", "5C"]
        )
        screen = await table_at(pilot, app, nothing_fits)
        await pilot.press("h")
        assert status(app).endswith("Press p.")
        assert screen.table.hinted == Pass()
        await pilot.press("p")
        await pilot.pause()
        assert screen.match.record.log[-1].move == {"kind": "pass"}


async def test_the_hand_is_sorted_and_esc_takes_back_the_prompt_with_the_card():
    # Issue 9.10: the Piles hand was shown as dealt, and "... may go on ... Esc: back" stayed.
    app = piles_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_at(pilot, app, position(ALL_RED, ["KH 2S AD 5C 3H", "3C", "4C", "5C"]))
        assert screen.table.hand == cards("2S 5C 3H KH AD")
        await pilot.press("4", "enter")
        assert "K♥ may go on" in status(app)
        await pilot.press("escape")
        assert screen.table.selected is None
        assert "may go on" not in status(app) and "Choose a card" in status(app)


async def test_the_results_show_where_each_teams_points_came_from():
    app = piles_app()
    async with app.run_test(size=SIZE) as pilot:
        last_cards = position(MIXED, ["2H", "3C", "4C", "5C"], captured=("AS", ""))
        await table_at(pilot, app, last_cards)
        await pilot.press("h", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        await pilot.pause()
        shown = str(app.screen.query_one("#results-summary").render())
        assert "Reds " in shown and "pass cards 9." in shown
        assert "Blacks " in shown and "piles " in shown


async def test_choosing_a_pile_with_the_arrows_says_what_enter_will_do():
    app = piles_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        await pilot.press("1", "enter", "enter")
        assert "Choose a pile first" in status(app)
        await pilot.press("right")
        table = app.screen.table
        said = status(app)
        card = table.hand[table.selected].short
        assert "Choose a pile first" not in said
        assert said.startswith(f"Enter places {card} on ") or "may not go on" in said
