"""The results screen: who won, the scores, and what next."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding

from cardtable.engine import Match
from cardtable.engine.contract import Outcome
from cardtable.ui.app_api import table_app
from cardtable.ui.screens.game_summary import Column, Line, Row, Summary, SummaryScreen


def outcome_summary(game_name: str, outcome: Outcome, names: list[str]) -> Summary:
    """The end of a game as a summary: its title, why it ended, who won, each team's score."""
    winning_teams = [team for team in outcome.teams if any(s in outcome.winners for s in team)]
    shared = len(winning_teams) > 1  # a draw, or a win the rules share
    rows = []
    for t, team in enumerate(outcome.teams):
        won = team in winning_teams
        who = " & ".join(names[s] for s in team)
        rows.append(
            Row(
                [
                    Text(f"{outcome.team_names[t]}: {who}" if outcome.team_names else who),
                    str(outcome.team_scores[t]),
                    ("★ shared" if shared else "★ winner") if won else "",
                ],
                bold=won,
            )
        )
    winners = " & ".join(names[s] for s in outcome.winners)
    cheer = f"Shared between {winners}. Well played!" if shared else f"Well played, {winners}!"
    heading = "Team" if any(len(t) > 1 for t in outcome.teams) else "Player"
    return Summary(
        title="Scores",
        columns=[Column(heading), Column(outcome.score_label, right=True), Column("Result")],
        rows=rows,
        above=[
            Line(Text(f"{game_name}: game over", style="bold"), "results-title"),
            Line(Text(outcome.summary)),
            Line(Text(cheer if winners else ""), "results-winners"),
        ],
    )


class OutcomeScreen(SummaryScreen):
    """The end of a game: the winners, each team's score, and what next; from an Outcome and
    the names, as a host sends them. A hosted game's ends here: Enter goes back to the start
    screen (the host deals no new game); on the host's own screen (`hosting`) it stays, and
    Ctrl+Q stops the host.

    Players' names and the game's summary are shown as written (Text, never markup).
    """

    BINDINGS = [
        Binding("enter,n,m,escape", "leave", "Menu"),
        Binding("r", "replay", "Replay"),
        Binding("q", "app.quit", "Quit"),
    ]

    match: Match | None = None
    """The finished game itself, where this screen holds it (at one keyboard, on the host's
    own screen): it can be replayed. A joined screen has only the outcome."""
    demo = False

    def __init__(
        self,
        game_name: str,
        outcome: Outcome,
        names: list[str],
        hosting: bool = False,
        match: Match | None = None,
    ) -> None:
        self.hosting = hosting
        self.match = match
        super().__init__(outcome_summary(game_name, outcome, names))

    def next_line(self) -> str:
        if self.hosting:
            return "r: replay it  ·  Ctrl+Q stops the host."
        if table_app(self).one_game:  # a seat's page: there is no start screen behind it
            return "Enter or q: leave the game."
        return "Enter: back to the start screen  ·  q: quit"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The host's screen has no way to the menu (nor a q that stops it by accident); a
        replay needs the game itself, and a demo goes on by itself."""
        if self.hosting and action in ("leave", "quit"):
            return False
        if action == "replay":
            return self.match is not None and not self.demo
        return super().check_action(action, parameters)

    def action_replay(self) -> None:
        """The game just played, move by move, every hand open."""
        from cardtable.bots.replay import Replay, ReplayRefused
        from cardtable.ui.screens.replay import ReplayScreen

        if self.match is None:
            return
        try:
            replay = Replay(self.match.game, self.match.record)
        except ReplayRefused as refused:
            self.notify(refused.reason, title="Cannot replay", severity="error", markup=False)
            return
        self.app.push_screen(ReplayScreen(replay))

    def action_leave(self) -> None:
        """Back to the start screen."""
        table_app(self).action_back_to_menu()


class ResultsScreen(OutcomeScreen):
    """The end of a game at this table: Enter deals again with the same seats (a demo goes on
    to its next game by itself)."""

    BINDINGS = [
        Binding("enter,n", "again", "Play again"),
        Binding("r", "replay", "Replay"),
        Binding("m,escape", "app.back_to_menu", "Menu"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, match: Match, demo: bool = False, delay: float = 0.6) -> None:
        super().__init__(match.game.name, match.game.outcome(match.state), match.names, match=match)
        self.demo = demo
        self.delay = delay

    def next_line(self) -> str:
        if self.demo:
            return "The next demo game starts in a moment. Esc or q: stop the demo."
        return "Enter: play again, same seats  ·  r: replay it  ·  m: menu  ·  q: quit"

    def on_mount(self) -> None:
        if self.demo:
            self.set_timer(max(2.0, self.delay * 4) if self.delay else 1.0, self.action_again)

    def action_again(self) -> None:
        """The same seats and options, a new deal (in a demo: the next game)."""
        if self.is_current:
            table_app(self).play_again(self.match, demo=self.demo)
