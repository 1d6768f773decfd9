"""Going out concealed belongs to the player, not the side (docs/RULES.md, classic,
going out): a player who had not melded or laid off anything this hand goes out in one
turn, melding the whole hand including a canasta and adding nothing to partner's melds."""

from game.rules import VARIANTS, Discard, Draw, Game, Meld, TakePile
from game.rules import events as ev
from tests.rules.scripting import C, c1, hands_with

CLASSIC = VARIANTS["classic"]
hands = hands_with(("4S 6D 8S JD", "4H 6C 10S QC", "4D 7C 10H JC"))
QUEENS = "QS QH QD QC QS QH"


def went_out_line(g: Game) -> tuple[str, int]:
    (line,) = [ln for ln in g.hand_score()[g.side_of_seat(g.went_out)].lines
               if ln.key.startswith("score.went_out")]
    return line.key, line.points


def test_partner_having_melded_leaves_the_concealed_bonus_to_the_player():
    g = Game.scripted(CLASSIC, hands(f"{QUEENS} 5D 5H 5C JD"), stock="2C",
                      melds={0: ["9S 9H 9D", "KS KH KD KC KS KH KD"]})
    g.apply(Draw())
    g.apply(Meld([C(f"{QUEENS} 2C"), C("5D 5H 5C")]))
    out = g.apply(Discard(c1("JD")))
    assert [e.concealed for e in out if isinstance(e, ev.WentOut)] == [True]
    assert went_out_line(g) == ("score.went_out_concealed", 200)


def test_a_lay_off_onto_partners_meld_makes_it_an_ordinary_going_out():
    g = Game.scripted(CLASSIC, hands(f"{QUEENS} 5D 5H 5C 9C JD"), stock="2C",
                      melds={0: ["9S 9H 9D"]})
    g.apply(Draw())
    g.apply(Meld([C(f"{QUEENS} 2C"), C("5D 5H 5C")]))
    g.apply(Meld([C("9C")]))  # one card onto partner's 9s, in a move of its own
    out = g.apply(Discard(c1("JD")))
    assert [e.concealed for e in out if isinstance(e, ev.WentOut)] == [False]
    assert went_out_line(g) == ("score.went_out", 100)


def test_laying_off_onto_a_meld_made_earlier_this_turn_keeps_it_concealed():
    g = Game.scripted(CLASSIC, hands(f"{QUEENS} 5D 5H 5C 5S JD"), stock="2C",
                      melds={0: ["9S 9H 9D"]})
    g.apply(Draw())
    g.apply(Meld([C(f"{QUEENS} 2C"), C("5D 5H 5C")]))
    g.apply(Meld([C("5S")]))  # onto the 5s the player made this turn
    g.apply(Discard(c1("JD")))
    assert went_out_line(g) == ("score.went_out_concealed", 200)


def test_a_player_who_melded_in_an_earlier_turn_scores_100():
    # seat 0 melds the kings, then (after the others' turns) goes out in one turn
    g = Game.scripted(CLASSIC, hands(f"KS KH KD AS AH AD {QUEENS} 8D"), stock="5S 6S 7S 9C 2C")
    g.apply(Draw())  # 5S
    g.apply(Meld([C("KS KH KD"), C("AS AH AD")]))
    g.apply(Discard(c1("5S")))
    for seat in (1, 2, 3):
        assert g.to_play == seat
        g.apply(Draw())
        g.apply(Discard(g.hands[seat][0]))
    assert not g.concealed_chance
    g.apply(Draw())  # 2C
    g.apply(Meld([C(f"{QUEENS} 2C")]))
    g.apply(Discard(c1("8D")))
    assert went_out_line(g) == ("score.went_out", 100)


def test_going_out_concealed_needs_a_canasta_of_ones_own():
    # partner holds the canasta; the player melds three 5s and goes out: 100
    g = Game.scripted(CLASSIC, hands("5D 5H 5C"), stock="9C",
                      melds={0: ["KS KH KD KC KS KH KD"]})
    g.apply(Draw())
    g.apply(Meld([C("5D 5H 5C")]))
    g.apply(Discard(c1("9C")))
    assert went_out_line(g) == ("score.went_out", 100)


def test_the_concealed_chance_survives_a_save_in_the_middle_of_the_turn():
    g = Game.scripted(CLASSIC, hands(f"{QUEENS} 5D 5H 5C JD"), stock="2C",
                      melds={0: ["9S 9H 9D"]})
    g.apply(Draw())
    g.apply(Meld([C(f"{QUEENS} 2C")]))
    g = Game.from_dict(g.to_dict())
    g.apply(Meld([C("5D 5H 5C")]))
    g.apply(Discard(c1("JD")))
    assert went_out_line(g) == ("score.went_out_concealed", 200)

    # after a lay-off onto partner's meld, restored: still an ordinary going out
    g = Game.scripted(CLASSIC, hands(f"{QUEENS} 5D 5H 5C 9C JD"), stock="2C",
                      melds={0: ["9S 9H 9D"]})
    g.apply(Draw())
    g.apply(Meld([C("9C")]))
    g = Game.from_dict(g.to_dict())
    g.apply(Meld([C(f"{QUEENS} 2C"), C("5D 5H 5C")]))
    g.apply(Discard(c1("JD")))
    assert went_out_line(g) == ("score.went_out", 100)


def test_a_state_saved_before_players_melds_were_kept_reads_side_wide():
    # the former answer: a side that had melded before the turn goes out for 100
    g = Game.scripted(CLASSIC, hands(f"{QUEENS} 5D 5H 5C JD"), stock="2C",
                      melds={0: ["9S 9H 9D"]})
    d = g.to_dict()
    del d["laid_on"]
    del d["turn"]["concealed_chance"]
    g = Game.from_dict(d)
    assert g.laid_on[0] == g.laid_on[2] == {9} and g.laid_on[1] == set()
    g.apply(Draw())
    g.apply(Meld([C(f"{QUEENS} 2C"), C("5D 5H 5C")]))
    g.apply(Discard(c1("JD")))
    assert went_out_line(g) == ("score.went_out", 100)


def test_going_out_concealed_with_the_pile_taken_for_a_new_meld():
    g = Game.scripted(CLASSIC, hands(f"{QUEENS} QD 5D 5H"), pile="8C 5C",
                      melds={0: ["9S 9H 9D"]}, pile_frozen=False)
    g.apply(TakePile(C("5D 5H"), [C(f"{QUEENS} QD")]))
    g.apply(Discard(c1("8C")))
    assert went_out_line(g) == ("score.went_out_concealed", 200)


def test_every_view_shows_who_laid_what_and_the_concealed_chance():
    g = Game.scripted(CLASSIC, hands(f"{QUEENS} 5D 5H 5C 9C JD"), stock="2C",
                      melds={0: ["9S 9H 9D"]})
    g.apply(Draw())
    g.apply(Meld([C(f"{QUEENS} 2C")]))
    other = g.view(1)
    assert other.laid_on[0] == {12} and other.concealed_chance
    g.apply(Meld([C("9C")]))
    assert g.view(3).laid_on[0] == {9, 12} and not g.view(3).concealed_chance


def test_a_damaged_record_of_who_laid_what_is_refused_naming_the_field():
    import pytest

    from game.rules.errors import GameStateError

    g = Game.scripted(CLASSIC, hands(f"{QUEENS} 5D 5H 5C JD"), stock="2C")
    for bad in ([[9]] * 3, [[99], [], [], []], [["9"], [], [], []], "all"):
        d = g.to_dict()
        d["laid_on"] = bad
        with pytest.raises(GameStateError, match="laid_on"):
            Game.from_dict(d)


def test_a_scripted_two_player_position_credits_the_melds_to_their_only_player():
    """In two-player canasta a side is one player: melds the script puts down are that
    player's own, so going out now is an ordinary going out (docs/RULES.md, classic-2p)."""
    rules = VARIANTS["classic-2p"]
    g = Game.scripted(rules, [f"{QUEENS} 5D 5H 5C", "4H 6C 10S QC"], stock="2C JD",
                      melds={0: ["KS KH KD KC KS KH KD"]})  # two cards drawn a turn
    assert g.laid_on[0] == {13} and not g.concealed_chance
    g.apply(Draw())
    g.apply(Meld([C(f"{QUEENS} 2C"), C("5D 5H 5C")]))
    out = g.apply(Discard(c1("JD")))
    assert [e.concealed for e in out if isinstance(e, ev.WentOut)] == [False]
    assert went_out_line(g) == ("score.went_out", 100)
