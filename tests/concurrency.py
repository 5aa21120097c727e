"""Fire the same POST several times at once, each from its own thread (its own database
connection), as a double click or a flaky network would: the write endpoints' tests then check
that exactly one was applied and that no response is a server error."""
from __future__ import annotations

import threading
from copy import deepcopy

from django.db import connection
from django.test import Client

TIMES = 6


def post_together(client: Client, url: str, data: dict, times: int = TIMES, **headers) -> list:
    """Each response (or the exception a view raised: a 500) of `times` identical POSTs
    sent at the same moment with `client`'s cookies (the same learner, the same session)."""
    start = threading.Barrier(times)
    results: list = [None] * times

    def post(index: int) -> None:
        twin = Client()
        twin.cookies = deepcopy(client.cookies)
        try:
            start.wait()
            results[index] = twin.post(url, data, **headers)
        except Exception as error:  # a view's exception: the server would answer 500
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


def assert_no_server_error(responses: list) -> None:
    """Every answer is a success, a redirect, or a 4xx that says what went wrong."""
    for response in responses:
        assert not isinstance(response, BaseException), repr(response)
        assert response is not None, "a request never finished"
        assert response.status_code < 500, response.status_code
        if 400 <= response.status_code < 500:
            assert 'role="alert"' in response.content.decode(), response.content.decode()[:300]
