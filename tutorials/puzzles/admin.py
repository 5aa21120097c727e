from django.contrib import admin

from tutorials.puzzles.models import LearnerRating, Puzzle, PuzzleAttempt, ReviewCard


@admin.register(Puzzle)
class PuzzleAdmin(admin.ModelAdmin):
    list_display = ("pk", "game", "kind", "rating", "rd", "plays", "solved", "exact", "confidence")
    list_filter = ("game", "kind", "exact")
    search_fields = ("position", "theme_key")
    readonly_fields = ("created",)


@admin.register(PuzzleAttempt)
class PuzzleAttemptAdmin(admin.ModelAdmin):
    list_display = ("pk", "puzzle", "user", "anon_key", "number", "answer", "correct", "rated", "created")
    list_filter = ("correct", "rated", "review")
    raw_id_fields = ("puzzle", "user")


@admin.register(LearnerRating)
class LearnerRatingAdmin(admin.ModelAdmin):
    list_display = ("pk", "game", "user", "anon_key", "rating", "rd", "updated")
    raw_id_fields = ("user",)


@admin.register(ReviewCard)
class ReviewCardAdmin(admin.ModelAdmin):
    list_display = ("pk", "puzzle", "user", "anon_key", "due", "reviews", "lapses")
    raw_id_fields = ("puzzle", "user")
