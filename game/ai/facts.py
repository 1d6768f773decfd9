"""Facts about a position that a hint or the coach may state, each asked of the engine.

A hint's sentence is rendered from these objects, never from a proxy (how many copies of a
card the hand holds, how big the pile is): "the next player can take the pile with your
J♠" is said only when the engine, asked about a position built from public information,
lets that player take it. Rules are never restated here: every question is put to a
`Game` rebuilt from the viewer's `PlayerView` (hidden cards dealt deterministically from
the cards the viewer has not seen), with the hand of the seat in question replaced by the
cards the question is about. So a hint can never describe another variant's rule.

Public information only: a claim about an opponent is CERTAIN when it holds whatever
their hidden cards are (a lay-off onto their meld, or cards everybody saw them take), and
POSSIBLE when some hand consistent with what the viewer has seen allows it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from enum import Enum
from typing import Any

from game.rules.actions import Action, Discard, Meld, TakePile
from game.rules.cards import Card, Rank, parse_card
from game.rules.engine import Game, Phase
from game.rules.errors import IllegalMove
from game.rules.view import PlayerView


class Certainty(Enum):
    """How sure a take fact is, given only what the viewer has seen."""

    CERTAIN = "certain"  # whatever the hidden cards are
    POSSIBLE = "possible"  # with some hand consistent with what the viewer has seen
    NEVER = "never"  # with no such hand


class TakeWay(Enum):
    """How a player could take the pile: the fewest cards from the hand that do it."""

    LAY_OFF = "lay_off"  # the top card goes onto the taker's meld: no card from hand
    KNOWN_CARDS = "known_cards"  # with cards everybody saw go into the taker's hand
    NATURAL_AND_WILD = "natural_and_wild"  # one natural of the rank and one wild card
    NATURALS = "naturals"  # `naturals` natural cards of the rank (a pair, or three)
    SAME_KIND = "same_kind"  # a wild card on top: `naturals` cards of its kind
    NONE = "none"


@dataclass(frozen=True)
class TakeFact:
    """What `seat` (the player after the discarder) can do with the pile once `card` is
    discarded: how they can take it, with the fewest cards from their hand."""

    seat: int
    card: Card
    pile_count: int  # cards they would take (the face-down ones included)
    certainty: Certainty
    way: TakeWay
    naturals: int = 0  # cards of the top card's rank the way needs from the hand
    opened: bool = True  # the taker's side had melded before
    # not opened, and the engine offers a take only after an opening from the hand that
    # comes first (italian): the take cannot be the first meld itself
    opens_first: bool = False
    minimum: int = 0  # the taker's side's opening minimum this hand
    meld_size: int = 0  # the taker's meld of that rank before the take
    unseen: int = 0  # copies of the rank the viewer has not seen
    refusal: str | None = None  # NEVER: the engine's reason for the fullest hand tried
    # the pile's own refusal after the discard, whoever asks (a black 3 on top...)
    blocked: str | None = None

    @property
    def completes_canasta(self) -> bool:
        """A certain lay-off onto a meld of six or more makes it a canasta."""
        return self.certainty is Certainty.CERTAIN and self.meld_size + 1 >= 7


@dataclass(frozen=True)
class OwnTakeFact:
    """Why the viewer cannot take the pile now: the engine's refusal of the fullest take
    the viewer's hand allows (its natural cards of the top rank)."""

    cards: tuple[Card, ...]
    refusal: str
    params: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class GoOutRequirement:
    """Whether the side's table lets a player go out (with `melds_after` applied), and
    the engine's reason when it does not."""

    met: bool
    refusal: str | None = None
    params: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class CanastaFact:
    """A meld makes a canasta of `rank` for the viewer's side."""

    rank: Rank
    natural: bool
    size: int


@dataclass(frozen=True)
class Claim:
    """A fact a sentence states that is not one of this module's engine answers: a count
    read off the table, that the engine accepts `value` (an action in `view.legal`), what
    the analysis measured... (game/ai/fact_check.py says how each `what` is checked)."""

    what: str  # "pile_count", "hand_size", "legal", "minimum", "analysis", ...
    value: Any = None
    seat: int | None = None


@dataclass(frozen=True)
class GoOutNow:
    """Whether the player to act can go out this turn, and if not, why."""

    possible: bool
    refusal: str | None = None
    params: tuple[tuple[str, Any], ...] = ()


# The engine refuses a last discard with these keys; said of going out in general, the
# same refusal has these words.
GO_OUT_WORDS = {
    "discard.keep_card": "goout.need_canastas",
    "discard.keep_card_natural_mixed": "goout.need_natural_and_mixed",
}


def go_out_words(key: str) -> str:
    """The message key that explains a going-out refusal key to the player."""
    return GO_OUT_WORDS.get(key, key)


# ----------------------------------------------------------------------------- worlds
def world(view: PlayerView) -> Game:
    """A full game consistent with the view, from the engine's own resampling with a
    fixed seed, so the same view always gives the same world. Questions only ever depend
    on public cards and on hands the question itself sets."""
    return Game.resample(view, random.Random(0))


def copy_game(g: Game) -> Game:
    """An independent copy of the game (as its saved form restores it), to try moves on."""
    return g.copy()


def _pool(g: Game, viewer: int, known: list[list[Card]]) -> list[Card]:
    """Every physical card the viewer has not seen, wherever the world put it."""
    out: list[Card] = list(g.stock) + list(g.pile.cards[:g.pile.hidden])
    for seat, hand in enumerate(g.hands):
        if seat == viewer:
            continue
        rest = list(hand)
        for c in known[seat]:
            for i, x in enumerate(rest):
                if x.code == c.code:
                    del rest[i]
                    break
        out.extend(rest)
    return out


def neutral(pool: list[Card], count: int, avoid: AbstractSet[int]) -> list[Card]:
    """Up to `count` cards of the pool that meld with nothing: never a wild card or a
    three, never a rank in `avoid`, two of a rank at most while others remain."""
    picked: list[Card] = []
    per_rank: Counter = Counter()
    for cap in (2, 3, 99):
        for c in pool:
            if len(picked) >= count:
                return picked
            if (c.is_wild or c.is_three or c.rank in avoid or per_rank[c.rank] >= cap
                    or any(p is c for p in picked)):
                continue
            picked.append(c)
            per_rank[c.rank] += 1
    return picked


def _generous(pool: list[Card], avoid: int, count: int) -> list[Card]:
    """The unseen cards most likely to make a first meld beside the top card's: the
    highest-valued ranks with three or more copies in the pool, then wild cards."""
    by_rank: dict[Rank, list[Card]] = {}
    for c in pool:
        if c.rank != avoid and not c.is_three:
            by_rank.setdefault(c.rank, []).append(c)
    order = sorted((r for r in by_rank if not r.is_wild and len(by_rank[r]) >= 3),
                   key=lambda r: (-(20 if r == 1 else 10 if r >= 8 else 5), -r))
    out: list[Card] = []
    for r in order:
        out.extend(by_rank[r][:3])
    out.extend(by_rank.get(Rank.JOKER, []) + by_rank.get(Rank.TWO, []))
    return out[:count]


def redeal(g: Game, viewer: int, known: list[list[Card]], seat: int,
           chosen: list[Card]) -> None:
    """Give `seat` its known cards plus `chosen` (physical cards of the unseen pool), and
    deal the rest of the pool back to the other hidden places, every count unchanged."""
    pool = _pool(g, viewer, known)
    ids = {id(c) for c in chosen}
    rest = [c for c in pool if id(c) not in ids]
    # cards the engine lays out at once never sit in a hand: they go to the stock
    lays_out = g.lays_out
    stock_first = [c for c in rest if lays_out(c)]
    rest = [c for c in rest if not lays_out(c)]
    sizes = [len(h) for h in g.hands]
    hidden = g.pile.hidden
    stock = len(g.stock)
    for s in range(len(g.hands)):
        if s == viewer:
            continue
        if s == seat:
            g.hands[s] = list(known[s]) + list(chosen)
            continue
        need = sizes[s] - len(known[s])
        g.hands[s] = list(known[s]) + rest[:need]
        del rest[:need]
    rest = stock_first + rest
    g.stock = rest[:stock]
    g.pile.cards[:hidden] = rest[stock:]


def _takes(g: Game) -> list[TakePile]:
    """The takes the engine offers the player to act; in a phase where a side must open
    before drawing, the takes after the opening it offers."""
    acts = g.legal_actions()
    takes = [a for a in acts if isinstance(a, TakePile)]
    if takes or g.phase is not Phase.OPEN:
        return takes
    out: list[TakePile] = []
    for a in acts:
        if isinstance(a, Meld):
            h = copy_game(g)
            h.apply(a)
            if h.phase is not Phase.HAND_OVER and h.to_play == g.to_play:
                out.extend(t for t in h.legal_actions() if isinstance(t, TakePile))
    return out


class TakeProbe:
    """Answers "what can the next player do with the pile if I discard this?" for every
    discard of one view, from one rebuilt world."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.base = world(view)
        self.known = [list(k) for k in view.known]
        self._cache: dict[int, TakeFact | None] = {}

    def fact(self, card: Card) -> TakeFact | None:
        """None when the discard ends the hand or no other side plays next."""
        if card.code not in self._cache:
            self._cache[card.code] = self._fact(card)
        return self._cache[card.code]

    def _fact(self, card: Card) -> TakeFact | None:
        view = self.view
        g = copy_game(self.base)
        if g.check(Discard(card)) is not None or not g.stock:
            # with the stock gone, whether the next player may play on the pile at all
            # depends on their hidden hand at the start of their turn: no claim
            return None
        g.apply(Discard(card))
        if g.phase not in (Phase.OPEN, Phase.DRAW, Phase.STOCK_END):
            return None
        seat = g.to_play
        if g.side_of[seat] == g.side_of[view.seat]:
            return None
        top = g.pile.top
        assert top is not None
        rank = top.rank
        side_melds = g.melds[g.side_of[seat]]
        meld = side_melds.get(rank)
        pool = _pool(g, view.seat, self.known)
        common: dict[str, Any] = dict(seat=seat, card=card, pile_count=len(g.pile), opened=bool(side_melds),
                      opens_first=g.phase is Phase.OPEN, minimum=g.minimums[g.side_of[seat]],
                      blocked=g.pile.blocked_reason(),
                      meld_size=meld.size if meld is not None else 0,
                      unseen=sum(1 for c in pool if c.rank == rank))
        known = self.known[seat]
        room0 = len(g.hands[seat]) - len(known)
        avoid = {rank, *(c.rank for c in known)}
        # certain: their known cards and unseen cards that meld with nothing
        redeal(g, view.seat, self.known, seat, neutral(pool, room0, avoid))
        takes = _takes(g)
        if takes:
            way = TakeWay.LAY_OFF if any(not t.cards and not t.melds for t in takes) \
                else TakeWay.KNOWN_CARDS
            n = 0 if way is TakeWay.LAY_OFF else min(len(t.cards) for t in takes)
            return TakeFact(certainty=Certainty.CERTAIN, way=way, naturals=n, **common)
        same = [c for c in pool if c.rank == rank and not g.lays_out(c)]
        wilds = [c for c in pool if c.is_wild and c.rank != rank]
        # fewest naturals of the rank first; a wild card beside them when there is one
        # naturals of the rank everybody saw go into their hand count towards the k
        held = sum(1 for c in known if c.rank == rank)
        tries: list[tuple[TakeWay, list[Card]]] = []
        for k in (1, 2, 3):
            extra = max(k - held, 0)
            if len(same) < extra:
                break
            kind = (TakeWay.SAME_KIND if top.is_wild
                    else TakeWay.NATURAL_AND_WILD if k == 1 else TakeWay.NATURALS)
            for w in ((1,) if k == 1 else (0, 1)):
                if w and not wilds or top.is_wild and w:
                    continue
                tries.append((kind, same[:extra] + wilds[:w]))
        last: IllegalMove | None = None
        for way, cards in tries:
            room = room0 - len(cards)
            if room < 0:
                continue
            rest = [c for c in pool if all(c is not x for x in cards)
                    and c.rank != rank and not g.lays_out(c)]
            fillers = [neutral(rest, room, avoid)]
            if not side_melds:
                # a first meld: the most valuable triples, or wild cards first
                strong = _generous(rest, rank, len(rest))
                wild_first = [c for c in strong if c.is_wild] + [c for c in strong if not c.is_wild]
                fillers[:0] = [strong[:room], wild_first[:room]]
            for filler in fillers:
                if len(filler) < room:
                    more = [c for c in rest if all(c is not x for x in filler)]
                    filler = filler + more[:room - len(filler)]
                if len(filler) < room:
                    continue
                redeal(g, view.seat, self.known, seat, cards + filler)
                if _takes(g):
                    n = held + sum(1 for c in cards if c.rank == rank)
                    return TakeFact(certainty=Certainty.POSSIBLE, way=way, naturals=n, **common)
                if g.phase is not Phase.OPEN:
                    last = g.check(TakePile(cards))
        if last is None and g.phase is not Phase.OPEN:
            redeal(g, view.seat, self.known, seat, neutral(pool, room0, avoid))
            last = g.check(TakePile(()))
        key = last.key if last is not None else None
        return TakeFact(certainty=Certainty.NEVER, way=TakeWay.NONE, refusal=key, **common)


def discard_facts(view: PlayerView) -> dict[int, TakeFact]:
    """A TakeFact per legal discard (by card code) that passes the turn to another side."""
    probe = TakeProbe(view)
    out: dict[int, TakeFact] = {}
    for a in view.legal:
        if isinstance(a, Discard) and a.card.code not in out:
            f = probe.fact(a.card)
            if f is not None:
                out[a.card.code] = f
    return out


# ------------------------------------------------------------------ the viewer's side
def own_take_refusal(view: PlayerView) -> OwnTakeFact | None:
    """The engine's reason the viewer may not take the pile with the most natural cards
    of the top rank they hold (None when the pile is empty or that take is legal)."""
    top = view.pile_top
    if top is None:
        return None
    g = world(view)
    if g.phase not in (Phase.OPEN, Phase.DRAW, Phase.STOCK_END):
        return None
    if _takes(g):
        return None  # (italian) an opening now would let the viewer take it
    if g.phase is Phase.OPEN:
        g.phase = Phase.DRAW  # the question is about taking, which follows the opening
    cards = tuple([c for c in view.hand if c.rank == top.rank][:3])
    refusal = g.check(TakePile(cards))
    if refusal is None:
        return None
    return OwnTakeFact(cards, refusal.key, tuple(sorted(refusal.params.items())))


def _requirement_of(g: Game, seat: int) -> GoOutRequirement:
    """Ask the engine whether a last discard would be accepted from `seat`'s side as it
    stands on `g`'s table: a one-card hand of a card that melds with nothing."""
    g.to_play = seat
    g.phase = Phase.MELD
    g.answer = None
    g.asked = False
    # a card that melds with nothing here (invented: this position is only asked)
    avoid = set(g.melds[g.side_of[seat]])
    card = next((parse_card(t) for t in ("4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS",
                                         "QS", "KS", "AS") if parse_card(t).rank not in avoid),
                parse_card("4S"))
    g.hands[seat] = [card]
    refusal = g.check(Discard(card))
    if refusal is None:
        return GoOutRequirement(True)
    return GoOutRequirement(False, refusal.key, tuple(sorted(refusal.params.items())))


def go_out_requirement(view: PlayerView, action: Action | None = None) -> GoOutRequirement:
    """Whether the side's table (after `action`, a meld or take of the viewer's) meets
    what going out needs in this variant, as the engine judges a last discard."""
    g = world(view)
    if action is not None:
        g.apply(action)
        if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            return GoOutRequirement(True)
    return _requirement_of(g, view.seat)


def canastas_made(view: PlayerView, action: Meld | TakePile) -> list[CanastaFact]:
    """The canastas `action` completes for the viewer's side, read off the table after
    the engine applies it."""
    g = world(view)
    side = view.side
    before = {r: m.size for r, m in g.melds[side].items()}
    g.apply(action)
    out = []
    for r, m in g.melds[g.side_of[view.seat]].items():
        if before.get(r, 0) < 7 <= m.size and r.is_natural:
            out.append(CanastaFact(r, m.wilds == 0, m.size))
    return out


def goes_out_now(view: PlayerView) -> GoOutNow:
    """Whether the player can end the hand this turn with a move the engine offers (a
    melding that leaves nothing or one last discard, or discarding a last card); if not,
    the engine's reason when the side's table is short of what going out needs."""
    g = world(view)
    seat = view.seat
    if view.phase is not Phase.MELD or view.to_play != seat:
        return GoOutNow(False, "hint.goout.not_now")
    for a in view.legal:
        if isinstance(a, Discard) and len(view.hand) == 1:
            return GoOutNow(True)
        if isinstance(a, Meld) and _meld_ends_hand(g, seat, a):
            return GoOutNow(True)
    req = _requirement_of(copy_game(g), seat)
    if not req.met:
        return GoOutNow(False, req.refusal, req.params)
    return GoOutNow(False, "hint.goout.cannot_meld_all")


def meld_ends_hand(view: PlayerView, action: Meld) -> bool:
    """Whether melding this ends the hand, asked of the engine: the player goes out at
    once, or keeps one last card the engine lets them discard. A side short of the
    canastas going out needs may meld down to one card, which it must then keep."""
    if len(view.hand) - sum(len(grp) for grp in action.groups) > 1:
        return False  # cards stay in hand: no need to ask
    return _meld_ends_hand(world(view), view.seat, action)


def _meld_ends_hand(g: Game, seat: int, action: Meld) -> bool:
    h = copy_game(g)
    h.apply(action)
    if h.went_out == seat:
        return True
    left = h.hands[seat]
    return len(left) == 1 and h.to_play == seat and h.check(Discard(left[0])) is None


def own_pair_only(view: PlayerView, rank: int) -> bool:
    """Whether a pile topped by a card of `rank` would be taken by the viewer, on their
    next turn, only with a natural pair: the engine refuses a lay-off take and a take
    with one natural and a wild card, and (when the viewer holds a pair of `rank`)
    accepts the take with that pair. The question puts an invented card on the pile."""
    g = world(view)
    label = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))
    top = parse_card(label + "S")
    g.pile.push(top)
    g.to_play = view.seat
    g.phase = Phase.DRAW
    hand = [c for c in view.hand if c.rank != rank and not c.is_wild]
    hand += [parse_card(label + "H"), parse_card("JK")]
    g.hands[view.seat] = hand
    if g.check(TakePile(())) is None or g.check(TakePile((hand[-2], hand[-1]))) is None:
        return False
    pair = [c for c in view.hand if c.rank == rank and c.is_natural][:2]
    if len(pair) < 2:
        return True  # no pair to ask about: only a pair would do
    g.hands[view.seat] = list(view.hand)
    return g.check(TakePile(tuple(pair))) is None
