"""The engine's legal-move generators: for each phase, the moves `legal_actions()` offers.

Complete for drawing, discarding and answering; for melding, a canonical set (every rank
melded or laid off whole, a pair completed with a wild card, one wild card onto each meld
that takes it, an opening, and a way to go out when there is one). Simple cases are
judged here directly because this runs on every turn; anything less simple goes through
the engine's full validator, so every move offered is a legal one."""

from __future__ import annotations

from .actions import Action, AnswerGoOut, AskGoOut, Discard, Draw, Meld, NextHand, PassPile, TakePile
from .cards import Card, Rank, make_decks
from .errors import IllegalMove
from .melds import BLACK_THREES, WILD_MELD, TableMeld, shape_error, wild_capacity, wild_room
from .openings import opening_from, opening_groups, opening_strict, split_hand
from .pile import StopperPile

DRAW = Draw()
ASK = AskGoOut()
YES = AnswerGoOut(True)
NO = AnswerGoOut(False)
PASS = PassPile()
NEXT = NextHand()


def _discard_table() -> dict[int, Discard]:
    return {c.code: Discard(c) for c in make_decks(1, 1)}


_DISCARDS = _discard_table()


class LegalMoves:
    """Mixed into `Game`: reads its state, never changes it."""

    def _take_options(self, seat: int) -> list[Action]:
        if self._pile_cls is StopperPile:
            return self._take_options_stoppers(seat)
        if self.pile.blocked_reason():
            return []
        top = self.pile.top
        assert top is not None
        hand = self.hands[seat]
        rank = top.rank
        nat = [c for c in hand if c.rank == rank]
        side = self.side_of[seat]
        side_melds = self.melds[side]
        cands: list[TakePile] = []
        if side_melds:
            frozen = self.pile.frozen or self.rules.take_needs_natural_pair
            if rank in side_melds and not frozen:
                cands.append(TakePile(()))
            if len(nat) >= 2:
                cands.append(TakePile(nat[:2]))
            if not frozen and nat and rank not in side_melds:
                wild = [c for c in hand if c.rank == 0 or c.rank == 2]
                if wild:
                    cands.append(TakePile((nat[0], wild[0])))
        elif len(nat) >= 2:
            pair = nat[:2]
            values = self._values()
            base = values[top.code] if self.rules.opening_counts_pile_card else 0
            have = base + values[pair[0].code] * 2
            minimum = self.minimums[side]
            if have >= minimum:
                cands.append(TakePile(pair))
            else:
                rest = list(hand)
                self._remove_from(rest, pair)
                # the pair and the top card already make the natural meld an opening needs
                extra = opening_groups(self.rules, rest, minimum - have, exclude=(rank,),
                                       dead=self._dead_ranks(), need_clean=False)
                if extra is not None:
                    cands.append(TakePile(pair, extra))
                else:
                    grown = self._grown_pile_meld(nat, hand, rank, minimum - base)
                    if grown is not None:
                        cands.append(TakePile(grown))
        out = []
        for a in cands:
            try:
                self._v_take(a)
            except IllegalMove:
                continue
            out.append(a)
        return out

    def _grown_pile_meld(self, nat: list[Card], hand: list[Card], rank: Rank,
                         need: int) -> tuple[Card, ...] | None:
        """The cards that make the top card's own meld worth `need` for an opening: every
        natural of its rank in the hand, then wild cards (the most valuable first, so the
        fewest) while the meld's shape allows."""
        values = self._values()
        cards = list(nat)
        have = sum(values[c.code] for c in cards)
        wild = sorted((c for c in hand if c.is_wild), key=lambda c: -values[c.code])
        for w in wild:
            if have >= need:
                break
            if shape_error(self.rules, rank, len(nat) + 1, len(cards) - len(nat) + 1, True) is not None:
                break
            cards.append(w)
            have += values[w.code]
        return tuple(cards) if have >= need else None

    def _take_options_stoppers(self, seat: int) -> list[Action]:
        """Italian: the fewest cards that take the pile (a pair, three naturals, or three
        wild cards of the top card's kind)."""
        if not self.melds[self.side_of[seat]] or self.pile.blocked_reason():
            return []
        top = self.pile.top
        assert top is not None
        rules = self.rules
        same = [c for c in self.hands[seat] if c.rank == top.rank]
        if top.is_wild:
            need = rules.wild_top_take_same
        else:
            need = rules.stopper_take_naturals if self.pile.frozen else 2
        if not need or len(same) < need:
            return []
        a = TakePile(same[:need])
        return [a] if self.check(a) is None else []

    def _meld_options(self, seat: int) -> list[Action]:
        """Canonical melds: every rank melded or laid off whole, a pair completed with a
        wild card, one wild card onto each meld that takes it, an opening, and a way to
        go out when there is one. Simple cases are judged here directly (this runs on
        every turn); anything less simple goes through the full validator."""
        if self._restricted:
            return self._checked_meld_options(seat)
        rules = self.rules
        hand = self.hands[seat]
        side = self.side_of[seat]
        side_melds = self.melds[side]
        by_rank, wilds = split_hand(hand)
        out: list[Action] = []
        n_hand = len(hand)
        need = rules.canastas_to_go_out
        canastas = self._canastas(side)
        said_no = self.answer is False
        if side_melds:
            wild = None
            for c in wilds:  # a 2 before a joker
                if wild is None or c.rank > wild.rank:
                    wild = c

            def ok(size_before: int, added: int) -> bool:
                gained = 1 if size_before < 7 <= size_before + added else 0
                return not said_no and canastas + gained >= need

            for rank, cards in by_rank.items():
                k = len(cards)
                m = side_melds.get(rank)
                if m is not None:
                    if n_hand - k >= 2 or ok(len(m.cards), k):
                        out.append(Meld.of((tuple(cards),)))
                    continue
                if k >= 3 and (n_hand - k >= 2 or ok(0, k)):
                    out.append(Meld.of((tuple(cards),)))
                if wild is not None and k >= 2 and (n_hand - k >= 3 or ok(0, k + 1)) \
                        and shape_error(rules, Rank(rank), k, 1, True) is None:
                    out.append(Meld.of(((*cards, wild),)))
            if wild is not None:
                for rank, m in side_melds.items():
                    if rank == BLACK_THREES or (rank != WILD_MELD and
                                                wild_capacity(rules, m.naturals, m.wilds) < 1):
                        continue
                    if ok(m.size, 1):
                        out.append(Meld.of(((wild,),), (rank,)))
        else:
            groups = opening_from(rules, by_rank, wilds, self.minimums[side])
            if groups:
                # opening_groups builds valid shapes worth the minimum; what is left to
                # judge is whether the hand keeps enough cards
                left = n_hand - sum(len(g) for g in groups)
                gained = sum(1 for g in groups if len(g) >= 7)
                if left >= 2 or (not said_no and canastas + gained >= need):
                    out.append(Meld.of(tuple(tuple(g) for g in groups)))
        if not said_no and (n_hand <= 8 or not side_melds) and self._might_go_out(
                by_rank, len(wilds), side_melds, canastas, need):
            a = self._go_out_meld(seat)
            if a is not None and a not in out:
                out.append(a)
        return out

    def _checked_meld_options(self, seat: int) -> list[Action]:
        """Canonical melds when melds obey rules beyond their shape (size cap, dead
        ranks, rule of five, ...): the same kinds of candidates as `_meld_options`, cut to
        what the rules allow. Natural cards onto live ranks are judged here directly (this
        runs on every turn); anything with a wild card goes through the full validator."""
        rules = self.rules
        hand = self.hands[seat]
        side = self.side_of[seat]
        side_melds = self.melds[side]
        by_rank, wilds = split_hand(hand)
        dead = self._dead_ranks()
        cap = rules.max_meld_size or 10**6
        n_hand = len(hand)
        need = rules.canastas_to_go_out
        canastas = self._canastas(side)
        said_no = self.answer is False
        last = 1 if rules.go_out_with_discard else 0  # cards a player going out keeps
        strict = self._strict_out

        def ok(size_before: int, added: int) -> bool:
            left = n_hand - added
            if left >= 2:
                return True
            if left < last or strict:
                # strict going out (italian) is judged by the validator: see `checked`
                return False
            gained = 1 if size_before < 7 <= size_before + added else 0
            return not said_no and canastas + gained >= need

        out: list[Action] = []
        checked: list[Meld] = []
        if side_melds:
            wild = None
            for c in wilds:  # a 2 before a joker
                if wild is None or c.rank > wild.rank:
                    wild = c
            wm = side_melds.get(WILD_MELD)
            locked = rules.wild_meld_locks and wm is not None and wm.size < 7
            for rank, cards in by_rank.items():
                if rank in dead:
                    continue
                m = side_melds.get(rank)
                if m is not None:
                    k = min(len(cards), cap - m.size)
                    if k > 0:
                        if ok(m.size, k):
                            out.append(Meld.of((tuple(cards[:k]),)))
                        elif strict:
                            checked.append(Meld.of((tuple(cards[:k]),)))
                    continue
                k = min(len(cards), cap)
                if k >= 3:
                    if ok(0, k):
                        out.append(Meld.of((tuple(cards[:k]),)))
                    elif strict:
                        checked.append(Meld.of((tuple(cards[:k]),)))
                if (wild is not None and not locked and k >= 2
                        and wild_room(rules, rank, min(k, cap - 1), 0, True) > 0):
                    checked.append(Meld.of(((*cards[:min(k, cap - 1)], wild),)))
            if wild is not None:
                for rank, m in side_melds.items():
                    if rank == WILD_MELD:
                        if m.size < cap:
                            checked.append(Meld.of((tuple(wilds[:cap - m.size]),), (rank,)))
                    elif (rank != BLACK_THREES and not locked
                          and wild_room(rules, rank, m.naturals, m.wilds, True) > 0):
                        checked.append(Meld.of(((wild,),), (rank,)))
            if wm is None and rules.wild_canasta and len(wilds) >= rules.wild_meld_min:
                checked.append(Meld.of((tuple(wilds[:cap]),)))
        elif not self._opens_before_draw:
            groups = opening_strict(rules, by_rank, wilds, self.minimums[side], dead, True)
            if groups:
                checked.append(Meld.of(tuple(tuple(g) for g in groups)))
        for a in checked:
            if self.check(a) is None:
                out.append(a)
        if self._opens_before_draw and not side_melds:
            return out  # nothing is melded after the draw by a side that has not opened
        if not said_no and (n_hand <= 9 or not side_melds) and self._might_go_out(
                by_rank, len(wilds), side_melds, canastas, need):
            a = self._go_out_meld(seat)
            if a is not None and a not in out:
                out.append(a)
        return out

    def _might_go_out(self, by_rank: dict[int, list[Card]], wilds: int,
                      side_melds: dict[Rank, TableMeld], canastas: int, need: int) -> bool:
        """A cheap necessary condition for `plan_go_out` to succeed."""
        orphans = sum(1 for r, cs in by_rank.items() if len(cs) == 1 and r not in side_melds)
        if orphans > 1:
            return False
        reach = canastas
        for r, cs in by_rank.items():
            m = side_melds.get(r)
            size = (m.size if m else 0)
            if size < 7 <= size + len(cs) + wilds:
                reach += 1
        if wilds >= 7 and self.rules.wild_canasta:
            reach += 1
        return reach >= need

    def _gen_open(self) -> list[Action]:
        """Draw, or open from the hand first (one canonical opening)."""
        seat = self.to_play
        rules = self.rules
        out: list[Action] = [DRAW]
        groups = opening_groups(rules, self.hands[seat], self.minimums[self.side_of[seat]],
                                dead=self._dead_ranks(), need_clean=False,
                                natural_only=not rules.dirty_opening)
        if groups:
            a = Meld.of(tuple(tuple(g) for g in groups))
            if self.check(a) is None:
                out.append(a)
        return out

    def _gen_draw(self) -> list[Action]:
        out: list[Action] = [DRAW] if self.stock else []
        out.extend(self._take_options(self.to_play))
        return out

    def _gen_meld(self) -> list[Action]:
        seat = self.to_play
        out = self._meld_options(seat)
        if (self.rules.partnerships and not self.asked and self.drew_from_stock
                and not self.melded_this_turn
                and not (self.rules.ask_once_per_hand and self.asked_in_hand[seat])):
            out.append(ASK)
        hand = self.hands[seat]
        if len(hand) == 1 or (self.answer and self.rules.go_out_yes_binds):
            if self.check(_DISCARDS[hand[0].code]) is not None:
                if len(hand) > 1:
                    # bound by partner's "yes": the way out must be on offer whatever
                    # the hand's size, or the player would have no move at all
                    a = self._go_out_meld(seat)
                    if a is not None and a not in out:
                        out.append(a)
                return out
        codes = dict.fromkeys([c.code for c in hand])
        if self._restricted_discards:
            dead = self._dead_ranks()
            refused = self._discard_refusal
            for c in hand:
                if c.code in codes:
                    del codes[c.code]
                    if refused(hand, c, dead) is None:
                        out.append(_DISCARDS[c.code])
            return out
        out.extend(map(_DISCARDS.__getitem__, codes))
        return out

    def _gen_ask(self) -> list[Action]:
        return [YES, NO]

    def _gen_stock_end(self) -> list[Action]:
        out = self._take_options(self.to_play)
        try:
            self._v_pass(PASS)
            out.append(PASS)
        except IllegalMove:
            pass
        return out

    def _gen_hand_over(self) -> list[Action]:
        return [NEXT]

    def _gen_none(self) -> list[Action]:
        return []
