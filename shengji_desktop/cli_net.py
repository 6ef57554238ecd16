"""The command line's options for TLS and the internet (``host --internet``, ``join --code``),
kept out of cli.py and out of the net package: the program's start imports this (argparse
only) and no module of ``net`` (tests/test_startup_speed.py)."""

from __future__ import annotations

import argparse


def add_host_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--internet",
        action="store_true",
        help="open the table to the internet: map the port on the router, print an invite code",
    )
    parser.add_argument("--igd", metavar="URL", help=argparse.SUPPRESS)  # tests: a fake router
    parser.add_argument("--identity", metavar="FILE", help="the host's TLS key and certificate")
    parser.add_argument("--no-tls", action="store_true", help=argparse.SUPPRESS)  # bench only


def add_join_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--code", help="join by the invite code the host sent")
