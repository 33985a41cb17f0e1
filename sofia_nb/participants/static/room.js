// The participant page: joins, follows the room's updates (server-sent events), sends answers
// (POST). Every text from the room is set with textContent: nothing a participant, the model or
// the facilitator typed is ever parsed as HTML. No external asset, no storage of our own: the
// device is recognised by its cookie (HttpOnly, set by the server).
"use strict";

const CRITERIA = { feasibility: "Feasibility", value: "Value", human_value: "Human value" };
const KIND_TITLES = { question: "Question", ideate: "Ideate: add ideas", design: "Design: score the ideas", select: "Select: vote" };

let view = null;
let stream = null;
let ended = false;  // the link stopped working: nothing more to ask
let shownKey = "";
let timerEnd = null;
let dots = {};

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

let sayTimer = null;

function say(message, isError) {
  const status = $("status");
  status.textContent = message || "";
  status.className = isError ? "error" : "";
  clearTimeout(sayTimer);
  if (message && !isError) sayTimer = setTimeout(() => { status.textContent = ""; }, 4000);
}

async function call(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(path, { credentials: "same-origin", cache: "no-store", ...options });
  } catch (err) {
    say("No connection to the room. Check the Wi-Fi and try again.", true);
    return null;
  }
  let data = null;
  try { data = await response.json(); } catch (err) { data = null; }
  if (!response.ok) {
    if (response.status === 404) gone();
    else say((data && data.error && data.error.message) || ("The room said no (" + response.status + ")."), true);
    return null;
  }
  return data;
}

function gone() {
  ended = true;
  if (stream) stream.close();
  stream = null;
  for (const id of ["join", "wait", "round", "results"]) $(id).hidden = true;
  say("This link no longer works. Ask the facilitator for the current link.", true);
}

function follow() {
  if (stream) return;
  stream = new EventSource("events");
  stream.addEventListener("state", (event) => show(JSON.parse(event.data)));
  stream.addEventListener("open", () => { if ($("status").className === "error") say(""); });
  stream.addEventListener("error", () => {
    if (stream && stream.readyState === EventSource.CLOSED) {
      stream = null;
      say("Reconnecting…", true);
      setTimeout(start, 3000);
    }
  });
}

async function start() {
  const data = await call("api/me");
  if (data) show(data);
  if (data && data.joined) follow();
  // No answer (a refusal, a dropped connection): try again as a stream does, or the page would
  // stay without updates for good after one failed reconnect.
  else if (!data && !ended) setTimeout(start, 3000);
}

function show(next) {
  view = next;
  $("join").hidden = view.joined;
  $("join-closed").hidden = view.joining_open;
  $("join-form").hidden = !view.joining_open;
  if (!view.joined) return;
  $("you").hidden = false;
  $("you").textContent = "You: " + (view.you.name || "anonymous") + " (" + view.you.id + ")";
  const round = view.round;
  $("wait").hidden = Boolean(round);
  $("round").hidden = !round;
  if (!round) { $("results").hidden = true; return; }
  const key = JSON.stringify([round.id, round.open, round.items, round.votes_per_person]);
  if (key !== shownKey) {
    shownKey = key;
    buildRound(round);
  }
  timerEnd = round.seconds_left === null ? null : Date.now() + round.seconds_left * 1000;
  tick();
  showMine(round, view.mine);
  showResults(round, view.results);
}

function tick() {
  const timer = $("timer");
  if (timerEnd === null || !view || !view.round || !view.round.open) { timer.hidden = true; return; }
  const left = Math.max(0, Math.round((timerEnd - Date.now()) / 1000));
  timer.hidden = false;
  timer.textContent = left > 0
    ? "Time left: " + Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0")
    : "Time is up";
}
setInterval(tick, 1000);

function buildRound(round) {
  $("round-title").textContent = KIND_TITLES[round.kind] || round.kind;
  $("round-prompt").textContent = round.prompt;
  $("round-closed").hidden = round.open;
  const body = $("round-body");
  body.replaceChildren();
  const builders = { question: buildQuestion, ideate: buildIdeate, design: buildDesign, select: buildSelect };
  builders[round.kind](body, round);
}

function textForm(body, round, fields, button, send) {
  const form = el("form", { novalidate: true });
  for (const f of fields) {
    form.append(el("label", { for: f.id, text: f.label }));
    form.append(f.multiline
      ? el("textarea", { id: f.id, maxlength: f.max, required: f.required || false })
      : el("input", { id: f.id, type: "text", maxlength: f.max, required: f.required || false }));
  }
  form.append(el("button", { type: "submit", disabled: !round.open, text: button }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(fields.map((f) => [f.name, $(f.id).value]));
    if (fields.some((f) => f.required && !values[f.name].trim())) {
      say("Please write something first.", true);
      return;
    }
    const sent = await call("api/send", { round_id: round.id, ...send(values) });
    if (sent) {
      for (const f of fields) $(f.id).value = "";
      say("Sent. Thank you!");
      show(sent.view);
    }
  });
  body.append(form);
}

function buildQuestion(body, round) {
  textForm(body, round, [{ id: "answer-text", name: "text", label: "Your answer", multiline: true, max: 1000, required: true }],
    "Send answer", (v) => ({ kind: "answer", text: v.text }));
}

function buildIdeate(body, round) {
  if (round.items.length) {
    body.append(el("h3", { text: "Cards to spark ideas" }));
    for (const card of round.items) {
      body.append(el("div", { class: "card" }, el("strong", { text: card.title }),
        card.description ? el("p", { text: card.description }) : null));
    }
  }
  body.append(el("h3", { text: "Your idea" }));
  textForm(body, round, [
    { id: "idea-title", name: "title", label: "Idea (a short title)", max: 120, required: true },
    { id: "idea-description", name: "description", label: "What it does and for whom (optional)", multiline: true, max: 1000 },
  ], "Submit idea", (v) => ({ kind: "idea", title: v.title, description: v.description }));
}

function buildDesign(body, round) {
  body.append(el("p", { text: "Score each idea from 1 (low) to 5 (high), then save." }));
  round.items.forEach((item, n) => {
    const box = el("fieldset", { class: "item" }, el("legend", { text: item.title }));
    if (item.description) box.append(el("p", { text: item.description }));
    for (const [criterion, label] of Object.entries(CRITERIA)) {
      const group = el("fieldset", {}, el("legend", { text: label }));
      const scale = el("div", { class: "scale" });
      for (let s = 1; s <= 5; s++) {
        const id = "score-" + n + "-" + criterion + "-" + s;
        scale.append(el("label", { for: id, title: label + " " + s },
          el("input", { type: "radio", id, name: "score-" + n + "-" + criterion, value: s, disabled: !round.open,
            "aria-label": label + " " + s + " of 5 for " + item.title }),
          el("span", { text: String(s) })));
      }
      group.append(scale);
      box.append(group);
    }
    box.append(el("button", { type: "button", disabled: !round.open, text: "Save scores", "aria-label": "Save scores for " + item.title,
      onclick: async () => {
        const scores = {};
        for (const criterion of Object.keys(CRITERIA)) {
          const picked = box.querySelector("input[name='score-" + n + "-" + criterion + "']:checked");
          if (picked) scores[criterion] = Number(picked.value);
        }
        if (!Object.keys(scores).length) { say("Pick at least one score.", true); return; }
        const sent = await call("api/send", { round_id: round.id, kind: "scores", item_id: item.id, ...scores });
        if (sent) { say("Scores saved for " + item.title + "."); show(sent.view); }
      } }));
    box.dataset.item = item.id;
    box.dataset.index = String(n);
    body.append(box);
  });
}

function buildSelect(body, round) {
  dots = Object.assign({}, (view.mine && view.mine.dots) || {});
  body.append(el("p", { id: "dots-left", "aria-live": "polite" }));
  for (const item of round.items) {
    const count = el("output", { id: "dots-" + item.id, "aria-label": "Your votes for " + item.title });
    const change = (delta) => () => {
      const used = Object.values(dots).reduce((a, b) => a + b, 0);
      const now = dots[item.id] || 0;
      if (delta > 0 && used >= round.votes_per_person) { say("You have used all your votes.", true); return; }
      if (delta < 0 && now === 0) return;
      dots[item.id] = now + delta;
      showDots(round);
    };
    body.append(el("div", { class: "item" }, el("strong", { text: item.title }),
      item.description ? el("p", { text: item.description }) : null,
      el("div", { class: "dots" },
        el("button", { type: "button", class: "quiet", disabled: !round.open, "aria-label": "Remove a vote from " + item.title, text: "−", onclick: change(-1) }),
        count,
        el("button", { type: "button", disabled: !round.open, "aria-label": "Add a vote to " + item.title, text: "+", onclick: change(1) }))));
  }
  body.append(el("button", { type: "button", id: "send-votes", disabled: !round.open, text: "Send votes",
    onclick: async () => {
      const sent = await call("api/send", { round_id: round.id, kind: "votes", dots });
      if (sent) { say("Votes sent."); show(sent.view); }
    } }));
  showDots(round);
}

function showDots(round) {
  const used = Object.values(dots).reduce((a, b) => a + b, 0);
  $("dots-left").textContent = "Votes left: " + (round.votes_per_person - used) + " of " + round.votes_per_person;
  for (const item of round.items) {
    const out = $("dots-" + item.id);
    if (out) out.textContent = String(dots[item.id] || 0);
  }
}

function showMine(round, mine) {
  const box = $("mine");
  box.replaceChildren();
  if (!mine) return;
  if (round.kind === "question" && mine.answers.length) {
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
      let note = fieldset.querySelector(".saved");
      if (!note) { note = el("p", { class: "saved" }); fieldset.append(note); }
      note.textContent = Object.keys(saved).length ? "Saved: " + Object.entries(saved).map(([c, s]) => CRITERIA[c] + " " + s).join(", ") : "";
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
    body.append(el("table", {}, el("caption", { text: "Mean (spread, count)" }), el("thead", {}, head), el("tbody", {}, ...rows)));
  }
  if (results.votes.length) {
    const ranked = [...results.votes].sort((a, b) => b.dots - a.dots);
    body.append(el("ol", {}, ...ranked.map((v) => el("li", { text: v.title + ": " + plural(v.dots, "vote") + " from " + plural(v.voters, "person", "people") }))));
  }
}

$("join-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const joined = await call("api/join", { name: $("join-name").value });
  if (joined) { say(""); show(joined); follow(); }
});

start();
