"""`canasta verify`: re-deal a hand from its revealed seed and print it whole."""

from __future__ import annotations

import json

from game.i18n import resolve_language, set_locale, tr
from game.rules.cards import Card
from game.rules.deal import DealRecord, commitment_bytes, redeal
from game.rules.ruleset import RuleSet


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(c.label for c in cards) if cards else "-"


def describe(rec: DealRecord) -> list[str]:
    """The deal as lines of text in the current language: the commitment, every hand, the
    pile and the stock (cards by their labels, which `--json` and the game also use)."""
    text = commitment_bytes(rec.variant, rec.hand_seed).decode()
    out = [tr("verify.variant", variant=rec.variant),
           tr("verify.seed", seed=rec.hand_seed),
           tr("verify.commitment", hash=rec.commitment),
           "  = " + tr("verify.commitment_of", text=repr(text)),
           tr("verify.dealer", dealer=rec.dealer, first=rec.first_to_play)]
    for seat, hand in enumerate(rec.hands):
        out.append(tr("verify.hand", seat=seat, count=len(hand), cards=_cards(hand)))
        if rec.laid_out[seat]:
            out.append("  " + tr("verify.laid_out", cards=_cards(rec.laid_out[seat])))
    if rec.pile_hidden:
        out.append(tr("verify.pile_hidden", hidden=rec.pile_hidden, cards=_cards(rec.pile)))
    else:
        out.append(tr("verify.pile", cards=_cards(rec.pile)))
    out.append(tr("verify.stock", count=len(rec.stock), cards=_cards(rec.stock)))
    return out


def run_verify(rules: RuleSet, hand_seed: int, dealer: int, expected: str | None,
               as_json: bool) -> int:
    """Print the re-dealt hand; 1 when `expected` (a commitment) does not match."""
    rec = redeal(rules, hand_seed, dealer)
    matches = None if expected is None else expected.strip().lower() == rec.commitment
    if as_json:
        out = rec.to_dict()
        if matches is not None:
            out["commitment_matches"] = matches
        print(json.dumps(out))
    else:
        from saves.settings import load_settings

        set_locale(resolve_language(load_settings().language))
        for line in describe(rec):
            print(line)
        if matches is not None:
            print(tr("verify.matches" if matches else "verify.mismatch"))
    return 0 if matches is not False else 1
