"""The table's strings carry the member's switches and the first game's hints still to show."""

from django.contrib.auth.models import AnonymousUser

from games.engine.variants import VARIANT_TWO_PLAYER, variant_get
from games.tables.strings import table_strings


def test_a_new_member_gets_every_hint_and_the_lone_card_switch_off(alice) -> None:
    strings = table_strings(variant=variant_get(VARIANT_TWO_PLAYER), user=alice)

    assert strings["hints_to_show"] == ["trump", "buque", "card"]
    assert strings["plays_lone_card"] is False
    assert strings["hint_dismiss_url"] == "/compte/conseils/"


def test_a_dismissed_hint_is_not_shown_again_and_the_switch_is_kept(alice) -> None:
    alice.dismissed_hints = ["trump", "card"]
    alice.plays_lone_card = True
    alice.save()

    strings = table_strings(variant=variant_get(VARIANT_TWO_PLAYER), user=alice)

    assert strings["hints_to_show"] == ["buque"]
    assert strings["plays_lone_card"] is True


def test_a_visitor_not_logged_in_gets_no_hint() -> None:
    strings = table_strings(variant=variant_get(VARIANT_TWO_PLAYER), user=AnonymousUser())

    assert strings["hints_to_show"] == []
    assert strings["plays_lone_card"] is False
