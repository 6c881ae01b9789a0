// The try-it page: Python (Pyodide, served from ./pyodide/, nothing from elsewhere) runs
// hanoi_magnet in this page. The example runs in it; the viewer's play page (viewer.js, the
// same front end as the server's page and the Jupyter widget) asks it the same four questions
// it asks the viewer's server, answered by hanoi_magnet.view._protocol.answer_json.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const $ = (id) => document.getElementById(id);
const status = $("status");
const output = $("output");
const lastLine = (text) => String(text).trim().split("\n").filter(Boolean).pop() || String(text);

async function start() {
  const began = performance.now();
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", window.location.href).href });
  const listing = await fetch("wheels/wheels.json");
  if (!listing.ok) throw new Error(`wheels/wheels.json: ${listing.status}`);
  for (const name of await listing.json()) {  // hanoi_magnet, attrs, typing-extensions
    const wheel = await fetch(`wheels/${name}`);
    if (!wheel.ok) throw new Error(`wheels/${name}: ${wheel.status}`);
    pyodide.unpackArchive(await wheel.arrayBuffer(), "wheel");
  }
  const version = pyodide.runPython("import sys, hanoi_magnet; hanoi_magnet.__version__");
  const python = pyodide.runPython("sys.version.split()[0]");
  const seconds = ((performance.now() - began) / 1000).toFixed(1);
  status.textContent = `Ready: hanoi_magnet ${version} on Python ${python}, running in this page (started in ${seconds} s; nothing is sent anywhere).`;
  return pyodide;
}

async function run(pyodide) {
  const lines = [];
  const keep = { batched: (line) => lines.push(line) };
  pyodide.setStdout(keep);
  pyodide.setStderr(keep);
  const began = performance.now();
  $("run").disabled = true;
  try {
    await pyodide.runPythonAsync($("code").value);
    output.classList.remove("failed");
  } catch (error) {
    lines.push(lastLine(error.message));
    output.classList.add("failed");
  } finally {
    $("run").disabled = false;
  }
  output.textContent = lines.join("\n");
  $("took").textContent = ` ran in ${Math.round(performance.now() - began)} ms`;
  document.body.dataset.runs = String(Number(document.body.dataset.runs || "0") + 1);
}

function play(pyodide) {
  const protocol = pyodide.pyimport("hanoi_magnet.view._protocol");
  const holder = $("play");
  const source = (label, n) => ({
    ...HanoiViewer.askSource(async (what, params) => {
      const reply = JSON.parse(protocol.answer_json(label, n, what, JSON.stringify(params)));
      if (reply.error) throw new Error(reply.error);
      return reply.data;
    }),
    kind: "pyodide",
  });
  function show(label, n, mode) {
    let markup;
    try {
      markup = protocol.markup.callKwargs(label, n, { chooser: true });
    } catch (error) {  // a size the viewer refuses: say so, keep the viewer shown
      if (window.hanoiViewer) window.hanoiViewer.showError(lastLine(error.message));
      return;
    }
    holder.innerHTML = markup;
    const root = holder.querySelector("main");
    root.dataset.mode = mode;
    window.hanoiViewer = HanoiViewer.mount(root, source(label, n), {
      choose: (next) => show(next.label, next.n, next.mode),  // another puzzle, same mode
    });
  }
  show("NNN", 3, "play");
}

(async () => {
  if (document.body.dataset.ready === "0") {  // built without Pyodide: the note says why
    status.textContent = "";
    return;
  }
  let pyodide;
  try {
    pyodide = await start();
  } catch (error) {
    status.textContent = `Python could not start in this page: ${lastLine(error.message)}`;
    document.body.dataset.ready = "failed";
    return;
  }
  $("run").disabled = false;
  $("run").addEventListener("click", () => run(pyodide));
  $("code").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      run(pyodide);
    }
  });
  play(pyodide);
  document.body.dataset.ready = "1";
})();
