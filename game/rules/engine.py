"""The one state machine of a game of canasta.

`Game` holds the whole truth. Each phase has its own legal-move generator (`options`) and
each action type its own validator (`checks`); both read the variant's rule units
(`units`), built once per rule set. A validator returns a plan that `apply` then carries
out, so a move is checked exactly once and a refused move leaves the state untouched.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from enum import Enum
from typing import TYPE_CHECKING

from . import checks, concealed, cutthroat, deal, options
from . import events as ev
from .actions import (
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
from .cards import Card, Rank
from .errors import IllegalMove, plays_alone
from .melds import BLACK_THREES, WILD_MELD, CanastaKind, TableMeld, values_for
from .memo import CountTables
from .movelist import LATER, GameCache, MoveList
from .pile import Pile, pile_class
from .ruleset import RuleSet
from .scoring import ScoreLine, SideScore, score_side
from .units import Melding, Refusal, units_for

if TYPE_CHECKING:
    from .json_values import JsonObject
    from .movelist import Position
    from .view import PlayerView


class Phase(Enum):
    """Where the turn stands: what kind of move the player to act may make now."""

    OPEN = "open"  # italian: a side that has not opened may open from the hand, then draws
    DRAW = "draw"
    MELD = "meld"  # after drawing: meld, lay off, ask partner, or discard to end the turn
    ASK_PARTNER = "ask_partner"  # the partner answers "may I go out?"
    STOCK_END = "stock_end"  # the stock is gone: take the pile or pass
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"

    __hash__ = object.__hash__  # members are singletons; Enum's default hashes the name


# the phases, as the engine reads them
_OPEN, _DRAW, _MELD, _ASK, _STOCK_END, _HAND_OVER, _GAME_OVER = Phase
_RANKS = {int(r): r for r in Rank}
_NO_RANKS: frozenset[int] = frozenset()


def _is_three(card: Card) -> bool:
    return card.is_three


def _is_red_three(card: Card) -> bool:
    return card.is_red_three


class Game:
    """A whole game of one variant: the state, the legal moves, and applying them as events."""

    # the game's state: every attribute a game has (each is set in `__init__`)
    __slots__ = (
        "rules", "seed", "rng", "hand_number", "dealer", "to_play", "phase", "scores",
        "hands", "stock", "pile_type", "pile", "side_of", "melds", "red_threes",
        "minimums", "known", "asked_in_hand", "laid_on", "cache", "units", "card_values",
        "lays_out", "_replace_min", "drew_from_stock", "took_pile", "opened_at_turn_start",
        "concealed_chance", "melded_this_turn", "asked", "answer", "asker", "went_out",
        "concealed", "end_reason", "winners", "last_scores", "history", "hand_seed", "deal_key",
    )

    # ------------------------------------------------------------------ construction
    def __init__(self, rules: RuleSet, seed: int | None = 0,
                 deal_key: deal.DealKey | None = None) -> None:
        self.rules = rules
        self.seed = seed
        # what fixes every hand's cards (deal.py); None: derived from `seed` at the deal
        self.deal_key = deal_key
        self.rng = random.Random(seed)
        n = rules.players
        self.hand_number = 0
        self.dealer = 0
        self.to_play = 0
        self.phase = _DRAW
        self.scores = [0] * rules.sides
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []  # the next card drawn is stock[-1]
        # the pile's class in this variant (public: restoring and resampling build piles)
        self.pile_type: type[Pile] = pile_class(rules)
        self.pile = self.pile_type()
        self.side_of = [self._unit_of(s) for s in range(n)]
        self.melds: list[dict[Rank, TableMeld]] = [{} for _ in range(self.meld_sides())]
        self.red_threes: list[list[Card]] = [[] for _ in range(self.meld_sides())]
        self.minimums = [rules.minimum_for(0)] * self.meld_sides()
        self.known: list[list[Card]] = [[] for _ in range(n)]  # public: from taken piles
        self.asked_in_hand = [False] * n  # for variants that allow one question per hand
        self.laid_on: list[set[int]] = [set() for _ in range(n)]  # meld keys, this hand
        self.units = units_for(rules)  # the variant's rules, each one unit
        # what is worked out about this position (every move resets it) and about counts
        self.cache = GameCache(CountTables(self.units))
        self.card_values = values_for(rules)
        # whether a card is laid out face up as soon as it is dealt or drawn (red threes;
        # every three where black threes are laid out too); public: players ask it
        self.lays_out: Callable[[Card], bool] = (
            _is_three if rules.lay_out_black_threes else _is_red_three)
        # a red three is replaced while the stock holds at least this many cards
        self._replace_min = 1 if rules.replace_red_three_from_short_stock else rules.draw_count
        # the turn's state (each turn resets it: `_start_turn`)
        self.drew_from_stock = self.took_pile = self.melded_this_turn = self.asked = False
        self.opened_at_turn_start = False
        self.concealed_chance = False  # the player to act may still go out concealed
        self.answer: bool | None = None
        self.asker: int | None = None
        self.went_out: int | None = None
        self.concealed = False
        self.end_reason: str | None = None
        self.winners: tuple[int, ...] = ()
        self.last_scores: list[SideScore] = []
        self.history: list[ev.Event] = []  # this hand's events
        self.hand_seed: int | None = None  # the current hand's shuffle (see deal.py)

    def meld_sides(self) -> int:
        """How many owners of melds and red threes the game keeps: one per side, and in cut-throat a fourth, the partnership formed in the hand."""
        return self.rules.sides + (1 if self.rules.cutthroat and self.rules.players == 3 else 0)

    def _unit_of(self, seat: int) -> int:
        return seat % 2 if self.rules.partnerships else seat

    @classmethod
    def new(cls, rules: RuleSet, seed: int | None = None,
            deal_key: deal.DealKey | None = None) -> Game:
        """A new game with its first hand dealt (dealer drawn from `seed`, the cards
        from `deal_key`)."""
        g = cls(rules, seed, deal_key)
        g.dealer = g.rng.randrange(rules.players)
        g.history = g._deal()
        return g

    @classmethod
    def scripted(cls, rules: RuleSet, hands: list[str], stock: str = "", pile: str = "",
                 melds: dict[int, list[str]] | None = None,
                 scores: tuple[int, ...] | None = None, to_play: int = 0,
                 pile_frozen: bool | None = None,
                 red_threes: dict[int, str] | None = None, dealer: int | None = None,
                 seed: int = 0, rest: str = "stock", pile_hidden: int = 0) -> Game:
        """Any position, at the start of `to_play`'s turn (see `game.rules.scripted`)."""
        from .scripted import scripted_game

        g = scripted_game(cls(rules, seed), hands, stock, pile, melds, scores, to_play,
                          pile_frozen, red_threes, dealer, rest, pile_hidden)
        g._start_turn(to_play)
        return g

    # ------------------------------------------------------------------ dealing
    def _deal(self) -> list[ev.Event]:
        return self.deal_from(deal.next_hand_seed(self))

    def deal_from(self, hand_seed: int) -> list[ev.Event]:
        """Deal the next hand from its own seed (the game's generator is not touched)."""
        r = self.rules
        n = r.players
        self.hand_number += 1
        self.hand_seed = hand_seed
        self.stock = deal.shuffled_deck(r, hand_seed)
        self.hands = [[] for _ in range(n)]  # dealt below
        self.side_of = [self._unit_of(s) for s in range(n)]
        self.melds = [{} for _ in range(self.meld_sides())]
        self.red_threes = [[] for _ in range(self.meld_sides())]
        self.known = [[] for _ in range(n)]
        self.asked_in_hand = [False] * n
        self.laid_on = [set() for _ in range(n)]
        self.cache.reset()
        self.minimums = [r.minimum_for(self.scores[min(s, r.sides - 1)])
                         for s in range(self.meld_sides())]
        self.went_out = None
        self.concealed = False
        self.end_reason = None
        self.last_scores = []
        self.history = []
        first = (self.dealer + 1) % n
        stock = self.stock
        dealt = stock[:-r.hand_size * n - 1:-1]  # one card at a time round the table
        del stock[-r.hand_size * n:]
        out: list[ev.Event] = []
        for i in range(n):
            seat = (first + i) % n
            hand = self.hands[seat] = dealt[i::n]
            for c in [c for c in hand if self.lays_out(c)]:
                hand.remove(c)
                self._lay_red_three(seat, c, out, replace=True)
        self.pile = self.pile_type()
        if r.pile_buries_by_upcard:
            out.append(self._form_buried_pile())
        else:
            while not r.pile_starts_empty:
                c = self.stock.pop()
                self.pile.push(c)
                if not (c.is_wild or c.is_red_three):
                    break
        self._start_turn(first)
        return [ev.HandDealt(self.hand_number, self.dealer, r.hand_size, self.pile.top,
                             len(self.pile))] + out

    def _form_buried_pile(self) -> ev.PileFormed:
        """Italian starting pile: wild cards turned go into the pile until a non-wild card
        shows; its count of stock cards goes face down under it. None of these cards
        counts as discarded, so none blocks the pile."""
        wilds: list[Card] = []
        while True:
            c = self.stock.pop()
            if not c.is_wild:
                break
            wilds.append(c)
        n = min(deal.UPCARD_COUNT[c.rank], len(self.stock))
        buried = [self.stock.pop() for _ in range(n)]
        # face-down cards at the bottom so "the bottom `hidden` cards" describes them
        self.pile = self.pile_type(buried + wilds + [c], freezers=0, hidden=n)
        return ev.PileFormed(c, tuple(wilds), n)

    def _lay_red_three(self, seat: int, card: Card, out: list[ev.Event],
                       replace: bool) -> Card | None:
        """Lay out a three (red, or any in modern canasta; `red_threes` holds them all)
        and draw its replacement (which may be one too); returns the last card taken from
        the stock, if any."""
        last = None
        while True:
            self.red_threes[self._unit_of(seat)].append(card)
            replace = replace and bool(self.stock)
            out.append(ev.RedThreeLaidOut(seat, card, replace))
            if not replace:
                return last
            card = last = self.stock.pop()
            out.append(ev.CardsDrawn(seat, (card,)))
            if not self.lays_out(card) or (
                    not self.stock and self.rules.last_three_stays_in_hand):
                self.hands[seat].append(card)
                return last
            # a red three among the last cards of the stock is not replaced
            replace = len(self.stock) >= self._replace_min

    # ------------------------------------------------------------------ turn sequencing
    def _start_turn(self, seat: int) -> list[ev.Event]:
        self.to_play = seat
        self.drew_from_stock = self.took_pile = self.melded_this_turn = self.asked = False
        self.answer = self.asker = None
        opened = self.opened_at_turn_start = bool(self.melds[self.side_of[seat]])
        concealed.turn_starts(self, seat)
        r = self.rules
        if r.cutthroat and cutthroat.applies(r):  # asked every turn
            cutthroat.turn_starts(self, seat)
        if self.stock:
            self.phase = _DRAW if opened or not r.open_before_draw else _OPEN
            return []
        if r.stock_out_ends_hand:
            return self._end_hand("stock_out")
        self.phase = _STOCK_END
        # the move list, kept for the position (its takes say whether the hand ends)
        if type(self.legal_actions()[0]) is not TakePile:
            return [ev.PilePassed(seat)] + self._end_hand("pile_passed")
        return []

    # ------------------------------------------------------------------ public surface
    @property
    def is_over(self) -> bool:
        """Whether a side has reached the target score and the game has ended."""
        return self.phase is _GAME_OVER

    @property
    def players(self) -> int:
        """How many seats play."""
        return self.rules.players

    def side_of_seat(self, seat: int) -> int:
        """The side (partnership or seat) `seat` scores and melds for."""
        return self.side_of[seat]

    def minimum(self, side: int) -> int:
        """The initial meld `side` needs this hand, by its score."""
        return self.minimums[side]

    def legal_actions(self) -> list[Action]:
        """Every legal move of the player to act, one per distinct outcome."""
        return list(self.move_list().actions)

    def move_list(self) -> MoveList:
        """This position's legal moves with their plans (made once per position)."""
        cache = self.cache
        moves = cache.moves  # (none after a move: most lists are made then)
        if moves is None or self.listed() is None:
            cache.position, cache.hand = self._position(), list(self.hands[self.to_play])
            moves = cache.moves = MoveList()
            _GENERATORS[self.phase](self, moves)
        return moves

    def listed(self) -> MoveList | None:
        """This position's move list, if it was made: what the list depends on beyond the
        moves played (each resets the cache) is compared, so a position edited from
        outside, a hand's cards included, is seen."""
        cache = self.cache
        moves = cache.moves
        if moves is None or cache.position != self._position() or (
                cache.hand != self.hands[self.to_play]):
            return None
        return moves

    def _position(self) -> Position:
        return (self.phase, self.to_play, len(self.stock), len(self.pile.cards), self.answer)

    def why_illegal(self, action: Action) -> str | None:
        """The refusal's key and values (for a log or a test), or None when the move is legal."""
        err = self.check(action)
        return None if err is None else str(err)

    def check(self, action: Action) -> IllegalMove | None:
        """The refusal (with its message key, worded for a player alone or with a partner) or None."""
        try:
            self._validate(action)
        except IllegalMove as e:
            e.alone = plays_alone(self.side_of, self.to_play)
            return e
        return None

    def apply(self, action: Action) -> list[ev.Event]:
        """Play a legal move (IllegalMove otherwise) and return what happened, as events."""
        # a move of this position's list (the very object) carries the plan it was judged
        # legal with; any other is validated
        listed = self.listed()
        at = None if listed is None else listed.index(action)
        if listed is not None and at is not None:
            plan = listed.plans[at]
            if plan is LATER:
                plan = options.later_plan(self, action, self.phase is _OPEN)
        else:
            try:
                plan = self._validate(action)
            except IllegalMove as e:  # worded as `check` words it
                e.alone = plays_alone(self.side_of, self.to_play)
                raise
        self.cache.reset()
        out = self._carry_out(action, plan)
        self.history.extend(out)
        return out

    # ------------------------------------------------------------------ the rules asked
    def judge(self, m: Melding, shaped: bool = False) -> Refusal | None:
        """The first rule a melding breaks, or None (see `checks.judge`)."""
        return checks.judge(self, m, shaped)

    def judge_after(self, m: Melding, targets: dict[Rank, list[Card]], card: Card
                    ) -> Refusal | None:
        """`m` with `card` (the hand's last) laid too, as one move that empties the hand."""
        return checks.judge_after(self, m, targets, card)

    def cards_left(self, m: Melding) -> list[Card]:
        """The hand once `m` is made (with the rest of a taken pile)."""
        return checks.cards_left(self, m)

    def discard_refusal(self, hand: list[Card], card: Card) -> Refusal | None:
        """Why `card` may not be discarded from `hand` while keeping cards, or None."""
        return checks.discard_refusal(self, hand, card)

    def go_out_meld(self, seat: int) -> Meld | None:
        """A legal move that melds `seat`'s hand down to nothing or to one last discard."""
        return options.go_out_meld(self, seat)

    def _validate(self, action: Action) -> Melding | None:
        """The plan of a move the phase allows (IllegalMove when it is not legal)."""
        phase, kind = self.phase, type(action)
        if kind not in _ALLOWED[phase]:
            raise IllegalMove(_PHASE_REFUSALS.get((phase, kind), "turn.not_now"))
        if isinstance(action, Meld):
            return checks.meld_plan(self, action, before_draw=phase is _OPEN)
        if isinstance(action, TakePile):
            return checks.validate_take(self, action)
        if isinstance(action, Draw):
            checks.validate_draw(self)
        elif isinstance(action, Discard):
            checks.validate_discard(self, action)
        elif isinstance(action, AskGoOut):
            checks.validate_ask(self)
        elif isinstance(action, PassPile):
            checks.validate_pass(self)
        return None  # (an answer, or the next hand: legal whenever the phase allows them)

    def _carry_out(self, action: Action, plan: Melding | None) -> list[ev.Event]:
        """Play a legal move with its plan."""
        if isinstance(action, Discard):
            return self._discard(action.card)
        if isinstance(action, Draw):
            return self._draw()
        if isinstance(action, Meld):
            assert plan is not None  # (a melding move is judged with its plan)
            return self._meld(plan)
        if isinstance(action, TakePile):
            assert plan is not None
            return self._take(action, plan)
        if isinstance(action, AskGoOut):
            return self._ask()
        if isinstance(action, AnswerGoOut):
            return self._answer(action.yes)
        if isinstance(action, PassPile):
            return [ev.PilePassed(self.to_play), *self._end_hand("pile_passed")]
        assert isinstance(action, NextHand)
        self.dealer = (self.dealer + 1) % self.rules.players
        return self._deal()

    # ------------------------------------------------------------------ helpers
    def canastas(self, side: int) -> int:
        """How many canastas `side` has on the table."""
        n = 0
        for r, m in self.melds[side].items():
            if len(m.cards) >= 7 and r != BLACK_THREES:
                n += 1
        return n

    def values(self) -> tuple[int, ...]:
        """The point value of every card code under these rules."""
        return self.card_values

    @staticmethod
    def _remove_from(hand: list[Card], cards: Iterable[Card]) -> list[Card]:
        """Remove copies of `cards` from `hand`, returning the hand's physical cards."""
        out = []
        for c in cards:
            code = c.code
            for i in range(len(hand) - 1, -1, -1):
                if hand[i].code == code:
                    out.append(hand.pop(i))
                    break
        return out

    def dead_ranks(self) -> frozenset[int]:
        """Ranks nobody may meld any more: either side holds a natural canasta of them
        (melds are capped at seven cards, so a natural canasta stays natural)."""
        if not self.rules.dead_ranks:
            return _NO_RANKS
        cache = self.cache
        dead = cache.dead
        if dead is None:
            dead = cache.dead = frozenset(
                r for melds in self.melds for r, m in melds.items()
                if m.wilds == 0 and len(m.cards) >= 7 and r != WILD_MELD and r != BLACK_THREES)
        return dead

    def _apply_melding(self, seat: int, plan: Melding, out: list[ev.Event],
                       extra: dict[Rank, Card] | None = None) -> None:
        side = self.side_of[seat]
        side_melds = self.melds[side]
        hand = self.hands[seat]
        concealed.note_melding(self, seat, plan.targets)
        physical = self._remove_from(hand, plan.from_hand)
        if self.known[seat]:  # most players hold no card the others saw taken
            self._remove_from(self.known[seat], physical)
        pool: dict[int, list[Card]] = {}
        for c in physical:
            pool.setdefault(c.code, []).append(c)
        for rank, cards in plan.targets.items():
            placed = [pool[c.code].pop() for c in cards]
            if extra and rank in extra:
                placed.insert(0, extra[rank])
            m = side_melds.get(rank)
            new = m is None
            if m is None:
                m = side_melds[rank] = TableMeld(_RANKS[rank])
            before = len(m.cards)
            m.add(placed)
            size = len(m.cards)
            out.append(ev.Melded(seat, side, None if rank == BLACK_THREES else _RANKS[rank],
                                 tuple(placed), new, size))
            if rank != BLACK_THREES and before < 7 <= size:
                kind = m.kind
                out.append(ev.CanastaCompleted(side, _RANKS[rank], kind is CanastaKind.NATURAL,
                                               kind is CanastaKind.WILD))
        self.melded_this_turn = True
        self.cache.dead = None  # (a later melding of the same move asks again)

    # ------------------------------------------------------------------ appliers
    def _draw(self) -> list[ev.Event]:
        seat = self.to_play
        r = self.rules
        stock = self.stock
        count = min(r.draw_count, len(stock))  # at least 1: judged so
        drawn = stock[:-count - 1:-1]  # as many pops, top card first
        del stock[-count:]
        out: list[ev.Event] = [ev.CardsDrawn(seat, tuple(drawn))]
        remaining = len(stock) + count
        hand = self.hands[seat]
        last = drawn[-1]
        for c in drawn:
            remaining -= 1
            if self.lays_out(c) and not (remaining == 0 and r.last_three_stays_in_hand):
                # a red three among the last cards of the stock is not replaced
                last = self._lay_red_three(seat, c, out, remaining >= self._replace_min) or last
            else:
                hand.append(c)
        self.drew_from_stock = True
        self.phase = _MELD
        if not self.stock and self.lays_out(last):
            # the last stock card was a three: laid out, or (modern) kept in hand at -5
            out.extend(self._end_hand("stock_three" if r.last_three_stays_in_hand
                                      else "stock_red_three"))
        return out

    def _take(self, action: TakePile, plan: Melding) -> list[ev.Event]:
        seat = self.to_play
        out: list[ev.Event] = []
        hidden = self.pile.hidden
        cards = self.pile.take_all()
        top = cards.pop()
        out.append(ev.PileTaken(seat, top, tuple(cards) + (top,), tuple(action.cards)))
        r = self.rules
        if r.cutthroat and cutthroat.applies(r) and not cutthroat.formed(self):
            out.append(cutthroat.form(self, seat))
            self.cache.dead = None  # melds changed hands
        key = WILD_MELD if top.is_wild else top.rank  # a wild top joins the wild meld
        plan.targets[key].remove(top)
        self._apply_melding(seat, plan, out, extra={key: top})
        hand, known = self.hands[seat], self.known[seat]
        for i, c in enumerate(cards):
            if c.is_red_three:
                self.red_threes[self._unit_of(seat)].append(c)
                out.append(ev.RedThreeLaidOut(seat, c, False))
            else:
                hand.append(c)
                if i >= hidden:  # face-down cards were seen by the taker alone
                    known.append(c)
        self.took_pile = True
        self.phase = _MELD
        if not hand:
            out.extend(self._go_out(seat))
        return out

    def _meld(self, plan: Melding) -> list[ev.Event]:
        seat = self.to_play
        out: list[ev.Event] = []
        self._apply_melding(seat, plan, out)
        if not self.hands[seat]:
            out.extend(self._go_out(seat))
        elif self.phase is _OPEN:
            # the opening is not the melding that "ask partner" must come before
            self.melded_this_turn = False
            self.phase = _DRAW
        return out

    def _discard(self, discarded: Card) -> list[ev.Event]:
        seat = self.to_play
        hand = self.hands[seat]
        code = discarded.code  # in the hand: judged so (`_remove_from`, for one card)
        i = len(hand) - 1
        while hand[i].code != code:
            i -= 1
        card = hand.pop(i)
        if self.known[seat]:  # most players hold no card the others saw taken
            self._remove_from(self.known[seat], [card])
        self.pile.push(card)
        out: list[ev.Event] = [ev.Discarded(seat, card)]
        if not hand:
            out.extend(self._go_out(seat))
        else:
            out.extend(self._start_turn((seat + 1) % self.rules.players))  # the next turn
        return out

    def _ask(self) -> list[ev.Event]:
        seat = self.to_play
        partner = (seat + 2) % 4
        self.asked = True
        self.asked_in_hand[seat] = True
        self.asker = seat
        self.phase = _ASK
        self.to_play = partner
        return [ev.AskedToGoOut(seat, partner)]

    def _answer(self, yes: bool) -> list[ev.Event]:
        seat = self.to_play
        self.answer = yes
        assert self.asker is not None
        self.to_play = self.asker
        self.phase = _MELD
        return [ev.Answered(seat, yes)]

    # ------------------------------------------------------------------ going out, scoring
    def _go_out(self, seat: int) -> list[ev.Event]:
        self.went_out = seat
        self.concealed = concealed.goes_out_concealed(self, seat)
        out: list[ev.Event] = [ev.WentOut(seat, self.concealed)]
        if cutthroat.applies(self.rules):
            out.extend(cutthroat.went_out_alone(self, seat))
        return out + self._end_hand("went_out")

    def _end_hand(self, reason: str) -> list[ev.Event]:
        self.end_reason = reason
        self.last_scores = self.hand_score()
        totals = tuple(s.total for s in self.last_scores)
        for i, t in enumerate(totals):
            self.scores[i] += t
        out: list[ev.Event] = [ev.HandEnded(reason),
                               ev.HandScored(self.hand_number, totals, tuple(self.scores))]
        target = self.rules.target
        best = max(self.scores)
        if best >= target and self.scores.count(best) == 1:
            self.winners = (self.scores.index(best),)
            self.phase = _GAME_OVER
            out.append(ev.GameWon(self.winners, tuple(self.scores)))
        else:
            self.phase = _HAND_OVER
        return out

    def hand_score(self) -> list[SideScore]:
        """Itemised score of the current hand per scoring unit (valid once it is over)."""
        r = self.rules
        if cutthroat.applies(r):
            return cutthroat.hand_score(self)
        by_side: dict[int, list[ScoreLine]] = {}
        for side in set(self.side_of):
            seats = [s for s in range(r.players) if self.side_of[s] == side]
            by_side[side] = score_side(r, self.melds[side], self.red_threes[side],
                                       {s: self.hands[s] for s in seats},
                                       self.went_out, self.concealed)
        out = []
        for unit in range(r.sides):
            members = tuple(s for s in range(r.players) if self._unit_of(s) == unit)
            out.append(SideScore(unit, members, tuple(by_side[self.side_of[members[0]]])))
        return out

    # ------------------------------------------------------------------ views & saves
    def view(self, seat: int) -> PlayerView:
        """What `seat` may know of the game now (a PlayerView)."""
        from .view import PlayerView

        return PlayerView.of(self, seat)

    @classmethod
    def resample(cls, view: PlayerView, rng: random.Random,
                 tables: CountTables | None = None) -> Game:
        """A world consistent with everything `view` shows, its unseen cards dealt from
        `rng` (see resample.py). Needs only the view, so a player may call it. The worlds
        one search deals on its own thread may share `tables` (see `memo`)."""
        from .resample import resample

        return resample(cls, view, rng, tables)

    def to_dict(self) -> JsonObject:
        """The whole game as JSON values (see state.py)."""
        from .state import game_to_dict

        return game_to_dict(self)

    @classmethod
    def from_dict(cls, d: object) -> Game:
        """The game a `to_dict()` wrote; GameStateError when the data is not one."""
        from .state import game_from_dict

        return game_from_dict(cls, d)

    def copy(self) -> Game:
        """An independent copy, as `from_dict(to_dict())` restores it (state.py), without
        writing and checking a save."""
        from .state import game_copy

        return game_copy(self)

    def all_cards(self) -> list[Card]:
        """Every physical card in the game, wherever it lies."""
        return [*self.stock, *self.pile.cards, *(c for h in self.hands for c in h),
                *(c for side in self.melds for m in side.values() for c in m.cards),
                *(c for r3 in self.red_threes for c in r3)]

    def invariant_violations(self) -> list[str]:
        """Everything that must always hold; an empty list when the state is sound."""
        from .invariants import violations

        return violations(self)


_ALLOWED: dict[Phase, frozenset[type]] = {
    Phase.OPEN: frozenset({Meld, Draw, TakePile}),
    Phase.DRAW: frozenset({Draw, TakePile}),
    Phase.MELD: frozenset({Meld, Discard, AskGoOut}),
    Phase.ASK_PARTNER: frozenset({AnswerGoOut}),
    Phase.STOCK_END: frozenset({TakePile, PassPile}),
    Phase.HAND_OVER: frozenset({NextHand}),
    Phase.GAME_OVER: frozenset(),
}

# What to say when an action comes in the wrong phase.
_PHASE_REFUSALS: dict[tuple[Phase, type], str] = {
    **dict.fromkeys([(_OPEN, Discard), (_OPEN, AskGoOut)], "turn.draw_first"),
    **dict.fromkeys([(_DRAW, Meld), (_DRAW, Discard), (_DRAW, AskGoOut)], "turn.draw_first"),
    **dict.fromkeys([(_MELD, Draw), (_MELD, TakePile)], "turn.already_drawn"),
    **dict.fromkeys([(_ASK, Meld), (_ASK, Discard), (_ASK, Draw)], "turn.waiting_partner"),
    (_STOCK_END, Draw): "draw.stock_empty",
    **dict.fromkeys([(_STOCK_END, Meld), (_STOCK_END, Discard)], "turn.draw_first"),
    **dict.fromkeys([(_HAND_OVER, k) for k in (Draw, Meld, Discard, TakePile)], "turn.hand_over"),
    **dict.fromkeys([(_GAME_OVER, k) for k in (Draw, TakePile, Meld, Discard, AskGoOut, AnswerGoOut,
                                               PassPile, NextHand)], "turn.game_over"),
}

_GENERATORS: dict[Phase, Callable[[Game, MoveList], None]] = {
    Phase.OPEN: options.open_moves,
    Phase.DRAW: options.draw_moves,
    Phase.MELD: options.meld_moves,
    Phase.ASK_PARTNER: options.answer_moves,
    Phase.STOCK_END: options.stock_end_moves,
    Phase.HAND_OVER: options.hand_over_moves,
    Phase.GAME_OVER: options.no_moves,
}
