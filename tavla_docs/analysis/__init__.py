"""Analysis on top of the engine: the 36-roll odds and the one-sided bear-off database."""
