"""Issue 31, point 4: the setup screen says what the computer's levels score at Godzina
policyjna (the measured mean and the band of the rating table it falls in), when a person
plays the Polish network alone as when the computer does; in English and Polish."""

from __future__ import annotations

import pytest

from game.i18n import catalog
from game.scenes.setup import HUMAN, SetupScene
from rules.curfew.content import load_content
from rules.curfew.title import TITLE
from tests.ui.geometry import recording
from tests.ui.party_scenes import party_app, show

MEANS = {"en": ".", "pl": ","}


def test_each_measured_level_is_placed_in_the_band_its_mean_falls_in() -> None:
    """The rating table, "Ocena wyników": "< 5 PZ dotkliwa porażka, 5 - 9 PZ porażka, ..."."""
    content = load_content()
    assert content.measured, "the data keep what Normal and Hard scored"
    for bot, measured in content.measured.items():
        record = TITLE.level_record(bot, None)
        assert record is not None and record.mean == measured.mean
        lows = {r.id: r.low for r in content.ratings}
        band = record.band.rsplit(".", 1)[-1]
        above = [r.low for r in content.ratings if r.low > lows[band]]
        assert lows[band] <= measured.mean < min(above, default=float("inf")), (bot, band)
    assert TITLE.level_record("random", None) is None, "Easy was not measured: nothing is claimed"


@pytest.mark.parametrize("level", [HUMAN, "heuristic"])
@pytest.mark.parametrize("language", ["en", "pl"])
def test_the_setup_shows_each_level_s_mean_and_band(language: str, level: str) -> None:
    texts = catalog(language)
    with party_app(language) as app, pytest.MonkeyPatch.context() as monkeypatch:

        def make(app: object) -> SetupScene:
            scene = SetupScene(app, "curfew")  # type: ignore[arg-type]
            scene.players["polish"] = level
            return scene

        with recording(monkeypatch) as drawn:
            scene = show(app, make)
        assert isinstance(scene, SetupScene)
        shown = [content for content, _ in drawn.boxes()]
    for bot in ("heuristic", "hard"):
        record = TITLE.level_record(bot, None)
        assert record is not None
        mean = f"{record.mean:.1f}".rstrip("0").rstrip(".").replace(".", MEANS[language]).replace("-", "−")
        line = next((text for text in shown if mean in text and texts[record.band] in text), None)
        assert line is not None, f"{bot}: {mean} and {texts[record.band]!r} not drawn in {shown}"
        assert str(record.games) in line
    assert texts["app.setup.records"].upper() in shown
