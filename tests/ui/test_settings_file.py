"""Settings on disk: validated, atomic, Polish by default on a Polish system, never a crash."""

from __future__ import annotations

import pytest

from game.app import App
from game.scenes.menu import MenuScene
from game.settings import (
    MAX_GUIDED_PEOPLE,
    Notice,
    Settings,
    load_settings,
    person_key,
    save_settings,
    settings_path,
)
from tests.driver import Driver


def test_without_a_file_a_polish_system_gets_polish(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert load_settings() == (Settings(language="pl"), [])
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert load_settings()[0].language == "en"


def test_saved_settings_come_back_equal() -> None:
    chosen = Settings(
        language="pl", fullscreen=True, window_size=(1280, 720), animation_speed=2.0, sound=False
    )
    save_settings(chosen)
    assert load_settings() == (chosen, [])
    assert [p.name for p in settings_path().parent.iterdir()] == ["settings.json"]


@pytest.mark.parametrize(
    ("content", "reset"),
    [
        ('{"language": "klingon"}', ("language",)),
        ('{"window_size": [5, 5]}', ("window_size",)),
        ('{"animation_speed": 1000}', ("animation_speed",)),
        ('{"guides_seen": {"no topic": ["ola"]}}', ("guides_seen",)),
        ('{"guides_seen": {"stawka:basics": ["x" ,"' + "y" * 41 + '"]}}', ("guides_seen",)),
        ('{"last_name": "' + "z" * 41 + '"}', ("last_name",)),
    ],
)
def test_a_damaged_field_gets_its_default_and_a_message(
    content: str, reset: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    settings_path().write_text(content, encoding="utf-8")
    settings, notices = load_settings()
    assert settings == Settings()
    assert notices == [Notice("app.settings.repaired", fields=reset)]


@pytest.mark.parametrize("content", ["{not json", "", "[1, 2]"])
def test_a_file_that_is_no_settings_gives_defaults_and_a_message(
    content: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    settings_path().write_text(content, encoding="utf-8")
    assert load_settings() == (Settings(), [Notice("app.settings.damaged")])


def test_an_unknown_field_is_dropped_quietly() -> None:
    settings_path().write_text('{"unknown": true, "sound": false}', encoding="utf-8")
    assert load_settings() == (Settings(sound=False), [])


def test_the_menu_tells_the_player_about_damaged_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    settings_path().write_text('{"language": 3}', encoding="utf-8")
    app = App()
    app.reset(MenuScene(app))
    Driver(app).frames()
    assert [toast.text for toast in app.top.toasts.items] == [
        "Some settings were damaged and are back to their defaults: Language."
    ]


def test_the_guide_remembers_a_bounded_list_of_people_per_topic() -> None:
    """Each title's topics keep the latest people guided through them: the file stays small."""
    settings = Settings()
    for number in range(MAX_GUIDED_PEOPLE + 5):
        settings = settings.with_guides_seen("stawka", {"basics": [f"player {number}"]})
    people = settings.guides_seen["stawka:basics"]
    assert len(people) == MAX_GUIDED_PEOPLE and people[-1] == f"player {MAX_GUIDED_PEOPLE + 4}"
    assert settings.guide_seen("stawka", "basics", people[-1])
    assert not settings.guide_seen("stawka", "basics", "player 0"), "the oldest made room"
    assert not settings.guide_seen("doppelnull", "basics", people[-1]), "per title"
    assert settings.with_guides_seen("stawka", {"basics": [people[-1]]}) is settings, "nothing new"
    save_settings(settings)
    assert load_settings() == (settings, [])
    assert person_key("  Ola ") == person_key("OLA") == "ola" and person_key(None) == ""


def test_turning_the_guide_on_again_guides_every_first_game_again(app: App, driver: Driver) -> None:
    from game.scenes.settings import SettingsScene

    app.apply_settings(app.settings.with_guides_seen("stawka", {"basics": ["ola"]}))
    scene = SettingsScene(app)
    app.reset(scene)
    driver.frames(2)
    scene.change("first_game_guide", True)
    assert app.settings.first_game_guide and not app.settings.guides_seen
    scene.change("first_game_guide", False)
    app.apply_settings(app.settings.with_guides_seen("stawka", {"basics": ["ola"]}))
    scene.change("first_game_guide", False)
    assert app.settings.guides_seen, "turning it off (again) forgets nothing"
