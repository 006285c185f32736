# TEMPORARY scaffolding until the engine branch lands; never to be committed to main.
from . import record as two_player_record
from . import rules as two_player_rules
from .cards import shuffled_deck
from .formats import FORMATS

class _Extended:
    def __init__(self, base, extra):
        self._base = base
        self.__dict__.update(extra)
    def __getattr__(self, name):
        return getattr(self._base, name)
    def team_of(self, seat):
        return self._base.team_of(seat)
    def new_match(self, **kw):
        return self._base.new_match(**kw)

_made = {}

def _attach(variant, **fields):
    _made[variant.name] = _Extended(variant, fields)

def install(VARIANTS):
    from . import partnership
    two = VARIANTS["manille-2p"]
    def two_draw(rng, _orig=two.draw_first_dealer):
        draws, first = _orig(rng)
        return [[(0, a), (1, b)] for a, b in draws], first
    def two_advance(state, rng):
        from .state import Phase
        from .state import Action
        while not state.is_finished and state.phase == Phase.DEALING:
            state = two_player_rules.deal_start(state, shuffled_deck(rng))
            if two_player_rules.is_roll_forced(state):
                dealer = two_player_rules.seat_to_act(state)
                state = two_player_rules.apply(state, Action(seat=dealer, type="roll"))
        return state
    def two_deal_start(state, deck, salt=None):
        return two_player_rules.deal_start(state, deck)
    _attach(two, label="Manille à deux", format_labels={"first-to-71": "premier à 71", "six-deals": "6 donnes"},
            option_labels={}, is_rankable=True,
            format_target=lambda f: FORMATS[f].target, format_deal_count=lambda f: FORMATS[f].regular_deal_count,
            phase_labels={"trump": "choisir l'atout ou rouler", "buque": "buquer ou passer", "surbuque": "sur-buquer ou passer", "play": "jouer une carte", "dealing": "distribution"},
            action_labels={"trump": "Atout %(suit)s", "roll": "Rouler", "buque": "Buquer", "surbuque": "Sur-buquer", "pass": "Passer"},
            replay_action_labels={"play": "%(name)s joue %(card)s"},
            draw_first_dealer=two_draw, advance=two_advance, deal_start=two_deal_start)
    for name in ("manille-flemish", "manille-french"):
        v = VARIANTS[name]
        rs = partnership.RULESETS[name]
        def adv(state, rng, v=v):
            while not state.is_finished and str(state.phase) == "dealing":
                state = partnership.deal_start(state, shuffled_deck(rng))
            return state
        def ds(state, deck, salt=None):
            return partnership.deal_start(state, deck)
        _attach(v, label="Manille flamande" if name == "manille-flemish" else "Manille française",
                format_labels={"boom-101": "Boom à 101", "boom-61": "Boom à 61", "boompje-12": "Boompje (12 donnes)", "first-to-34": "Premier à 34", "first-to-44": "Premier à 44"},
                option_labels={"blind": "Sans-atout aveugle permis", "mee_tegen": "Mee et tegen"} if name == "manille-flemish" else {},
                is_rankable=False,
                format_target=lambda f, rs=rs: rs.formats[f].target, format_deal_count=lambda f, rs=rs: rs.formats[f].deal_count,
                phase_labels={"look": "regarder ses cartes ou jouer à l'aveugle", "trump": "nommer l'atout", "mee": "mee ou passer", "tegen": "tegen ou passer", "play": "jouer une carte", "dealing": "distribution"},
                action_labels={"look": "Regarder mes cartes", "blind": "Sans atout à l'aveugle (×4)", "trump": "Atout %(suit)s", "no_trump": "Sans atout (×2)", "mee": "Mee (×2)", "tegen": "Tegen (×4)", "pass": "Passer"},
                replay_action_labels={"play": "%(name)s joue %(card)s"},
                advance=adv, deal_start=ds)

def result():
    from types import MappingProxyType
    return MappingProxyType(dict(_made))

def verify_record(record):
    return 3, {"ok": False}
