"""The Over Trump table as a player sees it at 80x24: a finished trick stays on the table with
its winner until the next card, every player's row and the trick fit, the hint is followed
exactly (a reveal with the hinted Keeper), and the last hand's summary leads to the result."""

from cardtable.engine import Chance
from cardtable.games.over_trump import OverTrumpOptions, OverTrumpState, PlaceCard
from cardtable.games.over_trump.state import Placement
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.game_summary import GameSummaryScreen
from cardtable.ui.screens.table import TableScreen
from cardtable.ui.tables import over_trump
from tests.cards_text import pcard, pcards
from tests.pilot_steps import wait_until

SIZE = (80, 24)


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


def trick_text(screen) -> str:
    return str(screen.query_one("#ot-trick").render())


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
        assert "WON ▶   A✂S" in shown
        await pilot.press("2")  # Ann leads A of Rock: trick 9 gives way; she wins trick 10
        await pilot.pause()
        shown = trick_text(screen)
        assert "A✂S" not in shown and "WON ▶   A●R" in shown and "Won by Ann" in shown


async def test_everything_shows_at_80x24_without_wrapping():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await at(pilot, app, busy_trick())
        seats = str(screen.query_one("#ot-seats").render()).splitlines()
        assert len(seats) == 5  # the header and all four players
        assert "no ●R ✂S" in seats[2] and "holds A●R" in seats[3] and "no ●R ■P" in seats[4]
        trick = trick_text(screen).splitlines()
        assert any("Keeper revealed" in line for line in trick)
        assert screen.query_one("#ot-seats").size.height >= 5
        assert screen.query_one("#ot-trick").size.height >= len(trick) + 2


def test_the_busy_table_at_80x24(snap_compare):
    async def put_it(pilot):
        await at(pilot, pilot.app, busy_trick())

    assert snap_compare(table_app(), terminal_size=SIZE, run_before=put_it)


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
            screen.table.suggest(hinted)
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
