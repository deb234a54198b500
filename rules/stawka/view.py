"""What one seat sees of a Stawka game (ARCHITECTURE.md, "Hidden information").

Hidden from the opponent: the items an agent keeps face down (durable ones lie face up,
"Item Tiles", 3), also once they leave the game with him (an arrest, a liquidation), the
tile a search just drew, which items were discarded as evidence
(the reasons; the tracks themselves are public), the planning card chosen until both
are revealed, (extended rules) mission cards, and (advanced rules) the location and
reaction cards in hand (the opponent sees how many).  Hidden from everyone: the order of
the item stacks and of the location and reaction decks.

The view also carries every figure the table shows, computed here by the rules: each
agent's AP left and AP limit (for an enemy agent, as far as his visible items tell),
whether a cauldron holds him, and - for the seat to act only - its legal actions priced
(`rules.stawka.offers`).
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from rules.core import Seat
from rules.stawka.actions import StawkaAction
from rules.stawka.content import load_content
from rules.stawka.documents import ap_left, ap_limit
from rules.stawka.film import black_audi, room_217, top_secret
from rules.stawka.film.radio import CLUES_TO_LOCATE, radio_view
from rules.stawka.items import face_up
from rules.stawka.offers import Offer, priced
from rules.stawka.options import CampaignCarry
from rules.stawka.reactions import HAND_LIMIT
from rules.stawka.state import (
    Activation,
    AgentState,
    Phase,
    RadioStation,
    SideState,
    StawkaState,
    ThreatTest,
    TopSecret,
)
from rules.stawka.threats import owner


class TopSecretView(TopSecret):
    """ "Top Secret"'s figures, with what the table tells of them."""

    break_modifier: int
    """What the next interrogation adds to its 2d6 (stages resisted, agents in the factory)."""
    audi_ap_left: int
    """AP the Black Audi may still drive this stage."""


def top_secret_view(state: StawkaState) -> TopSecretView | None:
    if state.top_secret is None:
        return None
    return TopSecretView(
        **state.top_secret.model_dump(),
        break_modifier=top_secret.break_modifier(state),
        audi_ap_left=black_audi.ap_left(state),
    )


class SideView(BaseModel):
    hand: tuple[str, ...]
    used: tuple[str, ...]
    chosen: str | None
    """Shown to its own seat, and to everyone once revealed."""
    has_chosen: bool
    revealed: bool
    ap: int
    gave_up: bool
    secrets: int
    vp: int
    evidence: dict[str, int]
    evidence_over: dict[str, int] = {}
    """Evidence gathered beyond the tenth, per colour (public, like the track)."""
    evidence_items: tuple[str, ...] | None
    """The reasons: only for the side that discarded them."""
    threat_pool: tuple[str, ...] | int
    """Own undrawn threat tokens; for the opponent only how many."""
    threat_hand: tuple[str, ...] | int
    location_hand: tuple[str, ...] | int
    """Own location cards; for the opponent only how many."""
    location_deck: int
    """Cards left in the side's location deck (their order is hidden from both)."""
    location_discard: tuple[str, ...]
    """Used location cards, face up."""
    converted: bool
    """A card was turned into 2 AP this stage."""
    talk_bonus: int
    reaction_hand: tuple[str, ...] | int
    """Own reaction cards; for the opponent only how many."""
    reaction_drawn: tuple[str, ...] | int = ()
    """Reaction cards drawn beyond the limit and looked at, not yet held (the discard
    decision keeps 3 of these and the hand); for the opponent only how many."""


class AgentView(BaseModel):
    id: str
    side: Seat
    colour: str
    space: str
    ap_used: int
    ap_limit: int
    """His AP limit this stage: the document's, traits, and boots the viewer can see."""
    ap_left: int
    """AP he can still use now: his limit left, within his network's pool."""
    tired: int
    """AP of his limit an enemy location card used up this stage."""
    held: bool
    """A cauldron holds him: he may not move again this stage."""
    status: str
    items: tuple[str, ...]
    """The items the viewer may see: all for his own agents, the face-up ones for the enemy's."""
    hidden_items: int
    """How many face-down items the viewer cannot identify."""
    mission: str | None
    has_mission: bool
    trait_used_stage: bool
    trait_used_game: bool
    top_secret: int
    """Top Secret cards he holds (public)."""


class Room217View(BaseModel):
    """ "Hotel Excelsior": the VP that open the hotel, and which sides have them."""

    finale_vp: int
    unlocked: dict[Seat, bool]


class StawkaView(BaseModel):
    seat: Seat | None
    scenario: str
    documents: dict[str, str]
    stage: int
    stage_count: int
    until_victory: bool
    """The scenario has no stage limit ("until victory"); `stage_count` is only the rules'
    backstop (`setup.OPEN_ENDED_STAGES`)."""
    phase: Phase
    first: Seat | None
    turn: Seat | None
    pending: tuple[tuple[Seat, str], ...]
    activation: Activation | None
    sides: dict[Seat, SideView]
    agents: tuple[AgentView, ...]
    stacks: dict[str, int]
    markers: dict[str, tuple[str, ...]]
    removed_items: tuple[str, ...]
    """Items out of the game that the viewer has seen (all but the enemy's face-down ones)."""
    removed_unseen: int
    """How many items left the game face down with an enemy agent (which ones is hidden)."""
    drawn_item: str | None
    talked: tuple[tuple[str, str], ...]
    threats: dict[str, tuple[Seat, str | None]]
    """Space -> (owner, token id); the id only for its owner or once face up."""
    threats_open: tuple[str, ...]
    threats_out: tuple[str, ...]
    test: ThreatTest | None
    missions_left: dict[str, tuple[str, ...] | int]
    """Own agents' mission cards still to take; for enemy agents only how many."""
    missions_done: tuple[str, ...]
    winner: Seat | None
    end_key: str | None
    carry: CampaignCarry | None
    location_card_limit: int
    reaction_deck: int
    """Reaction cards left in the shared deck."""
    reaction_discard: tuple[str, ...]
    """Used and discarded reaction cards, face up."""
    reactions_out: tuple[str, ...] = ()
    """Reaction cards out of the game (a played card and the card that blocked it), face up."""
    radio: RadioStation | None
    """"I Know Who You Are": the radio station, where it hides for the Polish player only
    until it is public (`rules.stawka.film.radio`)."""
    offers: tuple[Offer, ...]
    """The viewer's legal actions with their AP costs and paths, when he is to act; else ()."""
    room_217: Room217View | None
    """The hotel's lock, in a scenario with room 217; else None."""
    top_secret: TopSecretView | None = None
    """"Top Secret"'s Dr Pulkowski and Black Audi: public."""
    reaction_hand_limit: int = HAND_LIMIT
    """"At no moment of the game may a Player hold more than 3 reaction cards" (the table
    shows the number from here, not from the rules' modules); 0 where no reaction cards
    are in play (Godzina policyjna)."""
    clues_to_locate: int = CLUES_TO_LOCATE
    """The clues that locate the radio station (its third), for the table to show."""


def side_view(side: SideState, mine: bool) -> SideView:
    return SideView(
        hand=side.hand,
        used=side.used,
        chosen=side.chosen if (mine or side.revealed) else None,
        has_chosen=side.chosen is not None,
        revealed=side.revealed,
        ap=side.ap,
        gave_up=side.gave_up,
        secrets=side.secrets,
        vp=side.vp,
        evidence=dict(side.evidence),
        evidence_over=dict(side.evidence_over),
        evidence_items=side.evidence_items if mine else None,
        threat_pool=side.threat_pool if mine else len(side.threat_pool),
        threat_hand=side.threat_hand.cards if mine else len(side.threat_hand),
        location_hand=side.location_hand.cards if mine else len(side.location_hand),
        location_deck=len(side.location_deck),
        location_discard=side.location_deck.discard,
        converted=side.converted,
        talk_bonus=side.talk_bonus,
        reaction_hand=side.reaction_hand.cards if mine else len(side.reaction_hand),
        reaction_drawn=side.reaction_drawn if mine else len(side.reaction_drawn),
    )


def agent_view(state: StawkaState, agent: AgentState, mine: bool) -> AgentView:
    seen = agent.items if mine else tuple(i for i in agent.items if face_up(i))
    shown = agent if mine else agent.model_copy(update={"items": seen})
    return AgentView(
        id=agent.id,
        side=agent.side,
        colour=agent.colour,
        space=agent.space,
        ap_used=agent.ap_used,
        ap_limit=ap_limit(state, shown),
        ap_left=ap_left(state, shown),
        tired=agent.tired,
        held=agent.held,
        status=agent.status,
        items=seen,
        hidden_items=len(agent.items) - len(seen),
        mission=agent.mission if mine else None,
        has_mission=agent.mission is not None,
        trait_used_stage=agent.trait_used_stage,
        trait_used_game=agent.trait_used_game,
        top_secret=agent.top_secret,
    )


def view(
    state: StawkaState, seat: Seat | None, legal: Sequence[StawkaAction] = (), everything: bool = False
) -> StawkaView:
    """What `seat` sees; `legal` are its legal actions when it is the seat to act.

    `everything`: what both sides see together, for no seat (a replay's "everything
    revealed", `Title.revealed`): each side's hand, items, missions and tokens, the tile
    just drawn and where the radio station hides; the decks' order stays hidden."""

    def sees(side: Seat | None) -> bool:
        return everything or (side is not None and side == seat)

    unseen = {item for item, owner in state.removed_face_down.items() if not sees(owner)}

    drawn_by = state.pending[-1].seat if state.drawn_item is not None and state.pending else None
    scenario = load_content().scenario(state.scenario)
    return StawkaView(
        seat=seat,
        scenario=state.scenario,
        documents=dict(state.documents),
        stage=state.stage,
        stage_count=state.stage_count,
        until_victory=scenario.stages is None,
        phase=state.phase,
        first=state.first,
        turn=state.turn,
        pending=tuple((p.seat, p.kind) for p in state.pending),
        activation=_activation_view(state, seat, everything),
        sides={s: side_view(side, sees(s)) for s, side in state.sides.items()},
        agents=tuple(agent_view(state, a, sees(a.side)) for a in state.agents),
        stacks={location: len(stack) for location, stack in state.stacks.items()},
        markers=dict(state.markers),
        removed_items=tuple(i for i in state.removed_items if i not in unseen),
        removed_unseen=len(unseen),
        drawn_item=state.drawn_item if drawn_by is not None and sees(drawn_by) else None,
        talked=state.talked,
        threats={
            space: (owner(t), t if sees(owner(t)) or t in state.threats_open else None)
            for space, t in state.threats.items()
        },
        threats_open=state.threats_open,
        threats_out=state.threats_out,
        test=_test_view(state, seat, everything),
        missions_left={
            agent: (left if sees(state.agent(agent).side) else len(left))
            for agent, left in state.missions_left.items()
        },
        missions_done=state.missions_done,
        winner=state.winner,
        end_key=state.end_key,
        carry=state.carry,
        location_card_limit=state.location_card_limit,
        reaction_deck=len(state.reaction_deck),
        reaction_discard=state.reaction_deck.discard,
        reactions_out=state.reactions_out,
        radio=radio_view(state, seat, everything),
        offers=priced(state, legal),
        room_217=_room_217_view(state) if room_217.ROOM_217 in scenario.special_rules else None,
        top_secret=top_secret_view(state),
    )


def _room_217_view(state: StawkaState) -> Room217View:
    return Room217View(
        finale_vp=room_217.finale_vp(state),
        unlocked={seat: room_217.unlocked(state, seat) for seat in state.sides},
    )


def _test_view(state: StawkaState, seat: Seat | None, everything: bool = False) -> ThreatTest | None:
    """A test in progress; the token tested is named only to its owner (it may lie face down)."""
    test = state.test
    if test is None or test.token is None or everything:
        return test
    if owner(test.token) == seat or test.token in state.threats_open:
        return test
    return test.model_copy(update={"token": None})


def _activation_view(state: StawkaState, seat: Seat | None, everything: bool = False) -> Activation | None:
    """The activation; where an agent passing a token means to go on is his side's secret
    (Movement, 5: the owner decides on the token without knowing it)."""
    act = state.activation
    if act is None or not act.onward or everything or state.agent(act.agent).side == seat:
        return act
    return act.model_copy(update={"onward": ()})
