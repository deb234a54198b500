"""Prisoners, the immediate defeats and the score ("Aresztowani polscy agenci", "Cel gry",
"Ocena wyników"), checked wherever they came up in real seeded games."""

from __future__ import annotations

from rules.curfew.content import load_content
from rules.curfew.scoring import penalty, prisoners, score
from rules.curfew.title import TITLE
from tests.curfew.games import Walk, games, has_key, steps_where


def test_every_prisoner_is_interrogated_at_each_stage_end() -> None:
    seen = 0
    for step in steps_where(has_key("stawka.stage_end")):
        walk = Walk(step.before)
        arrested: set[str] | None = None
        questioned = []
        for event in step.events:
            if event.key == "curfew.german.interrogates":
                if arrested is None:
                    arrested = {a for a, status in walk.status.items() if status == "arrested"}
                questioned.append(str(event.params["target"]))
            if event.key == "stawka.stage_end":
                break
            walk.see(event)
        if arrested is None:
            arrested = {a for a, status in walk.status.items() if status == "arrested"}
        assert sorted(questioned) == sorted(arrested)
        seen += len(questioned)
    assert seen > 20


def test_a_secret_betrayed_under_interrogation_works_kloss_out() -> None:
    betrayed = steps_where(has_key("curfew.betrayed"))
    assert betrayed
    for step in betrayed:
        keys = step.event_keys()
        index = keys.index("curfew.betrayed")
        assert "stawka.interrogation_secret" in keys[:index]
        assert step.after.worked_out


def test_kloss_arrested_or_three_prisoners_lose_at_once() -> None:
    endings = {"curfew.end.kloss_arrested": 0, "curfew.end.arrests": 0}
    for played in games():
        last = played[-1].after
        outcome = TITLE.outcome(last)
        assert outcome is not None
        key = last.end_key
        if key in endings:
            endings[key] += 1
            assert outcome.result == "loss" and outcome.key == f"curfew.lost.{key.rsplit('.', 1)[1]}"
            if key == "curfew.end.arrests":
                assert len(prisoners(last)) >= load_content().arrests_to_lose
            else:
                assert last.agent("kloss").status == "arrested"
            # At once: the step that made it so ended the game.
            assert played[-1].before.end_key is None
        else:
            assert len(prisoners(last)) < load_content().arrests_to_lose
            assert last.agent("kloss").status != "arrested" or last.defeat is not None
    assert all(endings.values()), endings


def test_a_secret_from_a_german_agent_pays_by_his_colour() -> None:
    vp = load_content().secret_vp
    paid = 0
    for step in steps_where(has_key("stawka.secret")):
        secrets = [e for e in step.events if e.key == "stawka.secret" and e.params["seat"] == "polish"]
        missions = [e for e in step.events if e.kind == "mission_done"]
        if len(secrets) != 1 or missions:
            continue
        target = step.before.agent(str(secrets[0].params["target"]))
        gained = step.after.sides["polish"].vp - step.before.sides["polish"].vp
        assert gained == vp[target.colour]
        paid += 1
    assert paid > 0


def test_missions_pay_two_and_five() -> None:
    """Cel gry: "2 PZ za realizację misji podstawowej, 5 PZ za realiację misji specjalnej"
    (2 VP for a basic mission completed, 5 for a special one)."""
    done = [
        e
        for s in steps_where(lambda s: any(e.kind == "mission_done" for e in s.events))
        for e in s.events
        if e.kind == "mission_done"
    ]
    assert done
    for event in done:
        assert event.params["vp"] == {"stawka.mission_basic": 2, "stawka.mission_special": 5}[event.key]


def test_the_score_less_the_prisoners_evidence_and_its_rating() -> None:
    bands = load_content()
    for played in games():
        last = played[-1].after
        outcome = TITLE.outcome(last)
        assert outcome is not None
        evidence = last.sides["german"].evidence
        expected = last.sides["polish"].vp - sum(evidence[last.agent(p).colour] for p in prisoners(last))
        assert score(last) == expected and penalty(last) == last.sides["polish"].vp - expected
        assert outcome.scores == {"polish": float(expected)}
        if last.defeat is None:
            assert outcome.key == f"curfew.rating.{bands.rating(expected).id}"


def test_the_rating_table() -> None:
    table = load_content()
    assert [table.rating(vp).id for vp in (-3, 4, 5, 9, 10, 13, 14, 17, 18, 30)] == [
        "severe_defeat",
        "severe_defeat",
        "defeat",
        "defeat",
        "satisfactory",
        "satisfactory",
        "excellent",
        "excellent",
        "masterly",
        "masterly",
    ]


def test_the_outcome_carries_the_rating_table_with_the_score_placed_in_it() -> None:
    """ "Ocena wyników: < 5 PZ dotkliwa porażka, 5 - 9 PZ porażka, 10 - 13 zadowalający,
    14 - 17 doskonały, 18 > rozgrywka mistrzowska" (the rating table): the game-over
    screen draws it from the outcome, the band the score falls in lit; an immediate
    defeat ("automatyczna porażka") is rated in none."""
    rated = lost = 0
    for played in games():
        outcome = TITLE.outcome(played[-1].after)
        assert outcome is not None
        spans = [(b.key, b.low, b.high) for b in outcome.bands]
        assert spans == [
            ("curfew.value.severe_defeat", None, 4),
            ("curfew.value.defeat", 5, 9),
            ("curfew.value.satisfactory", 10, 13),
            ("curfew.value.excellent", 14, 17),
            ("curfew.value.masterly", 18, None),
        ]
        lit = [b for b in outcome.bands if b.current]
        if outcome.result == "loss":
            assert lit == []
            lost += 1
            continue
        points = outcome.scores["polish"]
        assert len(lit) == 1 and (lit[0].low or -999) <= points <= (lit[0].high or 999)
        assert outcome.key == f"curfew.rating.{lit[0].key.rsplit('.', 1)[-1]}"
        rated += 1
    assert rated > 10 and lost > 10


def test_only_kloss_exposed_or_arrested_or_three_prisoners_lose_not_kloss_worked_out() -> None:
    """ "Gra kończy się automatyczną porażką w razie dekonspiracji Hansa Klossa lub
    aresztowania trzech członków polskiej siatki!" (the game is lost at once when Kloss is
    exposed or three members of the network are arrested); but "jeśli Niemcy zdołają
    zgromadzić na Hansa Klossa 10 dowodów, przyjmuje się, że as wywiadu został
    rozpracowany. Od tej chwili staje się on zwyczajnym polskim agentem, który może zostać
    aresztowany" (10 evidence on Kloss: he is worked out, an ordinary agent who may be
    arrested), and a prisoner's betrayed secret works him out too ("Jeśli zdradzi ¿
    przyjmuje się, że Hans Kloss został rozpracowany").  So Kloss worked out plays on;
    the exposure is E on Kloss: "jeśli niemiecki agent w wyniku rozmowy uzyska ¿" (a
    German agent learns a secret talking), Kloss's own, while he may not yet be
    arrested; and "aresztowanie Hansa Klossa automatycznie oznacza przegraną"."""
    played_on = exposed = 0
    for played in games():
        for index, step in enumerate(played):
            keys = step.event_keys()
            worked = "curfew.worked_out" in keys or "curfew.betrayed" in keys
            if worked and step.after.end_key is None:
                played_on += 1
                assert index + 1 < len(played)  # the game goes on after it
            if "curfew.exposed" in keys:
                exposed += 1
                where = keys.index("curfew.exposed")
                secret = [e for e in step.events[:where] if e.key == "stawka.conversation_secret"]
                assert secret and secret[-1].params["target"] == "kloss"
                assert not step.before.worked_out
                assert step.after.end_key == "curfew.end.kloss_exposed"
    assert played_on > 0 and exposed > 0


def test_the_prisoners_evidence_counts_at_the_games_end_only_for_those_in_jail() -> None:
    """ "Gracz traci PZ: -1 PZ za każdy dowód zgromadzony przez Niemców na aresztowanego
    polskiego agenta"; "Na koniec gry ilość dowodów zebranych przez Niemców na
    aresztowanych oznacza ujemne PZ przy obliczaniu wyniku gry" (at the end of the game,
    the evidence on the arrested counts against the score): an agent freed before the
    end (a prisoner who betrays a secret is let go, Stawka) no longer costs anything, and
    the evidence on a free agent never does."""
    freed_seen = 0
    for played in games():
        last = played[-1].after
        jailed = set(prisoners(last))
        ever = {str(e.params["target"]) for step in played for e in step.events if e.key == "stawka.arrested"}
        freed_seen += len(ever - jailed)
        evidence = last.sides["german"].evidence
        assert penalty(last) == sum(evidence.get(last.agent(a).colour, 0) for a in jailed)
    assert freed_seen > 0
