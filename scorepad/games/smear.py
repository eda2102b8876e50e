"""Four-Point Northeast Wisconsin Smear on the pages: Pitch's form, always in partnerships."""
from __future__ import annotations

from rules_engine.pitch import POINT_NAMES
from scorepad.web.i18n import _

from .points import PointsPages


class SmearPages(PointsPages):
    partners_opposite = True

    def nobody(self) -> dict[str, str]:
        return dict.fromkeys(POINT_NAMES, _("nobody"))
