"""The table's extras, each over the TableScreen with its own settings: the aids (card
tracker, 托管, the pass made for the player), the cues, the sounds and the audio device."""
