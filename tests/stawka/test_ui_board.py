"""The Stawka board on screen, headless: it fits its rect, the zoom keys work, names stay
put by their own cards and nothing is drawn over them, crowded spaces fan out, and
colour-blind patterns switch on."""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import combinations
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.scenes.play_files import bot_played_match
from game.settings import Settings
from game.stawka.board_view import PAD, SETTLE_FRAMES, Piece, footprint, touches
from game.stawka.screen import StawkaScreen
from game.ui.fit import HoverTexts, noting
from game.ui.seat_view import SeatView
from game.ui.theme import MIN_TEXT
from rules.core import Dice, Event, Match, seed_state
from rules.registry import TITLES
from rules.stawka.content import load_content
from rules.stawka.title import TITLE
from rules.stawka.view import StawkaView
from tests.stawka.build import in_activations

TABLE = pygame.Rect(16, 72, 1168, 772)


@contextmanager
def app_in(language: str) -> Iterator[App]:
    """The app in `language`, its scenes closed after."""
    app = App(Settings(language=language))
    try:
        yield app
    finally:
        while app.scenes:
            app.scenes.pop().exit()


@pytest.fixture
def app() -> Iterator[App]:
    with app_in("pl") as app:
        yield app


def screen_for(app: App, scenario: str, seed: int = 1) -> StawkaScreen:
    match = Match(TITLE, TITLE.default_options(scenario), seed)
    return StawkaScreen(app.ctx, SeatView.of(match, "polish"), TABLE.copy())


def key(screen: StawkaScreen, code: int) -> None:
    screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


@pytest.mark.parametrize("scenario", ["training-1", "training-2"])
def test_the_board_fits_its_rect_at_start(app: App, scenario: str) -> None:
    screen = screen_for(app, scenario)
    view = screen.board_rect
    board = screen.board.board_rect()
    assert view.contains(board)
    world_w, world_h = screen.board.world
    assert board.width / board.height == pytest.approx(world_w / world_h, rel=0.01), "aspect kept"
    # Fitted: one side spans the whole rect but its padding, the other stays within it.
    spans_width = abs(board.width - (view.width - 2 * PAD)) <= 1
    spans_height = abs(board.height - (view.height - 2 * PAD)) <= 1
    assert spans_width or spans_height
    assert abs(board.centerx - view.centerx) <= 1


def test_zoom_keys_zoom_and_home_fits_again(app: App) -> None:
    screen = screen_for(app, "training-1")
    fitted = screen.board.board_rect()
    key(screen, pygame.K_PLUS)
    key(screen, pygame.K_KP_PLUS)
    assert screen.board.zoom == pytest.approx(1.2**2)
    zoomed = screen.board.board_rect()
    assert zoomed.width > fitted.width * 1.4
    assert zoomed.contains(screen.board_rect), "zoomed in round the middle, the board covers its view"
    key(screen, pygame.K_MINUS)
    assert screen.board.zoom == pytest.approx(1.2)
    key(screen, pygame.K_HOME)
    assert screen.board.zoom == 1.0
    assert screen.board.board_rect() == fitted
    key(screen, pygame.K_MINUS)
    assert screen.board.board_rect() == fitted, "no zooming out past the fitted board"


def test_zoom_keys_keep_the_board_point_in_the_middle_of_the_view(app: App) -> None:
    screen = screen_for(app, "training-2")
    middle = screen.board_rect.center
    fitted = screen.board.board_rect()
    key(screen, pygame.K_EQUALS)
    zoomed = screen.board.board_rect()
    before = ((middle[0] - fitted.x) / fitted.width, (middle[1] - fitted.y) / fitted.height)
    after = ((middle[0] - zoomed.x) / zoomed.width, (middle[1] - zoomed.y) / zoomed.height)
    assert zoomed.width > fitted.width
    assert after == pytest.approx(before, abs=0.01)


def overlaps(rect: pygame.Rect, piece: Piece) -> bool:
    """Whether the piece's disc (or diamond, inside its disc) touches the rect."""
    nearest = (
        min(max(piece.centre[0], rect.left), rect.right),
        min(max(piece.centre[1], rect.top), rect.bottom),
    )
    return math.dist(nearest, piece.centre) < piece.radius


def assert_names_clear(screen: StawkaScreen) -> None:
    """No name covers another or a card; each lies in its own sector, by its card (issue
    29, point 5: "Budka telefoniczna" was named in the villa sector)."""
    view = screen.stawka_view
    board = screen.board
    labels = board.label_rects(view)
    assert len(labels) == len(board.scenario.board) + sum(
        1 for s in board.board.spaces if board.kinds[s] == "location"
    )
    for (a, ra), (b, rb) in combinations(labels, 2):
        assert not ra.colliderect(rb), (a, b)
    half = round(board.location_half())
    for space in board.board.spaces:
        if board.kinds[space] == "location":
            card = pygame.Rect(0, 0, 2 * half, round(half * 1.5))
            card.center = board.space_point(space)
            assert all(not rect.colliderect(card) for _, rect in labels), space
    places = {board.location_name(s): s for s in board.board.spaces if board.kinds[s] == "location"}
    tiles = [tile.move(board._layer_origin()) for tile, _ in board._plates]
    for name, rect in labels:
        if name in places:
            point = board.space_point(places[name])
            home = next(tile for tile in tiles if tile.collidepoint(point))
            assert home.contains(rect), f"{name} leaves its sector"
            assert math.dist(rect.center, point) < 4 * board.location_half() + rect.width / 2, name


@pytest.mark.parametrize(
    ("scenario", "seed"),
    [
        ("training-1", 3),
        ("training-1", 5),
        ("training-1", 9),
        ("training-2", 6),
        ("training-2", 8),
        ("training-2", 12),
    ],
)
def test_names_stay_where_they_are_through_a_game(app: App, scenario: str, seed: int) -> None:
    """Issue 29, point 5: the names jumped between turns (they made way for the pieces).
    Placed by the board alone, they stay put whatever moves (over the pieces, which step
    aside from them: `test_names_are_never_drawn_over_and_figures_step_aside_from_them_at_any_zoom`)."""
    match = Match(TITLE, TITLE.default_options(scenario), seed)
    screen = StawkaScreen(app.ctx, SeatView.of(match, "polish"), TABLE.copy())
    bots = {seat: TITLE.make_bot("heuristic", seat) for seat in match.seats()}
    dice = Dice(seed_state(seed))
    first = screen.board.label_rects(screen.stawka_view)
    checked = 0
    for step in range(400):
        acting = match.to_act()
        if acting is None:
            break
        if step % 2 == 0:
            screen.refresh(SeatView.of(match, "polish"))
            assert screen.board.label_rects(screen.stawka_view) == first
            assert_names_clear(screen)
            checked += 1
        match.act(TITLE.bot_action(bots[acting], match.state, dice))  # type: ignore[arg-type]
    assert checked >= 30


def crowded_screen(app: App) -> StawkaScreen:
    """Four agents on one street space with a threat token, two on a location with one;
    some evidence on both investigation tracks."""
    state = in_activations(
        {
            "kloss": "hitlerplatz.13",
            "ingrid_heizer": "hitlerplatz.13",
            "jacek": "hitlerplatz.13",
            "hermann_brunner": "hitlerplatz.13",
            "glaubel": "hotel",
            "marta_becher": "hotel",
        },
        scenario="training-2",
        evidence={"polish": {"purple": 3}, "german": {"yellow": 2}},
    )
    state = state.model_copy(update={"threats": {"hitlerplatz.13": "polish-01", "hotel": "german-01"}})
    match = Match(TITLE, TITLE.default_options("training-2"), 1)
    match.state = state
    return StawkaScreen(app.ctx, SeatView.of(match, "polish"), TABLE.copy())


@pytest.mark.parametrize("zoom_steps", [0, 3])
def test_pieces_sharing_a_space_fan_out_without_overlapping(app: App, zoom_steps: int) -> None:
    screen = crowded_screen(app)
    for _ in range(zoom_steps):
        key(screen, pygame.K_PLUS)
    pieces = screen.board.pieces(screen.stawka_view)
    assert len(pieces) == 8
    for a, b in combinations(pieces, 2):
        assert math.dist(a.centre, b.centre) >= a.radius + b.radius - 1, (a, b)
    if zoom_steps == 0:
        assert_names_clear(screen)


def test_figures_are_drawn_in_the_views_order_not_a_sets(app: App) -> None:
    """Where figures overlap, the one drawn last is on top: the order is the view's (agents
    by their space's first agent, then the tokens), the same in every process (a set of
    space names would order them by the process's hash seed)."""
    match = bot_played_match("stawka", "i-know-who-you-are", seed=7, steps=30)
    screen = StawkaScreen(app.ctx, SeatView.of(match, "polish"), TABLE.copy())
    view = screen.stawka_view
    standing = [a for a in view.agents if a.status not in ("liquidated", "unplaced")]
    spaces = list(dict.fromkeys(a.space for a in standing))
    expected = [a.id for space in spaces for a in standing if a.space == space]
    pieces = screen.board.pieces(view)
    assert [p.id for p in pieces if p.kind == "agent"] == expected and len(spaces) > 3


def test_colour_blind_setting_lays_patterns_over_agent_colours(app: App) -> None:
    screen = crowded_screen(app)
    surface = pygame.Surface((1600, 900))
    figure = screen.board.agent_points(screen.stawka_view)["jacek"]
    r = screen.board.figure_radius() // 2
    area = pygame.Rect(figure[0] - r, figure[1] - r, 2 * r, 2 * r)
    tracks = pygame.Rect(screen.side_rect.x + 8, screen.side_rect.y + 150, screen.side_rect.width - 16, 170)

    def pixels(rect: pygame.Rect) -> set[tuple[int, ...]]:
        return {
            tuple(surface.get_at((x, y)))[:3]
            for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)
        }

    app.ctx.settings.colour_blind_patterns = False
    screen.draw(surface)
    plain = pixels(area), surface.subsurface(tracks).copy()
    app.ctx.settings.colour_blind_patterns = True
    screen.draw(surface)
    patterned = pixels(area), surface.subsurface(tracks).copy()
    assert len(patterned[0]) > len(plain[0]), "the yellow disc gets a pattern of dots"
    assert pygame.image.tobytes(plain[1], "RGB") != pygame.image.tobytes(patterned[1], "RGB")


@pytest.mark.parametrize("corner", ["topleft", "topright", "bottomleft", "bottomright", "center"])
def test_an_agents_document_stays_whole_inside_the_table_in_polish(app: App, corner: str) -> None:
    screen = crowded_screen(app)
    surface = pygame.Surface((1600, 900))
    pos = getattr(TABLE, corner)
    for agent in screen.stawka_view.agents:
        box = screen.hud.document(surface, pos, screen.stawka_view, agent.id, screen.rect)
        assert screen.rect.contains(box), (agent.id, corner, box)


def test_the_board_layer_is_built_once_and_rebuilt_only_after_a_zoom_settles(app: App) -> None:
    screen = screen_for(app, "training-2")
    surface = pygame.Surface((1600, 900))
    screen.draw(surface)
    layer = screen.board.static_layer()
    for _ in range(5):
        screen.draw(surface)
    assert screen.board.static_layer() is layer, "no zoom: the cached board is reused"
    key(screen, pygame.K_PLUS)
    for _ in range(SETTLE_FRAMES):
        screen.draw(surface)
        assert screen.board._static is not None and screen.board._static[1] is layer, "a scaled preview"
    screen.draw(surface)
    rebuilt = screen.board.static_layer()
    assert rebuilt is not layer
    assert rebuilt.get_width() == pytest.approx(layer.get_width() * 1.2, abs=3)


def drawn_bounds(draw: Callable[[pygame.Surface], object]) -> pygame.Rect:
    """Where a drawing call put any pixel, on a transparent canvas."""
    canvas = pygame.Surface((1600, 900), pygame.SRCALPHA)
    draw(canvas)
    return canvas.get_bounding_rect()


def test_every_polish_menu_heading_stays_inside_the_side_panel(app: App) -> None:
    screen = crowded_screen(app)
    catalog = json.loads(Path("game/i18n/pl/stawka.json").read_text(encoding="utf-8"))
    headings = [text for key, text in catalog.items() if key.startswith("stawka.ui.heading.")]
    assert len(headings) >= 8
    for heading in headings:
        canvas = pygame.Surface((1600, 900), pygame.SRCALPHA)
        tips = HoverTexts()
        screen.menu.layout(screen.menu.top, screen.offers, None, heading=heading)
        with noting(tips):
            screen.menu.draw(canvas, lambda rect: False)
        assert screen.side_rect.contains(canvas.get_bounding_rect()), heading
        assert tips.cut == {}, "the heading is whole (in two lines where it needs them)"


def test_a_long_polish_roll_box_stays_whole_on_the_board(app: App) -> None:
    screen = crowded_screen(app)
    roll = Event(
        kind="roll",
        key="stawka.conversation",
        data={
            "dice": [6, 5],
            "modifiers": [["trait", 1], ["track", 3], ["check", -1], ["support", 2], ["hotel-1", 1]],
            "total": 17,
            "thresholds": {"single": 7, "double": 9, "secret": 12},
        },
    )
    caption = "Glaubel rozmawia z Ingrid Heizer: 17, tajemnica! " * 3
    anchor = (screen.board_rect.right - 10, screen.board_rect.bottom - 28)
    box = screen.hud.roll(pygame.Surface((1600, 900)), anchor, roll, caption)
    bounds = drawn_bounds(lambda canvas: screen.hud.roll(canvas, anchor, roll, caption))
    assert box.contains(bounds) and screen.board_rect.contains(box)
    assert box.height > 104, "the box grew to hold the wrapped sums and caption"


def test_godzina_policyjna_names_each_place_in_its_own_sector(app: App) -> None:
    """Issue 29, point 5: "Budka telefoniczna" was named in the villa sector, its card in
    the administrative one; Jacek, standing on the card, "searched" the other place."""
    from game.curfew.screen import CurfewScreen
    from rules.curfew.title import TITLE as CURFEW

    match = Match(CURFEW, CURFEW.default_options(), 5)
    screen = CurfewScreen(app.ctx, SeatView.of(match, "polish"), TABLE.copy())
    bot, dice = CURFEW.make_bot(CURFEW.bot_ids[0], "polish"), Dice(seed_state(5))
    first = screen.board.label_rects(screen.stawka_view)
    assert "Budka telefoniczna" in dict(first)
    for step in range(60):
        if match.to_act() is None:
            break
        if step % 3 == 0:
            screen.refresh(SeatView.of(match, "polish"))
            assert screen.board.label_rects(screen.stawka_view) == first
            assert_names_clear(screen)
        match.act(CURFEW.bot_action(bot, match.state, dice))  # type: ignore[arg-type]


BOARDS = [("stawka", s.id) for s in load_content().scenarios if s.offered] + [("curfew", None)]
"""Every board a person plays on: each Stawka scenario offered, and Godzina policyjna's."""


def board_screen(app: App, title_id: str, scenario: str | None) -> StawkaScreen:
    from game.curfew.screen import CurfewScreen

    title = TITLES[title_id]
    match = Match(title, title.make_options(scenario, None, {}), 1)
    kind = CurfewScreen if title_id == "curfew" else StawkaScreen
    return kind(app.ctx, SeatView.of(match, "polish"), TABLE.copy())


def zoom_steps(screen: StawkaScreen) -> Iterator[int]:
    """Every zoom step from the whole board to the closest, each settled (names placed)."""
    step = 0
    while True:
        for _ in range(SETTLE_FRAMES + 1):
            screen.draw(pygame.Surface((1600, 900)))
        yield step
        before = screen.board.zoom
        key(screen, pygame.K_PLUS)
        if screen.board.zoom == before:
            return
        step += 1


def standing(base: StawkaView, spaces: list[str], threats: bool) -> list[StawkaView]:
    """Views with a figure on every one of `spaces` (as many at a time as the game has
    agents), and a threat token on each of them when `threats`."""
    agents = [a for a in base.agents if a.id != "kloss"] or list(base.agents)
    views = []
    for start in range(0, len(spaces), len(agents)):
        batch = spaces[start : start + len(agents)]
        moved = [
            agent.model_copy(update={"space": space, "status": "free"})
            for agent, space in zip(agents, batch, strict=False)
        ]
        tokens = {space: ("german", None) for space in batch} if threats else {}
        views.append(base.model_copy(update={"agents": moved, "threats": tokens}))
    return views


def showing(screen: StawkaScreen, view: StawkaView) -> None:
    """The table shows `view` (the seat's view of the game, as it would read it)."""
    screen.seat_view = dataclasses.replace(screen.seat_view, view=view)


@pytest.mark.parametrize("language", ["en", "pl"])
@pytest.mark.parametrize(("title_id", "scenario"), BOARDS)
def test_every_board_names_each_place_clear_of_the_others_at_the_whole_board_zoom(
    title_id: str, scenario: str | None, language: str
) -> None:
    """Issue 29, point 5: at 18 px (`MIN_TEXT`) the names of the 3x2 boards ran into each
    other ("Budka telefoniczna" over "Urząd pracy", "Posterunek policji" over "SEKTOR
    POLICYJNY (GESTAPO)").  On every board, in both languages, no name covers another or
    a card, and each lies in its own sector by its card."""
    with app_in(language) as app:
        screen = board_screen(app, title_id, scenario)
        assert screen.smallest_text == MIN_TEXT
        assert_names_clear(screen)


@pytest.mark.parametrize(("title_id", "scenario"), BOARDS)
def test_names_are_never_drawn_over_and_figures_step_aside_from_them_at_any_zoom(
    app: App, title_id: str, scenario: str | None
) -> None:
    """Two checks at every zoom step of each board, settled once for both (they were two
    tests, each zooming through every board again).

    Issue 29: at the whole-board zoom of the 3x2 maps, figures standing on the street
    beside a card covered parts of place names ('Kamienica', 'Szpital', 'SEKTOR
    POLICYJNY', 'Officers' apartments').  The names are drawn over every piece: with a
    figure and a threat token on every space of the board, at every zoom step, each
    name's pixels (inside its plate's rounded corners) are what they are on the empty
    board.

    A figure standing alone on a street space stands where no name covers it, wherever
    the board leaves room (training 1 at every zoom, every board from the fifth
    zoom step): it steps aside from a name, never off its space (the space stays under its
    disc), and a figure whose place no name touches is not moved."""
    screen = board_screen(app, title_id, scenario)
    base = screen.stawka_view
    board = screen.board
    empty = base.model_copy(
        update={"agents": [a.model_copy(update={"status": "unplaced"}) for a in base.agents], "threats": {}}
    )
    spaces = list(board.board.spaces)
    streets = [s for s in spaces if board.kinds[s] != "location"]
    roomy = scenario == "training-1"
    inside = screen.board_rect.inflate(-2, -2)
    seen = stepped = 0
    for step in zoom_steps(screen):
        showing(screen, empty)
        bare = pygame.Surface((1600, 900))
        screen.draw(bare)
        # Inside the plates' rounded corners (a piece behind a plate shows in a corner).
        plates = board.label_rects(empty)
        names = [(name, rect.inflate(-8, -6).clip(inside)) for name, rect in plates]
        names = [(name, rect) for name, rect in names if rect.width and rect.height]
        seen += len(names)
        for view in standing(base, spaces, threats=True):
            showing(screen, view)
            canvas = pygame.Surface((1600, 900))
            screen.draw(canvas)
            assert canvas.get_rect() == bare.get_rect()
            for name, rect in names:
                same = pygame.image.tobytes(canvas.subsurface(rect), "RGB") == pygame.image.tobytes(
                    bare.subsurface(rect), "RGB"
                )
                assert same, f"{name} is drawn over at zoom step {step}"
        showing(screen, base)
        stepped += _figures_step_aside(screen, base, streets, step, roomy)
    assert seen >= len(board.label_rects(base)), "every name was looked at, at the whole-board zoom"
    assert stepped > 0 or roomy, "some figure stepped aside"


def _figures_step_aside(
    screen: StawkaScreen, base: StawkaView, streets: list[str], step: int, roomy: bool
) -> int:
    """How many figures standing alone on `streets` stepped aside from the names at this
    zoom step; each stays on its space, steps aside only from a name touching it, and (when
    the board is `roomy` or from the fifth step) stands clear of every name."""
    board = screen.board
    names = [rect for _, rect in board.label_rects(base)]
    stepped = 0
    for view in standing(base, streets, threats=False):
        for piece in board.pieces(view):
            space = next(a.space for a in view.agents if a.id == piece.id)
            point = board.space_point(space)
            if not screen.board_rect.collidepoint(point):
                continue
            assert math.dist(piece.centre, point) < piece.radius, f"{piece.id} left {space}"
            if piece.centre != point:
                stepped += 1
                before = footprint_touches(point, piece.radius, names)
                assert before, f"{space}: moved though no name touched it"
            if roomy or step >= 4:
                assert not footprint_touches(piece.centre, piece.radius, names), (space, step)
    return stepped


def footprint_touches(centre: tuple[int, int], radius: int, names: list[pygame.Rect]) -> bool:
    return any(touches(centre, radius, True, rect) for rect in names)


@pytest.mark.parametrize("language", ["en", "pl"])
@pytest.mark.parametrize("scenario", ["training-1", "training-2", "training-3"])
def test_no_name_is_drawn_over_a_threat_token_and_on_a_roomy_board_over_no_figure(
    scenario: str, language: str
) -> None:
    """Issue 29: the names are drawn over the pieces (nothing hides a name), so a piece a
    name lies on is hidden in part: on Training 1's board 'SEKTOR ADMINISTRACYJNY' lay over
    the figures and tokens on the street under it, and on Training 2's a threat token
    beside a figure (its lower left) lay under 'Mieszkania oficerskie' and 'Gestapo'.  At
    the whole-board zoom, with a figure and a threat token on every space: a token beside a
    lone figure takes a corner of his no name touches, and a sector's plate crosses a street
    rather than lie where a piece may stand; on Training 1's board no name or plate touches
    any piece.  (On the 3x3 boards at that zoom adjacent spaces lie 40-50 px apart and a
    figure is 34 px across: no place near a card is clear of every place a piece may take.)"""
    with app_in(language) as app:
        screen = board_screen(app, "stawka", scenario)
        next(zoom_steps(screen))
        board, base = screen.board, screen.stawka_view
        names = board.label_rects(base)
        assert names
        under = []
        for view in standing(base, list(board.board.spaces), threats=True):
            showing(screen, view)
            for piece in board.pieces(view):
                if scenario != "training-1" and piece.kind != "token":
                    continue
                tagged = piece.kind == "agent"
                # The plate's rounded corners and edge aside (as `names_are_never_drawn_over`).
                hit = [
                    name
                    for name, rect in names
                    if touches(piece.centre, piece.radius, tagged, rect.inflate(-8, -6))
                ]
                under += [(piece.kind, piece.id, name) for name in hit]
        assert under == []


@pytest.mark.parametrize(("title_id", "scenario"), BOARDS)
def test_every_piece_lies_whole_on_the_board_at_the_whole_board_zoom(
    app: App, title_id: str, scenario: str | None
) -> None:
    """Issue 29: at the whole-board zoom of the 3x3 boards a figure or a threat token on an
    outer street was cut by the board's edge (a token's top on Top Secret's railway
    sector, a figure's letter tag at the right).  With a figure and a token on every space,
    each piece's disc and tag lie inside the board's view, and near their space."""
    screen = board_screen(app, title_id, scenario)
    next(zoom_steps(screen))
    board, base = screen.board, screen.stawka_view
    inside = screen.board_rect.inflate(-2, -2)  # as the board is clipped when drawn
    looked = 0
    for view in standing(base, list(board.board.spaces), threats=True):
        showing(screen, view)
        where = {a.id: a.space for a in view.agents}
        for piece in board.pieces(view):
            shapes = footprint(piece.centre, piece.radius, piece.kind == "agent")
            assert all(inside.contains(shape) for shape in shapes), (piece, inside)
            space = board.space_point(where.get(piece.id, piece.id))
            assert math.dist(piece.centre, space) < 4 * board.figure_radius(), piece
            looked += 1
    assert looked >= 2 * len(board.board.spaces) - 2


def test_a_lit_space_s_cost_is_drawn_over_the_pieces_beside_it(app: App) -> None:
    """Issue 29: the AP costs of the spaces an agent may reach were drawn under the pieces,
    and a figure standing by a lit space hid its cost (a third of them in seeded games of
    "Hotel Excelsior").  At every fourth turn of a seeded game with an agent selected, each
    cost whose bubble no name covers shows its brass bubble whole: no piece is drawn over
    it, and it stands clear of the pieces where a place round its space is."""
    from game.ui.theme import PALETTE

    match = Match(TITLE, TITLE.default_options("hotel-excelsior"), 2)
    bot, dice = TITLE.make_bot("random", "polish"), Dice(seed_state(2))
    looked = clear = 0
    for step in range(240):
        seat = match.to_act()
        if seat is None:
            break
        view = TITLE.view(match.state, seat)
        if step % 4 == 0 and view.activation is not None and not view.pending:
            screen = StawkaScreen(app.ctx, SeatView.of(match, seat), TABLE.copy())
            screen.selected = view.activation.agent
            screen._layout()
            canvas = pygame.Surface((1600, 900))
            screen.draw(canvas)
            board = screen.board
            shapes = [
                shape
                for piece in board.pieces(screen.stawka_view)
                for shape in footprint(piece.centre, piece.radius, piece.kind == "agent")
            ]
            names = [rect for _, rect in board.label_rects(screen.stawka_view)]
            face = app.ctx.font(MIN_TEXT, True)
            for space, (_, cost) in screen.targets().items():
                point = board.space_point(space)
                bubble = board.cost_bubble(point, board.lit_radius(space), face.size(str(cost)), shapes)
                if bubble.collidelist(names) >= 0 or not screen.board_rect.contains(bubble):
                    continue
                looked += 1
                clear += bubble.collidelist(shapes) < 0
                edge = (bubble.x + 3, bubble.centery)  # inside the bubble, left of its digits
                assert canvas.get_at(edge)[:3] == PALETTE["brass"][:3], (space, step)
        match.act(TITLE.bot_action(bot, match.state, dice))  # type: ignore[arg-type]
    assert looked > 50 and clear > looked // 2


@pytest.mark.parametrize("scenario", ["training-3", "hotel-excelsior"])
def test_the_board_s_hint_lies_under_the_figures(app: App, scenario: str) -> None:
    """Issue 29: the board's hint ('kółko myszy lub +/−: powiększenie · …') runs over the
    bottom row of a board that fills the view's height, and was drawn over the pieces: a
    figure standing on Training 3's bottom street was hidden under it.  A figure on the
    space of the bottom row nearest the hint is drawn over it: the pixels where his disc
    and the hint's box meet are not those of the empty board."""
    screen = board_screen(app, "stawka", scenario)
    next(zoom_steps(screen))
    board, base = screen.board, screen.stawka_view
    face = screen.ctx.font(MIN_TEXT, False)
    hint = pygame.Rect((0, 0), face.size(screen.ctx.t("stawka.ui.board_hint"))).inflate(10, 4)
    hint.bottomright = (screen.board_rect.right - 5, screen.board_rect.bottom - 4)
    spaces = [s for s in board.board.spaces if board.kinds[s] != "location"]
    space = min(spaces, key=lambda s: math.dist(board.space_point(s), hint.center))
    empty = [a.model_copy(update={"status": "unplaced"}) for a in base.agents]
    alone = base.model_copy(update={"agents": empty, "threats": {}})
    one = alone.model_copy(
        update={"agents": [empty[0].model_copy(update={"space": space, "status": "free"}), *empty[1:]]}
    )
    showing(screen, alone)
    bare = pygame.Surface((1600, 900))
    screen.draw(bare)
    showing(screen, one)
    canvas = pygame.Surface((1600, 900))
    screen.draw(canvas)
    (piece,) = board.pieces(one)
    meet = piece.rect.clip(hint)
    assert meet.width > 4 and meet.height > 4, "the figure stands by the hint"
    drawn = pygame.image.tobytes(canvas.subsurface(meet), "RGB")
    assert drawn != pygame.image.tobytes(bare.subsurface(meet), "RGB"), "the figure is seen over the hint"


def test_the_black_audi_stands_clear_of_the_names_where_its_space_leaves_room(app: App) -> None:
    """Issue 29: at the whole-board zoom of "Top Secret" the Black Audi standing at the
    barracks lay under 'Koszary' (the names are drawn over the pieces).  On every space the
    car may stand on, it takes a corner of the space that no name covers, where one is."""
    from game.stawka import film_figures

    screen = board_screen(app, "stawka", "top-secret")
    next(zoom_steps(screen))
    board, held = screen.board, screen.stawka_view.top_secret
    assert held is not None
    names = [rect for _, rect in board.label_rects()]
    inside, r = board.board_rect(), board.figure_radius()
    roomy = clear = 0
    for space in board.board.spaces:
        x, y = board.space_point(space)
        car = film_figures.audi_rect(board, held.model_copy(update={"audi": space}))
        corners = [car.copy() for _ in range(4)]
        corners[0].bottomleft, corners[1].bottomright = (x + r // 2, y - r // 2), (x - r // 2, y - r // 2)
        corners[2].topleft, corners[3].topright = (x + r // 2, y + r // 2), (x - r // 2, y + r // 2)
        if any(inside.contains(spot) and spot.collidelist(names) < 0 for spot in corners):
            roomy += 1
            clear += car.collidelist(names) < 0
    assert roomy > 50 and clear == roomy
