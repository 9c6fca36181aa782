"""Sets and Runs' rules page: its contract and points tables are the game's data, every setting
is listed, our settlements are marked as ours and are what the engine does, and
`cardtable rules sets-and-runs` prints it (the game need not be registered for that)."""

import re
import subprocess
import sys

from annotated_types import Ge, Le

from cardtable.cards import rank_name
from cardtable.games.catalog import CATALOG
from cardtable.games.sets_and_runs import GAME
from cardtable.games.sets_and_runs.contracts import (
    BUYS_PER_ROUND,
    CONTRACTS,
    DEAL,
    JOKERS,
    RUN_MAX,
    RUN_MIN,
    SET_MIN,
)
from cardtable.games.sets_and_runs.melds import JOKER, meld_refusal
from cardtable.games.sets_and_runs.moves import discard, lay_meld
from cardtable.games.sets_and_runs.rules import DECK
from cardtable.games.sets_and_runs.scoring import POINTS
from cardtable.games.sets_and_runs.state import SetsAndRunsOptions
from cardtable.rules_pages import rules_page
from tests.test_sets_and_runs_rules import c, cs, position, refused

GAME_ID = "sets-and-runs"


def source() -> str:
    page = rules_page(GAME_ID)
    assert page is not None, "assets/rules/sets-and-runs.md is missing"
    return page


def page() -> str:
    """The page with its line breaks and runs of spaces as single spaces."""
    return " ".join(source().split())


def table(heading: str) -> list[list[str]]:
    """The body rows of the Markdown table whose header row starts with `heading`."""
    lines = source().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {heading} |"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def blocks() -> list[str]:
    """The page's paragraphs and list items, each as one line."""
    out: list[str] = []
    for para in re.split(r"\n\s*\n", source()):
        for item in re.split(r"\n(?=- |\d+\. )", para):
            out.append(" ".join(item.split()))
    return out


def block_with(words: str) -> str:
    found = [b for b in blocks() if words in b]
    assert len(found) == 1, f"{words!r} is in {len(found)} paragraphs"
    return found[0]


def test_the_contract_table_is_the_games_contracts():
    rows = table("Round")
    assert rows == [
        [str(n), contract.name, str(contract.cards_needed)]
        for n, contract in enumerate(CONTRACTS, start=1)
    ]
    assert f"3 for a set, {RUN_MIN} for a run" in page() and SET_MIN == 3
    last = CONTRACTS[-1]
    assert f"Three Runs, that is {last.cards_needed} cards, more than the {DEAL} dealt" in page()


def test_the_points_table_is_the_games_scoring():
    ranks = {"Joker": 0} | {rank_name(r): r for r in range(1, 14)}
    seen: dict[int, int] = {}
    for cards, points in table("Card left in hand"):
        for name in cards.split(", "):
            rank = ranks[name]
            assert rank not in seen, f"{name} is in two rows"
            seen[rank] = int(points)
    assert seen == dict(enumerate(POINTS))


def test_the_deal_buys_and_runs_are_the_games_numbers():
    text = page()
    assert len(DECK) == 108 and JOKERS == 4
    assert "**108 cards**: two standard decks shuffled together, with 2 Jokers each" in text
    assert f"everyone is dealt **{DEAL} cards**" in text
    assert f"Each player has **{BUYS_PER_ROUND} buys a round**" in text
    assert f"A **set** is {SET_MIN} or more cards of one rank" in text
    assert f"A **run** is {RUN_MIN} or more cards in a row of one suit" in text
    assert f"holds **at most {RUN_MAX} cards**" in text
    seats = next(e.seats for e in CATALOG if e.id == GAME_ID)
    low, high = (int(n) for n in seats.split("-"))
    assert (low, high) == (min(GAME.seat_counts), max(GAME.seat_counts))
    assert f"{low} to {high} players" in text


def test_the_page_tells_the_game_from_the_deal_to_the_seventh_rounds_totals():
    text = page()
    for words in (
        "the deal moves **one seat to the left** each round",
        "it goes back into the stock at a random place",
        "The player on the dealer's left plays first",
        "You lay down **exactly the contract**",
        "**never an extra meld**",
        "you may **take it back** into your hand",
        "Before you have laid down you may not play on the table at all",
        "**Add** cards to **any** meld on the table, your own or another player's",
        "A **Joker in a set is locked**",
        "he puts it in A's run in the Joker's place (4♠ 5♠ 6♠ 7♠) and takes the Joker",
        "**A card that could be played on the table may not be discarded**",
        "The **next player has first call**",
        "The turned-up card is **not for sale**: no buy window opens on it",
        "**The card turned to start the discard pile is not for sale**",
        "**A floating player with buys left may buy** like anyone",
        "A contract may hold **two sets of the same rank**",
        "The buyer takes the discard **and the top card of the stock**, and does not discard",
        "Player C, holding 11 cards, holds 13 after buying the K♥",
        "the one **nearest the next player's left** gets it",
        "C and D both do: C gets it",
        "The round ends **when a player discards her last card**",
        "If that card can be played she **must play it**, and floats again",
        "the discard pile **less its top card** is shuffled into a new stock",
        "This happens **once per round**",
        "If the stock runs out **a second time**, the round is over",
        "After the seventh round the **lowest total wins**",
        "share the win",
    ):
        assert words in text, words


def test_our_settlements_are_marked_as_ours():
    for words in (
        "a set may hold the same card twice",
        "a run holds **at most",
        "the order of the run's cards names it",
        "you may add and swap on the very turn you lay down",
        "may not discard a Joker that any meld can take",
        "the player who made the discard may not buy it back",
        "A player who has laid down may still buy",
        "A floating next player has no first call",
        "a discard may be taken or bought only in its own window",
        "that player draws from the stock",
        "the stock is made again only when someone must draw from it",
        "keeps the bought card, and the round ends there",
        "with no cards under the top discard to make a new one, the round ends too",
    ):
        block = block_with(words)
        assert "**Ours:**" in block or "(**ours**" in block, words


def test_our_settlements_are_what_the_engine_does():
    # Nobody may buy the turned-up card; the next player may take it as her draw.
    for seed in range(6):
        state = GAME.new_game(4, seed)
        assert GAME.claim_window(state) is None
        assert GAME.to_act(state) == [(state.dealer + 1) % 4]
    # The same card twice in a set; a run of 13, never 14.
    assert meld_refusal(cs("7H 7H 7S"), run=False) is None
    assert meld_refusal(cs("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"), run=True) is None
    assert meld_refusal(cs("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"), run=True)
    # Two sets of one rank make Two Sets; then a Joker any meld can take may not be discarded.
    state = position({0: "7H 7S 7D 7C 7H 7S JK 2C"}, turn=0)
    GAME.apply(state, 0, lay_meld(tuple(cs("7H 7S 7D")), run=False))
    GAME.apply(state, 0, lay_meld(tuple(cs("7C 7H 7S")), run=False))
    assert state.laid_down[0]
    assert "could be played" in refused(state, 0, discard(JOKER))
    GAME.apply(state, 0, discard(c("2C")))
    # The discarder may not buy her own discard back.
    assert 0 not in GAME.claim_window(state).open_to


def test_the_page_lists_every_setting_with_its_range_and_default():
    rows = {row[0]: row for row in table("Setting")}
    for field in SetsAndRunsOptions.model_fields.values():
        assert field.title in rows, field.title
        _, choices, default = rows[field.title]
        low = next(m.ge for m in field.metadata if isinstance(m, Ge))
        high = next(m.le for m in field.metadata if isinstance(m, Le))
        assert choices.startswith(f"{low} to {high}")
        assert default == str(field.default)
    assert len(rows) == len(SetsAndRunsOptions.model_fields)


def test_the_page_says_how_buys_work_at_one_keyboard():
    text = page()
    assert "Each seat has a **claim key**" in text
    assert "press **your** claim key before the countdown ends" in text
    assert "Asking is not yet buying: the **next player decides** afterwards" in text
    assert "the nearest player who asked buys it" in text
    assert "each person who may buy is asked in turn" in text


def test_cardtable_rules_prints_the_sets_and_runs_page():
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "rules", "Sets and Runs"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "The seven contracts" in done.stdout and "Two Sets and One Run" in done.stdout
    assert "Going out, and floating" in done.stdout
