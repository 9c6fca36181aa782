"""`python -m cardtable`."""

from cardtable.cli import main

main()
