"""The heuristic bot's use of items (rules/queen_of_spies/bots.py)."""

from __future__ import annotations

from rules.core import Dice, seed_state
from rules.queen_of_spies import TITLE
from rules.queen_of_spies.content import load_content


def test_heuristic_spends_progress_items_on_story_cards_only() -> None:
    """A Lockpick or Camera at the Country House would only learn another item."""
    attached: list[tuple[str, str]] = []
    for seed in range(1, 13):
        bot = TITLE.make_bot("heuristic", "player")
        dice = Dice(seed_state(seed))
        state = TITLE.new_game(TITLE.default_options("office-infiltration"), seed)
        while TITLE.to_act(state) is not None:
            state, events = TITLE.apply(state, TITLE.bot_action(bot, state, dice))
            attached += [(e.data["item"], e.data["location"]) for e in events if e.kind == "attach_item"]
    progress_items = [(i, loc) for i, loc in attached if load_content().item(i).use.kind == "progress"]
    assert progress_items, "the bot never used a Lockpick or a Camera in 12 stories"
    assert all(load_content().location(loc).group == "office" for _, loc in progress_items), progress_items
