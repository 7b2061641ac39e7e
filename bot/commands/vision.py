"""Subcommands of `onestroke` (see bot/cli.py): placeholder until this group lands."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    """Add this group's subcommands to the `onestroke` parser."""
