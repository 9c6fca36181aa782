"""The Runway table: every run with its direction and leading edge, the common area, the bin,
the deck, the phase of the turn, and the hand; moves from the cards or from short menus."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from cardtable.cards import DirectionCard, PilatchCard
from cardtable.engine import Event
from cardtable.engine.words import plural
from cardtable.games.runway import moves as mv
from cardtable.games.runway.moves import SUIT_ORDER
from cardtable.games.runway.runs import counted, leading_ends
from cardtable.games.runway.scoring import MATCH_TARGET
from cardtable.games.runway.state import (
    PHASE_TITLES,
    GameSummary,
    Phase,
    RunCard,
    RunwayOptions,
    RunwayView,
)
from cardtable.games.runway.teaching import cards_of
from cardtable.ui.card_faces import (
    KEEPER_FACE,
    KEEPER_INK,
    PILATCH_FACE,
    PILATCH_INK,
    joker_label,
    look,
)
from cardtable.ui.cells import fitted
from cardtable.ui.letter_keys import letter_bindings
from cardtable.ui.screens.game_summary import Column, Line, Row, Summary
from cardtable.ui.widgets import (
    GameTable,
    HandCard,
    hand_row_start,
    happened,
)

DIRECTION_FACE = "bold #1b1b1b on #ffd54f"


@dataclass(frozen=True)
class ActionKey:
    """A letter key of the table: the kinds of move it offers and how it offers them."""

    letter: str
    kinds: tuple[str, ...]
    title: str
    """The title of the menu it opens."""
    at_once: bool = False
    """With exactly one move to offer, the key makes it at once (else a menu opens)."""


ACTION_KEYS: dict[str, ActionKey] = {
    "draw": ActionKey("d", ("draw",), "Draw", at_once=True),
    "bin": ActionKey("b", ("stop-taking", "take"), "Take cards from the bin (one at a time)"),
    "common": ActionKey("c", ("add",), "Move a common-area card onto your run"),
    "triple": ActionKey("t", ("triple",), "Play a triple: it earns one special action"),
    "act": ActionKey(
        "a",
        (
            "draw-three",
            "flip",
            "look",
            "hand-size",
            "reshuffle",
            "extra-turn",
            "lengthen",
            "trounce",
            "duplicates",
        ),
        "Special actions and other plays",
    ),
    "trade": ActionKey(
        "o",
        ("offer", "offer-card", "ask-card", "send-offer", "withdraw", "accept", "decline"),
        "Trade",
    ),
    "recycle": ActionKey("r", ("recycle",), "Recycle your run", at_once=True),
    "end": ActionKey(
        "e", ("end-build", "end-turn", "stop-taking", "stop-looking"), "End", at_once=True
    ),
}
"""Every letter key and the moves it offers: the keys' behaviour and the hints' "Press b."
both come from this table, so a hint names the key that makes its move."""
MENU_KEY = "m"
KEY_LABELS = {
    "draw": "Draw",
    "bin": "Bin",
    "common": "Common",
    "triple": "Triple",
    "act": "Action",
    "trade": "Trade",
    "recycle": "Recycle",
    "end": "End phase",
    "menu": "Moves",
}
"""Each letter's word in the footer, in the footer's order."""
MENU_TITLE = "Every move you can make now"


def sort_hand(hand: list[Any]) -> list[Any]:
    """By suit (Rock, Paper, Scissors), low to high; Jokers, then direction cards, last."""

    def key(card: Any) -> tuple[int, int, int]:
        if isinstance(card, DirectionCard):
            return (2, 0, 0)
        return (1 if card.is_joker else 0, SUIT_ORDER[card.suit], card.rank)

    return sorted(hand, key=key)


def card_text(card: Any, width: int = 0) -> Text:
    """A hand card as a small face: '7●R', '★●R' for a Joker, 'Up/Dn' for a direction card."""
    if isinstance(card, DirectionCard):
        label, style = card.short, DIRECTION_FACE
    elif card.is_joker:
        label, style = joker_label(card), KEEPER_FACE
    else:
        label, style = card.short, PILATCH_FACE[card.suit]
    return Text(label.center(width) if width else f" {label} ", style=style)


def run_card_text(entry: RunCard) -> Text:
    """A run or common-area card in coloured ink; a Joker is '★7●R' where it stands for a 7."""
    style = KEEPER_INK if entry.card.is_joker else PILATCH_INK[entry.card.suit]
    return Text(joker_label(entry.card, entry.rank), style=style)


def involves(move: Any, card: Any) -> bool:
    """True if the move uses this hand card."""
    if isinstance(move, mv.PlayTriple):
        return card in move.cards
    if isinstance(move, mv.SwapCards):
        return move.mine == card
    if isinstance(move, mv.AddToRun) and move.from_common:
        return False
    if isinstance(move, mv.TakeFromBin):
        return False
    return getattr(move, "card", None) == card


class RunwayTable(GameTable[RunwayView, Any]):
    """Pick a card (arrows or its number, Enter) for what it can do; letters for the rest."""

    BINDINGS = [
        Binding("enter,space", "confirm", "Use card"),
        *letter_bindings(
            {"menu": MENU_KEY} | {name: key.letter for name, key in ACTION_KEYS.items()},
            KEY_LABELS,
        ),
    ]
    """The footer's keys; on_key reads the letters from ACTION_KEYS."""

    DEFAULT_CSS = """
    RunwayTable #rw-center {
        min-width: 50;
    }
    RunwayTable #rw-runs, RunwayTable #rw-common, RunwayTable #rw-bin,
    RunwayTable #rw-phase, RunwayTable #rw-extra {
        height: auto;
    }
    RunwayTable #rw-runs {
        margin-bottom: 1;
    }
    RunwayTable #rw-extra {
        color: #fff59d;
    }
    RunwayTable #side {
        width: 24;
        min-width: 24;
    }
    """

    def __init__(self) -> None:
        super().__init__(classes="runway")
        self.first_shown = 0
        """The first hand card shown: a long hand scrolls under the cursor."""
        self.trade_news: tuple[int, str] | None = None
        """The answer to the last trade offer: (the offerer, the log line)."""
        self.armed: str | None = None
        """A key pressed once for a move that throws something away: a second press makes it."""
        self.hint_cursor: int | None = None
        """Where the cursor stood when a hint named a key, not a card: Enter there makes the
        hinted move too (moving the cursor gives Enter back to the cards)."""

    def compose_table(self) -> ComposeResult:
        with Horizontal(id="rw-main", classes="table-main"):
            with Vertical(id="rw-center", classes="table-centre"):
                yield Static(id="rw-phase")
                yield Static(id="rw-runs")
                yield Static(id="rw-common")
                yield Static(id="rw-bin")
                yield Static(id="rw-extra")

    # Drawing

    def show(self, view: RunwayView, names: list[str], legal: list[Any], interactive: bool) -> None:
        """Draw the runs, the common area, the bin, the phase and the viewer's hand."""
        self.keep(view, names, legal, interactive)
        self.new_hand(sort_hand(view.hand or []))
        self._draw_phase()
        self._draw_runs()
        self._draw_common_and_bin()
        self._draw_extra()
        self._draw_hand_row()
        self.refresh_bindings()

    def _draw_phase(self) -> None:
        view = self.shown
        text = Text()
        text.append(f"{self.who(view.active)}'s turn  ", style="bold")
        current = PHASE_TITLES[view.phase]
        for i, title in enumerate(("Draw", "Build", "Discard")):
            if i:
                text.append(" ▸ ", style="dim")
            style = "bold reverse #ffd54f" if title == current else "dim"
            text.append(f" {title} ", style=style)
        if view.actions:
            actions = plural(view.actions, "action")
            text.append(f"  ◆ {actions} to use", style="bold #69f0ae")
        self.query_one("#rw-phase", Static).update(text)

    def _draw_runs(self) -> None:
        view = self.shown
        text = Text("  Player    Way   Run Hand  run (leading edge lit)", style="dim")
        width = self.query_one("#rw-runs", Static).size.width or 53
        fitting = self._cursor_fits()
        for seat in view.order:
            text.append("\n")
            mark = "▶ " if seat == view.active and not view.over else "  "
            text.append(mark, style="bold #ffd54f")
            style = "bold" if seat == view.seat else ""
            text.append(fitted(self.who(seat), 9) + " ", style=style)
            direction = view.directions[seat]
            if direction is not None:
                text.append(f"{direction.value:<5}", style="bold #ffd54f")
            else:
                text.append("both " if view.options.build_easily else "none ", style="dim")
            run = view.runs[seat]
            need = view.needed[seat]
            pecking = view.options.pecking_order and view.seats >= 4
            if pecking and seat in view.out:
                text.append(f"out #{view.out.index(seat) + 1}", style="bold #69f0ae")
            elif view.options.biggest_run_wins:
                text.append(f"{len(run):>3}  ", style="bold")
            else:
                done = counted(run) >= need
                text.append(
                    f"{counted(run):>2}/{need:<2}", style="bold #69f0ae" if done else "bold"
                )
            text.append(f"{view.hand_sizes[seat]:>4}  ", style="dim")
            if not run:
                text.append("no run", style="dim italic")
                continue
            line_start = text.plain.rfind("\n") + 1
            run_width = sum(len(joker_label(e.card, e.rank)) + 1 for e in run)
            if len(text.plain) - line_start + run_width > width:
                text.append("\n" + " " * 8)
            ends = leading_ends(direction)
            for j, entry in enumerate(run):
                leading = (j == len(run) - 1 and "high" in ends) or (j == 0 and "low" in ends)
                piece = run_card_text(entry)
                if leading:
                    edge_style = "reverse bold"
                    if seat == view.seat and fitting:
                        edge_style = "bold #0f3d2e on #69f0ae"
                    piece.stylize(edge_style)
                text.append_text(piece)
                if j < len(run) - 1:
                    text.append(" ")
        self.query_one("#rw-runs", Static).update(text)

    def _cursor_fits(self) -> bool:
        """True if the card under the cursor can go on the viewer's run now."""
        if not self.interactive or not self.hand:
            return False
        card = self.hand[self.cursor]
        return any(isinstance(m, mv.AddToRun) and involves(m, card) for m in self.legal)

    def _draw_common_and_bin(self) -> None:
        view = self.shown
        common = Text("Common area: ", style="bold")
        if not view.common:
            common.append("empty", style="dim")
        for triple in view.common:
            common.append(f"{self.who(triple.owner)[:6]}[", style="dim")
            for k, card in enumerate(triple.cards):
                if k:
                    common.append(" ")
                common.append_text(run_card_text(RunCard(card=card, rank=triple.rank)))
            common.append("] ", style="dim")
        self.query_one("#rw-common", Static).update(common)
        shown = Text(f"Deck: {view.deck_size}   ", style="bold")
        shown.append(f"Bin ({len(view.bin)}, face up): ", style="bold")
        if not view.bin:
            shown.append("empty", style="dim")
        for card in sort_hand(view.bin):
            if isinstance(card, DirectionCard):
                shown.append(card.short, style="bold #ffd54f")
            else:
                shown.append_text(run_card_text(RunCard(card=card, rank=None)))
            shown.append(" ")
        self.query_one("#rw-bin", Static).update(shown)

    def _draw_extra(self) -> None:
        """The hand being looked at, a trade offer, or the rules in play."""
        view = self.shown
        text = Text()
        if view.peek is not None and view.looking_at is not None:
            text.append(f"{self.who(view.looking_at)}'s hand (only you see it): ", style="bold")
            for card in sort_hand(view.peek):
                text.append_text(card_text(card))
                text.append(" ")
            text.append("\nEnter on one of your cards to swap it; e hands them back.", style="dim")
        elif view.offer is not None:
            offer = view.offer
            give = " ".join(joker_label(c) for c in offer.give) or "nothing"
            if view.seat == offer.by:
                text.append(
                    f"Your offer to {self.who(offer.to)}: you give {give}; "
                    f"you ask for {cards_of(offer.ask, 'her')}.",
                    style="bold",
                )
                if view.phase is Phase.OFFERING:
                    text.append(
                        "\nEnter on a card adds it; o: ask for more, send or withdraw.",
                        style="dim",
                    )
            else:
                text.append(
                    f"{self.who(offer.by)} offers you {give} for {cards_of(offer.ask, 'your')}.",
                    style="bold",
                )
                if view.phase is Phase.ANSWERING:
                    text.append("\no: accept or decline.", style="dim")
                else:
                    left = offer.ask - len(offer.given)
                    text.append(f"\nEnter on a card to give it ({left} to go).", style="dim")
        elif view.trading:
            by, to = view.trading
            text.append(f"{self.who(by)} is trading with {self.who(to)}.", style="dim")
        elif self.trade_news is not None:
            by, line = self.trade_news
            if by == view.active and view.phase is Phase.BUILD and view.seat == by:
                text.append(f"{line}.", style="bold")
            elif by != view.active:
                self.trade_news = None
        self.query_one("#rw-extra", Static).update(text)

    def _draw_hand_row(self) -> None:
        """The hand's title (with its limit) and the cards around the cursor: those with
        nothing to do now dim in the build and discard phases."""
        view = self.shown
        hand = self.hand
        self.first_shown = hand_row_start(self.cursor, self.first_shown, self.HAND_SLOTS, len(hand))
        if view.seat is None or view.hand is None:
            self.hand_title(None)
        else:
            limit = view.hand_limits[view.seat]
            more = ""
            if len(hand) > self.HAND_SLOTS:
                last = min(len(hand), self.first_shown + self.HAND_SLOTS)
                more = f"  ·  cards {self.first_shown + 1}-{last} shown, ←→ for the rest"
            cards = plural(len(hand), "card")
            self.hand_title(Text(f"{self.who(view.seat)}'s hand: {cards} (keeps {limit}){more}"))
        dim = self.interactive and view.phase not in (Phase.DRAW, Phase.TAKING, Phase.ANSWERING)
        self.draw_cards(
            [look(card, joker_label(card)) for card in hand],
            first=self.first_shown,
            unplayable={
                i for i, c in enumerate(hand) if dim and not any(involves(m, c) for m in self.legal)
            },
            cursor=self.cursor if self.interactive else None,
        )

    # Keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show a key in the footer only when it has something to do now."""
        if action == "keyed" and parameters:
            if not self.interactive:
                return False
            key = str(parameters[0])
            if key == "menu":
                return bool(self.legal)
            return bool(self._moves_for(key))
        if action == "confirm":
            return self.interactive and any(involves(m, c) for m in self.legal for c in self.hand)
        return True

    def on_key(self, event: events.Key) -> None:
        """Letters and Enter are handled here, so a key hidden from the footer (nothing to do
        with it now) still says why; any key but the armed one disarms a confirmation."""
        armed = self.armed
        self.armed = None
        if event.key in ("enter", "space"):
            event.stop()
            self.action_confirm()
            return
        if event.key == MENU_KEY:
            event.stop()
            self.action_keyed("menu")
            return
        for name, key in ACTION_KEYS.items():
            if event.key == key.letter:
                event.stop()
                self.armed = armed if armed == name else None
                self.action_keyed(name)
                return

    def _moves_for(self, key: str) -> list[Any]:
        """The moves a key offers now, in the order its menu lists them."""
        if key == "menu":
            return list(self.legal)
        kinds = ACTION_KEYS[key].kinds
        found = [m for m in self.legal if m.kind in kinds]
        if key == "common":
            found = [m for m in found if m.from_common]
        found.sort(key=lambda m: kinds.index(m.kind))
        if key == "bin":  # the bin's cards in hand order, so a long bin reads like a hand
            order = {
                id(c): i
                for i, c in enumerate(sort_hand([m.card for m in found if m.kind == "take"]))
            }
            found.sort(key=lambda m: order.get(id(getattr(m, "card", None)), -1))
        return found

    def _plays_at_once(self, key: str, found: list[Any]) -> bool:
        return key != "menu" and ACTION_KEYS[key].at_once and len(found) == 1

    def action_keyed(self, key: str) -> None:
        """A letter key: its one move at once, or a menu when there are several."""
        if not self.may_act():
            return
        found = self._moves_for(key)
        if not found:
            probe = self._key_probe(key)
            if probe is not None:  # the engine says why, in the rules' words
                self.make(probe)
            else:
                self.post_message(self.Said(self._why_not(key), refused=True))
            return
        hinted = self.hinted
        if hinted is not None and hinted in found:  # the key the hint named makes exactly it
            self.armed = None
            self.make(hinted)
            return
        if not self._plays_at_once(key, found):
            self.move_menu(ACTION_KEYS[key].title if key != "menu" else MENU_TITLE, found)
            return
        move = found[0]
        loss = self._loss(move)
        # A move that throws something away waits for a second press; a hinted one does not,
        # as the hint has just said what it does and why.
        if loss and move != self.hinted and self.armed != key:
            self.armed = key
            self.post_message(self.Said(loss))
            return
        self.armed = None
        self.make(move)

    def _loss(self, move: Any) -> str | None:
        """What a one-key move throws away, said before it is made (None: nothing)."""
        view = self.view
        if view is None or view.seat is None:
            return None
        letter = ACTION_KEYS["recycle"].letter
        if isinstance(move, mv.RecycleRun):
            size = len(view.runs[view.seat])
            return (
                f"{letter} again puts your whole run ({plural(size, 'card')}) "
                "in the bin; any other key keeps it."
            )
        letter = ACTION_KEYS["end"].letter
        if isinstance(move, mv.EndBuild) and view.actions:
            return (
                f"{letter} again ends the build and gives up your "
                f"{plural(view.actions, 'unused special action')}; any other key goes back."
            )
        return None

    def _key_probe(self, key: str) -> Any:
        """The move a key stands for when it has none to offer, so the engine can say why."""
        view = self.view
        if view is None:
            return None
        if key == "draw":
            return mv.DRAW
        if key == "recycle":
            return mv.RECYCLE
        if key == "end" and view.phase is Phase.DISCARD:
            return mv.END_TURN
        return None

    def _why_not(self, key: str) -> str:
        view = self.view
        phase = PHASE_TITLES[view.phase].lower() if view is not None else "this"
        if key == "trade" and view is not None and not view.options.trading:
            return "Trading Cards is off in this game (it is chosen when the game is set up)."
        reasons = {
            "draw": "You draw once, at the start of your turn.",
            "bin": "The bin can be taken from only in your draw phase, when it holds cards.",
            "common": "No common-area card is the next card of your run.",
            "triple": "You hold no triple: three cards of one rank, one of each suit.",
            "act": "No special action now: play a triple to earn one.",
            "trade": "No trade is possible now: you offer one in your build phase.",
            "recycle": "You can recycle your run in your discard phase, if you have one.",
            "end": f"Nothing to end yet in your {phase} phase.",
        }
        return reasons.get(key, "Nothing to do with that key now.")

    def draw_hand(self) -> None:
        """The hand row, and the runs (the viewer's leading edge lit where the card under the
        cursor fits)."""
        self._draw_hand_row()
        self._draw_runs()

    def action_move(self, step: int) -> None:
        """Arrows move along the hand (Enter then uses a card, not a hint's key move)."""
        self.hint_cursor = None
        super().action_move(step)

    def action_pick(self, slot: int) -> None:
        """A number key chooses that card of the hand (the number on its border)."""
        index = slot
        if index < len(self.hand) and self.may_act():
            self.cursor = index
            self._draw_hand_row()
            self._use_card(self.hand[index])

    def on_hand_card_clicked(self, message: HandCard.Clicked) -> None:
        """A click chooses the card shown in that place."""
        index = self.first_shown + message.slot
        if index < len(self.hand) and self.may_act():
            self.cursor = index
            self._draw_hand_row()
            self._use_card(self.hand[index])

    def action_confirm(self) -> None:
        """Enter makes the move a hint just named a key for; else it uses the card under the
        cursor."""
        if not self.may_act():
            return
        hinted = self.hinted
        if hinted is not None and self._keyed_hint():
            self.armed = None
            self.make(hinted)
            return
        if self.hand:
            self._use_card(self.hand[self.cursor])

    def _keyed_hint(self) -> bool:
        """True if the last hint named a key (its move uses no hand card) and the cursor has
        not moved since."""
        return (
            self.hinted is not None
            and self.hinted in self.legal
            and self.hint_cursor is not None
            and self.hint_cursor == self.cursor
        )

    def _use_card(self, card: Any) -> None:
        """What this card can do now: at once if one thing, a menu if several, else why not."""
        found = [m for m in self.legal if involves(m, card)]
        hinted = self.hinted
        if hinted is not None and hinted in found:  # Enter on the hinted card makes exactly it
            self.make(hinted)
            return
        if len(found) == 1:
            self.make(found[0])
            return
        if found:
            self.move_menu(f"{joker_label(card)}: what to do with it", found)
            return
        probe = self._natural_move(card)
        if probe is None:
            self.post_message(self.Said(self._card_idle(card), refused=True))
            return
        self.make(probe)

    def _natural_move(self, card: Any) -> Any:
        """The move a player most likely means by choosing this card (the engine says why not)."""
        view = self.view
        if view is None or view.seat is None or isinstance(card, DirectionCard):
            return None
        if view.phase is Phase.BUILD and isinstance(card, PilatchCard):
            if view.runs[view.seat]:
                end = leading_ends(view.directions[view.seat])[0]
                return mv.AddToRun(card=card, end=end)
            return mv.StartRun(card=card)
        if view.phase is Phase.DISCARD:
            return mv.Discard(card=card)
        return None

    def _card_idle(self, card: Any) -> str:
        view = self.view
        if view is not None and view.phase in (Phase.DRAW, Phase.TAKING):
            return "Draw first: d draws from the deck, b takes cards from the bin."
        if isinstance(card, DirectionCard):
            return "A direction card goes down when you start a run: choose a card to start it."
        return "That card has nothing to do now."

    # Words

    def move_label(self, move: Any) -> str:
        """The move in words with the players' names."""
        return self._move_words(move)

    def _move_words(self, move: Any) -> str:
        view = self.view
        name = self.who

        def whose(seat: int) -> str:
            """'your' for the reader's own seat, else 'Ann's'."""
            return "your" if view is not None and seat == view.seat else f"{name(seat)}'s"

        if isinstance(move, mv.LookAtHand):
            return f"Action: look at {name(move.seat)}'s hand (and maybe swap a card)"
        if isinstance(move, mv.FlipDirections) and view is not None:
            flips = ", ".join(  # a flip names only seats with a direction
                f"{whose(s)} {way}→{way.other}"
                for s in move.seats
                if (way := view.directions[s]) is not None
            )
            return f"Action: flip {flips}"
        if isinstance(move, mv.LengthenRun) and view is not None:
            need = plural(view.needed[move.seat] + 1, "run card")
            return f"Action: {name(move.seat)} needs {need}"
        if isinstance(move, mv.Trounce):
            return f"Trounce {name(move.seat)}'s leading card with {move.card.short}"
        if isinstance(move, mv.OfferTrade):
            return f"Offer {name(move.seat)} a trade"
        if isinstance(move, mv.ReplaceJoker) and move.run_of is not None:
            return f"Put {move.card.short} in place of the Joker in {whose(move.run_of)} run"
        if isinstance(move, mv.SwapCards) and view is not None and view.looking_at is not None:
            return f"Swap your {move.mine.short} for {name(view.looking_at)}'s {move.theirs.short}"
        if isinstance(move, mv.ReshuffleAll) and view is not None:
            return f"Action: reshuffle bin, common area and all hands; everyone draws {view.x}"
        return move.brief()

    def suggest(self, move: Any) -> str:
        """Put the cursor on the hinted card, or name the key that makes the move (the key
        that makes it at once if there is one); Enter makes it as well."""
        self.hint_cursor = None
        for i, card in enumerate(self.hand):
            if involves(move, card):
                self.cursor = i
                self.draw_hand()
                return "Enter on the card under the cursor does it."
        self.hint_cursor = self.cursor  # Enter makes it too (action_confirm)
        offering = [k for k in ACTION_KEYS if move in self._moves_for(k)]
        for key in sorted(offering, key=lambda k: not self._plays_at_once(k, self._moves_for(k))):
            return f"Press {ACTION_KEYS[key].letter} (or Enter)."  # the hinted move (action_keyed)
        return f"Press {MENU_KEY} (or Enter)."

    def summary(self, events: list[Event], view: RunwayView, names: list[str]) -> Summary | None:
        """Between the games of a session, how the last one went. (An answer to a trade is
        kept here too, to show the offerer beside her hand for the rest of her build.)"""
        for event in events:
            if event.kind == "trade" and len(event.seats) == 2:
                self.trade_news = (event.seats[1], event.render(names))
        if happened(events, "game") and not view.over and view.history:
            return game_summary(view.history[-1], names, view.options)
        return None


def game_summary(s: GameSummary, names: list[str], options: RunwayOptions) -> Summary:
    """The game just played: its winner, why it ended, points or wins so far (and places, in a
    pecking order)."""
    columns = [Column("Player")]
    if options.scores_points:
        columns += [Column("This game", right=True), Column(f"Total (to {MATCH_TARGET})", True)]
    else:
        columns.append(Column("Games won", right=True))
    places = options.pecking_order and len(names) >= 4 and s.out_order
    if places:
        columns.append(Column("Place", right=True))
    rows = []
    for seat, name in enumerate(names):
        row: list[str | Text] = [Text(name)]
        if options.scores_points:
            row += [f"{s.points[seat]:+d}", str(s.totals[seat])]
        else:
            row.append(str(s.totals[seat]))
        if places:
            row.append(str(s.out_order.index(seat) + 1))
        rows.append(Row(row))
    winners = " and ".join(names[w] for w in s.winners)
    result = f"{winners} won game {s.number}" if s.winners else f"Game {s.number} is drawn"
    return Summary(
        title=f"Game {s.number}",
        columns=columns,
        rows=rows,
        above=[Line(Text(f"{result}: {s.reason}."), "results-winners")],
        next_line="Enter: deal the next game",
        go_on="Next game",
    )
