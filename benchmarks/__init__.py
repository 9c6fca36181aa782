"""`make bench`: the engine's speed, start-up time and keypress-to-repaint, as figures."""
