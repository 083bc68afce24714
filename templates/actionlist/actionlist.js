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
  var suggestions = document.getElementById("bp-suggest");
  var ALL = "all", NONE = "none";
  var ALL_NAME = "すべて", NONE_NAME = "なし";
  var MAX_HITS = 12;

  // The same folding as toolchain/actionlist/search.py applied to each entry's data-search: NFKC, lower case,
  // no spaces or middle dots, every tilde and dash as 〜 (not ー), katakana as hiragana, no voicing marks (゛゜).
  function fold(text) {
    return (text || "").normalize("NFKC").toLowerCase().replace(/[\s・]+/g, "").replace(/[~〜\-‐‒–—―−]/g, "〜")
      .replace(/[\u30a1-\u30f6]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) - 0x60); })
      .normalize("NFD").replace(/[\u3099\u309a]/g, "").normalize("NFC");
  }

  // A card typed in any of the ways data.cards lists (♡3, H3, ハート3, ハートの3, ♥3; Joker, ジョーカー) as the
  // entries' data-cards write it (♡3, Joker), or null.
  var suitWords = [], rankWords = [];
  data.cards.suits.forEach(function (suit) {
    suit.words.forEach(function (word) { suitWords.push([fold(word), suit.symbol]); });
  });
  data.cards.ranks.forEach(function (rank) {
    rank.words.forEach(function (word) { rankWords.push([fold(word), rank.card, rank.suited]); });
  });
  function cardOf(term) {
    var text = fold(term);
    var alone = rankWords.filter(function (r) { return !r[2] && r[0] === text; })[0];
    if (alone) return alone[1];
    for (var i = 0; i < suitWords.length; i++) {
      if (text.indexOf(suitWords[i][0]) !== 0) continue;
      var rest = text.slice(suitWords[i][0].length).replace(/^の/, "");
      var rank = rankWords.filter(function (r) { return r[2] && r[0] === rest; })[0];
      if (rank) return suitWords[i][1] + rank[1];
    }
    return null;
  }

  var entries = Array.prototype.map.call(document.querySelectorAll("article.entry"), function (el) {
    return {
      el: el,
      formats: el.dataset.formats.split(" ").filter(Boolean),
      frames: el.dataset.frames.split(" ").filter(Boolean),
      frameBound: el.dataset.frameBound === "true",
      text: el.dataset.search,  // folded by the renderer: name, reading, keycards, cost, printed text
      cards: el.dataset.cards.split(" ").filter(Boolean),  // the cards that can be one of its keycards
      names: el.dataset.names.split(" ").filter(Boolean),  // name, reading, search terms: folded
      name: el.querySelector(".name").textContent,
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

  // Whether a key of the query string means `id`, written as the id or as its Japanese name. Both sides are
  // folded: fold() drops voicing marks, so すべて reads as すへて and must be compared folded too.
  function means(key, id, name) {
    var k = fold(key);
    return k === fold(id) || k === fold(name);
  }

  // Every address writeUrl writes, or ever wrote (frame=all, none, すべて, なし; names and ids), reads back
  // as the view it was written from.
  function readUrl() {
    var params = new URLSearchParams(window.location.search);
    var notes = [];
    var format = ALL, frame = null;
    var formatKey = params.get("format"), frameKey = params.get("frame");
    if (formatKey && !means(formatKey, ALL, ALL_NAME)) {
      var f = find(data.formats, formatKey);
      if (f) format = f.id; else notes.push("フォーマット「" + formatKey + "」はありません。");
    }
    if (frameKey) {
      if (means(frameKey, ALL, ALL_NAME)) frame = ALL;
      else if (means(frameKey, NONE, NONE_NAME)) frame = NONE;
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
    carryView(query);
  }

  // On a site of more than one edition, the bar's link to another edition's all.html (site/crosslinks.py) opens
  // the same view there: the query names the format and frame in Japanese, which that page's filters read (a frame
  // it lacks is said there).
  function carryView(query) {
    Array.prototype.forEach.call(document.querySelectorAll("nav.bp-editions a"), function (link) {
      var page = link.getAttribute("href").split(/[?#]/)[0];
      if (/(^|\/)all\.html$/.test(page)) link.setAttribute("href", page + (query ? "?" + query : ""));
    });
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
    var terms = parse(state.q);
    entries.forEach(function (entry) {
      var inList = entry.frameBound
        ? entry.frames.some(function (id) { return frames.indexOf(id) >= 0; })
        : state.format === ALL || entry.formats.indexOf(state.format) >= 0;
      entry.el.hidden = illegal || !inList || !found(entry, terms);
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
    pointLeaflet(state);
    announce(illegal, terms);
    listHits(terms, !illegal);
    suggest(state, terms, illegal);
  }

  // The words of a search: each a card (♡3, read from any way of typing it) or not, and its folded text.
  // What the lists print with a space inside is one word, as it was copied: a card (♡ 3, ハートの 3) and a
  // value after its mark ($ BL, ★ A〜10): a word of marks alone (no letter, digit or kana) joins the next.
  var MAX_CARD_WORDS = 3;  // ハート の 3
  function parse(q) {
    var words = q.split(/\s+/).filter(function (word) { return fold(word); });
    var terms = [];
    for (var i = 0; i < words.length; i++) {
      var word = words[i];
      if (cardOf(word) === null) {
        for (var end = Math.min(words.length, i + MAX_CARD_WORDS); end > i + 1; end--) {
          var joined = words.slice(i, end).join("");
          if (cardOf(joined) !== null) { word = joined; i = end - 1; break; }
        }
      }
      while (isMarks(word) && i + 1 < words.length) word += words[++i];
      terms.push({text: fold(word), card: cardOf(word)});
    }
    return terms;
  }
  function isMarks(word) {
    return !/[\p{L}\p{N}]/u.test(fold(word));
  }

  // Every word is in the entry's text, or is a card that can be one of its keycards.
  function found(entry, terms) {
    return terms.every(function (term) {
      return entry.text.indexOf(term.text) >= 0 || (term.card !== null && entry.cards.indexOf(term.card) >= 0);
    });
  }

  // With a search, the first hits as links: a tap lands on the entry. A card's most particular uses come
  // first: 激励 (♡3 alone) before アップ (♡A〜10) before 防壁 (any card).
  var hitsShown = null;
  function listHits(terms, allowed) {
    var searching = terms.length > 0 && allowed;
    var byCard = terms.some(function (term) { return term.card !== null; });
    var shown = entries.filter(function (entry) { return !entry.el.hidden; });
    if (byCard) {
      shown = shown.map(function (entry, i) { return [entry.cards.length || 0, i, entry]; })
        .sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; })
        .map(function (item) { return item[2]; });
    }
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

  // A search that shows nothing says what exists instead: the entries it finds under other filters (and a
  // button that clears them), else the names closest to what was typed, each a link to its entry.
  var MAX_SUGGESTIONS = 5;
  var suggestedFor = null;
  function suggest(state, terms, illegal) {
    var empty = terms.length > 0 && !illegal && entries.every(function (entry) { return entry.el.hidden; });
    // Unchanged, they stay as they are: the text box's change event fires as a suggestion is tapped.
    var key = empty ? [state.q, state.format, state.frame].join("\n") : "";
    if (key !== suggestedFor) suggestions.textContent = "";
    suggestions.hidden = !empty;
    if (!empty) { suggestedFor = key; return; }
    if (key === suggestedFor) { status.textContent = suggestions.dataset.status; return; }
    suggestedFor = key;
    status.textContent = suggestions.dataset.status = "「" + state.q + "」に当てはまる項目は、この絞り込みにはありません。";
    var elsewhere = entries.filter(function (entry) { return found(entry, terms); });
    if (elsewhere.length) {
      var line = suggestions.appendChild(document.createElement("p"));
      line.textContent = "全フォーマット・全フレームでは " + elsewhere.length + " 件: ";
      links(line, elsewhere);
      var clear = line.appendChild(document.createElement("button"));
      clear.type = "button";
      clear.textContent = "絞り込みを解除";
      clear.addEventListener("click", function () {
        form.elements.format.value = ALL;
        form.elements.frame.value = ALL;
        changed();
      });
      return;
    }
    status.textContent = suggestions.dataset.status = "「" + state.q + "」に当てはまる項目はありません。";
    var close = closest(terms.map(function (term) { return term.text; }).join(""));
    if (close.length) {
      var similar = suggestions.appendChild(document.createElement("p"));
      similar.textContent = "近い名前: ";
      links(similar, close);
    }
    suggestions.appendChild(document.createElement("p")).textContent =
      "名前・読み・略称 (BJ)・カード (♡3、ハートの3、ジョーカー)・効果の言葉で探せます。";
  }

  // Links to entries, by name (a hidden one is shown when its link is followed: reveal()).
  function links(parent, list) {
    list.slice(0, MAX_SUGGESTIONS).forEach(function (entry, i) {
      if (i) parent.appendChild(document.createTextNode("、"));
      var link = parent.appendChild(document.createElement("a"));
      link.href = "#" + entry.el.id;
      link.textContent = entry.name;
    });
    if (list.length > MAX_SUGGESTIONS) parent.appendChild(document.createTextNode(" ほか " + (list.length - MAX_SUGGESTIONS) + " 件 "));
    else parent.appendChild(document.createTextNode(" "));
  }

  // The entries whose name, reading or search term is nearest to `text` (edit distance at most half its length).
  function closest(text) {
    var scored = [];
    entries.forEach(function (entry, i) {
      var best = Math.min.apply(null, entry.names.map(function (name) {
        return distance(text, name) / Math.max(text.length, name.length);
      }));
      if (best <= 0.5) scored.push([best, i, entry]);
    });
    var seen = {};
    return scored.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; })
      .map(function (item) { return item[2]; })
      .filter(function (entry) { return seen[entry.name] ? false : (seen[entry.name] = true); });
  }

  function distance(a, b) {
    var row = [];
    for (var j = 0; j <= b.length; j++) row.push(j);
    for (var i = 1; i <= a.length; i++) {
      var diagonal = row[0];
      row[0] = i;
      for (var k = 1; k <= b.length; k++) {
        var above = row[k];
        row[k] = Math.min(row[k] + 1, row[k - 1] + 1, diagonal + (a[i - 1] === b[k - 1] ? 0 : 1));
        diagonal = above;
      }
    }
    return row[b.length];
  }

  // The heading names the list as 3.2.1 writes a regulation: プロ + ストラテジー.
  function showRegulation(state) {
    var heading = document.getElementById("bp-regulation");
    var parts = [];
    if (state.format !== ALL) parts.push(nameOf(data.formats, state.format));
    if (state.frame !== ALL && state.frame !== NONE) parts.push(nameOf(data.frames, state.frame));
    heading.textContent = parts.join(" + ") || heading.dataset.everything;
  }

  // The 印刷用 PDF link prints the list shown: the leaflet of its format or regulation (table 3.1), else the whole
  // list's, which marks each entry's formats [1]–[4] and frames ■.
  var leafletLink = document.querySelector("a.pdf-link");
  function pointLeaflet(state) {
    if (!leafletLink || !data.leaflets) return;
    leafletLink.href = data.leaflets[state.format + " " + state.frame] || data.leaflets[ALL + " " + ALL];
  }

  function announce(illegal, terms) {
    if (illegal) {
      status.textContent = "表示: 0 件";
      return;
    }
    var named = terms.filter(function (term) { return term.card !== null; }).map(function (term) { return term.card; });
    var parts = [], total = 0;
    Array.prototype.forEach.call(document.querySelectorAll("section.list"), function (list) {
      var count = list.querySelectorAll("article.entry:not([hidden])").length;
      if (count) parts.push(list.dataset.title + " " + count);
      total += count;
    });
    // A card searched for is said as the lists print it: what it can be is what is shown.
    status.textContent = (named.length ? named.join("・") + " をキーカードにできるもの — " : "") + "表示: " + total + " 件";
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
  carryView(window.location.search.slice(1));

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
