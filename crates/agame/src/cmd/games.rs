//! `agame games`: the games, their variants and options.

use super::CmdResult;

const GAMES: &str = "\
pikemen       Pikemen (Jacob Davenport), Icehouse pyramids on 8x8
              --players 2|3|4   seats (default 2)
              --target N        points that win at once (default 12; 15 and 20 are common)
              --after-charge may-keep|must-change
                                whether a charging piece may keep its state (default
                                may-keep, the published rules; must-change: the seed text)
gipf          GIPF (Kris Burm), pushing pieces on a 37-spot hex board
              --variant basic|standard|tournament   (default standard)
              --turns           complete turns (push + removals) instead of single decisions
epaminondas   Epaminondas (Robert Abbott), phalanxes on 14x12
              --board WxH       board size (default 14x12; 10x8 and 8x8 are common)
              --stones          stumbling-blocks variant: three neutral stones first
              --mirror on|off   the mirror rule (default on)
every game    --max-plies N     a draw once N decisions were made
              --position TEXT   start from a position text (see docs/notation.md), ending
                                in ' @ plies/limit' for a game under a move limit; rules
                                options given with it must agree with it
";

/// Prints the list.
pub fn run() -> CmdResult {
    print!("{GAMES}");
    Ok(())
}
