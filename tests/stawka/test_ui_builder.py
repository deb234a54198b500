"""The free scenario builder, driven by clicks from the new-game screen (issue 13)."""

from __future__ import annotations

import rules.stawka.content.box as box
import rules.stawka.free as free_module
from game.app import App
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.setup import SetupScene
from game.stawka.builder import BuilderScene, saved_scenarios, scenarios_folder
from game.storage import atomic_write_text, autosave_path
from game.ui.naming import describe_save
from rules.core import Match
from rules.stawka.content import TILE_SIZE, assemble_board, load_content, rotate
from rules.stawka.options import StawkaOptions
from tests.driver import Driver


def _open_builder(app: App, driver: Driver) -> tuple[SetupScene, BuilderScene]:
    """The new-game screen with Stawka chosen, and the builder its button opens."""
    setup = driver.new_game("stawka")
    assert setup.builder is not None
    driver.click(setup.builder)
    builder = app.top
    assert isinstance(builder, BuilderScene)
    return setup, builder


def _lay(driver: Driver, builder: BuilderScene, face: str) -> None:
    """Click the sector's button, then the first lit place."""
    driver.click(next(w for w, (what, value) in builder.widgets.items() if what == "face" and value == face))
    col, row = builder.open_cells()[0]
    driver.click_at(builder.cell_rect(col, row).center)


def _press(driver: Driver, builder: BuilderScene, what: str, value: object = None) -> None:
    driver.click(next(w for w, chosen in builder.widgets.items() if chosen == (what, value)))


def test_a_free_scenario_is_built_saved_and_played_by_clicks(app: App) -> None:
    driver = Driver(app)
    setup, builder = _open_builder(app, driver)
    assert builder.layer() == "german", "the German player lays the first sector after the police"

    _press(driver, builder, "use")
    assert app.top is builder, "an unfinished board is not played"
    assert builder.toasts.items and "4" in builder.toasts.items[-1].text

    _press(driver, builder, "target", 5)
    for face in ("railway", "hitlerplatz", "military", "waterfront"):
        _lay(driver, builder, face)
    assert [f.face for f in builder.faces] == ["police", "railway", "hitlerplatz", "military", "waterfront"]
    # Game Components: "seven large tiles (including three double-sided)": the military
    # sector laid, the villa (its tile's other face) is offered no more.
    offered = {value for what, value in builder.widgets.values() if what == "face"}
    assert "villa" not in offered and "factory" not in offered and "city" in offered
    assert builder.open_cells() == [], "five sectors laid: the board is complete"
    _press(driver, builder, "level", "extended")
    _press(driver, builder, "stages", 10)

    _press(driver, builder, "save")
    saved, broken = saved_scenarios()
    assert broken == 0 and len(saved) == 1
    assert saved[0].level == "extended" and saved[0].stages == 10
    assert len(list(scenarios_folder().glob("*.json"))) == 1

    _press(driver, builder, "use")
    assert app.top is setup and setup.scenario is not None and setup.scenario.startswith("free-")
    driver.click(setup.start)
    play = app.top
    assert isinstance(play, PlayScene)
    options = play.match.options
    assert isinstance(options, StawkaOptions) and options.free == saved[0]


def test_a_saved_scenario_loads_back_into_the_builder(app: App) -> None:
    driver = Driver(app)
    _, builder = _open_builder(app, driver)
    for face in ("hitlerplatz", "city", "administrative"):
        _lay(driver, builder, face)
    _press(driver, builder, "save")
    chosen = builder.chosen()
    _press(driver, builder, "undo")
    assert len(builder.faces) == 3
    saved, _ = saved_scenarios()
    builder.load(saved[0])
    assert builder.chosen() == chosen


def test_the_last_sector_laid_turns_a_quarter_at_a_click_and_the_game_lays_it_so(app: App) -> None:
    """C-E: a player sets his sector as he likes, touching the board by an edge; the
    sectors laid before stay as they are."""
    driver = Driver(app)
    setup, builder = _open_builder(app, driver)
    for face in ("railway", "hitlerplatz", "military"):
        _lay(driver, builder, face)
    _press(driver, builder, "turn")
    _press(driver, builder, "turn")
    assert [f.rotation for f in builder.faces] == [0, 0, 0, 2]
    _press(driver, builder, "undo")
    _press(driver, builder, "turn")
    assert [f.rotation for f in builder.faces] == [0, 0, 1]
    _lay(driver, builder, "waterfront")
    _press(driver, builder, "use")
    driver.click(setup.start)
    play = app.top
    assert isinstance(play, PlayScene) and isinstance(play.match.options, StawkaOptions)
    chosen = play.match.options.free
    assert chosen is not None and [f.rotation for f in chosen.faces] == [0, 0, 1, 0]
    board = assemble_board(load_content(), load_content().scenario(chosen.scenario_id).board)
    third = chosen.faces[2]
    space = load_content().face("hitlerplatz").spaces[0]
    x, y = rotate(space.x, space.y, 1)
    assert (x, y) != (space.x, space.y)
    assert board.position[space.id] == (third.col * TILE_SIZE + x, third.row * TILE_SIZE + y)


def test_a_built_scenario_goes_by_its_name_in_the_setup_list_the_load_list_and_continue(app: App) -> None:
    driver = Driver(app)
    setup, builder = _open_builder(app, driver)
    for face in ("railway", "hitlerplatz", "military"):
        _lay(driver, builder, face)
    assert builder.name_entry is not None
    driver.type_into(builder.name_entry, "Piątek u Kopfa")
    _press(driver, builder, "use")
    assert setup.scenario_menu is not None and setup.scenario_menu.selected_option[0] == "Piątek u Kopfa"
    driver.click(setup.start)
    play = app.top
    assert isinstance(play, PlayScene)
    saved = play.match.to_json()

    box._BUILT.clear()  # a new run of the app: the scenario is not built until a save opens it
    free_module._CHOICES.clear()
    facts = Match.peek(saved)
    assert facts.scenario_name == "Piątek u Kopfa"
    assert "Piątek u Kopfa" in describe_save(app.ctx, facts)[0]
    atomic_write_text(autosave_path(), saved)
    menu = MenuScene(app)
    app.reset(menu)
    driver.frames(2)
    assert "— Piątek u Kopfa, stage 1" in (menu.buttons["continue"].tool_tip_text or "")
