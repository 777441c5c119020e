"""Interactive parts of an answer: page buttons and "did you mean" buttons or a select menu.

Only the member who asked may press them; others get a short ephemeral note.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.answers import Answer
from bot.chat import limits as L
from bot.chat.render import FULL_RULES_HEADING, full_rules_pages, render_pages

log = logging.getLogger(__name__)

#: Runs a command on the core: ``await rerun(name, args)``.
Rerun = Callable[[str, str], Awaitable[Answer]]
NOT_YOURS = "Эти кнопки — для того, кто задал вопрос. Спросите бота сами."
VIEW_TIMEOUT = 300.0
MAX_SUGGESTION_BUTTONS = 5
DEFER_AFTER = 1.5
#: A card label as the commands render it: «Баалит» (Путь хранителей 168).
_CARD_LABEL = re.compile(r"^«.+» \((?P<set>.+) (?P<number>\d+)\)(?: — .*)?$")


def suggestion_query(command: str, suggestion: str) -> str:
    """The query that re-runs the lookup for a suggestion (a card label → set and number)."""
    m = _CARD_LABEL.match(suggestion.strip())
    if command == "card" and m:
        return f"{m['set']} {m['number']}"
    return suggestion


class _TurnButton(discord.ui.Button["AnswerView"]):
    def __init__(self, label: str, step: int, disabled: bool = False):
        super().__init__(label=label, style=discord.ButtonStyle.secondary, row=0, disabled=disabled)
        self.step = step

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        await self.view.turn(interaction, self.step)


class _PickButton(discord.ui.Button["AnswerView"]):
    def __init__(self, suggestion: str, row: int = 1,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary):
        super().__init__(label=L.clip(suggestion, L.BUTTON_LABEL), style=style, row=row)
        self.suggestion = suggestion

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        await self.view.pick(interaction, self.suggestion)


class _PickSelect(discord.ui.Select["AnswerView"]):
    def __init__(self, suggestions: list[str], row: int = 1,
                 placeholder: str = "Возможно, вы имели в виду…"):
        super().__init__(placeholder=placeholder, row=row)
        self.suggestions = suggestions[: L.SELECT_OPTIONS]
        for i, text in enumerate(self.suggestions):
            self.add_option(label=L.clip(text, L.SELECT_LABEL), value=str(i))

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        await self.view.pick(interaction, self.suggestions[int(self.values[0])])


class _FullRulesButton(discord.ui.Button["AnswerView"]):
    """Shows the whole text of the rules the answer quotes in part, to whoever presses it
    (privately: the channel keeps the short answer)."""

    CUSTOM_ID = "berserk:full-rules"

    def __init__(self) -> None:
        super().__init__(label=FULL_RULES_HEADING, style=discord.ButtonStyle.secondary, row=3,
                         custom_id=self.CUSTOM_ID)

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        await send_embeds(interaction, full_rules_pages(self.view.answer), ephemeral=True)


async def send_embeds(interaction: discord.Interaction, embeds: list[discord.Embed],
                      ephemeral: bool) -> None:
    """Answer with ``embeds``, as many messages as Discord's limits need (10 embeds and 6,000
    characters a message)."""
    batches: list[list[discord.Embed]] = [[]]
    size = 0
    for embed in embeds:
        if batches[-1] and (len(batches[-1]) >= L.EMBEDS_PER_MESSAGE
                            or size + len(embed) > L.EMBED_TOTAL):
            batches.append([])
            size = 0
        batches[-1].append(embed)
        size += len(embed)
    for batch in batches:
        if interaction.response.is_done():
            await interaction.followup.send(embeds=batch, ephemeral=ephemeral)
        else:
            await interaction.response.send_message(embeds=batch, ephemeral=ephemeral)


class AnswerView(discord.ui.View):
    """Pages of one answer plus its suggestions. ``message`` is set by the sender."""

    def __init__(self, answer: Answer, pages: list[discord.Embed], owner_id: int, rerun: Rerun,
                 timeout: float | None = VIEW_TIMEOUT):
        super().__init__(timeout=timeout)
        self.answer, self.pages, self.owner_id, self.rerun = answer, pages, owner_id, rerun
        self.page = 0
        self.message: discord.Message | discord.InteractionMessage | None = None
        if len(pages) > 1:
            self.prev_button = _TurnButton("◀", -1, disabled=True)
            self.counter = discord.ui.Button[AnswerView](
                label=self._counter(), style=discord.ButtonStyle.secondary, row=0, disabled=True)
            self.next_button = _TurnButton("▶", +1)
            for item in (self.prev_button, self.counter, self.next_button):
                self.add_item(item)
        if any(section.full for section in answer.sections):
            self.add_item(_FullRulesButton())
        suggestions = answer.suggestions
        if 0 < len(suggestions) <= MAX_SUGGESTION_BUTTONS:
            for text in suggestions:
                self.add_item(_PickButton(text))
        elif suggestions:
            self.add_item(_PickSelect(suggestions))
        # Related answers (the same number in the other sets, the other prints): one more row.
        links = answer.links
        if 0 < len(links) <= MAX_SUGGESTION_BUTTONS:
            for text in links:
                self.add_item(_PickButton(text, row=2, style=discord.ButtonStyle.secondary))
        elif links:
            self.add_item(_PickSelect(links, row=2, placeholder="Другие выпуски…"))

    def _counter(self) -> str:
        return f"{self.page + 1}/{len(self.pages)}"

    def show(self, page: int) -> None:
        """Open on ``page`` (an index into ``pages``), e.g. the page a user asked for."""
        self.page = max(0, min(len(self.pages) - 1, page))
        if len(self.pages) > 1:
            self.prev_button.disabled = self.page == 0
            self.next_button.disabled = self.page == len(self.pages) - 1
            self.counter.label = self._counter()

    async def turn(self, interaction: discord.Interaction, step: int) -> None:
        self.show(self.page + step)
        await interaction.response.edit_message(embed=self.pages[self.page], view=self)

    async def pick(self, interaction: discord.Interaction, suggestion: str) -> None:
        """Re-run the lookup for a suggestion and show its answer in place."""
        command = self.answer.command
        work = asyncio.ensure_future(self.rerun(command, suggestion_query(command, suggestion)))
        done, _pending = await asyncio.wait({work}, timeout=DEFER_AFTER)
        if not done:  # past Discord's 3-second deadline soon: acknowledge, then edit
            await interaction.response.defer()
        answer = await work
        pages = render_pages(answer)
        view = make_view(answer, pages, self.owner_id, self.rerun)
        if interaction.response.is_done():
            await interaction.edit_original_response(embed=pages[0], view=view)
        else:
            await interaction.response.edit_message(embed=pages[0], view=view)
        if view is not None:
            view.message = self.message
        self.stop()

    # -- access and lifetime -------------------------------------------------------------------
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.owner_id:
            return True
        data: dict[str, Any] = dict(interaction.data or {})
        if data.get("custom_id") == _FullRulesButton.CUSTOM_ID:
            return True  # reading the rules changes nothing: anyone may
        await interaction.response.send_message(NOT_YOURS, ephemeral=True)
        return False

    async def on_timeout(self) -> None:
        for item in self.children:
            if isinstance(item, discord.ui.Button | discord.ui.Select):
                item.disabled = True
        if self.message is not None:
            try:
                await self.message.edit(view=self)
            except discord.HTTPException:
                log.debug("could not disable the view of message %s", self.message.id)

    async def on_error(self, interaction: discord.Interaction, error: Exception,
                       item: discord.ui.Item[Any]) -> None:
        from bot.chat.errors import report_unexpected

        error_id = report_unexpected(error, f"view item {item!r}")
        text = f"Внутренняя ошибка бота (код {error_id})."
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)


def make_view(answer: Answer, pages: list[discord.Embed], owner_id: int,
              rerun: Rerun) -> AnswerView | None:
    """A view when the answer has several pages, suggestions, links or rules quoted in part."""
    if (len(pages) <= 1 and not answer.suggestions and not answer.links
            and not any(s.full for s in answer.sections)):
        return None
    return AnswerView(answer, pages, owner_id, rerun)
