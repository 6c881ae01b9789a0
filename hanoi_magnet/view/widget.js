// The viewer as a Jupyter widget (anywidget): this file follows the page's viewer.js in the
// widget's module. The page asks its four questions of the kernel (custom messages, answered by
// hanoi_magnet.view._protocol); the model's traits are the kernel's state, and the view follows
// them (ends, mode, position or k) and reports what the reader does.
function kernelSource(model, refused) {
  let next = 0;
  const waiting = new Map();
  const listener = (message) => {
    if (!message) return;
    if (message.hanoi === "refused") { refused(message.error); return; }
    if (message.hanoi !== "answer") return;
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    if (message.error) entry.reject(new Error(message.error));
    else entry.resolve(message.data);
  };
  model.on("msg:custom", listener);
  const ask = (what, params) => new Promise((resolve, reject) => {
    next += 1;
    waiting.set(next, { resolve, reject });
    model.send({ hanoi: "ask", id: next, what, params });
  });
  return { ...HanoiViewer.askSource(ask), kind: "kernel", close: () => model.off("msg:custom", listener) };
}

function render({ model, el }) {
  let source = null;
  let api = null;
  let applying = false;  // the view is writing to the model: not a change to follow
  let queued = false;
  const update = (changes) => {
    let dirty = false;
    applying = true;
    try {
      for (const [name, value] of Object.entries(changes)) {
        if (model.get(name) !== value) { model.set(name, value); dirty = true; }
      }
    } finally {
      applying = false;
    }
    if (dirty) model.save_changes();
  };
  // bring the view to the model's state (the kernel's): ends, then mode, position or k
  function apply() {
    if (!api || !api.scene) return;  // onReady applies it
    const from = model.get("start") || "";
    const to = model.get("goal") || "";
    const ends = api.ends();
    if (from !== ends.from || to !== ends.to) {
      api.setEnds(from, to, { nextMode: model.get("mode") }).then(follow);
      return;
    }
    if (model.get("mode") === "play") {
      const pos = model.get("position");
      if (api.mode() !== "play" || (pos && api.position() !== pos)) api.goTo(pos);
    } else if (api.mode() !== "scrub" || api.k().toString() !== model.get("_k")) {
      api.go(model.get("_k"));
    }
  }
  function follow() {
    if (applying || queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; apply(); });
  }
  const hooks = {
    onFrame: (frame) => update({ _k: frame.k, position: frame.pos, mode: "scrub" }),
    onPosition: (info) => update({ position: info.pos, mode: "play" }),
    onEnds: (ends) => update({ start: ends.from, goal: ends.to }),
    onReady: () => follow(),
  };
  function build() {
    if (source) source.close();
    el.innerHTML = model.get("_markup");
    const root = el.querySelector("main");
    // the markup is the puzzle's; where the widget stands is the model's
    root.dataset.from = model.get("start") || "";
    root.dataset.to = model.get("goal") || "";
    root.dataset.mode = model.get("mode");
    root.dataset.k = model.get("_k");
    source = kernelSource(model, (message) => api && api.showError(message));
    const opening = model.get("mode") === "play" ? model.get("position") : null;
    api = HanoiViewer.mount(root, source, { ...hooks, opening });
    el.hanoiViewer = api;
  }
  build();
  const names = ["_k", "position", "mode", "start", "goal"];
  model.on("change:_markup", build);
  for (const name of names) model.on(`change:${name}`, follow);
  return () => {
    model.off("change:_markup", build);
    for (const name of names) model.off(`change:${name}`, follow);
    if (source) source.close();
  };
}

export default { render };
