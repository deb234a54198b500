"""The Stawka content data: counts, the rulebook's numbers, cross-references, the board.

Each test names the rulebook section whose facts it checks.
"""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import pytest

from rules.stawka.content import (
    COLOURS,
    DATA_DIR,
    SIDES,
    PlacedFace,
    StawkaContent,
    assemble_board,
    load_content,
    load_content_from,
)


@pytest.fixture(scope="module")
def content() -> StawkaContent:
    return load_content()


def _copy_data(tmp_path: Path) -> Path:
    for source in DATA_DIR.glob("*.toml"):
        (tmp_path / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


def _edit(directory: Path, name: str, old: str, new: str) -> None:
    path = directory / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# -- counts ("Game Components") ------------------------------------------------------------


def test_board_counts(content: StawkaContent) -> None:
    """Game Components, Board: seven tiles, three double-sided; 26 locations, 5 items each."""
    assert len(content.faces) == 10
    tiles = Counter(f.tile for f in content.faces)
    assert len(tiles) == 7
    assert sorted(tiles.values()) == [1, 1, 1, 1, 2, 2, 2]
    assert len(content.locations) == 26
    assert len(content.items) == 130
    assert all(len(content.items_at(loc.id)) == 5 for loc in content.locations)


def test_named_sectors_and_locations(content: StawkaContent) -> None:
    """Sectors: the nine faces the rulebook names, and every named location exists."""
    names = {f.id for f in content.faces}
    assert {
        "hitlerplatz",
        "administrative",
        "police",
        "railway",
        "city",
        "military",
        "villa",
        "waterfront",
        "factory",
    } <= names
    for location in (
        "gestapo",
        "jail",
        "police_station",
        "employment_office",
        "courts",
        "ss_villa",
        "abwehr",
        "rail_office",
        "telephone_booth",
        "hotel",
        "theatre",
        "market",
        "railway_station",
        "tenement",
        "hospital",
        "park",
        "cafe",
        "waterfront",
        "officers_apartments",
        "factory",
        "fort",
        "cemetery",
        "barracks",
        "bunker",
        "design_office",
    ):
        content.location(location)


def test_telephone_symbols(content: StawkaContent) -> None:
    """Sectors, point 2: exactly the ten locations with a telephone symbol."""
    assert {loc.id for loc in content.locations if loc.telephone} == {
        "gestapo",
        "jail",
        "police_station",
        "employment_office",
        "courts",
        "ss_villa",
        "abwehr",
        "rail_office",
        "telephone_booth",
        "hotel",
    }


def test_fort_document_check(content: StawkaContent) -> None:
    """Sectors, NOTE: the military sector's fort checks documents, chiefs exempt."""
    fort = content.location("fort")
    assert fort.sector == "military"
    assert fort.document_check is not None and fort.document_check.chiefs_exempt
    assert [loc.id for loc in content.locations if loc.document_check] == ["fort"]


def test_side_only_paths(content: StawkaContent) -> None:
    """Sectors: the police sector's blue path is German only, the city's red one Polish only."""
    restricted = {(face.id, p.side) for face in content.faces for p in face.paths if p.side is not None}
    assert restricted == {("police", "german"), ("city", "polish")}


def test_planning_cards_and_track(content: StawkaContent) -> None:
    """Planning Card; Investigation Track, point 4: five cards a side, five ranges 0-10."""
    for side in SIDES:
        assert len([p for p in content.planning_cards if p.side == side]) == 5
    assert len(content.investigation) == 5
    assert content.range_for(2).conversation_bonus == 0 and not content.range_for(2).secrets
    assert content.range_for(3).conversation_bonus == 1 and content.range_for(3).secrets
    assert not content.range_for(5).arrest and content.range_for(6).arrest
    # Arrest example: against Jacek's 6+ evidence the interrogation gets +2.
    assert content.range_for(6).conversation_bonus == 2
    assert content.range_for(10).chief_lost and not content.range_for(9).chief_lost


# -- agents ("Agent Document" and the examples) ---------------------------------------------


def test_conversation_examples_numbers(content: StawkaContent) -> None:
    """Conversation, examples 1-3 and Example 3 continued."""
    jacek = content.document("jacek")
    assert jacek.rank == 3 and content.document("bruno_dreher").rank == 3
    ingrid = content.document("ingrid_heizer")
    brunner = content.document("hermann_brunner")
    assert (ingrid.rank, brunner.rank) == (4, 8)
    # Ingrid's 9 is a single against Brunner; 9 + 2 (her trait) = 11 a double.
    assert brunner.thresholds.single <= 9 < brunner.thresholds.double
    assert brunner.thresholds.double <= 11 < brunner.thresholds.secret
    assert [(m.kind, m.amount) for m in ingrid.trait.modifiers] == [("conversation_roll", 2)]
    # The German 3 + 5 + 2 (flowers) + 1 (track) = 11 extracts Ingrid's secret.
    assert ingrid.thresholds.secret <= 11


def test_arrest_example_numbers(content: StawkaContent) -> None:
    """Arrest Action, example: roll 7 arrests Jacek (alertness 8); 6 + 2 = 8 is below his 9."""
    jacek = content.document("jacek")
    assert jacek.alertness == 8
    assert jacek.thresholds.single == 9
    assert content.document("stedtke").can_arrest
    assert not any(d.can_arrest for d in content.documents if d.side == "polish")


def test_assassination_and_threat_examples(content: StawkaContent) -> None:
    """Assassination example (Marta defence 8, pistol +2, bayonet +0); threat token example."""
    assert content.document("marta_becher").defence == 8
    effects = {i.name.en: i.effect for i in content.items}
    assert (effects["Pistol"].kind, effects["Pistol"].amount) == ("weapon", 2)
    assert (effects["Bayonet"].kind, effects["Bayonet"].amount) == ("weapon", 0)
    assert (effects["Flowers"].kind, effects["Flowers"].amount) == ("conversation", 2)
    assert effects["Grenade"].reach > 0 and effects["Rifle"].reach > 0
    assert effects["Dynamite"].reach > 0
    # 10 - 2 (document check) equals Christianson's alertness; 10 - 2 + 1 = 9 beats it.
    assert content.document("christianson").alertness == 8


def test_black_audi(content: StawkaContent) -> None:
    """Top Secret, The Black Audi: AP limit 5, defence 6, alertness 7."""
    (audi,) = content.vehicles
    assert (audi.ap_limit, audi.defence, audi.alertness) == (5, 6, 7)
    assert content.scenario("top-secret").vehicles[0].start == "barracks"


def test_documents_rules(content: StawkaContent) -> None:
    """Agent Document, Figure, Mission Cards, Arrest Action."""
    assert len(content.documents_of("kloss")) == 3
    assert all(4 <= d.alertness <= 9 and 1 <= d.rank <= 9 for d in content.documents)
    chiefs = {d.agent for d in content.documents if d.chief}
    assert chiefs == {"kloss", "hermann_brunner", "stedtke", "fritz_kopf"}
    ss = {d.agent for d in content.documents if d.function == "ss_officer"}
    assert ss == {"hermann_brunner", "stedtke", "fritz_kopf", "erik_kopf"}
    without = {d.agent for d in content.documents if not d.missions}
    assert without == {"kloss", "hermann_brunner", "stedtke"}
    fritz = content.document("fritz_kopf")
    assert fritz.missions_only_from_items_or_hideouts and fritz.colour == "black"
    women = ("ingrid_heizer", "irena", "emma_schmidt", "barbara_reczko", "marta_becher", "old_lady")
    assert all(content.document(w).function == "civilian" for w in women)
    for side in SIDES:
        colours = {d.colour for d in content.documents if d.side == side}
        assert colours == set(COLOURS)


# -- scenarios ---------------------------------------------------------------------------------


def test_scenarios_present(content: StawkaContent) -> None:
    """Scenarios: three training, three film scenarios and the free scenario; and the solo
    scenario Godzina policyjna (seed 001), which its own title plays."""
    assert {s.id for s in content.scenarios if s.title == "stawka"} == {
        "training-1",
        "training-2",
        "training-3",
        "i-know-who-you-are",
        "hotel-excelsior",
        "top-secret",
        "free",
    }
    assert {(s.id, s.title) for s in content.scenarios if s.title != "stawka"} == {("curfew", "curfew")}


def test_training_1_setup(content: StawkaContent) -> None:
    """Training Campaign - Scenario 1: sectors, start positions, 8 stages, two secrets."""
    s = content.scenario("training-1")
    assert [p.face for p in s.board] == ["hitlerplatz", "administrative"]
    assert {a.agent: a.start for a in s.agents} == {
        "kloss": "officers_apartments",
        "ingrid_heizer": "hotel",
        "glaubel": "employment_office",
        "marta_becher": "theatre",
    }
    assert s.kloss_document in {d.id for d in content.documents_of("kloss")}
    assert s.stages == 8 and s.victory.secrets_to_win == 2 and s.victory.draw_at_end
    assert s.carry_over is not None and s.carry_over.halve_evidence
    assert not s.carry_over.kloss_track_keepable


def test_training_2_and_3(content: StawkaContent) -> None:
    """Scenarios 2 and 3: sectors, VP values, 11 VP, stage counts, the chief alternative."""
    t2 = content.scenario("training-2")
    assert [p.face for p in t2.board] == ["hitlerplatz", "administrative", "police"]
    starts = {a.agent: a.start for a in t2.agents}
    assert starts["kloss"] == starts["hermann_brunner"] == "gestapo"
    v = t2.victory
    assert (v.vp_basic_mission, v.vp_special_mission, v.vp_per_secret, v.vp_to_win) == (2, 4, 3, 11)
    assert v.chief_lost_loses and t2.stages == 8
    assert t2.placement is not None and t2.placement.forbidden_sectors == ("police",)
    assert t2.carry_over is not None and t2.carry_over.winner_keeps_items == 1
    t3 = content.scenario("training-3")
    assert t3.stages == 10 and t3.location_card_limit == 2
    assert t3.victory.secrets_to_win == 3 and t3.victory.vp_to_win == 11
    assert t3.placement is not None and t3.placement.max_per_sector_per_side == 1


def test_i_know_who_you_are_holds_14_locations(content: StawkaContent) -> None:
    """Location Cards, example: the five sectors of "I Know Who You Are" hold 14 locations."""
    s = content.scenario("i-know-who-you-are")
    assert {p.face for p in s.board} == {"police", "administrative", "railway", "city", "military"}
    locations = [lid for p in s.board for lid in content.face(p.face).location_ids]
    assert len(locations) == 14
    # Erratum: the Polish agent at the hospital (printed "Marta Becher") is Christianson.
    polish = {a.agent for a in s.agents if a.side == "polish"}
    assert polish == {"irena", "jacek", "christianson", "kloss"}
    assert content.location("abwehr").sector == "military"


def test_every_scenario_start_lies_on_its_board(content: StawkaContent) -> None:
    for s in content.scenarios:
        board = assemble_board(content, s.board)
        for a in s.agents:
            assert a.start is None or a.start in board.sector_of, (s.id, a.agent)


def test_every_scenario_has_one_agent_of_each_colour_per_side(content: StawkaContent) -> None:
    """Free Scenarios, G: each network has one agent in each colour."""
    for s in content.scenarios:
        for side in SIDES:
            colours = [content.documents_of(a.agent)[0].colour for a in s.agents if a.side == side]
            assert len(colours) == len(set(colours)), (s.id, side)
            if len(colours) == 4:
                assert set(colours) == set(COLOURS)


# -- the board ---------------------------------------------------------------------------------


def test_any_two_faces_join_in_any_rotation(content: StawkaContent) -> None:
    """Sectors: streets cross from sector to sector: two joins on every shared edge."""
    for a, b in itertools.combinations(content.faces[:4], 2):
        for ra, rb in itertools.product(range(4), repeat=2):
            for col, row in ((1, 0), (0, 1)):
                board = assemble_board(
                    content,
                    [
                        PlacedFace(face=a.id, col=0, row=0, rotation=ra),
                        PlacedFace(face=b.id, col=col, row=row, rotation=rb),
                    ],
                )
                crossing = [(x, y) for x, y, _ in board.paths if board.sector_of[x] != board.sector_of[y]]
                assert len(crossing) == 2


def test_rotation_keeps_crossings_at_matching_points(content: StawkaContent) -> None:
    board = assemble_board(
        content,
        [
            PlacedFace(face="hitlerplatz", col=0, row=0, rotation=1),
            PlacedFace(face="administrative", col=1, row=0, rotation=3),
        ],
    )
    for x, y, _ in board.paths:
        if board.sector_of[x] != board.sector_of[y]:
            (x1, y1), (x2, y2) = board.position[x], board.position[y]
            assert y1 == y2 and abs(x1 - x2) == 160


def test_scenario_boards_are_connected(content: StawkaContent) -> None:
    for s in content.scenarios:
        board = assemble_board(content, s.board)
        neighbours: dict[str, set[str]] = {space: set() for space in board.spaces}
        for a, b, side in board.paths:
            if side is None:
                neighbours[a].add(b)
                neighbours[b].add(a)
        seen = {board.spaces[0]}
        todo = [board.spaces[0]]
        while todo:
            for n in neighbours[todo.pop()] - seen:
                seen.add(n)
                todo.append(n)
        assert seen == set(board.spaces), s.id


# -- validation --------------------------------------------------------------------------------


def test_corrupt_number_gives_clear_value_error(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(data, "agents.toml", "rank = 3", "rank = 12")
    with pytest.raises(ValueError, match="rank"):
        load_content_from(data)


def test_unknown_location_in_scenario_is_refused(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(data, "scenarios.toml", 'start = "theatre"', 'start = "opera"')
    with pytest.raises(ValueError, match="opera"):
        load_content_from(data)


def test_unknown_agent_in_scenario_is_refused(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(data, "scenarios.toml", 'agent = "glaubel"', 'agent = "klaus"')
    with pytest.raises(ValueError, match="unknown agent klaus"):
        load_content_from(data)


def test_crossing_paths_are_refused(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(
        data,
        "sectors.toml",
        '"hitlerplatz.13 hitlerplatz.14",',
        '"hitlerplatz.13 hitlerplatz.14",\n  "hitlerplatz.9 hitlerplatz.16",',
    )
    with pytest.raises(ValueError, match="crosses"):
        load_content_from(data)


def test_broken_toml_names_the_file(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(data, "items.toml", "[[items]]", "[[items]")
    with pytest.raises(ValueError, match=r"items\.toml"):
        load_content_from(data)


def test_two_agents_of_one_colour_are_refused(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(
        data,
        "agents.toml",
        'colour = "purple"\nrank = 4\nfunction = "civilian"\nap_limit = 4\ndefence = 8',
        'colour = "blue"\nrank = 4\nfunction = "civilian"\nap_limit = 4\ndefence = 8',
    )
    with pytest.raises(ValueError, match="one colour"):
        load_content_from(data)


# -- extended and advanced content ------------------------------------------------------------


def test_three_mission_cards_per_eligible_agent(content: StawkaContent) -> None:
    """Mission Cards, point 1: three unique cards for every agent but Kloss, Brunner, Stedtke."""
    agents = {d.agent for d in content.documents}
    for agent in agents:
        expected = 0 if agent in {"kloss", "hermann_brunner", "stedtke"} else 3
        assert len(content.missions_of(agent)) == expected, agent
    assert len(content.missions) == 3 * (len(agents) - 3)


def test_arrest_and_assassination_missions(content: StawkaContent) -> None:
    """Arrest Action, point 2: Glaubel's arrest mission, the Kopfs' arrest missions;
    Assassination example: Jacek holds an assassination mission."""

    def goals(agent: str) -> set[str]:
        return {g.kind for m in content.missions_of(agent) for g in (m.basic, m.special)}

    assert "arrest" in goals("glaubel")
    assert "arrest" in goals("fritz_kopf") and "arrest" in goals("erik_kopf")
    assert "assassinate" in goals("jacek")
    assert any("kidnap" in goals(d.agent) for d in content.documents if d.side == "polish")
    arresting = {m.agent for m in content.missions if "arrest" in (m.basic.kind, m.special.kind)}
    assert all(content.documents_of(a)[0].side == "german" for a in arresting)


def test_threat_tokens(content: StawkaContent) -> None:
    """Threat Tokens: 18 per side, the eight kinds; the checks the examples use."""
    kinds = {"alarm", "document_check", "cauldron", "suspect", "thief", "confusion"}
    kinds |= {"dangerous_terrain", "support"}
    for side in SIDES:
        tokens = [t for t in content.threats if t.side == side]
        assert len(tokens) == 18
        assert {t.kind for t in tokens} == kinds
        assert all(t.amount == 1 for t in tokens if t.kind == "support")
    german_checks = sorted(
        t.amount for t in content.threats if t.side == "german" and t.kind == "document_check"
    )
    # Godzina policyjna's four German checks +1, +1, +2, +3; Top Secret's -3; the hotel's -2.
    assert german_checks == [1, 1, 2, 3]
    assert any(t.kind == "thief" for t in content.threats if t.side == "polish")


def test_location_cards(content: StawkaContent) -> None:
    """Location Cards: 26 per side, one per location, 2 AP and hideout on each."""
    for side in SIDES:
        cards = [lc for lc in content.location_cards if lc.side == side]
        assert sorted(lc.location for lc in cards) == sorted(loc.id for loc in content.locations)
        assert all(lc.converts_to_ap == 2 and lc.hideout for lc in cards)
    by_key = {(lc.side, lc.location): lc for lc in content.location_cards}
    # Release of the Arrested, point 2: the Gestapo and jail cards free the arrested.
    assert by_key[("polish", "gestapo")].effect.kind == "release"
    assert by_key[("polish", "jail")].effect.kind == "release"
    # Hotel Excelsior: the Germans gain VP from the SS officer's villa; the hotel finale.
    assert by_key[("german", "ss_villa")].effect.kind == "vp"
    assert (
        by_key[("polish", "hotel")].effect.kind == by_key[("german", "hotel")].effect.kind == "hotel_finale"
    )


def test_reaction_deck(content: StawkaContent) -> None:
    """Reaction Cards: two halves, three colours, blocks in every colour; reciprocity."""
    colours = Counter(r.colour for r in content.reactions)
    assert set(colours) == {"red", "purple", "yellow"}
    for colour in colours:
        assert any(r.block for r in content.reactions if r.colour == colour)
    assert any(r.german.effect == "reciprocity" for r in content.reactions if r.colour == "yellow")


def test_polish_arrest_mission_is_refused(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(data, "missions.toml", 'special = { kind = "assassinate"', 'special = { kind = "arrest"')
    with pytest.raises(ValueError, match="only German agents arrest"):
        load_content_from(data)


def test_missing_item_tile_is_refused(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(data, "items.toml", 'location = "hotel"', 'location = "theatre"')
    with pytest.raises(ValueError, match="5 item tiles"):
        load_content_from(data)


def test_action_costs(content: StawkaContent) -> None:
    """Activating an Agent, point 3: the AP costs list; the arrest erratum resolved to 2."""
    costs = content.action_costs
    assert (costs.move, costs.search, costs.conversation) == (1, 2, 1)
    assert (costs.arrest, costs.kidnap) == (2, 2)
    assert (costs.mission, costs.discard_threat, costs.assassination) == (1, 1, 1)


def test_item_evidence_colours_by_significance(content: StawkaContent) -> None:
    """Agent Document, COLOURS: items burden yellow most often, then purple, blue, black least."""
    shown = Counter(e.colour for item in content.items for e in item.evidence)
    assert shown["yellow"] > shown["purple"] > shown["blue"] > shown["black"] > 0
    assert all(1 <= e.value <= 3 for item in content.items for e in item.evidence)


def test_special_items_where_the_scenarios_say(content: StawkaContent) -> None:
    """Hotel Excelsior: caskets and valuables lie where its list says; one key to room 217."""
    caskets = {i.location for i in content.items if i.effect.kind == "casket"}
    assert caskets == {"ss_villa", "hotel", "theatre", "employment_office", "officers_apartments"}
    valuables = {i.location for i in content.items if i.effect.kind == "valuable"}
    assert valuables == {"gestapo", "hotel", "telephone_booth", "employment_office", "market", "ss_villa"}
    assert len([i for i in content.items if i.effect.kind == "room_217_key"]) == 1
    kinds = {i.effect.kind for i in content.items}
    assert {"stamp", "document", "mission", "boots", "city_map", "first_aid_kit"} <= kinds
    assert all(not i.durable for i in content.items if i.effect.kind == "weapon")


def test_the_scenarios_offered_are_the_ones_the_data_marks(content: StawkaContent) -> None:
    """The setup screen offers what `scenarios.toml` marks ``offered``: the training scenarios
    whose rules are written (training 3 also on its own), and the film scenarios played so far."""
    from rules.stawka import TITLE

    offered = tuple(s.id for s in content.scenarios if s.offered)
    assert offered == (
        "training-1",
        "training-2",
        "training-3",
        "i-know-who-you-are",
        "hotel-excelsior",
        "top-secret",
    )
    assert TITLE.scenarios[: len(offered)] == offered
    assert all(s.startswith("free-") for s in TITLE.scenarios[len(offered) :]), "then the built ones"
    carry = content.scenario("training-2").carry_over
    assert carry is not None and carry.next_scenario == "training-3"
