"""Card art drawn by the program: faces, backs, the felt and the app icon, cached as pixmaps.

Every picture is painted with QPainter in a 100 x 140 unit box (a poker card's 5:7) and
rendered once per device size; the table asks for the size it shows cards at, so cards stay
sharp from 1280x720 to 4K and on HiDPI screens.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QIcon,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QRadialGradient,
    QTransform,
)

from shengji_desktop.assets import RESOURCES_DIR
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Suit

CARD_W = 100.0
CARD_H = 140.0
RADIUS = 7.0
# Room around the card for its shadow; the pixmap covers the card plus this margin.
SHADOW = 5.0

RED = QColor("#c0152f")
BLACK = QColor("#16181d")
GOLD = QColor("#d4a017")
FACE = QColor("#fdfdfb")
TRUMP_FACE = QColor("#fff4d6")
BACK_DARK = QColor("#7a1020")
BACK_LIGHT = QColor("#b3283d")

FONT_FAMILY = "Noto Sans CJK SC"


GREEN = QColor("#13803a")
BLUE = QColor("#1f4fc4")
# Four-colour suits (Settings): ♠ black, ♥ red, ♣ green, ♦ blue; set by set_four_colours.
FOUR_COLOURS = {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.CLUBS: GREEN, Suit.DIAMONDS: BLUE}
_four = [False]


def set_four_colours(on: bool) -> None:
    """Draw the suits in four colours from now on (pictures rendered before keep theirs:
    the caller clears the pixmap caches)."""
    _four[0] = on


def four_colours() -> bool:
    return _four[0]


def panel_suit_colour(suit: Suit) -> str:
    """A suit symbol's colour on the dark side panel (light tones of the same palette)."""
    if _four[0] and suit in (Suit.CLUBS, Suit.DIAMONDS):
        return "#4ade80" if suit is Suit.CLUBS else "#60a5fa"
    return "#ef4444" if suit in (Suit.HEARTS, Suit.DIAMONDS) else "#f3f4f6"


def suit_colour(suit: Suit) -> QColor:
    if _four[0]:
        return FOUR_COLOURS[suit]
    return RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK


def suit_path(suit: Suit, box: QRectF) -> QPainterPath:
    """The suit symbol fitted into ``box`` (drawn as a shape, not a font glyph)."""
    p = QPainterPath()
    p.setFillRule(Qt.FillRule.WindingFill)
    if suit is Suit.HEARTS:
        p.moveTo(0.5, 0.27)
        p.cubicTo(0.5, 0.04, 0.04, 0.0, 0.04, 0.32)
        p.cubicTo(0.04, 0.58, 0.34, 0.72, 0.5, 0.96)
        p.cubicTo(0.66, 0.72, 0.96, 0.58, 0.96, 0.32)
        p.cubicTo(0.96, 0.0, 0.5, 0.04, 0.5, 0.27)
    elif suit is Suit.DIAMONDS:
        p.moveTo(0.5, 0.02)
        p.quadTo(0.66, 0.3, 0.9, 0.5)
        p.quadTo(0.66, 0.7, 0.5, 0.98)
        p.quadTo(0.34, 0.7, 0.1, 0.5)
        p.quadTo(0.34, 0.3, 0.5, 0.02)
    elif suit is Suit.SPADES:
        p.moveTo(0.5, 0.02)
        p.cubicTo(0.36, 0.24, 0.04, 0.36, 0.05, 0.6)
        p.cubicTo(0.06, 0.8, 0.33, 0.86, 0.47, 0.68)
        p.cubicTo(0.46, 0.82, 0.4, 0.91, 0.28, 0.98)
        p.lineTo(0.72, 0.98)
        p.cubicTo(0.6, 0.91, 0.54, 0.82, 0.53, 0.68)
        p.cubicTo(0.67, 0.86, 0.94, 0.8, 0.95, 0.6)
        p.cubicTo(0.96, 0.36, 0.64, 0.24, 0.5, 0.02)
    else:  # clubs
        r = 0.215
        for cx, cy in ((0.5, 0.26), (0.26, 0.57), (0.74, 0.57)):
            p.addEllipse(QPointF(cx, cy), r, r)
        stem = QPainterPath()
        stem.moveTo(0.47, 0.5)
        stem.cubicTo(0.46, 0.78, 0.4, 0.9, 0.28, 0.98)
        stem.lineTo(0.72, 0.98)
        stem.cubicTo(0.6, 0.9, 0.54, 0.78, 0.53, 0.5)
        stem.closeSubpath()
        p.addPath(stem)
        p.addRect(QRectF(0.42, 0.4, 0.16, 0.2))
    t = QTransform()
    t.translate(box.x(), box.y())
    t.scale(box.width(), box.height())
    return t.map(p)


# Each family the program names, then the like of it on Windows and macOS, which do not come
# with the Noto or DejaVu fonts a Linux desktop has (Qt takes the first one installed).
FALLBACKS = {
    FONT_FAMILY: [
        "Source Han Sans SC",
        "Microsoft YaHei",
        "PingFang SC",
        "Hiragino Sans GB",
        "WenQuanYi Micro Hei",
    ],
    "DejaVu Sans": ["Verdana", "Segoe UI", "Helvetica Neue", "Arial"],
    "DejaVu Serif": ["Georgia", "Times New Roman", "Times"],
}


def font(pixels: float, bold: bool = False, family: str = FONT_FAMILY) -> QFont:
    f = QFont(family)
    f.setFamilies([family, *FALLBACKS.get(family, [])])
    f.setPixelSize(max(1, round(pixels)))
    f.setBold(bold)
    f.setStyleHint(QFont.StyleHint.SansSerif)
    return f


# Pip positions of 2..10 in a 3-column grid (x in 0..1, y in 0..1 of the pip area).
_L, _M, _R = 0.0, 0.5, 1.0
PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(_M, 0), (_M, 1)],
    3: [(_M, 0), (_M, 0.5), (_M, 1)],
    4: [(_L, 0), (_R, 0), (_L, 1), (_R, 1)],
    5: [(_L, 0), (_R, 0), (_M, 0.5), (_L, 1), (_R, 1)],
    6: [(_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    7: [(_L, 0), (_R, 0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    8: [(_L, 0), (_R, 0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_M, 0.75), (_L, 1), (_R, 1)],
    9: [
        *[(_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_M, 0.5)],
        *[(_L, 2 / 3), (_R, 2 / 3), (_L, 1), (_R, 1)],
    ],
    10: [
        *[(_L, 0), (_R, 0), (_M, 1 / 6), (_L, 1 / 3), (_R, 1 / 3)],
        *[(_L, 2 / 3), (_R, 2 / 3), (_M, 5 / 6), (_L, 1), (_R, 1)],
    ],
}


def rank_text(rank: Rank) -> str:
    return rank.label


def _card_outline() -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(QRectF(0, 0, CARD_W, CARD_H), RADIUS, RADIUS)
    return path


def paint_shadow(p: QPainter) -> None:
    """A soft shadow below and right of the card, faked with stacked translucent outlines."""
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    for i in range(5, 0, -1):
        grow = i * 0.9
        p.setBrush(QColor(0, 0, 0, 16))
        p.drawRoundedRect(
            QRectF(1.5 - grow / 2, 2.5 - grow / 2, CARD_W + grow, CARD_H + grow),
            RADIUS + grow / 2,
            RADIUS + grow / 2,
        )
    p.restore()


def paint_face(p: QPainter, card: Card, trump: bool = False) -> None:
    """One card face in the 100 x 140 box."""
    outline = _card_outline()
    base = TRUMP_FACE if trump else FACE
    grad = QLinearGradient(0, 0, CARD_W, CARD_H)
    grad.setColorAt(0, base.lighter(103))
    grad.setColorAt(1, base.darker(104))
    p.fillPath(outline, QBrush(grad))
    if card in (BIG_JOKER, SMALL_JOKER):
        _paint_joker(p, big=card == BIG_JOKER)
    else:
        suit = card.suit
        assert suit is not None
        _paint_suited(p, suit, card.rank)
    if trump and card not in (BIG_JOKER, SMALL_JOKER):  # jokers' corners carry JOKER
        _paint_trump_mark(p)
    border = QPen(GOLD if trump else QColor(0, 0, 0, 90), 2.2 if trump else 1.0)
    p.setPen(border)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(QRectF(0.5, 0.5, CARD_W - 1, CARD_H - 1), RADIUS, RADIUS)


def _paint_index(p: QPainter, suit: Suit, rank: Rank) -> None:
    colour = suit_colour(suit)
    text = rank_text(rank)
    p.setPen(colour)
    f = font(27 if len(text) == 1 else 24, bold=True, family="DejaVu Sans")
    if len(text) > 1:
        f.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 80)
    p.setFont(f)
    p.drawText(QRectF(0, 2, 30, 30), Qt.AlignmentFlag.AlignCenter, text)
    p.fillPath(suit_path(suit, QRectF(6, 33, 18, 18)), colour)


def _paint_suited(p: QPainter, suit: Suit, rank: Rank) -> None:
    colour = suit_colour(suit)
    _paint_index(p, suit, rank)
    p.save()
    p.translate(CARD_W, CARD_H)
    p.rotate(180)
    _paint_index(p, suit, rank)
    p.restore()
    if rank <= Rank.TEN:
        area = QRectF(34, 14, 32, 112)
        size = 19.0 if rank <= Rank.EIGHT else 17.0
        for fx, fy in PIPS[int(rank)]:
            cx = area.left() + fx * area.width()
            cy = area.top() + size / 2 + fy * (area.height() - size)
            box = QRectF(cx - size / 2, cy - size / 2, size, size)
            if fy > 0.5:
                p.save()
                p.translate(cx, cy)
                p.rotate(180)
                p.translate(-cx, -cy)
                p.fillPath(suit_path(suit, box), colour)
                p.restore()
            else:
                p.fillPath(suit_path(suit, box), colour)
    elif rank == Rank.ACE:
        big = 44.0 if suit is not Suit.SPADES else 50.0
        box = QRectF(50 - big / 2, 70 - big / 2, big, big)
        p.fillPath(suit_path(suit, box), colour)
        if suit is Suit.SPADES:
            p.setPen(QPen(GOLD, 1.2))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(50, 70), 29, 29)
    else:
        _paint_court(p, suit, rank, colour)


def _paint_court(p: QPainter, suit: Suit, rank: Rank, colour: QColor) -> None:
    """J, Q, K: a framed panel with a crest, the letter and the suit, no figure art."""
    frame = QRectF(31, 14, 44, 112)
    grad = QLinearGradient(frame.topLeft(), frame.bottomRight())
    tint = QColor(colour)
    tint.setAlpha(40)
    grad.setColorAt(0, QColor(255, 255, 255, 0))
    grad.setColorAt(1, tint)
    p.setPen(QPen(colour, 1.2))
    p.setBrush(QBrush(grad))
    p.drawRoundedRect(frame, 4, 4)
    inner = frame.adjusted(3, 3, -3, -3)
    p.setPen(QPen(GOLD, 0.9))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(inner, 3, 3)
    # crown / crest above the letter
    crest = QPainterPath()
    cx, top = 53.0, 28.0
    w = 26.0 if rank == Rank.KING else 22.0 if rank == Rank.QUEEN else 18.0
    crest.moveTo(cx - w / 2, top + 14)
    points = 5 if rank == Rank.KING else 3
    for i in range(points):
        x = cx - w / 2 + w * (i + 0.5) / points
        crest.lineTo(x - w / points / 2 + 1, top + 4)
        crest.lineTo(x, top + 10 if i % 2 else top)
        crest.lineTo(x + w / points / 2 - 1, top + 4)
    crest.lineTo(cx + w / 2, top + 14)
    crest.closeSubpath()
    p.setPen(QPen(colour.darker(130), 0.8))
    p.setBrush(GOLD)
    p.drawPath(crest)
    p.setPen(colour)
    p.setFont(font(40, bold=True, family="DejaVu Serif"))
    p.drawText(QRectF(31, 44, 44, 46), Qt.AlignmentFlag.AlignCenter, rank_text(rank))
    p.fillPath(suit_path(suit, QRectF(43, 94, 20, 20)), colour)


def _paint_joker(p: QPainter, big: bool) -> None:
    """大王 in colour, 小王 in black and grey: different at a glance, even half covered; the
    corners say 大 or 小 above JOKER, so that the two differ in shape too, not only in colour
    (a colour-blind player, a corner all that a two-row hand shows)."""
    ink = RED if big else BLACK
    p.setPen(ink)
    word = font(16, bold=True)
    letters = font(13, bold=True, family="DejaVu Sans")
    for corner in (False, True):  # top left, then bottom right turned round
        p.save()
        if corner:
            p.translate(CARD_W, CARD_H)
            p.rotate(180)
        p.setFont(word)
        p.drawText(QRectF(2, 3, 24, 22), Qt.AlignmentFlag.AlignCenter, "大" if big else "小")
        p.setFont(letters)
        for i, ch in enumerate("JOKER"):
            p.drawText(QRectF(3, 26 + i * 13, 22, 14), Qt.AlignmentFlag.AlignCenter, ch)
        p.restore()
    # the emblem: a star burst, multicoloured for the big joker
    centre = QPointF(54, 62)
    star = QPainterPath()
    spikes = 8
    for i in range(spikes * 2):
        r = 25.0 if i % 2 == 0 else 11.0
        a = math.pi * i / spikes - math.pi / 2
        pt = QPointF(centre.x() + r * math.cos(a), centre.y() + r * math.sin(a))
        if i == 0:
            star.moveTo(pt)
        else:
            star.lineTo(pt)
    star.closeSubpath()
    if big:
        g = QRadialGradient(centre, 26)
        g.setColorAt(0, QColor("#ffe45c"))
        g.setColorAt(0.55, QColor("#ff8a1d"))
        g.setColorAt(1, QColor("#d0122c"))
        p.setBrush(QBrush(g))
        p.setPen(QPen(QColor("#7b0a18"), 1.0))
    else:
        g = QRadialGradient(centre, 26)
        g.setColorAt(0, QColor("#f2f2f2"))
        g.setColorAt(1, QColor("#6b6e75"))
        p.setBrush(QBrush(g))
        p.setPen(QPen(BLACK, 1.0))
    p.drawPath(star)
    p.setBrush(QColor("#1f5fbf") if big else QColor("#2b2d31"))
    p.setPen(Qt.PenStyle.NoPen)
    p.drawEllipse(centre, 6, 6)
    # 大王 / 小王 in big characters
    p.setPen(ink)
    p.setFont(font(22, bold=True))
    p.drawText(QRectF(24, 92, 62, 30), Qt.AlignmentFlag.AlignCenter, "大王" if big else "小王")


def _paint_trump_mark(p: QPainter) -> None:
    """A small gold star under the corner index: visible however much the card is covered."""
    star = QPainterPath()
    cx, cy = 15.0, 64.0
    for i in range(10):
        r = 7.5 if i % 2 == 0 else 3.2
        a = math.pi * i / 5 - math.pi / 2
        pt = QPointF(cx + r * math.cos(a), cy + r * math.sin(a))
        if i == 0:
            star.moveTo(pt)
        else:
            star.lineTo(pt)
    star.closeSubpath()
    p.setPen(QPen(QColor("#8a6508"), 0.8))
    p.setBrush(GOLD)
    p.drawPath(star)


def paint_back(p: QPainter) -> None:
    outline = _card_outline()
    p.fillPath(outline, QColor("#fbfaf5"))
    inner = QRectF(5, 5, CARD_W - 10, CARD_H - 10)
    path = QPainterPath()
    path.addRoundedRect(inner, 4, 4)
    grad = QLinearGradient(inner.topLeft(), inner.bottomRight())
    grad.setColorAt(0, BACK_LIGHT)
    grad.setColorAt(1, BACK_DARK)
    p.fillPath(path, QBrush(grad))
    p.save()
    p.setClipPath(path)
    p.setPen(QPen(QColor(255, 255, 255, 46), 1.0))
    step = 9.0
    for i in range(-20, 30):
        x = i * step
        p.drawLine(QPointF(x, 0), QPointF(x + CARD_H, CARD_H))
        p.drawLine(QPointF(x + CARD_H, 0), QPointF(x, CARD_H))
    p.restore()
    p.setPen(QPen(QColor(255, 236, 180, 200), 1.2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(inner.adjusted(3, 3, -3, -3), 3, 3)
    # the emblem
    centre = QPointF(CARD_W / 2, CARD_H / 2)
    p.setBrush(QColor("#7a1020"))
    p.setPen(QPen(QColor("#f3d27a"), 2.0))
    p.drawEllipse(centre, 22, 22)
    p.setPen(QColor("#f3d27a"))
    p.setFont(font(24, bold=True))
    p.drawText(QRectF(centre.x() - 22, centre.y() - 22, 44, 44), Qt.AlignmentFlag.AlignCenter, "升")
    p.setPen(QPen(QColor(0, 0, 0, 90), 1.0))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(QRectF(0.5, 0.5, CARD_W - 1, CARD_H - 1), RADIUS, RADIUS)


# ---------------------------------------------------------------------- pixmap cache

BACK = -1  # the cache key of a card back


class CardPixmaps:
    """Card pictures at one device size, rendered on first use.

    ``scale`` is device pixels per scene unit (view zoom x device pixel ratio). Changing it
    drops the cache; the next paint renders each picture it needs once at the new size.
    """

    def __init__(self) -> None:
        self.scale = 1.0
        self._cache: dict[tuple[int, bool], QPixmap] = {}
        self._exact: dict[tuple[int, bool, float, int], QPixmap] = {}
        self.renders = 0  # for tests and the benchmark

    def clear(self) -> None:
        """Forget every picture (the suit colours changed): the next paint renders anew."""
        self._cache.clear()
        self._exact.clear()

    def set_scale(self, scale: float) -> bool:
        scale = round(max(0.2, scale), 3)
        if abs(scale - self.scale) < 1e-3:
            return False
        self.scale = scale
        self._cache.clear()
        self._exact.clear()
        return True

    def exact(self, card: int, trump: bool, scale: float, rotation: int = 0) -> QPixmap:
        """The card at ``scale`` device pixels per unit, turned by 0 or ±90 degrees, with
        the device pixel ratio left at 1: drawn with an identity transform, it is a copy."""
        key = (card, trump, round(scale, 3), rotation)
        pm = self._exact.get(key)
        if pm is None:
            image = self._image(card, trump, scale)
            if rotation:
                image = image.transformed(QTransform().rotate(rotation))
            pm = QPixmap.fromImage(image)
            if len(self._exact) > 1500:  # a resize storm; start again
                self._exact.clear()
            self._exact[key] = pm
        return pm

    def pixmap(self, card: int, trump: bool = False) -> QPixmap:
        key = (card, trump)
        pm = self._cache.get(key)
        if pm is None:
            pm = self._render(card, trump)
            self._cache[key] = pm
        return pm

    def _render(self, card: int, trump: bool) -> QPixmap:
        return QPixmap.fromImage(self._image(card, trump, self.scale))

    def _image(self, card: int, trump: bool, s: float) -> QImage:
        w = math.ceil((CARD_W + 2 * SHADOW) * s)
        h = math.ceil((CARD_H + 2 * SHADOW) * s)
        image = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        p = QPainter(image)
        p.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        p.scale(w / (CARD_W + 2 * SHADOW), h / (CARD_H + 2 * SHADOW))
        p.translate(SHADOW, SHADOW)
        paint_shadow(p)
        if card == BACK:
            paint_back(p)
        else:
            paint_face(p, Card(card), trump)
        p.end()
        self.renders += 1
        return image


# ---------------------------------------------------------------------- icon


def paint_icon(p: QPainter, size: float) -> None:
    """The app icon: two fanned cards (大王 and ♥A) on a felt tile."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    tile = QRectF(0, 0, size, size)
    grad = QRadialGradient(tile.center(), size * 0.7)
    grad.setColorAt(0, QColor("#2f8f4e"))
    grad.setColorAt(1, QColor("#0c3d1f"))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(grad))
    p.drawRoundedRect(tile, size * 0.18, size * 0.18)
    k = size / 190.0
    for angle, dx, card in ((-14, 40, BIG_JOKER), (12, 70, Card.of(Suit.HEARTS, Rank.ACE))):
        p.save()
        p.translate(dx * k + CARD_W * k / 2, 28 * k + CARD_H * k / 2)
        p.rotate(angle)
        p.translate(-CARD_W * k / 2, -CARD_H * k / 2)
        p.scale(k, k)
        paint_shadow(p)
        paint_face(p, card)
        p.restore()


ICON_FILES = tuple(RESOURCES_DIR / f"icon-{size}.png" for size in (64, 256))


def make_icon() -> QIcon:
    """The app icon from its PNG files (scripts/render_icon.py draws them with ``paint_icon``):
    loading them takes a millisecond, painting the icon's sizes some 20 at every start. Painted
    here only if a file is missing."""
    icon = QIcon()
    for path in ICON_FILES:
        pixmap = QPixmap(str(path))
        if pixmap.isNull():
            return paint_app_icon()
        icon.addPixmap(pixmap)
    return icon


def paint_app_icon() -> QIcon:
    icon = QIcon()
    for size in (16, 24, 32, 48, 64, 128, 256):
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        p = QPainter(image)
        paint_icon(p, float(size))
        p.end()
        icon.addPixmap(QPixmap.fromImage(image))
    return icon


def render_card_image(card: int, trump: bool = False, height: int = 280) -> QImage:
    """One card as an image (for previews, the kitty panel and tests)."""
    width = round(height * CARD_W / CARD_H)
    image = QImage(QSize(width, height), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    p.scale(width / CARD_W, height / CARD_H)
    if card == BACK:
        paint_back(p)
    else:
        paint_face(p, Card(card), trump)
    p.end()
    return image
