"""The card data the lines of :mod:`lifeboat.views.text` are written with: :mod:`lifeboat.card_context` (CARD-3)."""

from lifeboat.card_context import card_name, in_use, use, using

__all__ = ["card_name", "in_use", "use", "using"]
