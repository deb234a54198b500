"""`python -m game new-title ID`: write a minimal playable title to start a new game from.

The title is a placeholder game (two players take 1 to 3 pebbles from a pile; whoever
takes the last one wins) with everything a title has: its rules package
(``rules/<package>/``: title, state, rules, view, content and data, bots, README), its
table (``game/<package>/screen.py``), its message catalogs in English and Polish, and
its tests (``tests/<package>/``); it is registered in ``rules/registry.py`` and
``game/titles.py``.  It passes the whole suite as written.  Then replace its rules with
your game's (``rules/README.md``, "Adding a title").

The files are made from the templates in ``game/skeleton/`` (``$id``, ``$pkg``, ``$Name``,
``$Cls`` filled in; ``PKG`` and ``ID`` in a path are the package and the id).
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from string import Template

SKELETON = Path(__file__).resolve().parent / "skeleton"
ROOT = Path(__file__).resolve().parents[1]
"""The project's folder (the one holding ``rules/`` and ``game/``)."""
TITLE_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
"""A title id: lower-case words joined by hyphens (``"queen-of-spies"``)."""
LONGEST_ID = 40
"""The longest id taken: the written files' lines with the name in them then fit the
project's line length (a docstring's is not split by ``ruff format``)."""
LINE_LENGTH = 110
"""The project's line length (``pyproject.toml``): a registry line longer is split."""


class NewTitleError(ValueError):
    """An id that cannot be a new title, said in a sentence."""


def names(title_id: str) -> dict[str, str]:
    """What the templates are filled with, for `title_id`."""
    words = title_id.split("-")
    return {
        "id": title_id,
        "pkg": "_".join(words),
        "Name": " ".join(words).capitalize(),
        "Cls": "".join(word.capitalize() for word in words),
        "CONST": "_".join(words).upper(),
    }


def new_title(title_id: str, root: Path = ROOT) -> list[Path]:
    """Write the title `title_id` into the project at `root` and register it; the files
    written or changed.  `NewTitleError` (and nothing written) for an id that is not one,
    or that a title or a folder already has."""
    if not TITLE_ID.fullmatch(title_id):
        raise NewTitleError(
            f"{title_id!r} is not a title id: lower-case words joined by hyphens, e.g. 'my-game'"
        )
    if len(title_id) > LONGEST_ID:
        raise NewTitleError(f"{title_id!r} is too long for a title id: at most {LONGEST_ID} characters")
    filled = names(title_id)
    targets = {
        template: root / _target(template.relative_to(SKELETON).as_posix(), filled)
        for template in sorted(SKELETON.rglob("*.tmpl"))
    }
    taken = sorted({str(path.relative_to(root)) for path in targets.values() if path.exists()})
    folders = [root / part / filled["pkg"] for part in ("rules", "game", "tests")]
    taken += [str(folder.relative_to(root)) for folder in folders if folder.exists()]
    if taken:
        raise NewTitleError(f"{title_id!r} is taken: {', '.join(sorted(set(taken)))} already exist")
    registry, titles = root / "rules" / "registry.py", root / "game" / "titles.py"
    if f'"{title_id}"' in titles.read_text(encoding="utf-8"):
        raise NewTitleError(f"{title_id!r} is taken: game/titles.py already names it")
    for template, target in targets.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(Template(template.read_text(encoding="utf-8")).substitute(filled), encoding="utf-8")
    registry.write_text(_registered_rules(registry.read_text(encoding="utf-8"), filled), encoding="utf-8")
    titles.write_text(_registered_table(titles.read_text(encoding="utf-8"), filled), encoding="utf-8")
    written = [*targets.values(), registry, titles]
    _format([path for path in written if path.suffix == ".py"], root)
    return written


def _format(paths: list[Path], root: Path) -> None:
    """Lay the Python files out as ``ruff format`` does, when ruff is installed (a long id
    can make a template's line too long); without it they are left as written."""
    if importlib.util.find_spec("ruff") is None:
        return
    command = [sys.executable, "-m", "ruff", "format", "--quiet", *map(str, paths)]
    subprocess.run(command, cwd=root, check=False, capture_output=True)


def _target(relative: str, filled: dict[str, str]) -> str:
    """A template's path in the project: ``PKG`` and ``ID`` replaced, ``.tmpl`` dropped."""
    parts = [part.replace("PKG", filled["pkg"]).replace("ID", filled["id"]) for part in relative.split("/")]
    return "/".join(parts).removesuffix(".tmpl")


def _sorted_imports(lines: list[str], prefix: str, new: str) -> list[str]:
    """`lines` with `new` added to the run of lines starting `prefix`, kept in order."""
    start = next(i for i, line in enumerate(lines) if line.startswith(prefix))
    end = start
    while end < len(lines) and lines[end].startswith(prefix):
        end += 1
    block = sorted([*lines[start:end], new], key=lambda line: line.split(" import ")[0])
    return [*lines[:start], *block, *lines[end:]]


def _registered_rules(source: str, filled: dict[str, str]) -> str:
    """``rules/registry.py`` with the new title imported and added to ``_ALL``."""
    lines = source.split("\n")
    new = f"from rules.{filled['pkg']} import TITLE as {filled['CONST']}"
    lines = _sorted_imports(lines, "from rules.", new)
    text = "\n".join(lines)
    match = re.search(r"^_ALL: (?P<type>[^=]+) = \((?P<names>[^)]*)\)\n", text, re.MULTILINE)
    if match is None:
        raise NewTitleError("rules/registry.py has no _ALL tuple to add the title to")
    titles = [name.strip() for name in match["names"].split(",") if name.strip()] + [filled["CONST"]]
    one_line = f"_ALL: {match['type']} = ({', '.join(titles)})"
    if len(one_line) > LINE_LENGTH:
        one_line = f"_ALL: {match['type']} = (\n" + "".join(f"    {name},\n" for name in titles) + ")"
    return text[: match.start()] + one_line + "\n" + text[match.end() :]


def _registered_table(source: str, filled: dict[str, str]) -> str:
    """``game/titles.py`` with the new table imported and added to ``SCREENS``."""
    lines = source.split("\n")
    screen = f"{filled['Cls']}Screen"
    lines = _sorted_imports(lines, "from game.", f"from game.{filled['pkg']}.screen import {screen}")
    start = next(i for i, line in enumerate(lines) if line.startswith("SCREENS:"))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("}"))
    lines.insert(end, f'    "{filled["id"]}": {screen},')
    return "\n".join(lines)
