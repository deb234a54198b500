"""What the rules hand the table: priced offers, AP per agent, a cauldron's hold, refusals.

The table draws these and computes nothing (ARCHITECTURE.md, "The table shows, the rules
decide"), so they are checked here against the rules themselves.
"""

from __future__ import annotations

import pytest

from rules.core import Dice, IllegalAction, seed_state
from rules.stawka.actions import (
    ChoosePlanningCard,
    Converse,
    EndActivation,
    GiveUp,
    Interrogate,
    Move,
    Search,
    TriggerThreat,
)
from rules.stawka.board import board_of
from rules.stawka.content import load_content
from rules.stawka.documents import ap_left, ap_limit
from rules.stawka.movement import CITY_MAP_COST, reachable
from rules.stawka.state import StawkaState
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations, next_to
from tests.stawka.test_threats import jacek_on_token


def expected_cost(state: StawkaState, action: object) -> int | None:
    """The cost list ("Activating an Agent", 3) and the movement rules, written out."""
    costs = load_content().action_costs
    if isinstance(action, Move):
        if action.item is not None:
            return CITY_MAP_COST
        return reachable(state, state.agent(action.agent))[action.to][1]
    if isinstance(action, (Converse, Interrogate)):
        return costs.conversation
    if isinstance(action, Search):
        return costs.search
    listed = {"arrest": costs.arrest, "kidnap": costs.kidnap, "pass_mission": costs.mission}
    listed |= {"assassinate": costs.assassination, "discard_threat": costs.discard_threat}
    return listed.get(getattr(action, "type", ""))


def test_the_seat_to_act_sees_its_legal_actions_priced_with_their_paths() -> None:
    state = in_activations({"kloss": "hotel", "glaubel": "hotel", "ingrid_heizer": "theatre"}, ap=6)
    view = TITLE.view(state, "polish")
    legal = TITLE.legal_actions(state)
    assert [offer.action for offer in view.offers] == legal
    priced = {offer.action: offer for offer in view.offers}
    assert priced[Converse(agent="kloss", target="glaubel")].cost == 1
    assert priced[Search(agent="kloss")].cost == 2
    assert priced[GiveUp()].cost is None
    routes = reachable(state, state.agent("kloss"))
    for action, offer in priced.items():
        if isinstance(action, Move) and action.agent == "kloss":
            assert (offer.path, offer.cost) == routes[action.to]
    step = next_to("hotel")
    assert priced[Move(agent="kloss", to=step)].path == (step,)
    assert priced[Move(agent="kloss", to=step)].cost == 1


def test_offers_are_only_for_the_seat_to_act() -> None:
    state = in_activations({"kloss": "hotel", "glaubel": "hotel"})
    assert TITLE.view(state, "german").offers == ()
    assert TITLE.view(state, None).offers == ()


@pytest.mark.parametrize(("scenario", "seed"), [("training-1", 4), ("training-2", 5)])
def test_offers_equal_the_legal_actions_at_every_step_of_a_real_game(scenario: str, seed: int) -> None:
    """Seeded random play: every decision's offers are its legal actions, each at its cost."""
    dice = Dice(seed_state(seed))
    state, _ = TITLE.start(TITLE.default_options(scenario), seed)
    kinds: set[str] = set()
    while (seat := TITLE.to_act(state)) is not None:
        legal = TITLE.legal_actions(state)
        offers = TITLE.view(state, seat).offers
        assert [offer.action for offer in offers] == legal
        for offer in offers:
            assert offer.cost == expected_cost(state, offer.action), offer.action
            kinds.add(offer.action.type)
        state, _ = TITLE.apply(state, dice.choice(legal))
    assert {"plan", "move", "converse", "end_activation", "give_up"} <= kinds


def test_each_agent_shows_his_ap_left_of_his_limit() -> None:
    boots = next(i for i in load_content().items if i.effect.kind == "boots")
    state = in_activations(
        {"ingrid_heizer": "hotel", "kloss": "theatre", "glaubel": "courts"},
        ap=8,
        items={"ingrid_heizer": (boots.id,)},
    )
    state, _ = TITLE.apply(state, Move(agent="kloss", to=next_to("theatre")))
    for seat in ("polish", "german"):
        shown = {agent.id: agent for agent in TITLE.view(state, seat).agents}
        for agent in state.agents:
            assert (shown[agent.id].ap_left, shown[agent.id].ap_limit) == (
                ap_left(state, agent),
                ap_limit(state, agent),
            )
    ingrid = next(a for a in TITLE.view(state, "german").agents if a.id == "ingrid_heizer")
    document = load_content().document(state.documents["ingrid_heizer"])
    assert ingrid.ap_limit == document.ap_limit + boots.effect.amount, "durable boots lie face up"
    kloss = next(a for a in TITLE.view(state, "polish").agents if a.id == "kloss")
    assert kloss.ap_left == ap_limit(state, state.agent("kloss")) - 1
    # The network's pool bounds every agent's AP left.
    state = state.with_side("polish", state.sides["polish"].model_copy(update={"ap": 1}))
    assert [a.ap_left for a in TITLE.view(state, "german").agents if a.side == "polish"] == [1, 1]


def test_a_cauldron_holds_the_agent_for_the_stage_in_every_view() -> None:
    state = jacek_on_token("german-07")
    assert not any(a.held for a in TITLE.view(state, "polish").agents)
    state, _ = TITLE.apply(state, TriggerThreat(trigger=True))
    for seat in ("polish", "german", None):
        jacek = next(a for a in TITLE.view(state, seat).agents if a.id == "jacek")
        assert jacek.held
    offers = TITLE.view(state, "polish").offers
    assert not [o for o in offers if isinstance(o.action, Move)], "held: no move is offered"


def test_an_action_not_legal_now_is_refused_with_its_reason_and_changes_nothing() -> None:
    state = in_activations({"kloss": "hotel", "glaubel": "theatre"}, ap=8)
    dumped = TITLE.dump(state)
    far = next(s for s in board_of("training-1").spaces if s not in reachable(state, state.agent("kloss")))
    with pytest.raises(IllegalAction, match="cannot reach that space"):
        TITLE.apply(state, Move(agent="kloss", to=far))
    with pytest.raises(IllegalAction, match="same space"):
        TITLE.apply(state, Converse(agent="kloss", target="glaubel"))
    with pytest.raises(IllegalAction, match="No agent is active"):
        TITLE.apply(state, EndActivation())
    with pytest.raises(IllegalAction, match="Activate one of your agents"):
        TITLE.apply(state, ChoosePlanningCard(card="polish-1"))
    assert TITLE.dump(state) == dumped
