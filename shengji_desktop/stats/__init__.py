"""The player's statistics and hand history: what each settled hand meant for the player's
seat (``facts``), kept in a SQLite database (``store``), and the figures drawn from it
(``figures``). No Qt: the window (ui/windows/stats.py) reads and shows them."""
