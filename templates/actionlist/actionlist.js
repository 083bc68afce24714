// Filters of all.html: format, frame and text, read from and written to the query string
// (?format=プロ&frame=ストラテジー&q=…: Japanese names throughout; ids are read too).
// Table 3.1 and the names come from the JSON the renderer embeds (#bp-data); nothing is fetched.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("bp-data").textContent);
  var form = document.getElementById("bp-filters");
  var status = document.getElementById("bp-status");
  var problem = document.getElementById("bp-problem");
  var hits = document.getElementById("bp-hits");
  var ALL = "all", NONE = "none";
  var ALL_NAME = "すべて", NONE_NAME = "なし";
  var MAX_HITS = 12;

  // The same folding as toolchain/actionlist/search.py applied to each entry's data-search:
  // NFKC, lower case, no spaces, every tilde as 〜, katakana as hiragana, no voicing marks (゛゜).
  function fold(text) {
    return (text || "").normalize("NFKC").toLowerCase().replace(/\s+/g, "").replace(/[~〜]/g, "〜")
      .replace(/[\u30a1-\u30f6]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) - 0x60); })
      .normalize("NFD").replace(/[\u3099\u309a]/g, "").normalize("NFC");
  }

  var entries = Array.prototype.map.call(document.querySelectorAll("article.entry"), function (el) {
    return {
      el: el,
      formats: el.dataset.formats.split(" ").filter(Boolean),
      frames: el.dataset.frames.split(" ").filter(Boolean),
      frameBound: el.dataset.frameBound === "true",
      text: el.dataset.search,  // folded by the renderer: name, reading, keycards, cost, printed text
    };
  });

  // A format or frame by id or Japanese name, as the rulebook links them (?format=プロ).
  function find(list, key) {
    var k = fold(key);
    for (var i = 0; i < list.length; i++) {
      if (fold(list[i].id) === k || fold(list[i].name) === k) return list[i];
    }
    return null;
  }
  function nameOf(list, id) {
    var item = find(list, id);
    return item ? item.name : id;
  }
  function isLegal(format, frame) {
    return (data.regulations[frame] || []).indexOf(format) >= 0;
  }

  function readUrl() {
    var params = new URLSearchParams(window.location.search);
    var notes = [];
    var format = ALL, frame = null;
    var formatKey = params.get("format"), frameKey = params.get("frame");
    if (formatKey && fold(formatKey) !== ALL) {
      var f = find(data.formats, formatKey);
      if (f) format = f.id; else notes.push("フォーマット「" + formatKey + "」はありません。");
    }
    if (frameKey) {
      var key = fold(frameKey);
      if (key === ALL || key === ALL_NAME) frame = ALL;
      else if (key === NONE || key === NONE_NAME) frame = NONE;
      else {
        var fr = find(data.frames, frameKey);
        if (fr) frame = fr.id; else notes.push("フレーム「" + frameKey + "」はありません。");
      }
    }
    return {format: format, frame: frame || (format === ALL ? ALL : NONE), q: params.get("q") || "", notes: notes};
  }

  function writeUrl(state) {
    var params = new URLSearchParams();
    if (state.format !== ALL) params.set("format", nameOf(data.formats, state.format));
    var defaultFrame = state.format === ALL ? ALL : NONE;
    if (state.frame !== defaultFrame) {
      params.set("frame", state.frame === ALL ? ALL_NAME : state.frame === NONE ? NONE_NAME : nameOf(data.frames, state.frame));
    }
    if (state.q) params.set("q", state.q);
    var query = params.toString();
    history.replaceState(null, "", window.location.pathname + (query ? "?" + query : "") + window.location.hash);
  }

  // The frames whose entries show: the chosen one, none, or all those table 3.1 allows.
  function shownFrames(state) {
    if (state.frame === NONE) return [];
    if (state.frame !== ALL) return [state.frame];
    return data.frames.map(function (fr) { return fr.id; }).filter(function (id) {
      return state.format === ALL || isLegal(state.format, id);
    });
  }

  function markOptions(state) {
    Array.prototype.forEach.call(form.elements.frame.options, function (option) {
      var frame = find(data.frames, option.value);
      if (!frame) return;
      var allowed = state.format === ALL || isLegal(state.format, frame.id);
      option.textContent = frame.name + (allowed ? "" : " (×)");
    });
  }

  function apply(state) {
    var illegal = state.format !== ALL && state.frame !== ALL && state.frame !== NONE && !isLegal(state.format, state.frame);
    var frames = shownFrames(state);
    var terms = state.q.split(/\s+/).map(fold).filter(Boolean);
    entries.forEach(function (entry) {
      var inList = entry.frameBound
        ? entry.frames.some(function (id) { return frames.indexOf(id) >= 0; })
        : state.format === ALL || entry.formats.indexOf(state.format) >= 0;
      var matches = terms.every(function (term) { return entry.text.indexOf(term) >= 0; });
      entry.el.hidden = illegal || !inList || !matches;
    });
    // Headings of empty groups and lists hide with them.
    ["section.group", "section.list"].forEach(function (selector) {
      Array.prototype.forEach.call(document.querySelectorAll(selector), function (box) {
        box.hidden = !box.querySelector("article.entry:not([hidden])");
      });
    });
    // A jump link to a list the filters emptied would lead nowhere: it hides with its list.
    Array.prototype.forEach.call(document.querySelectorAll("nav.jump a"), function (link) {
      var list = document.getElementById(link.getAttribute("href").slice(1));
      link.hidden = !list || list.hidden;
    });
    var notes = state.notes.slice();
    if (illegal) {
      var allowed = (data.regulations[state.frame] || []).map(function (id) { return nameOf(data.formats, id); });
      notes.push(nameOf(data.formats, state.format) + " + " + nameOf(data.frames, state.frame) +
        " は表 3.1 (フレーム対応一覧) にない組み合わせです。" + nameOf(data.frames, state.frame) + " は " +
        allowed.join("・") + " で使えます。");
    }
    problem.textContent = notes.join(" ");
    problem.hidden = notes.length === 0;
    markOptions(state);
    showRegulation(state);
    announce(illegal);
    listHits(terms.length > 0 && !illegal);
  }

  // With a search, the first hits as links: a tap lands on the entry.
  var hitsShown = null;
  function listHits(searching) {
    var shown = entries.filter(function (entry) { return !entry.el.hidden; });
    // Unchanged hits stay as they are: the text box's change event fires as a hit is tapped.
    var key = searching ? shown.map(function (entry) { return entry.el.id; }).join(" ") : "";
    if (key === hitsShown) return;
    hitsShown = key;
    hits.textContent = "";
    if (searching) {
      shown.slice(0, MAX_HITS).forEach(function (entry) {
        var link = document.createElement("a");
        link.href = "#" + entry.el.id;
        link.textContent = entry.el.querySelector(".name").textContent;
        var item = document.createElement("li");
        item.appendChild(link);
        hits.appendChild(item);
      });
      if (shown.length > MAX_HITS) {
        var more = document.createElement("li");
        more.textContent = "ほか " + (shown.length - MAX_HITS) + " 件";
        hits.appendChild(more);
      }
    }
    hits.hidden = !hits.firstChild;
  }

  // The heading names the list as 3.2.1 writes a regulation: プロ + ストラテジー.
  function showRegulation(state) {
    var heading = document.getElementById("bp-regulation");
    var parts = [];
    if (state.format !== ALL) parts.push(nameOf(data.formats, state.format));
    if (state.frame !== ALL && state.frame !== NONE) parts.push(nameOf(data.frames, state.frame));
    heading.textContent = parts.join(" + ") || heading.dataset.everything;
  }

  function announce(illegal) {
    if (illegal) {
      status.textContent = "表示: 0 件";
      return;
    }
    var parts = [], total = 0;
    Array.prototype.forEach.call(document.querySelectorAll("section.list"), function (list) {
      var count = list.querySelectorAll("article.entry:not([hidden])").length;
      if (count) parts.push(list.dataset.title + " " + count);
      total += count;
    });
    status.textContent = "表示: " + total + " 件";
    if (parts.length) {
      var detail = document.createElement("span");
      detail.className = "status-detail";
      detail.textContent = " (" + parts.join("、") + ")";
      status.appendChild(detail);
    }
  }

  function stateOfForm() {
    return {format: form.elements.format.value, frame: form.elements.frame.value, q: form.elements.q.value.trim(), notes: []};
  }

  var initial = readUrl();
  form.elements.format.value = initial.format;
  form.elements.frame.value = initial.frame;
  form.elements.q.value = initial.q;
  form.hidden = false;
  apply(initial);

  function changed() {
    var state = stateOfForm();
    apply(state);
    writeUrl(state);
  }
  form.addEventListener("change", changed);
  form.addEventListener("input", changed);
  form.addEventListener("submit", function (event) { event.preventDefault(); });

  // A link to an entry the filters hide (a frame's actions, a shared URL) shows it: the search is
  // cleared first, then the format and frame if it is still hidden; the status says so.
  function reveal() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (!target || !target.matches("article.entry") || !target.hidden) return;
    form.elements.q.value = "";
    changed();
    if (target.hidden) {
      form.elements.format.value = ALL;
      form.elements.frame.value = ALL;
      changed();
    }
    target.scrollIntoView();
    problem.textContent = "「" + target.querySelector(".name").textContent + "」を表示するため、絞り込みを解除しました。";
    problem.hidden = false;
  }
  window.addEventListener("hashchange", reveal);
  reveal();

  // The legend is open where the screen has room for it.
  if (window.matchMedia("(min-width: 800px)").matches) document.getElementById("bp-legend").open = true;
})();
