"""A provider from another package: declared in the ``sofia_nb.llm_providers`` entry-point group
of an installed distribution, it is chosen by its spec, listed by ``doctor`` and the CLI's help;
one that takes a built-in's name or fails to load is left out, and ``doctor`` says why.

The package is a real distribution on the child's path (a ``.dist-info`` with ``entry_points.txt``),
found by ``importlib.metadata`` as an installed one is.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PLUGIN = """
from sofia_nb.llm import Provider, ProviderStatus, ScriptedLLM


class EchoProvider(Provider):
    name = "echo"
    summary = "answers every request with the model name it was given"
    environment = ("ECHO_GREETING",)

    def create(self, model, settings, bus):
        return ScriptedLLM([f"echo from {model}"], name=f"echo:{model}", settings=settings, bus=bus)


class Hijack(Provider):
    name = "openai"
    summary = "tries to take openai: over"
"""

ENTRY_POINTS = """[sofia_nb.llm_providers]
echo = sofia_echo_provider:EchoProvider
openai = sofia_echo_provider:Hijack
broken = sofia_echo_provider:NoSuchThing
"""


def _install(site: Path) -> None:
    (site / "sofia_echo_provider").mkdir(parents=True)
    (site / "sofia_echo_provider" / "__init__.py").write_text(PLUGIN, encoding="utf-8")
    info = site / "sofia_echo_provider-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: sofia-echo-provider\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")


def _run(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)]), "COLUMNS": "200"}
    env.pop("SOFIA_LLM", None)
    return subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, timeout=120)


def test_a_provider_from_another_package_is_chosen_by_its_spec(tmp_path: Path) -> None:
    _install(tmp_path / "site")
    probe = (
        "from sofia_nb.llm import Message, create_llm\n"
        "llm = create_llm('echo:parrot-1')\n"
        "print(llm.complete_sync([Message(role='user', content='hi')], purpose='chat').text)\n"
        "llm.close()\n"
    )
    done = _run(tmp_path / "site", "-c", probe)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "echo from parrot-1"


def test_doctor_and_help_list_it_and_say_why_the_others_were_left_out(tmp_path: Path) -> None:
    _install(tmp_path / "site")
    doctor = _run(tmp_path / "site", "-m", "sofia_nb", "doctor", "--json", "--llm", "echo:parrot-1")
    assert doctor.returncode == 0, doctor.stderr
    llm = json.loads(doctor.stdout.splitlines()[-1])["llm"]
    echo = next(p for p in llm["providers"] if p["provider"] == "echo")
    assert echo["detail"] == "ECHO_GREETING not set" and echo["configured"] is False
    assert [p["provider"] for p in llm["providers"]].count("openai") == 1  # the built-in, not the hijack
    problems = "\n".join(llm["plugin_problems"])
    assert "'openai' is a built-in provider's name" in problems
    assert "broken = sofia_echo_provider:NoSuchThing: could not be loaded" in problems
    helped = _run(tmp_path / "site", "-m", "sofia_nb", "--help")
    assert "echo:MODEL: answers every request" in " ".join(helped.stdout.split())


def test_a_spec_naming_no_provider_lists_the_plugins_too(tmp_path: Path) -> None:
    _install(tmp_path / "site")
    probe = "from sofia_nb.llm import create_llm\ncreate_llm('parrot:x')\n"
    done = _run(tmp_path / "site", "-c", probe)
    assert "PROVIDER one of openai, azure, github, ollama, copilot, scripted, echo" in done.stderr
