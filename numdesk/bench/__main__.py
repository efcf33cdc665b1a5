"""`python -m numdesk.bench [NAME ...]`: run the benchmarks and print their tables."""

from __future__ import annotations

import sys

from numdesk.bench.runner import main

sys.exit(main())
