"""The Hard Stawka bot: the core's search (`rules.core.search`) with the heuristic inside.

The heuristic bot plays every seat in the play-outs and ranks the actions the search
tries (an activation's by the planner's worth, `plans.Planner`); a play-out ends after
`HORIZON` actions and the world it reaches is scored by `evaluate`: each side's progress
toward the scenario's victory, in the heuristic's unit (a piece of evidence that
matters, `worth`), turned into a chance to win that sharpens as the stages run out.  In
the last stages a play-out runs to the end of the game (`ENDGAME_HORIZON`), whose result
is known.

Why the search alone is not much stronger than the heuristic: its play-outs are the
heuristic's and its evaluation prices what the heuristic prices, so after eight actions
it mostly confirms the heuristic's choice (on one training 1 game a 10-world and an
80-world search agreed with each other at all 16 decisions and left the heuristic at
one); and a mid-game position tells little of the result (the evaluation's log-loss on
heuristic games, 0.63 against 0.69 knowing nothing, training 1): the dice decide most.
Measured move by move (training 1, the German activation decisions of the first six
stages, every third one of 6 heuristic games, seeds 500-505: 48 decisions; a candidate's
true worth is its mean result over 30 further worlds played out to the end): the moves
this search chooses on 10 worlds after eight actions win no more than the heuristic's
own (+0.001 win chance a decision, standard error 0.007; an evaluation weighing evidence
by whose secret it opens, -0.002); chosen on play-outs to the end of the game, +0.008
(standard error 0.007) at about five times the thinking.  At most decisions the
candidates are nearly equal in worth.

So Hard plays a better heuristic than Normal's: the same heuristic with weights found
by play against Normal (`policy.hard_policy`, whose data says how they were found and
measured): in training 2 a VP weighs 5 pieces of evidence instead of 2, in training 1 a
target's worth shrinks by 0.95 a space instead of 0.85 and Hard gives up AP on its
planning card to activate first in every stage (`Policy.lead_ap`: who activates first
decided most training-1 games between two Normals), and in training 3 as German it
keeps an agent in every sector it can, where no Polish mission may pass (`Policy.cover`:
Normal's Polish side wins training 3 mostly by the VP of its missions), and in "I Know
Who You Are" a VP weighs 8 instead of 2 (most games end on more VP, 1-3 a side: Hard
passes missions where Normal searches).  The search
ranks and plays out both seats with it, and compares moves only where its play-outs
reach the end of the game (`searched`: a scenario's last `ENDGAME_STAGES`) or where
searching every decision was measured to help (`EVERY_STAGE`), never a choice of when
to act (`TIMING`).
Measured against Normal on paired seeds (Hard's own dice apart from the game's, so a
game is the policy's own until Hard leaves its move; W-L-D in Hard's seat):
training 1, seeds 5001-5040, the policy alone German 19-7-14, Polish 23-10-7; searching
at every decision German 12-14-14 (worse than the policy on 13 seeds, better on 5),
Polish 21-11-8; searching in the last two stages German 18-10-12, Polish 24-10-6.
Training 2, seeds 5001-5030: the policy alone German 11-11-8, Polish 21-8-1; searching
in the last two stages German 17-8-5 (better on 13 seeds, worse on 6), Polish 18-11-1
(better on 3, worse on 6); at every decision German 20-3-7 (better on 14, worse on 4),
Polish 18-7-5 (better on 5, worse on 7), at ten times the thinking (5.5 CPU s a game).
A mid-game evaluation counts evidence and secrets, not the tiles an agent holds nor
where he stands, so it prefers what it counts: a tile burnt as evidence rather than
kept, a conversation with Kloss rather than with Ingrid Heizer (training 1, German).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from rules.core import Dice, Seat, Title
from rules.core.search import Budget, SearchBot, outcome_values
from rules.stawka.actions import ChoosePlanningCard, EndActivation, GiveUp, StawkaAction
from rules.stawka.bots import radio, top_secret, worth
from rules.stawka.bots.heuristic import HeuristicBot
from rules.stawka.bots.policy import NORMAL, Policy
from rules.stawka.content import load_content
from rules.stawka.state import GERMAN, SEATS, StawkaState, other
from rules.stawka.view import StawkaView

HORIZON = 8
"""Actions a play-out runs past the candidate."""
ENDGAME_STAGES = 2
"""In a scenario's last stages a play-out runs on toward the end of the game."""
ENDGAME_HORIZON = 60
"""Actions a play-out runs past the candidate in the last stages: in the training
scenarios the rest of the game (about 18 in training 1, 35 in training 2), where a win, a
draw or a loss is known instead of estimated.  The evaluation's lead counts evidence that
no longer becomes a secret in time (training 1 ends drawn unless a side holds two)."""
CONFIDENCE = 1.0
"""Another action must beat the heuristic's by a standard error of the paired difference
(`rules.core.search`): a won or lost game is a noisy value, and ten of them differ by
chance."""
CANDIDATES = 4
"""The most actions the search compares at one decision (the heuristic's best ones)."""
SPREAD = 8.0
"""A lead of this much progress at the start is worth a win chance of about 73%; the
spread narrows with the stages left, so the same lead weighs more late."""
ARRESTED = 4.0
"""An enemy agent in jail, in progress."""
SECRETS_OPEN = 3
"""Evidence from which a conversation may take a secret (Investigation Track, 4)."""
EVERY_STAGE = frozenset({("training-2", GERMAN)})
"""Where the search compares moves at every decision (scenario, seat): the German side
of training 2, where its evaluation (VP, and the Kloss and Brunner tracks that end the
game) judged better than the heuristic.  Against Normal on paired seeds (as in the
module docstring), Hard German searching every decision against its policy alone:
seeds 5001-5030 better on 14 seeds, worse on 4; held out, seeds 7001-7200, 105-48-47
(68.6% of decided, 95% interval 61-75) against 93-65-42 (58.9%), better on 71 seeds,
worse on 47; at ten times the thinking (5.7 CPU s a game).  In training 2 as Polish
(seeds 5001-5030: better on 5, worse on 7) and in training 1 as German (module
docstring) it did not."""
TIMING = (ChoosePlanningCard, EndActivation, GiveUp)
"""Choices of when a side acts: a planning card (its priority orders the stage's
activations, Planning Cards and Stages), ending an activation or giving up the stage's
AP.  The search takes the heuristic's: a play-out runs a number of actions, and after
one of these other seats act in them, so the play-outs end at other points of the stage
and the evaluation, which reads progress and not whose turn is next, is not comparing
like with like (training 1, Hard German against Normal, seeds 5001-5014: searching every
decision, it left the heuristic mostly for a lower planning card, an ended activation or
a given-up stage, and went 7-7-0 where its policy alone went 7-2-5, W-L-D)."""


class StawkaSearch:
    """The `SearchPolicy` of Stawka."""

    candidates = CANDIDATES
    confidence = CONFIDENCE

    def __init__(self, policies: Mapping[Seat, Policy] | None = None) -> None:
        """`policies`: how each seat is played in the play-outs (Normal's by default)."""
        chosen = policies or {}
        self._bots = {seat: HeuristicBot(seat, chosen.get(seat, NORMAL)) for seat in SEATS}

    def rollout_bot(self, seat: Seat) -> HeuristicBot:
        return self._bots[seat]

    def horizon(self, view: BaseModel) -> int:
        """`HORIZON`, or `ENDGAME_HORIZON` in the last `ENDGAME_STAGES` of a scenario with a
        stage limit ("Planning Cards and Stages": the game ends after the last stage)."""
        assert isinstance(view, StawkaView)
        if not view.until_victory and view.stage > view.stage_count - ENDGAME_STAGES:
            return ENDGAME_HORIZON
        return HORIZON

    def rank(
        self, view: BaseModel, legal: Sequence[StawkaAction], seat: Seat, dice: Dice
    ) -> list[StawkaAction]:
        """The heuristic's choice, then (when the decision is the activation turn, Stage, F)
        the planner's next best, else the rest in the rules' order; never a choice of when
        to act (`TIMING`) against a choice of what to do."""
        assert isinstance(view, StawkaView)
        first = self._bots[seat].choose(view, legal, dice)
        if isinstance(first, TIMING) or not searched(view):
            return [first]
        rest = [a for a in legal if a != first and not isinstance(a, TIMING)]
        if activation_turn(view):
            # The scenario's planner ("I Know Who You Are" weighs the radio station).
            planner = self._bots[seat].planner(view)
            values = {action: planner.value(action) for action in rest}
            rest.sort(key=lambda a: -values[a])
        return [first, *rest]

    def evaluate(self, title: Title[StawkaState, Any, Any], world: StawkaState) -> Mapping[Seat, float]:
        decided = outcome_values(title, world)
        if decided is not None:
            return decided
        lead = progress(world, SEATS[0]) - progress(world, SEATS[1])
        left = max(world.stage_count - world.stage + 1, 1)
        spread = SPREAD * math.sqrt(left / world.stage_count)
        chance = 1.0 / (1.0 + math.exp(-lead / spread))
        return {SEATS[0]: chance, SEATS[1]: 1.0 - chance}


def searched(view: StawkaView) -> bool:
    """Whether the search compares moves at the decision `view` shows: in the last
    `ENDGAME_STAGES` of a scenario with a stage limit, where its play-outs reach the end
    of the game and score its result, at every decision where `EVERY_STAGE` says so, and
    in a scenario played until a victory (no end in reach; not measured).  Elsewhere in a
    scenario with a stage limit, its evaluation of a half-played position judges worse
    than the heuristic (module docstring).

    Training 3 is a race to 11 VP or three secrets that most games end before its last two
    stages (53 of 200 games of Normal against Normal reach stage 9, seeds 50001-50200), so
    Hard seldom searches there.  Searching also once a side was within 4 VP or one secret
    of its victory, played out to the end of the game, Hard German went 19-20-1 against
    Normal on seeds 61001-61040 where Normal went 18-21-1 (better on 6 seeds, worse on 4)
    at 7.1 CPU s a game (16 searched decisions a game): not kept."""
    if view.until_victory or (view.scenario, view.seat) in EVERY_STAGE:
        return True
    return view.stage > view.stage_count - ENDGAME_STAGES


def activation_turn(view: StawkaView) -> bool:
    """Whether the decision the view shows is the activation turn (Stage, F): nothing
    pending and a seat's turn (the title's `turn`); every action of it, a film scenario's
    too, is one the planner prices."""
    return not view.pending and view.turn is not None and view.phase != "over"


def progress(state: StawkaState, seat: Seat) -> float:
    """How far `seat` is toward the scenario's victory, in pieces of evidence that matter."""
    victory = load_content().scenario(state.scenario).victory
    side = state.sides[seat]
    total = 0.0
    if victory.secrets_to_win is not None:
        total += worth.SECRET_FIRST * side.secrets
    total += worth.VP * side.vp
    total += radio.progress(state, seat, worth.WIN)
    chiefs = {
        a.colour
        for a in state.agents
        if a.side != seat and load_content().document(state.documents[a.id]).chief
    }
    for agent in state.agents:
        if agent.side == seat:
            continue
        if agent.status == "arrested":
            total += ARRESTED
        if agent.status != "free":
            continue
        held = side.evidence.get(agent.colour, 0)
        total += held + (1.0 if held >= SECRETS_OPEN else 0.0)
        if victory.chief_lost_loses and agent.colour in chiefs:
            total += 0.4 * held * held / worth.TRACK_TOP
    return total + top_secret.progress(state, seat)


def hard_bot(
    title: Title[StawkaState, StawkaAction, Any],
    seat: Seat,
    budget: Budget,
    policy: Policy = NORMAL,
    rivals: Policy = NORMAL,
) -> SearchBot[StawkaState, StawkaAction]:
    """The search for `seat`, ranking and playing out its own seat's moves by `policy` and
    the other seat's by `rivals`."""
    return SearchBot(title, StawkaSearch({seat: policy, other(seat): rivals}), seat, budget)


__all__ = ["StawkaSearch", "hard_bot", "progress"]
