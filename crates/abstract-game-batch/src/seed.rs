//! Seeds of the batch's games, and the few distributions the search draws from.

use abstract_game::SeededRng;

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of episode `episode` of game `index` of a batch with base seed `seed`: its random
/// opening is drawn from `SeededRng::new(derive_seed(seed, index, episode))`, so one game can
/// be replayed alone.
///
/// ```
/// use abstract_game_batch::derive_seed;
/// assert_eq!(derive_seed(1, 2, 3), derive_seed(1, 2, 3));
/// assert_ne!(derive_seed(1, 2, 3), derive_seed(1, 3, 2));
/// ```
#[must_use]
pub fn derive_seed(seed: u64, index: u64, episode: u64) -> u64 {
    mix(mix(mix(seed) ^ index) ^ episode)
}

/// A number in the open interval (0, 1).
pub(crate) fn open01(rng: &mut SeededRng) -> f64 {
    ((rng.next_u64() >> 11) as f64 + 0.5) * (1.0 / (1u64 << 53) as f64)
}

/// A standard normal number (Box-Muller).
fn normal(rng: &mut SeededRng) -> f64 {
    let (u, v) = (open01(rng), open01(rng));
    (-2.0 * u.ln()).sqrt() * (core::f64::consts::TAU * v).cos()
}

/// A Gamma(`alpha`, 1) number (Marsaglia and Tsang; for `alpha < 1` through Gamma(`alpha + 1`)).
pub(crate) fn gamma(rng: &mut SeededRng, alpha: f64) -> f64 {
    if alpha < 1.0 {
        return gamma(rng, alpha + 1.0) * open01(rng).powf(1.0 / alpha);
    }
    let d = alpha - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = normal(rng);
        let v = (1.0 + c * x).powi(3);
        if v > 0.0 && open01(rng).ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}

/// A standard Gumbel number.
pub(crate) fn gumbel(rng: &mut SeededRng) -> f64 {
    -(-open01(rng).ln()).ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gamma_has_its_mean() {
        // Gamma(a, 1) has mean a; 20 000 draws put the sample mean within a few percent.
        let mut rng = SeededRng::new(5);
        for alpha in [0.03, 0.3, 1.0, 2.5] {
            let n = 20_000;
            let mean = (0..n).map(|_| gamma(&mut rng, alpha)).sum::<f64>() / f64::from(n);
            assert!(
                (mean - alpha).abs() < 0.1 * alpha.max(0.3),
                "{alpha}: {mean}"
            );
        }
    }

    #[test]
    fn gumbel_has_its_mean() {
        // The Euler-Mascheroni constant.
        let mut rng = SeededRng::new(6);
        let mean = (0..20_000).map(|_| gumbel(&mut rng)).sum::<f64>() / 20_000.0;
        assert!((mean - 0.5772).abs() < 0.05, "{mean}");
    }
}
