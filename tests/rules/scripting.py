"""Helpers shared by the rules tests for writing scripted positions briefly."""

from game.i18n import refusal_text
from game.rules import Game, parse_cards
from game.rules import events as ev


def C(text):
    """Cards from text: C("KH KD 2C")."""
    return parse_cards(text)


def c1(text):
    """One card from text."""
    return parse_cards(text)[0]


def hands_with(fillers):
    """A `hands(h0, h1, h2, h3)` whose unnamed seats hold `fillers` (cards the test
    does not look at, chosen per test file so they never collide with its own)."""

    def hands(h0, h1=fillers[0], h2=fillers[1], h3=fillers[2]):
        return [h0, h1, h2, h3]

    return hands


def refused(g: Game, action, key: str) -> str:
    """Assert the engine refuses `action` with message `key` and a real sentence."""
    err = g.check(action)
    assert err is not None, f"{action} was accepted, expected {key}"
    assert err.key == key, str(err)
    reason = refusal_text(err)  # the sentence a player reads, made at the edge
    assert reason and reason != key and "%{" not in reason, reason
    assert action not in g.legal_actions()
    return reason


def lines_of(g: Game, unit: int = 0) -> dict[str, int]:
    """A score unit's (side's or seat's) lines of the hand just scored, by key (lines of
    one key, e.g. each player's hand, summed)."""
    out: dict[str, int] = {}
    for line in g.hand_score()[unit].lines:
        out[line.key] = out.get(line.key, 0) + line.points
    return out


def went_out(events) -> bool:
    """Whether these events include a player going out."""
    return any(isinstance(e, ev.WentOut) for e in events)


def accepted_and_listed(g: Game, action) -> None:
    """Assert the engine accepts `action` and `legal_actions()` lists it (or an action of
    the same outcome up to suits): the check and the move list agree."""
    from tests.rules.completeness import outcome_key

    assert g.why_illegal(action) is None, g.why_illegal(action)
    want = outcome_key(g, action)
    assert any(outcome_key(g, a) == want for a in g.legal_actions()), action
