"""Test configuration shared by the whole suite.

Qt runs offscreen so the suite passes on machines with no display (CI, fresh clones).
"""
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
