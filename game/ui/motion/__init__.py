"""Motion: tweens and flights, and the engine's events turned into them."""
