"""The first screen's Designer forms compiled to Python (`scripts/compile_forms.py`)."""
