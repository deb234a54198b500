"""Every title Siatka offers, keyed by title id (the id save files carry).

A title package lands by adding its import and its entry here (`python -m game new-title`
writes both for a new title).
"""

from __future__ import annotations

from typing import Any

from rules.core.title import Title
from rules.curfew import TITLE as CURFEW
from rules.doppelnull import TITLE as DOPPELNULL
from rules.island import TITLE as ISLAND
from rules.queen_of_spies import TITLE as QUEEN_OF_SPIES
from rules.stawka import TITLE as STAWKA

_ALL: tuple[Title[Any, Any, Any], ...] = (DOPPELNULL, STAWKA, QUEEN_OF_SPIES, ISLAND, CURFEW)

TITLES: dict[str, Title[Any, Any, Any]] = {title.id: title for title in _ALL}


def content_problem(title_id: str) -> str | None:
    """Why `title_id`'s content data does not load (file and line), or None when it does.

    Owners may edit the data files; a title whose data is broken is offered as
    unavailable with this reason, and the other titles stay playable.
    """
    title = TITLES.get(title_id)
    if title is None:
        return None
    try:
        title.content_summary()  # each title caches its content once it loads
    except (ValueError, OSError, RecursionError) as err:
        return str(err)
    return None
