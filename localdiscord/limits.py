"""Discord's payload limits that only its developer documentation states, as pure functions.

Types, lengths and ranges that Discord's OpenAPI specification states are checked against it
(``openapi.py``) before these. Each ``check_*`` function adds problems to a
:class:`FormErrors`, which renders Discord's ``Invalid Form Body`` error tree
(``{"content": {"_errors": [{"code": ..., "message": ...}]}}``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

Path = Sequence[str | int]

COMPONENTS_V2 = 1 << 15

MAX_CONTENT = 2000
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_COMPONENTS = 25
MAX_COMPONENTS_V2 = 40
MAX_ATTACHMENTS = 10
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
"""Per file, for a bot in a server without boosts (gateway.py announces the same value)."""
EMBED_IMAGE_EXTENSIONS = (".jpg", ".jpeg", ".png", ".webp", ".gif")
ATTACHMENT_SCHEME = "attachment://"
_ATTACHMENT_NAME = re.compile(r"^[A-Za-z0-9_.-]+$")
_FILE_FIELD = re.compile(r"^files\[(\d+)\]$")

# Which initial response types Discord accepts for each interaction type.
ALLOWED_RESPONSES: dict[int, set[int]] = {
    1: {1},  # ping
    2: {4, 5, 9},  # application command
    3: {4, 5, 6, 7, 9},  # message component
    4: {8},  # autocomplete
    5: {4, 5, 6, 7},  # modal submit
}


class FormErrors:
    """Collects errors in Discord's nested ``errors`` shape."""

    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}

    def add(self, path: Path, code: str, message: str) -> None:
        node = self.tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def __bool__(self) -> bool:
        return bool(self.tree)

    def flat(self) -> list[str]:
        """Readable ``path: message`` lines."""
        out: list[str] = []

        def walk(node: dict[str, Any], prefix: str) -> None:
            for key, value in node.items():
                if key == "_errors":
                    out.extend(f"{prefix or '<root>'}: {e['message']}" for e in value)
                else:
                    walk(value, f"{prefix}.{key}" if prefix else key)

        walk(self.tree, "")
        return out


def _max_len(errors: FormErrors, path: Path, value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        errors.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _bad_len(errors: FormErrors, path: Path, value: Any, low: int, high: int) -> None:
    if value is None or (isinstance(value, str | list) and not low <= len(value) <= high):
        errors.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def _required(errors: FormErrors, path: Path, value: Any) -> bool:
    if value is None or value == "":
        errors.add(path, "BASE_TYPE_REQUIRED", "This field is required")
        return False
    return True


# ----------------------------------------------------------------------------- embeds


def embed_size(embed: dict[str, Any]) -> int:
    """Characters counted towards the 6000 total (title, description, fields, footer, author)."""
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    for fld in embed.get("fields") or []:
        total += len(fld.get("name") or "") + len(fld.get("value") or "")
    return total


def check_embeds(embeds: list[dict[str, Any]], errors: FormErrors, path: Path) -> None:
    """Fields with a name and a value, and 6,000 characters across the message's embeds."""
    for i, embed in enumerate(embeds):
        for j, fld in enumerate(embed.get("fields") or []):
            fp = (*path, i, "fields", j)
            _required(errors, (*fp, "name"), fld.get("name"))
            _required(errors, (*fp, "value"), fld.get("value"))
    if sum(embed_size(e) for e in embeds if isinstance(e, dict)) > MAX_EMBED_TOTAL:
        errors.add(path, "MAX_EMBED_SIZE_EXCEEDED",
                   f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}")


# ----------------------------------------------------------------------------- components


def _check_custom_id(comp: dict[str, Any], errors: FormErrors, path: Path,
                     seen: set[str]) -> None:
    custom_id = comp.get("custom_id")
    if custom_id is None:
        errors.add((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
        return
    if custom_id in seen:
        errors.add((*path, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED",
                   "Component custom id cannot be duplicated")
    seen.add(custom_id)


def check_button(comp: dict[str, Any], errors: FormErrors, path: Path, seen: set[str]) -> None:
    style = comp.get("style")
    if style == 5:
        if not comp.get("url"):
            errors.add((*path, "url"), "BUTTON_COMPONENT_URL_REQUIRED", "A url is required")
        if comp.get("custom_id") is not None:
            errors.add((*path, "custom_id"), "BUTTON_COMPONENT_LINK_HAS_CUSTOM_ID",
                       "A link button cannot have a custom id")
    elif style == 6:
        if not comp.get("sku_id"):
            errors.add((*path, "sku_id"), "BASE_TYPE_REQUIRED", "This field is required")
    else:
        if comp.get("url") is not None:
            errors.add((*path, "url"), "BUTTON_COMPONENT_URL_NOT_ALLOWED",
                       "A non-link button cannot have a url")
        _check_custom_id(comp, errors, path, seen)
    if style != 6 and not comp.get("label") and not comp.get("emoji"):
        errors.add(path, "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
                   "A button must have a label or an emoji")


def check_select(comp: dict[str, Any], errors: FormErrors, path: Path, seen: set[str]) -> None:
    _check_custom_id(comp, errors, path, seen)
    min_values = comp.get("min_values")
    max_values = comp.get("max_values")
    min_values = 1 if min_values is None else min_values
    max_values = 1 if max_values is None else max_values
    if min_values > max_values:
        errors.add((*path, "min_values"), "SELECT_COMPONENT_MIN_VALUES_GREATER_THAN_MAX",
                   "min_values must be less than or equal to max_values")
    if comp.get("type") != 3:
        return
    options = comp.get("options") or []
    values: set[str] = set()
    defaults = 0
    for i, opt in enumerate(options):
        op = (*path, "options", i)
        if opt.get("value") in values:
            errors.add((*op, "value"), "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                       "Select component option values must be unique")
        values.add(opt.get("value"))
        defaults += bool(opt.get("default"))
    if options and max_values > len(options):
        errors.add((*path, "max_values"), "SELECT_COMPONENT_MAX_VALUES_EXCEEDS_OPTIONS",
                   "max_values cannot exceed the number of options")
    if defaults > max_values:
        errors.add((*path, "options"), "SELECT_COMPONENT_TOO_MANY_DEFAULTS",
                   "More default options than max_values")


def check_action_row(row: dict[str, Any], errors: FormErrors, path: Path, seen: set[str]) -> None:
    children = row.get("components") or []
    selects = [c for c in children if c.get("type") in (3, 5, 6, 7, 8)]
    if selects and len(children) > 1:
        errors.add((*path, "components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                   "The specified component exceeds the maximum width")
    for i, child in enumerate(children):
        cp = (*path, "components", i)
        ctype = child.get("type")
        if ctype == 2:
            check_button(child, errors, cp, seen)
        elif ctype in (3, 5, 6, 7, 8):
            check_select(child, errors, cp, seen)


def count_components(components: list[dict[str, Any]]) -> int:
    total = 0
    for comp in components:
        if not isinstance(comp, dict):
            continue
        total += 1
        total += count_components(comp.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                total += count_components([comp[key]])
    return total


def _check_v2(comps: list[dict[str, Any]], errors: FormErrors, path: Path, seen: set[str]) -> None:
    for i, comp in enumerate(comps):
        cp = (*path, i)
        ctype = comp.get("type")
        if ctype == 1:
            check_action_row(comp, errors, cp, seen)
        elif ctype == 2:
            check_button(comp, errors, cp, seen)
        elif ctype in (3, 5, 6, 7, 8):
            check_select(comp, errors, cp, seen)
        elif ctype == 9:
            _check_v2(comp.get("components") or [], errors, (*cp, "components"), seen)
            accessory = comp.get("accessory")
            if isinstance(accessory, dict):
                _check_v2([accessory], errors, (*cp, "accessory"), seen)
        elif ctype == 17:
            _check_v2(comp.get("components") or [], errors, (*cp, "components"), seen)


def check_components(components: list[dict[str, Any]], errors: FormErrors, path: Path, *,
                     v2: bool) -> None:
    seen: set[str] = set()
    if v2:
        if count_components(components) > MAX_COMPONENTS_V2:
            errors.add(path, "BASE_TYPE_MAX_LENGTH",
                       f"Must be {MAX_COMPONENTS_V2} or fewer in length.")
        _check_v2(components, errors, path, seen)
        return
    if len(components) > MAX_ROWS:
        errors.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between 0 and {MAX_ROWS} in length.")
    if count_components(components) - len(components) > MAX_COMPONENTS:
        errors.add(path, "BASE_TYPE_MAX_LENGTH",
                   f"Must be {MAX_COMPONENTS} or fewer components in total.")
    for i, row in enumerate(components):
        rp = (*path, i)
        if not isinstance(row, dict) or row.get("type") != 1:
            errors.add((*rp, "type"), "COMPONENT_LAYOUT_INVALID",
                       "Top-level components must be action rows")
            continue
        check_action_row(row, errors, rp, seen)


# ----------------------------------------------------------------------------- messages


def check_message(payload: dict[str, Any], errors: FormErrors, path: Path = (),
                  *, flags: int | None = None) -> None:
    """Validate a create/edit message payload (``flags`` overrides the payload's flags)."""
    if not isinstance(payload, dict):
        errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return
    effective_flags = payload.get("flags") if flags is None else flags
    v2 = bool((effective_flags or 0) & COMPONENTS_V2)
    _max_len(errors, (*path, "content"), payload.get("content"), MAX_CONTENT)
    if payload.get("embeds") is not None:
        check_embeds(payload["embeds"], errors, (*path, "embeds"))
    if payload.get("components") is not None:
        check_components(payload["components"], errors, (*path, "components"), v2=v2)
    if v2:
        for key in ("content", "embeds", "poll", "stickers"):
            if payload.get(key):
                errors.add((*path, key), "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                           f"The '{key}' field cannot be used when using "
                           "MessageFlags.IS_COMPONENTS_V2")


# ----------------------------------------------------------------------------- attachments


def check_attachments(payload: dict[str, Any], fields: Sequence[str], errors: FormErrors,
                      path: Path = ()) -> None:
    """The ``files[n]`` parts (by form field name) of a message create/edit: at most 10,
    each named ``files[n]`` once (the ``attachments`` list is the specification's)."""
    if len(fields) > MAX_ATTACHMENTS:
        errors.add((*path, "attachments"), "BASE_TYPE_MAX_LENGTH",
                   f"Must be {MAX_ATTACHMENTS} or fewer in length.")
    seen: set[str] = set()
    for name in fields:
        if not _FILE_FIELD.match(name) or name in seen:
            errors.add((*path, "files"), "FILE_UPLOAD_INVALID_FIELD",
                       f"File parts must be named files[n], each once; got {name!r}")
        seen.add(name)


def attachment_references(embeds: Any) -> Iterator[tuple[int, str, str, str]]:
    """Every ``attachment://name`` an embed uses: (embed index, part, key, name), e.g.
    ``(0, "image", "url", "board.png")``."""
    for i, embed in enumerate(embeds or []):
        if not isinstance(embed, dict):
            continue
        for where, key in (("image", "url"), ("thumbnail", "url"), ("author", "icon_url"),
                           ("footer", "icon_url")):
            part = embed.get(where)
            url = part.get(key) if isinstance(part, dict) else None
            if isinstance(url, str) and url.startswith(ATTACHMENT_SCHEME):
                yield i, where, key, url[len(ATTACHMENT_SCHEME):]


def attachment_reference_problem(name: str, filenames: Sequence[str]) -> str | None:
    """Why Discord would not show ``attachment://name`` in an embed, or None if it would."""
    if not _ATTACHMENT_NAME.match(name):
        return "the name must be ASCII letters, digits, underscores, dashes or dots"
    if not name.lower().endswith(EMBED_IMAGE_EXTENSIONS):
        return "only .jpg, .jpeg, .png, .webp and .gif can be shown in an embed"
    if name not in filenames:
        return f"the message has no attachment of that name (it has {list(filenames)})"
    return None


def is_empty_message(payload: dict[str, Any], *, files: int = 0) -> bool:
    """Discord answers 50006 "Cannot send an empty message" for these."""
    return not (
        payload.get("content")
        or payload.get("embeds")
        or payload.get("components")
        or payload.get("sticker_ids")
        or payload.get("poll")
        or files
    )


def check_autocomplete(data: Any, errors: FormErrors, path: Path = ("data",)) -> None:
    if not isinstance(data, dict):
        errors.add(path, "BASE_TYPE_REQUIRED", "This field is required")
        return
    choices = data.get("choices")
    if not isinstance(choices, list):
        errors.add((*path, "choices"), "BASE_TYPE_REQUIRED", "This field is required")
        return
    for i, choice in enumerate(choices):
        cp = (*path, "choices", i)
        value = choice.get("value")
        if isinstance(value, str):
            _max_len(errors, (*cp, "value"), value, 100)
        elif not isinstance(value, int | float) or isinstance(value, bool):
            errors.add((*cp, "value"), "BASE_TYPE_REQUIRED", "This field is required")


def _check_text_input(comp: dict[str, Any], errors: FormErrors, path: Path,
                      seen: set[str], *, labelled: bool) -> None:
    _check_custom_id(comp, errors, path, seen)
    if not labelled:
        _bad_len(errors, (*path, "label"), comp.get("label"), 1, 45)


def check_modal(data: Any, errors: FormErrors, path: Path = ("data",)) -> None:
    if not isinstance(data, dict):
        errors.add(path, "BASE_TYPE_REQUIRED", "This field is required")
        return
    comps = data.get("components")
    _bad_len(errors, (*path, "components"), comps, 1, 5)
    seen: set[str] = set()
    for i, comp in enumerate(comps or []):
        cp = (*path, "components", i)
        ctype = comp.get("type")
        if ctype == 1:
            inner = comp.get("components") or []
            _bad_len(errors, (*cp, "components"), inner, 1, 1)
            for j, child in enumerate(inner):
                if child.get("type") == 4:
                    _check_text_input(child, errors, (*cp, "components", j), seen, labelled=False)
        elif ctype == 18:
            child = comp.get("component") or {}
            if child.get("type") == 4:
                _check_text_input(child, errors, (*cp, "component"), seen, labelled=True)
            elif child.get("type") in (3, 5, 6, 7, 8):
                check_select(child, errors, (*cp, "component"), seen)


def check_interaction_response(body: Any, interaction_type: int) -> FormErrors:
    """Validate an interaction callback body for an interaction of ``interaction_type``."""
    errors = FormErrors()
    if not isinstance(body, dict):
        errors.add((), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return errors
    rtype = body.get("type")
    allowed = ALLOWED_RESPONSES.get(interaction_type, set())
    if rtype not in allowed:
        errors.add(("type",), "INTERACTION_RESPONSE_TYPE_INVALID",
                   f"Value must be one of {sorted(allowed)} for interaction type "
                   f"{interaction_type}.")
        return errors
    data = body.get("data")
    if rtype in (4, 7):
        check_message(data or {}, errors, ("data",))
    elif rtype == 8:
        check_autocomplete(data, errors)
    elif rtype == 9:
        check_modal(data, errors)
    return errors
