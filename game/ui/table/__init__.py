"""The table scene: its pygame-free controller, mouse and keyboard input, what the
drawing may read (view.py), the drawing, the panel and the move log."""
