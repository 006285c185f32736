"""The computer levels of Manni (three seats each for himself, 52 cards, an exchange with the
Manni): *facile* a random legal decision (`easy.py`), *moyen* rules of thumb from the seat's
view (`medium.py`). Each is a `choose(view, rng)` returning an action's JSON form; `CHOOSERS`
maps the site's levels to them (*fort* plays *moyen*: no playouts for Manni yet).
"""

from . import easy, medium

CHOOSERS = {"facile": easy.choose, "moyen": medium.choose, "fort": medium.choose}

__all__ = ["CHOOSERS", "easy", "medium"]
