"""Reviewing a played hand decision by decision."""
