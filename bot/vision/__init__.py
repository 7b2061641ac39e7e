"""Vision: find the board, the path drawn so far and the screen kind in a screenshot.

A pure pipeline on a numpy image (no screen access, no I/O), one stage per module:

- `blobs`: flat compact regions of any colour (the repeating structure's pieces);
- `lattice`: blobs linked into a lattice, and its fitted origin and pitch;
- `sampling`: colours measured at lattice positions;
- `styles`: one reader per board style, turning positions into cells, holes and the start;
- `checks`: the self-checks every board must pass;
- `detect`: the pipeline itself, `detect(image) -> Detection`.

docs/vision.md explains each stage and names its limits.
"""

from onestroke.bot.vision.checks import Check
from onestroke.bot.vision.detect import Detection, detect
from onestroke.bot.vision.screens import ScreenKind

__all__ = ["Check", "Detection", "ScreenKind", "detect"]
