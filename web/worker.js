/* worker.js -- runs riskodds command lines off the page's thread.
   riskodds.js (emscripten, -sMODULARIZE) is prepended to this file by
   web/build.sh, so that the worker is one script the page can start from
   a blob: URL, which works from file:// too.

   Each command line runs in a fresh instance of the module, as a fresh
   process would: the program keeps state in globals and ends with
   exit().  The instance for the next command line is made while the
   worker waits for it (as a shell could start the next process before it
   is asked), so a question costs the run, not an instantiation.  The
   compiled module is kept, so that instantiation is not a compilation
   either.  The page cancels a run by terminating this worker.  */

'use strict';

let compiled = null;
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = function (source, imports)
{
  if (source instanceof WebAssembly.Module)
    return instantiate (source, imports);
  return WebAssembly.compile (source).then (function (module) {
    compiled = module;
    return instantiate (module, imports).then (function (instance) {
      return { module: module, instance: instance };
    });
  });
};

/* Bytes as the program wrote them, decoded once at the end (UTF-8).  */
function Sink ()
{
  this.chunks = [];
  this.buf = new Uint8Array (65536);
  this.n = 0;
}
Sink.prototype.put = function (c)
{
  if (c === null)
    return;
  if (this.n === this.buf.length)
    {
      this.chunks.push (this.buf);
      this.buf = new Uint8Array (this.buf.length * 2);
      this.n = 0;
    }
  this.buf[this.n++] = c;
};
Sink.prototype.text = function ()
{
  this.chunks.push (this.buf.subarray (0, this.n));
  const d = new TextDecoder ();
  let s = '';
  for (const c of this.chunks)
    s += d.decode (c, { stream: true });
  return s + d.decode ();
};

/* A fresh instance, ready for one command line; RUN, set when it is
   asked one, takes what the instance writes and its exit status.  */
function prepare ()
{
  const slot = { run: null };
  const settings = {
    noInitialRun: true,
    stdin: function () { return null; },
    stdout: function (c) { slot.run.out.put (c); },
    stderr: function (c) { slot.run.err.put (c); },
    onProgress: function (done, total)
    {
      const r = slot.run, now = performance.now ();
      if (now - r.lastPost >= 50 || done >= total)
        {
          r.lastPost = now;
          postMessage ({ id: r.id, type: 'progress', done: done,
                         total: total });
        }
    },
    onExit: function (code) { slot.run.status = code; }
  };
  if (compiled)
    settings.instantiateWasm = function (imports, done)
    {
      instantiate (compiled, imports).then (function (instance) {
        done (instance, compiled);
      });
      return {};
    };
  return RiskOdds (settings).then (function (m) {
    slot.module = m;
    return slot;
  });
}

/* The next instance: made PREPARE_DELAY ms after an answer, once the
   page has drawn it (two threads making an instance and drawing the
   page at once on a small machine delay the answer), or at once when a
   question comes first.  */
const PREPARE_DELAY = 50;
let next = null;
let timer = null;

function ready ()
{
  clearTimeout (timer);
  timer = null;
  if (next === null)
    next = prepare ();
  return next;
}

function run (msg)
{
  const t0 = performance.now ();
  const slotReady = ready ();
  next = null;
  return slotReady.then (function (slot) {
    const r = { id: msg.id, out: new Sink (), err: new Sink (),
                lastPost: 0, status: null };
    const m = slot.module;
    slot.run = r;
    try
      {
        for (const f of msg.files || [])
          m.FS.writeFile (f.name, f.data);
        const s = m.callMain (msg.args);
        if (r.status === null)
          r.status = s;
      }
    catch (e)
      {
        if (r.status === null)
          {
            r.err.put (0x0a);
            for (const c of new TextEncoder ().encode ('riskodds: ' + e))
              r.err.put (c);
            r.status = 70;
          }
      }
    postMessage ({ id: msg.id, type: 'done', status: r.status,
                   stdout: r.out.text (), stderr: r.err.text (),
                   ms: performance.now () - t0 });
    last = msg.id;
    timer = setTimeout (function () { ready ().then (idle); },
                        PREPARE_DELAY);
  });
}

/* Tells the page that the next instance is ready after the question
   LAST answered: web/bench.js waits for it, as a person does not ask
   twice within milliseconds.  */
let last = 0;

function idle ()
{
  postMessage ({ type: 'idle', after: last });
}

onmessage = function (e) { run (e.data); };
ready ().then (idle);
