"""Teacher games: positions labelled by a fixed bot (`teacher`, an `agame.Bot` spec such as
`alphabeta:nodes=3000`), to start a network from the game's own knowledge before self-play.

On a 2-core CPU, self-play from a random network needs many thousands of games before its
value head means anything; a search bot with the game's `Evaluate` labels a position in
milliseconds. Each teacher game opens with `teacher_random_plies` uniformly random plies (not
recorded; they make the games differ), then the teacher analyses every position: the policy
target is its move (one-hot), the value target `teacher_value_weight * its search value +
(1 - teacher_value_weight) * the game's final return` for the seat to move (the return alone where the search did not finish a
first depth). With probability
`teacher_epsilon` a uniformly random legal move is played instead of the teacher's (the
position keeps the teacher's targets), so the network also sees positions the teacher would
not reach. With probability `teacher_branch` a random child of the position is labelled too
(the teacher's move there, and its search value alone as the value target).

Games run on `teacher_threads` Python threads, each with its own bot (the bots release the GIL
while they search). Game `k` of the run uses a generator seeded from (run seed, k) and a bot
told `new_game()` first, so the positions do not depend on the thread count.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np

import agame

from .selfplay import derive_seed, position, stack


class TeacherPlay:
    def __init__(self, config, seed: int, first_game: int = 0):
        self.config = config
        self.game = agame.load_game(config.game, **config.options)
        self.num_actions = self.game.num_distinct_actions()
        self.seed = seed
        self.next_game = first_game
        threads = max(1, int(config.teacher_threads))
        self.bots = [agame.Bot(self.game, config.teacher) for _ in range(threads)]

    def _one_game(self, bot, k: int):
        c = self.config
        rng = np.random.default_rng(derive_seed(self.seed, 7, k))
        bot.new_game()
        state = self.game.new_initial_state()
        plies = 0
        opening = int(rng.integers(c.teacher_random_plies + 1))
        cap = c.max_game_plies
        for _ in range(opening):
            legal = state.legal_actions()
            nxt = state.clone()
            nxt.apply_action(int(legal[rng.integers(len(legal))]))
            if nxt.is_terminal():
                break
            state = nxt
            plies += 1
        records = []
        branches = []
        while not state.is_terminal() and (cap is None or plies < cap):
            info = bot.analyse(state)
            records.append(self._labelled(state, info, rng))
            legal = state.legal_actions()
            if c.teacher_branch > 0 and rng.random() < c.teacher_branch:
                # A random child, labelled by the teacher's own search alone (the game's
                # return belongs to another line): sibling positions teach the value head to
                # tell a move from the others, which a search needs.
                child = state.clone()
                child.apply_action(int(legal[rng.integers(len(legal))]))
                if not child.is_terminal():
                    labelled = self._labelled(child, bot.analyse(child), rng)
                    if labelled[1] is not None:
                        branches.append(labelled)
            action = int(info["action"])
            if c.teacher_epsilon > 0 and rng.random() < c.teacher_epsilon:
                action = int(legal[rng.integers(len(legal))])
            state.apply_action(action)
            plies += 1
        returns = state.returns() if state.is_terminal() else [0.0] * state.num_players()
        w = c.teacher_value_weight
        out = [
            (obs, mask, idx, probs, returns[seat] if value is None else w * value + (1.0 - w) * returns[seat])
            for (obs, mask, idx, probs, seat), value in records
        ]
        out += [(obs, mask, idx, probs, value) for (obs, mask, idx, probs, _), value in branches]
        return out, plies

    def _labelled(self, state, info, rng):
        """(position with the teacher's move as its one-hot target, the search's value or
        None when it did not finish a first depth)."""
        c = self.config
        idx = np.zeros(c.policy_entries, np.int32)
        probs = np.zeros(c.policy_entries, np.float32)
        idx[0], probs[0] = info["action"], 1.0
        value = float(info["value"]) if info["depth"] > 0 else None
        return position(state, idx, probs, rng, c.augment, self.num_actions), value

    def play(self, games: int):
        """Plays `games` teacher games; returns their positions and stats, as SelfPlay.play."""
        ks = list(range(self.next_game, self.next_game + games))
        self.next_game += games
        threads = len(self.bots)
        if threads == 1:
            results = [self._one_game(self.bots[0], k) for k in ks]
        else:
            # Thread t plays games t, t + threads, ...; results are put back in game order.
            def share(t):
                return [self._one_game(self.bots[t], k) for k in ks[t::threads]]

            with ThreadPoolExecutor(threads) as pool:
                shares = list(pool.map(share, range(threads)))
            results = [shares[i % threads][i // threads] for i in range(len(ks))]
        out = [p for positions, _ in results for p in positions]
        plies = [n for _, n in results]
        stats = {
            "games": len(results),
            "positions": len(out),
            "mean_plies": float(np.mean(plies)) if plies else 0.0,
            "search_seconds": 0.0,
        }
        return stack(out, self.game, self.config.policy_entries), stats
