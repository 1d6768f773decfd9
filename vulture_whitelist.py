"""Names vulture cannot see used (`python -m vulture`; the paths are in pyproject.toml).

Each one is reached from outside Python's sight; the file is read by vulture, never run."""

from types import SimpleNamespace

_ = SimpleNamespace()

_ = (
    _.CLUBS,  # a Suit member: decks are built by iterating over Suit
    _.new_game,  # TableScene.new_game, named by a string in game/ui/shell/app.py's scene registry
    _.minimum_size,  # set on pygame.Window for pygame: the smallest size the window drags to
    _.midbottom,  # pygame.Rect placement, read by pygame when blitting
    _.topright,  # likewise
    _.__getattr__,  # a module's lazy names (PEP 562: game/rules/__init__.py, saves/__init__.py)
    _.selected_images,  # UIButton's images of its selected face, read by pygame_gui (shell/suit_button.py)
    _.on_locale_changed,  # a UIElement hook pygame_gui calls on a language switch
)
