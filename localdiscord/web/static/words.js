// The page's own words in its player's language (static/words/<locale>.json), and the
// Discord locales the page speaks.
"use strict";

const Words = (() => {
  const LOCALES = ["en-US", "es-ES", "it", "nl"];
  const NEAREST = { en: "en-US", "en-GB": "en-US", es: "es-ES", "es-419": "es-ES" };
  let words = {};
  let locale = "en-US";
  let loadedFor = null;

  // The page's locale for a Discord locale (or a language's short code), else null.
  function known(wanted) {
    const found = NEAREST[wanted] || wanted;
    return LOCALES.includes(found) ? found : null;
  }

  // The words for the player's Discord locale (English for one the page does not speak),
  // put into every element marked with data-word, data-word-placeholder or data-word-label.
  async function load(wanted) {
    if (wanted === loadedFor) return false;
    const next = known(wanted) || "en-US";
    words = await fetch(`/static/words/${next}.json`).then((r) => r.json());
    locale = next;
    loadedFor = wanted;
    document.documentElement.lang = locale;
    document.querySelectorAll("[data-word]").forEach((node) => {
      node.textContent = t(node.dataset.word);
    });
    document.querySelectorAll("[data-word-placeholder]").forEach((node) => {
      node.placeholder = t(node.dataset.wordPlaceholder);
    });
    document.querySelectorAll("[data-word-label]").forEach((node) => {
      node.title = t(node.dataset.wordLabel);
      node.setAttribute("aria-label", node.title);
    });
    return true;
  }

  function has(key) {
    return key in words;
  }

  // The words ``key``, each {name} filled from ``params``.
  function t(key, params = {}) {
    const text = has(key) ? words[key] : key;
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  }

  return { LOCALES, known, load, has, t, get locale() { return locale; } };
})();
