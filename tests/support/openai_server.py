"""A small OpenAI-compatible Chat Completions server for tests, on 127.0.0.1 with real sockets.

Queue what the next requests get, in order; each canned reply is served streamed (real chunked
SSE, text in pieces, tool-call argument fragments, a usage chunk when the client asked with
``stream_options.include_usage``) or as one JSON body, whichever the request asked for::

    with OpenAIServer() as server:
        server.reply("Hello there", usage=(12, 3))
        server.reply(tool_calls=[("read_docs", {"q": "pricing"})])
        server.error(429, "slow down", retry_after=1)
        server.error(400, "maximum context length is 8192 tokens", code="context_length_exceeded")
        client = OpenAICompatLLM(Endpoint(provider="openai", model="m", base_url=server.base_url))
        ...
        server.requests[0].body["messages"]   # every request is recorded, with its arrival time

When the queue is empty the server asks ``responder`` (a function of the request body returning
a ``Reply``, an ``ErrorReply`` or a string), else answers ``default_text``. With ``known_models``
set, a request for any other model gets the 404 ``model_not_found`` answer OpenAI gives.
``GET /v1/models`` lists the known models.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    """A canned assistant reply. ``usage`` is (prompt_tokens, completion_tokens), or None to omit it;
    a third number is the prompt tokens a cache served (``prompt_tokens_details.cached_tokens``)."""

    text: str = ""
    tool_calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    usage: tuple[int, int] | tuple[int, int, int] | None = (10, 5)
    chunk_size: int = 4
    delay: float = 0.0  # seconds before the answer starts (to exercise client timeouts)
    stream_error: str | None = None  # streamed: after the text, an error event, and the stream ends
    cut: bool = False  # streamed: the stream ends after the text, with no finish and no [DONE]
    pace: float = 0.0  # streamed: seconds between chunks (0.01 with 4-character chunks: ~100 tokens/s)
    hold: threading.Event | None = None  # the first text chunk (streamed) or the body waits until set


@dataclass
class ErrorReply:
    """A canned HTTP error in OpenAI's ``{"error": {...}}`` shape."""

    status: int
    message: str
    code: str | None = None
    retry_after: float | None = None


@dataclass
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]  # lower-case names
    body: Any
    at: float  # time.monotonic() on arrival


class OpenAIServer:
    """Start with ``start()`` or ``with``; ``base_url`` is ``http://127.0.0.1:PORT/v1``."""

    def __init__(
        self,
        *,
        default_text: str = "(no canned reply queued)",
        known_models: set[str] | None = None,
        responder: Callable[[dict[str, Any]], Reply | ErrorReply | str] | None = None,
        require_key: str | None = None,
        reports_model: str | None = None,
    ):
        self.default_text = default_text
        self.responder = responder
        self.reports_model = reports_model  # set: responses name this model (an Azure deployment's)
        self.require_key = require_key  # set: a request without ``Bearer <key>`` gets OpenAI's 401
        self.known_models = known_models
        self.requests: list[RecordedRequest] = []
        self._queue: deque[Reply | ErrorReply] = deque()
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- queueing -------------------------------------------------------------------------------
    def reply(
        self,
        text: str = "",
        *,
        tool_calls: list[tuple[str, dict[str, Any]]] | None = None,
        usage: tuple[int, int] | None = (10, 5),
        chunk_size: int = 4,
        delay: float = 0.0,
        stream_error: str | None = None,
        cut: bool = False,
    ) -> None:
        """Queue an assistant reply (text and/or tool calls given as ``(name, arguments)``)."""
        with self._lock:
            self._queue.append(
                Reply(text, list(tool_calls or []), usage, chunk_size, delay, stream_error, cut)
            )

    def error(
        self, status: int, message: str, *, code: str | None = None, retry_after: float | None = None
    ) -> None:
        """Queue an HTTP error answer (429 with ``Retry-After``, 401, 404, context overflow 400...)."""
        with self._lock:
            self._queue.append(ErrorReply(status, message, code, retry_after))

    def chat_requests(self) -> list[RecordedRequest]:
        """The recorded ``POST .../chat/completions`` requests."""
        with self._lock:
            return [r for r in self.requests if r.path.endswith("/chat/completions")]

    # -- lifecycle ------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        assert self._httpd is not None, "the server is not started"
        return f"http://127.0.0.1:{self._httpd.server_address[1]}"

    @property
    def base_url(self) -> str:
        return f"{self.url}/v1"

    def start(self) -> OpenAIServer:
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._httpd.daemon_threads = True
        httpd = self._httpd
        self._thread = threading.Thread(
            target=lambda: httpd.serve_forever(poll_interval=0.05), name="openai-server", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self) -> OpenAIServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- used by the handler --------------------------------------------------------------------
    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def _next(self, body: dict[str, Any]) -> Reply | ErrorReply:
        with self._lock:
            if self._queue:
                return self._queue.popleft()
        answer = self.responder(body) if self.responder else self.default_text
        return Reply(answer) if isinstance(answer, str) else answer


def _completion_chunks(reply: Reply, model: str, include_usage: bool) -> list[dict[str, Any]]:
    """The ``chat.completion.chunk`` objects of a streamed reply."""
    base = {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": model,
    }

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}], "usage": None}

    chunks = [chunk({"role": "assistant", "content": ""})]
    size = max(1, reply.chunk_size)
    chunks += [chunk({"content": reply.text[i : i + size]}) for i in range(0, len(reply.text), size)]
    if reply.stream_error is not None:
        return [*chunks, {"error": {"message": reply.stream_error, "type": "server_error", "code": None}}]
    if reply.cut:
        return chunks
    for index, (name, arguments) in enumerate(reply.tool_calls):
        text = json.dumps(arguments)
        first = {
            "index": index,
            "id": f"call_{index}",
            "type": "function",
            "function": {"name": name, "arguments": ""},
        }
        chunks.append(chunk({"tool_calls": [first]}))
        half = len(text) // 2
        for piece in (text[:half], text[half:]):
            chunks.append(chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]}))
    chunks.append(chunk({}, "tool_calls" if reply.tool_calls else "stop"))
    if include_usage and reply.usage is not None:
        chunks.append({**base, "choices": [], "usage": _usage(reply.usage)})
    return chunks


def _completion(reply: Reply, model: str) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": reply.text or None}
    if reply.tool_calls:
        message["tool_calls"] = [
            {"id": f"call_{i}", "type": "function", "function": {"name": n, "arguments": json.dumps(a)}}
            for i, (n, a) in enumerate(reply.tool_calls)
        ]
    body: dict[str, Any] = {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {"index": 0, "message": message, "finish_reason": "tool_calls" if reply.tool_calls else "stop"}
        ],
    }
    if reply.usage is not None:
        body["usage"] = _usage(reply.usage)
    return body


def _usage(usage: tuple[int, ...]) -> dict[str, Any]:
    prompt, completion, *cached = usage
    body: dict[str, Any] = {"prompt_tokens": prompt, "completion_tokens": completion}
    body["total_tokens"] = prompt + completion
    if cached:
        body["prompt_tokens_details"] = {"cached_tokens": cached[0]}
    return body


def _handler_for(server: OpenAIServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
            pass

        def handle(self) -> None:
            try:
                super().handle()
            except (BrokenPipeError, ConnectionResetError):  # the client gave up (a timeout test)
                pass

        def _refused(self) -> bool:
            """OpenAI's answer to a wrong or missing key, when the server wants one."""
            if (
                server.require_key is None
                or self.headers.get("Authorization") == f"Bearer {server.require_key}"
            ):
                return False
            error = {
                "message": "Incorrect API key provided.",
                "type": "invalid_request_error",
                "code": "invalid_api_key",
            }
            self._send_json(401, {"error": error})
            return True

        def do_GET(self) -> None:
            self._record(None)
            if self._refused():
                return
            models = sorted(server.known_models or {"fake-model"})
            self._send_json(200, {"object": "list", "data": [{"id": m, "object": "model"} for m in models]})

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                body = raw.decode("utf-8", "replace")
            self._record(body)
            if self._refused():
                return
            if not isinstance(body, dict) or not self.path.endswith("/chat/completions"):
                self._send_json(404, {"error": {"message": f"no route {self.path}", "code": "not_found"}})
                return
            model = str(body.get("model", ""))
            if server.known_models is not None and model not in server.known_models:
                message = f"The model `{model}` does not exist or you do not have access to it."
                self._send_json(
                    404,
                    {
                        "error": {
                            "message": message,
                            "type": "invalid_request_error",
                            "code": "model_not_found",
                        }
                    },
                )
                return
            canned = server._next(body)
            if isinstance(canned, ErrorReply):
                headers = {"Retry-After": f"{canned.retry_after:g}"} if canned.retry_after is not None else {}
                error = {"message": canned.message, "type": "invalid_request_error", "code": canned.code}
                self._send_json(canned.status, {"error": error}, headers)
                return
            time.sleep(canned.delay)
            if body.get("stream"):
                include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
                chunks = _completion_chunks(canned, server.reports_model or model, include_usage)
                self._send_stream(chunks, done=not (canned.cut or canned.stream_error), reply=canned)
            else:
                if canned.hold is not None:  # an unstreamed reply: nothing at all until released
                    canned.hold.wait(timeout=120)
                self._send_json(200, _completion(canned, server.reports_model or model))

        def _record(self, body: Any) -> None:
            headers = {k.lower(): v for k, v in self.headers.items()}
            server._record(RecordedRequest(self.command, self.path, headers, body, time.monotonic()))

        def _send_json(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def _send_stream(self, chunks: list[dict[str, Any]], done: bool, reply: Reply) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for n, event in enumerate([*(json.dumps(c) for c in chunks), *(["[DONE]"] if done else [])]):
                if n == 1 and reply.hold is not None:  # the role chunk is out; the first words wait
                    reply.hold.wait(timeout=120)
                elif n and reply.pace:
                    time.sleep(reply.pace)
                self._write_chunk(f"data: {event}\n\n".encode())
            self._write_chunk(b"")

        def _write_chunk(self, data: bytes) -> None:
            self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            self.wfile.flush()

    return Handler
