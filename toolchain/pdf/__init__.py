"""What every PDF of the toolchain is made of after WeasyPrint: the parts joined into one book, the
fonts they embed merged, the tag tree kept through joining and imposition, the metadata a screen
reader and a print shop read (structure.py, fonts.py, marks.py)."""
