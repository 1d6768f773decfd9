"""`canasta verify`: re-deal a hand from its seeds and print it whole, or replay a whole
game's record (docs/FAIR_DEALS.md)."""

from __future__ import annotations

import hmac
import json
from pathlib import Path

from game.i18n import resolve_language, set_locale, tr
from game.record_text import disagreement_text, seat_name
from game.rules.cards import Card
from game.rules.deal import DealKey, DealRecord, commitment_of, grouped, hand_seed_hex, redeal
from game.rules.record import Checked, verify_record
from game.rules.ruleset import RuleSet


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(c.label for c in cards) if cards else "-"


def speak_players_language() -> None:
    """Print in the language the player chose for the game (settings), as the game does."""
    from saves.settings import load_settings

    set_locale(resolve_language(load_settings().language))


def describe(rec: DealRecord, players: int) -> list[str]:
    """The deal as lines of text in the current language: every hand by its seat's name
    (seat 0 is You), the pile and the stock (cards by their labels, as `--json` and the
    game record give them)."""
    def name(seat: int) -> str:
        return seat_name(players, 0, seat)

    out = [tr("verify.variant", variant=rec.variant),
           tr("verify.seed", seed=hand_seed_hex(rec.hand_seed)),
           tr("verify.seats", seats=", ".join(f"{s} {name(s)}" for s in range(players))),
           tr("verify.dealer", dealer=name(rec.dealer), first=name(rec.first_to_play))]
    for seat, hand in enumerate(rec.hands):
        out.append(tr("verify.hand", seat=name(seat), count=len(hand), cards=_cards(hand)))
        if rec.laid_out[seat]:
            out.append("  " + tr("verify.laid_out", cards=_cards(rec.laid_out[seat])))
    if rec.pile_hidden:
        out.append(tr("verify.pile_hidden", hidden=rec.pile_hidden, cards=_cards(rec.pile)))
    else:
        out.append(tr("verify.pile", cards=_cards(rec.pile)))
    out.append(tr("verify.stock", count=len(rec.stock), cards=_cards(rec.stock)))
    return out


def run_verify(rules: RuleSet, dealer: int, hand_seed: int | None, key: DealKey | None,
               hand: int, expected: str | None, as_json: bool) -> int:
    """Print one re-dealt hand, from its hand seed or from the game's seeds and the hand's
    number; 1 when `expected` (the commitment) is not the server seed's SHA-256."""
    if key is not None:
        hand_seed = key.hand_seed(hand)
    assert hand_seed is not None
    rec = redeal(rules, hand_seed, dealer)
    matches = None
    if key is not None and expected is not None:
        matches = hmac.compare_digest(expected.replace(" ", "").lower(), key.commitment)
    if as_json:
        out = rec.to_dict()
        if key is not None:
            out |= {"hand": hand, "commitment": key.commitment, **key.to_dict()}
        if matches is not None:
            out["commitment_matches"] = matches
        print(json.dumps(out))
        return 0 if matches is not False else 1
    speak_players_language()
    lines = describe(rec, rules.players)
    if key is None:
        lines.append(tr("verify.seed_only"))
    else:
        lines[1:1] = [tr("verify.hand_number", hand=hand),
                      tr("verify.server_seed", seed=key.server_seed.hex()),
                      tr("verify.player_seed", seed=repr(key.player_seed)),
                      tr("verify.commitment", hash=grouped(commitment_of(key.server_seed))),
                      "  " + tr("verify.commitment_of")]
    if matches is not None:
        lines.append(tr("verify.matches" if matches else "verify.mismatch"))
    for line in lines:
        print(line)
    return 0 if matches is not False else 1


def run_verify_record(path: Path) -> int:
    """Replay a game record: 0 when everything agrees, 1 at the first disagreement (named),
    2 when the file cannot be read."""
    try:
        record = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError, RecursionError) as e:
        speak_players_language()
        print(tr("verify.record.file", file=path, detail=e))
        return 2
    speak_players_language()
    result = verify_record(record)
    if isinstance(result, Checked):
        print(tr("verify.record.ok", count=result.hands, variant=result.rules.name,
                 hash=grouped(result.commitment)))
        return 0
    print(disagreement_text(result, record))
    return 1
