"""Stawka's rulebook and flow are built by a function (`rules.stawka.rulebook.build`), and no
Stawka module changes another's globals at import (issue 33 point 3)."""

from __future__ import annotations

import ast
from pathlib import Path

from rules.stawka import activation, film_hooks
from rules.stawka.actions import Transmit
from rules.stawka.film.rules import RULES
from rules.stawka.rulebook import AGENT_ACTIONS, STAWKA, build
from rules.stawka.state import RadioStation
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations

STAWKA_RULES = Path(__file__).parents[2] / "rules" / "stawka"


def _top_level_effects(path: Path) -> list[str]:
    """Statements at a module's top level that call something or write to another
    object's attribute: what runs at import besides defining names."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            found.append(ast.unparse(node))
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        found.extend(ast.unparse(t) for t in targets if isinstance(t, (ast.Attribute, ast.Subscript)))
    return found


def test_no_stawka_module_changes_anything_at_import_but_its_own_names() -> None:
    """Before, the title registered the film rules in `film_hooks` and named the 1-AP
    listers to `activation` as it was imported."""
    effects = {
        str(path.relative_to(STAWKA_RULES)): found
        for path in sorted(STAWKA_RULES.rglob("*.py"))
        if (found := _top_level_effects(path))
    }
    assert effects == {}


def test_film_hooks_and_activation_find_the_film_rules_and_listers_themselves() -> None:
    assert sorted(film_hooks._by_name()) == sorted(rule.id for rule in RULES)
    assert len(activation._one_ap_listers()) == 4


def test_the_title_plays_by_stawkas_own_rulebook() -> None:
    assert TITLE.rulebook is STAWKA.rulebook


def test_a_rulebook_built_without_film_rules_has_none_of_their_actions() -> None:
    """`build` takes the film rules as an argument: without them the radio station's
    transmission is neither offered nor carried out; Stawka's own rulebook does both."""
    state = in_activations({"kloss": "market", "stedtke": "gestapo"}, scenario="i-know-who-you-are")
    sides = {s: side.model_copy(update={"secrets": 2}) for s, side in state.sides.items()}
    state = state.model_copy(update={"radio": RadioStation(location="market"), "sides": sides})
    turn = TITLE.decision(state)
    assert turn is not None
    bare = build((), AGENT_ACTIONS)
    assert Transmit(agent="kloss") not in bare.activation_actions(state, turn)
    assert Transmit not in bare.rulebook.rule(turn).handlers
    assert Transmit(agent="kloss") in STAWKA.activation_actions(state, turn)
    assert Transmit in STAWKA.rulebook.rule(turn).handlers
    after, _ = TITLE.apply(state, Transmit(agent="kloss"))
    assert after.radio is not None and after.radio.since == 1
