"""The staging row: melds the player lays out before confirming them (an opening, or a
take of the pile with its melds), and which of the player's cards a take may use.

Pure Python (no pygame): the table controller keeps the staged groups; the scene only
draws them. A staged group may be incomplete on purpose (the whole staging is judged by
the engine on confirm), so a group is refused here only when no card added later could
ever make it a meld.
"""

from __future__ import annotations

from game.i18n import tr
from game.rules import Game
from game.rules.actions import TakePile
from game.rules.cards import Card
from game.rules.melds import values_for

Groups = list[list[Card]]


def stage_refusal_key(cards: list[Card]) -> str | None:
    """The message key of why these cards can never become one meld, or None."""
    if any(c.is_red_three for c in cards):
        return "meld.red_three"
    black3 = [c for c in cards if c.is_black_three]
    if black3 and len(black3) != len(cards):
        return "meld.black_threes"
    ranks = {c.rank for c in cards if not c.is_wild and not c.is_black_three}
    if len(ranks) > 1:
        return "meld.one_rank"
    return None


def stage_refusal(cards: list[Card]) -> str | None:
    """Why these cards can never become one meld whatever is added, or None."""
    key = stage_refusal_key(cards)
    return tr(key) if key else None


def staged_value(game: Game, staged: Groups) -> int:
    values = values_for(game.rules)
    return sum(values[c.code] for grp in staged for c in grp)


def staged_ids(staged: Groups) -> set[tuple[int, int]]:
    return {c.identity for grp in staged for c in grp}


def still_in_hand(staged: Groups, hand_ids: set[tuple[int, int]]) -> Groups:
    """The staging once cards have left the hand (melded, discarded, undone)."""
    kept = [[c for c in grp if c.identity in hand_ids] for grp in staged]
    return [grp for grp in kept if grp]


def take_with(game: Game, seat: int, selected: set[tuple[int, int]], staged: Groups) -> TakePile:
    """The take the player has put forward: the selected cards (or the staged group of the
    top card's rank) melded with the top card, the other staged groups laid with it."""
    top = game.pile.top
    hand = game.hands[seat]
    used = staged_ids(staged)
    cards = [c for c in hand if c.identity in selected and c.identity not in used]
    if not cards and top is not None:
        for grp in staged:
            if any(c.rank == top.rank for c in grp):
                cards = grp
                break
    melds = [grp for grp in staged if grp is not cards]
    return TakePile(cards, melds)
