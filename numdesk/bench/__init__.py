"""What measures and checks the app from outside its normal run.

The benchmarks (`python -m numdesk.bench`), the start-up probe the app consults when a
benchmark starts it, and `numdesk --smoke-test`. Kept apart so the package root holds
only what runs the app. Importing this package imports nothing else: the app imports
`numdesk.bench.probe` on every start.
"""
