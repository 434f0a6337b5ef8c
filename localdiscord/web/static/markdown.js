// Discord's markdown, as much as the bot writes: bold, italics, underline, strike-through,
// code, quotes, headers, subtext, masked links, mentions, timestamps (in the player's
// language, as Discord's app shows them), custom emoji and escaped symbols.
"use strict";

const Markdown = (() => {
  const escapeHtml = (text) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;");

  const STYLES = { t: { timeStyle: "short" }, T: { timeStyle: "medium" },
    d: { dateStyle: "short" }, D: { dateStyle: "long" },
    f: { dateStyle: "long", timeStyle: "short" }, F: { dateStyle: "full", timeStyle: "short" } };

  function relative(seconds) {
    const diff = seconds - Date.now() / 1000;
    const units = [["year", 31536000], ["month", 2592000], ["day", 86400], ["hour", 3600],
      ["minute", 60], ["second", 1]];
    const format = new Intl.RelativeTimeFormat(Words.locale, { numeric: "auto" });
    for (const [unit, size] of units) {
      if (Math.abs(diff) >= size || unit === "second") {
        return format.format(Math.round(diff / size), unit);
      }
    }
    return "";
  }

  function timestamp(seconds, style) {
    const date = new Date(seconds * 1000);
    const full = new Intl.DateTimeFormat(Words.locale, STYLES.F).format(date);
    if (style === "R") {
      return `<span class="timestamp" data-at="${seconds}" title="${escapeHtml(full)}">`
        + `${relative(seconds)}</span>`;
    }
    const text = new Intl.DateTimeFormat(Words.locale, STYLES[style] || STYLES.f).format(date);
    return `<span class="timestamp" title="${escapeHtml(full)}">${text}</span>`;
  }

  // Relative times ("in 3 hours") said again as time passes, as Discord's app does.
  function retime(root) {
    for (const span of root.querySelectorAll(".timestamp[data-at]")) {
      span.textContent = relative(Number(span.dataset.at));
    }
  }

  // The opening tag of a link; a link to a Discord message jumps to it on this page.
  function linkTag(url) {
    const jump = url.match(/\/channels\/(?:\d+|@me)\/(\d+)\/(\d+)$/);
    if (jump) {
      return `<a href="#" class="jump" data-channel="${jump[1]}" data-message="${jump[2]}">`;
    }
    return `<a href="${url}" target="_blank" rel="noreferrer">`;
  }

  // Code, a mention, a link's address and a backslash before a symbol are kept from the
  // styles: a backslash shows the symbol as it is (``\*star\*`` reads *star*), as Discord
  // does, a name in a mention reads as written, and so does an address (``a_b_c`` is no
  // italics); inside code a backslash is only a backslash. A masked link's text is styled.
  function inline(text, users) {
    const kept = [];
    const keep = (html) => {
      kept.push(html);
      return `\u0000${kept.length - 1}\u0000`;
    };
    const restore = (html) => html.replace(/\u0000(\d+)\u0000/g, (_, i) => restore(kept[+i]));
    const mention = (mark, id) =>
      keep(`<span class="mention">${mark}${escapeHtml(users[id] || "unknown")}</span>`);
    text = text
      .replace(/`([^`\n]+)`|\\([^0-9A-Za-z\s])/g, (_, code, symbol) =>
        keep(code === undefined ? symbol : `<code>${code}</code>`))
      .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => mention("@", id))
      .replace(/&lt;\/([-\w ]+):(\d+)&gt;/g, (_, path, id) => keep(
        `<span class="mention">${escapeHtml(users[`</${path}:${id}>`] || `/${path}`)}</span>`))
      .replace(/&lt;#(\d+)&gt;/g, (_, id) => mention("#", id));
    text = text
      .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g,
        (_, label, url) => keep(linkTag(url)) + label + keep("</a>"))
      .replace(/(^|[\s(])(https?:\/\/[^\s<)]+)/g,
        (_, before, url) => before + keep(`${linkTag(url)}${url}</a>`))
      .replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, s, style) => timestamp(+s, style))
      .replace(/&lt;a?:(\w+):\d+&gt;/g, ":$1:")
      .replace(/\*\*([\s\S]+?)\*\*/g, "<strong>$1</strong>")
      .replace(/__([\s\S]+?)__/g, "<u>$1</u>")
      .replace(/(^|[^\w*])\*([^*\n]+?)\*(?!\w)/g, "$1<em>$2</em>")
      .replace(/(^|[^\w_])_([^_\n]+?)_(?!\w)/g, "$1<em>$2</em>")
      .replace(/~~([\s\S]+?)~~/g, "<s>$1</s>")
      .replace(/\|\|([\s\S]+?)\|\|/g, '<span class="spoiler">$1</span>');
    return restore(text);
  }

  // Markdown to HTML; ``users`` maps user and channel ids, and command mentions, to names.
  function render(source, users = {}) {
    if (!source) return "";
    const blocks = [];
    let text = escapeHtml(source).replace(/```(?:\w+\n)?([\s\S]*?)```/g, (_, code) => {
      blocks.push(`<pre><code>${code.replace(/^\n/, "")}</code></pre>`);
      return `\u0001${blocks.length - 1}\u0001`;
    });
    const lines = text.split("\n").map((line) => {
      let m;
      if ((m = line.match(/^(#{1,3}) (.*)$/))) {
        return `<div class="h${m[1].length}">${inline(m[2], users)}</div>`;
      }
      if ((m = line.match(/^-# (.*)$/))) return `<div class="subtext">${inline(m[1], users)}</div>`;
      if ((m = line.match(/^&gt; ?(.*)$/))) return `<div class="quote">${inline(m[1], users)}</div>`;
      if ((m = line.match(/^\s*[-*] (.*)$/))) return `<div class="bullet">${inline(m[1], users)}</div>`;
      return `<div class="line">${inline(line, users) || "&nbsp;"}</div>`;
    });
    return lines.join("").replace(/\u0001(\d+)\u0001/g, (_, i) => blocks[+i]);
  }

  return { render, escapeHtml, retime };
})();
