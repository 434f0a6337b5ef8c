// The slash box: the bot's synced commands typed as in Discord, with their subcommands,
// options, choices and autocomplete offered while typing.
"use strict";

const Slash = (() => {
  const SUB = [1, 2];
  const TYPES = { 3: "text", 4: "whole number", 5: "true or false", 6: "player", 7: "channel",
    8: "role", 10: "number" };

  // What has been typed: the command, its path, options given and what is being typed now.
  function parse(text, commands) {
    const found = { stage: "none", partial: "", path: [], options: {}, defs: [], command: null };
    if (!text.startsWith("/")) return found;
    const tokens = text.slice(1).split(" ");
    if (tokens.length === 1) return { ...found, stage: "command", partial: tokens[0] };
    const command = commands.find((c) => c.name === tokens[0]);
    if (!command) return { ...found, stage: "unknown", partial: tokens[0] };
    let defs = command.options || [];
    const path = [command.name];
    let i = 1;
    while (defs.some((o) => SUB.includes(o.type))) {
      if (i === tokens.length - 1) {
        return { ...found, stage: "sub", partial: tokens[i], path, defs, command };
      }
      const sub = defs.find((o) => o.name === tokens[i] && SUB.includes(o.type));
      if (!sub) return { ...found, stage: "unknown", partial: tokens[i], path, command };
      defs = sub.options || [];
      path.push(sub.name);
      i += 1;
    }
    const rest = tokens.slice(i).join(" ");
    const names = defs.map((o) => o.name);
    const starts = [];
    const pattern = /(^|\s)([\w-]+):/g;
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
    return (def.choices || []).find((c) => c.name.toLowerCase() === lower
      || String(c.value).toLowerCase() === lower);
  }

  // Suggestions for what is being typed: [{label, detail, text}] with the box's new text;
  // ``members``: the names a player option offers, as Discord's client lists the members.
  function suggest(text, parsed, commands, remote, members = []) {
    const prefix = (p) => p.toLowerCase();
    if (parsed.stage === "command") {
      return commands.filter((c) => c.name.startsWith(prefix(parsed.partial)))
        .map((c) => ({ label: `/${c.name}`, detail: c.description, text: `/${c.name} ` }));
    }
    if (parsed.stage === "sub") {
      return parsed.defs.filter((o) => SUB.includes(o.type) && o.name.startsWith(parsed.partial))
        .map((o) => ({ label: `/${parsed.path.join(" ")} ${o.name}`, detail: o.description,
          text: `/${parsed.path.join(" ")} ${o.name} ` }));
    }
    const head = text.slice(0, text.length - parsed.partial.length);
    if (parsed.stage === "option") {
      return parsed.defs.filter((o) => !(o.name in parsed.options)
        && o.name.startsWith(parsed.partial))
        .map((o) => ({ label: o.name + (o.required ? " *" : ""),
          detail: `${o.description} (${TYPES[o.type] || "value"})`,
          text: `${head}${o.name}:` }));
    }
    if (parsed.stage === "value") {
      const def = parsed.defs.find((o) => o.name === parsed.focused);
      const offered = def.type === 6 ? members.map((name) => ({ name, value: name }))
        : def.choices || [];
      const choices = def.autocomplete ? remote || [] : offered;
      const typed = parsed.partial.toLowerCase();
      const shown = def.autocomplete ? choices
        : choices.filter((c) => c.name.toLowerCase().includes(typed));
      return shown.map((c) => ({ label: c.name, detail: "", text: `${head}${c.name} `,
        choice: { option: def.name, name: c.name, value: c.value } }));
    }
    return [];
  }

  // The options to send: choices by value, the rest as typed; or the reason not to send.
  function options(parsed, picked) {
    if (!parsed.command) return { error: "Pick one of the bot's commands." };
    if (parsed.stage === "sub") return { error: `/${parsed.path.join(" ")} needs a subcommand.` };
    const out = {};
    for (const def of parsed.defs) {
      const typed = parsed.options[def.name];
      if (typed === undefined || typed === "") {
        if (def.required) return { error: `${def.name} is required.` };
        continue;
      }
      const pick = picked[def.name];
      if (pick && pick.name === typed) {
        out[def.name] = pick.value;
      } else if (def.choices) {
        const choice = choiceFor(def, typed);
        if (!choice) return { error: `${typed} is not one of the choices of ${def.name}.` };
        out[def.name] = choice.value;
      } else {
        out[def.name] = typed;
      }
    }
    return { options: out };
  }

  return { parse, suggest, options, TYPES };
})();
