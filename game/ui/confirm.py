"""A question asked before something that cannot be taken back (a delete, giving up).

One dialog for the shell: pygame_gui's confirmation window, blocking the scene under it,
with the two buttons as large as the others.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.windows import UIConfirmationDialog


def ask(
    manager: pygame_gui.UIManager, rect: pygame.Rect, question: str, title: str, yes: str, no: str
) -> UIConfirmationDialog:
    """Open the dialog; `question` is HTML (escape what came from outside).  It posts
    ``UI_CONFIRMATION_DIALOG_CONFIRMED`` on yes, ``UI_WINDOW_CLOSE`` when closed."""
    dialog = UIConfirmationDialog(
        rect, question, manager=manager, window_title=title, action_short_name=yes, blocking=True
    )
    # pygame_gui sizes these buttons to their text; ours are as large as the others.
    cancel, confirm = dialog.cancel_button, dialog.confirm_button
    cancel.set_text(no)
    for button in (cancel, confirm):
        button.set_dimensions((150, 42))
        button.set_relative_position((-160, -54))
    width, height = dialog.get_container().get_size()
    dialog.confirmation_text.set_dimensions((width - 10, height - 70))
    return dialog
