"""Siatka's command line: start the app, or screenshot / simulate / balance / bench /
replay / stats / content check / new-title.

``siatka`` and ``python -m game`` both run `main`.  A command stops on Ctrl+C and on
SIGTERM (exit codes 130 and 143), its worker processes with it; the app's window treats
both as closing the window (SDL turns them into a quit event; the game was saved after
its last action).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

NO_SDL_SIGNALS = "SDL_NO_SIGNAL_HANDLERS"
"""SDL's hint (read from the environment when SDL starts) to leave SIGINT and SIGTERM alone."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="siatka", description="Spy board games at one screen.")
    commands = parser.add_subparsers(dest="command")

    shot = commands.add_parser("screenshot", help="render the main menu or a game to a PNG (headless)")
    shot.add_argument("out", type=Path, help="PNG file to write")
    shot.add_argument("--title", help="title id; without it (or with --scene) a menu scene is drawn")
    shot.add_argument("--scenario", help="scenario id (default: the title's first)")
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--steps", type=int, default=0, help="random-bot actions played before the picture")
    shot.add_argument("--seat", help="whose view to draw (default: the seat to act)")
    shot.add_argument("--language", choices=("en", "pl"), help="UI language for the picture")
    shot.add_argument(
        "--scene",
        choices=("menu", "setup", "load", "statistics", "settings", "rules"),
        help="draw this scene instead of a game (--title picks the title shown in setup and rules)",
    )

    sim = commands.add_parser("simulate", help="play bot games and print one JSON line of results")
    sim.add_argument("title")
    sim.add_argument("--scenario")
    sim.add_argument(
        "--scenario-file",
        type=Path,
        metavar="FILE",
        help="a scenario the title's builder saved (JSON), played instead of --scenario",
    )
    sim.add_argument("--games", type=int, required=True)
    sim.add_argument("--seed", type=int, required=True, help="game i is played on seed + i")
    sim.add_argument(
        "--bots", help="bot ids in seat order, comma-separated (default: the title's default level)"
    )
    _setup_and_jobs(sim)

    balance = commands.add_parser(
        "balance",
        help="the balance table of every scenario of a title (Markdown, or --json)",
        description="Every scenario of TITLE, the same bots in every seat (default: the title's "
        "default level), one row each with the leading side's share of the decided games "
        "and its 95%% (Wilson) interval; with --level, that level in each seat in turn against "
        "the others, beside the same seeds without it, paired per seed.",
    )
    balance.add_argument("title")
    balance.add_argument(
        "--scenario", action="append", default=[], help="only this scenario (repeatable; default: all)"
    )
    balance.add_argument(
        "--scenario-file",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help="also a scenario the title's builder saved (JSON; repeatable)",
    )
    balance.add_argument("--games", type=int, required=True, help="games a cell")
    balance.add_argument("--seed", type=int, required=True, help="game i of every cell is played on seed + i")
    balance.add_argument("--bots", help="the bots in seat order (default: the title's default level)")
    balance.add_argument("--level", help="a level to play in each seat in turn against --bots")
    balance.add_argument("--json", action="store_true", help="print one JSON object, each game's result too")
    _setup_and_jobs(balance)

    bench = commands.add_parser("bench", help="measure start-up, frame times, rules speed, saves")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument(
        "--quick",
        action="store_true",
        help="a smoke test of every measurement, in seconds (for tests): too few to read",
    )
    bench.add_argument(
        "--openspiel",
        metavar="PYTHON",
        help="an interpreter with open_spiel installed: measure the rules beside its block dominoes",
    )

    replay = commands.add_parser(
        "replay",
        help="replay a save or replay file through the rules: its actions, final digest, outcome",
        description="Replays FILE (a save, or a replay file exported from the Load list) through the "
        "rules, as loading does, and prints the number of actions, the final state's digest "
        "(SHA-256 of its JSON, as the tests compare games) and the outcome. Exit 2, with one "
        "line on stderr, for a file it cannot replay.",
    )
    replay.add_argument("file", type=Path)
    replay.add_argument("--json", action="store_true", help="print one JSON object")

    stats = commands.add_parser(
        "stats",
        help="the statistics of the games played: per person, title and scenario",
        description="Prints the figures the Statistics screen shows, read from the statistics file "
        "in the data folder (SIATKA_HOME): per person, each title and scenario's games, wins, draws "
        "and losses by side and by opponent, best and average score, rating bands, streaks and the "
        "scores in order. A damaged file is kept aside and a new one started, as in the app (said on "
        "stderr).",
    )
    stats.add_argument("--json", action="store_true", help="print one JSON object")

    content = commands.add_parser("content", help="content data tools")
    content_commands = content.add_subparsers(dest="content_command", required=True)
    content_commands.add_parser("check", help="load and validate every title's content data")

    new = commands.add_parser(
        "new-title", help="write a minimal playable title (rules, table, catalogs, tests) to start from"
    )
    new.add_argument("id", help="the new title's id: lower-case words joined by hyphens, e.g. my-game")
    return parser


def _setup_and_jobs(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="a setup choice, e.g. --option games=3 (repeatable)",
    )
    command.add_argument(
        "--jobs",
        type=int,
        help="processes playing games at once (default: the number of cores; same results with any)",
    )


STOP_SECONDS = 10.0
"""How long a command told to stop may take to end its workers before it is ended outright."""


_stopping: int | None = None
"""The signal that told the command to stop, once one has."""


def _stop_on_sigterm(signum: int, frame: object) -> None:
    """SIGTERM ends the command as an exception does, its worker processes with it.  The
    exception may come where Python only prints it and goes on (a finaliser, a callback):
    then the process ends outright after `STOP_SECONDS`.  It may also come inside a call a C
    extension makes back into Python (pygame_gui loading a font from a file object), which
    then fails with an error of its own (a SystemError 'returned a result with an exception
    set'): `main` takes any error raised once the signal came as the stop."""
    import threading

    global _stopping
    _stopping = signum
    fallback = threading.Timer(STOP_SECONDS, os._exit, args=(128 + signum,))
    fallback.daemon = True
    fallback.start()
    raise SystemExit(128 + signum)


def main(argv: Sequence[str] | None = None) -> int:
    global _stopping
    args = _parser().parse_args(argv)
    if args.command is not None:
        # A command, unlike the app's window, stops on SIGTERM and Ctrl+C: SDL's own
        # handlers (which turn both into a quit event) are not installed.
        hint = os.environ.get(NO_SDL_SIGNALS)
        os.environ[NO_SDL_SIGNALS] = "1"
        previous = signal.signal(signal.SIGTERM, _stop_on_sigterm)
        try:
            return _command(args)
        except KeyboardInterrupt:
            print(f"\n{args.command}: interrupted", file=sys.stderr)
            return 130
        except Exception as err:
            if _stopping is None:
                raise
            # SIGTERM's SystemExit came out of a C extension as another error.
            print(f"{args.command}: stopped ({type(err).__name__} on the way out)", file=sys.stderr)
            return 128 + _stopping
        finally:
            signal.signal(signal.SIGTERM, previous)
            _stopping = None
            if hint is None:
                del os.environ[NO_SDL_SIGNALS]
            else:
                os.environ[NO_SDL_SIGNALS] = hint
    from game.app import App
    from game.scenes.menu import MenuScene

    app = App()
    app.reset(MenuScene(app))
    app.run()
    return 0


def _command(args: argparse.Namespace) -> int:
    if args.command == "screenshot":
        from game.screenshot import screenshot

        try:
            path = screenshot(
                args.out,
                args.title,
                args.scenario,
                args.seed,
                args.steps,
                args.seat,
                args.language,
                args.scene,
            )
        except ValueError as err:
            print(f"screenshot: {err}", file=sys.stderr)
            return 2
        print(path)
        return 0
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "balance":
        return _balance(args)
    if args.command == "bench":
        from game.bench import run_bench

        return run_bench(as_json=args.json, quick=args.quick, openspiel=args.openspiel)
    if args.command == "replay":
        return _replay(args.file, args.json)
    if args.command == "stats":
        return _stats(args.json)
    if args.command == "content":
        from game.content_check import content_check

        return content_check()
    if args.command == "new-title":
        from game.new_title import ROOT, NewTitleError, new_title

        try:
            written = new_title(args.id)
        except NewTitleError as err:
            print(f"new-title: {err}", file=sys.stderr)
            return 2
        for path in written:
            print(path.relative_to(ROOT))
        return 0
    return 2


def _replay(path: Path, as_json: bool) -> int:
    from game.i18n import Translator
    from game.replays import replayed
    from game.storage import explain
    from rules.core import SaveError

    try:
        found = replayed(path)
    except OSError as err:
        return _refuse("replay", _Refused(f"cannot read {path}: {explain(Translator(), err)}"))
    except SaveError as err:
        return _refuse("replay", _Refused(f"{path}: {err}"))
    print(found.as_json() if as_json else found.as_text())
    return 0


def _stats(as_json: bool) -> int:
    from game.i18n import Translator
    from game.statistics import load, summary, summary_text

    book, notices = load()
    for notice in notices:
        print(f"stats: {notice.text(Translator())}", file=sys.stderr)
    figures = summary(book)
    print(json.dumps(figures) if as_json else summary_text(figures))
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from rules.core.simulate import StderrProgress, default_jobs, simulate

    try:
        title, scenarios, choices, bots = _games_asked(
            args, [args.scenario_file] if args.scenario_file else []
        )
        scenario = scenarios[0] if scenarios else args.scenario
        result = simulate(
            title,
            scenario,
            args.games,
            args.seed,
            bots,
            progress=StderrProgress(),
            choices=choices,
            jobs=args.jobs or default_jobs(),
        )
    except (_Refused, ValueError, KeyError) as err:
        return _refuse("simulate", err)
    print(json.dumps(result))
    return 0


class _Refused(Exception):
    """A command-line value refused with the sentence given."""


def _refuse(command: str, err: Exception) -> int:
    """One line on stderr saying why `command` refused, and exit code 2."""
    from game.ui.messages import first_problem

    said = first_problem(err) if isinstance(err, ValueError) else str(err.args[0] if err.args else err)
    print(f"{command}: {said}", file=sys.stderr)
    return 2


def _games_asked(
    args: argparse.Namespace, files: Sequence[Path]
) -> tuple[Any, list[str], dict[str, Any], list[str] | None]:
    """The title, the scenarios read from `files`, the setup choices and the bots that
    `simulate` and `balance` were asked for, checked (`_Refused`, ValueError, KeyError)."""
    from game.i18n import Translator
    from game.storage import SCENARIO_FILE_BYTES, explain, read_file
    from rules.registry import TITLES

    title = TITLES.get(args.title)
    if title is None:
        raise _Refused(f"Unknown title {args.title!r}; known: {', '.join(sorted(TITLES)) or 'none'}")
    if args.games < 1:
        raise _Refused(f"--games must be at least 1, not {args.games}")
    if args.jobs is not None and args.jobs < 1:
        raise _Refused(f"--jobs must be at least 1, not {args.jobs}")
    scenarios = []
    for path in files:
        try:
            scenarios.append(title.load_scenario(read_file(path, SCENARIO_FILE_BYTES)))
        except OSError as err:
            raise _Refused(f"cannot read {path}: {explain(Translator(), err)}") from err
    bots = [b.strip() for b in args.bots.split(",")] if args.bots else None
    first = scenarios[0] if scenarios else (args.scenario if isinstance(args.scenario, str) else None)
    choices = _choices(title, first, args.option)
    options = title.make_options(first, choices=choices)
    if bots is not None:
        _check_bots(title, options, len(bots))
    level = getattr(args, "level", None)
    for bot in [*(bots or []), *([level] if level else [])]:
        title.make_bot(bot, title.seats(options)[0])  # KeyError: no such bot
    return title, scenarios, choices, bots


def _balance(args: argparse.Namespace) -> int:
    from rules.core import balance
    from rules.core.simulate import StderrProgress, default_jobs

    try:
        title, files, choices, bots = _games_asked(args, args.scenario_file)
        known = balance.scenarios_of(title, choices)
        # A file's scenario joins the title's scenarios once loaded: it is listed by its file.
        wanted = args.scenario or [ident for ident, _, _ in known if ident not in files]
        unknown = [s for s in wanted if s not in {ident for ident, _, _ in known}]
        if unknown:
            raise _Refused(f"{title.id} has no scenario {unknown[0]!r}; it has {list(title.scenarios)}")
        rows = [row for row in known if row[0] in wanted]
        rows += [
            (scenario, path.stem, title.make_options(scenario, choices=choices))
            for scenario, path in zip(files, args.scenario_file, strict=True)
        ]
        jobs = args.jobs or default_jobs()
        if args.level is None:
            cells = balance.even_table(title, rows, args.games, args.seed, bots, jobs, StderrProgress)
            table = balance.even_markdown(title, cells)
            report: dict[str, Any] = {"cells": [balance.cell_dict(cell) for cell in cells]}
        else:
            pairings = balance.level_table(
                title, rows, args.games, args.seed, args.level, bots, jobs, StderrProgress
            )
            table = balance.level_markdown(pairings)
            report = {"level": args.level, "pairings": [balance.pairing_dict(p) for p in pairings]}
    except (_Refused, ValueError, KeyError) as err:
        return _refuse("balance", err)
    if args.json:
        print(json.dumps({"title": title.id, "games": args.games, "seed": args.seed, **report}))
    else:
        seeds = f"seeds {args.seed}-{args.seed + args.games - 1}"
        print(f"{title.id}, {args.games} games a cell, {seeds}, {jobs} jobs\n\n{table}")
    return 0


def _check_bots(title: Any, options: Any, count: int) -> None:
    """One bot for each seat a person could take: a seat the rules play (Godzina
    policyjna's Germans) takes none, so a bot named for it is refused, not ignored."""
    automated = set(title.automated_seats(options))
    playing = [seat for seat in title.seats(options) if seat not in automated]
    if count != len(playing):
        noun = "bot" if len(playing) == 1 else "bots"
        raise ValueError(f"{title.id} needs {len(playing)} {noun} ({', '.join(playing)}), got {count}")


def _choices(title: Any, scenario: str | None, given: Sequence[str]) -> dict[str, Any]:
    """``FIELD=VALUE`` texts as setup-choice values of the types the title offers."""
    offered = {choice.field: choice for choice in title.setup_choices(scenario)}
    choices: dict[str, Any] = {}
    for text in given:
        field, _, wanted = text.partition("=")
        if field not in offered:
            raise ValueError(f"{title.id} has no setup choice {field!r}; it has {sorted(offered) or 'none'}")
        values = [option.value for option in offered[field].values]
        matching = [value for value in values if str(value).lower() == wanted.strip().lower()]
        if not matching:
            raise ValueError(f"{field} may be {', '.join(map(str, values))}, not {wanted!r}")
        choices[field] = matching[0]
    return choices


if __name__ == "__main__":
    sys.exit(main())
