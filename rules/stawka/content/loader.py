"""Loading the content: the data files read, merged and validated as one `StawkaContent`."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from pydantic import ValidationError

from rules.stawka.content.box import StawkaContent

DATA_DIR = Path(__file__).parent.with_name("data")
"""`rules/stawka/data/`, beside this package; it ships in the wheel as package data."""

_FILES: dict[str, tuple[str, ...]] = {
    "sectors.toml": ("faces",),
    "locations.toml": ("locations",),
    "agents.toml": ("documents", "vehicles"),
    "items.toml": ("items",),
    "cards.toml": ("planning_cards", "investigation", "action_costs"),
    "scenarios.toml": ("scenarios", "free_scenario"),
    "missions.toml": ("missions",),
    "threats.toml": ("threats",),
    "location_cards.toml": ("location_cards",),
    "reactions.toml": ("reactions",),
}


def load_content_from(directory: Path) -> StawkaContent:
    """Read and validate every data file in ``directory``.

    Raises ``ValueError`` naming the file and what is wrong in it.
    """
    merged: dict[str, object] = {}
    for name, keys in _FILES.items():
        path = directory / name
        if not path.exists():
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise ValueError(f"{path.name}: not valid TOML: {error}") from error
        unknown = set(data) - set(keys)
        if unknown:
            raise ValueError(f"{path.name}: unknown tables {sorted(unknown)}")
        for key in keys:
            if key in data:
                merged[key] = data[key]
    try:
        return StawkaContent.model_validate(merged)
    except ValidationError as error:
        raise ValueError(f"Stawka content in {directory} is invalid:\n{error}") from error


@cache
def load_content() -> StawkaContent:
    """The validated content shipped with the app (cached: it never changes at run time)."""
    return load_content_from(DATA_DIR)
