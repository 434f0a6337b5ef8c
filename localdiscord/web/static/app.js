// The page: the channel or DM you look at, kept up to date by polling the table; every click
// and menu sent to the table. The page speaks its player's Discord locale, which they pick in
// the sidebar (or ?lang=es-ES).
"use strict";

const POLL_MS = 400;
const RETIME_MS = 15_000; // how often "in 3 hours" is said again

let state = null;
let current = params.get("channel") || null; // a channel id, or "dm"
let dismissed = new Set();
let seenInDm = null;

function channelId() {
  return current === "dm" ? state.dm : current;
}

// -- drawing ---------------------------------------------------------------------------

function drawSidebar() {
  const channels = $("channels");
  channels.innerHTML = "";
  for (const channel of state.channels) {
    const item = Render.el("li", current === channel.id ? "active" : "",
      `<span class="hash">#</span>${Markdown.escapeHtml(channel.name)}`);
    item.dataset.channel = channel.id;
    channels.append(item);
  }
  const dms = $("dms");
  const inDm = state.messages.filter((m) => m.channel_id === state.dm && !m.ephemeral).length;
  if (seenInDm === null || current === "dm") seenInDm = inDm;
  const unread = inDm - seenInDm;
  dms.innerHTML = "";
  const dm = Render.el("li", current === "dm" ? "active" : "",
    `<span class="dm-avatar">🎲</span>${Markdown.escapeHtml(state.bot.name)}`
    + (unread > 0 ? `<span class="badge">${unread}</span>` : ""));
  dm.dataset.channel = "dm";
  dms.append(dm);
  $("menu-badge").textContent = unread;  // the sidebar's badge, on a phone where it is shut
  $("menu-badge").hidden = unread <= 0;
  const players = $("players");
  players.innerHTML = "";
  for (const name of state.players) {
    const link = name === me ? `<strong>${name}</strong> ${Markdown.escapeHtml(Words.t("you"))}`
      : `<a href="?as=${encodeURIComponent(name)}" target="_blank">${name}</a>`;
    players.append(Render.el("li", "", link));
  }
  $("me").innerHTML = `<span class="me-avatar">${me[0].toUpperCase()}</span>`
    + `<span>${Markdown.escapeHtml(me)}</span>`;
  $("language").value = Words.locale;
}

// ``toBottom``: show the newest message (a channel just opened), else stay where the reader is.
function drawMessages(toBottom = false) {
  const box = $("messages");
  const atBottom = toBottom || box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  const id = channelId();
  const open = document.querySelector(".select-options:not([hidden])");
  const openId = open ? open.parentElement.dataset.customId : null;
  box.innerHTML = "";
  const shown = state.messages.filter((m) => m.channel_id === id && !dismissed.has(m.id));
  if (!shown.length) {
    const empty = current === "dm" ? Words.t("empty_dm") : Words.t("empty_channel");
    box.append(Render.el("div", "empty", Markdown.escapeHtml(empty)));
  }
  for (const message of shown) box.append(Render.message(message, state));
  if (openId) {
    const again = box.querySelector(`.select[data-custom-id="${CSS.escape(openId)}"] .select-options`);
    if (again) again.hidden = false;
  }
  if (atBottom) {
    box.scrollTop = box.scrollHeight;
    box.querySelectorAll("img").forEach((img) => {
      img.addEventListener("load", () => { box.scrollTop = box.scrollHeight; }, { once: true });
    });
  }
  const channel = state.channels.find((c) => c.id === current);
  $("chat-title").textContent = channel ? `# ${channel.name}` : `@ ${state.bot.name}`;
  // A channel without a topic (the table's) shows the page's hint, in the reader's language.
  $("chat-topic").textContent = channel ? channel.topic || Words.t("empty_channel") : "";
  document.title = `${channel ? "#" + channel.name : state.bot.name} · ${me} · ${Words.t("local_table")}`;
}

function draw(toBottom = false) {
  if (!current) current = state.channels[0].id;
  drawSidebar();
  drawMessages(toBottom);
}

// The table stopped (its page is still open): said until it answers again.
let unreachable = false;

async function refresh() {
  try {
    const since = state ? state.version : "";
    const data = await api(`/api/state?as=${encodeURIComponent(me)}&since=${since}`);
    if (unreachable) toast(null);
    unreachable = false;
    if (data.messages) {
      if (await Words.load(data.me.locale)) commandsFor = null; // the slash box's names too
      state = data;
      draw();
    }
  } catch (error) {
    // keep what is shown and try again
    if (!unreachable) toast(error.message, true);
    unreachable = true;
  }
}

async function poll() {
  await refresh();
  setTimeout(poll, POLL_MS);
}

setInterval(() => Markdown.retime(document), RETIME_MS);

// -- acting ----------------------------------------------------------------------------

async function act(path, body, busy) {
  if (busy) busy.classList.add("busy");
  try {
    const answer = await api(path, body);
    if (!answer.answered) toast(Words.t("no_response"));
    return answer;
  } catch (error) {
    toast(error.message);
    return null;
  } finally {
    if (busy) busy.classList.remove("busy");
    await refresh();
  }
}

function showMenu(open) {
  $("app").classList.toggle("menu-open", open);
  $("menu").setAttribute("aria-expanded", String(open));
}

document.addEventListener("click", async (event) => {
  const target = event.target;
  if (target.closest("#menu")) {
    showMenu(!$("app").classList.contains("menu-open"));
    return;
  }
  if (!target.closest("#sidebar")) showMenu(false);
  const channel = target.closest("#channels li, #dms li");
  if (channel) {
    showMenu(false);
    current = channel.dataset.channel;
    closeSuggestions();
    draw(true);
    return;
  }
  const jump = target.closest("a.jump");
  if (jump) {
    event.preventDefault();
    current = jump.dataset.channel === state.dm ? "dm" : jump.dataset.channel;
    draw();
    const found = $(`message-${jump.dataset.message}`);
    if (found) {
      found.scrollIntoView({ block: "center" });
      found.classList.add("highlight");
    }
    return;
  }
  const dismiss = target.closest("a.dismiss");
  if (dismiss) {
    event.preventDefault();
    dismissed.add(dismiss.closest("article").dataset.id);
    drawMessages();
    return;
  }
  const button = target.closest("button.button");
  if (button && !button.disabled) {
    await act("/api/click", { message: button.dataset.message,
      custom_id: button.dataset.customId }, button);
    return;
  }
  const selectValue = target.closest(".select-value");
  if (selectValue) {
    const list = selectValue.parentElement.querySelector(".select-options");
    document.querySelectorAll(".select-options").forEach((l) => { if (l !== list) l.hidden = true; });
    list.hidden = !list.hidden;
    return;
  }
  const option = target.closest(".select-option");
  if (option) {
    const select = option.closest(".select");
    if (Number(select.dataset.max) > 1) {
      option.classList.toggle("chosen");
      return;
    }
    option.parentElement.hidden = true;
    await act("/api/select", { message: select.dataset.message,
      custom_id: select.dataset.customId, values: [option.dataset.value] }, select);
    return;
  }
  if (!target.closest(".select")) {
    document.querySelectorAll(".select-options").forEach((l) => {
      const select = l.parentElement;
      const chosen = [...l.querySelectorAll(".chosen")].map((o) => o.dataset.value);
      if (!l.hidden && Number(select.dataset.max) > 1 && chosen.length) {
        act("/api/select", { message: select.dataset.message,
          custom_id: select.dataset.customId, values: chosen }, select);
      }
      l.hidden = true;
    });
  }
  const suggestion = target.closest(".suggestion");
  if (suggestion) choose(Number(suggestion.dataset.index));
});

$("language").addEventListener("change", async (event) => {
  try {
    await api("/api/locale", { locale: event.target.value });
  } catch (error) {
    toast(error.message);
  }
  await refresh();
});

$("join").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("join-name").value.trim().toLowerCase();
  if (name) window.open(`?as=${encodeURIComponent(name)}`, "_blank");
  $("join-name").value = "";
});

// ``?lang=`` picks the player's language as they open the page; else it stays theirs.
async function start() {
  const wanted = Words.known(params.get("lang") || "");
  if (wanted) await api("/api/locale", { locale: wanted }).catch((error) => toast(error.message));
  poll();
}

start();
