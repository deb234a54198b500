"""Queen of Spies as a `Title`: a solo game of one story in up to three chapters.

The round ("Flow of Play"): the player assigns operatives (`Assign`, `Unassign`,
`UseItem`) and says `Done`; time is paid and removed; ready assignments are resolved
one `Check` at a time (with `SendPows` before an escape); then the interrogation runs
by itself, stopping only for `Betray` decisions; and a new round begins, where the
player may `EndChapter` instead.  `EscapePlan`, `Release` and `Recruit` answer the
decisions that a draw or an effect opens (the `pending` stack).

`RULEBOOK` declares every kind of decision (`rules.queen_of_spies.state`), the
actions it offers and the handler of each; the base title dispatches, and `settle`
runs the flow (`rules.queen_of_spies.flow`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import TypeAdapter

from rules.core import AnyBot, DecisionRule, Dice, Event, EventSchema, Outcome, Progress, Rulebook, Title
from rules.queen_of_spies import assigning, chapters, effects, interrogating, resolving
from rules.queen_of_spies.actions import (
    ACTION_ADAPTER,
    Action,
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
from rules.queen_of_spies.content import load_content
from rules.queen_of_spies.events import EVENT_SCHEMAS
from rules.queen_of_spies.flow import on_table, settle
from rules.queen_of_spies.invariants import invariants
from rules.queen_of_spies.options import QueenOptions
from rules.queen_of_spies.state import (
    SEAT,
    Assigning,
    Betrayal,
    BreakoutChoice,
    EscapeChoice,
    PlayerDecision,
    QueenState,
    RecruitChoice,
    Resolving,
)
from rules.queen_of_spies.view import QueenView, view

RULEBOOK = Rulebook(
    DecisionRule(
        Assigning,
        legal=assigning.legal_actions,
        handlers={
            Assign: assigning.assign,
            Unassign: assigning.unassign,
            UseItem: on_table(assigning.use_item),
            Done: on_table(assigning.finish_assigning),
            EndChapter: on_table(chapters.end_chapter_yourself),
        },
        prompt="Checks are made after the operatives are assigned.",
    ),
    DecisionRule(
        Resolving,
        legal=resolving.legal_actions,
        handlers={Check: on_table(resolving.check), SendPows: on_table(resolving.send_pows)},
        prompt="Assignments are being resolved: make the next check.",
    ),
    DecisionRule(
        EscapeChoice,
        legal=resolving.escape_options,
        handlers={EscapePlan: on_table(resolving.escape_plan)},
        prompt="First say whether the Escape Plan is used.",
    ),
    DecisionRule(
        BreakoutChoice,
        legal=effects.release_options,
        handlers={Release: on_table(effects.release)},
        prompt="First choose whom the Breakout frees.",
    ),
    DecisionRule(
        RecruitChoice,
        legal=effects.recruit_options,
        handlers={Recruit: on_table(effects.recruit)},
        prompt="First choose the cell the new operative is recruited from.",
    ),
    DecisionRule(
        Betrayal,
        legal=interrogating.betrayal_options,
        handlers={Betray: on_table(interrogating.betray)},
        prompt="First choose whom the broken operative betrays.",
    ),
)


class QueenOfSpies(Title[QueenState, Action, QueenOptions]):
    id = "queen-of-spies"
    state_model = QueenState
    options_model = QueenOptions
    action_adapter: ClassVar[TypeAdapter[Any]] = ACTION_ADAPTER
    has_secrets = False
    seat_range = (1, 1)
    bot_ids = ("random", "heuristic", "hard")
    rulebook = RULEBOOK
    event_schemas: ClassVar[Mapping[str, EventSchema]] = EVENT_SCHEMAS

    @property
    def scenarios(self) -> tuple[str, ...]:
        return load_content().story_ids

    def seats(self, options: QueenOptions) -> tuple[str, ...]:
        return (SEAT,)

    def new_game(self, options: QueenOptions, seed: int) -> QueenState:
        return chapters.new_story(options.scenario or self.scenarios[0], seed)

    def turn(self, state: QueenState) -> PlayerDecision | None:
        """The round's phase when no decision is pending (betrayals always are)."""
        if state.phase == "over":
            return None
        return Assigning() if state.phase == "assign" else Resolving()

    def settle(self, state: QueenState, events: list[Event], dice: Dice) -> QueenState:
        return settle(state, events, dice)

    def view(self, state: QueenState, seat: str | None) -> QueenView:
        """Everything is open; only the generator is hidden, as it would foretell the draws."""
        return view(state, self.decision(state))

    def progress(self, state: QueenState) -> Progress | None:
        """The chapter and round the story is in."""
        return Progress(
            key="queen-of-spies.progress", params={"chapter": state.chapter, "round": state.round}
        )

    def outcome(self, state: QueenState) -> Outcome | None:
        """The result as soon as it is decided: a loss at once, or the story scored at its end
        (no decision follows either: the story is then over)."""
        if state.lost is not None:
            return Outcome(
                result="loss", scores={SEAT: 0.0}, scored=False, key=f"queen-of-spies.lost.{state.lost}"
            )
        if state.score is None:
            return None
        score = state.score
        story = load_content().story(state.story)
        band = story.result_for(score).band
        result = "loss" if band == "loss" else "draw" if band == "draw" else "win"
        return Outcome(
            result=result,
            draw=result == "draw",
            winners=(SEAT,) if result == "win" else (),
            scores={SEAT: float(score)},
            # Introduction: "no scoring conditions", only success or failure.
            scored=story.scoring != "introduction",
            key=f"queen-of-spies.result.{state.story}.{band}",
            params={"score": score},
        )

    def invariants(self, state: QueenState) -> list[str]:
        return invariants(state)

    def content_summary(self) -> dict[str, int]:
        c = load_content()
        return {
            "operatives": len(c.operatives),
            "cells": len(c.cells),
            "locations": len(c.locations),
            "items": len(c.items),
            "pows": len(c.pows),
            "stories": len(c.stories),
            "result_rows": sum(len(s.results) for s in c.stories),
        }

    def make_bot(self, bot_id: str, seat: str) -> AnyBot:
        if bot_id == "heuristic":
            from rules.queen_of_spies.bots import HeuristicBot

            return HeuristicBot()
        if bot_id == "hard":
            from rules.queen_of_spies.lookahead import lookahead_bot

            return lookahead_bot(self)
        return super().make_bot(bot_id, seat)
