"""Queen of Spies' actions in words, for the person playing the story (the hint says them):
operatives, cards and items by the names the table and the log give them, the answers to
a question in the words of their buttons where those are a sentence."""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel

from rules.queen_of_spies.actions import (
    Assign,
    Betray,
    Check,
    Done,
    EndChapter,
    EscapePlan,
    Recruit,
    Release,
    SendPows,
    Unassign,
    UseItem,
)


def action_text(
    t: Callable[..., str], name: Callable[[str], str], cell_name: Callable[[str], str], action: BaseModel
) -> str:
    """`action` as a sentence; `t` translates a key of the title's namespace (``ui.done``),
    `name` names an operative, a card or an item, `cell_name` a cell."""
    if isinstance(action, Assign):
        return t("act.assign", who=name(action.operative), place=name(action.item or action.location))
    if isinstance(action, Unassign):
        return t("act.unassign", who=name(action.operative))
    if isinstance(action, UseItem):
        item = name(action.item)
        if action.prisoner is not None:
            return t("act.use_item_free", item=item, who=name(action.prisoner))
        if action.location is not None:
            return t("act.use_item_on", item=item, place=name(action.site_item or action.location))
        return t("act.use_item", item=item)
    if isinstance(action, Done):
        return t("act.done")
    if isinstance(action, EndChapter):
        return t("ui.end_chapter")
    if isinstance(action, Check):
        if action.draws == 0:
            return t("act.check_none", who=name(action.operative))
        return t("act.check", who=name(action.operative), count=action.draws)
    if isinstance(action, SendPows):
        if action.count == 0:
            return t("act.send_no_pows", location=name(action.location))
        return t("act.send_pows", location=name(action.location), count=action.count)
    if isinstance(action, EscapePlan):
        return t("ui.escape_plan.use" if action.use else "ui.escape_plan.keep")
    if isinstance(action, Betray):
        return t("act.betray", who=name(action.operative))
    if isinstance(action, Release):
        return t("ui.release", who=name(action.prisoner))
    if isinstance(action, Recruit):
        return t("act.recruit", cell=cell_name(action.cell))
    raise ValueError(f"no words for {action!r}")
