"""A game as plain JSON data, and back, refusing anything that is not a real position."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from .cards import Card, Rank, make_decks
from .deal import HAND_SEED_LIMIT, DealKey
from .errors import GameStateError
from .melds import BLACK_THREES, WILD_MELD, TableMeld
from .ruleset import RuleSet
from .saved_rules import bad_value, describe, rules_from_fields, rules_from_save, save_form

if TYPE_CHECKING:
    from .engine import Game

# 1: the rules as every RuleSet field under "rules" (still read: every value is checked,
#    and rules that are a variant plus house options become that again).
# 2: the rules as "variant" plus "options" (its house options); "rules" with every field
#    only for a rule set that is not a variant plus house options.
STATE_FORMAT = 2
READABLE_FORMATS = (1, 2)

# Far beyond any real game (targets go up to 15,000 and a hand scores a few thousand),
# small enough that no arithmetic on a score can misbehave.
SCORE_LIMIT = 1_000_000
HAND_LIMIT = 1_000_000
SEED_LIMIT = 2**64
_RNG_WORDS = 625  # random.Random's state: 624 words and a position
_MELD_KEYS = {str(int(r)): r for r in Rank
              if r.is_natural or r in (BLACK_THREES, WILD_MELD)}
_RANK_KEYS = {r: str(int(r)) for r in Rank}


def _enc(c: Card) -> str:
    return f"{c.label}/{c.deck}"


def _encs(cards: Iterable[Card]) -> list[str]:
    return [_enc(c) for c in cards]


@cache
def _card_table(decks: int, jokers_per_deck: int) -> dict[str, Card]:
    """Each card of these decks by the text a save writes for it (decks and jokers are
    checked small before this is asked for)."""
    return {_enc(c): c for c in make_decks(decks, jokers_per_deck)}


def _cards(seq: Any, table: dict[str, Card], field: str) -> list[Card]:
    """A list of card texts, each one of the game's physical cards."""
    if not isinstance(seq, list) or len(seq) > len(table):
        raise bad_value(field, seq, f"a list of at most {len(table)} cards")
    try:
        return [table[s] for s in seq]
    except (KeyError, TypeError):
        i = next(i for i, s in enumerate(seq) if not isinstance(s, str) or s not in table)
        raise bad_value(f"{field}[{i}]", seq[i], "a card of these decks") from None


def _card_lists(seq: Any, count: int, table: dict[str, Card], field: str) -> list[list[Card]]:
    if not isinstance(seq, list) or len(seq) != count:
        raise bad_value(field, seq, f"a list of {count} lists of cards")
    return [_cards(cards, table, f"{field}[{i}]") for i, cards in enumerate(seq)]


def game_to_dict(g: Game) -> dict[str, Any]:
    """The whole game as JSON values, down to the random generator's state."""
    version, internal, gauss = g.rng.getstate()
    return {
        "state_format": STATE_FORMAT,
        **save_form(g.rules),
        "seed": g.seed,
        "rng": [version, list(internal), gauss],
        "hand_number": g.hand_number,
        "hand_seed": g.hand_seed,
        "deal_key": None if g.deal_key is None else g.deal_key.to_dict(),
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
        "melds": [{_RANK_KEYS[r]: _encs(m.cards) for r, m in side.items()} for side in g.melds],
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
    """The game `game_to_dict` wrote; GameStateError names the first field that is wrong."""
    try:
        return _from_dict(cls, d)
    except GameStateError:
        raise
    except KeyError as e:
        field = str(e.args[0]) if e.args else "?"
        raise GameStateError(f"damaged game state: missing field {field!r}", field=field,
                             problem="missing") from None
    except (TypeError, ValueError, IndexError, AttributeError) as e:
        raise GameStateError(f"damaged game state: {e}") from None


TURN = "turn."  # where a file's turn fields are, for messages naming one
END_REASONS = ("went_out", "stock_red_three", "stock_three", "stock_out", "pile_passed")


def _whole(v: Any, lo: int, hi: int, field: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise bad_value(field, v, f"a whole number from {lo} to {hi}")
    return v


def _seat_or_none(v: Any, players: int, what: str) -> int | None:
    if v is None:
        return None
    return _whole(v, 0, players - 1, what)


def _int(d: dict[str, Any], key: str, lo: int, hi: int) -> int:
    return _whole(d[key], lo, hi, key)


def _ints(v: Any, count: int, lo: int, hi: int, field: str) -> list[int]:
    if not isinstance(v, list) or len(v) != count:
        raise bad_value(field, v, f"a list of {count} whole numbers")
    return [_whole(x, lo, hi, f"{field}[{i}]") for i, x in enumerate(v)]


def _flag(d: dict[str, Any], key: str, within: str = "") -> bool:
    v = d[key]
    if not isinstance(v, bool):
        raise bad_value(f"{within}{key}", v, "true or false")
    return v


def _rules(d: dict[str, Any], fmt: int) -> RuleSet:
    return rules_from_fields(d["rules"]) if fmt == 1 else rules_from_save(d)


def _restore_rng(g: Game, v: Any) -> None:
    if not (isinstance(v, list) and len(v) == 3 and isinstance(v[1], list)
            and len(v[1]) == _RNG_WORDS and (v[2] is None or isinstance(v[2], float))):
        raise bad_value("rng", v, "a random generator's state")
    version, internal, gauss = v
    try:
        g.rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError):
        raise bad_value("rng", v, "a random generator's state") from None


def _from_dict(cls: type[Game], d: Any) -> Game:
    from .engine import Phase

    if not isinstance(d, dict):
        raise GameStateError("damaged game state: expected an object")
    fmt = d.get("state_format")
    if fmt not in READABLE_FORMATS or isinstance(fmt, bool):
        raise GameStateError(f"game state format {describe(fmt)} is not supported "
                             f"(this version reads {READABLE_FORMATS[0]} to {STATE_FORMAT})",
                             field="state_format")
    # the rules first: every size below is checked against them
    rules = _rules(d, fmt)
    seed = d["seed"]
    if seed is not None:
        _whole(seed, -SEED_LIMIT, SEED_LIMIT, "seed")
    g = cls(rules, seed)
    _restore_rng(g, d["rng"])
    n = rules.players
    table = _card_table(rules.decks, rules.jokers_per_deck)
    g.hand_number = _int(d, "hand_number", 0, HAND_LIMIT)
    # absent from states saved before each hand had its own seed: nothing to reveal
    hand_seed = d.get("hand_seed")
    g.hand_seed = None if hand_seed is None else _whole(hand_seed, 0, HAND_SEED_LIMIT - 1, "hand_seed")
    # absent from states saved before deals had keys: the seed's own key is used
    key = d.get("deal_key")
    try:
        g.deal_key = None if key is None else DealKey.from_dict(key)
    except ValueError:
        raise bad_value("deal_key", key, "a server seed and a player's seed") from None
    g.dealer = _int(d, "dealer", 0, n - 1)
    g.to_play = _int(d, "to_play", 0, n - 1)
    phase = d["phase"]
    phases = [p.value for p in Phase]
    if not isinstance(phase, str) or phase not in phases:
        raise bad_value("phase", phase, "one of " + ", ".join(phases))
    g.phase = Phase(phase)
    _read_cards(g, d, table)
    _read_turn(g, d)
    _read_ending(g, d)
    _check_cards(g)
    if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        g.last_scores = g.hand_score()
    problems = g.invariant_violations()
    if problems:
        raise GameStateError("not a valid position: " + "; ".join(problems))
    return g


def _read_cards(g: Game, d: dict[str, Any], table: dict[str, Card]) -> None:
    """Scores and every card's place: hands, stock, pile, melds, threes, known cards."""
    rules = g.rules
    n = rules.players
    sides = g.meld_sides()
    g.scores = _ints(d["scores"], rules.sides, -SCORE_LIMIT, SCORE_LIMIT, "scores")
    g.hands = _card_lists(d["hands"], n, table, "hands")
    g.stock = _cards(d["stock"], table, "stock")
    pile = _cards(d["pile"], table, "pile")
    # pile_hidden is absent from states saved before italian canasta existed: no
    # face-down cards
    g.pile = g.pile_type(pile, _int(d, "pile_freezers", 0, len(table)),
                         _whole(d.get("pile_hidden", 0), 0, len(pile), "pile_hidden"))
    g.side_of = _ints(d["side_of"], n, 0, sides - 1, "side_of")
    g.melds = []
    melds_in = d["melds"]
    if not isinstance(melds_in, list) or len(melds_in) != sides:
        raise bad_value("melds", melds_in, f"a list of {sides} objects of melds")
    for i, side in enumerate(melds_in):
        if not isinstance(side, dict) or len(side) > len(_MELD_KEYS):
            raise bad_value(f"melds[{i}]", side, "an object of melds by rank")
        melds = {}
        for r, cards in side.items():
            rank = _MELD_KEYS.get(r) if isinstance(r, str) else None
            if rank is None:
                raise bad_value(f"melds[{i}]", r, "a meld's rank")
            melds[rank] = TableMeld(rank, _cards(cards, table, f"melds[{i}].{r}"))
        g.melds.append(melds)
    g.red_threes = _card_lists(d["red_threes"], sides, table, "red_threes")
    g.minimums = _ints(d["minimums"], sides, 0, 10_000, "minimums")
    g.known = _card_lists(d["known"], n, table, "known")


def _read_turn(g: Game, d: dict[str, Any]) -> None:
    """The state of the turn in play."""
    n = g.rules.players
    t = d["turn"]
    if not isinstance(t, dict):
        raise bad_value("turn", t, "an object")
    g.drew_from_stock = _flag(t, "drew_from_stock", TURN)
    g.took_pile = _flag(t, "took_pile", TURN)
    g.opened_at_turn_start = _flag(t, "opened_at_turn_start", TURN)
    g.melded_this_turn = _flag(t, "melded_this_turn", TURN)
    g.asked = _flag(t, "asked", TURN)
    if t["answer"] is not None and not isinstance(t["answer"], bool):
        raise bad_value(f"{TURN}answer", t["answer"], "true, false or null")
    g.answer = t["answer"]
    g.asker = _seat_or_none(t["asker"], n, f"{TURN}asker")
    # absent from states saved before modern canasta existed: nobody had asked
    asked = t.get("asked_in_hand", [False] * n)
    if not isinstance(asked, list) or len(asked) != n or not all(isinstance(a, bool) for a in asked):
        raise bad_value(f"{TURN}asked_in_hand", asked, f"a list of {n} true/false values")
    g.asked_in_hand = list(asked)
    _read_laid_on(g, d, t)


def _read_ending(g: Game, d: dict[str, Any]) -> None:
    """How the hand ended and who won the game, if they did."""
    n = g.rules.players
    rules = g.rules
    g.went_out = _seat_or_none(d["went_out"], n, "went_out")
    g.concealed = _flag(d, "concealed")
    g.end_reason = d["end_reason"]
    if g.end_reason not in (None, *END_REASONS):
        raise bad_value("end_reason", g.end_reason, "one of " + ", ".join(END_REASONS))
    winners = d["winners"]
    if not isinstance(winners, list) or len(winners) > rules.sides:
        raise bad_value("winners", winners, f"a list of at most {rules.sides} sides")
    g.winners = tuple(_whole(w, 0, rules.sides - 1, f"winners[{i}]") for i, w in enumerate(winners))


def _read_laid_on(g: Game, d: dict[str, Any], turn: dict[str, Any]) -> None:
    """What each player put on the table this hand (for going out concealed); a state
    saved before it was kept gets the former side-wide reading."""
    from .concealed import laid_on_default

    if "laid_on" not in d:
        g.laid_on = laid_on_default(g)
        g.concealed_chance = g.rules.concealed_going_out and not g.opened_at_turn_start
        return
    n = g.rules.players
    keys = d["laid_on"]
    valid = {int(r) for r in _MELD_KEYS.values()}
    if not (isinstance(keys, list) and len(keys) == n and all(
            isinstance(seat, list) and all(
                isinstance(k, int) and not isinstance(k, bool) and k in valid for k in seat)
            for seat in keys)):
        raise bad_value("laid_on", keys, f"a list of {n} lists of meld ranks")
    g.laid_on = [set(seat) for seat in keys]
    g.concealed_chance = _flag(turn, "concealed_chance", TURN)


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


def game_copy(g: Game) -> Game:
    """An independent copy of `g` as `game_from_dict(game_to_dict(g))` restores it (the
    same position, generator state and physical cards; like a save, without this hand's
    history or the last move list), with no save form written, parsed and checked: the
    hints try moves on copies. Card lists are copied; cards and rule sets are immutable
    and shared; so are the tables of counts the game worked out (`memo`)."""
    c = type(g)(g.rules, g.seed, g.deal_key)
    c.cache.tables = g.cache.tables
    c.rng.setstate(g.rng.getstate())
    c.hand_number, c.hand_seed, c.dealer, c.to_play = g.hand_number, g.hand_seed, g.dealer, g.to_play
    c.phase = g.phase
    c.scores = list(g.scores)
    c.hands = [list(h) for h in g.hands]
    c.stock = list(g.stock)
    pile = g.pile
    c.pile = c.pile_type(pile.cards, pile.freezers, pile.hidden)  # (the cards: a new list)
    c.side_of = list(g.side_of)
    c.melds = [{r: _meld_copy(m) for r, m in side.items()} for side in g.melds]
    c.red_threes = [list(r3) for r3 in g.red_threes]
    c.minimums = list(g.minimums)
    c.known = [list(k) for k in g.known]
    c.drew_from_stock, c.took_pile = g.drew_from_stock, g.took_pile
    c.opened_at_turn_start, c.concealed_chance = g.opened_at_turn_start, g.concealed_chance
    c.melded_this_turn, c.asked, c.answer, c.asker = (g.melded_this_turn, g.asked, g.answer,
                                                      g.asker)
    c.asked_in_hand = list(g.asked_in_hand)
    c.laid_on = [set(keys) for keys in g.laid_on]
    c.went_out, c.concealed, c.end_reason = g.went_out, g.concealed, g.end_reason
    c.winners = tuple(g.winners)
    c.last_scores = list(g.last_scores)  # (scores of a finished hand: immutable)
    return c


def _meld_copy(m: TableMeld) -> TableMeld:
    out = TableMeld(m.rank)
    out.cards = list(m.cards)
    out.naturals, out.wilds = m.naturals, m.wilds
    return out
