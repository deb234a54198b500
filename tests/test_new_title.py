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
    "tests/ui/test_text_sizes.py",
)
"""The suite's files of tests run for every registered title (each title's case named by
its id), beside the ones below that look at all titles at once."""
WHOLE = (
    "tests/test_layering.py",
    "tests/test_seeds.py::test_nearby_seeds_deal_different_games",
    "tests/test_polish_wording.py",
    "tests/test_grammar.py",
    "tests/test_agreement.py",
)
"""Tests of every title at once, and of the layers, run whole."""


def _copy(target: Path) -> Path:
    """The project's code, data, catalogs and tests, copied to `target`."""
    ignore = shutil.ignore_patterns("__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache")
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
    generic = _run(
        copy, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "-q", "-n", "2",
        *GENERIC, "-k", TITLE_ID,
    )  # fmt: skip
    assert generic.returncode == 0, generic.stdout[-4000:]
    assert " passed" in generic.stdout and " skipped" not in generic.stdout
    rest = _run(
        copy, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "-q", f"tests/{package}", *WHOLE
    )
    assert rest.returncode == 0, rest.stdout[-4000:]


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
