"""Four-Point Northeast Wisconsin Smear on the pages: Pitch's form, always in partnerships."""
from __future__ import annotations

from scorepad.web.i18n import _

from .points import POINTS, PointsPages


class SmearPages(PointsPages):
    partners_opposite = True

    def nobody(self) -> dict[str, str]:
        return dict.fromkeys(POINTS, _("nobody"))
