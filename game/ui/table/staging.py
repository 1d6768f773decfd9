"""The staging row: melds the player lays out before confirming them (an opening, or a
take of the pile with its melds), and which of the player's cards a take may use.

Pure Python (no pygame): the table controller keeps the staged groups; the scene only
draws them. A staged group may be incomplete on purpose (the whole staging is judged by
the engine on confirm), so a group is refused here only when no card added later could
ever make it a meld.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.i18n import card_name, card_names, refusal_text, tr
from game.rules import Game, IllegalMove, Phase
from game.rules.actions import Action, Draw, Meld, TakePile
from game.rules.cards import Card
from game.rules.melds import values_for

Groups = list[list[Card]]
# the phases in which the pile may be taken (italian's OPEN: once the side has opened)
DRAWING = (Phase.OPEN, Phase.DRAW, Phase.STOCK_END)


@dataclass(frozen=True)
class TakePlan:
    """What a click on the pile comes to: one move, a choice between moves, or a
    refusal (message key, sentence)."""

    action: TakePile | None = None
    options: tuple[TakePile, ...] = ()
    refusal: tuple[str | None, str] | None = None


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
    top card's rank) melded with the top card, the other staged groups laid with it.

    When neither holds the top card's rank, a natural pair of it left in the hand goes
    with the staged melds: that is what a player means by staging an opening and clicking
    the pile. Nothing else from the hand is ever used: no wild card, no meld the player
    did not stage."""
    top = game.pile.top
    hand = game.hands[seat]
    used = staged_ids(staged)
    cards = [c for c in hand if c.identity in selected and c.identity not in used]
    if not cards and top is not None:
        for grp in staged:
            if any(c.rank == top.rank and not c.is_wild for c in grp):
                cards = grp
                break
    melds = [grp for grp in staged if grp is not cards]
    if not cards and top is not None:
        naturals = [c for c in hand if c.rank == top.rank and not c.is_wild and c.identity not in used]
        cards = _fewest_that_take(game, naturals, melds) or naturals[:2]
    return TakePile(cards, melds)


def _fewest_that_take(game: Game, naturals: list[Card], melds: Groups) -> list[Card]:
    """The fewest of these natural cards the engine lets the take use (a pair, or more
    where a rule asks for more); [] when no number does."""
    for n in range(2, len(naturals) + 1):
        if game.check(TakePile(naturals[:n], melds)) is None:
            return naturals[:n]
    return []


def plain_takes(game: Game) -> list[TakePile]:
    """The legal takes that use only natural cards of the top card's rank from the hand
    (or none, onto a meld): what a click on the pile may do with nothing put forward.
    A take that needs further melds or a wild card is the player's to stage."""
    top = game.pile.top
    if top is None:
        return []
    return [a for a in game.legal_actions() if isinstance(a, TakePile) and not a.melds
            and all(c.rank == top.rank and not c.is_wild for c in a.cards)]


def wild_takes(game: Game) -> list[TakePile]:
    """The legal takes with cards of the top card's rank and wild cards from the hand and
    no further meld, one for each set of faces: what a click on the pile offers to ask
    about when no natural pair will do (spending a wild card is the player's choice)."""
    top = game.pile.top
    if top is None:
        return []
    seen: set[tuple[int, ...]] = set()
    out = []
    for a in game.legal_actions():
        if not isinstance(a, TakePile) or a.melds or not a.cards:
            continue
        if not all(c.rank == top.rank or c.is_wild for c in a.cards):
            continue
        faces = tuple(sorted(c.code for c in a.cards))
        if faces not in seen:
            seen.add(faces)
            out.append(a)
    return out


# Refusals no card added to (or taken from) the staging row can cure: a staging that the
# engine refuses for one of these could never be confirmed, so its drop target is red.
NEVER = frozenset({
    "meld.open_before_draw", "meld.no_wilds", "meld.too_many_wilds", "meld.too_big", "meld.dead_rank",
    "meld.red_three", "meld.one_rank", "meld.black_threes", "meld.black_threes_never", "meld.threes_never",
    "meld.wild_canasta_complete", "meld.wild_meld_lock", "meld.wilds_first_meld_only",
    "goout.must_go_out", "goout.partner_said_no", "turn.waiting_partner", "turn.hand_over", "turn.game_over",
    "take.dead_rank", "take.meld_too_big", "take.three_jokers", "take.three_twos", "take.not_open",
    "pile.empty", "pile.one_card", "pile.blocked_wild", "pile.blocked_black_three", "pile.black_three_discarded",
    "pile.red_three_on_top", "pile.black_three_on_top", "draw.stock_empty",
})


def after_drawing(game: Game, seat: int) -> Game | None:
    """The position once `seat` has drawn from the stock (a copy), when that is its move
    now: where a staging made before the draw would be laid down."""
    if game.phase not in (Phase.OPEN, Phase.DRAW) or game.to_play != seat or game.check(Draw()) is not None:
        return None
    drawn = Game.from_dict(game.to_dict())
    drawn.apply(Draw())
    return drawn if drawn.phase is Phase.MELD and drawn.to_play == seat else None


def staging_refusal(game: Game, seat: int, staged: Groups, cards: list[Card], group: int,
                    drawn: Game | None = None) -> IllegalMove | None:
    """Why staging `cards` (onto staged group `group`, -1: as a new one) could never be
    confirmed, or None. The engine judges the staging as it would be confirmed: laid as
    melds now (or, before the draw, after drawing from the stock) or taken with the pile.
    An incomplete staging is fine; only a refusal in `NEVER` from every way counts.
    `drawn`: the position after drawing (`after_drawing`), when the draw is still to come."""
    groups = [list(g) for g in staged]
    if group >= 0:
        groups[group] = groups[group] + list(cards)
    else:
        groups.append(list(cards))
    key = stage_refusal_key(groups[group])
    if key:
        return IllegalMove(key)
    ways: list[tuple[Game, Callable[[Groups], Action]]] = []
    if game.phase in (Phase.OPEN, Phase.MELD):
        ways.append((game, Meld))
    if game.phase in (Phase.OPEN, Phase.DRAW, Phase.STOCK_END):
        ways.append((game, lambda gs: take_with(game, seat, set(), gs)))
    if drawn is not None:
        ways.append((drawn, Meld))
    spare = _spare_naturals(game, seat, groups, group)
    never: list[IllegalMove] = []
    for g, make in ways:
        err = g.check(make(groups))
        if err is None:
            return None
        closed = err.key in NEVER or (make is not Meld and err.key.startswith(("take.", "pile.")))
        if not closed and err.key in SHAPE and spare is not None:
            # too few naturals: would the player's other cards of the rank mend it?
            done = [grp + spare if i == (group if group >= 0 else len(groups) - 1) else grp
                    for i, grp in enumerate(groups)]
            again = g.check(make(done))
            closed = again is not None and (again.key in NEVER or again.key == err.key)
        if not closed:
            return None
        never.append(err)
    if not never:
        return None
    return next((e for e in never if not e.key.startswith(("take.", "pile."))), never[0])


# too many wild cards for the naturals of one group: only more natural cards of its rank
# could mend it (a group merely too small may be waiting for its third card: never red)
SHAPE = frozenset({"meld.ratio", "meld.hoyle_ratio", "meld.rule_of_five"})


def _spare_naturals(game: Game, seat: int, groups: Groups, group: int) -> list[Card] | None:
    """The hand's natural cards of the group's rank not staged yet; None for a group of
    wild cards only (any rank may still join it)."""
    grp = groups[group]
    rank = next((c.rank for c in grp if not c.is_wild), None)
    if rank is None:
        return None
    used = staged_ids(groups)
    return [c for c in game.hands[seat] if c.rank == rank and not c.is_wild and c.identity not in used]


def plan_take(g: Game, seat: int, selected: set[tuple[int, int]], staged: Groups) -> TakePlan:
    """What a click on the pile (or P) would do, with these cards put forward."""
    if g.phase not in DRAWING:
        return TakePlan(action=TakePile())  # the engine says why not
    top = g.pile.top
    if top is None:
        return TakePlan(refusal=("pile.empty", tr("pile.empty")))
    hand = g.hands[seat]
    if staged or any(c.identity in selected for c in hand):
        return TakePlan(action=take_with(g, seat, selected, staged))
    # nothing put forward: a natural pair (or more) of the top card's rank from the hand,
    # else a question before a wild card is spent; never a meld the player did not stage
    options = plain_takes(g)
    if not options and (wild := wild_takes(g)):
        return TakePlan(options=tuple(wild))  # always asked: which wild card, if any, to spend
    if not options:
        pair = [c for c in hand if c.rank == top.rank and not c.is_wild][:2]
        err = g.check(TakePile(pair)) or g.check(TakePile())
        if err is not None:
            return TakePlan(refusal=(err.key, refusal_text(err)))
        # the pair alone would do it but the engine generated no such take: say so
        return TakePlan(refusal=("pile.frozen_need_pair", tr("ui.reason.cannot_take")))
    if len(options) == 1:
        return TakePlan(action=options[0])
    return TakePlan(options=tuple(options))


def describe_take(game: Game, a: TakePile) -> str:
    """A take, in words, for the dialog that asks which one."""
    top = game.pile.top
    if not a.cards:
        return tr("ui.take.onto_meld", card=card_name(top) if top else "")
    if a.melds:
        return tr("ui.take.with_opening", cards=card_names(a.cards),
                  melds=" | ".join(card_names(g) for g in a.melds))
    return tr("ui.take.with", cards=card_names(a.cards))
