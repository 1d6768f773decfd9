"""Provably fair deals: each hand re-deals from its revealed seed, and replays exactly."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator

import pytest

import game.ai  # noqa: F401 - registers the players
from game.ai.base import make_player
from game.cli.main import main
from game.rules import VARIANTS, Game, Phase
from game.rules.actions import AnswerGoOut, NextHand
from game.rules.deal import commitment, record_of, redeal, replay_deal
from game.rules.ruleset import house_options_for


def _play(g: Game, max_hands: int = 12) -> Iterator[tuple[str, Game]]:
    """Play `g` with greedy players, yielding ("deal", g) after each deal and
    ("end", g) at each hand's end."""
    players = [make_player("greedy", 11 + s) for s in range(g.players)]
    yield "deal", g
    while True:
        if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            yield "end", g
            if g.is_over or g.hand_number >= max_hands:
                return
            g.apply(NextHand())
            yield "deal", g
            continue
        view = g.view(g.to_play)
        if g.phase is Phase.ASK_PARTNER:
            g.apply(AnswerGoOut(players[g.to_play].answer_go_out(view)))
        else:
            g.apply(players[g.to_play].choose(view))


@pytest.mark.parametrize("variant", ["classic", "italian", "classic-3p"])
def test_verify_reproduces_every_deal_of_a_game(variant):
    g = Game.new(VARIANTS[variant], seed=21)
    deals = 0
    seeds = set()
    for moment, played in _play(g, max_hands=4):
        if moment != "deal":
            continue
        dealt = record_of(played)
        assert played.hand_seed is not None
        again = redeal(VARIANTS[variant], played.hand_seed, played.dealer)
        assert again == dealt  # every hand, the laid-out threes, the pile, the stock order
        assert sorted(c.identity for c in again.stock) == sorted(c.identity for c in played.stock)
        deals += 1
        seeds.add(played.hand_seed)
    assert deals >= 2 and len(seeds) == deals


def test_commitment_is_the_sha256_of_the_documented_text():
    text = b"canasta-deal/1 variant=classic seed=1234"
    assert commitment("classic", 1234) == hashlib.sha256(text).hexdigest()
    assert commitment("classic", 1234) != commitment("classic-2p", 1234)
    assert commitment("classic", 1234) != commitment("classic", 1235)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_house_options_never_change_the_deal(variant):
    # the commitment names the variant only: no option may change the cards dealt
    rules = VARIANTS[variant]
    plain = redeal(rules, 987654321, dealer=1)
    for name, values in house_options_for(rules).items():
        for value in values:
            assert redeal(rules.with_options(**{name: value}), 987654321, dealer=1) == plain


def test_a_game_seed_still_replays_the_whole_game():
    a, b = Game.new(VARIANTS["classic"], seed=7), Game.new(VARIANTS["classic"], seed=7)
    assert a.to_dict() == b.to_dict()
    ends_a = [g.to_dict() for m, g in _play(a, 3) if m == "end"]
    ends_b = [g.to_dict() for m, g in _play(b, 3) if m == "end"]
    assert ends_a == ends_b and len(ends_a) == 3


def test_the_seed_is_saved_and_the_dealer_only_turns_the_hands():
    g = Game.new(VARIANTS["classic"], seed=3)
    back = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert back.hand_seed == g.hand_seed
    a, b = redeal(VARIANTS["classic"], 5, dealer=0), redeal(VARIANTS["classic"], 5, dealer=1)
    assert a.stock == b.stock
    # the same cards go round the table one seat further on
    assert all(a.hands[s] == b.hands[(s + 1) % 4] for s in range(4))
    assert all(a.laid_out[s] == b.laid_out[(s + 1) % 4] for s in range(4))
    with pytest.raises(ValueError):
        redeal(VARIANTS["classic"], 5, dealer=4)


@pytest.mark.parametrize("variant", ["classic", "modern-american"])
def test_replay_yields_the_same_state_at_the_deal(variant):
    g = Game.new(VARIANTS[variant], seed=31)
    at_deal = None
    replays = 0
    for moment, played in _play(g, max_hands=3):
        if moment == "deal":
            at_deal = played.to_dict()
            continue
        again = replay_deal(played)
        assert again.to_dict() == at_deal
        # a saved finished hand replays the same way
        loaded = Game.from_dict(json.loads(json.dumps(played.to_dict())))
        assert replay_deal(loaded).to_dict() == at_deal
        replays += 1
    assert replays == 3


def test_only_a_finished_hand_is_replayed():
    g = Game.new(VARIANTS["classic"], seed=2)
    with pytest.raises(ValueError):
        replay_deal(g)


def test_cli_verify_prints_the_deal_and_checks_a_commitment(capsys, tmp_path, monkeypatch):
    from saves.settings import Settings, save_settings

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    save_settings(Settings(language="en"))
    assert main(["verify", "--seed", "77", "--variant", "classic", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    rec = redeal(VARIANTS["classic"], 77)
    assert out["commitment"] == rec.commitment
    assert out["stock"] == [c.label for c in rec.stock]
    assert [len(h) for h in out["hands"]] == [len(h) for h in rec.hands]
    assert out["pile"] == [c.label for c in rec.pile]
    good = rec.commitment
    assert main(["verify", "--seed", "77", "--commitment", good]) == 0
    text = capsys.readouterr().out
    assert good in text and "The commitment matches." in text
    assert main(["verify", "--seed", "78", "--commitment", good]) == 1


def test_cli_verify_speaks_the_players_language(capsys, tmp_path, monkeypatch):
    from game.i18n import get_locale, set_locale
    from saves.settings import Settings, save_settings

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    save_settings(Settings(language="it"))
    before = get_locale()
    try:
        rec = redeal(VARIANTS["classic"], 77)
        assert main(["verify", "--seed", "77", "--commitment", rec.commitment]) == 0
        text = capsys.readouterr().out
    finally:
        set_locale(before)
    assert "Tallone, " in text and "L'impronta corrisponde." in text and "Stock" not in text


def test_the_deal_shuffle_is_the_librarys_shuffle():
    # the deal's own loop must swap exactly as random.Random.shuffle does: every deal
    # already announced (its commitment, `canasta verify`) depends on that order
    from game.rules.cards import make_decks
    from game.rules.deal import shuffle

    for seed in (0, 1, 2**63 + 5, 123456789):
        for decks, jokers in ((1, 2), (2, 2), (3, 2)):
            ours, theirs = make_decks(decks, jokers), make_decks(decks, jokers)
            shuffle(ours, random.Random(seed))
            random.Random(seed).shuffle(theirs)
            assert [c.identity for c in ours] == [c.identity for c in theirs]
