// The participant page: joins, follows the room's updates (server-sent events), sends answers
// (POST). Every text from the room is set with textContent: nothing a participant, the model or
// the facilitator typed is ever parsed as HTML. No external asset, no storage of our own: the
// device is recognised by its cookie (HttpOnly, set by the server).
//
// It tells the truth: the connection's state is always in the header (a lost stream shows
// "Reconnecting…" at once and disables sending; back, it shows the current round), a room that
// ended says so and what to do, and every change of round, timer and results is said in the live
// region (#announce) and focused. Every wait is a page timer (tests drive them with a fake clock).
"use strict";

const CRITERIA = { feasibility: "Feasibility", value: "Value", human_value: "Human value" };
const RETRY_MS = 2000;       // a lost connection is tried again this often
const SILENT_MS = 25000;     // a stream with no event (the server pings every 15 s) is lost
const GIVE_UP_TRIES = 5;     // then the page says the room may have ended, and keeps trying
const SAVE_AFTER_MS = 400;   // Design: the scores of one idea are saved this long after the last tap

let view = null;
let stream = null;
let ended = false;           // the room ended for this page: nothing more to ask
let connection = "connecting";
let failures = 0;
let retryTimer = null;
let silentTimer = null;
let shownKey = "";
let shown = { round: null, open: null, revealed: false, timer: null };
let timerEnd = null;
let timeUp = false;
let oneMinuteSaid = false;
let dots = {};
const pendingScores = {};    // item id -> timer of a save not yet sent

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (value === true) node.setAttribute(name, "");
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(name, String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

// -- saying things ------------------------------------------------------------------------------

function announce(message, focus) {
  const region = $("announce");
  region.textContent = "";
  region.textContent = message;  // a change the live region reads out
  if (focus) focus.focus({ preventScroll: false });
}

function say(message) {  // an error that stays until its round changes or it is resolved
  $("status").textContent = message || "";
}

function note(form, message, isError) {
  const out = form.querySelector(".form-note");
  if (!out) return;
  out.textContent = message || "";
  out.className = "form-note" + (isError ? " error" : " sent");
}

// -- the connection -----------------------------------------------------------------------------

function setConnection(state, text) {
  connection = state;
  $("connection").dataset.state = state;
  $("connection-text").textContent = text;
  updateEnabled();
}

async function call(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(path, { credentials: "same-origin", cache: "no-store", ...options });
  } catch (err) {
    lost();
    return { ok: false, offline: true };
  }
  let data = null;
  try { data = await response.json(); } catch (err) { data = null; }
  if (response.status === 404) { end("gone"); return { ok: false }; }
  return { ok: response.ok, status: response.status, data, message: data && data.error && data.error.message };
}

const ENDINGS = {
  stopped: "The facilitator has ended the room. Thank you for taking part — you can close this page.",
  "new-link": "The facilitator has made a new link for the room, so this one no longer works. Ask them for it (or scan the new QR code).",
  removed: "The facilitator has taken this phone out of the room.",
  gone: "This link no longer works: the room has ended or has a new link. Ask the facilitator for the current one.",
};

function end(reason) {
  if (ended) return;
  ended = true;
  closeStream();
  clearTimeout(retryTimer);
  for (const id of ["join", "wait", "round", "results"]) $(id).hidden = true;
  say("");
  $("ended").hidden = false;
  $("ended-text").textContent = ENDINGS[reason] || ENDINGS.gone;
  setConnection("ended", "Room ended");
  announce("This room has ended. " + $("ended-text").textContent, $("ended-title"));
}

function closeStream() {
  clearTimeout(silentTimer);
  if (stream) stream.close();
  stream = null;
}

function heard() {  // any event: the stream is alive
  clearTimeout(silentTimer);
  silentTimer = setTimeout(lost, SILENT_MS);
}

function lost() {
  if (ended) return;
  closeStream();
  if (connection !== "reconnecting") {
    setConnection("reconnecting", "Reconnecting…");
    announce("Connection lost. Reconnecting… Sending is paused until it is back.");
  }
  clearTimeout(retryTimer);
  retryTimer = setTimeout(reconnect, RETRY_MS);
}

async function reconnect() {
  const answer = await call("api/me");
  if (ended) return;
  if (answer.ok && answer.data) {
    failures = 0;
    show(answer.data);
    if (answer.data.joined) follow();
    else back();
    return;
  }
  failures += 1;
  if (failures === GIVE_UP_TRIES) {
    $("connection-text").textContent = "Not reachable";
    say("The room is not answering: the facilitator's computer may have stopped it. Ask the facilitator for the current link. This page keeps trying.");
  }
  clearTimeout(retryTimer);
  retryTimer = setTimeout(reconnect, RETRY_MS + 1000);
}

function back() {
  const was = connection;
  setConnection("connected", "Connected");
  if (was === "reconnecting") {
    say("");
    announce("Connected again." + (view && view.round ? " Showing the current round." : ""));
  }
}

function follow() {
  if (stream || ended) return;
  stream = new EventSource("events");
  stream.addEventListener("open", () => { failures = 0; heard(); back(); });
  stream.addEventListener("state", (event) => { heard(); show(JSON.parse(event.data)); });
  stream.addEventListener("ping", heard);
  stream.addEventListener("ended", (event) => end(JSON.parse(event.data).reason));
  // a dropped network leaves the stream CONNECTING, a refused one CLOSED: either is lost
  stream.addEventListener("error", lost);
}

async function start() {
  const answer = await call("api/me");
  if (ended) return;
  if (answer.ok && answer.data) {
    show(answer.data);
    if (answer.data.joined) follow();
    else back();
  } else if (!answer.offline) {
    lost();  // a refusal (a rate limit): try again as a lost connection does
  }
}

// -- what the room shows ------------------------------------------------------------------------

function show(next) {
  view = next;
  $("join").hidden = view.joined;
  $("join-form").hidden = !view.joining_open || view.waiting || view.removed;
  $("join-closed").hidden = view.joining_open || view.waiting || view.removed;
  $("join-waiting").hidden = !view.waiting;
  $("join-removed").hidden = !view.removed;
  if (!view.joined) {
    for (const id of ["wait", "round", "results"]) $(id).hidden = true;
    if (view.waiting) { clearTimeout(retryTimer); retryTimer = setTimeout(reconnect, RETRY_MS + 1000); }
    return;
  }
  $("you").hidden = false;
  $("you").textContent = "You: " + (view.you.name || "anonymous") + " (" + view.you.id + ")";
  const round = view.round;
  $("wait").hidden = Boolean(round);
  $("round").hidden = !round;
  if (!round) { $("results").hidden = true; return; }
  const key = JSON.stringify([round.id, round.items, round.votes_per_person]);
  const isNew = round.id !== shown.round;
  if (key !== shownKey) {
    shownKey = key;
    if (isNew) { say(""); timeUp = false; oneMinuteSaid = false; }
    buildRound(round);
  }
  $("round-closed").hidden = round.open;
  const seconds = round.seconds_left;
  timerEnd = seconds === null ? null : Date.now() + seconds * 1000;
  if (seconds !== null && seconds > 0) timeUp = false;
  showMine(round, view.mine);
  showResults(round, view.results);
  tell(round, view.results, isNew);
  tick();
  updateEnabled();
}

function tell(round, results, isNew) {
  const title = round.title || round.kind;
  const revealed = Boolean(results);
  const timer = round.open ? round.seconds_left : null;
  if (isNew) {
    announce("New round: " + title + (round.prompt ? ". " + round.prompt : "") + (round.open ? "" : " (closed)"), $("round-title"));
  } else if (shown.open && !round.open) {
    announce("The facilitator closed this round. Your answers are kept.", $("round-closed"));
  } else if (!shown.open && round.open) {
    announce("The facilitator opened this round again.", $("round-title"));
  }
  if (revealed && (!shown.revealed || isNew)) {
    announce("Results are in: they are at the top of the page.", $("results-title"));
  } else if (!isNew && timer !== null && shown.timer === null && round.open) {
    announce("The round has a timer: " + clock(timer) + " left.", $("timer"));
  }
  shown = { round: round.id, open: round.open, revealed, timer };
}

function clock(left) {
  return Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
}

function tick() {
  const timer = $("timer");
  if (timerEnd === null || !view || !view.round || !view.round.open) { timer.hidden = true; return; }
  const left = Math.max(0, Math.round((timerEnd - Date.now()) / 1000));
  timer.hidden = false;
  timer.textContent = left > 0 ? "Time left: " + clock(left) : "Time is up";
  if (left === 60 && !oneMinuteSaid) { oneMinuteSaid = true; announce("One minute left."); }
  if (left === 0 && !timeUp) {
    timeUp = true;
    updateEnabled();
    announce("Time is up: this round takes no more answers. What you sent is kept.", $("timer"));
  }
}
setInterval(tick, 1000);

// Inputs work only while the round is open, its time runs and the room is reachable.
function updateEnabled() {
  const round = view && view.round;
  const live = Boolean(round && round.open && !timeUp && connection === "connected" && !ended);
  for (const node of document.querySelectorAll("#round-body input, #round-body textarea, #round-body button, #round-body fieldset")) {
    node.disabled = !live || node.dataset.spent === "1";
  }
  if (round && round.kind === "select" && live) showDots(round);
}

function buildRound(round) {
  $("round-title").textContent = round.title || round.kind;
  $("round-prompt").textContent = round.prompt;
  const body = $("round-body");
  body.replaceChildren();
  // Design and Select draw their own controls; every other kind (question, ideate, and any kind
  // declared later) is the text form the server describes (round.form, round.send, round.entry)
  const builders = { ideate: buildIdeate, design: buildDesign, select: buildSelect };
  (builders[round.kind] || buildForm)(body, round);
}

function textForm(body, round, fields, button, send) {
  const form = el("form", { novalidate: true });
  for (const f of fields) {
    form.append(el("label", { for: f.id, text: f.label }));
    form.append(f.multiline
      ? el("textarea", { id: f.id, maxlength: f.max, required: f.required || false })
      : el("input", { id: f.id, type: "text", maxlength: f.max, required: f.required || false }));
  }
  form.append(el("button", { type: "submit", text: button }));
  form.append(el("p", { class: "form-note", role: "status" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(fields.map((f) => [f.name, $(f.id).value]));
    if (fields.some((f) => f.required && !values[f.name].trim())) {
      note(form, "Please write something first.", true);
      return;
    }
    const answer = await call("api/send", { round_id: round.id, ...send(values) });
    if (answer.ok) {
      for (const f of fields) $(f.id).value = "";
      note(form, "Sent. Thank you!");
      show(answer.data.view);
    } else if (answer.message) {
      note(form, answer.message, true);
    } else if (answer.offline) {
      note(form, "Not sent: no connection. It will be possible again when the page is reconnected.", true);
    }
  });
  body.append(form);
}

function buildForm(body, round) {
  textForm(body, round, round.form, round.send, (v) => ({ kind: round.entry, ...v }));
}

function buildIdeate(body, round) {
  if (round.items.length) {
    body.append(el("h3", { id: "cards-title", text: "Cards to spark ideas" }));
    body.append(el("ul", { class: "cards", "aria-labelledby": "cards-title" }, ...round.items.map((card) =>
      el("li", { class: "card" }, el("h4", { text: card.title }), card.description ? el("p", { text: card.description }) : null))));
  }
  body.append(el("h3", { text: "Your idea" }));
  buildForm(body, round);
}

function buildDesign(body, round) {
  body.append(el("p", { text: "Score each idea from 1 (low) to 5 (high). Each score is saved as you tap it." }));
  round.items.forEach((item, n) => {
    const box = el("fieldset", { class: "item" }, el("legend", { text: item.title }));
    if (item.description) box.append(el("p", { text: item.description }));
    for (const [criterion, label] of Object.entries(CRITERIA)) {
      const group = el("fieldset", {}, el("legend", { text: label }));
      const scale = el("div", { class: "scale" });
      for (let s = 1; s <= 5; s++) {
        const id = "score-" + n + "-" + criterion + "-" + s;
        scale.append(el("label", { for: id, title: label + " " + s },
          el("input", { type: "radio", id, name: "score-" + n + "-" + criterion, value: s,
            "aria-label": label + " " + s + " of 5 for " + item.title, onchange: () => saveSoon(round, item, box, n) }),
          el("span", { text: String(s) })));
      }
      group.append(scale);
      box.append(group);
    }
    box.append(el("p", { class: "saved", role: "status" }));
    box.dataset.item = item.id;
    box.dataset.index = String(n);
    body.append(box);
  });
}

function saveSoon(round, item, box, n) {
  clearTimeout(pendingScores[item.id]);
  box.querySelector(".saved").textContent = "Saving…";
  pendingScores[item.id] = setTimeout(async () => {
    delete pendingScores[item.id];
    const scores = {};
    for (const criterion of Object.keys(CRITERIA)) {
      const picked = box.querySelector("input[name='score-" + n + "-" + criterion + "']:checked");
      if (picked) scores[criterion] = Number(picked.value);
    }
    const answer = await call("api/send", { round_id: round.id, kind: "scores", item_id: item.id, ...scores });
    if (answer.ok) show(answer.data.view);
    else box.querySelector(".saved").textContent = "Not saved: " + (answer.message || "no connection; tap again when reconnected.");
  }, SAVE_AFTER_MS);
}

function buildSelect(body, round) {
  dots = Object.assign({}, (view.mine && view.mine.dots) || {});
  body.append(el("p", { id: "dots-left", "aria-live": "polite" }));
  for (const item of round.items) {
    const count = el("output", { id: "dots-" + item.id, "aria-label": "Your votes for " + item.title });
    const change = (delta) => () => {
      const now = dots[item.id] || 0;
      if (delta < 0 && now === 0) return;
      if (delta > 0 && used() >= round.votes_per_person) return;
      dots[item.id] = now + delta;
      showDots(round);
    };
    body.append(el("div", { class: "item" }, el("strong", { text: item.title }),
      item.description ? el("p", { text: item.description }) : null,
      el("div", { class: "dots" },
        el("button", { type: "button", class: "quiet", "data-minus": item.id, "aria-label": "Remove a vote from " + item.title, text: "−", onclick: change(-1) }),
        count,
        el("button", { type: "button", "data-plus": item.id, "aria-label": "Add a vote to " + item.title, text: "+", onclick: change(1) }))));
  }
  const send = el("button", { type: "button", id: "send-votes", text: "Send votes" });
  const out = el("p", { class: "form-note", role: "status" });
  send.addEventListener("click", async () => {
    const answer = await call("api/send", { round_id: round.id, kind: "votes", dots });
    if (answer.ok) { out.textContent = "Votes sent."; out.className = "form-note sent"; show(answer.data.view); }
    else { out.textContent = answer.message || "Not sent: no connection."; out.className = "form-note error"; }
  });
  body.append(send, out);
  showDots(round);
}

function used() {
  return Object.values(dots).reduce((a, b) => a + b, 0);
}

function showDots(round) {
  const left = round.votes_per_person - used();
  $("dots-left").textContent = "Votes left: " + left + " of " + round.votes_per_person;
  const live = round.open && !timeUp && connection === "connected" && !ended;
  for (const item of round.items) {
    const out = $("dots-" + item.id);
    if (out) out.textContent = String(dots[item.id] || 0);
    const plus = document.querySelector("[data-plus='" + CSS.escape(item.id) + "']");
    const minus = document.querySelector("[data-minus='" + CSS.escape(item.id) + "']");
    // "+" with no dots left and "−" at zero do nothing, so they look it
    if (plus) { plus.dataset.spent = left <= 0 ? "1" : "0"; plus.disabled = !live || left <= 0; }
    if (minus) { minus.dataset.spent = (dots[item.id] || 0) === 0 ? "1" : "0"; minus.disabled = !live || (dots[item.id] || 0) === 0; }
  }
}

function showMine(round, mine) {
  const box = $("mine");
  box.replaceChildren();
  if (!mine) return;
  if (mine.answers.length) {  // a question's answers, or what a declared kind lists there
    box.append(el("h3", { text: "Your answers" }), el("ul", { class: "plain" }, ...mine.answers.map((a) => el("li", { text: a.text }))));
  }
  if (round.kind === "ideate" && mine.ideas.length) {
    box.append(el("h3", { text: "Your ideas" }), el("ul", { class: "plain" },
      ...mine.ideas.map((i) => el("li", {}, el("strong", { text: i.title }), i.description ? el("span", { text: " — " + i.description }) : null))));
  }
  if (round.kind === "design") {
    for (const fieldset of document.querySelectorAll("#round-body fieldset.item")) {
      const saved = mine.scores[fieldset.dataset.item] || {};
      for (const [criterion, score] of Object.entries(saved)) {
        const input = $("score-" + fieldset.dataset.index + "-" + criterion + "-" + score);
        if (input && !fieldset.querySelector("input[name='score-" + fieldset.dataset.index + "-" + criterion + "']:checked")) input.checked = true;
      }
      if (pendingScores[fieldset.dataset.item]) continue;
      fieldset.querySelector(".saved").textContent = Object.keys(saved).length
        ? "Saved: " + Object.entries(saved).map(([c, s]) => CRITERIA[c] + " " + s).join(", ") : "";
    }
  }
  if (round.kind === "select" && $("send-votes")) {
    const sentDots = mine.dots || {};
    const total = Object.values(sentDots).reduce((a, b) => a + b, 0);
    box.append(el("p", { text: total ? "Your votes are in (" + total + ")." : "You have not sent votes yet." }));
  }
}

function plural(n, one, many) {
  return n + " " + (n === 1 ? one : (many || one + "s"));
}

function showResults(round, results) {
  const section = $("results");
  section.hidden = !results;
  const body = $("results-body");
  body.replaceChildren();
  if (!results) return;
  body.append(el("p", { text: plural(results.contributors, "person", "people") + " took part." }));
  if (results.answers.length) body.append(el("ul", { class: "plain" }, ...results.answers.map((a) => el("li", { text: a }))));
  if (results.ideas.length) {
    body.append(el("ul", { class: "plain" }, ...results.ideas.map((i) => el("li", {}, el("strong", { text: i.title }),
      i.description ? el("span", { text: " — " + i.description }) : null))));
  }
  if (results.scores.length) {
    const head = el("tr", {}, el("th", { scope: "col", text: "Idea" }), ...Object.values(CRITERIA).map((l) => el("th", { scope: "col", text: l })));
    const rows = results.scores.map((s) => el("tr", {}, el("th", { scope: "row", text: s.title }),
      ...Object.keys(CRITERIA).map((c) => {
        const stat = s.criteria[c];
        return el("td", { text: stat.count ? stat.mean.toFixed(1) + " (±" + stat.spread.toFixed(1) + ", " + stat.count + ")" : "–" });
      })));
    // a wide table scrolls inside its own box, which the keyboard can reach
    body.append(el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "Scores table" },
      el("table", {}, el("caption", { text: "Mean (spread, count)" }), el("thead", {}, head), el("tbody", {}, ...rows))));
  }
  if (results.votes.length) {
    const ranked = [...results.votes].sort((a, b) => b.dots - a.dots);
    body.append(el("ol", {}, ...ranked.map((v) => el("li", { text: v.title + ": " + plural(v.dots, "vote") + " from " + plural(v.voters, "person", "people") }))));
  }
}

// A focused control never sits under the header (the browser's own scrolling leaves some there).
document.addEventListener("focusin", (event) => {
  const header = $("top").getBoundingClientRect();
  const target = (event.target.closest("label") || event.target).getBoundingClientRect();  // a score's radio hides in its label
  if (target.top < header.bottom) window.scrollBy(0, target.top - header.bottom - 8);
});
new ResizeObserver(() => {
  document.documentElement.style.setProperty("--header-h", $("top").offsetHeight + "px");
}).observe($("top"));

$("join-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const answer = await call("api/join", { name: $("join-name").value });
  if (answer.ok) {
    say("");
    show(answer.data);
    if (answer.data.joined) follow();
    else back();
  } else if (answer.message) {
    say(answer.message);
  }
});

start();
