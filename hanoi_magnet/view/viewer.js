// The hanoi_magnet viewer: scrub through an optimal route (a slider over the move index k), or
// play (pick up and put down disks, with exact guidance), with the state graph beside it.
// k travels as a decimal string and a BigInt, never as a float. Positions come from the
// library: from the viewer's server (/api/...), from a Jupyter kernel (the widget), or, in an
// exported page, from the positions embedded in it. The picture is put together from the
// scene's pieces exactly as hanoi_magnet.view.compose does it (= render_svg of the position).
"use strict";
const HanoiViewer = (() => {
  const SLIDER_STEPS = 10000n;
  // "finish optimally" shows up to this many moves one by one; more, it goes there at once
  const MAX_SHOWN_FINISH = 500n;
  const SVG_NS = "http://www.w3.org/2000/svg";

  const escapeText = (text) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
  const grouped = (digits) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const plural = (count, word) => `${grouped(String(count))} ${word}${String(count) === "1" ? "" : "s"}`;

  async function getJSON(url) {
    const response = await fetch(url, { cache: "no-store" });
    let data = null;
    try {
      data = await response.json();
    } catch (error) {
      data = null;
    }
    if (!response.ok || data === null) {
      throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
    }
    return data;
  }

  // The puzzle and its ends in a query: label, n, and from/to (compact) when they are set.
  const puzzleQuery = (label, n, from, to) =>
    `label=${encodeURIComponent(label)}&n=${encodeURIComponent(n)}` +
    (from ? `&from=${encodeURIComponent(from)}` : "") + (to ? `&to=${encodeURIComponent(to)}` : "");

  // Where positions come from: the viewer's server.
  function serverSource(label, n) {
    const base = (from, to) => puzzleQuery(label, n, from, to);
    const to = (goal) => (goal ? `&to=${encodeURIComponent(goal)}` : "");
    return {
      kind: "server",
      scene: (from, goal) => getJSON(`/api/scene?${base(from, goal)}`),
      frame: (k, from, goal) => getJSON(`/api/frame?${base(from, goal)}&k=${k.toString()}`),
      position: (pos, goal) =>
        getJSON(`/api/position?${puzzleQuery(label, n)}&pos=${encodeURIComponent(pos)}${to(goal)}`),
      graph: (goal) => getJSON(`/api/graph?${puzzleQuery(label, n)}${to(goal)}`),
    };
  }

  // Where positions come from when something answers the page's four questions by name: a
  // Jupyter kernel (the widget) or the library running in the page itself (Pyodide). `ask`
  // takes the question and its parameters (the server's query, as an object) and resolves
  // to the answer.
  function askSource(ask) {
    return {
      kind: "ask",
      scene: (from, to) => ask("scene", { from, to }),
      frame: (k, from, to) => ask("frame", { k: k.toString(), from, to }),
      position: (pos, to) => ask("position", { pos, to }),
      graph: (to) => ask("graph", { to }),
    };
  }

  // Where positions come from in an exported page: the solution's frames, and for a small
  // puzzle its whole state graph with every position's moves (play works without a server).
  function embeddedSource(data) {
    const moves = data.moves.map(([text, disk]) => ({ text, disk }));
    const space = data.space;
    const index = new Map();
    if (space) space.nodes.forEach((node, i) => index.set(node[2], i));
    const noSpace = () => {
      throw new Error(`this page holds no state graph (more than ${grouped(String(data.graph_limit))} positions): serve it with hanoi-magnet view to play`);
    };
    const node = (pos) => {
      if (!index.has(pos)) throw new Error(`${pos} is not a position of this puzzle`);
      return index.get(pos);
    };
    const cache = new Map();
    function distancesTo(goal) {  // breadth-first search backwards from the goal
      if (cache.has(goal)) return cache.get(goal);
      const target = node(goal);
      const behind = space.nodes.map(() => []);
      space.moves.forEach((list, from) => list.forEach((move) => {
        if (move.next !== null) behind[index.get(move.next)].push(from);
      }));
      const far = space.nodes.map(() => -1);
      far[target] = 0;
      const queue = [target];
      for (let head = 0; head < queue.length; head += 1) {
        const here = queue[head];
        for (const other of behind[here]) {
          if (far[other] < 0) { far[other] = far[here] + 1; queue.push(other); }
        }
      }
      cache.set(goal, far);
      return far;
    }
    // the route the page holds frames of, and the variant's own start and goal
    const own = (from, goal) => (from || "") === (data.scene.from || "") && (goal || "") === (data.scene.to || "");
    const [towerStart, towerGoal] = data.towers;
    const goalOf = (goal) => goal || towerGoal;
    function hintOf(pos, far) {
      const d = far[node(pos)];
      if (d <= 0) return null;
      return space.moves[node(pos)].find((move) => move.next !== null && far[index.get(move.next)] === d - 1);
    }
    function route(from, goal) {  // a shortest path, following the distances down
      const far = distancesTo(goalOf(goal));
      let pos = from || towerStart;
      if (far[node(pos)] < 0) return { path: null, positions: [pos] };
      const path = [];
      const positions = [pos];
      for (let move = hintOf(pos, far); move; move = hintOf(pos, far)) {
        path.push(move);
        pos = move.next;
        positions.push(pos);
      }
      return { path, positions };
    }
    return {
      kind: "embedded",
      canPlay: Boolean(space),
      limit: data.graph_limit,
      scene: async (from, goal) => {
        if (own(from, goal)) return data.scene;
        if (!space) noSpace();
        const found = route(from, goal);
        const perDisk = data.scene.per_disk.map(() => 0);
        if (found.path) found.path.forEach((move) => { perDisk[move.disk - 1] += 1; });
        return {
          ...data.scene, from: from || null, to: goal || null,
          start: from || towerStart, goal: goalOf(goal),
          length: found.path ? String(found.path.length) : null,
          reason: found.path ? null : `unreachable: no sequence of legal moves leads from ${from || towerStart} to ${goalOf(goal)}`,
          per_disk: perDisk.map(String),
        };
      },
      frame: async (k, from, goal) => {
        const index = Number(k);
        if (own(from, goal)) {
          const [state, at, faces, pos] = data.frames[index];
          return {
            k: k.toString(), pos, state, at, faces,
            last: index > 0 ? moves[index - 1] : null,
            next: index < moves.length ? moves[index] : null,
          };
        }
        const found = route(from, goal);
        const path = found.path || [];
        return {
          k: k.toString(), ...space.fields[node(found.positions[index])], pos: found.positions[index],
          last: index > 0 ? path[index - 1] : null,
          next: index < path.length ? path[index] : null,
        };
      },
      position: async (pos, goal) => {
        if (!space) noSpace();
        const here = node(pos);
        const far = distancesTo(goalOf(goal));
        const d = far[here];
        return {
          pos, ...space.fields[here], goal: goalOf(goal), moves: space.moves[here],
          distance: d >= 0 ? String(d) : null,
          reason: d >= 0 ? null : `unreachable: no sequence of legal moves leads from ${pos} to ${goalOf(goal)}`,
          hint: d > 0 ? hintOf(pos, far) : null,
        };
      },
      graph: async (goal) => {
        if (!space) return { size: null, nodes: null, note: "" };
        return { ...space, distance: distancesTo(goalOf(goal)), goal: node(goalOf(goal)) };
      },
    };
  }

  function compose(scene, frame) {
    const stacks = scene.posts.map(() => []);
    for (let size = scene.n; size >= 1; size -= 1) stacks[Number(frame.at[size - 1])].push(size);
    let disks = "";
    stacks.forEach((stack, post) => stack.forEach((size, level) => {
      const shape = scene.shapes[size - 1][frame.faces[size - 1]];
      disks += `<g class="disk" transform="translate(${scene.centres[post]} ${scene.bottoms[level]})">${shape}</g>\n`;
    }));
    return scene.head + escapeText(frame.state) + scene.body + disks + scene.tail;
  }

  // A viewer in `root` (the page's <main id="viewer">, or a widget's copy of it). Hooks: the
  // host's callbacks (onFrame, onPosition, onEnds, onReady), `opening` (in play mode, the
  // position to play from), `choose` (pick another puzzle in the page instead of loading
  // another page), addressBar and documentKeys (the served page's).
  function mount(root, source, hooks = {}) {
    const $ = (id) => root.querySelector(`#${id}`);
    const slider = $("slider");
    const box = $("k");
    const playButton = $("play");
    const speed = $("speed");
    const error = $("error");
    const picture = $("picture");
    const puzzle = { label: root.dataset.label, n: Number(root.dataset.n) };
    let ends = { from: root.dataset.from || "", to: root.dataset.to || "" };
    const opened = { from: ends.from || null, to: ends.to || null };  // the ends the page came with
    let mode = root.dataset.mode === "play" ? "play" : "scrub";
    let scene = null;
    let length = 0n;
    let k = 0n;
    let pending = null;
    let busy = false;
    let aimed = null;  // the last position asked for: a step counts from it while frames travel
    let playing = false;
    let carry = 0;
    let lastTick = 0;
    let graph = null;
    let shownPos = null;
    let finishing = null;  // while "finish optimally" plays its moves: a token it checks
    // play mode: the position (and the one asked for), its answer from the library, the way
    // back and forward (snapshots of the count), and the count: moves made since the game
    // started at `origin`, how many of them "finish optimally" played, and the optimum from
    // the origin to the goal (undefined until measured, null when the goal is out of reach)
    const game = {
      pos: null, wanted: null, info: null, history: [], future: [],
      moves: 0n, assisted: 0n, origin: null, optimum: undefined, fresh: true,
      held: null, drag: null, hint: false, asked: 0,
    };

    const showError = (message) => {
      error.textContent = message;
      error.hidden = !message;
    };
    const say = (message) => { $("play-message").textContent = message; };
    const clamp = (value) => (value < 0n ? 0n : value > length ? length : value);
    const sliderSteps = () => (length < SLIDER_STEPS ? length : SLIDER_STEPS);
    const sliderValue = (value) => (length === 0n ? 0 : Number((value * sliderSteps()) / length));
    const postName = (post) => scene.posts[post];
    const moveWords = (m) => `disk ${m.disk}, ${m.text.slice(m.text.indexOf(":") + 2).replace("->", "\u2192")}`;

    function draw(frame) {
      const svg = compose(scene, frame);
      picture.innerHTML = svg.slice(svg.indexOf("<svg"));
      api.svg = svg;
      $("state").textContent = frame.state;
      $("pos").textContent = `(${frame.pos})`;
      const counts = scene.posts.map(() => 0);
      for (const post of frame.at) counts[Number(post)] += 1;
      $("stacks").textContent = scene.posts.map((name, i) => `${name}: ${counts[i]}`).join(" \u00b7 ");
      shownPos = frame.pos;
      drawGraph();
    }

    function address() {
      if (!hooks.addressBar) return;
      let query = `?${puzzleQuery(scene.label, scene.n, ends.from, ends.to)}&k=${k.toString()}`;
      if (mode === "play") query += "&mode=play";
      history.replaceState(null, "", query);
    }

    // ---- scrub mode ----
    function show(frame) {
      k = BigInt(frame.k);
      draw(frame);
      root.dataset.shown = frame.k;
      address();
      api.frame = frame;
      if (root.ownerDocument.activeElement !== box) box.value = frame.k;
      slider.value = String(sliderValue(k));
      // for people, moves count from 1: after k moves, the last was move k, the next is k + 1
      $("last-move").textContent = frame.last ? `move ${grouped(frame.k)} \u2014 ${moveWords(frame.last)}` : "\u2013 (the start)";
      $("next-move").textContent = frame.next ? `move ${grouped((k + 1n).toString())} \u2014 ${moveWords(frame.next)}` : (scene.length === null ? "\u2013 (no move: see above)" : "\u2013 (the goal: solved)");
      if (hooks.onFrame) hooks.onFrame(frame);
    }

    async function pump() {
      busy = true;
      while (pending !== null) {
        const want = pending;
        pending = null;
        try {
          const frame = await source.frame(want, ends.from, ends.to);
          if (mode === "scrub") show(frame);
          showError("");
        } catch (failure) {
          showError(failure.message);
          stop();
        }
      }
      busy = false;
    }

    function go(target) {
      if (scene === null || mode !== "scrub") return;
      pending = aimed = clamp(target);
      if (!busy) pump();
    }

    // where a step goes from: the position asked for last while its frame is on its way (two
    // quick clicks on "back" go back two moves, not one), else the position shown
    function here() {
      return busy && aimed !== null ? aimed : k;
    }

    function stop() {
      playing = false;
      playButton.textContent = "\u25B6 play";
    }

    function tick(now) {
      if (!playing) return;
      carry = Math.min(carry + ((now - lastTick) / 1000) * Number(speed.value), Number(speed.value));
      lastTick = now;
      const whole = Math.floor(carry);
      if (whole >= 1 && !busy) {
        carry -= whole;
        const target = k + BigInt(whole);
        go(target);
        if (target >= length) {
          stop();
          return;
        }
      }
      requestAnimationFrame(tick);
    }

    function play() {
      if (playing) {
        stop();
        return;
      }
      if (k >= length) go(0n);
      playing = true;
      carry = 0;
      lastTick = performance.now();
      playButton.textContent = "\u23F8 pause";
      requestAnimationFrame(tick);
    }

    function parseK(text) {
      const clean = text.trim().replace(/[_,\s]/g, "");
      if (!/^-?\d+$/.test(clean)) return null;
      let value = BigInt(clean);
      if (value < 0n) value += length + 1n;
      return value >= 0n && value <= length ? value : null;
    }

    // ---- play mode: the game ----
    const snapshot = () => ({
      pos: game.pos, moves: game.moves, assisted: game.assisted, origin: game.origin, optimum: game.optimum,
    });
    function restore(saved) {
      Object.assign(game, { moves: saved.moves, assisted: saved.assisted, origin: saved.origin, optimum: saved.optimum, fresh: false });
      return saved.pos;
    }
    function startCount() {  // the next position visited is where the count starts
      Object.assign(game, { moves: 0n, assisted: 0n, origin: null, optimum: undefined, fresh: true });
    }
    function forget() {
      game.history = [];
      game.future = [];
      startCount();
    }
    const inProgress = () => game.moves > 0n && game.info !== null && game.info.distance !== "0";
    // Ask before a game in progress is thrown away (a change of puzzle, ends or a reset).
    function mayDiscard(what) {
      if (!inProgress()) return true;
      const view = root.ownerDocument.defaultView;
      return view.confirm(`${what}? Your game in progress (${plural(game.moves, "move")} made) will be discarded.`);
    }
    // The optimum from where the game started, when the goal changed or a snapshot lost it.
    async function measure() {
      if (game.optimum !== undefined || game.origin === null) return;
      const origin = game.origin;
      try {
        const info = await source.position(origin, ends.to);
        if (game.origin !== origin || game.optimum !== undefined) return;
        game.optimum = info.distance;
        if (mode === "play" && game.info) showGuidance();
      } catch (failure) {
        showError(failure.message);
      }
    }
    function halt() {  // the user takes over: "finish optimally" stops
      if (finishing === null) return;
      finishing = null;
      root.dataset.finishing = "";
    }

    function zones() {
      return [...picture.querySelectorAll("rect.zone")];
    }

    function addZones() {
      const svg = picture.querySelector("svg");
      if (!svg) return;
      const box = svg.viewBox.baseVal;
      scene.posts.forEach((name, post) => {
        const zone = root.ownerDocument.createElementNS(SVG_NS, "rect");
        const centre = Number(scene.centres[post]);
        zone.setAttribute("class", "zone");
        zone.setAttribute("x", String(centre - scene.column / 2));
        zone.setAttribute("y", String(box.y));
        zone.setAttribute("width", String(scene.column));
        zone.setAttribute("height", String(box.height));
        zone.dataset.post = String(post);
        const title = root.ownerDocument.createElementNS(SVG_NS, "title");
        title.textContent = `post ${name}`;
        zone.appendChild(title);
        svg.appendChild(zone);
      });
    }

    function markZones() {
      const info = game.info;
      for (const zone of zones()) {
        const post = Number(zone.dataset.post);
        const classes = ["zone"];
        if (game.held !== null) {
          if (post === game.held) classes.push("held");
          else {
            const move = info.moves.find((m) => m.source === game.held && m.target === post);
            classes.push(move && move.next !== null ? "legal" : "illegal");
          }
        }
        if (game.hint && info.hint) {
          if (post === info.hint.source) classes.push("hint-from");
          if (post === info.hint.target) classes.push("hint-to");
        }
        zone.setAttribute("class", classes.join(" "));
      }
      for (const disk of picture.querySelectorAll("g.disk")) {
        const base = disk.dataset.base || disk.getAttribute("transform");
        disk.dataset.base = base;
        const lifted = game.held !== null && disk === topDisk(game.held);
        disk.setAttribute("transform", lifted ? `${base} translate(0 -${scene.column / 16})` : base);
        disk.classList.toggle("lifted", lifted);
      }
      root.dataset.held = game.held === null ? "" : String(game.held);
    }

    function topDisk(post) {
      const top = topSize(post);
      if (!top) return null;
      return [...picture.querySelectorAll("g.disk")].find((g) => {
        const title = g.querySelector("title");
        return title && title.textContent.replace(",", " ").split(/\s+/)[1] === String(top);
      }) || null;
    }

    // "Solved in 14 moves; the optimum from where you started is 11"
    function solvedText() {
      let text = `Solved in ${plural(game.moves, "move")}`;
      if (game.assisted > 0n) text += ` (${grouped(game.assisted.toString())} of them by \u201cfinish optimally\u201d)`;
      if (game.optimum === undefined || game.optimum === null) return text;
      if (BigInt(game.optimum) === game.moves) return `${text}: the optimum from where you started`;
      return `${text}; the optimum from where you started is ${grouped(game.optimum)}`;
    }

    function showGuidance() {
      const info = game.info;
      const counter = $("counter");
      counter.dataset.moves = game.moves.toString();
      counter.textContent = `after ${plural(game.moves, "move")}`;
      $("undo").disabled = game.history.length === 0;
      $("redo").disabled = game.future.length === 0;
      const goal = $("to-goal");
      goal.dataset.optimum = game.optimum === undefined || game.optimum === null ? "" : game.optimum;
      if (info.distance === null) {
        goal.textContent = info.reason;
        goal.dataset.distance = "";
      } else if (info.distance === "0") {
        goal.textContent = game.moves === 0n ? "at the goal: solved" : solvedText();
        goal.dataset.distance = "0";
      } else {
        goal.textContent = `${plural(info.distance, "move")} to the goal`;
        goal.dataset.distance = info.distance;
      }
      $("hint").disabled = !info.hint || finishing !== null;
      const finish = $("finish");
      finish.disabled = finishing === null && (info.distance === null || info.distance === "0");
      finish.textContent = finishing === null ? "finish optimally from here" : "stop";
      $("hint-text").textContent = game.hint && info.hint ? `hint: ${moveWords(info.hint)}, an optimal next move` : "";
      if (info.moves.length && info.moves.every((m) => m.next === null) && info.distance !== "0") {
        say(`no legal move from here: ${[...new Set(info.moves.map((m) => m.refused.why))].join("; ")}`);
      }
    }

    async function visit(pos) {
      game.held = null;
      game.hint = false;
      game.wanted = pos;
      const ticket = ++game.asked;
      root.dataset.busy = "1";
      try {
        const info = await source.position(pos, ends.to);
        if (ticket !== game.asked) return;
        game.pos = info.pos;
        game.info = info;
        api.info = info;
        if (game.fresh) {  // a new game starts here: the optimum is this position's distance
          Object.assign(game, { origin: info.pos, optimum: info.distance, fresh: false });
        }
        if (mode !== "play") return;
        draw(info);
        addZones();
        markZones();
        showGuidance();
        root.dataset.position = info.pos;
        root.dataset.moves = game.moves.toString();
        showError("");
        if (hooks.onPosition) hooks.onPosition(info);
        measure();
      } catch (failure) {
        showError(failure.message);
      } finally {
        if (ticket === game.asked) {
          root.dataset.busy = "";
          game.wanted = null;
        }
      }
    }

    function pick(post) {
      if (!game.info || root.dataset.busy) return;
      halt();
      if (game.held === null) {
        if (!game.info.at.includes(String(post))) {
          say(`nothing to pick up on ${postName(post)} (empty source): ${scene.rule_text["empty source"]}`);
          return;
        }
        game.held = post;
        say(`holding disk ${topSize(post)}: put it on a lit post (Esc puts it back)`);
        markZones();
        return;
      }
      drop(post);
    }

    function topSize(post) {
      for (let size = 1; size <= scene.n; size += 1) if (Number(game.info.at[size - 1]) === post) return size;
      return 0;
    }

    // One move made (by the reader, or by "finish optimally"): counted, and a step to undo.
    function advance(move, { assisted = false } = {}) {
      game.history.push(snapshot());
      game.future = [];
      game.moves += 1n;
      if (assisted) game.assisted += 1n;
      say(`move ${grouped(game.moves.toString())}: ${moveWords(move)}`);
      return visit(move.next);
    }

    function drop(post) {
      const from = game.held;
      game.held = null;
      if (post === from) {
        say("put back");
        markZones();
        return;
      }
      const move = game.info.moves.find((m) => m.source === from && m.target === post);
      if (!move || move.next === null) {
        const refused = move ? move.refused : { rule: "same post", why: scene.rule_text["same post"], detail: "" };
        say(`refused (${refused.rule}): ${refused.why}${refused.detail ? ` \u2014 ${refused.detail}` : ""}`);
        root.dataset.refused = refused.rule;
        markZones();
        return;
      }
      root.dataset.refused = "";
      advance(move);
    }

    function undo() {
      if (!game.history.length || root.dataset.busy) return;
      halt();
      game.future.push(snapshot());
      const pos = restore(game.history.pop());
      say("undone");
      visit(pos);
    }

    function redo() {
      if (!game.future.length || root.dataset.busy) return;
      halt();
      game.history.push(snapshot());
      const pos = restore(game.future.pop());
      say("redone");
      visit(pos);
    }

    // Go to a position (a click in the graph, or the host's): a step one can undo; the count
    // starts again there.
    function jump(pos, { keep = true } = {}) {
      halt();
      if (keep && game.pos !== null && pos !== game.pos) {
        game.history.push(snapshot());
        game.future = [];
      }
      startCount();
      say(`jumped to ${pos}: moves are counted from here`);
      visit(pos);
    }

    // "finish optimally": play the optimal moves one by one (a few seconds in all) and stay
    // in play; beyond MAX_SHOWN_FINISH moves, go to the goal in one step, counting them.
    async function finish() {
      if (finishing !== null) {  // the button reads "stop"
        halt();
        if (game.info) showGuidance();
        return;
      }
      if (!game.info || game.info.distance === null || game.info.distance === "0") return;
      const remaining = BigInt(game.info.distance);
      if (remaining > MAX_SHOWN_FINISH) {
        game.history.push(snapshot());
        game.future = [];
        game.moves += remaining;
        game.assisted += remaining;
        say(`finished optimally: ${plural(remaining, "move")} at once (too many to show one by one)`);
        visit(scene.goal);
        return;
      }
      const token = {};
      finishing = token;
      root.dataset.finishing = "1";
      const pause = Math.max(40, Math.min(400, Math.floor(6000 / Number(remaining))));
      showGuidance();
      while (finishing === token && mode === "play" && game.info && game.info.hint) {
        await new Promise((resolve) => { setTimeout(resolve, pause); });
        if (finishing !== token || mode !== "play") return;
        await advance(game.info.hint, { assisted: true });
      }
      if (finishing === token) {
        halt();
        if (game.info) showGuidance();
      }
    }

    function setMode(next, { pos = null } = {}) {
      if (next === "play" && source.canPlay === false) {  // an exported page without its graph
        const reason = $("reason");
        reason.hidden = false;
        reason.textContent = `This page holds no state graph (the puzzle has more than ${grouped(String(source.limit))} positions): serve it with hanoi-magnet view to play.`;
        if (mode !== "scrub" || (scene !== null && api.frame === null)) setMode("scrub");
        return;
      }
      halt();
      mode = next;
      root.dataset.mode = mode;
      stop();
      $("controls").hidden = mode !== "scrub";
      $("play-controls").hidden = mode !== "play";
      for (const element of root.querySelectorAll(".scrub-only")) element.hidden = mode !== "scrub";
      $("mode-scrub").setAttribute("aria-pressed", String(mode === "scrub"));
      $("mode-play").setAttribute("aria-pressed", String(mode === "play"));
      const chosen = $("choose-mode");
      if (chosen) chosen.disabled = mode !== "play";  // another puzzle opens in play mode too
      if (mode === "play") {
        if (pos !== null) {
          forget();
          visit(pos);
        } else if (game.pos === null) {
          visit(scene.start);
        } else {
          visit(game.pos);
        }
      } else {
        go(k);
      }
      address();
    }

    // New ends: a new route (and a new game), or, with `keep`, a new goal for the game in
    // progress (its count goes on; the optimum is measured again).
    async function setEnds(from, to, { nextMode = mode, at = 0n, keep = false } = {}) {
      halt();
      try {
        const fresh = await source.scene(from, to);
        ends = { from: fresh.from || "", to: fresh.to || "" };
        root.dataset.from = ends.from;
        root.dataset.to = ends.to;
        if (hooks.onEnds) hooks.onEnds(ends);
        useScene(fresh);
        await loadGraph();
        k = at;
        if (keep && game.pos !== null) {
          game.optimum = undefined;
          for (const saved of [...game.history, ...game.future]) saved.optimum = undefined;
        } else {
          game.pos = null;
          forget();
        }
        showError("");
        setMode(nextMode);
      } catch (failure) {
        showError(failure.message);
      }
    }

    // ---- the state graph, or for a larger puzzle its layers ----
    async function loadGraph() {
      try {
        graph = await source.graph(ends.to);
      } catch (failure) {
        graph = { nodes: null, note: failure.message };
      }
      const figure = $("graph");
      figure.classList.remove("note-only", "layers");
      if (graph && !graph.nodes && graph.layers) {
        drawLayers();
        return;
      }
      if (!graph || !graph.nodes) {
        figure.hidden = !(graph && graph.note);
        figure.classList.add("note-only");
        $("graph-drawing").textContent = "";
        $("graph-note").textContent = graph && graph.note ? `${graph.note}; play and hints work at any size` : "";
        root.dataset.graph = "note";
        graph = null;
        return;
      }
      root.dataset.graph = "nodes";
      graph.index = new Map(graph.nodes.map((node, i) => [node[2], i]));
      graph.out = graph.nodes.map(() => []);
      for (const [a, b] of graph.edges) {
        graph.out[a].push(b);
        if (!graph.directed) graph.out[b].push(a);
      }
      figure.hidden = false;
      $("graph-note").textContent = `the state graph: ${plural(graph.nodes.length, "position")}, ${plural(graph.edges.length, graph.directed ? "one-way move" : "move")}; click a position to go there`;
      const xs = graph.nodes.map((node) => node[0]);
      const ys = graph.nodes.map((node) => node[1]);
      const left = Math.min(...xs) - 1;
      const top = Math.min(...ys) - 1;
      const width = Math.max(...xs) - left + 1;
      const height = Math.max(...ys) - top + 1;
      let lines = "";
      for (const [a, b] of graph.edges) {
        const [x1, y1] = graph.nodes[a];
        const [x2, y2] = graph.nodes[b];
        lines += `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`;
      }
      let closest = 1;  // the radius of a node: well under the closest two nodes' distance
      for (let i = 0; i < graph.nodes.length; i += 1) {
        for (let j = i + 1; j < graph.nodes.length; j += 1) {
          const d = Math.hypot(graph.nodes[i][0] - graph.nodes[j][0], graph.nodes[i][1] - graph.nodes[j][1]);
          if (d < closest) closest = d;
        }
      }
      const radius = Math.max(0.02, Math.min(0.3, closest * 0.42));
      let dots = "";
      graph.nodes.forEach(([x, y, pos], i) => {
        dots += `<circle cx="${x}" cy="${y}" r="${radius}" data-node="${i}" data-pos="${escapeText(pos)}"><title>${escapeText(pos)}</title></circle>`;
      });
      $("graph-drawing").innerHTML =
        `<svg xmlns="${SVG_NS}" viewBox="${left} ${top} ${width} ${height}" role="img" aria-label="the state graph">` +
        `<g class="edges">${lines}</g><g class="path"></g><g class="nodes">${dots}</g></svg>`;
      $("graph-drawing").querySelector("svg").style.setProperty("--r", `${radius}px`);  // CSSOM: allowed by the page's policy
      drawGraph();
    }

    // Too many positions to draw one by one: how many are at each distance from the goal (a
    // bar per distance), the shown position's distance marked.
    const CHART = { width: 400, height: 150, base: 168, top: 18 };
    function drawLayers() {
      const figure = $("graph");
      figure.hidden = false;
      figure.classList.add("layers");
      root.dataset.graph = "layers";
      const layers = graph.layers;
      const most = Math.max(...layers);
      const step = CHART.width / layers.length;
      let bars = "";
      layers.forEach((count, d) => {
        const tall = Math.max(0.6, (count / most) * CHART.height);
        bars += `M${(d * step).toFixed(2)} ${CHART.base}v${(-tall).toFixed(2)}h${Math.max(step * 0.85, 0.4).toFixed(2)}v${tall.toFixed(2)}z`;
      });
      const last = layers.length - 1;
      $("graph-drawing").innerHTML =
        `<svg xmlns="${SVG_NS}" viewBox="-8 0 ${CHART.width + 16} ${CHART.base + 16}" role="img" aria-label="positions by distance to the goal">` +
        `<path class="bars" d="${bars}"/><rect class="goal-layer" x="0" y="${CHART.top}" width="${Math.max(step, 1.5)}" height="${CHART.base - CHART.top}"/>` +
        `<line class="here" x1="0" x2="0" y1="${CHART.top - 6}" y2="${CHART.base}"/>` +
        `<text x="0" y="${CHART.base + 13}">0</text><text x="${CHART.width}" y="${CHART.base + 13}" text-anchor="end">${grouped(String(last))}</text>` +
        `<text x="${CHART.width / 2}" y="${CHART.base + 13}" text-anchor="middle">moves to the goal</text>` +
        `<text class="here-label" x="0" y="${CHART.top - 8}"></text></svg>`;
      const cannot = graph.unreached ? `; ${plural(graph.unreached, "position")} cannot reach the goal at all` : "";
      $("graph-note").textContent =
        `The state graph has ${grouped(String(graph.size))} positions, too many to draw one by one ` +
        `(up to ${grouped(String(graph.limit))}). Shown instead: how many positions are each number of moves from the goal ` +
        `(the goal in orange, the position shown in red)${cannot}.`;
      drawGraph();
    }

    // How far the position shown is from the goal: exact in play; in scrub, the rest of the
    // route (a shortest path) when it is one.
    function shownDistance() {
      if (mode === "play") return game.info && game.info.pos === shownPos ? game.info.distance : null;
      if (scene === null || scene.length === null || scene.optimal === false) return null;
      return (length - k).toString();
    }

    function drawGraph() {
      if (!graph || shownPos === null) return;
      const drawing = $("graph-drawing");
      const svg = drawing.querySelector("svg");
      if (!svg) return;
      if (graph.layers) {
        const d = shownDistance();
        const here = svg.querySelector("line.here");
        const label = svg.querySelector("text.here-label");
        here.style.display = d === null ? "none" : "";
        label.textContent = d === null ? "" : `here: ${plural(d, "move")}`;
        if (d !== null) {
          const step = CHART.width / graph.layers.length;
          const x = (Number(d) + 0.425) * step;
          here.setAttribute("x1", String(x));
          here.setAttribute("x2", String(x));
          label.setAttribute("x", String(x));
          label.setAttribute("text-anchor", x < CHART.width / 3 ? "start" : x > (2 * CHART.width) / 3 ? "end" : "middle");
        }
        root.dataset.graphCurrent = d === null ? "" : d;
        return;
      }
      for (const old of svg.querySelectorAll("circle.current, circle.on-path, circle.goal")) old.setAttribute("class", "");
      const dots = svg.querySelectorAll("circle");
      const here = graph.index.get(shownPos);
      dots[graph.goal].setAttribute("class", "goal");
      let path = "";
      if (here !== undefined && graph.distance[here] > 0) {
        let node = here;
        while (graph.distance[node] > 0) {
          const next = graph.out[node].find((other) => graph.distance[other] === graph.distance[node] - 1);
          if (next === undefined) break;
          const [x1, y1] = graph.nodes[node];
          const [x2, y2] = graph.nodes[next];
          path += `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`;
          if (next !== graph.goal) dots[next].setAttribute("class", "on-path");
          node = next;
        }
      }
      svg.querySelector("g.path").innerHTML = path;
      if (here !== undefined) dots[here].setAttribute("class", "current");
      root.dataset.graphCurrent = here === undefined ? "" : String(here);
    }

    // ---- the events ----
    $("goto").addEventListener("submit", (event) => {
      event.preventDefault();
      const value = parseK(box.value);
      if (value === null) {
        showError(`k must be a whole number from 0 to ${grouped(length.toString())} (or negative, counted from the end)`);
        return;
      }
      stop();
      go(value);
      box.blur();
    });
    slider.addEventListener("input", () => {
      stop();
      go((length * BigInt(slider.value)) / sliderSteps());
    });
    $("first").addEventListener("click", () => { stop(); go(0n); });
    $("back").addEventListener("click", () => { stop(); go(here() - 1n); });
    $("forward").addEventListener("click", () => { stop(); go(here() + 1n); });
    $("last").addEventListener("click", () => { stop(); go(length); });
    playButton.addEventListener("click", play);
    $("mode-scrub").addEventListener("click", () => { if (mode !== "scrub") setMode("scrub"); });
    $("mode-play").addEventListener("click", () => { if (mode !== "play") setMode("play"); });
    $("play-here").addEventListener("click", () => {
      if (mayDiscard("Play from the position shown")) setMode("play", { pos: shownPos });
    });
    $("undo").addEventListener("click", undo);
    $("redo").addEventListener("click", redo);
    $("reset").addEventListener("click", () => {
      if (!mayDiscard("Back to the start")) return;
      halt();
      forget();
      say("back to the start");
      visit(scene.start);
    });
    $("hint").addEventListener("click", () => {
      if (!game.info || !game.info.hint) return;
      game.hint = true;
      markZones();
      showGuidance();
    });
    $("finish").addEventListener("click", finish);
    $("ends").addEventListener("submit", (event) => {
      event.preventDefault();
      if (!mayDiscard("Start again between these ends")) return;
      setEnds($("from-pos").value.trim(), $("to-pos").value.trim(), { nextMode: mode });
    });
    $("from-here").addEventListener("click", () => {
      if (shownPos === null || !mayDiscard("Start again from the position shown")) return;
      $("from-pos").value = shownPos;
      setEnds(shownPos, ends.to, { nextMode: mode });
    });
    $("to-here").addEventListener("click", () => {  // a new aim: the game goes on towards it
      if (shownPos === null) return;
      $("to-pos").value = shownPos;
      setEnds(ends.from, shownPos, { nextMode: mode, keep: mode === "play" });
    });
    const chooser = $("choose");
    if (chooser) {
      chooser.addEventListener("submit", (event) => {
        const label = chooser.elements.label.value;
        const n = chooser.elements.n.value;
        if (!mayDiscard(`Switch to ${label} with ${plural(n, "disk")}`)) {
          event.preventDefault();
          return;
        }
        if (hooks.choose) {  // the host puts another viewer in place, in the same mode
          event.preventDefault();
          hooks.choose({ label, n: Number(n), mode });
        }
      });
    }
    $("graph-drawing").addEventListener("click", (event) => {
      const dot = event.target.closest && event.target.closest("circle[data-pos]");
      if (!dot) return;
      if (mode !== "play") setMode("play", { pos: dot.dataset.pos });
      else jump(dot.dataset.pos);
    });
    picture.addEventListener("pointerdown", (event) => {
      if (mode !== "play") return;
      const zone = event.target.closest && event.target.closest("rect.zone");
      if (!zone) return;
      event.preventDefault();
      const post = Number(zone.dataset.post);
      game.drag = game.held === null ? post : null;
      pick(post);
    });
    picture.addEventListener("pointerup", (event) => {
      if (mode !== "play" || game.drag === null) return;
      const start = game.drag;
      game.drag = null;
      const under = root.ownerDocument.elementFromPoint(event.clientX, event.clientY);
      const zone = under && under.closest && under.closest("rect.zone");
      if (zone && Number(zone.dataset.post) !== start && game.held === start) drop(Number(zone.dataset.post));
    });
    root.addEventListener("keydown", onKey);
    if (hooks.documentKeys) root.ownerDocument.addEventListener("keydown", onKey);

    function onKey(event) {
      if (event.handled) return;
      const target = event.target;
      if (target === box || target.tagName === "SELECT" || target.tagName === "TEXTAREA") return;
      if (target.tagName === "INPUT" && target !== slider) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      event.handled = true;
      if (mode === "play") {
        playKey(event);
        return;
      }
      const page = length / 100n > 1n ? length / 100n : 1n;
      const steps = {
        ArrowRight: 1n, ArrowUp: 1n, ArrowLeft: -1n, ArrowDown: -1n, PageUp: page, PageDown: -page,
      };
      if (event.key in steps) {
        stop();
        go(here() + steps[event.key] * (event.shiftKey && Math.abs(Number(steps[event.key])) === 1 ? 10n : 1n));
      } else if (event.key === "Home") {
        stop();
        go(0n);
      } else if (event.key === "End") {
        stop();
        go(length);
      } else if (event.key === " " && target.tagName !== "BUTTON") {
        play();
      } else {
        return;
      }
      event.preventDefault();
    }

    function playKey(event) {
      const key = event.key;
      const named = scene.posts.findIndex((name) => name.toLowerCase() === key.toLowerCase());
      let post = named;
      if (post < 0 && /^[1-9]$/.test(key) && scene.posts.length <= 9 && !/^\d$/.test(scene.posts[0])) post = Number(key) - 1;
      if (post >= 0 && post < scene.posts.length) pick(post);
      else if (key === "Escape" && game.held !== null) drop(game.held);
      else if (key === "u" || key === "U" || key === "Backspace") undo();
      else if (key === "y" || key === "Y") redo();
      else if (key === "h" || key === "H") $("hint").click();
      else return;
      event.preventDefault();
    }

    function useScene(fresh) {
      scene = fresh;
      length = scene.length === null ? 0n : BigInt(scene.length);
      slider.max = String(sliderSteps());
      slider.disabled = length === 0n;
      $("length").textContent = scene.length === null ? "0" : grouped(scene.length);
      const body = $("counts").tBodies[0];
      body.textContent = "";
      scene.per_disk.forEach((count, index) => {
        const row = body.insertRow();
        row.insertCell().textContent = String(index + 1);
        row.insertCell().textContent = grouped(count);
      });
      $("counts-box").open = scene.n <= 8;
      $("counts-box").hidden = scene.length === null;
      const reason = $("reason");
      reason.hidden = scene.length !== null;
      reason.textContent = scene.length === null
        ? `${scene.reason}. Shown: the start; switch to play to see that every move from it is refused.`
        : "";
      $("from-pos").value = scene.from || "";
      $("to-pos").value = scene.to || "";
      let origin = $("origin");
      const changed = scene.from !== opened.from || scene.to !== opened.to;
      if (changed || (!origin && (scene.from || scene.to))) {  // ends the page did not come with: say so
        if (!origin) {
          origin = root.ownerDocument.createElement("p");
          origin.id = "origin";
          $("description").after(origin);
        }
        origin.hidden = !scene.from && !scene.to;
        origin.textContent = `from ${scene.start}, a shortest path to ${scene.goal}`;
        if (scene.optimal === false) origin.textContent = `from ${scene.start} to ${scene.goal}: the moves given`;
      }
      root.dataset.length = scene.length === null ? "" : scene.length;
      api.scene = scene;
    }

    const api = {
      svg: null, frame: null, info: null, scene: null, compose,
      go: (value) => { if (mode !== "scrub") setMode("scrub"); go(BigInt(value)); },
      goTo: (pos) => (mode === "play" ? jump(pos) : setMode("play", { pos })),
      setEnds: (from, to, options = {}) => setEnds(from, to, options),
      ends: () => ({ ...ends }),
      mode: () => mode,
      setMode: (next) => setMode(next),
      position: () => (mode === "play" ? (game.wanted || game.pos) : shownPos),
      k: () => k,
      showError: (message) => showError(message),
      game: () => ({
        moves: game.moves.toString(), assisted: game.assisted.toString(), origin: game.origin,
        optimum: game.optimum === undefined ? null : game.optimum, finishing: finishing !== null,
      }),
    };
    root.hanoiViewer = api;

    (async () => {
      try {
        useScene(await source.scene(ends.from, ends.to));
      } catch (failure) {
        showError(failure.message);
        return;
      }
      await loadGraph();
      let start = parseK(root.dataset.k || "0");
      if (start === null) start = 0n;
      k = start;
      setMode(mode, mode === "play" && hooks.opening ? { pos: hooks.opening } : {});
      if (mode === "play") k = start;
      if (hooks.onReady) hooks.onReady(api);
    })();
    return api;
  }

  return { mount, compose, serverSource, embeddedSource, askSource, puzzleQuery, plural };
})();

if (typeof document !== "undefined" && document.currentScript && document.getElementById("viewer")) {
  const root = document.getElementById("viewer");
  const embedded = document.getElementById("hanoi-data");
  const source = embedded
    ? HanoiViewer.embeddedSource(JSON.parse(embedded.textContent))
    : HanoiViewer.serverSource(root.dataset.label, root.dataset.n);
  window.hanoiViewer = HanoiViewer.mount(root, source, { addressBar: !embedded, documentKeys: true });
}
