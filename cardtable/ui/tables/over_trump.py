"""The Over Trump table: the trick top-first, the four players, teams, voids and the hand."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from cardtable.cards import PilatchCard, PilatchSuit
from cardtable.engine import Event, View
from cardtable.engine.words import plural
from cardtable.games.over_trump import OverTrumpView, PlaceCard
from cardtable.games.over_trump.moves import short
from cardtable.games.over_trump.rules import SUIT_NAMES
from cardtable.games.over_trump.scoring import points_text
from cardtable.games.over_trump.state import HandSummary, Placement
from cardtable.ui.card_faces import face
from cardtable.ui.cells import fitted
from cardtable.ui.widgets import GameTable, HandRow, MoveLog

HAND_SLOTS = 11
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


class OverTrumpTable(GameTable):
    """Choose a card (arrows or its number) and press Enter; k first to reveal a Keeper with it."""

    BINDINGS = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        Binding("enter,space", "confirm", "Place"),
        Binding("k", "reveal", "Reveal a Keeper"),
        Binding("l", "last_trick", "Last trick"),
    ]

    def __init__(self) -> None:
        super().__init__(id="game-table")
        self.view: OverTrumpView | None = None
        self.names: list[str] = []
        self.legal: list[PlaceCard] = []
        self.interactive = False
        self.hand: list[PilatchCard] = []
        self.cursor = 0
        self.revealing = False
        """Step one of a Keeper reveal is done: the next card placed goes with a Keeper."""
        self.reveal_with: PilatchCard | None = None
        """The Keeper a hint named for the reveal; the first one held otherwise."""
        self.showing_last = False

    def compose(self) -> ComposeResult:
        with Horizontal(id="ot-main"):
            with Vertical(id="ot-center"):
                yield Static(id="ot-seats")
                yield Static(id="ot-trick")
            with Vertical(id="side"):
                yield Static(id="ot-teams")
                yield Static(CYCLE, id="ot-cycle")
                yield MoveLog(id="log")
        yield Static(id="hand-title")
        yield HandRow(HAND_SLOTS)

    # Drawing

    def show(self, view: OverTrumpView, names: list[str], legal: list, interactive: bool) -> None:  # type: ignore[override]
        """Draw the players, the trick, the teams and the viewer's hand."""
        self.view, self.names, self.legal, self.interactive = view, names, legal, interactive
        hand = sort_hand(view.hand or [])
        if hand != self.hand:
            self.hand = hand
            self.cursor = min(self.cursor, max(len(hand) - 1, 0))
        if not interactive:
            self.revealing = False
            self.reveal_with = None
        self._draw_seats()
        self._draw_trick()
        self._draw_teams()
        self._draw_hand()

    def _draw_seats(self) -> None:
        view = self.view
        assert view is not None
        text = Text(SEATS_HEADER + "\n", style="dim", no_wrap=True, overflow="ellipsis")
        for seat in range(4):
            mark = "▶ " if seat in view.to_act else "  "
            team = "A" if seat % 2 == 0 else "B"
            text.append(mark, style="bold #ffd54f")
            name = fitted(self.names[seat], NAME_WIDTH)
            text.append(name, style="bold" if seat == view.seat else "")
            text.append(f"  {team:^4} {view.hand_sizes[seat]:>5}  ", style="dim")
            if view.void_tracker and view.voids[seat]:
                voids = " ".join(s.symbol for s in sorted(view.voids[seat], key=SUIT_ORDER.get))
                text.append(f"no {voids} ", style="#ff8a80")
            shown = view.shown[seat] if view.shown else []
            if shown:
                text.append("holds " + " ".join(short(c) for c in shown), style="#ce93d8")
            text.append("\n")
        self.query_one("#ot-seats", Static).update(text)

    def _draw_trick(self) -> None:
        view = self.view
        assert view is not None
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
        view = self.view
        assert view is not None
        text = Text()
        for t, team in enumerate(view.teams):
            who = " & ".join(self.names[s] for s in team)
            text.append(f"Team {'AB'[t]}: {who}\n", style="bold")
            tricks, points, game = view.tricks[t], view.hand_points[t], view.scores[t]
            text.append(f"  {plural(tricks, 'trick')} · {points_text(points)} · game {game}\n")
        text.append("First team to 100 wins.\n", style="dim")
        self.query_one("#ot-teams", Static).update(text)

    def _draw_hand(self) -> None:
        view = self.view
        assert view is not None
        playable = {m.card for m in self.legal}
        title = self.query_one("#hand-title", Static)
        if view.seat is None or view.hand is None:
            title.update(Text("Hands are hidden: no player's turn at this screen."))
        else:
            step = (
                "  ·  KEEPER REVEAL: choose the card to place with it (k cancels)"
                if self.revealing
                else ""
            )
            cards = plural(len(self.hand), "card")
            title.update(Text(f"{self.names[view.seat]}'s hand: {cards}{step}"))
        cells = self.query_one(HandRow).cards
        for slot in range(HAND_SLOTS):
            cell = cells[slot]
            if slot < len(self.hand):
                card = self.hand[slot]
                cell.display = True
                cell.update(face(card, 5))
                cell.border_title = "1234567890-"[slot]
                cell.set_class(self.interactive and card not in playable, "unplayable")
                cell.set_class(self.interactive and slot == self.cursor, "cursor")
                cell.set_class(self.revealing and card.is_joker, "selected")
            else:
                cell.display = False

    # Input

    def action_move(self, step: int) -> None:
        """Arrows move along the hand."""
        if self.hand:
            self.cursor = (self.cursor + step) % len(self.hand)
            self._draw_hand()

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
        self._draw_hand()

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
        self.post_message(self.Chosen(PlaceCard(card=card, reveal=reveal)))

    def suggest(self, move: PlaceCard) -> str:  # type: ignore[override]
        """Put the cursor on the hinted card."""
        self.cursor = self.hand.index(move.card)
        self.revealing = move.reveal is not None
        self.reveal_with = move.reveal
        self._draw_hand()
        return "Enter places it."

    def linger_after(self, events: list[Event]) -> float:  # type: ignore[override]
        """A finished trick stays in view a moment before a bot leads the next one."""
        return TRICK_SEEN_SECONDS if any(e.kind == "trick" for e in events) else 0.0

    def interlude(self, events: list[Event], view: View, names: list[str]) -> Screen | None:
        """After a hand, its summary."""
        history = getattr(view, "history", None)
        if any(e.kind == "hand" for e in events) and history:
            return HandSummaryScreen(history[-1], names, view.over)
        return None


class HandSummaryScreen(Screen[None]):
    """The points of the hand just played, by kind and team, and the game's totals."""

    BINDINGS = [Binding("enter,space,escape", "dismiss", "Continue")]

    def __init__(self, summary: HandSummary, names: list[str], last: bool = False) -> None:
        super().__init__()
        self.summary = summary
        self.names = names
        self.last = last
        """The game ended with this hand: what comes next is the result, not a hand."""

    def compose(self) -> ComposeResult:
        s = self.summary
        table = Table(title=f"Hand {s.number}", expand=False)
        table.add_column("")
        for t in range(2):
            table.add_column(Text(f"{self.names[t]} & {self.names[t + 2]}"), justify="right")
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
        for label, values in rows:
            table.add_row(
                label, *(str(v) for v in values), style="bold" if label == "Game total" else ""
            )
        with Middle(), Center(), Vertical(id="results"):
            yield Static(table, id="results-table")
            if s.note:
                yield Static(Text(s.note), id="results-summary")
            next_up = "Enter: the result of the game" if self.last else "Enter: next hand"
            yield Static(next_up, id="results-next")
        yield Footer()

    def on_click(self) -> None:
        """A click is as good as Enter."""
        self.dismiss()
