"""Every symbol on the tables says what it means under the pointer (issue 11, point 5), in
English and Polish: Stawka's secret stars, the colour letters of the investigation tracks
and of the figures on the board (and their key entry), the reaction and location card
counts (shown only when those cards are in play); Queen of Spies' bag tokens, skill icons
(1 and 2, no longer I and II, which read as the Insight letter), time icons and Stealth."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.app import App
from game.scenes.play import PlayScene
from game.stawka.screen import StawkaScreen
from rules.core import Match, SeatConfig
from rules.queen_of_spies.content import Token, load_content
from rules.registry import TITLES
from tests.driver import Driver
from tests.ui.conftest import language_app
from tests.ui.geometry import recording


def assert_shown_on_hover(
    app: App, driver: Driver, scene: PlayScene, meaning: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point at the spot of the table that means `meaning`: the tooltip drawn says it."""
    spots = [pygame.Rect(key) for key, content in scene.screen.tips.cut.items() if content == meaning]
    assert spots, f"nothing on the table means {meaning!r}"
    with recording(monkeypatch) as drawn:
        driver.point_at(spots[0].center)
    said = " ".join(content for content, _ in drawn.boxes())
    first = meaning.split("\n")[0].split(" ")
    assert " ".join(first[:4]) in said, f"hovering {spots[0]} did not show {meaning!r}"
    assert scene.tip_look() is not None


PLANNING = ((1, 6, 1), (2, 7, 1), (3, 9, 0), (4, 10, 2), (5, 11, 1))
"""The planning cards' priority, AP and reaction cards, the same for both networks."""


def planning_labels(scene: PlayScene) -> list[str]:
    """The planning cards offered, as their buttons read (round the menu's pages)."""
    screen = scene.screen
    assert isinstance(screen, StawkaScreen) and screen.stawka_view.phase == "planning"
    labels: list[str] = []
    for _ in range(screen.menu.pages()):
        labels += [screen.labels.offer(offer) for _, offer in screen.menu.buttons]
        if screen.menu.more is not None:
            screen.menu.click(screen.menu.more.center)
    return labels


def play(app: App, driver: Driver, title_id: str, scenario: str) -> PlayScene:
    title = TITLES[title_id]
    options = title.make_options(scenario, None, {})
    seats = {seat: SeatConfig(name=f"Player {n}") for n, seat in enumerate(title.seats(options))}
    match = Match(title, title.make_options(scenario, seats, {}), 2)
    scene = PlayScene(app, match, viewer=match.to_act(), autosave=False)
    app.reset(scene)
    driver.frames(2)
    return scene


@pytest.fixture(params=["en", "pl"])
def app(request: pytest.FixtureRequest, siatka_home: object) -> Iterator[App]:
    """The real app, headless, in each language."""
    yield from language_app(request.param)


def test_queen_of_spies_tokens_skills_time_and_stealth(
    app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = play(app, driver, "queen-of-spies", "introduction")
    t = app.ctx.t
    bag = scene.screen.view.bag.counts  # type: ignore[attr-defined]
    for kind in Token:
        meaning = t(f"queen-of-spies.tip.token.{kind.value}")
        whole = f"{meaning}\n{t('queen-of-spies.tip.in_bag', count=bag.get(kind, 0))}"
        assert_shown_on_hover(app, driver, scene, whole, monkeypatch)
    hand = [load_content().operative(o) for o in scene.screen.view.hand]  # type: ignore[attr-defined]
    for skill in sorted({s for card in hand for s in card.skills}):
        named = t(f"queen-of-spies.skill.{skill.value}")
        assert_shown_on_hover(app, driver, scene, t("queen-of-spies.tip.skill", skill=named), monkeypatch)
    trainable = {card.training for card in hand if card.training is not None and not card.spymaster}
    for skill in sorted(trainable):
        named = t(f"queen-of-spies.skill.{skill.value}")
        light = t("queen-of-spies.tip.skill_light", skill=named)
        assert_shown_on_hover(app, driver, scene, light, monkeypatch)
    alice = t("queen-of-spies.tip.skill_perfected", skill=t("queen-of-spies.skill.tech"))
    assert_shown_on_hover(app, driver, scene, alice, monkeypatch)
    assert_shown_on_hover(app, driver, scene, t("queen-of-spies.tip.time"), monkeypatch)
    if any(card.stealth for card in hand):
        assert_shown_on_hover(app, driver, scene, t("queen-of-spies.tip.stealth"), monkeypatch)


def test_stawka_stars_and_track_letters_without_card_counts(
    app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = play(app, driver, "stawka", "training-1")
    t = app.ctx.t
    assert_shown_on_hover(app, driver, scene, t("stawka.ui.tip.secrets", have=0, need=2), monkeypatch)
    for colour in ("yellow", "purple", "blue", "black"):
        letter = t(f"stawka.colour_letter.{colour}")
        assert_shown_on_hover(
            app, driver, scene, t(f"stawka.ui.tip.track.{colour}", letter=letter, value=0), monkeypatch
        )
    for colour in sorted({agent.colour for agent in scene.screen.stawka_view.agents}):  # type: ignore[attr-defined]
        letter = t(f"stawka.colour_letter.{colour}")
        named = t(f"stawka.value.{colour}")
        assert_shown_on_hover(
            app, driver, scene, t("stawka.ui.tip.letter", letter=letter, colour=named), monkeypatch
        )
    letters = {
        colour: t(f"stawka.colour_letter.{colour}") for colour in ("yellow", "purple", "blue", "black")
    }
    assert_shown_on_hover(app, driver, scene, t("stawka.ui.legend.letter", **letters), monkeypatch)
    hands = t("stawka.ui.tip.hands", reactions=0, locations=0).split(" ")[0]
    assert not any(hands in tip for tip in scene.screen.tips.cut.values()), "no reaction cards, no counts"
    assert planning_labels(scene) == [t("stawka.ui.card_basic", priority=n, ap=ap) for n, ap, _ in PLANNING]


def test_stawka_card_counts_and_victory_points_with_the_advanced_rules(
    app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = play(app, driver, "stawka", "hotel-excelsior")
    t = app.ctx.t
    view = scene.screen.view
    side = view.sides[scene.viewer]  # type: ignore[attr-defined]
    assert view.location_card_limit  # type: ignore[attr-defined]
    wanted = [t("stawka.ui.card", priority=n, ap=ap, reactions=r) for n, ap, r in PLANNING]
    assert planning_labels(scene) == wanted, "with reaction cards in play, each card says how many"
    counts = t("stawka.ui.tip.hands", reactions=len(side.reaction_hand), locations=len(side.location_hand))
    found = [tip for tip in scene.screen.tips.cut.values() if tip.endswith(counts)]
    assert found, "the counts of the seat at the screen are explained"
    assert_shown_on_hover(app, driver, scene, found[0], monkeypatch)
    needed = view.room_217.finale_vp  # type: ignore[attr-defined]
    assert_shown_on_hover(app, driver, scene, t("stawka.ui.tip.vp_of", vp=0, needed=needed), monkeypatch)
