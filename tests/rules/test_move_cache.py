"""The move list a position keeps (`Game.legal_actions`) and the plans `Game.apply` reads
from it: at the stock's end the list offers what the rules allow, a take played from the
list does exactly what the same take judged afresh does, and a position edited by hand
gets a new list."""

from game.rules import VARIANTS, Discard, Game, PassPile, TakePile
from game.rules import events as ev
from game.rules.cards import parse_card

CLASSIC = VARIANTS["classic"]


def _stock_end_game() -> Game:
    """Seat 0 draws the last stock card and discards a 9 that seat 1's side must take onto
    its 9s (the pile is not frozen, so passing is refused)."""
    g = Game.scripted(CLASSIC, ["9H 4C 5D", "KS KD QH", "6S 6D 7H", "8S 8D 10H"],
                      stock="5C", pile="JH", melds={1: ["9S 9D 9C"]}, pile_frozen=False,
                      rest="pile")
    (draw,) = [a for a in g.legal_actions() if not isinstance(a, TakePile)]
    g.apply(draw)
    return g


def _discard(g: Game, label: str) -> Discard:
    card = parse_card(label)
    (a,) = [a for a in g.legal_actions() if isinstance(a, Discard) and a.card == card]
    return a


def test_at_the_stock_end_a_forced_take_is_the_only_move():
    g = _stock_end_game()
    g.apply(_discard(g, "9H"))
    listed = g.legal_actions()
    assert listed == [TakePile()]  # a take onto the side's 9s is a must: no pass
    assert g.legal_actions() == listed  # asked again, the same list
    assert g.why_illegal(PassPile()) is not None
    out = g.apply(listed[0])
    assert any(isinstance(e, ev.PileTaken) for e in out)


def test_a_listed_take_plays_as_the_same_take_judged_afresh():
    g = _stock_end_game()
    g.apply(_discard(g, "9H"))
    fresh = Game.from_dict(g.to_dict())
    listed = g.legal_actions()[0]
    assert g.apply(listed) == fresh.apply(TakePile())
    assert g.to_dict() == fresh.to_dict()


def test_a_position_edited_by_hand_gets_a_new_list():
    g = _stock_end_game()  # seat 0, after the draw
    listed = g.legal_actions()
    g.hands[0].remove(next(c for c in g.hands[0] if c.label == "9H"))  # edited by hand
    relisted = g.legal_actions()
    assert Discard(parse_card("9H")) in listed and Discard(parse_card("9H")) not in relisted


def test_a_hand_edited_in_place_is_listed_afresh():
    """A caller may edit a hand list in place, keeping its size: the list is made again
    (as a fresh game of the same position makes it)."""
    g = _stock_end_game()
    hand = g.hands[0]
    before = g.legal_actions()
    i = next(i for i, c in enumerate(hand) if c.label == "9H")
    other = g.hands[1]  # "KS KD QH": a card swapped in, the same list object, the same length
    hand[i], other[0] = other[0], hand[i]
    after = g.legal_actions()
    assert Discard(parse_card("9H")) in before
    assert Discard(parse_card("9H")) not in after and Discard(parse_card("KS")) in after
    assert repr(after) == repr(Game.from_dict(g.to_dict()).legal_actions())
