"""Setup choices and campaigns in the rules core: `SetupChoice`, `Title.setup_choices`,
`Title.make_options` and `Title.campaign_next` (issue 2 follow-up)."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest
from pydantic import ValidationError

from game.i18n import LANGUAGES, Translator
from rules.core import Match, SeatConfig, SetupChoice, SetupOption, Title
from rules.registry import TITLES
from tests.campaign_title import CAMPAIGN, CampaignOptions, CampaignState
from tests.toy_title import TOY, ToyState

ALL_TITLES: dict[str, Title[Any, Any, Any]] = {TOY.id: TOY, CAMPAIGN.id: CAMPAIGN, **TITLES}


def _yes_no(default: Any) -> SetupChoice:
    return SetupChoice(
        field="fast",
        label_key="x.fast",
        values=(SetupOption(value=True, label_key="x.yes"), SetupOption(value=False, label_key="x.no")),
        default=default,
    )


def test_a_choice_offers_its_default() -> None:
    assert _yes_no(False).default is False
    with pytest.raises(ValidationError, match="not offered"):
        _yes_no("maybe")


def test_a_true_is_not_a_one() -> None:
    """Values keep their type: an int choice does not take True, nor a bool choice 1."""
    with pytest.raises(ValidationError, match="not offered"):
        _yes_no(1)
    with pytest.raises(ValueError, match="not a value"):
        _yes_no(True).option(1)
    assert _yes_no(True).option(True).label_key == "x.yes"


def test_a_choice_offers_each_value_once() -> None:
    with pytest.raises(ValidationError, match="twice"):
        SetupChoice(
            field="level",
            label_key="x.level",
            values=(SetupOption(value=1, label_key="x.one"), SetupOption(value=1, label_key="x.again")),
            default=1,
        )


def test_by_default_a_title_has_no_choices_and_no_campaign() -> None:
    assert TOY.setup_choices(None) == ()
    match = Match(TOY, TOY.default_options(), 1)
    match.act({"type": "concede"})
    assert TOY.campaign_next(cast(ToyState, match.state)) is None


def test_make_options_puts_the_choices_and_seats_in_the_options() -> None:
    seats = {"odd": SeatConfig(name="Ola"), "even": SeatConfig(name="Bot", bot="random")}
    options = CAMPAIGN.make_options(None, seats, {"level": 2, "pace": "fast"})
    assert isinstance(options, CampaignOptions)
    assert (options.level, options.pace, options.seats["odd"].name) == (2, "fast", "Ola")
    assert CAMPAIGN.make_options(None) == CampaignOptions()


def test_make_options_refuses_with_a_readable_reason() -> None:
    with pytest.raises(ValueError, match=r"^Level 3 cannot be played at the fast pace\.$"):
        CAMPAIGN.make_options(None, choices={"level": 3, "pace": "fast"})
    with pytest.raises(ValueError, match="not a value of 'level'"):
        CAMPAIGN.make_options(None, choices={"level": 4})
    with pytest.raises(ValueError, match="not something to choose"):
        CAMPAIGN.make_options(None, choices={"seed": 4})


def test_a_campaign_leads_from_level_to_level_and_ends() -> None:
    levels = []
    options: Any = CAMPAIGN.make_options(None)
    for seed in range(5):
        match = Match(CAMPAIGN, options, seed)
        unfinished = cast(CampaignState, match.state)
        assert CAMPAIGN.campaign_next(unfinished) is None, "no next game before this one ends"
        match.act({"type": "concede"})
        levels.append(options.level)
        following = CAMPAIGN.campaign_next(cast(CampaignState, match.state))
        if following is None:
            break
        options = following
    assert levels == [1, 2, 3]


@pytest.mark.parametrize("title_id", sorted(ALL_TITLES))
def test_every_choice_default_is_the_options_default_and_every_value_plays(title_id: str) -> None:
    title = ALL_TITLES[title_id]
    for scenario in title.scenarios or (None,):
        defaults = title.default_options(scenario)
        for choice in title.setup_choices(scenario):
            assert getattr(defaults, choice.field) == choice.default, choice.field
            for option in choice.values:
                options = title.make_options(scenario, choices={choice.field: option.value})
                assert getattr(options, choice.field) == option.value
                title.new_game(options, 1)


@pytest.mark.parametrize("title_id", sorted(TITLES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_choice_is_named_in_every_language(title_id: str, language: str) -> None:
    title = TITLES[title_id]
    t = Translator(language)
    for scenario in title.scenarios or (None,):
        for choice in title.setup_choices(scenario):
            assert t(choice.label_key) != choice.label_key
            labels = [t(option.label_key, **option.params) for option in choice.values]
            assert all(label != option.label_key for label, option in zip(labels, choice.values, strict=True))
            assert len(set(labels)) == len(labels), f"{choice.field}: two values read the same"


def test_doppelnull_offers_who_starts_and_the_series_length() -> None:
    doppelnull = TITLES["doppelnull"]
    choices = doppelnull.setup_choices(None)
    offered = {choice.field: [option.value for option in choice.values] for choice in choices}
    assert offered == {
        "starter": ["choose", "random"],
        "games": list(range(1, 10)),
        "blind_pick": ["pick", "lots"],
    }
    assert Translator("en")("doppelnull.option.games.series", games=5) == "A series of 5 games"


def test_simulate_plays_with_setup_choices() -> None:
    from rules.core.simulate import simulate

    result = simulate(TITLES["doppelnull"], None, 2, 1, choices={"games": 3, "starter": "random"})
    assert result["options"] == {"games": 3, "starter": "random"}
    series_points = [score["max"] for score in result["scores"].values()]
    assert max(series_points) > 7, "three games score more than a single game's seven"


def test_the_simulate_command_reads_setup_choices(capsys: pytest.CaptureFixture[str]) -> None:
    from game.__main__ import main

    assert main(["simulate", "doppelnull", "--games", "1", "--seed", "2", "--option", "games=2"]) == 0
    assert json.loads(capsys.readouterr().out)["options"] == {"games": 2}
    assert main(["simulate", "doppelnull", "--games", "1", "--seed", "2", "--option", "games=12"]) == 2
    assert "games may be 1, 2, 3" in capsys.readouterr().err
    assert main(["simulate", "doppelnull", "--games", "1", "--seed", "2", "--option", "colour=red"]) == 2
    assert "no setup choice 'colour'" in capsys.readouterr().err
