"""The one XML parser USEBIO files are read with: defusedxml, configured for the files scorers write.

Compscore, EBUScore and the USEBIO standard's own files begin with a document type line naming the standard's
DTD, ``<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">``. That line is accepted; nothing
else a DTD can do is. How defusedxml is configured (`UsebioParser`):

* ``forbid_dtd=True``, with its doctype handler narrowed: a DOCTYPE is accepted only when it names the ``USEBIO``
  root, has no internal subset (no ``[ ... ]``) and its system identifier, if any, names a USEBIO DTD file
  (``usebio*.dtd``). Any other DOCTYPE raises ``DTDForbidden``.
* the DTD is never fetched: expat reads no external subset (no parameter-entity parsing is switched on), and
  ``forbid_external=True`` raises ``ExternalReferenceForbidden`` for any external entity all the same.
* ``forbid_entities=True``: any entity declaration (internal or external, parsed or not) raises
  ``EntitiesForbidden``; a reference to an undeclared entity is a parse error (the file is not well-formed).

Scorers on Windows write their players' names in Windows-1252 without declaring it (``<?xml version="1.0"?>``,
which XML reads as UTF-8): a file that declares no encoding and is not UTF-8 is read as Windows-1252
(`_as_written`), then parsed as above.
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element

from defusedxml import DTDForbidden
from defusedxml.ElementTree import DefusedXMLParser

_DTD_FILE = re.compile(r"(?:.*/)?usebio[\w.-]*\.dtd", re.IGNORECASE)
_DECLARED = re.compile(rb"\s*<\?xml[^>]*\sencoding\s*=", re.IGNORECASE)


class UsebioParser(DefusedXMLParser):
    """defusedxml's parser that accepts the USEBIO document type line and nothing more of a DTD."""

    def __init__(self) -> None:
        super().__init__(forbid_dtd=True, forbid_entities=True, forbid_external=True)

    def defused_start_doctype_decl(
        self, name: str, sysid: str | None, pubid: str | None, has_internal_subset: bool
    ) -> None:
        if name == "USEBIO" and not has_internal_subset and (sysid is None or _DTD_FILE.fullmatch(sysid.strip())):
            return
        raise DTDForbidden(name, sysid, pubid)


def parse_usebio_xml(data: bytes) -> Element:
    """The root element of the document; raises a ``DefusedXmlException`` or ``ParseError``."""
    parser = UsebioParser()
    parser.feed(_as_written(data))
    return parser.close()


def _as_written(data: bytes) -> bytes:
    """The document as UTF-8 when it declares no encoding and is not UTF-8: its bytes read as Windows-1252 (a
    byte it leaves undefined replaced); a file that declares its encoding, or carries a UTF-16 byte order mark, is
    left to the parser."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or _DECLARED.match(data[:300]):
        return data
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace").encode("utf-8")
    return data
