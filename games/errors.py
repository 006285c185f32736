"""Domain errors of the games app: one code (the protocol's) and one human message each."""

from django.utils.translation import gettext_lazy as _

# Codes of the live protocol that are not engine rule codes (docs/protocol.md, Errors).
APP_ERROR_MESSAGES = {
    "not_authenticated": _("Connectez-vous pour jouer."),
    "not_seated": _("Vous n'êtes pas assis à cette partie."),
    "game_not_found": _("Cette partie n'existe pas."),
    "game_not_in_progress": _("Cette partie n'est pas en cours."),
    "stale_version": _("La partie a changé entre-temps : voici son état actuel."),
    "time_over": _("Le temps pour jouer est écoulé : la partie est perdue par forfait."),
    "frame_too_large": _("Message trop long."),
    "bad_json": _("Message illisible (JSON invalide)."),
    "unknown_type": _("Type de message inconnu."),
    "malformed": _("Message mal formé."),
    "already_in_game": _("Vous avez déjà une partie en attente ou en cours."),
    "verification_required": _("Les parties classées demandent une adresse e-mail vérifiée."),
    "guest_free_only": _(
        "Un invité joue des parties libres seulement : créez un compte pour les parties"
        " classées et les défis."
    ),
    "own_game": _("Vous ne pouvez pas rejoindre votre propre partie."),
    "game_not_open": _("Cette partie n'attend plus d'adversaire."),
    "not_creator": _("Seul le créateur peut annuler cette partie."),
    "bad_format": _("Format de partie inconnu."),
    "member_not_found": _("Ce membre n'existe pas."),
    "own_challenge": _("Vous ne pouvez pas vous défier vous-même."),
    "member_not_present": _("Ce membre n'est plus dans la salle d'attente."),
    "member_busy": _("Ce membre est en pleine partie : défiez-le plus tard."),
    "challenge_pending": _("Vous avez déjà un défi en attente de réponse."),
    "challenge_not_found": _("Ce défi n'existe pas."),
    "challenge_not_pending": _("Ce défi a déjà reçu une réponse."),
    "challenge_expired": _("Ce défi a expiré."),
    "rematch_not_possible": _("Pas de revanche pour cette partie."),
    "rematch_already_offered": _("Une revanche a déjà été proposée pour cette partie."),
    "rematch_not_pending": _("Aucune revanche n'attend votre réponse."),
    "rematch_expired": _("La proposition de revanche a expiré."),
    "rematch_opponent_gone": _("Votre adversaire a quitté la table : pas de revanche possible."),
    "rate_limited": _("Trop de demandes d'affilée : attendez une minute avant de recommencer."),
    "server_error": _("Erreur du serveur : ce message n'a pas été traité, réessayez."),
    "bad_level": _("Niveau de l'ordinateur inconnu."),
    # Tables set up by their host (games/tables/).
    "not_rankable": _("Ce jeu ne se joue pas en classé."),
    "bad_variant": _("Jeu inconnu."),
    "bad_options": _("Options de table invalides."),
    "bad_seat": _("Cette place n'existe pas."),
    "seat_taken": _("Cette place est déjà prise."),
    "table_not_open": _("Cette table n'attend plus de joueurs."),
    "not_host": _("Seul l'hôte de la table peut faire cela."),
    "host_cannot_leave": _("L'hôte ne quitte pas sa table : il peut l'annuler."),
    "not_computer_seat": _("Cette place n'est pas tenue par l'ordinateur."),
    "table_not_full": _("Toutes les places doivent être prises pour commencer."),
    "table_not_finished": _("Cette table n'est pas terminée."),
    # Table talk (games/tables/talk.py).
    "unknown_phrase": _("Cette phrase n'existe pas."),
    "talk_closed": _("Les phrases ne passent plus à cette table."),
    "talk_too_fast": _("Trop de phrases d'affilée : attendez quelques secondes."),
}


class GameError(Exception):
    """A refused request: nothing was changed. `code` is stable, `message` is for people."""

    def __init__(self, code: str, message: str | None = None) -> None:
        self.code = code
        self.message = str(message) if message is not None else str(APP_ERROR_MESSAGES[code])
        super().__init__(f"{code}: {self.message}")

    def to_frame(self, *, version: int | None = None) -> dict:
        frame = {"type": "error", "code": self.code, "message": self.message}
        if version is not None:
            frame["version"] = version
        return frame
