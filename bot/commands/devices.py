"""`onestroke devices`: the phones attached to the adb server, what each is, and how fast each
screenshot and touch method is on it; the fastest are saved in the phone's own profile
(`adb-SERIAL`), where `play --adb SERIAL` finds them without measuring again.
"""

from __future__ import annotations

import argparse
from datetime import datetime, timezone

import adbutils

from onestroke.bot.commands.status import ExitStatus
from onestroke.bot.device.adb import choose, device_profile_name, parse_touch
from onestroke.bot.device.adb.connection import (
    AdbLinkError,
    Phone,
    attached,
    ensure_server,
    server_address,
)
from onestroke.bot.device.base import DeviceError
from onestroke.calibration.profile import Profile, save_profile


def register(sub: argparse._SubParsersAction) -> None:
    d = sub.add_parser("devices", help="list the phones attached over adb and measure their methods")
    d.add_argument("--no-measure", action="store_true", help="only list the devices")
    d.add_argument("--touch", metavar="maatouch:JAR", help="also measure MaaTouch from this jar")
    d.add_argument("--no-save", action="store_true", help="measure, but save no profile")
    d.set_defaults(run=run_devices)


def table(rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows
    )


def run_devices(args: argparse.Namespace) -> int:
    jar = None
    if args.touch:
        name, jar = parse_touch(args.touch)
        if name != "maatouch":
            raise DeviceError("devices --touch takes maatouch:JAR (the other methods are always measured)")
    host, port = server_address()
    ensure_server(host, port)
    listed = attached(adbutils.AdbClient(host=host, port=port))
    if not listed:
        print(f"devices: no Android device attached to the adb server at {host}:{port}")
        return ExitStatus.NOT_DONE
    rows = [["serial", "state", "model", "Android", "screen"]]
    phones: list[Phone] = []
    for device in listed:
        if device.state != "device":
            rows.append([device.serial, device.state, "-", "-", "-"])
            continue
        try:
            phone = Phone(device.serial)
        except AdbLinkError as error:
            rows.append([device.serial, "gone", "-", "-", str(error)[:40]])
            continue
        phones.append(phone)
        f = phone.facts
        rows.append(
            [phone.serial, "device", f.model, f"{f.release} (SDK {f.sdk})", f"{f.size[0]}x{f.size[1]}"]
        )
    print(table(rows))
    if args.no_measure or not phones:
        return ExitStatus.DONE
    print()
    measured_rows = [["serial", "kind", "method", "per shot / per event"]]
    chosen_rows = [["serial", "capture", "touch", "per cell", "profile"]]
    for phone in phones:
        found = choose.measure_capture(phone)
        touches, started = choose.measure_touch(phone, jar)
        choose.close_all(started.values())
        for m in [*found, *touches]:
            measured_rows.append([phone.serial, m.kind, m.method, m.cell()])
        chosen_rows.append(choose_and_save(phone, found, touches, jar, save=not args.no_save))
    print(table(measured_rows))
    print()
    print(table(chosen_rows))
    return ExitStatus.DONE


def choose_and_save(
    phone: Phone, captures: list[choose.Measured], touches: list[choose.Measured], jar: object, save: bool
) -> list[str]:
    capture = choose.fastest(captures)
    usable = [m for m in touches if m.works]
    touch = min(usable, key=lambda m: m.seconds or 0.0) if usable else None
    dwell = choose.cell_dwell(phone)
    name = device_profile_name(phone.serial)
    touch_name = "-" if touch is None else touch.method
    if touch is not None and touch.method == "maatouch":
        touch_name = f"maatouch:{jar}"
    where = "not saved"
    if save:
        methods = {"capture": capture.method, "dwell": f"{dwell:.4f}"}
        if touch is not None:
            methods["touch"] = touch_name
            methods["touch-ms"] = f"{(touch.seconds or 0) * 1e3:.0f}"
        profile = Profile(
            name=name,
            backend="adb",
            serial=phone.serial,
            methods=methods,
            created=datetime.now(timezone.utc).isoformat(timespec="seconds"),
        )
        save_profile(profile)
        where = name
    touch_text = "none works" if touch is None else f"{touch.method} ({touch.cell()})"
    return [phone.serial, f"{capture.method} ({capture.cell()})", touch_text, f"{dwell * 1e3:.0f} ms", where]
