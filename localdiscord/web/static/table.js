// Talking to the table: who you are (?as=NAME), the table's small API, and the notice shown
// over the page when something goes wrong.
"use strict";

const params = new URLSearchParams(location.search);
const me = (params.get("as") || "anne").toLowerCase();

const $ = (id) => document.getElementById(id);

// The table's answer to ``path``; an Error saying why in the player's words when it has none.
async function api(path, body) {
  let response;
  let data = {};
  try {
    response = await fetch(path, body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ as: me, ...body }),
    });
    data = await response.json();
  } catch (error) {
    if (!response) throw new Error(Words.t("table_unreachable"));
  }
  if (!response.ok) throw new Error(data.error || Words.t("table_answered", { status: response.status }));
  return data;
}

// ``text`` shown over the page for a few seconds, or until ``toast(null)`` when it is to stay.
function toast(text, stay = false) {
  const node = $("toast");
  clearTimeout(toast.timer);
  node.hidden = !text;
  if (!text) return;
  node.textContent = text;
  if (!stay) toast.timer = setTimeout(() => { node.hidden = true; }, 4000);
}
