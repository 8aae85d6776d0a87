"""The scripting API is a contract used by checks outside the project: its names stay put."""

from __future__ import annotations

import json

import game


def test_the_five_games_are_registered_first_under_their_keys() -> None:
    assert list(game.VARIANTS)[:5] == ["lady-jane", "bakers-game", "kansas", "aunt-mary", "seahaven"]
    assert all(isinstance(cls, type) for cls in game.VARIANTS.values())


def test_snapshot_is_json_ready_with_the_promised_fields() -> None:
    snap = game.new_game("kansas", deal=1234).snapshot()
    assert {"variant", "deal", "score", "won", "piles"} <= set(snap)
    assert snap["variant"] == "kansas" and snap["deal"] == 1234
    assert json.loads(json.dumps(snap)) == snap


def test_move_has_source_target_count_and_a_text_form() -> None:
    move = game.Move("tableau-1", "tableau-3", 2)
    assert (move.source, move.target, move.count) == ("tableau-1", "tableau-3", 2)
    assert str(move) == "tableau-1 -> tableau-3 x2"
    assert game.Move.parse(str(move)) == move


def test_illegal_move_is_a_value_error_with_a_reason() -> None:
    g = game.new_game("kansas", deal=1)
    try:
        g.play(game.Move("foundation-1", "tableau-1", 1))
    except ValueError as exc:
        assert isinstance(exc, game.IllegalMove)
        assert "out of play" in str(exc)
    else:
        raise AssertionError("an illegal move was accepted")


def test_pile_names_follow_the_contract() -> None:
    expected = {
        "lady-jane": ["stock", "waste"] + [f"reserve-{i}" for i in range(1, 8)],
        "bakers-game": [f"reserve-{i}" for i in range(1, 5)],
        "kansas": ["stock", "waste", "reserve-1"],
        "aunt-mary": ["stock", "waste"],
        "seahaven": [f"reserve-{i}" for i in range(1, 5)],
    }
    tableau = {"lady-jane": 7, "bakers-game": 8, "kansas": 3, "aunt-mary": 6, "seahaven": 10}
    for key, names in expected.items():
        piles = set(game.new_game(key, deal=1).snapshot()["piles"])
        wanted = set(names) | {f"foundation-{i}" for i in range(1, 5)}
        wanted |= {f"tableau-{i}" for i in range(1, tableau[key] + 1)}
        assert piles == wanted, key


def test_stock_actions_are_moves() -> None:
    assert game.Move("stock", "reserve", 7) in game.new_game("lady-jane", deal=1).legal_moves()
    assert game.Move("stock", "waste", 1) in game.new_game("kansas", deal=1).legal_moves()
    assert game.Move("stock", "waste", 1) in game.new_game("aunt-mary", deal=1).legal_moves()


def test_aunt_mary_turnover_is_waste_to_stock() -> None:
    g = game.new_game("aunt-mary", deal=1)
    for _ in range(16):
        g.play(game.Move("stock", "waste", 1))
    assert game.Move("waste", "stock", 16) in g.legal_moves()
