//! Reading input line by line with a bound on a line's length, as bytes: no input makes a
//! program hold more than [`MAX_LINE`] bytes of one line, and a line that is not UTF-8 is one
//! refused line, not the end of the input.

use std::io::{self, BufRead};

/// The longest line read, in bytes, without its line ending: 1 MiB. Longer lines are read to
/// their end and refused as [`Line::TooLong`].
pub const MAX_LINE: usize = 1 << 20;

/// One line of input, without its ending (`\n` or `\r\n`).
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of UTF-8 text.
    Text(String),
    /// A line that is not UTF-8: the column (from 1) of its first bad byte.
    NotUtf8(usize),
    /// A line longer than the limit: its length in bytes.
    TooLong(usize),
}

impl Line {
    /// The text of the line, or why it is refused (for a message: "line 3: ...").
    pub fn text(self) -> Result<String, String> {
        match self {
            Line::Text(t) => Ok(t),
            Line::NotUtf8(column) => Err(format!("not UTF-8 text (bad byte at column {column})")),
            Line::TooLong(bytes) => Err(format!(
                "the line is too long ({bytes} bytes; at most {MAX_LINE})"
            )),
        }
    }
}

/// The lines of `input`, read with a bound on their length: an iterator of [`Line`]s.
#[derive(Debug)]
pub struct Lines<R> {
    input: R,
    limit: usize,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `input`, at most [`MAX_LINE`] bytes each.
    pub fn new(input: R) -> Lines<R> {
        Lines::with_limit(input, MAX_LINE)
    }

    /// The lines of `input`, at most `limit` bytes each.
    pub fn with_limit(input: R, limit: usize) -> Lines<R> {
        Lines { input, limit }
    }

    /// The next line, `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        let mut line = Vec::new();
        let mut length = 0usize;
        let mut read_any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                if !read_any {
                    return Ok(None);
                }
                break;
            }
            read_any = true;
            let end = chunk.iter().position(|&b| b == b'\n');
            let part = &chunk[..end.unwrap_or(chunk.len())];
            length = length.saturating_add(part.len());
            // Past the limit the rest of the line is only counted.
            if length <= self.limit.saturating_add(1) {
                line.extend_from_slice(part);
            } else {
                line = Vec::new();
            }
            let used = end.map_or(chunk.len(), |i| i + 1);
            self.input.consume(used);
            if end.is_some() {
                break;
            }
        }
        if line.last() == Some(&b'\r') {
            line.pop();
            length -= 1;
        }
        if length > self.limit {
            return Ok(Some(Line::TooLong(length)));
        }
        Ok(Some(match String::from_utf8(line) {
            Ok(text) => Line::Text(text),
            Err(e) => Line::NotUtf8(e.utf8_error().valid_up_to() + 1),
        }))
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = io::Result<Line>;

    fn next(&mut self) -> Option<io::Result<Line>> {
        self.next_line().transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::{Line, Lines};

    fn lines(input: &[u8], limit: usize) -> Vec<Line> {
        // A reader that hands out 3 bytes at a time, so lines span several buffers.
        let reader = std::io::BufReader::with_capacity(3, input);
        Lines::with_limit(reader, limit)
            .map(Result::unwrap)
            .collect()
    }

    #[test]
    fn lines_end_at_newlines_with_or_without_a_carriage_return() {
        assert_eq!(
            lines(b"ab\r\n\ncdef\nlast", 10),
            [
                Line::Text("ab".into()),
                Line::Text(String::new()),
                Line::Text("cdef".into()),
                Line::Text("last".into())
            ]
        );
        assert_eq!(lines(b"", 10), []);
    }

    #[test]
    fn a_bad_line_is_refused_alone() {
        assert_eq!(
            lines(b"ok\nx\xffy\n0123456789ABC\n0123456789\r\nend\n", 10),
            [
                Line::Text("ok".into()),
                Line::NotUtf8(2),
                Line::TooLong(13),
                Line::Text("0123456789".into()),
                Line::Text("end".into())
            ]
        );
    }
}
