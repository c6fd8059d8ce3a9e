"""The Blue Moon City tests share their scene-setting helpers (bluemooncity_scene.py, next to this file)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
