"""The heuristic Stawka bot: it plays toward the scenario's victory conditions.

Every choice is priced in one unit (a piece of evidence that matters, see `worth`):
conversations by their odds against the target's thresholds, searches by the tiles the
location may still hold, missions by the VP they pay, arrests and assassinations by
their rolls; an activation is planned by `plans.Planner`.  It sees only its seat's view
and the legal actions.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from rules.core import Dice, Seat
from rules.stawka.actions import (
    BlockReaction,
    ChooseKlossDocument,
    ChoosePlanningCard,
    DiscardReaction,
    DrawThreat,
    ExchangePlace,
    HideRadioStation,
    ItemAsEvidence,
    KeepItem,
    KeepItemForNextGame,
    KeepThreats,
    KeepTrackWhole,
    MoveThreat,
    NameRadioSector,
    NudgeAudi,
    PlaceAgent,
    PlaceThreat,
    PlayReaction,
    StawkaAction,
    TriggerThreat,
    UseSupport,
)
from rules.stawka.board import FAR, board_of, step_counts
from rules.stawka.bots import cards, radio, top_secret, top_secret_threats, worth
from rules.stawka.bots.hotel_planner import HotelPlanner
from rules.stawka.bots.plans import Planner
from rules.stawka.bots.policy import NORMAL, Policy
from rules.stawka.bots.radio_plans import RadioPlanner
from rules.stawka.bots.reach import chief_of
from rules.stawka.content import PlanningCard, load_content
from rules.stawka.items import item
from rules.stawka.stage import planning_card
from rules.stawka.state import other
from rules.stawka.view import AgentView, StawkaView


class HeuristicBot:
    """Normal plays `NORMAL`; another `Policy` weighs the same choices its way."""

    def __init__(self, seat: Seat, policy: Policy = NORMAL) -> None:
        self.seat = seat
        self.policy = policy
        self._weights: dict[str, Policy] = {}
        """The weights this seat plays in each scenario met (`Policy.within`, a copy made
        once: a search's play-outs ask at nearly every decision)."""

    def weights(self, scenario: str) -> Policy:
        """The weights this bot's seat plays in `scenario`."""
        found = self._weights.get(scenario)
        if found is None:
            found = self._weights[scenario] = self.policy.within(scenario, self.seat)
        return found

    def choose(self, view: BaseModel, legal: Sequence[StawkaAction], dice: Dice) -> StawkaAction:
        assert isinstance(view, StawkaView)
        first = legal[0]
        if isinstance(first, ChoosePlanningCard):
            return self._plan(view, legal)
        if isinstance(first, (KeepItem, ItemAsEvidence)):
            return self._decide(view, legal)
        if isinstance(first, KeepTrackWhole):
            return self._carry(view, legal)
        if isinstance(first, KeepItemForNextGame):
            return legal[-1]
        if isinstance(first, PlaceAgent):
            return self._place(view, legal, dice)
        if isinstance(first, ChooseKlossDocument):
            return self._kloss_document(legal)
        if isinstance(first, PlaceThreat):
            return self._place_threat(view, legal, dice)
        if isinstance(first, (TriggerThreat, UseSupport, ExchangePlace)):
            return self._answer(legal, dice)
        if isinstance(first, (PlayReaction, BlockReaction, DiscardReaction)):
            return cards.answer(self.seat, legal)
        if isinstance(first, HideRadioStation):
            return radio.hiding_place(view, legal, dice)
        if isinstance(first, NameRadioSector):
            # Either sector tells the German player as much; at random, it tells him nothing more.
            return dice.choice(legal)
        if isinstance(first, NudgeAudi):
            return top_secret.nudge_choice(view, self.seat, legal)
        if isinstance(first, (DrawThreat, MoveThreat, KeepThreats)):
            return top_secret_threats.choice(view, self.seat, legal, dice)
        return self.planner(view).best(legal)

    def planner(self, view: StawkaView) -> Planner:
        """What plans an activation (a scenario built on these rules may weigh things its way:
        "Hotel Excelsior" aims at room 217, "I Know Who You Are" at the radio station)."""
        policy = self.weights(view.scenario)
        if view.room_217 is not None:
            return HotelPlanner(self.seat, view, policy)
        if view.radio is not None:
            return RadioPlanner(self.seat, view, policy)
        return Planner(self.seat, view, policy)

    # -- decisions outside activations -----------------------------------------------

    def _kloss_document(self, legal: Sequence[StawkaAction]) -> StawkaAction:
        """Kloss's document: the most AP a stage, then the highest thresholds (German
        conversations with him, which expose him, succeed less), then the best defence."""

        def rating(action: StawkaAction) -> tuple[int, int, int]:
            assert isinstance(action, ChooseKlossDocument)
            card = load_content().document(action.document)
            return (card.ap_limit, card.thresholds.single, card.defence)

        return max(legal, key=rating)

    def _answer(self, legal: Sequence[StawkaAction], dice: Dice) -> StawkaAction:
        """Set off every token that can be set off, spend support, exchange anywhere."""
        for action in legal:
            if isinstance(action, TriggerThreat) and action.trigger:
                return action
            if isinstance(action, UseSupport) and action.token is not None:
                return action
        if isinstance(legal[0], ExchangePlace):
            return dice.choice(legal)
        return legal[0]

    def _place_threat(self, view: StawkaView, legal: Sequence[StawkaAction], dice: Dice) -> StawkaAction:
        """Threat tokens go where enemy agents will step: close to them, on their way."""
        table = step_counts(view.scenario, other(self.seat))
        foes = [a.space for a in worth.enemies(view, self.seat)]
        placements = [a for a in legal if isinstance(a, PlaceThreat)]
        return min(
            placements,
            key=lambda a: (min((table[e].get(a.space, FAR) for e in foes), default=FAR), dice.below(100)),
        )

    def _plan(self, view: StawkaView, legal: Sequence[StawkaAction]) -> StawkaAction:
        """The biggest AP pool (between equal pools, the earlier priority); where the policy
        pays for the lead (`Policy.lead_ap`), the biggest pool that activates first (step B)
        against the opponent's biggest: his choice is secret until both reveal."""
        plans = {a.card: a for a in legal if isinstance(a, ChoosePlanningCard)}
        cards = [planning_card(card) for card in plans]
        chosen = max(cards, key=_richness)
        lead_ap = self.weights(view.scenario).lead_ap
        if lead_ap > 0 and not _goes_first(view, self.seat, chosen):
            leading = [c for c in cards if chosen.ap - c.ap <= lead_ap and _goes_first(view, self.seat, c)]
            chosen = max(leading, key=_richness, default=chosen)
        return plans[chosen.id]

    def _decide(self, view: StawkaView, legal: Sequence[StawkaAction]) -> StawkaAction:
        """Keep the drawn tile or burden an enemy with it, whichever is worth more."""
        drawn = view.drawn_item
        policy = self.weights(view.scenario)
        searcher = _searcher(view, self.seat)
        choices = [a for a in legal if isinstance(a, ItemAsEvidence)]
        if drawn is None or searcher is None or not choices:
            return KeepItem() if KeepItem() in legal else legal[0]
        values: dict[str, int] = {e.colour: e.value for e in item(drawn).evidence}
        planner = self.planner(view)
        best = max(choices, key=lambda a: planner.evidence_worth(a.colour, values.get(a.colour, 0), searcher))
        amount = values.get(best.colour, 0)
        as_evidence = planner.evidence_worth(best.colour, amount, searcher)
        kept = worth.item_worth(policy, view, self.seat, searcher, drawn)
        if KeepItem() in legal and kept >= as_evidence:
            return KeepItem()
        return best

    def _place(self, view: StawkaView, legal: Sequence[StawkaAction], dice: Dice) -> StawkaAction:
        """Own agents in a sector free of enemy agents (missions pass only there, Mission
        Cards 3A), as near their chief as may be; enemy agents far from theirs."""
        own = {a.id for a in view.agents if a.side == self.seat}
        places = [a for a in legal if isinstance(a, PlaceAgent)]
        mine = [a for a in places if a.agent in own]
        board = board_of(view.scenario)
        if mine:
            chief = chief_of(view, self.seat)
            table = step_counts(view.scenario, self.seat)
            crowded = [board.sector_of[e.space] for e in worth.enemies(view, self.seat)]
            return min(
                mine,
                key=lambda a: (
                    crowded.count(board.sector_of[a.location]),
                    table[chief.space].get(a.location, FAR) if chief else 0,
                    dice.below(100),
                ),
            )
        enemy_chief = chief_of(view, other(self.seat))
        table = step_counts(view.scenario, other(self.seat))
        return max(
            places,
            key=lambda a: (
                table[enemy_chief.space].get(a.location, 0) if enemy_chief else 0,
                dice.below(100),
            ),
        )

    def _carry(self, view: StawkaView, legal: Sequence[StawkaAction]) -> StawkaAction:
        evidence = view.sides[self.seat].evidence
        return max(
            (a for a in legal if isinstance(a, KeepTrackWhole)),
            key=lambda a: evidence.get(a.colour, 0) if a.colour else 0,
        )


def _richness(card: PlanningCard) -> tuple[int, int]:
    return card.ap, -card.priority


def _goes_first(view: StawkaView, seat: Seat, card: PlanningCard) -> bool:
    """Whether `card` activates first against the opponent's richest card (step B: the
    lower priority; a tie keeps the previous stage's first, in stage 1 the dice decide)."""
    rival = max((planning_card(c) for c in view.sides[other(seat)].hand), key=_richness)
    if card.priority != rival.priority:
        return card.priority < rival.priority
    return view.stage > 1 and view.first == seat


def _searcher(view: StawkaView, seat: Seat) -> AgentView | None:
    act = view.activation
    if act is None:
        return None
    return next((a for a in view.agents if a.id == act.agent and a.side == seat), None)
