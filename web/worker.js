/* worker.js -- runs riskodds command lines off the page's thread.
   riskodds.js (emscripten, -sMODULARIZE) is prepended to this file by
   web/build.sh, so that the worker is one script the page can start from
   a blob: URL, which works from file:// too.

   Each command line runs in a fresh instance of the module, as a fresh
   process would: the program keeps state in globals and ends with
   exit().  The compiled module is kept, so a fresh instance costs an
   instantiation, not a compilation.  The page cancels a run by
   terminating this worker.  */

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

function run (msg)
{
  const out = new Sink (), err = new Sink ();
  let lastPost = 0;
  let status = null;
  const t0 = performance.now ();
  const settings = {
    noInitialRun: true,
    stdin: function () { return null; },
    stdout: function (c) { out.put (c); },
    stderr: function (c) { err.put (c); },
    onProgress: function (done, total)
    {
      const now = performance.now ();
      if (now - lastPost >= 50 || done >= total)
        {
          lastPost = now;
          postMessage ({ id: msg.id, type: 'progress', done: done,
                         total: total });
        }
    },
    onExit: function (code) { status = code; },
    preRun: [function (m) {
      for (const f of msg.files || [])
        m.FS.writeFile (f.name, f.data);
    }]
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
    try
      {
        const r = m.callMain (msg.args);
        if (status === null)
          status = r;
      }
    catch (e)
      {
        if (status === null)
          {
            err.put (0x0a);
            for (const c of new TextEncoder ().encode ('riskodds: ' + e))
              err.put (c);
            status = 70;
          }
      }
    postMessage ({ id: msg.id, type: 'done', status: status,
                   stdout: out.text (), stderr: err.text (),
                   ms: performance.now () - t0 });
  });
}

onmessage = function (e) { run (e.data); };
postMessage ({ type: 'ready' });
