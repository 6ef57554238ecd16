"""Card choices (``ChooseCards``): a legal move that is a choice of N cards judges the cards by
the rules' own checks (DL-KITTY-4..6, TR-KITTY-1, SD-KITTY-4, DL-TRIB-5 with DL-OP-5 ``any``),
and the engine judges a chosen action by the same test, so ``accepts`` never disagrees with
``Match.apply``."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from engine_testkit import play_until

from shengji_desktop.engine.actions import Act, Action, ChooseCards, Constraint
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase, Step
from shengji_desktop.engine.record import record_json, replay
from shengji_desktop.engine.table import fallback, some_cards
from shengji_desktop.engine.view import seat_view
from shengji_desktop.rules import dl_kitty, dl_tribute, sd, tr
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card, Seat, new_deck, parse_cards
from shengji_desktop.rules.dl import dl_trump
from shengji_desktop.rules.errors import Reason, RuleError
from shengji_desktop.rules.options import Game, Options

Cards = tuple[Card, ...]


def cards(text: str) -> Cards:
    return tuple(parse_cards(text))


def verdict(check: Callable[[], object]) -> tuple[Reason, str] | None:
    """The rules' error a check raises, as (reason, rule ID); None if it passes."""
    try:
        check()
    except RuleError as exc:
        return exc.reason, exc.rule
    return None


def choice_verdict(choice: ChooseCards, chosen: Cards) -> tuple[Reason, str] | None:
    found = verdict(lambda: choice.check(chosen))
    assert choice.accepts(chosen) is (found is None)
    return found


# A dealer's 45 (DL), 33 (TR), 18 (SD) or 41 (DL return) cards: only what the cases need.
DL_HAND = cards("BJ BJ SJ ♠5 ♠10 ♠K ♥3 ♥4 ♥6 ♣7 ♣8 ♦9 ♦J")
TR_HAND = cards("BJ SJ SJ ♠2 ♠5 ♠10 ♥K ♣3 ♣4 ♦8 ♦Q")
SD_HAND = cards("BJ ♠2 ♠5 ♠10 ♠K ♥5 ♣3 ♦4 ♦6")


@pytest.mark.parametrize(
    ("chosen", "expected"),
    [
        ("♠5 ♠10 ♠K ♥3 ♥4 ♥6", None),  # DL-KITTY-4/5: any six, points too
        ("BJ BJ ♠5 ♠10 ♥3 ♥4", None),  # DL-KITTY-5: jokers too
        ("BJ BJ SJ ♠5 ♠10 ♥3", None),  # DL-KITTY-6: the SJ after both BJ
        ("♠5 ♠10 ♠K ♥3 ♥4", (Reason.WRONG_NUMBER_OF_CARDS, "DL-KITTY-4")),
        ("♠5 ♠10 ♠K ♥3 ♥4 ♥6 ♣7", (Reason.WRONG_NUMBER_OF_CARDS, "DL-KITTY-4")),
        ("♠5 ♠10 ♠K ♥3 ♥4 ♠A", (Reason.CARDS_NOT_IN_HAND, "DL-KITTY-4")),
        ("♠5 ♠5 ♠K ♥3 ♥4 ♥6", (Reason.CARDS_NOT_IN_HAND, "DL-KITTY-4")),
        ("SJ ♠5 ♠10 ♠K ♥3 ♥4", (Reason.BURY_ILLEGAL, "DL-KITTY-6")),
        ("BJ SJ ♠5 ♠10 ♠K ♥3", (Reason.BURY_ILLEGAL, "DL-KITTY-6")),
    ],
)
def test_dl_kitty_4_to_6_the_dealers_burial(chosen: str, expected: object) -> None:
    """DL-KITTY-4..6: any six of the dealer's cards, big jokers before a small one."""
    choice = ChooseCards(Act.BURY, Seat.S, 6, Constraint.DL_BURIAL, DL_HAND)
    buried = cards(chosen)
    assert choice_verdict(choice, buried) == expected
    assert verdict(lambda: dl_kitty.validate_dealer_burial(Counter(DL_HAND), buried)) == expected


@pytest.mark.parametrize(
    ("chosen", "expected"),
    [
        ("BJ SJ SJ ♠2 ♠5 ♠10 ♥K ♣3", None),  # TR-KITTY-1/3: any eight, jokers too
        ("♠2 ♠5 ♠10 ♥K ♣3 ♣4 ♦8 ♦Q", None),
        ("SJ SJ ♠2 ♠5 ♠10 ♥K ♣3", (Reason.WRONG_NUMBER_OF_CARDS, "TR-KITTY-1")),
        ("BJ BJ SJ ♠2 ♠5 ♠10 ♥K ♣3", (Reason.CARDS_NOT_IN_HAND, "TR-KITTY-1")),
    ],
)
def test_tr_kitty_1_any_eight_cards(chosen: str, expected: object) -> None:
    choice = ChooseCards(Act.BURY, Seat.E, 8, Constraint.TR_BURIAL, TR_HAND)
    buried = cards(chosen)
    assert choice_verdict(choice, buried) == expected
    assert verdict(lambda: tr.validate_bury(Counter(TR_HAND), buried)) == expected


@pytest.mark.parametrize(
    ("chosen", "expected"),
    [
        ("♠5 ♠10 ♠K ♥5 BJ ♠2", None),  # SD-KITTY-4: any six, points and trumps too
        ("♠5 ♠10 ♠K ♥5 ♣3", (Reason.WRONG_NUMBER_OF_CARDS, "SD-KITTY-4")),
        ("♠5 ♠10 ♠K ♥5 ♣3 ♣3", (Reason.CARDS_NOT_IN_HAND, "SD-KITTY-4")),
    ],
)
def test_sd_kitty_4_any_six_cards(chosen: str, expected: object) -> None:
    choice = ChooseCards(Act.BURY, Seat.N, 6, Constraint.SD_BURIAL, SD_HAND)
    buried = cards(chosen)
    assert choice_verdict(choice, buried) == expected
    assert verdict(lambda: sd.bury(Counter(SD_HAND), buried)) == expected


@pytest.mark.parametrize(
    ("chosen", "expected"),
    [
        ("BJ ♠5", None),  # DL-OP-5 any: what the dealer likes, jokers and points too
        ("♥3 ♥4", None),
        ("♥3", (Reason.WRONG_NUMBER_OF_CARDS, "DL-TRIB-5")),
        ("♥3 ♥4 ♥6", (Reason.WRONG_NUMBER_OF_CARDS, "DL-TRIB-5")),
        ("♥3 ♥3", (Reason.CARDS_NOT_IN_HAND, "DL-TRIB-5")),
        ("♥3 ♠A", (Reason.CARDS_NOT_IN_HAND, "DL-TRIB-5")),
    ],
)
def test_dl_trib_5_any_return(chosen: str, expected: object) -> None:
    """DL-TRIB-5, DL-OP-5 ``any``: exactly as many cards as received, any the dealer holds."""
    choice = ChooseCards(Act.RETURN, Seat.W, 2, Constraint.ANY_RETURN, DL_HAND)
    back = cards(chosen)
    assert choice_verdict(choice, back) == expected
    any_return = Options(dl_tribute_return="any")
    trump = dl_trump(3, None, any_return)
    rules = verdict(
        lambda: dl_tribute.validate_return(Counter(DL_HAND), back, 2, trump, any_return)
    )
    assert rules == expected


def test_a_choice_makes_its_action_with_the_cards_in_order() -> None:
    choice = ChooseCards(Act.RETURN, Seat.W, 2, Constraint.ANY_RETURN, DL_HAND)
    assert choice.action(cards("♠5 BJ")) == Action(Act.RETURN, Seat.W, cards("♠5 BJ"))


@pytest.mark.parametrize("constraint", list(Constraint))
def test_some_cards_are_accepted_by_every_constraint(constraint: Constraint) -> None:
    """``table.some_cards``, the computers' fallback, picks cards every check accepts: plain ones
    first, then big jokers before small ones (DL-KITTY-6), also when jokers must go."""
    rng = random.Random(constraint.value)
    plain = [c for c in new_deck(3) if not c.is_joker]
    jokers_buried = 0
    for _ in range(300):
        count = 8 if constraint is Constraint.TR_BURIAL else 6
        jokers = (BIG_JOKER,) * rng.randrange(4) + (SMALL_JOKER,) * rng.randrange(4)
        hand = tuple(rng.sample(plain, rng.randint(max(0, count - len(jokers)), count + 3)))
        choice = ChooseCards(Act.BURY, Seat.S, count, constraint, hand + jokers)
        chosen = some_cards(choice)
        assert choice.accepts(chosen), (choice.hand, chosen)
        jokers_buried += SMALL_JOKER in chosen
    assert jokers_buried > 0


# ---------------------------------------------------------------------- the engine judges alike


def offered(match: Match, constraint: Constraint) -> ChooseCards | None:
    for seat in match.to_act():
        for move in match.legal_actions(seat):
            if isinstance(move, ChooseCards) and move.constraint is constraint:
                return move
    return None


def at_choice(game: Game, options: Options, constraint: Constraint) -> tuple[Match, ChooseCards]:
    """A real match stopped where a seat must make a choice under ``constraint``."""
    for seed in range(60):
        match = Match(game, options, seed)
        if play_until(match, lambda m: offered(m, constraint) is not None):
            choice = offered(match, constraint)
            assert choice is not None
            return match, choice
    raise AssertionError(f"no seed below 60 reaches a {constraint.value} choice")


def candidates(choice: ChooseCards, rng: random.Random) -> list[Cards]:
    """Cards to try: good ones, one too few, one too many, one not held, a small joker too soon."""
    hand = list(choice.hand)
    good = some_cards(choice)
    out = [good, good[:-1], tuple(sorted((*good, hand[0])))]
    absent = next(c for c in new_deck(1) if c not in hand)
    out.append(tuple(sorted((*good[:-1], absent))))
    for _ in range(6):
        out.append(tuple(sorted(rng.sample(hand, choice.count))))
    if SMALL_JOKER in hand and BIG_JOKER in hand:
        plain = [c for c in good if not c.is_joker]
        out.append(tuple(sorted([SMALL_JOKER, *plain[: choice.count - 1]])))
    return out


CHOICES = [
    (Game.DL, Options(), Constraint.DL_BURIAL),
    (Game.DL, Options(dl_tribute_return="any"), Constraint.ANY_RETURN),
    (Game.TR, Options(), Constraint.TR_BURIAL),
    (Game.SD, Options(), Constraint.SD_BURIAL),
]


@pytest.mark.parametrize(("game", "options", "constraint"), CHOICES)
def test_the_engine_judges_a_choice_as_accepts_does(
    game: Game, options: Options, constraint: Constraint
) -> None:
    """At a real choice: the view offers it with the seat's cards; every candidate the choice
    accepts is applied, every other is refused with the same rules' error (nothing changed)."""
    match, choice = at_choice(game, options, constraint)
    view = seat_view(match, choice.seat)
    assert choice in view.legal
    assert Counter(choice.hand) == Counter(view.hand)
    if constraint is Constraint.ANY_RETURN:  # as many as received (DL-TRIB-5)
        assert view.tribute is not None and view.tribute.cards is not None
        assert choice.count == len(view.tribute.cards)
    else:
        assert choice.count == game.kitty_size
    record = record_json(match)
    outcomes = Counter[bool]()
    for chosen in candidates(choice, random.Random(match.seed)):
        expected = choice_verdict(choice, chosen)
        copy, _ = replay(record)
        try:
            copy.apply(choice.action(chosen))
            found = None
        except RuleError as exc:
            found = (exc.reason, exc.rule)
            assert record_json(copy) == record  # refused: nothing changed
        assert found == expected, chosen
        outcomes[found is None] += 1
    assert outcomes[True] and outcomes[False]


def test_dl_op_5_weakest_return_offers_only_the_weakest_cards() -> None:
    """DL-OP-5 ``weakest``: the return is no free choice but the concrete sets of the weakest
    cards; any other return is refused by DL-OP-5."""
    match, _ = at_return(Options(dl_tribute_return="weakest"))
    (seat,) = match.to_act()
    legal = match.legal_actions(seat)
    assert legal and all(isinstance(m, Action) and m.kind is Act.RETURN for m in legal)
    hand = seat_view(match, seat).hand
    n = len(legal[0].cards)
    record = record_json(match)
    other = next(
        tuple(sorted(hand[i : i + n]))
        for i in range(len(hand) - n, -1, -1)
        if Action(Act.RETURN, seat, tuple(sorted(hand[i : i + n]))) not in legal
    )
    copy, _ = replay(record)
    with pytest.raises(RuleError) as err:
        copy.apply(Action(Act.RETURN, seat, other))
    assert (err.value.reason, err.value.rule) == (Reason.RETURN_WRONG_CARDS, "DL-OP-5")
    copy.apply(legal[-1])  # type: ignore[arg-type]


def at_return(options: Options) -> tuple[Match, int]:
    for seed in range(60):
        match = Match(Game.DL, options, seed)

        def returning(m: Match) -> bool:
            return m.phase is Phase.TRIBUTE and m.hand.step is Step.RETURN

        if play_until(match, returning):
            return match, seed
    raise AssertionError("no seed below 60 reaches a return of tribute")


def test_fallback_passes_where_it_may_else_takes_the_first_move() -> None:
    """``table.fallback``: what a failed computer does instead: pass if passing is legal, else
    the first move, a card choice made with ``some_cards``."""
    choice = ChooseCards(Act.BURY, Seat.S, 6, Constraint.DL_BURIAL, DL_HAND)
    play = Action(Act.PLAY, Seat.S, cards("♠5"))
    assert fallback([play, Action(Act.PASS, Seat.S)]) == Action(Act.PASS, Seat.S)
    assert fallback([play]) == play
    assert fallback([choice]) == choice.action(some_cards(choice))
    assert choice.accepts(some_cards(choice))
    assert fallback([]) is None
