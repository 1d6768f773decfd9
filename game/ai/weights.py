"""The one evaluation every computer player weighs its moves in.

`easy` and `normal` rank their moves with these weights, `hard`'s rollouts are played by
`normal` and the fast policy with them and scored at their cut-off with them, and the
hint, the coach and the review judge by those rollouts: one set of numbers, so the
voices cannot drift apart.

Every weight is in rough hand points (the scale the scoring rules count in) unless it
is a share of some other amount. The values written here are the hand-written ones; the
shipped set is these with the tuner's results laid over them (tuned_weights.py, written
by benchmarks/tune.py, see docs/TUNING.md), so a tuning run can always be compared with
the weights it started from.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass


@dataclass(frozen=True)
class Weights:
    """Named weights of the evaluation; see each group's comment for why it exists."""

    # --- draw or take (taking.py) -------------------------------------------------
    # A draw from the stock is worth more than a random card looks: it keeps our hand
    # hidden and our pairs whole, while a small take shows the table what we collect.
    draw_worth: float = 25.0
    # each further card of a bigger draw (three players draw two) may pair up
    stock_card_worth: float = 6.0
    # the pile's top card is melded at once: its value plus this
    take_top: float = 8.0
    # a wild card spent on a pair+wild take is not spent on a canasta later
    take_wild_spent: float = 18.0
    # a take that completes a canasta, before and after the side has the ones it needs
    take_canasta: float = 150.0
    take_canasta_later: float = 80.0
    # a take that opens: the pile is no longer frozen for our side
    take_opens: float = 30.0
    # every other pile card taken is one the opponents will not get to look at
    take_denies: float = 1.5
    # what one card of the pile adds to the hand: a wild card (and its share of its
    # value near the end, when it may stay in hand), a card that will be melded (and
    # the share of its value that moves to the table), a lone card (more if it pairs
    # one in hand), and the share of its value a useless card costs near the end
    pile_wild: float = 25.0
    pile_wild_ending: float = 0.3
    pile_melds: float = 10.0
    pile_melds_value: float = 0.5
    pile_single: float = 3.0
    pile_pairs: float = 2.0
    pile_dead_ending: float = 0.8

    # --- opening (melding.py) -----------------------------------------------------
    # to open at all is worth something (the pile unfreezes for us); each wild card
    # tied to the opening's short melds costs (a 2 less than a joker); each pile card
    # adds; an opening is worth more once the stock runs down, far more when an
    # opponent is close to going out, and somewhat more once an opposing side holds
    # the canastas it needs (waiting for a cleaner opening becomes a gamble)
    opening_base: float = 45.0
    opening_two: float = 25.0
    opening_joker: float = 38.0
    opening_per_pile_card: float = 4.0
    opening_late: float = 80.0
    opening_threatened: float = 250.0
    opening_they_can_go_out: float = 40.0

    # --- melding once open (melding.py) -------------------------------------------
    # the cards' value moves from the hand (a risk) to the table (a gain), plus a
    # little per card for the progress towards a canasta
    meld_value_share: float = 0.3
    meld_per_card: float = 3.0
    # completing a canasta, before and after the side has the ones it needs, and more
    # for a natural one
    meld_canasta: float = 120.0
    meld_canasta_later: float = 60.0
    meld_natural_canasta: float = 40.0
    # natural before mixed: a wild card on a clean meld that could still make a
    # natural canasta, and one that could not
    spoil_natural: float = 30.0
    spoil_hopeless: float = 6.0
    # each wild card laid on a meld it does not complete, while nothing presses and
    # when something does
    wild_wait: float = 14.0
    wild_wait_urgent: float = 2.0
    # wild cards go to one meld near a canasta, not to a short one
    short_two: float = 18.0
    short_joker: float = 40.0
    # a natural pair in hand is the key to a frozen pile: breaking it costs this plus
    # a point per pile card; a fresh triple melded only shows what we collect
    keep_pair_for_pile: float = 25.0
    fresh_triple: float = 8.0
    # before the first canasta, each card fewer than four left in hand
    melt: float = 15.0
    # a hand melded down to a few cards must still discard every turn: laying its last
    # wild card leaves nothing to freeze a pile the opponents would take with any card
    freezer: float = 40.0

    # --- discarding (discarding.py) ----------------------------------------------
    # what the pile is worth to whoever takes it after our discard, per card on it
    pile_worth_base: float = 25.0
    pile_worth_per_card: float = 14.0
    # what keeping a card is worth: a wild card (plus its value; thrown only to
    # freeze), a black 3 (a perfectly safe discard, best kept for a pile worth
    # blocking), a card of a rank we have melded (more as a pair while the pile is
    # frozen), one of a triple, one of a pair (more while the pile is frozen, less
    # when nobody can throw us the third), a lone card (more for each unseen copy
    # that may pair it)
    keep_wild: float = 60.0
    keep_black3: float = 4.0
    keep_black3_blocking: float = -2.0
    keep_melded: float = 14.0
    keep_melded_frozen: float = 8.0
    keep_triple: float = 36.0
    keep_pair: float = 22.0
    keep_pair_frozen: float = 14.0
    keep_pair_dead: float = 8.0
    keep_single: float = 2.0
    keep_single_live: float = 1.5
    # cards in hand cost their value when the hand ends: the share of it that makes a
    # card go, early and near the end
    shed_value: float = 0.2
    shed_value_ending: float = 0.6
    # the share of a canasta bonus counted when a take leaves the taker one card short
    near_canasta_share: float = 0.3
    # the least a wild card is worth keeping when freezing the pile pays
    freeze_keep_two: float = 28.0
    freeze_keep_joker: float = 48.0

    # --- going out (partner.py) --------------------------------------------------
    # behind in the hand by less than this, with the opponents' table not growing
    # faster than ours, going out still beats playing on
    go_out_behind: float = 150.0

    # --- the fast rollout policy (rollout.py) -------------------------------------
    # a discard the next player could lay off onto an unfrozen pile costs this more
    # than its value; a wild card is kept unless nothing else is left; each other card
    # of its rank held makes a card this much more worth keeping
    fast_feeds: float = 100.0
    fast_wild: float = 1000.0
    fast_paired: float = 15.0

    # --- the rollout's cut-off (rollout.py) ---------------------------------------
    # share of a canasta's bonus credited to a meld of five and of six cards
    cut_near5: float = 0.25
    cut_near6: float = 0.5
    # share of the held cards' cost counted while no other side may go out
    cut_held_far: float = 0.3
    # share of a held wild card's value credited while no other side may go out: it
    # is the side's most useful card, which any of its melds takes, and it nearly
    # always reaches the table before the hand ends. Counted as a cost like any other
    # card, the cut-off made laying a wild card on a short meld look some 65 points
    # better than keeping it for the meld that needs it.
    cut_held_wild: float = 0.8
    # what winning (or losing) the game in a rollout is worth beyond the hand's margin
    decisive: float = 5000.0


HAND_WRITTEN = Weights()


def with_values(base: Weights, values: dict[str, float]) -> Weights:
    """`base` with these named weights replaced (unknown names are refused)."""
    names = {f.name for f in dataclasses.fields(Weights)}
    unknown = sorted(set(values) - names)
    if unknown:
        raise ValueError(f"unknown weights: {', '.join(unknown)}")
    return dataclasses.replace(base, **values)


def _shipped() -> Weights:
    from .tuned_weights import TUNED

    return with_values(HAND_WRITTEN, TUNED)


SHIPPED = _shipped()
