"""How the shell names things from a title's catalog, with a readable fallback.

Which keys a title needs, and what each is for, is worked out from the title by
`game.title_needs.title_needs` (a seat's ``.form``, its grammatical form, among them:
``plural`` for "Agenci", see `game.i18n.grammar`); the ``.form`` beside a
``<id>.value.<id>`` a sentence names is read with a fallback.
"""

from __future__ import annotations

import contextlib
from datetime import datetime
from typing import Any

from game.i18n import LANGUAGES, catalog
from game.i18n.grammar import FALLBACK, Named
from game.ui.context import UiContext
from game.ui.seat_view import Cast, SeatView, names_of
from rules.core import Event, Match, Outcome
from rules.core.match import SavePreview
from rules.core.model import printable


def known(ctx: UiContext, key: str, **params: object) -> str | None:
    """The translation of `key`, or None when no catalog has it."""
    text = ctx.t(key, **params)
    return None if text == key else text


def decimal(ctx: UiContext, value: float) -> str:
    """A score or an average: a whole number as it is, else to one decimal place, with
    the language's decimal mark and a true minus sign."""
    shown = f"{value:g}" if value == int(value) else f"{value:.1f}"
    return shown.replace(".", ctx.t("statistics.decimal_mark")).replace("-", "−")


def title_name(ctx: UiContext, title_id: str) -> str:
    return known(ctx, f"{title_id}.name") or title_id.replace("-", " ").title()


def short_title_name(ctx: UiContext, title_id: str) -> str:
    """The title's short name (``<id>.short_name``) where room is short, else its name."""
    return known(ctx, f"{title_id}.short_name") or title_name(ctx, title_id)


def scenario_name(ctx: UiContext, title_id: str, scenario: str | None, short: bool = False) -> str:
    """The scenario's name; with `short`, its short name (``<id>.scenario.<s>.short``) if it has one."""
    if scenario is None:
        return ctx.t("app.setup.no_scenario")
    named = (known(ctx, f"{title_id}.scenario.{scenario}.short") if short else None) or known(
        ctx, f"{title_id}.scenario.{scenario}"
    )
    if named is not None:
        return named
    # Only a scenario the catalogs do not name (one the players built) asks its title, whose
    # registry imports every title's rules: not needed to draw the first menu frame.
    from rules.registry import TITLES

    title = TITLES.get(title_id)
    built = title.scenario_name(scenario, ctx.settings.language) if title is not None else None
    return built or scenario.replace("-", " ").replace("_", " ")


def saved_scenario_name(ctx: UiContext, facts: SavePreview, short: bool = False) -> str:
    """A saved game's scenario: as its players named it when they built it, else as the
    title names it (`scenario_name`)."""
    return facts.scenario_name or scenario_name(ctx, facts.title, facts.scenario, short)


def seat_name(ctx: UiContext, title_id: str, seat: str) -> Named:
    """The seat's own name in the current language, with its grammatical form (also as the
    form of the seat played, ``seat.<tag>``, which a player's typed name carries too)."""
    shown = known(ctx, f"{title_id}.seat.{seat}") or seat.replace("-", " ").replace("_", " ").title()
    named = Named(shown, known(ctx, f"{title_id}.seat.{seat}.form") or FALLBACK, seat)
    return named.playing(named)


OLD_DEFAULTS = ("{seat}", "Computer ({seat})", "Komputer ({seat})")
"""The names older versions stored for a seat nobody named (the seat's name in the
language of the day), told apart from typed ones so that they are translated too."""


def typed_name(title_id: str, seat: str, name: str | None) -> str | None:
    """`name` if a person typed it; None for no name or a default an older version stored."""
    if name is None:
        return None
    for language in LANGUAGES:
        own = catalog(language).get(f"{title_id}.seat.{seat}")
        if own is not None and name in (default.format(seat=own) for default in OLD_DEFAULTS):
            return None
    return name


Players = Match | Cast | SeatView
"""Who plays: a game, a seat's view of it (`game.ui.seat_view`), or its cast alone."""


def player_name(ctx: UiContext, players: Players, seat: str) -> Named:
    """The name a person typed for `seat`, else the seat's own name, in the current language."""
    cast = names_of(players)
    typed = typed_name(cast.title_id, seat, cast.typed_name(seat))
    own = seat_name(ctx, cast.title_id, seat)
    return own if typed is None else Named(typed).playing(own)


def value_name(ctx: UiContext, title_id: str, value: str) -> Named | None:
    """A content id the title's catalog names (``stawka.value.hotel``), with its form."""
    shown = known(ctx, f"{title_id}.value.{value}")
    if shown is None:
        return None
    return Named(shown, known(ctx, f"{title_id}.value.{value}.form") or FALLBACK, value)


def _value_of(ctx: UiContext, cast: Cast, value: str) -> Named | None:
    """`value_name` in the title's catalog, else in those of the titles it builds on."""
    for namespace in (cast.title_id, *cast.catalog_parents):
        shown = value_name(ctx, namespace, value)
        if shown is not None:
            return shown
    return None


def _with_names(ctx: UiContext, players: Players, params: dict[str, Any]) -> dict[str, Any]:
    """Params with seat ids replaced by the players' names: the log is in the third person.

    A title's message catalog therefore writes ``"{seat} swaps two cards"`` and gets
    ``"Ola swaps two cards"``.  Other ids a title's catalog lists as ``<title>.value.<id>``
    (agents, locations, items) are replaced by their names in the current language.
    Names come as `Named`, so a sentence may agree with them
    (``"{seat:plural=swap|other=swaps}"``).
    """
    cast = names_of(players)
    seats = set(cast.seats())
    named: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, str) and value in seats:
            named[key] = player_name(ctx, cast, value)
        elif isinstance(value, str) and (shown := _value_of(ctx, cast, value)) is not None:
            named[key] = shown  # a content id the title's catalog names ("stawka.value.hotel")
        elif isinstance(value, list):
            named[key] = ", ".join(
                player_name(ctx, cast, v) if isinstance(v, str) and v in seats else str(v) for v in value
            )
        else:
            named[key] = value
    return named


def event_text(ctx: UiContext, players: Players, event: Event) -> str:
    """One log line: the event's message with player names filled in."""
    return ctx.t(event.key, **_with_names(ctx, players, dict(event.params)))


def outcome_text(ctx: UiContext, players: Players, outcome: Outcome) -> str:
    """Who won (or the draw), then why."""
    if outcome.draw:
        head = ctx.t("app.over.draw")
    elif outcome.winners:
        names = ", ".join(player_name(ctx, players, seat) for seat in outcome.winners)
        head = ctx.t("app.over.winners", names=names)
    else:
        head = ctx.t("app.over.finished")
    reason = known(ctx, outcome.key, **_with_names(ctx, players, dict(outcome.params)))
    return f"{head} {reason}" if reason else head


def describe_save(ctx: UiContext, facts: SavePreview) -> tuple[str, str]:
    """A save in two lines: the game (title — scenario, how far it came), then players ·
    in progress, whose turn (or finished) · move · date.

    A seat nobody named shows its own name in the language of the moment.  A progress
    key the title's catalog does not know (a save from elsewhere) is left out.
    """
    game = title_name(ctx, facts.title)
    if facts.scenario is not None:
        game = ctx.t("app.load.game", title=game, scenario=saved_scenario_name(ctx, facts))
    said = progress_text(ctx, facts)
    if said is not None:
        game = ctx.t("app.load.game_progress", game=game, progress=said)
    return game, " · ".join(save_facts(ctx, facts))


def save_facts(ctx: UiContext, facts: SavePreview) -> tuple[str, str]:
    """A save's second line in two parts: the players, then whether the game is in progress
    and whose turn it is (or finished) · move · date; where room is short the players are
    cut, never the date that tells two saves apart."""
    names = {
        seat: typed_name(facts.title, seat, name) or seat_name(ctx, facts.title, seat)
        for seat, name in facts.players
    }
    details = [ctx.t("app.load.move", moves=facts.moves), local_time(facts.saved_at)]
    if facts.over:
        details.insert(0, ctx.t("app.load.finished"))
    elif facts.over is False:
        seat = facts.to_act if len(names) != 1 else None  # a game of one seat: always its turn
        turn = None if seat is None else names.get(seat) or seat_name(ctx, facts.title, seat)
        shown = ctx.t("app.load.in_progress_turn", name=turn) if turn else ctx.t("app.load.in_progress")
        details.insert(0, shown)
    return ", ".join(names.values()) or "—", " · ".join(details)


def progress_text(ctx: UiContext, facts: SavePreview) -> str | None:
    """How far the saved game came ("stage 2"), if the save says it in words the catalog has."""
    progress = facts.progress
    return None if progress is None else known(ctx, progress.key, **progress.params)


def local_time(saved_at: str) -> str:
    """A save's UTC time stamp as the player's local "YYYY-MM-DD HH:MM" (as stored if unreadable)."""
    try:
        moment = datetime.fromisoformat(saved_at)
    except ValueError:
        return printable(saved_at, 16)
    if moment.tzinfo is not None:
        # Beyond what the system's clock converts (year 9999 with an offset): shown as written.
        with contextlib.suppress(OverflowError, OSError):
            moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")
