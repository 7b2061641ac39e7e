"""A GIF for the README from a `--video` recording: `python tools/webm_to_gif.py IN.webm OUT.gif`.

Every `--every`th frame (default 2: 5 frames per second of a 10 fps recording), shrunk to
`--width` pixels (default 270), played at the recording's pace.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
from PIL import Image


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("video", type=Path)
    parser.add_argument("gif", type=Path)
    parser.add_argument("--every", type=int, default=2)
    parser.add_argument("--width", type=int, default=270)
    args = parser.parse_args(argv)
    capture = cv2.VideoCapture(str(args.video))
    fps = capture.get(cv2.CAP_PROP_FPS) or 10.0
    frames: list[Image.Image] = []
    index = 0
    while True:
        ok, frame = capture.read()
        if not ok:
            break
        if index % args.every == 0:
            height = round(frame.shape[0] * args.width / frame.shape[1])
            small = cv2.resize(frame, (args.width, height), interpolation=cv2.INTER_AREA)
            frames.append(Image.fromarray(cv2.cvtColor(small, cv2.COLOR_BGR2RGB)).quantize(64))
        index += 1
    if not frames:
        print(f"webm_to_gif: {args.video}: no frames", file=sys.stderr)
        return 1
    duration = round(1000 * args.every / fps)
    rest = frames[1:]
    frames[0].save(args.gif, save_all=True, append_images=rest, duration=duration, loop=0, optimize=True)
    print(f"{args.gif}: {len(frames)} frames, {args.gif.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
