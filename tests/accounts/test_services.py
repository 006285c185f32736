import threading

import pytest
from django.db import close_old_connections, connection

from accounts.models import CreditMovement, User
from accounts.selectors import wallet_balance
from accounts.services import InsufficientCredits, member_set_language, wallet_move
from tests.accounts.conftest import member_create


def test_grant_adds_to_the_balance(alice) -> None:
    movement = wallet_move(user=alice, amount=30, kind="grant", reason="Bienvenue")

    assert wallet_balance(user=alice) == 30
    assert (movement.amount, movement.kind, movement.reason, movement.created_by) == (
        30,
        "grant",
        "Bienvenue",
        None,
    )


def test_debit_within_the_balance_is_applied(alice) -> None:
    wallet_move(user=alice, amount=10, kind="grant", reason="Bienvenue")

    wallet_move(user=alice, amount=-4, kind="entry_fee", reason="Tournoi du dimanche")

    assert wallet_balance(user=alice) == 6
    assert list(alice.credit_movements.values_list("amount", flat=True)) == [-4, 10]


def test_debit_down_to_exactly_zero_is_applied(alice) -> None:
    wallet_move(user=alice, amount=5, kind="grant", reason="Bienvenue")

    wallet_move(user=alice, amount=-5, kind="subscription", reason="Semaine 12")

    assert wallet_balance(user=alice) == 0


def test_debit_beyond_the_balance_raises_and_writes_nothing(alice) -> None:
    wallet_move(user=alice, amount=3, kind="grant", reason="Bienvenue")

    with pytest.raises(InsufficientCredits) as raised:
        wallet_move(user=alice, amount=-4, kind="subscription", reason="Semaine 12")

    assert (raised.value.balance, raised.value.amount) == (3, -4)
    assert wallet_balance(user=alice) == 3
    assert CreditMovement.objects.filter(user=alice).count() == 1


def test_a_movement_with_a_cause_is_applied_once(alice) -> None:
    first = wallet_move(
        user=alice, amount=12, kind="prize", reason="1re place", cause_type="prize", cause_id="7"
    )

    second = wallet_move(
        user=alice, amount=12, kind="prize", reason="1re place", cause_type="prize", cause_id="7"
    )

    assert second.pk == first.pk
    assert wallet_balance(user=alice) == 12
    assert CreditMovement.objects.filter(user=alice).count() == 1


def test_a_repeated_debit_with_a_cause_returns_the_first_even_when_the_balance_is_spent(
    alice,
) -> None:
    wallet_move(user=alice, amount=5, kind="grant", reason="Bienvenue")
    first = wallet_move(
        user=alice,
        amount=-5,
        kind="subscription",
        reason="Semaine 12",
        cause_type="subscription",
        cause_id="12",
    )

    again = wallet_move(
        user=alice,
        amount=-5,
        kind="subscription",
        reason="Semaine 12",
        cause_type="subscription",
        cause_id="12",
    )

    assert again.pk == first.pk
    assert wallet_balance(user=alice) == 0


def test_the_same_cause_applies_to_each_member_separately(alice, bob) -> None:
    wallet_move(user=alice, amount=2, kind="refund", reason="Annulé", cause_type="t", cause_id="1")
    wallet_move(user=bob, amount=2, kind="refund", reason="Annulé", cause_type="t", cause_id="1")

    assert (wallet_balance(user=alice), wallet_balance(user=bob)) == (2, 2)


def test_an_integer_cause_id_is_the_same_cause_as_its_text(alice) -> None:
    first = wallet_move(
        user=alice, amount=3, kind="prize", reason="Lot", cause_type="prize", cause_id=9
    )

    second = wallet_move(
        user=alice, amount=3, kind="prize", reason="Lot", cause_type="prize", cause_id="9"
    )

    assert (second.pk, second.cause_id) == (first.pk, "9")


def test_the_created_by_operator_is_recorded(alice, bob) -> None:
    movement = wallet_move(user=alice, amount=1, kind="grant", reason="Geste", created_by=bob)

    assert CreditMovement.objects.get(pk=movement.pk).created_by == bob


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"amount": 5, "kind": "gift", "reason": "x"}, "unknown movement kind 'gift'"),
        ({"amount": -5, "kind": "grant", "reason": "x"}, "a grant movement gives credits"),
        ({"amount": 5, "kind": "removal", "reason": "x"}, "a removal movement takes credits"),
        ({"amount": 5, "kind": "prize", "reason": "  "}, "every movement states its reason"),
        ({"amount": 2.5, "kind": "grant", "reason": "x"}, "the amount is a whole number"),
        (
            {"amount": 5, "kind": "prize", "reason": "x", "cause_id": "3"},
            "a cause is given by both cause_type and cause_id",
        ),
    ],
)
def test_malformed_movements_are_refused_and_write_nothing(alice, arguments, message) -> None:
    with pytest.raises(ValueError, match=message):
        wallet_move(user=alice, **arguments)

    assert CreditMovement.objects.count() == 0


def test_member_set_language_remembers_the_choice(alice) -> None:
    member_set_language(user=alice, language="en")

    assert User.objects.get(pk=alice.pk).preferred_language == "en"


def test_member_set_language_refuses_an_unknown_language(alice) -> None:
    with pytest.raises(ValueError, match="unsupported language 'de'"):
        member_set_language(user=alice, language="de")

    assert User.objects.get(pk=alice.pk).preferred_language == "fr"


def run_in_threads(count: int, work) -> list:
    """Run `work(index)` in `count` threads started together, each on its own connection."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def runner(index: int) -> None:
        close_old_connections()
        try:
            barrier.wait()
            results[index] = work(index)
        except Exception as error:  # noqa: BLE001 - the outcome is what the test compares
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=runner, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.django_db(transaction=True)
def test_concurrent_debits_never_take_the_balance_below_zero() -> None:
    member = member_create(username="Carole")
    wallet_move(user=member, amount=5, kind="grant", reason="Bienvenue")

    results = run_in_threads(
        12,
        lambda index: wallet_move(
            user=member, amount=-1, kind="entry_fee", reason=f"Inscription {index}"
        ),
    )

    applied = [result for result in results if isinstance(result, CreditMovement)]
    refused = [result for result in results if isinstance(result, InsufficientCredits)]
    assert (len(applied), len(refused)) == (5, 7)
    assert wallet_balance(user=member) == 0
    assert CreditMovement.objects.filter(user=member).count() == 6


@pytest.mark.django_db(transaction=True)
def test_concurrent_movements_with_the_same_cause_apply_once() -> None:
    member = member_create(username="Denis")

    results = run_in_threads(
        8,
        lambda index: wallet_move(
            user=member,
            amount=10,
            kind="prize",
            reason="1re place",
            cause_type="prize",
            cause_id="42",
        ),
    )

    assert len({result.pk for result in results}) == 1
    assert wallet_balance(user=member) == 10
