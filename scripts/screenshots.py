"""Render each phase of each game to PNG files, for looking at the table as a player would.

    xvfb-run -a -s "-screen 0 1920x1080x24" python scripts/screenshots.py --out shots
    QT_QPA_PLATFORM=offscreen python scripts/screenshots.py --game dl --size 1920x1080

The bottom seat is played by a simple automatic "human" (random legal choices, made through
the same session calls as the buttons); the other seats are computer players. A picture is
taken the first time each moment comes up: the deal, declaring or bidding, tribute (paying,
and the cards passed lying on the table), the kitty, a lead, a trick in progress, the
settlement, and the match's next hand. ``--size`` sets the window (e.g. 1024x600).

``--readme`` makes the one picture of the README and the package's metainfo instead,
docs/images/table.png (docs/building.md says when to run it again):

    xvfb-run -a -s "-screen 0 1920x1080x24" python scripts/screenshots.py --readme

A tractor hand (seed README_SEED), in English, with the card tracker open and fresh settings;
every seat, the bottom one too, plays as the normal computer player, and the picture is taken
at the bottom seat's turn in the middle of a trick of the hand's middle, with the hint's
cards raised.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[1]
README_PICTURE = ROOT / "docs" / "images" / "table.png"
README_SEED = 7
README_CARDS = 14  # the bottom seat's cards left (of 25 in TR) at the picture


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="shots")
    parser.add_argument("--game", choices=["dl", "tr", "sd", "all"], default="all")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--speed", default="fast")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--hands", type=int, default=1, help="hands to play per game")
    parser.add_argument("--lang", default="both", choices=["both", "zh", "en"])
    parser.add_argument("--ai", default="normal")
    parser.add_argument(
        "--option", action="append", default=[], help="a rule option, key=value (repeatable)"
    )
    parser.add_argument(
        "--readme",
        action="store_true",
        help=f"only the README's picture, {README_PICTURE.relative_to(ROOT)} (other options"
        " ignored)",
    )
    args = parser.parse_args()
    if args.readme:
        args.game, args.size, args.lang = "tr", "1280x720", "en"
        args.seed = README_SEED
        args.option, args.ai, args.hands, args.speed = [], "normal", 1, "fast"
        # settings of its own, fresh: nothing a player or an earlier run chose shows
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())

    app = QApplication(sys.argv[:1])
    app.setOrganizationName("shengji-desktop-screenshots")
    app.setApplicationName("shengji-desktop-screenshots")
    from shengji_desktop.engine.actions import Act, Action, ChooseCards
    from shengji_desktop.engine.phase import Phase
    from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card
    from shengji_desktop.rules.options import Game, Options
    from shengji_desktop.ui import i18n
    from shengji_desktop.ui.dialogs import NewGame
    from shengji_desktop.ui.window.mainwindow import MainWindow

    i18n.install(args.lang)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    width, height = (int(x) for x in args.size.split("x"))
    games = [Game(g) for g in ("dl", "tr", "sd")] if args.game == "all" else [Game(args.game)]
    tmp = Path(tempfile.mkdtemp())
    window = MainWindow(save_path=tmp / "autosave.json", check_save=False)
    window.resize(width, height)
    window.show()
    if args.readme:
        from shengji_desktop.ai import make_player

        window.tracker.action.setChecked(True)
        bottom = make_player("normal", f"readme/{args.seed}")
    rng = random.Random(args.seed)
    taken: list[str] = []
    options = Options.from_dict(dict(o.split("=", 1) for o in args.option))
    state = {"game": 0, "since": 0, "waiting_for": "", "hands": 0}

    def file_name(name: str) -> str:
        return f"{games[state['game']].value}-{name}-{width}x{height}.png"

    def shoot(name: str) -> None:
        path = out / file_name(name)
        if path.name in taken:
            return
        window.grab().save(str(path))
        taken.append(path.name)
        print(path, flush=True)

    def start_game() -> None:
        game = games[state["game"]]
        seats = ["human", args.ai, args.ai, args.ai]
        window.games.start_new(NewGame(game, options, seats, args.speed), seed=args.seed)
        state["hands"] = 0
        state["next_from"] = 0

    def some_cards(choice: ChooseCards) -> list[Card]:
        hand = [Card(i.card) for i in window.table.scene.hand if i.card is not None]
        plain = [x for x in hand if x not in (BIG_JOKER, SMALL_JOKER)]
        rng.shuffle(plain)
        return plain[: choice.count]

    def decide() -> None:
        c = window.session
        assert c is not None
        legal = c.human_legal
        kinds = {a.kind for a in legal}
        if Act.PLAY in kinds:
            plays = [a for a in legal if isinstance(a, Action) and a.kind is Act.PLAY]
            window.table.scene.set_selected(rng.choice(plays).cards)
            window.table.play_selected()
            return
        for kind in (Act.BURY, Act.TRIBUTE, Act.RETURN):
            offered = [a for a in legal if a.kind is kind]
            if offered:
                first = offered[0]
                cards = first.cards if isinstance(first, Action) else some_cards(first)
                window.table.scene.set_selected(cards)
                window.table.choose(kind)
                return
        actions = [a for a in legal if isinstance(a, Action)]
        non_pass = [a for a in actions if a.kind is not Act.PASS]
        action: Action = rng.choice(non_pass if non_pass and rng.random() < 0.6 else actions)
        window.table.do(action)

    def readme_tick() -> None:
        """Bottom plays as the normal player; the picture at its turn mid-trick, mid-hand."""
        c = window.session
        view = c.view if c is not None else None
        if c is None or view is None or c.waiting != "human" or window.table.animator.running:
            state["since"] = 0
            return
        state["since"] += 1
        if state["since"] < 3:
            return  # the table settles first
        state["since"] = 0
        if view.phase is Phase.PLAY and len(view.hand) <= README_CARDS and len(view.trick) >= 2:
            timer.stop()
            window.table.show_hint(bottom.decide(view))

            def take() -> None:
                README_PICTURE.parent.mkdir(parents=True, exist_ok=True)
                # PNG quality 0: the strongest compression (the picture stays the same)
                window.grab().toImage().save(str(README_PICTURE), "PNG", 0)
                print(README_PICTURE, flush=True)
                window.stop_session()
                app.quit()

            QTimer.singleShot(400, take)
            return
        action = bottom.decide(view)
        if action is not None:
            window.table.do(action)

    def tick() -> None:
        if args.readme:
            readme_tick()
            return
        c = window.session
        view = window.table.last_view
        if c is None or view is None:
            return
        phase = view.phase
        number = view.hand_number
        if phase is Phase.DEAL and view.cards_dealt > 2 * view.game.hand_size:
            shoot(f"h{number}-1-deal")
        if window.table.scene.passes.rows and not window.table.animator.running:
            shoot(f"h{number}-3-tribute-passed")  # the tribute lying on the table
        if c.waiting == "human" and not window.table.animator.running:
            kinds = {a.kind for a in c.human_legal}
            moment = f"{number}/{view.cards_dealt}/{len(view.tricks)}/{len(view.trick)}/{phase}"
            if state["waiting_for"] != moment:
                state["waiting_for"] = moment
                state["since"] = 0
                return
            state["since"] += 1
            if state["since"] < 3:
                return
            label = None
            if Act.BID in kinds or phase is Phase.BID:
                label = "2-bid"
            elif phase is Phase.DECLARE:
                label = "2-declare"
            elif phase is Phase.TRIBUTE:
                label = "3-tribute"
            elif Act.BURY in kinds:
                # show the selection the player is about to bury
                label = "4-bury"
            elif Act.BURY_JOKERS in kinds:
                label = "4-jokers"
            elif Act.CHOOSE_TRUMP in kinds:
                label = "3-trump"
            elif Act.PLAY in kinds:
                trick = view.trick
                if not trick:
                    label = "5-lead"
                elif len(trick) >= 2:
                    label = "6-midtrick"
            name = f"h{number}-{label}" if label else ""
            if label and file_name(name) not in taken:
                if label == "4-bury":
                    offered = next(a for a in c.human_legal if isinstance(a, ChooseCards))
                    window.table.scene.set_selected(some_cards(offered))
                    window.table.refresh_actions()
                    QTimer.singleShot(250, lambda: shoot(name))
                    state["since"] = -4
                    return
                shoot(name)
            decide()
            state["waiting_for"] = ""
            return
        if c.waiting == "next_hand" and state.get("next_from") == number:
            return  # the next hand asked for, not begun yet
        if c.waiting == "next_hand" and not window.table.animator.running:
            shoot(f"h{number}-7-settled")
            state["hands"] += 1
            if state["hands"] < args.hands:
                state["next_from"] = number
                window.next_hand()
                return
            next_game()
        elif c.waiting == "over":
            shoot(f"h{number}-8-over")
            next_game()

    def next_game() -> None:
        state["game"] += 1
        if state["game"] >= len(games):
            timer.stop()
            window.stop_session()
            app.quit()
            return
        start_game()

    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(120)
    start_game()
    app.exec()
    return 0


if __name__ == "__main__":
    sys.exit(main())
