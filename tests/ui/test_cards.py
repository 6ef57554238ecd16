"""Card art: the two jokers differ at a glance, trumps are marked, pictures are cached."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage

from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Suit
from shengji_desktop.ui.cards import BACK, CardPixmaps, render_card_image


def colourful_pixels(image: QImage) -> int:
    count = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            c = QColor(image.pixel(x, y))
            if c.alpha() > 200 and c.hsvSaturation() > 120 and c.value() > 80:
                count += 1
    return count


def test_big_joker_in_colour_small_joker_monochrome(qapp) -> None:
    big = render_card_image(int(BIG_JOKER), height=140)
    small = render_card_image(int(SMALL_JOKER), height=140)
    assert colourful_pixels(big) > 150
    assert colourful_pixels(small) == 0


def test_trump_cards_look_different(qapp) -> None:
    card = int(Card.of(Suit.SPADES, Rank.SEVEN))
    plain = render_card_image(card, trump=False, height=140)
    trump = render_card_image(card, trump=True, height=140)
    assert plain != trump
    assert colourful_pixels(trump) > colourful_pixels(plain)  # the gold star and border


def test_pictures_are_rendered_once_per_size(qapp) -> None:
    pixmaps = CardPixmaps()
    pixmaps.set_scale(0.8)
    first = pixmaps.pixmap(BACK)
    again = pixmaps.pixmap(BACK)
    assert first.cacheKey() == again.cacheKey() and pixmaps.renders == 1
    exact = pixmaps.exact(int(BIG_JOKER), True, 1.3, 90)
    assert exact.width() > exact.height(), "a quarter turn lies the card on its side"
    assert pixmaps.exact(int(BIG_JOKER), True, 1.3, 90).cacheKey() == exact.cacheKey()
    assert pixmaps.set_scale(1.6)  # a new size drops the cache
    pixmaps.pixmap(BACK)
    assert pixmaps.renders == 3


def test_before_trump_is_fixed_the_hand_sorts_by_the_standing_declaration() -> None:
    """While the deal runs, a declared suit is trump unless overcalled (TR-DECL-1): the hand
    shows that suit's cards among the trumps at once, not only when the deal ends."""
    from ui_matches import Played, play_until

    from shengji_desktop.engine.phase import Phase
    from shengji_desktop.rules.options import Game
    from shengji_desktop.ui.table.layout import display_order

    def declared(p: Played) -> bool:
        return p.view.phase is Phase.DEAL and p.view.declaration is not None

    view = play_until(Game.TR, declared).view
    assert view.trump is None and view.declaration is not None
    declared_suit = view.declaration.suit
    trump = view.sort_trump
    assert trump.suit is declared_suit and trump.level == view.level
    suited = Card.of(declared_suit, Rank.ACE)
    plain = next(s for s in Suit if s is not declared_suit)
    order = display_order([Card.of(plain, Rank.ACE), suited], trump)
    assert order[0] == suited  # trumps come first


def test_an_sd_session_shared_at_the_top_names_every_leader() -> None:
    """SD-END-1 names no tie-break: the match's end lists all who have the most coins."""
    import msgspec
    from ui_matches import play_until

    from shengji_desktop.engine.phase import Phase
    from shengji_desktop.rules.cards import Seat, Team
    from shengji_desktop.rules.options import Game
    from shengji_desktop.ui.texts import match_winner_text

    view = play_until(Game.SD, lambda p: p.view.phase is Phase.SETTLED).view
    shared = msgspec.structs.replace(view, winner=(Seat.S, Seat.E, Seat.W))
    assert match_winner_text(shared) == "you, Right and Left"  # as the object of a sentence
    alone = msgspec.structs.replace(view, winner=(Seat.N,))
    assert match_winner_text(alone) == "Across"
    team = msgspec.structs.replace(view, winner=Team.NS)
    assert match_winner_text(team) == "your team"
    assert match_winner_text(msgspec.structs.replace(team, seat=Seat.E)) == "the opponents"


def test_the_jokers_corners_differ_in_shape_not_only_in_colour(qapp) -> None:
    """Issue 36 item 16: DL's two-row hand shows a joker's corner only; 大 and 小 there, in ink
    of any colour, tell the two apart for a colour-blind player too."""
    from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER
    from shengji_desktop.ui.cards import render_card_image

    def corner_ink(card) -> set[tuple[int, int]]:
        image = render_card_image(int(card), height=280)  # 2 px a card unit
        ink = set()
        for y in range(6, 50):  # the corner's first glyph: 3..25 card units down
            for x in range(4, 52):
                c = image.pixelColor(x, y)
                if c.alpha() > 200 and min(c.red(), c.green(), c.blue()) < 140:
                    ink.add((x, y))  # dark or saturated: ink, whatever its hue
        return ink

    big, small = corner_ink(BIG_JOKER), corner_ink(SMALL_JOKER)
    assert len(big) > 40 and len(small) > 40
    assert len(big ^ small) > 0.5 * min(len(big), len(small)), (len(big), len(small))
