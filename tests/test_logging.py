"""The site's logging filters (cartomaniak/logging.py)."""

import logging

from cartomaniak.logging import RepeatedErrorThrottle


def error_record(message: str, *, error: Exception | None = None) -> logging.LogRecord:
    exc_info = (type(error), error, None) if error is not None else None
    return logging.LogRecord(
        "channels_redis.pubsub", logging.ERROR, __file__, 1, message, None, exc_info
    )


def test_a_repeating_error_goes_through_once_a_minute_with_the_count_held_back(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr("cartomaniak.logging.time.monotonic", lambda: clock[0])
    throttle = RepeatedErrorThrottle()
    passed = []
    for _second in range(125):
        record = error_record("Unexpected exception in receive task", error=ConnectionError())
        if throttle.filter(record):
            passed.append((clock[0], record.getMessage()))
        clock[0] += 1

    assert passed == [
        (1000.0, "Unexpected exception in receive task"),
        (1060.0, "Unexpected exception in receive task (repeated 59 times since the last report)"),
        (1120.0, "Unexpected exception in receive task (repeated 59 times since the last report)"),
    ]


def test_another_error_is_not_held_back_by_a_repeating_one():
    throttle = RepeatedErrorThrottle()

    first = throttle.filter(error_record("Unexpected exception in receive task"))
    repeated = throttle.filter(error_record("Unexpected exception in receive task"))
    other_message = throttle.filter(error_record("Unexpected exception while cleaning-up channel:"))
    other_error = throttle.filter(
        error_record("Unexpected exception in receive task", error=TimeoutError())
    )

    assert (first, repeated, other_message, other_error) == (True, False, True, True)


def test_the_channel_layer_loggers_are_throttled_in_the_settings():
    for name in ("channels_redis.pubsub", "channels_redis.core"):
        filters = logging.getLogger(name).filters
        assert any(isinstance(each, RepeatedErrorThrottle) for each in filters), name


def test_an_unknown_host_is_refused_400_and_logged_as_one_warning_line(client, caplog, db):
    caplog.set_level(logging.INFO)

    response = client.get("/", headers={"host": "scanner.example"})

    assert response.status_code == 400
    (record,) = [r for r in caplog.records if r.name == "django.security.DisallowedHost"]
    assert record.levelno == logging.WARNING
    assert record.exc_info is None
    assert "scanner.example" in record.getMessage()
