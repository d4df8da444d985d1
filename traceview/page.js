"use strict";
// The trace viewer: reads the trace (trace.go documents its fields), computes the state at a
// position p (the number of events applied, 0..NE) directly from per-node change lists, and
// draws the network and the time-space diagram. Nothing is fetched; nothing is stored.
(function () {
const T = unpack(JSON.parse(document.getElementById("trace").textContent));
const E = T.events, NE = E.k.length, N = T.n;
const KIND = T.kinds, K = {};
KIND.forEach((k, i) => { K[k] = i; });
const M = T.msgs, NM = M.s.length;
// Paul Tol's muted scheme, as plots/style.go: colour-blind safe, every state also a shape.
const C = { indigo: "#332288", rose: "#cc6677", teal: "#44aa99", wine: "#882255", green: "#117733",
  purple: "#aa4499", cyan: "#88ccee", olive: "#999933", sand: "#ddcc77", grey: "#777777" };
const typeColour = [C.teal, C.purple, C.olive, C.cyan, C.rose, C.wine, C.green, C.sand];
const STATUS = ["remainder", "waiting", "in the CS", "crashed"];
const $ = (id) => document.getElementById(id);

// unpack undoes encode.go's packing, step by step as it lists them.
function unpack(T) {
  const E = T.events, M = T.msgs, q = T.q;
  let acc = 0;
  E.t = E.t.map((d) => { acc += d; return acc * q; });
  E.m = E.k.map(() => -1);
  acc = 0;
  M.s = M.s.map((d) => { acc += d; return acc - 1; });
  M.r = M.r.map((d, m) => (d === 0 ? -1 : d < 0 ? -d - 1 : M.s[m] + d));
  M.st = M.s.map((s) => (s >= 0 ? E.t[s] : -1));
  M.at = M.at.map((d, m) => (d >= 0 && M.s[m] >= 0 ? M.st[m] + d * q : -1));
  M.s.forEach((s, m) => { if (s >= 0) E.m[s] = m; if (M.r[m] >= 0) E.m[M.r[m]] = m; });
  T.states = T.states.map(([line, tok, next, phase, h, qu]) => ({ line, token: tok === 1, next,
    phase: phase >= 0 ? T.strings[phase] : "", h: h === 0 ? null : h, q: qu === 0 ? null : qu }));
  const ch = [];
  acc = -1;
  for (let k = 0; k < T.changes.length; k += 3) { acc += T.changes[k]; ch.push([acc, T.changes[k + 1], T.changes[k + 2]]); }
  T.changes = ch;
  return T;
}

// ---- Per-node and per-link change lists: [position, value], positions increasing ----
const status = [], states = [], nodeEvents = [];
for (let i = 0; i < N; i++) { status.push([[0, T.status[i]]]); states.push([[0, T.init[i]]]); nodeEvents.push([]); }
const unsafe = []; // positions of unsafe entries, with the node
const links = new Map(); // "u-v" -> [[pos, up]]
const linkKey = (u, v) => (u < v ? u + "-" + v : v + "-" + u);
for (const [u, v] of T.links) links.set(linkKey(u, v), [[0, true]]);
// A handler's effects (its node's state, its messages, its CS entry) take effect at the event
// that triggered it (record.go: continues): trig[e] is that event.
const cont = (k) => k === K.send || k === K.enter || k === K["unsafe-enter"];
const trig = [];
for (let e = 0; e < NE; e++) trig.push(e > 0 && cont(E.k[e]) ? trig[e - 1] : e);
for (let e = 0; e < NE; e++) {
  const k = E.k[e], i = E.n[e], p = trig[e] + 1;
  nodeEvents[i].push(e);
  if (k === K.request) status[i].push([p, 1]);
  else if (k === K.enter) status[i].push([p, 2]);
  else if (k === K.release) status[i].push([p, 0]);
  else if (k === K.crash) status[i].push([p, 3]);
  else if (k === K["unsafe-enter"]) { status[i].push([p, 2]); unsafe.push([p, i, E.p[e]]); }
  else if (k === K["link-down"] || k === K["link-up"]) {
    nodeEvents[E.p[e]].push(e);
    const key = linkKey(i, E.p[e]);
    if (!links.has(key)) links.set(key, []);
    links.get(key).push([p, k === K["link-up"]]);
  }
}
for (const [e, i, s] of T.changes) states[i].push([e + 1, s]);
for (const l of states.concat(status)) l.sort((a, b) => a[0] - b[0]);
for (const l of nodeEvents) l.sort((a, b) => a - b);

// valueAt returns the value of a change list at position p (the last change at or before p).
function valueAt(list, p) {
  let lo = 0, hi = list.length - 1;
  if (hi < 0 || list[0][0] > p) return undefined;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (list[mid][0] <= p) lo = mid; else hi = mid - 1;
  }
  return list[lo][1];
}
const endTime = NE > 0 ? E.t[NE - 1] : 0;
// A message is in transit at p from its send until its receipt; one never received until it
// was due (lost, or dropped at a crashed node) or, due unknown, until the end.
const sendPos = (m) => (M.s[m] >= 0 ? trig[M.s[m]] + 1 : 0);
const recvPos = (m) => (M.r[m] >= 0 ? M.r[m] + 1 : Infinity);
function timeAt(p) { return p > 0 ? E.t[p - 1] : (NE > 0 ? E.t[0] : 0); }
function lost(m) { return M.r[m] < 0 && M.at[m] >= 0 && M.at[m] <= endTime && !T.failure; }

// frame computes everything drawn at position p.
function frame(p) {
  const f = { p, t: timeAt(p), status: [], state: [], links: [], msgs: [], bad: new Set() };
  for (let i = 0; i < N; i++) { f.status.push(valueAt(status[i], p)); f.state.push(T.states[valueAt(states[i], p)]); }
  for (const [key, list] of links) if (valueAt(list, p)) f.links.push(key.split("-").map(Number));
  for (let m = 0; m < NM; m++) {
    if (sendPos(m) > p) continue;
    if (recvPos(m) <= p) continue;
    if (M.r[m] < 0 && M.at[m] >= 0 && M.at[m] < f.t) continue; // gone: lost or dropped
    f.msgs.push(m);
  }
  for (const [q, i, j] of unsafe) if (q <= p) { f.bad.add(i); f.bad.add(j); }
  if (T.failure && p === NE) for (const i of T.failure.nodes || []) f.bad.add(i);
  return f;
}

// ---- Drawing helpers ----
const W = 1000, H = 750, PAD = 60;
const R = Math.max(6, Math.min(24, 150 / Math.sqrt(Math.max(N, 1))));
function posAt(p) {
  if (!T.geo || !T.moves.length) return T.layout;
  let a = T.moves[0], b = null;
  for (const mv of T.moves) { if (mv.e + 1 <= p) a = mv; else { b = mv; break; } }
  if (!b) return a.xy;
  const ta = timeAt(a.e + 1), tb = timeAt(b.e + 1), tp = timeAt(p);
  const w = tb > ta ? Math.min(1, Math.max(0, (tp - ta) / (tb - ta))) : 0;
  return a.xy.map((xy, i) => [xy[0] + w * (b.xy[i][0] - xy[0]), xy[1] + w * (b.xy[i][1] - xy[1])]);
}
const sx = (x) => PAD + x * (W - 2 * PAD), sy = (y) => PAD + y * (H - 2 * PAD);
function esc(s) { return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }
function higher(a, b) { // lexicographic a > b of two heights
  for (let k = 0; k < Math.min(a.length, b.length); k++) if (a[k] !== b[k]) return a[k] > b[k];
  return a.length > b.length;
}
function shape(st, x, y, r, fill) {
  const s = ' fill="' + fill + '" stroke="#222" stroke-width="1.5"';
  if (st === 1) return '<polygon points="' + [x, y - r * 1.2, x - r * 1.1, y + r * 0.8, x + r * 1.1, y + r * 0.8].join(",") + '"' + s + "/>";
  if (st === 2) return '<rect x="' + (x - r) + '" y="' + (y - r) + '" width="' + 2 * r + '" height="' + 2 * r + '"' + s + "/>";
  if (st === 3) return '<path d="M' + (x - r) + " " + (y - r) + "L" + (x + r) + " " + (y + r) + "M" + (x + r) + " " + (y - r) + "L" + (x - r) + " " + (y + r) + '" stroke="' + C.grey + '" stroke-width="' + Math.max(3, r / 3) + '"/>';
  return '<circle cx="' + x + '" cy="' + y + '" r="' + r + '"' + s + "/>";
}
const statusFill = ["#ffffff", C.sand, C.green, "#ffffff"];
function diamond(x, y, r, fill) {
  return '<polygon points="' + [x, y - r, x + r, y, x, y + r, x - r, y].join(",") + '" fill="' + fill + '" stroke="#fff" stroke-width="1"/>';
}
function heightText(h) { return h && h.length ? "(" + h.slice(0, Math.max(1, h.length - 1)).join(",") + ")" : ""; }

// ---- The network ----
function drawNet(f) {
  const pos = posAt(f.p).map(([x, y]) => [sx(x), sy(y)]);
  const out = ['<defs><marker id="arr" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#555"/></marker></defs>'];
  for (const [u, v] of f.links) {
    let a = u, b = v; // drawn from a to b: from the higher end to the lower when heights orient it
    const hu = f.state[u].h, hv = f.state[v].h;
    const arrow = T.arrows && hu && hv;
    if (arrow && higher(hv, hu)) { a = v; b = u; }
    const [x1, y1] = pos[a], [x2, y2] = pos[b];
    const d = Math.hypot(x2 - x1, y2 - y1) || 1, ex = x2 - (x2 - x1) * (R + 3) / d, ey = y2 - (y2 - y1) * (R + 3) / d;
    out.push('<line class="link" data-from="' + a + '" data-to="' + b + '" x1="' + x1 + '" y1="' + y1 + '" x2="' + (arrow ? ex : x2) + '" y2="' + (arrow ? ey : y2) +
      '" stroke="#555" stroke-width="2"' + (arrow ? ' marker-end="url(#arr)"' : "") + "/>");
  }
  const onLink = new Map();
  for (const m of f.msgs) {
    const u = M.f[m], v = M.to[m], key = u + ">" + v, k = onLink.get(key) || 0;
    onLink.set(key, k + 1);
    let w = 0.5;
    if (M.st[m] >= 0 && M.at[m] > M.st[m]) w = (f.t - M.st[m]) / (M.at[m] - M.st[m]);
    w = Math.min(0.85, Math.max(0.15, w - 0.08 * k));
    const [x1, y1] = pos[u], [x2, y2] = pos[v], d = Math.hypot(x2 - x1, y2 - y1) || 1;
    const x = x1 + w * (x2 - x1) + (y2 - y1) / d * 7, y = y1 + w * (y2 - y1) - (x2 - x1) / d * 7;
    const tok = T.types[M.ty[m]].token;
    out.push('<g class="msg' + (tok ? " token" : "") + '" data-from="' + u + '" data-to="' + v + '"><title>' + esc(u + " → " + v + ": " + T.strings[M.x[m]]) + "</title>" +
      (tok ? diamond(x, y, Math.max(7, R * 0.6), C.indigo) : '<circle cx="' + x + '" cy="' + y + '" r="' + Math.max(4, R * 0.3) + '" fill="' + typeColour[M.ty[m] % typeColour.length] + '" stroke="#222"/>') + "</g>");
  }
  const labels = $("labels").checked;
  for (let i = 0; i < N; i++) {
    const [x, y] = pos[i], st = f.status[i], s = f.state[i];
    const cls = ["node", ["remainder", "waiting", "cs", "crashed"][st]];
    if (s.token) cls.push("token");
    if (f.bad.has(i)) cls.push("violation");
    if (i === selected) cls.push("selected");
    let g = '<g class="' + cls.join(" ") + '" data-node="' + i + '"><title>' + esc("node " + i + ": " + STATUS[st] + (s.token ? ", holds the token" : "") + "\n" + T.strings[s.line]) + "</title>";
    if (f.bad.has(i)) g += '<circle cx="' + x + '" cy="' + y + '" r="' + (R * 1.7) + '" fill="none" stroke="' + C.rose + '" stroke-width="4" stroke-dasharray="6 3"/>';
    if (i === selected) g += '<circle cx="' + x + '" cy="' + y + '" r="' + (R * 1.45) + '" fill="none" stroke="#000" stroke-width="1.5"/>';
    g += shape(st, x, y, R, statusFill[st]);
    if (s.token) g += diamond(x + R * 0.95, y - R * 0.95, Math.max(6, R * 0.55), C.indigo);
    g += '<text x="' + x + '" y="' + (y + 4) + '" text-anchor="middle" fill="' + (st === 2 ? "#fff" : "#000") + '">' + i + "</text>";
    if (labels) {
      const parts = [];
      if (s.h) parts.push(heightText(s.h));
      if (s.q) parts.push("Q=[" + s.q.join(" ") + "]");
      if (s.phase) parts.push(s.phase);
      g += '<text class="lbl" x="' + x + '" y="' + (y + R + 14) + '" text-anchor="middle">' + esc(parts.join(" ")) + "</text>";
    }
    out.push(g + "</g>");
  }
  $("net").innerHTML = out.join("");
}

// ---- The time-space diagram: one line per node, event order across, centred on p ----
function drawTS(f) {
  const win = +$("win").value, row = Math.max(10, Math.min(26, 520 / Math.max(N, 1))), left = 44, top = 22;
  const width = Math.max(600, $("ts").clientWidth || 1000), height = top + row * N + 10;
  const e0 = Math.max(0, Math.min(f.p - Math.floor(win / 2), NE - win)), e1 = Math.min(NE, e0 + win);
  const dx = (width - left - 10) / win, X = (e) => left + (e - e0 + 0.5) * dx, Y = (i) => top + row * (i + 0.5);
  const out = ['<defs><marker id="tsa" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0,0L10,5L0,10z" fill="#333"/></marker></defs>'];
  for (let i = 0; i < N; i++) {
    out.push('<line x1="' + left + '" x2="' + (width - 10) + '" y1="' + Y(i) + '" y2="' + Y(i) + '" stroke="#bbb"/>');
    out.push('<text class="tslbl" x="' + (left - 6) + '" y="' + (Y(i) + 4) + '" text-anchor="end">' + i + "</text>");
    const list = status[i];
    for (let k = 0; k < list.length; k++) { // waiting and CS bars, crashed lines
      const [p, st] = list[k], q = k + 1 < list.length ? list[k + 1][0] : NE + 1;
      if (st === 0 || q - 1 < e0 || p - 1 >= e1) continue;
      const a = X(Math.max(p - 1, e0 - 0.5)), b = X(Math.min(q - 1, e1 - 0.5));
      const h = st === 2 ? row * 0.6 : row * 0.25;
      const fill = st === 2 ? C.green : st === 1 ? C.sand : C.grey;
      out.push('<rect class="bar s' + st + '" x="' + a + '" width="' + Math.max(1, b - a) + '" y="' + (Y(i) - h / 2) + '" height="' + h + '" fill="' + fill + '" opacity="' + (st === 3 ? 0.5 : 0.9) + '"/>');
    }
  }
  for (let m = 0; m < NM; m++) {
    const s = M.s[m], r = M.r[m];
    if (s >= e1) break;
    const end = r >= 0 ? r : NE;
    if (end < e0) continue;
    const x1 = s >= 0 ? X(s) : left, x2 = r >= 0 ? X(r) : Math.min(X(NE), width - 10);
    const tok = T.types[M.ty[m]].token;
    out.push('<line x1="' + x1 + '" y1="' + Y(M.f[m]) + '" x2="' + x2 + '" y2="' + Y(M.to[m]) + '" stroke="' + (tok ? C.indigo : "#333") + '" stroke-width="' + (tok ? 2.5 : 1) +
      '"' + (r >= 0 ? ' marker-end="url(#tsa)"' : ' stroke-dasharray="4 3"') + "><title>" + esc(M.f[m] + " → " + M.to[m] + ": " + T.strings[M.x[m]] + (r < 0 ? (lost(m) ? " (lost)" : " (not received)") : "")) + "</title></line>");
  }
  for (let e = e0; e < e1; e++) { // link changes
    if (E.k[e] === K["link-down"] || E.k[e] === K["link-up"]) {
      const up = E.k[e] === K["link-up"];
      out.push('<line x1="' + X(e) + '" x2="' + X(e) + '" y1="' + Y(E.n[e]) + '" y2="' + Y(E.p[e]) + '" stroke="' + (up ? C.teal : C.rose) + '" stroke-width="2" stroke-dasharray="' + (up ? "none" : "2 2") + '"><title>' + KIND[E.k[e]] + " " + E.n[e] + "-" + E.p[e] + "</title></line>");
    }
  }
  const cx = left + (f.p - e0) * dx;
  out.push('<line id="cursor" x1="' + cx + '" x2="' + cx + '" y1="' + (top - 8) + '" y2="' + (height - 4) + '" stroke="' + C.wine + '" stroke-width="2"/>');
  for (let e = e0; e < e1; e += Math.max(1, Math.round(win / 8))) {
    out.push('<text class="tslbl" x="' + X(e) + '" y="12" text-anchor="middle">t=' + fmt(E.t[e]) + "</text>");
  }
  const ts = $("ts");
  ts.setAttribute("viewBox", "0 0 " + width + " " + height);
  ts.setAttribute("height", height);
  ts.innerHTML = out.join("");
}
function fmt(x) { return Number.isInteger(x) ? String(x) : x.toPrecision(6).replace(/\.?0+$/, ""); }

// ---- Text: the current event, the events around it, the selected node ----
function describe(e) {
  const k = KIND[E.k[e]], i = E.n[e], j = E.p[e];
  let s;
  if (k === "send") s = "send " + T.strings[M.x[E.m[e]]] + " to " + j;
  else if (k === "recv") s = "recv " + T.strings[M.x[E.m[e]]] + " from " + j;
  else if (k === "link-down" || k === "link-up") s = k + " " + i + "-" + j;
  else if (k === "unsafe-enter") s = "enters the CS while " + j + " is in it: SAFETY VIOLATION";
  else s = k;
  return "#" + (e + 1 + T.skipped) + "  t=" + fmt(E.t[e]) + "  node " + i + "  " + s;
}
let selected = -1;
function drawText(f) {
  $("now").textContent = "event " + f.p + " of " + NE + (f.p > 0 ? ": " + describe(f.p - 1) : ": start") ;
  const lines = [];
  for (let e = Math.max(0, f.p - 6); e < Math.min(NE, f.p + 5); e++) {
    lines.push('<div data-e="' + e + '"' + (e === f.p - 1 ? ' class="cur"' : "") + ">" + esc(describe(e)) + "</div>");
  }
  if (T.failure && f.p === NE) lines.push('<div class="failure">' + esc(T.failure.kind + ": " + T.failure.msg) + "</div>");
  $("events").innerHTML = lines.join("");
  if (selected >= 0) {
    const s = f.state[selected], parts = ["node " + selected + ": " + STATUS[f.status[selected]] + (s.token ? ", holds the token" : "") + (f.bad.has(selected) ? ", named by the failure" : "")];
    if (T.strings[s.line]) parts.push(T.strings[s.line]);
    if (s.h) parts.push("height " + heightText(s.h) + (s.h.length > 2 ? " (id " + s.h[s.h.length - 1] + ")" : ""));
    if (s.next >= 0) parts.push("next " + s.next);
    if (s.q) parts.push("Q = [" + s.q.join(" ") + "]" + (s.q.length ? " (head first)" : ""));
    const inTransit = f.msgs.filter((m) => M.f[m] === selected || M.to[m] === selected).map((m) => M.f[m] + " → " + M.to[m] + " " + T.strings[M.x[m]]);
    if (inTransit.length) parts.push("in transit: " + inTransit.join("; "));
    $("details").textContent = parts.join("\n");
  }
  const st = $("state"); // for tests and scripts: what is drawn, as data
  const who = (pred) => f.status.map((s, i) => (pred(s, i) ? i : -1)).filter((i) => i >= 0).join(",");
  st.dataset.pos = f.p;
  st.dataset.time = f.t;
  st.dataset.token = who((s, i) => f.state[i].token);
  st.dataset.tokenInTransit = f.msgs.filter((m) => T.types[M.ty[m]].token).map((m) => M.f[m] + ">" + M.to[m]).join(",");
  st.dataset.cs = who((s) => s === 2);
  st.dataset.waiting = who((s) => s === 1);
  st.dataset.crashed = who((s) => s === 3);
  st.dataset.violation = [...f.bad].sort((a, b) => a - b).join(",");
  st.dataset.links = f.links.length;
  st.dataset.inTransit = f.msgs.length;
}

// ---- Controls ----
let p = 0, timer = null;
function render() {
  const f = frame(p);
  drawNet(f);
  drawTS(f);
  drawText(f);
  $("pos").value = p;
  $("time").placeholder = fmt(f.t);
}
function seek(q) { p = Math.max(0, Math.min(NE, q)); render(); }
function firstAt(t) { // position after the last event before time t: the state at time t
  let lo = 0, hi = NE;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (E.t[mid] < t) lo = mid + 1; else hi = mid; }
  return lo;
}
function nextOf(i) { // position just after node i's next event after p
  const l = nodeEvents[i];
  for (const e of l) if (e >= p) return e + 1;
  return p;
}
function play() {
  if (timer) { clearInterval(timer); timer = null; $("play").textContent = "play"; return; }
  $("play").textContent = "pause";
  const rate = +$("speed").value, per = Math.max(1, Math.round(rate / 25));
  timer = setInterval(() => { if (p >= NE) { play(); return; } seek(p + per); }, 1000 * per / rate);
}
function wire() {
  $("pos").max = NE;
  for (let i = 0; i < N; i++) $("node").insertAdjacentHTML("beforeend", "<option value=" + i + ">" + i + "</option>");
  $("first").onclick = () => seek(0);
  $("back").onclick = () => seek(p - 1);
  $("fwd").onclick = () => seek(p + 1);
  $("last").onclick = () => seek(NE);
  $("play").onclick = play;
  $("pos").oninput = () => seek(+$("pos").value);
  $("goto").onclick = () => seek(firstAt(+$("time").value));
  $("next").onclick = () => seek(nextOf(+$("node").value));
  $("labels").onchange = render;
  $("win").onchange = render;
  $("speed").onchange = () => { if (timer) { play(); play(); } };
  $("net").onclick = (ev) => { const g = ev.target.closest(".node"); selected = g ? +g.dataset.node : -1; if (selected >= 0) $("node").value = selected; render(); };
  $("events").onclick = (ev) => { const d = ev.target.closest("[data-e]"); if (d) seek(+d.dataset.e + 1); };
  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
    const act = { ArrowRight: () => seek(p + 1), ArrowLeft: () => seek(p - 1), " ": play, Home: () => seek(0), End: () => seek(NE) }[ev.key];
    if (act) { ev.preventDefault(); act(); }
  });
}
function legend() {
  const item = (svg, text) => '<span style="margin-right:10px"><svg width="26" height="26" viewBox="-13 -13 26 26">' + svg + "</svg> " + text + "</span>";
  const items = [item(shape(0, 0, 0, 8, "#fff"), "remainder"), item(shape(1, 0, 0, 8, C.sand), "waiting"), item(shape(2, 0, 0, 8, C.green), "in the CS"), item(shape(3, 0, 0, 8, "#fff"), "crashed")];
  if (T.token) items.push(item(diamond(0, 0, 8, C.indigo), "token (at a node or in transit)"));
  if (T.failure) items.push(item('<circle r="9" fill="none" stroke="' + C.rose + '" stroke-width="3" stroke-dasharray="4 2"/>', "named by the failure"));
  T.types.forEach((ty, k) => { if (!ty.token) items.push(item('<circle r="5" fill="' + typeColour[k % typeColour.length] + '" stroke="#222"/>', ty.name)); });
  if (T.arrows) items.push("<div>Links point from the higher end to the lower (heights; akw: toward the senior end).</div>");
  $("legend").innerHTML = items.join("");
}
// The address's fragment opens a position: #e=K (K events applied), #t=T (the state at time
// T), #next=I (then node I's next event), #sel=I (node I's details), #labels. #probe=A,B,...
// is for tests: each probe drives the controls as a reader would, and the state it leaves
// is copied into <div id="probes">: "e:K" (seek), "walk:K" (from the start, one click of
// the step button per event, then one back and one forward), "t:T" (the time box and go),
// "next:K:I" (seek K, choose node I, click "next event").
function open() {
  const h = new URLSearchParams(location.hash.slice(1));
  $("labels").checked = h.has("labels") || N <= 12;
  if (h.has("sel")) selected = +h.get("sel");
  if (h.has("probe")) { probe(h.get("probe").split(",")); return; }
  let target = T.open;
  if (h.has("e")) target = +h.get("e");
  if (h.has("t")) target = firstAt(+h.get("t"));
  seek(target);
  if (h.has("next")) { $("node").value = h.get("next"); $("next").click(); }
}
function probe(list) {
  const out = document.createElement("div");
  out.id = "probes";
  out.hidden = true;
  for (const pr of list) {
    const [what, a, b] = pr.split(":");
    if (what === "e") seek(+a);
    else if (what === "walk") {
      $("first").click();
      for (let k = 0; k < +a; k++) $("fwd").click();
      $("back").click(); $("fwd").click();
    } else if (what === "t") { $("time").value = a; $("goto").click(); }
    else if (what === "next") { seek(+a); $("node").value = b; $("next").click(); }
    else throw new Error("unknown probe " + pr);
    const p = document.createElement("p");
    Object.assign(p.dataset, $("state").dataset);
    p.dataset.probe = pr;
    out.appendChild(p);
  }
  document.body.appendChild(out);
}
wire();
legend();
open();
})();
