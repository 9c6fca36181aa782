"""The Run It table, drawn as a card table: the other players around the felt (each with her
claim key, her hand as fanned backs and her turn marker), in the middle the discard pile with its
top card large, the draw pile and the Pass-it offers face down, the colour in force, the direction
of play and a penalty run; the hand along the bottom with the playable cards raised."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.css.scalar import Scalar
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from cardtable.cards import RunItCard, RunItColour, RunItKind
from cardtable.engine import Event, Move
from cardtable.engine.claims import Claim, LetGo
from cardtable.engine.words import plural
from cardtable.games.run_it import RunItView
from cardtable.games.run_it import moves as mv
from cardtable.games.run_it.matching import NAMES_A_COLOUR, in_colour
from cardtable.games.run_it.moves import COLOUR_NAMES
from cardtable.games.run_it.rules import play
from cardtable.games.run_it.state import GameResult, Phase
from cardtable.ui import card_faces
from cardtable.ui.app_api import table_app
from cardtable.ui.card_art import (
    HEAVY,
    CardSize,
    Scale,
    back_lines,
    chip,
    face_lines,
    joined,
    pile,
    side_by_side,
)
from cardtable.ui.card_faces import Look, look
from cardtable.ui.cells import fitted, fitted_name
from cardtable.ui.claim_bar import claim_keys, key_label
from cardtable.ui.felt import Felt, Seat
from cardtable.ui.letter_keys import letter_bindings
from cardtable.ui.screens.game_summary import Column, Line, Row, Summary
from cardtable.ui.screens.handoff import GUARD_SECONDS
from cardtable.ui.screens.move_menu import MoveMenu
from cardtable.ui.widgets import (
    SLOT_KEYS,
    Drawn,
    GameTable,
    HandCard,
    hand_row_start,
    happened,
)

PILE_CARD = {
    Scale.COMPACT: CardSize(9, 4, 9),
    Scale.ROOMY: CardSize(13, 9, 13),
    Scale.LARGE: CardSize(19, 14, 19),
}
"""The discard pile's top card and the draw pile at each scale: the biggest cards on the felt."""
OFFER_CARD = {
    Scale.COMPACT: CardSize(4, 1, 4),
    Scale.ROOMY: CardSize(7, 4, 7),
    Scale.LARGE: CardSize(9, 6, 9),
}
"""A card offered face down, on the felt beside the draw pile, at each scale."""


def card_of(colour: RunItColour | None) -> RunItCard:
    """A card of this colour (a Wild when None), to draw a colour named on the felt in."""
    if colour is None:
        return RunItCard(kind=RunItKind.WILD)
    return RunItCard(kind=RunItKind.NUMBER, colour=colour)


def colour_style(colour: RunItColour | None) -> str:
    """The face of a card of this colour (a Wild's when None), for a colour named on the felt."""
    return look(card_of(colour)).style


def colour_ink(colour: RunItColour | None) -> str:
    """The ink of a card of this colour (a Wild's when None), for a colour named in words."""
    return card_faces.ink(card_of(colour)).style


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


class ColourMenu(MoveMenu):
    """Name a colour for a Wild, a Wild Penalty or a Stop: r, b, y or g, or arrows and Enter."""

    BINDINGS = [
        Binding("r", "colour('R')", "Red", show=False),
        Binding("b", "colour('B')", "Blue", show=False),
        Binding("y", "colour('Y')", "Yellow", show=False),
        Binding("g", "colour('G')", "Green", show=False),
    ]

    def __init__(self, card: RunItCard, needs: tuple[int, int] | None = None) -> None:
        choices = [
            (f"{c.value.lower()}  {COLOUR_NAMES[c]} ({c.value})", play(card, c))
            for c in RunItColour
        ]
        super().__init__(f"The {card.short} names a colour: r, b, y or g", choices, needs)

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
    RunItTable #ri-pile {
        width: auto;
        height: auto;
    }
    RunItTable.-roomy #ri-pile, RunItTable.-large #ri-pile {
        border: round $felt-edge;
        border-title-align: center;
        border-title-color: $felt-text;
        border-subtitle-align: center;
        border-subtitle-color: $felt-text;
        padding: 1 2;
    }
    RunItTable.-large #ri-pile {
        padding: 2 4;
    }
    RunItTable #ri-top, RunItTable #ri-draw {
        width: auto;
        margin: 0 1 0 0;
    }
    RunItTable #ri-info {
        width: auto;
        max-width: 40;
        margin: 0 0 0 1;
    }
    RunItTable.-roomy #ri-info, RunItTable.-large #ri-info {
        margin: 1 0 0 2;
    }
    RunItTable .ri-row {
        width: 100%;
        height: auto;
        align-horizontal: center;
        text-align: center;
    }
    RunItTable #ri-offers {
        color: $landed;
        padding: 0 1;
    }
    RunItTable.-roomy #ri-offers, RunItTable.-large #ri-offers {
        margin: 1 0 0 0;
    }
    """

    def __init__(self) -> None:
        super().__init__(classes="run-it")
        self.choices: list[mv.TakeDraw | mv.TakeOffer] = []
        """While the viewer takes a card: the draw pile and the offers, face down."""
        self.first_shown = 0
        """The first hand card shown: a long hand scrolls under the cursor."""
        self.last_seat = 0
        """The seat last shown at the bottom: a spectator's table (a Match-it window at a
        shared keyboard) seats everyone in the same order around it, so nobody jumps."""
        self.phase: Phase | None = None
        self.first_offer: Move | None = None
        """At one shared keyboard, the offer (or none) chosen for the getter's first card while
        the same person is asked for her second (`ahead`): one visit per get."""
        self.ahead: dict[int, Move] = {}
        """Per seat, the offer (or none) chosen ahead for the getter's second card."""
        self.on_felt: tuple[int, RunItCard, tuple[int, ...]] | None = None
        """The discard pile's count and top card and the seats that have offered, as last drawn:
        what changes from one view to the next has just landed."""

    def compose_table(self) -> ComposeResult:
        play_area = Horizontal(
            Drawn(id="ri-top"), Drawn(id="ri-draw"), Drawn(id="ri-info"), id="ri-pile"
        )
        felt = Felt(
            Horizontal(play_area, classes="ri-row"),
            Drawn(id="ri-offered", classes="ri-row"),
            Drawn(id="ri-offers", classes="ri-row"),
        )
        felt.add_class("table-main")
        yield felt

    # Drawing

    def show(self, view: RunItView, names: list[str], legal: list[Any], interactive: bool) -> None:
        """Draw the seats around the felt, the piles, the offers and the viewer's hand."""
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
        self._see_what_landed(view)
        self._draw_seats()
        self._draw_pile()
        self._draw_offered()
        self._draw_offers()
        self.draw_hand()
        self.refresh_bindings()

    def _see_what_landed(self, view: RunItView) -> None:
        """A card played or matched onto the discard pile, or offered face down, lights where
        it lands (compared with the view drawn before)."""
        now = (view.discard_count, view.top, tuple(view.offered_by))
        before, self.on_felt = self.on_felt, now
        if before is None:
            return
        landed: list[object] = []
        if now[:2] != before[:2] and view.discard_count >= before[0]:
            landed.append(("discard",))
        landed += [("offer", seat) for seat in view.offered_by if seat not in before[2]]
        self.land(*landed)

    def _draw_seats(self) -> None:
        """The other players at their places around the felt (everyone, for a spectator)."""
        view = self.shown
        keys = claim_keys(view.seats)
        if view.seat is None:  # everyone, in the order they sat around the last one shown
            order = [(self.last_seat + k) % view.seats for k in range(1, view.seats + 1)]
        else:
            self.last_seat = view.seat
            order = [(view.seat + k) % view.seats for k in range(1, view.seats)]
        seats = [self._seat(seat, keys[seat]) for seat in order]
        self.query_one(Felt).seat(seats, self.scale)

    def _seat(self, seat: int, key: str) -> Seat:
        view = self.shown
        acting = seat == view.turn and view.phase is not Phase.WINDOW and not view.over
        asked = view.phase is Phase.OFFERS and seat in view.to_act
        marks = f"won {view.wins[seat]}" if view.games > 1 else ""
        return Seat(
            self.who(seat),
            to_act=acting or asked,
            key=key,
            marks=marks,
            cards=view.hand_sizes[seat],
        )

    def _draw_pile(self) -> None:
        """The discard pile, its top card large (lit as it lands), the draw pile face down, and
        beside them the colour in force, the direction of play and a penalty run."""
        view = self.shown
        size = PILE_CARD[self.scale]
        top = look(view.top)
        discards = pile(top, view.discard_count, size, "Discards")
        if self.landed(("discard",)):
            discards[: size.height] = face_lines(
                top, size, edge=HEAVY, edge_style=self.landed_style()
            )
        draw = pile(None, view.draw_count, size, "Draw")
        for shorter in (discards, draw):  # the counts under both piles on one line
            while len(shorter) < max(len(discards), len(draw)):
                shorter.insert(-1, Text())
        self.query_one("#ri-top", Static).update(joined(discards))
        self.query_one("#ri-draw", Static).update(joined(draw))
        info = self.query_one("#ri-info", Static)
        room = self.query_one("#felt-centre").size.width or 46
        piles = sum(max(line.cell_len for line in one) + 1 for one in (discards, draw))
        beside = max(room - piles - (1 if self.scale is Scale.COMPACT else 8), 14)  # margins
        info.update(self._info(beside))
        if info.styles.max_width != Scalar.parse(str(beside)):
            info.styles.max_width = beside  # wraps beside the piles, never cut
        arrows = " ↻ ↻ ↻ " if view.direction > 0 else " ↺ ↺ ↺ "
        play_area = self.query_one("#ri-pile")
        play_area.border_title = play_area.border_subtitle = arrows

    def _info(self, width: int) -> Text:
        """Which way play goes, the colour, the penalty run, who plays next and who dealt, in
        `width` columns: a name is cut to them, so a line breaks between words, never in one."""
        view = self.shown

        def who(seat: int) -> str:
            return fitted_name(self.who(seat), width)

        def pair(head: str, tail: str, indent: str = "") -> str:
            """Two parts on one line, or the second on a line of its own: the line breaks
            between them, never inside a name (a name may have a space)."""
            return head + (" " if len(head) + 1 + len(tail) <= width else "\n" + indent) + tail

        info = Text()
        way = "clockwise" if view.direction > 0 else "anticlockwise"
        arrow = "↻" if view.direction > 0 else "↺"
        arrow += f" {way}" if self.scale is Scale.COMPACT else f" Play goes {way}"
        info.append(arrow, style="bold")
        info.append("\nColour: ", style="bold")
        if view.colour is None:
            info.append("any (a Wild turned up)", style=colour_ink(None))
        else:
            info.append(f" {view.colour.value} ", style=colour_style(view.colour))
            info.append(f" {COLOUR_NAMES[view.colour]}", style=colour_ink(view.colour))
        if view.penalty:
            run = f"PENALTY RUN {view.penalty}"
            on = pair(run, f"on {who(view.turn)}").removeprefix(run)
            info.append(f"\n{run}", style="bold reverse #ff8a80")
            info.append(on, style="bold #ff8a80")
        else:
            info.append("\nNo penalty run", style="dim")
        following = (view.turn + view.direction) % view.seats
        if view.over:
            info.append("\nGame over")
        elif view.phase is Phase.WINDOW:
            info.append("\n" + pair("Next to play:", who(view.turn), "  "))
        else:
            info.append("\n" + pair(f"To play: {who(view.turn)}", f"→ {who(following)}", "  "))
        game = f"Game {view.game_number} of {view.games} · " if view.games > 1 else ""
        info.append(f"\n{game}{who(view.dealer)} dealt", style="dim")
        return info

    def _draw_offered(self) -> None:
        """The cards offered to the getter, face down, each marked with who offered it: her
        name, or on a crowded small table her claim key (as by her name at her place)."""
        view = self.shown
        widget = self.query_one("#ri-offered", Static)
        widget.display = bool(view.offered_by)
        if not view.offered_by:
            return
        size = OFFER_CARD[self.scale]
        lit = self.landed_style() if self.lit else ""
        keys = claim_keys(view.seats)
        title = f"Offered to {self.who(view.turn)}, face down:"
        if size.height <= 1:
            named = [
                Text.assemble(self._offer_chip(seat, "", lit), f" {self.who(seat)}")
                for seat in view.offered_by
            ]
            room = self.query_one("#felt-centre").size.width or 46
            line = Text(f"{title} ", style="bold")
            if line.cell_len + sum(unit.cell_len + 1 for unit in named) > room:
                line = Text("Offers: ", style="bold")
                named = [self._offer_chip(seat, keys[seat], lit) for seat in view.offered_by]
            widget.update(Text.assemble(line, Text(" ").join(named)))
            return
        blocks = []
        for seat in view.offered_by:
            card = back_lines(size)
            if lit and self.landed(("offer", seat)):
                for line in card:
                    line.stylize(f"reverse {lit}")
            card.append(Text(fitted(self.who(seat), size.width + 1)))
            blocks.append(card)
        widget.update(joined([Text(title, style="bold"), *side_by_side(*blocks)]))

    def _offer_chip(self, seat: int, key: str, lit: str) -> Text:
        """A card offered face down as a chip, with `key` on it; lit while it lands."""
        back = chip(Look(key, "", card_faces.back()), 3)
        if lit and self.landed(("offer", seat)):
            back.stylize(f"reverse {lit}")
        return back

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
                # What to press first: on a crowded small table the last line may not show.
                text.append(f"A second card for {getter}, ", style="bold")
                text.append(
                    f"if she cannot play the first: pick it, Enter or o; {KEYS['nothing']} for "
                    f"nothing. (You offer {offered} for the first.)"
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
            if mine and self.scale is Scale.COMPACT:
                pass  # the hand row's title says it, and a small table needs the room
            elif mine:
                text.append("Take one card, blind: ", style="bold")
                text.append(f"{KEYS['draw']} takes the draw pile; the number keys pick.")
            else:
                text.append(f"{getter} takes the draw pile or an offer, blind.")
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
        elif phase is Phase.PLAY and view.penalty:
            text.append(
                f"{getter} continues the run (+{view.penalty_value}, {in_colour(view.colour)}) "
                f"or draws {view.penalty}.",
                style="#ff8a80",
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
            text.append("\nYour hand: " if text else "Your hand: ", style="dim")
            for card in view.hand:
                text.append_text(card_faces.ink(card))
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
        slots = self.hand_slots()
        self.first_shown = hand_row_start(self.cursor, self.first_shown, slots, len(hand))
        if view.seat is None or view.hand is None:
            if view.phase is Phase.WINDOW:
                self.hand_title(Text("Hands are hidden while a card is up for claim."))
            else:
                self.hand_title(None)
        else:
            more = ""
            if len(hand) > slots:
                last = min(len(hand), self.first_shown + slots)
                more = f"  ·  cards {self.first_shown + 1}-{last} shown, ←→ for the rest"
            playable = len(view.playable)
            lit = f"  ·  {playable} playable (raised)" if playable and self.interactive else ""
            cards = plural(len(hand), "card")
            key = key_label(claim_keys(view.seats)[view.seat])
            won = f"  ·  won {view.wins[view.seat]}" if view.games > 1 else ""
            title = f"{key} {self.who(view.seat)}'s hand: {cards}{won}{lit}{more}"
            self.hand_title(Text(title, no_wrap=True, overflow="ellipsis"))
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
        keys = claim_keys(self.shown.seats)
        looks = [
            Look("Draw", "pile", card_faces.back())
            if isinstance(move, mv.TakeDraw)
            else Look(
                key_label(keys[move.offered_by]), self.who(move.offered_by), card_faces.back()
            )
            for move in self.choices
        ]
        self.draw_cards(looks, cursor=self.cursor)

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
            self.point_at(index)

    def on_hand_card_clicked(self, message: HandCard.Clicked) -> None:
        """A click picks a card; a click on the card already picked plays it."""
        index = message.slot if self.choices else self.first_shown + message.slot
        if index >= self.items() or not self.may_act():
            return
        if index == self.cursor:
            self.action_confirm()
            return
        self.point_at(index)

    def action_confirm(self) -> None:
        """Enter: play, offer or take what is picked, as the phase asks."""
        view = self.view
        if not self.may_act() or view is None:
            return
        hinted = self.hinted
        if hinted is not None and self._keyed_hint():  # a hint that named a key (get a card, say)
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
                self.app.push_screen(ColourMenu(card, self.least_window), callback=self._chosen)
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

    LETTER_MOVES = {
        mv.GET: KEYS["get"],
        mv.TAKE_PENALTY: KEYS["penalty"],
        mv.KEEP: KEYS["keep"],
        mv.TAKE_DRAW: KEYS["draw"],
        mv.NO_OFFER: KEYS["nothing"],
    }
    """The moves a letter makes at once, and the letter."""

    def letter_of(self, move: Any) -> str | None:
        """c, p, e, t or n, for the move that letter makes."""
        return self.LETTER_MOVES.get(move)

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
