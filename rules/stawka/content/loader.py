"""Loading the content: the data files read by the shared loader and validated as one `StawkaContent`."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from rules.core.content import load_data
from rules.stawka.content.box import StawkaContent

DATA_DIR = Path(__file__).parent.with_name("data")
"""`rules/stawka/data/`, beside this package; it ships in the wheel as package data."""

FILES: dict[str, tuple[str, ...]] = {
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
"""Each data file and the top-level tables it may hold."""


def load_content_from(directory: Path) -> StawkaContent:
    """Read and validate every data file in ``directory`` (`rules.core.content.load_data`).

    Raises `rules.core.content.ContentError` (a ``ValueError``) naming the file and what
    is wrong in it.
    """
    return load_data(StawkaContent, directory, FILES)


@cache
def load_content() -> StawkaContent:
    """The validated content shipped with the app (cached: it never changes at run time)."""
    return load_content_from(DATA_DIR)
