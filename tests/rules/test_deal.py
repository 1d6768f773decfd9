"""Fair deals: each hand is dealt from the game's key, re-deals from its revealed seed, and replays exactly."""

from __future__ import annotations

import hashlib
import json
import random
import shlex
from collections.abc import Iterator

import pytest

import game.ai  # noqa: F401 - registers the players
from game.ai.base import act, make_player
from game.cli.main import main
from game.rules import VARIANTS, Game, Phase
from game.rules.actions import NextHand
from game.rules.deal import DealKey, hand_seed_hex, record_of, redeal, replay_deal
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
        g.apply(act(players[g.to_play], view))


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


def test_the_commitment_is_the_sha256_of_the_server_seed_and_every_hand_has_its_seed():
    key = DealKey(bytes(range(32)), "mine")
    assert key.commitment == hashlib.sha256(bytes(range(32))).hexdigest()
    seeds = {key.hand_seed(n) for n in range(1, 50)}
    assert len(seeds) == 49  # each hand its own deck
    assert key.hand_seed(1) != DealKey(bytes(range(32)), "mine!").hand_seed(1)
    assert DealKey.of_number(5) == DealKey.of_number(5) != DealKey.of_number(6)
    assert len(DealKey.fresh().server_seed) == 32 and DealKey.fresh() != DealKey.fresh()
    with pytest.raises(ValueError):
        DealKey(bytes(15), "")  # under 128 bits


def test_a_games_hands_are_dealt_from_its_key():
    key = DealKey.fresh("typed by the player")
    g = Game.new(VARIANTS["classic"], seed=4, deal_key=key)
    assert g.hand_seed == key.hand_seed(1)
    back = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert back.deal_key == key and back.to_dict() == g.to_dict()
    deals = [played.hand_seed == key.hand_seed(played.hand_number)
             for moment, played in _play(g, 2) if moment == "deal"]
    assert deals == [True, True]


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
    assert back.hand_seed == g.hand_seed and back.deal_key == g.deal_key == DealKey.of_number(3)
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


def test_cli_verify_prints_the_deal_from_its_hand_seed(capsys, tmp_path, monkeypatch):
    from saves.settings import Settings, save_settings

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    save_settings(Settings(language="en"))
    seed = DealKey.of_number(77).hand_seed(1)
    assert main(["verify", "--seed", hand_seed_hex(seed), "--variant", "classic", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    rec = redeal(VARIANTS["classic"], seed)
    assert out["seed"] == hand_seed_hex(seed)
    assert out["stock"] == [c.label for c in rec.stock]
    assert [len(h) for h in out["hands"]] == [len(h) for h in rec.hands]
    assert out["pile"] == [c.label for c in rec.pile]
    assert main(["verify", "--seed", hand_seed_hex(seed), "--dealer", "2"]) == 0
    text = capsys.readouterr().out
    # the seats by name: North deals, East plays first, your cards are "You"
    assert "North deals; East plays first." in text and "\nYou, 11 cards: " in text


def test_cli_verify_checks_a_hand_against_the_commitment(capsys, tmp_path, monkeypatch):
    from game.rules.record import hand_command
    from saves.settings import Settings, save_settings

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    save_settings(Settings(language="en"))
    key = DealKey.fresh("it's mine")
    command = hand_command("classic", 1, 3, key)
    args = shlex.split(command)[1:]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert hand_seed_hex(key.hand_seed(3)) in text and "The commitment matches." in text
    assert redeal(VARIANTS["classic"], key.hand_seed(3), 1).stock[0].label in text
    wrong = DealKey.fresh().commitment
    assert main(args[:-1] + [wrong]) == 1
    assert "does NOT match" in capsys.readouterr().out


def test_cli_verify_speaks_the_players_language(capsys, tmp_path, monkeypatch):
    from game.i18n import get_locale, set_locale
    from saves.settings import Settings, save_settings

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    save_settings(Settings(language="it"))
    before = get_locale()
    key = DealKey.fresh()
    try:
        assert main(["verify", "--server-seed", key.server_seed.hex(), "--player-seed", key.player_seed,
                     "--commitment", key.commitment]) == 0
        text = capsys.readouterr().out
    finally:
        set_locale(before)
    assert "Tallone, " in text and "L'impronta corrisponde." in text and "Stock" not in text


def test_the_worlds_shuffle_is_the_librarys_shuffle():
    # deal.shuffle must swap exactly as random.Random.shuffle does: the AI's sampled
    # worlds (resample.py), and so every figure measured on it, depend on that order
    from game.rules.cards import make_decks
    from game.rules.deal import shuffle

    for seed in (0, 1, 2**63 + 5, 123456789):
        for decks, jokers in ((1, 2), (2, 2), (3, 2)):
            ours, theirs = make_decks(decks, jokers), make_decks(decks, jokers)
            shuffle(ours, random.Random(seed))
            random.Random(seed).shuffle(theirs)
            assert [c.identity for c in ours] == [c.identity for c in theirs]
