"""The Stawka table: board, panels and the side menu the play scene hosts."""
