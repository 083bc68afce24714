/* The search page's splitQuery (language_data.js): a query cut into words as Sphinx's Japanese index cut the
 * text. The index is made by TinySegmenter in Python (sphinx.search.ja.DefaultSplitter); this is the same
 * segmenter, step for step, with the model querysplit.py copies from that class into BP_SEGMENTER. Words of one
 * character are dropped, as the index drops them (SearchJapanese.word_filter): a query term the index cannot
 * hold would make every page miss it. */
var bpSegment = (function () {
  "use strict";
  var model = BP_SEGMENTER;
  var types = model.types.map(function (entry) { return [new RegExp("^" + entry[0], "u"), entry[1]]; });
  var has = Object.prototype.hasOwnProperty;
  function ctype(c) {
    for (var i = 0; i < types.length; i++) if (types[i][0].test(c)) return types[i][1];
    return "O";
  }
  function ts(table, key) { return has.call(table, key) ? table[key] : 0; }
  return function (input) {
    if (!input) return [];
    var chars = Array.from(input);
    var m = model.tables;
    var result = [];
    var seg = ["B3", "B2", "B1"].concat(chars, ["E1", "E2", "E3"]);
    var ct = ["O", "O", "O"].concat(chars.map(ctype), ["O", "O", "O"]);
    var word = seg[3], p1 = "U", p2 = "U", p3 = "U";
    for (var i = 4; i < seg.length - 3; i++) {
      var score = model.bias;
      var w1 = seg[i - 3], w2 = seg[i - 2], w3 = seg[i - 1], w4 = seg[i], w5 = seg[i + 1], w6 = seg[i + 2];
      var c1 = ct[i - 3], c2 = ct[i - 2], c3 = ct[i - 1], c4 = ct[i], c5 = ct[i + 1], c6 = ct[i + 2];
      score += ts(m.UP1__, p1) + ts(m.UP2__, p2) + ts(m.UP3__, p3);
      score += ts(m.BP1__, p1 + p2) + ts(m.BP2__, p2 + p3);
      score += ts(m.UW1__, w1) + ts(m.UW2__, w2) + ts(m.UW3__, w3) + ts(m.UW4__, w4) + ts(m.UW5__, w5) + ts(m.UW6__, w6);
      score += ts(m.BW1__, w2 + w3) + ts(m.BW2__, w3 + w4) + ts(m.BW3__, w4 + w5);
      score += ts(m.TW1__, w1 + w2 + w3) + ts(m.TW2__, w2 + w3 + w4) + ts(m.TW3__, w3 + w4 + w5) + ts(m.TW4__, w4 + w5 + w6);
      score += ts(m.UC1__, c1) + ts(m.UC2__, c2) + ts(m.UC3__, c3) + ts(m.UC4__, c4) + ts(m.UC5__, c5) + ts(m.UC6__, c6);
      score += ts(m.BC1__, c2 + c3) + ts(m.BC2__, c3 + c4) + ts(m.BC3__, c4 + c5);
      score += ts(m.TC1__, c1 + c2 + c3) + ts(m.TC2__, c2 + c3 + c4) + ts(m.TC3__, c3 + c4 + c5) + ts(m.TC4__, c4 + c5 + c6);
      // UQ1 twice, not UQ3: as the Python segmenter the index was made with does.
      score += ts(m.UQ1__, p1 + c1) + ts(m.UQ2__, p2 + c2) + ts(m.UQ1__, p3 + c3);
      score += ts(m.BQ1__, p2 + c2 + c3) + ts(m.BQ2__, p2 + c3 + c4) + ts(m.BQ3__, p3 + c2 + c3) + ts(m.BQ4__, p3 + c3 + c4);
      score += ts(m.TQ1__, p2 + c1 + c2 + c3) + ts(m.TQ2__, p2 + c2 + c3 + c4);
      score += ts(m.TQ3__, p3 + c1 + c2 + c3) + ts(m.TQ4__, p3 + c2 + c3 + c4);
      var p = "O";
      if (score > 0) {
        result.push(word.trim());
        word = "";
        p = "B";
      }
      p1 = p2;
      p2 = p3;
      p3 = p;
      word += seg[i];
    }
    result.push(word.trim());
    return result;
  };
})();

function splitQuery(query) {
  return bpSegment(query).filter(function (word) { return Array.from(word).length > 1; });
}
