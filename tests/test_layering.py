"""The rules core never imports pygame or the front end (ARCHITECTURE.md, "Two floors")."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = ("pygame", "pygame_gui", "game")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_no_rules_file_imports_pygame_or_game() -> None:
    files = sorted((ROOT / "rules").rglob("*.py"))
    assert files, "no rules files found"
    offenders = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in files
        for name in imported_modules(path)
        if name.split(".")[0] in FORBIDDEN
    }
    assert not offenders, sorted(offenders)


def test_the_ast_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nfrom game.app import App\nimport pygame.font\n", encoding="utf-8")
    assert {name.split(".")[0] for name in imported_modules(sample)} == {"os", "game", "pygame"}


def test_importing_every_rules_module_loads_neither_pygame_nor_game() -> None:
    modules = sorted(
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in (ROOT / "rules").rglob("*.py")
    )
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "", f"rules pulled in: {result.stdout.strip()}"


def imported_names(path: Path) -> list[tuple[str, str]]:
    """(module, name) of every ``from module import name`` in `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        (node.module, alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
        for alias in node.names
    ]


RULE_NUMBER_SOURCES = ("content", "options", "free", "registry")
"""The rules modules a table may take upper-case names from: content ids and sizes, the
seats, the scenario builder's rule levels, the registry (issue 33, point 5)."""


def test_a_table_reads_the_rules_numbers_from_the_view() -> None:
    """The table shows, the rules decide: a number a rule uses (a hand limit, the clues that
    locate the radio station) reaches a table through the view, never by importing it, and
    no table imports the rules' deductions (Doppelnull's possible numbers)."""
    offenders = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for module, name in imported_names(path):
            parts = module.split(".")
            if parts[0] != "rules" or parts[1] == "core":
                continue
            constant = name.isupper() and parts[-1] not in RULE_NUMBER_SOURCES
            if constant or parts[-1] == "deduction":
                offenders.append(f"{path.relative_to(ROOT)}: {name} from {module}")
    assert not offenders, offenders
