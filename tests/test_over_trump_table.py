"""The Over Trump table as a player sees it: the players around the felt, the trick's cards in
front of them with the top one marked; a finished trick stays on the table with its winner until
the next card; everything fits at 80x24 and spreads out at 200x60; a card that lands is lit for a
moment; the hint is followed exactly (a reveal with the hinted Keeper), and the last hand's
summary leads to the result."""

import pytest
from rich.cells import cell_len

from cardtable.engine import Chance
from cardtable.games.over_trump import OverTrumpOptions, OverTrumpState, PlaceCard
from cardtable.games.over_trump.state import Placement
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.game_summary import GameSummaryScreen
from cardtable.ui.screens.table import TableScreen
from cardtable.ui.tables import over_trump
from cardtable.ui.widgets import GameTable
from tests.cards_text import pcard, pcards
from tests.pilot_steps import status, wait_until

SIZE = (80, 24)
SIZES = [(80, 24), (120, 40), (200, 60)]


def table_app() -> CardTableApp:
    return CardTableApp(
        Launch(command="play", game="over-trump", seats="Ann,bot,bot,bot", seed=4, delay=0)
    )


def anns_last_card_wins() -> OverTrumpState:
    """Trick 9 of hand 1: Bob led 9 of Scissors, Cy and Di followed; Ann, last, holds the Ace.
    Nobody else holds Rock or Paper, so her A of Rock wins trick 10 too."""
    return OverTrumpState(
        options=OverTrumpOptions(),
        dealer=0,
        leader=1,
        hands=[pcards("AS AR 3R"), pcards("4S 5S"), pcards("6S 7S"), pcards("10S JS")],
        trick=[Placement(seat=s, card=pcard(c)) for s, c in [(1, "9S"), (2, "3S"), (3, "8S")]],
        tricks=[3, 5],
        chance=Chance.seeded(1),
    )


def busy_trick() -> OverTrumpState:
    """Every column in use: voids of two suits, a card seen going back, a Keeper and a reveal."""
    state = OverTrumpState(
        options=OverTrumpOptions(),
        dealer=3,
        leader=1,
        hands=[pcards("1R 9R QP KpS 4S"), pcards("5P 6P"), pcards("AR 7P"), pcards("8P 9P")],
        trick=[
            Placement(seat=1, card=pcard("KpR")),
            Placement(seat=3, card=pcard("3S")),
            Placement(seat=2, card=pcard("10S"), reveal=pcard("KpP")),
        ],
        tricks=[3, 3],
        scores=[45, 38],
        chance=Chance.seeded(1),
    )
    state.voids[1] = list(map(type(pcard("1R").suit), "RS"))
    state.voids[3] = list(map(type(pcard("1R").suit), "RP"))
    state.shown[2] = [pcard("AR")]
    return state


async def at(pilot, app, state) -> TableScreen:
    """Put the hand-made position on the table with Ann to see it."""
    for _ in range(300):
        screen = app.screen
        if isinstance(screen, TableScreen) and screen.viewer in screen.acting():
            break
        await pilot.pause(0.02)
    screen = app.screen
    screen.match.state = state
    screen.advance()
    await pilot.pause()
    return screen


def crowded_trick() -> OverTrumpState:
    """The busiest table: trick 3, every hand still big (Ann 9, the others 8), a Keeper and a
    reveal in the trick, every other player out of a suit, cards seen going back (Bot 2 both
    out of suits and holding one)."""
    state = OverTrumpState(
        options=OverTrumpOptions(),
        dealer=3,
        leader=1,
        hands=[
            pcards("1R 9R QR QP 2P 3P KpS 4S 7S"),
            pcards("5P 6P 7P 8P 9P 10P JP 2S"),
            pcards("AR 2R 3R 4R 5R 6R 7R 8R"),
            pcards("1P 4P 10R JR KR 5S 6S 8S"),
        ],
        trick=[
            Placement(seat=1, card=pcard("KpR")),
            Placement(seat=3, card=pcard("3S")),
            Placement(seat=2, card=pcard("10S"), reveal=pcard("KpP")),
        ],
        tricks=[1, 1],
        scores=[45, 38],
        chance=Chance.seeded(1),
    )
    state.voids[1] = list(map(type(pcard("1R").suit), "RS"))
    state.voids[3] = list(map(type(pcard("1R").suit), "RP"))
    state.voids[2] = list(map(type(pcard("1R").suit), "P"))
    state.shown[1] = [pcard("8P")]
    state.shown[2] = [pcard("AR")]
    return state


def trick_text(screen) -> str:
    return str(screen.query_one("#ot-trick").render())


def screen_text(app) -> str:
    """What the terminal shows now, as plain lines."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def mark_of(text: str, card: str) -> str:
    """The mark a card on the felt has: the word under it ('▲ top'), or beside it ('◀ won') at
    the bottom of a small felt; '' for none."""
    lines = text.splitlines()
    row = next(n for n, line in enumerate(lines) if card in line)
    after = lines[row][lines[row].index(card) + len(card) :].split("  ")[0].strip()
    if after.startswith("◀"):
        return after[1:].strip()
    start = cell_len(lines[row][: lines[row].index(card)])
    below = lines[row + 1][max(start - 2, 0) : start + len(card) + 2].strip()
    return below[1:].strip() if below.startswith("▲") else ""


async def test_a_finished_trick_stays_on_the_table_with_its_winner_until_the_next_card():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await at(pilot, app, anns_last_card_wins())
        await pilot.press("3")  # the Ace of Scissors (Rock sorts first): it takes the trick
        await pilot.pause()
        assert screen.match.state.trick == [] and screen.acting() == [0]
        shown = trick_text(screen)
        assert "Won by Ann" in shown
        for card in ("A✂S", "9✂S", "3✂S", "8✂S"):
            assert card in shown
        assert mark_of(shown, "A✂S") == "won"
        assert [mark_of(shown, card) for card in ("9✂S", "3✂S", "8✂S")] == ["", "", ""]
        await pilot.press("2")  # Ann leads A of Rock: trick 9 gives way; she wins trick 10
        await pilot.pause()
        shown = trick_text(screen)
        assert "A✂S" not in shown and mark_of(shown, "A●R") == "won" and "Won by Ann" in shown


async def test_everything_shows_at_80x24_without_wrapping():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await at(pilot, app, busy_trick())
        shown = screen_text(app)
        for seen in ("Bot 2", "Bot 3", "Bot 4 · dealer", "Team A: 45", "Team B: 38"):
            assert seen in shown
        assert shown.count("Team B · 3 tricks") == 2 and "Team A · 3 tricks" in shown
        assert "out of ●R ✂S" in shown and "holds  A●R" in shown and "out of ●R ■P" in shown
        trick = trick_text(screen)
        assert "Keeper revealed by Bot 3: 10✂S goes back" in trick
        assert mark_of(trick, "10✂S") == "top" and "★Keep" in trick and "3✂S" in trick
        for line in ("●R beats ✂S", "✂S beats ■P", "■P beats ●R", "Trick 7", "Bot 2 led"):
            assert line in trick
        felt = screen.query_one("#ot-trick")
        assert len(trick.splitlines()) <= felt.content_size.height


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_crowded_table(snap_compare, size):
    async def put_it(pilot):
        pilot.app.animation_level = "none"
        await at(pilot, pilot.app, crowded_trick())

    assert snap_compare(table_app(), terminal_size=size, run_before=put_it)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_every_player_and_the_whole_trick_fit_above_the_hand(size):
    app = table_app()
    async with app.run_test(size=size) as pilot:
        screen = await at(pilot, app, crowded_trick())
        shown = screen_text(app)
        for seat in ("Bot 2", "Bot 3", "Bot 4"):
            assert seat in shown
        assert shown.count("8 cards") == 3 and "Ann's hand: 9 cards" in shown
        assert "Ann" in trick_text(screen)  # her place at the bottom of the felt
        hand = screen.query_one("#hand").region
        for part in ("#seats-across", "#ot-trick"):
            region = screen.query_one(part).region
            assert app.screen.region.contains_region(region), part
            assert not region.overlaps(hand), part
        felt = screen.query_one("#ot-trick")
        lines = trick_text(screen).splitlines()
        assert len(lines) <= felt.content_size.height
        assert all(cell_len(line) <= felt.content_size.width for line in lines)
        for seen in ("Keeper revealed by Bot 3", "top", "Team A: 45", "■P beats ●R", "100 wins"):
            assert seen in shown


async def test_at_200x60_the_players_and_the_trick_spread_across_the_felt():
    app = table_app()
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await at(pilot, app, crowded_trick())
        assert screen.query_one("#seats-left").region.x < 10
        assert screen.query_one("#seats-right").region.right > 190
        lines = screen_text(app).splitlines()

        def column(card: str) -> int:
            row = next(line for line in lines if card in line)
            return cell_len(row[: row.index(card)])

        assert column("3✂S") > 100 > column("★Keep")  # Bot 4's card right, Bot 2's left
        assert 80 < column("10✂S") < 120  # Bot 3's card across, in the middle
        assert column("Team B: 38") > 150 and column("Team A: 45") < 50


def lit_edges(screen) -> int:
    """How many heavy edges (a card that has just landed) the felt shows."""
    return trick_text(screen).count("┏")


async def test_a_card_placed_is_lit_where_it_lands_for_a_moment(monkeypatch):
    monkeypatch.setattr(over_trump, "TRICK_SEEN_SECONDS", 10.0)  # the trick stays in view
    # Lit for 3 s here rather than 0.3: on a loaded machine a pause outlasts 0.3 s.
    monkeypatch.setattr(GameTable, "LANDED_SECONDS", 3.0)
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at(pilot, app, busy_trick())
        # The cards put there by hand were lit as they landed: wait until that is over.
        await wait_until(pilot, lambda: not screen.table.lit, tries=400)
        await pilot.pause()
        assert lit_edges(screen) == 0
        await pilot.press("4")  # the 4 of Scissors: under the 10, not the top
        await pilot.pause()
        assert "Won by" in trick_text(screen) and "4✂S" in trick_text(screen)
        assert lit_edges(screen) == 1 and screen.table.landed(("trick", 0, pcard("4S")))
        await wait_until(pilot, lambda: not screen.table.lit, tries=400)
        await pilot.pause()
        assert lit_edges(screen) == 0 and "4✂S" in trick_text(screen)


async def test_with_animations_off_nothing_is_lit(monkeypatch):
    monkeypatch.setattr(over_trump, "TRICK_SEEN_SECONDS", 5.0)
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.animation_level = "none"
        screen = await at(pilot, app, busy_trick())
        await pilot.press("4")
        await pilot.pause()
        assert "4✂S" in trick_text(screen) and lit_edges(screen) == 0
        assert not screen.table.lit


async def test_a_spectator_sees_seat_1_at_the_bottom_with_her_hand_face_down():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await at(pilot, app, crowded_trick())
        match = screen.match
        screen.table.show(match.game.view(match.state, None), screen.table.names, [], False)
        await pilot.pause()
        shown = screen_text(app)
        assert "▶ Ann · Team A" in shown and "9 cards" in shown and shown.count("8 cards") == 3
        for hidden in ("1●R", "9●R", "Q■P", "7✂S"):  # Ann's cards, none on the felt
            assert hidden not in shown
        assert "Keeper revealed by Bot 3" in shown and "●R beats ✂S" in shown


async def test_a_wide_name_keeps_the_felt_in_line():
    wide = "Ann🎉"  # four characters, five cells
    app = CardTableApp(
        Launch(command="play", game="over-trump", seats=f"{wide},bot,bot,bot", seed=4, delay=0)
    )
    async with app.run_test(size=SIZE) as pilot:
        screen = await at(pilot, app, busy_trick())
        felt = screen.query_one("#ot-trick")
        lines = trick_text(screen).splitlines()
        assert any(wide in line for line in lines)
        assert {cell_len(line) for line in lines} == {felt.content_size.width}


async def test_the_hint_reveals_with_the_keeper_it_names():
    # Ann holds two Keepers; the hint names the Paper one (the Rock one sorts first).
    state = OverTrumpState(
        options=OverTrumpOptions(),
        dealer=0,
        leader=1,
        hands=[pcards("AS 1S KpP KpR"), pcards("5P 6P"), pcards("6S 7P"), pcards("7S 8P")],
        trick=[Placement(seat=s, card=pcard(c)) for s, c in [(1, "9S"), (2, "3S"), (3, "8S")]],
        tricks=[3, 5],
        chance=Chance.seeded(1),
    )
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await at(pilot, app, state)
        for hinted in (PlaceCard(card=pcard("AS"), reveal=pcard("KpP")),):
            screen.table.hinted = hinted
            how = screen.table.suggest(hinted)
            # The reveal is set by the hint: the line says so, and that k would take it off.
            assert how.startswith("The reveal is set") and "k would cancel" in how
            before = len(screen.match.record.log)
            await pilot.press("enter")
            await pilot.pause()
            assert screen.match.record.log[before].move == hinted.model_dump(mode="json")


async def test_the_last_hands_summary_leads_to_the_result():
    state = anns_last_card_wins()
    state.hands = [pcards("AS"), [], [], []]
    state.tricks = [4, 6]
    state.scores = [95, 10]
    state.won = [pcards("1R 1P"), []]
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await at(pilot, app, state)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameSummaryScreen)
        next_up = str(app.screen.query_one("#results-next").render())
        assert next_up == "Enter: the result of the game"


async def test_a_finished_trick_stays_in_view_a_moment_before_a_bot_leads_the_next(
    monkeypatch, fake_clock
):
    monkeypatch.setattr(over_trump, "TRICK_SEEN_SECONDS", 1.0)
    app = CardTableApp(
        Launch(command="play", game="over-trump", seats="bot,bot,bot,bot", seed=3, delay=0)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        match = app.screen.match
        played_at: list[tuple[float, int]] = []  # (when, cards won so far) after each move
        real_play = match.play

        def timed_play(seat, move):
            events = real_play(seat, move)
            played_at.append((app.clock.now(), sum(len(w) for w in match.state.won)))
            return events

        monkeypatch.setattr(match, "play", timed_play)
        await wait_until(pilot, lambda: len(played_at) >= 5, tries=500)
        # The move that finishes the first trick, then the next lead, a bot's.
        first = next(i for i, (_, won) in enumerate(played_at) if won > 0)
        await wait_until(pilot, lambda: len(played_at) > first + 1, tries=500)
        (finished_at, _), (next_at, _) = played_at[first], played_at[first + 1]
        assert next_at - finished_at >= 0.95
        assert finished_at - played_at[first - 1][0] < 0.95, "a move within a trick does not wait"


async def test_the_keeper_reveal_title_fits_80_columns_with_its_way_back():
    state = OverTrumpState(
        options=OverTrumpOptions(),
        dealer=0,
        leader=1,
        hands=[pcards("AS 1S KpP 4R 5R 6R 7R 8R 9R 10R QR"), *[pcards("5P 6P")] * 3],
        trick=[Placement(seat=s, card=pcard(c)) for s, c in [(1, "9S"), (2, "3S"), (3, "8S")]],
        tricks=[0, 0],
        chance=Chance.seeded(1),
    )
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await at(pilot, app, state)
        await pilot.press("k")
        await pilot.pause()
        title = screen.query_one("#hand-title")
        words = str(title.render())
        assert "(k cancels)" in words and cell_len(words.rstrip()) <= title.content_size.width


async def test_on_a_projector_a_teams_corner_names_its_players_whole():
    """At 200x60 the corners have room for 'Strong bot 2 & Strong bot 4'; at 80x24 a name too
    long for a caption keeps its seat number ('Strong… 2')."""
    from cardtable.ui.tables.over_trump import cut

    app = CardTableApp(
        Launch(
            command="play",
            game="over-trump",
            seats="Ann,bot:strong,bot,bot:strong",
            seed=4,
            delay=0,
        )
    )
    async with app.run_test(size=(200, 60)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view)
        corner = " ".join(line.plain for line in app.screen.table._team(1))
        assert "Strong bot 2 & Strong bot 4" in corner
    assert cut("Strong bot 2") == "Strong… 2"


def footer_words(screen) -> set[str]:
    """The keys the footer shows now, by their words."""
    return {b.description for (_, b, enabled, _) in screen.active_bindings.values() if b.show}


async def test_k_shows_only_with_a_keeper_to_reveal_and_l_only_once_a_trick_is_won():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        # No Keeper in Ann's hand and no trick won yet: neither key shows, and each says why.
        screen = await at(pilot, app, anns_last_card_wins())
        await pilot.pause()
        assert {"Reveal a Keeper", "Last trick"}.isdisjoint(footer_words(screen))
        await pilot.press("k")
        await wait_until(pilot, lambda: "no Keeper to reveal" in status(app))
        await pilot.press("l")
        await wait_until(pilot, lambda: "No trick has been won yet" in status(app))
        # Her Ace takes the trick, which stays on the felt: l says that is the last trick.
        await pilot.press("3")
        await wait_until(pilot, lambda: "Last trick" in footer_words(screen))
        await pilot.press("l")
        await wait_until(pilot, lambda: "stays there until the next card" in status(app))
        # A Keeper and a card of a suit in hand: k shows, and reveals.
        screen = await at(pilot, app, busy_trick())
        await wait_until(pilot, lambda: "Reveal a Keeper" in footer_words(screen))
        await pilot.press("k")
        await pilot.pause()
        assert screen.table.revealing


async def test_a_hand_of_keepers_only_cannot_reveal_and_k_says_why():
    state = anns_last_card_wins()
    state.hands[0] = pcards("KpR KpP")
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await at(pilot, app, state)
        await pilot.pause()
        assert "Reveal a Keeper" not in footer_words(screen)
        await pilot.press("k")
        await wait_until(pilot, lambda: "you hold only Keepers" in status(app))
        assert not screen.table.revealing


async def test_the_last_trick_of_a_hand_on_the_felt_names_that_hands_dealer():
    """Hand 2 is dealt (by Bot 2) while hand 1's last trick still lies on the felt: the corner
    names hand 1 and its dealer, Ann, not the new hand's."""
    state = OverTrumpState(
        options=OverTrumpOptions(),
        dealer=1,
        leader=0,  # Ann leads (no bot moves before the picture)
        hand_number=2,
        hands=[pcards("AS 1S"), pcards("4S 5S"), pcards("6S 7S"), pcards("10S JS")],
        trick=[],
        tricks=[0, 0],
        chance=Chance.seeded(1),
    )
    state.last_trick = [
        Placement(seat=s, card=pcard(c)) for s, c in [(1, "9R"), (2, "3R"), (3, "8R"), (0, "AR")]
    ]
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at(pilot, app, state)
        await pilot.pause()
        shown = trick_text(screen)
        assert "Hand 1" in shown and "Ann dealt" in shown, shown


@pytest.mark.parametrize("tracker", [True, False])
async def test_the_void_tracker_shows_who_is_out_of_which_suit_only_while_it_is_on(tracker):
    # RULES.md: "A void tracker (who has shown out of which suit) is a hint, on by default."
    assert OverTrumpOptions().void_tracker  # on by default
    state = busy_trick()
    state.options = OverTrumpOptions(void_tracker=tracker)
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await at(pilot, app, state)
        shown = screen_text(app)
        assert ("out of ●R ✂S" in shown and "out of ●R ■P" in shown) is tracker
        assert "holds  A●R" in shown  # a card seen going back is not the tracker's to hide
