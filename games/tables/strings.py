"""Every sentence the table's script shows, translated here so that it goes through gettext.

One set for every game: the sentences of cards, seats, clocks, overlays and errors are the same
at every table; what a game names differently (its phases, its buttons, its options, the
narration of its replay) comes from its registry entry (`games.engine.variants`), whose French
strings are the catalogue's message ids.
"""

from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from accounts.services import FIRST_GAME_HINTS
from games.engine.variants import Variant
from games.errors import APP_ERROR_MESSAGES
from games.tables.talk import talk_strings


def _forms(singular: str, plural: str) -> dict:
    # Both forms of a count; the script picks one by the language's rule.
    return {"one": ngettext(singular, plural, 1), "other": ngettext(singular, plural, 2)}


def _hints_to_show(user) -> list[str]:
    # The first game's hints not dismissed yet, for a member or a guest; none for a visitor.
    if user is None or not user.is_authenticated:
        return []
    dismissed = user.dismissed_hints or []
    return [hint for hint in FIRST_GAME_HINTS if hint not in dismissed]


def table_strings(*, variant: Variant, user=None) -> dict:
    """Return the sentences of the table of `variant`, in the active language."""
    levels = get_user_model().ComputerLevel
    return {
        "connected": _("En direct"),
        "reconnecting": _("Connexion perdue, reconnexion…"),
        "not_sent": _("Connexion perdue : votre choix n'a pas été envoyé, rejouez-le."),
        # French counts 0 and 1 in the singular ("0 pli"), English only 1 ("0 tricks").
        "zero_is_singular": (get_language() or "fr").startswith("fr"),
        # French writes "d'" for "de" before a name beginning with a vowel sound ("Au tour
        # d'Émile"); table-seats.js elides every sentence that puts "de" before a name.
        "elides": (get_language() or "fr").startswith("fr"),
        "card_images": True,
        "muted": bool(getattr(user, "is_sound_muted", False)),
        "sound_on": _("Sons : oui"),
        "sound_off": _("Sons : non"),
        # A single legal card played by itself (the member's switch in the table's tools).
        "plays_lone_card": bool(getattr(user, "plays_lone_card", False)),
        "lone_card_on": _("Carte seule : auto"),
        "lone_card_off": _("Carte seule : non"),
        # The keys of the announcement buttons, one letter each in the reader's language
        # (docs/table.md, *Keyboard*); a button without one takes a free letter of its label.
        "access_keys": {
            "trump_S": pgettext("access key of trump spades", "p"),
            "trump_H": pgettext("access key of trump hearts", "c"),
            "trump_D": pgettext("access key of trump diamonds", "k"),
            "trump_C": pgettext("access key of trump clubs", "t"),
            "trump_none": pgettext("access key of no trump", "s"),
            "no_trump": pgettext("access key of no trump", "s"),
            "roll": pgettext("access key of rouler", "r"),
            "buque": pgettext("access key of buquer", "b"),
            "surbuque": pgettext("access key of sur-buquer", "u"),
            "pass": pgettext("access key of passer", "n"),
            "look": pgettext("access key of looking at one's cards", "g"),
            "blind": pgettext("access key of no trump blind", "a"),
            "mee": pgettext("access key of mee", "m"),
            "tegen": pgettext("access key of tegen", "t"),
            "bid": pgettext("access key of a bid", "e"),
            "exchange": pgettext("access key of the exchange", "e"),
        },
        # The first game's hints (accounts.services.FIRST_GAME_HINTS): those the member has not
        # dismissed yet; none for a visitor who is not logged in.
        "hints_to_show": _hints_to_show(user),
        "hint_dismiss_url": reverse("accounts:hint_dismiss"),
        "hints": {
            "title": _("Conseil"),
            "dismiss": _("Compris"),
            "trump": _(
                "L'atout bat toutes les autres couleurs pendant la donne : choisissez celle où"
                " vous êtes le plus fort, ou jouez sans atout (la donne compte double)."
            ),
            "buque": _(
                "Buquer double la valeur de la donne : c'est parier qu'on la gagnera. Après une"
                " buque, le donneur peut sur-buquer (×4 au lieu de ×2). Sinon, passez."
            ),
            "card_lead": _(
                "Vous entamez le pli : toutes vos cartes sont permises. Les autres devront"
                " fournir votre couleur et monter s'ils le peuvent, sinon couper à l'atout."
            ),
            "card_follow": _("Vous devez fournir %(suit)s, la couleur demandée : %(cards)s."),
            "card_beat": _(
                "Vous devez fournir %(suit)s et monter, plus haut que la carte qui gagne le"
                " pli : %(cards)s."
            ),
            "card_trump": _(
                "Vous n'avez plus de %(led)s : vous devez couper, jouer un atout (%(suit)s) :"
                " %(cards)s."
            ),
            "card_overtrump": _(
                "Vous n'avez plus de %(led)s et le pli est coupé : vous devez monter à l'atout,"
                " plus haut que l'atout qui gagne : %(cards)s."
            ),
            "card_partner": _(
                "Vous n'avez plus de %(led)s et votre partenaire est maître du pli : toutes vos"
                " cartes sont permises."
            ),
            "card_free": _(
                "Vous n'avez plus de %(led)s et ne pouvez pas prendre le pli à l'atout : toutes"
                " vos cartes sont permises."
            ),
        },
        "your_turn": _("À vous"),
        # A label and what it says: French puts a space before the colon, English none.
        "labelled": _("%(label)s : %(value)s"),
        "their_turn": _("Au tour de %(name)s"),
        # *Avec un mort*: the seat nobody holds, named after its holder once drawn.
        "dummy": _("Le mort"),
        "dummy_of": _("%(name)s (mort)"),
        "your_turn_dummy": _("À vous, pour le mort"),
        "dummy_hand": _("Le mort, jeu étalé de %(name)s"),
        "dummy_draw_result": _("%(name)s tire la plus haute carte et joue avec le mort."),
        # The game's own words: its phases, its buttons, its options (the registry's).
        "phase": {phase: _(label) for phase, label in variant.phase_labels.items()},
        "actions": {kind: _(label) for kind, label in variant.action_labels.items()},
        "option_labels": {key: _(label) for key, label in variant.option_labels.items()},
        "replay_action": {kind: _(label) for kind, label in variant.replay_action_labels.items()},
        "deal_number": _("Donne %(n)s"),
        "deal_of": _("Donne %(n)s / %(total)s"),
        "dealer_is": _("Donneur : %(name)s"),
        "trump": _("Atout : %(suit)s"),
        "no_trump": _("Sans atout"),
        "no_trump_yet": _("Atout pas encore choisi"),
        "rolled": _("Roulé (sans atout)"),
        "rolled_short": _("roulé"),
        "blind": _("Sans atout à l'aveugle"),
        "buque": _("Buqué"),
        "surbuque": _("Sur-buqué"),
        "mee": _("Mee"),
        "tegen": _("Tegen"),
        "announced_by": _("%(what)s (%(team)s)"),
        "multiplier": _("×%(n)s"),
        "turned_up": _("Carte retournée : %(card)s"),
        # Enchères: the auction in the deal's line, and its picker.
        "auction": {
            "points": _("Points"),
            "said": _("%(name)s : %(what)s"),
            "passes": _("passe"),
            "contract": _("Enchère : %(points)s par %(name)s"),
        },
        # Manni: the cut card, the contract it makes, the exchange with the Manni pile.
        "cut": _("Coupe : %(card)s"),
        "contracts": {
            "nullo": _("Nullo : le moins de plis possible, l'as est bas"),
            "trump": _("Atout de la coupe"),
            "no-trump": _("Sans atout"),
        },
        "exchange": {
            "give": _forms("Échanger %(n)s carte", "Échanger %(n)s cartes"),
            "keep": _("Garder mes cartes"),
        },
        # À trois: the pair of sevens out of the deck, or the talon's two cards face down.
        "removed": _("Sans les %(cards)s"),
        "talon_hidden": _("Talon : 2 cartes cachées, au donneur à la fin"),
        "talon_shown": _("Talon : %(cards)s, au donneur"),
        "turned_up_held": _("Carte retournée : %(card)s, à %(name)s"),
        "hidden_hand": _("Vous verrez vos cartes quand %(name)s aura nommé l'atout."),
        "hidden_hand_dealer": _(
            "Regardez vos cartes, ou annoncez sans atout sans les avoir vues (×4)."
        ),
        "forced_roll": _(
            "Donne roulée d’office : en 6 donnes, chaque joueur doit rouler une de ses trois"
            " donnes."
        ),
        "dealer": _("donneur"),
        "your_hand": _("Votre main"),
        "hand_of": _("Main de %(name)s"),
        "stacks_of": _("Cartes posées devant %(name)s"),
        "you": _("vous"),
        "partner": _("partenaire"),
        "host": _("hôte"),
        "here": _("à la table"),
        "away": _("absent"),
        "away_seconds": _("absent depuis %(n)s s"),
        "away_minutes": _("absent depuis %(n)s min"),
        "tricks_count": _forms("%(n)s pli", "%(n)s plis"),
        "points_count": _forms("%(n)s point", "%(n)s points"),
        "cards_left": _forms("%(n)s carte", "%(n)s cartes"),
        "tricks_points": _("%(tricks)s · %(points)s"),
        "suit_names": {"S": _("pique"), "H": _("cœur"), "D": _("carreau"), "C": _("trèfle")},
        # The partners' questions (parlée), and their answers as the table tells them.
        "questions": {
            "title": _("Question :"),
            "count_prompt": _("Combien de…"),
            "card_prompt": _("As-tu…"),
            "suit_plural": {
                "S": _("piques"),
                "H": _("cœurs"),
                "D": _("carreaux"),
                "C": _("trèfles"),
            },
            "answered": _("%(name)s : %(answer)s"),
            "yes": _("oui"),
            "no": _("non"),
            "nothing": _("plus de carte"),
            "shown_hand": _("Jeu montré de %(name)s"),
        },
        "suit_to": {"S": _("à pique"), "H": _("à cœur"), "D": _("à carreau"), "C": _("à trèfle")},
        "rank_names": {
            "7": _("sept"),
            "8": _("huit"),
            "9": _("neuf"),
            "T": _("manille (10)"),
            "J": _("valet"),
            "Q": _("dame"),
            "K": _("roi"),
            "A": _("as (manillon)"),
        },
        # The letters of a card's corner index as the reader names the courts: R, D, V in French
        # (roi, dame, valet), K, Q, J in English.
        "rank_letters": {
            "K": pgettext("corner index of a king", "R"),
            "Q": pgettext("corner index of a queen", "D"),
            "J": pgettext("corner index of a jack", "V"),
        },
        "card_name": _("%(rank)s de %(suit)s"),
        "draw_result": _("%(name)s donne en premier."),
        "trick_taken": _("Pli pour %(name)s"),
        "announce_played": _("%(name)s a joué %(card)s"),
        "deal_summary": _("Fin de la donne %(n)s"),
        "summary_rows": {
            "tricks": _("Plis"),
            "points": _("Points des cartes"),
            "score": _("Marqué"),
            "plus": _("Points plus"),
            "minus": _("Points moins"),
            "total": _("Total"),
        },
        # How a deal's score comes from its points (table-seats.js): "alice : 32 − 30 = 2, × 4
        # (buqué par Louise, sur-buqué par alice) = 8".
        "arithmetic": {
            # The side that scored, then how: "olivier : 39 − 30 = 9, × 2 (…) = 18".
            "line": _("%(name)s : %(sum)s"),
            "excess": _("%(points)s − %(half)s = %(n)s"),
            "capot": _("capot = %(n)s"),
            "times": _(", × %(n)s"),
            "times_because": _(", × %(n)s (%(why)s)"),
            "equals": _(" = %(n)s"),
            "capped": _(" (plafond)"),
            "rolled": _("roulé"),
            "blind": _("sans atout à l'aveugle"),
            "no_trump": _("sans atout"),
            "buque_by": _("buqué par %(name)s"),
            "surbuque_by": _("sur-buqué par %(name)s"),
            "mee_by": _("mee par %(name)s"),
            "tegen_by": _("tegen par %(name)s"),
            "tie": _("30–30 reporté"),
        },
        # A deal's notes, each shown when its deal summary says so.
        "notes": {
            "capot": _("Capot : tous les plis pour un seul joueur."),
            "capot_team": _("Capot : tous les plis pour une équipe."),
            "tie": _("30–30 : personne ne marque, la donne suivante compte double."),
            "rolled": _("Donne roulée : ×2."),
            "buque": _("Buque : ×2."),
            "surbuque": _("Sur-buque : ×2 de plus."),
            "doubled_by_tie": _("Égalité 30–30 reportée : ×2."),
            "multiplier": _("Multiplicateur total : ×%(n)s."),
            "cap": _("Plafond atteint : %(n)s points au plus par donne."),
        },
        "capot_short": _("capot"),
        "deal_in_play": _("en cours"),
        "cut_short": _("interrompue"),
        # A deal of the history, for a team: its score and the total after it, its card points.
        "history_score": _("+%(score)s → %(total)s"),
        "history_points": _("%(points)s pts"),
        # Verifiable deals (docs/engine.md): the commitment published before each deal.
        "commitment": _("Donne vérifiable : %(hash)s"),
        "commitment_title": _(
            "Empreinte SHA-256 du paquet battu, publiée avant la donne : le fichier de la"
            " partie permet de la vérifier."
        ),
        "winner": _("%(name)s gagne la partie"),
        "winner_team": _("%(team)s gagnent la partie"),
        "you_win": _("Vous gagnez la partie !"),
        "you_lose": _("Vous perdez la partie."),
        "we_win": _("Nous gagnons la partie !"),
        "we_lose": _("Nous perdons la partie."),
        # A game with one loser and no single winner (enchères), or a forfeit at three whose two
        # others are level: the result names the loser.
        "loser": _("%(name)s perd la partie"),
        "not_the_loser": _("Vous gagnez : %(name)s perd la partie."),
        "no_winner": _("Partie terminée sans vainqueur."),
        "last_below": _("Aux points : %(name)s est le dernier à ne pas avoir atteint %(n)s."),
        "team_us": _("Nous"),
        "team_them": _("Eux"),
        "team_of": _("%(a)s et %(b)s"),
        "end_reasons": {
            "points": _("Aux points : %(a)s à %(b)s."),
            "left": _("Forfait : %(name)s a quitté la partie."),
            "timeout": _("Forfait au temps : %(name)s n'a pas joué à temps."),
        },
        # Each side's name and total, joined by the script ("alice 71, bob 40").
        "final_score": _("Score final : %(scores)s."),
        "ladder_won": _("Classement %(ladder)s : +%(n)s points"),
        "ladder_lost": _("Classement %(ladder)s : −%(n)s points"),
        "cancelled": _("Cette partie a été annulée."),
        "stakes": _("Enjeu : %(win)s / %(loss)s"),
        "confirm_leave": _("Quitter la partie ? Vous la perdez par forfait."),
        "confirm_leave_team": _("Quitter la partie ? Votre équipe la perd par forfait."),
        "confirm_cancel": _("Annuler cette table ?"),
        # Table talk: the preset phrases by code, the switch that hides them.
        "talk": talk_strings(user=user),
        "rematch": {
            "waiting": _("Revanche proposée : en attente de la réponse de votre adversaire…"),
            "received": _("%(name)s vous propose une revanche."),
            "accepted": _("Revanche acceptée : la nouvelle partie commence."),
            "declined": _("Revanche refusée."),
            "expired": _("La proposition de revanche a expiré."),
            "gone": _("Votre adversaire a quitté la table : pas de revanche possible."),
            # A table of several people: the rematch starts once every other one accepts.
            "waiting_others": _("Revanche proposée : en attente de la réponse des autres joueurs…"),
            "you_accepted": _("Vous acceptez la revanche : en attente des autres joueurs…"),
            "gone_all": _("Les autres joueurs ont quitté la table : pas de revanche possible."),
        },
        # Setting a table up: seats, computers, the host's start. A computer is named by the
        # server after its seat ("Louise (moyen)"); its card says what it is.
        "computer_tag": _("ordinateur"),
        "level_labels": dict(levels.choices),
        "free_seat": _("Place libre"),
        "sit": _("S'asseoir"),
        "leave_seat": _("Quitter cette place"),
        "fill": _("Ajouter l'ordinateur"),
        "empty": _("Libérer la place"),
        "level": _("Niveau"),
        "waiting_host": _("En attente de l'hôte : %(name)s commence la partie."),
        "waiting_players": _forms("Il manque %(n)s joueur.", "Il manque %(n)s joueurs."),
        "ready": _("Toutes les places sont prises : la partie peut commencer."),
        "rules": {
            "must_beat": _("Vous devez monter %(suit)s : %(cards)s."),
            "must_follow_suit": _("Vous devez fournir %(suit)s : %(cards)s."),
            "must_trump": _("Vous devez couper (atout %(suit)s) : %(cards)s."),
            "not_your_turn": _("Ce n'est pas à vous de jouer."),
            "wrong_phase": _("Ce n'est pas le moment de cette annonce."),
            "card_not_available": _("Cette carte n'est pas disponible."),
            "surbuque_not_allowed": _(
                "Sur-buque impossible : la donne est roulée et compte déjà double (30–30)."
            ),
            "roll_required": _("Cette donne doit être roulée."),
            "not_conductor": _(
                "Votre partenaire conduit la partie dans cette donne : lui seul pose les questions."
            ),
            "question_limit": _(
                "Plus de question pour l'instant : une par tour, et aucune après "
                "« Montre ton jeu »."
            ),
            "malformed": _("Message mal formé."),
        },
        "or": _("ou"),
        "errors": {code: str(message) for code, message in APP_ERROR_MESSAGES.items()},
        # The replay viewer.
        "replay_step": _("Étape %(n)s sur %(total)s"),
        "replay_start": _("Début de la donne %(n)s"),
        "verified": _("Chaque donne correspond à l'empreinte publiée avant elle."),
        "not_verified": _("Donnes antérieures aux empreintes : elles ne peuvent être vérifiées."),
        # Each deal's row of the replay: its deck checked against its commitment in the browser.
        "deal_verified": _("Paquet conforme à l'empreinte publiée avant la donne"),
        "deal_mismatch": _("Paquet différent de l'empreinte publiée avant la donne"),
        "deal_unverifiable": _("Donne sans empreinte : elle ne peut être vérifiée"),
        "deal_checking": _("Vérification…"),
        "checked_by_server": _(
            "Ce navigateur ne calcule pas SHA-256 : le serveur a vérifié chaque donne."
        ),
        "checked_by_server_failed": _(
            "Ce navigateur ne calcule pas SHA-256, et le serveur n'a pas pu vérifier chaque donne."
        ),
        "mismatch_found": _("Attention : au moins une donne ne correspond pas à son empreinte."),
    }
