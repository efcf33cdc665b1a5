"""`python -m numdesk`: the app, or the CLI when a subcommand is given."""

from numdesk.cli import main

raise SystemExit(main())
