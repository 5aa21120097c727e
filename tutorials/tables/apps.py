from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tutorials.tables"
    label = "tables"
