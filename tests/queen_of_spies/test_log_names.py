"""The log names cards in the player's language (issue 4, "Play"; CONTENT.md).

The rules core puts ids in event params; the play scene turns each event into a line
with `game.ui.naming.event_text`, which names an id through ``queen-of-spies.value.<id>``.
"""

from __future__ import annotations

import re

import pygame
import pytest

from game.i18n import Translator, catalog
from game.queen_of_spies.screen import QueenScreen
from game.ui.context import UiContext
from game.ui.naming import event_text
from game.ui.seat_view import SeatView
from rules.core import Dice, Match, seed_state
from rules.queen_of_spies import TITLE
from rules.queen_of_spies.content import load_content
from rules.queen_of_spies.state import QueenState
from tests.queen_of_spies.helpers import NPT, PT, forcing, ready, story

NS = "queen-of-spies"


def _card_ids() -> list[str]:
    c = load_content()
    return [
        *(card.id for card in c.operatives),
        *(cell.id for cell in c.cells),
        *(pow_.id for pow_ in c.pows),
        *(loc.id for loc in c.locations),
        *(item.id for item in c.items),
    ]


def _polish_log(scenario: str, seed: int) -> list[str]:
    """Every log line of one heuristic-bot story, as the play scene words it in Polish."""
    match = Match(TITLE, TITLE.default_options(scenario), seed)
    bot = TITLE.make_bot("heuristic", "player")
    dice = Dice(seed_state(seed))
    while match.to_act() is not None:
        state = match.state
        assert isinstance(state, QueenState)
        match.act(TITLE.bot_action(bot, state, dice))
    ctx = UiContext(t=Translator("pl"), font=lambda size, bold: None, settings=None)  # type: ignore[arg-type,return-value]
    return [event_text(ctx, match, event) for event in match.log]


def test_every_card_has_a_name_in_both_languages() -> None:
    for language in ("en", "pl"):
        names = catalog(language)
        missing = [i for i in _card_ids() if f"{NS}.value.{i}" not in names]
        assert not missing, f"{language} lacks names for {missing}"


def test_the_table_names_every_card_by_the_log_s_key() -> None:
    """One name per card: the table reads the ``value.`` keys, no other copy exists."""
    pygame.font.init()
    ctx = UiContext(t=Translator("pl"), font=lambda size, bold: pygame.font.Font(None, size), settings=None)
    match = Match(TITLE, TITLE.default_options("rescuing-the-prisoners"), 2)
    screen = QueenScreen(ctx, SeatView.of(match, "player"), pygame.Rect(0, 0, 1600, 900))
    polish = catalog("pl")
    for card_id in _card_ids():
        assert screen.name(card_id) == polish[f"{NS}.value.{card_id}"]
    assert screen.name("hale") == "Por. Arthur Hale"  # a POW's rank, in Polish
    assert screen.cell_name("lily") == "Lilia"
    for language in ("en", "pl"):
        copies = [k for k in catalog(language) if k.startswith((f"{NS}.loc.", f"{NS}.item.", f"{NS}.cell."))]
        assert not copies, f"{language}: {copies}"


def test_english_names_are_the_printed_ones() -> None:
    english = catalog("en")
    c = load_content()
    printed = {card.id: card.name for card in c.operatives}
    printed |= {pow_.id: pow_.name for pow_ in c.pows}
    printed |= {loc.id: loc.name for loc in c.locations}
    printed |= {item.id: item.name for item in c.items}
    for card_id, name in printed.items():
        assert english[f"{NS}.value.{card_id}"] == name


@pytest.mark.parametrize("scenario", TITLE.scenarios)
def test_no_polish_log_line_holds_an_english_card_name(scenario: str) -> None:
    english, polish = catalog("en"), catalog("pl")
    english_only = {
        english[f"{NS}.value.{i}"]
        for i in _card_ids()
        if english[f"{NS}.value.{i}"] != polish[f"{NS}.value.{i}"]
    }
    assert {"Pub (Recruit)", "Lily", "Lockpick"} <= english_only  # the check has teeth
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(name)}(?!\w)" for name in sorted(english_only)))
    lines = [line for seed in (1, 2, 3) for line in _polish_log(scenario, seed)]
    assert len(lines) > 50
    leaks = [line for line in lines if pattern.search(line)]
    assert not leaks, leaks[:5]
    polish_places = {polish[f"{NS}.value.{loc.id}"] for loc in load_content().locations}
    assert any(place in line for line in lines for place in polish_places)


@pytest.mark.parametrize("language", ["en", "pl"])
def test_each_draw_in_the_log_says_what_the_token_does(language: str) -> None:
    """002, "Tokens": "Progress + Time: Add a Progress Marker of the matching color to your
    location but also discard one Time Marker from the Time Marker pool"; "No Progress + Time:
    Discard one Time Marker from the Time Marker pool". The log line of each draw says what
    the token did, the time marker leaving the pool included (it named only the token)."""
    state = story(
        "introduction", hand=("alice",), phase="resolve", assignments=(ready("ch_tech", ("katja", 0)),)
    )
    after, events = TITLE.apply(
        forcing(state, [PT, NPT]), {"type": "check", "operative": "katja", "draws": 2}
    )
    assert after.time == state.time - 2
    ctx = UiContext(t=Translator(language), font=lambda size, bold: None, settings=None)  # type: ignore[arg-type,return-value]
    match = Match(TITLE, TITLE.default_options("introduction"), 1)
    lines = [event_text(ctx, match, event) for event in events if event.kind == "draw"]
    pool = {"en": "a time marker leaves the pool", "pl": "z puli ubywa znacznik czasu"}[language]
    assert len(lines) == 2 and all(line.startswith("Katja") and pool in line for line in lines), lines
