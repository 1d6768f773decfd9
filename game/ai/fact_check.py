"""An independent check of every fact a hint states, against the real game.

`facts.py` answers from the viewer's `PlayerView` (a world rebuilt from public cards);
this module re-derives each claim from the true `Game` instead (every hand known), by
asking the engine about the real position after the move: the hint for a position is
true only if every fact object it carries survives this check. Claims about a hidden
hand are checked as the hint words them: "whatever they hold" against the real hand and
against other hands, "only with a pair" by refusing every hand with fewer naturals, and
"can, if they hold" by finding a hand of cards the viewer has not seen that does it.

Used by tests and by `benchmarks/hint_facts.py`; never by the game itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Protocol

from game.rules.actions import Action, Discard, Draw, Meld, TakePile
from game.rules.cards import Card, Rank, parse_card
from game.rules.engine import Game, Phase
from game.rules.melds import values_for

from . import facts as F
from .analysis import RACE_Z, gap_again, label_for
from .base import act
from .coach import Warning
from .facts import Claim


class Statement(Protocol):
    """What a checker reads of a hint, a coach warning or a review line: the move it is
    about, every fact its sentences state, and the sentences as said."""

    @property
    def action(self) -> Action:
        """The move the sentences are about."""
        ...

    @property
    def facts(self) -> tuple[object, ...]:
        """Every fact the sentences state."""
        ...

    @property
    def reason(self) -> str:
        """The sentences as said."""
        ...


@dataclass(frozen=True)
class Said:
    """A statement about a move other than a hint's own: a coach warning or a review
    line about the move the player made (`action`), with the facts it carries."""

    action: Action
    facts: tuple[object, ...]
    reason: str


def warning_said(warning: Warning, action: Action) -> Said:
    """The coach's `warning` about `action`, as the checker reads it."""
    return Said(action, warning.facts, warning.reason)


def _top(g: Game) -> Card:
    """The pile's top card: a discard has just landed on it."""
    top = g.pile.top
    assert top is not None
    return top


def _copy(g: Game) -> Game:
    return g.copy()


def _hidden_from(g: Game, viewer: int) -> list[Card]:
    """The real cards the viewer has not seen: other hands' cards nobody saw taken, the
    stock, the face-down pile cards."""
    out = list(g.stock) + list(g.pile.cards[:g.pile.hidden])
    for seat, hand in enumerate(g.hands):
        if seat == viewer:
            continue
        known = Counter(c.code for c in g.known[seat])
        for c in hand:
            if known[c.code]:
                known[c.code] -= 1
            else:
                out.append(c)
    return out


def _offered_takes(g: Game) -> list[TakePile]:
    """Every take the engine offers the player to act, after any of the openings from
    the hand the engine offers when the side must open first (an opening that melds the
    cards of the top rank leaves none to take with: every one is tried)."""
    acts = g.legal_actions()
    out = [a for a in acts if isinstance(a, TakePile)]
    if g.phase is Phase.OPEN:
        seat = g.to_play
        for opening in (a for a in acts if isinstance(a, Meld)):
            h = _copy(g)
            h.apply(opening)
            if h.to_play == seat and h.phase is Phase.DRAW:
                out += [t for t in h.legal_actions() if isinstance(t, TakePile)]
    return out


def _with_hand(g: Game, seat: int, cards: Iterable[Card]) -> Game:
    """A copy of `g` where `seat` holds `cards` (only asked: cards need not balance)."""
    h = _copy(g)
    h.hands[seat] = list(cards)
    return h


def _plain(count: int, avoid: AbstractSet[int]) -> list[Card]:
    """Cards that make no meld among themselves and match nothing in `avoid`."""
    every = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    ranks = [r for r in every if parse_card(r + "S").rank not in avoid] or list(every)
    return [parse_card(ranks[(i // 2) % len(ranks)] + "SHDC"[i % 2 + 2 * (i // (2 * len(ranks)) % 2)])
            for i in range(count)]


class Checker:
    """Verifies the facts of hints given to `viewer` in the real game `g`."""

    def __init__(self, g: Game, viewer: int) -> None:
        self.g = g
        self.viewer = viewer
        # the analysis' gaps played again, by (better, worse, worlds, seed): a warning
        # states the points and the label of one measurement (a short list: a few a
        # position, compared by value)
        self._gaps: list[tuple[tuple[Action, Action, int, int], tuple[float, float]]] = []

    # ------------------------------------------------------------------ entry
    def false_statements(self, hint: Statement) -> list[str]:
        """Every fact of `hint` (a hint, or a warning or review line as `Said`) the real game
        contradicts, as short explanations (empty when all hold)."""
        out = []
        for f in hint.facts:
            why = self.check(f, hint)
            if why:
                out.append(f"{type(f).__name__}: {why} [{hint.reason}]")
        return out

    def check(self, f: object, hint: Statement) -> str | None:
        """Why the fact `f` is false in the real game, or None when it holds."""
        if isinstance(f, F.TakeFact):
            return self._take(f)
        if isinstance(f, F.OwnTakeFact):
            return self._own_take(f)
        if isinstance(f, F.CanastaFact):
            return self._canasta(f, hint)
        if isinstance(f, F.GoOutNow):
            return self._go_out_now(f)
        if isinstance(f, Claim):
            return self._claim(f, hint) if f.what in _HINT_CLAIMS else self._coach_claim(f, hint)
        return f"no way to check a {type(f).__name__}"

    def _gap(self, better: Action, worse: Action, worlds: int, seed: int) -> tuple[float, float]:
        key = (better, worse, worlds, seed)
        for k, v in self._gaps:
            if k == key:
                return v
        v = gap_again(self.g.view(self.viewer), better, worse, worlds, seed)
        self._gaps.append((key, v))
        return v

    # ------------------------------------------------------------------ claims
    def _claim(self, c: Claim, hint: Statement) -> str | None:
        g = self.g
        if c.what == "legal":
            return None if g.check(c.value) is None else "the engine refuses the move"
        if c.what == "pile_count":
            return None if len(g.pile) == c.value else f"the pile has {len(g.pile)} cards"
        if c.what == "hand_size":
            assert c.seat is not None  # hand claims name their seat
            n = len(g.hands[c.seat])
            return None if n == c.value else f"seat {c.seat} holds {n} cards"
        if c.what == "hand_points":
            assert c.seat is not None
            pts = _held_against(g, c.seat)
            return None if pts == c.value else f"the hand would cost {pts}"
        if c.what == "minimum":
            m = g.minimums[g.side_of[self.viewer]]
            return None if m == c.value else f"the minimum is {m}"
        if c.what == "opening_value":
            values = values_for(g.rules)
            action = hint.action
            assert isinstance(action, Meld)
            value = sum(values[x.code] for grp in action.groups for x in grp)
            ok = value == c.value[0] and value >= c.value[1] == g.minimums[g.side_of[self.viewer]]
            return None if ok else f"the opening is worth {value}"
        if c.what == "goes_out":
            h = _copy(g)
            h.apply(c.value)
            if h.went_out == self.viewer:
                return None
            left = h.hands[self.viewer]
            if len(left) == 1 and h.to_play == self.viewer and h.check(Discard(left[0])) is None:
                return None
            return "the move does not end the hand"
        if c.what in ("requirement_before", "requirement_after"):
            h = _copy(g)
            if c.what == "requirement_after":
                h.apply(hint.action)
            met = self._requirement_met(h)
            req = c.value
            if met[0] != req.met or (not met[0] and met[1] != req.refusal):
                return f"going out: the engine says {met}"
            return None
        if c.what == "every_discard_certain":
            legal = {a.card.code for a in g.legal_actions() if isinstance(a, Discard)}
            if set(c.value) != legal:
                return "not every discard was judged"
            for code in c.value:
                card = next(x for x in g.hands[self.viewer] if x.code == code)
                why = self._certain_take(card)
                if why:
                    return f"{card.label}: {why}"
            return None
        if c.what == "others_not_never":
            for code in c.value:
                card = next(x for x in g.hands[self.viewer] if x.code == code)
                if not self._some_hand_takes(card, need=None):
                    return f"nobody could take the pile after {card.label}"
            return None
        if c.what == "analysis":
            better, worse, points, worlds, seed = c.value
            gap, _se = self._gap(better, worse, worlds, seed)
            return None if max(0, round(gap)) == points else f"the analysis measures {gap:.0f}"
        if c.what == "clear_lead":
            better, worse, worlds, seed = c.value
            gap, se = self._gap(better, worse, worlds, seed)
            return None if gap - RACE_Z * se > 0 else f"a lead of {gap:.0f} ± {se:.0f} is not clear"
        return f"unknown claim {c.what}"

    def _requirement_met(self, h: Game) -> tuple[bool, str | None]:
        seat = self.viewer
        if h.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            return (True, None)
        h.to_play, h.phase, h.answer, h.asked = seat, Phase.MELD, None, False
        card = next((x for x in _plain(11, set(h.melds[h.side_of[seat]]))), parse_card("4S"))
        h.hands[seat] = [card]
        refusal = h.check(Discard(card))
        return (refusal is None, refusal.key if refusal else None)

    # ------------------------------------------------------------------ the pile
    def _after_discard(self, card: Card) -> Game:
        h = _copy(self.g)
        h.apply(Discard(card))
        return h

    def _certain_take(self, card: Card) -> str | None:
        """A take the next player has whatever their hidden cards are."""
        h = self._after_discard(card)
        seat = h.to_play
        if not _offered_takes(h):
            return "the real hand cannot take it"
        known = list(h.known[seat])
        rank = _top(h).rank
        plain = _plain(len(h.hands[seat]) - len(known), {rank, *(c.rank for c in known)})
        if not _offered_takes(_with_hand(h, seat, known + plain)):
            return "a hand without those cards cannot take it"
        return None

    def _some_hand_takes(self, card: Card, need: int | None, wild: bool = False) -> bool:
        """Whether the next player, holding `need` unseen naturals of the top rank (and one
        wild card when `wild`; any number when `need` is None) and unseen cards for the
        rest, is offered a take."""
        h = self._after_discard(card)
        seat = h.to_play
        rank = _top(h).rank
        pool = _hidden_from(self.g, self.viewer)
        same = [c for c in pool if c.rank == rank and not h.lays_out(c)]
        # the most valuable wild card first (a first meld may need its points)
        wilds = sorted((c for c in pool if c.is_wild and c.rank != rank), key=lambda c: c.rank)
        counts = [need] if need is not None else [0, 1, 2, 3]
        known = list(h.known[seat])
        held = sum(1 for c in known if c.rank == rank)  # they count towards the k
        size = len(h.hands[seat])
        for k in counts:
            k = max(k - held, 0)
            if k > len(same):
                continue
            for w in ([1] if wild else [0, 1]) if wilds else [0]:
                core = same[:k] + wilds[:w]
                room = size - len(known) - len(core)
                if room < 0:
                    continue
                rest = [c for c in pool if all(c is not x for x in core)
                        and c.rank != rank and not h.lays_out(c)]
                wild_first = sorted((c for c in rest if c.is_wild), key=lambda c: c.rank)
                fillers = (_best_opening(rest, room),
                           (wild_first + _best_opening(rest, room))[:room], _plain(room, {rank}))
                for filler in fillers:
                    if len(filler) < room:
                        continue
                    if _offered_takes(_with_hand(h, seat, known + core + filler)):
                        return True
        return False

    def _no_hand_takes_with(self, card: Card, naturals: int, wild: bool) -> bool:
        """No hand with at most `naturals` naturals of the top rank (plus a wild card
        when `wild`) is offered a take (whatever else it holds: plain and strong rest)."""
        h = self._after_discard(card)
        seat = h.to_play
        rank = _top(h).rank
        known = list(h.known[seat])
        held = sum(1 for c in known if c.rank == rank)
        if held > naturals:
            return True  # every hand they may hold has more: nothing to refute
        size = len(h.hands[seat])
        top = _top(h)
        pool = _hidden_from(self.g, self.viewer)
        spare_wild = next((c for c in pool if c.is_wild and c.rank != rank), None)
        for n in range(naturals - held + 1):  # naturals beside the ones they are known to hold
            if top.is_wild:
                core = [top] * n  # cards of the top card's kind (asked, not dealt)
            else:
                core = [parse_card(rank.label + s) for s in "SHDC"[:n]]
            if wild and spare_wild is not None:  # only a wild card nobody has seen
                core.append(spare_wild)
            room = size - len(known) - len(core)
            if room < 0:
                continue
            rest = [c for c in pool if c.rank != rank and not c.is_wild and not h.lays_out(c)]
            for filler in (_best_opening(rest, room), _plain(room, {rank})):
                if len(filler) < room:
                    continue
                if _offered_takes(_with_hand(h, seat, known + core + filler)):
                    return False
        return True

    def _take(self, f: F.TakeFact) -> str | None:
        g = self.g
        h = self._after_discard(f.card)
        seat = h.to_play
        if seat != f.seat:
            return f"seat {seat} plays next"
        if len(h.pile) != f.pile_count:
            return f"the pile would have {len(h.pile)} cards"
        rank = _top(h).rank
        melds = h.melds[h.side_of[seat]]
        m = melds.get(rank)
        if (m.size if m else 0) != f.meld_size or bool(melds) != f.opened:
            return "the taker's table differs"
        if (h.phase is Phase.OPEN) != f.opens_first:
            return f"the taker's turn starts in the {h.phase.name} phase"
        if h.minimums[h.side_of[seat]] != f.minimum:
            return f"the taker's minimum is {h.minimums[h.side_of[seat]]}"
        if h.pile.blocked_reason() != f.blocked:
            return f"the pile's own refusal is {h.pile.blocked_reason()}"
        unseen = Counter(c.rank for c in _hidden_from(g, self.viewer))
        if unseen[rank] != f.unseen:
            return f"{unseen[rank]} cards of that rank are unseen, not {f.unseen}"
        if f.certainty is F.Certainty.CERTAIN:
            why = self._certain_take(f.card)
            if why:
                return why
            if f.way is F.TakeWay.LAY_OFF and not any(
                    not t.cards and not t.melds for t in _offered_takes(h)):
                return "no lay-off take is offered"
            return None
        if f.certainty is F.Certainty.NEVER:
            if _offered_takes(h):
                return "the real next player can take it"
            if self._some_hand_takes(f.card, need=None):
                return "some hand of unseen cards can take it"
            return None
        # POSSIBLE: some unseen hand does it, and no hand with fewer naturals does
        wild = f.way is F.TakeWay.NATURAL_AND_WILD
        if not self._some_hand_takes(f.card, need=f.naturals, wild=wild):
            return "no hand of unseen cards takes it that way"
        if wild:
            fewer, with_wild = 0, True
        elif f.way is F.TakeWay.SAME_KIND:
            fewer, with_wild = f.naturals - 1, False
        else:
            fewer, with_wild = f.naturals - 1, True
        if not self._no_hand_takes_with(f.card, fewer, wild=with_wild):
            return f"it can be taken with {fewer} of that rank (wild card: {with_wild})"
        return None

    def _own_take(self, f: F.OwnTakeFact) -> str | None:
        g = self.g
        if _offered_takes(g):
            return "the viewer can take the pile"
        h = _copy(g)
        if h.phase is Phase.OPEN:
            h.phase = Phase.DRAW
        r = h.check(TakePile(f.cards))
        if r is None or r.key != f.refusal or tuple(sorted(r.params.items())) != f.params:
            return f"the engine says {r.key if r else 'yes'}"
        return None

    def _canasta(self, f: F.CanastaFact, hint: Statement) -> str | None:
        h = _copy(self.g)
        side = h.side_of[self.viewer]
        m = h.melds[side].get(f.rank)
        before = m.size if m is not None else 0  # the meld object grows in place
        h.apply(hint.action)
        after = h.melds[h.side_of[self.viewer]].get(f.rank)
        if after is None or after.size < 7 or before >= 7:
            return "no canasta is completed"
        if (after.wilds == 0) != f.natural:
            return "the canasta's kind differs"
        return None

    # ------------------------------------------------------------------ the coach's claims
    def _coach_claim(self, c: Claim, said: Statement) -> str | None:
        g = self.g
        side = g.side_of[self.viewer]
        if c.what == "rating":
            better, worse, label, worlds, seed = c.value
            gap, _se = self._gap(better, worse, worlds, seed)
            found = label_for(max(0.0, gap))
            return None if found == label else f"a loss of {gap:.0f} is {found}, not {label}"
        if c.what == "top_rank":
            top = g.pile.top
            return None if top is not None and top.rank == c.value else "another card is on top"
        if c.what == "holds":
            rank, count = c.value
            n = sum(1 for x in g.hands[self.viewer] if x.rank == rank and x.is_natural)
            return None if n == count else f"the hand holds {n} of that rank"
        if c.what == "not_opened":
            return None if not g.melds[side] else "the side has melded"
        if c.what == "no_canasta":
            n = g.canastas(side)
            return None if n == 0 else f"the side has {n} canastas"
        if c.what == "spends_wild":
            action = c.value
            cards = [*action.cards, *(x for grp in action.melds for x in grp)]
            return None if any(x.is_wild for x in cards) else "no wild card is spent"
        if c.what == "pair_only":
            return None if self._pair_only(c.value) else "a take without a natural pair exists"
        if c.what == "refusal_after_draw":
            opening, key, params = c.value
            h = _copy(g)
            h.apply(Draw())
            r = h.check(opening)
            said_by = (r.key, tuple(sorted(r.params.items()))) if r is not None else (None, ())
            return None if said_by == (key, params) else f"after a draw the engine says {said_by[0]}"
        if c.what == "game_end":
            return self._game_end(*c.value)
        # the claims below are about the table after the move the statement is about
        h = _copy(g)
        before = {r: (m.size, m.wilds) for r, m in h.melds[side].items()}
        h.apply(said.action)
        after = {r: (m.size, m.wilds) for r, m in h.melds[h.side_of[self.viewer]].items()}
        if c.what == "cards_left":
            n = len(h.hands[self.viewer])
            return None if n == c.value else f"the move leaves {n} cards"
        if c.what == "wild_in_new_small_meld":
            ok = any(r not in before and size <= 3 and wilds > 0
                     for r, (size, wilds) in after.items())
            return None if ok else "no new meld of three takes a wild card"
        if c.what == "spoils_natural":
            ok = any(size >= 7 and wilds == 0 and after[r][1] > 0
                     for r, (size, wilds) in before.items())
            return None if ok else "no natural canasta becomes mixed"
        if c.what == "opens_or_canasta":
            meld, code = c.value
            h = _copy(g)
            if all(x.code != code for grp in meld.groups for x in grp):
                return "the meld does not use the card"
            h.apply(meld)
            grown = {r: m.size for r, m in h.melds[h.side_of[self.viewer]].items()}
            opens = not before and bool(grown)
            canasta = any(size >= 7 > before.get(r, (0, 0))[0] for r, size in grown.items())
            return None if opens or canasta else "the meld neither opens nor makes a canasta"
        return f"unknown claim {c.what}"

    def _pair_only(self, rank: Rank) -> bool:
        """Whether the viewer, to play with a card of `rank` on the real pile, would be let
        take it only with a natural pair: not by a lay-off, not with one natural and a
        wild card (and, holding a pair, with that pair)."""
        h = _copy(self.g)
        top = parse_card(rank.label + "S")
        h.pile.push(top)
        h.to_play, h.phase, h.answer, h.asked = self.viewer, Phase.DRAW, None, False
        real = h.hands[self.viewer]
        rest = [x for x in real if x.rank != rank and not x.is_wild]
        one, wild = parse_card(rank.label + "H"), parse_card("JK")
        h.hands[self.viewer] = [*rest, one, wild]
        if h.check(TakePile(())) is None or h.check(TakePile((one, wild))) is None:
            return False
        pair = [x for x in real if x.rank == rank and x.is_natural][:2]
        if len(pair) < 2:
            return True
        h.hands[self.viewer] = list(real)
        return h.check(TakePile(tuple(pair))) is None

    def _game_end(self, action: Action, outcome: str) -> str | None:
        """Whether playing `action` (and the last discard it leaves, if any) ends the real
        game won by the viewer's side ("won") or by another ("lost")."""
        h = _copy(self.g)
        h.apply(action)
        left = h.hands[self.viewer]
        if h.phase is Phase.MELD and h.to_play == self.viewer and len(left) == 1 \
                and h.check(Discard(left[0])) is None:
            h.apply(Discard(left[0]))
        if h.phase is not Phase.GAME_OVER:
            return "the game goes on"
        unit = h.side_of[self.viewer] if h.rules.partnerships else self.viewer
        won = h.winners == (unit,)
        if won != (outcome == "won"):
            return f"the game ends with scores {h.scores}"
        return None

    def _go_out_now(self, f: F.GoOutNow) -> str | None:
        """Whether the viewer can end the hand this turn, however many melds it takes: every
        sequence of the engine's melds is tried, down to an empty hand or a last discard."""
        g = self.g
        if g.phase is not Phase.MELD or g.to_play != self.viewer:
            return None if not f.possible and f.refusal == "hint.goout.not_now" \
                else "it is not the viewer's melding"
        can = _can_go_out(g, self.viewer)
        if can is None:
            return "too many meldings to try them all"
        if can != f.possible:
            return "the hand can go out" if not f.possible else "no way out exists"
        if f.possible or f.refusal == "hint.goout.cannot_meld_all":
            if not f.possible and not self._requirement_met(_copy(g))[0]:
                return "the side's table is short of going out"
            return None
        met = self._requirement_met(_copy(g))
        if met[0] or met[1] != f.refusal:
            return f"going out: the engine says {met}"
        return None


# the claims a hint states (Checker._claim); the coach's and the review's own are checked
# by Checker._coach_claim
_HINT_CLAIMS = frozenset({"legal", "pile_count", "hand_size", "hand_points", "minimum",
                          "opening_value", "goes_out", "requirement_before",
                          "requirement_after", "every_discard_certain", "others_not_never",
                          "analysis", "clear_lead"})


def _held_against(g: Game, seat: int) -> int:
    """What `seat`'s hand would cost its side if the hand ended now, as the engine's own
    score sheet itemises it: the cards in hand and the variant's penalties for groups
    held (modern: three aces or 7s)."""
    lines = [line for score in g.hand_score() for line in score.lines
             if line.key in ("score.cards_in_hand", "score.held_group")
             and line.params.get("seat") == seat]
    return -sum(line.points for line in lines)


def _can_go_out(g: Game, seat: int, budget: int = 2_000) -> bool | None:
    """Whether `seat`, melding, can end the hand this turn through some sequence of the
    engine's offered melds (depth first over the states reached, each once); None when
    more than `budget` states would have to be tried (a 20-card italian hand with 65
    meldings is left undecided even at 20,000: the checker then says it cannot tell)."""
    seen: set[tuple[int, ...]] = set()
    todo = [g]
    while todo and len(seen) < budget:
        h = todo.pop()
        hand = h.hands[seat]
        if h.went_out == seat:
            return True
        if h.phase is not Phase.MELD or h.to_play != seat:
            continue
        if len(hand) == 1 and h.check(Discard(hand[0])) is None:
            return True
        # the hand left and the side's table (a meld that makes a canasta may be what
        # lets the side go out): one state, tried once
        table = sorted((int(r), m.size, m.wilds) for r, m in h.melds[h.side_of[seat]].items())
        key = (*sorted(x.code for x in hand), -1, *(n for t in table for n in t))
        if key in seen:
            continue
        seen.add(key)
        for a in h.legal_actions():
            if isinstance(a, Meld):
                k = _copy(h)
                k.apply(a)
                todo.append(k)
    return None if todo else False


def _best_opening(pool: list[Card], count: int) -> list[Card]:
    """Cards of the pool most likely to make a first meld: triples of the highest-valued
    ranks, then wild cards."""
    by_rank: dict[Rank, list[Card]] = {}
    for c in pool:
        by_rank.setdefault(c.rank, []).append(c)
    out: list[Card] = []
    values = {r: (20 if r == 1 else 10 if r >= 8 else 5) for r in by_rank}
    for r in sorted((r for r in by_rank if not r.is_wild and len(by_rank[r]) >= 3),
                    key=lambda r: (-values[r], -r)):
        out += by_rank[r][:3]
    out += by_rank.get(Rank.JOKER, []) + by_rank.get(Rank.TWO, [])
    out += [c for c in pool if all(c is not x for x in out)]
    return out[:count]


def normal_positions(variant: str, count: int, seed: int = 0, every: int = 3):
    """`count` positions reached by `normal` playing every seat (every `every`-th
    decision, hands played on one after another), as (game, seat to act)."""
    for g, seat, _action in normal_decisions(variant, count, seed, every):
        yield g, seat


def normal_decisions(variant: str, count: int, seed: int = 0, every: int = 3):
    """`normal_positions`' positions with the move `normal` makes there, as (game, seat
    to act, move); the game is left as it is until the next one is asked for."""
    from game.rules import VARIANTS
    from game.rules.actions import NextHand

    from .heuristic import HeuristicPlayer

    rules = VARIANTS[variant]
    found = 0
    game_seed = seed
    while found < count:
        g = Game.new(rules, seed=game_seed)
        players = [HeuristicPlayer("normal", seed=game_seed * 8 + s) for s in range(rules.players)]
        game_seed += 1
        step = 0
        while not g.is_over and found < count and g.hand_number <= 3:
            if g.phase is Phase.HAND_OVER:
                g.apply(NextHand())
                continue
            seat = g.to_play
            view = g.view(seat)
            step += 1
            action = act(players[seat], view)
            if step % every == 0:
                found += 1
                yield g, seat, action
            g.apply(action)
