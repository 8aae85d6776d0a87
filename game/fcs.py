"""Freecell Solver's board format, for the games with reserve cells (Baker's Game, Seahaven).

``Foundations:`` gives the top rank of each suit, ``Freecells:`` each cell (``-`` when empty),
then one line per tableau pile, bottom card first. ``fc-solve`` reads it as it is.
"""

from __future__ import annotations

from game.engine.cards import DECK, SUIT_LETTERS
from game.play import Game
from game.variants.piles import Kind


def fcs_board(game: Game) -> str:
    """The position of ``game`` in Freecell Solver's board format."""
    v, st = game.variant, game.state
    tops = dict.fromkeys("HCDS", 0)
    for f in v.foundations:
        if st.piles[f]:
            card = DECK[st.piles[f][-1]]
            tops[SUIT_LETTERS[card.suit]] = card.rank
    lines = ["Foundations: " + " ".join(f"{s}-{'0A23456789TJQK'[r]}" for s, r in tops.items())]
    cells = [str(DECK[st.piles[c][-1]]) if st.piles[c] else "-" for c in v.cells]
    lines.append("Freecells: " + " ".join(cells))
    for t in v.tableau:
        lines.append(" ".join(str(DECK[c]) for c in st.piles[t]) or ":")
    assert all(k is not Kind.STOCK for k in v.kinds), "Freecell Solver boards have no stock"
    return "\n".join(lines) + "\n"
