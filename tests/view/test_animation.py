"""Animations are planned by comparing states: what moved glides, what turned over flips."""

from __future__ import annotations

import pytest

import game
from game.engine.moves import Move
from game.view.animation import Animator, Flight, Spot, ease_out, plan_deal, plan_transition
from game.view.layout import compute_layout


def test_ease_out_starts_fast_and_lands_softly() -> None:
    assert ease_out(0) == 0 and ease_out(1) == 1
    assert ease_out(0.5) > 0.5
    assert ease_out(-1) == 0 and ease_out(2) == 1


def test_only_the_moved_cards_fly() -> None:
    g = game.new_game("kansas", 4)
    layout = compute_layout(g.variant, (1280, 720))
    before = g.state
    g.play(Move("stock", "waste", 1))
    t = plan_transition(layout, before, g.state, move=Move("stock", "waste", 1))
    assert len(t.flights) == 1
    (flight,) = t.flights
    assert not flight.start.face_up and flight.end.face_up
    assert t.moving == {g.state.piles[g.variant.waste][-1]}
    assert 0.15 <= t.length <= 0.3


def test_a_reveal_flips_in_place_after_the_move() -> None:
    g = game.new_game("lady-jane", 1)
    v = g.variant
    move = next(
        (
            m
            for m in g.legal_moves()
            if m.source.startswith("tableau")
            and g.state.hidden[v.index[m.source]]
            and m.count == len(g.state.piles[v.index[m.source]]) - g.state.hidden[v.index[m.source]]
        ),
        None,
    )
    if move is None:
        pytest.skip("no revealing move in this deal")
    layout = compute_layout(v, (1280, 720))
    before = g.state
    g.play(move)
    t = plan_transition(layout, before, g.state, move=move)
    flips = [
        f
        for f in t.flights
        if (f.start.x, f.start.y) == (f.end.x, f.end.y) and f.start.face_up != f.end.face_up
    ]
    assert len(flips) == 1 and flips[0].delay > 0
    mid = flips[0].sprite(flips[0].delay + flips[0].duration / 2)
    assert mid.scale_x < 0.1


def test_speed_off_means_no_animation() -> None:
    g = game.new_game("bakers-game", 2)
    layout = compute_layout(g.variant, (1280, 720))
    assert plan_deal(layout, g.state, speed=0).length == 0


def test_the_deal_flies_one_card_after_another_from_the_stock() -> None:
    g = game.new_game("aunt-mary", 2)
    layout = compute_layout(g.variant, (1280, 720))
    t = plan_deal(layout, g.state)
    assert len(t.flights) == 36
    stock = layout.piles[g.variant.stock].slot
    assert all((f.start.x, f.start.y) == stock.topleft for f in t.flights)
    delays = [f.delay for f in sorted(t.flights, key=lambda f: f.z)]
    assert delays == sorted(delays) and delays[-1] > delays[0]


def test_lady_janes_deal_to_the_reserves_fans_out() -> None:
    g = game.new_game("lady-jane", 2)
    layout = compute_layout(g.variant, (1280, 720))
    before = g.state
    move = Move("stock", "reserve", 7)
    g.play(move)
    t = plan_transition(layout, before, g.state, move=move)
    assert len(t.flights) == 7
    assert len({f.delay for f in t.flights}) == 7


def test_the_animator_runs_transitions_one_after_another() -> None:
    g = game.new_game("kansas", 4)
    layout = compute_layout(g.variant, (1280, 720))
    s0 = g.state
    g.play(Move("stock", "waste", 1))
    s1 = g.state
    g.play(Move("stock", "waste", 1))
    s2 = g.state
    a = Animator()
    a.push(lambda lay: plan_transition(lay, s0, s1))
    a.push(lambda lay: plan_transition(lay, s1, s2))
    assert a.update(0.0, layout) and a.current is not None and a.current.after == s1
    assert a.update(0.3, layout) and a.current is not None and a.current.after == s2
    assert not a.update(0.6, layout) and not a.busy
    a.push(lambda lay: plan_transition(lay, s0, s1))
    a.finish()
    assert not a.busy and a.sprites(1.0) == []


def test_a_flight_lands_where_it_should() -> None:
    f = Flight(3, Spot(0, 0, True), Spot(100, 50, True), 0.1, 0.2, 0)
    assert f.sprite(0.0).x == 0 and not f.sprite(0.0).lifted
    end = f.sprite(0.5)
    assert (end.x, end.y) == (100, 50)
    assert f.sprite(0.2).lifted
