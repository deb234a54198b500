"""Every refusal a player can meet reads in the language shown (issue 11).

Random playouts of every registered title try, at each step, actions that were legal
earlier and variants of the legal ones with a number changed; every refusal the rules
give must carry a message key that both catalogs have, filled by the refusal's params.
The rules' source is read too, so that a refusal no playout reaches has its key as well.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from game.i18n import LANGUAGES, catalog, placeholders, render
from rules.core import Dice, IllegalAction, Match, Title, seed_state
from rules.registry import TITLES

RULES = Path(__file__).resolve().parents[1] / "rules"
STEPS = {"stawka": 400, "queen-of-spies": 600}
"""Actions played per game; the long titles stop early (their refusals repeat)."""


def variants(action: Any) -> list[Any]:
    """`action` with one of its whole-number fields one more, one less, or far out."""
    if not isinstance(action, BaseModel):
        return []
    found = []
    for name, value in action.__dict__.items():
        if isinstance(value, int) and not isinstance(value, bool):
            for other in (value + 1, value - 1, 99):
                try:
                    found.append(action.model_copy(update={name: other}))
                except ValueError:
                    continue
    return found


def refusals(title: Title[Any, Any, Any], scenario: str | None, seed: int) -> dict[str, IllegalAction]:
    """The refusals one random game meets, by English text."""
    match = Match(title, title.default_options(scenario), seed)
    dice = Dice(seed_state(seed + 17))
    pool: list[Any] = []
    met: dict[str, IllegalAction] = {}
    for _ in range(STEPS.get(title.id, 2000)):
        state = match.state
        if title.to_act(state) is None:
            break
        legal = title.legal_actions(state)
        candidates = dice.sample(pool, min(6, len(pool)))
        for action in dice.sample(legal, min(3, len(legal))):
            candidates.extend(variants(action))
        for candidate in candidates:
            if not title.is_legal(state, candidate):
                err = title.refusal(state, candidate)
                met.setdefault(str(err), err)
        action = dice.choice(legal)
        if action not in pool:
            pool.append(action)
            del pool[:-80]
        match.act(action)
    return met


def _cases() -> list[tuple[str, str | None]]:
    return [
        (title_id, scenario)
        for title_id, title in TITLES.items()
        for scenario in title.scenarios[:3] or (None,)
    ]


@pytest.mark.parametrize(("title_id", "scenario"), _cases())
def test_every_refusal_met_has_a_key_in_both_languages(title_id: str, scenario: str | None) -> None:
    title = TITLES[title_id]
    met: dict[str, IllegalAction] = {}
    for seed in range(2):
        met.update(refusals(title, scenario, seed))
    assert met, "no refusal was met: the test proves nothing"
    unkeyed = sorted(text for text, err in met.items() if err.key is None)
    assert not unkeyed, f"refusals without a message key: {unkeyed}"
    for err in met.values():
        assert err.key is not None
        for language in LANGUAGES:
            template = catalog(language).get(err.key)
            assert template is not None, f"{err.key} is missing in {language}"
            assert placeholders(template) <= err.params.keys(), f"{err.key}: params {sorted(err.params)}"
            assert "{" not in render(language, template, err.params)


def test_every_refusal_in_the_rules_names_a_key_both_catalogs_have() -> None:
    written = 0
    for path in sorted(RULES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction"):
                continue
            where = f"{path.relative_to(RULES.parent)}:{node.lineno}"
            assert len(node.args) >= 2, f"{where}: an IllegalAction without a message key"
            key = node.args[1]
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                for language in LANGUAGES:
                    assert key.value in catalog(language), f"{where}: {key.value} is missing in {language}"
                written += 1
    assert written > 80
