/* The rulebook's search page: the definitions named by the query (by name or reading) first, each linked to its
 * entry (toolchain/sphinxext/namesearch.py writes their names and readings into bp-names.js). Every name is inserted
 * as text, never as HTML. Opened from a file, Sphinx's snippets cannot be fetched: none is asked for. */
"use strict";

(() => {
  const fromFile = window.location.protocol === "file:";
  if (fromFile && typeof DOCUMENTATION_OPTIONS !== "undefined") {
    DOCUMENTATION_OPTIONS.SHOW_SEARCH_SUMMARY = false;  // read by searchtools.js for each result
  }

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
    /* A name or its reading (kana) within the query (防壁破壊の効果), or the query within the title or the reading
     * (two kana at least: one is in half the readings). */
    const within = (text) => text.length > 1 && wanted.includes(text);
    return (window.BP_NAMES || []).filter((entry) => {
      const kana = normalize(entry.kana);
      return normalize(entry.title).includes(wanted) || within(normalize(entry.name))
        || (kana !== "" && ((wanted.length > 1 && kana.includes(wanted)) || within(kana)));
    });
  };

  const show = () => {
    const results = document.getElementById("search-results");
    const query = new URLSearchParams(window.location.search).get("q") || "";
    if (!results || !query.trim()) return;
    const found = matches(query);
    const section = document.createElement("section");
    section.className = "bp-name-hits";
    if (found.length) {
      const heading = section.appendChild(document.createElement("h2"));
      heading.textContent = "名前が一致した項目";
      const list = section.appendChild(document.createElement("ul"));
      list.className = "search";
      for (const entry of found) {
        const item = list.appendChild(document.createElement("li"));
        const link = item.appendChild(document.createElement("a"));
        link.href = `${entry.page}#${entry.anchor}`;
        link.textContent = entry.title;
        const where = item.appendChild(document.createElement("p"));
        where.className = "context";
        where.textContent = `${entry.kind} ・ ${entry.chapter}`;
      }
    }
    if (fromFile) {
      const notice = section.appendChild(document.createElement("p"));
      notice.className = "bp-search-notice";
      notice.textContent = "ファイルから直接開いているため、検索結果の抜粋は表示されません(Web サイトでは表示されます)。";
    }
    results.parentNode.insertBefore(section, results);
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
  else show();
})();
