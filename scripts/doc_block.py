"""Replaces a generated block of a markdown file, between `<!-- BEGIN NAME -->` and
`<!-- END NAME -->`, with the text read from standard input: how the scripts that measure
something write their tables into the docs.

    python3 doc_block.py DOC NAME < TEXT
"""

import sys


def replace(doc, name, text):
    """Puts `text` between the markers of block `name` in the file `doc`."""
    begin, end = "<!-- BEGIN %s -->\n" % name, "<!-- END %s -->" % name
    old = open(doc).read()
    i, j = old.index(begin) + len(begin), old.index(end)
    open(doc, "w").write(old[:i] + text + old[j:])


if __name__ == "__main__":
    replace(sys.argv[1], sys.argv[2], sys.stdin.read())
