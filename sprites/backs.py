"""Card backs: white margin, coloured field with a diamond lattice, inner rule and medallion."""

from __future__ import annotations

import math

import pygame

from sprites import palette as pal
from sprites.suits import draw_suit

BACK_STYLES: tuple[str, ...] = tuple(pal.BACKS)


def draw_back(surf: pygame.Surface, style: str, radius: int) -> None:
    """Paint a back onto `surf`, which already holds the white rounded card body."""
    colours = pal.BACKS[style]
    w, h = surf.get_size()
    margin = round(w * 0.06)
    field = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
    inner_radius = max(1, radius - margin // 2)

    pattern = pygame.Surface(field.size, pygame.SRCALPHA)
    pattern.fill(colours.base)
    fw, fh = field.size
    # Diamond lattice: two families of diagonals; a fixed number of cells across keeps the
    # pattern looking the same at every card size.
    step = fw / 7
    line = max(1, round(w * 0.008))
    slope = 1.4
    cell_h = step * slope
    # Lattice anchored on the card centre so the pattern is symmetric about both axes.
    ox, oy = fw / 2, fh / 2
    reach = math.ceil((fw + fh / slope) / step) + 1
    for k in range(-reach, reach + 1):
        x = ox + k * step
        for sign in (1, -1):
            p0 = (x - sign * oy / slope, 0)
            p1 = (x + sign * (fh - oy) / slope, fh)
            pygame.draw.line(pattern, colours.light, p0, p1, line)
    # A dark lozenge in every cell and a light dot on every crossing: a woven look.
    rows = math.ceil(fh / cell_h) + 1
    cols = math.ceil(fw / step) + 1
    d = step * 0.16
    for r in range(-rows * 2, rows * 2 + 1):
        y = oy + r * cell_h / 2
        if y < -cell_h or y > fh + cell_h:
            continue
        for c in range(-cols, cols + 1):
            vx = ox + (c + (r % 2) / 2) * step
            cx = vx + step / 2
            pygame.draw.polygon(pattern, colours.dark,
                                [(cx, y - d * slope), (cx + d, y), (cx, y + d * slope), (cx - d, y)])
            pygame.draw.circle(pattern, colours.light, (vx, y), line * 1.6)

    # Inner rule a little inside the field edge.
    inset = round(w * 0.035)
    rule = pygame.Rect(inset, inset, fw - 2 * inset, fh - 2 * inset)
    pygame.draw.rect(pattern, colours.base, rule.inflate(line * 8, line * 8), line * 4,
                     border_radius=max(1, inner_radius - inset // 2))
    pygame.draw.rect(pattern, colours.light, rule, line * 2, border_radius=max(1, inner_radius - inset))

    # Centre medallion: oval with the four suits as a rosette.
    med = pygame.Rect(0, 0, round(fw * 0.5), round(fw * 0.62))
    med.center = (fw // 2, fh // 2)
    pygame.draw.ellipse(pattern, colours.dark, med.inflate(line * 6, line * 6))
    pygame.draw.ellipse(pattern, colours.light, med.inflate(line * 6, line * 6), line * 2)
    pygame.draw.ellipse(pattern, colours.base, med)
    pygame.draw.ellipse(pattern, colours.light, med, line)
    size = med.w * 0.26
    off = med.w * 0.2
    cxm, cym = med.center
    for suit, (dx, dy) in zip("SHDC", ((0, -1.15), (1, 0), (0, 1.15), (-1, 0)), strict=True):
        draw_suit(pattern, suit, (cxm + dx * off, cym + dy * off), size, colours.light, flipped=dy > 0)

    # Round the field's corners with an alpha mask so the lattice never pokes out.
    mask = pygame.Surface(field.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=inner_radius)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(pattern, field.topleft)
