"""What ``doctor`` asks before it calls a model ready: one cheap request, with a short timeout.

For an OpenAI-compatible endpoint it is the models list (``GET …/models``), never a completion,
which would cost money; for Ollama the same list, so Ollama is ready only when its server answers;
for Copilot the CLI's own ``auth.getStatus``, so a login is checked, not assumed. The key goes in
the request's header as the provider expects it and nowhere else: no answer body is shown.
"""

from __future__ import annotations

import asyncio
from typing import Literal

import httpx
from pydantic import BaseModel

from ._openai import Endpoint

PROBE_TIMEOUT_S = 5.0
ProbeState = Literal["reachable", "unreachable", "refused", "error"]


class Probe(BaseModel):
    """What one check found: the server ``reachable`` (and the credentials accepted),
    ``unreachable`` (no answer in time, or nothing listening), ``refused`` by authentication
    (401/403), or some other ``error`` answer; ``detail`` says it in words."""

    state: ProbeState
    detail: str

    @property
    def ok(self) -> bool:
        return self.state == "reachable"


def models_url(endpoint: Endpoint) -> str:
    """Where the endpoint lists its models (GitHub Models keeps its catalog beside the inference API)."""
    base = endpoint.base_url.rstrip("/")
    if endpoint.provider == "github" and base.endswith("/inference"):
        return base.removesuffix("/inference") + "/catalog/models"
    return base + "/models"


def _headers(endpoint: Endpoint) -> dict[str, str]:
    key = endpoint.api_key.get_secret_value() if endpoint.api_key else ""
    if not key:
        return {}
    return {"api-key": key} if endpoint.key_header == "api-key" else {"Authorization": f"Bearer {key}"}


def probe_endpoint(endpoint: Endpoint, timeout_s: float = PROBE_TIMEOUT_S) -> Probe:
    """One ``GET`` of the models list: whether the server answers and takes the credentials."""
    url = models_url(endpoint)
    try:
        with httpx.Client(timeout=timeout_s, follow_redirects=False) as client:
            answer = client.get(url, headers=_headers(endpoint))
    except httpx.TimeoutException:
        return Probe(state="unreachable", detail=f"no answer from {url} within {timeout_s:g}s")
    except httpx.HTTPError as exc:
        return Probe(state="unreachable", detail=f"cannot reach {url} ({type(exc).__name__})")
    if answer.status_code in (401, 403):
        named = f"; check {endpoint.key_env}" if endpoint.key_env else ""
        return Probe(
            state="refused", detail=f"{url} refused the credentials (HTTP {answer.status_code}){named}"
        )
    if answer.is_success:
        return Probe(state="reachable", detail=f"{url} answered; credentials accepted")
    return Probe(state="error", detail=f"{url} answered HTTP {answer.status_code}")


async def probe_copilot_login(cli_path: str | None, timeout_s: float = 20.0) -> Probe:
    """Start the Copilot CLI through the SDK and ask it whether someone is logged in."""
    try:
        from copilot import CopilotClient, RuntimeConnection
    except ImportError:
        return Probe(state="error", detail="the GitHub Copilot SDK is not installed (extra copilot)")
    if not cli_path:
        return Probe(state="error", detail="no Copilot CLI found (COPILOT_CLI_PATH, or copilot on PATH)")
    client = CopilotClient(connection=RuntimeConnection.for_stdio(path=cli_path))
    try:
        async with asyncio.timeout(timeout_s):
            await client.start()
            status = await client.get_auth_status()
    except TimeoutError:
        return Probe(state="unreachable", detail=f"the Copilot CLI did not answer within {timeout_s:g}s")
    except (RuntimeError, OSError) as exc:
        return Probe(state="unreachable", detail=f"cannot start the Copilot CLI ({type(exc).__name__})")
    finally:
        try:
            await client.stop()
        except Exception:  # a client that never started has nothing to stop
            pass
    if status.isAuthenticated:
        who = f" as {status.login}" if status.login else ""
        return Probe(state="reachable", detail=f"Copilot login{who} ({status.authType or 'login'})")
    return Probe(state="refused", detail="no Copilot login: run `copilot` and /login, or set a BYOK provider")
