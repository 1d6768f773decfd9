"""Cards in sentences read as players write them: rank and suit symbol, the joker named."""

from __future__ import annotations

from game import i18n
from game.i18n import card_name, card_names, with_card_names
from game.rules.cards import parse_cards


def test_card_names_in_every_language():
    before = i18n.get_locale()
    try:
        assert card_name("2D") == "2\u2666" and card_name("10S") == "10\u2660"
        assert card_names(parse_cards("AH KC")) == "A\u2665 K\u2663"
        assert card_names("KH KD | JK") == "K\u2665 K\u2666 | Joker"
        assert card_name("K") == "K", "a rank alone is left as it is"
        for lang, joker in (("en", "Joker"), ("it", "Jolly"), ("es", "Jóker")):
            i18n.set_locale(lang)
            assert card_name("JK") == joker
        params = with_card_names({"card": "2D", "cards": "9S 9C", "rank": "9", "count": 3})
        assert params == {"card": "2\u2666", "cards": "9\u2660 9\u2663", "rank": "9", "count": 3}
    finally:
        i18n.set_locale(before)
