"""numdesk: character sheets, libraries and encounters for Cypher System and Numenera."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("numdesk")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"
