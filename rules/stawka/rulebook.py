"""Stawka's rulebook and its flow, built for a set of film rules and an activation's listers.

`build` makes a `StawkaRules`: the `Rulebook` that declares every kind of decision
(`rules.stawka.state`) - its legal actions and the handler of each action type that answers
it, each in the module of its rule (planning, movement, conversation, search, threats,
carry-over...) - and `settle`, what runs after every handled decision and needs none: an
action declared on an enemy token once its owner's window has closed, the rest of a path
walked past a token, the red window after a move, missions completed, the end of a stage
(steps G-H) when no one can activate any more, the next stage's planning (step A), and the
end of the game.  It takes what varies as arguments - the film scenarios' special rules
(the handlers of their actions) and what lists each action of an activation - and changes
nothing outside what it returns.  `STAWKA` is Stawka's own, built with every film rule
(`rules.stawka.film.rules`) and `AGENT_ACTIONS`: the title (`rules.stawka.title`) plays by
it, and "Godzina policyjna" reuses its rulebook, its activation listing and
`carry_out_declared` through it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from rules.core import (
    DecisionRule,
    Dice,
    Event,
    Rulebook,
    Title,
)
from rules.core.decisions import Handler
from rules.stawka import (
    activation,
    alertness,
    arrest,
    assassination,
    campaign,
    conversation,
    film_hooks,
    item_use,
    kidnap,
    location_cards,
    missions,
    movement,
    placement,
    reaction_windows,
    reactions,
    search,
    stage,
    threat_effects,
    threats,
    top_secret,
    victory,
)
from rules.stawka.actions import (
    END_ACTIVATION,
    GIVE_UP,
    Arrest,
    Assassinate,
    BlockReaction,
    CardForAP,
    ChooseKlossDocument,
    ChoosePlanningCard,
    Converse,
    DiscardReaction,
    DiscardThreat,
    DiscardTopSecret,
    DrawThreat,
    EndActivation,
    ExchangePlace,
    GiveUp,
    HideRadioStation,
    Interrogate,
    ItemAsEvidence,
    KeepItem,
    KeepItemForNextGame,
    KeepThreats,
    KeepTrackWhole,
    Kidnap,
    Move,
    MoveThreat,
    NameRadioSector,
    NudgeAudi,
    PassMission,
    PlaceAgent,
    PlaceThreat,
    PlayLocationCard,
    PlayReaction,
    Search,
    StawkaAction,
    TriggerThreat,
    UseHideout,
    UseItem,
    UseSupport,
)
from rules.stawka.film import black_audi, radio, secret_threats
from rules.stawka.film import rules as film_rules
from rules.stawka.film_rule import SpecialRule
from rules.stawka.state import (
    AgentPlacement,
    AgentState,
    AudiNudge,
    BlockWindow,
    CarryItem,
    CarryTrack,
    HideRadio,
    KlossDocument,
    NameRadioSectors,
    PlaceKidnapped,
    PlacePrisoner,
    Planning,
    ReactionDiscard,
    ReactionWindow,
    SearchDecision,
    SecretThreats,
    StawkaState,
    SupportWindow,
    ThreatPlacement,
    ThreatWindow,
    Turn,
)

AgentLister = Callable[[StawkaState, AgentState], Sequence[StawkaAction]]
"""What lists some actions of one agent where he stands."""

ACTIVATION: Mapping[type, Handler] = {
    Move: movement.move,
    DiscardThreat: alertness.discard,
    Converse: conversation.converse,
    Search: search.search,
    EndActivation: activation.end_activation,
    GiveUp: activation.give_up,
    Arrest: arrest.arrest,
    Interrogate: arrest.interrogate,
    Kidnap: kidnap.kidnap,
    Assassinate: assassination.assassinate,
    PassMission: missions.pass_mission,
    UseItem: item_use.use_item,
    DiscardTopSecret: top_secret.discard,
    PlayLocationCard: location_cards.play,
    CardForAP: location_cards.convert,
    UseHideout: location_cards.hide,
}
"""What carries out each action of an activation (Stage, F; "Activating an Agent")."""


AGENT_ACTIONS: Mapping[type, AgentLister] = {
    Converse: conversation.legal_conversations,
    Arrest: arrest.legal_arrests,
    Interrogate: arrest.legal_interrogations,
    Kidnap: kidnap.legal_kidnaps,
    Assassinate: assassination.legal_assassinations,
    PassMission: missions.legal_passes,
    UseItem: item_use.legal_item_uses,
    DiscardTopSecret: top_secret.legal_discards,
    DiscardThreat: alertness.legal_discards,
    Search: search.legal_searches,
    Move: movement.legal_moves,
    PlayLocationCard: location_cards.legal_card_uses,
    UseHideout: location_cards.legal_card_uses,
}
"""Each action of an agent's activation -> what lists them (and others) for one agent."""


@dataclass(frozen=True)
class StawkaRules:
    """Stawka's rulebook and the flow that needs no decision (`build`)."""

    rulebook: Rulebook
    activation_actions: Callable[[StawkaState, Turn], list[StawkaAction]]
    """Stage, F: what the seat whose turn it is may do (the `Turn` decision's legal actions)."""
    activation_allows: Callable[[StawkaState, Turn, StawkaAction], bool]
    """Whether an action is among `activation_actions`, asking only its agent's listers."""

    def carry_out_declared(
        self, state: StawkaState, events: list[Event], dice: Dice, title: Title[Any, Any, Any]
    ) -> StawkaState:
        """The declared action, once its windows have closed (`carry_out_declared`)."""
        return carry_out_declared(state, events, dice, title)

    def settle(
        self, state: StawkaState, events: list[Event], dice: Dice, title: Title[Any, Any, Any]
    ) -> StawkaState:
        """Run the steps that need no decision, until someone must decide or the game ends
        (`title`: whose legal actions a declared action is checked against)."""
        if state.declared is not None and not state.pending:
            state = carry_out_declared(state, events, dice, title)
        if state.activation is not None and state.activation.onward and not state.pending:
            state, more = movement.go_on(state, dice)
            events.extend(more)
        walking = state.activation is not None and state.activation.onward
        if state.reaction_due is not None and not state.pending and not walking:
            state = reaction_windows.after_move(state, events)
        return _settle_flow(state, events, dice)


def build(special_rules: Sequence[SpecialRule], listers: Mapping[type, AgentLister]) -> StawkaRules:
    """Stawka's rulebook and flow with `special_rules` (the film rules, whose actions'
    handlers an activation takes) and `listers` (each action type of an activation -> what
    lists it for one agent, in the order the actions are listed)."""
    lists = tuple(dict.fromkeys(listers.values()))
    film_ids = frozenset(rule.id for rule in special_rules)

    def activating(state: StawkaState, turn: Turn) -> list[AgentState]:
        """The agent active now, or every agent of the seat who may begin an activation."""
        if state.activation is not None:
            return [state.agent(state.activation.agent)]
        return [a for a in state.agents_of(turn.seat) if activation.can_start(state, a)]

    def activation_actions(state: StawkaState, turn: Turn) -> list[StawkaAction]:
        """Stage, F: what the seat whose turn it is may do: an action or a move of the agent
        active now, or of any agent who may begin an activation; end it; give up the stage."""
        actions: list[StawkaAction] = []
        for agent in activating(state, turn):
            for listed in lists:
                actions += listed(state, agent)  # (not `extend`: no method looked up, 20 times a listing)
        actions += location_cards.legal_conversions(state, turn.seat)
        for rule in film_hooks.special_rules(state):  # of the scenario in play, if built with it
            if rule.id in film_ids:
                actions.extend(rule.actions(state, turn))
        if state.activation is not None and activation.may_end(state):
            actions.append(END_ACTIVATION)
        if state.activation is None or activation.may_end(state):
            actions.append(GIVE_UP)
        return actions

    def activation_allows(state: StawkaState, turn: Turn, action: StawkaAction) -> bool:
        """Whether `action` is among `activation_actions`, by listing only its agent's actions
        of its kind (a replayed walk asks only whether that agent reaches its space)."""
        listed = listers.get(type(action))
        agent_id = getattr(action, "agent", None)
        agent = next((a for a in state.agents if a.id == agent_id), None)
        if listed is None or agent is None:
            return False
        if state.activation is not None:
            eligible = state.activation.agent == agent.id
        else:  # one of `activating`'s agents
            eligible = agent.side == turn.seat and activation.can_start(state, agent)
        if not eligible:
            return False
        if isinstance(action, Move) and action.item is None:
            return movement.walk_allowed(state, agent, action)
        return action in listed(state, agent)

    def declaring(handler: Handler) -> Handler:
        """`handler` behind the owner's window on an enemy face-down token (Threat Tokens, 5),
        then the enemy's reaction window (Reaction Cards, 3).

        Only a legal action is declared: a refused one gets its handler's reason."""

        def declare(
            state: StawkaState, turn: Turn, action: threat_effects.DeclaredAction, dice: Dice
        ) -> tuple[StawkaState, list[Event]]:
            if activation_allows(state, turn, action):  # as `action in activation_actions(...)`
                window = threat_effects.declared_window(state, turn.seat, action)
                if window is None:
                    window = reaction_windows.declare(state, turn.seat, action)
                if window is not None:
                    return window
            return handler(state, turn, action, dice)

        return declare

    rulebook = Rulebook(
        DecisionRule(
            Turn,
            legal=activation_actions,
            allows=activation_allows,
            handlers={
                **{
                    kind: declaring(handler) if kind in threat_effects.DECLARED_ACTIONS else handler
                    for kind, handler in ACTIVATION.items()
                },
                Move: _moving(movement.move),
                PlayLocationCard: declaring(_moving(location_cards.play)),
                **{kind: handler for rule in special_rules for kind, handler in rule.handlers.items()},
            },
            prompt="Activate one of your agents, or give up for this stage.",
        ),
        DecisionRule(
            Planning,
            legal=stage.legal_cards,
            handlers={ChoosePlanningCard: stage.choose_card},
            prompt="Choose this stage's planning card first.",
        ),
        DecisionRule(
            SearchDecision,
            legal=search.legal_decisions,
            handlers={KeepItem: search.keep, ItemAsEvidence: search.as_evidence},
            prompt="Keep the item just drawn, or discard it as evidence, first.",
        ),
        DecisionRule(
            CarryTrack,
            legal=victory.legal_carry_choices,
            handlers={KeepTrackWhole: victory.choose_track},
            prompt="The winner chooses which track to keep whole for the next scenario.",
        ),
        DecisionRule(
            CarryItem,
            legal=victory.legal_item_choices,
            handlers={KeepItemForNextGame: victory.choose_item},
            prompt="The winner chooses the item to keep for the next scenario.",
        ),
        DecisionRule(
            AgentPlacement,
            legal=placement.legal_placements,
            handlers={PlaceAgent: placement.place},
            prompt="Agents are placed before the first stage: place one first.",
        ),
        DecisionRule(
            KlossDocument,
            legal=campaign.legal_documents,
            handlers={ChooseKlossDocument: campaign.choose_document},
            prompt="Kloss's document is chosen before the game: choose it first.",
        ),
        DecisionRule(
            PlaceKidnapped,
            legal=kidnap.legal_kidnapped_places,
            handlers={ExchangePlace: kidnap.place_kidnapped},
            prompt="Put the kidnapped agent on a street space first.",
        ),
        DecisionRule(
            PlacePrisoner,
            legal=kidnap.legal_prisoner_places,
            handlers={ExchangePlace: kidnap.place_prisoner},
            prompt="Free the prisoner into a location first.",
        ),
        DecisionRule(
            ThreatPlacement,
            legal=threats.legal_placements,
            allows=threats.placement_allowed,
            handlers={PlaceThreat: threats.place},
            prompt="Set out the threat token you drew first.",
        ),
        DecisionRule(
            ThreatWindow,
            legal=threat_effects.legal_triggers,
            handlers={TriggerThreat: threat_effects.trigger},
            prompt="An enemy agent is on your threat token: bring it into play or not, first.",
        ),
        DecisionRule(
            ReactionDiscard,
            legal=reactions.legal_discards,
            handlers={DiscardReaction: reactions.discard},
            prompt="You hold more than 3 reaction cards: discard down to 3 first.",
        ),
        DecisionRule(
            ReactionWindow,
            legal=reaction_windows.legal_reactions,
            handlers={PlayReaction: reaction_windows.react},
            prompt="The enemy acts: answer with a reaction card of its colour, or let it be, first.",
        ),
        DecisionRule(
            BlockWindow,
            legal=reaction_windows.legal_blocks,
            handlers={BlockReaction: reaction_windows.block},
            prompt="A reaction card was played against you: block it or not, first.",
        ),
        DecisionRule(
            HideRadio,
            legal=radio.legal_hiding,
            handlers={HideRadioStation: radio.hide},
            prompt="The radio station is hidden before the game: hide it first.",
        ),
        DecisionRule(
            NameRadioSectors,
            legal=radio.legal_sectors,
            handlers={NameRadioSector: radio.name_sector},
            prompt="The German player gained a secret: name the second sector first.",
        ),
        DecisionRule(
            AudiNudge,
            legal=black_audi.legal_nudges,
            handlers={NudgeAudi: black_audi.nudge},
            prompt="A Top Secret card was discarded: move the Black Audi 2 spaces or leave it, first.",
        ),
        DecisionRule(
            SecretThreats,
            legal=secret_threats.legal_choices,
            handlers={
                MoveThreat: secret_threats.move,
                DrawThreat: secret_threats.draw,
                KeepThreats: secret_threats.keep,
            },
            prompt=(
                "A secret from a conversation: move two of your threat tokens, draw one or leave them, first."
            ),
        ),
        DecisionRule(
            SupportWindow,
            legal=alertness.legal_support,
            handlers={UseSupport: alertness.support},
            prompt="Support tokens help just before a test roll: use one or none, first.",
        ),
    )
    return StawkaRules(rulebook, activation_actions, activation_allows)


def _moving(handler: Handler) -> Handler:
    """A move of the activated agent (a walk, a location card's move), answered by the
    enemy's red window once the movement has settled and before his activation ends
    (Movement, 6; Reaction Cards: "played only during their activation"): the activation
    is kept open for it (`reaction_windows.after_move`)."""

    def moving(
        state: StawkaState, turn: Turn, action: Move | PlayLocationCard, dice: Dice
    ) -> tuple[StawkaState, list[Event]]:
        if state.rule_level == "advanced" and reaction_windows.moves_agent(action):
            state = state.model_copy(update={"reaction_due": action.agent})
        return handler(state, turn, action, dice)

    return moving


def carry_out_declared(
    state: StawkaState, events: list[Event], dice: Dice, title: Title[Any, Any, Any]
) -> StawkaState:
    """After the owner's window and the enemy's reaction window: the declared action
    happens, if the agent may still do it (as `title` says: Stawka, or a title built on its
    rules), with the reaction card waiting for it."""
    rules = title
    declared = state.declared
    assert declared is not None
    act = state.activation
    turn = rules.decision(state)
    if (
        act is None
        or act.agent != getattr(declared, "agent", None)
        or turn is None
        or turn.kind != "activation"
        or declared not in rules.legal_actions(state.model_copy(update={"declared": None}))
    ):
        events.append(
            Event.made(
                kind="dropped", key="stawka.action_dropped", params={"agent": act.agent if act else ""}
            )
        )
        return state.model_copy(update={"declared": None, "reaction": None, "reaction_asked": False})
    opened = reaction_windows.declare(state, turn.seat, declared)
    if opened is not None:
        events.extend(opened[1])
        return opened[0]
    state = state.model_copy(update={"declared": None, "reaction_asked": False})
    state, more = ACTIVATION[type(declared)](state, cast(Turn, turn), declared, dice)
    events.extend(more)
    return state.model_copy(update={"reaction": None})


def _settle_flow(state: StawkaState, events: list[Event], dice: Dice) -> StawkaState:
    """Missions completed, a film scenario's special rules, the end of a stage and of the
    game: what needs no decision."""
    paid = state
    state, done = missions.check_missions(state, events)
    events.extend(done)
    # Who was at the line before the missions the step completed: the first to reach it.
    ahead = tuple(seat for seat, _ in victory.at_line(paid)) if done else ()
    state = film_hooks.after_step(state, events, dice)
    while True:
        state, ended = victory.check_end(state, ahead)
        events.extend(ended)
        if state.phase != "activations" or state.pending or state.activation is not None:
            return state
        if state.turn is not None and activation.seat_can_act(state, state.turn):
            return state
        state = activation.pass_turn(state)
        if state.turn is not None:
            continue
        state = film_hooks.at_stage_end(state, events, dice)
        state, closed = stage.end_stage(state)
        events.extend(closed)
        state, ended = victory.check_end(state)
        events.extend(ended)
        if state.phase in ("carry_over", "over"):
            return state
        events.append(Event.made(kind="stage", key="stawka.stage_start", params={"stage": state.stage}))
        return stage.start_planning(state)


STAWKA = build(film_rules.RULES, AGENT_ACTIONS)
"""Stawka's rulebook and flow, with every film rule and every action of an activation."""
