"""Court figures (J, Q, K) and the two jokers, drawn from primitives.

Courts follow the double-ended convention: a half-length figure is drawn once and repeated
turned 180° below a divider, so the card reads the same in either hand orientation. Each
rank has its own headwear, face and prop; the suit decides the robe and accent colours.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from sprites import palette as pal
from sprites.suits import draw_suit
from sprites.text import ink_text

Point = tuple[float, float]
RGB = tuple[int, int, int]


def _fill(surf: pygame.Surface, colour: RGB, pts: Sequence[Point], lw: int) -> None:
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, pal.OUTLINE, pts, lw)


def _ellipse(surf: pygame.Surface, colour: RGB, c: Point, rx: float, ry: float, lw: int) -> None:
    rect = pygame.Rect(0, 0, round(rx * 2), round(ry * 2))
    rect.center = (round(c[0]), round(c[1]))
    pygame.draw.ellipse(surf, colour, rect)
    if lw:
        pygame.draw.ellipse(surf, pal.OUTLINE, rect, lw)


def draw_frame(surf: pygame.Surface, rect: pygame.Rect, ink: RGB, card_w: int) -> None:
    """Cream centre panel with a double rule, the frame used by courts and jokers."""
    outer = max(2, round(card_w * 0.011))
    inner = max(1, round(card_w * 0.005))
    pygame.draw.rect(surf, pal.PANEL_CREAM, rect)
    pygame.draw.rect(surf, ink, rect, outer)
    gap = outer + max(1, round(card_w * 0.012))
    pygame.draw.rect(surf, pal.GOLD_DARK, rect.inflate(-2 * gap, -2 * gap), inner)


# --- court half-figures -------------------------------------------------------------


def _face(surf: pygame.Surface, cx: float, hy: float, hr: float, lw: int, smile: bool) -> None:
    hry = hr * 1.18
    _ellipse(surf, pal.SKIN, (cx, hy), hr, hry, lw)
    eye_r = max(1.0, hr * 0.09)
    for side in (-1, 1):
        ex = cx + side * hr * 0.38
        _ellipse(surf, (255, 255, 255), (ex, hy - hry * 0.06), hr * 0.17, hr * 0.1, 0)
        pygame.draw.circle(surf, pal.OUTLINE, (ex + side * hr * 0.03, hy - hry * 0.06), eye_r)
        brow = [(ex - hr * 0.2, hy - hry * 0.26), (ex + hr * 0.2, hy - hry * 0.28)]
        pygame.draw.line(surf, pal.OUTLINE, brow[0], brow[1], max(1, lw))
    nose = [(cx, hy - hry * 0.1), (cx - hr * 0.12, hy + hry * 0.25), (cx + hr * 0.04, hy + hry * 0.27)]
    pygame.draw.lines(surf, pal.SKIN_SHADE, False, nose, max(1, lw))
    mouth = pygame.Rect(0, 0, round(hr * 0.56), round(hr * 0.3))
    mouth.center = (round(cx), round(hy + hry * 0.47))
    if smile:
        pygame.draw.arc(surf, (180, 40, 52), mouth, math.pi * 1.15, math.pi * 1.85, max(1, lw))
    else:
        pygame.draw.line(surf, (180, 40, 52), mouth.midleft, mouth.midright, max(1, lw))
    for side in (-1, 1):
        pygame.draw.circle(surf, (244, 178, 160), (cx + side * hr * 0.58, hy + hry * 0.28), hr * 0.13)


def _robe(surf: pygame.Surface, col: pal.CourtColours, lw: int, top: float, ermine: bool) -> None:
    """Shoulders and robe down to the divider, with a contrasting front and gold trim.

    The robe spans the full width at the divider so the two mirrored halves join into one
    continuous garment, as on printed court cards.
    """
    w, h = surf.get_size()
    bottom = h + lw * 2
    robe = [(-lw, bottom), (-lw, top + 0.14 * h), (0.12 * w, top + 0.03 * h), (0.36 * w, top),
            (0.64 * w, top), (0.88 * w, top + 0.03 * h), (w + lw, top + 0.14 * h), (w + lw, bottom)]
    _fill(surf, col.robe, robe, lw)
    # Brocade: staggered gold lozenges over the robe sides.
    d = w * 0.022
    for row in range(5):
        y = top + 0.07 * h + row * 0.06 * h
        for i in range(5):
            x = (0.06 + i * 0.075 + (row % 2) * 0.037) * w
            for xx in (x, w - x):
                pygame.draw.polygon(surf, col.trim, [(xx, y - d), (xx + d * 0.7, y), (xx, y + d), (xx - d * 0.7, y)])
    front = [(0.36 * w, top), (0.64 * w, top), (0.7 * w, bottom), (0.3 * w, bottom)]
    _fill(surf, col.accent, front, lw)
    # Vertical gold piping and a row of buttons down the front.
    for x0, x1 in ((0.36, 0.3), (0.64, 0.7)):
        pygame.draw.line(surf, col.trim, (x0 * w, top), (x1 * w, h), max(2, lw * 2))
    for i in range(3):
        pygame.draw.circle(surf, col.trim, (0.5 * w, top + (0.1 + i * 0.1) * h), w * 0.022)
        pygame.draw.circle(surf, pal.OUTLINE, (0.5 * w, top + (0.1 + i * 0.1) * h), w * 0.022, max(1, lw // 2))
    # Sleeve folds give the arms some form.
    for side in (-1, 1):
        x = 0.5 * w + side * 0.3 * w
        pygame.draw.line(surf, pal.OUTLINE, (x, top + 0.06 * h), (x - side * 0.03 * w, h), lw)
    if ermine:
        # White fur cape edge with black tails, the king's mantle.
        band = [(-lw, top + 0.12 * h), (0.12 * w, top + 0.01 * h), (0.36 * w, top - 0.02 * h),
                (0.64 * w, top - 0.02 * h), (0.88 * w, top + 0.01 * h), (w + lw, top + 0.12 * h),
                (w + lw, top + 0.19 * h), (0.88 * w, top + 0.09 * h), (0.64 * w, top + 0.06 * h),
                (0.36 * w, top + 0.06 * h), (0.12 * w, top + 0.09 * h), (-lw, top + 0.19 * h)]
        _fill(surf, (250, 250, 246), band, lw)
        for x in (0.1, 0.24, 0.76, 0.9):
            y = top + (0.06 if 0.2 < x < 0.8 else 0.08) * h
            pygame.draw.polygon(surf, pal.OUTLINE, [(x * w, y - h * 0.015), (x * w + w * 0.01, y + h * 0.01), (x * w - w * 0.01, y + h * 0.01)])


def _neck(surf: pygame.Surface, cx: float, hy: float, hr: float, bottom: float, lw: int) -> None:
    _fill(surf, pal.SKIN, [(cx - hr * 0.38, hy), (cx + hr * 0.38, hy), (cx + hr * 0.42, bottom), (cx - hr * 0.42, bottom)], lw)


def _hand(surf: pygame.Surface, c: Point, r: float, lw: int) -> None:
    _ellipse(surf, pal.SKIN, c, r, r * 0.85, lw)


def _king(surf: pygame.Surface, suit: str, col: pal.CourtColours, ink: RGB, lw: int) -> None:
    w, h = surf.get_size()
    cx, hr = w * 0.5, w * 0.17
    hy = h * 0.4
    hry = hr * 1.18
    top = h * 0.66
    # Sword held upright on the left: blade rises behind the shoulder.
    sx = w * 0.12
    blade = [(sx - w * 0.028, h * 0.78), (sx - w * 0.028, h * 0.12), (sx, h * 0.05),
             (sx + w * 0.028, h * 0.12), (sx + w * 0.028, h * 0.78)]
    _fill(surf, pal.SILVER, blade, lw)
    pygame.draw.line(surf, (150, 156, 168), (sx, h * 0.12), (sx, h * 0.7), max(1, lw))
    _neck(surf, cx, hy, hr, top + h * 0.02, lw)
    _robe(surf, col, lw, top, ermine=True)
    guard = [(sx - w * 0.09, h * 0.7), (sx + w * 0.09, h * 0.7), (sx + w * 0.09, h * 0.735), (sx - w * 0.09, h * 0.735)]
    _fill(surf, col.trim, guard, lw)
    _hand(surf, (sx, h * 0.79), w * 0.055, lw)
    _face(surf, cx, hy, hr, lw, smile=False)
    # Full beard and moustache in the hair colour.
    beard = [(cx - hr * 1.02, hy - hry * 0.05), (cx - hr * 0.95, hy + hry * 0.8), (cx - hr * 0.4, hy + hry * 1.45),
             (cx, hy + hry * 1.6), (cx + hr * 0.4, hy + hry * 1.45), (cx + hr * 0.95, hy + hry * 0.8),
             (cx + hr * 1.02, hy - hry * 0.05), (cx + hr * 0.6, hy + hry * 0.42), (cx, hy + hry * 0.68),
             (cx - hr * 0.6, hy + hry * 0.42)]
    _fill(surf, col.hair, beard, lw)
    mo = [(cx, hy + hry * 0.3), (cx - hr * 0.55, hy + hry * 0.5), (cx - hr * 0.3, hy + hry * 0.32),
          (cx, hy + hry * 0.26), (cx + hr * 0.3, hy + hry * 0.32), (cx + hr * 0.55, hy + hry * 0.5)]
    _fill(surf, col.hair, mo, max(1, lw // 2))
    # Crown: three fleur points with jewels, band in the accent colour.
    base = hy - hry * 0.55
    cw = hr * 1.12
    crown = [(cx - cw, base + hr * 0.25), (cx - cw * 1.08, base - hr * 0.75), (cx - cw * 0.5, base - hr * 0.3),
             (cx, base - hr * 1.0), (cx + cw * 0.5, base - hr * 0.3), (cx + cw * 1.08, base - hr * 0.75),
             (cx + cw, base + hr * 0.25)]
    _fill(surf, col.trim, crown, lw)
    band = [(cx - cw, base - hr * 0.02), (cx + cw, base - hr * 0.02), (cx + cw, base + hr * 0.25), (cx - cw, base + hr * 0.25)]
    _fill(surf, col.accent, band, lw)
    for px, py in ((cx - cw * 1.08, base - hr * 0.75), (cx, base - hr * 1.0), (cx + cw * 1.08, base - hr * 0.75)):
        _ellipse(surf, col.robe if col.robe != col.accent else pal.GOLD_DARK, (px, py), hr * 0.13, hr * 0.13, max(1, lw // 2))
    for i in (-1, 0, 1):
        pygame.draw.circle(surf, pal.GOLD, (cx + i * cw * 0.55, base + hr * 0.12), hr * 0.07)
    draw_suit(surf, suit, (w * 0.86, h * 0.12), h * 0.17, ink)


def _queen(surf: pygame.Surface, suit: str, col: pal.CourtColours, ink: RGB, lw: int) -> None:
    w, h = surf.get_size()
    cx, hr = w * 0.5, w * 0.16
    hy = h * 0.4
    hry = hr * 1.18
    top = h * 0.68
    # Long hair falling behind the shoulders.
    hair = [(cx - hr * 1.2, hy - hry * 0.7), (cx - hr * 1.6, h * 0.8), (cx + hr * 1.6, h * 0.8),
            (cx + hr * 1.2, hy - hry * 0.7), (cx, hy - hry * 1.2)]
    _fill(surf, col.hair, hair, lw)
    # Flower held in front of the right shoulder.
    fx, fy = w * 0.84, h * 0.36
    pygame.draw.line(surf, (40, 120, 50), (fx, fy), (w * 0.78, h * 0.8), max(2, lw * 2))
    leaf = [(w * 0.81, h * 0.56), (w * 0.95, h * 0.5), (w * 0.82, h * 0.62)]
    _fill(surf, (60, 150, 70), leaf, lw)
    pr = w * 0.055
    for i in range(5):
        a = i * 2 * math.pi / 5 - math.pi / 2
        _ellipse(surf, col.robe, (fx + math.cos(a) * pr, fy + math.sin(a) * pr), pr * 0.8, pr * 0.8, lw)
    _ellipse(surf, col.trim, (fx, fy), pr * 0.55, pr * 0.55, lw)
    _neck(surf, cx, hy, hr, top + h * 0.02, lw)
    _robe(surf, col, lw, top, ermine=False)
    # Square neckline and pearl necklace.
    neckline = [(cx - hr * 0.9, top - h * 0.005), (cx + hr * 0.9, top - h * 0.005), (cx + hr * 0.7, top + h * 0.06), (cx - hr * 0.7, top + h * 0.06)]
    _fill(surf, pal.SKIN, neckline, lw)
    for i in range(7):
        a = math.pi * (0.12 + 0.76 * i / 6)
        pearl = (cx + math.cos(a) * hr * 0.65, top - h * 0.02 + math.sin(a) * h * 0.06)
        pygame.draw.circle(surf, (252, 252, 248), pearl, max(1.0, hr * 0.1))
        pygame.draw.circle(surf, pal.OUTLINE, pearl, max(1.0, hr * 0.1), max(1, lw // 2))
    _hand(surf, (w * 0.785, h * 0.76), w * 0.05, lw)
    _face(surf, cx, hy, hr, lw, smile=True)
    # Hair parted over the forehead.
    fringe = [(cx - hr * 1.05, hy + hry * 0.1), (cx - hr * 1.0, hy - hry * 0.7), (cx - hr * 0.4, hy - hry * 1.02),
              (cx + hr * 0.4, hy - hry * 1.02), (cx + hr * 1.0, hy - hry * 0.7), (cx + hr * 1.05, hy + hry * 0.1),
              (cx + hr * 0.75, hy - hry * 0.45), (cx, hy - hry * 0.65), (cx - hr * 0.75, hy - hry * 0.45)]
    _fill(surf, col.hair, fringe, lw)
    # Tiara: a lower, rounded crown of arches and pearls, unlike the king's points.
    base = hy - hry * 0.78
    tw = hr * 0.95
    tiara = [(cx - tw, base)]
    for i in range(13):
        t = i / 12
        tiara.append((cx - tw + 2 * tw * t, base - hr * (0.2 + 0.5 * math.sin(math.pi * t))))
    tiara.append((cx + tw, base))
    _fill(surf, col.trim, tiara, lw)
    for i in range(5):
        t = (i + 0.5) / 5
        px = cx - tw + 2 * tw * t
        py = base - hr * (0.2 + 0.5 * math.sin(math.pi * t)) - hr * 0.08
        pygame.draw.circle(surf, (252, 252, 248), (px, py), hr * 0.09)
    _ellipse(surf, col.accent, (cx, base - hr * 0.32), hr * 0.14, hr * 0.18, max(1, lw // 2))
    draw_suit(surf, suit, (w * 0.14, h * 0.12), h * 0.17, ink)


def _jack(surf: pygame.Surface, suit: str, col: pal.CourtColours, ink: RGB, lw: int) -> None:
    w, h = surf.get_size()
    cx, hr = w * 0.5, w * 0.16
    hy = h * 0.42
    hry = hr * 1.18
    top = h * 0.68
    # Halberd on the right: staff, spear point and axe blade.
    sx = w * 0.87
    pygame.draw.line(surf, (120, 78, 40), (sx, h * 0.12), (sx, h), max(2, lw * 3))
    spear = [(sx, h * 0.02), (sx + w * 0.035, h * 0.1), (sx, h * 0.15), (sx - w * 0.035, h * 0.1)]
    _fill(surf, pal.SILVER, spear, lw)
    axe = [(sx, h * 0.15), (sx - w * 0.13, h * 0.12), (sx - w * 0.1, h * 0.22), (sx - w * 0.13, h * 0.32), (sx, h * 0.27)]
    _fill(surf, pal.SILVER, axe, lw)
    _neck(surf, cx, hy, hr, top + h * 0.02, lw)
    _robe(surf, col, lw, top, ermine=False)
    # Wide lace collar, the jack's signature.
    collar = [(cx - hr * 1.7, top + h * 0.03), (cx - hr * 0.4, top - h * 0.02), (cx + hr * 0.4, top - h * 0.02),
              (cx + hr * 1.7, top + h * 0.03), (cx + hr * 0.5, top + h * 0.12), (cx, top + h * 0.09),
              (cx - hr * 0.5, top + h * 0.12)]
    _fill(surf, (250, 250, 246), collar, lw)
    _hand(surf, (sx, h * 0.8), w * 0.05, lw)
    # Shoulder-length curls behind the face.
    for side in (-1, 1):
        _ellipse(surf, col.hair, (cx + side * hr * 0.92, hy + hry * 0.25), hr * 0.36, hry * 0.62, lw)
    _face(surf, cx, hy, hr, lw, smile=True)
    # Beret with a band and a feather sweeping back over the staff side.
    feather = [(cx + hr * 0.5, hy - hry * 0.9), (cx + hr * 1.9, hy - hry * 2.05), (cx + hr * 2.1, hy - hry * 1.85),
               (cx + hr * 1.3, hy - hry * 0.95)]
    _fill(surf, col.accent, feather, lw)
    cap = [(cx - hr * 1.2, hy - hry * 0.45), (cx - hr * 1.25, hy - hry * 1.05), (cx - hr * 0.5, hy - hry * 1.5),
           (cx + hr * 0.6, hy - hry * 1.45), (cx + hr * 1.2, hy - hry * 0.95), (cx + hr * 1.2, hy - hry * 0.45)]
    _fill(surf, col.robe, cap, lw)
    band = [(cx - hr * 1.22, hy - hry * 0.45), (cx + hr * 1.22, hy - hry * 0.45),
            (cx + hr * 1.2, hy - hry * 0.72), (cx - hr * 1.22, hy - hry * 0.72)]
    _fill(surf, col.trim, band, lw)
    draw_suit(surf, suit, (w * 0.14, h * 0.12), h * 0.17, ink)


_FIGURES = {"K": _king, "Q": _queen, "J": _jack}


def draw_court(
    surf: pygame.Surface, rank: str, suit: str, panel: pygame.Rect, four_colour: bool
) -> None:
    card_w = surf.get_width()
    ink = pal.suit_ink(suit, four_colour)
    col = pal.court_colours(suit, four_colour)
    draw_frame(surf, panel, ink, card_w)
    border = max(2, round(card_w * 0.011)) + max(1, round(card_w * 0.012)) + max(1, round(card_w * 0.005))
    inner = panel.inflate(-2 * border, -2 * border)
    half_h = inner.h // 2
    half = pygame.Surface((inner.w, half_h), pygame.SRCALPHA)
    lw = max(1, round(card_w * 0.006))
    _FIGURES[rank](half, suit, col, ink, lw)
    surf.blit(half, inner.topleft)
    surf.blit(pygame.transform.rotate(half, 180), (inner.x, inner.bottom - half_h))
    mid = inner.y + half_h
    pygame.draw.line(surf, ink, (inner.x, mid), (inner.right - 1, mid), max(2, lw * 2))


# --- jokers ---------------------------------------------------------------------------


def joker_colours(red: bool) -> tuple[RGB, RGB, RGB]:
    """(main, accent, background tint) for the red or black joker."""
    if red:
        return pal.RED, pal.GOLD, (252, 232, 200)
    return pal.BLACK, (150, 154, 164), (232, 232, 236)


def draw_joker(surf: pygame.Surface, panel: pygame.Rect, red: bool) -> None:
    card_w = surf.get_width()
    main, accent, tint = joker_colours(red)
    draw_frame(surf, panel, main, card_w)
    border = max(2, round(card_w * 0.011)) + max(1, round(card_w * 0.012)) + max(1, round(card_w * 0.005))
    inner = panel.inflate(-2 * border, -2 * border)
    art = pygame.Surface(inner.size, pygame.SRCALPHA)
    w, h = inner.size
    lw = max(1, round(card_w * 0.006))
    cx, hy, hr = w * 0.5, h * 0.33, w * 0.23
    hry = hr * 1.15
    ruff_y = hy + hry * 1.12

    # Sunburst behind the figure: the red joker's rays are warm, the black joker's grey.
    reach = max(w, h)
    for i in range(16):
        if i % 2:
            continue
        a0, a1 = i * math.pi / 8, (i + 1) * math.pi / 8
        ray = [(cx, hy), (cx + math.cos(a0) * reach, hy + math.sin(a0) * reach),
               (cx + math.cos(a1) * reach, hy + math.sin(a1) * reach)]
        pygame.draw.polygon(art, tint, ray)

    # Harlequin tunic: alternating diamonds, clipped to the shoulder outline by alpha mask.
    top = ruff_y
    bottom = h * 0.84
    cols = 4
    dw = w / cols
    dh = (bottom - top) / 2.5
    tunic = pygame.Surface((w, h), pygame.SRCALPHA)
    # Offset rows of lozenges; colouring by row parity gives the two-tone harlequin check.
    for row in range(-1, 7):
        y = top + row * dh / 2
        for c in range(-1, cols + 2):
            x = c * dw + (row % 2) * dw / 2
            d = [(x, y - dh / 2), (x + dw / 2, y), (x, y + dh / 2), (x - dw / 2, y)]
            pygame.draw.polygon(tunic, main if row % 2 else accent, d)
    shoulders = [(w * 0.04, bottom), (w * 0.1, top + h * 0.06), (w * 0.3, top), (w * 0.7, top),
                 (w * 0.9, top + h * 0.06), (w * 0.96, bottom)]
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), shoulders)
    tunic.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    art.blit(tunic, (0, 0))
    pygame.draw.polygon(art, pal.OUTLINE, shoulders, lw)

    # Ruff collar: a zig-zag star ring.
    ruff = []
    n = 18
    for i in range(n * 2):
        ang = i * math.pi / n
        r = hr * (1.45 if i % 2 == 0 else 1.05)
        ruff.append((cx + math.cos(ang) * r, ruff_y + math.sin(ang) * r * 0.32))
    _fill(art, (250, 250, 246), ruff, lw)

    _face(art, cx, hy, hr, lw, smile=True)
    for side in (-1, 1):
        pygame.draw.circle(art, (240, 120, 120), (cx + side * hr * 0.55, hy + hry * 0.3), hr * 0.16)
    pygame.draw.circle(art, main if red else (200, 30, 40), (cx, hy + hry * 0.15), hr * 0.16)

    # Three-pointed cap: lobes alternate colours, each ending in a bell.
    tips = [(cx - hr * 1.8, hy - hry * 0.75), (cx, hy - hry * 2.25), (cx + hr * 1.8, hy - hry * 0.75)]
    roots = [(cx - hr * 1.0, hy - hry * 0.45), (cx - hr * 0.45, hy - hry * 0.95),
             (cx + hr * 0.45, hy - hry * 0.95), (cx + hr * 1.0, hy - hry * 0.45)]
    lobe_cols = (main, accent, main)
    for i, tip in enumerate(tips):
        a, b = roots[i], roots[i + 1]
        bulge = ((a[0] + b[0]) / 2 + (tip[0] - cx) * 0.15, (a[1] + b[1]) / 2 - hry * 0.55)
        lobe = [a, bulge, tip, b] if i != 1 else [a, tip, b]
        if i == 2:
            lobe = [a, tip, bulge, b]
        _fill(art, lobe_cols[i], lobe, lw)
    band = [(cx - hr * 1.1, hy - hry * 0.35), (cx + hr * 1.1, hy - hry * 0.35),
            (cx + hr * 1.0, hy - hry * 0.7), (cx - hr * 1.0, hy - hry * 0.7)]
    _fill(art, accent, band, lw)
    for tip in tips:
        _ellipse(art, pal.GOLD, tip, hr * 0.22, hr * 0.22, lw)

    # Name banner at the foot of the panel.
    label = ink_text("JOKER", main, h * 0.07, max_width=w * 0.8)
    art.blit(label, label.get_rect(center=(cx, h * 0.92)))
    surf.blit(art, inner.topleft)
