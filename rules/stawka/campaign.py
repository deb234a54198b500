"""The training campaign: what one scenario carries to the next, and how the next starts from it.

Rulebook, "Training Campaign - Scenario 1: Meeting", NOTE: "After the scenario ends the
Players keep half of the evidence gained against all enemy agents (rounding up). The
winner may choose not to reduce one of the tracks (except Kloss). All acquired and used
items return to the board."

"Scenario 2: First Clash", Bonus for the winner: "The Player who won by gaining 11 VP may
keep 1 acquired item for the next game and does not halve the evidence gained against an
enemy agent of his choice. If the Polish Player compromised Brunner, the German Player in
addition cannot choose Brunner in the next game, only Fritz Kopf. If the German Player
exposed Hans Kloss, in addition in the next game the Hans Kloss document must be changed
to another."

Scenario 2 "takes all game elements indicated in the first scenario", scenario 3 those of
the first and second: we read that as the same Kloss document the whole campaign, unless
an exposed Kloss must change it.
"""

from __future__ import annotations

from rules.core import Dice, Event, IllegalAction, Seat
from rules.stawka.actions import ChooseKlossDocument
from rules.stawka.content import Scenario, ScenarioAgent, load_content
from rules.stawka.options import CampaignCarry, StawkaOptions, kloss_documents
from rules.stawka.state import AgentState, KlossDocument, StawkaState

SUBSTITUTES = {"hermann_brunner": "fritz_kopf"}
"""A banned agent and who plays instead ("cannot choose Brunner ..., only Fritz Kopf")."""


def halved(evidence: int) -> int:
    """Half the evidence, rounded up (7 -> 4, 1 -> 1, 0 -> 0)."""
    return (evidence + 1) // 2


def carry_over(
    scenario: str,
    evidence: dict[Seat, dict[str, int]],
    winner: Seat | None,
    kept_whole: str | None,
) -> CampaignCarry:
    """Halve every track, except the winner's `kept_whole` colour (checked by the caller)."""
    carried: dict[Seat, dict[str, int]] = {}
    for seat, tracks in evidence.items():
        carried[seat] = {
            colour: (value if seat == winner and colour == kept_whole else halved(value))
            for colour, value in tracks.items()
        }
    return CampaignCarry(from_scenario=scenario, winner=winner, evidence=carried, kept_whole=kept_whole)


def next_game(state: StawkaState) -> StawkaOptions | None:
    """The options of the campaign's next scenario after the finished game `state`.

    Kloss keeps his document unless the carry bans it; then the options hold the first
    document still allowed, and the next game opens with the Polish player's choice among
    all of them (`kloss_choice`): the campaign goes on without the setup screen.
    """
    if state.phase != "over" or state.carry is None:
        return None
    rules = load_content().scenario(state.scenario).carry_over
    if rules is None:
        return None
    document = state.documents.get("kloss")
    allowed = kloss_documents(rules.next_scenario, state.carry.banned_kloss_documents)
    return StawkaOptions(
        scenario=rules.next_scenario,
        kloss_document=document if document in allowed else None,
        carry=state.carry,
    )


def carry_for(scenario: Scenario, options: StawkaOptions) -> CampaignCarry | None:
    """The options' carry, if `scenario` is the one that starts from where it came from."""
    carry = options.carry
    if carry is None or scenario.starts_from != carry.from_scenario:
        return None
    return carry


def cast(scenario: Scenario, carry: CampaignCarry | None) -> tuple[ScenarioAgent, ...]:
    """The scenario's agents, a banned one replaced by the agent who must play instead."""
    banned = carry.banned_agents if carry is not None else ()
    return tuple(
        placed.model_copy(update={"agent": SUBSTITUTES[placed.agent]}) if placed.agent in banned else placed
        for placed in scenario.agents
    )


def hand_kept_items(
    agents: list[AgentState], stacks: dict[str, tuple[str, ...]], carry: CampaignCarry | None
) -> tuple[list[AgentState], dict[str, tuple[str, ...]]]:
    """The winner's kept items start in his agents' hands, not in their locations' stacks.

    Each goes back to the agent who held it; if he does not play (banned), to the winner's
    network chief (ours: the rulebook does not say).
    """
    if carry is None:
        return agents, stacks
    agents = list(agents)
    content = load_content()
    for seat, items in carry.kept_items.items():
        own = [a for a in agents if a.side == seat]
        chief = next((a for a in own if content.documents_of(a.id)[0].chief), own[0] if own else None)
        for item in items:
            holder = next((a for a in own if a.id == carry.kept_by.get(item)), chief)
            if holder is None:
                continue
            index = agents.index(holder)
            agents[index] = holder.model_copy(update={"items": (*holder.items, item)})
            stacks = {location: tuple(i for i in stack if i != item) for location, stack in stacks.items()}
    return agents, stacks


def kloss_choice(scenario: Scenario, carry: CampaignCarry | None) -> KlossDocument | None:
    """Agent Document ("Before every game the Polish Player must choose which Hans Kloss
    document will be used") after Scenario 2's "the Hans Kloss document must be changed to
    another": a carry banning Kloss's document opens the next game with the Polish player
    choosing among the documents left (the options' one, the first allowed, stands till then).
    """
    if carry is None or not carry.banned_kloss_documents:
        return None
    allowed = kloss_documents(scenario.id, carry.banned_kloss_documents)
    if len(allowed) < 2:
        return None
    return KlossDocument(seat="polish", documents=tuple(allowed))


def legal_documents(state: StawkaState, decision: KlossDocument) -> tuple[ChooseKlossDocument, ...]:
    return tuple(ChooseKlossDocument(document=d) for d in decision.documents)


def choose_document(
    state: StawkaState, decision: KlossDocument, action: ChooseKlossDocument, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    """Kloss plays the chosen document; the decision leaves the stack."""
    if action not in legal_documents(state, decision):
        raise IllegalAction(
            "Kloss cannot play that document: the exposed one must be changed to another.",
            "stawka.refusal.exposed_document",
        )
    document = load_content().document(action.document)
    state = state.model_copy(
        update={
            "documents": {**state.documents, "kloss": document.id},
            "agents": tuple(
                a.model_copy(update={"colour": document.colour}) if a.id == "kloss" else a
                for a in state.agents
            ),
            "pending": state.pending[:-1],
        }
    )
    event = Event(
        kind="kloss_document",
        key="stawka.kloss_document_chosen",
        params={"seat": "polish", "rank": document.rank, "ap": document.ap_limit},
    )
    return state, [event]
