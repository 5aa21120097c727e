"""The Sette e Mezzo strategy lab, included by the site's urls at /settemezzo/lab/."""
from django.urls import path

from tutorials.settemezzo.lab import lab_page

urlpatterns = [
    path("", lab_page, name="settemezzo_lab"),
]
