"""A game's options typed on the command line (`--option hand-size=5`): every option of every
game can be chosen that way, in the words the setup screen and the rules use, and anything
else is refused in a sentence that says what the option takes."""

from __future__ import annotations

from enum import Enum

import pytest

from cardtable import cli, games
from cardtable.engine.option_words import (
    OptionsError,
    option_key,
    takes,
    typed_options,
    validated,
)
from cardtable.games.runway.state import DeckEnd, Handicap, Points
from cardtable.ui.app import Launch
from tests.test_cli_input import refused


def typed(game_id: str, *texts: str):
    game = games.get(game_id)
    return typed_options(game.options_model, game.name, list(texts))


def each_value(field):
    """Every value an option takes, as typed (its key) and as read."""
    default = field.default
    if isinstance(default, bool):
        return [("yes", True), ("No", False), ("on", True), ("off", False)]
    if isinstance(default, Enum):
        members = list(type(default))
        return [(option_key(m.name.lower()), m) for m in members] + [
            (str(m.value).upper(), m) for m in members
        ]
    low = next(m.ge for m in field.metadata if hasattr(m, "ge"))
    high = next(m.le for m in field.metadata if hasattr(m, "le"))
    return [(str(low), low), (str(high), high)]


@pytest.mark.parametrize("game_id", games.ids())
def test_every_value_of_every_option_can_be_typed_and_is_what_a_game_starts_with(game_id):
    model = games.get(game_id).options_model
    for name, field in model.model_fields.items():
        for text, value in each_value(field):
            for key in (option_key(name), name.upper()):
                chosen = typed(game_id, f"{key}={text}")
                assert chosen == {name: value}
                assert getattr(validated(model, chosen), name) == value


@pytest.mark.parametrize(
    ("game_id", "text", "words"),
    [
        ("run-it", "hand-size=12", "--option hand-size=12: it takes a whole number, 3 to 10 cards"),
        ("run-it", "hand-size=five", "it takes a whole number, 3 to 10 cards dealt."),
        ("run-it", "match-seconds=2.5", "it takes a whole number, 0 to 10 seconds."),
        ("run-it", "draw-anyway=maybe", "--option draw-anyway=maybe: it takes yes or no."),
        ("runway", "points=x", "it takes off, to-500 or deck-ends."),
        ("runway", "handicap=", "it takes off, longer-run, smaller-hand or both."),
        ("runway", "handicap=one", "--option handicap=one: that begins longer-run or smaller-hand"),
        ("run-it", "hand-sise=4", "Run It has no option 'hand-sise'. Did you mean hand-size?"),
        ("piles", "games=3", "Piles has no option 'games'. Its options: show-buried (yes or no)."),
        (
            "piles",
            "show-buried",
            "--option show-buried needs a name, = and a value, like show-buried=yes.",
        ),
        ("piles", "=yes", "--option =yes needs a name, = and a value"),
        ("over-trump", "", "--option needs a name, = and a value, like table-rules=yes."),
    ],
)
def test_an_option_the_game_has_not_or_a_value_it_does_not_take_is_refused_in_words(
    game_id, text, words
):
    with pytest.raises(OptionsError) as refusal:
        typed(game_id, text)
    assert words in refusal.value.reason


def test_what_an_option_takes_is_said_in_the_words_it_is_typed_in():
    fields = games.get("runway").options_model.model_fields
    assert takes("trading", fields["trading"]) == "yes or no"
    assert takes("decks", fields["decks"]) == "a whole number, 1 to 3 decks"
    assert takes("handicap", fields["handicap"]) == "off, longer-run, smaller-hand or both"
    assert takes("deck_end", fields["deck_end"]) == "off or reshuffle"


def test_a_choice_may_be_typed_by_the_first_letters_of_its_short_name_or_its_words():
    assert typed("runway", "handicap=longer", "deck-end=resh", "points=deck") == {
        "handicap": Handicap.LONGER_RUN,
        "deck_end": DeckEnd.RESHUFFLE,
        "points": Points.DECK_ENDS,
    }
    assert typed("runway", "handicap=One more")["handicap"] is Handicap.LONGER_RUN
    # The short names come first: 'to' begins to-500 (and the words of deck-ends' choice).
    assert typed("runway", "points=to")["points"] is Points.TO_500


def test_an_option_given_twice_is_refused_whatever_its_spelling():
    with pytest.raises(OptionsError) as refusal:
        typed("run-it", "hand-size=3", "HAND_SIZE=4")
    assert refusal.value.reason == "--option hand-size is given twice: give it once."


def test_play_and_host_refuse_a_wrong_option_before_anything_starts(capsys):
    said = refused(capsys, "play", "run-it", "--seats", "Ann,bot", "--option", "hand-size=2")
    assert "--option hand-size=2: it takes a whole number, 3 to 10 cards dealt." in said
    said = refused(capsys, "host", "runway", "--seats", "Ann,bot", "--option", "colour=red")
    assert "Runway has no option 'colour'. Its options: trading (yes or no);" in said
    said = refused(capsys, "host", "--resume", "--option", "trading=yes")
    assert "leave out the game, --seats, --seed and --option" in said


def test_play_starts_with_the_options_typed(monkeypatch):
    launched: list[Launch] = []

    class Recorder:
        exit_message = return_code = None

        def __init__(self, launch: Launch) -> None:
            launched.append(launch)

        def run(self) -> None:
            pass

    monkeypatch.setattr("cardtable.ui.app.CardTableApp", Recorder)
    cli.main(["play", "runway", "--seats", "Ann,bot", "--option", "trading=yes", "--option",
              "points=to-500", "--option", "decks=2"])  # fmt: skip
    options = games.get("runway").options(launched[-1].options)
    assert (options.trading, options.points.name, options.decks) == (True, "TO_500", 2)


async def test_without_seats_the_setup_screen_opens_on_the_options_typed_and_starts_with_them():
    from textual.widgets import Input

    from cardtable.ui.app import CardTableApp
    from cardtable.ui.screens.setup import SetupScreen
    from cardtable.ui.screens.table import TableScreen
    from tests.pilot_steps import wait_until

    chosen = typed("run-it", "hand-size=3", "draw-anyway=yes")
    app = CardTableApp(Launch(command="play", game="run-it", options=chosen, delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert app.screen.query_one("#option-hand_size", Input).value == "3"
        assert app.screen.query_one("#option-draw_anyway").value is True
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        options = table.match.state.options
        assert (options.hand_size, options.draw_anyway, options.match_seconds) == (3, True, 3)


def test_a_hosted_game_is_dealt_with_the_options_typed(monkeypatch):
    hosted = []
    monkeypatch.setattr(cli, "_run_host", lambda args, hosting: hosted.append(hosting))
    monkeypatch.setattr(cli, "_ports_busy", lambda args, port: None)
    cli.main(["host", "run-it", "--seats", "Ann,bot", "--option",
              "match-seconds=0", "--option", "hand-size=4"])  # fmt: skip
    match = hosted[0].match
    try:
        assert (match.state.options.match_seconds, match.state.options.hand_size) == (0, 4)
        assert all(len(hand) == 4 for hand in match.state.hands)
    finally:
        match.close()


def test_simulate_deals_every_game_with_the_options_typed(monkeypatch, capsys):
    game = games.get("run-it")
    dealt = []
    new_game = game.new_game

    def dealing(*args, **kwargs):
        state = new_game(*args, **kwargs)
        dealt.append(state.options)
        return state

    monkeypatch.setattr(game, "new_game", dealing)
    cli.main(["simulate", "run-it", "-n", "3", "--option", "hand-size=3", "--json"])
    assert [(o.hand_size, o.match_seconds) for o in dealt] == [(3, 3)] * 3
    assert '"games": 3' in capsys.readouterr().out
