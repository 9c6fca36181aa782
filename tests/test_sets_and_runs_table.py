"""The Sets and Runs table as a person meets it: a lay-down built by keys (a Joker's place asked
only when it is open), a Joker swapped out of a run, a refused discard with its reason, the
round summary, a buy by claim key, and six seats around the felt at 80x24, 120x40 and 200x60."""

from __future__ import annotations

import io
import re
import time

import pytest
from rich.cells import cell_len
from rich.color import Color
from rich.console import Console
from textual import events

from cardtable.cards import Card
from cardtable.engine import parse_seats
from cardtable.engine.words import plural
from cardtable.games.sets_and_runs.melds import JOKER, make_meld
from cardtable.games.sets_and_runs.rules import open_window
from cardtable.games.sets_and_runs.state import Phase, table_order
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.game_summary import GameSummaryScreen
from cardtable.ui.screens.handoff import HandoffScreen
from cardtable.ui.screens.move_menu import MoveMenu
from cardtable.ui.screens.table import TableScreen
from cardtable.ui.tables.sets_and_runs import SLOT_KEYS, SetsAndRunsTable
from cardtable.ui.widgets import HandCard, MoveLog
from tests.cards_text import card as standard_card
from tests.pilot_steps import FAKE_STEP, let_time_pass, my_turn, status, steadied, wait_until

SIZE = (80, 24)
pytestmark = pytest.mark.usefixtures("fake_clock")


def card(text: str) -> Card:
    """'7H' the 7 of Hearts; 'JK' a Joker."""
    return JOKER if text == "JK" else standard_card(text)


def cards(text: str) -> list[Card]:
    """'7H 7C JK' -> three cards."""
    return [card(part) for part in text.split()]


def table_app(seats: str = "Ann,bot,bot,bot", seed: int = 2, **options) -> CardTableApp:
    """The app, to be opened on a Sets and Runs table with these seats."""
    app = CardTableApp(Launch(command="menu", delay=0))
    app.snr_start = (seats, seed, options)  # type: ignore[attr-defined]
    return app


async def open_table(pilot, app) -> TableScreen:
    """Start the game and wait until the table is drawn for the person (any seat's turn)."""
    seats, seed, options = app.snr_start
    app.start_game("sets-and-runs", parse_seats(seats), seed, options or None)
    # Up to about 12 s, so a loaded machine is not taken for a table that never comes.
    for _ in range(600):
        if isinstance(app.screen, HandoffScreen) and app.screen.ready:
            await pilot.press("y")
        screen = app.screen
        if my_turn(app) and screen.table.view is not None:
            await pilot.pause()
            return screen
        await let_time_pass(pilot, 0.02)
    raise AssertionError("the table never came")


def anns_turn(
    screen, hand: str, round_: int = 1, melds=(), laid_down: bool = False, others: int = 11
):
    """Seat 0 (Ann) to play in round `round_`, having drawn: this hand; `melds` are (owner,
    cards, run) on the table; every other seat holds `others` cards."""
    state = screen.match.state
    table_cards = [c for owner, text, run in melds for c in cards(text)]
    new_hand = cards(hand)
    # Keep the 108 cards whole: what goes to Ann's hand and the table comes out of the others.
    pool = state.stock + [c for seat in range(1, state.seats) for c in state.hands[seat]]
    pool += state.hands[0] + [c for m in state.melds for c in m.cards] + state.discards
    for c in new_hand + table_cards:
        pool.remove(c)
    state.round = round_
    state.turn = 0
    state.phase = Phase.PLAY
    state.window = None
    state.hands[0] = new_hand
    state.pending = []
    state.melds = [make_meld(owner, cards(text), run) for owner, text, run in melds]
    state.laid_down = [laid_down] + [any(m[0] == s for m in melds) for s in range(1, state.seats)]
    for seat in range(1, state.seats):
        state.hands[seat] = [pool.pop() for _ in range(others)]
    state.discards = [pool.pop()]
    state.stock = pool
    screen.viewer = 0
    # Through the runner, so a timer it set for the state before (a buy window's end, a bot's
    # answer) is cancelled rather than firing on this one and redrawing over what a key said.
    screen.runner.step()
    return state


async def mark(pilot, screen, *texts: str) -> None:
    """Mark these cards of Ann's hand with their number keys."""
    table: SetsAndRunsTable = screen.table
    for text in texts:
        wanted = card(text)
        index = next(
            i for i, held in enumerate(table.hand) if held == wanted and i not in table.marked
        )
        await pilot.press(SLOT_KEYS[index - table.first_numbered])


async def within(pilot, condition, seconds: float) -> None:
    """Pause until `condition()` holds, for at most `seconds` of the clock (a busy app makes
    each pause longer than it asks, so a count of pauses could last minutes)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the app never got there"
        await let_time_pass(pilot, FAKE_STEP)


def screen_text(app) -> str:
    """What the terminal shows now, as plain lines."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def plain(widget) -> str:
    """What a widget of the felt draws, as plain lines at its width (scrolled out of sight or
    not)."""
    console = Console(width=max(widget.size.width, 20), file=io.StringIO(), color_system=None)
    with console.capture() as captured:
        console.print(widget.content)
    return captured.get()


def seats_text(screen) -> str:
    """Everything the felt says of the seats: the plates across the top, each player's melds in
    front of her, the bottom seat's line and melds."""
    return "\n".join(
        plain(screen.query_one(name)) for name in ("#seats-across", "#sr-across", "#sr-mine")
    )


def mine_text(screen) -> str:
    """The bottom seat's line and her melds, over her hand."""
    return plain(screen.query_one("#sr-mine"))


def middle_text(screen) -> str:
    """The piles, the contract and how far the hand is from it."""
    return plain(screen.query_one("#sr-middle"))


def strip_of(cards_: str) -> str:
    """A meld as its compact strip shows it: '7H 7C ★7' -> ' 7♥ 7♣ ★7' (a Joker in a meld shows
    what it stands for, so give it as such: '★5♥')."""
    return "".join(
        f" {part if part.startswith('★') else card(part).short}" for part in cards_.split()
    )


async def test_a_lay_down_built_by_keys_meld_by_meld():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = anns_turn(screen, "7H 7C 7D 9S 9H 9D 2C 5S KD", round_=1)
        await mark(pilot, screen, "7H", "7C", "7D")
        assert "marked" in str(screen.query_one("#hand-title").render())
        await pilot.press("e")
        await wait_until(pilot, lambda: len(state.pending) == 1)
        assert "building: set" in seats_text(screen)
        assert "1 more set" in status(app)
        await mark(pilot, screen, "9S", "9H", "9D")
        await pilot.press("e")
        await wait_until(pilot, lambda: state.laid_down[0])
        assert [m.owner for m in state.melds] == [0, 0]
        assert (
            sorted(c.rank for c in state.melds[0].cards + state.melds[1].cards) == [7] * 3 + [9] * 3
        )
        shown = mine_text(screen)  # both sets in front of Ann, over her hand
        for meld in state.melds:
            assert "".join(f" {c.short}" for c in meld.cards) in shown
        assert "building" not in shown
        assert "Laid down" in middle_text(screen)


async def test_a_runs_joker_place_is_asked_only_when_it_is_open():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = anns_turn(screen, "5S 6S 7S JK 4H JK 6H 7H 8C 8D 8H", round_=2)
        await mark(pilot, screen, "4H", "JK", "6H", "7H")  # the Joker can only be the 5♥
        await pilot.press("r")
        await wait_until(pilot, lambda: len(state.pending) == 1)
        assert not isinstance(app.screen, MoveMenu)
        assert "building: set" not in mine_text(screen)
        assert "building: run" + strip_of("4H ★5♥ 6H 7H") in mine_text(screen)
        await mark(pilot, screen, "5S", "6S", "7S", "JK")  # 4♠ or 8♠: asked
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, MoveMenu))
        menu = app.screen
        labels = [label for label, _ in menu.choices]
        assert labels == ["run Jkr(4♠) 5♠ 6♠ 7♠", "run 5♠ 6♠ 7♠ Jkr(8♠)"]
        await pilot.press("escape")  # back without a move: nothing laid
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert len(state.pending) == 1


async def test_a_joker_is_swapped_out_of_a_run_by_pointing_at_it():
    """The seed's example: C plays the 5♠ into 4♠-Joker-6♠-7♠ and takes the Joker."""
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        melds = [(1, "6H 7H 8H 9H", True), (1, "4S JK 6S 7S", True), (0, "2D 3D 4D 5D", True)]
        state = anns_turn(screen, "5S QC", round_=3, melds=melds, laid_down=True)
        assert strip_of("4S ★5♠ 6S 7S") in plain(screen.query_one("#sr-across"))
        # The melds are shown by owner: Ann's run (3) first, then Bot 2's two runs.
        for _ in range(3):
            await pilot.press("down")
        assert screen.table.pointed == 1
        assert "Pointing at meld 2" in status(app)
        await mark(pilot, screen, "5S")
        await pilot.press("w")
        await wait_until(pilot, lambda: JOKER in state.hands[0])
        assert [c.short for c in state.melds[1].cards] == ["4♠", "5♠", "6♠", "7♠"]
        assert state.melds[1].owner == 1


async def test_a_discard_that_fits_a_meld_is_refused_with_its_reason():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        melds = [(0, "6H 7H 8H 9H", True), (0, "KS KC KD", False), (0, "3C 4C 5C 6C", True)]
        state = anns_turn(screen, "10H 2D", round_=6, melds=melds, laid_down=True)
        await mark(pilot, screen, "10H")
        await pilot.press("x")
        await wait_until(pilot, lambda: "✗" in status(app))
        assert "10♥ could be played on the table" in status(app)
        assert len(state.hands[0]) == 2
        # p adds it to the one meld it fits (none pointed at): the high end of the run.
        await pilot.press("p")
        await wait_until(pilot, lambda: len(state.hands[0]) == 1)
        assert state.melds[0].cards[-1] == card("10H")


async def test_several_marked_cards_go_onto_the_pointed_run_in_an_order_that_fits():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        melds = [(0, "6H 7H 8H 9H", True), (0, "KS KC KD", False), (0, "3C 4C 5C 6C", True)]
        state = anns_turn(screen, "JH 10H 5H 2D", round_=6, melds=melds, laid_down=True)
        await pilot.press("down")
        assert screen.table.pointed == 0
        await mark(pilot, screen, "JH", "10H", "5H")
        await pilot.press("p")
        await wait_until(pilot, lambda: len(state.hands[0]) == 1)
        assert [c.rank for c in state.melds[0].cards] == [5, 6, 7, 8, 9, 10, 11]


async def test_the_round_summary_shows_cards_left_points_and_totals():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        melds = [(0, "7H 7C 7D", False), (0, "9S 9H 9D", False)]
        state = anns_turn(screen, "2C", round_=1, melds=melds, laid_down=True)
        left = [len(h) for h in state.hands]
        await mark(pilot, screen, "2C")
        await pilot.press("x")
        await wait_until(pilot, lambda: isinstance(app.screen, GameSummaryScreen))
        summary = app.screen
        rows = [[str(cell) for cell in row.cells] for row in summary.summary.rows]
        assert [row[1] for row in rows] == [str(n) for n in [0, *left[1:]]]  # cards left
        text = str(summary.query_one("#results-winners").render())
        assert "Round 1 of 7, Two Sets: Ann went out." in text
        shown = screen_text(app)
        assert "Cards left" in shown and "Points" in shown and "Total" in shown
        assert rows[0][:3] == ["Ann", "0", "+0"] and rows[0][3].startswith("0")  # points, total
        assert "Next round" in shown  # the footer's word for Enter
        await pilot.press("escape")  # only Enter deals the next round
        await pilot.pause()
        assert app.screen is summary
        await steadied(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert state.round == 2


async def test_hint_on_a_lay_down_marks_its_cards_and_enter_lays_it_down_meld_by_meld():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = anns_turn(screen, "7H 7C 7D 9S 9H 9D 2C 5S KD", round_=1)
        table = screen.table
        first = next(m for m in table.legal if m.kind == "meld")
        table.hinted = first
        said = table.suggest(first)
        assert said.startswith("Enter lays it down; Enter again lays the rest")
        marked = sorted(table.hand[i].short for i in table.marked)
        assert marked == sorted(c.short for c in first.cards)
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(state.pending) == 1)
        await wait_until(pilot, lambda: "Next: lay down the set" in status(app))
        await pilot.press("enter")
        await wait_until(pilot, lambda: state.laid_down[0])
        assert len(state.melds) == 2


async def test_marking_a_card_of_her_own_withdraws_the_hint_and_enter_uses_her_marks():
    """The hint marked the 7s; she marks a 9 as well: 'Enter lays it down' no longer says
    what Enter does, so the line of what she can do comes back, and Enter works on her marks
    (four cards that are no set: refused, nothing laid)."""
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = anns_turn(screen, "7H 7C 7D 9S 9H 9D 2C 5S KD", round_=1)
        table = screen.table
        await pilot.press("h")
        await wait_until(pilot, lambda: "Enter lays it down" in status(app))
        hinted = {table.hand[i] for i in table.marked}
        other = next(i for i, c in enumerate(table.hand) if c not in hinted)
        table.cursor = other
        await pilot.press("space")
        await pilot.pause()
        assert table.hinted is None and not table.plan
        assert "Enter lays it down" not in status(app)
        await pilot.press("enter")
        await pilot.pause()
        assert not state.pending and not state.laid_down[0]


async def test_the_hint_lays_down_two_sets_of_one_rank_meld_by_meld():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = anns_turn(screen, "KC KC KD KD KH KH 2C 5S", round_=1)
        await pilot.press("h")
        await wait_until(pilot, lambda: "Enter again lays the rest (1 more meld)" in status(app))
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(state.pending) == 1)
        await wait_until(pilot, lambda: "Next: lay down the set" in status(app))
        await pilot.press("enter")
        await wait_until(pilot, lambda: state.laid_down[0])
        assert [sorted(c.short for c in m.cards) for m in state.melds] == [["K♣", "K♥", "K♦"]] * 2


async def test_a_buy_by_claim_key_gives_the_discard_and_the_stock_top():
    """Ann, the nearest buyer, presses her claim key while the card is up; the next player
    draws, so Ann gets the discard and the stock's top card (the seed's example: 11 + 2 = 13
    cards) and has two buys left."""
    app = table_app("Ann,bot,bot,bot", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        screen.table.LANDED_SECONDS = 30  # long enough for a loaded machine to look at it
        state = screen.match.state

        def anns_buy_window() -> bool:
            window = screen.game.claim_window(screen.match.state)
            return window is not None and window.open_to[:1] == [0]

        await within(pilot, anns_buy_window, seconds=30)
        up = state.discards[-1]
        held = len(state.hands[0])
        key = screen.claim_keys[0]
        assert f"[{key}]" in seats_text(screen)
        await pilot.press(key)
        await within(pilot, lambda: state.buys_left[0] == 2, seconds=10)
        assert up in state.hands[0]
        assert len(state.hands[0]) == held + 2
        await pilot.pause()
        assert "bought" in mine_text(screen), "her buy is lit a moment at her place"


SIX_SEATS = [
    ["AS 2S 3S 4S", "5H 6H 7H 8H", "9D 10D JD QD"],
    ["5H JK JK 8H 9H 10H JH QH", "2C 3C 4C 5C", "10S JS QS KS"],
    ["6C 7C 8C 9C", "AD 2D 3D 4D", "JH QH KH AH"],
    ["5S 6S 7S 8S", "2H 3H 4H JK", "5D 6D 7D 8D"],
    ["9S 10S JS QS", "10C JC QC KC", "6D 7D 8D 9D"],
    ["AC 2C 3C 4C", "3S 4S 5S 6S", "10D JD QD KD"],
]
"""Round 7 (Three Runs) with everyone laid down: eighteen runs, one long with two Jokers."""


def six_seats(screen) -> None:
    """Six seats at round 7, every one laid down, Ann to play."""
    melds = [(seat, run, True) for seat, runs in enumerate(SIX_SEATS) for run in runs]
    anns_turn(screen, "7C KH 4H 5D", round_=7, melds=melds, laid_down=True, others=3)
    screen.query_one(MoveLog).show_lines(
        ["Bot 6 discards the 6♥.", "Ann draws from the stock."]  # the same log every time
    )


LONG_SEATS = [
    SIX_SEATS[0],
    SIX_SEATS[1],
    ["5C 6C 7C 8C 9C 10C JC QC", "AD 2D 3D 4D", "10H JH QH KH AH"],
    *SIX_SEATS[3:],
]
"""The six seats with Bot 3's runs grown long: more than 80x24 has room for."""


def regions_fit(screen) -> None:
    """The felt's parts lie inside the screen, one under the other, all above the log and the
    hand."""
    parts = ["#seats-across", "#sr-others", "#sr-middle", "#sr-mine"]
    regions = [screen.query_one(name).region for name in parts]
    for region in regions:
        assert region.height > 0 and region.x >= 0 and region.right <= screen.size.width
    for upper, lower in zip(regions, regions[1:], strict=False):
        assert upper.bottom <= lower.y
    assert regions[-1].bottom <= screen.query_one("#log").region.y
    assert screen.query_one("#log").region.bottom <= screen.query_one("#hand-title").region.y


async def test_six_seats_at_80x24_show_every_name_count_and_meld():
    app = table_app("Ann,bot,bot,bot,bot,bot", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        six_seats(screen)
        await pilot.pause()
        await pilot.pause()
        shown = screen_text(app)
        for seat, name in enumerate(screen.match.names):
            assert f"[{screen.claim_keys[seat]}] {name}" in shown
        assert shown.count("3 cards") == 5, "each other player's count beside her backs"
        assert shown.count("3 buys left") == 6 and shown.count("total 0") == 6
        across = [line for line in shown.splitlines()]
        for runs in SIX_SEATS:
            for run in runs:
                for c in run.split():
                    if c != "JK":
                        assert any(card(c).short in line for line in across)
        assert "★6♥ ★7♥" in shown, "the Jokers show what they stand for"
        assert "Stock 12" in shown and "Discard 1" in shown
        assert "Round 7 of 7: Three Runs" in shown
        regions_fit(screen)
        scroll = screen.query_one("#sr-others")
        assert scroll.max_scroll_y == 0, "the busiest table of the game fits without scrolling"


async def test_melds_that_outgrow_80x24_scroll_to_the_one_pointed_at():
    app = table_app("Ann,bot,bot,bot,bot,bot", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        melds = [(seat, run, True) for seat, runs in enumerate(LONG_SEATS) for run in runs]
        anns_turn(screen, "7C KH 4H 5D", round_=7, melds=melds, laid_down=True, others=3)
        await pilot.pause()
        await pilot.pause()
        regions_fit(screen)
        scroll = screen.query_one("#sr-others")
        lines = plain(screen.query_one("#sr-across")).rstrip("\n").count("\n") + 1
        assert scroll.virtual_size.height >= lines, "every line of the melds is there to scroll"
        assert scroll.max_scroll_y > 0 and scroll.show_vertical_scrollbar
        assert "A♥" not in screen_text(app), "the end of Bot 3's last run is out of sight"
        for _ in range(9):  # Ann's three runs, Bot 2's three, then Bot 3's: the last is 9
            await pilot.press("down")
        await pilot.pause()
        assert screen.table.pointed == 8
        assert scroll.scroll_y > 0
        shown = screen_text(app)
        assert "▸10♥ J♥ Q♥" in shown and "A♥" in shown, "pointed at, it scrolls into sight"


def busiest(size):
    """The six seats' table at `size`, drawn with no motion (the same picture every time)."""

    async def crowd(pilot):
        screen = await open_table(pilot, pilot.app)
        six_seats(screen)
        await pilot.pause()
        await pilot.pause()

    app = table_app("Ann,bot,bot,bot,bot,bot", seed=3)
    app.animation_level = "none"
    return app, crowd


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
def test_six_seats_snapshot(snap_compare, size):
    app, crowd = busiest(size)
    assert snap_compare(app, terminal_size=size, run_before=crowd)


async def test_at_200x60_the_seats_spread_across_and_the_cards_grow():
    app = table_app("Ann,bot,bot,bot,bot,bot", seed=3)
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await open_table(pilot, app)
        six_seats(screen)
        await pilot.pause()
        await pilot.pause()
        lines = screen_text(app).splitlines()
        name_line = next(line for line in lines if "Bot 2" in line)
        places = [name_line.index(f"Bot {n}") for n in range(2, 7)]
        assert places[0] < 40 and places[-1] > 160, "the five others spread across the felt"
        bot6 = places[-1] - 20
        assert any("│10♦" in line[bot6:] for line in lines), "Bot 6's runs as cards before her"
        stock_line = next(line for line in lines if "Stock 12" in line)
        assert stock_line.index("Stock 12") > 60, "the piles lie in the middle, not the left"
        assert screen.query_one("#sr-middle").region.height >= 8
        regions_fit(screen)
        assert screen.query_one("#sr-others").max_scroll_y == 0


@pytest.mark.parametrize("seats", ["Ann,bot,bot", "Ann,bot,bot,bot,bot,bot"])
async def test_the_table_names_every_seat_with_its_claim_key(seats):
    app = table_app(seats)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        await pilot.pause()
        text = screen_text(app)
        for seat, name in enumerate(screen.match.names):
            assert f"[{screen.claim_keys[seat]}] {name}" in text


async def test_the_info_lines_say_how_far_the_hand_is_and_who_floats():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = anns_turn(screen, "7H 7C 2D 9S 9H 5C 2C 5S KD", round_=1)
        info = lambda: middle_text(screen)  # noqa: E731
        assert "about 2 cards short of the contract" in info()
        state = anns_turn(screen, "7H 7C 7D 9S 9H 5C 2C 5S KD", round_=1)
        assert "about 1 card short" in info()
        state = anns_turn(screen, "7H 7C 7D 9S 9H JK 2C 5S KD", round_=1)
        assert "You hold the contract" in info()
        state.floating[2] = True
        screen.redraw()
        await pilot.pause()
        lines = plain(screen.query_one("#seats-across")).splitlines()
        # Bot 3 sits across from Ann, in the middle of the three places.
        name = lines[0].index("Bot 3")
        floats = next(line for line in lines if "floating" in line)
        assert abs(floats.index("floating") - name) < 8
        assert sum("floating" in line for line in lines) == 1


async def test_a_joker_added_to_a_run_open_at_both_ends_asks_which_end():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        melds = [(0, "5H 6H 7H 8H", True), (0, "KS KC KD", False)]
        state = anns_turn(screen, "JK 2C", round_=2, melds=melds, laid_down=True)
        await pilot.press("down")
        await mark(pilot, screen, "JK")
        await pilot.press("p")
        await wait_until(pilot, lambda: isinstance(app.screen, MoveMenu))
        labels = [label for label, _ in app.screen.choices]
        assert labels == [
            "meld 1 becomes Jkr(4♥) 5♥ 6♥ 7♥ 8♥",
            "meld 1 becomes 5♥ 6♥ 7♥ 8♥ Jkr(9♥)",
        ]
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: len(state.hands[0]) == 1)
        assert state.melds[0].text() == "5♥ 6♥ 7♥ 8♥ Jkr(9♥)"


FULL_HAND = "AS 3S 5H JK 7C 7D 9S 9H 10H JK QC KD 2C 4D 8S 6H 5C JD"
"""Eighteen cards, two of them Jokers: the deal, a draw and three buys (the most a hand holds)."""

TABLE_MELDS = [(1, "6H 7H 8H 9H", True), (1, "4S JK 6S 7S", True), (2, "KS KC KD", False)]


def cards_shown(app, screen) -> list[str]:
    """The faces of the hand's cards that can be seen on the screen, in order: a card counts
    only where the screen shows it (nothing covers it) above the status line."""
    status_top = app.screen.query_one("#status").region.y
    shown = []
    for cell in screen.query(HandCard):
        region = cell.region
        if not cell.display or not region.area or region.bottom > status_top:
            continue
        middle = region.center
        if app.screen.get_widget_at(*middle)[0] is cell:
            corner = str(cell.render()).splitlines()[1]  # under the top edge, after the side
            shown.append(corner.strip(" │┃║"))
    return shown


@pytest.mark.parametrize(
    ("size", "seats"),
    [
        ((80, 24), "Ann,bot,bot,bot,bot,bot"),
        ((100, 30), "Ann,bot,bot,bot"),
        ((200, 60), "Ann,bot,bot,bot"),
    ],
)
async def test_every_card_of_a_full_hand_is_shown_jokers_too(size, seats):
    app = table_app(seats, seed=3)
    async with app.run_test(size=size) as pilot:
        screen = await open_table(pilot, app)
        anns_turn(screen, FULL_HAND, round_=3, melds=TABLE_MELDS)
        await pilot.pause()
        hand = screen.table.hand
        assert len(hand) == 18 and hand.count(JOKER) == 2
        assert cards_shown(app, screen) == [c.short for c in hand]


async def test_a_card_past_the_eleventh_is_marked_by_its_number_or_a_click():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        anns_turn(screen, FULL_HAND, round_=3, melds=TABLE_MELDS)
        await pilot.pause()
        table: SetsAndRunsTable = screen.table
        title = str(screen.query_one("#hand-title").render())
        assert "space or a number (←→ moves them) marks a card" in title
        for _ in range(14):
            await pilot.press("right")
        cell = screen.query_one("#hand-14", HandCard)
        top_edge = str(cell.render()).splitlines()[0]
        assert "-" in top_edge, "the numbers follow the cursor past the eleventh card"
        await pilot.press("minus")
        assert table.marked == {14}
        await pilot.click(screen.query_one("#hand-17", HandCard))
        assert table.marked == {14, 17}


async def test_a_marked_card_shows_its_mark_by_a_sign_even_under_the_cursor():
    """A mark is a double edge and a ✓ by the card's key; under the cursor's heavy edge the ✓
    still says it is marked (no colour needed)."""
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        anns_turn(screen, FULL_HAND, round_=3, melds=TABLE_MELDS)
        await pilot.pause()
        table: SetsAndRunsTable = screen.table
        await pilot.press("space")
        assert table.marked == {table.cursor}

        def top_edge(slot: int) -> str:
            return str(screen.query_one(f"#hand-{slot}", HandCard).render()).splitlines()[0]

        assert "1✓" in top_edge(0) and "┏" in top_edge(0), "under the cursor, still marked"
        await pilot.press("right")
        assert "1✓" in top_edge(0) and "╔" in top_edge(0)
        assert "✓" not in top_edge(1)


async def test_each_plate_says_her_cards_buys_left_and_total_in_words():
    app = table_app("Ann,bot,bot,bot,bot,bot", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = anns_turn(screen, FULL_HAND, round_=3, melds=TABLE_MELDS, others=11)
        state.totals[1] = 125
        state.buys_left[4] = 1
        state.buys_left[5] = 0
        screen.redraw()
        await pilot.pause()
        await pilot.pause()
        shown = screen_text(app)
        assert shown.count("11 cards") == 5, "no count cut at the narrowest plates"
        assert "total 125" in shown
        assert "1 buy left" in shown and "0 buys left" in shown
        regions_fit(screen)


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_each_plate_shows_the_cards_she_was_seen_to_take_as_many_as_fit(size):
    app = table_app("Ann,bot,bot,bot,bot,bot", seed=3)
    async with app.run_test(size=size) as pilot:
        screen = await open_table(pilot, app)
        state = anns_turn(screen, FULL_HAND, round_=3, melds=TABLE_MELDS, others=11)
        state.taken = [[] for _ in range(state.seats)]
        state.taken[2] = state.hands[2][:1]
        state.taken[4] = state.hands[4][:6]
        screen.redraw()
        await pilot.pause()
        await pilot.pause()
        shown = seats_text(screen)
        places = [re.split(r"\s{3,}", part)[0].split() for part in shown.split("took")[1:]]
        assert len(places) == 2, "nothing for a player seen to take nothing"
        assert places[0] == [state.taken[2][0].short], "a single card she took, named"
        six = [c.short for c in sorted(state.taken[4], key=table_order)]  # as her hand shows
        named = [word for word in places[1] if not word.startswith("+")]
        more = int(places[1][-1][1:]) if places[1][-1].startswith("+") else 0
        assert named == six[: len(named)] and len(named) + more == 6, "counted, not cut"
        if size == (200, 60):
            assert more == 0, "a wide plate names them all"
        regions_fit(screen)


def lit_text(widget, colour: str) -> str:
    """The characters a widget of the felt draws lit in `colour` (their edge or their face)."""
    console = Console(width=max(widget.size.width, 20), file=io.StringIO())
    wanted = Color.parse(colour).triplet
    lit = []
    for segment in console.render(widget.content):
        style = segment.style
        if style is None:
            continue
        inks = [ink.triplet for ink in (style.color, style.bgcolor) if ink is not None]
        if wanted in inks:
            lit.append(segment.text)
    return "".join(lit)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_card_added_to_a_meld_is_lit_where_it_lands_for_a_moment(size):
    app = table_app()
    async with app.run_test(size=size) as pilot:
        screen = await open_table(pilot, app)
        table: SetsAndRunsTable = screen.table
        table.LANDED_SECONDS = 30  # long enough for a loaded machine to look at it
        melds = [(0, "6H 7H 8H 9H", True), (0, "KS KC KD", False), (0, "3C 4C 5C 6C", True)]
        state = anns_turn(screen, "10H 2D", round_=6, melds=melds, laid_down=True)
        await pilot.pause()
        colour = app.theme_variables["landed"]
        mine = screen.query_one("#sr-mine")
        assert not lit_text(mine, colour), "nothing lit before anything lands"
        await mark(pilot, screen, "10H")
        await pilot.press("p")
        await wait_until(pilot, lambda: len(state.hands[0]) == 1)
        await pilot.pause()
        assert table.landed(("meld", 0))
        lit = lit_text(mine, colour)
        if size == SIZE:  # compact cards: the new card's face lit
            assert "10♥" in lit and "9♥" not in lit and "K♠" not in lit, "the new card alone"
        else:  # cards drawn whole: the edge of the new card, the last of its run, lit
            assert lit.count("┏") == 1 and "┗━━━━━┛" in lit, "one whole card's edge lit"
        table.lit.clear()
        table.redraw()
        await pilot.pause()
        assert not lit_text(mine, colour), "the light goes out"


async def test_with_animations_off_nothing_is_lit():
    app = table_app()
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        table: SetsAndRunsTable = screen.table
        melds = [(0, "6H 7H 8H 9H", True), (0, "KS KC KD", False), (0, "3C 4C 5C 6C", True)]
        state = anns_turn(screen, "10H 2D", round_=6, melds=melds, laid_down=True)
        await mark(pilot, screen, "10H")
        await pilot.press("p")
        await wait_until(pilot, lambda: len(state.hands[0]) == 1)
        await pilot.pause()
        assert state.melds[0].cards[-1] == card("10H")
        assert not table.lit and not table.landed(("meld", 0))
        assert not lit_text(screen.query_one("#sr-mine"), app.theme_variables["landed"])


async def test_a_discard_lands_lit_on_the_pile():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        table: SetsAndRunsTable = screen.table
        table.LANDED_SECONDS = 30
        melds = [(0, "6H 7H 8H 9H", True), (0, "KS KC KD", False)]
        state = anns_turn(screen, "2D 5S 4C", round_=1, melds=melds, laid_down=True)
        await mark(pilot, screen, "5S")
        await pilot.press("x")
        await wait_until(pilot, lambda: state.discards[-1] == card("5S"))
        await pilot.pause()
        assert table.landed(("discard",))
        assert "5♠" in lit_text(screen.query_one("#sr-middle"), app.theme_variables["landed"])


async def test_a_hint_to_take_the_discard_reads_as_sentences():
    """The planner's reason ends 'take it' with no full stop; the hint line ends it before
    the key: '... take it. Press t.'."""
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = anns_turn(screen, "7H 7C 9S 9H 9D 2C 5S KD 3D 4C JS", round_=1)
        wanted = card("7D")
        holder = next(h for h in [state.stock, *state.hands[1:]] if wanted in h)
        holder[holder.index(wanted)] = state.discards[-1]
        state.discards[-1] = wanted
        open_window(state, 0, state.seats - 1)
        screen.redraw()
        await pilot.pause()
        await pilot.press("h")
        await wait_until(pilot, lambda: "Hint:" in status(app))
        line = status(app)
        assert line.startswith("Hint: take the discard. With the 7♦ you hold Two Sets")
        assert line.endswith("take it. Press t.")


async def name_row_places(name: str) -> tuple[str, dict[str, int]]:
    """The plates' name row at 80x24 with six seats, `name` in seat 2; with the cell each other
    player's name starts at."""
    app = table_app(f"Ann,{name},bot,bot,bot,bot", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        anns_turn(screen, FULL_HAND, round_=3, melds=TABLE_MELDS, others=11)
        await pilot.pause()
        await pilot.pause()
        row = next(line for line in screen_text(app).splitlines() if "[f] Bot 3" in line)
        assert screen_text(app).count("11 cards") == 5
        names = ["[f] Bot 3", "[g] Bot 4", "[k] Bot 5", "[l] Bot 6"]
        return row, {n: cell_len(row[: row.index(n)]) for n in names}


async def test_a_wide_name_is_cut_by_cells_and_keeps_the_other_places_where_they_were():
    _, plain_places = await name_row_places("Bob")
    row, places = await name_row_places("李小龍李小龍李小龍")
    assert "[s] 李小龍" in row and "…" in row and cell_len(row) == SIZE[0]
    assert places == plain_places


def burst(app, *keys: str) -> None:
    """Keys arriving at once, as a terminal delivers keys typed fast (none waits for the one
    before it to be handled)."""
    for key in keys:
        char = key if len(key) == 1 else None
        app.post_message(events.Key(key, char))


async def test_numbers_then_a_letter_typed_fast_are_taken_in_order():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = anns_turn(screen, "7H 7C 7D 9S 9H 5C 2C 5S KD", round_=1)
        await pilot.pause()
        hand = screen.table.hand
        keys = [SLOT_KEYS[hand.index(card(text))] for text in ("7H", "7C", "7D")]
        burst(app, *keys, "e")
        await wait_until(pilot, lambda: len(state.pending) == 1 or "✗" in status(app))
        assert "✗" not in status(app)
        assert sorted(c.short for c in state.pending[0].cards) == ["7♣", "7♥", "7♦"]


async def test_an_arrow_then_a_letter_typed_fast_act_on_the_card_the_arrow_reached():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        melds = [(0, "6H 7H 8H 9H", True), (0, "KS KC KD", False)]
        state = anns_turn(screen, "2D 5S 4C", round_=1, melds=melds, laid_down=True)
        await pilot.pause()
        table: SetsAndRunsTable = screen.table
        table.cursor = 0
        table.draw_hand()
        second = table.hand[1]
        burst(app, "right", "x")
        await wait_until(pilot, lambda: len(state.hands[0]) == 2 or "✗" in status(app))
        assert state.discards[-1] == second


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_spectators_bottom_seat_shows_her_hand_as_backs_with_her_count_and_buys(size):
    app = table_app("Ann,bot,bot", seed=3)
    async with app.run_test(size=size) as pilot:
        screen = await open_table(pilot, app)
        match = screen.match
        screen.table.show(match.game.view(match.state, None), screen.table.names, [], False)
        await pilot.pause()
        mine = mine_text(screen)
        count = plural(len(match.state.hands[0]), "card")
        assert f"[{screen.claim_keys[0]}] Ann" in mine and f" {count}" in mine
        assert "3 buys left" in mine and "total 0" in mine
        assert ("╭" if size[0] > 80 else "▌") in mine  # her hand face down
        assert "Ann's hand" not in screen_text(app)


async def test_pointing_at_a_meld_repaints_without_laying_out_the_screen(monkeypatch):
    # ↑↓ only change which meld's edges are heavy: no size changes, so no layout (a layout of
    # the busy six-seat felt took some 27 ms a key on a projector's screen).
    from textual.screen import Screen

    app = table_app("Ann,bot,bot,bot,bot,bot", seed=3)
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await open_table(pilot, app)
        six_seats(screen)
        await pilot.press("up")
        await pilot.pause()
        layouts = []
        refresh_layout = Screen._refresh_layout
        monkeypatch.setattr(
            Screen,
            "_refresh_layout",
            lambda s, *a, **k: layouts.append(1) or refresh_layout(s, *a, **k),
        )
        pointed = screen.table.pointed
        await pilot.press("up")
        await pilot.pause()
        assert screen.table.pointed != pointed
        assert not layouts


def test_a_compact_meld_that_wraps_marks_its_next_line_as_the_same_meld():
    from cardtable.ui.card_faces import look
    from cardtable.ui.tables.sets_and_runs import CONTINUES, meld_strip

    run = [look(card) for card in cards("5H 6H 7H 8H 9H 10H JH QH")]
    lines = [line.plain for line in meld_strip(run, 16)]
    assert len(lines) > 1 and all(line.startswith(CONTINUES) for line in lines[1:])
    assert not lines[0].startswith(CONTINUES)
