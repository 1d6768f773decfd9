"""The engine lists and reports exactly what it did when these digests were recorded.

A change to the engine that is meant to change nothing a player or the AI can see (a
refactor, a faster generator) must keep every digest. A change that is meant to change
play (a rule, a new shuffle) re-records them in the same commit and says why:
`python benchmarks/digest.py --record` prints the table below.
"""

from __future__ import annotations

import pytest

from tests.rules.characterization import HANDS, cases, digest

RECORDED = {
    "classic": "8a1c5ad55d68ed4f95abef35e474c3abca94f9b4b56070836ecdb704908060d9",
    "classic-2p": "e427243186a9d908bed73b8c6c4051163702a8415eaea1ed1261a893dce89777",
    "classic-3p": "48857dcdfafa3a49273907320a2ef72f319b726f5bc9ba1f58181e37b2f55771",
    "modern-american": "6d883f3ef9c1cb9af446e08be2afa3db6a3796257bfe078910f38ae58caeb5c9",
    "italian": "ce8721d5b73e24773d286204ef83353de9afa5a0c4a342473d5ea1c47ec5f957",
    "classic[wild_ratio=hoyle]": "70660f879c722ecdc54f33577d94b8d12c6c796b3b2af05feda9e9b143ffaadd",
    "classic[wild_canasta=True]": "8a1c5ad55d68ed4f95abef35e474c3abca94f9b4b56070836ecdb704908060d9",
    "classic[go_out_yes_binds=False]": "1c3a758b3d45d5db2a6e1ed4c88a3dacd4c70999face37c4fbec7194ff5fd291",
    "classic[stock_out_ends_hand=True]": "154f0f6e8012cb9dae521407b7e4ce75499e527f237c1fe5a44c7cbd0a666011",
    "classic[black3_in_hand_penalty=100]": "4d6da896f71e4468576e4ba848a1851968b436fd1a04ab738aa93008858daaea",
    "classic[pile_always_frozen=True]": "98cdcddc9797a04d7beab1b2f093d911d6c5bf5ffff467bbe5295096be5d8897",
    "classic-3p[cutthroat=True]": "da13cb944611ca35fe58aeb8f6392899c4890be222ddfdbed3069bdd150b30b8",
    "italian[dirty_opening=True]": "e314da7efb1254f5d1506937ea4b5019e6fb275ece8cd0e1eea536acb5b60de0",
}


@pytest.mark.parametrize(("name", "rules"), cases(), ids=[name for name, _ in cases()])
def test_engine_lists_and_reports_as_recorded(name, rules):
    assert digest(rules, HANDS).ordered == RECORDED[name], (
        f"{name}: the legal moves or events changed; if only their order did, "
        "benchmarks/digest.py --sets says so")


def test_every_case_is_recorded():
    assert sorted(RECORDED) == sorted(name for name, _ in cases())
