"""Rules page buttons remember their language and asker; those from before languages read
English, those from before askers belong to whoever ran the command."""

from __future__ import annotations

from types import SimpleNamespace

from cogs.rulebook_pages import RulePageButton

ASKER = 42
CLICK = SimpleNamespace(
    message=SimpleNamespace(interaction_metadata=SimpleNamespace(user=SimpleNamespace(id=ASKER)))
)
"""What a click says of its message: who ran the command the message answers."""


async def _button(custom_id: str) -> RulePageButton:
    match = RulePageButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None, custom_id
    return await RulePageButton.from_custom_id(CLICK, None, match)  # type: ignore[arg-type]


async def test_a_page_button_keeps_the_language_and_asker_it_was_shown_with() -> None:
    shown = RulePageButton("es", "hare", "finishing", 2, 7, "Next")
    button = await _button(shown.item.custom_id)
    assert (button.lang, button.game, button.key, button.page) == ("es", "hare", "finishing", 2)
    assert button.owner == 7


async def test_a_page_button_from_before_languages_turns_in_english() -> None:
    button = await _button("rules:page:hare:finishing:1")
    assert (button.lang, button.game, button.key, button.page) == ("en", "hare", "finishing", 1)
    assert button.owner == ASKER, "the one who ran the command"
