"""Players are named by what a person typed, else by their seat in the language of the moment.

Issue 11, point 1.
"""

from __future__ import annotations

from game.i18n import Translator
from game.ui.context import UiContext
from game.ui.naming import event_text, outcome_text, player_name
from rules.core import Dice, Match, SeatConfig, seed_state
from rules.registry import TITLES


def context(language: str) -> UiContext:
    return UiContext(t=Translator(language), font=lambda size, bold: None, settings=None)  # type: ignore[arg-type,return-value]


def doppelnull_after(actions: int, seats: dict[str, SeatConfig] | None = None) -> Match:
    title = TITLES["doppelnull"]
    match = Match(title, title.make_options(None, seats or {}, {"starter": "random"}), seed=7)
    for _ in range(actions):
        match.act(title.legal_actions(match.state)[0])
    return match


def lines(match: Match, language: str) -> list[str]:
    ctx = context(language)
    return [event_text(ctx, match, event) for event in match.log]


def test_a_seat_nobody_named_is_named_in_the_language_shown() -> None:
    match = doppelnull_after(4)
    english, polish = lines(match, "en"), lines(match, "pl")
    assert any(line.startswith("Male agents send one of the opponent's agents") for line in english), english
    assert any(line.startswith("Agenci odsyłają do pudełka") for line in polish), polish
    assert not any("Male agents" in line or "Female agents" in line for line in polish)
    assert player_name(context("pl"), match, "female") == "Agentki"


def test_a_typed_name_stays_and_the_sentence_agrees_with_a_person() -> None:
    match = doppelnull_after(4, {"male": SeatConfig(name="Ola"), "female": SeatConfig(bot="random")})
    polish = lines(match, "pl")
    assert any(line.startswith("Ola odsyła do pudełka") for line in polish), polish
    assert any(line.startswith("Agentki odsyłają") for line in polish), "the computer's seat by its name"


def test_names_older_versions_stored_for_unnamed_seats_are_translated() -> None:
    title = TITLES["stawka"]
    seats = {
        "polish": SeatConfig(name="Polish network"),
        "german": SeatConfig(name="Computer (German network)"),
    }
    match = Match(title, title.make_options(title.scenarios[0], seats), seed=3)
    ctx = context("pl")
    assert player_name(ctx, match, "polish") == "Siatka polska"
    assert player_name(ctx, match, "german") == "Siatka niemiecka"


def test_the_outcome_names_the_winner_once() -> None:
    title = TITLES["doppelnull"]
    match = doppelnull_after(0)
    bot = title.make_bot("random", "male")
    rolls = Dice(seed_state(1))
    while match.to_act() is not None:
        match.act(title.bot_action(bot, match.state, rolls))
    outcome = match.outcome()
    assert outcome is not None and outcome.winners
    for language in ("en", "pl"):
        ctx = context(language)
        shown = outcome_text(ctx, match, outcome)
        winner = player_name(ctx, match, outcome.winners[0])
        assert shown.count(winner) == 1, shown
