"""The radio station of "I Know Who You Are" (rulebook, "Film Scenario: I Know Who You
Are", "Radio Station", "Transmitting the report", "Radio station LOCATED", "Victory
Conditions").

* Hiding: before the game the Polish player hides the station, in secret, in a location of
  any sector but the police and military ones (`HideRadio`, the first decision of the game).
* Transmitting: with two secrets gathered (conversations, special missions' rewards) Kloss,
  on the station's location, transmits the report (1 AP, his action).  The station becomes
  public.  Until the end of the next stage a free Polish agent must stand on its space after
  every step, or the transmission breaks (Kloss may start it again; the time counts anew).
  Unbroken at the end of that next stage (the second counted from the start), the report
  is out: the Polish player wins at once.  Begun in stage 7, it is out as stage 8 ends,
  before the game's end is judged: "before the end of the 8th stage" (film audit); begun
  in stage 8, it is too late.
* Locating: while no transmission has begun, the German player's 1st secret makes the
  Polish player name two sectors, one of them the station's (he chooses the other:
  `NameRadioSectors`), the 2nd names its sector, the 3rd reveals it: located.
* Once public (located or transmitting), German agents holding a weapon may assassinate a
  Polish agent without a mission ordering it, and Stedtke may arrest every Polish agent in
  its location without the evidence, Kloss too (the action and its AP as usual).
* Victory: the report transmitted before the end of stage 8 wins for the Polish player; at
  the end, the German player wins if he located the station himself; else more VP (the
  scenario's victory data: 1 VP a basic mission, location cards, evidence beyond the tenth),
  equal VP a draw.

Our readings (also in `rules/stawka/README.md`): the two secrets are a count, not spent by
transmitting; the second sector named is one where the station could lie (not police or
military: naming one of those would tell the German which is the station's); the
assassinations without a mission may target any Polish agent in a weapon's reach, anywhere.
Stedtke's arrests at the station take Kloss too: the scenario says "every Polish agent in
the location with the radio station", a scenario's special rule outranks the general one
(the general rule's own words for Kloss - "Hans Kloss he cannot arrest, despite the
evidence gathered" - are about the evidence, which this rule does away with), and the
transmission it is there to break is made and often held by Kloss alone ("the German
Player fails to interrupt the transmission (e.g. through a successful assassination or
arrest)").  An arrested Kloss is a prisoner like any other: he may be interrogated,
exchanged or released.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from rules.core import Dice, Event, IllegalAction, Seat
from rules.core.decisions import Handler
from rules.stawka.actions import HideRadioStation, NameRadioSector, StawkaAction, Transmit
from rules.stawka.activation import activated, can_start, settle, spend_ap
from rules.stawka.board import board_of
from rules.stawka.documents import ap_left
from rules.stawka.film_rule import SpecialRule, Won
from rules.stawka.state import (
    GERMAN,
    POLISH,
    AgentState,
    HideRadio,
    NameRadioSectors,
    RadioStation,
    StawkaState,
    Turn,
)

FORBIDDEN_SECTORS = ("police", "military")
"""Radio Station: "a location in any sector except the police and military sectors"."""
SECRETS_TO_TRANSMIT = 2
TRANSMIT_COST = 1
CLUES_TO_LOCATE = 3
TRANSMITTER = "kloss"
ARRESTER = "stedtke"
TRANSMITTED = "stawka.end.radio_transmitted"
LOCATED = "stawka.end.radio_located"


def hiding_places(state: StawkaState) -> tuple[str, ...]:
    """Every location the station may be hidden in, in the board's order."""
    board = board_of(state.scenario)
    return tuple(loc for loc in board.locations if board.sector_of[loc] not in FORBIDDEN_SECTORS)


def still_possible(state: StawkaState, radio: RadioStation) -> tuple[str, ...]:
    """Where the station may lie for the German player: a hiding place in the named sectors."""
    board = board_of(state.scenario)
    return tuple(
        loc for loc in hiding_places(state) if not radio.sectors or board.sector_of[loc] in radio.sectors
    )


def station(state: StawkaState) -> RadioStation:
    assert state.radio is not None
    return state.radio


def radio_view(state: StawkaState, seat: Seat | None, everything: bool = False) -> RadioStation | None:
    """What `seat` sees of the station: all of it, but where it hides is the Polish
    player's until it is public (`everything`: a replay's revealed table shows it)."""
    radio = state.radio
    if radio is None or radio.public or everything or seat == POLISH:
        return radio
    return radio.model_copy(update={"location": None})


# -- the decisions -----------------------------------------------------------------------


def legal_hiding(state: StawkaState, decision: HideRadio) -> list[HideRadioStation]:
    return [HideRadioStation(location=loc) for loc in hiding_places(state)]


def hide(
    state: StawkaState, decision: HideRadio, action: HideRadioStation, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    if action.location not in hiding_places(state):
        raise IllegalAction(
            "The radio station hides in a location outside the police and military sectors.",
            "stawka.refusal.radio_hide",
        )
    radio = station(state).model_copy(update={"location": action.location})
    state = state.model_copy(update={"radio": radio, "pending": state.pending[:-1]})
    return state, [Event(kind="radio", key="stawka.radio_hidden", params={"seat": POLISH})]


def legal_sectors(state: StawkaState, decision: NameRadioSectors) -> list[NameRadioSector]:
    board = board_of(state.scenario)
    own = board.sector_of[station(state).location or ""]
    others = dict.fromkeys(board.sector_of[loc] for loc in hiding_places(state))
    return [NameRadioSector(sector=sector) for sector in others if sector != own]


def name_sector(
    state: StawkaState, decision: NameRadioSectors, action: NameRadioSector, dice: Dice
) -> tuple[StawkaState, list[Event]]:
    if action not in legal_sectors(state, decision):
        raise IllegalAction(
            "Name a sector where the radio station could be hidden, other than its own.",
            "stawka.refusal.radio_sector",
        )
    radio = station(state)
    own = board_of(state.scenario).sector_of[radio.location or ""]
    named = tuple(sorted((own, action.sector)))
    state = state.model_copy(
        update={"radio": radio.model_copy(update={"sectors": named}), "pending": state.pending[:-1]}
    )
    event = Event(
        kind="radio", key="stawka.radio_sectors", params={"sector": named[0], "other": named[1]}, reveals=True
    )
    return state, [event]


# -- transmitting ------------------------------------------------------------------------


def may_transmit(state: StawkaState, agent: AgentState) -> bool:
    radio = state.radio
    act = state.activation
    return (
        radio is not None
        and agent.id == TRANSMITTER
        and agent.status == "free"
        and radio.since is None
        and not radio.transmitted
        and agent.space == radio.location
        and state.sides[POLISH].secrets >= SECRETS_TO_TRANSMIT
        and not (act is not None and act.acted)
        and ap_left(state, agent) >= TRANSMIT_COST
    )


def transmit(state: StawkaState, turn: Turn, action: Transmit, dice: Dice) -> tuple[StawkaState, list[Event]]:
    """Transmitting the report: 1 AP, Kloss's action; the station's location becomes public."""
    state, agent = activated(state, turn.seat, action.agent)
    if not may_transmit(state, agent):
        raise IllegalAction(
            "Kloss transmits with two secrets gathered, standing on the radio station, once per "
            "transmission and as his action (1 AP).",
            "stawka.refusal.transmit",
        )
    act = state.activation
    assert act is not None
    state, agent = spend_ap(state, agent, TRANSMIT_COST)
    radio = station(state).model_copy(update={"public": True, "since": state.stage})
    state = state.model_copy(
        update={
            "radio": radio,
            "activation": act.model_copy(update={"acted": True, "moved_before_action": act.moved > 0}),
        }
    )
    event = Event(
        kind="radio",
        key="stawka.radio_transmit",
        params={"agent": agent.id, "location": agent.space, "stage": state.stage},
        reveals=True,
    )
    return settle(state, [event])


def manned(state: StawkaState, radio: RadioStation) -> bool:
    return any(a.side == POLISH for a in state.agents_at(radio.location or ""))


# -- the rule ----------------------------------------------------------------------------


class RadioStationRule(SpecialRule):
    id = "radio_station"
    handlers: ClassVar[Mapping[type, Handler]] = {Transmit: transmit}

    def setup(self, state: StawkaState, dice: Dice) -> StawkaState:
        """Radio Station: hidden before the game, so before any other decision."""
        return state.model_copy(
            update={"radio": RadioStation(), "pending": (*state.pending, HideRadio(seat=POLISH))}
        )

    def actions(self, state: StawkaState, turn: Turn) -> Sequence[StawkaAction]:
        if turn.seat != POLISH or state.radio is None:
            return ()
        act = state.activation
        if act is not None and act.agent != TRANSMITTER:
            return ()
        kloss = next((a for a in state.agents if a.id == TRANSMITTER), None)
        if kloss is None or not may_transmit(state, kloss) or (act is None and not can_start(state, kloss)):
            return ()
        return (Transmit(agent=TRANSMITTER),)

    def after_step(self, state: StawkaState, dice: Dice) -> tuple[StawkaState, list[Event]]:
        radio = state.radio
        if radio is None or radio.location is None:
            return state, []
        if radio.since is not None and not radio.transmitted and not manned(state, radio):
            radio = radio.model_copy(update={"since": None})
            event = Event(kind="radio", key="stawka.radio_broken", params={"location": radio.location})
            return state.model_copy(update={"radio": radio}), [event]
        earned = min(state.sides[GERMAN].secrets, CLUES_TO_LOCATE)
        if radio.public or earned <= radio.clues:
            return state, []
        return _clues(state, radio, earned)

    def one_ap_action(self, state: StawkaState, agent: AgentState) -> bool:
        """Transmitting costs 1 AP: Kloss with 1 AP left may be activated for it."""
        return state.radio is not None and may_transmit(state, agent)

    def assassin_without_mission(self, state: StawkaState, agent: AgentState, target: AgentState) -> bool:
        return state.radio is not None and state.radio.public and agent.side == GERMAN

    def arrest_anyone(self, state: StawkaState, agent: AgentState, target: AgentState) -> bool:
        """Stedtke "may try to arrest every Polish agent in the location with the radio
        station (he need not have evidence ...)" once it is public: every one, Kloss too
        (issue 27 point 10; the reading is in the module's docstring)."""
        radio = state.radio
        return radio is not None and radio.public and agent.id == ARRESTER and target.space == radio.location

    def scramble(self, state: StawkaState, observer: Seat, dice: Dice) -> StawkaState:
        """For the German player a hidden station lies anywhere the clues still allow."""
        radio = state.radio
        if observer != GERMAN or radio is None or radio.location is None or radio.public:
            return state
        location = dice.choice(still_possible(state, radio))
        return state.model_copy(update={"radio": radio.model_copy(update={"location": location})})

    def at_stage_end(self, state: StawkaState, dice: Dice) -> tuple[StawkaState, list[Event]]:
        radio = state.radio
        if radio is None or radio.on_air_until is None or state.stage < radio.on_air_until:
            return state, []
        radio = radio.model_copy(update={"transmitted": True})
        event = Event(kind="radio", key="stawka.radio_transmitted", params={"location": radio.location or ""})
        return state.model_copy(update={"radio": radio}), [event]

    def winner(self, state: StawkaState) -> Won | None:
        return (POLISH, TRANSMITTED) if state.radio is not None and state.radio.transmitted else None

    def at_time_out(self, state: StawkaState) -> Won | None:
        return (GERMAN, LOCATED) if state.radio is not None and state.radio.located else None


def _clues(state: StawkaState, radio: RadioStation, earned: int) -> tuple[StawkaState, list[Event]]:
    """Radio station LOCATED, A-C: every clue the German player's secrets have earned, all in
    the step that brought them ("When the German Player gains the 3rd secret, the Polish
    Player reveals the radio station": one action bringing two secrets - a conversation's
    and a special mission's - gives both clues at once).

    The first clue is the Polish player's decision (`NameRadioSectors`); when the second
    comes in the same step, naming two sectors would tell nothing more, so it is not asked
    (nor left waiting): the second names the station's sector, the third reveals it."""
    events: list[Event] = []
    board = board_of(state.scenario)
    for clue in range(radio.clues + 1, earned + 1):
        radio = radio.model_copy(update={"clues": clue})
        if clue == 1 and earned == 1:
            state = state.model_copy(update={"pending": (*state.pending, NameRadioSectors(seat=POLISH))})
        elif clue == 2:
            sector = board.sector_of[radio.location or ""]
            radio = radio.model_copy(update={"sectors": (sector,)})
            state = state.model_copy(
                update={"pending": tuple(p for p in state.pending if not isinstance(p, NameRadioSectors))}
            )
            events.append(
                Event(kind="radio", key="stawka.radio_sector", params={"sector": sector}, reveals=True)
            )
        elif clue == 3:
            radio = radio.model_copy(update={"public": True, "located": True})
            events.append(
                Event(
                    kind="radio",
                    key="stawka.radio_located",
                    params={"location": radio.location or ""},
                    reveals=True,
                )
            )
    return state.model_copy(update={"radio": radio}), events
