"""Queen of Spies as a `Title`: a solo game of one story in up to three chapters.

The round ("Flow of Play"): the player assigns operatives (`Assign`, `Unassign`,
`UseItem`) and says `Done`; time is paid and removed; ready assignments are resolved
one `Check` at a time (with `SendPows` before an escape); then the interrogation runs
by itself, stopping only for `Betray` decisions; and a new round begins, where the
player may `EndChapter` instead. `EscapePlan`, `Release` and `Recruit` answer the
decisions that a draw or an effect opens (the `pending` stack).
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import TypeAdapter

from rules.core import Bot, Event, IllegalAction, Outcome, Title
from rules.queen_of_spies import assigning, chapters, interrogating, resolving
from rules.queen_of_spies.content import Token, content
from rules.queen_of_spies.sites import site_tasks, sites
from rules.queen_of_spies.state import (
    ACTION_ADAPTER,
    SEAT,
    Action,
    Assign,
    Betray,
    Check,
    Done,
    EndChapter,
    EscapePlan,
    QueenOptions,
    QueenState,
    Recruit,
    Release,
    SendPows,
    Unassign,
    UseItem,
)
from rules.queen_of_spies.table import GameLost, OutOfTime, Table


class QueenOfSpies(Title[QueenState, Action, QueenOptions]):
    id = "queen-of-spies"
    state_model = QueenState
    options_model = QueenOptions
    action_adapter: ClassVar[TypeAdapter[Any]] = ACTION_ADAPTER
    has_secrets = False
    seat_range = (1, 1)

    @property
    def scenarios(self) -> tuple[str, ...]:
        return content().story_ids

    bot_ids = ("random", "heuristic")

    def seats(self, options: QueenOptions) -> tuple[str, ...]:
        return (SEAT,)

    def new_game(self, options: QueenOptions, seed: int) -> QueenState:
        return chapters.new_story(options.scenario or self.scenarios[0], seed)

    def to_act(self, state: QueenState) -> str | None:
        return None if state.phase == "over" else SEAT

    def view(self, state: QueenState, seat: str | None) -> QueenState:
        """Everything is open; only the generator is hidden, as it would foretell the draws."""
        return state.model_copy(update={"rng": 0, "previous": None})

    def outcome(self, state: QueenState) -> Outcome | None:
        if state.phase != "over":
            return None
        if state.lost is not None:
            return Outcome(result="loss", scores={SEAT: 0.0}, key=f"queen-of-spies.lost.{state.lost}")
        score = state.score or 0
        band = content().story(state.story).result_for(score).band
        key = f"queen-of-spies.result.{state.story}.{band}"
        params: dict[str, str | int | float] = {"score": score}
        if band == "loss":
            return Outcome(result="loss", scores={SEAT: float(score)}, key=key, params=params)
        if band == "draw":
            return Outcome(result="draw", draw=True, scores={SEAT: float(score)}, key=key, params=params)
        return Outcome(result="win", winners=(SEAT,), scores={SEAT: float(score)}, key=key, params=params)

    def invariants(self, state: QueenState) -> list[str]:
        """Every card in one place, supplies within the components' counts."""
        c = content()
        problems: list[str] = []
        places: list[str] = [*state.hand, *state.jail, *state.removed]
        places += [o for a in state.assignments for o in a.operatives]
        places += [o for deck in state.decks.values() for o in deck]
        operatives = [o for o in places if c.is_operative(o)]
        if sorted(operatives) != sorted(card.id for card in c.operatives):
            problems.append(f"operatives lost or doubled: {sorted(operatives)}")
        if c.story(state.story).scoring == "pows":
            pows = [p for p in places if not c.is_operative(p)]
            pows += [*state.pows_waiting, *state.pows_safe, *(p for a in state.assignments for p in a.pows)]
            pows += [p for escaped in state.pows_escaped.values() for p in escaped]
            if sorted(pows) != sorted(p.id for p in c.pows):
                problems.append(f"POWs lost or doubled: {sorted(pows)}")
        table = Table(state)
        for kind, limit in ((Token.ALERT, c.supply.alert), (Token.TROOP, c.supply.troop)):
            if table.in_play(kind) > limit:
                problems.append(f"more {kind.value} tokens than the supply holds")
        if table.despair_supply < 0 or any(not 0 < n <= 3 for n in state.despair.values()):
            problems.append("despair markers out of bounds")
        if not 0 <= state.interrogation <= c.supply.interrogation or (state.interrogation and not state.jail):
            problems.append(f"{state.interrogation} interrogation markers with jail {state.jail}")
        pigeons = state.pigeons + state.trained_pigeons + sum(state.pigeons_sent.values())
        if state.time < 0 or pigeons > c.supply.pigeons or any(n < 0 for n in state.bag.values()):
            problems.append("time, pigeons or bag out of bounds")
        return problems

    def content_summary(self) -> dict[str, int]:
        c = content()
        return {
            "operatives": len(c.operatives),
            "cells": len(c.cells),
            "locations": len(c.locations),
            "items": len(c.items),
            "pows": len(c.pows),
            "stories": len(c.stories),
            "result_rows": sum(len(s.results) for s in c.stories),
        }

    def make_bot(self, bot_id: str, seat: str) -> Bot[Any]:
        if bot_id == "heuristic":
            from rules.queen_of_spies.bots import HeuristicBot

            return HeuristicBot()
        return super().make_bot(bot_id, seat)

    # -- legal actions ------------------------------------------------------------------

    def legal_actions(self, state: QueenState) -> list[Action]:
        if state.phase == "over":
            return []
        if state.pending:
            return self._pending_actions(state)
        if state.phase == "assign":
            return self._assign_actions(state)
        return self._resolve_actions(state)

    def _pending_actions(self, state: QueenState) -> list[Action]:
        top = state.pending[-1]
        if top.kind == "escape_plan":
            return [EscapePlan(use=True), EscapePlan(use=False)]
        if top.kind == "release":
            return [Release(prisoner=who) for who in state.jail]
        if top.kind == "recruit":
            return [Recruit(cell=cell) for cell, deck in state.decks.items() if deck]
        table = Table(state)
        return [Betray(operative=who) for who in interrogating.betrayable(table, str(top.data["broken"]))]

    def _assign_actions(self, state: QueenState) -> list[Action]:
        actions: list[Action] = []
        for location, item in sites(state):
            tasks = range(len(site_tasks(location, item))) or range(1)
            for operative in state.hand:
                for task in tasks:
                    candidate = Assign(operative=operative, location=location, item=item, task=task)
                    if assigning.assign_problem(state, candidate) is None:
                        actions.append(candidate)
        actions.extend(Unassign(operative=o) for a in state.assignments if a.fresh for o in a.operatives)
        for item, place in sorted(state.items.items()):
            if place != "safe_house":
                continue
            uses = self._item_uses(state, item)
            actions.extend(use for use in uses if not assigning.item_problem(state, use))
        if state.round > 1 and not any(a.fresh for a in state.assignments):
            actions.append(EndChapter())
        actions.append(Done())
        return actions

    def _item_uses(self, state: QueenState, item: str) -> list[UseItem]:
        use = content().item(item).use
        if use.kind == "release_one":
            return [UseItem(item=item, prisoner=who) for who in state.jail]
        if use.kind == "release_all":
            return [UseItem(item=item)]
        fresh = [a for a in state.assignments if a.fresh]
        return [UseItem(item=item, location=a.location, site_item=a.item) for a in fresh]

    def _resolve_actions(self, state: QueenState) -> list[Action]:
        table = Table(state)
        actions: list[Action] = []
        current = resolving.in_progress(state)
        for a in resolving.ready(state):
            if resolving.needs_pow_decision(a) and current in (None, a):
                top = min(content().location(a.location).pow_capacity, len(state.pows_safe))
                actions.extend(SendPows(location=a.location, count=n) for n in range(top + 1))
        for _, operative in resolving.checkable(state):
            draws = resolving.check_draws(table, operative)
            actions.extend(Check(operative=operative, draws=n) for n in draws)
        return actions

    # -- applying -----------------------------------------------------------------------

    def resolve_legacy(self, state: QueenState, action: Action) -> tuple[QueenState, list[Event]]:
        if state.phase == "over":
            raise IllegalAction("The story is over.")
        if state.pending and not isinstance(action, EscapePlan | Betray | Release | Recruit):
            raise IllegalAction("First answer the decision that is waiting.")
        if isinstance(action, EscapePlan | Betray | Release | Recruit):
            expected: dict[str, type] = {
                "escape_plan": EscapePlan,
                "betray": Betray,
                "release": Release,
                "recruit": Recruit,
            }
            if not state.pending or not isinstance(action, expected[state.pending[-1].kind]):
                raise IllegalAction("That decision is not being asked now.")
        elif state.phase == "assign" and isinstance(action, Check | SendPows):
            raise IllegalAction("Checks are made after the operatives are assigned.")
        elif state.phase == "resolve" and not isinstance(action, Check | SendPows):
            raise IllegalAction("Assignments are being resolved: make the next check.")

        if isinstance(action, Assign):
            return assigning.assign(state, action), []
        if isinstance(action, Unassign):
            return assigning.unassign(state, action.operative), []
        if isinstance(action, UseItem):
            problem = assigning.item_problem(state, action)
            if problem:
                raise IllegalAction(problem)
        if isinstance(action, EndChapter) and (state.round == 1 or any(a.fresh for a in state.assignments)):
            raise IllegalAction("A chapter may end only at the start of a round, after an interrogation.")

        table = Table(state)
        try:
            self._act(state, table, action)
            self._advance(table)
        except OutOfTime:
            table.log("out_of_time")
            self._end_chapter(table)
        except GameLost as lost:
            self._lose(table, lost.reason)
        return table.freeze(), table.events

    def _act(self, state: QueenState, table: Table, action: Action) -> None:
        if isinstance(action, UseItem):
            assigning.use_item(table, action)
        elif isinstance(action, Done):
            assigning.finish_assigning(table)
        elif isinstance(action, EndChapter):
            chapters.end_chapter(table)
        elif isinstance(action, Check):
            resolving.check(state, table, action)
        elif isinstance(action, SendPows):
            resolving.send_pows(state, table, action)
        elif isinstance(action, EscapePlan):
            resolving.escape_plan(table, action.use)
        elif isinstance(action, Betray):
            interrogating.betray(table, action.operative)
        elif isinstance(action, Release):
            resolving.release_choice(table, action.prisoner)
        elif isinstance(action, Recruit):
            resolving.recruit(table, action.cell)

    def _advance(self, table: Table) -> None:
        """Run the rules that need no decision until one is needed or the story ends."""
        interrogating.drop_hopeless_betrayals(table)
        while not table.pending:
            if table.phase == "resolve":
                if table.victory:
                    chapters.end_chapter(table)  # The Introduction ends at the Chateau.
                    return
                resolving.safe_house_resolved(table)
                snapshot = table.freeze()
                if (
                    table.pending
                    or resolving.checkable(snapshot)
                    or any(resolving.needs_pow_decision(a) for a in resolving.ready(snapshot))
                ):
                    return
                interrogating.interrogate(table)
                table.phase = "betrayal"
            elif table.phase == "betrayal":
                interrogating.finish_interrogation(table)
            else:
                return

    def _end_chapter(self, table: Table) -> None:
        try:
            chapters.end_chapter(table)
        except GameLost as lost:
            self._lose(table, lost.reason)

    def _lose(self, table: Table, reason: str) -> None:
        table.lost = reason
        table.phase = "over"
        table.pending = []
        table.log("lost", reveals=True, reason=reason)
