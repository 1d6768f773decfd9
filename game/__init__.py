"""Canasta for the desktop: rules engine, computer players and the pygame table."""
