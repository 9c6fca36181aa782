"""The Over Trump table: the trick top-first, the four players, teams, voids and the hand."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from cardtable.cards import PilatchCard, PilatchSuit
from cardtable.engine import Event
from cardtable.engine.words import plural
from cardtable.games.over_trump import OverTrumpView, PlaceCard
from cardtable.games.over_trump.moves import short
from cardtable.games.over_trump.rules import SUIT_NAMES
from cardtable.games.over_trump.scoring import points_text
from cardtable.games.over_trump.state import HandSummary, Placement
from cardtable.ui.card_faces import face, look
from cardtable.ui.cells import fitted
from cardtable.ui.screens.game_summary import Column, Line, Row, Summary
from cardtable.ui.widgets import GameTable, happened

TRICK_SEEN_SECONDS = 1.5
"""How long a finished trick stays in view, with its winner, before a bot leads the next."""
SUIT_ORDER = {PilatchSuit.ROCK: 0, PilatchSuit.PAPER: 1, PilatchSuit.SCISSORS: 2}
CYCLE = "●R beats ✂S beats ■P beats ●R"
"""The superior suits in one line that fits the side panel at 80 columns."""
NAME_WIDTH = 12
SEATS_HEADER = f"  {'Player':<{NAME_WIDTH}}  {'Team':^4} {'Cards':>5}  Out of · holds"


def sort_hand(hand: list[PilatchCard]) -> list[PilatchCard]:
    """By suit (Rock, Paper, Scissors), low to high, Keepers last."""
    return sorted(hand, key=lambda c: (c.is_joker, SUIT_ORDER[c.suit], c.rank))


class OverTrumpTable(GameTable[OverTrumpView, PlaceCard]):
    """Choose a card (arrows or its number) and press Enter; k first to reveal a Keeper with it."""

    BINDINGS = [
        Binding("enter,space", "confirm", "Place"),
        Binding("k", "reveal", "Reveal a Keeper"),
        Binding("l", "last_trick", "Last trick"),
    ]

    DEFAULT_CSS = """
    OverTrumpTable #ot-seats {
        height: 5;
    }
    OverTrumpTable #ot-trick {
        height: 1fr;
        border: round #5f8f7a;
        padding: 0 1;
    }
    OverTrumpTable #ot-cycle {
        color: #a5d6a7;
        margin: 1 0;
    }
    OverTrumpTable #ot-teams {
        height: auto;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.revealing = False
        """Step one of a Keeper reveal is done: the next card placed goes with a Keeper."""
        self.reveal_with: PilatchCard | None = None
        """The Keeper a hint named for the reveal; the first one held otherwise."""
        self.showing_last = False

    def compose_table(self) -> ComposeResult:
        with Horizontal(id="ot-main", classes="table-main"):
            with Vertical(id="ot-center", classes="table-centre"):
                yield Static(id="ot-seats")
                yield Static(id="ot-trick")
            with Vertical(id="side"):
                yield Static(id="ot-teams")
                yield Static(CYCLE, id="ot-cycle")

    # Drawing

    MOVE_KEYS = frozenset({"confirm", "reveal"})

    def show(
        self, view: OverTrumpView, names: list[str], legal: list[PlaceCard], interactive: bool
    ) -> None:
        """Draw the players, the trick, the teams and the viewer's hand."""
        self.keep(view, names, legal, interactive)
        self.new_hand(sort_hand(view.hand or []))
        if not interactive:
            self.revealing = False
            self.reveal_with = None
        self._draw_seats()
        self._draw_trick()
        self._draw_teams()
        self.draw_hand()

    def _draw_seats(self) -> None:
        view = self.shown
        text = Text(SEATS_HEADER + "\n", style="dim", no_wrap=True, overflow="ellipsis")
        for seat in range(4):
            mark = "▶ " if seat in view.to_act else "  "
            team = "A" if seat % 2 == 0 else "B"
            text.append(mark, style="bold #ffd54f")
            name = fitted(self.names[seat], NAME_WIDTH)
            text.append(name, style="bold" if seat == view.seat else "")
            text.append(f"  {team:^4} {view.hand_sizes[seat]:>5}  ", style="dim")
            if view.void_tracker and view.voids[seat]:
                voids = " ".join(
                    s.symbol for s in sorted(view.voids[seat], key=SUIT_ORDER.__getitem__)
                )
                text.append(f"no {voids} ", style="#ff8a80")
            shown = view.shown[seat] if view.shown else []
            if shown:
                text.append("holds " + " ".join(short(c) for c in shown), style="#ce93d8")
            text.append("\n")
        self.query_one("#ot-seats", Static).update(text)

    def _draw_trick(self) -> None:
        view = self.shown
        box = self.query_one("#ot-trick", Static)
        box.border_subtitle = Text(f"{self.names[view.dealer]} dealt")
        if view.last_trick and (self.showing_last or not view.trick):
            winner = self.names[view.last_winner or 0]
            number = sum(view.tricks) or 11
            hand = view.hand_number if sum(view.tricks) else view.hand_number - 1
            box.border_title = f"Hand {hand}, trick {number}"
            back = "  (l: back)" if self.showing_last and view.trick else ""
            self._pile(f"Won by {winner}{back}", view.last_trick, len(view.last_trick) - 1, True)
            return
        box.border_title = f"Hand {view.hand_number}, trick {sum(view.tricks) + 1}"
        leader = self.names[view.leader]
        led = f"{leader} led" if view.trick else f"{leader} to lead"
        suit = f"  ·  suit: {SUIT_NAMES[view.trick_suit]}" if view.trick_suit else ""
        self._pile(f"{led}{suit}", view.trick, view.top, False)

    def _pile(self, title: str, trick: list[Placement], top: int | None, won: bool) -> None:
        text = Text(title + "\n\n", style="bold", no_wrap=True, overflow="ellipsis")
        if not trick:
            text.append("  (no card yet)", style="dim")
        for i in range(len(trick) - 1, -1, -1):
            placement = trick[i]
            mark = ("  WON ▶ " if won else "  TOP ▶ ") if i == top else "        "
            text.append(mark, style="bold #ffd54f")
            text.append_text(face(placement.card, 8))
            text.append(f"  {self.names[placement.seat]}\n")
            if placement.reveal is not None:
                went = "went" if won else "goes"
                note = f"      ↳ Keeper revealed: card {went} back\n"
                text.append(note, style="italic #ce93d8")
        self.query_one("#ot-trick", Static).update(text)

    def _draw_teams(self) -> None:
        view = self.shown
        text = Text()
        for t, team in enumerate(view.teams):
            who = " & ".join(self.names[s] for s in team)
            text.append(f"Team {'AB'[t]}: {who}\n", style="bold")
            tricks, points, game = view.tricks[t], view.hand_points[t], view.scores[t]
            text.append(f"  {plural(tricks, 'trick')} · {points_text(points)} · game {game}\n")
        text.append("First team to 100 wins.\n", style="dim")
        self.query_one("#ot-teams", Static).update(text)

    def draw_hand(self) -> None:
        """The hand's title (with a Keeper reveal's step) and its cards, the unplayable dim."""
        view = self.shown
        if view.seat is None or view.hand is None:
            self.hand_title(None)
        else:
            step = (
                "  ·  KEEPER REVEAL: choose the card to place with it (k cancels)"
                if self.revealing
                else ""
            )
            cards = plural(len(self.hand), "card")
            self.hand_title(Text(f"{self.names[view.seat]}'s hand: {cards}{step}"))
        playable = {m.card for m in self.legal}
        hand = self.hand
        self.draw_cards(
            [look(card) for card in hand],
            unplayable={i for i, c in enumerate(hand) if self.interactive and c not in playable},
            cursor=self.cursor if self.interactive else None,
            selected={i for i, c in enumerate(hand) if self.revealing and c.is_joker},
        )

    # Input

    def action_pick(self, slot: int) -> None:
        """A number key places that card (with a Keeper, after k)."""
        if slot < len(self.hand) and self.may_act():
            self.cursor = slot
            self._place(slot)

    def action_confirm(self) -> None:
        """Enter places the card under the cursor."""
        if self.may_act() and self.hand:
            self._place(self.cursor)

    def action_reveal(self) -> None:
        """Step one of a Keeper reveal: the next card placed goes with a Keeper."""
        if not self.may_act():
            return
        if not any(c.is_joker for c in self.hand):
            self.post_message(self.Said("You hold no Keeper to reveal.", refused=True))
            return
        self.revealing = not self.revealing
        self.reveal_with = None
        if self.revealing:
            self.post_message(
                self.Said(
                    "Keeper reveal: now choose the card to place. It goes back to your hand "
                    "after the trick, and the Keeper goes to the winners. (k cancels)"
                )
            )
        else:
            self.post_message(self.Said("Keeper reveal cancelled."))
        self.draw_hand()

    def action_last_trick(self) -> None:
        """Show the previous trick, or go back to the trick in play (the finished trick stays
        on the table by itself until the next card is placed)."""
        self.showing_last = not self.showing_last
        self._draw_trick()

    def _place(self, slot: int) -> None:
        card = self.hand[slot]
        reveal = None
        if self.revealing:
            if card.is_joker:
                self.post_message(
                    self.Said(
                        "Reveal a Keeper with a card of a suit, not with a Keeper.", refused=True
                    )
                )
                return
            keepers = [c for c in self.hand if c.is_joker]
            reveal = self.reveal_with if self.reveal_with in keepers else keepers[0]
        self.revealing = False
        self.reveal_with = None
        self.showing_last = False
        self.make(PlaceCard(card=card, reveal=reveal))

    def suggest(self, move: PlaceCard) -> str:
        """Put the cursor on the hinted card."""
        self.cursor = self.hand.index(move.card)
        self.revealing = move.reveal is not None
        self.reveal_with = move.reveal
        self.draw_hand()
        return "Enter places it."

    def linger_after(self, events: list[Event]) -> float:
        """A finished trick stays in view a moment before a bot leads the next one."""
        return TRICK_SEEN_SECONDS if any(e.kind == "trick" for e in events) else 0.0

    def summary(self, events: list[Event], view: OverTrumpView, names: list[str]) -> Summary | None:
        """After a hand, its summary."""
        if happened(events, "hand") and view.history:
            return hand_summary(view.history[-1], names, view.over)
        return None


def hand_summary(s: HandSummary, names: list[str], last: bool = False) -> Summary:
    """The points of the hand just played, by kind and team, and the game's totals; `last`:
    the game ended with this hand, and what comes next is the result, not a hand."""
    rows = [
        ("Tricks", s.tricks),
        ("1s (10 each)", s.ones),
        ("J Q K A (1 each)", s.honours),
        ("Keepers (1 each)", s.keepers),
        ("Most tricks", s.bonus),
        ("Penalty", [-p for p in s.penalty]),
        ("This hand", s.points),
        ("Game total", s.totals),
    ]
    return Summary(
        title=f"Hand {s.number}",
        columns=[
            Column(""),
            *(Column(Text(f"{names[t]} & {names[t + 2]}"), right=True) for t in range(2)),
        ],
        rows=[
            Row([label, *(str(v) for v in values)], bold=label == "Game total")
            for label, values in rows
        ],
        under=[Line(Text(s.note))] if s.note else [],
        next_line="Enter: the result of the game" if last else "Enter: next hand",
    )
