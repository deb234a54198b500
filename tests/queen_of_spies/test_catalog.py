"""Every message the Queen of Spies rules and table use exists in English and Polish."""

from __future__ import annotations

import pytest

from game.i18n import Translator, catalog
from game.ui.messages import refusal
from rules.core import Dice, IllegalAction, seed_state
from rules.queen_of_spies import TITLE
from rules.queen_of_spies.content import Token, load_content
from rules.queen_of_spies.state import QueenState


def _played_keys() -> set[str]:
    keys: set[str] = set()
    for scenario in TITLE.scenarios:
        for seed in range(6):
            state: QueenState = TITLE.new_game(TITLE.default_options(scenario), seed)
            dice = Dice(seed_state(seed))
            bot = TITLE.make_bot("heuristic" if seed % 2 else "random", "player")
            while TITLE.to_act(state) is not None:
                state, events = TITLE.apply(state, TITLE.bot_action(bot, state, dice))
                keys.update(event.key for event in events)
            outcome = TITLE.outcome(state)
            assert outcome is not None
            keys.add(outcome.key)
    return keys


def _content_keys() -> set[str]:
    c = load_content()
    keys = {f"queen-of-spies.value.{loc.id}" for loc in c.locations}
    keys |= {f"queen-of-spies.value.{item.id}" for item in c.items}
    keys |= {f"queen-of-spies.value.{cell.id}" for cell in c.cells} | {"queen-of-spies.ui.spymaster"}
    keys |= {f"queen-of-spies.token.{kind.value}" for kind in Token}
    keys |= {f"queen-of-spies.draw.{kind.value}" for kind in Token}
    keys |= {f"queen-of-spies.effect.{e.kind}" for loc in c.locations for e in (*loc.success, *loc.failure)}
    keys |= {f"queen-of-spies.scenario.{story}" for story in TITLE.scenarios}
    keys |= {f"queen-of-spies.result.{s.id}.{row.band}" for s in c.stories for row in s.results}
    keys |= {
        f"queen-of-spies.lost.{reason}"
        for reason in ("alice_broken", "alice_died", "alice_jailed", "no_despair", "no_alert", "no_troop")
    }
    return keys


@pytest.mark.parametrize("language", ["en", "pl"])
def test_every_key_is_translated(language: str) -> None:
    missing = sorted((_played_keys() | _content_keys()) - set(catalog(language)))
    assert not missing, f"{language} lacks {missing}"


def test_result_texts_are_the_rulebook_tables() -> None:
    english = catalog("en")
    for story in load_content().stories:
        for row in story.results:
            assert english[f"queen-of-spies.result.{story.id}.{row.band}"].startswith(row.text)


def test_every_decision_prompt_is_translated_and_says_what_the_rules_say() -> None:
    """An action of another kind than the decision asks for is refused with the decision's
    prompt, keyed ``queen-of-spies.prompt.<kind>``: in both catalogs, the English one the rules' own."""
    assert TITLE.rulebook is not None
    english, polish = catalog("en"), catalog("pl")
    for rule in TITLE.rulebook.rules():
        key = f"queen-of-spies.prompt.{rule.kind}"
        assert english[key] == rule.prompt and polish[key] != rule.prompt, key


def test_a_check_while_assigning_is_refused_in_polish() -> None:
    state = TITLE.new_game(TITLE.default_options("introduction"), 1)
    with pytest.raises(IllegalAction) as refused:
        TITLE.apply(state, {"type": "check", "operative": "alice", "draws": 1})
    assert refusal(Translator("pl"), refused.value) == "Testy wykonuje się po przydzieleniu agentów."


def test_polish_draws_tokens_with_one_verb() -> None:
    """Issue 29: the status line asked how many tokens to 'dobrać' while the buttons said
    '{who} losuje 2'; every Polish text of the title (rules, status, help, log) draws a
    token from the bag with 'losować'.  'Dobierzesz' stays for an agent taken from a
    cell's deck (recruiting), a card and not a token."""
    import re

    texts = {key: text for key, text in catalog("pl").items() if key.startswith("queen-of-spies.")}
    other = {
        key: text
        for key, text in texts.items()
        if re.search(r"\b[Dd]ob(ra|ie)", re.sub(r"dobierzesz (nowego )?agenta|dobiegła", "", text))
    }
    assert not other, other
    assert "losuje" in texts["queen-of-spies.ui.draws"]
    assert "wylosować" in texts["queen-of-spies.status.checking"]
