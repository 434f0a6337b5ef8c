"""Every game's Discord presentation, by key, and the game choices for commands."""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import locale_str

from cogs.canyon.render import CanyonPresenter
from cogs.common.presenter import Presenter
from cogs.hare.render import HarePresenter
from cogs.numbers.render import NumbersPresenter
from cogs.whyfirst.render import WhyFirstPresenter

PRESENTERS: dict[str, Presenter] = {
    presenter.game: presenter
    for presenter in (
        WhyFirstPresenter(), HarePresenter(), CanyonPresenter(), NumbersPresenter()
    )
}

GAME_CHOICES = [
    app_commands.Choice(name=locale_str(presenter.title), value=key)
    for key, presenter in PRESENTERS.items()
]
