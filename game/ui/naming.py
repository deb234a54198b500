"""How the shell names things from a title's catalog, with a readable fallback.

Catalog conventions a title follows (namespace = title id):
``<id>.name`` (title name), ``<id>.tagline`` (one line for menus),
``<id>.scenario.<scenario>`` (scenario name), ``<id>.seat.<seat>`` (seat name),
``<id>.rules.<n>`` (the rules reader's sections), ``<id>.help`` and any further
help keys `TitleScreen.help_key` returns.  Event and outcome keys are the ones the
rules core puts in `Event.key` / `Outcome.key`.
"""

from __future__ import annotations

from typing import Any

from game.ui.context import UiContext
from rules.core import Event, Match, Outcome


def known(ctx: UiContext, key: str, **params: object) -> str | None:
    """The translation of `key`, or None when no catalog has it."""
    text = ctx.t(key, **params)
    return None if text == key else text


def title_name(ctx: UiContext, title_id: str) -> str:
    return known(ctx, f"{title_id}.name") or title_id.replace("-", " ").title()


def scenario_name(ctx: UiContext, title_id: str, scenario: str | None) -> str:
    if scenario is None:
        return ctx.t("app.setup.no_scenario")
    return known(ctx, f"{title_id}.scenario.{scenario}") or scenario.replace("-", " ").replace("_", " ")


def seat_name(ctx: UiContext, title_id: str, seat: str) -> str:
    return known(ctx, f"{title_id}.seat.{seat}") or seat.replace("-", " ").replace("_", " ").title()


def player_name(ctx: UiContext, match: Match, seat: str) -> str:
    """The name the player chose, or the seat's name when the game was set up without one."""
    config = match.options.seats.get(seat)
    return config.name if config else seat_name(ctx, match.title.id, seat)


def _with_names(ctx: UiContext, match: Match, params: dict[str, Any]) -> dict[str, Any]:
    """Params with seat ids replaced by the players' names: the log is in the third person.

    A title's message catalog therefore writes ``"{seat} swaps two cards"`` and gets
    ``"Ola swaps two cards"``.  Other ids a title's catalog lists as ``<title>.value.<id>``
    (agents, locations, items) are replaced by their names in the current language.
    """
    seats = set(match.seats())
    named: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, str) and value in seats:
            named[key] = player_name(ctx, match, value)
        elif isinstance(value, str) and (shown := known(ctx, f"{match.title.id}.value.{value}")) is not None:
            named[key] = shown  # a content id the title's catalog names ("stawka.value.hotel")
        elif isinstance(value, list):
            named[key] = ", ".join(
                player_name(ctx, match, v) if isinstance(v, str) and v in seats else str(v) for v in value
            )
        else:
            named[key] = value
    return named


def event_text(ctx: UiContext, match: Match, event: Event) -> str:
    """One log line: the event's message with player names filled in."""
    return ctx.t(event.key, **_with_names(ctx, match, dict(event.params)))


def outcome_text(ctx: UiContext, match: Match, outcome: Outcome) -> str:
    """Who won (or the draw), then why."""
    if outcome.draw:
        head = ctx.t("app.over.draw")
    elif outcome.winners:
        names = ", ".join(player_name(ctx, match, seat) for seat in outcome.winners)
        head = ctx.t("app.over.winners", names=names)
    else:
        head = ctx.t("app.over.finished")
    reason = known(ctx, outcome.key, **_with_names(ctx, match, dict(outcome.params)))
    return f"{head} {reason}" if reason else head
