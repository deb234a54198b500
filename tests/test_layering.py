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
