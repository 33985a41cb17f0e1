import subprocess
import sys

from sofia_nb import __version__


def test_version_flag_prints_the_package_version() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "sofia_nb", "--version"], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == f"sofia-nb {__version__}"


def test_unknown_flag_is_a_usage_error() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "sofia_nb", "status", "--bogus"], capture_output=True, text=True
    )
    assert out.returncode == 2
    assert "--bogus" in out.stderr
