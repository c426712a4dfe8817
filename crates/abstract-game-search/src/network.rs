//! A trained network read from its file ([`Network`]) and evaluated for the batched search
//! ([`NetworkEvaluator`]): the `agame-zero` format of docs/model-format.md, version 1.

use abstract_game_batch::{EvalError, Evaluator};
use safetensors::tensor::{Dtype, SafeTensors, TensorView};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The only format version this reader knows.
pub const FORMAT_VERSION: u32 = 1;

/// Files larger than this are refused before they are parsed.
pub const MAX_FILE_BYTES: usize = 64 << 20;

/// Why a network file was refused, or does not fit a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetworkError {
    /// Not a safetensors file, or one whose header or byte ranges are broken.
    #[error("not a readable network file: {0}")]
    File(String),
    /// A safetensors file, but not an `agame-zero` network of a known version.
    #[error("not an agame-zero network: {0}")]
    Format(String),
    /// A tensor missing, extra, of the wrong shape or type, or holding NaN or infinity.
    #[error("bad tensor {name}: {reason}")]
    Tensor {
        /// The tensor's name.
        name: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The network was trained for another game, other rules or other sizes.
    #[error("the network does not fit this game: {0}")]
    Mismatch(String),
}

/// One fully connected layer: `y = w x + b`, `w` row-major `[rows, cols]`.
#[derive(Clone, Debug)]
struct Dense {
    rows: usize,
    cols: usize,
    w: Vec<f32>,
    b: Vec<f32>,
}

impl Dense {
    /// `out[n, rows] = w x[n] + b` for the `n` inputs of `x` (`[n, cols]`); each weight row is
    /// read once for the whole batch.
    fn apply(&self, x: &[f32], out: &mut [f32], relu: bool) {
        let n = x.len() / self.cols;
        for (r, (row, &bias)) in self.w.chunks_exact(self.cols).zip(&self.b).enumerate() {
            for i in 0..n {
                let v = bias + dot(row, &x[i * self.cols..(i + 1) * self.cols]);
                out[i * self.rows + r] = if relu { v.max(0.0) } else { v };
            }
        }
    }

    /// One input's `out = w x + b` (`rows` entries), dense: every weight read.
    fn apply_one(&self, x: &[f32], out: &mut [f32], relu: bool) {
        for ((o, row), &bias) in out
            .iter_mut()
            .zip(self.w.chunks_exact(self.cols))
            .zip(&self.b)
        {
            let v = bias + dot(row, x);
            *o = if relu { v.max(0.0) } else { v };
        }
    }

    /// The weights transposed, `[cols, rows]`: column `j` of `w` is contiguous, as the sparse
    /// product reads it.
    fn transposed(&self) -> Vec<f32> {
        let mut t = vec![0.0; self.w.len()];
        for (r, row) in self.w.chunks_exact(self.cols).enumerate() {
            for (j, &w) in row.iter().enumerate() {
                t[j * self.rows + r] = w;
            }
        }
        t
    }
}

/// Rows of a sparse product summed in registers at a time: four SSE vectors (32 rows spilled
/// to memory and ran slower).
const BLOCK: usize = 16;

/// One input's `out = relu(w x + b)` from its nonzero entries and the transposed weights
/// `wt` (`[cols, rows]`): `b + sum x_j w[:, j]`, first over the entries `ones` equal to 1
/// (the binary planes: `1 * w` is `w`, so no product), then over the others (`(j, x_j)`).
/// Zero entries of `x` add exactly nothing to the dense sum, so only the order of the
/// additions differs from [`Dense::apply`].
fn sparse_relu(wt: &[f32], b: &[f32], ones: &[usize], others: &[(usize, f32)], out: &mut [f32]) {
    let rows = b.len();
    let full = rows - rows % BLOCK;
    // Blocks of rows whose partial sums stay in registers over every nonzero input.
    for (start, (o, bias)) in (0..full).step_by(BLOCK).zip(
        out[..full]
            .chunks_exact_mut(BLOCK)
            .zip(b.chunks_exact(BLOCK)),
    ) {
        let mut acc = [0.0f32; BLOCK];
        acc.copy_from_slice(bias);
        for &j in ones {
            let col = &wt[j * rows + start..j * rows + start + BLOCK];
            for k in 0..BLOCK {
                acc[k] += col[k];
            }
        }
        for &(j, v) in others {
            let col = &wt[j * rows + start..j * rows + start + BLOCK];
            for k in 0..BLOCK {
                acc[k] += v * col[k];
            }
        }
        for (o, a) in o.iter_mut().zip(acc) {
            *o = a.max(0.0);
        }
    }
    for r in full..rows {
        let v = ones.iter().fold(b[r], |acc, &j| acc + wt[j * rows + r]);
        let v = others
            .iter()
            .fold(v, |acc, &(j, x)| acc + x * wt[j * rows + r]);
        out[r] = v.max(0.0);
    }
}

/// The entries of one observation plane if the first layer's columns are also summed by
/// plane: planes of more than one entry that make up the whole input. Else 0.
fn folded_plane(first: &Dense, shape: [usize; 3]) -> usize {
    let plane = shape[1] * shape[2];
    if plane > 1 && shape[0] * plane == first.cols {
        plane
    } else {
        0
    }
}

/// The first layer's transposed weights (`[cols, rows]`), then (see [`folded_plane`]) each
/// plane's sum of its columns (`[planes, rows]`, added up in f64).
fn first_columns(first: &Dense, shape: [usize; 3]) -> Vec<f32> {
    let mut t = first.transposed();
    let plane = folded_plane(first, shape);
    if plane > 0 {
        let rows = first.rows;
        let sums: Vec<f32> = (0..shape[0] * rows)
            .map(|i| {
                let (p, r) = (i / rows, i % rows);
                let column = |k: usize| f64::from(t[(p * plane + k) * rows + r]);
                (0..plane).map(column).sum::<f64>() as f32
            })
            .collect();
        t.extend(sums);
    }
    t
}

/// The nonzero entries of one observation `x` for the sparse first layer: the entries equal to
/// 1 in `ones`, the others with their values in `others`. With planes of `plane` entries
/// (`plane > 0`), a plane whose entries all have the same nonzero value `v` (a seat to move,
/// a score, a target: whole planes in every shipped game) is one entry, `x.len() + p` for plane
/// `p`, the column of its sum: one column's work instead of a plane's.
fn gather(x: &[f32], plane: usize, ones: &mut Vec<usize>, others: &mut Vec<(usize, f32)>) {
    ones.clear();
    others.clear();
    let mut push = |j: usize, v: f32| {
        if v == 1.0 {
            ones.push(j);
        } else if v != 0.0 {
            others.push((j, v));
        }
    };
    if plane == 0 {
        x.iter().enumerate().for_each(|(j, &v)| push(j, v));
        return;
    }
    for (p, entries) in x.chunks_exact(plane).enumerate() {
        let v = entries[0];
        if v != 0.0 && entries.iter().all(|&e| e == v) {
            push(x.len() + p, v);
        } else {
            let start = p * plane;
            entries
                .iter()
                .enumerate()
                .for_each(|(k, &v)| push(start + k, v));
        }
    }
}

/// An input with at most `cols * 3 / 4` nonzero entries goes through the sparse first layer;
/// a denser one through the dense product.
fn sparse_enough(nonzero: usize, cols: usize) -> bool {
    nonzero * 4 <= cols * 3
}

/// A dot product in eight lanes, which the compiler turns into vector instructions.
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut acc = [0.0f32; 8];
    let (a8, a_rest) = a.split_at(a.len() - a.len() % 8);
    let (b8, b_rest) = b.split_at(a8.len());
    for (x, y) in a8.chunks_exact(8).zip(b8.chunks_exact(8)) {
        for k in 0..8 {
            acc[k] += x[k] * y[k];
        }
    }
    let tail: f32 = a_rest.iter().zip(b_rest).map(|(x, y)| x * y).sum();
    acc.iter().sum::<f32>() + tail
}

/// A trained network: what it was trained for, and its layers.
///
/// ```
/// use abstract_game_search::network::{Network, NetworkError};
/// let err = Network::from_bytes(b"not a network").unwrap_err();
/// assert!(matches!(err, NetworkError::File(_)));
/// ```
#[derive(Clone, Debug)]
pub struct Network {
    game: String,
    options: BTreeMap<String, String>,
    observation_shape: [usize; 3],
    num_actions: usize,
    metadata: BTreeMap<String, String>,
    trunk: Vec<Dense>,
    /// The first trunk layer's weights transposed (`[cols, rows]`), for the sparse product,
    /// then the sum of each observation plane's columns (`[planes, rows]`, see `gather`).
    first_t: Vec<f32>,
    policy: Dense,
    value: Dense,
}

fn f16_to_f32(bits: u16) -> f32 {
    let sign = u32::from(bits >> 15) << 31;
    let exp = u32::from((bits >> 10) & 0x1f);
    let frac = u32::from(bits & 0x3ff);
    let magnitude = match (exp, frac) {
        (0, 0) => 0,
        // Subnormal: frac * 2^-24, exactly representable in f32.
        (0, f) => return sign_of(sign) * (f as f32) * f32::powi(2.0, -24),
        (31, 0) => 0xff << 23,
        (31, f) => (0xff << 23) | (f << 13),
        (e, f) => ((e + 127 - 15) << 23) | (f << 13),
    };
    f32::from_bits(sign | magnitude)
}

fn sign_of(sign: u32) -> f32 {
    if sign == 0 { 1.0 } else { -1.0 }
}

/// The tensor's entries as `f32`, checked finite.
fn floats(name: &str, view: &TensorView<'_>) -> Result<Vec<f32>, NetworkError> {
    let data = view.data();
    let out: Vec<f32> = match view.dtype() {
        Dtype::F32 => data
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect(),
        Dtype::F16 => data
            .chunks_exact(2)
            .map(|c| f16_to_f32(u16::from_le_bytes([c[0], c[1]])))
            .collect(),
        Dtype::BF16 => data
            .chunks_exact(2)
            .map(|c| f32::from_bits(u32::from(u16::from_le_bytes([c[0], c[1]])) << 16))
            .collect(),
        other => {
            return Err(NetworkError::Tensor {
                name: name.to_string(),
                reason: format!("dtype {other:?} (F32, F16 or BF16 are read)"),
            });
        }
    };
    if let Some(i) = out.iter().position(|x| !x.is_finite()) {
        return Err(NetworkError::Tensor {
            name: name.to_string(),
            reason: format!("entry {i} is {}", out[i]),
        });
    }
    Ok(out)
}

impl Network {
    /// Reads a network from the bytes of its file.
    ///
    /// # Errors
    /// Whatever makes the file unreadable or not a version-1 `agame-zero` network (see
    /// [`NetworkError`]); the message says which.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() > MAX_FILE_BYTES {
            return Err(NetworkError::File(format!(
                "{} bytes, more than the {MAX_FILE_BYTES} a network may have",
                bytes.len()
            )));
        }
        let file = |e: safetensors::SafeTensorError| NetworkError::File(e.to_string());
        let (_, header) = SafeTensors::read_metadata(bytes).map_err(file)?;
        let tensors = SafeTensors::deserialize(bytes).map_err(file)?;
        let metadata: BTreeMap<String, String> = header
            .metadata()
            .clone()
            .unwrap_or_default()
            .into_iter()
            .collect();
        let format = |m: String| NetworkError::Format(m);
        let get = |key: &str| {
            metadata
                .get(key)
                .ok_or_else(|| format(format!("no '{key}' in the metadata")))
        };
        if get("format")? != "agame-zero" {
            return Err(format(format!(
                "format is '{}', not 'agame-zero'",
                get("format")?
            )));
        }
        if get("format_version")? != &FORMAT_VERSION.to_string() {
            return Err(format(format!(
                "format_version {} (this reader knows {FORMAT_VERSION})",
                get("format_version")?
            )));
        }
        if get("architecture")? != "mlp" {
            return Err(format(format!(
                "architecture '{}' (version 1 has 'mlp')",
                get("architecture")?
            )));
        }
        let game = get("game")?.clone();
        let options: BTreeMap<String, String> = serde_json::from_str(get("options")?)
            .map_err(|e| format(format!("options is not a JSON object of strings: {e}")))?;
        let shape: Vec<usize> = get("observation_shape")?
            .split(',')
            .map(|p| p.trim().parse::<usize>())
            .collect::<Result<_, _>>()
            .map_err(|_| format("observation_shape is not 'planes,rows,cols'".to_string()))?;
        let observation_shape: [usize; 3] = shape
            .try_into()
            .map_err(|_| format("observation_shape is not 'planes,rows,cols'".to_string()))?;
        let num_actions: usize = get("num_actions")?
            .parse()
            .map_err(|_| format("num_actions is not a whole number".to_string()))?;
        let obs_len = observation_shape
            .iter()
            .try_fold(1usize, |a, &d| a.checked_mul(d))
            .filter(|&n| n > 0)
            .ok_or_else(|| format("observation_shape is empty or too large".to_string()))?;
        if num_actions == 0 {
            return Err(format("num_actions is 0".to_string()));
        }

        let mut used = 0;
        let mut dense = |name: &str, rows: Option<usize>, cols: usize| {
            let tensor = |suffix: &str| {
                let full = format!("{name}.{suffix}");
                tensors
                    .tensor(&full)
                    .map(|v| (full.clone(), v))
                    .map_err(|_| NetworkError::Tensor {
                        name: full,
                        reason: "missing".to_string(),
                    })
            };
            let (wn, w) = tensor("weight")?;
            let (bn, b) = tensor("bias")?;
            let bad = |n: &str, reason: String| NetworkError::Tensor {
                name: n.to_string(),
                reason,
            };
            let [r, c] = *w.shape() else {
                return Err(bad(&wn, format!("shape {:?}, not [out, in]", w.shape())));
            };
            if c != cols || rows.is_some_and(|want| want != r) || r == 0 {
                return Err(bad(
                    &wn,
                    format!(
                        "shape [{r}, {c}] where [{}, {cols}] is needed",
                        rows.map_or("out".to_string(), |n| n.to_string())
                    ),
                ));
            }
            if b.shape() != [r] {
                return Err(bad(
                    &bn,
                    format!("shape {:?} where [{r}] is needed", b.shape()),
                ));
            }
            used += 2;
            Ok(Dense {
                rows: r,
                cols: c,
                w: floats(&wn, &w)?,
                b: floats(&bn, &b)?,
            })
        };
        let mut trunk: Vec<Dense> = Vec::new();
        while tensors
            .tensor(&format!("trunk.{}.weight", trunk.len()))
            .is_ok()
        {
            let cols = trunk.last().map_or(obs_len, |d| d.rows);
            trunk.push(dense(&format!("trunk.{}", trunk.len()), None, cols)?);
        }
        if trunk.is_empty() {
            return Err(NetworkError::Tensor {
                name: "trunk.0.weight".to_string(),
                reason: "missing".to_string(),
            });
        }
        let hidden = trunk.last().map_or(0, |d| d.rows);
        let policy = dense("policy", Some(num_actions), hidden)?;
        let value = dense("value", Some(1), hidden)?;
        if let Some(extra) = tensors
            .names()
            .into_iter()
            .find(|n| !is_known(n, trunk.len()))
        {
            return Err(NetworkError::Tensor {
                name: extra.clone(),
                reason: "not a tensor of the mlp architecture".to_string(),
            });
        }
        debug_assert_eq!(used, tensors.len());
        Ok(Network {
            game,
            options,
            observation_shape,
            num_actions,
            metadata,
            first_t: first_columns(&trunk[0], observation_shape),
            trunk,
            policy,
            value,
        })
    }

    /// An untrained network for a game: `hidden` layer sizes (at least one), weights drawn
    /// uniformly from `±1/sqrt(inputs)` by a generator seeded with `seed`, biases 0. A start
    /// for training, and a network of the right sizes for tests.
    ///
    /// ```
    /// use abstract_game_search::network::Network;
    /// let net = Network::untrained("gipf", &[("variant", "standard".into())], [12, 7, 7], 100, &[8], 1);
    /// let again = Network::from_bytes(&net.to_bytes()).unwrap();
    /// assert_eq!(again.to_bytes(), net.to_bytes());
    /// assert_eq!(again.hidden(), [8]);
    /// ```
    #[must_use]
    pub fn untrained(
        game: &str,
        options: &[(&str, String)],
        observation_shape: [usize; 3],
        num_actions: usize,
        hidden: &[usize],
        seed: u64,
    ) -> Network {
        let mut rng = abstract_game::SeededRng::new(seed);
        let mut layer = |rows: usize, cols: usize| {
            let scale = 1.0 / (cols.max(1) as f32).sqrt();
            let w = (0..rows * cols)
                .map(|_| {
                    let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
                    (2.0 * unit - 1.0) * scale
                })
                .collect();
            Dense {
                rows,
                cols,
                w,
                b: vec![0.0; rows],
            }
        };
        let obs_len = observation_shape.iter().product::<usize>().max(1);
        let mut trunk = Vec::new();
        let mut cols = obs_len;
        for &h in hidden.iter().filter(|&&h| h > 0) {
            trunk.push(layer(h, cols));
            cols = h;
        }
        if trunk.is_empty() {
            trunk.push(layer(1, cols));
            cols = 1;
        }
        let policy = layer(num_actions.max(1), cols);
        let value = layer(1, cols);
        let options: BTreeMap<String, String> = options
            .iter()
            .map(|(k, v)| ((*k).to_string(), v.clone()))
            .collect();
        let mut metadata = BTreeMap::new();
        for (k, v) in [
            ("format", "agame-zero".to_string()),
            ("format_version", FORMAT_VERSION.to_string()),
            ("architecture", "mlp".to_string()),
            ("game", game.to_string()),
            (
                "options",
                serde_json::to_string(&options).unwrap_or_else(|_| "{}".to_string()),
            ),
            (
                "observation_shape",
                observation_shape.map(|d| d.to_string()).join(","),
            ),
            ("num_actions", num_actions.max(1).to_string()),
        ] {
            metadata.insert(k.to_string(), v);
        }
        Network {
            game: game.to_string(),
            options,
            observation_shape,
            num_actions: num_actions.max(1),
            metadata,
            first_t: first_columns(&trunk[0], observation_shape),
            trunk,
            policy,
            value,
        }
    }

    /// The network's file (safetensors, `F32`, its metadata as read or made).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let layers = self
            .trunk
            .iter()
            .enumerate()
            .map(|(i, d)| (format!("trunk.{i}"), d))
            .chain([
                ("policy".to_string(), &self.policy),
                ("value".to_string(), &self.value),
            ]);
        let mut named: Vec<(String, &[f32], Vec<usize>)> = Vec::new();
        for (name, d) in layers {
            named.push((format!("{name}.weight"), &d.w, vec![d.rows, d.cols]));
            named.push((format!("{name}.bias"), &d.b, vec![d.rows]));
        }
        let mut header = serde_json::Map::new();
        header.insert(
            "__metadata__".to_string(),
            serde_json::to_value(&self.metadata).unwrap_or_default(),
        );
        let mut offset = 0usize;
        for (name, data, shape) in &named {
            let end = offset + 4 * data.len();
            header.insert(
                name.clone(),
                serde_json::json!({"dtype": "F32", "shape": shape, "data_offsets": [offset, end]}),
            );
            offset = end;
        }
        let text = serde_json::to_vec(&header).unwrap_or_default();
        let mut out = Vec::with_capacity(8 + text.len() + offset);
        out.extend_from_slice(&(text.len() as u64).to_le_bytes());
        out.extend_from_slice(&text);
        for (_, data, _) in &named {
            for x in *data {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        out
    }

    /// The registered name of the game it was trained for (`gipf`, say).
    #[must_use]
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The rule options it was trained with, as the Python package names them.
    #[must_use]
    pub fn options(&self) -> &BTreeMap<String, String> {
        &self.options
    }

    /// `[planes, rows, cols]` of the observations it reads.
    #[must_use]
    pub fn observation_shape(&self) -> [usize; 3] {
        self.observation_shape
    }

    /// The entries of one observation (`planes * rows * cols`).
    #[must_use]
    pub fn observation_len(&self) -> usize {
        self.trunk[0].cols
    }

    /// The move limit of its training games (metadata `max_plies`), when its observations
    /// carry the limit's plane.
    #[must_use]
    pub fn max_plies(&self) -> Option<u32> {
        self.metadata.get("max_plies").and_then(|m| m.parse().ok())
    }

    /// The exploration constant of PUCT its trainer chose for it (metadata `c_puct`), which
    /// the `zero` bot uses when its spec gives no `c`; `None` (the bot's default) when the
    /// file has none or one that is not a finite number from 0 to 100.
    #[must_use]
    pub fn c_puct(&self) -> Option<f32> {
        let c: f32 = self.metadata.get("c_puct")?.parse().ok()?;
        (c.is_finite() && (0.0..=100.0).contains(&c)).then_some(c)
    }

    /// The weight of the game's own evaluation in the `zero` bot's leaf values that its
    /// trainer chose for it (metadata `value_mix`, [`ZeroConfig::value_mix`](crate::ZeroConfig::value_mix)),
    /// which the bot uses when its spec gives no `mix`; `None` (the network's values alone)
    /// when the file has none or one that is not a number from 0 to 1.
    #[must_use]
    pub fn value_mix(&self) -> Option<f32> {
        let w: f32 = self.metadata.get("value_mix")?.parse().ok()?;
        (0.0..=1.0).contains(&w).then_some(w)
    }

    /// The width of its policy: the game's number of distinct actions.
    #[must_use]
    pub fn num_actions(&self) -> usize {
        self.num_actions
    }

    /// Every metadata entry of the file (training command, games, wall time, ...).
    #[must_use]
    pub fn metadata(&self) -> &BTreeMap<String, String> {
        &self.metadata
    }

    /// Sets one metadata entry (a note such as `trained_by`, or `max_plies`); the format's
    /// own keys (`format`, `format_version`, `architecture`, `game`, `options`,
    /// `observation_shape`, `num_actions`) stay as they are.
    pub fn set_metadata(&mut self, key: &str, value: &str) {
        const OWN: [&str; 7] = [
            "format",
            "format_version",
            "architecture",
            "game",
            "options",
            "observation_shape",
            "num_actions",
        ];
        if !OWN.contains(&key) {
            self.metadata.insert(key.to_string(), value.to_string());
        }
    }

    /// The sizes of its hidden layers.
    #[must_use]
    pub fn hidden(&self) -> Vec<usize> {
        self.trunk.iter().map(|d| d.rows).collect()
    }

    /// The number of weights and biases.
    #[must_use]
    pub fn parameters(&self) -> usize {
        self.trunk
            .iter()
            .chain([&self.policy, &self.value])
            .map(|d| d.w.len() + d.b.len())
            .sum()
    }

    /// Checks that the network was trained for game `game` with rule options `options` (the
    /// Python package's names and texts), whose observations have shape `observation_shape`
    /// and which has `num_actions` actions.
    ///
    /// # Errors
    /// [`NetworkError::Mismatch`], naming the first difference.
    pub fn check_fits(
        &self,
        game: &str,
        options: &[(&str, String)],
        observation_shape: [usize; 3],
        num_actions: usize,
    ) -> Result<(), NetworkError> {
        let mismatch = |m: String| Err(NetworkError::Mismatch(m));
        if game != self.game {
            return mismatch(format!("trained for {}, not {game}", self.game));
        }
        let wanted: BTreeMap<String, String> = options
            .iter()
            .map(|(k, v)| ((*k).to_string(), v.clone()))
            .collect();
        if wanted != self.options {
            return mismatch(format!(
                "trained with options {}, not {}",
                show(&self.options),
                show(&wanted)
            ));
        }
        if observation_shape != self.observation_shape {
            return mismatch(format!(
                "observations of shape {:?}, not {observation_shape:?}",
                self.observation_shape
            ));
        }
        if num_actions != self.num_actions {
            return mismatch(format!("{} actions, not {num_actions}", self.num_actions));
        }
        Ok(())
    }

    /// The network's raw outputs for `n` observations (`obs`, `[n, planes*rows*cols]`):
    /// policy logits `[n, num_actions]` and values `[n]` (after tanh). Allocates its
    /// scratch; the search uses a [`NetworkEvaluator`], which keeps it.
    ///
    /// # Errors
    /// `obs`, `logits` or `values` of the wrong length.
    pub fn forward(
        &self,
        obs: &[f32],
        logits: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), EvalError> {
        let mut scratch = Scratch::default();
        self.forward_with(&mut scratch, obs, logits, values)
    }

    fn forward_with(
        &self,
        scratch: &mut Scratch,
        obs: &[f32],
        logits: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), EvalError> {
        let n = values.len();
        self.check_shapes(obs, logits.len(), n)?;
        let hidden = self.hidden_with(
            &mut scratch.a,
            &mut scratch.b,
            &mut scratch.ones,
            &mut scratch.others,
            obs,
            n,
        );
        self.policy.apply(hidden, logits, false);
        self.value.apply(hidden, values, false);
        for v in values.iter_mut() {
            *v = v.tanh();
        }
        Ok(())
    }

    /// The entries of an observation plane, when the first layer's columns are summed by
    /// plane (see `gather`), else 0.
    fn plane_len(&self) -> usize {
        folded_plane(&self.trunk[0], self.observation_shape)
    }

    /// Checks `obs` and the `logits` (or priors) length against `n` inputs.
    fn check_shapes(&self, obs: &[f32], logits: usize, n: usize) -> Result<(), EvalError> {
        let shape = |name, expected: usize, found: usize| {
            if expected == found {
                Ok(())
            } else {
                Err(EvalError::Shape {
                    name,
                    expected,
                    found,
                })
            }
        };
        shape("obs", n * self.trunk[0].cols, obs.len())?;
        shape("logits", n * self.num_actions, logits)
    }

    /// The last hidden layer (`[n, hidden]`, in `a` or `b`) of the `n` inputs of `obs`. The
    /// first layer takes each input's nonzero entries (collected in `ones` and `others`) when
    /// they are few enough: observations are mostly zeros (in the shipped games' positions,
    /// 20-50% of the entries are nonzero, most of those 1).
    fn hidden_with<'s>(
        &self,
        a: &'s mut Vec<f32>,
        b: &'s mut Vec<f32>,
        ones: &mut Vec<usize>,
        others: &mut Vec<(usize, f32)>,
        obs: &[f32],
        n: usize,
    ) -> &'s [f32] {
        let widest = self.trunk.iter().map(|d| d.rows).max().unwrap_or(0);
        a.resize(n * widest, 0.0);
        b.resize(n * widest, 0.0);
        let first = &self.trunk[0];
        let plane = self.plane_len();
        for (x, out) in obs
            .chunks_exact(first.cols)
            .zip(a.chunks_exact_mut(first.rows))
        {
            gather(x, plane, ones, others);
            if sparse_enough(ones.len() + others.len(), first.cols) {
                sparse_relu(&self.first_t, &first.b, ones, others, out);
            } else {
                first.apply_one(x, out, true);
            }
        }
        let (mut input, mut spare) = (a, b);
        for layer in &self.trunk[1..] {
            layer.apply(&input[..n * layer.cols], &mut spare[..n * layer.rows], true);
            core::mem::swap(&mut input, &mut spare);
        }
        let input: &'s Vec<f32> = input;
        &input[..n * self.policy.cols]
    }
}

fn is_known(name: &str, layers: usize) -> bool {
    let Some((base, part)) = name.rsplit_once('.') else {
        return false;
    };
    if part != "weight" && part != "bias" {
        return false;
    }
    base == "policy"
        || base == "value"
        || base
            .strip_prefix("trunk.")
            .and_then(|i| i.parse::<usize>().ok())
            .is_some_and(|i| i < layers && format!("trunk.{i}") == base)
}

fn show(options: &BTreeMap<String, String>) -> String {
    let parts: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!("{{{}}}", parts.join(", "))
}

/// Buffers kept between evaluations, so that the hot path does not allocate.
#[derive(Clone, Debug, Default)]
struct Scratch {
    /// Hidden layers, `[n, widest]`, alternately input and output.
    a: Vec<f32>,
    b: Vec<f32>,
    /// One observation's entries equal to 1, and its other nonzero entries.
    ones: Vec<usize>,
    others: Vec<(usize, f32)>,
    /// One leaf's legal actions.
    legal: Vec<usize>,
}

/// A [`Network`] as the batched search's [`Evaluator`]: priors are the softmax of the
/// logits over the legal actions, values the network's. Keeps its scratch buffers between
/// calls, so a search allocates only while its batches grow.
#[derive(Clone, Debug)]
pub struct NetworkEvaluator {
    network: Arc<Network>,
    scratch: Scratch,
}

impl NetworkEvaluator {
    /// An evaluator of `network`.
    #[must_use]
    pub fn new(network: Arc<Network>) -> NetworkEvaluator {
        NetworkEvaluator {
            network,
            scratch: Scratch::default(),
        }
    }

    /// The network evaluated.
    #[must_use]
    pub fn network(&self) -> &Arc<Network> {
        &self.network
    }
}

impl NetworkEvaluator {
    /// Checks the shapes of a batch and computes its last hidden layer, then lets `row` write
    /// each leaf's priors from its hidden vector, and writes the values.
    fn run(
        &mut self,
        obs: &[f32],
        mask: &[bool],
        priors: &mut [f32],
        values: &mut [f32],
        mut row: impl FnMut(usize, &Network, &mut [f32], &[f32], &mut Vec<usize>),
    ) -> Result<(), EvalError> {
        if mask.len() != priors.len() {
            return Err(EvalError::Shape {
                name: "mask",
                expected: priors.len(),
                found: mask.len(),
            });
        }
        let net = &*self.network;
        let n = values.len();
        net.check_shapes(obs, priors.len(), n)?;
        let Scratch {
            a,
            b,
            ones,
            others,
            legal,
        } = &mut self.scratch;
        let hidden = net.hidden_with(a, b, ones, others, obs, n);
        let (actions, width) = (net.num_actions, net.policy.cols);
        for (i, (priors, h)) in priors
            .chunks_exact_mut(actions)
            .zip(hidden.chunks_exact(width))
            .enumerate()
        {
            row(i, net, priors, h, legal);
        }
        net.value.apply(hidden, values, false);
        for v in values.iter_mut() {
            *v = v.tanh();
        }
        Ok(())
    }
}

/// Writes `exp(logit - max)` at the legal actions `legal` of `row`, from the last hidden layer
/// `h` of its leaf; the other entries are left as they are. Only the legal actions' policy rows
/// are computed.
fn legal_priors(net: &Network, row: &mut [f32], h: &[f32], legal: &[usize]) {
    let width = net.policy.cols;
    let mut top = f32::NEG_INFINITY;
    for &i in legal {
        // As `Dense::apply` computes the logit, so it is the same number.
        let logit = net.policy.b[i] + dot(&net.policy.w[i * width..(i + 1) * width], h);
        row[i] = logit;
        top = top.max(logit);
    }
    for &i in legal {
        row[i] = (row[i] - top).exp();
    }
}

impl Evaluator for NetworkEvaluator {
    /// Priors `exp(logit - max legal logit)` at the legal actions of `mask` and 0 elsewhere.
    fn evaluate(
        &mut self,
        obs: &[f32],
        mask: &[bool],
        priors: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), EvalError> {
        let actions = self.network.num_actions;
        self.run(obs, mask, priors, values, |i, net, row, h, legal| {
            row.fill(0.0);
            legal.clear();
            let allowed = &mask[i * actions..(i + 1) * actions];
            for (c, flags) in allowed.chunks(16).enumerate() {
                // Most flags are false: sixteen at a time, without a branch each.
                if flags.iter().fold(false, |any, &l| any | l) {
                    let set = flags.iter().enumerate().filter(|(_, l)| **l);
                    legal.extend(set.map(|(k, _)| c * 16 + k));
                }
            }
            legal_priors(net, row, h, legal);
        })
    }

    /// As [`NetworkEvaluator::evaluate`] at the legal actions of `legal`, without reading the
    /// mask; the other entries of `priors` are left as they are (the search reads none).
    fn evaluate_legal(
        &mut self,
        obs: &[f32],
        mask: &[bool],
        legal: &[Vec<u32>],
        priors: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), EvalError> {
        if legal.len() != values.len() {
            return Err(EvalError::Shape {
                name: "legal",
                expected: values.len(),
                found: legal.len(),
            });
        }
        let actions = self.network.num_actions;
        self.run(obs, mask, priors, values, |i, net, row, h, scratch| {
            scratch.clear();
            // Numbers beyond the actions (never a game's legal action) are left out.
            let known = legal[i]
                .iter()
                .map(|&a| a as usize)
                .filter(|&a| a < actions);
            scratch.extend(known);
            legal_priors(net, row, h, scratch);
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{Dense, Network, gather, sparse_relu};
    use abstract_game::{Actions, Game, MoveLimit, Observe, random_playout};

    /// Observations (from the seat to move) at every third ply of seeded random games.
    fn observations<G: Observe>(start: &G) -> Vec<Vec<f32>> {
        let mut out = Vec::new();
        for seed in 0..4 {
            let game = random_playout(start, seed, 120);
            let mut state = start.clone();
            for (ply, &mv) in game.moves.iter().enumerate() {
                if ply % 3 == 0 {
                    let mut obs = vec![0.0; state.observation_len()];
                    state.observe_to_move(&mut obs).unwrap();
                    out.push(obs);
                }
                state.apply_unchecked(mv);
            }
        }
        out
    }

    /// The sparse first layer of `net` against the dense one, on every observation (the
    /// sparse product is used whatever the density here); returns how many of them had a
    /// plane summed as one column.
    fn check_sparse(net: &Network, observations: &[Vec<f32>]) -> usize {
        let first: &Dense = &net.trunk[0];
        let (mut dense, mut batch, mut sparse) = (
            vec![0.0; first.rows],
            vec![0.0; first.rows],
            vec![0.0; first.rows],
        );
        let (mut ones, mut others) = (Vec::new(), Vec::new());
        let mut folded = 0;
        for x in observations {
            first.apply_one(x, &mut dense, true);
            first.apply(x, &mut batch, true);
            assert_eq!(dense, batch);
            gather(x, net.plane_len(), &mut ones, &mut others);
            let nonzero = x.iter().filter(|&&v| v != 0.0).count();
            folded += usize::from(ones.len() + others.len() < nonzero);
            sparse_relu(&net.first_t, &first.b, &ones, &others, &mut sparse);
            for (r, (d, s)) in dense.iter().zip(&sparse).enumerate() {
                assert!(
                    (d - s).abs() <= 1e-5 * d.abs().max(1.0),
                    "{}: row {r}: dense {d}, sparse {s}",
                    net.game()
                );
            }
        }
        folded
    }

    /// Untrained networks whose first layers' rows are and are not whole blocks of the sparse
    /// sum, on the game's observations and on a dense input (no zero entry), as no game makes.
    /// (The shipped networks go through the sparse layer in tests/zero_evaluator.rs.)
    /// `uniform`: the game's observations have whole planes of one nonzero value.
    fn check_game<G: Actions + Observe>(name: &str, start: &G, uniform: bool) {
        let observations = observations(start);
        assert!(observations.len() > 20, "{name}");
        let dense_input: Vec<f32> = (0..start.observation_len())
            .map(|j| 0.25 + (j % 7) as f32 / 8.0)
            .collect();
        for (hidden, seed) in [(&[64usize, 32][..], 1), (&[40, 24][..], 2), (&[7][..], 3)] {
            let net = Network::untrained(
                name,
                &[],
                start.observation_shape(),
                start.num_distinct_actions(),
                hidden,
                seed,
            );
            let folded = check_sparse(&net, &observations);
            assert_eq!(
                folded,
                if uniform { observations.len() } else { 0 },
                "{name}"
            );
            check_sparse(&net, core::slice::from_ref(&dense_input));
            // Every plane of one value (one of them 1): each is one column.
            let plane = net.plane_len();
            assert!(plane > 1, "{name}");
            let uniform: Vec<f32> = (0..dense_input.len())
                .map(|j| (j / plane % 5) as f32 * 0.5 - 0.5)
                .collect();
            assert_eq!(check_sparse(&net, core::slice::from_ref(&uniform)), 1);
        }
    }

    #[test]
    fn the_sparse_first_layer_is_the_dense_one() {
        // GIPF's planes are pieces and per-square marks; Pikemen's and Epaminondas's include
        // the seat to move on every square.
        check_game(
            "gipf",
            &gipf_core::Gipf::new(&Default::default()).unwrap(),
            false,
        );
        let pikemen = pikemen_core::Pikemen::new(&Default::default()).unwrap();
        check_game("pikemen", &MoveLimit::wrap(pikemen, 0, 1000), true);
        let epaminondas = epaminondas_core::Epaminondas::new(&Default::default()).unwrap();
        check_game("epaminondas", &epaminondas, true);
    }
}
