"""The Sets and Runs table as a person meets it: a lay-down built by keys (a Joker's place asked
only when it is open), a Joker swapped out of a run, a refused discard with its reason, the
round summary, a buy by claim key, and six seats at 80x24."""

from __future__ import annotations

import time

import pytest
from rich.cells import cell_len
from rich.text import Text

from cardtable.cards import Card
from cardtable.engine import parse_seats
from cardtable.games.sets_and_runs.melds import JOKER, make_meld
from cardtable.games.sets_and_runs.rules import open_window
from cardtable.games.sets_and_runs.state import Phase
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.game_summary import GameSummaryScreen
from cardtable.ui.screens.handoff import HandoffScreen
from cardtable.ui.screens.move_menu import MoveMenu
from cardtable.ui.screens.table import TableScreen
from cardtable.ui.tables.sets_and_runs import SEAT_COLUMNS, SLOT_KEYS, SetsAndRunsTable, columns
from cardtable.ui.widgets import HandCard, MoveLog
from tests.cards_text import card as standard_card
from tests.pilot_steps import FAKE_STEP, let_time_pass, my_turn, status, wait_until

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
    screen.redraw()
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


def seats_text(screen) -> str:
    return str(screen.query_one("#sr-seats").render())


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
        shown = seats_text(screen)
        assert " 1 set " in shown and " 2 set " in shown
        assert "Laid down" in str(screen.query_one("#sr-info").render())


async def test_a_runs_joker_place_is_asked_only_when_it_is_open():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = anns_turn(screen, "5S 6S 7S JK 4H JK 6H 7H 8C 8D 8H", round_=2)
        await mark(pilot, screen, "4H", "JK", "6H", "7H")  # the Joker can only be the 5♥
        await pilot.press("r")
        await wait_until(pilot, lambda: len(state.pending) == 1)
        assert not isinstance(app.screen, MoveMenu)
        assert "Jkr(5♥)" in seats_text(screen)
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
        assert "Jkr(5♠)" in seats_text(screen)
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


async def test_six_seats_fit_80_by_24_and_the_melds_scroll_rather_than_being_cut():
    app = table_app("Ann,bot,bot,bot,bot,bot", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        six_seats(screen)
        await pilot.pause()
        scroll = screen.query_one("#sr-melds")
        text = seats_text(screen)
        for name in ("Ann", "Bot 2", "Bot 3", "Bot 4", "Bot 5", "Bot 6"):
            assert name in text
        assert "Jkr(6♥) Jkr(7♥)" in text
        lines = text.count("\n") + 1
        assert scroll.virtual_size.height >= lines, "every line of the melds is there to scroll"
        assert scroll.max_scroll_y > 0 and scroll.show_vertical_scrollbar
        assert scroll.region.bottom <= screen.query_one("#hand-title").region.y
        await pilot.press("up")  # from no meld, up points at the last one, and scrolls to it
        await pilot.pause()
        assert screen.table.pointed == 17
        assert scroll.scroll_y > 0


def test_six_seats_at_80x24_snapshot(snap_compare):
    async def crowd(pilot):
        screen = await open_table(pilot, pilot.app)
        six_seats(screen)
        await pilot.pause()

    app = table_app("Ann,bot,bot,bot,bot,bot", seed=3)
    assert snap_compare(app, terminal_size=SIZE, run_before=crowd)


@pytest.mark.parametrize("seats", ["Ann,bot,bot", "Ann,bot,bot,bot,bot,bot"])
async def test_the_table_names_every_seat_with_its_claim_key(seats):
    app = table_app(seats)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        text = seats_text(screen)
        for seat, name in enumerate(screen.match.names):
            assert f"[{screen.claim_keys[seat]}] {name}" in text


async def test_the_info_lines_say_how_far_the_hand_is_and_who_floats():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = anns_turn(screen, "7H 7C 2D 9S 9H 5C 2C 5S KD", round_=1)
        info = lambda: str(screen.query_one("#sr-info").render())  # noqa: E731
        assert "about 2 cards short of the contract" in info()
        state = anns_turn(screen, "7H 7C 7D 9S 9H 5C 2C 5S KD", round_=1)
        assert "about 1 card short" in info()
        state = anns_turn(screen, "7H 7C 7D 9S 9H JK 2C 5S KD", round_=1)
        assert "You hold the contract" in info()
        state.floating[2] = True
        screen.redraw()
        await pilot.pause()
        line = next(x for x in seats_text(screen).splitlines() if "Bot 3" in x)
        assert "floating" in line


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
            shown.append(str(cell.render()).strip())
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
        assert cell.border_title == "-", "the numbers follow the cursor onto the second row"
        await pilot.press("minus")
        assert table.marked == {14}
        await pilot.click(screen.query_one("#hand-17", HandCard))
        assert table.marked == {14, 17}


@pytest.mark.parametrize("name", ["Christopher", "Ann 🎲", "李小龍李小龍"])
def test_the_seats_headings_line_up_with_their_columns(name):
    """Each heading sits over its column, measured in terminal cells (an emoji or a CJK letter
    takes two): names start under Player and the laid-down state under Laid; cards, buys and
    totals end under the end of their heading."""
    header = columns([Text(title) for title, _, _ in SEAT_COLUMNS]).plain
    line = columns(
        [Text("▶"), Text("[a]"), Text(name), Text("18"), Text("3"), Text("floating")]
        + [Text("215")]
    ).plain

    def start(text: str, word: str) -> int:
        return cell_len(text[: text.index(word)])

    def end(text: str, word: str) -> int:
        return start(text, word) + cell_len(word)

    assert cell_len(line) == cell_len(header)
    assert start(line, "[a]") == start(header, "Key")
    assert start(line, name[:2]) == start(header, "Player")
    assert end(line, "18") == end(header, "Cards")
    assert end(line, " 3 ") - 1 == end(header, "Buys")
    assert start(line, "floating") == start(header, "Laid")
    assert end(line, "215") == end(header, "Total")


async def test_the_seats_headings_line_up_on_the_table():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = anns_turn(screen, FULL_HAND, round_=3, melds=TABLE_MELDS)
        state.totals[1] = 125
        screen.redraw()
        await pilot.pause()
        lines = seats_text(screen).splitlines()
        header = lines[0]
        bot = next(x for x in lines if "Bot 2" in x)
        ann = next(x for x in lines if "Ann" in x)
        assert ann.index("Ann") == header.index("Player")
        assert ann.index("18") + 2 == header.index("Cards") + len("Cards")
        assert bot.index("down") == header.index("Laid")
        assert bot.rstrip().endswith("125")
        assert len(bot.rstrip()) == header.index("Total") + len("Total")


@pytest.mark.parametrize(("size", "wider_than"), [((80, 24), 20), ((100, 30), 21), ((200, 60), 50)])
async def test_the_log_column_uses_the_room_there_is(size, wider_than):
    app = table_app()
    async with app.run_test(size=size) as pilot:
        screen = await open_table(pilot, app)
        await pilot.pause()
        log = screen.query_one(MoveLog)
        assert log.size.width > wider_than
        assert screen.query_one("#sr-center").outer_size.width >= 57, "the seats' table still fits"


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
