"""The Run It table: the discard pile's top card large with the colour in force, a penalty run
and who must answer it, the direction of play, every seat with its cards and claim key, the draw
pile, Pass-it offers face down, and the hand with the playable cards bright."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from cardtable.cards import RunItCard, RunItColour
from cardtable.engine import Event, Move
from cardtable.engine.claims import Claim, LetGo
from cardtable.engine.words import plural
from cardtable.games.run_it import RunItView
from cardtable.games.run_it import moves as mv
from cardtable.games.run_it.matching import NAMES_A_COLOUR, in_colour
from cardtable.games.run_it.moves import COLOUR_NAMES
from cardtable.games.run_it.rules import play
from cardtable.games.run_it.state import GameResult, Phase
from cardtable.ui.app_api import table_app
from cardtable.ui.card_faces import Look, look
from cardtable.ui.cells import fitted
from cardtable.ui.claim_bar import claim_keys, key_label
from cardtable.ui.letter_keys import letter_bindings
from cardtable.ui.screens.game_summary import Column, Line, Row, Summary
from cardtable.ui.screens.handoff import GUARD_SECONDS
from cardtable.ui.screens.move_menu import MoveMenu
from cardtable.ui.widgets import (
    SLOT_KEYS,
    GameTable,
    HandCard,
    hand_row_start,
    happened,
)

NAME_WIDTH = 12
FACE = {
    RunItColour.RED: "bold #ffffff on #c62828",
    RunItColour.BLUE: "bold #ffffff on #1565c0",
    RunItColour.YELLOW: "bold #1b1b1b on #fdd835",
    RunItColour.GREEN: "bold #ffffff on #2e7d32",
    None: "bold #ffffff on #4a148c",
}
"""A card's face: the colour behind its letter (a Wild is purple until it names a colour)."""
INK = {
    RunItColour.RED: "bold #ff8a80",
    RunItColour.BLUE: "bold #82b1ff",
    RunItColour.YELLOW: "bold #fff176",
    RunItColour.GREEN: "bold #b9f6ca",
    None: "bold #ce93d8",
}
BACK = "bold #f4f1ea on #5d4037"
"""A card face down (an offer)."""

KEYS = {"get": "c", "penalty": "p", "keep": "e", "draw": "t", "offer": "o", "nothing": "n"}
"""The table's letters: c gets a card, p takes the penalty, e keeps the card got (ending the
turn), t takes the draw pile's top card, o offers the card picked, n offers nothing. None is a
claim key (claim_bar.CLAIM_ROW)."""
MENU_KEY = "m"
KEY_LABELS = {
    "get": "Get a card",
    "penalty": "Take penalty",
    "keep": "Keep it",
    "draw": "Draw pile",
    "offer": "Offer",
    "nothing": "Offer nothing",
    "moves": "Moves",
}
"""Each letter's word in the footer (its action has the letter's name), in the footer's order.
Not 'menu': the footer shows one key per action name, and the screen's Ctrl+N is 'menu'."""


def card_face(card: RunItCard, width: int = 5) -> Text:
    """A hand card: 'R7', 'B+2', 'GSkip', 'Wild' on its colour."""
    return Text(card.short.center(width), style=FACE[card.colour])


def big_card(card: RunItCard, colour: RunItColour | None) -> Text:
    """The discard pile's top card, five lines tall, its letter in two corners; a Wild or a
    Stop shows the colour it named along its foot."""
    letter = card.colour.value if card.colour else "★"
    middle = card.short[1:] if card.colour else card.short
    style = FACE[card.colour]
    lines = [
        "┌─────────┐",
        f"│{letter:<9}│",
        f"│{middle:^9}│",
        f"│{letter:>9}│",
        "└─────────┘",
    ]
    text = Text()
    for i, line in enumerate(lines):
        if i:
            text.append("\n")
        text.append(line, style=style)
    if colour is not None and colour is not card.colour:  # a Wild or a Stop named it
        text.append("\n")
        text.append(f" → {COLOUR_NAMES[colour]} ({colour.value}) ".center(11), style=FACE[colour])
    return text


class ColourMenu(MoveMenu):
    """Name a colour for a Wild, a Wild Penalty or a Stop: r, b, y or g, or arrows and Enter."""

    BINDINGS = [
        Binding("r", "colour('R')", "Red", show=False),
        Binding("b", "colour('B')", "Blue", show=False),
        Binding("y", "colour('Y')", "Yellow", show=False),
        Binding("g", "colour('G')", "Green", show=False),
    ]

    def __init__(self, card: RunItCard) -> None:
        choices = [
            (f"{c.value.lower()}  {COLOUR_NAMES[c]} ({c.value})", play(card, c))
            for c in RunItColour
        ]
        super().__init__(f"The {card.short} names a colour: r, b, y or g", choices)

    def action_colour(self, letter: str) -> None:
        """A colour's letter names it."""
        self.dismiss(next(move for _, move in self.choices if move.colour.value == letter))


def game_summary(result: GameResult, names: list[str], wins: list[int]) -> Summary:
    """Between the games of a session: who won the game just played, and the wins so far."""
    winners = " and ".join(names[w] for w in result.winners) or "Nobody"
    return Summary(
        title=f"Game {result.number}",
        columns=[Column("Player"), Column("Cards left", True), Column("Games won", True)],
        rows=[
            Row([Text(name), str(result.cards_left[seat]), str(wins[seat])])
            for seat, name in enumerate(names)
        ],
        above=[
            Line(Text(f"{winners} won game {result.number}: {result.reason}."), "results-winners")
        ],
        next_line="Enter: deal the next game",
        go_on="Next game",
    )


def missed_line(view: RunItView) -> str:
    """'You got the B7: it cannot be played. You get a second card.' for the getter; ''
    when she got no such card."""
    if view.missed is None:
        return ""
    if view.turn == view.seat and view.phase in (Phase.OFFERS, Phase.TAKE):
        then = "You get a second card."
    else:
        then = "Your turn ends."
    return f"You got the {view.missed.short}: it cannot be played. {then}"


class MissedCard(ModalScreen[None]):
    """Before the keyboard is handed on: the card she got and cannot play, over her own table,
    until she presses Enter (after a moment, so a second tap of Enter does not skip it)."""

    BINDINGS = [Binding("enter,space", "close", "Pass the keyboard on")]

    DEFAULT_CSS = """
    MissedCard {
        align: center middle;
        background: rgba(0, 0, 0, 0.3);
    }
    MissedCard #missed-card {
        width: 56;
        height: auto;
        padding: 1 2;
        border: round #ffd54f;
        background: #1b3a2f;
    }
    """

    def __init__(self, line: str) -> None:
        super().__init__()
        self.line = line
        self.ready = False
        """False for a moment after it opens: until then Enter does not close it."""

    def compose(self) -> ComposeResult:
        yield Static(
            Text.assemble((self.line, "bold"), "\nPress Enter to pass the keyboard on."),
            id="missed-card",
        )

    def on_mount(self) -> None:
        # The app's clock, as the handoff's (a FakeClock in tests); in the message loop.
        table_app(self).clock.call_later(GUARD_SECONDS, lambda: self.call_next(self._arm))

    def _arm(self) -> None:
        self.ready = True

    def action_close(self) -> None:
        """Enter: seen; the keyboard goes on (once the first moment has passed)."""
        if self.ready:
            self.dismiss(None)


HINT_KEYS = {
    mv.GetCard: "get",
    mv.TakePenalty: "penalty",
    mv.Keep: "keep",
    mv.TakeDraw: "draw",
    mv.NoOffer: "nothing",
}
"""The moves a hint names by their key (no card to point at), with KEYS' name of the key."""


class RunItTable(GameTable[RunItView, Any]):
    """Pick a card (its number, the arrows or a click) and press Enter; letters for the rest.

    Enter plays the card picked (a Wild, Wild Penalty or Stop then asks a colour: r, b, y, g);
    when offers are asked it offers it (o too, n offers nothing); when taking a card the
    number keys pick the draw pile or an offer, face down. c gets a card, p takes a penalty
    run, e keeps the card just got, t takes the draw pile, m lists every move.
    """

    BINDINGS = [
        Binding("enter,space", "confirm", "Play / choose"),
        *letter_bindings(KEYS | {"moves": MENU_KEY}, KEY_LABELS, action="{}"),
    ]

    DEFAULT_CSS = """
    RunItTable #ri-heading {
        height: 1;
    }
    RunItTable #ri-pile {
        height: 6;
    }
    RunItTable #ri-top {
        width: 13;
        padding: 0 1 0 0;
    }
    RunItTable #ri-info {
        width: 1fr;
    }
    RunItTable #ri-offers {
        height: auto;
        color: #fff59d;
    }
    RunItTable #ri-seats {
        height: auto;
    }
    RunItTable #ri-keys {
        height: auto;
        border-top: hkey #5f8f7a;
    }
    RunItTable #log {
        margin-top: 1;
    }
    RunItTable #side {
        width: 32;
        min-width: 32;
    }
    """

    def __init__(self) -> None:
        super().__init__(classes="run-it")
        self.choices: list[mv.TakeDraw | mv.TakeOffer] = []
        """While the viewer takes a card: the draw pile and the offers, face down."""
        self.first_shown = 0
        """The first hand card shown: a long hand scrolls under the cursor."""
        self.phase: Phase | None = None
        self.first_offer: Move | None = None
        """At one shared keyboard, the offer (or none) chosen for the getter's first card while
        the same person is asked for her second (`ahead`): one visit per get."""
        self.ahead: dict[int, Move] = {}
        """Per seat, the offer (or none) chosen ahead for the getter's second card."""

    def compose_table(self) -> ComposeResult:
        with Horizontal(id="ri-main", classes="table-main"):
            with Vertical(id="ri-center", classes="table-centre"):
                yield Static(id="ri-heading")
                with Horizontal(id="ri-pile"):
                    yield Static(id="ri-top")
                    yield Static(id="ri-info")
                yield Static(id="ri-offers")
            with Vertical(id="side"):
                yield Static(id="ri-seats")
                yield Static(id="ri-keys")

    # Drawing

    def show(self, view: RunItView, names: list[str], legal: list[Any], interactive: bool) -> None:
        """Draw the pile, the seats, the offers and the viewer's hand."""
        self.keep(view, names, legal, interactive)
        if not self._asking_ahead():
            self.first_offer = None
        hand = list(view.hand or [])
        taking = interactive and view.phase is Phase.TAKE
        choices = [m for m in legal if isinstance(m, mv.TakeDraw | mv.TakeOffer)] if taking else []
        changed = hand != self.hand or choices != self.choices or view.phase is not self.phase
        self.hand, self.choices, self.phase = hand, choices, view.phase
        if changed:
            items = len(choices) if choices else len(hand)
            self.cursor = min(self.cursor, max(items - 1, 0))
            if view.phase is Phase.GOT and view.got is not None and view.got in hand:
                self.cursor = hand.index(view.got)
            elif choices:
                self.cursor = 0
        self._draw_heading()
        self._draw_pile()
        self._draw_seats()
        self._draw_offers()
        self._draw_keys()
        self.draw_hand()
        self.refresh_bindings()

    def _draw_heading(self) -> None:
        view = self.shown
        text = Text(no_wrap=True, overflow="ellipsis")
        if view.games > 1:
            text.append(f"Game {view.game_number} of {view.games}  ·  ", style="bold")
        arrow = "↻ clockwise" if view.direction > 0 else "↺ anticlockwise"
        text.append(f"Play goes {arrow}", style="bold #ffd54f")
        text.append(f"  ·  {self.who(view.dealer)} dealt", style="dim")
        self.query_one("#ri-heading", Static).update(text)

    def _draw_pile(self) -> None:
        view = self.shown
        self.query_one("#ri-top", Static).update(big_card(view.top, view.colour))
        info = Text(no_wrap=True, overflow="ellipsis")
        info.append("Colour: ", style="bold")
        if view.colour is None:
            info.append("any (a Wild turned up)", style=INK[None])
        else:
            info.append(f" {view.colour.value} ", style=FACE[view.colour])
            info.append(f" {COLOUR_NAMES[view.colour]}", style=INK[view.colour])
        info.append("\n")
        if view.penalty:
            target = self.who(view.turn)
            info.append(f"PENALTY RUN {view.penalty}", style="bold reverse #ff8a80")
            info.append(f" on {target}\n", style="bold #ff8a80")
            info.append(
                f"{target} continues it (+{view.penalty_value}, {in_colour(view.colour)}) "
                f"or draws {view.penalty}\n",
                style="#ff8a80",
            )
        else:
            info.append("No penalty run\n", style="dim")
            following = (view.turn + view.direction) % view.seats
            if view.phase is Phase.WINDOW:
                info.append(f"Next to play: {self.who(view.turn)}\n")
            else:
                info.append(f"To play: {self.who(view.turn)}, then {self.who(following)}\n")
        info.append(f"Draw pile: {plural(view.draw_count, 'card')}\n", style="bold")
        info.append(f"Discards: {view.discard_count}", style="dim")
        self.query_one("#ri-info", Static).update(info)

    def _draw_seats(self) -> None:
        view = self.shown
        keys = claim_keys(view.seats)
        text = Text(f"    Key {'Player':<{NAME_WIDTH}} Cards", style="dim", no_wrap=True)
        if view.games > 1:
            text.append(" Won", style="dim")
        window = view.window
        for seat in range(view.seats):
            text.append("\n")
            acting = seat == view.turn and view.phase is not Phase.WINDOW
            asked = view.phase is Phase.OFFERS and seat in view.to_act
            mark = "▶ " if acting or asked else "  "
            text.append(mark, style="bold #ffd54f")
            open_ = window is not None and seat in window.open_to
            text.append(f"{key_label(keys[seat]):<4}", style="bold #ffd54f" if open_ else "dim")
            name = fitted(self.who(seat), NAME_WIDTH)
            text.append(name, style="bold" if seat == view.seat else "")
            count = view.hand_sizes[seat]
            text.append(f"{count:>5}", style="bold #ff8a80" if count == 1 else "")
            if view.games > 1:
                text.append(f"{view.wins[seat]:>4}", style="dim")
            if seat in view.offered_by:
                text.append(" ▒", style=BACK)
        self.query_one("#ri-seats", Static).update(text)

    def _draw_keys(self) -> None:
        """The keys of the table, and the viewer's claim key."""
        view = self.shown
        k = KEYS
        text = Text(style="#a5d6a7", no_wrap=True, overflow="ellipsis")
        text.append("1-9 ←→ pick · Enter plays it\n")
        text.append(f"{k['get']} get a card · {k['penalty']} take penalty\n")
        text.append(f"{k['keep']} keep · {k['draw']} draw · {k['offer']}/{k['nothing']} offer\n")
        if view.seat is not None:
            key = claim_keys(view.seats)[view.seat]
            text.append(f"{key}: your claim key (Match-it)", style="bold #ffd54f")
        else:
            text.append("[key] by a name claims", style="bold #ffd54f")
        self.query_one("#ri-keys", Static).update(text)

    def _draw_offers(self) -> None:
        """What the phase asks, in the middle of the table: offers, the card got, a run."""
        view = self.shown
        text = Text()
        getter = self.who(view.turn)
        phase = view.phase
        mine = view.seat is not None and view.seat in view.to_act and self.interactive
        if phase is Phase.OFFERS:
            first = self.first_offer
            if mine and first is not None:
                offered = f"the {first.card.short}" if isinstance(first, mv.Offer) else "nothing"
                text.append(f"You offer {offered} for {getter}'s first card. ", style="bold")
                text.append(
                    f"If {getter} cannot play it, {getter} gets a second: offer one for that "
                    f"too (pick it, Enter or o), or {KEYS['nothing']} for nothing."
                )
            elif mine:
                text.append(f"{getter} must get a card. ", style="bold")
                text.append(
                    f"Offer {getter} one, face down: pick it and press Enter (or o); "
                    f"{KEYS['nothing']} offers nothing.",
                )
            else:
                text.append(f"{getter} gets a card: the others may offer one, face down.")
        elif phase is Phase.TAKE:
            offers = view.offered_by
            if mine:
                text.append("Take one card, blind: ", style="bold")
                text.append(f"{KEYS['draw']} takes the draw pile; the number keys pick.")
            else:
                text.append(f"{getter} takes the draw pile or an offer, blind.")
            if offers:
                text.append("\nOffered: ")
                for seat in offers:
                    text.append(" ▒ ", style=BACK)
                    text.append(f" {self.who(seat)}  ")
        elif phase is Phase.GOT:
            if mine and view.got is not None:
                text.append(f"You got the {view.got.short}: it can be played. ", style="bold")
                text.append(f"Enter plays it; {KEYS['keep']} keeps it and ends your turn.")
            else:
                text.append(f"{getter} got a card that can be played: play it or keep it?")
        elif phase is Phase.PLAY and view.penalty and mine:
            text.append(
                f"The run of {view.penalty} is on you: play a card to continue it, or "
                f"{KEYS['penalty']} takes {plural(view.penalty, 'card')}.",
                style="bold #ff8a80",
            )
        elif phase is Phase.PLAY and mine:
            text.append("Pick a card and press Enter to play it", style="bold")
            text.append(f"; {KEYS['get']} gets a card if none can be played.")
        missed = missed_line(view)
        if missed:
            text.append(("\n" if text else "") + missed, style="bold #ffd54f")
        if view.my_offer is not None:
            text.append(
                f"\nYou offered the {view.my_offer.short} face down: it comes back unless taken.",
                style="italic",
            )
        if phase is Phase.TAKE and mine and view.hand:
            text.append("\nYour hand: ", style="dim")
            for card in view.hand:
                text.append(card.short, style=INK[card.colour])
                text.append(" ")
        self.query_one("#ri-offers", Static).update(text)

    def draw_hand(self) -> None:
        """The hand around the cursor, the playable bright; or, taking a card, the cards to
        take."""
        view = self.shown
        if self.choices:
            self._draw_choices()
            return
        hand = self.hand
        self.first_shown = hand_row_start(self.cursor, self.first_shown, self.HAND_SLOTS, len(hand))
        if view.seat is None or view.hand is None:
            if view.phase is Phase.WINDOW:
                self.hand_title(Text("Hands are hidden while a card is up for claim."))
            else:
                self.hand_title(None)
        else:
            more = ""
            if len(hand) > self.HAND_SLOTS:
                last = min(len(hand), self.first_shown + self.HAND_SLOTS)
                more = f"  ·  cards {self.first_shown + 1}-{last} shown, ←→ for the rest"
            playable = len(view.playable)
            lit = f"  ·  {playable} playable (bright)" if playable and self.interactive else ""
            cards = plural(len(hand), "card")
            self.hand_title(Text(f"{self.who(view.seat)}'s hand: {cards}{lit}{more}"))
        dim = self.interactive and view.phase in (Phase.PLAY, Phase.GOT)
        playable_cards = set(view.playable)
        self.draw_cards(
            [look(card) for card in hand],
            first=self.first_shown,
            numbered_from=self.first_shown,
            unplayable={i for i, c in enumerate(hand) if dim and c not in playable_cards},
            cursor=self.cursor if self.interactive else None,
        )

    def _draw_choices(self) -> None:
        """Taking a card: the draw pile and each offer, face down, with the offerer's name."""
        words = []
        for slot, move in enumerate(self.choices):
            what = "draw pile" if isinstance(move, mv.TakeDraw) else self._offer_of(move)
            words.append(f"{SLOT_KEYS[slot]} {what}")
        line = "Take one, blind: " + ", ".join(words)
        if len(line) > self.MIN_WIDTH - 2:  # several offers: the names are on the cards below
            line = "Take one, blind: pick the draw pile or an offer below by its number"
        self.hand_title(Text(line, no_wrap=True, overflow="ellipsis"))
        labels = [
            "Draw" if isinstance(move, mv.TakeDraw) else self.who(move.offered_by)[:5]
            for move in self.choices
        ]
        self.draw_cards([Look(label, "?", BACK) for label in labels], cursor=self.cursor)

    def _offer_of(self, move: mv.TakeOffer) -> str:
        return f"{self.who(move.offered_by)}'s card"

    # Keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show a letter in the footer only when its move can be made now."""
        shown = {
            "get": mv.GetCard,
            "penalty": mv.TakePenalty,
            "keep": mv.Keep,
            "draw": mv.TakeDraw,
            "offer": mv.Offer,
            "nothing": mv.NoOffer,
        }
        if action in shown:
            return self.interactive and any(isinstance(m, shown[action]) for m in self.legal)
        if action == "moves":
            return self.interactive and bool(self.legal)
        if action == "confirm":  # in a claim window Enter lets the card go (the screen's)
            return self.interactive and self.phase is not Phase.WINDOW
        return True

    def items(self) -> int:
        """The arrows move along the hand, or the cards to take."""
        return len(self.choices) if self.choices else len(self.hand)

    def action_pick(self, slot: int) -> None:
        """A number key picks the card in that place; Enter then plays (offers, takes) it."""
        index = slot if self.choices else self.first_shown + slot
        if index < self.items() and self.may_act():
            self.cursor = index
            self.draw_hand()

    def on_hand_card_clicked(self, message: HandCard.Clicked) -> None:
        """A click picks a card; a click on the card already picked plays it."""
        index = message.slot if self.choices else self.first_shown + message.slot
        if index >= self.items() or not self.may_act():
            return
        if index == self.cursor:
            self.action_confirm()
            return
        self.cursor = index
        self.draw_hand()

    def action_confirm(self) -> None:
        """Enter: play, offer or take what is picked, as the phase asks."""
        view = self.view
        if not self.may_act() or view is None:
            return
        hinted = self.hinted
        if hinted is not None and self._keyed_hint():  # a hint that named a key (get a card...)
            self.make(hinted)
            return
        if self.choices:
            self.make(self.choices[self.cursor])
            return
        if not self.hand:
            return
        card = self.hand[self.cursor]
        if view.phase is Phase.OFFERS:
            self.make(mv.Offer(card=card))
            return
        if isinstance(hinted, mv.Play) and hinted.card == card:
            self.make(hinted)
            return
        if card.kind in NAMES_A_COLOUR and view.phase in (Phase.PLAY, Phase.GOT):
            if any(isinstance(m, mv.Play) and m.card == card for m in self.legal):
                self.app.push_screen(ColourMenu(card), callback=self._chosen)
                return
            self.make(play(card, RunItColour.RED))  # not playable now: the engine says why
            return
        self.make(play(card))

    def _chosen(self, move: Any) -> None:
        if move is not None:
            self.make(move)

    def make(self, move: Move) -> None:
        """The move is made; at a shared keyboard an offer for the getter's first card is
        kept until her offer for the second is chosen too."""
        if isinstance(move, mv.Offer | mv.NoOffer) and self._asking_ahead():
            view = self.view
            assert view is not None and view.seat is not None
            if self.first_offer is None:  # next: her offer for a second card, same visit
                self.first_offer = move
                self.cursor = 0
                self._draw_offers()
                self.draw_hand()
                return
            first, self.first_offer = self.first_offer, None
            self.ahead[view.seat] = move
            move = first
        super().make(move)

    def _asking_ahead(self) -> bool:
        """True while a person at a shared keyboard is asked for her offers for the getter's
        first card and, ahead, her second: both in one visit, one handoff per get."""
        view = self.view
        return (
            self.shared_keyboard
            and self.interactive
            and view is not None
            and view.seat is not None
            and view.phase is Phase.OFFERS
            and view.attempt == 1
        )

    def answer_given(self, view: RunItView, legal: list[Any]) -> Move | None:
        """Her offer for the getter's second card, chosen ahead at her first visit, made
        without a handoff (if she still holds the card); an old one is dropped."""
        if view.phase is not Phase.OFFERS or view.seat is None:
            return None
        given = self.ahead.pop(view.seat, None)
        return given if view.attempt == 2 and given in legal else None

    def _letter(self, move: Move) -> None:
        if self.may_act():
            self.make(move)

    def action_get(self) -> None:
        """c: get a card (the draw pile or an offer), with nothing to play."""
        self._letter(mv.GET)

    def action_penalty(self) -> None:
        """p: take the penalty run's cards and lose the turn."""
        self._letter(mv.TAKE_PENALTY)

    def action_keep(self) -> None:
        """e: keep the playable card just got and end the turn."""
        self._letter(mv.KEEP)

    def action_draw(self) -> None:
        """t: take the draw pile's top card."""
        self._letter(mv.TAKE_DRAW)

    def action_offer(self) -> None:
        """o: offer the card picked, face down."""
        if self.may_act() and self.hand and not self.choices:
            self.make(mv.Offer(card=self.hand[self.cursor]))

    def action_nothing(self) -> None:
        """n: offer nothing."""
        self._letter(mv.NO_OFFER)

    def action_moves(self) -> None:
        """m: every move that can be made now, in a menu."""
        if not self.may_act() or not self.legal:
            return
        self.move_menu("Every move you can make now", self.legal)

    # Words and hints

    def move_label(self, move: Any) -> str:
        """The move in a few words, with the players' names."""
        if isinstance(move, mv.TakeOffer):
            return f"take {self.who(move.offered_by)}'s offered card, blind"
        if isinstance(move, mv.Offer):
            return f"offer the {move.card.short} face down"
        if isinstance(move, mv.Play):
            named = (
                f", naming {COLOUR_NAMES[move.colour]} ({move.colour.value})" if move.colour else ""
            )
            return f"play the {move.card.short}{named}"
        words = {
            mv.TakeDraw: "take the draw pile's top card, blind",
            mv.GetCard: "get a card (the draw pile or an offer)",
            mv.Keep: "keep the card and end your turn",
            mv.TakePenalty: "take the penalty run's cards",
            mv.NoOffer: "offer nothing",
        }
        for kind, said in words.items():
            if isinstance(move, kind):
                return said
        if isinstance(move, Claim):
            return "match the card"
        if isinstance(move, LetGo):
            return "let the card go"
        return move.brief()

    def suggest(self, move: Any) -> str:
        """Put the cursor on the hinted card (or offer), or name the one key that makes it."""
        if isinstance(move, mv.TakeOffer | mv.TakeDraw) and move in self.choices:
            if isinstance(move, mv.TakeDraw):
                return f"Press {KEYS['draw']}."
            self.cursor = self.choices.index(move)
            self.draw_hand()
            return "Enter takes it."
        if isinstance(move, mv.Play | mv.Offer) and move.card in self.hand:
            self.cursor = self.hand.index(move.card)
            self.draw_hand()
            return "Enter offers it." if isinstance(move, mv.Offer) else "Enter plays it."
        self._hint_cursor = self.cursor
        for kind, key in HINT_KEYS.items():
            if isinstance(move, kind):
                return f"Press {KEYS[key]} (or Enter)."
        return "Enter does it."

    def _keyed_hint(self) -> bool:
        """True if the last hint named a key for its move (not a card) and the cursor has not
        moved since: Enter then makes that move too."""
        hinted = self.hinted
        return (
            isinstance(hinted, tuple(HINT_KEYS))
            and hinted in self.legal
            and getattr(self, "_hint_cursor", None) == self.cursor
        )

    def unseen_answer(self, view: RunItView, legal: list[Any]) -> tuple[str, Move] | None:
        """Asked for an offer, a person may offer nothing at the handoff, her hand unseen; at
        a shared keyboard that answer stands for the getter's second card too."""
        if view.phase is not Phase.OFFERS or mv.NO_OFFER not in legal:
            return None
        getter = self.who(view.turn)
        if self.shared_keyboard and view.attempt == 1 and view.to_act:
            # Kept unless she looks at her hand and answers for the second card herself.
            self.ahead[view.to_act[0]] = mv.NO_OFFER
            return f"offer {getter} nothing (for a second card too)", mv.NO_OFFER
        return f"offer {getter} nothing", mv.NO_OFFER

    def before_handoff(self, view: RunItView) -> Screen | None:
        """The card she got and cannot play, shown to her before the keyboard goes on."""
        line = missed_line(view)
        return MissedCard(line) if line else None

    def summary(self, events: list[Event], view: RunItView, names: list[str]) -> Summary | None:
        """Between the games of a session, who won the game just played."""
        if happened(events, "game") and not view.over and view.history:
            return game_summary(view.history[-1], names, view.wins)
        return None
