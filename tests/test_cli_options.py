"""`canasta simulate --option NAME=VALUE`: house-rule options from the command line."""

from __future__ import annotations

import json

import pytest

from game.cli.main import main, with_house_options
from game.rules import VARIANTS


def test_house_options_are_read_from_text_with_their_allowed_values():
    rules = with_house_options(VARIANTS["classic-3p"], [("cutthroat", "true"), ("target", "5000")])
    assert rules.cutthroat is True and rules.target == 5000
    assert with_house_options(VARIANTS["classic"], [("wild_ratio", "hoyle")]).wild_ratio == "hoyle"


@pytest.mark.parametrize(("variant", "option", "said"), [
    ("classic", ("cutthroat", "true"), "no house option 'cutthroat'"),
    ("classic-3p", ("cutthroat", "maybe"), "cutthroat takes one of"),
    ("classic", ("target", "12"), "target takes one of"),
])
def test_an_option_the_variant_does_not_offer_is_refused(variant, option, said):
    with pytest.raises(ValueError, match=said):
        with_house_options(VARIANTS[variant], [option])


def test_simulate_plays_with_the_option_and_reports_it(capsys):
    code = main(["simulate", "--variant", "classic-3p", "--games", "1", "--seed", "2",
                 "--agents", "random", "--option", "cutthroat=true", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["options"] == {"cutthroat": True}
    assert out["errors"] == 0 and out["invariant_violations"] == 0


def test_simulate_refuses_a_malformed_option(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--variant", "classic-3p", "--option", "cutthroat"])
    assert "NAME=VALUE" in capsys.readouterr().err
