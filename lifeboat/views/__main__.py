"""``python -m lifeboat.views [--write | --check] [PATH]``: write or check ``docs/hidden-information.md``.

Exit codes: 0 written or up to date; 1 ``--check`` found the page stale (or missing); 2 usage.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lifeboat.views.matrix import render_matrix

DEFAULT = Path(__file__).resolve().parents[2] / "docs" / "hidden-information.md"


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    p = argparse.ArgumentParser(prog="python -m lifeboat.views", description=__doc__.splitlines()[0])
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="write the page (the default is to print it)")
    mode.add_argument("--check", action="store_true", help="exit 1 when the page differs from the code")
    p.add_argument("path", nargs="?", type=Path, default=DEFAULT)
    args = p.parse_args(argv)
    text = render_matrix()
    if args.write:
        args.path.parent.mkdir(parents=True, exist_ok=True)
        args.path.write_text(text, encoding="utf-8")
        return 0
    if args.check:
        current = args.path.read_text(encoding="utf-8") if args.path.exists() else ""
        if current != text:
            print(f"{args.path} is stale: run python -m lifeboat.views --write", file=sys.stderr)
            return 1
        return 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
