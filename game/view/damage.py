"""Damaged areas of a frame: the rectangles a partial redraw updates."""

from __future__ import annotations

import pygame


def merge_rects(rects: list[pygame.Rect], bounds: pygame.Rect, most: int = 8) -> list[pygame.Rect]:
    """``rects`` clipped to ``bounds`` and merged: two become their union when it covers no
    more than they do apart, and while more than ``most`` remain, the two whose union adds
    the least. (A card's rectangle touching the status strip must not make the whole
    window's width one area.)"""
    merged: list[pygame.Rect] = []
    for rect in (r.clip(bounds) for r in rects):
        i = 0
        while i < len(merged) and rect.width and rect.height:
            other = merged[i]
            union = rect.union(other)
            if _area(union) <= _area(rect) + _area(other) and other.colliderect(rect):
                rect = union  # and look again: the union may now cover others
                merged.pop(i)
                i = 0
            else:
                i += 1
        if rect.width and rect.height:
            merged.append(rect)
    while len(merged) > most:
        _, i, j = min(
            (_area(a.union(b)) - _area(a) - _area(b), i, j)
            for i, a in enumerate(merged)
            for j, b in enumerate(merged[:i])
        )
        merged[j] = merged[j].union(merged.pop(i))
    return merged


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height
