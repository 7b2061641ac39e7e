"""The practice game as a web page: a canvas with pointer events, in a real browser.

A browser really merges pointer events per frame and really stalls when its page is busy, so
a bot that clears this page copes with what real web clients do, not with an imitation of it.
The page (page.html) is thin: it collects the pointer events the browser delivers, and on each
of its frames (`--fps`, below the screen's refresh) posts them to this server, which applies the
same rules as the Tk window (practice/rules.py), writes the same JSON game log, and draws the
screen (practice/view.py) for the page to show on its canvas. With `--stalls` the page's own
main thread busy-waits 0-400 ms now and then: no events, no frames, as in a real stall.

    onestroke practice --web [--position X,Y] [--levels N] [--log FILE] [--look SEED] ...

serves on 127.0.0.1 (a free port) and opens Chromium in app mode at the position, with the
page's size; `--no-browser` only serves, for a browser of your choice.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any

import cv2

from onestroke._process import detached, stop_process
from onestroke.practice.game import DEFAULT_GAME, GameHost, GameOptions, PracticeError, say_ready

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
MAX_BODY = 1 << 20  # a frame's events are a few hundred bytes; refuse anything absurd
BROWSER_START = 60.0  # seconds Chromium may take to show the page on a busy machine


class WebGame(GameHost):
    """The game behind the page: rules, log and the current screen image, shared by request threads."""

    def __init__(self, options: GameOptions = DEFAULT_GAME) -> None:
        super().__init__(options)
        self.lock = threading.Lock()
        self.version = 0
        self.image = self._encoded()
        self.finished = threading.Event()
        self.shown = threading.Event()  # the page has run its first frame: it is on screen

    def _encoded(self) -> bytes:
        # BMP: no compression to wait for (0.5 ms at 450x800), and lossless like the Tk window
        ok, data = cv2.imencode(".bmp", self.view.draw(self.game))
        if not ok:
            raise PracticeError("cannot encode the game screen for the page")
        return data.tobytes()

    def page(self) -> bytes:
        template = resources.files("onestroke.practice.web").joinpath("page.html").read_text("utf-8")
        filled = (
            template.replace("__WIDTH__", str(self.width))
            .replace("__HEIGHT__", str(self.height))
            .replace("__FPS__", f"{self.rules.fps:g}" if self.rules.strict else "60")
            .replace("__STALLS__", "true" if self.rules.stalls else "false")
        )
        return filled.encode("utf-8")

    def frame(self, body: dict[str, Any]) -> dict[str, Any]:
        """One frame of the page: its pointer events since the last one, then the game's frame."""
        with self.lock:
            for kind, t, x, y in body.get("events", []):
                if kind in ("press", "move", "release"):
                    getattr(self.game, kind)(float(t), float(x), float(y))
            changed = self.play_frame(float(body["frame"]))
            if changed:
                self.version += 1
                self.image = self._encoded()
            if self.game.done:
                self.finished.set()
            self.shown.set()
            return {"version": self.version, "screen": self.game.screen, "done": self.game.done}


def make_server(game: WebGame, port: int = 0) -> ThreadingHTTPServer:
    """An HTTP server for `game` on 127.0.0.1 (`port` 0: any free port); not started yet."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
            path = self.path.split("?")[0]
            if path == "/":
                self._send(game.page(), "text/html; charset=utf-8")
            elif path == "/screen.bmp":
                with game.lock:
                    image = game.image
                self._send(image, "image/bmp")
            else:
                self.send_error(404)

        def do_POST(self) -> None:  # noqa: N802
            length = int(self.headers.get("Content-Length") or 0)
            if self.path != "/frame" or not 0 < length <= MAX_BODY:
                self.send_error(400)
                return
            try:
                body = json.loads(self.rfile.read(length))
                state = game.frame(body)
            except (ValueError, KeyError, TypeError) as error:
                self.send_error(400, str(error))
                return
            self._send(json.dumps(state).encode(), "application/json")

        def _send(self, data: bytes, kind: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass  # one request per frame: no access log on the terminal

    server = _QuietServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    return server


class _QuietServer(ThreadingHTTPServer):
    """An HTTP server that says nothing when a page goes away mid-answer (the browser closed, the
    game restarted): nobody is left to answer. Any other error is printed as socketserver does."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def browser_command() -> str:
    """The Chromium to run, or a PracticeError saying how to get one."""
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    raise PracticeError("no Chromium found for the web practice game: install it (apt-get install chromium)")


def open_browser(
    url: str, position: tuple[int, int], size: tuple[int, int], profile: Path
) -> subprocess.Popen[bytes]:
    """Chromium in app mode (no tabs or toolbar) at `position`, its window `size`, a fresh profile."""
    command = [
        browser_command(),
        "--no-sandbox",  # root in a container: Chromium's sandbox needs user namespaces
        "--disable-gpu",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-translate",
        "--test-type",  # no "unsupported command-line flag" bar over the page (for --no-sandbox)
        "--password-store=basic",
        f"--user-data-dir={profile}",
        f"--window-position={position[0]},{position[1]}",
        f"--window-size={size[0]},{size[1]}",
        f"--app={url}",
    ]
    # its own process group: a Ctrl-C in the terminal reaches the game, which stops the browser
    # (Chromium ended by the SIGINT itself still writes its profile while we remove it)
    return detached(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ))


def end_group(group: int, grace: float = 3.0) -> None:
    """Wait until every process of the browser's process group `group` has ended (SIGKILL to those
    left after `grace` s). The browser ends before its renderers and helpers do, and those still
    write the profile for a moment: under load one did so while the profile was removed, and the
    folder stayed behind (CI of 08c4f4a)."""
    if os.name != "posix":
        return
    for killed in (False, True):
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            try:
                os.killpg(group, 0)  # anyone left in the group?
            except (ProcessLookupError, PermissionError):
                return
            time.sleep(0.05)
        if killed:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(group, signal.SIGKILL)


def remove_socket_folder(profile: Path) -> None:
    """Remove the folder Chromium made in the temporary directory for its SingletonSocket
    (org.chromium.Chromium.*): only a clean exit removes it, so every browser killed or crashed
    left one behind. The profile's SingletonSocket link names it. (Pointing Chromium's TMPDIR into
    the profile instead breaks it where the profile's path is long: a socket's path has at most
    107 bytes.) Only a folder that holds nothing but the socket and its cookie is removed."""
    try:
        socket = Path(os.readlink(profile / "SingletonSocket"))
    except OSError:
        return  # none made, or the browser removed it on a clean exit
    folder = socket.parent
    if socket.name == "SingletonSocket" and folder.is_absolute() and folder != profile:
        with contextlib.suppress(OSError):
            if {p.name for p in folder.iterdir()} <= {"SingletonSocket", "SingletonCookie"}:
                shutil.rmtree(folder)


def run_web_practice(
    options: GameOptions = DEFAULT_GAME, position: tuple[int, int] | None = None, *, browser: bool = True
) -> int:
    """`onestroke practice --web`: serve the page, open Chromium on it, run until the levels are done."""

    def interrupted(_signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt  # SIGTERM too: the browser is stopped on the way out

    signal.signal(signal.SIGTERM, interrupted)
    game = WebGame(options)
    server = make_server(game)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    x, y = position or (100, 100)
    process = None
    try:
        with tempfile.TemporaryDirectory(prefix="onestroke-chromium-", ignore_cleanup_errors=True) as profile:
            try:
                if browser:
                    process = open_browser(url, (x, y), (game.width, game.height), Path(profile))
                    if not game.shown.wait(BROWSER_START):
                        raise PracticeError(f"Chromium did not show the game page within {BROWSER_START:g} s")
                    time.sleep(0.3)  # the first frame's screen is fetched and drawn right after
                ready = {
                    "ready": True,
                    "url": url,
                    "x": x,
                    "y": y,
                    "width": game.width,
                    "height": game.height,
                }
                say_ready(ready)
                while not game.finished.wait(0.2):
                    if process is not None and process.poll() is not None:
                        break  # the person closed the browser
            finally:
                # stopped before its profile is removed, on every way out (Ctrl-C, SIGTERM): a
                # browser still running writes the profile again as it goes, and the folder
                # stayed behind in the temporary directory after each interrupted game
                if process is not None:
                    stop_process(process)
                    end_group(process.pid)
                    remove_socket_folder(Path(profile))
    finally:
        server.shutdown()
        game.log.close()
    return 0
