"""Four-Point Northeast Wisconsin Smear on the pages: Pitch's form, always in partnerships."""
from __future__ import annotations

from rules_engine.games.smear import SIX_POINT
from rules_engine.parts.point_games import POINT_NAMES
from scorepad.web.i18n import _, lazy_gettext

from .points import PointsPages


class SmearPages(PointsPages):
    partners_opposite = True
    presets = {"six_point": (lazy_gettext("Six-Point Smear"), {"points": list(SIX_POINT), "target": 21})}

    def nobody(self) -> dict[str, str]:
        return dict.fromkeys(POINT_NAMES, _("nobody"))


PAGES = SmearPages
