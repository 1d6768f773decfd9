"""Seeded play for the saves tests, importable by them and runnable as a child process.

    python saves_child.py kill SEED        resume the autosave (or start), then play on,
                                           autosaving after every move and printing the
                                           move count, until killed
    python saves_child.py resume SLOT      load a slot in this fresh process, play it to
                                           the end and print every action/event as JSON

CANASTA_HOME must be set by the caller; the repository must be on PYTHONPATH.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from game.ai import make_player
from game.ai.base import Player, act
from game.rules import Game, Phase
from game.rules.actions import Action

MAX_MOVES = 20000  # a safety stop; seeded baseline games end within a few thousand


def make_players(n: int, seed: int) -> list[Player]:
    # greedy and random alternate so a resumed game also depends on the random players'
    # RNG state, which has to travel in the save's "extra"
    return [make_player("greedy" if s % 2 == 0 else "random", seed * 10 + s) for s in range(n)]


def players_state(players: list[Player]) -> list[Any]:
    out: list[Any] = []
    for p in players:
        rng = getattr(p, "rng", None)
        if isinstance(rng, random.Random):
            version, internal, gauss = rng.getstate()
            out.append([version, list(internal), gauss])
        else:
            out.append(None)
    return out


def restore_players(players: list[Player], state: list[Any]) -> None:
    for p, s in zip(players, state, strict=True):
        if s is not None:
            p.rng.setstate((s[0], tuple(s[1]), s[2]))  # type: ignore[attr-defined]


def choose(g: Game, players: list[Player]) -> Action:
    seat = g.to_play
    if g.phase is Phase.HAND_OVER:
        return g.legal_actions()[0]
    return act(players[seat], g.view(seat))


def step(g: Game, players: list[Player]) -> dict[str, Any]:
    """One move; its record as JSON-able data (what a replay must reproduce exactly)."""
    action = choose(g, players)
    events = g.apply(action)
    return {"action": action.to_dict(), "events": [repr(e) for e in events]}


def play_to_end(g: Game, players: list[Player]) -> list[dict[str, Any]]:
    out = []
    while not g.is_over and len(out) < MAX_MOVES:
        out.append(step(g, players))
    return out


def midgame(variant: str = "classic", seed: int = 7, moves: int = 60) -> tuple[Game, list[Player]]:
    """A game some way into a hand, and its players (their state included)."""
    from game.rules import VARIANTS

    g = Game.new(VARIANTS[variant], seed=seed)
    players = make_players(g.players, seed)
    for _ in range(moves):
        if g.is_over:
            break
        step(g, players)
    return g, players


def _kill_mode(seed: int) -> None:
    import saves

    loaded = saves.load_autosave()
    moves = loaded.extra["moves"] if loaded else 0
    game_no = loaded.extra["game_no"] if loaded else 0
    if loaded is None or loaded.game.is_over:
        game_no += 1
        g = Game.new(_variant(game_no), seed=seed * 1000 + game_no)
        players = make_players(g.players, game_no)
    else:
        g = loaded.game
        players = make_players(g.players, game_no)
        restore_players(players, loaded.extra["players"])
    while True:
        step(g, players)
        moves += 1
        saves.autosave(g, {"moves": moves, "game_no": game_no, "players": players_state(players)})
        print(moves, flush=True)
        if g.is_over:
            game_no += 1
            g = Game.new(_variant(game_no), seed=seed * 1000 + game_no)
            players = make_players(g.players, game_no)


def _variant(game_no: int):
    from game.rules import VARIANTS

    names = sorted(VARIANTS)
    return VARIANTS[names[game_no % len(names)]]


def _resume_mode(slot: str) -> None:
    import saves

    loaded = saves.load_slot(slot)
    g = loaded.game
    players = make_players(g.players, loaded.extra["players_seed"])
    restore_players(players, loaded.extra["players"])
    record = play_to_end(g, players)
    json.dump({"moves": record, "scores": list(g.scores), "state": g.to_dict()}, sys.stdout)


if __name__ == "__main__":
    mode, arg = sys.argv[1], sys.argv[2]
    if mode == "kill":
        _kill_mode(int(arg))
    elif mode == "resume":
        _resume_mode(arg)
    else:
        raise SystemExit(f"unknown mode {mode!r}")
