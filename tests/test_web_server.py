"""The practice web game's HTTP server (practice/web/server.py): a page that goes away mid-answer."""

from __future__ import annotations

import socket
import struct
import threading

import pytest

from onestroke.practice.game import GameOptions
from onestroke.practice.web.server import WebGame, make_server


def test_a_client_gone_mid_answer_prints_no_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    """The browser closes (or the game restarts) while the screen image is being sent: the server
    drops that answer quietly, and goes on answering others (socketserver printed a traceback)."""
    server = make_server(WebGame(GameOptions(seed=1)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        for _ in range(3):
            client = socket.create_connection(("127.0.0.1", port))
            client.sendall(b"GET /screen.bmp HTTP/1.1\r\nHost: x\r\n\r\n")
            # linger 0: the close resets the connection at once; the ~1 MB image cannot all be sent
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            client.close()
        with socket.create_connection(("127.0.0.1", port)) as client:  # still answering
            client.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert client.recv(64).startswith(b"HTTP/1.0 200")
    finally:
        server.shutdown()
        server.server_close()
    assert "Traceback" not in capsys.readouterr().err
