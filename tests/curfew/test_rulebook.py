"""Godzina policyjna read sentence by sentence against the rules (the audit of December 2026).

Each test names its section of the scenario (`shared/seeds/001_…`, in Polish) and quotes
the words it checks, with an English gloss; together with the other modules of
`tests/curfew/` they make the coverage table of `rules/curfew/README.md` ("Rule
coverage").  The positions are built by `tests.curfew.build.table` (the agents placed,
the dice chosen) or found in the real seeded games of `tests.curfew.games`.
"""

from __future__ import annotations

import pytest

from rules.core import Event, IllegalAction
from rules.curfew.actions import Choose, CurfewAction, SpreadEvidence
from rules.curfew.content import german_card, load_content
from rules.curfew.germans import budget
from rules.curfew.state import CurfewState, EvidenceSpread, TieBreak, curfew_state
from rules.curfew.title import TITLE
from rules.stawka import content as stawka_content
from rules.stawka.actions import Converse, EndActivation, GiveUp, Move, PassMission
from rules.stawka.board import board_of
from rules.stawka.documents import ap_limit
from rules.stawka.meetings import pair
from tests.curfew.build import spent, table
from tests.curfew.games import games, opened, steps_where

BOARD = board_of("curfew")


def keys(events: list[Event]) -> list[str]:
    return [e.key for e in events]


def acts(events: list[Event]) -> list[tuple[str, str, str]]:
    """What the German agents did to Polish agents, in order: (German, what, Polish)."""
    return [
        (str(e.params["agent"]), e.key.rsplit(".", 1)[-1], str(e.params["target"]))
        for e in events
        if e.kind == "german" and "target" in e.params
    ]


def played(state: CurfewState, *actions: CurfewAction) -> tuple[CurfewState, list[Event]]:
    """`state` after the player's `actions`, and all their events in order."""
    events: list[Event] = []
    for action in actions:
        state, more = TITLE.apply(state, action)
        events.extend(more)
    return state, events


# -- the components (page 1 of the scenario) --------------------------------------------------


def test_the_components_four_checks_nine_german_cards_and_the_eight_agents() -> None:
    """Page 1: "4 żetony: 2 * kontrola +1, 1 * kontrola +2, 1 * kontrola +3" (4 tokens:
    document checks +1, +1, +2, +3); "9 kart lokacji niemieckich: gestapo, kawiarnia,
    urząd zatrudnienia, park, nadbrzeże, kamienica, posterunek, sądy, cmentarz" (the 9
    German location cards); the Polish agents "Hans Kloss, Ingrid Heizer, Christianson,
    Jacek" and the German "Hermann Brunner, Stedtke, Fritz Kopf, Erik Kopf"."""
    content, box = load_content(), stawka_content.load_content()
    tokens = sorted(next(t for t in box.threats if t.id == token).amount for token in content.threat_tokens)
    assert tokens == [1, 1, 2, 3]
    assert all(
        next(t for t in box.threats if t.id == token).kind == "document_check"
        for token in content.threat_tokens
    )
    assert sorted(german_card(card).location for card in content.german_deck) == sorted(
        [
            "gestapo",
            "cafe",
            "employment_office",
            "park",
            "waterfront",
            "tenement",
            "police_station",
            "courts",
            "cemetery",
        ]
    )
    assert content.polish_agents == ("kloss", "ingrid_heizer", "christianson", "jacek")
    assert content.german_agents == ("hermann_brunner", "stedtke", "fritz_kopf", "erik_kopf")


def test_the_german_colours_stay_with_their_agents_for_the_whole_game() -> None:
    """Page 1: "Przydzielić dowolnie kolory umieszczając znaczniki na pieczątkach" (assign
    the colours freely, putting the markers on the stamps); "Przez całą rozgrywkę kolory
    te będą na stałe przypisane do poszczególnych agentów" (for the whole game these
    colours stay assigned to the agents): from the last colour choice to the game's end no
    German agent's colour changes, and the four are the four colours."""
    checked = 0
    for game in games():
        first = next(i for i, step in enumerate(game) if step.after.phase == "activations")
        colours = {a.id: a.colour for a in game[first].after.agents_of("german")}
        assert sorted(colours.values()) == sorted(load_content().german_colours)
        for step in game[first:]:
            for agent in step.after.agents_of("german"):
                if agent.id in colours:
                    assert agent.colour == colours[agent.id], (agent.id, step.action)
            checked += 1
    assert checked > 4000


# -- Założenia ogólne ------------------------------------------------------------------------


def test_only_the_four_document_checks_are_ever_on_the_board() -> None:
    """Założenia ogólne: "W grze biorą udział tylko 4 niemieckie żetony zagrożenia kontrola
    dokumentów (pozostałe nie biorą udziału w grze chyba, że są wprowadzane do rozgrywki
    z cech specjalnych poszczególnych agentów)" (only the 4 German document-check tokens
    take part; the others do not, unless a particular agent's special trait brings them
    in).  No trait of any agent in the box brings a threat token into play, so at every
    step of every game the tokens on the board are some of those four, and nobody's pool
    holds one."""
    traits = {m.kind for d in stawka_content.load_content().documents if d.trait for m in d.trait.modifiers}
    assert not {kind for kind in traits if "threat" in kind and kind != "threat_discard"}
    four = set(load_content().threat_tokens)
    looked = 0
    for game in games():
        for step in game:
            assert set(step.after.threats.values()) <= four
            assert all(side.threat_pool == () for side in step.after.sides.values())
            looked += 1
    assert looked > 4000


def test_the_scenarios_rules_prevail_over_the_rulebooks() -> None:
    """Założenia ogólne: "Zasady zawarte w niniejszym scenariuszu mają znaczenie nadrzędne
    nad przepisami z instrukcji załączonej do gry" (the scenario's rules prevail over the
    rulebook's).  Where they meet: Stawka sends back an agent who fails a document check
    (Threat Tokens) and lets the German player keep his tokens or not, but with curfew A
    (no activation ends on a German's street) the check cannot leave him there; and the
    German seat, with no player, always brings its check into play.  Checked in
    `test_curfew::test_a_a_failed_check_sends_him_back_past_the_german_s_street_issue_27_seed_4025`;
    here: no game ever offers the German seat a choice (it is the rules' seat)."""
    assert TITLE.automated_seats(TITLE.default_options()) == ("german",)
    for game in games():
        assert all(TITLE.to_act(step.before) == "polish" for step in game)


# -- Aktywacje polskich i niemieckich agentów -------------------------------------------------


def test_the_player_may_end_the_stage_whenever_he_wants() -> None:
    """ "Gracz będzie mógł aktywować i rozdysponowywać Punkty Akcji swoim agentom aż do
    wyczerpania ich limitów PA, lub do chwili, gdy zechce zakończyć etap" (the player may
    give his agents AP until their limits are used up, or until he wants to end the
    stage): at every turn of his between activations, ending the stage is offered."""
    turns = 0
    for step in steps_where(lambda s: TITLE.to_act(s.before) == "polish" and not s.before.pending):
        if step.before.phase == "activations" and step.before.activation is None:
            assert GiveUp() in TITLE.legal_actions(step.before)
            turns += 1
    assert turns > 1000


def test_the_player_must_spread_all_ten_evidence_before_play_any_split() -> None:
    """ "Przed rozpoczęciem rozgrywki Gracz musi przydzielić na niemieckim torze śledztwa 10
    dowodów na swoich agentów. Może dokonać dowolnego podziału, nawet obciążyć Klossa 10
    dowodami, wybór należy do Gracza" (before play the player must put 10 evidence on his
    agents on the German track, split as he likes, even all 10 on Kloss): no turn of his
    comes before the tenth is placed, each of his agents may take any part of them, and
    the German track then holds exactly 10."""
    state = opened(2, "purple blue yellow black", {})
    assert isinstance(TITLE.decision(state), EvidenceSpread) and state.phase == "placement"
    offered = {(a.agent, a.amount) for a in TITLE.legal_actions(state) if isinstance(a, SpreadEvidence)}
    assert offered == {(agent, n) for agent in load_content().polish_agents for n in range(1, 11)}
    for agent, amount in (("kloss", 1), ("jacek", 2), ("ingrid_heizer", 3), ("christianson", 4)):
        assert TITLE.turn(state) is None
        state, _ = TITLE.apply(state, SpreadEvidence(agent=agent, amount=amount))
    assert sum(state.sides["german"].evidence.values()) == 10
    assert state.phase == "activations" and TITLE.to_act(state) == "polish"
    with pytest.raises(IllegalAction):
        TITLE.apply(
            opened(2, "purple blue yellow black", {"kloss": 4}), SpreadEvidence(agent="jacek", amount=7)
        )


# -- the curfew on the Polish activations, A-C --------------------------------------------------


@pytest.mark.parametrize(("rolls", "passed"), [((1, 1), False), ((6, 6), True)])
def test_b_passing_a_german_street_is_an_alertness_test_at_once_and_the_walk_goes_on(
    rolls: tuple[int, int], passed: bool
) -> None:
    """Curfew B: "jeśli polski agent chce przejść przez pole ulicy, na którym znajduje się
    niemiecki agent (lub agenci) musi natychmiast rzucić kostkami na swoją czujność. Jeśli
    test zakończy się sukcesem może bez przeszkód kontynuować swoją aktywację, jeśli test
    będzie nieudany na torze śledztwa Niemcy otrzymują 2 dowody na tego agenta – a aktywację
    polskiego agenta należy kontynuować bez przeszkód" (a Polish agent who wants to pass a
    street space with a German agent must at once roll against his alertness; passed, he
    goes on; failed, the Germans get 2 evidence on him, and his activation goes on all the
    same).  Jacek (alertness 8, +1 to his alertness tests) walks city.4 -> city.11
    (Stedtke's street) -> the hospital: 1+1+1 fails, 6+6+1 passes; he reaches the hospital
    either way and may still act."""
    state = table({"jacek": "city.4", "stedtke": "city.11"}, german={"yellow": 1}, rolls=rolls)
    state, events = TITLE.apply(state, Move(agent="jacek", to="hospital"))
    assert keys(events)[:2] == [
        "stawka.moved",
        "curfew.curfew_check_passed" if passed else "curfew.curfew_check_failed",
    ]
    assert events[1].data["total"] == sum(rolls) + 1
    assert state.sides["german"].evidence["yellow"] == (1 if passed else 3)
    assert state.agent("jacek").space == "hospital"
    assert state.activation is not None and state.activation.agent == "jacek"


def test_b_a_walk_past_no_german_street_takes_no_test() -> None:
    """Curfew B asks for the test only when the street passed has a German agent on it
    ("pole ulicy, na którym znajduje się niemiecki agent"): the same walk with Stedtke in
    the market is no test, and the dice are not touched."""
    state = table({"jacek": "city.4", "stedtke": "market"})
    after, events = TITLE.apply(state, Move(agent="jacek", to="hospital"))
    assert keys(events) == ["stawka.moved"] and after.rng == state.rng


def test_c_only_an_agent_who_escaped_an_arrest_may_leave_a_sector_with_an_ss_officer() -> None:
    """Curfew C: "polscy agenci, którzy uniknęli aresztowania mogą opuszczać sektor,
    w którym są niemieccy oficerowie SS" (Polish agents who escaped an arrest may leave a
    sector with German SS officers in it); our reading (README, "The curfew"): the others
    may not.  Kloss on city.8, Stedtke (an SS officer) in the market of the same sector:
    the step to police.3 is refused; once Kloss has escaped an arrest this stage it is
    his, and with no SS officer in the sector it is anybody's."""
    state = table({"kloss": "city.8", "stedtke": "market"})
    assert BOARD.sector_of["police.3"] != BOARD.sector_of["city.8"]
    assert Move(agent="kloss", to="police.3") not in TITLE.legal_actions(state)
    with pytest.raises(IllegalAction):
        TITLE.apply(state, Move(agent="kloss", to="police.3"))
    escaped = state.model_copy(update={"escaped": ("kloss",)})
    assert Move(agent="kloss", to="police.3") in TITLE.legal_actions(escaped)
    away = table({"kloss": "city.8", "stedtke": "administrative.9"})
    assert Move(agent="kloss", to="police.3") in TITLE.legal_actions(away)


def test_a_no_walk_may_end_on_a_german_street_but_may_pass_it() -> None:
    """Curfew A: "żaden z polskich agentów nie może kończyć swojej aktywacji na polu ulicy
    z niemieckim agentem" (no Polish agent may end his activation on a street space with a
    German agent), B: he may pass it.  Jacek on city.4 beside Stedtke's city.11: the walk
    to city.11 is refused with the curfew's reason, the walk through it to the hospital is
    his."""
    state = table({"jacek": "city.4", "stedtke": "city.11"})
    legal = TITLE.legal_actions(state)
    assert Move(agent="jacek", to="city.11") not in legal
    assert Move(agent="jacek", to="hospital") in legal
    with pytest.raises(IllegalAction, match="Curfew"):
        TITLE.apply(state, Move(agent="jacek", to="city.11"))


def test_ten_german_evidence_on_kloss_works_him_out_for_good_and_he_may_then_be_arrested() -> None:
    """UWAGA (page 3): "jeśli Niemcy zdołają zgromadzić na Hansa Klossa 10 dowodów,
    przyjmuje się, że as wywiadu został rozpracowany. Od tej chwili staje się on zwyczajnym
    polskim agentem, który może zostać aresztowany (nawet, gdy Gracz zdoła zmniejszyć ilość
    dowodów na klossa nie zmieni to już jego sytuacji)" (10 German evidence on Kloss: he is
    worked out, from then on an ordinary Polish agent who may be arrested, even if the
    player lowers the evidence later).  Kloss with 9 evidence fails curfew B's test
    passing Brunner's street (the 10th and 11th: the track stops at 10): worked out; with
    the evidence taken back to 0 he stays so, and Brunner, meeting him on a street, tries
    to arrest him (C), where he may only talk with a Kloss not worked out."""
    state = table(
        {"kloss": "city.4", "hermann_brunner": "city.11"}, german={"black": 9}, rolls=(1, 1, 6, 6, 6, 6)
    )
    state, events = TITLE.apply(state, Move(agent="kloss", to="hospital"))
    assert "curfew.worked_out" in keys(events) and state.worked_out
    cleared = state.sides["german"].model_copy(
        update={"evidence": {**state.sides["german"].evidence, "black": 0}}
    )
    state = curfew_state(state.with_side("german", cleared))
    state, events = played(state, Move(agent="kloss", to="city.14"), EndActivation())
    assert state.worked_out
    assert acts(events) == [("hermann_brunner", "arrest_street", "kloss")]
    assert "curfew.german.escaped" in keys(events)  # 6 + 6 above his alertness of 5


# -- Przygotowanie niemieckich agentów, niemieckich kart lokacji ----------------------------


def test_three_of_the_four_german_agents_are_black_so_the_player_gives_out_four_colours() -> None:
    """ "Ponieważ trzech niemieckich agentów ma kolor czarny, przed rozpoczęciem rozgrywki
    Gracz musi (wg. własnego wyboru) przydzielić wszystkim niemieckim agentom (za pomocą
    znaczników TU byłem) kolory: czarny, żółty, niebieski i fioletowy" (as three German
    agents are black, before play the player must give all four, by his own choice, the
    colours black, yellow, blue and purple)."""
    box = stawka_content.load_content()
    printed = [box.documents_of(agent)[0].colour for agent in load_content().german_agents]
    assert printed.count("black") == 3
    assert sorted(load_content().german_colours) == sorted(["black", "yellow", "blue", "purple"])
    for colours in ("black yellow blue purple", "purple blue yellow black", "yellow black purple blue"):
        state = opened(4, colours, {})
        assert [a.colour for a in state.agents_of("german")] == colours.split()


# -- Aktywowanie niemieckich agentów, A-H ------------------------------------------------------


def test_a_the_first_activation_spends_half_the_limit_rounded_down_the_second_the_rest() -> None:
    """German A: "agent wykorzystuje zużywa połowę PA ze swojego limitu (zaokrąglając za
    pierwszym razem w dół) – lecz nie więcej niż jego limit PA. Przy ewentualnej drugiej
    aktywacji zużywa on pozostałe mu PA" (he uses half his AP limit, rounded down the first
    time, never more than his limit; at a second activation the AP he has left).  Stedtke
    (limit 5): 2, then 3; Brunner (limit 4): 2, then 2; after 4 spent elsewhere, Stedtke's
    first is only the 1 left."""
    state = table({})
    stedtke, brunner = state.agent("stedtke"), state.agent("hermann_brunner")
    assert (ap_limit(state, stedtke), ap_limit(state, brunner)) == (5, 4)
    assert budget(state, stedtke, "A") == 2 and budget(state, brunner, "A") == 2
    second = state.model_copy(update={"activations": {"stedtke": 1, "hermann_brunner": 1}})
    spent = {"stedtke": 2, "hermann_brunner": 2}
    second = second.model_copy(
        update={"agents": tuple(a.model_copy(update={"ap_used": spent.get(a.id, 0)}) for a in second.agents)}
    )
    assert budget(second, second.agent("stedtke"), "A") == 3
    assert budget(second, second.agent("hermann_brunner"), "A") == 2
    tired = curfew_state(state.with_agent(stedtke.model_copy(update={"ap_used": 4})))
    assert budget(tired, tired.agent("stedtke"), "A") == 1


def test_a_the_german_of_the_same_colour_walks_his_half_limit_towards_the_nearest_polish_agent() -> None:
    """ "Zaraz po zakończeniu aktywacji polskiego agenta Gracz musi poruszyć niemieckiego
    agenta o tym samym kolorze. Niemiecki agent musi najbliższą drogą zmierzać do
    najbliższego polskiego agenta" (right after a Polish agent's activation the German of
    the same colour moves, by the shortest way, towards the nearest Polish agent).  Jacek
    (yellow) ends in the tenement; Stedtke (yellow), in the market, walks his 2 AP towards
    him, the nearest (by city.9: the way by city.17 is the Polish agents' only; Christianson
    on city.5 is four away), and meets him there; nobody else moves."""
    state = table({"jacek": "city.6", "stedtke": "market", "christianson": "city.5"}, rolls=(3, 3))
    before = {a.id: a.space for a in state.agents_of("german")}
    state, events = played(state, Move(agent="jacek", to="tenement"), EndActivation())
    assert keys(events)[:3] == ["stawka.moved", "stawka.activation_end", "curfew.german.activated_a"]
    walks = [e for e in events if e.key == "curfew.german.moved"]
    assert [(e.params["agent"], e.params["target"], e.data["path"]) for e in walks] == [
        ("stedtke", "jacek", ["city.9", "tenement"])
    ]
    assert {a.id: a.space for a in state.agents_of("german") if a.id != "stedtke"} == {
        g: s for g, s in before.items() if g != "stedtke"
    }


def test_b_a_conversation_costs_one_ap_and_the_german_goes_on_with_his_ap() -> None:
    """German B: "z każdą napotkanym polskim agentem próbuje, kosztem 1 PA inicjować
    rozmowę lub aresztować (...). Po rozmowie nie kończy aktywacji, ale nadal wykorzystuje
    przypisane mu PA" (with each Polish agent he meets he tries, for 1 AP, to talk or to
    arrest; after a conversation he does not end his activation but goes on spending his
    AP).  Stedtke, on his second activation (5 AP), walks into the hospital (1), talks
    with Jacek (1, 3+3: nothing), walks on two spaces to Christianson on city.14 (2) and,
    on that street, tries to arrest him at once for no AP (C; 6+6 escapes); his last AP
    takes him a step on."""
    state = table(
        {"jacek": "city.4", "stedtke": "city.10", "christianson": "city.14"},
        rolls=(3, 3, 6, 6),
        activations={"stedtke": 1},
    )
    state, events = played(state, Move(agent="jacek", to="hospital"), EndActivation())
    assert acts(events) == [("stedtke", "talks", "jacek"), ("stedtke", "arrest_street", "christianson")]
    walks = [(e.data["path"], e.params["cost"]) for e in events if e.key == "curfew.german.moved"]
    assert walks[:2] == [(["hospital"], 1), (["city.11", "city.14"], 2)]
    done = [e for e in events if e.key == "curfew.german.done"]
    assert [e.params["ap"] for e in done] == [0]
    assert state.agent("stedtke").ap_used == 5  # 1 + 1 + 2 + 1: the arrest on the street cost nothing
    assert "christianson" in state.escaped


def test_c_kloss_met_on_a_street_is_talked_with_not_arrested() -> None:
    """German C: "jeśli niemiecki agent napotyka polskiego agenta na polu ulicy (z wyjątkiem
    Klossa, z którym inicjuje rozmowę) natychmiast podejmuje próbę jego aresztowania" (a
    Polish agent met on a street he tries to arrest at once, except Kloss, with whom he
    starts a conversation).  Kloss ends on city.14; Brunner walks there from city.12 and
    talks with him (1 AP)."""
    state = table({"kloss": "city.4", "hermann_brunner": "city.12"}, rolls=(3, 3))
    state, events = played(state, Move(agent="kloss", to="city.14"), EndActivation())
    assert acts(events) == [("hermann_brunner", "talks", "kloss")]
    assert state.agent("hermann_brunner").ap_used == 2  # a step and the conversation
    assert state.agent("kloss").status == "free"


def test_c_on_a_street_the_arrest_ignores_the_conversation_limit_and_the_evidence() -> None:
    """German C: "(ignorując przepis o ograniczeniu w rozmowach i wymaganej ilości dowodów
    i to działanie nie jest akcją kosztującą 1 PA)" (ignoring the conversation limit and
    the evidence required, and it is no action costing 1 AP).  Christianson, with no
    evidence against him and already talked with by Erik Kopf this stage, stands on
    Erik's street when Erik's activation begins: Erik tries to arrest him (1+1: caught) and
    spends no AP on it."""
    state = table(
        {"christianson": "city.14", "erik_kopf": "city.14", "jacek": "city.4"},
        rolls=(1, 1),
        talked=(pair("erik_kopf", "christianson"),),
        met=(("erik_kopf", "christianson"),),
    )
    # Erik answers Christianson (purple); Christianson may not end on Erik's street (A),
    # so he is activated by the player's giving up the stage: H, Erik the one with most AP.
    state, events = TITLE.apply(spent(state, "erik_kopf"), GiveUp())
    assert acts(events)[:1] == [("erik_kopf", "arrest_street", "christianson")]
    first = events[[e.key for e in events].index("curfew.german.arrest_street") :]
    assert first[1].key == "curfew.german.arrest_roll_street" and first[1].data["total"] == 2
    assert "stawka.arrested" in keys(first)


def test_d_six_evidence_in_a_location_is_always_an_arrest_attempt_even_after_a_talk() -> None:
    """German D: "Jeśli niemiecki agent napotyka polskiego agenta, na którego posiada co
    najmniej 6 dowodów w dowolnej lokacji, zawsze podejmuje próbę jego aresztowania
    (ignorując przepis o ograniczeniu w rozmowach)" (a Polish agent with at least 6
    evidence met in any location he always tries to arrest, ignoring the conversation
    limit); B: for 1 AP.  Jacek (6 yellow evidence) in the hospital already talked with
    Stedtke this stage; Stedtke, walking towards Christianson beyond, enters the hospital
    and tries the arrest (1 AP): 1+1 catches him."""
    state = table(
        {"jacek": "hospital", "stedtke": "city.10", "christianson": "city.11"},
        german={"yellow": 6},
        rolls=(1, 1),
        talked=(pair("stedtke", "jacek"),),
        met=(("stedtke", "jacek"),),
    )
    state, events = TITLE.apply(spent(state, "stedtke"), GiveUp())
    assert acts(events)[:1] == [("stedtke", "arrest_location", "jacek")]
    moved = next(e for e in events if e.key == "curfew.german.moved")
    assert moved.params["target"] == "christianson" and moved.data["path"] == ["hospital"]
    assert "stawka.arrested" in keys(events)
    activated = next(e for e in events if e.key == "curfew.german.activated_h")
    done = next(e for e in events if e.key == "curfew.german.done" and e.params["rule"] == "H")
    assert (activated.params["ap"], done.params["ap"]) == (2, 0)  # a step and the arrest


def test_e_a_secret_learnt_talking_is_an_arrest_at_once_and_the_evidence_stays() -> None:
    """German E: "jeśli niemiecki agent w wyniku rozmowy uzyska ¿ – natychmiast aresztuje
    polskiego agenta (oczywiście nadal musi posiadać co najmniej 3 dowody)" (a German agent
    who learns the secret in a conversation arrests the Polish agent at once; of course he
    must still hold at least 3 evidence).  Jacek (3 yellow evidence) ends in the hospital;
    Stedtke talks with him there: 6+6+1 reaches his secret (12): Jacek goes to the jail
    with no roll of his, and the 3 evidence stay on the track."""
    state = table({"jacek": "city.4", "stedtke": "city.10"}, german={"yellow": 3}, rolls=(6, 6))
    state, events = played(state, Move(agent="jacek", to="hospital"), EndActivation())
    assert acts(events)[:2] == [("stedtke", "talks", "jacek"), ("stedtke", "secret_arrest", "jacek")]
    assert "stawka.conversation_secret" in keys(events)
    assert not [k for k in keys(events) if k.startswith("curfew.german.arrest_roll")]
    assert state.agent("jacek").status == "arrested" and state.agent("jacek").space == "jail"
    assert state.sides["german"].evidence["yellow"] >= 3


def test_e_kloss_s_secret_learnt_talking_exposes_him_and_the_game_is_lost() -> None:
    """German E on Kloss, with "Gra kończy się automatyczną porażką w razie dekonspiracji
    Hansa Klossa" (the game is lost at once when Kloss is exposed): Brunner talks with Kloss
    (3 black evidence) in the hospital, 6+6+1 reaches his secret (11): exposed, lost."""
    state = table({"kloss": "city.4", "hermann_brunner": "city.10"}, german={"black": 3}, rolls=(6, 6))
    state, events = played(state, Move(agent="kloss", to="hospital"), EndActivation())
    assert ("hermann_brunner", "exposed", "kloss") in acts(events)
    assert state.phase == "over" and state.end_key == "curfew.end.kloss_exposed"
    outcome = TITLE.outcome(state)
    assert outcome is not None and outcome.result == "loss"


def test_f_ending_in_a_location_with_a_polish_agent_burns_its_tiles() -> None:
    """German F: "jeśli niemiecki agent kończy aktywację w lokacji z polskim agentem, z tej
    lokacji usuwa wszystkie kafelki przedmiotów (przyjmuje się, że lokacja została
    „spalona”)" (a German agent who ends his activation in a location with a Polish agent
    removes every item tile from it: the location is "burnt").  Stedtke's 2 AP take him
    into the hospital and into a talk with Jacek: his activation ends there, and the
    hospital's tiles leave the game, unseen."""
    state = table({"jacek": "city.4", "stedtke": "city.10"}, rolls=(3, 3))
    tiles = state.stacks["hospital"]
    assert tiles
    state, events = played(state, Move(agent="jacek", to="hospital"), EndActivation())
    burnt = [e for e in events if e.key == "curfew.german.burnt"]
    assert [(e.params["agent"], e.params["location"], e.params["count"]) for e in burnt] == [
        ("stedtke", "hospital", len(tiles))
    ]
    assert state.stacks["hospital"] == () and state.burnt["hospital"] == tiles
    assert TITLE.view(state, "polish").burnt == {"hospital": len(tiles)}


def test_f_a_location_without_a_polish_agent_is_not_burnt() -> None:
    """German F only "w lokacji z polskim agentem": Stedtke's walk ends in the market, empty
    of Polish agents (Jacek two spaces on): its tiles stay."""
    state = table({"jacek": "city.6", "stedtke": "city.10"})
    tiles = state.stacks["market"]
    state, events = played(state, Move(agent="jacek", to="city.14"), EndActivation())
    assert state.agent("stedtke").space != "market" or state.stacks["market"] == tiles
    assert "curfew.german.burnt" not in keys(events)


def test_g_and_h_and_the_interrogation_at_the_end_of_a_stage_the_player_ended() -> None:
    """German H: "jeśli Gracz zdecyduje się zakończyć etap bez rozgrywania aktywacji swojego
    agenta, musi aktywować jeszcze jednego niemieckiego agenta (w pierwszej kolejności tego,
    któremu pozostało najwięcej niewykorzystanych PA)" (if the player ends the stage without
    playing his agent's activation he must activate one more German agent, the one with
    the most AP left first).  G: "jeśli w areszcie przebywają polscy agenci, na koniec etapu
    Gracz musi aktywować przypisanego mu kolorem niemieckiego agenta poruszając go o połowę
    przypisanego mu limitu PA" (with Polish agents in the jail, at the stage's end the
    German agent of each one's colour moves half his AP limit).  "Aresztowany polski agent
    na koniec etapu zawsze jest przesłuchiwany" (an arrested Polish agent is always
    interrogated at the stage's end).  Jacek in the jail; Stedtke (yellow) has spent all
    his 5 AP, Fritz Kopf 1 of 5, the others more: the player ends the stage: H activates
    Fritz (2 AP, his first: half of 5), G Stedtke for 2 (half of 5, though he has none
    left), then Jacek is interrogated."""
    state = table({"stedtke": "police.14", "fritz_kopf": "police.5"})
    used = {"hermann_brunner": 3, "stedtke": 5, "fritz_kopf": 1, "erik_kopf": 2}
    agents = tuple(
        a.model_copy(update={"ap_used": used[a.id]})
        if a.id in used
        else a.model_copy(update={"status": "arrested", "space": "jail"})
        if a.id == "jacek"
        else a
        for a in state.agents
    )
    state, events = TITLE.apply(state.model_copy(update={"agents": agents}), GiveUp())
    begun = [
        (e.key.rsplit("_", 1)[-1], e.params["agent"], e.params["ap"])
        for e in events
        if e.key.startswith("curfew.german.activated_")
    ]
    assert begun == [("h", "fritz_kopf", 2), ("g", "stedtke", 2)]
    order = keys(events)
    assert order.index("curfew.german.activated_g") < order.index("curfew.german.interrogates")
    assert ("stedtke", "interrogates", "jacek") in acts(events)
    assert order.index("curfew.german.interrogates") < order.index("stawka.stage_end")


def test_h_is_not_taken_when_the_agents_limits_are_used_up() -> None:
    """German H only when the player "zdecyduje się zakończyć etap" (decides to end the
    stage): a stage that ends because his agents' AP limits are used up ("aż do wyczerpania
    ich limitów PA") calls no extra German agent."""
    ended = steps_where(lambda s: s.after.stage > s.before.stage and not isinstance(s.action, GiveUp))
    assert ended
    for step in ended:
        assert "curfew.german.activated_h" not in step.event_keys() or step.before.sides["polish"].gave_up


# -- Cel gry, Aresztowani polscy agenci, Ocena wyników ---------------------------------------


def test_the_game_is_six_stages_long() -> None:
    """Cel gry: "Zdobyć jak najwięcej PZ do końca 6 etapu" (score as many VP as you can by
    the end of stage 6): every game not lost at once ends with the end of its sixth stage,
    scored; none goes on into a seventh."""
    timed = 0
    for game in games():
        last = game[-1].after
        starts = [
            int(str(e.params["stage"])) for step in game for e in step.events if e.key == "stawka.stage_start"
        ]
        assert all(stage <= 6 for stage in starts)
        if last.end_key == "curfew.end.time":
            ends = [step for step in game if "stawka.stage_end" in step.event_keys()]
            assert starts[-1] == 6 and len(ends) == 6
            assert "curfew.scored" in game[-1].event_keys()
            timed += 1
        else:
            assert last.defeat is not None
    assert timed > 20


SECRET_VP = {"yellow": 4, "purple": 6, "blue": 8, "black": 11}
"""Ours (README: the colour symbols are lost from the text): by the colour's weight."""


@pytest.mark.parametrize("colour", sorted(SECRET_VP))
def test_a_secret_from_a_german_agent_with_three_evidence_pays_by_his_colour(colour: str) -> None:
    """Cel gry: "Osiągnięcie ¿ na niemieckim agencie obciążonym co najmniej 3 dowodami
    daje: 4 PZ za niemieckiego agenta w kolorze [...], 6 PZ [...], 8 PZ [...], 11 PZ [...]"
    (a secret from a German agent burdened with at least 3 evidence gives 4, 6, 8 or 11 VP
    by his colour; the colours' symbols are lost: ours, yellow 4, purple 6, blue 8, black
    11).  Christianson talks with Erik Kopf (given `colour`, 3 evidence on it) in the
    hospital: 6+6+1 reaches Erik's secret (12)."""
    state = table({"christianson": "hospital", "erik_kopf": "hospital"}, polish={colour: 3}, rolls=(6, 6))
    swapped = tuple(
        a.model_copy(update={"colour": colour})
        if a.id == "erik_kopf"
        else a.model_copy(update={"colour": "purple"})
        if a.side == "german" and a.colour == colour
        else a
        for a in state.agents
    )
    state = state.model_copy(update={"agents": swapped})
    after, events = TITLE.apply(state, Converse(agent="christianson", target="erik_kopf"))
    assert "stawka.conversation_secret" in keys(events)
    assert (
        after.sides["polish"].vp - state.sides["polish"].vp
        == SECRET_VP[colour]
        == load_content().secret_vp[colour]
    )


def test_a_secret_needs_three_evidence_on_the_german() -> None:
    """Cel gry: "na niemieckim agencie obciążonym co najmniej 3 dowodami" (on a German agent
    burdened with at least 3 evidence): with 2 on Erik Kopf, the same 6+6 is no secret and
    pays no VP."""
    state = table({"christianson": "hospital", "erik_kopf": "hospital"}, polish={"purple": 2}, rolls=(6, 6))
    after, events = TITLE.apply(state, Converse(agent="christianson", target="erik_kopf"))
    assert "stawka.conversation_secret" not in keys(events)
    assert after.sides["polish"].vp == state.sides["polish"].vp


# -- Przygotowanie i interpretacja niemieckich kart lokacji ------------------------------------


def next_stage_with(state: CurfewState, card: str) -> tuple[CurfewState, list[Event]]:
    """The player ends stage 1 with `card` on top of the German deck and every German agent's
    AP spent (so rule H moves nobody): the state at his turn of stage 2, and the events
    from the card's reveal on."""
    deck = state.german_deck.model_copy(
        update={"pile": (card, *(c for c in state.german_deck.pile if c != card))}
    )
    state, events = TITLE.apply(spent(state.model_copy(update={"german_deck": deck})), GiveUp())
    assert "curfew.german.activated_h" not in keys(events)
    shown = keys(events).index("curfew.card")
    assert events[shown].params["card"] == card and state.stage == 2
    return state, events[shown:]


def card_target(events: list[Event]) -> str | None:
    picked = [e.params["target"] for e in events if e.key == "curfew.card_target"]
    return str(picked[0]) if picked else None


def test_the_german_deck_is_revealed_from_the_second_stage_on() -> None:
    """ "Na początku każdego etapu (z wyjątkiem pierwszego etapu), Gracz będzie musiał
    odsłaniać wierzchnią kartę z talii lokacji niemieckiej i wprowadzić jej efekty karty"
    (at the start of every stage but the first the player reveals the German deck's top
    card and applies its effects): stage 1 opens with all nine face down; ending it turns
    over the top card, and the deck then holds eight."""
    state = table({})
    assert len(state.german_deck.pile) == 9 and state.german_deck.discard == ()
    top = state.german_deck.pile[0]
    state, _ = next_stage_with(state, top)
    assert state.german_deck.discard == (top,) and len(state.german_deck.pile) == 8


@pytest.mark.parametrize(
    ("burden", "moved"),
    [
        ({"yellow": 4, "purple": 4, "blue": 2}, "christianson"),
        ({"yellow": 5, "purple": 4, "blue": 2}, "jacek"),
    ],
)
def test_gestapo_takes_the_most_burdened_agent_in_a_location_then_the_higher_rank(
    burden: dict[str, int], moved: str
) -> None:
    """GESTAPO: "jeśli kilku polskich agentów przebywa w lokacji, w pierwszej kolejności
    należy przesunąć do gestapo polskiego agenta najbardziej obciążonego dowodami, jeśli
    mają po tyle samo dowodów, tego który ma wyższą ¥" (with several Polish agents in
    locations, first move to the Gestapo the one with the most evidence against him; with
    equal evidence, the one of the higher ¥: ours, rank, the symbol being lost).  Jacek
    (rank 3) in the hospital, Christianson (rank 6) in the market, Ingrid in the tenement,
    Kloss on a street: with 4 and 4 Christianson goes, with 5 on Jacek Jacek does."""
    state = table(
        {"jacek": "hospital", "christianson": "market", "ingrid_heizer": "tenement", "kloss": "city.4"},
        german=burden,
    )
    state, events = next_stage_with(state, "german-gestapo")
    assert card_target(events) == moved and state.agent(moved).space == "gestapo"


def test_police_station_picks_an_armed_agent_on_a_street() -> None:
    """POSTERUNEK: "jeśli jest taka możliwość należy wybrać polskiego agenta będącego na
    ulicy i posiadającego broń" (where possible choose a Polish agent on a street holding a
    weapon).  Jacek and Christianson on streets, only Christianson armed: he is picked and
    loses the weapon (the card's effect)."""
    weapon = next(i.id for i in stawka_content.load_content().items if i.effect.kind == "weapon")
    state = table({"jacek": "city.4", "christianson": "city.5"})
    state = curfew_state(
        state.with_agent(state.agent("christianson").model_copy(update={"items": (weapon,)}))
    )
    state, events = next_stage_with(state, "german-police_station")
    assert card_target(events) == "christianson" and weapon not in state.agent("christianson").items


def test_employment_office_picks_the_most_burdened_agent() -> None:
    """URZĄD zatrudnienia: "jeśli jest taka możliwość należy wybrać polskiego agenta
    najbardziej obciążonego dowodami" (where possible choose the Polish agent with the most
    evidence against him): Ingrid, with 5 of the blue, gets the card's 2 more."""
    state = table({}, german={"yellow": 2, "blue": 5, "purple": 4, "black": 1})
    state, events = next_stage_with(state, "german-employment_office")
    assert card_target(events) == "ingrid_heizer" and state.sides["german"].evidence["blue"] == 7


def test_waterfront_brings_hans_kloss() -> None:
    """NADBRZEŻE: "przenieś do tej lokacji Hansa Klossa" (move Hans Kloss to this location)."""
    state = table({"kloss": "city.4"}, german={"yellow": 5})
    state, events = next_stage_with(state, "german-waterfront")
    assert card_target(events) == "kloss" and state.agent("kloss").space == "waterfront"


def test_cafe_brings_the_german_of_the_colour_of_the_polish_agent_nearest_it() -> None:
    """KAWIARNIA: "przenieś do tej lokacji niemieckiego agenta, który kolorem odpowiada
    najbliższemu kawiarni polskiemu agentowi" (move to the café the German agent whose
    colour is that of the Polish agent nearest the café): Ingrid (blue) on villa.9, a step
    from it, the others far: Fritz Kopf (blue) comes to the café."""
    state = table({"ingrid_heizer": "villa.9"})
    state, events = next_stage_with(state, "german-cafe")
    assert card_target(events) == "fritz_kopf" and state.agent("fritz_kopf").space == "cafe"


@pytest.mark.parametrize(("mission", "tired"), [(True, "jacek"), (False, "kloss")])
def test_tenement_takes_3_ap_from_an_agent_with_a_mission_card_else_from_kloss(
    mission: bool, tired: str
) -> None:
    """KAMIENICA: "przydziel 3 PA jednemu z agentów, który posiada kartę misji, jeśli żaden
    z polskich agentów jej nie posiada, to przydziel 3 PA Hansowi Klossowi" (assign 3 AP to
    one of the agents holding a mission card; if none holds one, to Hans Kloss).  Ours
    (README): "przydziel" assigns the card's loss, "uses up 3 AP of his limit this stage"."""
    state = table({})
    if mission:
        state = curfew_state(state.with_agent(state.agent("jacek").model_copy(update={"mission": "jacek-1"})))
    state, events = next_stage_with(state, "german-tenement")
    assert card_target(events) == tired
    assert state.agent(tired).tired == 3
    assert state.sides["polish"].ap == sum(
        ap_limit(state, a) - a.tired for a in state.agents_of("polish") if a.status == "free"
    )


# -- Aresztowani polscy agenci, the defeats, the score --------------------------------------


def test_a_prisoner_who_betrays_his_secret_works_kloss_out() -> None:
    """Aresztowani polscy agenci: "Aresztowany polski agent na koniec etapu zawsze jest
    przesłuchiwany. Jeśli zdradzi ¿ przyjmuje się, że Hans Kloss został rozpracowany" (an
    arrested Polish agent is always interrogated at the stage's end; if he betrays the
    secret, Hans Kloss is taken to be worked out).  Jacek (3 yellow evidence) in the jail;
    the player ends the stage; Stedtke's interrogation rolls 6+6+1, Jacek's secret (12):
    Kloss is worked out, and the game goes on."""
    state = table({"stedtke": "police.14"}, german={"yellow": 3}, rolls=(6, 6))
    jacek = state.agent("jacek").model_copy(update={"status": "arrested", "space": "jail"})
    state, events = TITLE.apply(spent(curfew_state(state.with_agent(jacek))), GiveUp())
    order = keys(events)
    assert order.index("curfew.german.interrogates") < order.index("stawka.interrogation_secret")
    assert order.index("stawka.interrogation_secret") < order.index("curfew.betrayed")
    assert state.worked_out and state.phase == "activations" and state.stage == 2


def test_three_polish_agents_arrested_lose_the_game_at_once() -> None:
    """Cel gry: "Gra kończy się automatyczną porażką w razie dekonspiracji Hansa Klossa lub
    aresztowania trzech członków polskiej siatki!" (the game is lost at once when Kloss is
    exposed or three members of the network are arrested; ours: three in the jail at
    once).  Ingrid and Christianson in the jail; Stedtke learns Jacek's secret talking (E):
    the third arrest ends the game, lost."""
    state = table({"jacek": "city.4", "stedtke": "city.10"}, german={"yellow": 3}, rolls=(6, 6))
    jailed = tuple(
        a.model_copy(update={"status": "arrested", "space": "jail"})
        if a.id in ("ingrid_heizer", "christianson")
        else a
        for a in state.agents
    )
    state = state.model_copy(update={"agents": jailed})
    state, events = played(state, Move(agent="jacek", to="hospital"), EndActivation())
    assert ("stedtke", "secret_arrest", "jacek") in acts(events)
    assert state.phase == "over" and state.end_key == "curfew.end.arrests"
    outcome = TITLE.outcome(state)
    assert (
        outcome is not None
        and outcome.result == "loss"
        and outcome.bands
        and not any(b.current for b in outcome.bands)
    )


def test_kloss_arrested_loses_the_game_at_once() -> None:
    """ "UWAGA: aresztowanie Hansa Klossa automatycznie oznacza przegraną gracza" (Kloss's
    arrest means the player's defeat at once).  A worked-out Kloss ends on city.14;
    Brunner, a step away, tries to arrest him on the street (C): 1+1 catches him."""
    state = table(
        {"kloss": "city.4", "hermann_brunner": "city.12"}, german={"black": 10}, rolls=(1, 1), worked_out=True
    )
    state, events = played(state, Move(agent="kloss", to="city.14"), EndActivation())
    assert ("hermann_brunner", "arrest_street", "kloss") in acts(events)
    assert state.phase == "over" and state.end_key == "curfew.end.kloss_arrested"


def test_each_evidence_on_an_arrested_agent_costs_one_vp_at_the_end() -> None:
    """ "Gracz traci PZ: -1 PZ za każdy dowód zgromadzony przez Niemców na aresztowanego
    polskiego agenta" (the player loses 1 VP for each German evidence on an arrested Polish
    agent); "Na koniec gry ilość dowodów zebranych przez Niemców na aresztowanych oznacza
    ujemne PZ" (at the game's end, the evidence on the arrested counts against him).  7 VP,
    Jacek in the jail with 4 yellow evidence, 6 black on the free Kloss: 7 - 4 = 3, a
    "dotkliwa porażka" (below 5)."""
    from rules.curfew.scoring import finish, penalty, score

    state = table({}, german={"yellow": 4, "black": 6})
    state = state.model_copy(
        update={
            "agents": tuple(
                a.model_copy(update={"status": "arrested", "space": "jail"}) if a.id == "jacek" else a
                for a in state.agents
            ),
            "sides": {**state.sides, "polish": state.sides["polish"].model_copy(update={"vp": 7})},
        }
    )
    assert (penalty(state), score(state)) == (4, 3)
    ended, events = finish(state, "curfew.end.time")
    outcome = TITLE.outcome(ended)
    assert outcome is not None and outcome.scores == {"polish": 3.0}
    assert outcome.key == "curfew.rating.severe_defeat"
    assert events[-1].params == {"vp": 7, "penalty": 4, "score": 3, "rating": "severe_defeat"}


@pytest.mark.parametrize(
    ("score", "band"),
    [
        (-6, "severe_defeat"),
        (4, "severe_defeat"),
        (5, "defeat"),
        (9, "defeat"),
        (10, "satisfactory"),
        (13, "satisfactory"),
        (14, "excellent"),
        (17, "excellent"),
        (18, "masterly"),
        (25, "masterly"),
    ],
)
def test_the_rating_table_band_by_band(score: int, band: str) -> None:
    """Ocena wyników: "< 5 PZ dotkliwa porażka, 5 - 9 PZ porażka, 10 - 13 zadowalający,
    14 - 17 doskonały, 18 > rozgrywka mistrzowska" (below 5 a severe defeat, 5-9 a defeat,
    10-13 satisfactory, 14-17 excellent, 18 and more masterly): each band's edges."""
    assert load_content().rating(score).id == band


@pytest.mark.parametrize(("rolls", "passed"), [((6, 5), True), ((6, 4), False)])
def test_a_document_check_token_is_a_test_made_harder_by_its_value(
    rolls: tuple[int, int], passed: bool
) -> None:
    """Page 1: "kontrola +3" (a document check +3), one of the four tokens "kontrola
    dokumentów" that take part, the German seat's (Stawka's Threat Tokens: the roll less
    the token's difficulty must beat the alertness; a failure sends the agent back and
    ends his activation).  Jacek (alertness 8, +1 to his alertness tests) walks city.4 ->
    city.11 -> the hospital, where the +3 lies: 6+5-3+1 = 9 passes (the token is discarded,
    he stays), 6+4-3+1 = 8 fails (back to city.11, his activation over, Stedtke answers)."""
    token = next(t for t in load_content().threat_tokens if _amount(t) == 3)
    state = table({"jacek": "city.4"}, rolls=rolls, threats={"hospital": token})
    state, events = TITLE.apply(state, Move(agent="jacek", to="hospital"))
    test = next(e for e in events if e.key.startswith("stawka.test_document_check"))
    assert test.data["modifiers"] == [["check", -3], ["trait", 1]]
    assert test.key.endswith("passed" if passed else "failed")
    if passed:
        assert state.agent("jacek").space == "hospital" and "hospital" not in state.threats
    else:
        assert state.agent("jacek").space == "city.11" and state.activation is None
        assert "curfew.german.activated_a" in keys(events)


def _amount(token: str) -> int:
    return next(t for t in stawka_content.load_content().threats if t.id == token).amount


def test_equally_near_polish_agents_the_player_says_which_the_german_heads_for() -> None:
    """ "UWAGA: jeśli w tej samej odległości znajduje się kilku polskich agentów, to Gracz
    decyduje w kierunku którego będzie się kierował niemiecki agent" (with several Polish
    agents equally far, the player decides which the German agent heads for).  Stedtke on
    city.10, Jacek on city.2 and Christianson on city.3, a step each: the player is asked,
    picks Christianson, and Stedtke walks to him (and, on his street, tries the arrest: C)."""
    state = table({"stedtke": "city.10", "jacek": "city.2", "christianson": "city.3"}, rolls=(6, 6))
    state, _ = TITLE.apply(spent(state, "stedtke"), GiveUp())
    decision = TITLE.decision(state)
    assert isinstance(decision, TieBreak) and decision.purpose == "target"
    assert set(decision.options) == {"jacek", "christianson"} and TITLE.to_act(state) == "polish"
    state, events = TITLE.apply(state, Choose(option="christianson"))
    walk = next(e for e in events if e.key == "curfew.german.moved")
    assert (walk.params["target"], walk.data["path"]) == ("christianson", ["city.3"])
    assert acts(events)[:1] == [("stedtke", "arrest_street", "christianson")]


def test_d_ours_a_german_who_arrives_with_no_ap_left_tries_nothing_in_a_location() -> None:
    """German B prices the arrest in a location ("kosztem 1 PA"), and C alone is free ("to
    działanie nie jest akcją kosztującą 1 PA"): ours, a German agent whose walk spent his
    last AP on reaching a Polish agent in a location neither talks nor tries D's arrest
    (README, "The German agents").  Stedtke's 2 AP take him city.2 -> city.10 -> the
    hospital, where Jacek (6 evidence) stands: no arrest, and his activation ends there,
    burning the hospital (F)."""
    state = table({"jacek": "city.4", "stedtke": "city.2"}, german={"yellow": 6})
    state, events = played(state, Move(agent="jacek", to="hospital"), EndActivation())
    assert acts(events) == []
    assert state.agent("stedtke").space == "hospital" and state.agent("jacek").status == "free"
    assert "curfew.german.burnt" in keys(events)


def test_b_ours_leaving_the_german_street_he_stands_on_is_no_test() -> None:
    """Curfew B tests an agent who "chce przejść przez pole ulicy" (wants to pass through a
    street space) with a German agent; ours: the space he begins his walk on is not passed
    through, so an agent leaving a German's street he stands on (Kloss, whom the German
    only talked with) takes no test (one passing a German's street on his way does:
    `test_b_passing_a_german_street_is_an_alertness_test_at_once_and_the_walk_goes_on`)."""
    state = table({"kloss": "city.14", "hermann_brunner": "city.14"})
    after, events = TITLE.apply(state, Move(agent="kloss", to="city.12"))
    assert keys(events) == ["stawka.moved"] and after.rng == state.rng


@pytest.mark.parametrize(
    ("black", "key", "vp"), [(0, "stawka.mission_basic", 2), (6, "stawka.mission_special", 5)]
)
def test_a_basic_mission_pays_two_vp_and_a_special_one_five(black: int, key: str, vp: int) -> None:
    """Cel gry: "Gracz otrzymuje: 2 PZ za realizację misji podstawowej, 5 PZ za realiację
    misji specjalnej" (the player gets 2 VP for a basic mission completed, 5 for a special
    one).  Kloss passes Christianson his third card in the hospital, a sector with no
    German agent (Stawka's passing): its basic goal, "share a space with your black
    agent", is met at once: 2 VP; with 6 evidence on the black German its special goal is
    met too, which pays instead: 5 VP.  With Stedtke in the sector no card is passed."""
    state = table({"kloss": "hospital", "christianson": "hospital"}, polish={"black": black})
    after, events = TITLE.apply(
        state, PassMission(agent="kloss", receiver="christianson", mission="christianson-3")
    )
    done = [e for e in events if e.kind == "mission_done"]
    assert [(e.key, e.params["vp"]) for e in done] == [(key, vp)]
    assert after.sides["polish"].vp - state.sides["polish"].vp == vp
    guarded = table({"kloss": "hospital", "christianson": "hospital", "stedtke": "city.2"})
    assert not [a for a in TITLE.legal_actions(guarded) if isinstance(a, PassMission)]
