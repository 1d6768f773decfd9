"""How `hard`'s rollouts score a position they cut short (rollout.static_margin).

A rollout stops after a few turns; the margin it returns there is what the search and
the hand review compare moves by. It must score the table by the variant's own rules,
and must not treat the cards a side holds as lost while the hand cannot end yet."""

from __future__ import annotations

from game.ai.rollout import static_margin
from game.ai.weights import SHIPPED
from game.rules import VARIANTS, Game
from game.rules.cards import parse_cards
from game.rules.melds import values_for

ITALIAN = VARIANTS["italian"]
CLASSIC = VARIANTS["classic"]
IT_HANDS = ["4H 5C 6S 8D 9C", "4D 5H 6C 8H 9D", "4S 5D 6H 8C 9H", "4C 5S 6D 8S 9S"]


def _italian(melds: dict[int, list[str]], threes: str) -> Game:
    return Game.scripted(ITALIAN, IT_HANDS, pile="7C", melds=melds,
                         red_threes={0: threes} if threes else None, seed=1)


def test_italian_red_threes_count_against_a_side_without_its_canastas():
    # Italian red 3s count for a side with a natural and a mixed canasta, against one
    # without (doubled without a natural canasta): the cut-off must read them so, or
    # it credits three red 3s (+300) to a side that would lose 600 for them
    bare = _italian({0: ["QS QH QD"], 1: ["KS KH KD"]}, "")
    with_threes = _italian({0: ["QS QH QD"], 1: ["KS KH KD"]}, "3H 3D 3H")
    assert static_margin(with_threes, 0) < static_margin(bare, 0) - 500
    both = {0: ["QS QH QD QC QS QH QD", "JS JH JD JC 2C 2D JS"], 1: ["KS KH KD"]}
    assert static_margin(_italian(both, "3H 3D 3H"), 0) > static_margin(_italian(both, ""), 0)


def _classic(hand0: str, melds1: list[str]) -> Game:
    hands = [hand0, "4D 5H 6C 8H", "4S 5D 6H 8C", "4C 5S 6D 8S"]
    return Game.scripted(CLASSIC, hands, pile="7C", seed=1,
                         melds={0: ["QS QH QD"], 1: melds1})


def test_held_cards_are_not_counted_as_lost_before_anyone_may_go_out():
    # A pile just taken sits in the hand: counted at its full cost, a rollout cut a few
    # turns later rated taking it (or keeping cards back) hundreds of points too low.
    # While no side may go out, the hand cannot end soon; once one may, the cards held
    # are at stake in full.
    aces = "AS AH AD KS KH KD"
    cost = sum(values_for(CLASSIC)[c.code] for c in parse_cards(aces))
    early = (static_margin(_classic("4H 5C", ["JS JH JD"]), 0)
             - static_margin(_classic("4H 5C " + aces, ["JS JH JD"]), 0))
    assert early == SHIPPED.cut_held_far * cost < cost
    canasta = ["JS JH JD JC JS JH JD"]
    late = (static_margin(_classic("4H 5C", canasta), 0)
            - static_margin(_classic("4H 5C " + aces, canasta), 0))
    assert late == cost


def test_a_meld_a_card_short_of_a_canasta_is_worth_more_than_its_cards():
    three = static_margin(_classic("4H 5C", ["JS JH JD"]), 0)
    hands = ["4H 5C", "4D 5H 6C 8H", "4S 5D 6H 8C", "4C 5S 6D 8S"]
    six = Game.scripted(CLASSIC, hands, pile="7C", seed=1,
                        melds={0: ["QS QH QD QC QS QH"], 1: ["JS JH JD"]})
    added = sum(values_for(CLASSIC)[c.code] for c in parse_cards("QC QS QH"))
    assert static_margin(six, 0) - three > added + 100


def test_normal_reads_the_table_by_the_same_scoring():
    # normal's evaluation (evaluate.table_points, read from a player's view) scores the
    # table as the engine does: italian red 3s against a side without its two canastas
    from game.ai.evaluate import table_points
    from game.rules.scoring import score_side

    for melds in ({0: ["QS QH QD"], 1: ["KS KH KD"]},
                  {0: ["QS QH QD QC QS QH QD", "JS JH JD JC 2C 2D JS"], 1: ["KS KH KD"]}):
        g = _italian(melds, "3H 3D 3H")
        view = g.view(0)
        seen = table_points(view.rules, view.melds[0], view.red_threes[0])
        engine = sum(line.points for line in score_side(ITALIAN, g.melds[0],
                                                        list(g.red_threes[0]), {}, None, False))
        assert seen == engine
    bare = _italian({0: ["QS QH QD"], 1: ["KS KH KD"]}, "").view(0)
    threes = _italian({0: ["QS QH QD"], 1: ["KS KH KD"]}, "3H 3D 3H").view(0)
    assert (table_points(ITALIAN, threes.melds[0], threes.red_threes[0])
            < table_points(ITALIAN, bare.melds[0], bare.red_threes[0]))


def test_completing_our_own_canasta_does_not_charge_our_held_cards_in_full():
    # The review rated laying off the 10 that completed a canasta of 10s a Blunder: once
    # the side's own canasta let it go out, the cut-off charged every card it held in
    # full (and the opponents' too), as if someone could catch it with them. Only
    # another side going out can; the side itself chooses when the hand ends.
    # partner holds a pile just taken
    heavy = "AS AH AD KS KH KD QS QH JD JC 9C 9H 8D 8C 2H 2S JK"

    def margin(tens: str, extra: str) -> float:
        hands = ["JS JH" + extra, "4D 5H 6C 8H", heavy, "4C 5S 6D 8S"]
        g = Game.scripted(CLASSIC, hands, pile="7C", seed=1,
                          melds={0: [tens], 1: ["9S 9D 9D"]})
        return static_margin(g, 0)

    held = margin("10S 10C 10D 10S 10C 2C", " 10H")
    completed = margin("10S 10C 10D 10S 10C 2C 10H", "")
    # the canasta's bonus less the share a meld of six was already credited with
    assert completed - held > CLASSIC.mixed_canasta_bonus * (1 - SHIPPED.cut_near6)


def test_a_rollout_that_ends_the_game_is_decisive():
    from game.ai.rollout import final_margin
    from game.rules import Discard, Draw, Meld

    hands = ["5H 5D 5C", "4D 6D 6C 8H", "4S 5D 6H 8C", "4C 5S 6D 8S"]
    g = Game.scripted(CLASSIC, hands, pile="7C", stock="9D", seed=1, scores=(4990, 0),
                      melds={0: ["QS QH QD QC QS QH QD"], 1: ["KS KH KD"]})
    g.apply(Draw())
    g.apply(Meld([parse_cards("5H 5D 5C")]))
    g.apply(Discard(parse_cards("9D")[0]))
    assert g.is_over
    assert final_margin(g, 0) >= SHIPPED.decisive
    assert final_margin(g, 1) <= -SHIPPED.decisive


def test_a_held_wild_card_is_not_charged_as_a_loss_while_the_hand_cannot_end():
    # The cut-off charged a held joker like any card (a share of -50) while crediting
    # the same joker laid on a three-card meld +50: rollouts preferred wasting wild
    # cards on short melds by some 65 points, and hints and reviews with them. While no
    # other side may go out, a wild card held is the side's most useful card.
    def margin(queens: str, extra: str, theirs: list[str]) -> float:
        hands = ["4H 5C" + extra, "4D 5H 6C 8H", "4S 5D 6H 8C", "4C 5S 6D 8S"]
        g = Game.scripted(CLASSIC, hands, pile="7C", seed=1, melds={0: [queens], 1: theirs})
        return static_margin(g, 0)

    joker = values_for(CLASSIC)[parse_cards("JK")[0].code]
    far = margin("QS QH QD JK", "", ["JS JH JD"]) - margin("QS QH QD", " JK", ["JS JH JD"])
    assert abs(far) < 0.25 * joker
    # once the opponents may go out, the joker in hand is at stake in full
    canasta = ["JS JH JD JC JS JH JD"]
    late = margin("QS QH QD JK", "", canasta) - margin("QS QH QD", " JK", canasta)
    assert late == 2 * joker
