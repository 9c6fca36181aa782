"""Cards drawn as cards (issue 21): faces at every scale, fans, backs, piles, seats around the
felt, and the hand row every table shares."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.text import Text

from cardtable.cards import Card, PilatchCard, PilatchSuit, RunItCard, RunItColour, RunItKind, Suit
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.card_art import (
    FELT_CARD,
    HAND_CARD,
    HEAVY,
    Scale,
    backs,
    chip,
    face_lines,
    laid,
    pile,
    scale_for,
)
from cardtable.ui.card_faces import joker_label, look
from cardtable.ui.felt import Seat, around, plate
from cardtable.ui.screens.table import TableScreen
from cardtable.ui.widgets import HandCard, MoveLog
from tests.pilot_steps import wait_until

pytestmark = pytest.mark.usefixtures("fake_clock")

TEN_OF_HEARTS = look(Card(rank=10, suit=Suit.HEARTS))


def plain(lines) -> list[str]:
    return [line.plain for line in lines]


@pytest.mark.parametrize("scale", list(Scale))
def test_a_hand_card_is_a_box_of_its_size_with_the_corner_top_left_and_the_key_on_its_edge(
    scale,
):
    size = HAND_CARD[scale]
    lines = plain(face_lines(TEN_OF_HEARTS, size, key="3"))
    assert len(lines) == size.height
    assert all(cell_len(line) == size.width for line in lines)
    assert lines[0].startswith("╭─3─") and lines[-1].startswith("╰")
    assert lines[1] == "│" + "10♥".ljust(size.width - 2) + "│"
    if size.height >= 5:  # room for the pip in the middle and the corner again, bottom right
        assert "♥" in lines[size.height // 2] and lines[-2].rstrip("│").endswith("10♥")


def test_the_cursor_has_a_heavy_edge_that_reads_without_colour():
    lines = plain(face_lines(TEN_OF_HEARTS, HAND_CARD[Scale.COMPACT], edge=HEAVY))
    assert lines[0][0] == "┏" and lines[1][0] == "┃" and lines[2][0] == "┗"


def test_jokers_and_keepers_never_read_as_a_rank():
    keeper = look(PilatchCard(suit=PilatchSuit.ROCK, rank=0))
    assert keeper.corner == "★Keep" and keeper.pip == "★"
    runway_joker = PilatchCard(suit=PilatchSuit.PAPER, rank=0)
    assert look(runway_joker, joker_label(runway_joker, 7)).corner == "★7■P"
    assert look(Card(rank=0)).pip == "★"


def test_a_run_it_card_shows_its_colour_letter_in_the_corner_and_what_it_does_in_the_middle():
    skip = look(RunItCard(kind=RunItKind.SKIP, colour=RunItColour.GREEN))
    assert (skip.corner, skip.pip) == ("GSkip", "Skip")


def test_a_fan_overlaps_its_cards_and_shows_the_last_whole():
    looks = [look(Card(rank=r, suit=Suit.SPADES)) for r in (5, 6, 7)]
    size = FELT_CARD[Scale.ROOMY]
    lines = plain(laid(looks, size, 200))
    assert all(cell_len(line) == 2 * size.step + size.width for line in lines)
    assert lines[1].startswith("│5♠ │6♠ │7♠")
    assert plain(laid(looks, FELT_CARD[Scale.COMPACT], 200)) == [" 5♠   6♠   7♠ "]


def test_a_landed_card_in_a_fan_has_a_heavy_edge():
    looks = [look(Card(rank=r, suit=Suit.SPADES)) for r in (5, 6)]
    lines = plain(laid(looks, FELT_CARD[Scale.ROOMY], 200, lit=[1], lit_style="bold yellow"))
    assert lines[0][4] == "┏" and lines[0][0] == "╭"


def test_a_hand_across_the_table_shows_a_back_for_each_card_up_to_a_most():
    assert plain(backs(4, FELT_CARD[Scale.COMPACT])) == ["▌▌▌▌"]
    roomy = plain(backs(30, FELT_CARD[Scale.ROOMY], most=10))
    assert roomy[0].count("╭") == 10 and roomy[1].startswith("│░│░")
    assert plain(backs(0, FELT_CARD[Scale.ROOMY])) == ["no cards"]


def test_a_pile_shows_its_top_card_and_count_and_an_empty_one_its_outline():
    lines = plain(pile(TEN_OF_HEARTS, 12, FELT_CARD[Scale.ROOMY], "Discard"))
    assert "10♥" in lines[1] and "Discard 12" in lines[-1]
    face_down = plain(pile(None, 40, FELT_CARD[Scale.ROOMY], "Stock"))
    assert "░" in face_down[1] and "Stock 40" in face_down[-1]
    empty = plain(pile(None, 0, FELT_CARD[Scale.ROOMY], "Stock"))
    assert empty[0].startswith("┌┄") and "Stock 0" in empty[-1]
    assert chip(TEN_OF_HEARTS).plain == " 10♥ "


@pytest.mark.parametrize("others", range(1, 8))
def test_every_other_player_has_a_place_and_the_sides_match(others):
    left, across, right = around(others)
    assert left + across + right == others and left == right and across >= 1
    assert around(others, sides=False) == (0, others, 0)


def test_a_seat_plate_names_her_marks_her_turn_and_shows_her_hand_as_backs():
    seat = Seat(name="Bot 2", cards=7, to_act=True, key="s", marks="dealer")
    text = plate(seat, Scale.COMPACT, 24).plain.splitlines()
    assert text[0].startswith("▶ [s] Bot 2 · dealer")
    assert text[1].rstrip() == "  ▌▌▌▌▌▌▌ 7 cards"
    one = plate(Seat(name="Cy", cards=1), Scale.ROOMY, 24).plain
    assert " 1 card" in one and "1 cards" not in one and "▶" not in one
    none = plate(Seat(name="Di", cards=0), Scale.ROOMY, 24).plain.splitlines()
    assert [line.strip() for line in none[1:]] == ["no cards"]  # not 'no cards 0 cards'


@pytest.mark.parametrize(
    ("size", "scale"),
    [((80, 18), 0), ((99, 40), 0), ((118, 34), 1), ((200, 45), 1), ((198, 54), 2)],
)
def test_the_table_draws_bigger_cards_in_a_bigger_window(size, scale):
    assert scale_for(*size) is Scale(scale)  # the table's own size, inside the window


async def at_the_table(pilot, app) -> TableScreen:
    await wait_until(
        pilot,
        lambda: isinstance(app.screen, TableScreen) and app.screen.viewer in app.screen.acting(),
    )
    await pilot.pause()
    return app.screen


def over_trump_app() -> CardTableApp:
    return CardTableApp(
        Launch(command="play", game="over-trump", seats="Ann,bot,bot,bot", seed=4, delay=0)
    )


@pytest.mark.parametrize(("size", "scale", "height"), [((80, 24), 0, 3), ((200, 60), 2, 7)])
async def test_the_hand_grows_with_the_window_and_playable_cards_stand_raised(size, scale, height):
    app = over_trump_app()
    async with app.run_test(size=size) as pilot:
        screen = await at_the_table(pilot, app)
        assert screen.table.scale == Scale(scale)
        cards = [card for card in screen.query(HandCard) if card.display]
        playable = {m.card for m in screen.table.legal}
        for card, held in zip(cards, screen.table.hand, strict=False):
            assert card.region.height == height
            assert (card.styles.margin.top == 0) == (held in playable)
        assert cards[0].render().plain.startswith("┏")  # the cursor's heavy edge


async def test_a_long_hand_that_scrolls_shows_what_fits_each_with_its_whole_corner():
    from cardtable.ui.tables.run_it import RunItTable  # a table that scrolls its hand

    app = CardTableApp(Launch(command="play", game="run-it", seats="Ann,bot", seed=3, delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_table(pilot, app)
        table = screen.table
        assert isinstance(table, RunItTable)
        looks = [look(RunItCard(kind=RunItKind.SKIP, colour=RunItColour.GREEN))] * 20
        table.draw_cards(looks, first=0)
        await pilot.pause()
        shown = [card for card in screen.query(HandCard) if card.display]
        assert len(shown) == table.hand_slots() == 12
        assert all(card.render().plain.splitlines()[1].startswith("│GSkip") for card in shown)


async def test_the_log_shows_its_last_lines_and_ctrl_l_opens_it_and_folds_it():
    app = over_trump_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_table(pilot, app)
        log = screen.query_one(MoveLog)
        folded = log.region.height
        assert folded == 2
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert log.region.height > folded + 3
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert log.region.height == folded


async def test_a_landed_thing_is_lit_for_a_moment_and_never_with_animations_off():
    app = over_trump_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_table(pilot, app)
        table = screen.table
        app.animation_level = "full"
        table.land(("trick", 1))
        assert table.landed(("trick", 1))
        await pilot.pause(table.LANDED_SECONDS + 0.1)
        assert not table.landed(("trick", 1))
        app.animation_level = "none"
        table.land(("trick", 2))
        assert not table.landed(("trick", 2))


def test_a_compact_piles_caption_is_in_the_felts_ink_not_the_cards():
    line = pile(None, 20, FELT_CARD[Scale.COMPACT], "Deck")[0]
    assert line.plain.endswith(" Deck 20")
    assert line.style == "" and all(span.end <= line.plain.index(" Deck") for span in line.spans)


def test_a_plates_lines_are_one_width_so_it_is_centred_as_one_block():
    lines = plate(Seat(name="Bot 3", cards=5, notes=[]), Scale.LARGE, 26).plain.splitlines()
    assert len({cell_len(line) for line in lines}) == 1


@pytest.mark.parametrize("scale", list(Scale))
def test_a_hand_card_under_the_next_still_shows_its_whole_corner(scale):
    size = HAND_CARD[scale]
    skip = look(RunItCard(kind=RunItKind.SKIP, colour=RunItColour.GREEN))
    assert face_lines(skip, size)[1].plain[: size.step].startswith("│GSkip")
    assert size.step >= 1 + len("GSkip")


def test_a_seat_with_no_cards_says_so_once():
    text = plate(Seat(name="Bot 2", cards=0), Scale.ROOMY, 24).plain
    assert "no cards" in text and "0 cards" not in text


def test_the_cursor_edge_stands_out_on_a_dark_face_as_on_a_light_one():
    from cardtable.ui.card_faces import edge

    red_run_it = look(RunItCard(kind=RunItKind.NUMBER, colour=RunItColour.RED, value=7))
    assert edge("cursor", red_run_it.style) != edge("cursor", TEN_OF_HEARTS.style)
    assert "#ffea00" in edge("cursor", red_run_it.style)  # bright yellow on the red card


async def test_the_folded_log_still_ends_on_its_newest_line_after_a_resize():
    app = over_trump_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_table(pilot, app)
        log = screen.query_one(MoveLog)
        log.show_lines(
            [f"Line {n}: a move of a long game, told in a few words." for n in range(40)]
        )
        await pilot.pause()
        for size in ((120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y > 0


def test_words_beside_a_plates_backs_take_no_more_lines_where_the_backs_are_tall():
    words = [Text("2 buys left"), Text("total 35"), Text("floating")]
    seat = Seat(name="Bot 2", cards=11, beside=words, lit="bold #ffd54f")
    lines = plate(seat, Scale.ROOMY, 26).plain.splitlines()
    assert lines[1].rstrip().endswith("╮ 11 cards") and lines[2].rstrip().endswith("│ 2 buys left")
    assert lines[3].rstrip().endswith("╯ total 35")
    assert lines[4].strip() == "floating" and len(lines) == 5  # the rest under the backs
    compact = plate(seat, Scale.COMPACT, 26).plain.splitlines()
    assert compact[1].rstrip().endswith("▌ 11 cards") and compact[2].strip() == "2 buys left"
    lit = plate(seat, Scale.ROOMY, 26).split("\n")[2]
    assert any("#ffd54f" in str(span.style) for span in lit.spans)  # her backs lit a moment


def test_two_bots_cut_to_a_narrow_plate_keep_their_seat_numbers_apart():
    """Six seats of Sets and Runs at 80 columns leave a plate 16 cells: 'Strong bot 3' and
    'Strong bot 5' beside their claim keys were both 'Strong…'. The name gives way, its
    number stays; a name with no number is cut as before."""
    lines = [
        plate(Seat(name=name, cards=5, key=key), Scale.COMPACT, 15).plain.splitlines()[0]
        for name, key in (("Strong bot 3", "f"), ("Strong bot 5", "k"), ("Annabelle-Marie", "a"))
    ]
    assert lines[0].strip() == "[f] Strong… 3"
    assert lines[1].strip() == "[k] Strong… 5"
    assert lines[2].strip() == "[a] Annabell…"
