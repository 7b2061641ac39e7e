"""`onestroke teach DIR... --name LOOK`: learn an app's look from labelled screenshots.

The folders hold `fixtures` pairs (NAME.png + NAME.txt: bot/labels.py). Every label is read
first (a malformed one is a line naming its file and line, exit 2), then every image; the look
is learned (bot/vision/taught.py), every labelled image is read back with it and compared with
its label as `fixtures check` compares, and the look is saved (calibration/looks.py). A label
that does not fit its image, labels that contradict each other, too few cells of a role: one
line naming the file, exit 2, nothing saved.
"""

from __future__ import annotations

import argparse
import time

from onestroke.bot.commands.fixtures import FixturesError, check_paths
from onestroke.bot.commands.look_option import look_name
from onestroke.bot.commands.status import ExitStatus
from onestroke.bot.imageio import read_image
from onestroke.bot.labels import Label, compare, detection_record
from onestroke.bot.vision.taught import PATCH, SAID, Example, TaughtLook, read, teach
from onestroke.calibration.looks import save_look
from onestroke.plural import counted


def register(sub: argparse._SubParsersAction) -> None:
    """Add `teach` to the `onestroke` parser."""
    parser = sub.add_parser(
        "teach",
        help="learn an app's look from labelled screenshots (then --look NAME reads it)",
        description="Learn how an app draws its board from labelled screenshots (NAME.png beside NAME.txt,"
        " as `fixtures add` writes them and you correct them), save it as look NAME, and show how well"
        " the labels are read back with it. Exit 0: every label read back; 1: some not; 2: bad input.",
    )
    parser.add_argument(
        "paths", nargs="+", metavar="DIR", help="a folder of labelled screenshots (or images)"
    )
    parser.add_argument("--name", required=True, type=look_name, metavar="LOOK", help="the look's name")
    parser.set_defaults(run=run_teach)


def examples_of(paths: list[str]) -> list[tuple[Example, Label]]:
    """Every labelled image under `paths` as a teaching example, with its label."""
    items, labels = check_paths(paths)
    out = []
    for item in items:
        if item.image is None or item.label is None:
            continue
        label = labels[item.label]
        image = read_image(item.image)
        out.append(
            (
                Example(
                    str(item.label),
                    image,
                    label.board,
                    label.walked,
                    label.origin,
                    label.pitch,
                    label.screen,
                    label.next,
                ),
                label,
            )
        )
    if not out:
        raise FixturesError(f"{', '.join(paths)}: no labelled screenshots (NAME.png beside NAME.txt)")
    return out


def learned_summary(look: TaughtLook) -> str:
    """What the look says, a few lines."""
    lo, hi = look.pitch_share
    lines = [
        f"look {look.name}: taught from {counted(len(look.sources), 'screen')};"
        f" cells {100 * lo:.1f}-{100 * hi:.1f} %"
        f" of the screen's width apart, the plain cell's blob {100 * look.fill:.0f} % of that",
    ]
    for role, model in look.roles.items():
        centre = model.mean[: PATCH * PATCH * 3].reshape(PATCH, PATCH, 3)[PATCH // 2, PATCH // 2]
        seen = counted(model.count, "cell") if model.count else "not labelled, drawn from the path's marks"
        lines.append(
            f"  {SAID.get(role, role)}: {seen},"
            f" centre Lab {centre[0]:.0f} {centre[1]:.0f} {centre[2]:.0f}, limit {model.limit:.1f}"
        )
    for kind, model in look.joins.items():
        lines.append(f"  the path's joins, {kind}: {counted(model.count, 'gap')}")
    if look.go_on is not None:
        g = look.go_on
        lines.append(
            f"  go-on control at {100 * g.place[0]:.0f} %, {100 * g.place[1]:.0f} % of the screen,"
            f" matched at {g.limit:.2f} or better"
        )
    else:
        lines.append("  no go-on control (no labelled complete screen with '; next:')")
    missing = [r for r in ("hole", "start", "walked", "head", "start_walked", "end") if r not in look.roles]
    if missing:
        lines.append(
            "  not labelled, so not known: "
            + ", ".join(SAID[r] for r in missing)
            + " (screens showing them are refused)"
        )
    lines += [f"  note: {note}" for note in look.notes]
    return "\n".join(lines)


def run_teach(args: argparse.Namespace) -> int:
    began = time.perf_counter()
    pairs = examples_of(args.paths)
    taught = teach(args.name, [example for example, _ in pairs])
    learned = time.perf_counter() - began
    print(learned_summary(taught.look))
    width = min(max(len(example.name) for example, _ in pairs), 70)
    print(f"read back with look {args.name}:")
    exact = 0
    for example, label in pairs:
        started = time.perf_counter()
        found = read(example.image, taught.look)
        record = detection_record(example.name, found, time.perf_counter() - started)
        comparison = compare(label, record, (example.image.shape[1], example.image.shape[0]))
        exact += comparison.ok
        print(f"  {example.name.ljust(width)}  {comparison.summary()}")
    path = save_look(taught.look)
    print(
        f"teach: {exact} of {counted(len(pairs), 'labelled screen')} read back exactly;"
        f" learned in {learned:.1f} s; saved {path}"
    )
    return ExitStatus.DONE if exact == len(pairs) else ExitStatus.NOT_DONE
