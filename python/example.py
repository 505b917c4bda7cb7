#!/usr/bin/env python3
"""A rollout loop and an MCTS opponent with the carroccio module (trains nothing).

    python3 python/example.py [--games N] [--scenario bma/legnano]

Each game: the Lombard League is played by MCTS, the Empire by a uniformly random policy written
here in Python; chance nodes are sampled by their exact probabilities. Prints each result and
the MCTS side's score.
"""
import argparse
import random

import carroccio


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--scenario", default="bma/legnano")
    parser.add_argument("--iters", type=int, default=50)
    args = parser.parse_args()

    game = carroccio.load_game(args.scenario)
    mcts_side = 1
    score = 0.0
    for g in range(args.games):
        rng = random.Random(g)
        opponent = carroccio.Agent(f"mcts:iters={args.iters}", game, mcts_side, seed=g)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            elif state.current_player() == mcts_side:
                state.apply_action(opponent.step(state))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        returns = state.returns()
        score += returns[mcts_side]
        summary = state.result_summary()
        print(f"game {g}: {summary.get('end_reason')} after turn {summary.get('turn')}, "
              f"returns {returns}")
    print(f"{game.player_name(mcts_side)} (MCTS) scored {score:+.0f} over {args.games} games")


if __name__ == "__main__":
    main()
