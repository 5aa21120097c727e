from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "tutorials.core"
    label = "core"
    verbose_name = "Site core"

    def ready(self) -> None:
        # The engine writes its messages, verdicts and explanations through neapolitan.i18n: from
        # now on in the language of the request being served, numbers too ("0,25" in Italian).
        from django.utils.formats import number_format
        from django.utils.translation import gettext, ngettext, pgettext

        from neapolitan import i18n

        def number(value: float, places: int) -> str:  # rounded here: number_format cuts the decimals off
            return number_format(f"{value:.{places}f}", places, force_grouping=True)  # 7,920 / 7.920

        i18n.install(gettext, ngettext, pgettext, number)
