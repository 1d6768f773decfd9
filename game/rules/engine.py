"""The one state machine of a game of canasta.

`Game` holds the whole truth. Each phase has its own legal-move generator (`options`) and
each action type its own validator (`checks`); both read the variant's rule units
(`units`), built once per rule set. A validator returns a plan that `apply` then carries
out, so a move is checked exactly once and a refused move leaves the state untouched.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import Enum
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from . import concealed, cutthroat, deal
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
from .checks import Checks
from .errors import IllegalMove, plays_alone
from .fields import GAME_FIELDS
from .melds import BLACK_THREES, WILD_MELD, CanastaKind, TableMeld, values_for
from .options import LegalMoves
from .pile import Pile, pile_class
from .ruleset import RuleSet
from .scoring import SideScore, score_side
from .units import Melding, units_for

if TYPE_CHECKING:
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


# the engine's own reads of the phases (3.11's EnumType.__getattr__ makes `Phase.X` slow)
_OPEN, _DRAW, _MELD, _ASK, _STOCK_END, _HAND_OVER, _GAME_OVER = Phase
_UNJUDGED = object()  # apply: no plan from the last move list
_RANKS = {int(r): r for r in Rank}  # Rank(x) goes through EnumType.__call__: ~0.5 us


class Game(LegalMoves, Checks):
    """A whole game of one variant: the state, the legal moves, and applying them as events."""

    __slots__ = GAME_FIELDS

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
        self._dead: frozenset[int] | None = None  # cache of dead_ranks(); None = stale
        # the last legal_actions() answer and the plans its moves were judged with
        # (see `apply`); any apply makes it stale
        self._moves = 0
        self._legal: tuple[tuple, list[Action], dict[int, Any]] | None = None
        self._plans: dict[int, Any] = {}  # and the discards judged (see options.py)
        self.units = units_for(rules)  # the variant's rules, each one unit
        self.card_values = values_for(rules)
        # whether a card is laid out face up as soon as it is dealt or drawn (red threes;
        # every three where black threes are laid out too); public: players ask it
        self.lays_out: Callable[[Card], bool] = (
            attrgetter("is_three" if rules.lay_out_black_threes else "is_red_three"))
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
        self._dead = None
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
        # `_position_key`, made in line (here and in `apply`: asked on every move)
        hand = self.hands[self.to_play]
        key = (self._moves, self.phase, self.to_play, id(hand), len(hand), len(self.stock),
               len(self.pile.cards), self.answer)
        cached = self._legal
        if cached is not None and cached[0] == key:
            return list(cached[1])
        plans: dict[int, tuple[Action, object]] = {}
        self._plans = plans
        actions = _GENERATORS[self.phase](self)
        self._legal = (key, actions, plans)
        return list(actions)

    def _position_key(self) -> tuple:
        """Changes with every move, and with a position edited by hand (made in line too)."""
        hand = self.hands[self.to_play]
        return (self._moves, self.phase, self.to_play, id(hand), len(hand), len(self.stock),
                len(self.pile.cards), self.answer)

    def _judged(self, action: Action) -> bool:
        """Whether `action` is legal, validated in full; its plan is remembered."""
        try:
            plan = self._validate(action)
        except IllegalMove:
            return False
        self._plans[id(action)] = (action, plan)
        return True

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
        applier = _PHASE_APPLIERS[self.phase].get(type(action))
        # the plan `action` was judged legal with by the last legal_actions() of this very
        # position (the same object, judged by the same rule units); else it is validated
        cached = self._legal
        plan: Any = _UNJUDGED
        hand = self.hands[self.to_play]  # the key `legal_actions` made, made again
        if cached is not None and cached[0] == (
                self._moves, self.phase, self.to_play, id(hand), len(hand), len(self.stock),
                len(self.pile.cards), self.answer):
            entry = cached[2].get(id(action))
            if entry is not None:
                if entry[0] is action:
                    plan = entry[1]
                    if type(plan) is tuple:  # a take's, made now
                        plan = self._take_plan(action, plan)
            elif type(action) is Meld:  # a single group listed without a plan?
                plan = self.listed_plan(action, cached[1], self.phase is Phase.OPEN) or plan
            elif self._judged_discard(action):
                plan = None
        if plan is _UNJUDGED:
            try:
                plan = self._validate(action)
            except IllegalMove as e:  # worded as `check` words it
                e.alone = plays_alone(self.side_of, self.to_play)
                raise
        assert applier is not None  # _validate refuses what a phase does not allow
        self._moves += 1
        self._legal = None
        out = applier(self, action, plan)
        self.history.extend(out)
        return out

    def _validate(self, action: Action):
        kind = type(action)
        validator = _PHASE_VALIDATORS[self.phase].get(kind)
        if validator is None:
            raise IllegalMove(_PHASE_REFUSALS.get((self.phase, kind), "turn.not_now"))
        return validator(self, action)

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
    def _remove_from(hand: list[Card], cards) -> list[Card]:
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
        # melds change only through _apply_melding, a new deal and a cut-throat alliance,
        # which all clear the cache (scripted and restored games start with it empty)
        dead = self._dead
        if dead is None:
            dead = self._dead = frozenset(
                r for melds in self.melds for r, m in melds.items()
                if m.wilds == 0 and len(m.cards) >= 7 and r != WILD_MELD and r != BLACK_THREES
            ) if self.rules.dead_ranks else frozenset()
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
            before = len(m.cards)  # sizes read in line: `TableMeld.size`
            m.add(placed)
            size = len(m.cards)
            out.append(ev.Melded(seat, side, None if rank == BLACK_THREES else _RANKS[rank],
                                 tuple(placed), new, size))
            if rank != BLACK_THREES and before < 7 <= size:
                kind = m.kind
                out.append(ev.CanastaCompleted(side, _RANKS[rank], kind is CanastaKind.NATURAL,
                                               kind is CanastaKind.WILD))
        self.melded_this_turn = True
        self._dead = None

    # ------------------------------------------------------------------ appliers
    def _a_draw(self, action: Draw, plan) -> list[ev.Event]:
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

    def _a_take(self, action: TakePile, plan: Melding) -> list[ev.Event]:
        seat = self.to_play
        out: list[ev.Event] = []
        hidden = self.pile.hidden
        cards = self.pile.take_all()
        top = cards.pop()
        out.append(ev.PileTaken(seat, top, tuple(cards) + (top,), tuple(action.cards)))
        r = self.rules
        if r.cutthroat and cutthroat.applies(r) and not cutthroat.formed(self):
            out.append(cutthroat.form(self, seat))
            self._dead = None  # melds changed hands: the dead-rank cache is stale
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

    def _a_meld(self, action: Meld, plan: Melding) -> list[ev.Event]:
        seat = self.to_play
        out: list[ev.Event] = []
        self._apply_melding(seat, plan, out)
        if not self.hands[seat]:
            out.extend(self._go_out(seat))
        return out

    def _a_open(self, action: Meld, plan: Melding) -> list[ev.Event]:
        seat = self.to_play
        out: list[ev.Event] = []
        self._apply_melding(seat, plan, out)
        if not self.hands[seat]:
            out.extend(self._go_out(seat))
            return out
        # the opening is not the melding that "ask partner" must come before
        self.melded_this_turn = False
        self.phase = _DRAW
        return out

    def _a_discard(self, action: Discard, plan) -> list[ev.Event]:
        seat = self.to_play
        hand = self.hands[seat]
        code = action.card.code  # in the hand: judged so (`_remove_from`, for one card)
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

    def _a_ask(self, action: AskGoOut, plan) -> list[ev.Event]:
        seat = self.to_play
        partner = (seat + 2) % 4
        self.asked = True
        self.asked_in_hand[seat] = True
        self.asker = seat
        self.phase = _ASK
        self.to_play = partner
        return [ev.AskedToGoOut(seat, partner)]

    def _a_answer(self, action: AnswerGoOut, plan) -> list[ev.Event]:
        seat = self.to_play
        self.answer = action.yes
        assert self.asker is not None
        self.to_play = self.asker
        self.phase = _MELD
        return [ev.Answered(seat, action.yes)]

    def _a_pass(self, action: PassPile, plan) -> list[ev.Event]:
        return [ev.PilePassed(self.to_play)] + self._end_hand("pile_passed")

    def _a_next(self, action: NextHand, plan) -> list[ev.Event]:
        self.dealer = (self.dealer + 1) % self.rules.players
        return self._deal()

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
        by_side: dict[int, list] = {}
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
    def resample(cls, view: PlayerView, rng: random.Random) -> Game:
        """A world consistent with everything `view` shows, its unseen cards dealt from
        `rng` (see resample.py). Needs only the view, so a player may call it."""
        from .resample import resample

        return resample(cls, view, rng)

    def to_dict(self) -> dict:
        """The whole game as JSON values (see state.py)."""
        from .state import game_to_dict

        return game_to_dict(self)

    @classmethod
    def from_dict(cls, d: dict) -> Game:
        """The game a `to_dict()` wrote; GameStateError when the data is not one."""
        from .state import game_from_dict

        return game_from_dict(cls, d)

    def copy(self) -> Game:
        """An independent copy, as `from_dict(to_dict())` restores it (state.py), faster."""
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

_GENERATORS: dict[Phase, Callable[[Game], list[Action]]] = {
    Phase.OPEN: Game._gen_open,
    Phase.DRAW: Game._gen_draw,
    Phase.MELD: Game._gen_meld,
    Phase.ASK_PARTNER: Game._gen_ask,
    Phase.STOCK_END: Game._gen_stock_end,
    Phase.HAND_OVER: Game._gen_hand_over,
    Phase.GAME_OVER: Game._gen_none,
}

_VALIDATORS: dict[type, Callable] = {
    Draw: Game._v_draw, TakePile: Game._v_take, Meld: Game._v_meld,
    Discard: Game._v_discard, AskGoOut: Game._v_ask, AnswerGoOut: Game._v_answer,
    PassPile: Game._v_pass, NextHand: Game._v_next,
}

_APPLIERS: dict[type, Callable] = {
    Draw: Game._a_draw, TakePile: Game._a_take, Meld: Game._a_meld,
    Discard: Game._a_discard, AskGoOut: Game._a_ask, AnswerGoOut: Game._a_answer,
    PassPile: Game._a_pass, NextHand: Game._a_next,
}

# Per phase: the actions it accepts, with their validator and applier. A phase may
# judge an action its own way (an opening Meld in OPEN is not a Meld after the draw).
_OWN: dict[tuple[Phase, type], tuple[Callable, Callable]] = {
    (Phase.OPEN, Meld): (Game._v_open, Game._a_open),
}
_PHASE_VALIDATORS: dict[Phase, dict[type, Callable]] = {
    p: {k: _OWN.get((p, k), (_VALIDATORS[k], None))[0] for k in kinds}
    for p, kinds in _ALLOWED.items()}
_PHASE_APPLIERS: dict[Phase, dict[type, Callable]] = {
    p: {k: _OWN.get((p, k), (None, _APPLIERS[k]))[1] for k in kinds}
    for p, kinds in _ALLOWED.items()}
