"""The site layer: every output built into one directory (build.py) and published safely (outputs.py)."""
