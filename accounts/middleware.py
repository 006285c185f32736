"""The site's language: French unless the member chose otherwise.

Django's LocaleMiddleware would follow the browser's Accept-Language; a French card site speaks
French to everybody until they pick English (the language switch sets the cookie, and a member's
choice is remembered on his account).
"""

from django.conf import settings
from django.utils import translation
from django.utils.cache import patch_vary_headers

SUPPORTED_LANGUAGES = {code for code, _name in settings.LANGUAGES}


def language_for_request(request) -> str:
    cookie_language = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if cookie_language in SUPPORTED_LANGUAGES:
        return cookie_language
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        preferred = getattr(user, "preferred_language", "")
        if preferred in SUPPORTED_LANGUAGES:
            return preferred
    return settings.LANGUAGE_CODE


class SiteLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = language_for_request(request)
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        patch_vary_headers(response, ("Cookie",))
        response.headers.setdefault("Content-Language", language)
        return response
