from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

from rankings.stars import star_group


class User(AbstractUser):
    """A member of the site. Custom from the first migration so that it can grow in place."""

    # The all-time ranked record (ladder.md): written only by the ladder's exactly-once service.
    ranked_wins = models.PositiveIntegerField(_("victoires classées"), default=0)
    ranked_losses = models.PositiveIntegerField(_("défaites classées"), default=0)
    preferred_language = models.CharField(_("langue"), max_length=8, default="fr")

    class Meta:
        verbose_name = _("membre")
        verbose_name_plural = _("membres")

    @property
    def stars(self) -> int:
        return star_group(wins=self.ranked_wins, losses=self.ranked_losses)
