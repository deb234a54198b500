"""The first menu frame imports no title's rules (the start-up budget: within twice a bare
pygame window, `python -m game bench`): they load when a game is chosen or opened."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game.bench.startup import APP_WINDOW

ROOT = Path(__file__).resolve().parent.parent
TITLE_PACKAGES = (
    "rules.registry",
    "rules.stawka",
    "rules.queen_of_spies",
    "rules.doppelnull",
    "rules.island",
    "rules.curfew",
)


def test_the_first_menu_frame_loads_no_titles_rules(tmp_path: Path) -> None:
    script = APP_WINDOW + (
        f"import sys\nprint(','.join(sorted(m for m in sys.modules if m.startswith({TITLE_PACKAGES!r}))))\n"
    )
    env = {**os.environ, "SIATKA_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    lines = result.stdout.strip().splitlines()
    assert lines[0] == "ready"
    assert lines[1:] in ([], [""]), f"loaded at start-up: {lines[1:]}"
