"""Normal's prices for what Godzina policyjna pays (issue 31, point 2): the missions'
evidence goals and the secrets' VP, a card valued by what it pays at the pass, and a
German agent who has talked with a Polish agent this stage ("wciąż jednak obowiązuje
limit jednej rozmowy na etap tej samej pary agentów") threatening him no more in a
location unless he holds 6 evidence on him (D)."""

from __future__ import annotations

import pytest

from rules.core import Dice
from rules.curfew.actions import Choose
from rules.curfew.bots import LAST_HOPE, CurfewBot, CurfewPlanner, harm
from rules.curfew.options import GERMAN, POLISH
from rules.curfew.state import CurfewState, TieBreak
from rules.curfew.title import TITLE
from rules.curfew.view import CurfewView
from rules.stawka.bots import worth
from rules.stawka.bots.plans import Planner
from rules.stawka.view import AgentView
from tests.curfew.games import game


def first_turn(seed: int = 2) -> CurfewState:
    """The first activation turn of a sensible player's game."""
    return next(
        s.before
        for s in game(seed, "heuristic")
        if TITLE.to_act(s.before) == POLISH and not s.before.pending and s.before.phase == "activations"
    )


def planner(state: CurfewState) -> CurfewPlanner:
    view = TITLE.bot_view(state, POLISH)
    assert isinstance(view, CurfewView)
    found = CurfewBot(POLISH).planner(view)
    assert isinstance(found, CurfewPlanner)
    return found


def with_evidence(state: CurfewState, seat: str, colour: str, amount: int) -> CurfewState:
    side = state.sides[seat]
    return state.with_side(seat, side.model_copy(update={"evidence": {**side.evidence, colour: amount}}))


def agent(plan: Planner, agent_id: str) -> AgentView:
    return next(a for a in plan.view.agents if a.id == agent_id)


def test_evidence_toward_a_mission_still_in_a_deck_is_worth_more_than_stawka_prices_it() -> None:
    """Ingrid's third card asks 6 purple evidence (5 VP): before she holds it, Stawka's
    price counts nothing of it, the scenario's does; a colour whose German pays more for
    his secret is worth more too."""
    state = with_evidence(first_turn(), POLISH, "purple", 2)
    plan = planner(state)
    assert "ingrid_heizer-3" in plan.view.missions_left["ingrid_heizer"]
    stawka = Planner.evidence_worth(plan, "purple", 2)
    assert plan.evidence_worth("purple", 2) > stawka
    plain = {c: plan.evidence_worth(c, 1) - Planner.evidence_worth(plan, c, 1) for c in ("blue", "black")}
    assert plain["black"] > plain["blue"], "black's secret pays 11 VP, blue's 8"


def test_a_card_whose_goal_is_already_met_is_worth_what_it_pays_at_the_pass() -> None:
    """The special of Ingrid's third card, 6 purple evidence, is met the moment the card
    is hers: it is worth the special's 5 VP; with 2 purple its basic, meeting Kloss, is met
    at the pass when Kloss stands with her, and the card then ends on 2 VP."""
    state = first_turn()
    ingrid, kloss = state.agent("ingrid_heizer"), state.agent("kloss")
    together = state.with_agent(ingrid.model_copy(update={"space": kloss.space}))
    met = planner(with_evidence(together, POLISH, "purple", 6))
    special = worth.mission_worth(met.policy, met.view, POLISH, "special")
    assert met._mission_value(agent(met, "ingrid_heizer"), "ingrid_heizer-3") == special
    early = planner(with_evidence(together, POLISH, "purple", 2))
    basic = worth.mission_worth(early.policy, early.view, POLISH, "basic")
    assert early._mission_value(agent(early, "ingrid_heizer"), "ingrid_heizer-3") <= basic < special


def test_a_german_who_has_talked_with_an_agent_threatens_him_only_by_an_arrest() -> None:
    """B: one conversation a pair a stage.  In a location, with 3 to 5 German evidence on
    him, a German agent beside him threatens his secret (E) until they have talked; with
    6 he may still arrest him (D ignores the limit)."""
    state = first_turn()
    german = next(a for a in state.agents_of(GERMAN) if a.status == "free")
    polish = state.agent("jacek")
    board_location = "waterfront"
    here = state.with_agent(polish.model_copy(update={"space": board_location}))
    here = here.with_agent(german.model_copy(update={"space": board_location}))
    located = with_evidence(here, GERMAN, polish.colour, 4)
    talked = located.model_copy(update={"talked": (*located.talked, (polish.id, german.id))})
    fresh, after = planner(located), planner(talked)
    foe = agent(fresh, german.id)
    assert fresh._danger(foe, agent(fresh, polish.id), board_location) > 0
    assert after._danger(agent(after, german.id), agent(after, polish.id), board_location) == 0
    burdened = planner(with_evidence(talked, GERMAN, polish.colour, 6))
    assert burdened._danger(agent(burdened, german.id), agent(burdened, polish.id), board_location) > 0


def tie_for(state: CurfewState, german: str, options: tuple[str, ...]) -> CurfewView:
    """The player's view of a German agent's tie between equally near Polish agents."""
    tie = TieBreak(purpose="target", german=german, options=options)
    view = TITLE.bot_view(state.model_copy(update={"pending": (*state.pending, tie)}), POLISH)
    assert isinstance(view, CurfewView) and view.tie is not None
    return view


def test_a_german_is_sent_where_he_does_least_harm() -> None:
    """ "Jeśli w tej samej odległości znajduje się kilku polskich agentów, to Gracz
    decyduje w kierunku którego będzie się kierował niemiecki agent": the sensible player
    sends him to the agent he can do least to.  An agent on a street he tries to arrest
    (C: "natychmiast podejmuje próbę jego aresztowania"), one in a location he talks to;
    with 3 or more evidence on him a conversation may give the German his secret (E: an
    arrest), with less it may not.  Before, the least evidence decided, street or not."""
    state = first_turn()
    german = next(a for a in state.agents_of(GERMAN) if a.status == "free").id
    jacek, ingrid = state.agent("jacek"), state.agent("ingrid_heizer")
    placed = state.with_agent(jacek.model_copy(update={"space": "villa.3"}))
    placed = placed.with_agent(ingrid.model_copy(update={"space": "park"}))
    placed = with_evidence(with_evidence(placed, GERMAN, jacek.colour, 0), GERMAN, ingrid.colour, 2)
    options = ("jacek", "ingrid_heizer")
    assert CurfewBot(POLISH).choose(
        tie_for(placed, german, options), [Choose(option=o) for o in options], Dice(1)
    ) == Choose(option="ingrid_heizer"), (
        "the street's arrest is worse than a talk that cannot give the secret"
    )
    both_in = placed.with_agent(placed.agent("jacek").model_copy(update={"space": "cafe"}))
    burdened = with_evidence(both_in, GERMAN, ingrid.colour, 4)
    view = tie_for(burdened, german, options)
    assert CurfewBot(POLISH).choose(view, [Choose(option=o) for o in options], Dice(1)) == Choose(
        option="jacek"
    )
    assert harm(view, agent_of(view, german), agent_of(view, "ingrid_heizer")) > harm(
        view, agent_of(view, german), agent_of(view, "jacek")
    ), "with 4 evidence a talk may give the German Ingrid's secret: an arrest (E)"


def agent_of(view: CurfewView, agent_id: str) -> AgentView:
    return next(a for a in view.agents if a.id == agent_id)


def test_in_the_last_stage_what_lies_beyond_it_counts_less() -> None:
    """ "Cel gry: Zdobyć jak najwięcej PZ do końca 6 etapu": a target the agent cannot
    reach before the game ends pays nothing.  In the last stage the sensible player counts
    only `LAST_HOPE` of the targets a space brings near, and its dangers in full; before
    it, Stawka's worth of the space."""
    state = first_turn()
    early = planner(state)
    last = planner(state.model_copy(update={"stage": state.stage_count}))
    jacek = agent(early, "jacek")
    spaces = [s for s in early.table[jacek.space] if early.table[jacek.space][s] <= 3]
    compared = 0
    for space in spaces:
        hope = Planner._position_now(early, jacek, space) + early._exposure(jacek, space)
        if hope <= 0:
            continue
        risk = last._exposure(jacek, space)
        assert last._position_now(jacek, space) == pytest.approx(LAST_HOPE * hope - risk)
        assert last._position_now(jacek, space) < early._position_now(jacek, space)
        compared += 1
    assert compared > 5
