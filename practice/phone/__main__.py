"""`python -m onestroke.practice.phone`: run stand-in phones behind a fake adb server.

One JSON line on stdout once the server listens:
`{"ready": true, "port": 40123, "phones": [{"serial": "phone-1", "profile": "android14"}]}`.
It serves until it is stopped (SIGTERM, Ctrl-C) or a client sends `host:kill`.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from onestroke.practice.phone.device import (
    ORIENTATIONS,
    PROFILES,
    SCREENS,
    STATES,
    Phone,
    PhoneError,
    PhoneOptions,
    profile_named,
)
from onestroke.practice.phone.server import StandInServer
from onestroke.practice.rules import RELEASE_MODES, Rules


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m onestroke.practice.phone",
        description="Stand-in Android phones playing the practice game, behind a fake adb server.",
    )
    p.add_argument("--port", type=int, default=0, help="TCP port on 127.0.0.1 (default: any free one)")
    p.add_argument(
        "--phone",
        action="append",
        metavar="SERIAL[:PROFILE]",
        help="a phone (repeat for several); default: one 'phone-1' with --profile",
    )
    p.add_argument("--profile", default="android14", choices=sorted(PROFILES), help="default phone profile")
    p.add_argument("--levels", type=int, help="levels to clear before the game shows its last screen")
    p.add_argument("--seed", type=int, default=1, help="level sequence seed (default 1)")
    p.add_argument("--first-level", type=int, default=1, help="the level the game starts on (default 1)")
    p.add_argument("--log", type=Path, help="the game log (one phone), or a folder: SERIAL.jsonl each")
    p.add_argument("--fps", type=float, default=60.0, help="the game's frame rate (default 60)")
    p.add_argument("--stalls", action="store_true", help="frames come late now and then (0-400 ms)")
    p.add_argument(
        "--on-release", choices=RELEASE_MODES, default="clear", help="a release keeps or clears the path"
    )
    p.add_argument("--forgiving", action="store_true", help="the old forgiving rules (fill in skipped cells)")
    p.add_argument("--state", choices=STATES, default="device", help="what `adb devices` says of the phones")
    p.add_argument("--screen", choices=SCREENS, default="on", help="screen on, off or locked (black)")
    p.add_argument("--orientation", choices=ORIENTATIONS, default="portrait")
    p.add_argument("--unplug-after", type=int, metavar="N", help="the cable comes out after N touch events")
    p.add_argument(
        "--drop-after",
        type=int,
        metavar="N",
        help="the link drops for a moment (adb reconnect) after N touch events",
    )
    p.add_argument(
        "--stall-after", type=int, metavar="N", help="the game stalls 0.4 s once, right after touch event N"
    )
    p.add_argument(
        "--header", type=int, choices=(12, 16), help="raw screencap header size (default: profile's)"
    )
    p.add_argument("--linker-warning", action="store_true", help="screencap prints a linker warning first")
    return p


def phones_from(args: argparse.Namespace) -> list[Phone]:
    specs = args.phone or [f"phone-1:{args.profile}"]
    rules = Rules(strict=not args.forgiving, on_release=args.on_release, fps=args.fps, stalls=args.stalls)
    phones = []
    for i, spec in enumerate(specs):
        serial, _, profile_name = spec.partition(":")
        profile = profile_named(profile_name or args.profile)
        if args.header:
            profile = replace(profile, header_bytes=args.header)
        log = args.log
        if log is not None and (len(specs) > 1 or log.is_dir()):
            log.mkdir(parents=True, exist_ok=True)
            log = log / f"{serial}.jsonl"
        options = PhoneOptions(
            seed=args.seed + i,
            levels=args.levels,
            log=log,
            rules=rules,
            state=args.state,
            screen=args.screen,
            orientation=args.orientation,
            unplug_after_touches=args.unplug_after,
            drop_after_touches=args.drop_after,
            stall_after_touches=args.stall_after,
            linker_warning=args.linker_warning,
            first_level=args.first_level,
        )
        phones.append(Phone(serial, profile, options))
    return phones


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        phones = phones_from(args)
        server = StandInServer(phones, args.port)
    except (PhoneError, ValueError, OSError) as error:
        print(f"stand-in phone: {error}", file=sys.stderr)
        return 2

    def stop(_signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    listed = [{"serial": p.serial, "profile": p.profile.name} for p in phones]
    print(json.dumps({"ready": True, "port": server.port, "phones": listed}), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        for phone in server.phones:
            phone.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
