"""What each activity costs in AP: the rulebook's cost list, kept as content data.

"Activating an Agent", 3: movement 1 a space, search 2, conversation 1, arrest or
kidnapping 2 (the arrest text's 1 AP is an erratum the data resolves), passing or taking
a mission 1, discarding a threat token 1, assassination 1.  The interrogation is not on
the list; ours costs what a conversation does.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from rules.stawka.content import load_content

Activity = Literal[
    "move", "search", "conversation", "arrest", "kidnap", "mission", "discard_threat", "assassination"
]


@cache
def ap_cost(activity: Activity) -> int:
    """The activity's cost (looked up once: the content never changes at run time)."""
    costs = load_content().action_costs
    return int(getattr(costs, activity))


def interrogation_cost() -> int:
    return ap_cost("conversation")
