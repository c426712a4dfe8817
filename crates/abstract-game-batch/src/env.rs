//! [`VecEnv`]: many games of one configuration stepped in one call.

use crate::error::{BatchError, check_len};
use crate::par::{self, Split};
use crate::seed::derive_seed;
use abstract_game::{Actions, Game, MoveLimit, Observe, PlayerId, SeededRng, Status};
use rayon::ThreadPool;

/// How a [`VecEnv`] is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnvOptions {
    /// The number of games (at least 1).
    pub num_envs: usize,
    /// The base seed: game `i`'s episode `e` plays its opening from
    /// `SeededRng::new(`[`derive_seed`]`(seed, i, e))`, and its sampler
    /// ([`VecEnv::sample_actions`]) draws `legal[rng.below(legal.len())]` from the ascending
    /// legal actions ([`Actions::legal_actions`]) with
    /// `rng = SeededRng::new(derive_seed(seed, i, u64::MAX))` (one stream for all its
    /// episodes, restarted by a reset with a seed).
    pub seed: u64,
    /// Worker threads (at least 1). One runs everything on the calling thread; more start a
    /// pool of one thread fewer, owned by the batch, and the calling thread works beside it,
    /// each thread on the same share of the games at every call. Results are the same for
    /// every count.
    pub threads: usize,
    /// Random legal plies played at each reset (uniform, from the episode's seed), to start
    /// episodes from varied positions; an opening stops early rather than play a move that
    /// ends the game, so every episode starts unfinished.
    pub opening_plies: u32,
}

impl Default for EnvOptions {
    /// One game, seed 0, one thread, no random opening.
    fn default() -> Self {
        EnvOptions {
            num_envs: 1,
            seed: 0,
            threads: 1,
            opening_plies: 0,
        }
    }
}

/// The output buffers of a step, for `num_envs` games: row `i` of each belongs to game `i`.
///
/// The sizes are fixed by the game ([`VecEnv::obs_len`], [`VecEnv::num_actions`],
/// [`VecEnv::players`]); [`Buffers`] owns a set of the right size, or the caller passes
/// slices of its own (numpy arrays, say) and the batch checks their lengths.
#[derive(Debug)]
pub struct BatchMut<'a> {
    /// `[N, obs_len]`: what the seat to decide sees ([`Observe::observe`]).
    pub obs: &'a mut [f32],
    /// `[N, num_actions]`: `true` at the number of each legal action.
    pub mask: &'a mut [bool],
    /// `[N]`: the 0-based seat to decide.
    pub to_play: &'a mut [u8],
    /// `[N, players]`: each seat's reward of this step, the game's returns
    /// ([`abstract_game::Outcome::returns`]) on the step that ends it, 0 on every other.
    pub rewards: &'a mut [f32],
    /// `[N]`: the game ended by its rules on this step (and was reset).
    pub terminated: &'a mut [bool],
    /// `[N]`: the game was cut off on this step (the truncation test, normally a move limit,
    /// said so) and was reset.
    pub truncated: &'a mut [bool],
    /// `[N, obs_len]`: for a game that ended on this step, its last position as the seat
    /// that made the last move sees it; other rows are left as they were.
    pub final_obs: &'a mut [f32],
}

/// An owned set of output buffers of the right sizes for a [`VecEnv`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Buffers {
    /// See [`BatchMut::obs`].
    pub obs: Vec<f32>,
    /// See [`BatchMut::mask`].
    pub mask: Vec<bool>,
    /// See [`BatchMut::to_play`].
    pub to_play: Vec<u8>,
    /// See [`BatchMut::rewards`].
    pub rewards: Vec<f32>,
    /// See [`BatchMut::terminated`].
    pub terminated: Vec<bool>,
    /// See [`BatchMut::truncated`].
    pub truncated: Vec<bool>,
    /// See [`BatchMut::final_obs`].
    pub final_obs: Vec<f32>,
}

impl Buffers {
    /// The buffers as the slices a step writes.
    #[must_use]
    pub fn view(&mut self) -> BatchMut<'_> {
        BatchMut {
            obs: &mut self.obs,
            mask: &mut self.mask,
            to_play: &mut self.to_play,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            final_obs: &mut self.final_obs,
        }
    }
}

/// Output buffers that only a [`VecEnv`] writes: read through the accessors, so the batch
/// knows that the rows it wrote last are still there and its steps
/// ([`VecEnv::step_into`]) rewrite only what changed (the entries of the old legal actions
/// and of the old observation) instead of whole rows. Taking the buffers mutably
/// ([`Outputs::buffers_mut`]) drops that knowledge, and the next step writes everything.
///
/// ```
/// use abstract_game::{Game, toy::Subtraction};
/// use abstract_game_batch::{EnvOptions, VecEnv};
/// let start = Subtraction::new(&Default::default()).unwrap();
/// let mut env = VecEnv::new(start, EnvOptions { num_envs: 2, ..EnvOptions::default() }).unwrap();
/// let mut out = env.outputs();
/// let mut actions = vec![0; 2];
/// env.reset_into(None, &mut out).unwrap();
/// env.sample_actions(&mut actions).unwrap();
/// env.step_into(&actions, &mut out).unwrap();
/// assert_eq!(out.mask().len(), 2 * env.num_actions());
/// ```
#[derive(Debug)]
pub struct Outputs {
    buffers: Buffers,
    /// The stamp of the batch write the buffers hold, unique to that write ([`stamp`]);
    /// `None` once they may have been changed otherwise.
    stamp: Option<u64>,
}

/// A number never given before, to stamp a write of [`Outputs`].
fn stamp() -> u64 {
    static NEXT: core::sync::atomic::AtomicU64 = core::sync::atomic::AtomicU64::new(0);
    NEXT.fetch_add(1, core::sync::atomic::Ordering::Relaxed)
}

impl Clone for Outputs {
    /// A copy that no batch knows: its first step writes every row in full.
    fn clone(&self) -> Self {
        Outputs::from_buffers(self.buffers.clone())
    }
}

impl Outputs {
    fn from_buffers(buffers: Buffers) -> Self {
        Outputs {
            buffers,
            stamp: None,
        }
    }

    /// See [`BatchMut::obs`].
    #[must_use]
    pub fn obs(&self) -> &[f32] {
        &self.buffers.obs
    }
    /// See [`BatchMut::mask`].
    #[must_use]
    pub fn mask(&self) -> &[bool] {
        &self.buffers.mask
    }
    /// See [`BatchMut::to_play`].
    #[must_use]
    pub fn to_play(&self) -> &[u8] {
        &self.buffers.to_play
    }
    /// See [`BatchMut::rewards`].
    #[must_use]
    pub fn rewards(&self) -> &[f32] {
        &self.buffers.rewards
    }
    /// See [`BatchMut::terminated`].
    #[must_use]
    pub fn terminated(&self) -> &[bool] {
        &self.buffers.terminated
    }
    /// See [`BatchMut::truncated`].
    #[must_use]
    pub fn truncated(&self) -> &[bool] {
        &self.buffers.truncated
    }
    /// See [`BatchMut::final_obs`].
    #[must_use]
    pub fn final_obs(&self) -> &[f32] {
        &self.buffers.final_obs
    }
    /// All the buffers, read-only.
    #[must_use]
    pub fn buffers(&self) -> &Buffers {
        &self.buffers
    }
    /// All the buffers, to write: the next step into them writes every row in full.
    pub fn buffers_mut(&mut self) -> &mut Buffers {
        self.stamp = None;
        &mut self.buffers
    }
    /// The buffers, given up.
    #[must_use]
    pub fn into_buffers(self) -> Buffers {
        self.buffers
    }
}

/// The sizes of one row of each buffer.
#[derive(Clone, Copy, Debug)]
struct Dims {
    obs: usize,
    actions: usize,
    players: usize,
}

impl<'a> BatchMut<'a> {
    fn check(&self, n: usize, d: Dims) -> Result<(), BatchError> {
        check_len("obs", n * d.obs, self.obs.len())?;
        check_len("mask", n * d.actions, self.mask.len())?;
        check_len("to_play", n, self.to_play.len())?;
        check_len("rewards", n * d.players, self.rewards.len())?;
        check_len("terminated", n, self.terminated.len())?;
        check_len("truncated", n, self.truncated.len())?;
        check_len("final_obs", n * d.obs, self.final_obs.len())
    }

    /// Cuts every buffer after `mid` games (rows of `d`).
    fn cut(self, mid: usize, d: Dims) -> (BatchMut<'a>, BatchMut<'a>) {
        let (obs, obs2) = self.obs.split_at_mut(mid * d.obs);
        let (mask, mask2) = self.mask.split_at_mut(mid * d.actions);
        let (to_play, to_play2) = self.to_play.split_at_mut(mid);
        let (rewards, rewards2) = self.rewards.split_at_mut(mid * d.players);
        let (terminated, terminated2) = self.terminated.split_at_mut(mid);
        let (truncated, truncated2) = self.truncated.split_at_mut(mid);
        let (final_obs, final_obs2) = self.final_obs.split_at_mut(mid * d.obs);
        (
            BatchMut {
                obs,
                mask,
                to_play,
                rewards,
                terminated,
                truncated,
                final_obs,
            },
            BatchMut {
                obs: obs2,
                mask: mask2,
                to_play: to_play2,
                rewards: rewards2,
                terminated: terminated2,
                truncated: truncated2,
                final_obs: final_obs2,
            },
        )
    }
}

/// Buffers and their row sizes, as the thread pool splits them.
struct Rows<'a>(BatchMut<'a>, Dims);

impl Split for Rows<'_> {
    fn split_at(self, mid: usize) -> (Self, Self) {
        let (a, b) = self.0.cut(mid, self.1);
        (Rows(a, self.1), Rows(b, self.1))
    }
}

/// One game of the batch.
#[derive(Clone, Debug)]
struct Slot<G: Game> {
    state: G,
    /// Episodes finished in this slot since the last [`VecEnv::reset`].
    episode: u64,
    /// Draws the actions of [`VecEnv::sample_actions`].
    sampler: SeededRng,
    /// The move of the action being played, once the whole batch's actions were checked.
    pending: Option<G::Move>,
    /// The legal actions of `state`, ascending ([`Actions::legal_actions`], which games make
    /// fast): the mask, the checks and the sampler all read it.
    legal: Vec<u32>,
    /// The seat that decides in `state` (never finished in a slot), kept with `legal` so that
    /// a step asks the rules for the status once.
    seat: PlayerId,
}

impl<G: Actions> Slot<G> {
    /// Works out the legal actions again, after `state` changed.
    fn refresh(&mut self) {
        let seat = self.state.to_move().unwrap_or(PlayerId::FIRST);
        self.refresh_with(seat);
    }

    /// [`Slot::refresh`] when the seat to decide is known.
    fn refresh_with(&mut self, seat: PlayerId) {
        self.state.legal_actions(&mut self.legal);
        self.seat = seat;
    }
}

/// What every slot shares: the start and the rules of a reset.
#[derive(Debug)]
struct Shared<G> {
    start: G,
    seed: u64,
    opening_plies: u32,
    truncated: fn(&G) -> bool,
}

impl<G: Actions + Observe> Shared<G> {
    /// The first position of episode `slot.episode` of game `index`.
    fn restart(&self, index: usize, slot: &mut Slot<G>) {
        slot.state.clone_from(&self.start);
        self.open(index, slot);
        slot.refresh();
    }

    /// Plays the random opening of the slot's episode.
    fn open(&self, index: usize, slot: &mut Slot<G>) {
        if self.opening_plies == 0 {
            return;
        }
        let mut rng = SeededRng::new(derive_seed(self.seed, index as u64, slot.episode));
        for _ in 0..self.opening_plies {
            let Some(mv) = slot.state.random_move(&mut rng) else {
                break;
            };
            let mut next = slot.state.clone();
            next.apply_unchecked(mv);
            if next.status().is_finished() {
                break;
            }
            slot.state = next;
        }
    }
}

/// The episode number of the samplers' seeds, never reached by an episode.
const SAMPLER: u64 = u64::MAX;

/// `N` games of one game and configuration, stepped together: one call plays an action in
/// every game and writes what comes next into caller buffers ([`BatchMut`]).
///
/// **Autoreset: same step** (Gymnasium's `SAME_STEP`, as pgx and Gymnasium before 1.0 do it).
/// A game that ends on a step is reset within that step: its row of `obs`, `mask` and
/// `to_play` already shows the new episode's first position, `terminated` or `truncated` says
/// that it ended, `rewards` holds the finished game's returns, and `final_obs` its last
/// position. So every row always shows a game that goes on, and an action for every slot is
/// always expected.
///
/// **Turn-based, many seats**: each row is observed by the seat to decide (`to_play`), and
/// rewards are given per seat, so a learner assigns each reward to the seat it belongs to.
///
/// **Determinism**: every game owns its random generators (seeded from the base seed, its
/// index and its episode count), so the results are the same for every thread count and the
/// same as playing the games one by one.
///
/// ```
/// use abstract_game::{Game, toy::Subtraction};
/// use abstract_game_batch::{EnvOptions, VecEnv};
///
/// let start = Subtraction::new(&Default::default()).unwrap();
/// let options = EnvOptions { num_envs: 4, seed: 7, ..EnvOptions::default() };
/// let mut env = VecEnv::new(start, options).unwrap();
/// let mut out = env.buffers();
/// env.reset(None, out.view()).unwrap();
/// let mut actions = vec![0; 4];
/// for _ in 0..100 {
///     env.sample_actions(&mut actions).unwrap();
///     env.step(&actions, out.view()).unwrap();
/// }
/// // An illegal action (number 9 of a game with 3) moves no game at all.
/// env.sample_actions(&mut actions).unwrap();
/// actions[2] = 9;
/// let err = env.step(&actions, out.view()).unwrap_err();
/// assert_eq!(err.to_string(), "slot 2: action 9 is out of range (this game numbers actions 0..3)");
/// ```
#[derive(Debug)]
pub struct VecEnv<G: Actions + Observe> {
    shared: Shared<G>,
    slots: Vec<Slot<G>>,
    pool: Option<ThreadPool>,
    dims: Dims,
    /// The games are at the episodes [`VecEnv::new`] started, untouched since.
    fresh: bool,
    /// The stamp of this batch's last write into [`Outputs`], while their `obs`, `mask` and
    /// `to_play` rows show the games as they stand (no step or change of a game since).
    shown: Option<u64>,
}

/// Whether a game under a [`MoveLimit`] was cut off by the limit (not ended by its rules):
/// the truncation test to give [`VecEnv::with_truncation`] for such games.
///
/// ```
/// use abstract_game::{Game, LimitConfig, MoveLimit, toy::Subtraction};
/// let cfg = LimitConfig { inner: Default::default(), max_plies: 1 };
/// let mut g = MoveLimit::<Subtraction>::new(&cfg).unwrap();
/// g.apply(g.legal_moves()[0]).unwrap();
/// assert!(abstract_game_batch::limit_reached(&g));
/// ```
#[must_use]
pub fn limit_reached<G: Game>(state: &MoveLimit<G>) -> bool {
    state.status().is_finished() && !state.inner().status().is_finished()
}

fn never<G>(_: &G) -> bool {
    false
}

impl<G: Actions + Observe> VecEnv<G> {
    /// `options.num_envs` games that each start from `start` (followed by the random
    /// opening). No game is truncated unless [`VecEnv::with_truncation`] says how to tell.
    ///
    /// # Errors
    /// No games, no threads, a finished `start`, or a thread pool that could not start.
    pub fn new(start: G, options: EnvOptions) -> Result<Self, BatchError> {
        if options.num_envs == 0 {
            return Err(BatchError::Options("num_envs must be at least 1"));
        }
        if options.threads == 0 {
            return Err(BatchError::Options("threads must be at least 1"));
        }
        if start.status().is_finished() {
            return Err(BatchError::Options("the starting position is already over"));
        }
        let pool = if options.threads > 1 {
            Some(
                // The calling thread is one of the workers (`par::run`).
                rayon::ThreadPoolBuilder::new()
                    .num_threads(options.threads - 1)
                    .build()
                    .map_err(|e| BatchError::Pool(e.to_string()))?,
            )
        } else {
            None
        };
        let dims = Dims {
            obs: start.observation_len(),
            actions: start.num_distinct_actions(),
            players: usize::from(start.player_count()),
        };
        if dims.obs == 0 || dims.actions == 0 {
            return Err(BatchError::Options(
                "the game has no observation entries or no actions",
            ));
        }
        let slots = (0..options.num_envs)
            .map(|_| Slot {
                state: start.clone(),
                episode: 0,
                sampler: SeededRng::new(0),
                pending: None,
                legal: Vec::new(),
                seat: PlayerId::FIRST,
            })
            .collect();
        let mut env = VecEnv {
            shared: Shared {
                start,
                seed: options.seed,
                opening_plies: options.opening_plies,
                truncated: never,
            },
            slots,
            pool,
            dims,
            fresh: true,
            shown: None,
        };
        env.reseed(options.seed);
        let shared = &env.shared;
        for (i, slot) in env.slots.iter_mut().enumerate() {
            shared.restart(i, slot);
        }
        Ok(env)
    }

    /// Says how to tell a truncated game from a terminated one (a finished game for which
    /// `truncated` is true is reported in `truncated`, else in `terminated`); for a
    /// [`MoveLimit`] game, [`limit_reached`].
    #[must_use]
    pub fn with_truncation(mut self, truncated: fn(&G) -> bool) -> Self {
        self.shared.truncated = truncated;
        self
    }

    /// The number of games.
    #[must_use]
    pub fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// The entries of one observation.
    #[must_use]
    pub fn obs_len(&self) -> usize {
        self.dims.obs
    }

    /// The observation's `[planes, rows, cols]`.
    #[must_use]
    pub fn obs_shape(&self) -> [usize; 3] {
        self.shared.start.observation_shape()
    }

    /// The game's number of actions (the width of a mask row).
    #[must_use]
    pub fn num_actions(&self) -> usize {
        self.dims.actions
    }

    /// The number of seats (the width of a rewards row).
    #[must_use]
    pub fn players(&self) -> usize {
        self.dims.players
    }

    /// The worker threads (1 without a pool).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.pool
            .as_ref()
            .map_or(1, |p| p.current_num_threads() + 1)
    }

    /// The position every episode starts from (before its random opening).
    #[must_use]
    pub fn start(&self) -> &G {
        &self.shared.start
    }

    /// A set of output buffers of the right sizes, zeroed.
    #[must_use]
    pub fn buffers(&self) -> Buffers {
        let n = self.slots.len();
        let d = self.dims;
        Buffers {
            obs: vec![0.0; n * d.obs],
            mask: vec![false; n * d.actions],
            to_play: vec![0; n],
            rewards: vec![0.0; n * d.players],
            terminated: vec![false; n],
            truncated: vec![false; n],
            final_obs: vec![0.0; n * d.obs],
        }
    }

    /// A set of [`Outputs`] of the right sizes, zeroed, for [`VecEnv::step_into`].
    #[must_use]
    pub fn outputs(&self) -> Outputs {
        Outputs::from_buffers(self.buffers())
    }

    /// [`VecEnv::reset`] into `out`, after which [`VecEnv::step_into`] `out` writes only
    /// what changes.
    ///
    /// # Errors
    /// As [`VecEnv::reset`].
    pub fn reset_into(&mut self, seed: Option<u64>, out: &mut Outputs) -> Result<(), BatchError> {
        self.reset(seed, out.buffers.view())?;
        let stamp = stamp();
        self.shown = Some(stamp);
        out.stamp = Some(stamp);
        Ok(())
    }

    /// [`VecEnv::observe`] into `out` (all rows in full).
    ///
    /// # Errors
    /// As [`VecEnv::observe`].
    pub fn observe_into(&mut self, out: &mut Outputs) -> Result<(), BatchError> {
        self.observe(out.buffers.view())?;
        let stamp = stamp();
        self.shown = Some(stamp);
        out.stamp = Some(stamp);
        Ok(())
    }

    /// [`VecEnv::step`] into `out`, with the same results. When `out` shows the games as
    /// they stand (this batch wrote it last, by [`VecEnv::reset_into`], [`VecEnv::step_into`]
    /// or [`VecEnv::observe_into`], and nothing changed it or the games since), each row is
    /// rewritten in place: the old legal actions' entries cleared and the new set, the old
    /// observation cleared by [`Observe::clear_observation`] and the new written, instead of
    /// zeroing whole rows. Otherwise every row is written in full.
    ///
    /// # Errors
    /// As [`VecEnv::step`]; on an error the batch and `out` are as they were.
    pub fn step_into(&mut self, actions: &[u32], out: &mut Outputs) -> Result<(), BatchError> {
        let incremental = out.stamp.is_some() && self.shown == out.stamp;
        self.step_rows(actions, out.buffers.view(), incremental)?;
        let stamp = stamp();
        self.shown = Some(stamp);
        out.stamp = Some(stamp);
        Ok(())
    }

    fn reseed(&mut self, seed: u64) {
        self.shared.seed = seed;
        for (i, slot) in self.slots.iter_mut().enumerate() {
            slot.episode = 0;
            slot.pending = None;
            slot.sampler = SeededRng::new(derive_seed(seed, i as u64, SAMPLER));
        }
    }

    /// Starts a new episode in every game and writes the first positions; `rewards`,
    /// `terminated` and `truncated` are cleared. With a seed, the batch starts over as if it
    /// had been built with that seed (episode 0 everywhere, samplers restarted); without one
    /// each game starts its next episode (the first reset after [`VecEnv::new`] shows the
    /// episodes `new` already started).
    ///
    /// # Errors
    /// A buffer of the wrong size; nothing is changed then.
    pub fn reset(&mut self, seed: Option<u64>, out: BatchMut<'_>) -> Result<(), BatchError> {
        out.check(self.slots.len(), self.dims)?;
        self.shown = None;
        let next = match seed {
            Some(seed) => {
                self.reseed(seed);
                false
            }
            None => !core::mem::replace(&mut self.fresh, false),
        };
        self.fresh = false;
        let (shared, dims) = (&self.shared, self.dims);
        par::run(
            self.pool.as_ref(),
            &mut self.slots,
            Rows(out, dims),
            &|first, slots: &mut [Slot<G>], Rows(out, _)| {
                for (k, slot) in slots.iter_mut().enumerate() {
                    slot.episode += u64::from(next);
                    shared.restart(first + k, slot);
                }
                out.rewards.fill(0.0);
                out.terminated.fill(false);
                out.truncated.fill(false);
                write_rows(slots, out.obs, out.mask, out.to_play, dims);
                Ok(())
            },
        )
    }

    /// Writes the current positions into `obs`, `mask` and `to_play` (after
    /// [`VecEnv::set_state`], say), touching nothing else.
    ///
    /// # Errors
    /// A buffer of the wrong size.
    pub fn observe(&mut self, out: BatchMut<'_>) -> Result<(), BatchError> {
        out.check(self.slots.len(), self.dims)?;
        self.shown = None;
        let dims = self.dims;
        par::run(
            self.pool.as_ref(),
            &mut self.slots,
            Rows(out, dims),
            &|_, slots: &mut [Slot<G>], Rows(out, _)| {
                write_rows(slots, out.obs, out.mask, out.to_play, dims);
                Ok(())
            },
        )
    }

    /// Plays `actions[i]` in game `i`, for every `i`, and writes what follows (see
    /// [`VecEnv`] for the autoreset).
    ///
    /// # Errors
    /// A buffer of the wrong size, or an action out of range or not legal in its game (the
    /// lowest such slot is named). All or nothing: every action is checked before any game
    /// moves, so on an error the batch and the buffers are as they were.
    pub fn step(&mut self, actions: &[u32], out: BatchMut<'_>) -> Result<(), BatchError> {
        self.step_rows(actions, out, false)
    }

    /// [`VecEnv::step`]; `incremental`: the `obs`, `mask` and `to_play` rows of `out` show
    /// the games as they stand.
    fn step_rows(
        &mut self,
        actions: &[u32],
        out: BatchMut<'_>,
        incremental: bool,
    ) -> Result<(), BatchError> {
        let n = self.slots.len();
        check_len("actions", n, actions.len())?;
        out.check(n, self.dims)?;
        let (shared, dims, pool) = (&self.shared, self.dims, self.pool.as_ref());
        // Check every action first, keeping the moves they stand for.
        par::run(
            pool,
            &mut self.slots,
            actions,
            &|first, slots: &mut [Slot<G>], actions: &[u32]| {
                for (k, (slot, &action)) in slots.iter_mut().zip(actions).enumerate() {
                    slot.pending = Some(checked_move(slot, first + k, action, dims)?);
                }
                Ok(())
            },
        )?;
        self.fresh = false;
        self.shown = None;
        par::run(
            pool,
            &mut self.slots,
            Rows(out, dims),
            &|first, slots: &mut [Slot<G>], Rows(out, _)| {
                let BatchMut {
                    obs,
                    mask,
                    to_play,
                    rewards,
                    terminated,
                    truncated,
                    final_obs,
                } = out;
                let rows = rewards
                    .chunks_exact_mut(dims.players)
                    .zip(terminated.iter_mut())
                    .zip(truncated.iter_mut())
                    .zip(final_obs.chunks_exact_mut(dims.obs));
                // One game at a time: its rows are cleared, stepped and written while their
                // cache lines are still near (a batch's observations are megabytes).
                let shown = obs
                    .chunks_exact_mut(dims.obs)
                    .zip(mask.chunks_exact_mut(dims.actions))
                    .zip(to_play.iter_mut());
                for (
                    k,
                    (
                        (slot, (((rewards, terminated), truncated), final_obs)),
                        ((obs, mask), to_play),
                    ),
                ) in slots.iter_mut().zip(rows).zip(shown).enumerate()
                {
                    if incremental {
                        clear_row(slot, obs, mask);
                    }
                    let row = Row {
                        rewards,
                        terminated,
                        truncated,
                        final_obs,
                    };
                    step_slot(shared, first + k, slot, row);
                    if incremental {
                        set_row(slot, obs, mask, to_play);
                    } else {
                        write_row(slot, obs, mask, to_play);
                    }
                }
                Ok(())
            },
        )
    }

    /// Writes a uniformly random legal action of every game into `out`, each game drawing
    /// from its own seeded generator (a baseline policy; the same for every thread count).
    ///
    /// # Errors
    /// `out` of the wrong length.
    pub fn sample_actions(&mut self, out: &mut [u32]) -> Result<(), BatchError> {
        check_len("actions", self.slots.len(), out.len())?;
        par::run(
            self.pool.as_ref(),
            &mut self.slots,
            out,
            &|_, slots: &mut [Slot<G>], out: &mut [u32]| {
                for (slot, action) in slots.iter_mut().zip(out) {
                    // Every slot's game goes on (autoreset), so there is an action to draw.
                    let i = slot.sampler.below(slot.legal.len());
                    *action = slot.legal.get(i).copied().unwrap_or(0);
                }
                Ok(())
            },
        )
    }

    /// Game `slot` as it stands.
    ///
    /// # Errors
    /// No such slot.
    pub fn state(&self, slot: usize) -> Result<&G, BatchError> {
        self.slots
            .get(slot)
            .map(|s| &s.state)
            .ok_or(BatchError::Slot {
                slot,
                len: self.slots.len(),
            })
    }

    /// Puts `state` in slot `slot` (the episode goes on from it); the buffers show it after
    /// the next [`VecEnv::observe`] or step.
    ///
    /// # Errors
    /// No such slot, a finished state, or a state of other rules than the batch's; the slot
    /// is unchanged then.
    pub fn set_state(&mut self, slot: usize, state: G) -> Result<(), BatchError> {
        let len = self.slots.len();
        let config = self.shared.start.config();
        let target = self
            .slots
            .get_mut(slot)
            .ok_or(BatchError::Slot { slot, len })?;
        if state.status().is_finished() {
            return Err(BatchError::State {
                slot,
                reason: "the game is over",
            });
        }
        if state.config() != config {
            return Err(BatchError::State {
                slot,
                reason: "the state belongs to other rules than the batch's",
            });
        }
        target.state = state;
        target.refresh();
        self.fresh = false;
        self.shown = None;
        Ok(())
    }
}

/// The move `action` stands for in the slot's game, if legal.
fn checked_move<G: Actions>(
    slot: &Slot<G>,
    index: usize,
    action: u32,
    dims: Dims,
) -> Result<G::Move, BatchError> {
    if action as usize >= dims.actions {
        return Err(BatchError::OutOfRange {
            slot: index,
            action: u64::from(action),
            actions: dims.actions,
        });
    }
    let illegal = BatchError::Illegal {
        slot: index,
        action,
    };
    slot.legal
        .binary_search(&action)
        .map_err(|_| illegal.clone())?;
    // A legal action decodes to its legal move.
    slot.state.decode(action).ok_or(illegal)
}

/// One game's rows of the per-step outputs.
struct Row<'a> {
    rewards: &'a mut [f32],
    terminated: &'a mut bool,
    truncated: &'a mut bool,
    final_obs: &'a mut [f32],
}

/// Plays the checked move of `slot` and fills its row; resets a game that ended.
fn step_slot<G: Actions + Observe>(
    shared: &Shared<G>,
    index: usize,
    slot: &mut Slot<G>,
    row: Row<'_>,
) {
    let Some(mv) = slot.pending.take() else {
        return;
    };
    let mover = slot.seat;
    slot.state.apply_unchecked(mv);
    row.rewards.fill(0.0);
    *row.terminated = false;
    *row.truncated = false;
    let outcome = match slot.state.status() {
        Status::Ongoing(seat) => {
            slot.refresh_with(seat);
            return;
        }
        Status::Finished(outcome) => outcome,
    };
    for (seat, reward) in PlayerId::all(slot.state.player_count()).zip(row.rewards.iter_mut()) {
        *reward = outcome.returns(seat) as f32;
    }
    let cut = (shared.truncated)(&slot.state);
    *row.truncated = cut;
    *row.terminated = !cut;
    // The row's length was checked with the batch's buffers.
    let _ = slot.state.observe(mover, row.final_obs);
    slot.episode += 1;
    shared.restart(index, slot);
}

/// Sets the entries of `mask` at the actions `legal` to `value` (numbers beyond the mask,
/// which a game's legal actions never hold, are skipped).
pub(crate) fn mark(mask: &mut [bool], legal: &[u32], value: bool) {
    for &a in legal {
        if let Some(m) = mask.get_mut(a as usize) {
            *m = value;
        }
    }
}

/// Writes `obs`, `mask` and `to_play` of every game of `slots` (whose rows `out` holds).
fn write_rows<G: Actions + Observe>(
    slots: &[Slot<G>],
    obs: &mut [f32],
    mask: &mut [bool],
    to_play: &mut [u8],
    dims: Dims,
) {
    let rows = obs
        .chunks_exact_mut(dims.obs)
        .zip(mask.chunks_exact_mut(dims.actions))
        .zip(to_play.iter_mut());
    for (slot, ((obs, mask), to_play)) in slots.iter().zip(rows) {
        write_row(slot, obs, mask, to_play);
    }
}

/// Writes the `obs`, `mask` and `to_play` rows of one game in full: zeroed, then set.
fn write_row<G: Actions + Observe>(
    slot: &Slot<G>,
    obs: &mut [f32],
    mask: &mut [bool],
    to_play: &mut u8,
) {
    obs.fill(0.0);
    mask.fill(false);
    set_row(slot, obs, mask, to_play);
}

/// Makes the `obs` and `mask` rows of a game ready for [`set_row`], when they show the game as
/// it stands: its observation cleared by the game (zeroed, or left for a game whose write sets
/// every entry), each legal action's entry zeroed.
fn clear_row<G: Actions + Observe>(slot: &Slot<G>, obs: &mut [f32], mask: &mut [bool]) {
    slot.state.clear_observation(slot.seat, obs);
    mark(mask, &slot.legal, false);
}

/// Sets what [`write_row`] writes, into rows that are zero (or that [`clear_row`] cleared).
fn set_row<G: Actions + Observe>(
    slot: &Slot<G>,
    obs: &mut [f32],
    mask: &mut [bool],
    to_play: &mut u8,
) {
    slot.state.write_observation(slot.seat, obs);
    mark(mask, &slot.legal, true);
    *to_play = slot.seat.index() as u8;
}
