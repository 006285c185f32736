"""The computer levels of *Manille aux enchères*, at four and at three: *facile* (`easy.py`),
*moyen* (`medium.py`); *fort* plays *moyen* (docs/computer.md)."""
