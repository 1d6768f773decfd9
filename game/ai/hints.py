"""Hints for the human player: the move `normal` would make and why, in plain words.

Both the hints and the coach (`coach.py`) work from the player's own `PlayerView`, like
every computer player. Every reason is rendered from facts computed for the position
(`facts.py`: asked of the engine, never of a proxy such as "the card is single in the
hand"), and each stated fact travels with the hint as an object, so a checker can verify
every claim independently. Sentences are message keys with values, made into words by
`game.i18n.tr` in the current language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.i18n import card_name, card_names, solo_key, tr, with_card_names
from game.rules import cutthroat
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
from game.rules.cards import Rank, format_cards
from game.rules.errors import plays_alone
from game.rules.view import PlayerView

from . import facts as F
from .analysis import (
    HINT,
    RACE_Z,
    THRESHOLDS,
    Analysis,
    Budget,
    Candidate,
    analyse,
    ends_hand,
    gap_again,
    label_for,
    paired_gap,
)
from .coach import Warning, judge
from .evaluate import canasta_bonus, card_values, seat_cost
from .facts import Claim
from .melding import group_rank
from .partner import game_won_by
from .sampling import is_legal

__all__ = ["Hint", "Sentence", "Warning", "advise", "coach", "explain", "judge", "move_words",
           "suggest"]


@dataclass(frozen=True)
class Sentence:
    """One sentence of a hint: its message key and values."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    def text(self) -> str:
        """The sentence in the language shown."""
        return tr(self.key, **with_card_names(dict(self.params)))


@dataclass(frozen=True)
class Hint:
    """A suggested move with its reason as sentences, and the facts they state (so tests can check
    each one)."""

    action: Action
    reason_key: str
    params: dict = field(default_factory=dict, compare=False)
    reason: str = ""
    # every fact the sentences state, as objects a checker can verify
    facts: tuple[object, ...] = field(default=(), compare=False)
    # as said to the viewer (a player alone reads the keys' `_solo` wording: `explain`)
    sentences: tuple[Sentence, ...] = field(default=(), compare=False)


def _s(key: str, **params: Any) -> Sentence:
    return Sentence(key, tuple(params.items()))


def _hint(action: Action, sentences: list[Sentence], facts: list[object]) -> Hint:
    first = sentences[0]
    return Hint(action, first.key, dict(first.params),
                " ".join(s.text() for s in sentences), tuple(facts), tuple(sentences))


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


def suggest(view: PlayerView, budget: Budget = HINT, seed: int = 0) -> Hint:
    """The analysis' best move at the hint's budget (analysis.py), with why it beats the
    runner-up first and then what the move does."""
    if not view.legal:
        raise ValueError("no move to suggest: it is not this seat's turn")
    if len(view.legal) == 1:
        return explain(view, view.legal[0])
    return advise(analyse(view, budget, seed))


def advise(judged: Analysis) -> Hint:
    """The hint an analysis gives: its best move with what it does, then why it beats
    the runner-up (so a move is never only named: "Discard the 4♥." is followed by
    what the discard does and what the next best move would have scored)."""
    view = judged.view
    best = judged.best.action
    said = _explain(view, best)
    why, why_facts = contrast(judged, best)
    hint = _hint(best, [*said.sentences, *why], [*said.facts, *why_facts])
    return solo_words(hint, view.alone)


# a gap under this many points is within the analysis' own noise (analysis.THRESHOLDS)
NOISE = THRESHOLDS[0][0]


def twin(c: Candidate, candidates: Sequence[Candidate]) -> bool:
    """Whether `c` scored exactly as another move in every world it was played in (the
    same position reached another way: the race stopped it as a twin of that move, which
    went on or came first): no alternative to name, and its few worlds' luck no gap to
    quote."""
    return any(d is not c and d.margins[:c.worlds] == c.margins
               and (d.worlds > c.worlds or candidates.index(d) < candidates.index(c))
               for d in candidates)


def contrast(judged: Analysis, action: Action) -> tuple[list[Sentence], list[object]]:
    """Why `action` is judged above the best other move of the analysis: the sentences
    and the facts they state (nothing when it was the only move)."""
    view = judged.view
    other = next((c for c in judged.candidates
                  if c.action != action and not twin(c, judged.candidates)), None)
    mine = judged.find(action)
    if other is None or mine is None:
        return [], []
    gap, se = paired_gap(mine.margins, other.margins)
    worlds = min(mine.worlds, other.worlds)
    if gap < 0:  # a move the review rates below the best: say by how much, no more
        points = round(-gap)
        return ([_s("hint.why.behind", other=move_words(other.action), points=points,
                    count=worlds)],
                [Claim("analysis", (other.action, action, points, worlds, judged.seed))])
    points = round(gap)
    claims: list[object] = [Claim("analysis", (action, other.action, points, worlds,
                                               judged.seed))]
    out: list[Sentence] = []
    # asking the partner is neither ending the hand nor playing on: no such sentence
    plays_on = not isinstance(action, AskGoOut) and not isinstance(other.action, AskGoOut)
    if plays_on and ends_hand(view, action) and not ends_hand(view, other.action):
        out.append(_s("hint.why.out_now"))
        claims.append(Claim("goes_out", action))
    elif plays_on and ends_hand(view, other.action) and not ends_hand(view, action):
        out.append(_s("hint.why.stay_in"))
        claims.append(Claim("goes_out", other.action))
    if gap < NOISE:
        out.append(_s("hint.why.close", other=move_words(other.action), points=points,
                      count=worlds))
    elif gap - RACE_Z * se > 0:
        # the race's own test: a lead this clear ends the comparison after a few deals,
        # whose count would read as thin evidence rather than as a clear answer
        out.append(_s("hint.why.clear", other=move_words(other.action), points=points))
        claims.append(Claim("clear_lead", (action, other.action, worlds, judged.seed)))
    else:
        out.append(_s("hint.why.beats", other=move_words(other.action), points=points,
                      count=worlds))
    return out, claims


def coach(view: PlayerView, action: Action, judged: Analysis | None = None,
          budget: Budget = HINT, seed: int = 0) -> Warning | None:
    """The practice coach: a warning, in the review's own words, when the analysis
    rates `action` an inaccuracy or worse; below that, a clear blunder of the coach's
    catalogue (coach.py) in its own words when the analysis agrees that the catalogue's
    better move scores more; else None. `judged`: the position's analysis already made
    (the hint's, the review's), used when it tried `action`: its rating stands (the
    review shows its label beside these words), and a catalogue's better move it did not
    try is played again beside `action` in its own worlds."""
    if not view.legal or view.to_play != view.seat:
        return None
    if action not in view.legal and not is_legal(view, action):
        return None  # the engine refuses it: the table says why, not the coach
    caught = judge(view, action)
    better = [caught.better] if caught is not None and caught.better is not None else []
    if judged is None or judged.find(action) is None:
        judged = analyse(view, budget, seed, own=action, asked=better)
    mine = judged.find(action)
    assert mine is not None  # analysed above
    loss, _se = judged.loss(action)
    label = label_for(loss)
    if label in ("best", "good"):
        if caught is None or not better:
            return None
        rival = judged.find(better[0])
        if rival is not None:
            gap = paired_gap(rival.margins, mine.margins)[0]
        else:
            gap = gap_again(view, better[0], action, mine.worlds, judged.seed)[0]
        return caught if gap > 0 else None
    best = judged.best.action
    count = min(mine.worlds, judged.best.worlds)
    points = round(loss)
    head = ("coach.rated." + label, (("points", points), ("better", move_words(best)),
                                      ("count", count)))
    facts: list[object] = [Claim("analysis", (best, action, points, count, judged.seed)),
                           Claim("rating", (best, action, label, count, judged.seed))]
    if caught is not None and caught.better in (None, best):
        extra = caught.sentences  # the catalogue's own reason, said for this very move
        facts += caught.facts
    else:
        why, why_facts = contrast(judged, best)
        qualifiers = [x for x in why if x.key in ("hint.why.out_now", "hint.why.stay_in")]
        extra = tuple((x.key, x.params) for x in qualifiers)
        if qualifiers:
            # "ending the hand is worth more than playing on": which move ends it, and the
            # best's lead over the runner-up that the sentence compares it with
            facts += [f for f in why_facts if isinstance(f, Claim)
                      and f.what in ("goes_out", "analysis")]
    sentences = (head, *extra)
    if view.alone:
        sentences = tuple((solo_key(k, True), p) for k, p in sentences)
    reason = " ".join(tr(k, **with_card_names(dict(p))) for k, p in sentences)
    return Warning(None, head[0], dict(head[1]), reason, best, tuple(facts), sentences)


def explain(view: PlayerView, action: Action) -> Hint:
    """Why `action` is a good move, in sentences said to the viewer: a player with no
    partner reads "you" where a partnership reads "your side"."""
    return solo_words(_explain(view, action), view.alone)


def solo_words(hint: Hint, alone: bool) -> Hint:
    """`hint` with every sentence about the viewer's side in its solo wording when the
    viewer plays `alone` (`reason_key` stays the sentence's own key)."""
    if not alone:
        return hint
    said = tuple(Sentence(solo_key(s.key, True), s.params) for s in hint.sentences)
    if said == hint.sentences:
        return hint
    return replace(hint, sentences=said, reason=" ".join(s.text() for s in said))


def _explain(view: PlayerView, action: Action) -> Hint:
    if isinstance(action, TakePile):
        return _explain_take(view, action)
    if isinstance(action, Draw):
        return _explain_draw(view)
    if isinstance(action, PassPile):
        return _hint(action, [_s("hint.pass_pile", count=view.pile_size)],
                     [Claim("pile_count", view.pile_size)])
    if isinstance(action, Meld):
        return _explain_meld(view, action)
    if isinstance(action, AskGoOut):
        partner = view.partner
        count = view.hand_sizes[partner] if partner is not None else 0
        return _hint(action, [_s("hint.ask_partner", count=count)],
                     [Claim("hand_size", count, partner), Claim("legal", action)])
    if isinstance(action, AnswerGoOut):
        if action.yes:
            return _hint(action, [_s("hint.answer_yes")], [])
        points = int(seat_cost(view, view.seat))
        return _hint(action, [_s("hint.answer_no", points=points)],
                     [Claim("hand_points", points, view.seat)])
    if isinstance(action, Discard):
        return _explain_discard(view, action)
    if isinstance(action, NextHand):
        return _hint(action, [_s("hint.next_hand")], [])
    return _hint(action, [_s("hint.generic", move=move_words(action))], [])


def _opening_minimum(view: PlayerView, key: str) -> tuple[int, str]:
    """The viewer's initial-meld minimum, and the key of `key`'s sentence to say it with.
    In cut-throat each partner keeps their own minimum (docs/RULES.md, classic-3p,
    cut-throat), so a partner hears "your minimum" (`key`'s solo wording), never "your
    side's"; elsewhere the minimum is the side's, and a player alone hears the solo wording
    anyway (`solo_words`)."""
    if cutthroat.applies(view.rules):
        return view.minimums[view.seat], solo_key(key, True)
    return view.minimums[view.side], key


# ---------------------------------------------------------------------------- taking
def _explain_take(view: PlayerView, action: TakePile) -> Hint:
    top = view.pile[-1]
    count = view.pile_size
    rank = top.rank.label
    claims: list[object] = [Claim("legal", action), Claim("pile_count", count)]
    if action.melds:
        minimum, key = _opening_minimum(view, "hint.take_open")
        s = [_s(key, count=count, minimum=minimum)]
        claims.append(Claim("minimum", minimum))
    elif not action.cards:
        s = [_s("hint.take_onto_meld", count=count, rank=rank)]
    elif top.is_wild:
        s = [_s("hint.take_same_kind", count=count, cards=format_cards(action.cards))]
    elif any(c.is_wild for c in action.cards):
        s = [_s("hint.take_with_wild", count=count, rank=rank)]
    elif len(action.cards) >= 3:
        s = [_s("hint.take_three", count=count, rank=rank)]
    else:
        s = [_s("hint.take_pair", count=count, rank=rank)]
    made = F.canastas_made(view, action)
    for c in made:
        s.append(_canasta_sentence(view, c))
    claims.extend(made)
    return _hint(action, s, claims)


def _explain_draw(view: PlayerView) -> Hint:
    action = Draw()
    top = view.pile_top
    if top is None:
        return _hint(action, [_s("hint.draw_empty")], [Claim("pile_count", 0)])
    takes = [a for a in view.legal if isinstance(a, TakePile)]
    if takes:
        key = "hint.draw_small_pile" if view.pile_size <= 3 else "hint.draw_rather"
        return _hint(action, [_s(key, count=view.pile_size)],
                     [Claim("pile_count", view.pile_size)])
    why = F.own_take_refusal(view)
    if why is None:
        # the engine refuses nothing about the pile: the move to take it is just not
        # offered now (e.g. before the opening); say only that drawing is the move
        return _hint(action, [_s("hint.draw_plain")], [])
    return _hint(action, [_s("hint.draw_cannot_take"), Sentence(why.refusal, why.params)],
                 [why])


# ---------------------------------------------------------------------------- melding
def _canasta_sentence(view: PlayerView, c: F.CanastaFact) -> Sentence:
    bonus = canasta_bonus(view.rules, c.rank, c.natural)
    key = "hint.fact.canasta_natural" if c.natural else "hint.fact.canasta_mixed"
    return _s(key, rank=c.rank.label, bonus=bonus)


def requirement_sentence(req: F.GoOutRequirement) -> Sentence | None:
    """The sentence saying what is missing to go out, or None when nothing is."""
    if req.met or req.refusal is None:
        return None
    return Sentence(F.go_out_words(req.refusal), req.params)


def _explain_meld(view: PlayerView, action: Meld) -> Hint:
    cards = format_cards(c for g in action.groups for c in g)
    claims: list[object] = [Claim("legal", action)]
    if F.meld_ends_hand(view, action):
        claims.append(Claim("goes_out", action))
        if game_won_by(view, view.seat):
            return _hint(action, [_s("hint.go_out_wins", cards=cards,
                                     target=view.rules.target)], claims)
        if len(view.hand) - sum(len(g) for g in action.groups) == 1:
            return _hint(action, [_s("hint.go_out_then_discard", cards=cards)], claims)
        return _hint(action, [_s("hint.go_out", cards=cards)], claims)
    if not view.my_melds:
        values = card_values(view.rules)
        value = sum(values[c.code] for g in action.groups for c in g)
        minimum, key = _opening_minimum(view, "hint.open")
        if value >= minimum:
            claims.append(Claim("opening_value", (value, minimum)))
            return _hint(action, [_s(key, cards=cards, minimum=minimum)], claims)
        return _hint(action, [_s("hint.open_plain", cards=cards)], claims)
    made = F.canastas_made(view, action)
    if made:
        s = [_s("hint.canasta", cards=cards), *(_canasta_sentence(view, c) for c in made)]
        claims.extend(made)
        before = F.go_out_requirement(view)
        after = F.go_out_requirement(view, action)
        claims += [Claim("requirement_before", before), Claim("requirement_after", after)]
        if after.met and not before.met:
            s.append(_s("hint.fact.can_go_out_after"))
        elif not after.met:
            still = requirement_sentence(after)
            if still is not None:
                s.append(still)
        return _hint(action, s, claims)
    rank = group_rank(action, 0)
    if rank is not None and rank in view.my_melds and len(action.groups) == 1:
        return _hint(action, [_s("hint.lay_off", cards=cards, rank=rank.label)], claims)
    return _hint(action, [_s("hint.meld", cards=cards)], claims)


# ---------------------------------------------------------------------------- discarding
_NEED_KEYS = {
    (F.TakeWay.NATURAL_AND_WILD, 1): "hint.fact.next_needs_wild",
    (F.TakeWay.NATURALS, 2): "hint.fact.next_needs_pair",
    (F.TakeWay.NATURALS, 3): "hint.fact.next_needs_three",
}


def take_sentences(f: F.TakeFact, taker_alone: bool = False) -> list[Sentence]:
    """What the next player can do with the pile after this discard, as sentences
    (`taker_alone`: that player has no partner, so "they", not "their side")."""
    rank = f.card.rank.label if not f.card.is_wild else f.card.label
    if f.certainty is F.Certainty.CERTAIN:
        if f.way is F.TakeWay.LAY_OFF:
            key = ("hint.fact.next_lays_off_canasta" if f.completes_canasta
                   else "hint.fact.next_lays_off")
            return [_s(key, count=f.pile_count, rank=rank)]
        return [_s("hint.fact.next_holds", count=f.pile_count, rank=rank)]
    if f.certainty is F.Certainty.POSSIBLE:
        if f.way is F.TakeWay.SAME_KIND:
            key = "hint.fact.next_needs_jokers" if f.card.rank == Rank.JOKER \
                else "hint.fact.next_needs_twos"
            out = [_s(key, count=f.naturals)]
        else:
            key = _NEED_KEYS.get((f.way, f.naturals), "hint.fact.next_needs_pair")
            out = [_s(key, rank=rank, count=f.unseen)]
        if f.opens_first:  # (italian) an opening from the hand must come before the take
            out.append(_s("hint.fact.taker_alone_opens_first" if taker_alone
                          else "hint.fact.taker_opens_first", minimum=f.minimum))
        elif not f.opened:
            out.append(_s("hint.fact.taker_alone_must_open" if taker_alone
                          else "hint.fact.taker_must_open"))
        return out
    out = [_s("hint.fact.next_cannot")]
    if f.blocked is not None:
        out.append(Sentence(f.blocked))  # the pile's own words: nobody's hand matters
    return out


def _explain_discard(view: PlayerView, action: Discard) -> Hint:
    card = action.card
    label = card.label
    claims: list[object] = [Claim("legal", action)]
    if len(view.hand) == 1:
        return _hint(action, [_s("hint.discard_go_out", card=label)],
                     claims + [Claim("goes_out", action)])
    all_facts = F.discard_facts(view)
    f = all_facts.get(card.code)
    if f is None:
        return _hint(action, [_s("hint.discard", card=label)], claims)
    claims.append(f)
    s = [_s("hint.discard", card=label)]
    legal_codes = {a.card.code for a in view.legal if isinstance(a, Discard)}
    if f.certainty is F.Certainty.CERTAIN and set(all_facts) == legal_codes and all(
            x.certainty is F.Certainty.CERTAIN for x in all_facts.values()):
        # every card carries the risk: name it, and that no card avoids it
        s = [_s("hint.discard_no_safe_card", card=label)]
        claims.append(Claim("every_discard_certain", tuple(sorted(all_facts))))
    s.extend(take_sentences(f, plays_alone(view.side_of, f.seat)))
    others = [x for code, x in all_facts.items() if code != card.code]
    if (f.certainty is F.Certainty.NEVER and card.is_wild and others
            and all(x.certainty is not F.Certainty.NEVER for x in others)):
        s.append(_s("hint.fact.others_all_open"))
        claims.append(Claim("others_not_never", tuple(sorted(x.card.code for x in others))))
    return _hint(action, s, claims)


