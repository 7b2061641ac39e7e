"""Text on the screen: the words an OCR engine reads in an image, or in one region of it.

The engine is RapidOCR (PP-OCRv6 small text detection and recognition, one multilingual model
for Chinese, Japanese and Latin script) run by ONNX Runtime. Both models ship inside the
`rapidocr` wheel; this module points the engine at those files by path and refuses to run
without them, so nothing is ever fetched at run time (docs/vision.md, "Text on the screen", says
why this engine and what it costs).

Reading text costs about a hundred times more than reading a board, so it runs only where it
pays: on a panel, a button's box, a screen that is not a plain level — never per cell. The
engine is built on the first call (its import alone takes about a second) and kept; each result
is kept per unchanged region (a hash of its pixels), so a screen that holds still is read once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, TypeVar

import cv2
import numpy as np

from onestroke.bot.vision.blobs import as_bgr
from onestroke.coords import Rect
from onestroke.signals import signals_deferred
from onestroke.solver.errors import OnestrokeError

DET_MODEL, REC_MODEL = "PP-OCRv6_det_small.onnx", "PP-OCRv6_rec_small.onnx"
DET_SIDE = 960  # px: text is searched on a copy no longer than this (a phone screen at half size)
MIN_READ_SIDE = 320  # px: a smaller region (a button's box) is enlarged to this before reading
MIN_CONFIDENCE = 0.5  # the engine's own score below which a line is dropped as noise
CACHED = 32  # regions whose words are kept (a few screens' panels and buttons)
PLAIN = 24  # a region whose values all lie within this range is one flat colour: no text
MAX_LINES = 16  # lines recognised per read, the tallest first (a title, a panel's buttons)
LINE_PAD = 0.25  # of a line's height: added at each end of a found line before it is recognised

T = TypeVar("T")
Fingerprint = tuple[int, tuple[int, ...]]  # a region's pixels named: their hash and their shape (`_digest`)


@dataclass(frozen=True)
class Word:
    """A line of text as read: `text`, its `box` (image pixels, the whole image's frame), `confidence` 0-1."""

    text: str
    box: Rect
    confidence: float


class TextEngineError(OnestrokeError):
    """The OCR engine cannot be loaded (not installed, or its models missing); the message says which."""


def words(image: np.ndarray, region: Rect | None = None) -> list[Word]:
    """The lines of text in `image` (BGR, grey or BGRA), or only inside `region`, top to bottom."""
    image = as_bgr(image)
    whole = Rect(0, 0, image.shape[1], image.shape[0])
    area = whole if region is None else whole.intersection(region.rounded())
    if area is None:
        return []
    rows, cols = area.slices()
    crop = image[rows, cols]
    if min(crop.shape[:2]) < 2 or int(crop.max()) - int(crop.min()) < PLAIN:
        return []  # (a plain region holds no text: the engine is not even loaded for it)
    return list(_kept((_digest(crop), area), lambda: tuple(_read(crop, area))))


def kept_for(image: np.ndarray, what: str, compute: Callable[[], T]) -> T:
    """`compute()`, done once per unchanged `image` (its pixels' hash) and `what` it is, then kept
    beside the words (a screen's words with its buttons' read again: their boxes cost a search)."""
    return _kept((_digest(as_bgr(image)), what), compute)


def _kept(key: tuple[Fingerprint, Hashable], compute: Callable[[], T]) -> T:
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    found = compute()
    with _lock:
        _cache[key] = found
        while len(_cache) > CACHED:
            _cache.popitem(last=False)
    return found


def forget() -> None:
    """Drop every kept result (the benchmark times reads, not the cache)."""
    with _lock:
        _cache.clear()


_lock = threading.Lock()
_cache: OrderedDict[tuple[Fingerprint, Hashable], Any] = OrderedDict()


def _digest(crop: np.ndarray) -> Fingerprint:
    """The key of a region's pixels: Python's own hash of their bytes, with their shape.

    The key only names a region in this process's cache (an identity, not a seal: nothing is
    stored or compared across processes), so any hash whose collisions by chance are out of
    reach will do. `hash` of bytes is SipHash (`sys.hash_info`) under a key drawn at start-up,
    64 bits: a false match in a million look-ups among 32 kept keys, about 2 in 10^12. 1.8 ms
    for a 1080x1920 screen, its copy to bytes included, where SHA-1 took 3.7 (every read of a
    screen that is no plain level asks it: the screen's words are kept under it); md5, sha256
    and BLAKE2b are slower still, crc32 (1.8 ms) has 32 bits."""
    return hash(np.ascontiguousarray(crop).tobytes()), crop.shape


def _read(crop: np.ndarray, area: Rect) -> list[Word]:
    scale = max(1.0, MIN_READ_SIDE / max(crop.shape[:2]))
    if scale > 1.0:  # the detector misses text only a few pixels high: enlarge a small box
        crop = cv2.resize(crop, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    with _engine_lock:
        ocr = engine()
        # (every switch passed on every call: the engine keeps the last call's as its default)
        found = ocr(crop, use_det=True, use_cls=False, use_rec=False)
        boxes = [] if found.boxes is None else [_box(points) for points in found.boxes]
        read = []
        for box in _worth_reading(boxes):
            rows, cols = _padded(box, crop).slices()
            line = ocr(crop[rows, cols], use_det=False, use_cls=False, use_rec=True)
            if line.txts and line.scores and line.scores[0] >= MIN_CONFIDENCE and line.txts[0].strip():
                read.append((line.txts[0].strip(), box, float(line.scores[0])))
    return sorted(
        (
            Word(text, _unscaled(box, scale).translated(area.left, area.top), round(score, 3))
            for text, box, score in read
        ),
        key=lambda w: (w.box.top, w.box.left),
    )


def _box(points: Any) -> Rect:
    corners = np.asarray(points, dtype=float)
    (left, top), (right, bottom) = corners.min(axis=0), corners.max(axis=0)
    return Rect.from_corners(float(left), float(top), float(right), float(bottom))


def _worth_reading(boxes: list[Rect]) -> list[Rect]:
    """The tallest `MAX_LINES` lines at least as wide as tall.

    Recognising a line costs far more than finding it, and a screen of small print (a code
    editor, a calendar) holds a hundred; a title and a button's label are among a screen's
    largest text, and a box narrower than tall holds one glyph, shorter than any listed word.
    """
    lines = [box for box in boxes if box.width >= box.height]
    return sorted(lines, key=lambda box: -box.height)[:MAX_LINES]


def _padded(box: Rect, crop: np.ndarray) -> Rect:
    """`box` widened by `LINE_PAD` of its height at each end, inside `crop`.

    The detector finds lines on a copy at most `DET_SIDE` long, so on a whole 1920 px screen its
    box can end inside the last glyph: a Japanese long-vowel mark went missing ("スター" for
    "スタート", a start button read as another word)."""
    whole = Rect(0, 0, crop.shape[1], crop.shape[0])
    grown = whole.intersection(box.grown(box.height * LINE_PAD, 0).rounded())
    return box if grown is None else grown


def _unscaled(box: Rect, scale: float) -> Rect:
    if scale == 1.0:
        return box
    return Rect(box.left / scale, box.top / scale, box.width / scale, box.height / scale)


_engine_lock = threading.Lock()  # one read at a time: the engine is not documented as thread-safe


@cache
def engine() -> Any:
    """The OCR engine, built once on first use from the models in the rapidocr wheel.

    Ctrl-C waits until it is built: landing inside rapidocr's import or set-up, omegaconf turns
    the interrupt into a ConfigKeyError of its own (a traceback, not `interrupted`). Its models
    are loaded here too (rapidocr loads them on the first read, importing onnxruntime then, whose
    initialisation turns a Ctrl-C into "ImportError: initialization failed")."""
    with signals_deferred():
        ocr = _built_engine()
        blank = np.full((32, 96, 3), 255, np.uint8)
        ocr(blank, use_det=True, use_cls=False, use_rec=False)  # the detector's model
        ocr(blank, use_det=False, use_cls=False, use_rec=True)  # the recogniser's
        return ocr


def _built_engine() -> Any:
    try:
        # imported here, not at the top: rapidocr and ONNX Runtime take about a second to import,
        # and most detections (a level's board) never read text
        from rapidocr import RapidOCR
    except ImportError as error:
        raise TextEngineError(
            f"reading text on the screen needs rapidocr and onnxruntime ({error});"
            " install them with: pip install 'rapidocr>=3.10,<4' onnxruntime"
        ) from None
    models = resources.files("rapidocr") / "models"
    paths = {}
    for name in (DET_MODEL, REC_MODEL):
        path = models / name
        if not path.is_file():
            raise TextEngineError(
                f"rapidocr's wheel has no {name} in {models}; onestroke reads text only with the models"
                " the wheel ships (nothing is downloaded): install rapidocr 3.10"
            )
        paths[name] = str(path)
    return RapidOCR(
        params={
            "Global.log_level": "error",  # its info lines would go to stderr on every read
            "Global.use_cls": False,  # screen text is upright: the angle classifier only costs time
            "Det.model_path": paths[DET_MODEL],
            "Det.limit_type": "max",
            "Det.limit_side_len": DET_SIDE,
            "Rec.model_path": paths[REC_MODEL],
        }
    )
