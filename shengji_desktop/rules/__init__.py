"""The referee of DL, TR and SD (RULES.md): pure, typed, no Qt, no I/O, no hidden randomness."""
