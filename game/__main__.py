"""Siatka's command line: start the app, or screenshot / simulate / bench / content check.

``siatka`` and ``python -m game`` both run `main`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any


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
        choices=("menu", "setup", "load", "settings", "rules"),
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
    sim.add_argument("--seed", type=int, required=True)
    sim.add_argument("--bots", help="bot ids in seat order, comma-separated (default: random)")
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="a setup choice, e.g. --option games=3 (repeatable)",
    )

    bench = commands.add_parser("bench", help="measure start-up, frame times, rules speed, saves")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument("--quick", action="store_true", help="fewer repetitions (for tests)")
    bench.add_argument(
        "--openspiel",
        metavar="PYTHON",
        help="an interpreter with open_spiel installed: measure the rules beside its block dominoes",
    )

    content = commands.add_parser("content", help="content data tools")
    content_commands = content.add_subparsers(dest="content_command", required=True)
    content_commands.add_parser("check", help="load and validate every title's content data")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command is None:
        from game.app import App
        from game.scenes.menu import MenuScene

        app = App()
        app.reset(MenuScene(app))
        app.run()
        return 0
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
    if args.command == "bench":
        from game.bench import run_bench

        return run_bench(as_json=args.json, quick=args.quick, openspiel=args.openspiel)
    if args.command == "content":
        from game.content_check import content_check

        return content_check()
    return 2


def _simulate(args: argparse.Namespace) -> int:
    from game.i18n import Translator
    from game.storage import SCENARIO_FILE_BYTES, explain, read_file
    from game.ui.messages import first_problem
    from rules.core.simulate import simulate, stderr_progress
    from rules.registry import TITLES

    title = TITLES.get(args.title)
    if title is None:
        print(f"Unknown title {args.title!r}; known: {', '.join(sorted(TITLES)) or 'none'}", file=sys.stderr)
        return 2
    if args.games < 1:
        print(f"simulate: --games must be at least 1, not {args.games}", file=sys.stderr)
        return 2
    bots = [b.strip() for b in args.bots.split(",")] if args.bots else None
    scenario = args.scenario
    try:
        if args.scenario_file is not None:
            scenario = title.load_scenario(read_file(args.scenario_file, SCENARIO_FILE_BYTES))
        choices = _choices(title, scenario, args.option)
        if bots is not None:
            _check_bots(title, title.make_options(scenario, choices=choices), len(bots))
        result = simulate(
            title, scenario, args.games, args.seed, bots, progress=stderr_progress, choices=choices
        )
    except OSError as err:
        print(f"simulate: cannot read {args.scenario_file}: {explain(Translator(), err)}", file=sys.stderr)
        return 2
    except ValueError as err:
        print(f"simulate: {first_problem(err)}", file=sys.stderr)
        return 2
    except KeyError as err:
        print(f"simulate: {err.args[0] if err.args else err}", file=sys.stderr)
        return 2
    print(json.dumps(result))
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
