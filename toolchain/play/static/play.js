// bp play: the page. Everything it shows comes from /api/state, which holds one seat's view only;
// every action is a POST whose answer is the new state. No library, nothing from elsewhere.

const $ = (selector, root = document) => root.querySelector(selector);
// The page's words in the language of bp's messages, sent with the page by the server (play/page_words.py):
// word("cards", {count: 3}) is its text with each {name} filled in.
const WORDS = JSON.parse($("#words").textContent);
const word = (name, values = {}) => WORDS[name].replace(/\{(\w+)\}/g, (whole, key) => String(values[key] ?? whole));
let state = null;
let focusedVersion = -1;

async function api(path, body) {
  const options = body === undefined ? {cache: "no-store"} : {
    method: "POST", cache: "no-store", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  const data = await response.json();
  render(data.state ?? data);
  if (data.error) throw new Error(data.error);
  return data.result;
}

function act(path, body = {}, errorBox = $("#notice")) {
  return api(path, body).then(
    (result) => { if (errorBox !== $("#notice")) errorBox.textContent = ""; return result; },
    (error) => { errorBox.textContent = error.message; errorBox.classList.add("problem"); throw error; },
  );
}

// ♡ and ♢ red, as the action lists and the rulebook print them (class suit-red): the text is the same (textContent,
// and what a screen reader reads), only each red suit is in a span.
const RED_SUIT = /([♡♢])/;

function suited(text) {
  return String(text).split(RED_SUIT).filter(Boolean)
    .map((piece) => RED_SUIT.test(piece) ? Object.assign(document.createElement("span"), {className: "suit-red", textContent: piece}) : piece);
}

function setSuited(element, text) {
  element.replaceChildren(...suited(text));
  return element;
}

function button(text, onClick, attributes = {}) {
  const element = document.createElement("button");
  element.type = "button";
  setSuited(element, text);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.addEventListener("click", onClick);
  return element;
}

function optionLabel(option, number) {
  const text = option.cost ? word("option_cost", {text: option.text, cost: option.cost}) : option.text;
  return `${number}. ${text}`;  // every option numbered: its number is its key
}

// A choice of several items asked one at a time (the game start's cards): how many, as the data gives them, and
// how many are chosen so far, 「3 枚選ぶ・1 枚選択済み」.
function choosingText(decision) {
  const {chosen, least, most} = decision.choosing;
  const cards = decision.options.every((option) => option.kind === "card" || option.kind === "label");
  const wanted = least === most ? `${most}` : word("range", {least, most});
  return cards ? word("choosing_cards", {wanted, chosen}) : word("choosing_items", {wanted, chosen});
}

// -- rendering ---------------------------------------------------------------------------------
function render(next) {
  state = next;
  document.body.dataset.version = String(state.version);  // tests wait for the next state by it
  $("#regulation").textContent = !state.regulation ? ""
    : state.setup.given ? word("from_position", {regulation: state.regulation}) : word("with_seed", {regulation: state.regulation, seed: state.setup.seed});
  renderRules();
  const notice = $("#notice");
  notice.textContent = state.notice || "";
  notice.classList.remove("problem");
  $("#cover").hidden = !state.cover;
  if (state.cover) {  // the name stands out of the sentence, wherever the language puts it
    const [before, after = ""] = word("cover_turn").split("{name}");
    $("#cover-text").replaceChildren(before, Object.assign(document.createElement("strong"), {id: "cover-name", textContent: state.cover.name}), after);
  }
  $("#table").hidden = !state.game;
  renderReplay();
  const game = state.game;
  $("#undo").disabled = !state.can_undo;
  $("#save").disabled = !state.setup;
  $("#example").disabled = !(game && game.decision && game.decision.kind === "request" && state.mode === "play");
  if (game) {
    renderStatus(game);
    renderDecision(game);
    $("#board").innerHTML = game.board;  // SVG drawn by the server from this seat's observation
    renderZones(game);
    renderLog();
  } else {  // covered for the next player: nothing of the last one's view stays on the page
    for (const id of ["#status", "#prompt", "#options", "#board", "#log", "#refused-list"]) $(id).replaceChildren();
    $("#zones").replaceChildren($("#zones-title"));
  }
  renderExample();
}

function renderRules() {
  const rules = state.rules, box = $("#rules");
  const findings = rules.findings.length > 0;
  box.hidden = !findings && !rules.newer;
  $("#rules-text").textContent = findings
    ? word("rules_failing")
    : rules.newer ? word("rules_newer") : "";
  $("#rules-findings").hidden = !findings;
  $("#rules-findings").textContent = rules.findings.join("\n");
  $("#apply-rules").hidden = !rules.newer;
}

function renderReplay() {
  const replay = state.replay;
  $("#replay").hidden = !replay;
  if (!replay) return;
  $("#replay-file").textContent = replay.file;
  $("#replay-step").textContent = word("replay_step", {step: replay.step, steps: replay.steps});
  $("#look").value = String(replay.viewer);
  for (const option of $("#look").options) option.disabled = !replay.looks.includes(Number(option.value));  // an unfinished game: the seats played
  $("#step-back").disabled = $("#step-first").disabled = replay.step === 0;
  $("#step-next").disabled = $("#step-last").disabled = replay.step >= replay.steps;
}

function side(game, which) {
  return which === "you" ? state.viewer.names.you : which === "opponent" ? state.viewer.names.opponent : word("rule_system");
}

function renderStatus(game) {
  const parts = [word("status_turn", {number: game.turn_number, side: side(game, game.turn)})];
  parts.push(word("status_chance", {side: game.chance ? side(game, game.chance) : word("rule_system")}));
  parts.push(word("status_passed", {sides: game.passed.length ? game.passed.map((s) => side(game, s)).join(word("joined")) : word("none")}));
  if (game.first && !state.setup.given) parts.push(word("status_first", {side: side(game, game.first)}));  // a position typed has no first player
  if (game.stage.length) parts.push(word("status_stage", {count: game.stage.length}));
  $("#status").textContent = game.winner ? word("status_winner", {side: side(game, game.winner), number: game.turn_number}) : parts.join(word("joined"));
}

function renderRefused(game) {
  $("#refused").hidden = !game.refused.length;
  $("#refused-count").textContent = `(${game.refused.length})`;
  $("#refused-list").replaceChildren(...game.refused.map((r) => {
    const item = document.createElement("li");
    setSuited(item, `${r.action}: ${r.item}` + (r.printed ? ` (${r.printed})` : ""));
    return item;
  }));
}

function renderDecision(game) {
  const decision = game.decision, options = $("#options"), prompt = $("#prompt");
  renderRefused(game);
  typeNumber("");
  options.replaceChildren();
  if (!decision) {
    prompt.textContent = game.winner ? word("game_over") : state.mode === "replay" ? "" : game.waiting ? word("waiting", {side: side(game, game.waiting)}) : "";
    return;
  }
  const asked = `${state.viewer.name}: ${decision.prompt}`;
  setSuited(prompt, decision.choosing ? word("prompt_choosing", {prompt: asked, choosing: choosingText(decision)}) : asked);
  decision.options.forEach((option, i) => {
    const element = button(optionLabel(option, i + 1), () => act("/api/decide", {index: option.index, version: state.version}).catch(() => {}),
      {"data-index": String(option.index), "data-kind": option.kind, class: "option"});
    options.append(element);
  });
  if (focusedVersion !== state.version && !document.querySelector("dialog[open]")) {
    focusedVersion = state.version;
    const active = document.activeElement;
    if (!active || active === document.body || active.classList.contains("option")) options.firstElementChild?.focus();
  }
}

// A zone: a region named for its side (あなたの手札), its cards a list of items each with its state, shown on one
// line as 「手札: ♠9 ♡3」; a zone counted, not shown (the other player's hand), says its count.
function zone(owner, label, cards, separator = " ") {
  const block = document.createElement("section");
  block.className = "zone";
  block.setAttribute("aria-label", word("zone_of", {owner, zone: label}));
  const title = document.createElement("h3");
  title.textContent = label;
  block.append(title);
  if (!Array.isArray(cards)) {
    const count = document.createElement("p");
    count.textContent = cards;
    block.append(count);
    return block;
  }
  const list = document.createElement("ul");
  cards.forEach((card, i) => {
    const item = document.createElement("li");
    if (i) item.append(Object.assign(document.createElement("span"), {textContent: separator, ariaHidden: "true"}));  // as the line reads
    item.append(...suited(card));
    list.append(item);
  });
  if (!cards.length) list.append(Object.assign(document.createElement("li"), {textContent: word("none")}));
  block.append(list);
  return block;
}

function renderZones(game) {
  const zones = $("#zones");
  zones.replaceChildren($("#zones-title"));
  for (const which of ["opponent", "you"]) {
    const seen = game[which], owner = side(game, which);
    const block = document.createElement("section");
    block.className = "side";
    const title = document.createElement("h2");
    title.id = `side-${which}`;
    title.textContent = owner;
    block.setAttribute("aria-labelledby", title.id);
    block.append(title);
    const cards = (value) => Array.isArray(value) ? value : word("cards", {count: value});
    block.append(zone(owner, word("life"), seen.life === null ? word("life_many") : word("cards", {count: seen.life})));
    block.append(zone(owner, word("hand"), cards(seen.hand)));
    block.append(which === "you" ? zone(owner, word("graveyard"), cards(seen.graveyard))
      : zone(owner, word("graveyard"), [word("graveyard_top", {card: seen.graveyard[0] ?? word("none")})]));
    block.append(zone(owner, word("field"), seen.field.map((c) => {
      let text = c.driven ? word("driven", {card: c.text}) : c.text;
      if (c.size !== null && c.kind === "soldier") text = word("size", {card: text, size: c.size});
      return text + (c.role ? ` ${c.role}` : "");
    }), word("listed")));
    if (seen.fog.length) block.append(zone(owner, word("fog"), cards(seen.fog)));
    if (seen.trump.length) block.append(zone(owner, word("trump"), seen.trump));
    if (Array.isArray(seen.pack) ? seen.pack.length : seen.pack) {
      const pack = zone(owner, word("pack"), cards(seen.pack));
      if (seen.pack_opened) pack.append(` ${word("opened")}`);
      block.append(pack);
    }
    if (Array.isArray(seen.rare) ? seen.rare.length : seen.rare) block.append(zone(owner, word("rare"), cards(seen.rare)));
    if (seen.known.length) block.append(zone(owner, word("known"), seen.known));
    zones.append(block);
  }
  if (game.stage.length) {
    const block = document.createElement("section");
    block.className = "side";
    const title = document.createElement("h2");
    title.id = "stage-title";
    title.textContent = word("stage");
    block.setAttribute("aria-labelledby", title.id);
    const items = document.createElement("ol");
    for (const request of game.stage) {
      const item = document.createElement("li");
      setSuited(item, `${side(game, request.side)}: ${request.action} ★${request.cards.join(" ")}` + (request.targets.length ? ` → ${request.targets.join(", ")}` : ""));
      items.append(item);
    }
    block.append(title, items);
    zones.append(block);
  }
}

// The log is a live region: only the lines new since the last state are added, so a screen reader reads
// those, not the whole game again; an undo or a new game rewrites it.
function renderLog() {
  const log = $("#log");
  const text = (line) => line.who ? `${line.who}: ${line.text}` : line.text;
  const shown = [...log.children].map((item) => item.textContent);
  const kept = shown.length <= state.log.length && shown.every((line, i) => line === text(state.log[i]));
  const item = (line) => setSuited(document.createElement("li"), text(line));
  if (kept) log.append(...state.log.slice(shown.length).map(item));
  else log.replaceChildren(...state.log.map(item));
  log.lastElementChild?.scrollIntoView({block: "nearest"});
}

function renderExample() {
  const dialog = $("#example-dialog"), example = state.example;
  if (!example) {
    if (dialog.open) dialog.close();
    return;
  }
  if (!dialog.open) dialog.showModal();
  $("#example-ask").hidden = example.done;
  $("#example-done").hidden = !example.done;
  if (example.done) {
    $("#example-yaml").value = example.yaml;
    $("#example-check").textContent = example.problem === null
      ? word("example_passes", {where: example.where, action: example.action})
      : word("example_fails", {problem: example.problem});
    $("#example-copy").focus();
    return;
  }
  $("#example-prompt").textContent = `${example.who}: ${example.decision.prompt}`;
  const options = $("#example-options");
  options.replaceChildren(...example.decision.options.filter((o) => o.kind !== "pass").map((option, i) =>
    button(optionLabel(option, i + 1), () => act("/api/example-decide", {index: option.index}, $("#example-dialog .error")).catch(() => {}),
      {"data-index": String(option.index), class: "option"})));
  options.firstElementChild?.focus();
}

// -- dialogs -----------------------------------------------------------------------------------
function fillRegulations(select) {
  select.replaceChildren(...state.regulations.map((r) => {
    const option = document.createElement("option");
    option.value = `${r.format}+${r.frame}`;
    option.textContent = r.name;
    return option;
  }));
  if (state.setup) select.value = `${state.setup.format}+${state.setup.frame}`;
}

function regulationOf(form) {
  const [format, frame] = form.elements.regulation.value.split("+");
  return {format, frame};
}

function openDialog(id, prepare) {
  const dialog = $(id);
  $(".error", dialog).textContent = "";
  prepare(dialog);
  dialog.showModal();
}

function submitting(form, action) {
  form.addEventListener("submit", (event) => {
    if (event.submitter?.value === "cancel") return;
    event.preventDefault();
    action().then(() => {
      form.closest("dialog").close();
      $("#options .option")?.focus();  // the keyboard goes on where the game does
    }, () => {});
  });
}

// -- wiring ------------------------------------------------------------------------------------
function wire() {
  $("#undo").addEventListener("click", () => act("/api/undo").catch(() => {}));
  $("#save").addEventListener("click", () => act("/api/save").catch(() => {}));
  $("#example").addEventListener("click", () => act("/api/example").catch(() => {}));
  $("#example-close").addEventListener("click", () => act("/api/example-close").catch(() => {}));
  $("#example-dialog").addEventListener("cancel", (event) => { event.preventDefault(); act("/api/example-close").catch(() => {}); });
  $("#example-copy").addEventListener("click", () => {
    const area = $("#example-yaml");
    area.select();
    navigator.clipboard?.writeText(area.value).then(() => { $("#example-check").textContent += ` ${word("copied")}`; }, () => {});
  });
  $("#reveal").addEventListener("click", () => act("/api/reveal").catch(() => {}));
  $("#apply-rules").addEventListener("click", () => act("/api/rules").catch(() => {}));
  const step = (to) => act("/api/step", {to}).catch(() => {});
  $("#step-first").addEventListener("click", () => step(0));
  $("#step-back").addEventListener("click", () => step(state.replay.step - 1));
  $("#step-next").addEventListener("click", () => step(state.replay.step + 1));
  $("#step-last").addEventListener("click", () => step(state.replay.steps));
  $("#look").addEventListener("change", (event) => act("/api/look", {seat: Number(event.target.value)}).catch(() => {}));
  $("#take-over").addEventListener("click", () => act("/api/take-over").catch(() => {}));

  const newForm = $("#new-form");
  $("#open-new").addEventListener("click", () => openDialog("#new-dialog", () => {
    fillRegulations(newForm.elements.regulation);
    newForm.elements.seed.value = state.setup ? state.setup.seed + 1 : 1;
  }));
  submitting(newForm, () => {
    const elements = newForm.elements;
    return act("/api/new", {
      ...regulationOf(newForm), seed: Number(elements.seed.value), seats: elements.seats.value.split(","),
      first: elements.first.value === "" ? null : Number(elements.first.value),
    }, $(".error", newForm));
  });

  const positionForm = $("#position-form");
  $("#open-position").addEventListener("click", () => openDialog("#position-dialog", () => {
    fillRegulations(positionForm.elements.regulation);
    fetch("/api/position", {cache: "no-store"}).then((r) => r.json()).then((data) => { positionForm.elements.text.value = data.text; });
  }));
  submitting(positionForm, () => act("/api/position", {
    ...regulationOf(positionForm), text: positionForm.elements.text.value, seats: positionForm.elements.seats.value.split(","),
  }, $(".error", positionForm)));

  const transcriptForm = $("#transcript-form");
  $("#open-transcript").addEventListener("click", () => openDialog("#transcript-dialog", () => {
    const select = transcriptForm.elements.saved;
    select.replaceChildren(new Option(word("choose_saved"), ""), ...state.saved.map((name) => new Option(name, name)));
    if (state.saved.length) select.value = state.saved[state.saved.length - 1];
  }));
  submitting(transcriptForm, () => act("/api/transcript", {
    path: transcriptForm.elements.path.value.trim() || transcriptForm.elements.saved.value,
    game: Number(transcriptForm.elements.game.value || 1),
  }, $(".error", transcriptForm)));

  document.addEventListener("keydown", (event) => {
    if (document.querySelector("dialog[open]") || event.target.closest("input, textarea, select") || event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^[0-9]$/.test(event.key)) {
      if (typed || event.key !== "0") { event.preventDefault(); typeDigit(event.key); }
    } else if (typed && event.key === "Enter") {
      event.preventDefault();
      const option = document.querySelectorAll("#options .option")[Number(typed) - 1];
      typeNumber("");
      option?.click();
    } else if (typed && (event.key === "Escape" || event.key === "Backspace")) {
      event.preventDefault();
      typeNumber(event.key === "Backspace" ? typed.slice(0, -1) : "");
    } else if (event.key === "u" && !$("#undo").disabled) {
      $("#undo").click();
    } else if (state?.replay && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
      (event.key === "ArrowRight" ? $("#step-next") : $("#step-back")).click();
    }
  });
}

// An option's number typed on the keyboard: taken as soon as no other option's number begins with it (1–9 among
// nine options, 54 among 54), else once Enter is pressed (5 among 54: 5, or 50–54 still to come). The option
// typed so far has the focus, and the page says the number.
let typed = "";

function typeNumber(digits) {
  typed = digits;
  $("#typed").textContent = typed ? word("typed", {number: typed}) : "";
  if (typed) document.querySelectorAll("#options .option")[Number(typed) - 1]?.focus();
}

function typeDigit(digit) {
  const buttons = document.querySelectorAll("#options .option");
  const number = Number(typed + digit);
  if (number < 1 || number > buttons.length) {
    typeNumber("");
  } else if (number * 10 > buttons.length) {
    typeNumber("");
    buttons[number - 1].click();
  } else {
    typeNumber(typed + digit);
  }
}

async function poll() {
  try {
    const status = await (await fetch("/api/status", {cache: "no-store"})).json();
    if (state && (status.version !== state.version || status.rules !== state.rules.latest)) await api("/api/state");
  } catch (error) { /* the server is stopping or restarting */ }
  setTimeout(poll, 700);
}

wire();
api("/api/state").then(poll);
