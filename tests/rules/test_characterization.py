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
    "classic": "777846bb6a69e4a527d8c46c8f72bc77161d98959ce0d3e4e433ab7023b41ab7",
    "classic-2p": "5c8132a84d3bf36e689a7d997a9a531d9ef18f6148693799ffd9430c01431a62",
    "classic-3p": "66639c56ee7553b0560fad4cc6a1e91fafc9478336b1bca2f1a46f720edf6306",
    "modern-american": "1117043366b97e74c135035bb5f0de2172f12f4a75d1f2fef67a229bfa3551cf",
    "italian": "e9354c0be48e8f5c90ddd21ca7ac7370ec01258e1a51d06a0220e10fe4040ed4",
    "classic[wild_ratio=hoyle]": "3e40f691d70d138213fd0689a61e475a3ab1ce6a46eab2002f4f6aa1cd6cfee1",
    "classic[wild_canasta=True]": "ad33cf4063574573f200c455987ae49f6310a0a3aa2652c659d3c2e458898c83",
    "classic[go_out_yes_binds=False]": "06168d0100485a98be74e32a3848c12ad102c5b863d86e7ac68c7f2e8476db3a",
    "classic[stock_out_ends_hand=True]": "799210439fb5135de34bf96e868ed652b24e7b19c9d4e960a58d39928275dee6",
    "classic[black3_in_hand_penalty=100]": "79f788024250a5798d000a96b5a3ae48327a96a4023bc0f1e67d149f7337e4bf",
    "classic[pile_always_frozen=True]": "9de4564958895f818b96b8b685805ab47c3a663b44454c341d49ccac48e730a8",
    "classic-3p[cutthroat=True]": "00d2e13749297c83be28ddc0726ad31b590e2713f89abb0021d6e59a8843cd5c",
    "italian[dirty_opening=True]": "3a89933c3fd06f4075107c91c148d4cfd723a1a3f5121ea35e818943a858b5e0",
}


@pytest.mark.parametrize(("name", "rules"), cases(), ids=[name for name, _ in cases()])
def test_engine_lists_and_reports_as_recorded(name, rules):
    assert digest(rules, HANDS).ordered == RECORDED[name], (
        f"{name}: the legal moves or events changed; if only their order did, "
        "benchmarks/digest.py --sets says so")


def test_every_case_is_recorded():
    assert sorted(RECORDED) == sorted(name for name, _ in cases())
