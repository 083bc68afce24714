"""Python's garbage collector, run less often in bp's processes.

Python collects its youngest objects every 700 new ones, and its oldest every hundred such
collections or so: WeasyPrint makes hundreds of thousands of boxes per document and Sphinx as
many nodes, which the collector walked again and again (about 7% of a leaflet's CPU time and
a fifth of the print page's Sphinx build). `collect_less_often()` sets aside for good the
objects alive when it is called (gc.freeze: modules, and what a worker inherits from its
parent) and collects the youngest generation every 10,000 objects, which costs some tens of MB
per process at most. Only the time spent changes, never what is made.
"""

from __future__ import annotations

import gc

THRESHOLDS = (10_000, 10, 10)  # Python's are (700, 10, 10)


def collect_less_often() -> None:
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
