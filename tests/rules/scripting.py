"""Helpers shared by the rules tests for writing scripted positions briefly."""

from game.rules import Game, parse_cards


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
    assert err.key == key, (err.key, err.reason)
    reason = g.why_illegal(action)
    assert reason and reason != key and "%{" not in reason, reason
    assert action not in g.legal_actions()
    return reason
