"""The hint speaks the player's language in every title (issue 28, point 8; issue 29, point 1).

For every legal action of seeded games of every title and scenario, the table gives the
hint's words and rings: no exception, no empty text, a ring on the table for each click;
the words have nothing of an identifier in them ("swap card=10 slot=2", "assign_colour",
"railway.4", "alice"), are words of the catalog's language, and no preposition stands before
a colon ("Hans Kloss: Przejdź do: Hotel", issue 29)."""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from pydantic import BaseModel

from game.app import App
from game.i18n import Translator, catalog
from game.i18n.grammar import is_selection, parse_selection
from game.scenes.play_bar import TABLE
from game.titles import SCREENS
from game.ui.context import UiContext
from game.ui.seat_view import SeatView
from game.ui.title_screen import TitleScreen
from rules.core import Dice, GameOptions, Match, seed_state
from rules.island.options import IslandOptions
from rules.registry import TITLES
from rules.stawka import free as free_scenarios
from rules.stawka.content import load_content
from rules.stawka.options import StawkaOptions
from tests.stawka.test_free import free

STATES = 90
"""Decisions looked at in each game (every legal action at each): enough to reach every
phase of a game, and a suite's worth of time on a shared machine."""


def _options() -> Iterator[tuple[str, str, Callable[[], GameOptions]]]:
    stawka = TITLES["stawka"]
    for scenario in stawka.scenarios:
        yield "stawka", scenario, lambda s=scenario: stawka.default_options(s)
    yield "stawka", "free", lambda: StawkaOptions(free=free("advanced"))
    yield "curfew", "curfew", lambda: TITLES["curfew"].default_options()
    for players in (3, 4, 5, 6):
        yield "island", f"{players} players", lambda n=players: IslandOptions(players=n)
    queen = TITLES["queen-of-spies"]
    for story in queen.scenarios:
        yield "queen-of-spies", story, lambda s=story: queen.default_options(s)
    yield "doppelnull", "single", lambda: TITLES["doppelnull"].default_options()
    named = ("stawka", "curfew", "island", "queen-of-spies", "doppelnull")
    for title_id, title in TITLES.items():  # a title added later (`python -m game new-title`)
        if title_id not in named:
            for chosen in title.scenarios or (None,):
                yield title_id, chosen or "default", lambda t=title, c=chosen: t.default_options(c)


CASES = [pytest.param(title, make, id=f"{title}-{name}") for title, name, make in _options()]
WORD = re.compile(r"[^\W\d_]+")
IDENTIFIER = re.compile(r"=|\w_\w|\b[a-z]+\.[a-z0-9]|[{}]")
"""A field's ``=``, a snake_case word, a dotted id (``railway.4``, a message key), a brace."""
PREPOSITION_COLON = {
    "en": re.compile(r"\b(?:to|for|by|from|at|in|on|with|of)\s*:", re.IGNORECASE),
    "pl": re.compile(r"\b(?:do|na|dla|od|przez|w|we|z|ze|u|po|przy|o|pod|nad)\s*:", re.IGNORECASE),
}
"""A preposition cut off from its place by a colon: "Hans Kloss: Przejdź do: Hotel" (issue 29)."""


@cache
def vocabulary(language: str) -> frozenset[str]:
    """Every word the language's catalog and the content's names in it may show (lower case)."""
    texts: list[str] = []
    for text in catalog(language).values():
        for literal, _, spec, _ in string.Formatter().parse(text):
            texts.append(literal)
            if spec and is_selection(spec):
                texts += parse_selection(spec).values()
    content = load_content()
    named = [*content.documents, *content.locations, *content.faces, *content.items]
    texts += [getattr(thing.name, language) for thing in named]
    return frozenset(word.lower() for text in texts for word in WORD.findall(text))


@cache
def catalog_words(language: str) -> frozenset[str]:
    """The words of the language's catalog as written (an id written so is a word there)."""
    return frozenset(word for line in catalog(language).values() for word in WORD.findall(line))


def ids_of(action: BaseModel) -> set[str]:
    """The string ids an action carries (an agent, a space, a card)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, list | tuple):
            for inner in value:
                walk(inner)

    for value in action.model_dump(exclude={"type"}).values():
        walk(value)
    return found


def problems(text: str, action: BaseModel, language: str) -> list[str]:
    """What is wrong with the hint's `text` for `action` in `language` (nothing: [])."""
    found = []
    if not text.strip():
        found.append("empty")
    if IDENTIFIER.search(text):
        found.append(f"identifier-like: {IDENTIFIER.search(text)}")
    words = WORD.findall(text)
    cut_off = PREPOSITION_COLON[language].search(text)
    if cut_off:
        found.append(f"a preposition before a colon: {cut_off.group()!r}")
    raw = [word for word in words if word in ids_of(action) and word not in catalog_words(language)]
    if raw:
        found.append(f"raw ids {raw}")
    foreign = [word for word in words if word.lower() not in vocabulary(language)]
    if foreign:
        found.append(f"not {language}: {foreign}")
    return found


def contexts(app: App) -> dict[str, UiContext]:
    """The app's context (English) and the same in Polish."""
    polish = app.settings.model_copy(update={"language": "pl"})
    return {"en": app.ctx, "pl": UiContext(t=Translator("pl"), font=app.ctx.font, settings=polish)}


@pytest.mark.parametrize(("title_id", "make"), CASES)
def test_every_legal_action_has_a_hint_in_words_of_the_language_and_rings_on_the_table(
    app: App, title_id: str, make: Callable[[], GameOptions]
) -> None:
    title = TITLES[title_id]
    match = Match(title, make(), seed=5)
    dice = Dice(seed_state(5))
    screens: dict[str, TitleScreen] = {}
    wrong: dict[str, tuple[str, str]] = {}
    kinds: set[str] = set()
    for _ in range(STATES):
        seat = match.to_act()
        if seat is None:
            break
        legal = title.legal_actions(match.state)
        for language, ctx in contexts(app).items():
            screen = screens.get(language)
            if screen is None:
                screen = screens[language] = SCREENS[title_id](ctx, SeatView.of(match, seat), TABLE.copy())
            screen.refresh(SeatView.of(match, seat))
            for action in legal:
                kinds.add(action.type)
                text = screen.hint_text(action)
                for problem in problems(text, action, language):
                    wrong.setdefault(f"{language} {action.type}: {problem}", (text, repr(action)))
                if language == "en":
                    screen.show_hint(action)
                    marks = screen.hint_marks(action)
                    if not marks or not all(screen.rect.contains(mark) for mark in marks):
                        wrong.setdefault(f"rings of {action.type}: {marks}", (text, repr(action)))
            screen.hint = None
        match.act(dice.choice(legal))
    offered = {kind for rule in title.rulebook.rules() for kind in rule.handlers}
    assert len(kinds) >= min(4, len(offered)), f"the game reached too few kinds of move: {kinds}"
    said = [f"{problem}: {text!r} for {action}" for problem, (text, action) in wrong.items()]
    assert not wrong, "\n".join(said)


def test_every_title_and_scenario_is_looked_at() -> None:
    """A title or scenario added later is added to `CASES` too (its hint is in words)."""
    looked_at = {(title, name) for title, name, _ in _options()}
    for title in TITLES.values():
        assert title.id in {title_id for title_id, _ in looked_at}, f"{title.id} is not in CASES"
        for scenario in title.scenarios:
            if free_scenarios.choices_of(scenario) is not None:
                continue  # a free scenario another test built: "free" stands for them
            assert (title.id, scenario) in looked_at, f"{title.id} {scenario} is not in CASES"
