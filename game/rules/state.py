"""A game as plain JSON data, and back, refusing anything that is not a real position."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .cards import Card, Rank, make_decks, parse_card
from .errors import GameStateError
from .melds import TableMeld
from .ruleset import RuleSet

if TYPE_CHECKING:
    from .engine import Game

STATE_FORMAT = 1


def _enc(c: Card) -> str:
    return f"{c.label}/{c.deck}"


def _encs(cards) -> list[str]:
    return [_enc(c) for c in cards]


def _dec(s: Any) -> Card:
    if not isinstance(s, str) or "/" not in s:
        raise GameStateError(f"not a card: {s!r}")
    label, _, deck = s.partition("/")
    try:
        c = parse_card(label)
        return Card(c.rank, c.suit, int(deck))
    except ValueError as e:
        raise GameStateError(f"not a card: {s!r}") from e


def _decs(seq: Any) -> list[Card]:
    if not isinstance(seq, list):
        raise GameStateError(f"expected a list of cards, got {type(seq).__name__}")
    return [_dec(s) for s in seq]


def game_to_dict(g: Game) -> dict[str, Any]:
    version, internal, gauss = g.rng.getstate()
    return {
        "state_format": STATE_FORMAT,
        "rules": g.rules.to_dict(),
        "seed": g.seed,
        "rng": [version, list(internal), gauss],
        "hand_number": g.hand_number,
        "dealer": g.dealer,
        "to_play": g.to_play,
        "phase": g.phase.value,
        "scores": list(g.scores),
        "hands": [_encs(h) for h in g.hands],
        "stock": _encs(g.stock),
        "pile": _encs(g.pile.cards),
        "pile_freezers": g.pile.freezers,
        "pile_hidden": g.pile.hidden,
        "side_of": list(g.side_of),
        "melds": [{str(int(r)): _encs(m.cards) for r, m in side.items()} for side in g.melds],
        "red_threes": [_encs(r3) for r3 in g.red_threes],
        "minimums": list(g.minimums),
        "known": [_encs(k) for k in g.known],
        "turn": {
            "drew_from_stock": g.drew_from_stock, "took_pile": g.took_pile,
            "opened_at_turn_start": g.opened_at_turn_start,
            "concealed_chance": g.concealed_chance,
            "melded_this_turn": g.melded_this_turn, "asked": g.asked,
            "answer": g.answer, "asker": g.asker,
            "asked_in_hand": list(g.asked_in_hand),
        },
        "laid_on": [sorted(keys) for keys in g.laid_on],
        "went_out": g.went_out,
        "concealed": g.concealed,
        "end_reason": g.end_reason,
        "winners": list(g.winners),
    }


def game_from_dict(cls: type[Game], d: Any) -> Game:
    try:
        return _from_dict(cls, d)
    except GameStateError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        what = f"missing field {e}" if isinstance(e, KeyError) else str(e)
        raise GameStateError(f"damaged game state: {what}") from None


END_REASONS = ("went_out", "stock_red_three", "stock_three", "stock_out", "pile_passed")


def _strict_int(v: Any, what: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise GameStateError(f"damaged game state: {what} holds {v!r}, not a whole number")
    return v


def _seat_or_none(v: Any, players: int, what: str) -> int | None:
    if v is None:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < players:
        raise GameStateError(f"damaged game state: {what} = {v!r} is not a seat")
    return v


def _int(d: dict, key: str, lo: int, hi: int) -> int:
    v = d[key]
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise GameStateError(f"damaged game state: {key} = {v!r} is out of range")
    return v


def _from_dict(cls: type[Game], d: Any) -> Game:
    from .engine import Phase

    if not isinstance(d, dict):
        raise GameStateError("damaged game state: expected an object")
    fmt = d.get("state_format")
    if fmt != STATE_FORMAT:
        raise GameStateError(f"game state format {fmt!r} is not supported "
                             f"(this version reads {STATE_FORMAT})")
    rules = RuleSet.from_dict(d["rules"])
    seed = d["seed"]
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise GameStateError(f"damaged game state: seed = {seed!r} is not a number")
    g = cls(rules, seed)
    version, internal, gauss = d["rng"]
    g.rng.setstate((version, tuple(internal), gauss))
    n = rules.players
    g.hand_number = _int(d, "hand_number", 0, 10**6)
    g.dealer = _int(d, "dealer", 0, n - 1)
    g.to_play = _int(d, "to_play", 0, n - 1)
    g.phase = Phase(d["phase"])
    g.scores = [_strict_int(s, "scores") for s in d["scores"]]
    if len(g.scores) != rules.sides:
        raise GameStateError("damaged game state: wrong number of scores")
    g.hands = [_decs(h) for h in d["hands"]]
    if len(g.hands) != n:
        raise GameStateError("damaged game state: wrong number of hands")
    g.stock = _decs(d["stock"])
    # absent from states saved before italian canasta existed: no face-down cards
    g.pile = g._pile_cls(_decs(d["pile"]), int(d["pile_freezers"]),
                         _strict_int(d.get("pile_hidden", 0), "pile_hidden"))
    g.side_of = [int(s) for s in d["side_of"]]
    sides = g._meld_sides()
    if len(g.side_of) != n or any(not 0 <= s < sides for s in g.side_of):
        raise GameStateError("damaged game state: bad side_of")
    if len(d["melds"]) != sides or len(d["red_threes"]) != sides:
        raise GameStateError("damaged game state: wrong number of sides")
    g.melds = []
    for side in d["melds"]:
        melds = {}
        for r, cards in side.items():
            rank = Rank(int(r))
            melds[rank] = TableMeld(rank, _decs(cards))
        g.melds.append(melds)
    g.red_threes = [_decs(r3) for r3 in d["red_threes"]]
    g.minimums = [int(m) for m in d["minimums"]]
    g.known = [_decs(k) for k in d["known"]]
    t = d["turn"]
    g.drew_from_stock = bool(t["drew_from_stock"])
    g.took_pile = bool(t["took_pile"])
    g.opened_at_turn_start = bool(t["opened_at_turn_start"])
    g.melded_this_turn = bool(t["melded_this_turn"])
    g.asked = bool(t["asked"])
    g.answer = t["answer"] if t["answer"] in (None, True, False) else None
    g.asker = _seat_or_none(t["asker"], n, "asker")
    # absent from states saved before modern canasta existed: nobody had asked
    g.asked_in_hand = [bool(a) for a in t.get("asked_in_hand", [False] * n)]
    if len(g.asked_in_hand) != n:
        raise GameStateError("damaged game state: wrong number of asked_in_hand")
    _read_laid_on(g, d, t)
    g.went_out = _seat_or_none(d["went_out"], n, "went_out")
    g.concealed = bool(d["concealed"])
    g.end_reason = d["end_reason"]
    if g.end_reason not in (None, *END_REASONS):
        raise GameStateError(f"damaged game state: end_reason = {g.end_reason!r}")
    g.winners = tuple(int(w) for w in d["winners"])
    _check_cards(g)
    if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        g.last_scores = g.hand_score()
    problems = g.invariant_violations()
    if problems:
        raise GameStateError("not a valid position: " + "; ".join(problems))
    return g


def _read_laid_on(g: Game, d: dict, turn: dict) -> None:
    """What each player put on the table this hand (for going out concealed); a state
    saved before it was kept gets the former side-wide reading."""
    from .concealed import laid_on_default

    if "laid_on" not in d:
        g.laid_on = laid_on_default(g)
        g.concealed_chance = g.rules.concealed_going_out and not g.opened_at_turn_start
        return
    keys = d["laid_on"]
    if not isinstance(keys, list) or len(keys) != g.rules.players:
        raise GameStateError("damaged game state: wrong number of laid_on")
    g.laid_on = [{_strict_int(k, "laid_on") for k in seat_keys} for seat_keys in keys]
    g.concealed_chance = bool(turn.get("concealed_chance", False))


def _check_cards(g: Game) -> None:
    cards = g.all_cards()
    expected = Counter(c.identity for c in make_decks(g.rules.decks, g.rules.jokers_per_deck))
    got = Counter(c.identity for c in cards)
    if got != expected:
        extra = sum((got - expected).values())
        missing = sum((expected - got).values())
        raise GameStateError(
            f"not a valid position: {len(cards)} cards where the decks hold "
            f"{g.rules.deck_size} ({extra} unexpected or repeated, {missing} missing)")
