"""The menu and the curtain look as they did: compared with reference PNGs, with a tolerance.

After an intended change of the look, regenerate the references with
``SIATKA_UPDATE_REFERENCES=1 pytest tests/ui/test_reference_screens.py`` and look at them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.scenes.curtain import CurtainScene
from game.scenes.menu import MenuScene
from game.ui.scene import Scene
from tests.driver import Driver

REFERENCES = Path(__file__).resolve().parent / "reference"
MEAN_TOLERANCE = 2.0
"""Mean absolute difference per channel (0-255) allowed over the whole picture."""
BLOCK_TOLERANCE = 24.0
"""Largest difference allowed in any 10x10 block: catches one changed word or widget."""


def differences(a: pygame.Surface, b: pygame.Surface) -> tuple[float, float]:
    """Mean and largest per-channel difference between the pictures, over 10x10 blocks."""
    assert a.get_size() == b.get_size()
    small = (160, 90)  # averaging over blocks forgives font hinting and scaling noise
    a_small, b_small = pygame.transform.smoothscale(a, small), pygame.transform.smoothscale(b, small)
    blocks = []
    for x in range(small[0]):
        for y in range(small[1]):
            ca, cb = a_small.get_at((x, y)), b_small.get_at((x, y))
            blocks.append((abs(ca.r - cb.r) + abs(ca.g - cb.g) + abs(ca.b - cb.b)) / 3)
    return sum(blocks) / len(blocks), max(blocks)


def check_against_reference(app: App, name: str) -> None:
    reference = REFERENCES / f"{name}.png"
    if os.environ.get("SIATKA_UPDATE_REFERENCES"):
        pygame.image.save(app.canvas, str(reference))
    mean, largest = differences(app.canvas.copy(), pygame.image.load(str(reference)))
    assert mean <= MEAN_TOLERANCE, f"{name} differs from {reference.name} by {mean:.2f} on average"
    assert largest <= BLOCK_TOLERANCE, f"{name} differs from {reference.name} by {largest:.1f} in one place"


def show(app: App, scene: Scene) -> None:
    app.reset(scene)
    Driver(app).frames(3)


def test_the_main_menu_matches_its_reference(app: App) -> None:
    show(app, MenuScene(app))
    check_against_reference(app, "menu-en")


def test_the_curtain_matches_its_reference(app: App) -> None:
    show(app, CurtainScene(app, "Ola", lambda: None, lambda: None))
    check_against_reference(app, "curtain-en")


def test_the_comparison_sees_one_changed_name(app: App) -> None:
    show(app, CurtainScene(app, "Ola", lambda: None, lambda: None))
    ola = app.canvas.copy()
    show(app, CurtainScene(app, "Bartłomiej", lambda: None, lambda: None))
    assert differences(ola, app.canvas)[1] > BLOCK_TOLERANCE


@pytest.fixture(autouse=True)
def _no_mouse_hover(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the pointer off every widget so no hover colour or tooltip enters a picture."""
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (-100, -100))
