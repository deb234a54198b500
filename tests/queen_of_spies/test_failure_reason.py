"""The log says why an assignment failed (issue 29, point 7): "Failure at Cafe" alone did
not say that no Manipulation Progress was made.

Rulebook, "Success and failure" (rules.7 in the app's words): "When the progress markers
reach every task's number, the assignment succeeds ... Otherwise progress stays for a later
attempt, and any failure text applies."
"""

from __future__ import annotations

from game.ui.naming import event_text
from rules.core import Dice, Match, seed_state
from rules.queen_of_spies import TITLE
from rules.queen_of_spies.sites import site_tasks
from tests.test_names import context


def _failures() -> list[tuple[Match, int]]:
    """Random-bot games of every story until some assignments failed: (match, log index)."""
    found = []
    for story in TITLE.scenarios:
        match = Match(TITLE, TITLE.default_options(story), 11)
        bot, dice = TITLE.make_bot("random", "player"), Dice(seed_state(11))
        while match.to_act() is not None and len(match.log) < 600:
            match.act(TITLE.bot_action(bot, match.state, dice))
        found += [(match, index) for index, event in enumerate(match.log) if event.kind == "failure"]
    return found


def test_every_failure_says_which_task_fell_short_and_by_how_much() -> None:
    failures = _failures()
    assert len(failures) >= 5
    english, polish = context("en"), context("pl")
    for match, index in failures:
        failure = match.log[index]
        if failure.params["reason"] == "betrayal":
            assert event_text(english, match, failure).endswith("the betrayal breaks the assignment off.")
            continue
        short = []
        for event in match.log[index + 1 :]:
            if event.kind != "short_of":
                break
            short.append(event)
        assert short, f"{event_text(english, match, failure)} says nothing of why"
        tasks = {task.skill.value: task.progress for task in site_tasks(failure.params["location"], None)}
        for event in short:
            have, need = event.params["have"], event.params["need"]
            assert have < need
            if failure.params.get("item") is None:
                assert tasks[event.params["skill"]] == need, "the task's own number"
            said = event_text(english, match, event)
            assert said.endswith(f": {have} of {need} Progress.") and said.split(":")[0] in (
                "Manipulation",
                "Insight",
                "Tech",
            ), said
            assert event_text(polish, match, event).endswith(f": postęp {have} z {need}.")
        assert event_text(english, match, failure).endswith(": too little Progress.")
