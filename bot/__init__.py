"""The bot: capture, detection, input, the level loop and the command line."""
