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


# -- a title's table sees what its seat may see (issue 33, point 4) ----------------------


def table_modules() -> list[Path]:
    """Every module that draws a title's table: each registered title's package under
    ``game/`` (its screen's and the modules beside it), the screens' base and the fallback."""
    from game.titles import SCREENS

    folders = {Path(sys.modules[screen.__module__].__file__ or "").parent for screen in SCREENS.values()}
    assert folders and all(folder.parent == ROOT / "game" for folder in folders), folders
    shared = [ROOT / "game" / "ui" / "title_screen.py", ROOT / "game" / "ui" / "fallback_screen.py"]
    return sorted({path for folder in folders for path in folder.rglob("*.py")} | set(shared))


def game_holders(path: Path) -> list[str]:
    """What in `path` reaches for the whole game: a name imported from the rules that is the
    Match or a state class (`GameState`), an attribute named ``match``, or the UI context's
    ``extra`` (which holds the app, and through it the play scene)."""
    import importlib

    from rules.core import GameState, Match

    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    found = []
    for module, name in imported_names(path):
        if module.split(".")[0] != "rules":
            continue
        thing = getattr(importlib.import_module(module), name, None)
        if isinstance(thing, type) and issubclass(thing, Match | GameState):
            found.append(f"{shown}: imports {name} from {module}")
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ("match", "extra"):
            found.append(f"{shown}: {node.lineno}: .{node.attr}")
    return found


def test_no_table_module_reaches_for_the_match_or_the_full_state() -> None:
    """A title's screen receives what its seat may see (`game.ui.seat_view.SeatView`): no
    table module imports the Match or a state class, or asks anything for its ``match``."""
    modules = table_modules()
    assert len(modules) > 20, modules
    offenders = [found for path in modules for found in game_holders(path)]
    assert not offenders, offenders


def test_the_check_of_the_table_modules_sees_the_match(tmp_path: Path) -> None:
    sample = tmp_path / "screen.py"
    sample.write_text(
        "from rules.core import Match, Seat\nfrom rules.island.state import IslandState\n"
        "def f(screen):\n    return screen.match.state, screen.ctx.extra\n",
        encoding="utf-8",
    )
    found = [line.split(": ", 1)[-1] for line in game_holders(sample)]
    assert sorted(found) == [
        "4: .extra",
        "4: .match",
        "imports IslandState from rules.island.state",
        "imports Match from rules.core",
    ]


def reachable(thing: object, depth: int = 12) -> list[object]:
    """The objects reachable from `thing` in `depth` steps: through attributes (an
    object's, a frozen dataclass's, a pydantic model's fields), mappings, sequences, bound
    methods' objects and closures' cells; not through the app's UI context (translation,
    fonts, settings, and the app itself in ``extra``: every scene shares it, and table
    modules may not read ``extra``, `test_no_table_module_reaches_for_the_match_or_the_full_state`)."""
    from pydantic import BaseModel

    from game.ui.context import UiContext

    seen: dict[int, object] = {}
    frontier: list[object] = [thing]
    for _ in range(depth + 1):
        found: list[object] = []
        for item in frontier:
            plain = str | bytes | int | float | bool | type | type(None) | UiContext
            if id(item) in seen or isinstance(item, plain):
                continue
            seen[id(item)] = item
            if isinstance(item, dict):
                found += [*item.keys(), *item.values()]
            elif isinstance(item, list | tuple | set | frozenset):
                found += list(item)
            elif isinstance(item, BaseModel):
                found += [getattr(item, name) for name in type(item).model_fields]
            elif hasattr(item, "__self__") and hasattr(item, "__func__"):
                found += [item.__self__, item.__func__]
            elif callable(item) and getattr(item, "__closure__", None):
                found += [cell.cell_contents for cell in item.__closure__ or ()]
            if hasattr(item, "__dict__") and not isinstance(item, BaseModel):
                found += list(vars(item).values())
            fields = getattr(item, "__dataclass_fields__", None)
            if fields is not None:
                found += [getattr(item, name) for name in fields]
        frontier = found
    return list(seen.values())


def holders_of_the_game(thing: object) -> list[str]:
    from rules.core import GameState, Match

    return sorted(type(found).__name__ for found in reachable(thing) if isinstance(found, Match | GameState))


def test_the_walk_finds_a_match_kept_deep_inside() -> None:
    from rules.registry import TITLES

    class Keeper:
        def __init__(self, match: object) -> None:
            self.notes = {"later": [(1, lambda: match)]}

    match = bot_played(TITLES, "island", 3)
    assert holders_of_the_game(Keeper(match)) == ["IslandState", "Match"]
    assert holders_of_the_game(Keeper(match.title.view(match.state, None))) == []


def bot_played(titles: dict[str, object], title_id: str, steps: int) -> object:
    from game.scenes.play_files import bot_played_match

    return bot_played_match(title_id, None, 7, steps)


def test_a_title_s_table_holds_what_its_seat_may_see_and_never_the_game(app: object) -> None:
    """Every registered title at a play scene, mid-game: its screen, the SeatView handed
    over among what it holds, reaches no Match and no state (the app's UI context, shared by
    every scene, aside: `reachable`), and its view is the rules' view of the seat at the
    screen."""
    from game.app import App
    from game.scenes.play import PlayScene
    from game.ui.seat_view import SeatView
    from rules.registry import TITLES

    assert isinstance(app, App)
    for title_id, title in sorted(TITLES.items()):
        match = bot_played(TITLES, title_id, 12)
        scene = PlayScene(app, match, autosave=False)  # type: ignore[arg-type]
        app.reset(scene)
        app.frame(0.05)
        screen = scene.screen
        assert isinstance(screen.seat_view, SeatView)
        assert screen.view == title.view(match.state, scene.viewer), title_id  # type: ignore[attr-defined]
        assert holders_of_the_game(screen) == [], f"{title_id}: the table holds the game"


# -- no circles of imports where the house untangled them ---------------------------------


def module_name(path: Path, root: Path = ROOT) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")


def module_path(name: str, root: Path = ROOT) -> Path | None:
    """The file of module `name` under `root` (a package's ``__init__.py``), or None."""
    base = root.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def imported_module(path: Path, node: ast.ImportFrom, root: Path) -> str:
    """The module a ``from ... import`` in `path` names (relative ones made whole)."""
    if not node.level:
        return node.module or ""
    package = module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def import_arrows(path: Path, root: Path = ROOT) -> set[Path]:
    """The files under `root` that `path` imports, anywhere in it: at the top, under
    ``TYPE_CHECKING``, inside a function (each ties the two modules all the same).
    ``from package import name`` leads to the module `name` when it is one, else to the
    file the package's ``__init__.py`` takes `name` from (a package's face only hands
    names on: the file that defines them is the one depended on)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[Path] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [module_path(alias.name, root) for alias in node.names]
            found.update(target for target in targets if target is not None)
        elif isinstance(node, ast.ImportFrom):
            module = imported_module(path, node, root)
            for alias in node.names:
                target = module_path(f"{module}.{alias.name}", root) or module_path(module, root)
                if target is not None and target.name == "__init__.py" and target != path:
                    target = through_the_face(target, alias.name, root) or target
                if target is not None:
                    found.add(target)
    found.discard(path)
    return found


def through_the_face(init: Path, name: str, root: Path) -> Path | None:
    """The file a package's ``__init__.py`` takes `name` from, if it imports it."""
    tree = ast.parse(init.read_text(encoding="utf-8"), filename=str(init))
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and any((a.asname or a.name) == name for a in node.names):
            module = imported_module(init, node, root)
            return module_path(f"{module}.{name}", root) or module_path(module, root)
    return None


def circles(root: Path = ROOT, folders: tuple[str, ...] = ("rules", "game")) -> list[set[str]]:
    """The groups of files under `folders` that import each other in a loop, by their paths
    from `root` (the strongly connected components of the import arrows, of two files or
    more; Tarjan's algorithm)."""
    files = sorted(path for folder in folders for path in (root / folder).rglob("*.py"))
    arrows = {path: import_arrows(path, root) & set(files) for path in files}
    index: dict[Path, int] = {}
    low: dict[Path, int] = {}
    stack: list[Path] = []
    found: list[set[str]] = []

    def visit(path: Path) -> None:
        index[path] = low[path] = len(index)
        stack.append(path)
        for target in sorted(arrows[path]):
            if target not in index:
                visit(target)
                low[path] = min(low[path], low[target])
            elif target in stack:
                low[path] = min(low[path], index[target])
        if low[path] == index[path]:
            group: set[str] = set()
            while True:
                member = stack.pop()
                group.add(member.relative_to(root).as_posix())
                if member == path:
                    break
            if len(group) > 1:
                found.append(group)

    for path in files:
        if path not in index:
            visit(path)
    return found


UNTANGLED = (
    ("rules/doppelnull/deduction.py", "rules/doppelnull/view.py"),
    ("rules/core/bots.py", "rules/core/title.py"),
    ("rules/stawka/content/box.py", "rules/stawka/content/validation.py"),
    ("game/scenes/play.py", "game/scenes/handover.py", "game/scenes/play_input.py"),
    ("game/scenes/play.py", "game/scenes/play_files.py"),
)
"""Files that imported each other and no longer do: the lower one names what it reads of
the higher one in a Protocol (`deduction.SeenSide`, `bots.Dealer`, `validation.Box`, the
play scene's parts' `play_input.PlayTable`), or asks the app's routes for a scene."""


def test_the_untangled_files_stand_in_no_circle() -> None:
    """No file of `UNTANGLED` stands in a circle of imports (one under ``TYPE_CHECKING`` or
    inside a function counts: it ties the two modules just the same)."""
    tangled = {name: sorted(group) for group in circles() for name in group}
    offenders = {name: tangled[name] for files in UNTANGLED for name in files if name in tangled}
    assert not offenders, offenders


def test_the_circle_check_sees_circles_through_functions_faces_and_type_checking(tmp_path: Path) -> None:
    """The check above fails on a circle: two modules tied by an import under
    ``TYPE_CHECKING`` one way and one inside a function the other way; a relative import
    back through a package's ``__init__.py``; and nothing where the arrows run one way."""
    files = {
        "rules/__init__.py": "",
        "rules/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from rules.b import B\n",
        "rules/b.py": "class B:\n    def f(self):\n        import rules.a\n",
        "rules/pkg/__init__.py": "from rules.pkg.low import Low\nfrom .high import High\n",
        "rules/pkg/low.py": "from rules.pkg import High\nclass Low: ...\n",
        "rules/pkg/high.py": "from . import low\nclass High: ...\n",
        "rules/pkg/apart.py": "from rules.pkg import Low\nfrom rules import a\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = sorted(sorted(group) for group in circles(tmp_path, ("rules",)))
    assert found == [["rules/a.py", "rules/b.py"], ["rules/pkg/high.py", "rules/pkg/low.py"]]
