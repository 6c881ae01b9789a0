// The hanoi_magnet scrub viewer: a slider over the move index k of one optimal solution.
// k travels as a decimal string and a BigInt, never as a float. Positions come from the
// library: from the viewer's server (/api/frame, computed by unrank on request) or, in an
// exported page, from the positions embedded in it. The picture is put together from the
// scene's pieces exactly as hanoi_magnet.view.compose does it (= render_svg of the position).
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const root = $("viewer");
  const embedded = $("hanoi-data");
  const SLIDER_STEPS = 10000n;

  const escapeText = (text) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
  const grouped = (digits) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

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

  // The puzzle in a query: label, n, and the start position (compact) when it is not the tower.
  const puzzleQuery = (label, n, from) =>
    `label=${encodeURIComponent(label)}&n=${encodeURIComponent(n)}` +
    (from ? `&from=${encodeURIComponent(from)}` : "");

  function serverSource(label, n, from) {
    const query = puzzleQuery(label, n, from);
    return {
      scene: () => getJSON(`/api/scene?${query}`),
      frame: (k) => getJSON(`/api/frame?${query}&k=${k.toString()}`),
    };
  }

  function embeddedSource(data) {
    const moves = data.moves.map(([text, disk]) => ({ text, disk }));
    return {
      scene: async () => data.scene,
      frame: async (k) => {
        const index = Number(k);
        const [state, at, faces] = data.frames[index];
        return {
          k: k.toString(), state, at, faces,
          last: index > 0 ? moves[index - 1] : null,
          next: index < moves.length ? moves[index] : null,
        };
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

  const source = embedded
    ? embeddedSource(JSON.parse(embedded.textContent))
    : serverSource(root.dataset.label, root.dataset.n, root.dataset.from);
  const slider = $("slider");
  const box = $("k");
  const playButton = $("play");
  const speed = $("speed");
  const error = $("error");
  let scene = null;
  let length = 0n;
  let k = 0n;
  let pending = null;
  let busy = false;
  let playing = false;
  let carry = 0;
  let lastTick = 0;

  const showError = (message) => {
    error.textContent = message;
    error.hidden = !message;
  };
  const clamp = (value) => (value < 0n ? 0n : value > length ? length : value);
  const sliderSteps = () => (length < SLIDER_STEPS ? length : SLIDER_STEPS);
  const sliderValue = (value) => (length === 0n ? 0 : Number((value * sliderSteps()) / length));

  function show(frame) {
    k = BigInt(frame.k);
    const svg = compose(scene, frame);
    $("picture").innerHTML = svg.slice(svg.indexOf("<svg"));
    root.dataset.shown = frame.k;
    if (!embedded) {  // the address names the position shown, to bookmark or share
      history.replaceState(null, "", `?${puzzleQuery(scene.label, scene.n, scene.from)}&k=${frame.k}`);
    }
    window.hanoiViewer.svg = svg;
    window.hanoiViewer.frame = frame;
    if (document.activeElement !== box) box.value = frame.k;
    slider.value = String(sliderValue(k));
    const move = (m) => `disk ${m.disk}, ${m.text.slice(m.text.indexOf(":") + 2).replace("->", "\u2192")}`;
    $("last-move").textContent = frame.last ? `move ${grouped(frame.k)} \u2014 ${move(frame.last)}` : "\u2013 (the start)";
    $("next-move").textContent = frame.next ? `move ${grouped((k + 1n).toString())} \u2014 ${move(frame.next)}` : "\u2013 (the goal: solved)";
    $("state").textContent = frame.state;
    const counts = scene.posts.map(() => 0);
    for (const post of frame.at) counts[Number(post)] += 1;
    $("stacks").textContent = scene.posts.map((name, i) => `${name}: ${counts[i]}`).join(" \u00b7 ");
  }

  async function pump() {
    busy = true;
    while (pending !== null) {
      const want = pending;
      pending = null;
      try {
        show(await source.frame(want));
        showError("");
      } catch (failure) {
        showError(failure.message);
        stop();
      }
    }
    busy = false;
  }

  function go(target) {
    if (scene === null) return;
    pending = clamp(target);
    if (!busy) pump();
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
  $("back").addEventListener("click", () => { stop(); go(k - 1n); });
  $("forward").addEventListener("click", () => { stop(); go(k + 1n); });
  $("last").addEventListener("click", () => { stop(); go(length); });
  playButton.addEventListener("click", play);
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target === box || target.tagName === "SELECT" || target.tagName === "TEXTAREA") return;
    if (target.tagName === "INPUT" && target !== slider) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const page = length / 100n > 1n ? length / 100n : 1n;
    const steps = {
      ArrowRight: 1n, ArrowUp: 1n, ArrowLeft: -1n, ArrowDown: -1n, PageUp: page, PageDown: -page,
    };
    if (event.key in steps) {
      stop();
      go(k + steps[event.key] * (event.shiftKey && Math.abs(Number(steps[event.key])) === 1 ? 10n : 1n));
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
  });

  window.hanoiViewer = { svg: null, frame: null, compose };
  (async () => {
    try {
      scene = await source.scene();
    } catch (failure) {
      showError(failure.message);
      return;
    }
    length = BigInt(scene.length);
    slider.max = String(sliderSteps());
    slider.disabled = length === 0n;
    $("length").textContent = grouped(scene.length);
    const body = $("counts").tBodies[0];
    scene.per_disk.forEach((count, index) => {
      const row = body.insertRow();
      row.insertCell().textContent = String(index + 1);
      row.insertCell().textContent = grouped(count);
    });
    $("counts-box").open = scene.n <= 8;
    let start = parseK(root.dataset.k || "0");
    if (start === null) start = 0n;
    go(start);
  })();
})();
