"""Every command's stdout is its own: pygame's import greeting never gets in (issue 2 follow-up)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def run_quietly(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    """Run ``python -m game`` as a user would, without the test session's hush in the environment."""
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env.update({"SIATKA_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_simulate_prints_exactly_one_json_line(tmp_path: Path) -> None:
    done = run_quietly("simulate", "doppelnull", "--games", "1", "--seed", "3", home=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1, done.stdout
    assert json.loads(lines[0])["title"] == "doppelnull"


def test_screenshot_prints_only_the_path_it_wrote(tmp_path: Path) -> None:
    out = tmp_path / "menu.png"
    done = run_quietly("screenshot", str(out), home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [str(out)]
    assert "pygame" not in done.stdout.lower()
