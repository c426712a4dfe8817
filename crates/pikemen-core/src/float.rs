//! The one float function beyond `core` that the evaluation needs: the platform's through
//! `std` (the default feature), the `libm` crate's without it. The two may differ in the last
//! bits, so a no-std build's `Evaluate` values may differ that little from a std build's.

/// `e^x`.
#[cfg(feature = "std")]
pub(crate) fn exp(x: f64) -> f64 {
    x.exp()
}

/// `e^x`.
#[cfg(not(feature = "std"))]
pub(crate) fn exp(x: f64) -> f64 {
    libm::exp(x)
}

#[cfg(test)]
mod tests {
    /// Whichever implementation is built, it is `e^x` to within a few units in the last place.
    #[test]
    fn exp_is_the_exponential() {
        for i in -400..=0 {
            let x = f64::from(i) / 8.0;
            let (got, want) = (super::exp(x), std::f64::consts::E.powf(x));
            assert!(
                (got - want).abs() <= 1e-13 * want,
                "exp({x}) = {got}, want {want}"
            );
        }
        assert_eq!(super::exp(0.0), 1.0);
        assert_eq!(super::exp(f64::NEG_INFINITY), 0.0);
    }
}
