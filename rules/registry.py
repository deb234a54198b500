"""Every title Siatka offers, keyed by title id (the id save files carry).

A title package lands by adding its import and its entry here.
"""

from __future__ import annotations

from typing import Any

from rules.core.title import Title
from rules.doppelnull import DOPPELNULL
from rules.queen_of_spies import TITLE as QUEEN_OF_SPIES
from rules.stawka.title import TITLE as STAWKA

_ALL: tuple[Title[Any, Any, Any], ...] = (DOPPELNULL, STAWKA, QUEEN_OF_SPIES)

TITLES: dict[str, Title[Any, Any, Any]] = {title.id: title for title in _ALL}
