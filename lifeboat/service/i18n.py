"""The catalogs' functions for the front ends that reach the engine only through ``service`` (``lifeboat.web``):
:func:`lifeboat.i18n._` and friends, unchanged (docs/translation.md)."""

from lifeboat.i18n import N_, _, ngettext, using_language

__all__ = ["N_", "_", "ngettext", "using_language"]
