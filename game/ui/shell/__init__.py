"""The shell: the app loop and scene stack, the window, the theme, widgets and
dialogs every screen uses, and the game session (engine, players, saves)."""
