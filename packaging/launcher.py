"""Entry script of the frozen app: the same `main` as `python -m numdesk`."""

from numdesk.cli import main

raise SystemExit(main())
