"""The "Common ground" section of rules.md, across the five games.

Score, winning, face-down reveals, undo steps, automatic-move safety, undo/redo, and the text
forms of moves, cards and positions.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import game
from game import Card, Move

VARIANTS = ["lady-jane", "bakers-game", "kansas", "aunt-mary", "seahaven"]
BASED = {"lady-jane", "kansas"}
"""The games whose base rank is dealt (and written ``base=`` in a position)."""
SUITS = "CDHS"
RANKS = "A23456789TJQK"


def foundations(g: game.Game) -> list[str]:
    return [name for name in g.variant.names if name.startswith("foundation")]


def foundation_count(g: game.Game) -> int:
    return sum(len(g.pile(f)) for f in foundations(g))


def position(key: str, **piles: str) -> game.Game:
    """A position of ``key``: ``tableau_1="KSQS"`` puts KS then QS on tableau-1; ``base="7"``."""
    fields = " ".join(f"{name.replace('_', '-')}={cards}" for name, cards in piles.items())
    return game.from_text(f"{key} {fields}")


def with_base(key: str, **piles: str) -> game.Game:
    """``position``, with ``base=A`` for the games whose base rank is dealt."""
    if key in BASED:
        piles["base"] = "A"
    return position(key, **piles)


def suit_from(rank: int, suit: str, count: int = 13) -> str:
    """``count`` cards of ``suit`` going up from ``rank`` (1 = Ace), wrapping King to Ace."""
    return "".join(RANKS[(rank - 1 + i) % 13] + suit for i in range(count))


def all_home(key: str) -> game.Game:
    """Every card on the foundations, Aces at the bottom."""
    return with_base(key, **{f"foundation_{i + 1}": suit_from(1, s) for i, s in enumerate(SUITS)})


def play_randomly(
    g: game.Game, steps: int, seed: int, check: Callable[[game.Game], None] = lambda g: None
) -> None:
    """``steps`` player actions chosen at random, each followed by its automatic moves."""
    rng = random.Random(seed)
    for _ in range(steps):
        moves = g.legal_moves()
        if not moves:
            return
        g.play(rng.choice(moves))
        check(g)
        while auto := g.auto_moves():
            g.play(auto[0], automatic=True)
            check(g)


# ------------------------------------------------------------------- score


def check_score(g: game.Game) -> None:
    assert g.score == foundation_count(g)
    assert g.snapshot()["score"] == g.score


@pytest.mark.parametrize("key", VARIANTS)
def test_score_is_the_foundation_count_at_every_moment(key: str) -> None:
    g = game.new_game(key, deal=20)
    check_score(g)
    play_randomly(g, 60, seed=1, check=check_score)
    while g.can_undo():
        g.undo()
        check_score(g)


@pytest.mark.parametrize("key", BASED)
def test_score_counts_the_card_dealt_to_the_foundation(key: str) -> None:
    assert game.new_game(key, deal=3).score == 1


@pytest.mark.parametrize("key", ["bakers-game", "aunt-mary", "seahaven"])
def test_score_starts_at_zero_without_a_dealt_foundation_card(key: str) -> None:
    assert game.new_game(key, deal=3).score == 0


@pytest.mark.parametrize(
    "text",
    [
        "bakers-game foundation-1=AH2H3H tableau-1=4H",
        "seahaven foundation-1=AH2H3H tableau-1=4H",
        "lady-jane base=A foundation-1=AH2H3H tableau-1=4S",
        "aunt-mary foundation-1=AH2H3H tableau-1=4S",
    ],
)
def test_score_drops_when_a_card_is_taken_back_off_a_foundation(text: str) -> None:
    g = game.from_text(text)
    assert g.score == 3
    g.play(Move("foundation-1", "tableau-1"))
    assert g.score == 2
    assert g.snapshot()["score"] == 2


def test_score_unchanged_by_a_move_that_does_not_touch_a_foundation() -> None:
    g = position("bakers-game", foundation_1="AH", tableau_1="TS", tableau_2="9S")
    g.play(Move("tableau-2", "tableau-1"))
    assert g.score == 1


# --------------------------------------------------------------------- won


@pytest.mark.parametrize("key", VARIANTS)
def test_won_when_all_52_cards_are_home(key: str) -> None:
    g = all_home(key)
    assert g.is_won()
    assert g.score == 52
    assert g.snapshot()["won"] is True


@pytest.mark.parametrize("key", VARIANTS)
def test_not_won_while_a_card_is_outside_the_foundations(key: str) -> None:
    piles = {f"foundation_{i + 1}": suit_from(1, s, 12 if s == "S" else 13) for i, s in enumerate(SUITS)}
    g = with_base(key, tableau_1="KS", **piles)
    assert not g.is_won()
    assert g.snapshot()["won"] is False


@pytest.mark.parametrize("key", VARIANTS)
def test_won_game_is_never_stuck(key: str) -> None:
    g = all_home(key)
    assert not g.is_stuck()
    assert g.snapshot()["stuck"] is False


def test_playing_the_last_card_home_wins() -> None:
    piles = {f"foundation_{i + 1}": suit_from(1, s, 12 if s == "S" else 13) for i, s in enumerate(SUITS)}
    g = position("bakers-game", tableau_3="KS", **piles)
    g.play(Move("tableau-3", "foundation-4"))
    assert g.is_won()
    assert g.score == 52


def test_won_only_when_all_52_cards_are_home_not_when_the_table_is_merely_empty() -> None:
    # A hand-made position may hold fewer than 52 cards; one card home is not a win.
    g = position("bakers-game", foundation_1="AH")
    assert g.score == 1
    assert not g.is_won()


# ------------------------------------------------------ face-down reveals

REVEALS = [
    ("lady-jane base=A tableau-1=5cKS", Move("tableau-1", "tableau-2"), "tableau-1"),
    ("aunt-mary tableau-1=5c3dKS", Move("tableau-1", "tableau-2"), "tableau-1"),
    (
        "kansas base=A reserve-1=5cKS tableau-1=AH tableau-2=9D tableau-3=8D",
        Move("reserve-1", "tableau-1"),
        "reserve-1",
    ),
]


@pytest.mark.parametrize(("text", "move", "pile"), REVEALS)
def test_uncovered_face_down_card_turns_up_as_part_of_the_move(text: str, move: Move, pile: str) -> None:
    g = game.from_text(text)
    g.play(move)
    assert g.pile(pile)[-1].isupper()
    assert g.history == [(move,)]
    assert g.moves_made == 1


@pytest.mark.parametrize(("text", "move", "pile"), REVEALS)
def test_undo_turns_the_revealed_card_face_down_again(text: str, move: Move, pile: str) -> None:
    g = game.from_text(text)
    g.play(move)
    g.undo()
    assert g.text() == game.from_text(text).text()
    assert g.pile(pile)[-2].islower()


def test_only_the_top_card_is_revealed() -> None:
    g = position("aunt-mary", tableau_1="5c3dKS")
    g.play(Move("tableau-1", "tableau-2"))
    assert g.pile("tableau-1") == ["5c", "3D"]


def test_refill_from_the_reserve_is_part_of_the_move() -> None:
    g = position("kansas", base="A", reserve_1="5cQS", tableau_1="KH", tableau_2="AC", tableau_3="8D")
    g.play(Move("tableau-1", "tableau-2"))
    assert g.pile("tableau-1") == ["QS"]
    assert g.pile("reserve-1") == ["5C"]
    assert g.moves_made == 1


# --------------------------------------------------- one action, one undo step


def chain_position() -> game.Game:
    """5S onto 6S uncovers the 2H, after which 2H and 3H go home automatically."""
    return position("bakers-game", foundation_1="AH", tableau_1="2H5S", tableau_2="6S", tableau_3="3H")


def test_play_makes_the_move_only_not_the_automatic_moves() -> None:
    g = chain_position()
    g.play(Move("tableau-1", "tableau-2"))
    assert g.pile("foundation-1") == ["AH"]
    assert g.auto_moves() == [Move("tableau-1", "foundation-1")]


def test_automatic_moves_join_the_player_action_in_one_undo_step() -> None:
    g = chain_position()
    before = g.text()
    g.play(Move("tableau-1", "tableau-2"))
    for _ in range(2):
        g.play(g.auto_moves()[0], automatic=True)
    assert g.pile("foundation-1") == ["AH", "2H", "3H"]
    assert g.moves_made == 1
    g.undo()
    assert g.text() == before
    assert not g.can_undo()


def test_play_auto_moves_joins_the_player_action_in_one_undo_step() -> None:
    g = chain_position()
    before = g.text()
    move = Move("tableau-1", "tableau-2")
    g.play(move)
    played = g.play_auto_moves()
    assert played == [Move("tableau-1", "foundation-1"), Move("tableau-3", "foundation-1")]
    assert g.history == [(move, *played)]
    assert g.undo() == (move, *played)
    assert g.text() == before


def test_redo_replays_the_action_with_its_automatic_moves() -> None:
    g = chain_position()
    g.play(Move("tableau-1", "tableau-2"))
    g.play_auto_moves()
    after, snap = g.text(), g.snapshot()
    g.undo()
    g.redo()
    assert g.text() == after
    assert g.snapshot() == snap


# ------------------------------------------------------ automatic-move safety


@pytest.mark.parametrize("key", ["bakers-game", "seahaven"])
def test_safety_by_suit_every_card_that_can_go_up_is_safe(key: str) -> None:
    g = position(key, foundation_1="AH", tableau_1="2H", tableau_2="AS9D", tableau_3="AC9C", tableau_4="AD8C")
    assert g.auto_moves() == [Move("tableau-1", "foundation-1")]


@pytest.mark.parametrize("key", ["lady-jane", "aunt-mary"])
def test_safety_alternate_card_unsafe_while_an_opposite_colour_card_one_lower_is_out(key: str) -> None:
    g = with_base(key, foundation_1="AH", foundation_2="AC", tableau_1="2H", tableau_2="AS9D")
    assert Move("tableau-1", "foundation-1") in g.legal_moves()
    assert g.auto_moves() == []


@pytest.mark.parametrize("key", ["lady-jane", "aunt-mary"])
def test_safety_alternate_card_safe_once_both_opposite_colour_cards_one_lower_are_home(key: str) -> None:
    # The AD (same colour) is still out: it never needs the 2H.
    g = with_base(
        key, foundation_1="AH", foundation_2="AC", foundation_3="AS", tableau_1="2H", tableau_2="AD9C"
    )
    assert g.auto_moves() == [Move("tableau-1", "foundation-1")]


def test_safety_alternate_follows_the_wrapped_foundation_sequence() -> None:
    # Base King: the AH goes on the KH and could be needed by the KS still out.
    g = position(
        "lady-jane", base="K", foundation_1="KH", foundation_2="KC", tableau_1="AH", tableau_2="KS9D"
    )
    assert Move("tableau-1", "foundation-1") in g.legal_moves()
    assert g.auto_moves() == []


def test_safety_alternate_wrapped_card_safe_once_both_opposite_kings_are_home() -> None:
    g = position(
        "lady-jane", base="K", foundation_1="KH", foundation_2="KC", foundation_3="KS", tableau_1="AH"
    )
    assert g.auto_moves() == [Move("tableau-1", "foundation-1")]


def test_safety_any_suit_card_unsafe_while_any_card_one_lower_is_out() -> None:
    # Kansas builds regardless of suit: even the AD (same colour) could need the 2H.
    g = position(
        "kansas",
        base="A",
        foundation_1="AH",
        foundation_2="AC",
        foundation_3="AS",
        tableau_1="2H",
        tableau_2="AD9C",
    )
    assert Move("tableau-1", "foundation-1") in g.legal_moves()
    assert g.auto_moves() == []


def test_safety_any_suit_card_safe_once_all_four_cards_one_lower_are_home() -> None:
    g = position(
        "kansas",
        base="A",
        foundation_1="AH",
        foundation_2="AC",
        foundation_3="AS",
        foundation_4="AD",
        tableau_1="2H",
    )
    assert g.auto_moves() == [Move("tableau-1", "foundation-1")]


@pytest.mark.parametrize(
    "text",
    [
        "lady-jane base=7 foundation-1=7H tableau-1=7S tableau-2=6D tableau-3=6H",
        "kansas base=7 foundation-1=7H tableau-1=7S tableau-2=6D tableau-3=6H",
        "aunt-mary foundation-1=AH tableau-1=AS tableau-2=KD",
        "bakers-game foundation-1=AH tableau-1=AS tableau-2=KD",
        "seahaven foundation-1=AH tableau-1=AS tableau-2=KD",
    ],
)
def test_safety_a_card_of_the_starting_rank_is_always_safe(text: str) -> None:
    g = game.from_text(text)
    assert g.auto_moves() == [Move("tableau-1", "foundation-2")]


@pytest.mark.parametrize("key", VARIANTS)
def test_a_starting_card_goes_to_the_leftmost_empty_foundation(key: str) -> None:
    g = with_base(key, foundation_1="AC", foundation_2="AD", tableau_1="AS", tableau_2="KD")
    assert g.auto_moves() == [Move("tableau-1", "foundation-3")]


@pytest.mark.parametrize("key", VARIANTS)
def test_starting_cards_fill_the_empty_foundations_from_the_left(key: str) -> None:
    g = with_base(key, foundation_2="AD", tableau_1="AS", tableau_2="AH", tableau_3="AC")
    g.play_auto_moves()
    assert [g.pile(f) for f in foundations(g)] == [["AS"], ["AD"], ["AH"], ["AC"]]


# ----------------------------------------------------------------- double-click


@pytest.mark.parametrize("key", VARIANTS)
def test_double_click_sends_a_card_to_a_foundation_that_accepts_it(key: str) -> None:
    g = with_base(key, foundation_2="AD", tableau_1="9S2D")
    assert g.double_click_move("tableau-1") == Move("tableau-1", "foundation-2")


@pytest.mark.parametrize("key", ["lady-jane", "kansas", "aunt-mary", "seahaven"])
def test_double_click_does_nothing_when_no_foundation_accepts_the_card(key: str) -> None:
    g = with_base(key, foundation_2="AD", tableau_1="9S3D")
    assert g.double_click_move("tableau-1") is None


# ----------------------------------------------------------------- undo / redo


@pytest.mark.parametrize("key", VARIANTS)
def test_undo_and_redo_restore_exact_positions(key: str) -> None:
    g = game.new_game(key, deal=5)
    seen = [(g.text(), g.snapshot())]
    rng = random.Random(7)
    for _ in range(40):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(rng.choice(moves))
        g.play_auto_moves()
        seen.append((g.text(), g.snapshot()))
    for expected in reversed(seen[:-1]):
        g.undo()
        assert (g.text(), g.snapshot()) == expected
    for expected in seen[1:]:
        g.redo()
        assert (g.text(), g.snapshot()) == expected


def test_undo_restores_redeals_left() -> None:
    g = position("aunt-mary", redeals="1", waste="2C3C4C", tableau_1="KD")
    before, snap = g.text(), g.snapshot()
    assert snap["redeals_left"] == 1
    g.play(Move("waste", "stock", 3))
    assert g.snapshot()["redeals_left"] == 0
    g.undo()
    assert g.text() == before
    assert g.snapshot() == snap


@pytest.mark.parametrize("key", VARIANTS)
def test_snapshot_holds_the_state_that_affects_legality(key: str) -> None:
    g = game.new_game(key, deal=9)
    snap = g.snapshot()
    if key in BASED:
        assert snap["base_rank"] == g.pile("foundation-1")[0][0]
    else:
        assert snap["base_rank"] is None
    assert snap["redeals_left"] == (2 if key == "aunt-mary" else None)


def test_a_new_move_clears_the_redo_history() -> None:
    g = position("bakers-game", tableau_1="9S", tableau_2="KD")
    g.play(Move("tableau-1", "reserve-1"))
    g.undo()
    assert g.can_redo()
    g.play(Move("tableau-1", "reserve-2"))
    assert not g.can_redo()
    with pytest.raises(game.NothingToUndo):
        g.redo()


@pytest.mark.parametrize("key", VARIANTS)
def test_undo_with_nothing_to_undo_raises_nothing_to_undo(key: str) -> None:
    g = game.new_game(key, deal=11)
    text = g.text()
    with pytest.raises(game.NothingToUndo):
        g.undo()
    assert g.text() == text


@pytest.mark.parametrize("key", VARIANTS)
def test_redo_with_nothing_to_redo_raises_nothing_to_undo(key: str) -> None:
    g = game.new_game(key, deal=11)
    text = g.text()
    with pytest.raises(game.NothingToUndo):
        g.redo()
    assert g.text() == text


def test_redo_past_the_last_undone_action_raises_nothing_to_undo() -> None:
    g = position("bakers-game", tableau_1="9S", tableau_2="KD")
    g.play(Move("tableau-1", "reserve-1"))
    g.undo()
    g.redo()
    with pytest.raises(game.NothingToUndo):
        g.redo()


def test_nothing_to_undo_is_a_value_error() -> None:
    assert issubclass(game.NothingToUndo, ValueError)


# ------------------------------------------------------------------- lost


@pytest.mark.parametrize("key", VARIANTS)
def test_stuck_exactly_when_not_won_and_no_legal_move_is_left(key: str) -> None:
    def check(g: game.Game) -> None:
        assert g.is_stuck() == (not g.is_won() and not g.legal_moves())

    g = game.new_game(key, deal=13)
    play_randomly(g, 80, seed=3, check=check)


# ------------------------------------------------------------------ move text


def test_move_text_form() -> None:
    assert str(Move("tableau-1", "tableau-4", 3)) == "tableau-1 -> tableau-4 x3"
    assert str(Move("stock", "waste")) == "stock -> waste"


def test_move_parse_reads_the_text_form() -> None:
    assert Move.parse("tableau-1 -> tableau-4 x3") == Move("tableau-1", "tableau-4", 3)
    assert Move.parse("stock -> waste") == Move("stock", "waste", 1)


@pytest.mark.parametrize("key", VARIANTS)
def test_move_text_round_trip_of_every_legal_move(key: str) -> None:
    def check(g: game.Game) -> None:
        for m in g.legal_moves():
            assert Move.parse(str(m)) == m

    g = game.new_game(key, deal=17)
    check(g)
    play_randomly(g, 30, seed=5, check=check)


@pytest.mark.parametrize(
    "text",
    ["", "tableau-1", "tableau-1 ->", "tableau-1 => tableau-2", "tableau-1 -> tableau-2 x", "a -> b 3"],
)
def test_move_parse_refuses_malformed_text(text: str) -> None:
    with pytest.raises(game.GameError):
        Move.parse(text)


# ------------------------------------------------------------------ card text


def test_card_text_form() -> None:
    card = Card.parse("TD")
    assert str(card) == "TD"
    assert (card.rank, card.suit, card.is_red) == (10, 1, True)


def test_card_parse_accepts_lower_case_for_the_same_card() -> None:
    assert Card.parse("td") == Card.parse("TD")


def test_card_face_down_text_is_lower_case() -> None:
    assert Card.parse("TD").text(face_up=False) == "td"
    assert Card.parse("TD").text() == "TD"


def test_card_text_round_trip_for_the_whole_deck() -> None:
    texts = [str(c) for c in game.DECK]
    assert len(set(texts)) == 52
    assert all(Card.parse(t) == c for t, c in zip(texts, game.DECK, strict=True))
    assert {t[0] for t in texts} == set(RANKS)
    assert {t[1] for t in texts} == set(SUITS)


def test_card_colours_clubs_and_spades_black_diamonds_and_hearts_red() -> None:
    assert [Card.parse(t).is_red for t in ("AC", "AD", "AH", "AS")] == [False, True, True, False]


@pytest.mark.parametrize("text", ["XD", "TX", "T", "", "TDD", "Td", "1D"])
def test_card_parse_refuses_malformed_text(text: str) -> None:
    with pytest.raises(game.InvalidPosition):
        Card.parse(text)


def test_face_down_cards_are_written_in_lower_case() -> None:
    g = game.new_game("lady-jane", deal=1)
    pile = g.pile("tableau-2")
    assert pile[0].islower() and pile[1].isupper()
    assert f"tableau-2={pile[0]}{pile[1]}" in g.text()


# -------------------------------------------------------------- position text


@pytest.mark.parametrize("n", [1, 617, 2**33 - 1])
@pytest.mark.parametrize("key", VARIANTS)
def test_position_text_round_trip_of_a_deal(key: str, n: int) -> None:
    g = game.new_game(key, deal=n)
    copy = game.from_text(g.text())
    assert copy.text() == g.text()
    assert copy.snapshot()["piles"] == g.snapshot()["piles"]


@pytest.mark.parametrize("key", VARIANTS)
def test_position_text_round_trip_during_play(key: str) -> None:
    def check(g: game.Game) -> None:
        copy = game.from_text(g.text())
        assert copy.text() == g.text()
        assert copy.legal_moves() == g.legal_moves()

    play_randomly(game.new_game(key, deal=19), 30, seed=11, check=check)


def test_position_text_writes_base_and_redeals_only_where_they_exist() -> None:
    texts = {key: game.new_game(key, deal=1).text() for key in VARIANTS}
    assert [" base=" in texts[k] for k in VARIANTS] == [True, False, True, False, False]
    assert [" redeals=" in texts[k] for k in VARIANTS] == [False, False, False, True, False]
    assert texts["aunt-mary"].startswith("aunt-mary redeals=2 ")


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("bakers-game tableau-1=AHAH", id="duplicate-in-a-pile"),
        pytest.param("bakers-game tableau-1=AH tableau-2=ah", id="duplicate-across-piles"),
        pytest.param("bakers-game tableau-9=AH", id="unknown-pile"),
        pytest.param("bakers-game stock=AH", id="pile-of-another-game"),
        pytest.param("bakers-game tableau-1=XH", id="malformed-rank"),
        pytest.param("bakers-game tableau-1=AZ", id="malformed-suit"),
        pytest.param("bakers-game tableau-1=AH2", id="odd-length"),
        pytest.param("bakers-game tableau-1=Ah", id="mixed-case"),
        pytest.param("aunt-mary tableau-1=AHks", id="face-down-above-face-up"),
        pytest.param("bakers-game tableau-1=AH tableau-1=2H", id="pile-given-twice"),
        pytest.param("bakers-game tableau-1", id="field-without-equals"),
        pytest.param("", id="empty"),
        pytest.param("lady-jane tableau-1=AH", id="no-base-rank"),
        pytest.param("aunt-mary redeals=x", id="bad-redeals"),
        pytest.param("bakers-game base=7 tableau-1=7S", id="base-rank-in-a-game-that-starts-with-aces"),
    ],
)
def test_bad_position_text_raises_invalid_position(text: str) -> None:
    with pytest.raises(game.InvalidPosition) as info:
        game.from_text(text)
    message = str(info.value)
    assert message.strip() and "\n" not in message
    assert isinstance(info.value, ValueError)


def test_position_text_of_an_unknown_game_raises_unknown_variant() -> None:
    with pytest.raises(game.UnknownVariant):
        game.from_text("no-such-game tableau-1=AH")


def test_piles_left_out_of_a_position_text_are_empty() -> None:
    g = game.from_text("seahaven tableau-3=KS")
    assert g.pile("tableau-3") == ["KS"]
    assert all(g.pile(n) == [] for n in g.variant.names if n != "tableau-3")
