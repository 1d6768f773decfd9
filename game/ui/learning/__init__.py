"""Learn to play: the tutorial scene and its scripted lesson."""
