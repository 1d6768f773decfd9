"""Playing whole games between computer players, with every invariant checked."""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field

from game.ai.base import Player, act, make_player
from game.rules.engine import Game, Phase
from game.rules.errors import IllegalMove
from game.rules.ruleset import RuleSet


@dataclass
class GameResult:
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    hands: int
    moves: int
    finished: bool
    error: str | None = None
    violations: list[str] = field(default_factory=list)


def seat_agents(names: list[str], players: int) -> list[str]:
    """Agent name per seat: partners share a name in 4p; single players take turns."""
    if players == 4:
        return [names[s % 2 % len(names)] for s in range(4)]
    return [names[s % len(names)] for s in range(players)]


def play_game(rules: RuleSet, agents: list[Player], seed: int, max_hands: int = 60,
              check_every_move: bool = True) -> GameResult:
    """One game to its end (or to `max_hands`). Errors are caught and reported."""
    g = Game.new(rules, seed=seed)
    moves = 0
    hands = 0
    violations: list[str] = []
    try:
        while not g.is_over:
            seat = g.to_play
            if g.phase is Phase.HAND_OVER:
                hands += 1
                violations += g.invariant_violations()
                if hands >= max_hands:
                    break
                action = g.legal_actions()[0]
            else:
                view = g.view(seat)
                action = act(agents[seat], view)
            g.apply(action)
            moves += 1
            if check_every_move:
                violations += g.invariant_violations()
        if g.is_over:
            hands += 1
            violations += g.invariant_violations()
    except (IllegalMove, Exception) as e:  # noqa: BLE001 - reported, never hidden
        detail = "".join(traceback.format_exception_only(type(e), e)).strip()
        return GameResult((), tuple(g.scores), hands, moves, False,
                          f"seed {seed}: {detail}", violations)
    return GameResult(g.winners, tuple(g.scores), hands, moves, g.is_over, None, violations)


def simulate(rules: RuleSet, names: list[str], games: int, seed: int,
             max_hands: int = 60, check_every_move: bool = True) -> dict:
    per_seat = seat_agents(names, rules.players)
    wins = {str(s): 0 for s in range(rules.sides)}
    totals = [0] * rules.sides
    hands = moves = unfinished = 0
    errors: list[str] = []
    violations: list[str] = []
    start = time.perf_counter()
    for i in range(games):
        agents = [make_player(n, seed * 1_000_003 + i * 10 + s) for s, n in enumerate(per_seat)]
        r = play_game(rules, agents, seed * 1_000_003 + i, max_hands, check_every_move)
        hands += r.hands
        moves += r.moves
        violations += r.violations
        if r.error:
            errors.append(r.error)
            continue
        if not r.finished:
            unfinished += 1
        for w in r.winners:
            wins[str(w)] += 1
        for s, sc in enumerate(r.scores):
            totals[s] += sc
    elapsed = time.perf_counter() - start
    side_names = {str(s): per_seat[s] for s in range(rules.sides)}
    return {
        "variant": rules.name,
        "games": games,
        "hands": hands,
        "moves": moves,
        "agents": side_names,
        "wins": wins,
        "unfinished": unfinished,
        "mean_final_score": {str(s): round(t / max(games, 1), 1) for s, t in enumerate(totals)},
        "hands_per_second": round(hands / elapsed, 1) if elapsed else None,
        "seconds": round(elapsed, 2),
        "errors": len(errors),
        "error_details": errors[:10],
        "invariant_violations": len(violations),
        "violation_details": violations[:10],
    }
