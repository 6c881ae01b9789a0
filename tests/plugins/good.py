"""A well-behaved plugin solver (used through a fake entry point)."""

from hanoi_magnet import Variant
from hanoi_magnet.plans import PlanSolver, SubStep


class RelabelledClassic(PlanSolver):
    """The classic puzzle, under a plugin's own label."""

    variant = Variant.from_label("classic")
    plan = (SubStep("classic", "SID", disks=0),)
