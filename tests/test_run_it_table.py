"""The Run It table as people meet it: Match-it claims by each seat's key, a refused false claim,
the window running out, bots that claim after a moment, Pass-it offers behind the handoff, a
seat that never offers, a penalty run answered, hints followed, and eight seats at 80x24."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from textual.widgets import Static

from cardtable.cards import RunItCard, RunItColour, RunItKind
from cardtable.engine import Event, SeatConfig, SeatKind, parse_seats
from cardtable.engine.claims import CLAIM, ClaimWindow
from cardtable.games.run_it.moves import GET, TAKE_PENALTY
from cardtable.games.run_it.rules import play
from cardtable.games.run_it.state import GameResult, Phase
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.claim_bar import claim_keys
from cardtable.ui.felt import Felt
from cardtable.ui.screens.handoff import HandoffScreen
from cardtable.ui.screens.table import TableScreen
from cardtable.ui.tables.run_it import MissedCard
from cardtable.ui.widgets import GameTable, MoveLog
from tests.pilot_steps import (
    ask_hint,
    follow_hint,
    let_time_pass,
    my_turn,
    on_screen,
    reveal_hand,
    shown_text,
    status,
    steadied,
    wait_until,
)
from tests.run_it_positions import AlwaysClaims

SIZE = (80, 24)
pytestmark = pytest.mark.usefixtures("fake_clock")
KINDS = {"Rev": RunItKind.REVERSE, "Skip": RunItKind.SKIP, "Stop": RunItKind.STOP}


def rcard(text: str) -> RunItCard:
    """'R7', 'B+2', 'GSkip', 'Wild', 'W+3' -> the card."""
    if text == "Wild":
        return RunItCard(kind=RunItKind.WILD)
    if text.startswith("W+"):
        return RunItCard(kind=RunItKind.WILD_PENALTY, value=int(text[2:]))
    colour, rest = RunItColour(text[0]), text[1:]
    if rest.startswith("+"):
        return RunItCard(kind=RunItKind.PENALTY, colour=colour, value=int(rest[1:]))
    if rest in KINDS:
        return RunItCard(kind=KINDS[rest], colour=colour)
    return RunItCard(kind=RunItKind.NUMBER, colour=colour, value=int(rest))


def rcards(text: str) -> list[RunItCard]:
    """'R7 B+2' -> two cards."""
    return [rcard(part) for part in text.split()]


def table_app(seats: str | list[SeatConfig], seed: int = 3, **options) -> CardTableApp:
    """The app, to be opened on a Run It table with these seats and options."""
    app = CardTableApp(Launch(command="menu", delay=0))
    app.run_it_start = (seats, seed, options)  # type: ignore[attr-defined]
    return app


async def open_table(pilot, app) -> TableScreen:
    """Start the game and wait for the first person's turn, past any handoff."""
    seats, seed, options = app.run_it_start
    if isinstance(seats, str):
        seats = parse_seats(seats)
    app.start_game("run-it", seats, seed, options)
    for _ in range(400):
        if isinstance(app.screen, HandoffScreen) and app.screen.ready:
            await pilot.press("y")
        screen = app.screen
        if my_turn(app) and screen.table.query("#felt") and screen.match.state.phase is Phase.PLAY:
            await pilot.pause()
            return screen
        if isinstance(screen, TableScreen) and screen.game.claim_window(screen.match.state):
            if screen.viewer is not None and screen.viewer in screen.acting():
                await pilot.press("enter")  # let the cards played before go
        await let_time_pass(pilot, 0.05)
    raise AssertionError("a person's turn never came")


def hands(screen, *held: str) -> None:
    """Give each seat, in order, the cards written (the rest of the deal is put aside)."""
    state = screen.match.state
    for seat, text in enumerate(held):
        state.draw_pile += state.hands[seat]
        state.hands[seat] = rcards(text)


def top(screen, text: str) -> None:
    """Put this card on top of the discard pile, its colour in force."""
    state = screen.match.state
    card = rcard(text)
    state.discards.append(card)
    state.colour = card.colour
    state.penalty = state.penalty_value = 0


def open_window(screen, card: str, played_by: int, seconds: float = 10) -> ClaimWindow:
    """`played_by` has just played `card`: the Match-it window opens for every seat."""
    state = screen.match.state
    top(screen, card)
    seats = state.seats
    order = [(played_by + k) % seats for k in range(1, seats)] + [played_by]
    state.turn = order[0]
    state.phase = Phase.WINDOW
    state.played_by = played_by
    state.window = ClaimWindow(verb="match", card=card, open_to=order, seconds=seconds)
    screen.advance()
    return state.window


def moves_since(screen, before: int) -> list[tuple[int, str]]:
    """(seat, kind) of each move logged since `before`."""
    return [(e.seat, e.move["kind"]) for e in screen.match.record.log[before:]]


def window_open(screen) -> bool:
    return screen.game.claim_window(screen.match.state) is not None


PLACES = ("#seats-left", "#seats-across", "#seats-right")
"""Where the other players sit around the felt."""


def seats_text(screen) -> str:
    """The plates of the players around the felt, as they show on screen."""
    places = [screen.table.query_one(place) for place in PLACES]
    return " | ".join(shown_text(place) for place in places if place.display)


# Match-it claims by each seat's key


async def test_a_persons_key_claims_for_her_seat_and_the_match_is_placed():
    app = table_app("Ann,Bob,bot")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        hands(screen, "B3 G4", "R7 Y2", "G9 B1")
        before = len(screen.match.record.log)
        open_window(screen, "R7", played_by=0)
        await pilot.pause()
        bar = str(screen.query_one("#claim-bar").render())
        keys = claim_keys(3)
        assert "R7" in bar and f"[{keys[1]}]Bob" in bar  # the card and Bob's key beside his name
        assert f"[{keys[1]}] Bob" in seats_text(screen)
        await pilot.press(keys[1])
        await wait_until(pilot, lambda: not window_open(screen))
        assert moves_since(screen, before)[:1] == [(1, "claim")]
        state = screen.match.state
        assert state.discards[-1] == rcard("R7") and state.hands[1] == rcards("Y2")
        assert "Bob matches the R7" in screen.match.log_lines()[-1]


async def test_a_false_claim_is_refused_with_its_reason_and_the_window_stays_open():
    app = table_app("Ann,Bob,bot")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        hands(screen, "B3 G4", "R7 Y2", "G9 B1")
        before = len(screen.match.record.log)
        open_window(screen, "R7", played_by=1)
        await pilot.press(claim_keys(3)[0])  # Ann holds no R7
        await pilot.pause()
        assert "Ann: No match: you hold no R7" in status(app)
        assert window_open(screen) and 0 in screen.match.state.window.open_to
        assert moves_since(screen, before) == []
        await pilot.press(claim_keys(3)[1])  # Bob's claim is still in time
        await wait_until(pilot, lambda: not window_open(screen))
        assert moves_since(screen, before)[:1] == [(1, "claim")]


async def test_when_the_countdown_runs_out_every_open_seat_lets_the_card_go():
    app = table_app("Ann,bot,bot", match_seconds=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        hands(screen, "B3 G4", "G9 Y2", "G8 B1")
        before = len(screen.match.record.log)
        opened = app.clock.now()
        open_window(screen, "R7", played_by=0, seconds=1)
        await let_time_pass(pilot, 0.3)
        assert window_open(screen) and "⏱" in str(screen.query_one("#claim-bar").render())
        await wait_until(pilot, lambda: not window_open(screen))
        assert app.clock.now() - opened >= 0.9
        assert sorted(moves_since(screen, before)[:3]) == [
            (0, "let-go"),
            (1, "let-go"),
            (2, "let-go"),
        ]
        assert not screen.query_one("#claim-bar").has_class("open")


async def test_a_bot_claims_after_a_moment_and_a_quick_person_beats_it():
    app = table_app("Ann,bot")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        screen.players[1] = AlwaysClaims()
        hands(screen, "B3 G4", "R7 Y2")
        before = len(screen.match.record.log)
        opened = app.clock.now()
        open_window(screen, "R7", played_by=0, seconds=3)
        await wait_until(pilot, lambda: not window_open(screen))
        assert moves_since(screen, before)[0] == (1, "claim")
        assert app.clock.now() - opened >= 0.6  # after a moment: a quick person beats it

        hands(screen, "R8 G4", "R8 Y2")
        before = len(screen.match.record.log)
        open_window(screen, "R8", played_by=1)
        await pilot.press(claim_keys(2)[0])  # Ann is quicker than the bot
        await wait_until(pilot, lambda: not window_open(screen))
        assert moves_since(screen, before)[0] == (0, "claim")


async def test_with_nobody_left_to_ask_the_bots_answer_at_once():
    app = table_app("Ann,bot,bot")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        screen.players[2] = AlwaysClaims()
        hands(screen, "B3 G4", "G9 Y2", "R7 B1")
        before = len(screen.match.record.log)
        open_window(screen, "R7", played_by=0)
        await pilot.pause()
        bot_claims = screen.runner._window.bot_claims
        assert bot_claims.keys() == {2}
        bot_claims[2] = 8.0  # it would claim 8 s into the window
        opened = app.clock.now()
        await pilot.press("enter")  # Ann lets it go: no person is left to wait for
        await wait_until(pilot, lambda: not window_open(screen))
        assert app.clock.now() - opened < 6
        made = moves_since(screen, before)
        assert (0, "let-go") in made and (2, "claim") in made


async def test_at_zero_seconds_each_person_is_asked_in_turn():
    app = table_app("Ann,Bob", match_seconds=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        hands(screen, "B3 G4", "R7 Y2")
        before = len(screen.match.record.log)
        open_window(screen, "R7", played_by=0, seconds=0)
        await pilot.pause()
        assert screen.asking == 1
        await reveal_hand(pilot, app)  # Bob sees his hand first
        await wait_until(pilot, lambda: app.screen is screen and screen.viewer == 1)
        assert "Bob: l to match it, Enter to let it go" in str(
            screen.query_one("#claim-bar").render()
        )
        await let_time_pass(pilot, 0.5)  # no clock: it waits for Bob
        assert window_open(screen)
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.asking == 0)
        await reveal_hand(pilot, app)
        await wait_until(pilot, lambda: app.screen is screen and screen.viewer == 0)
        await pilot.press("enter")
        await wait_until(pilot, lambda: not window_open(screen))
        assert moves_since(screen, before)[:2] == [(1, "let-go"), (0, "let-go")]


async def test_a_window_with_two_people_shows_no_hand():
    app = table_app("Ann,Bob,bot")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        hands(screen, "B3 G4", "R7 Y2", "G9 B1")
        open_window(screen, "R7", played_by=0)
        await pilot.pause()
        assert screen.viewer is None
        assert "Hands are hidden" in str(screen.table.query_one("#hand-title").render())
        shown = seats_text(screen)  # nobody at the bottom: everyone around the felt, unseen
        for seat, name in enumerate(["Ann", "Bob", "Bot 3"]):
            assert f"[{claim_keys(3)[seat]}] {name}" in shown
        assert shown.count("2 cards") == 3 and "B3" not in shown and "R7 " not in shown


# Pass-it offers at one keyboard


async def nothing_to_play(pilot, app):
    """The table open at two people's keyboard, the one shown to act with B3 G4 on the R7 (the
    other holds Y6 R9): (screen, her seat, the other's seat)."""
    screen = await open_table(pilot, app)
    person = screen.viewer
    screen.match.state.turn = person
    hands(screen, *(["B3 G4", "Y6 R9"] if person == 0 else ["Y6 R9", "B3 G4"]))
    top(screen, "R7")
    return screen, person, 1 - person


async def test_an_offer_is_made_behind_the_handoff_and_taken_face_down():
    app = table_app("Ann,Bob")
    async with app.run_test(size=SIZE) as pilot:
        screen, person, other = await nothing_to_play(pilot, app)
        state = screen.match.state
        screen.redraw()
        await pilot.press("c")  # nothing to play: get a card
        await reveal_hand(pilot, app)  # the keyboard goes to the other player, who offers
        await wait_until(pilot, lambda: screen.viewer == other)
        assert state.phase is Phase.OFFERS
        await pilot.press("1", "enter")  # offers the R9 (the hand is R9 Y6, sorted)
        offers = str(screen.table.query_one("#ri-offers").render())
        assert "You offer the R9" in offers and "second" in offers
        await pilot.press("n")  # and nothing for a second card, in the same visit
        await reveal_hand(pilot, app)
        await wait_until(pilot, lambda: screen.viewer == person and state.phase is Phase.TAKE)
        await pilot.pause()
        hand_row = str(screen.table.query_one("#hand-title").render())
        name = screen.match.names[other]
        assert f"{name}'s card" in hand_row and "R9" not in hand_row
        offered = shown_text(screen.table.query_one("#ri-offered"))
        assert name in offered and "face down" in offered and "R9" not in offered
        assert "R9" not in str(screen.table.query_one("#ri-offers").render())
        await pilot.press("2", "enter")  # the offer, blind
        await wait_until(pilot, lambda: rcard("R9") in state.hands[person])
        kinds = [e.move["kind"] for e in screen.match.record.log[-3:]]
        assert kinds == ["get", "offer", "take-offer"]


async def test_a_seat_that_never_offers_is_not_asked():
    seats = [
        SeatConfig(name="Ann"),
        SeatConfig(name="Bob", never_offers=True),
        SeatConfig(name="Bot 3", kind=SeatKind.BOT),
    ]
    app = table_app(seats)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = screen.match.state
        screen.viewer = 0
        state.turn = 0
        hands(screen, "B3 G4", "Y6 R9", "G9 B1")
        top(screen, "R7")
        screen.redraw()
        before = len(screen.match.record.log)
        screen.play(0, GET)
        await wait_until(pilot, lambda: state.phase is Phase.TAKE)
        assert not isinstance(app.screen, HandoffScreen)
        assert moves_since(screen, before)[:2] == [(0, "get"), (1, "no-offer")]


# A penalty run


async def penalty_on_ann(pilot, app):
    """Ann must answer a penalty run of 4 on a B+2, holding a B+2 and a G4."""
    screen = await open_table(pilot, app)
    state = screen.match.state
    state.turn = 0
    hands(screen, "B+2 G4", "Y6 R9")
    top(screen, "B+2")
    state.penalty, state.penalty_value = 4, 2
    screen.redraw()
    await pilot.pause()
    return screen, state


async def test_a_penalty_run_shows_its_total_and_is_continued_by_a_card():
    app = table_app("Ann,bot")
    async with app.run_test(size=SIZE) as pilot:
        screen, state = await penalty_on_ann(pilot, app)
        info = str(screen.table.query_one("#ri-info").render())
        assert "PENALTY RUN 4 on Ann" in info
        before = len(screen.match.record.log)
        await pilot.press("1", "enter")  # the B+2 continues it
        await wait_until(pilot, lambda: len(screen.match.record.log) > before)
        assert screen.match.record.log[before].move["kind"] == "play"
        assert state.discards[-1] == rcard("B+2") and state.penalty_value == 2


async def test_p_takes_the_penalty_run():
    app = table_app("Ann,bot")
    async with app.run_test(size=SIZE) as pilot:
        screen, state = await penalty_on_ann(pilot, app)
        before = len(screen.match.record.log)
        await pilot.press("p")
        await wait_until(pilot, lambda: len(screen.match.record.log) > before)
        assert screen.match.record.log[before].move == TAKE_PENALTY.model_dump(mode="json")
        assert len(state.hands[0]) == 6


# Hints


async def anns_turn(pilot, app, held: str, on: str) -> TableScreen:
    """The table open on Ann's turn, holding `held` (her opponent the Y6 R9), the `on` card on
    top of the discards."""
    screen = await open_table(pilot, app)
    screen.match.state.turn = 0
    hands(screen, held, "Y6 R9")
    top(screen, on)
    screen.redraw()
    return screen


async def test_a_hinted_wild_is_played_with_its_colour_by_enter():
    app = table_app("Ann,bot")
    async with app.run_test(size=SIZE) as pilot:
        screen = await anns_turn(pilot, app, "Wild", "R7")
        before = len(screen.match.record.log)
        hint, hinted = await follow_hint(pilot, app)
        assert "Enter plays it" in hint
        await wait_until(pilot, lambda: len(screen.match.record.log) > before)
        assert screen.match.record.log[before].move == hinted.model_dump(mode="json")


async def test_moving_off_the_hinted_card_withdraws_the_hint_and_enter_plays_the_card_shown():
    """'Enter plays it' is true only on the hinted card: an arrow off it puts back the line of
    what she can do, and Enter then plays the card under the cursor (the one drawn raised)."""
    app = table_app("Ann,bot")
    async with app.run_test(size=SIZE) as pilot:
        screen = await anns_turn(pilot, app, "R2 R8 R4", "R7")
        before = len(screen.match.record.log)
        await ask_hint(pilot, app)
        assert "Enter plays it" in status(app)
        hinted = screen.table.hinted
        await pilot.press("right")
        await pilot.pause()
        assert "Hint" not in status(app) and screen.table.hinted is None
        shown = screen.table.hand[screen.table.cursor]
        assert shown != hinted.card
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(screen.match.record.log) > before)
        assert screen.match.record.log[before].move["card"] == shown.model_dump(mode="json")


async def test_once_the_game_is_over_nobody_is_marked_to_play():
    """The last table of a game (under the result, and in a replay's last step) says the game
    is over: no ▶ on the player whose turn it would have been, no 'To play'."""
    app = table_app("Ann,bot")
    async with app.run_test(size=SIZE) as pilot:
        screen = await anns_turn(pilot, app, "R8", "R7")
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.game.is_over(screen.match.state))
        screen.redraw()
        await pilot.pause()
        info = str(screen.table.query_one("#ri-info").render())
        assert "Game over" in info and "To play" not in info
        assert not any(screen.table._seat(seat, "").to_act for seat in (0, 1))


async def test_a_hint_that_names_a_key_is_made_by_enter_too():
    app = table_app("Ann,bot")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = screen.match.state
        state.turn = 0
        hands(screen, "G1 B2", "Y6 R9")  # nothing to play on the R7: the hint gets a card
        top(screen, "R7")
        screen.redraw()
        before = len(screen.match.record.log)
        await ask_hint(pilot, app)
        assert status(app).endswith("Press c (or Enter).")
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(screen.match.record.log) > before)
        assert screen.match.record.log[before].move == GET.model_dump(mode="json")


async def test_a_hint_in_a_window_names_the_claim_key_and_it_claims():
    app = table_app("Ann,bot")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        hands(screen, "R7 G4", "Y6 R9")
        before = len(screen.match.record.log)
        open_window(screen, "R7", played_by=1)
        await pilot.pause()
        hint, hinted = await follow_hint(pilot, app)
        await wait_until(pilot, lambda: len(screen.match.record.log) > before)
        made = screen.match.record.log[before]
        assert made.seat == 0 and made.move == hinted.model_dump(mode="json")
        if hinted == CLAIM:
            assert f"Press {claim_keys(2)[0]}." in hint


# Eight seats at 80x24


async def test_eight_seats_fit_80_by_24():
    app = table_app("Ann,bot,bot,bot,bot,bot,bot,bot", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        crowded(screen)
        await let_time_pass(pilot, 0.1)
        table = screen.table
        keys, names = claim_keys(8), screen.match.names
        hand = table.query_one("#hand-title").region
        for place in PLACES:
            widget = table.query_one(place)
            assert on_screen(app, widget) and widget.region.bottom <= hand.y, f"{place} is cut"
            assert widget.region.height >= len(str(widget.render()).splitlines()), place
        shown = seats_text(screen)
        for seat in range(1, 8):  # each other player at her place, her key, name and count
            assert f"[{keys[seat]}] {names[seat]}" in shown
        assert shown.count(" 3 cards") == 5 and " 1 card " in shown and " 13 cards" in shown
        assert shown_text(table.query_one("#hand-title")).startswith("[a] Ann's hand: 12 cards")
        left = table.query_one("#seats-left").region
        right = table.query_one("#seats-right").region
        for widget_id in ("#ri-top", "#ri-draw", "#ri-info"):  # the piles between the seats
            widget = table.query_one(widget_id)
            assert on_screen(app, widget) and widget.region.bottom <= hand.y, widget_id
            assert left.right <= widget.region.x and widget.region.right <= right.x, widget_id
            assert widget.region.height >= len(str(widget.render()).splitlines()), widget_id
        assert "G7" in shown_text(table.query_one("#ri-top"))
        assert "Discards 4" in shown_text(table.query_one("#ri-top"))
        assert "Draw 40" in shown_text(table.query_one("#ri-draw"))
        info = shown_text(table.query_one("#ri-info"))  # beside the piles, whole
        assert "anticlockwise" in info and "Colour: G Green" in info
        assert "Next to play: Ann" in info and info.endswith("Bot 6 dealt")
        bar = screen.query_one("#claim-bar")
        assert bar.region.height == 2 and bar.region.bottom <= screen.query_one("#status").region.y
        assert "[a]Ann" in str(bar.render()) and "[g]Bot 5" in str(bar.render())


async def test_a_long_name_beside_the_piles_is_cut_never_broken_in_the_middle():
    # "Bartholomew-Maxi dealt" wrapped as "Bartholomew-Ma" / "xi dealt" beside the piles.
    app = table_app("Ann,bot,bot,bot,bot,bot,bot,Bartholomew-Maxi", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        crowded(screen)
        screen.match.state.dealer = 7
        screen.redraw()
        await let_time_pass(pilot, 0.1)
        info = screen.table.query_one("#ri-info")
        lines = str(info.render()).splitlines()  # as written, before the widget wraps them
        dealt = next(line for line in lines if line.endswith(" dealt"))
        name = dealt.removesuffix(" dealt").split(" · ")[-1]
        assert name.startswith("Bartholomew") and name.endswith("…"), lines
        assert cell_len(name) <= info.content_size.width  # so it wraps before " dealt", whole


def crowded(screen) -> None:
    """The busiest table: eight seats, Ann's twelve cards, Bot 4 on one card, Bot 7 on thirteen,
    and a turn-based Match-it window on the G7 Bot 8 has just played (no clock to change the
    picture)."""
    state = screen.match.state
    hands(screen, "R1 R2 B3 B+2 GSkip GStop YRev Y9 Wild W+3 G5 G7", *["R3 B4 Y5"] * 7)
    state.hands[3] = rcards("G1")
    state.hands[6] = rcards("R1 R2 R3 R4 R5 R6 R7 R8 R9 B1 B2 B3 B4")
    state.draw_pile = state.draw_pile[:40]
    state.discards = rcards("G8 GStop GStop")
    state.dealer, state.direction = 5, -1
    screen.query_one(MoveLog).show_lines(
        ["Bot 7 plays the GStop, naming G.", "Bot 8 matches the GStop.", "Bot 8 plays the G7."]
    )
    open_window(screen, "G7", played_by=7, seconds=0)


@pytest.mark.parametrize(
    "size", [(80, 24), (120, 40), (200, 60)], ids=["80x24", "120x40", "200x60"]
)
def test_eight_seats_snapshot(snap_compare, size):
    """The busiest table (a turn-based window: no clock to change the picture) at a laptop's
    80x24, a full window and a projector, with no highlight in motion."""

    async def crowd(pilot):
        pilot.app.animation_level = "none"
        screen = await open_table(pilot, pilot.app)
        crowded(screen)
        await pilot.pause()

    app = table_app("Ann,bot,bot,bot,bot,bot,bot,bot", seed=5)
    assert snap_compare(app, terminal_size=size, run_before=crowd)


def screen_lines(app) -> list[str]:
    """What the terminal shows now, line by line."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def test_on_a_projector_the_table_uses_the_room():
    app = table_app("Ann,bot,bot,bot,bot,bot,bot,bot", seed=5)
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await open_table(pilot, app)
        crowded(screen)
        await let_time_pass(pilot, 0.1)
        table = screen.table
        top = table.query_one("#ri-top").region
        info = table.query_one("#ri-info").region
        assert top.x > 50 and info.right > 100  # the piles in the middle, not the left half
        assert top.height >= 14  # the top card large (12 rows) with its count under it
        lines = screen_lines(app)
        across = next(line for line in lines if "Bot 4" in line)
        assert across.index("Bot 4") < 60 and across.index("Bot 6") > 140  # spread across
        left = next(line for line in lines if "Bot 3" in line)
        right = next(line for line in lines if "Bot 7" in line)
        assert left.index("Bot 3") < 20 and right.index("Bot 7") > 170  # down either side
        assert table.query_one("#hand-title").region.y - table.query_one("#felt").region.y > 35


def top_drawn(screen) -> str:
    """The discard pile's top card as drawn now."""
    return str(screen.table.query_one("#ri-top").render())


async def played_by_ann(pilot, app) -> tuple:
    """Ann, holding the R7 and the G4 on the R3, plays the R7: (screen, the top card drawn
    just after it lands)."""
    screen = await open_table(pilot, app)
    state = screen.match.state
    state.turn = 0
    hands(screen, "R7 G4", "Y6 R9")
    top(screen, "R3")
    screen.redraw()
    # The R3 put there has landed too: wait until its highlight is over and drawn so (the
    # light goes out a moment before the table is drawn again).
    await wait_until(pilot, lambda: "┏" not in top_drawn(screen), tries=400)
    assert not screen.table.landed(("discard",))
    screen.play(0, play(rcard("R7")))
    # Read as the move is drawn: the bot (no delay) may cover the R7 within the next pause.
    drawn = str(screen.table.query_one("#ri-top").render())
    await pilot.pause()
    return screen, drawn


async def test_a_card_played_lights_the_discard_pile_for_a_moment(monkeypatch):
    # Lit for 3 s here rather than 0.3: a loaded machine's pause after the move can take
    # longer than 0.3 s, and the light must still be seen before it goes out.
    monkeypatch.setattr(GameTable, "LANDED_SECONDS", 3.0)
    app = table_app("Ann,bot")
    async with app.run_test(size=SIZE) as pilot:
        screen, drawn = await played_by_ann(pilot, app)
        assert "R7" in drawn and "┏" in drawn  # the top card's edge heavy and lit
        assert screen.table.landed(("discard",))
        await wait_until(pilot, lambda: "┏" not in top_drawn(screen), tries=400)
        assert not screen.table.landed(("discard",))
        assert "╭" in top_drawn(screen)  # the top card (the bot's, by now) plain


async def test_with_animations_off_nothing_is_lit():
    app = table_app("Ann,bot")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        screen, drawn = await played_by_ann(pilot, app)
        assert "R7" in drawn and "┏" not in drawn
        assert not screen.table.lit


async def test_the_handoff_recap_starts_after_her_play_not_after_letting_a_card_go():
    app = table_app("Ann,Bob,bot", match_seconds=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        person = screen.viewer
        state = screen.match.state
        state.turn = person
        hands(screen, *(["G4 R2", "B3 Y5", "B1 Y9"] if person == 0 else ["B3 Y5", "G4 R2"]))
        top(screen, "R7")
        screen.redraw()
        await pilot.press("1", "enter")  # plays the R2 (sorted before the G4)
        await wait_until(
            pilot, lambda: any(e.move["kind"] == "let-go" for e in screen.match.record.log[-3:])
        )
        await wait_until(pilot, lambda: not window_open(screen), tries=200)
        log = screen.match.record.log
        assert any(e.seat == person and e.move["kind"] == "let-go" for e in log)
        assert screen._since_last_turn(person) == "Nothing new since your turn."


async def test_a_window_waits_unseen_while_the_table_is_too_small():
    app = table_app("Ann,bot", match_seconds=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        hands(screen, "B3 G4", "G9 Y2")
        open_window(screen, "R7", played_by=0, seconds=1)
        await pilot.resize_terminal(60, 20)
        await let_time_pass(pilot, 1.5)
        assert window_open(screen)  # nobody could see it: the countdown waits
        assert screen.query_one("#claim-bar").region.height == 0
        await pilot.resize_terminal(*SIZE)
        await wait_until(pilot, lambda: not window_open(screen))


async def test_a_person_offers_nothing_at_the_handoff_with_one_key_her_hand_unseen():
    app = table_app("Ann,Bob")
    async with app.run_test(size=SIZE) as pilot:
        screen, person, other = await nothing_to_play(pilot, app)
        state = screen.match.state
        screen.redraw()
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen) and app.screen.ready)
        assert "Or press N to offer" in str(app.screen.query_one("#handoff-card").render())
        await pilot.press("n")
        await wait_until(pilot, lambda: state.phase is Phase.TAKE)
        assert screen.match.record.log[-1].seat == other
        assert screen.match.record.log[-1].move["kind"] == "no-offer"
        assert screen.viewer != other  # her hand was never shown


async def test_a_window_waits_while_its_hint_is_read():
    app = table_app("Ann,bot", match_seconds=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        hands(screen, "B3 G4", "G9 Y2")
        open_window(screen, "R7", played_by=1, seconds=1)
        await pilot.press("h")
        await let_time_pass(pilot, 1.5)
        assert window_open(screen) and "waits for your answer" in str(
            screen.query_one("#claim-bar").render()
        )
        await pilot.press("enter")
        await wait_until(pilot, lambda: not window_open(screen))


# One visit per get, and the card got shown to its getter


def count_handoffs(app) -> list[tuple[int, int]]:
    """(the getter, her attempt) at each handoff screen opened from now on."""
    opened: list[tuple[int, int]] = []
    push = app.push_screen

    def pushed(screen, *args, **kwargs):
        if isinstance(screen, HandoffScreen):
            state = app.screen.match.state
            opened.append((state.turn, state.attempt))
        return push(screen, *args, **kwargs)

    app.push_screen = pushed
    return opened


async def test_she_sees_the_card_she_cannot_play_before_the_handoff():
    app = table_app("Ann,Bob")
    async with app.run_test(size=SIZE) as pilot:
        screen, person, other = await nothing_to_play(pilot, app)
        state = screen.match.state
        state.draw_pile += rcards("Y5 Y2")  # she draws the Y2, then the Y5: neither goes on R7
        screen.redraw()
        opened = count_handoffs(app)
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen) and app.screen.ready)
        await pilot.press("n")  # the other offers nothing, for both cards she may get
        await reveal_hand(pilot, app)  # back to her
        await wait_until(pilot, lambda: screen.viewer == person and state.phase is Phase.TAKE)
        await pilot.press("t")
        await wait_until(pilot, lambda: state.phase is Phase.TAKE and state.attempt == 2)
        await pilot.pause()
        offers = str(screen.table.query_one("#ri-offers").render())
        assert "You got the Y2: it cannot be played. You get a second card." in offers
        assert screen.viewer == person and opened == [(person, 1)] * 2  # no second visit
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, MissedCard))
        assert state.turn == other and screen.viewer == person  # her own table, behind it
        notice = str(app.screen.query_one("#missed-card").render())
        assert "You got the Y5: it cannot be played. Your turn ends." in notice
        assert "Press Enter to pass the keyboard on." in notice
        await wait_until(pilot, lambda: app.screen.ready)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        assert screen.viewer is None
        assert opened == [(person, 1), (person, 1), (other, 0)]


async def test_a_bots_two_card_get_asks_each_person_once_for_both_offers():
    app = table_app("Ann,Bob,bot")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = screen.match.state
        hands(screen, "R9 Y6", "B3 G4", "B1 G2")
        top(screen, "R7")
        state.draw_pile += rcards("Y5 Y2")  # the bot draws the Y2, then the Y5
        before = len(screen.match.record.log)
        opened = count_handoffs(app)
        state.turn = 2
        screen.viewer = 1
        screen.advance()
        await reveal_hand(pilot, app)  # Ann is asked first
        await wait_until(pilot, lambda: screen.viewer == 0)
        offers = str(screen.table.query_one("#ri-offers").render())
        name = screen.match.names[2]
        assert f"Offer {name} one, face down" in offers and "her" not in offers
        await pilot.press("n", "n")  # nothing for the first card, nothing for a second
        await reveal_hand(pilot, app)  # then Bob
        await wait_until(pilot, lambda: screen.viewer == 1)
        await pilot.press("1", "enter")  # the B3 for the first card
        await pilot.press("2", "enter")  # the G4, if a second card is needed
        await wait_until(pilot, lambda: state.turn == 0 or state.phase is Phase.GOT, tries=600)
        moves = moves_since(screen, before)
        during = [o for o in opened if o[0] == 2]
        assert during == [(2, 1), (2, 1)]  # one visit each for the bot's whole get
        assert moves[:4] == [(2, "get"), (0, "no-offer"), (1, "offer"), (2, "take-draw")]
        assert moves[4:6] == [(0, "no-offer"), (1, "offer")]  # asked ahead: no handoff


async def test_take_one_blind_fits_80_columns_with_several_offers():
    app = table_app("Ann,bot,bot,bot,bot,bot,bot,bot", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = screen.match.state
        state.turn, state.phase, state.attempt = 0, Phase.TAKE, 1
        state.offers = [None] + [state.draw_pile.pop() for _ in range(7)]
        screen.redraw()
        await pilot.pause()
        title = str(screen.table.query_one("#hand-title").render()).rstrip()
        assert len(title) <= 78 and not title.endswith("…"), title
        assert title.startswith("Take one, blind")
        offered = shown_text(screen.table.query_one("#ri-offered"))  # each by her claim key
        assert offered == "Offers: " + " ".join(claim_keys(8)[1:]), offered
        words = screen.table.query_one("#ri-offers")  # and her own hand, whole, above the log
        assert words.region.bottom <= screen.table.query_one("#log").region.y
        assert shown_text(words).endswith(screen.table.hand[-1].short)


async def test_a_penalty_run_of_one_says_p_takes_1_card():
    app = table_app("Ann,bot")
    async with app.run_test(size=SIZE) as pilot:
        screen, state = await penalty_on_ann(pilot, app)
        state.penalty, state.penalty_value = 1, 1
        screen.redraw()
        await pilot.pause()
        offers = str(screen.table.query_one("#ri-offers").render())
        assert "p takes 1 card." in offers and "1 cards" not in offers


async def test_between_games_the_summary_names_the_winner_and_escape_goes_on_too():
    app = table_app("Ann,Bob", games=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = screen.match.state
        state.history = [GameResult(number=1, winners=[1], reason="out", cards_left=[4, 0])]
        view = screen.game.view(state, None)
        summary = screen.table.interlude([Event(kind="game", text="")], view, screen.match.names)
        assert summary is not None
        app.push_screen(summary)
        await pilot.pause()
        shown = " ".join(str(w.render()) for w in summary.query(Static))
        assert "Bob won game 1: out." in shown and "Enter: deal the next game" in shown
        footer = {b.binding.description for b in summary.active_bindings.values()}
        assert "Next game" in footer and "Continue" not in footer
        await steadied(app)  # its keys wait a moment after it opens
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)


def columns(row: str, mark: str) -> list[int]:
    """The cells at which each word beginning with `mark` starts on a line of the screen."""
    return [cell_len(row[: m.start()]) for m in re.finditer(rf"(?<!\S){re.escape(mark)}", row)]


async def test_a_wide_name_across_the_felt_keeps_each_plate_whole_and_in_its_place():
    wide = "Ann🎉"  # four characters, five cells
    app = table_app(f"Bea,bot,{wide},bot,bot", seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_table(pilot, app)
        await pilot.pause()
        across = screen.table.query_one("#seats-across").region
        name, top, middle, bottom = screen_lines(app)[across.y : across.bottom]
        assert f"[g] {wide}" in name and "[j] Bot 4" in name
        places = columns(name, "[")
        assert len(places) == 2 and places[1] > 60  # the second plate in its half of the row
        # each plate's fanned backs stand whole under her name, not broken apart
        assert columns(top, "╭") == columns(middle, "│") == columns(bottom, "╰") == places
        assert middle.count(" 5 cards") == 2


async def test_a_window_shown_to_everyone_keeps_the_players_in_their_order_around_the_table():
    # Two people at one keyboard: while a timed window is open no hand is shown, and the
    # players around the felt keep the order they sat in around the last one shown.
    app = table_app("Ann,Bob,bot,bot")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_table(pilot, app)
        table = screen.table
        table.last_seat = 1
        felt = table.query_one(Felt)
        seated = []
        felt.seat = lambda seats, scale, **_: seated.append([s.name for s in seats])
        table.show(screen.game.view(screen.match.state, None), screen.match.names, [], False)
        # Clockwise from the place at the bottom Bob last had: Bot 3 next, Bob last.
        assert seated[-1] == ["Bot 3", "Bot 4", "Ann", "Bob"]


async def test_every_key_of_an_offer_fits_80_columns():
    """Asked for an offer, Ann has eight keys to read: at 80 columns the footer goes compact
    and every one of them is on screen (the last ran off the edge, cut to "^")."""
    app = table_app("Ann,bot,bot,bot")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = screen.match.state
        state.turn, state.phase, state.attempt = 1, Phase.OFFERS, 1
        state.offers, state.asked = [None] * 4, [0, 2, 3]
        screen.redraw()
        await pilot.pause()
        assert 0 in screen.game.to_act(state)
        footer = screen_lines(app)[-1]
        for words in ("Play / choose", "o Offer", "Offer nothing", "Moves", "Hint", "^l Log"):
            assert words in footer, footer


async def test_who_plays_next_beside_the_piles_breaks_between_names_never_inside_one():
    # "To play: Bot 4 → Player" above a lone "1" (a player's name with a space in it).
    app = table_app("Ann Lee,Bob Ray,Cy Dee,Di Fox,Ed Gil,Flo Hu,Gus Ivy,Hal Joy", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        crowded(screen)
        state = screen.match.state
        state.turn, state.penalty = 6, 2
        info = screen.table.query_one("#ri-info")
        for phase in (Phase.WINDOW, Phase.PLAY):  # "Next to play:", then "To play: … → …"
            state.phase = phase
            screen.redraw()
            await let_time_pass(pilot, 0.1)
            lines = str(info.render()).splitlines()  # as written, before the widget wraps them
            assert all(cell_len(line) <= info.content_size.width for line in lines), lines
            assert any("to play:" in line.lower() for line in lines), lines
