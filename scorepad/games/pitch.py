"""Pitch (Auction Pitch / Setback) on the pages."""
from __future__ import annotations

from rules_engine.games.pitch import TEN_POINT
from scorepad.web.i18n import _, lazy_gettext

from .points import PointsPages


class PitchPages(PointsPages):
    presets = {"ten_point": (lazy_gettext("10-point Pitch"),
                             {"points": list(TEN_POINT), "target": 52, "win_rule": "bidder_out"})}

    def nobody(self) -> dict[str, str]:
        """High and Low always go to someone (the pitcher leads a trump); a card may not be dealt; Game may tie."""
        return {**dict.fromkeys(("jack", "off_jack", "big_joker", "little_joker", "ten", "three"), _("not in play")),
                "game": _("tie")}

    def bid_sentence(self) -> str:
        return _("%(dealer)s deals; %(bidder)s pitched %(bid)s")


PAGES = PitchPages
