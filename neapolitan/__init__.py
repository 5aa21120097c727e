"""The rules engine of the Neapolitan card games: pure Python, no Django."""
