"""Reading and writing the files other scorers exchange (USEBIO XML), in pure Python: no Django.

`interchange.usebio.read_usebio(data)` turns a USEBIO 1.2 file into plain data (`UsebioEvent`) or refuses it
whole (`UsebioError`, with a code and parameters a site translates). XML is parsed with defusedxml, so a file
declaring entities (the "billion laughs") or a DTD is refused instead of expanded.
"""
