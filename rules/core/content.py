"""Reading a title's content data: TOML or JSON files under ``rules/<title>/data/``.

One loader for every title (CONTENT.md): each file is read defensively (a size cap, a
regular file only, nesting that would exhaust the parser reported as a message), its
top-level tables checked against what the title expects of it, the tables of all files
merged and validated by the title's pydantic model.  Every problem is a `ContentError`
that names the file, and where pydantic can say it, the table and field:

    >>> from pydantic import BaseModel
    >>> class Box(BaseModel):
    ...     cards: list[int]
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "cards.toml").write_text("cards = [1, 'two']")
    >>> try:
    ...     load_data(Box, folder, {"cards.toml": ("cards",)})
    ... except ContentError as err:
    ...     print(err.file, "|", err.problem[:40])
    cards.toml | cards.1: Input should be a valid integer
"""

from __future__ import annotations

import json
import stat
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)

MAX_DATA_BYTES = 4_000_000
"""The largest data file read; the shipped ones are under 200 kB."""


class ContentError(ValueError):
    """Content data that cannot be used, with the file it is in (``file``, a name)."""

    def __init__(self, file: str, problem: str) -> None:
        super().__init__(f"{file}: {problem}")
        self.file = file
        self.problem = problem


def data_dir(package_file: str) -> Path:
    """The ``data`` folder beside a title package's ``__init__.py`` (pass ``__file__``)."""
    return Path(package_file).resolve().parent / "data"


def read_table(path: Path) -> dict[str, Any]:
    """The top-level table of one TOML or JSON file; ContentError naming it if it is unusable."""
    name = path.name
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise ContentError(name, "not a regular file")
        if info.st_size > MAX_DATA_BYTES:
            raise ContentError(name, f"larger than {MAX_DATA_BYTES // 1_000_000} MB")
        raw = path.read_bytes()[: MAX_DATA_BYTES + 1]
    except OSError as err:
        raise ContentError(name, f"cannot be read ({err.strerror or err})") from err
    try:
        data = json.loads(raw) if path.suffix == ".json" else tomllib.loads(raw.decode("utf-8"))
    except RecursionError as err:
        raise ContentError(name, "nested too deeply") from err
    except UnicodeDecodeError as err:
        raise ContentError(name, "not UTF-8 text") from err
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as err:
        raise ContentError(name, f"not valid {path.suffix[1:].upper()}: {err}") from err
    if not isinstance(data, dict):
        raise ContentError(name, "the file must hold a table at its top level")
    return data


def load_data(model: type[M], directory: Path, files: Mapping[str, tuple[str, ...]]) -> M:
    """Read `files` (file name -> the top-level tables it may hold) from `directory`,
    merge their tables and validate them as `model`.

    A file may leave out tables (the model's defaults apply); a table the title does not
    expect, or one two files both hold, is an error.
    """
    merged: dict[str, Any] = {}
    origin: dict[str, str] = {}
    for name, tables in files.items():
        path = directory / name
        if not path.exists():
            continue
        data = read_table(path)
        unknown = sorted(set(data) - set(tables))
        if unknown:
            raise ContentError(name, f"unknown tables {unknown}; expected some of {list(tables)}")
        for key, value in data.items():
            if key in merged:
                raise ContentError(name, f"table {key!r} is already given in {origin[key]}")
            merged[key] = value
            origin[key] = name
    try:
        return model.model_validate(merged)
    except RecursionError as err:
        raise ContentError(directory.name, "nested too deeply") from err
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        file = origin.get(str(first["loc"][0]), directory.name) if first["loc"] else directory.name
        more = f" (and {err.error_count() - 1} more problems)" if err.error_count() > 1 else ""
        message = str(first["msg"]).removeprefix("Value error, ")
        raise ContentError(file, f"{where}: {message}{more}" if where else message + more) from err
