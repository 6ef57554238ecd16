"""The window shell: MainWindow (settings, menus, docks, language, the staged start) and
where it sits on the screen. It composes the table screen, its extras and the games."""
