"""What an Italian or Spanish player reads is Italian or Spanish, numbers included.

Hints, coach warnings, refusals, score lines and the rules pages are rendered for real
positions of every variant in it and es, and must hold no English-only word, no action's
debug text ("Draw", "Discard KH", "TakePile[...]", "Meld[...]") and no number of a
thousand or more without the language's grouping (5.000, never 5,000 or 5000).
"""

from __future__ import annotations

import random
import re
from datetime import datetime
from types import SimpleNamespace

import pytest

from game import i18n
from game.ai.hints import explain, judge, move_words, suggest
from game.i18n import refusal_text, say, tr, with_card_names
from game.rules import VARIANTS, Game, Phase
from game.rules.actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    Discard,
    Draw,
    Meld,
    NextHand,
    PassPile,
    TakePile,
)
from game.rules.cards import parse_cards
from game.rules_text import plain_text

TRANSLATED = ("it", "es")
# English words no Italian or Spanish sentence has, and the actions' debug names
ENGLISH = re.compile(
    r"\b(the|and|with|your|you|cards?|pile|stock|melds?|draw|discard|points|wild|side|hand|"
    r"go out|partner|canastas? of)\b|\b(Draw|Discard|TakePile|Meld|AskGoOut|AnswerGoOut|"
    r"PassPile|NextHand|Answer)\b|\[|\]|->", re.IGNORECASE)
# 5,000 (English grouping) or 5000 (none) where 5.000 belongs
UNGROUPED = re.compile(r"(?<![\d.,])\d{1,3}(,\d{3})+(?!\d)|(?<![\d.,])\d{4,}(?![\d])")


def leaks(text: str) -> list[str]:
    return [m.group(0) for m in ENGLISH.finditer(text)] + \
        [m.group(0) for m in UNGROUPED.finditer(text)]


def test_the_leak_finder_finds_leaks():
    assert leaks("Mossa consigliata: Discard KH.") == ["Discard"]
    assert leaks("Jugada recomendada: TakePile[QS QD].") == ["TakePile", "[", "]"]
    assert leaks("Partita a 5,000 punti, poi 7500") == ["5,000", "7500"]
    assert not leaks("Partita a 5.000 punti: scarta 10♠, poi 1.495 e 120.")
    assert not leaks("Il Jolly e il Jóker; la mano; el mazo; 3 rossi (4)")


@pytest.fixture(params=TRANSLATED)
def lang(request):
    before = i18n.get_locale()
    i18n.set_locale(request.param)
    yield request.param
    i18n.set_locale(before)


def advice(item) -> str:
    """A hint or warning as the table shows it (game/ui/table/guidance.py: advice_text)."""
    key = getattr(item, "reason_key", None) or item.key
    return tr(key, **with_card_names(item.params))


def candidate_moves(view) -> list[Action]:
    """Moves a player might try here, legal or not: every kind the table can send."""
    hand = list(view.hand)
    moves: list[Action] = [Draw(), TakePile(), AskGoOut(), AnswerGoOut(True), PassPile(),
                           NextHand()]
    moves += [Discard(c) for c in hand[:6]]
    by_rank: dict = {}
    for c in hand:
        by_rank.setdefault(c.rank, []).append(c)
    for cards in by_rank.values():
        moves.append(Meld([cards[:3]]))
        if len(cards) >= 2:
            moves.append(TakePile(cards[:2]))
    if len(hand) >= 3:
        moves.append(Meld([hand[:3]]))
        moves.append(Meld([hand]))
    return moves


def positions(variant: str, seed: int, steps: int):
    """(game, view of the seat to move) along a game played at random."""
    g = Game.new(VARIANTS[variant], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.phase is Phase.GAME_OVER:
            return
        view = next((v for v in (g.view(s) for s in range(g.players)) if v.legal), None)
        if view is None:
            return
        yield g, view
        legal = g.legal_actions()
        melds = [a for a in legal if isinstance(a, Meld)]
        # meld often, so canastas, going out and the score sheet come up
        g.apply(rng.choice(melds) if melds and rng.random() < 0.6 else rng.choice(legal))


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_hints_warnings_and_refusals_are_in_the_players_language(lang, variant):
    seen_keys: set[str] = set()
    found: list[str] = []
    for g, view in positions(variant, seed=11, steps=90):
        for action in view.legal[:8]:
            hint = explain(view, action)
            seen_keys.add(hint.reason_key)
            found += [f"{hint.reason_key}: {w!r}" for w in leaks(advice(hint))]
            warning = judge(view, action)
            if warning is not None:
                found += [f"{warning.key}: {w!r}" for w in leaks(advice(warning))]
        for action in candidate_moves(view):
            err = g.check(action)
            if err is not None:
                seen_keys.add(err.key)
                found += [f"{err.key}: {w!r}" for w in leaks(refusal_text(err))]
    assert not found, "\n".join(sorted(set(found)))
    assert len([k for k in seen_keys if k.startswith("hint.")]) >= 4, seen_keys
    assert len([k for k in seen_keys if not k.startswith("hint.")]) >= 4, seen_keys


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_suggested_move_is_told_in_the_players_language(lang, variant):
    for n, (_g, view) in enumerate(positions(variant, seed=5, steps=30)):
        if n % 10 == 0:
            text = advice(suggest(view))
            assert not leaks(text), text


def test_every_kind_of_move_has_words_in_every_language(lang):
    kh, kd, c7 = parse_cards("KH KD 7C")
    joker = parse_cards("JK")[0]
    moves = [Draw(), TakePile(), TakePile([kh, kd]), TakePile([kh, kd], melds=[[c7, c7, c7]]),
             Meld([[kh, kd, joker]]), Discard(c7), Discard(joker), AskGoOut(),
             AnswerGoOut(True), AnswerGoOut(False), PassPile(), NextHand()]
    # (slots dataclasses leave their first class behind in __subclasses__: compare names)
    kinds = {type(m).__name__ for m in moves}
    assert kinds == {c.__name__ for c in Action.__subclasses__()}, "a move kind without words"
    for move in moves:
        words = tr("hint.generic", move=move_words(move))
        assert not leaks(words) and str(move) not in words, words
    assert tr("card.joker") in move_words(Discard(joker))
    assert "K\u2665 K\u2666" in move_words(TakePile([kh, kd]))


def test_score_lines_and_their_explanations(lang):
    from game.ui.screens.score import explanation

    for variant in sorted(VARIANTS):
        for g, _view in positions(variant, seed=3, steps=400):
            if g.phase is Phase.HAND_OVER:
                for side in g.last_scores:
                    for line in side.lines:
                        text = say(line.key, line.params) + " " + explanation(line.key, g.rules)
                        assert not leaks(text), (variant, line.key, text)
                break


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_rules_pages_are_in_the_players_language(lang, variant):
    rules = VARIANTS[variant]
    for options in ({}, {"wild_canasta": True}, {"cutthroat": True}):
        try:
            r = rules.with_options(**options)
        except (TypeError, ValueError):
            continue  # an option this variant does not have
        text = plain_text(r)
        assert not leaks(text), (variant, options, leaks(text))
    assert "5.000" in plain_text(VARIANTS["classic"]) and "8.500" in plain_text(
        VARIANTS["modern-american"])


def test_saved_games_list_writes_scores_and_dates_by_language():
    from game.ui.screens.slots import LoadGameScene

    when = datetime(2026, 12, 1, 17, 5).astimezone()
    slot = SimpleNamespace(name="Domenica", scores=(5000, -1250), saved_at=when,
                           variant="classic", hand_number=4)
    before = i18n.get_locale()
    try:
        for code, scores, date in (("en", "5,000 : -1,250", "1 Dec 2026, 17:05"),
                                   ("it", "5.000 : -1.250", "1 dic 2026, 17:05"),
                                   ("es", "5.000 : -1.250", "1 dic 2026, 17:05")):
            i18n.set_locale(code)
            row = LoadGameScene.describe(None, slot)  # type: ignore[arg-type]
            assert scores in row and date in row, row
    finally:
        i18n.set_locale(before)
