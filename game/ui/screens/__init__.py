"""Screens around the table: the main menu, New game, Settings, the rules, save
slots, statistics, the deal screen and the score sheets."""
