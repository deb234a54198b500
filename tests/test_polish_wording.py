"""The Polish wording issue 11 asked for, as the log and the table render it."""

from __future__ import annotations

import re

from game.i18n import catalog
from game.i18n.grammar import Named, parse_selection, selections
from game.ui.naming import event_text
from rules.core import Event, Match
from rules.registry import TITLES
from rules.stawka.content import load_content
from tests.test_names import context


def _stawka() -> Match:
    title = TITLES["stawka"]
    return Match(title, title.default_options(title.scenarios[0]), seed=1)


def _line(key: str, **params: object) -> str:
    return context("pl").t(key, **params)


def test_a_walk_names_the_streets_of_a_sector_in_the_genitive() -> None:
    match = _stawka()
    ctx = context("pl")
    to_streets = Event(
        kind="move", key="stawka.moved", params={"agent": "jacek", "where": "streets.hitlerplatz", "cost": 2}
    )
    to_location = Event(
        kind="move", key="stawka.moved", params={"agent": "jacek", "where": "hotel", "cost": 1}
    )
    assert event_text(ctx, match, to_streets) == "Jacek przechodzi na ulice Hitlerplatzu (2 PA)."
    assert event_text(ctx, match, to_location) == "Jacek przechodzi do lokacji Hotel (1 PA)."
    english = context("en")
    assert event_text(english, match, to_streets) == "Jacek moves to the streets of Hitlerplatz (2 AP)."


def test_the_listed_sentences_read_as_asked() -> None:
    assert _line("stawka.conversation_single", agent="Jacek", target="Kloss", total=8) == (
        "Rozmowa Jacek – Kloss: 8, pojedynczy sukces."
    )
    assert _line("stawka.arrest_roll", agent="Brunner", target="Jacek", total=5, alertness=7) == (
        "Próba aresztowania (Brunner → Jacek): 5 przeciw czujności 7."
    )
    assert _line("stawka.ui.act.give_up") == "Pasuj do końca etapu"
    assert _line("stawka.doc.thresholds", single=7, double=9, secret=12) == (
        "sukces 7+, podwójny sukces 9+, tajemnica 12+"
    )
    assert _line("queen-of-spies.attach_item", item="Bomba", location="Warsztat").startswith(
        "Użyto przedmiotu: Bomba"
    )
    assert _line("queen-of-spies.troop_cancelled", who="Felicia", item="Przebranie") == (
        "Felicia zwodzi Żołnierza (przedmiot: Przebranie)."
    )
    assert "na złoto" in _line("queen-of-spies.help")
    assert _line("queen-of-spies.skill_letter.insight") == "P"


def test_one_term_each_in_polish() -> None:
    texts = catalog("pl").values()
    assert not any("Ranga" in text or "rangę" in text for text in texts), "Stopień, not Ranga"
    queen = [text.lower() for key, text in catalog("pl").items() if key.startswith("queen-of-spies.")]
    assert not any("opowieś" in text for text in queen), "historia, not opowieść"
    assert not any("wyszkol" in text for text in queen), "przeszkolony, not wyszkolony"


def test_a_doppelnull_swap_says_which_side_of_the_card_the_agent_stands() -> None:
    """The log said "the agent goes to -": the sign alone, read as a dash. It names it now."""
    title = TITLES["doppelnull"]
    match = Match(title, title.default_options(), seed=1)
    swap = Event(
        kind="swap",
        key="doppelnull.swap",
        params={"player": "male", "owner": "female", "card": 7, "old": 3, "sign": "-", "slot": 6},
    )
    higher = swap.model_copy(update={"params": {**swap.params, "sign": "+"}})
    english, polish = context("en"), context("pl")
    assert event_text(english, match, swap).endswith("back card 3: the agent's number is lower (−).")
    assert event_text(english, match, higher).endswith(": the agent's number is higher (+).")
    assert event_text(polish, match, swap).endswith("kartę 3: numer agentki jest niższy (−).")
    assert event_text(polish, match, higher).endswith(": numer agentki jest wyższy (+).")


def test_a_sentence_about_a_woman_agrees_with_her() -> None:
    """Issue 11, point 2: the known gender of a named character, not a masculine default."""
    match = _stawka()
    ctx = context("pl")

    def said(key: str, **params: object) -> str:
        return event_text(ctx, match, Event(kind="x", key=key, params=params))

    assert said("stawka.brought", agent="marta_becher", to="hotel").startswith(
        "Marta Becher zostaje przeniesiona: "
    )
    assert said("stawka.brought", agent="jacek", to="hotel").startswith("Jacek zostaje przeniesiony: ")
    assert said("stawka.liquidated_by", agent="jacek", target="ingrid_heizer") == (
        "Zamach (Jacek → Ingrid Heizer): zlikwidowana."
    )
    assert said("stawka.liquidated_by", agent="marta_becher", target="jacek").endswith(": zlikwidowany.")
    curfew = TITLES["curfew"]
    in_curfew = Match(curfew, curfew.default_options(), seed=1)
    spotted = Event(
        kind="x",
        key="curfew.curfew_check_failed",
        params={"agent": "emma_schmidt", "total": 5, "alertness": 7},
    )
    assert event_text(ctx, in_curfew, spotted).startswith(
        "Godzina policyjna B: Emma Schmidt zostaje zauważona "
    )


def test_the_table_says_which_woman_is_active() -> None:
    from game.stawka.labels import Labels

    labels = Labels(context("pl"))
    assert _line("stawka.status.active", agent=labels.agent("emma_schmidt"), left=1) == (
        "Emma Schmidt jest aktywna: zostało 1 PA"
    )
    assert (
        _line("stawka.status.active", agent=labels.agent("georg"), left=2)
        == "Georg jest aktywny: zostało 2 PA"
    )


REWORDED = {
    # Issue 29, point 3: what a native speaker words differently, as the table shows it now.
    # "2 jednego innego agenta, po 1 od dwóch kolejnych":
    "island.value.2-1-1": "2 mikrofilmy w jednym cudzym kolorze i po 1 w dwóch innych",
    "island.value.3-1": "3 mikrofilmy w jednym cudzym kolorze i 1 w drugim",
    "island.value.4": "4 mikrofilmy w jednym cudzym kolorze",
    "island.value.2-2": "po 2 mikrofilmy w dwóch cudzych kolorach",
    "island.value.1-1-1-1": "po 1 mikrofilmie w czterech cudzych kolorach",
    "island.goal": "Cel: dotrzeć na wyspę przed innymi, z wykonanym tajnym zadaniem.",  # "dotrzyj pierwszy"
    "island.label.out": "poza wyścigiem",  # "odpadł": a man's, of any player
    # "(kroki: 3)":
    "island.move": "{seat} idzie na pole {to} ({steps} {steps:one=pole|few=pola|many=pól|other=pola}).",
    "island.label.winner": "wygrywa",
    "island.meeting.chosen": "wybór gotowy ✓",  # "wybrał"
    "island.meeting.armed": "karty wybrane ✓",  # "gotów"
    "queen-of-spies.status.resolve": "Kliknij podświetlonego agenta: wykona test.",  # "by wykonał"
    "queen-of-spies.status.betray": "Przesłuchanie złamało opór: wybierz, kogo wyda.",  # "Agent się złamał"
    "queen-of-spies.prompt.betray": "Najpierw wybierz, kogo wyda przesłuchiwana osoba.",
    "queen-of-spies.coach.check": "Kliknij podświetlonego agenta: wylosuje żetony z worka sukcesu.",
    "queen-of-spies.ui.draws": "{who} losuje {count}",  # "ciągnie": the log says "losuje"
    "queen-of-spies.effect.pow_captured": "jeńcy stąd trafiają do więzienia",  # "jeńców ... łapią i zamykają"
    "queen-of-spies.interrogation": "Przesłuchanie: {who}; z postępem: {hits}, bez postępu: {misses}.",
    "queen-of-spies.use.release_all": "uwalnia wszystkich więźniów",  # "uwalnia więźniów": all of them
    "doppelnull.goal": "Cel: zdemaskować wszystkie pionki przeciwnika, zanim on zdemaskuje twoje.",
    "doppelnull.bot.deductive.tip": (
        "Czyta wskazówki +/− i celuje w łatwe zdemaskowania; z Łatwym wygrywa 99% partii."
    ),
    "doppelnull.score.unmasked": "zdemaskowania",  # "zdemaskowani" over both sides' counts
    "doppelnull.game_won": (  # "(Agenci — zdemaskowanych: 1)"
        "{player} {player:plural=demaskują|other=demaskuje} {other:seat.f=wszystkie siedem agentek|other="
        "wszystkich siedmiu agentów} i {player:plural=wygrywają|other=wygrywa} partię {game} ({other}: "
        "{loser_unmasked} {loser_unmasked:one=zdemaskowanie|few=zdemaskowania|many=zdemaskowań|"
        "other=zdemaskowania})."
    ),
    "app.recap.title": "Od twojego ostatniego ruchu",  # "Twojego": a letter's capital
    # A place after its preposition, not after a colon ("wykłada żeton zagrożenia: ulice
    # sektora nabrzeża", "leży: ...", "przeszukuje: Park", "zmierza do celu (Jacek): ulice ..."):
    "stawka.threat_placed": (
        "{seat} wykłada żeton zagrożenia {where:streets=na|street=na|other=w lokacji} {where}."
    ),
    "stawka.threat_placed_own": (
        "Twój żeton ({token}) trafia {where:streets=na|street=na|other=do lokacji} {where}."
    ),
    "stawka.searched": "{agent} przeszukuje lokację {location}.",
    "curfew.german.moved": (
        "Zasada {rule}: {agent} zmierza do celu ({target}) i przechodzi "
        "{where:streets=na|street=na|other=do lokacji} {where} ({cost} PA)."
    ),
    # The set-up's ten lines each said "the Germans start with 1 piece ... (3)": one
    # piece added at a time, with the track's new total.
    "curfew.evidence.spread": (
        "Niemcy dokładają {amount} {amount:one=dowód|few=dowody|many=dowodów|other=dowodu} przeciw "
        "{colour:yellow=żółtemu|purple=fioletowemu|blue=niebieskiemu|black=czarnemu|other=wskazanemu} "
        "agentowi (razem {total})."
    ),
}


def test_the_polish_a_native_speaker_asked_for() -> None:
    polish = catalog("pl")
    assert {key: polish[key] for key in REWORDED} == REWORDED


def test_no_polish_table_text_calls_a_player_a_man_in_the_past_tense() -> None:
    """Who plays is a typed name (gender unknown) or a side: no "odpadł", "wybrał", "gotów"."""
    masculine = ('odpadł"', "wybrał ", "gotów ", "by wykonał", "się złamał")
    texts = {
        key: text
        for key, text in catalog("pl").items()
        if key.split(".")[0] in ("island", "queen-of-spies", "doppelnull") and ".rules." not in key
    }
    found = {key: text for key, text in texts.items() if any(word in f'{text}"' for word in masculine)}
    assert not found, found


def test_a_place_follows_its_preposition_without_a_colon() -> None:
    """Issue 29: "Hans Kloss: Przejdź do: Hotel". A text choosing its preposition by the place
    it names (na ulice sektora..., do lokacji Hotel) puts no colon between them."""
    chosen = {
        key: forms
        for key, text in catalog("pl").items()
        for field, spec in selections(text)
        if field == "where" and (forms := parse_selection(spec))
    }
    assert len(chosen) >= 10, "the moves, placements, the Audi's drives, the threat tokens"
    assert {key: forms for key, forms in chosen.items() if any(":" in form for form in forms.values())} == {}
    assert _line("stawka.ui.act.move", where=Named("Hotel", "", "hotel")) == "Przejdź do lokacji Hotel"
    streets = Named("ulice Hitlerplatzu", "streets", "streets.hitlerplatz")
    assert _line("stawka.ui.act.move", where=streets) == "Przejdź na ulice Hitlerplatzu"
    assert _line("stawka.ui.act.move", where=Named("pole ulicy", "street")) == "Przejdź na pole ulicy"
    hint = _line("stawka.ui.act.by_agent", agent="Hans Kloss", action="Przejdź do lokacji Hotel")
    assert hint == "Przejdź do lokacji Hotel (Hans Kloss)"
    # Also where a place's word stands between them ('w lokacji: Hotel'), in every text and
    # in Stawka's mission cards, which name their place in the sentence ('w Hotelu').
    word_and_colon = re.compile(r"\b(?:do|na|w|we|z|ze|u|przy)\s+(?:lokacji|sektorze|sektora|polu)\s*:")
    assert {key: text for key, text in catalog("pl").items() if word_and_colon.search(text)} == {}
    kloss = Named("Hans Kloss", "", "kloss")
    ingrid = Named("Ingrid Heizer", context("pl").t("stawka.value.ingrid_heizer.form"), "ingrid_heizer")
    placed = _line("stawka.placed", seat="Siatka polska", agent=kloss, location=Named("Hotel", "", "hotel"))
    assert placed == "Siatka polska wysyła agenta Hans Kloss do lokacji Hotel."
    placed = _line("stawka.placed", seat="Siatka polska", agent=ingrid, location=streets)
    assert placed == "Siatka polska wysyła agentkę Ingrid Heizer na ulice Hitlerplatzu."


def test_every_stawka_mission_names_in_the_sentence_the_place_it_asks_for() -> None:
    """Issue 29: a mission card said 'Zakończ aktywację w lokacji: Kamienica.' - a colon after
    the preposition, and a place the rules no longer asked for (Jacek's first mission goes to
    the Police station).  Each place is said in the sentence, as a person would: 'na
    Posterunku policji', 'w Hotelu', 'at the Police station'; the words naming it are the
    place's own (the first letters of each word of its name, which the Polish declines)."""
    content = load_content()
    visits = [m for m in content.missions if m.basic.kind == "visit_location"]
    assert len(visits) >= 15
    for language in ("en", "pl"):
        texts = catalog(language)
        for mission in visits:
            text = texts[f"stawka.value.{mission.id}"]
            basic = text.split(" / ")[0]
            place = texts[f"stawka.value.{mission.basic.location}"]
            assert ":" not in basic, text
            stems = [word[:3] for word in place.split() if len(word) >= 3]
            assert all(stem in basic for stem in stems), (mission.id, basic, place)
            assert basic == getattr(mission.basic.text, language), "the data says what the card says"
    assert catalog("pl")["stawka.value.jacek-1"].startswith("Zakończ aktywację na Posterunku policji.")
    assert catalog("en")["stawka.value.jacek-1"].startswith("End an activation at the Police station.")


PREPOSITION_BEFORE_A_NAME = re.compile(r"\b(?:do|na|dla|od|przez|w|we|z|ze|u|po|przy|o|pod|nad)\s*:\s*\{")


def test_no_preposition_is_cut_off_from_the_name_it_governs() -> None:
    """Issue 29: 'Przejdź do: Hotel', 'Czekamy na: Ola', 'Kolor dla: Hermann Brunner'. A name
    is not declined, so a sentence is written where it stands in the nominative."""
    cut_off = {key: text for key, text in catalog("pl").items() if PREPOSITION_BEFORE_A_NAME.search(text)}
    assert cut_off == {}
    assert _line("app.play.waiting", name=Named("Ola")) == "Teraz gra Ola."
    assert _line("app.play.waiting", name=Named("Agentki", "plural f")) == "Teraz grają Agentki."
    brunner = _line("curfew.ui.heading.german_colour", agent="Hermann Brunner")
    assert brunner == "Jaki kolor dostaje Hermann Brunner?"
    assert _line("island.status.take_chips", name=Named("Ola"), count=2) == (
        "Weź mikrofilm, który oddaje Ola (do wzięcia: 2)."
    )
    lady = Named("Starsza pani", context("pl").t("stawka.value.old_lady.form"), "old_lady")
    slipped = _line("stawka.item_slipped", agent=lady)
    assert slipped == "Przedmiot, który znalazła Starsza pani, wraca pod stos."


def test_every_agents_initials_come_from_his_name_in_the_players_language() -> None:
    """The figures and chips showed "SO" for "Sergeant of the gendarmerie" ("Sierżant
    żandarmerii" in Polish) and "TO" for "The Old Lady" ("Starsza pani"); two agents with
    one initial never share a side (their base and colour tell them apart)."""
    from game.stawka.labels import Labels

    documents = load_content().documents
    for language, sergeant, lady in (("en", "SG", "OL"), ("pl", "SŻ", "SP")):
        labels = Labels(context(language))
        assert labels.initials("gendarmerie_sergeant") == sergeant
        assert labels.initials("old_lady") == lady
        assert labels.initials("kloss") == "HK" and labels.initials("emma_schmidt") == "ES"
        for side in ("polish", "german"):
            shown = [labels.initials(agent) for agent in {d.agent for d in documents if d.side == side}]
            assert len(shown) == len(set(shown)), f"{language} {side}: {sorted(shown)}"
