"""Site-wide request guards."""

from django.views.defaults import bad_request


class RejectNulBytesMiddleware:
    """Answer 400 to a request whose path or query string holds a NUL character.

    PostgreSQL refuses NUL in a string literal, so such a value used in a query (a profile name,
    a search, an admin filter) would end in a server error; no page of the site takes one.
    Forms already refuse NUL in posted fields (Django's `ProhibitNullCharactersValidator`).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path or any(
            "\x00" in key or any("\x00" in value for value in values)
            for key, values in request.GET.lists()
        ):
            return bad_request(request, exception=None)
        return self.get_response(request)
