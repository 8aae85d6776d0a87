"""Long labels (German and Russian run 30-40 % longer) wrap to two lines before they shrink."""

from __future__ import annotations

import pygame
from pygame import Rect, Surface

from game.view import widgets
from game.view.hud import title_width, toolbar_buttons
from game.view.widgets import Button, Drawn, label_size, row_of_buttons


def _drawn_labels(button: Button) -> list[Drawn]:
    pygame.font.init()
    widgets.reset_fonts()
    surface = Surface((800, 600))
    widgets.recorder = []
    try:
        button.draw(surface, hover=False)
        return [d for d in widgets.recorder if d.kind == "text"]
    finally:
        widgets.recorder = None


def test_a_long_label_takes_two_lines_inside_its_button() -> None:
    button = Button("same", "Dieselbe Partie noch einmal", Rect(100, 100, 130, 48))
    lines = _drawn_labels(button)
    assert [d.label for d in lines] == ["Dieselbe Partie", "noch einmal"]
    assert all(button.rect.contains(d.rect) for d in lines)
    assert not lines[0].rect.colliderect(lines[1].rect)
    assert label_size(button.label, button.rect.inflate(-8, 0)) >= int(48 * 0.62 * 0.8)


def test_a_label_that_fits_stays_on_one_line() -> None:
    lines = _drawn_labels(Button("new", "New deal", Rect(100, 100, 200, 48)))
    assert [d.label for d in lines] == ["New deal"]


def test_a_row_of_buttons_shares_one_size() -> None:
    pygame.font.init()
    widgets.reset_fonts()
    row = row_of_buttons(
        [("new", "Nouvelle donne"), ("same", "Rejouer la même donne"), ("games", "Changer de jeu")],
        (400, 300),
        40,
        420,
    )
    assert len({b.text_size for b in row}) == 1
    assert row[0].text_size >= int(40 * 0.62 * 0.8)


def test_the_toolbar_gives_up_the_title_before_its_labels_shrink_much() -> None:
    pygame.font.init()
    widgets.reset_fonts()
    bar = Rect(0, 0, 800, 34)
    labels = ["Меню", "Новая раздача", "Игры", "Заново", "Отменить", "Вернуть", "Подсказка", "Доиграть"]
    items = [(label, label, True) for label in [*labels, "Во весь экран"]]
    title = "Башни Сихейвена  ·  Раздача 3"
    buttons = toolbar_buttons(bar, items, title_width(title, bar))
    natural = int((bar.height - 2 * max(3, bar.height // 8)) * 0.62)
    assert all(b.text_size >= natural * 0.85 for b in buttons)
    assert buttons[-1].rect.right <= bar.right
