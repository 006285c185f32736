"""The computer levels of *Manille à trois* (three seats each for himself): the medium level's
rules of thumb (`medium.py`); the strong level plays them too (docs/computer.md)."""
