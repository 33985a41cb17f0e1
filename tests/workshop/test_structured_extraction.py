"""The extraction fallback asks for the phase's whole record as structured output where the
provider has it (``response_format`` with a strict ``json_schema``), against the loopback OpenAI
fake; JSON in prose for the others, and for a server that refuses it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from sofia_nb.config import ModelInfo, Settings
from sofia_nb.llm import Endpoint, OpenAICompatLLM, ScriptedLLM
from sofia_nb.session import Idea, Phase, WorkshopSession
from sofia_nb.workshop import Workshop
from sofia_nb.workshop._phases import spec_for
from tests.support.openai_server import OpenAIServer

# What a strict-schema answer looks like: every field present, null where the transcript is silent,
# the BXT mapping as key/value pairs.
STRICT_ANSWER = {
    "evaluation": {
        "scale": "1-5",
        "method": "feasibility x value",
        "notes": [],
        "ideas": [
            {
                "idea_id": "idea-1",
                "feasibility": 4,
                "value": 5,
                "risks": ["pump data gaps"],
                "data_needed": ["SCADA history"],
                "human_value": "fewer night call-outs",
                "human_value_score": None,
                "kpis": [],
                "assumptions": [],
                "bxt": [{"key": "business", "value": "less water lost"}],
            }
        ],
    }
}


def _strict_problems(node: Any, path: str = "$") -> Iterator[str]:
    """Where ``node`` breaks OpenAI's strict mode: an object not closed or not listing every field
    as required, or a keyword strict mode refuses."""
    if isinstance(node, dict):
        if node.get("type") == "object" or "properties" in node:
            if node.get("additionalProperties") is not False:
                yield f"{path}: additionalProperties"
            if set(node.get("required", [])) != set(node.get("properties", {})):
                yield f"{path}: required"
        yield from (f"{path}: {k}" for k in ("default", "minLength", "maxLength") if k in node)
        for key, value in node.items():
            yield from _strict_problems(value, f"{path}.{key}")
    elif isinstance(node, list):
        for n, value in enumerate(node):
            yield from _strict_problems(value, f"{path}[{n}]")


def _design_workshop(llm: Any) -> Workshop:
    session = WorkshopSession(phase=Phase.DESIGN, ideas=[Idea(id="idea-1", title="Leak finder")])
    session.add_turn(Phase.DESIGN, "user", "Leak finder: feasibility 4, value 5; pump data has gaps.")
    session.add_turn(
        Phase.DESIGN, "assistant", "Noted: 4 and 5; fewer night call-outs; SCADA history needed."
    )
    return Workshop(session, llm)


@pytest.mark.parametrize("provider", ["openai", "azure", "github", "ollama"])
def test_the_extraction_asks_for_the_whole_record_as_strict_json_schema_output(provider: str) -> None:
    with OpenAIServer(responder=lambda body: json.dumps(STRICT_ANSWER)) as server:
        llm = OpenAICompatLLM(Endpoint(provider=provider, model="m", base_url=server.base_url))
        workshop = _design_workshop(llm)
        outcome = asyncio.run(workshop.complete_phase())
        [request] = server.chat_requests()
    fmt = request.body["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["name"] == "design_record"
    assert fmt["json_schema"]["strict"] is True
    schema = fmt["json_schema"]["schema"]
    Draft202012Validator.check_schema(schema)
    assert list(_strict_problems(schema)) == []
    assert set(schema["properties"]) == {"evaluation"}  # the whole record, not a patch
    Draft202012Validator(schema).validate(STRICT_ANSWER)  # the answer above is one the server may give
    assert outcome.complete and outcome.fallback_used
    evaluation = workshop.session.evaluation
    assert evaluation is not None
    [e] = evaluation.ideas
    assert (e.feasibility, e.value, e.risks, e.human_value) == (
        4,
        5,
        ["pump data gaps"],
        "fewer night call-outs",
    )
    assert e.bxt == {"business": "less water lost"}  # pairs back into the mapping
    assert e.human_value_score is None and workshop.session.activities[-1].message == "Design completed"


@pytest.mark.parametrize("phase", [Phase.DISCOVER, Phase.IDEATE, Phase.DESIGN, Phase.SELECT, Phase.PLAN])
def test_every_phase_s_record_has_a_strict_schema(phase: Phase) -> None:
    schema = spec_for(phase).output_schema().strict()
    Draft202012Validator.check_schema(schema)
    assert list(_strict_problems(schema)) == []


def test_a_server_that_refuses_response_format_is_asked_again_for_json_in_prose() -> None:
    prose = (
        "```json\n"
        + json.dumps({"evaluation": {"ideas": [{"idea_id": "idea-1", "feasibility": 4, "value": 5}]}})
        + "\n```"
    )
    with OpenAIServer() as server:
        server.error(400, "Unrecognized request argument supplied: response_format")
        server.reply(prose)
        llm = OpenAICompatLLM(Endpoint(provider="openai", model="m", base_url=server.base_url))
        workshop = _design_workshop(llm)
        outcome = asyncio.run(workshop.complete_phase())
        first, second = server.chat_requests()
    assert "response_format" in first.body and "response_format" not in second.body
    assert "JSON Schema" in second.body["messages"][0]["content"]  # the schema is in the prompt
    assert outcome.complete and llm.structured_output is None


def test_the_model_table_can_turn_it_off_and_prose_providers_never_send_it() -> None:
    settings = Settings(models={"openai:m": ModelInfo(structured_output=False)})
    with OpenAIServer(responder=lambda body: "```json\n" + json.dumps(STRICT_ANSWER) + "\n```") as server:
        llm = OpenAICompatLLM(
            Endpoint(provider="openai", model="m", base_url=server.base_url), settings=settings
        )
        outcome = asyncio.run(_design_workshop(llm).complete_phase())
        [request] = server.chat_requests()
    assert "response_format" not in request.body and outcome.complete
    assert ScriptedLLM([]).structured_output is None


def test_a_refusal_for_another_reason_is_not_taken_for_one() -> None:
    with OpenAIServer() as server:
        server.error(400, "maximum context length is 8192 tokens", code="context_length_exceeded")
        llm = OpenAICompatLLM(Endpoint(provider="openai", model="m", base_url=server.base_url))
        workshop = _design_workshop(llm)
        outcome = asyncio.run(workshop.complete_phase())
        assert len(server.chat_requests()) == 1
    assert not outcome.complete and llm.structured_output == "json_schema"
