use abstract_game::{Game, perft};

/// Checks golden perft counts. Each line is `position text / depth / expected count`
/// (the last two `/` separate the numbers, so position texts may contain `/`); blank lines and
/// lines starting with `#` are ignored. Lines whose count exceeds `max_leaves` are skipped, so
/// one file serves quick and deep runs. Panics on a malformed line or a wrong count; returns
/// the number of lines checked.
///
/// ```
/// use abstract_game::toy::Subtraction;
/// // From a pile of 2: take 1 then 1 (one game), or take 2 and the game is over (no 2nd move).
/// let file = "# pile max_take to_move / depth / leaves\n21 3 1 / 2 / 9\n2 3 2 / 2 / 1\n";
/// assert_eq!(abstract_game_testkit::check_perft_file::<Subtraction>(file, 1_000), 2);
/// ```
pub fn check_perft_file<G: Game>(text: &str, max_leaves: u64) -> usize {
    let mut checked = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.rsplitn(3, '/');
        let (count, depth, position) = match (parts.next(), parts.next(), parts.next()) {
            (Some(c), Some(d), Some(p)) => (c.trim(), d.trim(), p.trim()),
            _ => panic!(
                "perft file line {}: expected 'position / depth / count'",
                n + 1
            ),
        };
        let count: u64 = count
            .replace(['_', ','], "")
            .parse()
            .unwrap_or_else(|_| panic!("perft file line {}: bad count", n + 1));
        let depth: u32 = depth
            .parse()
            .unwrap_or_else(|_| panic!("perft file line {}: bad depth", n + 1));
        if count > max_leaves {
            continue;
        }
        let game: G = position
            .parse()
            .unwrap_or_else(|e| panic!("perft file line {}: position: {e}", n + 1));
        let got = perft(&game, depth);
        assert_eq!(
            got,
            count,
            "perft file line {}: perft({depth}) of '{position}'",
            n + 1
        );
        checked += 1;
    }
    checked
}
