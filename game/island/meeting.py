"""The meeting in the sea: who meets whom, who has chosen (never what), then the cards revealed."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.island.layout import MEETING_CORNER, Layout
from game.island.pieces import FOE, FRIEND, SEAT_COLOURS, draw_figure
from game.ui.context import UiContext
from game.ui.fit import clip_text, fit, fit_text
from game.ui.theme import MIN_TEXT, PALETTE, text
from rules.island.view import IslandView


def draw_meeting(
    surface: pygame.Surface, ctx: UiContext, layout: Layout, view: IslandView, name: Callable[[str], str]
) -> None:
    """The meeting under way, else the last one revealed; nothing before the first."""
    box = layout.meeting_rect()
    t = ctx.t
    if view.encounter is not None:
        pair = (view.encounter.mover, view.encounter.other)
        head = t("island.meeting.now")
    elif view.meeting is not None:
        pair = (view.meeting.mover, view.meeting.other)
        head = t("island.meeting.last")
    else:
        return
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (10, 14, 22, 210), shade.get_rect(), border_radius=MEETING_CORNER)
    surface.blit(shade, box)
    pygame.draw.rect(surface, PALETTE["brass_dim"], box, 1, border_radius=MEETING_CORNER)
    text(surface, ctx.font(MIN_TEXT, True), head.upper(), (box.centerx, box.y + 6), "muted", "midtop")
    half = box.width // 2
    for side, seat in enumerate(pair):
        cell = pygame.Rect(box.x + side * half, box.y + 28, half, box.height - 34)
        _side(surface, ctx, cell, view, seat, name(seat))
    if view.encounter is None and view.meeting is not None:
        # Under the cards: two lines when no fight's values and cards are listed there; a
        # long typed name is cut, whole under the pointer.
        result, width = _result(t, view, name), box.width - 24
        lines = 1 if view.meeting.values else 2
        height = fit(ctx.font, result, width, MIN_TEXT, False, lines).height
        where = (box.centerx, box.bottom - 6 - height)
        fit_text(surface, ctx.font, result, where, width, MIN_TEXT, False, "brass", "midtop", max_lines=lines)


def _side(
    surface: pygame.Surface, ctx: UiContext, cell: pygame.Rect, view: IslandView, seat: str, shown: str
) -> None:
    t = ctx.t
    draw_figure(surface, (cell.x + 20, cell.y + 12), SEAT_COLOURS[seat], 0.9)
    face = ctx.font(MIN_TEXT, True)
    clip_text(surface, face, shown, (cell.x + 34, cell.y + 2), cell.width - 40, "text")
    line = cell.y + 28
    small = ctx.font(MIN_TEXT, False)
    encounter = view.encounter
    if encounter is not None:
        if encounter.fighting:
            card, colour = "hostility", FOE
            mine = encounter.my_arms if seat == view.seat else encounter.arms.get(seat)
            if seat in encounter.armed:
                state = (
                    t("island.meeting.armed_own", count=len(mine))
                    if mine is not None
                    else t("island.meeting.armed")
                )
            else:
                state = t("island.meeting.arming")
            _card(surface, ctx, pygame.Rect(cell.x + 12, line, 128, 30), t(f"island.value.{card}"), colour)
            at = (cell.x + 12, line + 34)
            fit_text(surface, ctx.font, state, at, cell.width - 24, MIN_TEXT, colour="muted", max_lines=2)
            return
        if seat in encounter.chosen:
            own = encounter.my_card if seat == view.seat else encounter.cards.get(seat)
            state = t(f"island.value.{own}") + " ✓" if own else t("island.meeting.chosen")
        else:
            state = t("island.meeting.choosing")
        clip_text(surface, small, state, (cell.x + 14, line + 15), cell.width - 24, "muted", "midleft")
        return
    meeting = view.meeting
    assert meeting is not None
    card = meeting.cards[seat]
    _card(
        surface,
        ctx,
        pygame.Rect(cell.x + 12, line, 128, 30),
        t(f"island.value.{card}"),
        FRIEND if card == "friendship" else FOE,
    )
    if meeting.values:
        cards = ", ".join(t(f"island.value.{c}") for c in meeting.armed.get(seat, ())) or t(
            "island.meeting.bare"
        )
        text(
            surface,
            ctx.font(20, True),
            str(meeting.values[seat]),
            (cell.x + 152, line + 15),
            "text",
            "midleft",
        )
        # The fight's cards in up to two lines (issue 29, point 4: "Pióro ze strzałką, Gaz…").
        fit_text(
            surface,
            ctx.font,
            cards,
            (cell.x + 12, line + 34),
            cell.width - 24,
            MIN_TEXT,
            colour="muted",
            max_lines=2,
        )


def _card(
    surface: pygame.Surface, ctx: UiContext, rect: pygame.Rect, label: str, colour: tuple[int, int, int]
) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=5)
    pygame.draw.rect(surface, PALETTE["text"], rect, 1, border_radius=5)
    face = ctx.font(MIN_TEXT, True)
    clip_text(surface, face, label, rect.center, rect.width - 8, "text", "center")


def _result(t: Callable[..., str], view: IslandView, name: Callable[[str], str]) -> str:
    meeting = view.meeting
    assert meeting is not None
    cards = set(meeting.cards.values())
    if cards == {"friendship"}:
        return t("island.meeting.friends", count=meeting.chips)
    if meeting.winner is None:
        return t("island.meeting.no_winner")
    key = "island.meeting.ambush" if cards == {"friendship", "hostility"} else "island.meeting.won"
    return t(key, name=name(meeting.winner), count=meeting.chips)
