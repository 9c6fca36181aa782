"""The Piles table's keys as a person meets them: nothing placed or passed unasked."""

from __future__ import annotations

import re

import pytest
from textual.geometry import Region
from textual.widget import Widget

from cardtable.engine.words import plural
from cardtable.games.piles import Pass
from cardtable.games.piles.castle import pile_index
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.results import ResultsScreen
from cardtable.ui.widgets import HandCard
from tests.cards_text import card, cards
from tests.pilot_steps import ask_hint, my_turn, shown_text, status, wait_until
from tests.test_piles_rules import ALL_RED, MIXED, position

SIZE = (80, 24)


def busy_table():
    """The busiest Piles table: four players, Ann with ten cards and the others with seven or
    eight, piles two and three deep, cards taken from passers by both teams (52 cards)."""
    state = position(
        MIXED,
        [
            "AS 3S 8S KS 2H 9H QH 5D JD 10C",
            "5S 6S 4H 7H AD 6D AC 2C",
            "10H 8D 9D 10D 3C 4C 5C 7C",
            "QD KD 8C 9C JC QC KC",
        ],
        turns_taken=9,
        captured=("JS 6C", "7D"),
    )
    for name, under in (("A1", "AH"), ("C2", "2D 3D"), ("D3", "4D")):
        state.castle[pile_index(name)][:0] = cards(under)
    return state


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
        await ask_hint(pilot, app)
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
        await pilot.press("h")  # thought of in the worker process: Enter once it is in
        await wait_until(pilot, lambda: status(app).startswith("Hint:"))
        await pilot.press("enter")
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


# The table drawn as a card table (issue 21)

SCALES = [(80, 24), (120, 40), (200, 60)]


@pytest.mark.parametrize("size", SCALES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_busy_table_drawn_as_cards(snap_compare, size):
    app = piles_app()
    app.animation_level = "none"  # the picture must not depend on when a highlight ends

    async def put_it(pilot):
        await table_at(pilot, app, busy_table())

    assert snap_compare(app, terminal_size=size, run_before=put_it)


def seat_shown(text: str, name: str, count: int) -> bool:
    """A player's place shows her name, her team's suits, her hand as backs and its count."""
    return re.search(rf"{re.escape(name)} · (♥♦|♠♣) ▌+ {plural(count, 'card')}\b", text) is not None


async def test_at_80x24_every_player_pile_and_score_is_on_screen_whole():
    app = piles_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_at(pilot, app, busy_table())
        table = screen.table
        names, state = screen.match.names, screen.match.state
        places = [table.query_one(f"#seats-{where}") for where in ("across", "left", "right")]
        shown = " | ".join(shown_text(place) for place in places)
        for seat in (1, 2, 3):
            assert seat_shown(shown, names[seat], len(state.hands[seat])), shown
        assert "Bot 3 · ♥♦" in shown_text(places[0])  # the partner sits across
        assert "Bot 2" in shown_text(places[1]) and "Bot 4" in shown_text(places[2])
        teams = shown_text(table.query_one("#teams"))
        assert "Reds ♥♦" in teams and "Blacks ♠♣" in teams and "Ann & Bot 3" in teams
        assert "J♠ 6♣" in teams and "7♦" in teams  # the cards each team took from passers
        hand = table.query_one("#hand").region.union(table.query_one("#hand-title").region)
        regions = [w.region for w in (*places, table.query_one("#teams"))]
        regions += [cell.region for cell in table.pile_cells]
        for n, region in enumerate(regions):
            assert region.height > 0 and app.screen.region.contains_region(region), n
            assert not region.overlaps(hand), n
            assert not any(region.overlaps(other) for other in regions[n + 1 :]), n
        for p, cell in enumerate(table.pile_cells):
            pile = state.castle[p]
            assert f"{pile[-1].short} ={table.shown.castle[p].total}" in shown_text(cell)
            assert f"×{len(pile)}" in shown_text(cell)
        assert shown_text(table.query_one("#pile-detail")).startswith("A♠ can go on")


async def test_at_200x60_the_castle_and_the_players_use_the_room():
    app = piles_app()
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await table_at(pilot, app, busy_table())
        table = screen.table
        castle = Region.from_union([cell.region for cell in table.pile_cells])
        assert castle.x < 100 < castle.right  # the Castle in the middle, not at the left
        assert castle.width >= 60 and castle.height >= 30
        d1 = shown_text(table.pile_cells[pile_index("D1")])
        assert d1.count("5♥") == 2  # a card drawn as a card: its corner at both ends
        left = table.query_one("#seats-left").region
        right = table.query_one("#seats-right").region
        assert left.right < castle.x and right.x > castle.right
        assert left.x < 50 and right.right > 150  # the players spread across the table
        across = table.query_one("#seats-across")
        line = next(s.text for s in across.render_lines(Region(0, 0, 200, 3)) if "Bot 3" in s.text)
        assert 70 < line.index("Bot 3") < 130  # across, in the middle
        assert "8 cards" in shown_text(across)


@pytest.mark.parametrize("level", ["full", "none"])
async def test_a_card_placed_is_lit_where_it_lands_for_a_moment(level):
    app = piles_app()
    app.animation_level = level
    async with app.run_test(size=(120, 40)) as pilot:
        hands = ["2H 9C 3S", "3C 6C", "4C 7C", "5C 8C"]
        screen = await table_at(pilot, app, position(ALL_RED, hands))
        table = screen.table
        b1 = table.pile_cells[pile_index("B1")]
        await pilot.press("3", "enter", "right", "right")  # the 2♥, pointed at B1
        table.LANDED_SECONDS = 5.0  # time enough to look, on a busy machine
        await pilot.press("enter")
        await pilot.pause()
        assert card("2H") in screen.match.state.castle[pile_index("B1")]
        if level == "none":
            assert not table.lit and not b1.has_class("landed")
            assert b1.styles.border_top[0] == "round"
            return
        assert table.landed(("pile", pile_index("B1")))
        assert b1.has_class("landed") and b1.styles.border_top[0] == "heavy"
        assert not table.pile_cells[pile_index("A1")].has_class("landed")
        for thing in table.lit:
            table.lit[thing] = 0.0  # the moment is over: the next redraw puts the light out
        table._landed_over()
        await pilot.pause()
        assert not b1.has_class("landed") and b1.styles.border_top[0] == "round"


async def test_a_spectator_sees_every_player_around_the_castle_and_no_hand():
    app = piles_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_at(pilot, app, busy_table())
        state, names = screen.match.state, screen.match.names
        table = screen.table
        table.show(screen.match.game.view(state, None), names, [], False)
        await pilot.pause()
        places = [table.query_one(f"#seats-{where}") for where in ("across", "left", "right")]
        shown = " | ".join(shown_text(place) for place in places)
        for seat in range(4):
            assert seat_shown(shown, names[seat], len(state.hands[seat])), shown
        assert "Hands are hidden" in shown_text(table.query_one("#hand-title"))
        assert not any(card.display for card in table.query("HandCard"))
        hidden = {card.short for hand in state.hands for card in hand}
        assert not any(short in shown for short in hidden)


async def test_a_pass_asked_for_stands_while_a_highlight_ends():
    # The end of a card's highlight redraws the table: p, then p again, must still pass.
    app = piles_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_at(pilot, app, position(MIXED, ["AH 2H 3S", "3C", "4C", "5C"]))
        state = screen.match.state
        await pilot.press("p")
        screen.table.redraw()  # what a highlight ending does
        await pilot.press("p")
        await pilot.pause()
        assert len(state.hands[0]) == 2 and len(state.captured[1]) == 1


async def test_an_arrow_along_the_hand_repaints_the_two_cards_and_the_words_it_changes(
    monkeypatch,
):
    """Issue 25: an arrow key is quick when it repaints only what it changes. The hand's title
    said the same words again (its whole row repainted) and each card's unused classes were
    set (two cards styled again, about half the key's work)."""
    app = piles_app("Ann,bot,bot,bot")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await table_at(pilot, app)
        await wait_until(pilot, lambda: not screen.table.lit)  # the bots' last card's light
        await pilot.pause()  # is out, and the table drawn without it: nothing else repaints
        detail = screen.query_one("#pile-detail")
        before = shown_text(detail)
        repainted: list[str] = []
        restyled: list[str] = []
        refresh, update_styles = Widget.refresh, type(app).update_styles

        def noting_refresh(widget, *regions, **kwargs):
            repainted.append(widget.id or type(widget).__name__)
            return refresh(widget, *regions, **kwargs)

        def noting_update_styles(app_, node=None, **kwargs):
            restyled.append(getattr(node, "id", None) or type(node).__name__)
            return update_styles(app_, node, **kwargs)

        monkeypatch.setattr(Widget, "refresh", noting_refresh)
        monkeypatch.setattr(type(app), "update_styles", noting_update_styles)
        await pilot.press("right")
        assert sorted(repainted) == ["hand-0", "hand-1", "pile-detail"], repainted
        assert restyled == []
        monkeypatch.undo()
        await pilot.pause()
        after = shown_text(detail)
        assert screen.table.cursor == 1 and after != before
        assert after.startswith(f"{screen.table.hand[1].short} can go on"), after


async def test_a_hand_card_drawn_from_the_faces_it_keeps_looks_as_one_drawn_afresh():
    """A hand card keeps the faces it drew lately (an arrow key draws each card with and without
    the cursor in turn): one taken from them must be the face it would draw now, after arrows,
    a card chosen, a theme changed."""
    app = piles_app("Ann,bot,bot,bot")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await table_at(pilot, app)
        cards = [card for card in screen.query(HandCard) if card.display]
        reused = 0
        for key in ["right", "left", "right", "enter", "escape", "left", "theme", "right", "left"]:
            if key == "theme":
                app.theme = "felt-contrast" if app.theme != "felt-contrast" else "felt"
            else:
                await pilot.press(key)
            await pilot.pause()
            console = app.console
            for card in cards:
                kept = len(card._faces)
                card._render_content()
                reused += len(card._faces) == kept and kept > 0
                shown = [strip.render(console) for strip in card._render_cache.lines]
                card._faces.clear()
                card._render_content()
                assert [strip.render(console) for strip in card._render_cache.lines] == shown
        assert reused


async def test_a_refusal_of_three_lines_takes_its_room_from_the_log_not_the_castle():
    """At 80x24 a long refusal (a pile's whole value sum) needs a third status row: the folded
    log gives it up, so the Castle keeps its height and its bottom row its border; a short line
    gives the log its rows back."""
    from cardtable.ui.felt import Felt
    from cardtable.ui.widgets import MoveLog

    app = piles_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        felt, log = screen.table.query_one(Felt), screen.table.query_one(MoveLog)
        await pilot.pause()
        height, logged = felt.size.height, log.size.height
        screen.say("✗ " + "a pile's value sum, word after word " * 6, refused=True)
        await pilot.pause()
        assert screen.status_rows == 3
        assert felt.size.height == height and log.size.height == logged - 1
        screen.say("Place a card.")
        await pilot.pause()
        assert felt.size.height == height and log.size.height == logged
