"""Rules page buttons remember their language; those from before languages read English."""

from __future__ import annotations

from cogs.rulebook_pages import RulePageButton


async def _button(custom_id: str) -> RulePageButton:
    match = RulePageButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None, custom_id
    return await RulePageButton.from_custom_id(None, None, match)  # type: ignore[arg-type]


async def test_a_page_button_keeps_the_language_it_was_shown_in() -> None:
    shown = RulePageButton("es", "hare", "finishing", 2, "Next")
    button = await _button(shown.item.custom_id)
    assert (button.lang, button.game, button.key, button.page) == ("es", "hare", "finishing", 2)


async def test_a_page_button_from_before_languages_turns_in_english() -> None:
    button = await _button("rules:page:hare:finishing:1")
    assert (button.lang, button.game, button.key, button.page) == ("en", "hare", "finishing", 1)
