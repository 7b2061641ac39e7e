"""Finding the game on screen, the screen-to-pointer scale and saved profiles."""
