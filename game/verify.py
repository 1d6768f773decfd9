"""`canasta verify`: re-deal a hand from its revealed seed and print it whole."""

from __future__ import annotations

import json

from game.rules.cards import Card
from game.rules.deal import DealRecord, commitment_bytes, redeal
from game.rules.ruleset import RuleSet


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(c.label for c in cards) if cards else "-"


def describe(rec: DealRecord) -> list[str]:
    """The deal as lines of text: the commitment, every hand, the pile and the stock."""
    text = commitment_bytes(rec.variant, rec.hand_seed).decode()
    out = [f"variant     {rec.variant}",
           f"hand seed   {rec.hand_seed}",
           f"commitment  {rec.commitment}",
           f"            = SHA-256 of the UTF-8 text {text!r}",
           f"dealer      seat {rec.dealer}; seat {rec.first_to_play} plays first"]
    for seat, hand in enumerate(rec.hands):
        out.append(f"seat {seat}      {len(hand):>2} cards: {_cards(hand)}")
        if rec.laid_out[seat]:
            out.append(f"            laid out at the deal: {_cards(rec.laid_out[seat])}")
    hidden = f" ({rec.pile_hidden} face down at the bottom)" if rec.pile_hidden else ""
    out.append(f"pile        bottom to top{hidden}: {_cards(rec.pile)}")
    out.append(f"stock       {len(rec.stock)} cards, next card first: {_cards(rec.stock)}")
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
        for line in describe(rec):
            print(line)
        if matches is not None:
            print("the commitment matches" if matches
                  else "the commitment does NOT match this seed and variant")
    return 0 if matches is not False else 1
