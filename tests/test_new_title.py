"""`python -m game new-title ID` writes a title that passes the suite as written (issue 33, point 2).

The command runs in a copy of the project; the copy's suite then runs its title-generic
tests (those every registered title goes through) for the new title, and the title's own.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.new_title import LONGEST_ID, ROOT, NewTitleError, names, new_title
from rules.registry import TITLES

TITLE_ID = next(
    title_id
    for title_id in ("pebble-pile", *(f"pebble-pile-{n}" for n in range(2, 99)))
    if title_id not in TITLES
)
"""The new title's id: one not registered yet (a project made from the skeleton may already
hold a pebble-pile, and its suite runs this test too)."""
GENERIC = (
    "tests/test_conformance.py",
    "tests/test_refusal_keys.py",
    "tests/test_title_needs.py",
    "tests/test_setup_choices.py",
    "tests/test_i18n.py",
    "tests/test_cli.py",
    "tests/test_simulate.py",
    "tests/bots/test_hint_words.py",
    "tests/ui/test_help.py",
    "tests/ui/test_levels.py",
    "tests/ui/test_layout_fits.py",
    "tests/ui/test_nothing_cut.py",
    "tests/replays/test_replay_core.py",
)
"""The suite's files of tests run for every registered title (each title's case named by
its id), beside the ones below that look at all titles at once."""
WHOLE = (
    "tests/test_layering.py",
    "tests/test_seeds.py::test_nearby_seeds_deal_different_games",
    "tests/test_polish_wording.py",
    "tests/test_grammar.py",
    "tests/test_agreement.py",
    "tests/trust/test_spoilt_saves.py",
    "tests/trust/test_messages.py",
)
"""Tests of every title at once (each loops over the registered titles), and of the layers,
run whole.  Not the bench's smoke test (tests/test_cli.py, `bench --quick`: some 8 CPU s, the
suite around runs it already): what it measures of a title (its table drawn and swept by the
pointer, its playouts, saves, the strongest level's decisions, the guide's first hour) goes
through the title's parts the generic files above check for the new title."""


def _copy(target: Path) -> Path:
    """The project's code, data, catalogs and tests, copied to `target`, with their compiled
    modules (tests/conftest.py keeps them; copied with their sources' times, they stay valid
    where the copy leaves a source as it was, so the copy's suite compiles only what changed)."""
    ignore = shutil.ignore_patterns(".pytest_cache", ".mypy_cache", ".ruff_cache")
    for folder in ("rules", "game", "tests", "assets"):
        shutil.copytree(ROOT / folder, target / folder, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", target / "pyproject.toml")
    return target


def _run(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    return subprocess.run(
        [sys.executable, *args], cwd=copy, env=env, capture_output=True, text=True, timeout=1800, check=False
    )


def test_a_new_title_passes_the_suites_title_tests_and_its_own(tmp_path: Path) -> None:
    copy = _copy(tmp_path / "project")
    made = _run(copy, "-m", "game", "new-title", TITLE_ID)
    assert made.returncode == 0, made.stderr
    package = names(TITLE_ID)["pkg"]
    written = set(made.stdout.split())
    assert {
        f"rules/{package}/title.py",
        f"game/{package}/screen.py",
        f"game/i18n/en/{TITLE_ID}.json",
        f"game/i18n/pl/{TITLE_ID}.json",
        f"tests/{package}/test_rules.py",
        "rules/registry.py",
        "game/titles.py",
    } <= written
    checked = _run(copy, "-m", "game", "content", "check")
    assert checked.returncode == 0, checked.stderr
    assert f"{TITLE_ID}: ok" in checked.stdout
    # One pytest process, no workers: the title-generic files' cases of the new title, its
    # own tests, and the whole-project files whole (one start-up and one collection, not
    # three and two: the suite around it already keeps the cores busy).
    whole = [entry.rsplit("::", 1)[-1].removesuffix(".py").rsplit("/", 1)[-1] for entry in WHOLE]
    chosen = " or ".join([TITLE_ID, package, *whole])
    report = tmp_path / "report.xml"
    ran = _run(
        copy, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "-q", "-n", "0",
        f"--junitxml={report}", *GENERIC, f"tests/{package}", *WHOLE, "-k", chosen,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stdout[-4000:]
    assert " skipped" not in ran.stdout, ran.stdout[-4000:]
    cases = _cases(report)
    for path in (*GENERIC, *(entry.split("::")[0] for entry in WHOLE)):
        assert any(_within(name, path) for name, _ in cases), f"{path}: nothing of it ran"
    for path in GENERIC:
        assert any(_within(name, path) and TITLE_ID in test for name, test in cases), f"{path}: no {TITLE_ID}"
    assert any(_within(name, f"tests/{package}") for name, _ in cases), "the title's own tests did not run"


def _within(name: str, path: str) -> bool:
    """Whether a JUnit case's file (`_cases`) is `path` (a test file or a folder) or in it."""
    module = path.removesuffix(".py")
    return name == module or name.startswith(module + "/")


def _cases(report: Path) -> list[tuple[str, str]]:
    """(the test file without .py, the test's name) of every case a JUnit report lists."""
    return [
        ((case.get("classname") or "").replace(".", "/"), case.get("name") or "")
        for case in ElementTree.parse(report).getroot().iter("testcase")
    ]


def test_an_id_that_is_not_one_or_is_taken_writes_nothing(tmp_path: Path) -> None:
    copy = _copy(tmp_path / "project")
    before = sorted(path.relative_to(copy) for path in copy.rglob("*"))
    too_long = "a-" + "very-" * 8 + "long-id"
    for wrong in ("Pebbles", "my_game", "2-games", "island", "queen-of-spies", too_long):
        with pytest.raises(NewTitleError):
            new_title(wrong, copy)
    assert sorted(path.relative_to(copy) for path in copy.rglob("*")) == before
    refused = _run(copy, "-m", "game", "new-title", "island")
    assert refused.returncode == 2 and "'island' is taken" in refused.stderr


def test_the_files_of_a_title_with_the_longest_id_pass_ruff(tmp_path: Path) -> None:
    """The project's lint and layout hold for what new-title writes, however long the id
    (a docstring line naming the title is not one ``ruff format`` can split); ruff is
    among the project's dev dependencies."""
    longest = "-".join(["spy"] * 10)[:LONGEST_ID].rstrip("-")
    copy = _copy(tmp_path / "project")
    made = _run(copy, "-m", "game", "new-title", longest)
    assert made.returncode == 0, made.stderr
    python = [path for path in made.stdout.split() if path.endswith(".py")]
    assert len(python) > 10
    for command in (("check",), ("format", "--check")):
        linted = _run(copy, "-m", "ruff", *command, *python)
        assert linted.returncode == 0, linted.stdout[-4000:]
