"""README.md and docs/ say only what the program does, and every way out of them leads
somewhere.

- Every link resolves: a file or folder of the repository, and a heading of a Markdown file
  where the link names one (``#anchor``, as GitHub makes them). Links to the web are not
  followed.
- Every ``shengji-desktop COMMAND`` named in code (spans and blocks) is a subcommand of
  cli.py, and its ``--options`` are its own; every ``bench WHAT`` is one of ``bench``'s.
- Every repository path named in code exists (``shengji_desktop/ui/aids/tracker.py``,
  ``ai/normal.py`` under the package, ``resources/rules/GAME.en.html`` with ``GAME`` any name).
- The options table of docs/playing.md is ``OPTION_SPECS``: names, games, values, rule IDs.
- README stays a front page: at most 150 lines, the two commands near its top (the test
  command the one .ci/run runs), its screenshot a small committed PNG; the docs index links
  every doc, and each doc starts with a title and a paragraph saying what it is for.
"""

from __future__ import annotations

import argparse
import re
import struct
from functools import cache
from pathlib import Path

import pytest

from shengji_desktop.cli import build_parser
from shengji_desktop.rules.options import OPTION_SPECS

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
SCREENSHOT = DOCS / "images" / "table.png"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
PAGE_IDS = [str(p.relative_to(ROOT)) for p in PAGES]
# Where a path named in code may start: the repository, the package, the window's rooms.
BASES = (ROOT, ROOT / "shengji_desktop", ROOT / "shengji_desktop" / "ui")
# Made by the build, not committed: named, never checked.
BUILT = ("dist/", "build/", "shengji_desktop/_data/", ".venv/")
PLACEHOLDER = re.compile(r"\b[A-Z][A-Z_]+\b")  # GAME, VERSION, NAME: any name there
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.M | re.S)
SPAN = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"!?\[(?:[^\]\n]|\][^(])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HTML_LINK = re.compile(r"<(?:img|a)\s[^>]*(?:src|href)=\"([^\"]+)\"")
SHELL_END = {"|", "||", "&&", ";", "#", ">", ">>", "2>&1", "&"}


def text_of(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def prose(text: str) -> str:
    """The text without code blocks and code spans (a link in code is no link)."""
    return SPAN.sub("", FENCE.sub("", text))


def code_lines(text: str) -> list[str]:
    """Each line of each code block, and each code span."""
    lines = [line for block in FENCE.findall(text) for line in block.splitlines()]
    return lines + SPAN.findall(FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip()).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


@cache
def anchors(page: Path) -> frozenset[str]:
    found: set[str] = set()
    seen: dict[str, int] = {}
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*#*$", FENCE.sub("", text_of(page)), re.M):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return frozenset(found)


@cache
def commands() -> tuple[dict[str, set[str]], set[str], set[str]]:
    """Each subcommand's options, the program's own options, bench's choices."""
    parser = build_parser()
    own = set(parser._option_string_actions)
    subcommands: dict[str, set[str]] = {}
    bench: set[str] = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                subcommands[name] = set(sub._option_string_actions)
                if name == "bench":
                    what = next(a for a in sub._actions if a.dest == "what")
                    bench = {str(c) for c in what.choices or ()}
    return subcommands, own, bench


def tokens(line: str) -> list[str]:
    return [t.strip("\"'") for t in line.split()]


def command_problems(line: str) -> list[str]:
    subcommands, own, bench = commands()
    words = tokens(line)
    problems: list[str] = []
    for i, word in enumerate(words):
        program = word.rsplit("/", 1)[-1] == "shengji-desktop"
        named = i == 0 and word in subcommands  # `host --move-time S`
        if not (program or named or (i == 0 and word == "bench")):
            continue
        rest: list[str] = []
        for w in words[i if named or word == "bench" else i + 1 :]:
            if w in SHELL_END or w.startswith("#"):
                break
            rest.append(w)
        if not rest:
            continue
        sub = rest[0]
        if sub.startswith("-"):
            wrong = [w for w in rest if w.startswith("-") and _flag(w) not in own]
            problems += [f"{line!r}: no option {w}" for w in wrong]
            continue
        if not re.fullmatch(r"[a-z][a-z-]*", sub):
            continue
        if sub not in subcommands:
            problems.append(f"{line!r}: no command {sub!r} in cli.py")
            continue
        flags = subcommands[sub]
        problems += [
            f"{line!r}: {sub} has no option {w}"
            for w in rest[1:]
            if w.startswith("-") and _flag(w) not in flags
        ]
        if sub == "bench":
            what = next((w for w in rest[1:] if not w.startswith("-")), None)
            if what is not None and re.fullmatch(r"[a-z]+", what) and what not in bench:
                problems.append(f"{line!r}: no `bench {what}` in cli.py")
    return problems


def _flag(word: str) -> str:
    """The option a word names ("" for an argument): ``--option=x`` is ``--option``."""
    return word.split("=", 1)[0] if word.startswith("-") else ""


def path_problems(token: str) -> list[str]:
    token = token.strip("\"'.,:;()").split(":", 1)[0]  # `file.py:12`
    if not re.fullmatch(r"[\w.\-/*<>+]+", token) or token.startswith(("/", "~", "-", *BUILT)):
        return []
    pattern = PLACEHOLDER.sub("*", token).rstrip("/")
    if "/" in token:
        first = token.split("/", 1)[0]
        bases = [b for b in BASES if first and (b / first).is_dir()]
        if not bases or any(list(b.glob(pattern)) for b in bases):
            return []
        return [f"{token}: no such file or folder"]
    if token.endswith(".py") and "*" not in pattern:
        folders = ("shengji_desktop", "scripts", "tests", "installer", "packaging", "benchmarks")
        if (ROOT / token).is_file() or any(any((ROOT / f).rglob(token)) for f in folders):
            return []
        return [f"{token}: no such module"]
    return []


# ----------------------------------------------------------------------------- README


def test_readme_is_a_front_page_with_the_two_commands_near_its_top() -> None:
    lines = text_of(README).splitlines()
    assert len(lines) <= 150, f"README.md has {len(lines)} lines"
    top = "\n".join(lines[:40])
    blocks = "\n".join(FENCE.findall(top))
    assert re.search(r"^bash scripts/play\b", blocks, re.M), "start the game: bash scripts/play"
    assert re.search(r"^bash scripts/check\b", blocks, re.M), "the tests: bash scripts/check"
    # the test command README gives is the one CI runs
    assert "exec bash scripts/check\n" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_readme_shows_the_committed_screenshot() -> None:
    assert "](docs/images/table.png)" in text_of(README)
    data = SCREENSHOT.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1280, 720), (width, height)
    assert len(data) < 300_000, f"{len(data)} bytes: scripts/screenshots.py --readme"


def test_the_docs_index_links_every_doc_and_readme_links_the_index() -> None:
    index = text_of(DOCS / "README.md")
    pages = sorted(DOCS.glob("*.md"))
    assert len(pages) >= 9, pages  # the index and a page a subject
    for page in pages:
        if page.name != "README.md":
            assert f"]({page.name})" in index, f"docs/README.md does not link {page.name}"
    assert "](docs/README.md)" in text_of(README)


@pytest.mark.parametrize("page", PAGES, ids=PAGE_IDS)
def test_each_page_starts_with_its_title_and_what_it_is_for(page: Path) -> None:
    paragraphs = [p.strip() for p in text_of(page).split("\n\n") if p.strip()]
    assert paragraphs[0].startswith("# ") and "\n" not in paragraphs[0], paragraphs[0]
    first = paragraphs[1]
    assert first[0].isalnum() or first.startswith(("*", "!", "[")), first  # a sentence


# ------------------------------------------------------------------------------ links


@pytest.mark.parametrize("page", PAGES, ids=PAGE_IDS)
def test_every_link_resolves(page: Path) -> None:
    text = prose(text_of(page))
    targets = LINK.findall(text) + HTML_LINK.findall(text)
    assert targets or page.name != "README.md"
    problems = []
    for target in targets:
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            where = file.relative_to(ROOT) if ROOT in file.parents else file
            problems.append(f"{target}: no {where}")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            problems.append(f"{target}: no heading #{anchor} in {file.name}")
    assert not problems, "\n".join(problems)


# --------------------------------------------------------------- commands and paths


@pytest.mark.parametrize("page", PAGES, ids=PAGE_IDS)
def test_every_command_named_is_in_cli(page: Path) -> None:
    problems = [p for line in code_lines(text_of(page)) for p in command_problems(line)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("page", PAGES, ids=PAGE_IDS)
def test_every_repository_path_named_exists(page: Path) -> None:
    problems = [
        p for line in code_lines(text_of(page)) for t in tokens(line) for p in path_problems(t)
    ]
    assert not problems, "\n".join(problems)


def test_the_checks_find_what_is_wrong() -> None:
    assert command_problems("shengji-desktop bench nothing") == [
        "'shengji-desktop bench nothing': no `bench nothing` in cli.py"
    ]
    assert command_problems(".venv/bin/shengji-desktop nothing --x")
    assert command_problems("host --no-such-flag 3")
    assert command_problems('"dist/Shengji Desktop/shengji-desktop" --no-test')
    assert not command_problems("shengji-desktop host --move-time 30 | tee log")
    assert not command_problems("bench startup --callgrind")
    assert not command_problems("sudo apt remove shengji-desktop")
    assert path_problems("shengji_desktop/ui/aids/nothing.py")
    assert path_problems("ai/nothing.py") and path_problems("nothing_at_all.py")
    assert not path_problems("resources/rules/GAME.en.html")
    assert not path_problems("engine/*_hand.py") and not path_problems("mainwindow.py")
    assert not path_problems("dist/Shengji Desktop/") and not path_problems("~/.config/x/")
    assert slug("### `shengji_desktop/rules/`".lstrip("# ")) == "shengji_desktoprules"
    assert slug("记牌器 Card tracker") == "记牌器-card-tracker"
    assert slug("Building and releasing") == "building-and-releasing"


# -------------------------------------------------------------------- rule options


def test_the_options_table_of_playing_is_the_rule_options() -> None:
    row = re.compile(r"^\| `(\w+)` \| (all|DL|TR|SD) \| (.+?) \| (.+?) \|$", re.M)
    rows = row.findall(text_of(DOCS / "playing.md"))
    assert [name for name, *_ in rows] == [spec.name for spec in OPTION_SPECS]
    for (name, game, values, rules), spec in zip(rows, OPTION_SPECS, strict=True):
        assert game == (spec.game.name if spec.game else "all"), name
        assert rules == spec.rules, name
        named = SPAN.findall(values)
        if spec.values is not None:
            assert named == [spec.encode(v) for v in spec.values], name
            assert named[0] == spec.encode(spec.default), f"{name}: the default first"
        else:
            assert spec.encode(spec.default) in values, f"{name}: its default"
