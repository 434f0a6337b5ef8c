"""Discord's official OpenAPI specification: which routes exist, and what each request and
response of a route must look like.

The specification is read from ``shared/discord-api-spec/openapi.json`` beside the project,
once per process; one validator per schema (a route's body, parameter or response for one
status) is built the first time it is needed and kept.
"""

from __future__ import annotations

import functools
import re
import urllib.parse
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema_rs
import orjson

SPEC_FILE = (Path(__file__).resolve().parents[1].parent
             / "shared" / "discord-api-spec" / "openapi.json")
_BASE_URI = "urn:discord-openapi"
_METHODS = ("get", "put", "post", "patch", "delete")

_CODES = {
    "Required": "BASE_TYPE_REQUIRED",
    "Type": "BASE_TYPE_CONVERT",
    "Maximum": "NUMBER_TYPE_MAX",
    "ExclusiveMaximum": "NUMBER_TYPE_MAX",
    "Minimum": "NUMBER_TYPE_MIN",
    "ExclusiveMinimum": "NUMBER_TYPE_MIN",
    "MaxLength": "BASE_TYPE_MAX_LENGTH",
    "MaxItems": "BASE_TYPE_MAX_LENGTH",
    "MinLength": "BASE_TYPE_MIN_LENGTH",
    "MinItems": "BASE_TYPE_MIN_LENGTH",
    "Enum": "BASE_TYPE_CHOICES",
    "Constant": "BASE_TYPE_CHOICES",
    "Pattern": "STRING_TYPE_REGEX",
    "UniqueItems": "BASE_TYPE_UNIQUE",
    "OneOfNotValid": "UNION_TYPE_CHOICES",
    "OneOfMultipleValid": "UNION_TYPE_CHOICES",
    "AnyOf": "UNION_TYPE_CHOICES",
}
"""Discord's error codes for what each JSON Schema keyword refuses."""


def _requests_as_discord_takes_them(document: dict[str, Any]) -> None:
    """Where Discord takes more than its specification says (the one place for such
    exceptions, each with its reason): Discord takes a snowflake in a request as a JSON
    integer too, and discord.py sends some that way (``recipient_id`` when it opens a DM),
    while the specification types every snowflake as a string."""
    snowflake = document["components"]["schemas"]["SnowflakeType"]
    snowflake["type"] = ["string", "integer"]
    snowflake["minimum"] = 0


def _answers_as_discord_gives_them(document: dict[str, Any]) -> None:
    """Where Discord answers otherwise than its specification says: the errors of one field
    of an ``Invalid Form Body`` carry a string code (``BASE_TYPE_REQUIRED``), while the
    specification types every error code as an integer."""
    inner = document["components"]["schemas"]["InnerErrors"]["properties"]["_errors"]
    inner["items"] = {"type": "object", "required": ["code", "message"], "properties": {
        "code": {"type": ["string", "integer"]}, "message": {"type": "string"}}}


_KINDS = ("Type", "Constant", "Enum", "OneOfNotValid", "OneOfMultipleValid", "AnyOf",
          "FalseSchema")
"""Errors that say a value is of another kind than a union's branch, not a faulty one."""

_MESSAGES = {
    "Required": "This field is required",
    "MaxLength": "Must be {kind.limit} or fewer in length.",
    "MaxItems": "Must be {kind.limit} or fewer in length.",
    "MinLength": "Must be {kind.limit} or more in length.",
    "MinItems": "Must be {kind.limit} or more in length.",
    "Maximum": "int value should be less than or equal to {kind.limit}.",
    "Minimum": "int value should be greater than or equal to {kind.limit}.",
}
"""Discord's wording, where it is known; the schema library's otherwise."""


class SpecMissing(RuntimeError):
    """The shared specification is not where the simulated Discord reads it."""


@dataclass(frozen=True)
class Problem:
    """One thing the specification refuses: where in the value, Discord's code, and why."""

    path: tuple[str | int, ...]
    code: str
    message: str
    schema_path: str

    def __str__(self) -> str:
        where = ".".join(map(str, self.path)) or "<root>"
        return f"{where}: {self.message} (schema {self.schema_path})"


@dataclass
class Operation:
    """One route and method of the specification, with the JSON pointers of its schemas."""

    method: str
    template: str
    pointer: str
    regex: re.Pattern[str]
    parameters: dict[tuple[str, str], tuple[str, bool]] = field(default_factory=dict)
    """(``path`` or ``query``, name) -> (pointer of its schema, required)."""
    bodies: dict[str, str] = field(default_factory=dict)
    """Media type -> pointer of the request body's schema."""
    body_required: bool = False
    responses: dict[str, str | None] = field(default_factory=dict)
    """Status (``200``, ``4XX``) -> pointer of the response's JSON schema, None for no body."""

    @property
    def literal_weight(self) -> int:
        return sum(1 for part in self.template.split("/") if part and "{" not in part)


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


class Specification:
    """Discord's HTTP API as its specification describes it."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self._registries: dict[str, jsonschema_rs.Registry] = {}
        for side, errata in (("request", _requests_as_discord_takes_them),
                             ("response", _answers_as_discord_gives_them)):
            copy = orjson.loads(orjson.dumps(document))
            errata(copy)
            self._registries[side] = jsonschema_rs.Registry([(_BASE_URI, copy)])
        self._validators: dict[tuple[str, str], jsonschema_rs.Validator] = {}
        self.operations = sorted(self._operations(), key=lambda op: -op.literal_weight)

    def _operations(self) -> Iterator[Operation]:
        for template, item in self.document["paths"].items():
            base = f"/paths/{_escape(template)}"
            pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
            regex = re.compile(f"^{pattern}$")
            for method in _METHODS:
                if method not in item:
                    continue
                op = item[method]
                where = f"{base}/{method}"
                operation = Operation(method.upper(), template, where, regex)
                for owner, params in ((base, item.get("parameters", [])),
                                      (where, op.get("parameters", []))):
                    for i, param in enumerate(params):
                        operation.parameters[(param["in"], param["name"])] = (
                            f"{owner}/parameters/{i}/schema", bool(param.get("required")))
                body = op.get("requestBody")
                if body is not None:
                    body = self.resolve(body)
                    operation.body_required = bool(body.get("required"))
                    for media in body.get("content", {}):
                        operation.bodies[media] = (
                            f"{where}/requestBody/content/{_escape(media)}/schema")
                for status, answer in op.get("responses", {}).items():
                    pointer = f"{where}/responses/{status}"
                    if "$ref" in answer:
                        pointer = answer["$ref"].removeprefix("#")
                        answer = self.resolve(answer)
                    has_json = "application/json" in answer.get("content", {})
                    operation.responses[status] = (
                        f"{pointer}/content/application~1json/schema" if has_json else None)
                yield operation

    def resolve(self, node: dict[str, Any]) -> dict[str, Any]:
        """``node`` with any ``$ref`` into this document followed."""
        while "$ref" in node:
            node = self.lookup(node["$ref"].removeprefix("#"))
        return node

    def lookup(self, pointer: str) -> Any:
        node: Any = self.document
        for token in pointer.strip("/").split("/"):
            token = token.replace("~1", "/").replace("~0", "~")
            node = node[int(token)] if isinstance(node, list) else node[token]
        return node

    # -- routes --------------------------------------------------------------------------

    def operation(self, method: str, path: str) -> tuple[Operation, dict[str, str]] | None:
        """The route ``method path`` is, with its path parameters; None if Discord has none."""
        for op in self.operations:
            if op.method != method:
                continue
            m = op.regex.match(path)
            if m:
                return op, m.groupdict()
        return None

    # -- validation ----------------------------------------------------------------------

    def _validator(self, side: str, pointer: str) -> jsonschema_rs.Validator:
        validator = self._validators.get((side, pointer))
        if validator is None:
            ref = _BASE_URI + "#" + urllib.parse.quote(pointer, safe="/~")
            validator = jsonschema_rs.validator_for({"$ref": ref},
                                                    registry=self._registries[side])
            self._validators[side, pointer] = validator
        return validator

    def problems(self, side: str, pointer: str, value: Any,
                 prefix: tuple[str | int, ...] = ()) -> list[Problem]:
        """What the schema at ``pointer`` refuses in ``value`` (empty when it fits), with
        the errata of ``side`` (``request`` or ``response``)."""
        validator = self._validator(side, pointer)
        if validator.is_valid(value):
            return []
        return [problem for error in validator.iter_errors(value)
                for problem in _explained(error, prefix)]

    def check_request(self, op: Operation, params: dict[str, str], query: dict[str, str],
                      body: Any, *, multipart: bool) -> list[Problem]:
        """What Discord would refuse in a request to ``op``: path and query parameters,
        then the JSON body (a multipart request's ``payload_json``)."""
        found: list[Problem] = []
        for (where, name), (pointer, required) in op.parameters.items():
            given = params if where == "path" else query if where == "query" else None
            if given is None:
                continue
            if name not in given:
                if required:
                    found.append(Problem((name,), "BASE_TYPE_REQUIRED",
                                         "This field is required", pointer))
                continue
            value = _coerced(given[name], self.resolve(self.lookup(pointer)))
            found += self.problems("request", pointer, value, (name,))
        if body is None:
            if op.body_required:
                found.append(Problem((), "BASE_TYPE_REQUIRED", "A request body is required",
                                     f"{op.pointer}/requestBody"))
            return found
        media = "multipart/form-data" if multipart else "application/json"
        pointer = op.bodies.get(media) or op.bodies.get("application/json")
        if pointer is None:
            return found
        return found + self.problems("request", pointer, body)

    def check_response(self, op: Operation, status: int, payload: Any) -> list[Problem]:
        """What in a response of ``op`` does not fit the specification."""
        key = next((k for k in (str(status), f"{str(status)[0]}XX", "default")
                    if k in op.responses), None)
        where = f"{op.pointer}/responses"
        if key is None and status >= 500:
            # The specification describes no server error; Discord's come as its errors do.
            return self.problems("response", "/components/schemas/ErrorResponse", payload)
        if key is None:
            return [Problem((), "STATUS", f"the route never answers {status}", where)]
        pointer = op.responses[key]
        if pointer is None:
            if payload is None:
                return []
            return [Problem((), "BODY", f"a {status} answer of this route has no body",
                            f"{where}/{key}")]
        if payload is None:
            return [Problem((), "BODY", f"a {status} answer of this route has a JSON body",
                            pointer)]
        return self.problems("response", pointer, payload)


def _coerced(text: str, schema: dict[str, Any]) -> Any:
    """A path or query parameter's text as the JSON value its schema asks for."""
    kinds = schema.get("type")
    kinds = set(kinds) if isinstance(kinds, list) else {kinds}
    if "boolean" in kinds and text.lower() in ("true", "false", "1", "0"):
        return text.lower() in ("true", "1")
    if kinds & {"integer", "number"} and re.fullmatch(r"-?\d+", text):
        return int(text)
    if "number" in kinds:
        try:
            return float(text)
        except ValueError:
            return text
    return text


def _explained(error: jsonschema_rs.ValidationError,
               prefix: tuple[str | int, ...]) -> list[Problem]:
    """Problems in Discord's terms. A union (``oneOf``: a component, a command option)
    that fails is explained by the one branch whose ``type`` matched, when one did."""
    kind = error.kind
    name = type(kind).__name__
    if name in ("OneOfNotValid", "AnyOf"):
        branch = _matching_branch(kind.context, list(error.instance_path))
        if branch is not None:
            return [p for sub in branch for p in _explained(sub, prefix)]
    path = (*prefix, *error.instance_path)
    if name == "Required":
        path = (*path, kind.property)
    message = _MESSAGES.get(name, "{error.message}").format(error=error, kind=kind)
    schema_path = "/".join(map(str, error.schema_path))
    return [Problem(path, _CODES.get(name, f"SCHEMA_{name.upper()}"), message, schema_path)]


def _matching_branch(branches: Sequence[Sequence[jsonschema_rs.ValidationError]],
                     at: list[str | int]) -> Sequence[jsonschema_rs.ValidationError] | None:
    """The only branch of a failed union whose errors do not say the value is of another
    kind (its JSON type, or its ``type`` field), if there is exactly one."""
    def concerns_kind(err: jsonschema_rs.ValidationError) -> bool:
        where = list(err.instance_path)
        return where == [*at, "type"] or (where == at and type(err.kind).__name__ in _KINDS)

    fitting = [b for b in branches if b and not any(concerns_kind(e) for e in b)]
    return fitting[0] if len(fitting) == 1 else None


@functools.cache
def specification() -> Specification:
    """Discord's specification, read once per process."""
    try:
        raw = SPEC_FILE.read_bytes()
    except FileNotFoundError:
        raise SpecMissing(
            f"Discord's OpenAPI specification is missing: the simulated Discord reads it at "
            f"{SPEC_FILE} (shared/discord-api-spec/openapi.json beside the project)") from None
    return Specification(orjson.loads(raw))
