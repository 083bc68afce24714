"""The rulebook: Sphinx HTML, the A5 PDF through WeasyPrint, and the saddle-stitch booklet."""
