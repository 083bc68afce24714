"""The rulebook: Sphinx HTML, the A5 PDF through WeasyPrint, and the saddle-stitch booklet."""

HTML_DIR = "rulebook"  # what the rulebook writes into a site
PDF_NAME = "blackpoker.pdf"
BOOKLET_NAME = "blackpoker_a5-booklet.pdf"
PRINT_SHOP_NAME = "blackpoker_print-shop.pdf"  # bp build --print-shop: A5 with 3 mm bleed and crop marks
OUTPUTS = (HTML_DIR, PDF_NAME, BOOKLET_NAME, PRINT_SHOP_NAME)
FAQ_PAGE = "faq"  # docs/faq.rst: the page of every ruling (.. bp-faq::), which the action lists link to
