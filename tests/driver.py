"""A person at the (headless) screen: the synthetic clicks and keys UI tests drive the app with."""

from __future__ import annotations

import pygame

from game.app import App


class Driver:
    """A person at the (headless) screen: clicks widgets or points, presses keys."""

    def __init__(self, app: App) -> None:
        self.app = app

    def frames(self, count: int = 2) -> None:
        for _ in range(count):
            self.app.frame(1 / 60)

    def click_at(self, logical: tuple[int, int]) -> None:
        """Press and release the left button at a logical point (posted in window pixels)."""
        pos = self.app.logical_to_window(logical)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        # One frame delivers the mouse events; pygame_gui answers with events of its own,
        # which the next frame delivers to the scene.
        self.frames(2)

    def click(self, widget: object) -> None:
        rect = getattr(widget, "rect")  # noqa: B009 - every pygame_gui element has one
        self.click_at(rect.center)

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
        self.frames(1)
