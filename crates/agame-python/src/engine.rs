//! One object-safe view of every game, so that the Python classes need no generics.

use abstract_game::{
    Actions, EndReason, Evaluate, Game, LimitEnd, MoveLimit, MoveList, Observe, PlayerId, Status,
    SvgOptions, Symmetric, ToSvg,
};
use abstract_game_search::{Bot, BotSpec, Limits};
use std::any::Any;

/// How a state is held: plain, or under a move limit (whose end is a truncation, not a result).
pub trait Held: Clone + PartialEq + Send + Sync + 'static {
    type G: Symmetric + ToSvg + EndReason + Evaluate;
    fn get(&self) -> &Self::G;
    fn get_mut(&mut self) -> &mut Self::G;
    /// Whether the game ended only because the move limit was reached.
    fn truncated(&self) -> bool;
}

/// A state without a move limit.
#[derive(Clone, PartialEq)]
pub struct Plain<G>(pub G);

/// A state under a move limit.
#[derive(Clone, PartialEq)]
pub struct Limited<G>(pub MoveLimit<G>);

impl<G: Symmetric + ToSvg + EndReason + Evaluate> Held for Plain<G> {
    type G = G;
    fn get(&self) -> &G {
        &self.0
    }
    fn get_mut(&mut self) -> &mut G {
        &mut self.0
    }
    fn truncated(&self) -> bool {
        false
    }
}

impl<G: Symmetric + ToSvg + EndReason + Evaluate> Held for Limited<G>
where
    MoveLimit<G>: Symmetric,
{
    type G = MoveLimit<G>;
    fn get(&self) -> &MoveLimit<G> {
        &self.0
    }
    fn get_mut(&mut self) -> &mut MoveLimit<G> {
        &mut self.0
    }
    fn truncated(&self) -> bool {
        self.0.end() == Some(LimitEnd::MoveLimit)
    }
}

/// A held state and its legal action numbers, ascending: worked out once per position (the
/// first time they are asked for) and reused by `legal_actions`, the mask and `apply_action`,
/// which then needs no generation or legality check of its own.
#[derive(Clone)]
pub struct Cached<W: Held> {
    held: W,
    /// The legal actions, ascending.
    legal: Vec<u32>,
    /// Whether `legal` belongs to the position held.
    fresh: bool,
}

impl<W: Held> Cached<W> {
    pub fn boxed(held: W) -> Box<dyn Engine> {
        Box::new(Cached {
            held,
            legal: Vec::new(),
            fresh: false,
        })
    }

    fn legal(&mut self) -> &[u32] {
        if !self.fresh {
            self.held.get().legal_actions(&mut self.legal);
            self.fresh = true;
        }
        &self.legal
    }

    /// The held state, to be changed: the legal list no longer applies.
    fn changing(&mut self) -> &mut W::G {
        self.fresh = false;
        self.held.get_mut()
    }
}

/// What a bot's search said beside its move: the move as text, the value for the seat that
/// moves (-1 to 1), the depth, the nodes or simulations spent and the seconds taken.
pub struct Choice {
    pub text: String,
    pub value: f64,
    pub depth: u32,
    pub iterations: u64,
    pub seconds: f64,
}

/// A bot of one game, behind the same object-safe face as its states.
pub trait EngineBot: Send {
    /// The bot's move in `state` (a state of the game it was built for) with what its search
    /// found; `None` when the game is over.
    fn choose(&mut self, state: &dyn Engine) -> Result<Option<Choice>, String>;
    /// Forgets the game so far.
    fn new_game(&mut self);
}

struct BotOf<W: Held> {
    bot: Box<dyn Bot<W::G>>,
    limits: Limits,
}

impl<W: Held> EngineBot for BotOf<W> {
    fn choose(&mut self, state: &dyn Engine) -> Result<Option<Choice>, String> {
        let state = state
            .as_any()
            .downcast_ref::<Cached<W>>()
            .ok_or("this state is of another game, or other rules, than the bot's")?;
        Ok(self
            .bot
            .choose(state.held.get(), &self.limits)
            .map(|(mv, info)| Choice {
                text: mv.to_string(),
                value: info.value,
                depth: info.depth,
                iterations: info.iterations,
                seconds: info.elapsed.as_secs_f64(),
            }))
    }

    fn new_game(&mut self) {
        self.bot.new_game();
    }
}

/// What the Python layer needs of a state, for any game.
pub trait Engine: Send + Sync {
    /// The bot of `spec` for this game (a `zero` spec's model file read from disk).
    fn bot(&self, spec: &BotSpec) -> Result<Box<dyn EngineBot>, String>;
    fn clone_box(&self) -> Box<dyn Engine>;
    fn as_any(&self) -> &dyn Any;
    fn eq_dyn(&self, other: &dyn Engine) -> bool;
    fn player_count(&self) -> u8;
    /// The 0-based seat to decide, or `None` when the game is over.
    fn current(&self) -> Option<u8>;
    fn returns(&self) -> Vec<f64>;
    fn scores(&self) -> Vec<i32>;
    fn legal_moves(&self) -> Vec<String>;
    /// Parses and plays a move; on error the state is unchanged.
    fn play(&mut self, text: &str) -> Result<(), String>;
    fn text(&self) -> String;
    fn diagram(&self) -> String;
    fn hash(&self) -> u64;
    fn truncated(&self) -> bool;
    /// Why the game ended, in the game's words, or `None` while it goes on.
    fn end_reason(&self) -> Option<String>;
    /// The SVG picture, `bottom` being the 0-based seat drawn at the bottom.
    fn svg(&self, size: u32, coordinates: bool, bottom: u8) -> Result<String, String>;

    fn num_distinct_actions(&self) -> usize;
    /// The legal actions, ascending.
    fn legal_actions(&mut self) -> &[u32];
    /// Writes 1 for each legal action, 0 elsewhere; `mask` has `num_distinct_actions` entries.
    fn legal_mask(&mut self, mask: &mut [i8]);
    fn apply_action(&mut self, action: u32) -> Result<(), String>;
    /// The move an action number stands for here, as text (legal or not).
    fn action_to_string(&self, action: u32) -> Option<String>;
    fn string_to_action(&self, text: &str) -> Result<u32, String>;
    fn observation_shape(&self) -> [usize; 3];
    fn observe(&self, seat: u8, out: &mut [f32]) -> Result<(), String>;
    fn symmetry_count(&self) -> usize;
    fn transformed(&self, sym: usize) -> Result<Box<dyn Engine>, String>;
    fn transform_action(&self, sym: usize, action: u32) -> Result<u32, String>;
    fn transform_observation(
        &self,
        sym: usize,
        input: &[f32],
        out: &mut [f32],
    ) -> Result<(), String>;
}

impl<W: Held> Engine for Cached<W> {
    fn bot(&self, spec: &BotSpec) -> Result<Box<dyn EngineBot>, String> {
        let bot = agame_options::bot(self.held.get(), spec, |path| {
            agame_options::read_network(&std::fs::read(path).map_err(|e| e.to_string())?)
        })?;
        Ok(Box::new(BotOf::<W> {
            bot,
            limits: spec.limits(),
        }))
    }

    fn clone_box(&self) -> Box<dyn Engine> {
        // Copies of states are often made to be changed: the legal list is not copied.
        Cached::boxed(self.held.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn eq_dyn(&self, other: &dyn Engine) -> bool {
        other
            .as_any()
            .downcast_ref::<Cached<W>>()
            .is_some_and(|o| o.held == self.held)
    }

    fn player_count(&self) -> u8 {
        Game::player_count(self.held.get())
    }

    fn current(&self) -> Option<u8> {
        self.held.get().to_move().map(|p| p.index() as u8)
    }

    fn returns(&self) -> Vec<f64> {
        let n = Game::player_count(self.held.get());
        match self.held.get().status() {
            Status::Finished(o) => PlayerId::all(n).map(|p| o.returns(p)).collect(),
            Status::Ongoing(_) => vec![0.0; usize::from(n)],
        }
    }

    fn scores(&self) -> Vec<i32> {
        PlayerId::all(Game::player_count(self.held.get()))
            .map(|p| self.held.get().score(p))
            .collect()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = MoveList::<W::G>::new();
        self.held.get().generate_moves(&mut moves);
        moves.iter().map(ToString::to_string).collect()
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let mv = self
            .held
            .get()
            .parse_move(text.trim())
            .map_err(|e| format!("cannot read move '{text}': {e}"))?;
        self.changing()
            .apply(mv)
            .map_err(|e| format!("{text}: {e}"))
    }

    fn text(&self) -> String {
        self.held.get().to_string()
    }

    fn diagram(&self) -> String {
        self.held.get().diagram()
    }

    fn hash(&self) -> u64 {
        self.held.get().hash64()
    }

    fn truncated(&self) -> bool {
        self.held.truncated()
    }

    fn end_reason(&self) -> Option<String> {
        self.held.get().end().map(|e| e.to_string())
    }

    fn svg(&self, size: u32, coordinates: bool, bottom: u8) -> Result<String, String> {
        let bottom = PlayerId::new(bottom)
            .filter(|p| p.index() < usize::from(Game::player_count(self.held.get())))
            .ok_or_else(|| format!("no seat {bottom} in this game"))?;
        Ok(self.held.get().to_svg(&SvgOptions {
            size,
            coordinates,
            bottom,
            ..SvgOptions::default()
        }))
    }

    fn num_distinct_actions(&self) -> usize {
        self.held.get().num_distinct_actions()
    }

    fn legal_actions(&mut self) -> &[u32] {
        self.legal()
    }

    fn legal_mask(&mut self, mask: &mut [i8]) {
        mask.fill(0);
        for &a in self.legal() {
            if let Some(slot) = mask.get_mut(a as usize) {
                *slot = 1;
            }
        }
    }

    fn apply_action(&mut self, action: u32) -> Result<(), String> {
        let legal = self.legal();
        if legal.binary_search(&action).is_err() {
            return Err(if legal.is_empty() {
                "the game is over".into()
            } else {
                format!("action {action} is not legal here")
            });
        }
        // A legal action decodes to its legal move.
        let mv = self
            .held
            .get()
            .decode(action)
            .ok_or_else(|| format!("action {action} is not legal here"))?;
        self.changing().apply_unchecked(mv);
        Ok(())
    }

    fn action_to_string(&self, action: u32) -> Option<String> {
        self.held.get().decode(action).map(|mv| mv.to_string())
    }

    fn string_to_action(&self, text: &str) -> Result<u32, String> {
        let mv = self
            .held
            .get()
            .parse_move(text.trim())
            .map_err(|e| format!("cannot read move '{text}': {e}"))?;
        self.held
            .get()
            .encode(mv)
            .ok_or_else(|| format!("'{text}' has no action number in this game"))
    }

    fn observation_shape(&self) -> [usize; 3] {
        self.held.get().observation_shape()
    }

    fn observe(&self, seat: u8, out: &mut [f32]) -> Result<(), String> {
        let player = PlayerId::new(seat)
            .filter(|p| p.index() < usize::from(Game::player_count(self.held.get())))
            .ok_or_else(|| format!("no seat {seat} in this game"))?;
        self.held
            .get()
            .observe(player, out)
            .map_err(|e| e.to_string())
    }

    fn symmetry_count(&self) -> usize {
        self.held.get().symmetry_count()
    }

    fn transformed(&self, sym: usize) -> Result<Box<dyn Engine>, String> {
        let image = self
            .held
            .get()
            .transformed(sym)
            .map_err(|e| e.to_string())?;
        let mut held = self.held.clone();
        *held.get_mut() = image;
        Ok(Cached::boxed(held))
    }

    fn transform_action(&self, sym: usize, action: u32) -> Result<u32, String> {
        self.held
            .get()
            .transform_action(sym, action)
            .map_err(|e| e.to_string())
    }

    fn transform_observation(
        &self,
        sym: usize,
        input: &[f32],
        out: &mut [f32],
    ) -> Result<(), String> {
        self.held
            .get()
            .transform_observation(sym, input, out)
            .map_err(|e| e.to_string())
    }
}
