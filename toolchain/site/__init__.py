"""The site layer: every output built into one directory (pipeline.py) and published safely (outputs.py)."""
