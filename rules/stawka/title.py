"""Stawka większa niż życie as a `Title`: the stage flow tying the rule modules together.

`resolve` hands each action to the module of its rule (planning, movement, conversation,
search, carry-over), then `_advance` runs what needs no decision: the end of a stage
(steps G-H) when no one can activate any more, the next stage's planning (step A), and
the end of the game.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import TypeAdapter

from rules.core import (
    Bot,
    Dice,
    Event,
    IllegalAction,
    Outcome,
    Pending,
    Seat,
    SetupChoice,
    SetupOption,
    Title,
)
from rules.stawka import (
    activation,
    alertness,
    arrest,
    assassination,
    campaign,
    conversation,
    item_use,
    kidnap,
    missions,
    movement,
    placement,
    search,
    stage,
    threat_effects,
    threats,
    victory,
)
from rules.stawka.actions import (
    ACTION_ADAPTER,
    Arrest,
    Assassinate,
    ChooseKlossDocument,
    ChoosePlanningCard,
    Converse,
    DiscardThreat,
    EndActivation,
    ExchangePlace,
    GiveUp,
    Interrogate,
    ItemAsEvidence,
    KeepItem,
    KeepItemForNextGame,
    KeepTrackWhole,
    Kidnap,
    Move,
    PassMission,
    PlaceAgent,
    PlaceThreat,
    Search,
    StawkaAction,
    TriggerThreat,
    UseItem,
    UseSupport,
)
from rules.stawka.checks import invariants
from rules.stawka.content import load_content
from rules.stawka.options import StawkaOptions, kloss_documents
from rules.stawka.secrets import scramble
from rules.stawka.setup import new_state
from rules.stawka.state import SEATS, StawkaState
from rules.stawka.view import StawkaView, view

DECLARED_ACTIONS = (Converse, Search, Arrest, Kidnap, Assassinate, PassMission, Interrogate)
"""The actions of the AP cost list (discarding a threat token excepted, Threat Tokens, 5)."""


class StawkaTitle(Title[StawkaState, StawkaAction, StawkaOptions]):
    id = "stawka"
    state_model = StawkaState
    options_model = StawkaOptions
    action_adapter: ClassVar[TypeAdapter[Any]] = ACTION_ADAPTER
    bot_ids = ("random", "heuristic")

    @property
    def scenarios(self) -> tuple[str, ...]:
        """Offered on the setup screen.  Training 3 is reached only by continuing the campaign
        (`campaign_next`): its advanced rules (location and reaction cards, hideouts) are not
        written yet, so it is not offered on its own."""
        return ("training-1", "training-2")

    def seats(self, options: StawkaOptions) -> tuple[Seat, ...]:
        return SEATS

    def new_game(self, options: StawkaOptions, seed: int) -> StawkaState:
        return new_state(options, seed)

    def setup_choices(self, scenario: str | None) -> tuple[SetupChoice, ...]:
        """Agent Document: "Before every game the Polish Player must choose which Hans Kloss
        document will be used" - except where the scenario sets it (training scenario 1).

        An open choice on the setup screen: the documents lie face up on the table (the
        German player reads Kloss's rank and thresholds from it and must see that an exposed
        Kloss changed it), so nothing has to be chosen behind the curtain.
        """
        content = load_content()
        documents = [content.document(d) for d in kloss_documents(scenario or self.scenarios[0], ())]
        if len(documents) < 2:
            return ()
        options = tuple(
            SetupOption(
                value=d.id,
                label_key="stawka.option.kloss_document.value",
                params={"rank": d.rank, "ap": d.ap_limit},
            )
            for d in documents
        )
        return (
            SetupChoice(
                field="kloss_document",
                label_key="stawka.option.kloss_document",
                values=options,
                default=documents[0].id,
            ),
        )

    def campaign_next(self, state: StawkaState) -> StawkaOptions | None:
        """Training Campaign: scenario 1 -> 2 with the carry-over, 2 -> 3 with the winner's bonus."""
        return campaign.next_game(state)

    def to_act(self, state: StawkaState) -> Seat | None:
        if state.phase == "over":
            return None
        if state.pending:
            return state.pending[-1].seat
        return state.turn

    def legal_actions(self, state: StawkaState) -> list[StawkaAction]:
        seat = self.to_act(state)
        if seat is None:
            return []
        if state.pending:
            kind = state.pending[-1].kind
            if kind == stage.PLANNING:
                return [ChoosePlanningCard(card=c) for c in state.sides[seat].hand]
            if kind == search.SEARCH_DECISION:
                return list(search.legal_decisions(state))
            if kind == victory.CARRY_DECISION:
                return list(victory.legal_carry_choices(state))
            if kind == victory.CARRY_ITEM_DECISION:
                return list(victory.legal_item_choices(state))
            if kind == placement.PLACEMENT:
                return list(placement.legal_placements(state))
            if kind == campaign.KLOSS_DOCUMENT:
                return list(campaign.legal_documents(state))
            if kind in (kidnap.PLACE_KIDNAPPED, kidnap.PLACE_PRISONER):
                return list(kidnap.legal_exchanges(state))
            if kind == threats.PLACE:
                return list(threats.legal_placements(state, seat))
            if kind == threats.TRIGGER:
                return list(threat_effects.legal_triggers(state))
            if kind == alertness.SUPPORT:
                return list(alertness.legal_support(state, seat))
            return []
        actions: list[StawkaAction] = []
        if state.activation is not None:
            agents = [state.agent(state.activation.agent)]
        else:
            agents = [a for a in state.agents_of(seat) if activation.can_start(state, a)]
        for agent in agents:
            actions.extend(conversation.legal_conversations(state, agent))
            actions.extend(arrest.legal_arrests(state, agent))
            actions.extend(arrest.legal_interrogations(state, agent))
            actions.extend(kidnap.legal_kidnaps(state, agent))
            actions.extend(assassination.legal_assassinations(state, agent))
            actions.extend(missions.legal_passes(state, agent))
            actions.extend(item_use.legal_item_uses(state, agent))
            actions.extend(alertness.legal_discards(state, agent))
            actions.extend(search.legal_searches(state, agent))
            actions.extend(movement.legal_moves(state, agent))
        if state.activation is not None and activation.may_end(state):
            actions.append(EndActivation())
        if state.activation is None or activation.may_end(state):
            actions.append(GiveUp())
        return actions

    def resolve_legacy(self, state: StawkaState, action: StawkaAction) -> tuple[StawkaState, list[Event]]:
        seat = self.to_act(state)
        if seat is None:
            raise IllegalAction("The game is over.")
        dice = Dice(state.rng)
        kind = state.pending[-1].kind if state.pending else None
        if isinstance(action, ChoosePlanningCard):
            if kind != stage.PLANNING:
                raise IllegalAction("Planning cards are chosen at the start of a stage.")
            new, events = stage.choose_card(state, seat, action.card, dice)
            new = new.model_copy(update={"rng": dice.state})
        elif isinstance(action, (KeepItem, ItemAsEvidence)):
            if kind != search.SEARCH_DECISION:
                raise IllegalAction("There is no drawn item to decide about.")
            new, events = search.decide(state, seat, action, dice)
        elif isinstance(action, KeepTrackWhole):
            if kind != victory.CARRY_DECISION:
                raise IllegalAction("The carry-over is chosen when the scenario is over.")
            new, events = victory.choose_track(state, action)
        elif isinstance(action, KeepItemForNextGame):
            if kind != victory.CARRY_ITEM_DECISION:
                raise IllegalAction("The item to keep is chosen when the scenario is over.")
            new, events = victory.choose_item(state, action)
        elif isinstance(action, PlaceThreat):
            if kind != threats.PLACE:
                raise IllegalAction("Threat tokens are set out at the start of a stage.")
            new, events = threats.place(state, seat, action)
        elif isinstance(action, TriggerThreat):
            if kind != threats.TRIGGER:
                raise IllegalAction("No enemy agent is on one of your threat tokens now.")
            new, events = threat_effects.trigger(state, seat, action, dice)
        elif isinstance(action, UseSupport):
            if kind != alertness.SUPPORT:
                raise IllegalAction("Support tokens help only just before a test roll.")
            new, events = alertness.support(state, seat, action, dice)
        elif isinstance(action, ExchangePlace):
            if kind not in (kidnap.PLACE_KIDNAPPED, kidnap.PLACE_PRISONER):
                raise IllegalAction("There is no prisoner exchange going on.")
            new, events = kidnap.exchange(state, seat, action)
        elif isinstance(action, ChooseKlossDocument):
            if kind != campaign.KLOSS_DOCUMENT:
                raise IllegalAction("Kloss's document is chosen before the game.")
            new, events = campaign.choose_document(state, action)
        elif isinstance(action, PlaceAgent):
            if kind != placement.PLACEMENT:
                raise IllegalAction("Agents are placed before the first stage.")
            new, events = placement.place(state, seat, action)
        else:
            if kind is not None or state.phase != "activations":
                raise IllegalAction("Agents are activated only in the activation step of a stage.")
            window = self._threat_window(state, seat, action)
            if window is not None:
                return window
            new, events = self._activation_step(state, seat, action, dice)
        return self._advance(new, events)

    def _threat_window(
        self, state: StawkaState, seat: Seat, action: StawkaAction
    ) -> tuple[StawkaState, list[Event]] | None:
        """Threat Tokens, 5: an agent declaring an action on an enemy face-down token's space
        gives its owner the chance to bring it into play first; the action waits in the state."""
        if not isinstance(action, DECLARED_ACTIONS) or action not in self.legal_actions(state):
            return None
        state, agent = activation.activated(state, seat, action.agent)
        on = threats.enemy_token_at(state, agent.space, agent.side)
        if on is None or on in state.threats_open:
            return None
        window = Pending(
            seat=threats.owner(on), kind=threats.TRIGGER, data={"agent": agent.id, "previous": ""}
        )
        state = state.model_copy(
            update={"pending": (*state.pending, window), "declared": action.model_dump()}
        )
        return state, [Event(kind="declared", key="stawka.declared", params={"agent": agent.id})]

    def _carry_out_declared(self, state: StawkaState, events: list[Event]) -> StawkaState:
        """After the window: the declared action happens, if the agent may still do it."""
        declared = self.parse_action(state.declared or {})
        state = state.model_copy(update={"declared": None})
        act = state.activation
        seat = self.to_act(state)
        if (
            act is None
            or act.agent != getattr(declared, "agent", None)
            or seat is None
            or declared not in self.legal_actions(state)
        ):
            events.append(
                Event(kind="dropped", key="stawka.action_dropped", params={"agent": act.agent if act else ""})
            )
            return state
        dice = Dice(state.rng)
        state, more = self._activation_step(state, seat, declared, dice)
        events.extend(more)
        return state

    def _activation_step(
        self, state: StawkaState, seat: Seat, action: StawkaAction, dice: Dice
    ) -> tuple[StawkaState, list[Event]]:
        if isinstance(action, Move):
            return movement.move(state, seat, action, dice)
        if isinstance(action, DiscardThreat):
            return alertness.discard(state, seat, action, dice)
        if isinstance(action, Converse):
            return conversation.converse(state, seat, action, dice)
        if isinstance(action, Search):
            return search.search(state, seat, action)
        if isinstance(action, EndActivation):
            return activation.end_activation(state, seat)
        if isinstance(action, GiveUp):
            return activation.give_up(state, seat)
        if isinstance(action, Arrest):
            return arrest.arrest(state, seat, action, dice)
        if isinstance(action, Interrogate):
            return arrest.interrogate(state, seat, action, dice)
        if isinstance(action, Kidnap):
            return kidnap.kidnap(state, seat, action, dice)
        if isinstance(action, Assassinate):
            return assassination.assassinate(state, seat, action, dice)
        if isinstance(action, PassMission):
            return missions.pass_mission(state, seat, action)
        if isinstance(action, UseItem):
            return item_use.use_item(state, seat, action, dice)
        raise IllegalAction("That is not an action of this step.")

    def view(self, state: StawkaState, seat: Seat | None) -> StawkaView:
        return view(state, seat)

    def outcome(self, state: StawkaState) -> Outcome | None:
        return victory.outcome(state)

    def scramble(self, state: StawkaState, observer: Seat, dice: Dice) -> StawkaState:
        return scramble(state, observer, dice)

    def invariants(self, state: StawkaState) -> list[str]:
        return invariants(state)

    def content_summary(self) -> dict[str, int]:
        return load_content().summary()

    def make_bot(self, bot_id: str, seat: Seat) -> Bot[Any]:
        if bot_id == "heuristic":
            from rules.stawka.bots import HeuristicBot

            return HeuristicBot(seat)
        return super().make_bot(bot_id, seat)

    def _advance(self, state: StawkaState, events: list[Event]) -> tuple[StawkaState, list[Event]]:
        """Run the steps that need no decision, until someone must decide or the game ends."""
        if state.declared is not None and not state.pending:
            state = self._carry_out_declared(state, events)
        if state.activation is not None and state.activation.onward and not state.pending:
            state, more = movement.go_on(state, Dice(state.rng))
            events.extend(more)
        return _settle_flow(state, events)


def _settle_flow(state: StawkaState, events: list[Event]) -> tuple[StawkaState, list[Event]]:
    """Missions completed, the end of a stage and of the game: what needs no decision."""
    state, done = missions.check_missions(state, events)
    events.extend(done)
    while True:
        state, ended = victory.check_end(state)
        events.extend(ended)
        if state.phase != "activations" or state.pending or state.activation is not None:
            return state, events
        if state.turn is not None and activation.seat_can_act(state, state.turn):
            return state, events
        state = activation.pass_turn(state)
        if state.turn is not None:
            continue
        state, closed = stage.end_stage(state)
        events.extend(closed)
        state, ended = victory.check_end(state)
        events.extend(ended)
        if state.phase in ("carry_over", "over"):
            return state, events
        events.append(Event(kind="stage", key="stawka.stage_start", params={"stage": state.stage}))
        return stage.start_planning(state), events


TITLE = StawkaTitle()
