"""Hints for the human player: the move `normal` would make and why, in plain words; and
a coach that warns before a clear mistake.

Both work from the player's own `PlayerView`, like every computer player. Sentences are
message keys with values, made into words by `game.i18n.tr` in the current language.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from game.i18n import card_name, card_names, tr
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
from game.rules.cards import format_cards
from game.rules.view import PlayerView

from .discarding import DiscardScore, score_discards
from .evaluate import card_values, seat_cost
from .heuristic import HeuristicPlayer
from .melding import goes_out, group_rank
from .memory import Memory
from .partner import _game_won_by, hand_margin_if_out
from .taking import draw_value, stock_near_end, take_value


@dataclass(frozen=True)
class Hint:
    action: Action
    reason_key: str
    params: dict = field(default_factory=dict, compare=False)
    reason: str = ""


@dataclass(frozen=True)
class Warning:
    key: str
    params: dict = field(default_factory=dict, compare=False)
    reason: str = ""


def _hint(action: Action, key: str, **params: object) -> Hint:
    return Hint(action, key, dict(params), tr(key, **params))


def _warn(key: str, **params: object) -> Warning:
    return Warning(key, dict(params), tr(key, **params))


def move_words(action: Action) -> str:
    """A move in the player's words, in the current language ("discard the 7♣"): never the
    action's debug text ("Discard 7C"), which is not a sentence in any language."""
    if isinstance(action, Draw):
        return tr("hint.move.draw")
    if isinstance(action, TakePile):
        cards = [*action.cards, *(c for g in action.melds for c in g)]
        return tr("hint.move.take_with", cards=card_names(cards)) if cards else tr("hint.move.take")
    if isinstance(action, Meld):
        return tr("hint.move.meld", cards=card_names([c for g in action.groups for c in g]))
    if isinstance(action, Discard):
        return tr("hint.move.discard", card=card_name(action.card))
    if isinstance(action, AskGoOut):
        return tr("hint.move.ask")
    if isinstance(action, AnswerGoOut):
        return tr("hint.move.answer_yes" if action.yes else "hint.move.answer_no")
    if isinstance(action, PassPile):
        return tr("hint.move.pass")
    if isinstance(action, NextHand):
        return tr("hint.move.next_hand")
    raise TypeError(f"no words for the move {type(action).__name__}")


_ADVISOR = HeuristicPlayer("normal", seed=0)


def suggest(view: PlayerView) -> Hint:
    """The move to make now, and one or two sentences saying why."""
    if not view.legal:
        raise ValueError("no move to suggest: it is not this seat's turn")
    ranked = _ADVISOR.ranked(view)
    # never suggest what the coach would then warn against: the first good move the coach
    # has nothing to say about (the best one, unless it is such a move)
    for _score, action in ranked[:8]:
        if judge(view, action) is None:
            return explain(view, action)
    return explain(view, ranked[0][1])


def explain(view: PlayerView, action: Action) -> Hint:
    if isinstance(action, TakePile):
        return _explain_take(view, action)
    if isinstance(action, Draw):
        return _explain_draw(view)
    if isinstance(action, PassPile):
        return _hint(action, "hint.pass_pile", count=len(view.pile))
    if isinstance(action, Meld):
        return _explain_meld(view, action)
    if isinstance(action, AskGoOut):
        partner = view.partner
        count = view.hand_sizes[partner] if partner is not None else 0
        return _hint(action, "hint.ask_partner", count=count)
    if isinstance(action, AnswerGoOut):
        if action.yes:
            return _hint(action, "hint.answer_yes")
        return _hint(action, "hint.answer_no", points=_hand_points(view))
    if isinstance(action, Discard):
        return _explain_discard(view, action)
    if isinstance(action, NextHand):
        return _hint(action, "hint.next_hand")
    return _hint(action, "hint.generic", move=move_words(action))


def _hand_points(view: PlayerView) -> int:
    return int(seat_cost(view, view.seat))


def _explain_take(view: PlayerView, action: TakePile) -> Hint:
    top = view.pile[-1]
    count = len(view.pile)
    rank = top.rank.label
    if action.melds:
        return _hint(action, "hint.take_open", count=count, rank=rank,
                     minimum=view.minimums[view.side])
    if not action.cards:
        return _hint(action, "hint.take_onto_meld", count=count, rank=rank)
    if any(c.is_wild for c in action.cards):
        return _hint(action, "hint.take_with_wild", count=count, rank=rank)
    if view.pile_frozen or not view.my_melds:
        return _hint(action, "hint.take_frozen_pair", count=count, rank=rank)
    return _hint(action, "hint.take_pair", count=count, rank=rank)


def _explain_draw(view: PlayerView) -> Hint:
    action = Draw()
    top = view.pile[-1] if view.pile else None
    if top is None:
        return _hint(action, "hint.draw_empty")
    if top.is_wild or top.is_black_three:
        return _hint(action, "hint.draw_blocked", card=top.label)
    takes = [a for a in view.legal if isinstance(a, TakePile)]
    if not takes:
        if not view.my_melds and _natural_pair(view, top.rank):
            # the pair is there: what is missing is the first meld's minimum count
            return _hint(action, "hint.draw_frozen_minimum", rank=top.rank.label,
                         minimum=view.minimums[view.side])
        if view.pile_frozen or not view.my_melds:
            return _hint(action, "hint.draw_frozen", rank=top.rank.label)
        return _hint(action, "hint.draw_cannot_take", rank=top.rank.label)
    return _hint(action, "hint.draw_small_pile", count=len(view.pile))


def _natural_pair(view: PlayerView, rank) -> bool:
    return sum(1 for c in view.hand if c.rank == rank and c.is_natural) >= 2


def _explain_meld(view: PlayerView, action: Meld) -> Hint:
    cards = format_cards(c for g in action.groups for c in g)
    if goes_out(view, action):
        if _game_won_by(view, view.seat):
            return _hint(action, "hint.go_out_wins", cards=cards)
        return _hint(action, "hint.go_out", cards=cards,
                     margin=int(max(hand_margin_if_out(view, view.seat), 0)))
    if not view.my_melds:
        return _hint(action, "hint.open", cards=cards, minimum=view.minimums[view.side])
    mine = view.my_melds
    for i, g in enumerate(action.groups):
        rank = group_rank(action, i)
        m = mine.get(rank) if rank is not None else None
        size0 = m.size if m else 0
        if size0 < 7 <= size0 + len(g):
            natural = all(not c.is_wild for c in g) and (m is None or m.wilds == 0)
            key = "hint.canasta_natural" if natural else "hint.canasta_mixed"
            return _hint(action, key, cards=cards, rank=rank.label if rank else "?")
    rank = group_rank(action, 0)
    if rank is not None and rank in mine:
        return _hint(action, "hint.lay_off", cards=cards, rank=rank.label)
    return _hint(action, "hint.meld", cards=cards)


def _explain_discard(view: PlayerView, action: Discard) -> Hint:
    card = action.card
    label = card.label
    if card.is_black_three:
        return _hint(action, "hint.discard_black_three", card=label)
    if card.is_wild:
        return _hint(action, "hint.discard_freeze", card=label, count=len(view.pile) + 1)
    if stock_near_end(view) and card_values(view.rules)[card.code] >= 10:
        return _hint(action, "hint.discard_high", card=label)
    counts = Counter(c.rank for c in view.hand)
    if counts[card.rank] == 1:
        return _hint(action, "hint.discard_single", card=label)
    return _hint(action, "hint.discard_safe", card=label)


# ---------------------------------------------------------------------------- coach
BIG_PILE = 5  # from this many cards on, feeding the pile is a real loss


def judge(view: PlayerView, action: Action) -> Warning | None:
    """A warning when `action` is a clear mistake in this position, else None.

    `action` may be any move the player is about to make (the table lets a human build
    melds the engine's canonical list does not name); only this seat's turn is judged."""
    if not view.legal:
        return None
    if isinstance(action, Discard):
        return _judge_discard(view, action)
    if isinstance(action, Meld):
        return _judge_meld(view, action)
    if isinstance(action, Draw):
        return _judge_draw(view)
    return None


def _scores(view: PlayerView) -> dict[int, DiscardScore]:
    legal = {a.card.code for a in view.legal if isinstance(a, Discard)}
    return {s.card.code: s for s in score_discards(view, Memory(view)) if s.card.code in legal}


def _judge_discard(view: PlayerView, action: Discard) -> Warning | None:
    card = action.card
    scores = _scores(view)
    mine = scores.get(card.code)
    if mine is None:
        return None
    others = [s for code, s in scores.items() if code != card.code]
    if card.is_wild:
        # needed only to stop a dangerous pile, and only when nothing safe is left
        safe = [s for s in others if not s.card.is_wild and s.take_chance < 0.3]
        if safe and (len(view.pile) < BIG_PILE or min(s.danger for s in safe) < 40):
            best = min(safe, key=lambda s: s.cost)
            return _warn("coach.discard_wild", card=card.label, safer=best.card.label)
        return None
    if len(view.pile) + 1 >= BIG_PILE and mine.take_chance >= 0.5:
        safe = [s for s in others if s.take_chance < 0.2 and not s.card.is_wild]
        if safe:
            best = min(safe, key=lambda s: s.cost)
            return _warn("coach.discard_feeds", card=card.label, count=len(view.pile) + 1,
                         safer=best.card.label)
    return None


def _judge_meld(view: PlayerView, action: Meld) -> Warning | None:
    if not view.my_melds or goes_out(view, action):
        return None
    if not (view.pile_frozen and len(view.pile) >= BIG_PILE):
        return None
    counts = Counter(c.rank for c in view.hand)
    mem = Memory(view)
    mine = view.my_melds
    for i, g in enumerate(action.groups):
        rank = group_rank(action, i)
        if rank is None:
            continue
        nat = sum(1 for c in g if not c.is_wild)
        m = mine.get(rank)
        completes = (m.size if m else 0) < 7 <= (m.size if m else 0) + len(g)
        if nat >= 2 and counts[rank] - nat < 2 and mem.unseen(rank) > 0 and not completes:
            return _warn("coach.keep_pair", rank=rank.label, count=len(view.pile))
    return None


def _judge_draw(view: PlayerView) -> Warning | None:
    takes = [a for a in view.legal if isinstance(a, TakePile)]
    if not takes or len(view.pile) < BIG_PILE:
        return None
    best = max(takes, key=lambda a: take_value(view, a))
    if take_value(view, best) - draw_value(view) >= 80:
        return _warn("coach.take_instead", count=len(view.pile),
                     rank=view.pile[-1].rank.label)
    return None
