"""Typed MCP protocol models. Python attributes are snake_case; the wire is camelCase.

Parse with ``Model.model_validate(wire_dict)``; produce wire JSON with ``model.wire()``.
Unknown members are kept (``extra="allow"``) so newer servers and clients round-trip cleanly.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from ._jsonrpc import JsonRpcDecodeError, loads


class WireModel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="allow")

    def wire(self) -> dict[str, Any]:
        """The JSON-ready dict in wire form (camelCase, ``None`` members left out)."""
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)


class Implementation(WireModel):
    """``clientInfo`` / ``serverInfo``."""

    name: str
    version: str
    title: str | None = None


class ClientCapabilities(WireModel):
    roots: dict[str, Any] | None = None
    sampling: dict[str, Any] | None = None
    elicitation: dict[str, Any] | None = None
    experimental: dict[str, Any] | None = None


class ServerCapabilities(WireModel):
    tools: dict[str, Any] | None = None
    resources: dict[str, Any] | None = None
    prompts: dict[str, Any] | None = None
    logging: dict[str, Any] | None = None
    completions: dict[str, Any] | None = None
    experimental: dict[str, Any] | None = None


class InitializeParams(WireModel):
    protocol_version: str
    capabilities: ClientCapabilities = Field(default_factory=ClientCapabilities)
    client_info: Implementation


class InitializeResult(WireModel):
    protocol_version: str
    capabilities: ServerCapabilities = Field(default_factory=ServerCapabilities)
    server_info: Implementation
    instructions: str | None = None


class ToolAnnotations(WireModel):
    """Hints about a tool's behaviour. Untrusted when the server is; ``None`` means the spec default."""

    title: str | None = None
    read_only_hint: bool | None = None  # spec default False
    destructive_hint: bool | None = None  # spec default True
    idempotent_hint: bool | None = None  # spec default False
    open_world_hint: bool | None = None  # spec default True


class Tool(WireModel):
    name: str
    title: str | None = None
    description: str | None = None
    input_schema: dict[str, Any] = Field(default_factory=lambda: {"type": "object"})
    output_schema: dict[str, Any] | None = None
    annotations: ToolAnnotations | None = None
    meta: dict[str, Any] | None = Field(None, alias="_meta")


class ListToolsResult(WireModel):
    tools: list[Tool] = Field(default_factory=list)
    next_cursor: str | None = None


class ResourceContents(WireModel):
    """Text (``text``) or binary (``blob``, base64) contents of one resource."""

    uri: str
    mime_type: str | None = None
    text: str | None = None
    blob: str | None = None


class TextContent(WireModel):
    type: Literal["text"] = "text"
    text: str


class ImageContent(WireModel):
    type: Literal["image"] = "image"
    data: str  # base64
    mime_type: str


class AudioContent(WireModel):
    type: Literal["audio"] = "audio"
    data: str  # base64
    mime_type: str


class EmbeddedResource(WireModel):
    type: Literal["resource"] = "resource"
    resource: ResourceContents


class ResourceLink(WireModel):
    type: Literal["resource_link"] = "resource_link"
    uri: str
    name: str
    title: str | None = None
    description: str | None = None
    mime_type: str | None = None
    size: int | None = None


ContentBlock = Annotated[
    TextContent | ImageContent | AudioContent | EmbeddedResource | ResourceLink, Field(discriminator="type")
]


class CallToolResult(WireModel):
    """A ``tools/call`` result. ``is_error`` is a tool-execution error meant for the model to read."""

    content: list[ContentBlock] = Field(default_factory=list)
    structured_content: Any = None
    is_error: bool = False
    meta: dict[str, Any] | None = Field(None, alias="_meta")

    def text(self) -> str:
        """The text blocks joined by newlines (what a person or a model usually wants)."""
        content = self.content
        if len(content) == 1 and type(content[0]) is TextContent:  # the commonest result, no generator
            return content[0].text
        return "\n".join(block.text for block in content if isinstance(block, TextContent))


def tool_data(text: str, structured: Any) -> Any:
    """A tool result's data: its structured content, else its text when that is JSON, else None.

    Servers answer either way (many send JSON only as text), so every reader of tool data asks here.
    """
    if structured is not None:
        return structured
    try:
        return loads(text)
    except JsonRpcDecodeError:
        return None


class Resource(WireModel):
    uri: str
    name: str
    title: str | None = None
    description: str | None = None
    mime_type: str | None = None
    size: int | None = None


class ListResourcesResult(WireModel):
    resources: list[Resource] = Field(default_factory=list)
    next_cursor: str | None = None


class ReadResourceResult(WireModel):
    contents: list[ResourceContents] = Field(default_factory=list)


class PromptArgument(WireModel):
    name: str
    description: str | None = None
    required: bool | None = None


class Prompt(WireModel):
    name: str
    title: str | None = None
    description: str | None = None
    arguments: list[PromptArgument] = Field(default_factory=list)


class ListPromptsResult(WireModel):
    prompts: list[Prompt] = Field(default_factory=list)
    next_cursor: str | None = None


class PromptMessage(WireModel):
    role: Literal["user", "assistant"]
    content: ContentBlock


class GetPromptResult(WireModel):
    description: str | None = None
    messages: list[PromptMessage] = Field(default_factory=list)


class ProgressParams(WireModel):
    """``notifications/progress``."""

    progress_token: str | int
    progress: float
    total: float | None = None
    message: str | None = None


class LoggingMessageParams(WireModel):
    """``notifications/message``; ``level`` is a syslog level name."""

    level: str
    logger: str | None = None
    data: Any = None


class CancelledParams(WireModel):
    """``notifications/cancelled``."""

    request_id: str | int
    reason: str | None = None
