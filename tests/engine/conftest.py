import sys
from pathlib import Path

# lets test modules import the shared helpers module
sys.path.insert(0, str(Path(__file__).parent))
