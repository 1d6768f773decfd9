"""The attributes of a `Game` (engine.py), declared as its slots.

A game has more attributes than CPython keeps in the shared-key dictionary that makes
reading an instance attribute fast, and the engine reads them on every move: as slots
they are read as fast as a local. An attribute missing here still works (the mixins give
the game a `__dict__`), only slower."""

GAME_FIELDS = (
    "rules", "seed", "rng", "hand_number", "dealer", "to_play", "phase", "scores",
    "hands", "stock", "pile_type", "pile", "side_of", "melds", "red_threes",
    "minimums", "known", "asked_in_hand", "laid_on", "_dead", "_moves", "_legal",
    "_plans", "units", "card_values", "lays_out", "_replace_min", "drew_from_stock",
    "took_pile", "opened_at_turn_start", "concealed_chance", "melded_this_turn",
    "asked", "answer", "asker", "went_out", "concealed", "end_reason", "winners",
    "last_scores", "history", "hand_seed", "deal_key",
)
