from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "tutorials.core"
    label = "core"
    verbose_name = "Site core"

    def ready(self) -> None:
        # The engine writes its messages, verdicts and explanations through neapolitan.i18n: from
        # now on in the language of the request being served, numbers too ("0,25" in Italian).
        from django.utils.translation import gettext, ngettext, pgettext

        from neapolitan import i18n
        from tutorials.core.numbers import number  # 7,920 / 7.920

        i18n.install(gettext, ngettext, pgettext, number)
