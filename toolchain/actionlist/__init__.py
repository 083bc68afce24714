"""The action lists: web pages filtered by format and frame, and A5 PDF leaflets, rendered from
the definitions with the Jinja2 templates in templates/actionlist/.

- selection.py: which entries a format + frame shows (table 3.1)
- view.py: the entries as the templates see them, every display string derived
- markup_html.py: the text markup as escaped HTML
- render.py: Jinja2 (web pages and the leaflet's HTML)
- leaflet_pdf.py, glyphs.py: WeasyPrint in parallel, the missing-glyph check, 2-up imposition
- site.py: every list into a directory, or one list into a file (`bp build`, `bp actionlist`)
"""
