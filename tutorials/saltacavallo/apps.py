from django.apps import AppConfig


class SaltacavalloConfig(AppConfig):
    name = "tutorials.saltacavallo"
    label = "saltacavallo"
