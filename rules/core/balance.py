"""The balance table of a title (`python -m game balance`): every scenario in one command.

Two tables:

* **even** (`even_table`): the same bots every game (by default the title's default level
  in every seat), one row per scenario: each seat's wins, the draws, and the share of the
  decided games the side with the most wins took, with its 95% interval.  The house's line
  is 60% of the decided games (issue 34).
* **level** (`level_table`): a level (say ``hard``) in one seat against the base bots in
  the others, seat by seat, beside the base bots alone on the same seeds: the level's
  games and the base's are paired per seed, so the table gives the seeds where the level
  did better and worse and the mean difference of the results with its 95% interval.

Intervals are Wilson's score intervals for a share (`wilson`); a paired difference's is
the normal one around its mean.  Game i of a cell is played on seed + i (`simulate`), so
two cells with the same seed play the same deals.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.model import GameOptions, Seat
from rules.core.simulate import Played, Progress, default_bots, play_games, playing_seats
from rules.core.title import Title

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a share of `successes` in `trials` (0 to 1 each end);
    (0, 1) when there were no trials."""
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    scale = 1 + z * z / trials
    middle = (share + z * z / (2 * trials)) / scale
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / scale
    return max(0.0, middle - half), min(1.0, middle + half)


@dataclass(frozen=True)
class Tally:
    """Wins, losses and draws of one seat over a cell's games."""

    wins: int
    losses: int
    draws: int

    @classmethod
    def of(cls, played: Sequence[Played], seat: Seat) -> Tally:
        wins = sum(1 for game in played if seat in game.winners)
        draws = sum(1 for game in played if seat not in game.winners and game.draw)
        return cls(wins, len(played) - wins - draws, draws)

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def decided(self) -> int:
        return self.wins + self.losses

    def of_decided(self) -> tuple[float, float, float]:
        """The share of the decided games won, and its interval."""
        low, high = wilson(self.wins, self.decided)
        return (self.wins / self.decided if self.decided else math.nan), low, high

    def of_all(self) -> tuple[float, float, float]:
        """The share of all games won outright (a draw is not a win), and its interval."""
        low, high = wilson(self.wins, self.games)
        return (self.wins / self.games if self.games else math.nan), low, high

    def as_dict(self) -> dict[str, Any]:
        decided, decided_low, decided_high = self.of_decided()
        won, won_low, won_high = self.of_all()
        return {
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "of_decided": [decided, decided_low, decided_high],
            "of_all": [won, won_low, won_high],
        }


@dataclass(frozen=True)
class Cell:
    """Games of one scenario with one line-up of bots."""

    scenario: str | None
    label: str
    """The scenario as the table names it (a free scenario's file name, say)."""
    bots: dict[Seat, str]
    played: list[Played]

    def tally(self, seat: Seat) -> Tally:
        return Tally.of(self.played, seat)

    @property
    def mean_actions(self) -> float:
        return sum(g.actions for g in self.played) / len(self.played) if self.played else 0.0

    @property
    def cpu_seconds(self) -> float:
        return sum(g.cpu_seconds for g in self.played) / len(self.played) if self.played else 0.0


@dataclass(frozen=True)
class Pairing:
    """A level's games in one seat beside the base bots' on the same seeds."""

    seat: Seat
    level: Cell
    base: Cell

    def differences(self) -> list[float]:
        """Per seed, the level's result minus the base's (1 a win, 1/2 a draw, 0 a loss)."""
        base = {game.seed: game.value(self.seat) for game in self.base.played}
        return [game.value(self.seat) - base[game.seed] for game in self.level.played]

    def paired(self) -> dict[str, float]:
        """Seeds better and worse, the mean difference and its 95% interval."""
        diffs = self.differences()
        n = len(diffs)
        mean = sum(diffs) / n if n else 0.0
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        half = Z95 * math.sqrt(variance / n) if n else 0.0
        return {
            "better": sum(1 for d in diffs if d > 0),
            "worse": sum(1 for d in diffs if d < 0),
            "mean": mean,
            "low": mean - half,
            "high": mean + half,
        }


Scenario = tuple[str | None, str, GameOptions]
"""A scenario id (None: the title has none), its label in the table, and its options."""


def scenarios_of(title: Title[Any, Any, Any], choices: dict[str, Any] | None = None) -> list[Scenario]:
    """Every scenario the title offers (one row without a name for a title with none)."""
    ids: Sequence[str | None] = title.scenarios or (None,)
    return [(s, s or title.id, title.make_options(s, choices=choices)) for s in ids]


CellProgress = Callable[[str], Progress | None]
"""Makes the progress report of a cell, given the cell's label."""


def _cell(
    title: Title[Any, Any, Any],
    scenario: Scenario,
    bots: Sequence[str],
    games: int,
    seed: int,
    jobs: int,
    progress: CellProgress | None,
    note: str = "",
) -> Cell:
    ident, label, options = scenario
    seats = playing_seats(title, options, len(bots))
    report = progress(f"{label}{note}: ") if progress is not None else None
    played = play_games(title, options, range(seed, seed + games), bots, jobs, report)
    return Cell(ident, label, dict(zip(seats, bots, strict=True)), played)


def even_table(
    title: Title[Any, Any, Any],
    scenarios: Sequence[Scenario],
    games: int,
    seed: int,
    bots: Sequence[str] | None = None,
    jobs: int = 1,
    progress: CellProgress | None = None,
) -> list[Cell]:
    """One cell per scenario, the same bots in every game (default: the default level)."""
    cells = []
    for scenario in scenarios:
        chosen = list(bots) if bots else default_bots(title, scenario[2])
        cells.append(_cell(title, scenario, chosen, games, seed, jobs, progress))
    return cells


def level_table(
    title: Title[Any, Any, Any],
    scenarios: Sequence[Scenario],
    games: int,
    seed: int,
    level: str,
    bots: Sequence[str] | None = None,
    jobs: int = 1,
    progress: CellProgress | None = None,
) -> list[Pairing]:
    """Per scenario and playing seat: `level` in that seat, the base bots (default: the
    default level) in the others, beside the base bots alone on the same seeds."""
    pairings = []
    for scenario in scenarios:
        base_bots = list(bots) if bots else default_bots(title, scenario[2])
        seats = playing_seats(title, scenario[2], len(base_bots))
        base = _cell(title, scenario, base_bots, games, seed, jobs, progress)
        for index, seat in enumerate(seats):
            line_up = [level if i == index else bot for i, bot in enumerate(base_bots)]
            cell = _cell(title, scenario, line_up, games, seed, jobs, progress, f" {level} as {seat}")
            pairings.append(Pairing(seat, cell, base))
    return pairings


def _pct(share: tuple[float, float, float]) -> str:
    value, low, high = share
    if math.isnan(value):
        return "-"
    return f"{100 * value:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def _wld(tally: Tally) -> str:
    return f"{tally.wins}-{tally.losses}-{tally.draws}"


def even_markdown(title: Title[Any, Any, Any], cells: Sequence[Cell]) -> str:
    """The even table as Markdown: per scenario the wins by seat, the draws, and the
    leading side's share of the decided games and of all games."""
    lines = [
        "| scenario | games | wins by seat | draws | most wins: share of decided [95%] | of all games |"
        " mean actions |",
        "|---|---|---|---|---|---|---|",
    ]
    for cell in cells:
        tallies = {seat: cell.tally(seat) for seat in cell.bots}
        leader = max(tallies, key=lambda seat: tallies[seat].wins)
        wins = ", ".join(f"{seat} {tally.wins}" for seat, tally in tallies.items())
        draws = sum(1 for game in cell.played if game.draw)
        lines.append(
            f"| {cell.label} | {len(cell.played)} | {wins} | {draws} |"
            f" {leader} {_pct(tallies[leader].of_decided())} | {_pct(tallies[leader].of_all())} |"
            f" {cell.mean_actions:.0f} |"
        )
    return "\n".join(lines)


def level_markdown(pairings: Sequence[Pairing]) -> str:
    """The level table as Markdown: per scenario and seat the level's W-L-D and shares,
    the base's on the same seeds, and the paired difference."""
    lines = [
        "| scenario | seat | games | level W-L-D | won of decided [95%] | won of all [95%] |"
        " base W-L-D | base: of decided | base: of all | seeds better / worse | mean difference [95%] |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for pairing in pairings:
        mine, theirs = pairing.level.tally(pairing.seat), pairing.base.tally(pairing.seat)
        paired = pairing.paired()
        lines.append(
            f"| {pairing.level.label} | {pairing.seat} | {len(pairing.level.played)} | {_wld(mine)} |"
            f" {_pct(mine.of_decided())} | {_pct(mine.of_all())} | {_wld(theirs)} |"
            f" {_pct(theirs.of_decided())} | {_pct(theirs.of_all())} |"
            f" {paired['better']:.0f} / {paired['worse']:.0f} |"
            f" {paired['mean']:+.3f} [{paired['low']:+.3f}, {paired['high']:+.3f}] |"
        )
    return "\n".join(lines)


def cell_dict(cell: Cell) -> dict[str, Any]:
    """A cell for the JSON report, each game's result by seed included (its winners and
    whether it was drawn)."""
    return {
        "scenario": cell.scenario,
        "label": cell.label,
        "bots": cell.bots,
        "games": len(cell.played),
        "seeds": [cell.played[0].seed, cell.played[-1].seed] if cell.played else [],
        "seats": {seat: cell.tally(seat).as_dict() for seat in cell.bots},
        "draws": sum(1 for game in cell.played if game.draw),
        "mean_actions": cell.mean_actions,
        "cpu_seconds_a_game": cell.cpu_seconds,
        "results": {str(game.seed): [list(game.winners), game.draw] for game in cell.played},
    }


def pairing_dict(pairing: Pairing) -> dict[str, Any]:
    return {
        "seat": pairing.seat,
        "level": cell_dict(pairing.level),
        "base": cell_dict(pairing.base),
        "paired": pairing.paired(),
    }
