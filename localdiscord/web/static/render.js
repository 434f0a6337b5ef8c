// Discord's message JSON drawn as Discord's client draws it: author, content, embeds with
// their colour bar, fields, pictures and footer, attachments, buttons and select menus.
"use strict";

const Render = (() => {
  const esc = Markdown.escapeHtml;
  const BUTTON_STYLES = { 1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link",
    6: "premium" };
  const AVATAR_COLOURS = ["#5865f2", "#3ba55c", "#faa61a", "#ed4245", "#eb459e", "#9b59b6"];

  function el(tag, className, html) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (html !== undefined) node.innerHTML = html;
    return node;
  }

  function emoji(value) {
    if (!value) return "";
    const text = value.id ? `:${value.name}:` : value.name;
    return `<span class="emoji">${esc(text || "")}</span>`;
  }

  function avatar(user) {
    const colour = user.bot ? "#5865f2"
      : AVATAR_COLOURS[Number(BigInt(user.id) % 6n)];
    const mark = user.bot ? "🎲" : esc(user.username[0].toUpperCase());
    return `<div class="avatar" style="background:${colour}">${mark}</div>`;
  }

  function time(iso) {
    const date = new Date(iso);
    return new Intl.DateTimeFormat(Words.locale, { timeStyle: "short" }).format(date);
  }

  function embed(data, names, described) {
    const box = el("div", "embed");
    if (data.color !== undefined && data.color !== null) {
      box.style.borderLeftColor = `#${data.color.toString(16).padStart(6, "0")}`;
    }
    const body = el("div", "embed-body");
    if (data.author && data.author.name) {
      const icon = data.author.icon_url ? `<img src="${esc(data.author.icon_url)}" alt="">` : "";
      body.append(el("div", "embed-author", icon + esc(data.author.name)));
    }
    if (data.title) {
      const title = data.url ? `<a href="${esc(data.url)}">${Markdown.render(data.title, names)}</a>`
        : Markdown.render(data.title, names);
      body.append(el("div", "embed-title", title));
    }
    if (data.description) {
      body.append(el("div", "embed-description", Markdown.render(data.description, names)));
    }
    if (data.fields && data.fields.length) {
      const fields = el("div", "embed-fields");
      for (const field of data.fields) {
        const cell = el("div", field.inline ? "embed-field inline" : "embed-field");
        cell.append(el("div", "embed-field-name", Markdown.render(field.name, names)));
        cell.append(el("div", "embed-field-value", Markdown.render(field.value, names)));
        fields.append(cell);
      }
      body.append(fields);
    }
    if (data.image && data.image.url) {
      const alt = described[data.image.url] || "";
      body.append(el("div", "embed-image", `<img src="${esc(data.image.url)}" alt="${esc(alt)}">`));
    }
    if (data.footer && data.footer.text || data.timestamp) {
      const parts = [];
      if (data.footer && data.footer.text) parts.push(esc(data.footer.text));
      if (data.timestamp) parts.push(esc(new Date(data.timestamp).toLocaleString(Words.locale)));
      body.append(el("div", "embed-footer", parts.join(" • ")));
    }
    box.append(body);
    if (data.thumbnail && data.thumbnail.url) {
      box.append(el("div", "embed-thumbnail", `<img src="${esc(data.thumbnail.url)}" alt="">`));
    }
    return box;
  }

  function button(data, message) {
    const style = BUTTON_STYLES[data.style] || "secondary";
    const node = el(data.url ? "a" : "button", `button ${style}`,
      emoji(data.emoji) + (data.label ? `<span class="label">${esc(data.label)}</span>` : ""));
    if (data.url) {
      node.href = data.url;
      node.target = "_blank";
      node.rel = "noreferrer";
      node.innerHTML += '<span class="external">↗</span>';
      return node;
    }
    node.type = "button";
    node.disabled = Boolean(data.disabled);
    node.dataset.customId = data.custom_id;
    node.dataset.message = message.id;
    return node;
  }

  function select(data, message) {
    const box = el("div", "select");
    box.dataset.customId = data.custom_id;
    box.dataset.message = message.id;
    box.dataset.max = data.max_values || 1;
    box.dataset.min = data.min_values === undefined ? 1 : data.min_values;
    if (data.disabled) box.classList.add("disabled");
    const chosen = (data.options || []).filter((o) => o.default);
    const shown = chosen.length ? chosen.map((o) => esc(o.label)).join(", ")
      : `<span class="placeholder">${esc(data.placeholder || Words.t("make_selection"))}</span>`;
    box.append(el("button", "select-value", `<span>${shown}</span><span class="chevron">⌄</span>`));
    box.firstChild.type = "button";
    box.firstChild.disabled = Boolean(data.disabled);
    const list = el("div", "select-options");
    list.hidden = true;
    for (const option of data.options || []) {
      const item = el("div", "select-option",
        emoji(option.emoji) + `<div><div class="option-label">${esc(option.label)}</div>`
        + (option.description ? `<div class="option-description">${esc(option.description)}</div>`
          : "") + "</div>");
      item.dataset.value = option.value;
      item.tabIndex = 0;
      list.append(item);
    }
    box.append(list);
    return box;
  }

  // Components v1 (action rows) and v2 (containers, sections, text, galleries, separators).
  function components(items, message, names) {
    const out = el("div", "components");
    for (const item of items || []) {
      if (item.type === 1) {
        const row = el("div", "action-row");
        for (const child of item.components || []) {
          row.append(child.type === 2 ? button(child, message) : select(child, message));
        }
        out.append(row);
      } else if (item.type === 2) {
        out.append(button(item, message));
      } else if ([3, 5, 6, 7, 8].includes(item.type)) {
        out.append(select(item, message));
      } else if (item.type === 10) {
        out.append(el("div", "text-display", Markdown.render(item.content, names)));
      } else if (item.type === 17 || item.type === 9) {
        const box = el("div", item.type === 17 ? "container" : "section");
        if (item.accent_color) {
          box.style.borderLeftColor = `#${item.accent_color.toString(16).padStart(6, "0")}`;
        }
        box.append(components(item.components, message, names));
        if (item.accessory) box.append(components([item.accessory], message, names));
        out.append(box);
      } else if (item.type === 12) {
        for (const media of item.items || []) {
          out.append(el("div", "embed-image", `<img src="${esc(media.media.url)}" alt="">`));
        }
      } else if (item.type === 14) {
        out.append(el("hr", "separator"));
      }
    }
    return out;
  }

  // One message; ``state`` gives the names of users and channels.
  function message(data, state) {
    const names = { ...state.users, ...state.commands };
    for (const channel of state.channels) names[channel.id] = channel.name;
    const node = el("article", "message");
    node.id = `message-${data.id}`;
    node.dataset.id = data.id;
    if (data.ephemeral) node.classList.add("ephemeral");
    const meta = data.interaction_metadata;
    if (meta && meta.user) {
      const used = meta.name
        ? `${esc(Words.t("used"))} <span class="command">${esc(data.command_shown)}</span>`
        : esc(Words.t("clicked"));
      node.append(el("div", "reply-line",
        `<span class="reply-user">${esc(meta.user.username)}</span> ${used}`));
    }
    node.append(el("div", "gutter", avatar(data.author)));
    const body = el("div", "message-body");
    body.append(el("div", "message-head",
      `<span class="author">${esc(data.author.global_name || data.author.username)}</span>`
      + (data.author.bot ? `<span class="bot-tag">✓ ${esc(Words.t("app_tag"))}</span>` : "")
      + `<span class="when">${time(data.timestamp)}</span>`));
    if (data.loading) {
      const thinking = esc(Words.t("thinking", { name: data.author.username }));
      body.append(el("div", "loading", `${thinking}<span class="dots">…</span>`));
    }
    if (data.content) {
      const content = el("div", "content", Markdown.render(data.content, names));
      if (data.edited_timestamp) {
        (content.lastElementChild || content).insertAdjacentHTML("beforeend",
          `<span class="edited">${esc(Words.t("edited"))}</span>`);
      }
      body.append(content);
    }
    const shownInEmbeds = new Set();
    const described = {};  // a picture's alt text, by its address
    for (const file of data.attachments || []) described[file.url] = file.description || "";
    for (const item of data.embeds || []) {
      for (const part of [item.image, item.thumbnail]) if (part) shownInEmbeds.add(part.url);
      body.append(embed(item, names, described));
    }
    for (const file of data.attachments || []) {
      if (shownInEmbeds.has(file.url)) continue;
      if ((file.content_type || "").startsWith("image/")) {
        const alt = file.description || file.filename;
        body.append(el("div", "attachment", `<img src="${esc(file.url)}" alt="${esc(alt)}">`));
      } else {
        body.append(el("div", "attachment file", `📄 <a href="${esc(file.url)}">${esc(file.filename)}</a>`));
      }
    }
    if (data.components && data.components.length) {
      body.append(components(data.components, data, names));
    }
    if (data.ephemeral) {
      body.append(el("div", "only-you",
        `👁 ${esc(Words.t("only_you"))} • <a href="#" class="dismiss">${esc(Words.t("dismiss"))}</a>`));
    }
    node.append(body);
    return node;
  }

  return { message, el };
})();
