"""The model layer: the definitions as typed objects, loaded once from definitions/ (YAML, JSON
Schema, located errors), with everything the checks, the simulator and the renderers read.

    from toolchain import model as m
    defs: m.Definitions
"""

from .definitions import *  # noqa: F401,F403 - the types are the model's public names
from .definitions import __all__  # noqa: F401
