//! Marking on a text diagram what a move changed, for every game alike: the cells of the
//! board whose text differs from the diagram before get a `>` just left of them.

/// `after` with a `>` in the blank just left of each cell (a run of non-blanks) of the board
/// whose text differs from `before`, and whether any cell was marked. The board is the lines
/// above the file-letter line (the first whose words begin `a b c`); the lines under it (the
/// legend, scores and status) are left as they are.
pub fn mark_changes(before: &str, after: &str) -> (String, bool) {
    let before: Vec<&[u8]> = before.lines().map(str::as_bytes).collect();
    let board_end = after
        .lines()
        .position(|l| l.split_whitespace().take(3).eq(["a", "b", "c"]))
        .unwrap_or(0);
    let mut marked = false;
    let mut out = String::with_capacity(after.len() + 16);
    for (i, line) in after.lines().enumerate() {
        let mut bytes = line.as_bytes().to_vec();
        if i < board_end {
            let old = before.get(i).copied().unwrap_or_default();
            let mut start = None;
            for x in 0..=bytes.len() {
                match (start, bytes.get(x).is_some_and(|b| *b != b' ')) {
                    (None, true) => start = Some(x),
                    (Some(s), false) => {
                        start = None;
                        let was = (s..x).map(|k| old.get(k).copied().unwrap_or(b' '));
                        if !was.eq(bytes[s..x].iter().copied()) && s > 0 {
                            bytes[s - 1] = b'>';
                            marked = true;
                        }
                    }
                    _ => {}
                }
            }
        }
        // Only ASCII blanks were replaced by ASCII: the line stays UTF-8.
        out.push_str(&String::from_utf8_lossy(&bytes));
        out.push('\n');
    }
    (out, marked)
}

#[cfg(test)]
mod tests {
    use super::mark_changes;

    #[test]
    fn changed_cells_of_the_board_are_marked() {
        let before = "2  B . B\n1  W W .\n   a b c\nW to move\n";
        let after = "2  B . W\n1  W . .\n   a b c\nB to move\n";
        let (text, marked) = mark_changes(before, after);
        assert!(marked);
        assert_eq!(text, "2  B .>W\n1  W>. .\n   a b c\nB to move\n");
        assert_eq!(mark_changes(after, after), (after.to_string(), false));
    }

    #[test]
    fn wider_cells_compare_whole() {
        let before = "8  L2U  .    M1N\n   a    b    c\n";
        let after = "8  .    L2U  M1NE\n   a    b    c\n";
        let (text, _) = mark_changes(before, after);
        assert_eq!(text, "8 >.   >L2U >M1NE\n   a    b    c\n");
    }
}
