/* The rulebook's search page: a word the rules say stands for a card (ジョーカー) is searched as the card (Joker);
 * the definitions named by the query (by name, reading or another word they are searched by) head Sphinx's own list of results, each linked to its entry (toolchain/sphinxext/namesearch.py
 * writes them into bp-names.js). One list, counted by Sphinx's summary: a name hit is never followed by
 * "no document found". Every name is inserted as text (escaped where Sphinx inserts HTML). Opened from a
 * file, Sphinx's snippets cannot be fetched: none is asked for, and a notice says so. */
"use strict";

(() => {
  const fromFile = window.location.protocol === "file:";
  if (fromFile && typeof DOCUMENTATION_OPTIONS !== "undefined") {
    DOCUMENTATION_OPTIONS.SHOW_SEARCH_SUMMARY = false;  // read by searchtools.js for each result
  }
  const KIND = "bp-name";  // the results' class: li.kind-bp-name

  /* Katakana as hiragana, full-width as half-width, either tilde, no spaces or middle dots, no voicing marks
   * (゛゜: a reading typed with or without rendaku finds the name, うらきりふだ and うらぎりふだ both 裏切札). */
  const normalize = (text) => text.normalize("NFKC").toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/[~〜～]/g, "~")
    .replace(/[\s・･]/g, "")
    .normalize("NFD").replace(/[\u3099\u309a]/g, "").normalize("NFC");

  const matches = (query) => {
    const wanted = normalize(query);
    if (!wanted) return [];
    /* A name, reading or search word within the query (防壁破壊の効果), or the query within the title, the reading
     * or a search word (two kana at least: one is in half the readings). */
    const within = (text) => text.length > 1 && wanted.includes(text);
    const holds = (text) => text !== "" && ((wanted.length > 1 && text.includes(wanted)) || within(text));
    return (window.BP_NAMES || []).filter((entry) => normalize(entry.title).includes(wanted)
      || within(normalize(entry.name)) || [entry.kana, ...entry.terms].some((word) => holds(normalize(word))));
  };

  /* A word the rules say stands for a card (ジョーカー for Joker: window.BP_WORDS, from rules.yaml's search_terms) is
   * searched as the card, which is how the text writes it; typed in hiragana or katakana alike. */
  const katakana = (text) => text.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
  const hiragana = (text) => text.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
  const asCards = (query) => Object.entries(window.BP_WORDS || {}).reduce((text, [word, card]) =>
    [word, katakana(word), hiragana(word)].reduce((rest, form) => rest.split(form).join(` ${card} `), text),
  query.normalize("NFKC")).replace(/\s+/g, " ").trim();

  const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  /* A hit as searchtools.js lists its own: [docname, title (HTML), anchor, description (HTML), score, filename, kind].
   * With a description, Sphinx fetches no snippet: the kind and the chapter say where the entry is. */
  const asResult = (entry) => [entry.doc, escapeHtml(entry.title), `#${entry.anchor}`,
    escapeHtml(`${entry.kind} ・ ${entry.chapter}`), Number.MAX_SAFE_INTEGER, entry.doc, KIND];

  /* Sphinx shows its results from the end of the list: the name hits go last, so they come first, and a result of
   * Sphinx's that lands on the same entry is left out. */
  const withNames = (perform) => (query, ...rest) => {
    const found = matches(query).map(asResult);
    const named = new Set(found.map((result) => result[0] + result[2]));
    const results = perform(query, ...rest).filter((result) => !named.has(result[0] + result[2]));
    return [...results, ...found.reverse()];
  };

  /* Sphinx's Japanese catalogue leaves the count of results untranslated (empty): the list would end without it. */
  const FOUND = "Search finished, found one page matching the search query.";
  const countResults = () => {
    const translations = Documentation.TRANSLATIONS;
    const said = translations[FOUND];
    if (said === undefined || (Array.isArray(said) ? !said[0] : !said)) translations[FOUND] = ["${resultCount} 件見つかりました。"];
  };

  const start = () => {
    const results = document.getElementById("search-results");
    // searchtools.js (loaded after this script) searches on the same event: this listener, added first, runs first.
    if (!results || typeof Search === "undefined") return;
    Search._performSearch = withNames(Search._performSearch);
    const parseQuery = Search._parseQuery;
    Search._parseQuery = (query) => parseQuery(asCards(query));
    if (typeof Documentation !== "undefined" && document.documentElement.lang === "ja") countResults();
    if (fromFile) {
      const notice = document.createElement("p");
      notice.className = "bp-search-notice";
      notice.textContent = "ファイルから直接開いているため、検索結果の抜粋は表示されません(Web サイトでは表示されます)。";
      results.parentNode.insertBefore(notice, results);
    }
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
