"""Every sentence agrees with its subject: a seat, a player or an agent, of either gender and
number (issue 29, points 2 and 6).

Every seat, agent and network has its grammatical form as data (``<title>.seat.<seat>.form``,
``<title>.value.<id>.form``: gender and number tags, `game.i18n.grammar`), and the catalogs'
selections choose the words.  Every message whose subject is a seat or an agent is rendered
here for each form: masculine and feminine, one and many ("Agenci", "Agentki"), and a name a
person typed (gender unknown).  What is checked in Polish is the words that show a gender or
a number (`FAMILIES`): each found is the one the subject's form asks for.
"""

from __future__ import annotations

import re

import pytest

from game.i18n import catalog, placeholders, render
from game.i18n.grammar import PERSON, Named
from game.ui.naming import event_text, player_name
from rules.core import Event, Match, SeatConfig
from rules.registry import TITLES
from tests.test_names import context

SEAT_FIELDS = frozenset({"player", "owner", "seat", "name", "other", "winner", "loser", "side"})
"""Fields that name a seat (its player, or the seat's own name)."""
AGENT_FIELDS = frozenset({"agent", "target", "who", "betrayed"})
"""Fields that name an agent (a character of the title)."""
SEAT_FORMS = ("m", "f", "plural m", "plural f")
AGENT_FORMS = ("m", "f")
FAMILIES = """
zdemaskowany zdemaskowana zdemaskowani zdemaskowane
aktywny aktywna aktywni aktywne
przeniesiony przeniesiona przeniesieni przeniesione
zauważony zauważona zauważeni zauważone
zlikwidowany zlikwidowana zlikwidowani zlikwidowane
rozpracowany rozpracowana rozpracowani rozpracowane
aresztowany aresztowana aresztowani aresztowane
ustawiony ustawiona ustawieni ustawione
pierwszy pierwsza pierwsi pierwsze
ostatni ostatnia ostatni ostatnie
wszystek wszystka wszyscy wszystkie
czekający czekająca czekający czekające
twój twoja twoi twoje
zdobył zdobyła zdobyli zdobyły
osiągnął osiągnęła osiągnęli osiągnęły
odpadł odpadła odpadli odpadły
wybrał wybrała wybrali wybrały
wygrał wygrała wygrali wygrały
przegrał przegrała przegrali przegrały
zdemaskował zdemaskowała zdemaskowali zdemaskowały
został została zostali zostały
był była byli były
namierzył namierzyła namierzyli namierzyły
"""
"""Polish words that show their subject's gender and number: masculine, feminine, and the
plural of men and of the rest ("agenci" / "agentki")."""
COLUMNS = {"m": 0, "f": 1, "plural m": 2, "plural f": 3}
FIXED = {
    ("curfew.betrayed", "rozpracowany"): "Hans Kloss rozpracowany",
    ("curfew.exposed", "zdemaskowany"): "Hans Kloss zdemaskowany",
    ("stawka.end.kloss_exposed", "zdemaskowany"): "Hans Kloss zdemaskowany",
    ("stawka.end.chief_compromised", "skompromitowany"): "szef siatki",
    ("stawka.end.radio_located", "namierzył"): "Niemiecki gracz sam namierzył",
    ("island.last_agent", "ostatni"): "jako ostatni agent: the agent, a role",
    ("doppelnull.play_begins", "wszyscy"): "all agents of both sides: men and women",
}
"""Words that agree with a noun of the sentence itself, not with its subject."""


def _families() -> dict[str, tuple[str, ...]]:
    words: dict[str, tuple[str, ...]] = {}
    for line in FAMILIES.split("\n"):
        forms = tuple(line.split())
        for word in forms:
            words[word] = forms
    return words


WORDS = _families()


def subject_messages(language: str) -> list[tuple[str, frozenset[str]]]:
    """Every message of `language` whose subject is a seat or an agent, with those fields."""
    return [
        (key, frozenset(placeholders(text) & (SEAT_FIELDS | AGENT_FIELDS)))
        for key, text in sorted(catalog(language).items())
        if placeholders(text) & (SEAT_FIELDS | AGENT_FIELDS) and ".rules." not in key
    ]


def named(field: str, form: str, seat_form: str | None = None) -> Named:
    """A name of `form` for `field`; a seat's also carries the form of the seat it is
    (`seat_form`, else its own): what the seat's agents agree with."""
    name = Named(f"<{field}>", form)
    return name.playing(Named("", seat_form or form)) if field in SEAT_FIELDS else name


def words(
    language: str, key: str, fields: frozenset[str], form: str, seat_form: str | None = None
) -> list[str]:
    params: dict[str, object] = {field: 3 for field in placeholders(catalog(language)[key])}
    for field in fields:
        own = form if field in SEAT_FIELDS or form in AGENT_FORMS else "m"
        params[field] = named(field, own, seat_form)
    return re.findall(r"\w+", render(language, catalog(language)[key], params).lower())


GENDER_COLUMNS = {"m": {0, 2}, "f": {1, 3}}
OPPOSITE = {"m": "f", "f": "m", "plural m": "plural f", "plural f": "plural m"}


def disagreements(key: str, fields: frozenset[str], form: str) -> list[str]:
    """The Polish words of `key`, said of subjects of `form`, whose gender or number is not
    `form`'s. A word that changes with the gender of the seat alone is said of the seat's
    agents (one or many): only its gender is the seat's."""
    said = words("pl", key, fields, form)
    of_seat = set(said) - set(words("pl", key, fields, form, OPPOSITE[form]))
    gender = GENDER_COLUMNS[form.split()[-1]]
    wrong = []
    for word in said:
        forms = WORDS.get(word)
        if forms is None or (key, word) in FIXED:
            continue
        if word in of_seat and any(forms[column] == word for column in gender):
            continue
        if word not in of_seat and word == forms[COLUMNS[form]]:
            continue
        wrong.append(f"{word!r} where {form!r} asks {forms[COLUMNS[form]]!r}")
    return wrong


POLISH = subject_messages("pl")


def test_there_are_messages_about_seats_and_agents_in_every_title() -> None:
    namespaces = {key.split(".")[0] for key, _ in POLISH}
    assert {"doppelnull", "stawka", "curfew", "island", "queen-of-spies", "app"} <= namespaces


@pytest.mark.parametrize("form", SEAT_FORMS)
def test_every_polish_sentence_agrees_with_its_subject(form: str) -> None:
    wrong = {}
    for key, fields in POLISH:
        if form not in AGENT_FORMS and not fields & SEAT_FIELDS:
            continue  # an agent is one person
        found = disagreements(key, fields, form)
        if found:
            wrong[key] = (" ".join(words("pl", key, fields, form)), found)
    assert not wrong, "\n".join(f"{key}: {text}  {found}" for key, (text, found) in wrong.items())


@pytest.mark.parametrize("seat_form", SEAT_FORMS)
def test_a_name_a_person_typed_gets_no_gender(seat_form: str) -> None:
    """A typed name: man or woman, the table does not know. What agrees with the seat he
    plays (its agents: the words that change with the seat's gender) shows the seat's
    form; no other word shows one man or one woman."""
    wrong = {}
    for key, fields in POLISH:
        if not fields & SEAT_FIELDS:
            continue
        said = [_as_typed(key, fields, form) for form in (seat_form, OPPOSITE[seat_form])]
        seat_words = set(said[0]) ^ set(said[1])
        singular = [
            word
            for word in said[0]
            if word in WORDS
            and word not in seat_words
            and (key, word) not in FIXED
            and word in WORDS[word][:2]
            and word not in WORDS[word][2:]
        ]
        if singular:
            wrong[key] = (" ".join(said[0]), singular)
    assert not wrong, "\n".join(f"{key}: {text}  {found}" for key, (text, found) in wrong.items())


def _as_typed(key: str, fields: frozenset[str], seat_form: str) -> list[str]:
    """The words of `key` in Polish, every seat played by a typed name in a seat of `seat_form`."""
    params: dict[str, object] = {field: 3 for field in placeholders(catalog("pl")[key])}
    for field in fields:
        seat = Named("<seat>", seat_form)
        params[field] = (
            Named(f"<{field}>", PERSON).playing(seat) if field in SEAT_FIELDS else named(field, "m")
        )
    return re.findall(r"\w+", render("pl", catalog("pl")[key], params).lower())


@pytest.mark.parametrize("form", ("m", "f"))
def test_every_english_sentence_about_a_side_of_many_agrees(form: str) -> None:
    """Doppelnull's sides are "Male agents" and "Female agents": many, in English too."""
    wrong = {}
    for key, fields in subject_messages("en"):
        if not key.startswith("doppelnull.") or not fields & {"player", "name"}:
            continue
        text = " ".join(words("en", key, fields, f"plural {form}"))
        singular = re.findall(
            r"\b(?:player|name) (starts|ends|sends|places|puts|unmasks|wins|has|is)\b", text
        )
        if singular:
            wrong[key] = (text, singular)
    assert not wrong, wrong


HE = re.compile(r"\b(?:he|him|his|himself)\b")
SHE = re.compile(r"\b(?:she|her|hers|herself)\b")
MEN_NAMED = {
    "stawka.ui.heading.kloss_document": "Kloss",
    "stawka.refusal.transmit": "Kloss",
    "stawka.pulkowski_broken": "Dr Pulkowski",
    "stawka.ui.needed_break": "Dr Pulkowski (the Audi's interrogation)",
    "stawka.refusal.audi_drive": "Dr Pulkowski",
    "stawka.ui.pulkowski.held": "Dr Pulkowski",
    "stawka.ui.pulkowski.broken": "Dr Pulkowski",
}
"""English texts whose 'he' is a man the sentence names."""


@pytest.mark.parametrize("form", AGENT_FORMS)
def test_english_speaks_of_an_agent_as_the_agent_is(form: str) -> None:
    """Issue 29: the English guide and log said 'he' and 'him' of every agent of Stawka,
    Godzina policyjna and the island, though Ingrid Heizer, Irena, Emma Schmidt, Marta
    Becher and the Old Lady are women.  A sentence about an agent agrees with the agent's
    form (`<title>.value.<id>.form`); one about nobody in particular (the guide's 'click one
    of your agents') needs no pronoun."""
    wrong = {}
    texts = catalog("en")
    for key, text in texts.items():
        if not key.startswith(("stawka.", "curfew.", "island.")) or ".rules." in key or ".value." in key:
            continue
        fields = placeholders(text) & AGENT_FIELDS
        said = " ".join(words("en", key, frozenset(fields), form)) if fields else text.lower()
        other = SHE if form == "m" else HE
        about_nobody = not fields and key not in MEN_NAMED
        if (fields and other.search(said)) or (about_nobody and HE.search(said)):
            wrong[key] = said
    assert not wrong, "\n".join(f"{key}: {text}" for key, text in wrong.items())
    ingrid = Named("Ingrid Heizer", texts["stawka.value.ingrid_heizer.form"], "ingrid_heizer")
    assert render("en", texts["stawka.tired"], {"agent": ingrid, "amount": 2}) == (
        "Ingrid Heizer loses 2 AP of her limit this stage."
    )


# -- the sentences the issue names, as the table and the log show them --------------------


def doppelnull(seats: dict[str, SeatConfig] | None = None) -> Match:
    title = TITLES["doppelnull"]
    return Match(title, title.make_options(None, seats or {}, {"starter": "random"}), seed=7)


def test_every_seat_and_agent_has_its_form_in_both_languages() -> None:
    for language in ("en", "pl"):
        texts = catalog(language)
        for title_id, title in TITLES.items():
            for seat in title.seats(title.default_options()):
                assert f"{title_id}.seat.{seat}.form" in texts, f"{language}: {title_id}.seat.{seat}"
        characters = [
            key.removesuffix(".form")
            for key in texts
            if key.endswith(".form") and key.startswith(("stawka.value.", "queen-of-spies.value."))
        ]
        assert {"stawka.value.kloss", "stawka.value.marta_becher", "queen-of-spies.value.emile"} <= set(
            characters
        )
    assert catalog("pl")["doppelnull.seat.female.form"] == "plural f"


def test_the_female_side_is_spoken_of_as_women() -> None:
    match = doppelnull()
    ctx = context("pl")
    female, male = player_name(ctx, match, "female"), player_name(ctx, match, "male")
    t = ctx.t
    assert t("doppelnull.header.theirs", name=female, side=female) == "Agentki: agentki na twoich kartach"
    assert t("doppelnull.header.theirs", name=male, side=male) == "Agenci: agenci na twoich kartach"
    assert t("doppelnull.header.mine", name=male, side=female) == "Twoje agentki na kartach przeciwnika"
    assert t("doppelnull.tray", side=female) == "Zdemaskowane"
    assert t("doppelnull.tray", side=male) == "Zdemaskowani"
    swap = Event(
        kind="swap",
        key="doppelnull.swap",
        params={"player": "male", "owner": "female", "card": 4, "old": 3, "sign": "-", "slot": 2},
    )
    assert event_text(ctx, match, swap) == (
        "Agenci podkładają kartę 4 pod agentkę przeciwnika na pozycji 2 i zabierają kartę 3: "
        "numer agentki jest niższy (−)."
    )
    back = swap.model_copy(update={"params": {**swap.params, "player": "female", "owner": "male"}})
    assert event_text(ctx, match, back).startswith("Agentki podkładają kartę 4 pod agenta przeciwnika")


def test_a_typed_name_keeps_the_gender_of_the_side_it_plays() -> None:
    match = doppelnull({"male": SeatConfig(name="Jan"), "female": SeatConfig(name="Ola")})
    ctx = context("pl")
    unmask = Event(
        kind="unmask", key="doppelnull.unmask", params={"player": "male", "owner": "female", "agent": 4}
    )
    assert event_text(ctx, match, unmask) == "Jan demaskuje agentkę 4 przeciwnika!"
    ola = player_name(ctx, match, "female")
    assert ctx.t("doppelnull.header.their_row", name=ola, side=ola) == (
        "Ola: agentki (numery ukryte przed tobą)"
    )


def test_the_network_that_activates_first_is_not_a_man() -> None:
    """ "Siatka polska aktywuje pierwszy": said without a gender now, as for a typed name."""
    title = TITLES["stawka"]
    match = Match(title, title.default_options(title.scenarios[0]), seed=1)
    first = Event(kind="first", key="stawka.first", params={"seat": "polish"})
    assert event_text(context("pl"), match, first) == "Siatka polska zaczyna aktywacje w tym etapie."
    assert event_text(context("en"), match, first) == "Polish network activates first this stage."


def test_the_banner_and_the_outcome_name_the_players_with_verbs_that_agree() -> None:
    """Point 6: "All agents are in place. female starts." named the seat's id."""
    match = doppelnull()
    begins = Event(kind="play", key="doppelnull.play_begins", params={"player": "female"})
    assert event_text(context("en"), match, begins) == "All agents are in place. Female agents start."
    assert event_text(context("pl"), match, begins) == "Wszyscy agenci na miejscach. Zaczynają Agentki."
    named_match = doppelnull({"female": SeatConfig(name="Ola")})
    assert event_text(context("en"), named_match, begins) == "All agents are in place. Ola starts."
