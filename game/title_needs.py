"""What a title provides and what the app needs of it, derived from the title itself.

`title_needs(title)` is the one list of what a title must give the app: the message
keys it needs in every language, each with the reason, worked out from the title's own
seats (under every scenario and setup choice), scenarios, computer levels (`bot_ids`),
rulebook decisions, setup choices, the table screen registered for it (`game.titles`)
and the message keys its rules and its table name in their source (events, outcomes,
refusals, progress, labels).  It also says what the title declares about itself
(`has_secrets`, `bot_ids` and the level each one is shown as, its decision and event
kinds).  ``python -m game content check`` reports every key a catalog lacks
(`needs_problems`), and the tests check every registered title with it
(``tests/test_title_needs.py``); ``rules/README.md`` ("Adding a title") points here.

The keys, for a title ``<id>``:

* ``<id>.name``, ``<id>.tagline``: the menus and the setup screen;
* ``<id>.scenario.<scenario>`` for every scenario the title does not name itself
  (`Title.scenario_name`, a scenario players built);
* ``<id>.seat.<seat>`` for every seat any scenario or setup choice can have (a seat's
  name for a player nobody named) and ``<id>.seat.<seat>.form`` beside it (its gender and
  number, which sentences agree with: `game.i18n.grammar`);
* ``<id>.bot.<bot>.tip`` for every computer level: one line on how it plays.  The
  level's name is the app's (``app.level.easy``, ``.normal``, ``.hard``, by the
  level's place in `bot_ids`, weakest first);
* ``<id>.rules.1`` (and on, ``.2``…): the rules reader's sections;
* ``<id>.goal.<scenario>`` or ``<id>.goal``: the game's goal in one line (the table's
  `TitleScreen.goal_keys`, the most particular first);
* ``<id>.prompt.<kind>`` for every kind of decision of the rulebook (refusing an action of
  another kind says it) and ``<id>.help.<kind>`` for every kind a person answers (F1);
* ``<id>.help``: the table's own help, when the table keeps `TitleScreen.help_key`;
* ``<id>.builder.open`` for a title with a scenario builder (`game.titles.BUILDERS`);
* the label of every setup choice and of each of its values;
* every message key written out in the title's rules package and its table package
  (``"<id>.…"``, and the second argument of every ``IllegalAction``); a key built from a
  prefix (``f"<id>.ride.{card}"``) needs some key that begins with it.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from rules.core import Title

LEVEL_KEYS = ("app.level.easy", "app.level.normal", "app.level.hard")
"""The names of the computer's levels, weakest first: a title's `bot_ids` are shown by
their place in it (two levels: Easy and Normal)."""


def level_key(title: Title[Any, Any, Any], bot: str) -> str | None:
    """The message key of the name of `title`'s computer level `bot` (None: not a level)."""
    if bot not in title.bot_ids:
        return None
    return LEVEL_KEYS[min(title.bot_ids.index(bot), len(LEVEL_KEYS) - 1)]


@dataclass(frozen=True)
class Need:
    """One message a title needs: any of `keys` (the first is the one to write), or with
    `prefix`, any key that begins with ``keys[0]``."""

    keys: tuple[str, ...]
    reason: str
    prefix: bool = False

    def met(self, texts: Mapping[str, str]) -> bool:
        if self.prefix:
            return any(key.startswith(self.keys[0]) for key in texts)
        return any(key in texts for key in self.keys)

    def __str__(self) -> str:
        if self.prefix:
            return f"a key beginning {self.keys[0]!r} ({self.reason})"
        shown = " or ".join(self.keys)
        return f"{shown} ({self.reason})"


@dataclass(frozen=True)
class TitleNeeds:
    """What one title declares, and every message it needs (`title_needs`)."""

    title_id: str
    seats: tuple[str, ...]
    """Every seat any scenario or setup choice can have, automated ones included."""
    scenarios: tuple[str, ...]
    bot_ids: tuple[str, ...]
    levels: Mapping[str, str]
    """Computer level (bot id) -> the message key of its name."""
    has_secrets: bool
    decisions: tuple[str, ...]
    """The rulebook's kinds of decision."""
    answered: tuple[str, ...]
    """The kinds a person answers (the rest the rules take themselves)."""
    events: tuple[str, ...]
    """The kinds of event the title documents (`Title.event_schemas`)."""
    needs: tuple[Need, ...] = field(default=())

    def missing(self, texts: Mapping[str, str]) -> list[Need]:
        """The needs a catalog's `texts` do not meet."""
        return [need for need in self.needs if not need.met(texts)]


def title_needs(title: Title[Any, Any, Any]) -> TitleNeeds:
    """Everything the app needs of `title`, worked out from the title itself (see the module)."""
    from game.titles import BUILDERS, SCREENS
    from game.ui.fallback_screen import FallbackScreen
    from game.ui.title_screen import TitleScreen

    tid = title.id
    scenarios: tuple[str | None, ...] = title.scenarios or (None,)
    needs = [Need((f"{tid}.name",), "the title's name"), Need((f"{tid}.tagline",), "one line for the menus")]
    needs += [
        Need((f"{tid}.scenario.{s}",), "the scenario's name")
        for s in title.scenarios
        if title.scenario_name(s, "en") is None
    ]
    seats = every_seat(title)
    needs += [Need((f"{tid}.seat.{seat}",), "the seat's name") for seat in seats]
    needs += [
        Need((f"{tid}.seat.{seat}.form",), "the seat's gender and number, which sentences agree with")
        for seat in seats
    ]
    if len(title.bot_ids) > len(LEVEL_KEYS):
        raise ValueError(f"{tid} has {len(title.bot_ids)} computer levels; the app names {len(LEVEL_KEYS)}")
    levels = {bot: LEVEL_KEYS[rank] for rank, bot in enumerate(title.bot_ids)}
    needs += [
        Need((f"{tid}.bot.{bot}.tip",), "how the computer plays at this level") for bot in title.bot_ids
    ]
    needs.append(Need((f"{tid}.rules.1",), "the rules reader's first section"))
    screen = SCREENS.get(tid, FallbackScreen)
    for scenario in scenarios:
        needs.append(Need(screen.goal_keys(tid, scenario), "the game's goal in one line"))
    rules = title.rulebook.rules() if title.rulebook is not None else ()
    decisions = tuple(rule.kind for rule in rules)
    answered = tuple(rule.kind for rule in rules if rule.auto is None)
    needs += [Need((f"{tid}.prompt.{kind}",), "refusing an action of another kind") for kind in decisions]
    needs += [Need((f"{tid}.help.{kind}",), "F1 at this decision") for kind in answered]
    if screen.help_key is TitleScreen.help_key:
        needs.append(Need((f"{tid}.help",), "F1: the table's help"))
    if tid in BUILDERS:
        needs.append(Need((f"{tid}.builder.open",), "the button that opens the scenario builder"))
    for scenario in scenarios:
        for choice in title.setup_choices(scenario):
            needs.append(Need((choice.label_key,), f"the setup choice {choice.field!r}"))
            needs += [Need((option.label_key,), f"a value of {choice.field!r}") for option in choice.values]
    owners = (tid, *title.catalog_parents)
    for folder in _source_folders(title, screen):
        needs += _written_keys(folder, owners)
    return TitleNeeds(
        title_id=tid,
        seats=seats,
        scenarios=title.scenarios,
        bot_ids=title.bot_ids,
        levels=levels,
        has_secrets=title.has_secrets,
        decisions=decisions,
        answered=answered,
        events=tuple(title.event_schemas),
        needs=tuple(dict.fromkeys(needs)),
    )


def every_seat(title: Title[Any, Any, Any]) -> tuple[str, ...]:
    """The seats of every scenario under its defaults and under each setup choice's values."""
    seats: dict[str, None] = {}
    for scenario in title.scenarios or (None,):
        seats.update(dict.fromkeys(title.seats(title.default_options(scenario))))
        for choice in title.setup_choices(scenario):
            for option in choice.values:
                options = title.make_options(scenario, choices={choice.field: option.value})
                seats.update(dict.fromkeys(title.seats(options)))
    return tuple(seats)


def needs_problems(
    titles: Iterable[Title[Any, Any, Any]], catalogs: Mapping[str, Mapping[str, str]]
) -> list[str]:
    """One line per message a title needs and a language's catalog lacks."""
    problems = []
    for title in titles:
        needs = title_needs(title)
        for language, texts in catalogs.items():
            problems += [f"{title.id} ({language}): missing {need}" for need in needs.missing(texts)]
    return problems


def _source_folders(title: Title[Any, Any, Any], screen: type) -> tuple[Path, ...]:
    """The title's rules package and its table's package (not the shared `game.ui`)."""
    folders = [Path(sys.modules[type(title).__module__].__file__ or "").parent]
    table = Path(sys.modules[screen.__module__].__file__ or "").parent
    if table.name not in ("ui", "game"):
        folders.append(table)
    return tuple(folders)


@cache
def _written_keys(folder: Path, owners: tuple[str, ...]) -> tuple[Need, ...]:
    """The message keys written out in the Python files of `folder`: string constants that
    begin ``<owner>.``, the second argument of every ``IllegalAction``, and the constant
    start of f-strings that begin ``<owner>.`` (as prefixes)."""
    found: list[Need] = []
    for path in sorted(folder.rglob("*.py")):
        where = f"written in {path.relative_to(folder.parent).as_posix()}"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parts = {
            id(value) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for value in node.values
        }
        parts |= {
            id(node.args[1])
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "IllegalAction"
            and len(node.args) > 1
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                start = str(node.values[0].value)
                if _owned(start, owners) and start not in {f"{owner}." for owner in owners}:
                    found.append(Need((start,), where, prefix=True))
            elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
                key = node.args[1] if len(node.args) > 1 else None
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    found.append(Need((key.value,), f"a refusal {where}"))
            elif (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in parts
                and _owned(node.value, owners)
                and _looks_like_a_key(node.value)
            ):
                # A constant key may be completed elsewhere (a roll's key gets "_passed"):
                # any key beginning with it will do.
                found.append(Need((node.value,), where, prefix=True))
    return tuple(found)


def _owned(text: str, owners: tuple[str, ...]) -> bool:
    return any(text.startswith(f"{owner}.") for owner in owners)


def _looks_like_a_key(text: str) -> bool:
    """Dotted lowercase words, not a file name (``curfew.toml``)."""
    if text.endswith((".toml", ".json", ".py", ".md", ".png")):
        return False
    return all(part and all(c.isalnum() or c in "_-+" for c in part) for part in text.split("."))
