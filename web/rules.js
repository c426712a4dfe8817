// How to play each game on this page, and its rules in short (the full rules, as the engines
// implement them: crates/<game>-core/docs/rules.md). Plain HTML, shown in the rules panel.

export const RULES = {
  pikemen: `
<h3>How to play here</h3>
<p>Click one of your pieces: the squares it can charge to are highlighted, and buttons under
the move box turn it where it stands. Click a highlighted square, then a button for the way the
piece points after the charge. Or type a move: <code>e2(NW)</code> turns the piece on e2 to
point north-west, <code>a1-a4</code> charges keeping its direction, <code>a1xa4</code> captures,
<code>a1-a4(U)</code> charges and stands the piece up.</p>
<h3>Rules</h3>
<ul>
<li>Pieces are small (1 point), medium (2) or large (3), each upright (defending) or lying and
pointing in one of 8 directions (attacking).</li>
<li>A turn is one move: turn a piece to a different state, or charge a lying piece any number
of empty squares the way it points, then give it any state.</li>
<li>A charge may end on an enemy to capture it: any piece takes a lying enemy; an upright enemy
only falls to a strictly larger piece (an upright large piece is safe).</li>
<li>Captured pieces score their points; the first to the target (12) wins. With 3 or 4 players
a player with no piece left is skipped, and the last one with pieces wins.</li>
</ul>`,
  gipf: `
<h3>How to play here</h3>
<p>Click a dot on the edge, then a highlighted spot next to it to push a piece in that way. When a row must be removed, the rows on offer are marked: click one of
their spots. Or type a move: <code>e1-e2</code> pushes from dot e1 onto e2,
<code>xb5,c6,d7,e8</code> removes those pieces.</p>
<h3>Rules</h3>
<ul>
<li>Each turn, bring one piece from your reserve onto a dot and push it onto the board along a
line: the pieces ahead of it, up to the first gap, move one spot on. A full line cannot be
pushed into.</li>
<li>Four or more pieces of one colour in a line form a row: its owner removes the whole unbroken
run of pieces on that line. Their own pieces go back to the reserve; the other colour's are
captured.</li>
<li>A GIPF-piece (a double piece) counts as one on the board and two off it; whoever removes
a row may leave a GIPF-piece in it standing.</li>
<li>You lose when you must push with an empty reserve, or when your last GIPF-piece is gone
(standard and tournament games).</li>
</ul>`,
  epaminondas: `
<h3>How to play here</h3>
<p>Click one of your pieces (the tail of the group that moves), then a highlighted square.
Or type a move: <code>a1-a3</code> moves the group from a1 to a3, <code>a2xa5</code> captures.</p>
<h3>Rules</h3>
<ul>
<li>A phalanx is a straight line of your pieces (along a rank, file or diagonal); a lone piece
is a phalanx of one. The tail piece and every piece of yours ahead of it in the chosen direction
move together: a group of n pieces moves 1 to n squares over empty squares.</li>
<li>The front piece may land on an enemy: if the enemy phalanx there, along the direction of
the move, is smaller than the moving group, all of it is captured.</li>
<li>If you start your turn with more pieces on the enemy home row (the far rank) than the enemy
has on yours, you win (the crossing). A player with no legal move loses.</li>
<li>Mirror rule (when on): a crossing move that would leave the board as its own colour-swapped
mirror image is forbidden.</li>
</ul>`,
};
