"""A save is offered under a name that writes its date as the language does, the same
form the list of saves shows beside it ("7 dic 2026, 05:12", never "2026-12-07 05.12")."""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace

from game.i18n import date_time, get_locale, set_locale
from game.ui.screens.slots import default_slot_name

WHEN = datetime(2026, 12, 7, 5, 12)


def test_the_default_save_name_uses_the_languages_date_format():
    session = SimpleNamespace(game=SimpleNamespace(hand_number=3))
    shown = get_locale()
    try:
        for lang, want in (("en", "Game of 7 Dec 2026, 05:12"), ("it", "Partita del 7 dic 2026, 05:12"),
                           ("es", "Partida del 7 dic 2026, 05:12")):
            set_locale(lang)
            name = default_slot_name(session, WHEN)
            assert name == want, name
            assert date_time(WHEN) in name and "2026-12-07" not in name
    finally:
        set_locale(shown)
