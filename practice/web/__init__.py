"""The practice game as a web page, served from 127.0.0.1 and played in a real Chromium."""
