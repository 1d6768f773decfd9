"""A finished game's record (docs/FAIR_DEALS.md, "The game record"): its rules, its
seeds, every hand's moves with the cards each move received, every hand's score and
the review ratings; and the check that replays one (`canasta verify --record`).

Pure Python (no pygame). The record is written from the game's own hand records by
replaying them through the engine, so what it says each move drew is what the committed
deck gave; `verify_record` replays it again from the revealed seeds alone and names the
first place where the record and the deck, the rules or the scores disagree.
"""

from __future__ import annotations

import hmac
import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .actions import Action, NextHand, action_from_dict
from .cards import Card
from .deal import DealKey, commitment_of, dealt, hand_seed_hex
from .engine import Game, Phase
from .errors import GameStateError, IllegalMove
from .events import CardsDrawn, Event, HandScored, PileTaken
from .json_values import Json, JsonObject
from .ruleset import RuleSet
from .saved_rules import rules_from_save, save_form

RECORD_FORMAT = "canasta-record/1"


def _labels(cards: Iterable[Card]) -> list[str]:
    return [c.label for c in cards]


def received(events: Sequence[Event]) -> dict[str, list[str]]:
    """What a move gave its player from the deck or the pile: the cards drawn (with any
    threes' replacements, in order) and the pile's cards taken, bottom to top."""
    out: dict[str, list[str]] = {}
    drew = [c.label for e in events if isinstance(e, CardsDrawn) for c in e.cards]
    took = [c.label for e in events if isinstance(e, PileTaken) for c in e.cards]
    if drew:
        out["drew"] = drew
    if took:
        out["took"] = took
    return out


def _scored(events: Sequence[Event]) -> HandScored | None:
    return next((e for e in events if isinstance(e, HandScored)), None)


@dataclass(frozen=True)
class GameInfo:
    """What a record says about a game besides its hands."""

    rules: RuleSet
    key: DealKey
    human: int
    level: str
    started: str  # ISO 8601, UTC
    finished: str
    ratings: Mapping[int, Sequence[Mapping[str, Json]]] = field(default_factory=dict)  # by hand (ratings_of)


class PlayedHand(Protocol):
    """What a game kept of each hand it played (game/ai/review.py's HandRecord)."""

    @property
    def hand(self) -> int:
        """The hand's number in its game, from 1."""
        ...

    @property
    def seed(self) -> int:
        """Its hand seed."""
        ...

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        ...

    @property
    def moves(self) -> tuple[Action, ...]:
        """Every move of the hand, in order."""
        ...


class Verdict(Protocol):
    """What a record keeps of a review's verdict (game/ai/review.py's `Rated`)."""

    @property
    def index(self) -> int:
        """The move's index in its hand."""
        ...

    @property
    def label(self) -> str:
        """The verdict's label."""
        ...

    @property
    def loss(self) -> float:
        """The points it lost against the best move."""
        ...


def build_record(info: GameInfo, hands: Sequence[PlayedHand]) -> JsonObject:
    """The record of a game played from `info.key`, whose hand records are `hands` (in
    order, from hand 1): each hand replayed from the deal to its score. ValueError when
    they are not every hand of that game."""
    rules, key = info.rules, info.key
    if not hands or [r.hand for r in hands] != list(range(1, len(hands) + 1)):
        raise ValueError("a record needs every hand of the game from the first")
    g = dealt(rules, key.hand_seed(1), hands[0].dealer, 1)
    g.deal_key = key
    out_hands: list[JsonObject] = []
    for number, rec in enumerate(hands, 1):
        if number > 1:
            g.apply(NextHand())
        moves: list[JsonObject] = []
        hand: JsonObject = {
            "hand": number, "seed": hand_seed_hex(key.hand_seed(number)), "dealer": g.dealer,
            "dealt": [_labels(h) for h in g.hands], "pile": _labels(g.pile.cards),
            "moves": moves}
        scored = None
        if rec.seed != key.hand_seed(number):
            raise ValueError(f"hand {number} was not dealt from this key")
        for action in rec.moves:
            seat = g.to_play
            events = g.apply(action)
            moves.append({"seat": seat, "action": action.to_dict(), **received(events)})
            scored = scored or _scored(events)
        if scored is None:
            raise ValueError(f"hand {number} of the game did not end")
        hand["totals"] = list(scored.totals)
        hand["scores"] = list(scored.scores)
        if info.ratings.get(number):
            hand["ratings"] = [dict(r) for r in info.ratings[number]]
        out_hands.append(hand)
    return {
        "format": RECORD_FORMAT, **save_form(rules),
        "players": rules.players, "human": info.human, "level": info.level,
        "started": info.started, "finished": info.finished,
        "commitment": key.commitment, "server_seed": key.server_seed.hex(),
        "player_seed": key.player_seed,
        "hands": out_hands, "scores": list(g.scores), "winners": list(g.winners),
    }


def ratings_of(decisions: Sequence[Verdict]) -> list[JsonObject]:
    """A review's verdicts (game/ai/review.py's `Rated`) as the record keeps them: the
    move's index in its hand, the label and the points it lost against the best."""
    return [{"move": d.index, "label": d.label, "loss": round(d.loss, 1)} for d in decisions]


# ------------------------------------------------------------------------- checking
@dataclass(frozen=True)
class Place:
    """Where a record disagrees: the whole record, a hand, or one move of a hand."""

    hand: int | None = None
    move: int | None = None  # counted from 1, as a player reads it
    seat: int | None = None


# what a disagreement names: a field, a seed, a value as the record and the replay show
# it, or the engine's refusal of a move
RecordValue = str | IllegalMove


@dataclass(frozen=True)
class Disagreement:
    """The first place a record and its replay differ, and what differs: `key` is the
    message's catalogue key (verify.record.*), `params` its values."""

    place: Place
    key: str
    params: Mapping[str, RecordValue]


class _Refused(Exception):
    def __init__(self, place: Place, key: str, **params: RecordValue) -> None:
        super().__init__(key)
        self.found = Disagreement(place, key, params)


@dataclass(frozen=True)
class Checked:
    """A record that replays: its game's rules, the hands checked and the game at its end."""

    rules: RuleSet
    hands: int
    commitment: str
    game: Game


def _text(d: Mapping[str, object], name: str, place: Place) -> str:
    v = d.get(name)
    if not isinstance(v, str):
        raise _Refused(place, "verify.record.missing", field=name)
    return v


def _start(d: Mapping[str, object]) -> tuple[RuleSet, DealKey]:
    top = Place()
    if d.get("format") != RECORD_FORMAT:
        raise _Refused(top, "verify.record.format", format=RECORD_FORMAT)
    try:
        rules = rules_from_save(d)
    except (GameStateError, ValueError, TypeError, KeyError):
        raise _Refused(top, "verify.record.rules") from None
    commitment = _text(d, "commitment", top).replace(" ", "").lower()
    try:
        server = bytes.fromhex(_text(d, "server_seed", top))
        key = DealKey(server, _text(d, "player_seed", top))
    except ValueError:
        raise _Refused(top, "verify.record.seed") from None
    if not hmac.compare_digest(commitment_of(server), commitment):
        raise _Refused(top, "verify.record.commitment", commitment=commitment_of(server))
    human = d.get("human")
    if not isinstance(human, int) or not 0 <= human < rules.players:
        raise _Refused(top, "verify.record.missing", field="human")
    return rules, key


def _same(place: Place, what: str, recorded: object, actual: object) -> None:
    if recorded != actual:
        raise _Refused(place, "verify.record.differs", what=what,
                       recorded=_show(recorded), actual=_show(actual))


def _show(v: object) -> str:
    if isinstance(v, list):
        return " ".join(map(str, v)) or "-"
    return str(v)


def _check_move(g: Game, hand: int, index: int, move: object) -> None:
    place = Place(hand, index, g.to_play)
    if not isinstance(move, dict):
        raise _Refused(place, "verify.record.unreadable")
    _same(place, "seat", move.get("seat"), g.to_play)
    try:
        action: Action = action_from_dict(move["action"])
    except (ValueError, TypeError, KeyError, AttributeError):
        raise _Refused(place, "verify.record.unreadable") from None
    refusal = g.check(action)
    if refusal is not None:
        raise _Refused(place, "verify.record.illegal", reason=refusal)
    got = received(g.apply(action))
    for what in ("drew", "took"):
        _same(place, what, move.get(what, []), got.get(what, []))


def _check_hand(g: Game, number: int, hand: object, key: DealKey) -> None:
    place = Place(number)
    if not isinstance(hand, dict) or not isinstance(hand.get("moves"), list):
        raise _Refused(place, "verify.record.unreadable")
    _same(place, "hand", hand.get("hand"), number)
    _same(place, "seed", hand.get("seed"), hand_seed_hex(key.hand_seed(number)))
    _same(place, "dealer", hand.get("dealer"), g.dealer)
    held = hand.get("dealt")
    if not isinstance(held, list) or len(held) != len(g.hands):
        raise _Refused(place, "verify.record.missing", field="dealt")
    for seat, cards in enumerate(g.hands):
        _same(Place(number, None, seat), "dealt", held[seat], _labels(cards))
    _same(place, "pile", hand.get("pile"), _labels(g.pile.cards))
    for index, move in enumerate(hand["moves"], 1):
        if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            raise _Refused(Place(number, index), "verify.record.after_end")
        _check_move(g, number, index, move)
    if g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        raise _Refused(place, "verify.record.unfinished")
    totals = [s.total for s in g.last_scores]
    _same(place, "totals", hand.get("totals"), totals)
    _same(place, "scores", hand.get("scores"), list(g.scores))


def verify_record(d: object) -> Checked | Disagreement:
    """Replay a record from its seeds alone: the commitment, each hand's seed and deal,
    every move's legality and the cards it received, every hand's score and the result.
    The first disagreement, or what was checked."""
    try:
        if not isinstance(d, dict):
            raise _Refused(Place(), "verify.record.format", format=RECORD_FORMAT)
        rules, key = _start(d)
        hands = d.get("hands")
        if not isinstance(hands, list) or not hands:
            raise _Refused(Place(), "verify.record.missing", field="hands")
        first = hands[0].get("dealer") if isinstance(hands[0], dict) else None
        if not isinstance(first, int) or not 0 <= first < rules.players:
            raise _Refused(Place(1), "verify.record.missing", field="dealer")
        g = dealt(rules, key.hand_seed(1), first, 1)
        g.deal_key = key
        for number, hand in enumerate(hands, 1):
            if number > 1:
                if g.phase is Phase.GAME_OVER:
                    raise _Refused(Place(number), "verify.record.after_end")
                g.apply(NextHand())
            _check_hand(g, number, hand, key)
        _same(Place(), "scores", d.get("scores"), list(g.scores))
        _same(Place(), "winners", d.get("winners"), list(g.winners))
        return Checked(rules, len(hands), key.commitment, g)
    except _Refused as e:
        return e.found


def hand_command(variant: str, dealer: int, hand: int, key: DealKey) -> str:
    """The complete command that checks one hand of a finished game: its seeds, its
    number, its dealer and the commitment shown before play."""
    return (f"canasta verify --variant {variant} --dealer {dealer} --hand {hand} "
            f"--server-seed {key.server_seed.hex()} --player-seed {shlex.quote(key.player_seed)} "
            f"--commitment {key.commitment}")


def seed_command(variant: str, dealer: int, hand_seed: int) -> str:
    """The command that re-deals one hand from the hand seed revealed at its end."""
    return f"canasta verify --variant {variant} --dealer {dealer} --seed {hand_seed_hex(hand_seed)}"
