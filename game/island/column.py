"""The column right of the board: the agents, the viewer's task and equipment, the decision's prompt."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.island.layout import TILE, Layout
from game.island.pieces import PAPER, SEAT_COLOURS, darker, draw_chip, draw_figure
from game.ui.context import UiContext
from game.ui.fit import clip_text, fit, fit_lines, fit_text
from game.ui.theme import MIN_TEXT, PALETTE, text
from rules.island.content import load_content
from rules.island.view import AgentView, IslandView

TRANSPORT_MARKS = (("car", "T"), ("car+1", "T+1"), ("car+2", "T+2"), ("helicopter", "✈"), ("boat", "⚓"))


def draw_agents(
    surface: pygame.Surface,
    ctx: UiContext,
    layout: Layout,
    view: IslandView,
    name: Callable[[str], str],
    mark: Callable[[str], tuple[str, pygame.font.Font] | None],
) -> None:
    """One row per agent: figure, name, turn or withdrawal, equipment count, chips, transport cards."""
    t = ctx.t
    text(
        surface,
        ctx.font(MIN_TEXT, True),
        t("island.label.agents").upper(),
        (layout.column.x, layout.column.y + 4),
        "muted",
    )
    for index, seat in enumerate(view.players):
        _agent_row(surface, ctx, layout.agent_row(index), view, view.agents[seat], name(seat), mark(seat))


def _agent_row(
    surface: pygame.Surface,
    ctx: UiContext,
    row: pygame.Rect,
    view: IslandView,
    agent: AgentView,
    shown_name: str,
    mark: tuple[str, pygame.font.Font] | None,
) -> None:
    t = ctx.t
    acting = view.to_act == agent.seat
    pygame.draw.rect(surface, PALETTE["panel_hi"] if acting else PALETTE["panel"], row, border_radius=6)
    pygame.draw.rect(surface, PALETTE["brass"] if acting else PALETTE["line"], row, 1, border_radius=6)
    draw_figure(surface, (row.x + 16, row.y + 18), SEAT_COLOURS[agent.seat], 0.9, mark)
    status = ""
    if agent.out:
        status = t("island.label.out")
    elif view.winner == agent.seat:
        status = t("island.label.winner")
    elif view.current == agent.seat:
        status = t("island.label.turn")
    small = ctx.font(MIN_TEXT, False)
    # The second line: chips from the left, transport cards from the right.
    x = row.x + 42
    numbers = ctx.font(MIN_TEXT, True)
    for colour in view.players:
        count = agent.chips.get(colour, 0)
        if count:
            draw_chip(surface, (x, row.y + 33), SEAT_COLOURS[colour], 13, str(count), numbers)
            x += 30
    chips_end, cards_start = x - 17, row.right - 8  # the last chip's right edge
    for card, sign in reversed(TRANSPORT_MARKS):
        count = agent.transport.count(card)
        if count:
            cards_start = (
                text(surface, small, f"{sign}×{count}", (cards_start, row.y + 33), "muted", "midright").left
                - 8
            )
    # The first line: name, task badge, status, equipment; the status goes down to the
    # second line where it would cut the name ('Niebies… poza wyścigiem') and room is there.
    equipment = text(
        surface, small, f"⚔ {agent.equipment_count}", (row.right - 8, row.y + 11), "text", "midright"
    )
    right = equipment.left
    badge = ""
    if agent.task is not None:
        badge = "⚑ " + "·".join(map(str, agent.task.needs)) + (" ✓" if agent.task.done else "")
    face = ctx.font(MIN_TEXT, acting)
    if status:
        width = small.size(status)[0]
        beside = right - 10 - width - (small.size(badge)[0] + 10 if badge else 0) - row.x - 44
        if face.size(shown_name)[0] > beside and cards_start - 10 - width >= chips_end + 10:
            text(surface, small, status, (cards_start - 10, row.y + 33), "brass", "midright")
        else:
            right = text(surface, small, status, (right - 10, row.y + 11), "brass", "midright").left
    if badge:
        right = text(surface, small, badge, (right - 10, row.y + 11), "muted", "midright").left
    clip_text(surface, face, shown_name, (row.x + 34, row.y + 11), right - row.x - 44, "text", "midleft")


def draw_task(surface: pygame.Surface, ctx: UiContext, layout: Layout, view: IslandView) -> None:
    """The viewer's task card (or that tasks are secret), and the task cards in play."""
    t = ctx.t
    box = layout.task_rect(len(view.players))
    mine = view.agents[view.seat].task if view.seat is not None else None
    pygame.draw.rect(surface, PAPER if mine else PALETTE["panel"], box, border_radius=8)
    pygame.draw.rect(surface, PALETTE["brass_dim"], box, 1, border_radius=8)
    in_play = view.tasks_in_play.items()
    codes = ", ".join(t("island.label.task_code_count", count=count, code=code) for code, count in in_play)
    if mine is None:
        # A replay with everything revealed (no seat) shows every task beside its agent.
        every = view.seat is None and all(agent.task is not None for agent in view.agents.values())
        key = "island.label.tasks_shown" if every else "island.label.task_secret"
        fit_text(
            surface,
            ctx.font,
            t(key),
            (box.x + 12, box.y + 8),
            box.width - 24,
            MIN_TEXT,
            True,
            "muted",
            max_lines=2,
        )
    else:
        ink = "night"
        head = t("island.label.task", code=mine.code)
        text(surface, ctx.font(MIN_TEXT, True), head, (box.x + 12, box.y + 6), ink)
        pattern = "-".join(map(str, mine.needs))
        fitted = fit(ctx.font, t(f"island.value.{pattern}"), box.width - 24, MIN_TEXT, True, max_lines=2)
        fit_lines(surface, fitted, (box.x + 12, box.y + 29), ink)
        state = t("island.label.done") if mine.done else t("island.label.not_done")
        text(surface, ctx.font(MIN_TEXT, False), state, (box.right - 10, box.y + 6), ink, "topright")
    # What is in play under it, in up to two lines from the card's foot.
    tail = t("island.label.tasks_in_play", codes=codes, out=view.tasks_out)
    tail_ink = "muted" if mine is None else "night"
    lines = fit(ctx.font, tail, box.width - 24, MIN_TEXT, max_lines=2)
    fit_lines(surface, lines, (box.x + 12, box.bottom - 6 - lines.height), tail_ink)


def draw_hand(
    surface: pygame.Surface,
    ctx: UiContext,
    layout: Layout,
    view: IslandView,
    picked: set[int],
    name: Callable[[str], str] | None = None,
) -> None:
    """The viewer's equipment cards, each with its combat value; picked ones lifted.  With
    everything revealed (a replay, no seat): every agent's cards, a line each."""
    t = ctx.t
    agents = len(view.players)
    top = layout.tile(agents, 0).y - 22
    cards = view.agents[view.seat].equipment if view.seat is not None else None
    every = view.seat is None and all(agent.equipment is not None for agent in view.agents.values())
    heading = t("island.label.equipment_all" if every else "island.label.equipment").upper()
    text(surface, ctx.font(MIN_TEXT, True), heading, (layout.column.x, top), "muted")
    if every and name is not None:
        _every_hand(surface, ctx, layout, view, top + 26, name)
        return
    if not cards:
        key = "island.label.hand_empty" if cards is not None else "island.label.hand_secret"
        text(surface, ctx.font(MIN_TEXT, False), t(key), (layout.column.x, top + 26), "muted")
        return
    data = load_content()
    value_face = ctx.font(MIN_TEXT, True)
    for index, card in enumerate(cards):
        rect = layout.tile(agents, index).move(0, -5 if index in picked else 0)
        pygame.draw.rect(surface, PAPER, rect, border_radius=6)
        pygame.draw.rect(
            surface,
            PALETTE["brass"] if index in picked else darker(PAPER, 0.6),
            rect,
            3 if index in picked else 1,
            border_radius=6,
        )
        label = fit(ctx.font, t(f"island.value.{card}"), TILE[0] - 24, MIN_TEXT, max_lines=2)
        fit_lines(surface, label, (rect.x + 6, rect.y + 4), "night", spacing=1)
        text(surface, value_face, str(data.value(card)), (rect.right - 8, rect.centery), "red", "midright")


def _every_hand(
    surface: pygame.Surface,
    ctx: UiContext,
    layout: Layout,
    view: IslandView,
    top: int,
    name: Callable[[str], str],
) -> None:
    """Each agent's equipment cards in a line: name, then the cards (a replay's revealed table)."""
    small = ctx.font(MIN_TEXT, False)
    for row, seat in enumerate(view.players):
        held = view.agents[seat].equipment or ()
        cards = ", ".join(ctx.t(f"island.value.{card}") for card in held) or ctx.t("island.label.hand_empty")
        clip_text(
            surface,
            small,
            f"{name(seat)}: {cards}",
            (layout.column.x, top + row * 22),
            layout.column.width,
            "text",
        )


def draw_prompt(
    surface: pygame.Surface, ctx: UiContext, layout: Layout, view: IslandView, prompt: str
) -> None:
    if not prompt:
        return
    top = layout.prompt_top(len(view.players))
    fitted = fit(ctx.font, prompt, layout.column.width, MIN_TEXT, max_lines=2)
    fit_lines(surface, fitted, (layout.column.x, top), "brass")
