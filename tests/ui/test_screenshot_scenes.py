"""`python -m game screenshot --scene ...` draws the menu scenes a person reaches from the menu."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.__main__ import main
from game.screenshot import SCENES


def picture(path: Path) -> bytes:
    image = pygame.image.load(str(path))
    assert image.get_size() == (1600, 900)
    return pygame.image.tobytes(image, "RGB")


def test_each_scene_is_its_own_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pictures = {}
    for scene in SCENES:
        out = tmp_path / f"{scene}.png"
        assert main(["screenshot", str(out), "--scene", scene, "--language", "en"]) == 0
        assert capsys.readouterr().out.splitlines() == [str(out)]
        pictures[scene] = picture(out)
    assert len(set(pictures.values())) == len(SCENES), "every scene looks different"
    plain = tmp_path / "plain.png"
    main(["screenshot", str(plain), "--language", "en"])
    assert picture(plain) == pictures["menu"]


def test_setup_shows_the_title_asked_for(tmp_path: Path) -> None:
    shots = []
    for title_id in ("doppelnull", "stawka"):
        out = tmp_path / f"{title_id}.png"
        main(["screenshot", str(out), "--scene", "setup", "--title", title_id, "--language", "en"])
        shots.append(picture(out))
    assert shots[0] != shots[1]
