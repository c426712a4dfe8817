//! A deliberately naive second implementation of the rules, written straight from
//! `shared/rules/epaminondas.md` on a grid of characters read from the position text. It
//! shares no code with the engine (only the text formats), and serves as the independent
//! generator behind the perft file and the property tests.

#![allow(dead_code)]

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Naive {
    pub w: i32,
    pub h: i32,
    /// Cells, rank 1 first: b'1', b'2', b'X', b'.'.
    pub cells: Vec<u8>,
    /// b'1' or b'2'.
    pub turn: u8,
    pub mirror: bool,
    pub stones: bool,
}

const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

fn sq(f: i32, r: i32) -> String {
    format!("{}{}", char::from(b'a' + f as u8), r + 1)
}

impl Naive {
    pub fn parse(text: &str) -> Naive {
        let parts: Vec<&str> = text.split(' ').collect();
        let rows: Vec<&str> = parts[0].split('/').collect();
        let h = rows.len() as i32;
        let w = rows[0].len() as i32;
        let mut cells = vec![b'.'; (w * h) as usize];
        for (i, row) in rows.iter().enumerate() {
            let r = h - 1 - i as i32;
            for (f, c) in row.bytes().enumerate() {
                cells[(r * w + f as i32) as usize] = c;
            }
        }
        Naive {
            w,
            h,
            cells,
            turn: parts[1].as_bytes()[0],
            mirror: parts[2] == "mirror:on",
            stones: parts[3] == "stones:on",
        }
    }

    pub fn at(&self, f: i32, r: i32) -> Option<u8> {
        if f < 0 || r < 0 || f >= self.w || r >= self.h {
            None
        } else {
            Some(self.cells[(r * self.w + f) as usize])
        }
    }

    fn set(&mut self, f: i32, r: i32, c: u8) {
        self.cells[(r * self.w + f) as usize] = c;
    }

    fn enemy(&self) -> u8 {
        if self.turn == b'1' { b'2' } else { b'1' }
    }

    /// Rank index of the opponent's home row for the player to move.
    fn enemy_home(&self) -> i32 {
        if self.turn == b'1' { self.h - 1 } else { 0 }
    }

    fn own_home(&self) -> i32 {
        if self.turn == b'1' { 0 } else { self.h - 1 }
    }

    pub fn mover_wins(&self) -> bool {
        let me = self.turn;
        let them = self.enemy();
        let mine = (0..self.w)
            .filter(|&f| self.at(f, self.enemy_home()) == Some(me))
            .count();
        let theirs = (0..self.w)
            .filter(|&f| self.at(f, self.own_home()) == Some(them))
            .count();
        mine > theirs
    }

    fn symmetric(&self) -> bool {
        for r in 0..self.h {
            for f in 0..self.w {
                let a = self.at(f, r).unwrap();
                let b = self.at(f, self.h - 1 - r).unwrap();
                let swapped = match a {
                    b'1' => b'2',
                    b'2' => b'1',
                    c => c,
                };
                if swapped != b {
                    return false;
                }
            }
        }
        true
    }

    /// Every legal move with the position after it (nothing once the game is over).
    pub fn moves(&self) -> Vec<(String, Naive)> {
        let mut out = Vec::new();
        if self.mover_wins() {
            return out;
        }
        let n_stones = self.cells.iter().filter(|&&c| c == b'X').count();
        if self.stones && n_stones < 3 {
            for r in 3..self.h - 3 {
                for f in 0..self.w {
                    if self.at(f, r) == Some(b'.') {
                        let mut next = self.clone();
                        next.set(f, r, b'X');
                        next.turn = self.enemy();
                        out.push((sq(f, r), next));
                    }
                }
            }
            return out;
        }
        let me = self.turn;
        for r in 0..self.h {
            for f in 0..self.w {
                if self.at(f, r) != Some(me) {
                    continue;
                }
                for &(dx, dy) in &DIRS {
                    let mut n = 1;
                    while self.at(f + n * dx, r + n * dy) == Some(me) {
                        n += 1;
                    }
                    let (hf, hr) = (f + (n - 1) * dx, r + (n - 1) * dy);
                    for k in 1..=n {
                        let (tf, tr) = (hf + k * dx, hr + k * dy);
                        let Some(c) = self.at(tf, tr) else { break };
                        let mut next = self.clone();
                        for i in 0..n {
                            next.set(f + i * dx, r + i * dy, b'.');
                        }
                        let capture = c == self.enemy();
                        if capture {
                            let mut m = 0;
                            while self.at(tf + m * dx, tr + m * dy) == Some(self.enemy()) {
                                m += 1;
                            }
                            if m >= n {
                                break;
                            }
                            for i in 0..m {
                                next.set(tf + i * dx, tr + i * dy, b'.');
                            }
                        } else if c != b'.' {
                            break;
                        }
                        for i in 0..n {
                            next.set(f + (i + k) * dx, r + (i + k) * dy, me);
                        }
                        next.turn = self.enemy();
                        let forbidden =
                            self.mirror && dy != 0 && tr == self.enemy_home() && next.symmetric();
                        if !forbidden {
                            let text = format!(
                                "{}{}{}",
                                sq(f, r),
                                if capture { 'x' } else { '-' },
                                sq(tf, tr)
                            );
                            out.push((text, next));
                        }
                        if capture {
                            break;
                        }
                    }
                }
            }
        }
        out
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, n)| n.perft(depth - 1)).sum()
    }

    /// The position text of this state (same format as the engine's).
    pub fn text(&self) -> String {
        let rows: Vec<String> = (0..self.h)
            .rev()
            .map(|r| {
                (0..self.w)
                    .map(|f| char::from(self.at(f, r).unwrap()))
                    .collect()
            })
            .collect();
        format!(
            "{} {} mirror:{} stones:{}",
            rows.join("/"),
            char::from(self.turn),
            if self.mirror { "on" } else { "off" },
            if self.stones { "on" } else { "off" }
        )
    }

    /// Winner seat (1 or 2) if the game is over.
    pub fn winner(&self) -> Option<u8> {
        if self.mover_wins() {
            Some(self.turn - b'0')
        } else if self.moves().is_empty() {
            Some(self.enemy() - b'0')
        } else {
            None
        }
    }
}
