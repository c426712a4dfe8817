//! The float functions beyond `core` that the evaluation and the pictures need: the
//! platform's through `std` (the default feature), the `libm` crate's without it. The two may
//! differ in the last bits, so a no-std build's `Evaluate` values may differ that little from
//! a std build's (the pictures round their coordinates, so they come out the same).

/// The hyperbolic tangent.
#[cfg(feature = "std")]
pub(crate) fn tanh(x: f64) -> f64 {
    x.tanh()
}

/// The hyperbolic tangent.
#[cfg(not(feature = "std"))]
pub(crate) fn tanh(x: f64) -> f64 {
    libm::tanh(x)
}

/// The length of the vector `(x, y)`.
#[cfg(feature = "std")]
pub(crate) fn hypot(x: f64, y: f64) -> f64 {
    x.hypot(y)
}

/// The length of the vector `(x, y)`.
#[cfg(not(feature = "std"))]
pub(crate) fn hypot(x: f64, y: f64) -> f64 {
    libm::hypot(x, y)
}

#[cfg(test)]
mod tests {
    /// Whichever implementations are built, they compute what their names say to within a
    /// few units in the last place.
    #[test]
    fn tanh_and_hypot_are_what_they_say() {
        for i in -160..=160 {
            let x = f64::from(i) / 8.0;
            let e = std::f64::consts::E.powf(2.0 * x);
            let want = (e - 1.0) / (e + 1.0);
            let got = super::tanh(x);
            assert!(
                (got - want).abs() <= 1e-13,
                "tanh({x}) = {got}, want {want}"
            );
            let (a, b) = (x * 37.0, 5.0 - x);
            let want = (a * a + b * b).sqrt();
            let got = super::hypot(a, b);
            assert!(
                (got - want).abs() <= 1e-12 * want,
                "hypot({a}, {b}) = {got}, want {want}"
            );
        }
        assert_eq!(super::hypot(3.0, 4.0), 5.0);
        assert_eq!(super::tanh(0.0), 0.0);
    }
}
