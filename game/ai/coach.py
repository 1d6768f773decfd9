"""The practice coach: a catalogue of clear blunders, each found from the position's
facts (`facts.py`) and each with the better move.

`judge(view, action)` names the first blunder `action` is, or None. Each kind warns only
when its better move exists on the table now, so a reasonable move close to a blunder
(the same card when no safer one exists, a meld that completes a canasta) stays unflagged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from game.i18n import solo_key, tr, with_card_names
from game.rules.actions import Action, AskGoOut, Discard, Draw, Meld, TakePile
from game.rules.engine import Phase
from game.rules.view import PlayerView

from . import facts as F
from .discarding import score_discards
from .evaluate import canastas
from .melding import cards_in, group_rank
from .memory import Memory
from .partner import game_lost_by, game_won_by
from .taking import draw_value, take_value

BIG_PILE = 6  # from this many cards on, losing or feeding the pile is a real loss


class Blunder(Enum):
    """The kinds of mistake the coach warns about (each has its own sentence in the catalogues)."""

    COMPLETES_OPPONENT_CANASTA = "completes_opponent_canasta"
    FEEDS_PILE = "feeds_pile"
    WILD_DISCARD_COULD_MELD = "wild_discard_could_meld"
    WILD_DISCARD_NEEDLESS = "wild_discard_needless"
    BREAKS_PAIR_MELD = "breaks_pair_meld"
    BREAKS_PAIR_DISCARD = "breaks_pair_discard"
    GOES_OUT_LOSING = "goes_out_losing"
    REFUSES_WINNING_OUT = "refuses_winning_out"
    WILD_ON_SMALL_MELD = "wild_on_small_meld"
    DRAWS_INSTEAD_OF_TAKING = "draws_instead_of_taking"
    WILD_FOR_SMALL_PILE = "wild_for_small_pile"
    SPOILS_NATURAL_CANASTA = "spoils_natural_canasta"
    MELDS_HAND_AWAY = "melds_hand_away"
    SKIPS_OPENING = "skips_opening"
    ASKS_WHEN_CANNOT_GO_OUT = "asks_when_cannot_go_out"


@dataclass(frozen=True)
class Warning:
    """The coach's warning about one move: the blunder, its sentence, and the better move if there
    is one."""

    kind: Blunder | None  # None: the analysis' rating (hints.coach), no catalogue kind
    key: str
    params: dict = field(default_factory=dict, compare=False)
    reason: str = ""
    better: Action | None = field(default=None, compare=False)
    facts: tuple[object, ...] = field(default=(), compare=False)
    # the sentences said, the first one being `key` with `params` (a player alone reads
    # the keys' `_solo` wording: `judge`)
    sentences: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = field(default=(),
                                                                           compare=False)


def _warn(kind: Blunder, better: Action | None, facts: Sequence[object],
          extra: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = (),
          key: str | None = None, **params: Any) -> Warning:
    key = key or f"coach.{kind.value}"
    sentences = ((key, tuple(params.items())), *extra)
    reason = " ".join(tr(k, **with_card_names(dict(p))) for k, p in sentences)
    return Warning(kind, key, dict(params), reason, better, tuple(facts), sentences)


class _Cache:
    """Facts of the last view judged: `suggest` asks about several moves of one view."""

    view: PlayerView | None = None
    discards: dict[int, F.TakeFact] = {}


def _discard_facts(view: PlayerView) -> dict[int, F.TakeFact]:
    if _Cache.view is not view:
        _Cache.view = view
        _Cache.discards = F.discard_facts(view)
    return _Cache.discards


def judge(view: PlayerView, action: Action) -> Warning | None:
    """A warning when `action` is a clear blunder in this position, else None.

    `action` may be any move the player is about to make (the table lets a human build
    melds the engine's canonical list does not name); only this seat's turn is judged.
    A player with no partner reads "you" where a partnership reads "your side"."""
    warning = _judge(view, action)
    if warning is None or not view.alone:
        return warning
    said = tuple((solo_key(k, True), p) for k, p in warning.sentences)
    if said == warning.sentences:
        return warning
    return replace(warning, sentences=said,
                   reason=" ".join(tr(k, **with_card_names(dict(p))) for k, p in said))


def _judge(view: PlayerView, action: Action) -> Warning | None:
    if not view.legal or view.to_play != view.seat:
        return None
    if isinstance(action, AskGoOut):
        return _judge_ask(view)
    if isinstance(action, Draw):
        return _judge_draw(view)
    if isinstance(action, TakePile):
        return _judge_take(view, action)
    if isinstance(action, (Meld, Discard)):
        out = _judge_going_out(view, action)
        if out is not None:
            return out
    if isinstance(action, Meld):
        return _judge_meld(view, action)
    if isinstance(action, Discard):
        return _judge_discard(view, action)
    return None


# ------------------------------------------------------------------ going out
def _out_moves(view: PlayerView) -> list[Action]:
    moves: list[Action] = [a for a in view.legal if isinstance(a, Meld) and F.meld_ends_hand(view, a)]
    if len(view.hand) == 1:
        moves += [a for a in view.legal if isinstance(a, Discard)]
    return moves


def _is_out(view: PlayerView, action: Action) -> bool:
    if isinstance(action, Meld):
        return F.meld_ends_hand(view, action)
    return isinstance(action, Discard) and len(view.hand) == 1


def _judge_going_out(view: PlayerView, action: Action) -> Warning | None:
    outs = [a for a in _out_moves(view) if a in view.legal]
    if not outs:
        return None
    if _is_out(view, action):
        if game_lost_by(view, view.seat):
            stays = [a for a in view.legal if not _is_out(view, a)
                     and isinstance(a, (Meld, Discard))]
            stay = next((a for a in stays if isinstance(a, Discard)), stays[0] if stays else None)
            if stay is not None:
                return _warn(Blunder.GOES_OUT_LOSING, stay,
                             [F.Claim("game_end", (action, "lost")), F.Claim("legal", stay)])
        return None
    if isinstance(action, Discard) and game_won_by(view, view.seat):
        # a meld may be the first step of going out; a discard ends the turn
        best = max(outs, key=lambda a: cards_in(a) if isinstance(a, Meld) else 0)
        return _warn(Blunder.REFUSES_WINNING_OUT, best,
                     [F.Claim("goes_out", best), F.Claim("game_end", (best, "won"))],
                     target=view.rules.target)
    return None


def _judge_ask(view: PlayerView) -> Warning | None:
    now = F.goes_out_now(view)
    if now.possible:
        return None
    better = next((a for a in view.legal if isinstance(a, Discard)), None)
    why = ((F.go_out_words(now.refusal), now.params),) if now.refusal else ()
    return _warn(Blunder.ASKS_WHEN_CANNOT_GO_OUT, better, [now], extra=why)


# ------------------------------------------------------------------ drawing and taking
def _judge_draw(view: PlayerView) -> Warning | None:
    if view.phase is Phase.OPEN:
        opening = next((a for a in view.legal if isinstance(a, Meld)), None)
        if opening is not None:
            # the engine's own words for what waiting costs
            after = F.world(view)
            after.apply(Draw())
            refusal = after.check(opening)
            said = (refusal.key, tuple(sorted(refusal.params.items()))) if refusal else None
            extra = (said,) if said is not None else ()
            facts = [F.Claim("legal", opening), F.Claim("not_opened")]
            if said is not None:
                facts.append(F.Claim("refusal_after_draw", (opening, *said)))
            return _warn(Blunder.SKIPS_OPENING, opening, facts, extra=extra)
        return None
    takes = [a for a in view.legal if isinstance(a, TakePile)]
    if not takes or view.pile_size < BIG_PILE:
        return None
    best = max(takes, key=lambda a: take_value(view, a))
    if take_value(view, best) - draw_value(view) >= 80:
        draw = view.rules.draw_count
        top = view.pile[-1].rank
        facts = [F.Claim("legal", best), F.Claim("pile_count", view.pile_size),
                 F.Claim("top_rank", top)]
        if draw == 1:
            return _warn(Blunder.DRAWS_INSTEAD_OF_TAKING, best, facts,
                         count=view.pile_size, rank=top)
        # a variant drawing several cards compares the pile with all of them, not "a card"
        return _warn(Blunder.DRAWS_INSTEAD_OF_TAKING, best, facts,
                     key="coach.draws_instead_of_taking_many",
                     count=view.pile_size, rank=top, draw=draw)
    return None


def _judge_take(view: PlayerView, action: TakePile) -> Warning | None:
    if view.pile_size > 2 or not view.my_melds or not any(c.is_wild for c in action.cards):
        return None  # (an opening with the pile is worth a wild card)
    if F.canastas_made(view, action):
        return None
    if Draw() not in view.legal:
        return None
    natural = next((a for a in view.legal if isinstance(a, TakePile)
                    and not any(c.is_wild for c in a.cards)), None)
    better = natural or Draw()
    return _warn(Blunder.WILD_FOR_SMALL_PILE, better,
                 [F.Claim("spends_wild", action), F.Claim("pile_count", view.pile_size),
                  F.Claim("legal", better)], count=view.pile_size)


# ------------------------------------------------------------------ melding
def _small_wild_group(view: PlayerView, action: Meld) -> tuple[int, tuple] | None:
    """(index, group) of a new meld of three cards or fewer holding a wild card."""
    mine = view.my_melds
    for i, g in enumerate(action.groups):
        rank = group_rank(action, i)
        if rank is None or rank in mine:
            continue
        if len(g) <= 3 and any(c.is_wild for c in g) and any(c.is_natural for c in g):
            return i, g
    return None


def _wild_onto_biggest(view: PlayerView, wild) -> Meld | None:
    """The wild card laid onto a meld of six cards, which it makes a canasta, when the
    engine accepts it."""
    melds = sorted(((m.size, r) for r, m in view.my_melds.items() if m.size >= 6 and r.is_natural),
                   reverse=True)
    g = None
    for _size, rank in melds:
        a = Meld([[wild]], [rank])
        if a in view.legal:
            return a
        g = g or F.world(view)
        if g.check(a) is None:
            return a
    return None


def _spoils_natural(view: PlayerView, action: Meld) -> bool:
    mine = view.my_melds
    for i, g in enumerate(action.groups):
        rank = group_rank(action, i)
        m = mine.get(rank) if rank is not None else None
        if m is not None and m.is_canasta and m.is_natural and any(c.is_wild for c in g):
            return True
    return False


def _biggest_after(view: PlayerView, action: Meld) -> int:
    """The side's biggest meld once `action` is laid (a canasta within reach or not)."""
    sizes = {r: m.size for r, m in view.my_melds.items() if r.is_natural}
    for i, g in enumerate(action.groups):
        rank = group_rank(action, i)
        if rank is not None:
            sizes[rank] = sizes.get(rank, 0) + len(g)
    return max(sizes.values(), default=0)


def _best_discard(view: PlayerView) -> Discard | None:
    legal = {a.card.code for a in view.legal if isinstance(a, Discard)}
    for s in score_discards(view, Memory(view)):
        if s.card.code in legal:
            return Discard(s.card)
    return None


def _take_needs_pair(view: PlayerView, rank: int) -> bool:
    """Whether a pile topped by `rank` would be taken by this seat only with a natural
    pair, asked of the engine (a frozen pile, or a variant where every take needs one)."""
    return F.own_pair_only(view, rank)


def _judge_meld(view: PlayerView, action: Meld) -> Warning | None:
    if not view.my_melds:
        return None  # an opening: whatever the engine accepts opens the pile for us
    made = F.canastas_made(view, action)
    if _spoils_natural(view, action):
        before = F.go_out_requirement(view)
        after = F.go_out_requirement(view, action)
        if not (after.met and not before.met):
            return _warn(Blunder.SPOILS_NATURAL_CANASTA, _best_discard(view),
                         [F.Claim("spoils_natural", action),
                          F.Claim("requirement_before", before),
                          F.Claim("requirement_after", after)])
    if made:
        return None  # a canasta is worth the cards it costs
    small = _small_wild_group(view, action) if canastas(view.my_melds) == 0 else None
    if small is not None:
        wild = next(c for c in small[1] if c.is_wild)
        better = _wild_onto_biggest(view, wild)
        if better is not None:
            return _warn(Blunder.WILD_ON_SMALL_MELD, better,
                         [F.Claim("no_canasta"), F.Claim("wild_in_new_small_meld", action),
                          F.Claim("legal", better)])
    left = len(view.hand) - cards_in(action)
    if (left <= 2 and view.pile_size >= BIG_PILE and canastas(view.my_melds) == 0
            and _biggest_after(view, action) < 6):
        after = F.go_out_requirement(view, action)
        if not after.met:
            return _warn(Blunder.MELDS_HAND_AWAY, _best_discard(view),
                         [F.Claim("cards_left", left), F.Claim("requirement_after", after)],
                         count=left)
    if view.pile_size >= BIG_PILE:
        # a natural pair melded with wild cards, while only a natural pair takes the pile
        counts = Counter(c.rank for c in view.hand if c.is_natural)
        for i, g in enumerate(action.groups):
            rank = group_rank(action, i)
            nat = sum(1 for c in g if c.is_natural)
            if (rank is not None and rank not in view.my_melds and nat == 2 == counts[rank]
                    and any(c.is_wild for c in g) and _take_needs_pair(view, rank)):
                return _warn(Blunder.BREAKS_PAIR_MELD, _best_discard(view),
                             [F.Claim("holds", (rank, 2)), F.Claim("pair_only", rank),
                              F.Claim("pile_count", view.pile_size)],
                             rank=rank.label, count=view.pile_size)
    return None


# ------------------------------------------------------------------ discarding
def _judge_discard(view: PlayerView, action: Discard) -> Warning | None:
    card = action.card
    all_facts = _discard_facts(view)
    mine = all_facts.get(card.code)
    if mine is None:
        return None
    others = {code: f for code, f in all_facts.items() if code != card.code}
    uncertain = {code: f for code, f in others.items()
                 if f.certainty is not F.Certainty.CERTAIN and not f.card.is_wild}
    order = [s.card.code for s in score_discards(view, Memory(view))]

    def best_of(pool: dict[int, F.TakeFact]) -> Discard | None:
        for code in order:
            if code in pool:
                return Discard(pool[code].card)
        return Discard(next(iter(pool.values())).card) if pool else None

    if card.is_wild:
        # a wild card thrown to stop a pile every other card hands over is a defence
        meld = _wild_could_meld(view, card) if uncertain else None
        if meld is not None:
            return _warn(Blunder.WILD_DISCARD_COULD_MELD, meld,
                         [mine, F.Claim("legal", meld),
                          F.Claim("opens_or_canasta", (meld, card.code))], card=card.label)
        # a wild card stops the pile; a card after which the next player cannot take it
        # whatever they hold (a black 3, a rank whose copies are all seen) does as well
        safe = {c: f for c, f in uncertain.items() if f.certainty is F.Certainty.NEVER}
        if safe:
            better = best_of(safe)
            return _warn(Blunder.WILD_DISCARD_NEEDLESS, better, [mine, *safe.values()],
                         card=card.label, safer=better.card.label if better else "")
        if uncertain and view.pile_size < 4:
            # a small pile no card hands over for certain is not worth a wild card
            better = best_of(uncertain)
            return _warn(Blunder.WILD_DISCARD_NEEDLESS, better,
                         [mine, *uncertain.values(), F.Claim("pile_count", view.pile_size)],
                         key="coach.wild_discard_small_pile", card=card.label,
                         count=view.pile_size, safer=better.card.label if better else "")
        return None
    if mine.certainty is F.Certainty.CERTAIN and uncertain:
        better = best_of(uncertain)
        assert better is not None
        facts_used = [mine, *uncertain.values()]
        if mine.completes_canasta:
            return _warn(Blunder.COMPLETES_OPPONENT_CANASTA, better, facts_used,
                         card=card.label, rank=card.rank.label, safer=better.card.label)
        if mine.pile_count >= 3:
            return _warn(Blunder.FEEDS_PILE, better, facts_used, card=card.label,
                         count=mine.pile_count, safer=better.card.label)
    if view.pile_size >= 2 * BIG_PILE and card.is_natural:
        counts = Counter(c.rank for c in view.hand if c.is_natural)
        if counts[card.rank] == 2 and _take_needs_pair(view, card.rank):
            # a single card the next player can take no more easily than this one
            spare = {c: f for c, f in uncertain.items()
                     if counts[f.card.rank] == 1 and _at_least_as_safe(f, mine)}
            better = best_of(spare)
            if better is not None and mine.certainty is not F.Certainty.NEVER:
                facts = [mine, spare[better.card.code], F.Claim("holds", (card.rank, 2)),
                         F.Claim("pair_only", card.rank), F.Claim("pile_count", view.pile_size)]
                return _warn(Blunder.BREAKS_PAIR_DISCARD, better, facts, card=card.label,
                             rank=card.rank.label, count=view.pile_size,
                             safer=better.card.label)
    return None


def _at_least_as_safe(a: F.TakeFact, b: F.TakeFact) -> bool:
    """Whether the next player needs at least as much to take the pile after `a` as
    after `b` (nothing at all beats any hand; more naturals beat fewer)."""
    rank = {F.Certainty.NEVER: 2, F.Certainty.POSSIBLE: 1, F.Certainty.CERTAIN: 0}
    if rank[a.certainty] != rank[b.certainty]:
        return rank[a.certainty] > rank[b.certainty]
    return a.certainty is not F.Certainty.POSSIBLE or a.naturals >= b.naturals


def _wild_could_meld(view: PlayerView, card) -> Meld | None:
    """A meld the engine accepts now that uses this wild card and opens for the side or
    completes a canasta: the engine's own offers, and the wild card added to the hand's
    naturals of each rank (with the hand's other natural triples, for an opening)."""
    cands = [a for a in view.legal if isinstance(a, Meld)
             and any(c.code == card.code for g in a.groups for c in g)]
    by_rank: dict[int, list] = {}
    for c in view.hand:
        if c.is_natural:
            by_rank.setdefault(c.rank, []).append(c)
    triples = [tuple(cs) for cs in by_rank.values() if len(cs) >= 3]
    for rank, cs in by_rank.items():
        if rank in view.my_melds:
            cands.append(Meld([[*cs, card]]))
        elif len(cs) >= 2:
            group = (*cs, card)
            cands.append(Meld([group]))
            if not view.my_melds:
                cands.append(Meld([group, *(t for t in triples if t[0].rank != rank)]))
    for rank, m in view.my_melds.items():
        if m.size >= 6:
            cands.append(Meld([[card]], [rank]))
    g = None
    for a in cands:
        if a not in view.legal:
            g = g or F.world(view)
            if g.check(a) is not None:
                continue
        if not view.my_melds or F.canastas_made(view, a):
            return a
    return None
