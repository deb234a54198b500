"""The heuristic bot: a careful spymaster who plays whole stories.

It sees only the view (the open table) and the legal actions. Each round it staffs the
most valuable assignments it can cover with the operatives in hand (expected progress
per operative from the bag's current mix), keeps Alice out of danger late in a chapter,
frees prisoners, and draws as few tokens as a trained operative needs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from rules.core import Dice
from rules.core.components import Bag
from rules.queen_of_spies.actions import (
    Action,
    Assign,
    Check,
    Done,
    EndChapter,
    EscapePlan,
    SendPows,
    UseItem,
)
from rules.queen_of_spies.content import Skill, Token, load_content
from rules.queen_of_spies.sites import WORKSHOP, blocked, site_tasks, sites
from rules.queen_of_spies.state import Assignment, Board
from rules.queen_of_spies.table import ALICE
from rules.queen_of_spies.view import QueenView

ITEM_VALUE = {
    "bomb": 5.0,
    "jail_key": 4.0,
    "false_papers": 3.0,
    "disguise": 2.5,
    "radio": 3.0,
    "lockpick": 4.0,
    "camera": 4.0,
    "bicycle": 1.0,
}

ITEM_CAP = {"office-infiltration": 2.0, "news-on-the-wing": 2.0}
"""Stories scored by story cards alone, where an item is worth a small detour at most:
measured, building Bombs and Lockpicks there ate the rounds the story cards needed."""

TROOP_WATCH_VALUE = 3.0
"""Worth of each Troop the Train Station would remove: watching draws tokens from the
same bag, so at twice this the bot lost more operatives there than anywhere else."""

GOAL_VALUE = 15.0
"""Sites worth attempting with a partial team (the Chateau): their progress is kept."""

DESTINATIONS = ("neighboring_town", "post_office", "pigeon_train")

STORY_SITES = {
    "cafe": 8.0,
    "local_roads": 6.0,
    "chateau": 20.0,
    "pigeon_coop": 7.0,
    "back_alley": 6.0,
    "forest": 5.0,
    "abandoned_building": 5.0,
    "neighboring_town": 8.0,
    "post_office": 9.0,
    "pigeon_train": 10.0,
    "boat": 10.0,
    "pow_train": 10.0,
    "border_checkpoint": 10.0,
    "file_room": 8.0,
    "eavesdrop_boss": 8.0,
    "eavesdrop_hotel": 7.0,
    "eavesdrop_truck": 7.0,
    "boss_office": 14.0,
    "hotel_room": 9.0,
    "office_search": 7.0,
    "trash_search": 6.0,
    "delivery_truck_search": 7.0,
}


class HeuristicBot:
    """Greedy but careful, and deterministic (it never reads its `dice`)."""

    def choose(self, view: BaseModel, legal: Sequence[Any], dice: Dice) -> Any:
        assert isinstance(view, QueenView) and view.decision is not None
        return self.decide(view, view.decision.kind, legal)

    def decide(self, state: Board, kind: str, legal: Sequence[Any]) -> Any:
        """The choice among `legal` at a decision of `kind`, from the open table alone:
        a view, or a world the look-ahead plays out (read as the table, without building
        a view: most of a play-out's time went there)."""
        if kind == "escape_plan":
            return EscapePlan(use=True)
        if kind == "release":
            return max(legal, key=lambda a: _rescue_priority(state, a.prisoner))
        if kind == "recruit":
            return max(legal, key=lambda a: len(state.decks[a.cell]))
        if kind == "betray":
            return min(legal, key=lambda a: _worth(state, a.operative))
        if kind == "resolve":
            return self._resolve(state, legal)
        return self._assign(state, legal)

    # -- resolving ----------------------------------------------------------------------

    def _resolve(self, state: Board, legal: Sequence[Action]) -> Action:
        sends = [a for a in legal if isinstance(a, SendPows)]
        if sends:
            return max(sends, key=lambda a: a.count)
        checks = [a for a in legal if isinstance(a, Check)]
        operative = checks[0].operative
        options = [a.draws for a in checks if a.operative == operative]
        if len(options) == 1:
            return checks[0]
        wanted = _draws_needed(state, operative)
        return next(a for a in checks if a.operative == operative and a.draws == min(wanted, max(options)))

    # -- assigning ----------------------------------------------------------------------

    def _assign(self, state: Board, legal: Sequence[Action]) -> Action:
        legal_set: set[Action] = set()

        def ok(action: Action) -> bool:
            # Made only once a step is proposed (many calls end or hide before any).
            if not legal_set:
                legal_set.update(legal)
            return action in legal_set

        release = self._release(state, legal)
        if release is not None:
            return release
        late = state.time <= 4
        if any(isinstance(a, EndChapter) for a in legal) and _should_end_chapter(state):
            return EndChapter()
        if ALICE in state.hand and _betrayal_looms(state):
            hide = Assign(operative=ALICE, location="safe_house")
            if ok(hide):
                return hide
        fresh = [a for a in state.assignments if a.fresh]
        for a in fresh:
            step = _reinforce(state, a, late)
            if step is not None and ok(step):
                return step
        for value, location, item in _ranked_sites(state):
            step = _staff(state, location, item, late, eager=value >= GOAL_VALUE)
            if step is not None and ok(step):
                return step
        lookout = _lookout(state, fresh)
        if lookout is not None and ok(lookout):
            return lookout
        for action in legal:
            if isinstance(action, UseItem) and not load_content().item(action.item).use.releases:
                target = next(a for a in fresh if (a.location, a.item) == (action.location, action.site_item))
                if _item_helps(state, action.item, target):
                    return action
        return Done()

    def _release(self, state: Board, legal: Sequence[Action]) -> Action | None:
        uses = [a for a in legal if isinstance(a, UseItem) and load_content().item(a.item).use.releases]
        if not uses:
            return None
        bomb = [a for a in uses if a.item == "bomb"]
        if bomb and (ALICE in state.jail or len(state.jail) >= 2):
            return bomb[0]
        keys = [a for a in uses if a.prisoner is not None]
        if keys:
            best = max(keys, key=lambda a: _rescue_priority(state, str(a.prisoner)))
            if _rescue_priority(state, str(best.prisoner)) >= 2:
                return best
        return None


# -- valuing ---------------------------------------------------------------------------


def _p_progress(state: Board) -> float:
    return _odds(state.bag)[0]


def _troop_share(state: Board) -> float:
    return _odds(state.bag)[1]


_last_odds: tuple[Bag[Token] | None, tuple[float, float]] = (None, (0.0, 0.0))


def _odds(bag: Bag[Token]) -> tuple[float, float]:
    """The chance that a draw makes progress, and that it is a Troop: worked out once per
    bag (a bag never changes: a draw makes a new one), which the heuristic asks about
    dozens of times a decision.  The last bag and its odds are one tuple, read and
    replaced whole, so that a bot and the hint thinking at once cannot mix them up."""
    global _last_odds
    last, odds = _last_odds
    if last is not bag:
        total = sum(bag.counts.values())
        hits = sum(n for kind, n in bag.counts.items() if kind.progress)
        troops = bag.counts.get(Token.TROOP, 0)
        odds = (hits / total, troops / total) if total else (0.0, 0.0)
        _last_odds = bag, odds
    return odds


def _expected(state: Board, operative: str) -> float:
    draws = 3 if operative in state.trained else 2
    if operative == ALICE:
        draws = _alice_cap(state)
    return draws * _p_progress(state)


def _alice_cap(state: Board) -> int:
    """Alice coordinates; she risks a Troop only when the bag is nearly clean of them."""
    share = _troop_share(state)
    return 0 if share >= 0.12 or state.time <= 4 else (1 if share > 0.0 else 3)


def _need(state: Board, location: str, item: str | None, task: int) -> int:
    key = location if item is None else f"{location}/{item}"
    have = state.progress.get(key, (0,) * 3)
    return max(0, site_tasks(location, item)[task].progress - (have[task] if task < len(have) else 0))


def _draws_needed(state: Board, operative: str) -> int:
    a = next(a for a in state.assignments if operative in a.operatives)
    placement = next(p for p in a.placements if p.operative == operative)
    need = _need(state, a.location, a.item, placement.task)
    others = sum(
        _expected(state, p.operative)
        for p in a.placements
        if p.task == placement.task and not p.checked and p.operative != operative
    )
    p = max(_p_progress(state), 0.2)
    wanted = math.ceil(max(0.0, need - others * 0.5) / p)
    cap = 3
    if operative == ALICE:
        cap = _alice_cap(state)
    elif _troop_share(state) >= 0.2:
        cap = 2
    return max(0, min(cap, wanted))


def _last_chapter(state: Board) -> bool:
    return state.chapter == len(load_content().story(state.story).chapters)


def _should_end_chapter(state: Board) -> bool:
    """End a chapter when little time is left, or early to save a prisoner about to break
    (released at the chapter's end, losing fewer despair markers than a break would)."""
    if ALICE in state.jail:
        return False
    if state.time <= 2:
        return True
    last = _last_chapter(state)
    pows_held = any(_is_pow(who) for who in state.jail)
    return not last and not pows_held and state.time <= 10 and _betrayal_looms(state)


def _betrayal_looms(state: Board) -> bool:
    """An operative in jail may break in this interrogation, and Alice could be betrayed."""
    return any(
        not _is_pow(who) and state.despair.get(who, 0) + state.interrogation >= 3 for who in state.jail
    )


def _is_pow(who: str) -> bool:
    return not load_content().is_operative(who)


def _worth(state: Board, operative: str) -> float:
    """How much losing this operative to jail would hurt (Alice most)."""
    if operative == ALICE:
        return 100.0
    value = 3.0 if operative in state.trained else 1.0
    busy = next((a for a in state.assignments if operative in a.operatives), None)
    return value + (2.0 if busy is not None else 0.0)


def _rescue_priority(state: Board, prisoner: str) -> float:
    if prisoner == ALICE:
        return 10.0
    return 1.0 + state.despair.get(prisoner, 0) + (1.0 if prisoner in state.trained else 0.0)


def _site_value(state: Board, location: str, item: str | None) -> float:
    if item is not None:
        value = ITEM_VALUE.get(item, 1.0)
        if state.story == "rescuing-the-prisoners" and item in ("bomb", "jail_key"):
            value += 4.0
        if _last_chapter(state) and item not in ("lockpick", "camera", "bomb", "jail_key"):
            value -= 2.0
        value = min(value, ITEM_CAP.get(state.story, value))
        return value + (1.0 if location == WORKSHOP else 0.0)
    card = load_content().location(location)
    if card.kind == "training":
        skill = card.tasks[0].skill
        trainees = [o for o in state.hand if _trains_here(state, o, skill)]
        per_trainee = {1: 2.5, 2: 1.0}.get(state.chapter, 0.0)
        return per_trainee * len(trainees)
    if location == "train_station":
        return TROOP_WATCH_VALUE * state.bag.counts.get(Token.TROOP, 0)
    if location == "safe_house":
        return 2.5 if state.bag.counts.get(Token.ALERT, 0) >= 3 else 0.0
    if location == "church_cellar":
        return 0.0 if state.escape_plan else 2.5
    if location in ("pub", "bar_flirt"):
        if not any(state.decks.values()):
            return 0.0
        size = len(state.hand) + len(state.assignments)
        if state.story == "office-infiltration":
            return 8.0 if size < 4 else (4.0 if size < 6 else 0.5)
        return 2.0 if size < 5 else 0.5
    if location == "jail_talk":
        return 1.0 + state.interrogation if state.jail else 0.0
    if location == "jail_smuggle":
        return 2.5 * min(3, sum(state.despair.get(who, 0) for who in state.jail))
    if location == "jail_breakout":
        if not state.jail:
            return 0.0
        worst = max(state.despair.get(who, 0) for who in state.jail)
        return 10.0 + 3.0 * worst + (12.0 if ALICE in state.jail else 0.0)
    return _story_value(state, location)


def _story_value(state: Board, location: str) -> float:
    base = STORY_SITES.get(location, 0.0)
    card = load_content().location(location)
    reveals = [e.target for e in card.success if e.kind == "reveal"]
    if reveals and all(t in state.town or t in state.set_aside for t in reveals):
        return 0.0  # What this card would bring into play is already there.
    held = state.pigeons + state.trained_pigeons + sum(state.pigeons_sent.values())
    supply = load_content().supply.pigeons - held
    if location == "pigeon_coop":
        return base if state.pigeons else 0.0
    if location in ("back_alley", "forest", "abandoned_building"):
        return base if supply > 0 else 0.0
    if location in DESTINATIONS:
        sending = sum(1 for a in state.assignments if a.location in DESTINATIONS)
        return base if state.trained_pigeons > sending else 0.0
    if load_content().location(location).pow_capacity:
        sending = sum(1 for a in state.assignments if load_content().location(a.location).pow_capacity)
        return base if len(state.pows_safe) > sending * 2 else 0.0
    return base


def _trains_here(state: Board, operative: str, skill: Skill) -> bool:
    return operative not in state.trained and load_content().operative(operative).training == skill


def _ranked_sites(state: Board) -> list[tuple[float, str, str | None]]:
    ranked = []
    for location, item in sites(state):
        if blocked(state, location, item) is not None or state.assignment_at(location, item) is not None:
            continue
        value = _site_value(state, location, item)
        if value > 0:
            ranked.append((value, location, item))
    ranked.sort(key=lambda row: -row[0])
    return ranked


def _candidates(state: Board, skill: Skill | None, late: bool, others: Sequence[str]) -> list[str]:
    """Operatives in hand able to do a task, best first (trained, same cell, Alice last)."""
    cells = {load_content().operative(o).cell for o in others}
    found = [o for o in state.hand if skill is None or skill in load_content().operative(o).skills]
    if late:
        found = [o for o in found if o != ALICE]

    def rank(o: str) -> tuple[int, int, int]:
        mixes = int(bool(cells) and load_content().operative(o).cell not in cells and ALICE not in others)
        return (int(o == ALICE), mixes, int(o not in state.trained))

    return sorted(found, key=rank)


def _staff(state: Board, location: str, item: str | None, late: bool, eager: bool = False) -> Assign | None:
    """The first operative for a site, if the hand can cover all its tasks (or, for an
    `eager` goal whose failure keeps progress, any of them)."""
    tasks = site_tasks(location, item)
    if not tasks:
        # Alice hides at the Safe House only when a betrayal looms (see `_assign`).
        spare = [o for o in _candidates(state, None, late, ()) if o != ALICE]
        return Assign(operative=spare[-1], location=location, item=item) if spare else None
    if item is None and load_content().location(location).kind == "training":
        trainees = [o for o in state.hand if _trains_here(state, o, tasks[0].skill)]
        return Assign(operative=trainees[0], location=location) if trainees else None
    used: set[str] = set()
    plan: list[Assign] = []
    # Where failing keeps the progress made, a partial team still brings the goal nearer.
    keeps_progress = eager and not any(
        e.kind == "lose_progress" for e in load_content().location(location).failure
    )
    # The scarcest skill first, so an operative with two skills goes where only they can.
    order = sorted(range(len(tasks)), key=lambda i: len(_candidates(state, tasks[i].skill, late, ())))
    for index in order:
        need = _need(state, location, item, index)
        if need == 0:
            continue
        got = 0.0
        for operative in _candidates(state, tasks[index].skill, late, [p.operative for p in plan]):
            if operative in used or got >= need:
                continue
            used.add(operative)
            plan.append(Assign(operative=operative, location=location, item=item, task=index))
            got += _expected(state, operative)
        if got < need * 0.75 and not keeps_progress:
            return None
    return plan[0] if plan else None


def _reinforce(state: Board, a: Assignment, late: bool) -> Assign | None:
    """Another operative for an assignment of this round whose tasks are not yet covered."""
    tasks = site_tasks(a.location, a.item)
    if a.item is None and load_content().location(a.location).kind == "training":
        trainees = [o for o in state.hand if _trains_here(state, o, tasks[0].skill)]
        if trainees:
            return Assign(operative=trainees[0], location=a.location)
    else:
        for index, task in enumerate(tasks):
            need = _need(state, a.location, a.item, index)
            got = sum(_expected(state, p.operative) for p in a.placements if p.task == index)
            if got >= need:
                continue
            for operative in _candidates(state, task.skill, late, a.operatives):
                return Assign(operative=operative, location=a.location, item=a.item, task=index)
    cells = {load_content().operative(o).cell for o in a.operatives}
    if len(cells) > 1 and ALICE in state.hand and ALICE not in a.operatives and tasks:
        # Alice coordinates (drawing no token): nobody meets, no Alert is added.
        return Assign(operative=ALICE, location=a.location, item=a.item, task=0)
    return None


def _lookout(state: Board, fresh: Sequence[Assignment]) -> Assign | None:
    """Alice joins the busiest assignment without Stealth, to draw nothing but cancel an Alert."""
    if ALICE not in state.hand:
        return None
    exposed = [
        a
        for a in fresh
        if site_tasks(a.location, a.item)
        and not any(load_content().operative(o).stealth for o in a.operatives)
    ]
    if not exposed:
        return None
    busiest = max(exposed, key=lambda a: len(a.operatives))
    return Assign(operative=ALICE, location=busiest.location, item=busiest.item, task=0)


def _item_helps(state: Board, item: str, a: Assignment) -> bool:
    use = load_content().item(item).use
    if use.kind == "progress":
        # Spent on story cards only: progress at the Country House just learns another item.
        return load_content().location(a.location).group != "basic" and any(
            t.skill == use.skill and _need(state, a.location, a.item, i) > 0
            for i, t in enumerate(site_tasks(a.location, a.item))
        )
    if use.kind in ("stealth", "cancel_troop"):
        return ALICE in a.operatives or len(a.operatives) >= 3 or _site_value(state, a.location, a.item) >= 8
    return use.kind == "save_time"
