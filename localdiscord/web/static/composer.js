// The slash box: the commands of the open channel or DM, suggestions as you type (the bot's
// autocomplete too), and the whole command sent to the table, as Discord's composer does.
"use strict";

let commands = [];
let commandsFor = null;
let picked = {};
let remoteChoices = null;
let highlighted = 0;
let shownSuggestions = [];
let autocompleteTimer = null;

// The commands of the open channel or DM (kept when the table does not answer: it says so).
async function loadCommands() {
  const id = channelId();
  if (commandsFor === id) return;
  try {
    commands = await api(`/api/commands?as=${encodeURIComponent(me)}&channel=${id}`);
    commandsFor = id;
  } catch (error) {
    toast(error.message);
  }
}

function closeSuggestions() {
  $("suggestions").hidden = true;
  shownSuggestions = [];
}

function drawSuggestions(parsed) {
  const box = $("suggestions");
  box.innerHTML = "";
  if (!shownSuggestions.length) {
    const def = parsed.stage === "value"
      && parsed.defs.find((o) => Slash.label(o) === parsed.focused);
    if (def) {
      box.append(Render.el("div", "hint", `<strong>${Markdown.escapeHtml(Slash.label(def))}</strong> `
        + `${Markdown.escapeHtml(Slash.describe(def))} (${Slash.typeName(def.type)})`));
      box.hidden = false;
    } else {
      box.hidden = true;
    }
    return;
  }
  highlighted = Math.min(highlighted, shownSuggestions.length - 1);
  shownSuggestions.forEach((item, index) => {
    const row = Render.el("div", index === highlighted ? "suggestion active" : "suggestion",
      `<span class="suggestion-label">${Markdown.escapeHtml(item.label)}</span>`
      + `<span class="suggestion-detail">${Markdown.escapeHtml(item.detail || "")}</span>`);
    row.dataset.index = index;
    box.append(row);
  });
  box.hidden = false;
}

async function typed() {
  const input = $("slash");
  $("composer-error").hidden = true;
  if (!input.value.startsWith("/")) {
    closeSuggestions();
    return;
  }
  await loadCommands();
  const parsed = Slash.parse(input.value, commands);
  const def = parsed.stage === "value"
    && parsed.defs.find((o) => Slash.label(o) === parsed.focused);
  if (def && def.autocomplete) {
    clearTimeout(autocompleteTimer);
    autocompleteTimer = setTimeout(() => autocomplete(parsed), 150);
  }
  shownSuggestions = Slash.suggest(input.value, parsed, commands, remoteChoices, state.players);
  drawSuggestions(parsed);
}

async function autocomplete(parsed) {
  const answer = await api("/api/autocomplete", { channel: channelId(),
    command: parsed.path.join(" "), focused: parsed.focused,
    options: { ...typedOptions(parsed), [parsed.focused]: parsed.partial } }).catch((e) => {
    toast(e.message);
    return null;
  });
  const now = Slash.parse($("slash").value, commands);
  if (!answer || now.focused !== parsed.focused || now.partial !== parsed.partial) return;
  remoteChoices = answer.choices;
  shownSuggestions = Slash.suggest($("slash").value, now, commands, remoteChoices, state.players);
  drawSuggestions(now);
}

// The options already typed that are whole (choices by value), for an autocomplete.
function typedOptions(parsed) {
  const done = {};
  for (const [name, text] of Object.entries(parsed.options)) {
    if (name !== parsed.focused && text) {
      const pick = picked[name];
      done[name] = pick && pick.name === text ? pick.value : text;
    }
  }
  return done;
}

function choose(index) {
  const item = shownSuggestions[index];
  if (!item) return;
  if (item.choice) picked[item.choice.option] = item.choice;
  remoteChoices = null;
  highlighted = 0;
  $("slash").value = item.text;
  $("slash").focus();
  typed();
}

async function send() {
  const input = $("slash");
  if (!input.value.trim()) return; // Enter in an empty box, as in Discord: nothing
  await loadCommands();
  const parsed = Slash.parse(input.value, commands);
  const ready = Slash.options(parsed, picked);
  if (ready.error) {
    $("composer-error").textContent = ready.error;
    $("composer-error").hidden = false;
    return;
  }
  const text = input.value;
  input.value = "";
  picked = {};
  closeSuggestions();
  const answer = await act("/api/slash", { channel: channelId(),
    command: parsed.path.join(" "), options: ready.options });
  if (!answer) input.value = text;
}

$("slash").addEventListener("input", () => { highlighted = 0; remoteChoices = null; typed(); });
$("slash").addEventListener("keydown", (event) => {
  const parsed = Slash.parse($("slash").value, commands);
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    if (!shownSuggestions.length) return;
    event.preventDefault();
    const step = event.key === "ArrowDown" ? 1 : -1;
    highlighted = (highlighted + step + shownSuggestions.length) % shownSuggestions.length;
    drawSuggestions(parsed);
  } else if (event.key === "Tab" && shownSuggestions.length) {
    event.preventDefault();
    choose(highlighted);
  } else if (event.key === "Enter") {
    event.preventDefault();
    const complete = parsed.stage === "option" && parsed.partial === "";
    if (shownSuggestions.length && !complete) choose(highlighted);
    else send();
  } else if (event.key === "Escape") {
    closeSuggestions();
  }
});
$("slash-form").addEventListener("submit", (event) => event.preventDefault());
