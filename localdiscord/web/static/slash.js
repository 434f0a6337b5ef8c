// The slash box: the bot's synced commands typed as in Discord, with their subcommands,
// options, choices and autocomplete offered while typing, by the names the player's locale
// shows (name_localized, as Discord gives them to the player's client).
"use strict";

const Slash = (() => {
  const SUB = [1, 2];

  // What the player sees of a command, option or choice: its name and description.
  const label = (item) => item.name_localized || item.name;
  const describe = (item) => item.description_localized || item.description;
  const typeName = (type) => Words.t(Words.has(`type_${type}`) ? `type_${type}` : "type_other");

  // What has been typed: the command, its path, options given and what is being typed now.
  function parse(text, commands) {
    const found = { stage: "none", partial: "", path: [], options: {}, defs: [], command: null };
    if (!text.startsWith("/")) return found;
    const tokens = text.slice(1).split(" ");
    if (tokens.length === 1) return { ...found, stage: "command", partial: tokens[0] };
    const command = commands.find((c) => label(c) === tokens[0]);
    if (!command) return { ...found, stage: "unknown", partial: tokens[0] };
    let defs = command.options || [];
    const path = [label(command)];
    let i = 1;
    while (defs.some((o) => SUB.includes(o.type))) {
      if (i === tokens.length - 1) {
        return { ...found, stage: "sub", partial: tokens[i], path, defs, command };
      }
      const sub = defs.find((o) => label(o) === tokens[i] && SUB.includes(o.type));
      if (!sub) return { ...found, stage: "unknown", partial: tokens[i], path, command };
      defs = sub.options || [];
      path.push(label(sub));
      i += 1;
    }
    const rest = tokens.slice(i).join(" ");
    const names = defs.map(label);
    const starts = [];
    const pattern = /(^|\s)([\p{L}\p{N}_-]+):/gu;
    let m;
    while ((m = pattern.exec(rest))) {
      if (names.includes(m[2])) starts.push({ name: m[2], at: m.index + m[1].length,
        value: m.index + m[0].length });
    }
    const options = {};
    starts.forEach((start, k) => {
      const end = k + 1 < starts.length ? starts[k + 1].at : rest.length;
      options[start.name] = rest.slice(start.value, end);
    });
    const base = { path, defs, command, options };
    const leading = starts.length ? rest.slice(0, starts[0].at) : rest;
    if (!starts.length) return { ...base, stage: "option", partial: leading.trim() };
    const last = starts[starts.length - 1].name;
    const typed = options[last];
    for (const name of Object.keys(options)) options[name] = options[name].trim();
    if (typed.endsWith(" ") && typed.trim()) {
      return { ...base, stage: "option", partial: "" };
    }
    return { ...base, stage: "value", focused: last, partial: typed.trimStart() };
  }

  // The option's choice whose name (or value) was typed, if it has choices.
  function choiceFor(def, typed) {
    const lower = typed.toLowerCase();
    return (def.choices || []).find((c) => label(c).toLowerCase() === lower
      || String(c.value).toLowerCase() === lower);
  }

  // Suggestions for what is being typed: [{label, detail, text}] with the box's new text;
  // ``members``: the names a player option offers, as Discord's client lists the members.
  function suggest(text, parsed, commands, remote, members = []) {
    const prefix = (p) => p.toLowerCase();
    if (parsed.stage === "command") {
      return commands.filter((c) => label(c).startsWith(prefix(parsed.partial)))
        .map((c) => ({ label: `/${label(c)}`, detail: describe(c), text: `/${label(c)} ` }));
    }
    if (parsed.stage === "sub") {
      return parsed.defs.filter((o) => SUB.includes(o.type) && label(o).startsWith(parsed.partial))
        .map((o) => ({ label: `/${parsed.path.join(" ")} ${label(o)}`, detail: describe(o),
          text: `/${parsed.path.join(" ")} ${label(o)} ` }));
    }
    const head = text.slice(0, text.length - parsed.partial.length);
    if (parsed.stage === "option") {
      return parsed.defs.filter((o) => !(label(o) in parsed.options)
        && label(o).startsWith(parsed.partial))
        .map((o) => ({ label: label(o) + (o.required ? " *" : ""),
          detail: `${describe(o)} (${typeName(o.type)})`,
          text: `${head}${label(o)}:` }));
    }
    if (parsed.stage === "value") {
      const def = parsed.defs.find((o) => label(o) === parsed.focused);
      const offered = def.type === 6 ? members.map((name) => ({ name, value: name }))
        : def.choices || [];
      const choices = def.autocomplete ? remote || [] : offered;
      const typed = parsed.partial.toLowerCase();
      const shown = def.autocomplete ? choices
        : choices.filter((c) => label(c).toLowerCase().includes(typed));
      return shown.map((c) => ({ label: label(c), detail: "", text: `${head}${label(c)} `,
        choice: { option: label(def), name: label(c), value: c.value } }));
    }
    return [];
  }

  // The options to send: choices by value, the rest as typed; or the reason not to send.
  function options(parsed, picked) {
    if (!parsed.command) return { error: Words.t("pick_command") };
    if (parsed.stage === "sub") {
      return { error: Words.t("needs_subcommand", { command: `/${parsed.path.join(" ")}` }) };
    }
    const out = {};
    for (const def of parsed.defs) {
      const name = label(def);
      const typed = parsed.options[name];
      if (typed === undefined || typed === "") {
        if (def.required) return { error: Words.t("required", { option: name }) };
        continue;
      }
      const pick = picked[name];
      if (pick && pick.name === typed) {
        out[name] = pick.value;
      } else if (def.choices) {
        const choice = choiceFor(def, typed);
        if (!choice) return { error: Words.t("not_a_choice", { value: typed, option: name }) };
        out[name] = choice.value;
      } else {
        out[name] = typed;
      }
    }
    return { options: out };
  }

  return { parse, suggest, options, label, describe, typeName };
})();
