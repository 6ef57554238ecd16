"""The secondary windows: the replay viewer (on the same TableScreen), statistics and the
hand history."""
