/* app.js -- the page: the form as riskodds command lines, run in a Web
   Worker (worker.js over riskodds.js), their output shown.  The numbers
   are the program's own text (its JSON, its reports): nothing is
   recomputed here, and nothing shown as a value went through a double
   (the chart's bar heights do, and are only drawn).  */

'use strict';

const form = document.getElementById ('form');
const VIEWS = ['battle', 'table', 'chain', 'needed', 'verify'];

/* ---- the tab's memory: what --max-memory refuses beyond ---- */

/* A wasm32 heap ends at 2 GiB (the module's MAXIMUM_MEMORY); a phone
   may give a tab far less: half its memory, as navigator.deviceMemory
   tells it (rounded, at most 8 GiB), below 1.5 GiB.  */
const MEMORY_MIB = Math.min (1536,
                             Math.floor ((navigator.deviceMemory || 8)
                                         * 1024 / 2));
document.getElementById ('memory').textContent =
  'Memory for one computation in this tab: '
  + (MEMORY_MIB >= 1024 ? (MEMORY_MIB / 1024).toFixed (1) + ' GiB'
     : MEMORY_MIB + ' MiB')
  + ' (larger ones are refused with the estimate, as the command line'
  + ' counts it for wasm32).';

/* ---- the worker ---- */

let worker = null;
let pending = null;             /* {id, resolve, reject} */
let nextId = 1;

function startWorker ()
{
  const url = URL.createObjectURL (new Blob ([self.RISKODDS_WORKER_SOURCE],
                                             { type: 'text/javascript' }));
  worker = new Worker (url);
  worker.onmessage = function (e)
  {
    const m = e.data;
    /* Ready after the newest question only (not after an older one
       whose message crossed a newer question).  */
    if (m.type === 'idle' && m.after === nextId - 1)
      document.body.dataset.idle = '1';
    if (!pending || m.id !== pending.id)
      return;
    if (m.type === 'progress')
      showProgress (m.done, m.total);
    else if (m.type === 'done')
      {
        const p = pending;
        pending = null;
        p.resolve (m);
      }
  };
  worker.onerror = function (e)
  {
    if (pending)
      {
        const p = pending;
        pending = null;
        p.reject (new Error (e.message || 'the worker failed'));
      }
  };
}

/* Run one command line (ARGS without "riskodds"); FILES are written
   into the instance's file system first.  */
function run (args, files)
{
  if (pending)
    cancel ();
  return new Promise (function (resolve, reject) {
    pending = { id: nextId++, resolve: resolve, reject: reject };
    document.body.dataset.idle = '0';
    worker.postMessage ({ id: pending.id, args: args, files: files || [] });
  });
}

/* A run cannot be interrupted inside the library: the worker goes, and
   a fresh one takes its place.  */
function cancel ()
{
  if (!pending)
    return;
  worker.terminate ();
  const p = pending;
  pending = null;
  startWorker ();
  p.reject (new Error ('cancelled'));
}

/* ---- progress ---- */

const busy = document.getElementById ('busy');
const bar = document.getElementById ('progress');
const barText = document.getElementById ('progress-text');

function showProgress (done, total)
{
  const share = total > 0 ? done / total : 0;
  bar.value = share;
  barText.textContent = Math.floor (share * 100) + '% done';
}

/* The progress bar, and the old answer cleared, only once a question
   has taken BUSY_DELAY ms: most answers come sooner, and a page drawn
   anew between a question and its answer would delay the answer (the
   worker's reply waits for the page's drawing).  */
const BUSY_DELAY = 100;
let busyTimer = null;

/* LABEL (a download's) names the work, and the answer shown stays.  */
function setBusy (on, label)
{
  clearTimeout (busyTimer);
  busyTimer = null;
  if (on)
    busyTimer = setTimeout (function () {
      busyTimer = null;
      if (!label)
        result.replaceChildren ();
      busy.querySelector ('label').textContent = label || 'Working';
      bar.removeAttribute ('value');
      barText.textContent = 'started';
      busy.hidden = false;
      document.body.classList.add ('working');
    }, BUSY_DELAY);
  else
    {
      busy.hidden = true;
      document.body.classList.remove ('working');
    }
}

/* The presses of the Cancel button: a run ended by one says
   "Cancelled.", one ended by a newer question does not.  Cancel takes
   the progress bar, and with it the focus, away: the focus goes to
   Compute, where the next question starts.  */
let cancels = 0;

document.getElementById ('cancel').addEventListener ('click', function () {
  cancels++;
  cancel ();
  document.getElementById ('compute').focus ();
});

/* ---- editions ---- */

/* The program's editions and house rules, as 'riskodds editions
   --format json' lists them (asked at start): name, title, options.  */
let editions = [];

/* The rule fields: the rule options (the options table's rules
   section), which an edition sets and which, given over an edition,
   make its rules the edition's no longer.  */
const RULE_FIELDS = ['sides', 'attack_sides', 'defend_sides',
                     'attack_dice', 'defend_dice', 'ties',
                     'attack_bonus', 'attack_bonus_dice', 'defend_bonus',
                     'defend_bonus_dice', 'clamp', 'attack_commanders',
                     'defend_commanders', 'defend_station'];

/* The fields' values that the edition NAME's options give ({field:
   value}, true for a flag).  An option with no field here is left out:
   the page cannot show it, but --edition still applies it.  */
function editionValues (name)
{
  const ed = editions.find (function (x) { return x.name === name; });
  const out = {};
  const w = ed ? words (ed.options) : [];
  for (let i = 0; i < w.length; i++)
    {
      const f = Array.from (document.querySelectorAll ('#rules [data-cli]'))
        .find (function (x) { return x.dataset.cli === w[i]; });
      if (!f)
        continue;
      if (f.type === 'checkbox')
        out[f.name] = true;
      else
        out[f.name] = w[++i];
    }
  return out;
}

function fillEditions ()
{
  const menu = form.elements.edition;
  for (const ed of editions)
    {
      const o = el ('option', { value: ed.name, title: ed.source },
                    [ed.name + ': ' + ed.title]);
      menu.append (o);
    }
}

/* ---- the form's state, the command line and the URL ---- */

/* An edition's rules are shown in the fields: choosing one fills them
   in, and the fields are compared with the edition's values, not with
   the standard game's.  The command line is then --edition NAME and
   the fields that differ from it, as the CLI reads it (the rule options
   given explicitly win), and what the fields show is what is computed:
   a field set back to the standard value under an edition is given
   explicitly (--defend-dice 2 under risiko).  The URL keeps the edition
   and the fields that differ from it, so a link restores both.  A flag
   the edition sets (--clamp, --defend-station) cannot be taken back on
   the command line (there is no --no-clamp): its box stays ticked and
   disabled until the edition is changed.  Merely adding --edition and
   leaving the fields at the standard game's would show rules that are
   not those computed.  */

function fields ()
{
  return Array.from (form.elements).filter (function (e) {
    return e.name && e.type !== 'file' && e.name !== 'vtext';
  });
}

/* The value of E in the page as written (the standard game), as a
   string, or a boolean for a check box.  */
function defaultOf (e)
{
  if (e.type === 'checkbox')
    return e.defaultChecked;
  if (e.tagName === 'SELECT')
    {
      const d = Array.from (e.options).find (function (o) {
        return o.defaultSelected;
      }) || e.options[0];
      return d.value;
    }
  return e.defaultValue;
}

/* The value of E that the command line need not give: the edition's,
   else the page's default.  */
function baseOf (e)
{
  const v = e.name === 'edition' ? undefined
    : editionValues (form.elements.edition.value)[e.name];
  return v === undefined ? defaultOf (e) : v;
}

function isBase (e)
{
  if (e.type === 'checkbox')
    return e.checked === baseOf (e);
  return e.value === baseOf (e);
}

function setField (e, v)
{
  if (e.type === 'checkbox')
    e.checked = v === true || v === '1';
  else
    e.value = v;
}

/* The flags the edition sets, ticked and disabled; the others free.  */
function syncEdition ()
{
  const set = editionValues (form.elements.edition.value);
  for (const e of fields ())
    if (e.type === 'checkbox' && RULE_FIELDS.includes (e.name))
      {
        e.disabled = set[e.name] === true;
        if (e.disabled)
          e.checked = true;
        e.title = e.disabled ? 'set by the edition' : '';
      }
}

function value (name)
{
  const e = form.elements[name];
  return e.type === 'checkbox' ? e.checked : e.value.trim ();
}

let view = 'battle';

function showView (v)
{
  view = v;
  for (const b of document.querySelectorAll ('[role=tab]'))
    {
      const on = b.dataset.view === v;
      b.setAttribute ('aria-selected', on ? 'true' : 'false');
      b.tabIndex = on ? 0 : -1;
    }
  for (const s of document.querySelectorAll ('[role=tabpanel]'))
    s.hidden = s.dataset.view !== v;
  /* A field the view's command does not take is not shown (its value
     stays, for the views that take it).  */
  for (const e of document.querySelectorAll ('[data-views]'))
    {
      const label = e.closest ('label');
      if (label)
        label.hidden = !e.dataset.views.split (' ').includes (v);
    }
}

/* Another tab chosen: the previous view's answer and command go (its
   question is not this view's); the view's own is computed by Compute.  */
function changeView (v)
{
  if (v === view)
    return;
  showView (v);
  clearAnswer ();
  /* A history entry of its own, without computing (no hashchange), so
     that Back returns to the question before, not one further.  */
  const s = stateString ();
  if (location.hash.slice (1) !== s)
    history.pushState (null, '', '#' + s);
}

/* The state as a query string: the view and the fields that differ
   from their base (the pasted table of verify stays out).  */
function stateString ()
{
  const q = new URLSearchParams ();
  q.set ('view', view);
  for (const e of fields ())
    if (!isBase (e))
      q.set (e.name, e.type === 'checkbox' ? (e.checked ? '1' : '0')
             : e.value);
  return q.toString ();
}

/* A field's name as its label says it, without the parenthesis.  */
function labelOf (e)
{
  const l = e.closest ('label');
  const t = l ? Array.from (l.childNodes).filter (function (n) {
    return n.nodeType === Node.TEXT_NODE;
  }).map (function (n) { return n.textContent; }).join (' ') : e.name;
  return t.replace (/\s+/g, ' ').replace (/\(.*$/, '').trim ();
}

/* The edition first: the other fields' base is its values.  An edition
   not (yet) in the menu is none.  The link's values that its fields
   cannot take (a menu without that choice, a number field given text,
   a box given other than 0 or 1), as messages: the page does not
   compute something else in their place.  */
function applyState (s)
{
  const q = new URLSearchParams (s);
  const bad = [];
  const menu = form.elements.edition;
  menu.value = q.get ('edition') || '';
  if (menu.selectedIndex < 0)
    {
      menu.value = '';
      if (ready)
        bad.push (labelOf (menu) + ': \'' + q.get ('edition')
                  + '\' is not one of its choices');
    }
  for (const e of fields ())
    {
      if (e === menu)
        continue;
      const v = q.get (e.name);
      setField (e, v === null ? baseOf (e) : v);
      if (v === null)
        continue;
      if (e.type === 'checkbox' ? v !== '0' && v !== '1' : e.value !== v)
        bad.push (labelOf (e) + ': \'' + v + '\' '
                  + (e.tagName === 'SELECT' ? 'is not one of its choices'
                     : e.type === 'number' ? 'is not a number'
                     : e.type === 'checkbox' ? 'is neither 0 nor 1'
                     : 'cannot be set'));
    }
  syncEdition ();
  /* A flag the edition sets cannot be taken back (no --no-clamp).  */
  for (const e of fields ())
    if (e.type === 'checkbox' && e.disabled && q.get (e.name) === '0')
      bad.push (labelOf (e) + ': \'0\' cannot be given: the edition sets it');
  const v = q.get ('view');
  showView (VIEWS.includes (v) ? v : 'battle');
  if (v !== null && !VIEWS.includes (v))
    bad.push ('The view \'' + v + '\' is none of the page\'s');
  const known = new Set (['view'].concat (fields ().map (function (e) {
    return e.name;
  })));
  for (const k of new Set (q.keys ()))
    if (!known.has (k))
      bad.push ('\'' + k + '\' is none of the page\'s fields');
  return bad;
}

/* The rule options, the count and the digits: each field with data-cli
   that differs from its base, where its data-views allow.  */
function optionArgs (only)
{
  const args = [];
  for (const e of document.querySelectorAll ('#rules [data-cli]'))
    {
      if (only && !only.includes (e.name))
        continue;
      if (e.dataset.views && !e.dataset.views.split (' ').includes (view))
        continue;
      if (isBase (e) || (e.type === 'checkbox' ? !e.checked
                         : e.value.trim () === ''))
        continue;
      args.push (e.dataset.cli);
      if (e.type !== 'checkbox')
        args.push (e.value.trim ());
    }
  /* No meter on a standard error nobody sees, and no --max-time: the
     meter then leaves the library's progress hook to glue.c's, the
     progress bar's.  */
  args.push ('--max-memory', MEMORY_MIB + 'M', '--no-progress',
             '--max-time', 'none');
  return args;
}

/* The rule options, the dice policies and the battle's end, which
   'needed' and 'verify' take (not --digits, --percent or --rounds);
   'table' takes --rounds too.  */
const RULE_OPTIONS = ['edition', 'count'].concat (RULE_FIELDS,
  ['defender', 'attacker', 'stop', 'goal']);

function words (s)
{
  return s.split (/\s+/).filter (function (w) { return w !== ''; });
}

/* ---- showing results ---- */

const result = document.getElementById ('result');
const errorBox = document.getElementById ('error');

function el (tag, attrs, children)
{
  const e = document.createElement (tag);
  for (const k in attrs || {})
    e.setAttribute (k, attrs[k]);
  for (const c of children || [])
    e.append (c);
  return e;
}

function showCommand (args)
{
  const shown = args.filter (function (a, i) {
    return !(a === '--no-progress'
             || a === '--max-memory' || args[i - 1] === '--max-memory'
             || a === '--max-time' || args[i - 1] === '--max-time');
  });
  const c = document.getElementById ('command');
  const html = ['riskodds'];
  for (const a of shown)
    html.push (' <span>', escapeHtml (/^[A-Za-z0-9_.,:=\/+%-]+$/.test (a) ? a
                                      : "'" + a + "'"), '</span>');
  c.innerHTML = html.join ('');
  c.dataset.args = JSON.stringify (args);
}

function showError (text)
{
  errorBox.textContent = text;
  errorBox.hidden = false;
}

async function copy (text, button)
{
  try
    {
      await navigator.clipboard.writeText (text);
    }
  catch (e)
    {
      /* file:// pages may lack the clipboard API.  */
      const t = el ('textarea');
      t.value = text;
      document.body.append (t);
      t.select ();
      document.execCommand ('copy');
      t.remove ();
    }
  button.textContent = 'Copied';
  setTimeout (function () { button.textContent = 'Copy'; }, 1500);
}

/* A fraction folded when long: each of its numerator and denominator
   by its ends and its count of digits, the slash kept in sight; the
   whole a click away, the copy button copying the whole.  */
function foldNumber (s)
{
  return s.length > 60 ? s.slice (0, 25) + '…' + s.slice (-25)
    + ' (' + s.length + ' digits)' : s;
}

function folded (text)
{
  const i = text.indexOf ('/');
  return i < 0 ? foldNumber (text)
    : foldNumber (text.slice (0, i)) + ' / ' + foldNumber (text.slice (i + 1));
}

function fraction (id, text)
{
  const out = el ('output', { id: id, class: 'fraction' });
  out.dataset.full = text;
  const FOLD = 120;
  const box = el ('div', { class: 'value' }, [out]);
  if (text.length > FOLD)
    {
      out.textContent = folded (text);
      const more = el ('button', { type: 'button', class: 'copy' },
                       ['Show all ' + text.length + ' characters']);
      more.addEventListener ('click', function () {
        const fold = out.textContent === text;
        out.textContent = fold ? folded (text) : text;
        more.textContent = fold ? 'Show all ' + text.length + ' characters'
          : 'Fold';
      });
      box.append (more);
    }
  else
    out.textContent = text;
  const b = el ('button', { type: 'button', class: 'copy',
                            'aria-label': 'Copy the fraction' }, ['Copy']);
  b.addEventListener ('click', function () { copy (text, b); });
  box.append (b);
  return box;
}

/* The program's output under a summary.  Long output (a large
   battle's distribution runs to millions of characters) is shown only
   in its first RAW_SHOWN characters, which the browser lays out at
   once; the whole is a download (the same bytes) or a copy away.  */
const RAW_SHOWN = 200000;

function raw (title, text, id, file)
{
  if (text.length <= RAW_SHOWN)
    return el ('details', {}, [el ('summary', {}, [title]),
                               el ('pre', { id: id }, [text])]);
  const save = el ('button', { type: 'button', id: id + '-download' },
                   ['Download the whole (' + text.length + ' characters)']);
  save.addEventListener ('click', function () {
    const a = el ('a', { download: file });
    a.href = URL.createObjectURL (new Blob ([text],
                                            { type: 'application/json' }));
    document.body.append (a);
    a.click ();
    a.remove ();
    setTimeout (function () { URL.revokeObjectURL (a.href); }, 60000);
  });
  const c = el ('button', { type: 'button', class: 'copy',
                            id: id + '-copy' }, ['Copy']);
  c.addEventListener ('click', function () { copy (text, c); });
  return el ('details', {}, [
    el ('summary', {}, [title]),
    el ('p', { id: id + '-note' },
        ['The first ' + RAW_SHOWN + ' of its ' + text.length
         + ' characters are shown here (the whole would stall the page).']),
    el ('div', { class: 'value' }, [save, c]),
    el ('pre', { id: id }, [text.slice (0, RAW_SHOWN) + '\n\u2026'])]);
}

const SVG = 'http://www.w3.org/2000/svg';

function svg (tag, attrs, children)
{
  const e = document.createElementNS (SVG, tag);
  for (const k in attrs || {})
    e.setAttribute (k, attrs[k]);
  for (const c of children || [])
    e.append (c);
  return e;
}

/* The end distribution as bars, each kind of end on its side: the
   defender's wins on the left (most defenders left first), the ends
   still open after --rounds in the middle (fewest attackers left
   first), the attacker's wins on the right (fewest attackers left
   first); heights as drawn from the decimals.  */
const END_RANK = { defender: 0, none: 1, attacker: 2 };

function chart (dist)
{
  const ends = dist.slice ().sort (function (x, y) {
    if (x.winner !== y.winner)
      return END_RANK[x.winner] - END_RANK[y.winner];
    if (x.winner === 'defender')
      return y.defenders_left - x.defenders_left;
    return x.attackers_left - y.attackers_left
      || y.defenders_left - x.defenders_left;
  });
  const w = 640, h = 240, pad = 30;
  const max = Math.max.apply (null, ends.map (function (e) {
    return parseFloat (e.decimal);
  })) || 1;
  const bw = (w - 2 * pad) / ends.length;
  const s = svg ('svg', { viewBox: '0 0 ' + w + ' ' + (h + 40),
                          role: 'img', class: 'chart',
                          'aria-labelledby': 'chart-title' });
  s.append (svg ('title', { id: 'chart-title' },
                 ['How the battle ends: the chance of each number of armies left']));
  ends.forEach (function (e, i) {
    const v = parseFloat (e.decimal);
    const bh = (h - pad) * v / max;
    const who = e.winner === 'attacker' ? 'attacker'
      : e.winner === 'defender' ? 'defender' : 'unresolved';
    const left = who === 'attacker' ? String (e.attackers_left)
      : who === 'defender' ? String (e.defenders_left)
      : e.attackers_left + ':' + e.defenders_left;
    const r = svg ('rect', { x: pad + i * bw, y: h - bh, width: Math.max (bw - 1, 0.5),
                             height: bh, class: who });
    r.append (svg ('title', {}, [who === 'unresolved'
      ? 'unresolved with ' + e.attackers_left + ' attackers and '
        + e.defenders_left + ' defenders left: ' + e.exact + ' = ' + e.decimal
      : who + ' wins with ' + left + ' left: ' + e.exact + ' = '
        + e.decimal]));
    s.append (r);
    if (ends.length <= 40)
      s.append (svg ('text', { x: pad + (i + 0.5) * bw, y: h + 14,
                               'text-anchor': 'middle' }, [left]));
  });
  s.append (svg ('line', { x1: pad, x2: w - pad, y1: h, y2: h,
                           class: 'axis' }));
  s.append (svg ('text', { x: pad, y: h + 34 },
                 ['\u2190 defender wins (defenders left)']));
  if (ends.some (function (e) { return e.winner === 'none'; }))
    s.append (svg ('text', { x: w / 2, y: h + 34, 'text-anchor': 'middle' },
                   ['unresolved (A:D left)']));
  s.append (svg ('text', { x: w - pad, y: h + 34, 'text-anchor': 'end' },
                 ['attacker wins (attackers left) \u2192']));
  return s;
}

/* The edition, as the CLI's text says it: its name and title, and
   whether rule options were given over it (a rule field on the command
   line ARGS, as the CLI decides).  Nothing without an edition.  */
function editionLine (rules, args)
{
  if (!rules || !rules.edition)
    return [];
  const ed = editions.find (function (x) { return x.name === rules.edition; });
  const flags = RULE_FIELDS.map (function (n) {
    return form.elements[n].dataset.cli;
  });
  const over = args.some (function (a) { return flags.includes (a); });
  return [el ('p', { id: 'edition-line' },
              ['Edition: ' + rules.edition
               + (ed ? ' (' + ed.title + ')' : '')
               + (over ? ', with rule options given over it' : '') + '.'])];
}

function showBattle (j, stdout, args)
{
  const parts = editionLine (j.rules, args).concat ([
    el ('h3', {}, ['Attacker conquers']),
    fraction ('win-exact', j.win.exact),
    el ('div', { class: 'value' },
        [el ('output', { id: 'win-decimal', class: 'decimal' }, [j.win.decimal])]),
    el ('h3', {}, ['Defender holds']),
    fraction ('lose-exact', j.lose.exact),
    el ('div', { class: 'value' },
        [el ('output', { id: 'lose-decimal', class: 'decimal' }, [j.lose.decimal])])
  ]);
  if (j.unresolved)
    parts.push (el ('h3', {}, ['Unresolved']),
                fraction ('open-exact', j.unresolved.exact),
                el ('div', { class: 'value' },
                    [el ('output', { id: 'open-decimal', class: 'decimal' },
                         [j.unresolved.decimal])]));
  if (j.distribution)
    parts.push (el ('h3', {}, ['How it ends']), chart (j.distribution));
  if (j.stats && j.stats.all)
    {
      const a = j.stats.all;
      parts.push (el ('h3', {}, ['Expected armies left']),
                  el ('dl', { id: 'expected' }, [
                    el ('dt', {}, ['Attacker']),
                    el ('dd', {}, [a.attackers_left.mean.decimal]),
                    el ('dt', {}, ['Defender']),
                    el ('dd', {}, [a.defenders_left.mean.decimal])]));
    }
  parts.push (raw ('The JSON the command line prints', stdout, 'json',
                   'riskodds-battle.json'));
  result.replaceChildren.apply (result, parts);
}

/* Heat map colours: viridis (dark blue at 0 through teal to yellow at
   1), a sequential scale that readers with any colour blindness see
   grow lighter with P(win); the text black or white, whichever stands
   out more (at least 4.5:1).  By the 3 digits shown, from a table of
   1001.  */
const VIRIDIS = [[0x44, 0x01, 0x54], [0x48, 0x28, 0x78], [0x3e, 0x49, 0x89],
                 [0x31, 0x68, 0x8e], [0x26, 0x82, 0x8e], [0x1f, 0x9e, 0x89],
                 [0x35, 0xb7, 0x79], [0x6e, 0xce, 0x58], [0xfd, 0xe7, 0x25]];
const heatStyles = [];

function heatStyle (k)
{
  const x = k / 1000 * (VIRIDIS.length - 1);
  const i = Math.min (Math.floor (x), VIRIDIS.length - 2), f = x - i;
  const rgb = VIRIDIS[i].map (function (c, j) {
    return Math.round (c + (VIRIDIS[i + 1][j] - c) * f);
  });
  const lum = rgb.reduce (function (sum, c, j) {
    const u = c / 255;
    return sum + [0.2126, 0.7152, 0.0722][j]
      * (u <= 0.04045 ? u / 12.92 : Math.pow ((u + 0.055) / 1.055, 2.4));
  }, 0);
  return 'background: rgb(' + rgb.join (', ') + '); color: '
    + (lum < 0.179 ? '#fff' : '#000');
}

function heat (v)
{
  const k = Math.min (1000, Math.max (0, Math.round (v * 1000))) || 0;
  return heatStyles[k] || (heatStyles[k] = heatStyle (k));
}

/* Text for HTML: the table's numbers come from the program, but the
   page builds markup from them as text only through this.  */
function escapeHtml (s)
{
  return String (s).replace (/[&<>"']/g, function (c) {
    return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;',
             "'": '&#39;' }[c];
  });
}

/* The heat map as one piece of markup: a table of thousands of cells
   built element by element took several milliseconds more.  */
function showTable (j, args)
{
  const as = [], ds = [], seenA = new Set (), seenD = new Set ();
  const cell = new Map ();
  for (const c of j.cells)
    {
      if (!seenA.has (c.attackers))
        {
          seenA.add (c.attackers);
          as.push (c.attackers);
        }
      if (!seenD.has (c.defenders))
        {
          seenD.add (c.defenders);
          ds.push (c.defenders);
        }
      cell.set (c.attackers + ' ' + c.defenders, c.win.decimal);
    }
  const html = ['<thead><tr><th scope="col">A \\ D</th>'];
  for (const d of ds)
    html.push ('<th scope="col">', escapeHtml (d), '</th>');
  html.push ('</tr></thead><tbody>');
  for (const a of as)
    {
      html.push ('<tr><th scope="row">', escapeHtml (a), '</th>');
      for (const d of ds)
        {
          const v = escapeHtml (cell.get (a + ' ' + d));
          html.push ('<td title="', escapeHtml (a), ' v ', escapeHtml (d),
                     ': ', v, '" style="', heat (parseFloat (v)), '">', v,
                     '</td>');
        }
      html.push ('</tr>');
    }
  html.push ('</tbody>');
  const table = el ('table', { id: 'heatmap', class: 'heatmap' });
  table.innerHTML = html.join ('');
  result.replaceChildren.apply (result, editionLine (j.rules, args).concat ([
    el ('p', {}, ['P(win), attackers down, defenders across, as decimals to '
                  + '3 digits (under --rounds, of winning within them); the '
                  + 'download has the digits, values and percentages '
                  + 'chosen.']),
    el ('div', { class: 'scroll' }, [table])]));
}

function showText (stdout)
{
  result.replaceChildren (el ('pre', { id: 'text' }, [stdout]));
}

/* The pasted table read as the CLI reads it (src/libriskodds/sheet.c,
   ro_sheet_read), whatever the file's name: the delimiter is told by
   the first line with cells (a tab, '|', '&', ';', ',' in that order,
   else blanks); comments, rules and LaTeX's commands carry no cells; a
   LaTeX line is cut into rows at each "\\"; cells are trimmed of blanks
   and CSV quotes.  The verify JSON gives the layout and the value
   column; which cells hold the values follows from them as in sheet.c
   (a long table's value column below its header, a grid's cells after
   the row label below its header row, every cell of a grid without
   labels), blank and "-" cells skipped.  */
const CELL_BLANKS = /^[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000]+|[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000]+$/g;
const NUMBER = /^[-+\u2212]?(\d+([.,]\d*)?|[.,]\d+)(e[-+]?\d+)?\s*%?$|^\d+\s*\/\s*\d+$/i;
const MISSING = ['', '-', '--', '\u2013', '\u2014', 'n/a', 'na', 'nan',
                 'none', '.', '?', 'null', 'nil'];

function isRule (s)
{
  return /^[-=|:+ \t]*$/.test (s) && /[-=]/.test (s);
}

function isNoise (s)
{
  if (s === '' || s[0] === '#' || s[0] === '%')
    return true;
  if (s[0] === '\\')
    return !s.includes ('&');
  if (isRule (s))
    return true;
  const w = /^[A-Za-z]*/.exec (s)[0].length;
  const rest = s.slice (w);
  return w > 0 && w <= 12 && (rest.match (/[-=]/g) || []).length >= 3
    && isRule (rest);
}

/* A title over a grid's columns ("Number of attacking armies"): words
   naming one side and filler, no digit.  */
function isTitle (s)
{
  const ws = s.toLowerCase ().match (/[a-z]+/g) || [];
  const side = function (w) {
    return /^(att|atk|a$|x$|wa$)/.test (w) ? 'a'
      : /^(def|dfn|d$|y$|wd$)/.test (w) ? 'd' : '';
  };
  const filler = ['armies', 'army', 'number', 'numbers', 'of', 'count',
                  'counts', 'with', 'the', 'in'];
  const sides = new Set (ws.map (side).filter (Boolean));
  return !/\d/.test (s) && sides.size === 1
    && ws.every (function (w) { return side (w) || filler.includes (w); });
}

function rowText (s, delim)
{
  s = s.replace (/^[ \t]+/, '').replace (/[ \t\r]+$/, '');
  if (delim === '|')
    s = s.replace (/^\|/, '').replace (/\|$/, '');
  return s;
}

function splitCells (s, delim)
{
  if (delim === ' ')
    return s.split (/[ \t]+/).filter (function (c) { return c !== ''; });
  const cells = [];
  let cur = '', quoted = false;
  for (const ch of s)
    {
      if (ch === '"' && (delim === ',' || delim === ';'))
        quoted = !quoted;
      if (ch === delim && !quoted)
        {
          cells.push (cur);
          cur = '';
        }
      else
        cur += ch;
    }
  cells.push (cur);
  return cells.map (function (c) {
    c = c.replace (CELL_BLANKS, '');
    return c.length >= 2 && c[0] === '"' && c[c.length - 1] === '"'
      ? c.slice (1, -1) : c;
  });
}

function isMissing (c)
{
  return MISSING.includes (c.toLowerCase ());
}

/* The lines of TEXT, each a list of cells {text, field, value}: VALUE
   when the CLI judged the cell under FILE's layout and value column;
   a line without cells is one cell with no field.  Null for a text the
   page does not read like this (a nested array, an R matrix).  */
function readSheet (text, file)
{
  text = text.replace (/^\ufeff/, '');
  if (/^\s*(array\(|np\.array\(|numpy\.array\()?\[\s*\[/.test (text)
      || /^\s*\[,1\]/m.test (text))
    return null;
  const lines = text.split (/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '')
    lines.pop ();
  const long = file.layout === 'long';
  let delim = null, started = false, headerless = false;
  return lines.map (function (line) {
    const noise = [{ text: line }];
    if (delim === null)
      {
        const t = rowText (line, ' ');
        if (isNoise (t) || isTitle (t))
          return noise;
        delim = /\t|\||&|;|,/.exec (t);
        delim = delim ? delim[0] : ' ';
      }
    const out = [];
    for (const seg of delim === '&' ? line.split ('\\\\') : [line])
      {
        const s = rowText (seg, delim);
        if (isNoise (s))
          {
            if (s !== '')
              out.push ({ text: s });
            continue;
          }
        const cells = splitCells (s, delim);
        if (!long)
          while (cells.length > 0 && cells[cells.length - 1] === '')
            cells.pop ();
        let first;              /* the first value's index, or -1 */
        if (!started)
          {
            started = true;
            if (long)
              first = cells.length >= 3 && /^\d{1,9}$/.test (cells[0])
                && /^\d{1,9}$/.test (cells[1]) ? 0 : -1;
            else
              {
                headerless = cells.length > 0
                  && cells.every (function (c) { return NUMBER.test (c); })
                  && (!cells.every (function (c) { return /^\d+$/.test (c); })
                      || (cells.length >= 2
                          && cells.every (function (c) { return /^0+$/.test (c); })));
                first = headerless ? 0 : -1;
              }
          }
        else if (long || headerless)
          first = 0;
        else
          {
            first = 1;
            if (delim === ' ')
              first = cells.findIndex (function (c) { return /\d/.test (c); }) + 1;
          }
        cells.forEach (function (c, k) {
          const value = first >= 0 && !isMissing (c)
            && (long ? k === file.value_column - 1 : k >= first);
          out.push ({ text: c, field: k + 1, value: value });
        });
      }
    return out.length > 0 ? out : noise;
  });
}

/* The pasted table, each field coloured by the verdict: a disagreement
   where the report puts one (line, field); agreement on the other
   cells the CLI judged, when the cells read here are as many as it
   checked (else only the disagreements are marked, and said so).  Each
   disagreement is also listed below the table, its cell focusable and
   described by it: the verdicts need no mouse.  */
function showVerify (report, j, text, name)
{
  const file = j && j.files && j.files[0];
  const wrong = {};
  for (const x of (file && file.disagreements) || [])
    wrong[x.line + ':' + x.field] = x;
  const sheet = file && readSheet (text, file);
  const lines = sheet || text.replace (/\n$/, '').split ('\n').map (
    function (line) { return [{ text: line }]; });
  const values = sheet ? sheet.flat ().filter (function (c) {
    return c.value;
  }).length : -1;
  const placed = file && values === file.checked;
  const items = [];
  const rows = lines.map (function (cells, i) {
    return el ('tr', {}, cells.map (function (c) {
      const x = c.field && wrong[(i + 1) + ':' + c.field];
      const td = el ('td', {}, [c.text]);
      if (x)
        {
          const id = 'cell-' + (i + 1) + '-' + c.field;
          const what = x.attackers + ' v ' + x.defenders + ': ' + x.published
            + ' should be ' + x.correct + ' (exact P = ' + x.exact + ')';
          td.className = 'wrong';
          td.id = id;
          td.tabIndex = 0;
          td.title = what;
          td.setAttribute ('aria-describedby', id + '-why');
          const go = el ('button', { type: 'button', class: 'link' },
                         ['line ' + (i + 1) + ', field ' + c.field]);
          go.addEventListener ('click', function () {
            td.focus ();
          });
          items.push (el ('li', { id: id + '-why' }, [go, ': ' + what]));
        }
      else if (placed && c.value)
        td.className = 'right';
      return td;
    }));
  });
  const parts = [
    el ('p', { class: 'legend' }, [el ('span', { class: 'right' }, ['right']), ' ',
                                   el ('span', { class: 'wrong' }, ['wrong'])]),
    el ('div', { class: 'scroll' },
        [el ('table', { id: 'verdicts', class: 'verdicts' },
             [el ('tbody', {}, rows)])])];
  if (file && !placed)
    parts.push (el ('p', { id: 'unplaced' },
                    ['The agreeing values are not marked: this page could not '
                     + 'place the ' + file.checked + ' values the report '
                     + 'checked in the text.']));
  if (items.length > 0)
    parts.push (el ('h3', {}, ['Disagreements']),
                el ('ul', { id: 'disagreements' }, items));
  parts.push (el ('h3', {}, ['The report']),
              el ('pre', { id: 'report' }, [report]));
  result.replaceChildren.apply (result, parts);
}

/* ---- running the views ---- */

/* The most cells the heat map shows.  The page holds every cell in its
   JSON, in a string of markup and in the DOM: measured in chromium,
   300 x 300 (90,000 cells) is shown in about 1 s and a tab answers a
   click in 0.4 s; 600 x 600 took 3.5 s and then 1.5 s per click; 1000 x
   1000 10.6 s and 4.7 s per click, and 1..100000 x 1..100000 never
   ends.  The download streams the table: only the CLI's own memory
   estimate bounds it.  */
const HEAT_CELLS_MAX = 100000;

/* The number of armies in range text S ("N" or "LO..HI"), or null when
   it is not one (the CLI then says why).  */
function rangeSize (s)
{
  const m = /^(\d+)(?:\.\.(\d+))?$/.exec (s);
  if (!m)
    return null;
  return Number (m[2] === undefined ? 1 : m[2]) - Number (m[1]) + 1;
}

/* Why the heat map of the table's ranges is refused, or ''.  */
function heatTooBig ()
{
  const a = rangeSize (value ('ta')), d = rangeSize (value ('td'));
  if (a === null || d === null || a <= 0 || d <= 0 || a * d <= HEAT_CELLS_MAX)
    return '';
  return 'The heat map shows at most ' + HEAT_CELLS_MAX.toLocaleString ('en')
    + ' cells (300 x 300 fits): more makes this page slow to draw and to use. '
    + value ('ta') + ' by ' + value ('td') + ' is ' + a + ' x ' + d + ' = '
    + (a * d).toLocaleString ('en') + ' cells. The Download (CSV etc.) '
    + 'streams the whole table: only the command line\'s own memory '
    + 'estimate limits it.';
}

function battleArgs ()
{
  const args = optionArgs ().concat (['--format', 'json']);
  if (value ('dist'))
    args.push ('--dist', '--stats');
  return args.concat ([value ('a'), value ('d')]);
}

function tableArgs (format)
{
  const args = ['table'].concat (optionArgs (), ['--attackers', value ('ta'),
                                                 '--defenders', value ('td')]);
  if (format === 'json')
    return ['table'].concat (optionArgs (RULE_OPTIONS.concat (['rounds'])),
      ['--attackers', value ('ta'), '--defenders', value ('td'),
       '--format', 'json', '--values', 'decimal', '--digits', '3']);
  args.push ('--format', format);
  if (value ('tvalues') !== 'both')
    args.push ('--values', value ('tvalues'));
  if ((format === 'csv' || format === 'tsv') && value ('tlayout') !== 'long')
    args.push ('--layout', value ('tlayout'));
  return args;
}

function verifyArgs (name, json)
{
  const args = ['verify'].concat (optionArgs (RULE_OPTIONS));
  if (value ('vpercent'))
    args.push ('--percent');
  if (value ('vtol') !== '')
    args.push ('--tolerance', value ('vtol'));
  if (value ('vlayout') !== 'auto')
    args.push ('--layout', value ('vlayout'));
  if (json)
    args.push ('--format', 'json');
  return args.concat ([name]);
}

function fileName ()
{
  const n = value ('vname').replace (/[\/\\]/g, '_');
  return n === '' ? 'pasted.csv' : n;
}

/* One step of a view: run ARGS, and unless it ended as OK_STATUS
   allows, show its message.  */
/* The equivalent command is shown with the answer, or with the
   progress bar when the answer is slow (drawing the page while the
   worker computes would delay the answer).  */
async function step (args, files, okStatus)
{
  const later = setTimeout (function () { showCommand (args); }, BUSY_DELAY);
  let r;
  try
    {
      r = await run (args, files);
    }
  finally
    {
      clearTimeout (later);
      showCommand (args);
    }
  if (!(okStatus || [0]).includes (r.status))
    {
      showError (pageError (r.stderr)
                 || 'riskodds ended with status ' + r.status);
      throw new Error ('failed');
    }
  return r;
}

/* The program's error as the page shows it: its own words, without the
   line that sends a terminal's user to 'riskodds --help'.  */
function pageError (stderr)
{
  return stderr.split ('\n').filter (function (l) {
    return !/^Try 'riskodds /.test (l);
  }).join ('\n').trim ();
}

/* What A counts, as the CLI's text says it first ("Attack from a
   territory of 18 armies (one stays behind) against 6."), from the
   JSON's count, attackers and defenders: the sentence depends on
   nothing else, and asking the CLI for its text would compute the
   battle twice (make check-web compares it with the CLI's first line
   for both counts).  */
function battleTitle (j)
{
  const armies = j.attackers === 1 ? ' army' : ' armies';
  const s = j.count === 'attackers'
    ? 'Attack with ' + j.attackers + ' fighting' + armies + ' against '
      + j.defenders + '.'
    : 'Attack from a territory of ' + j.attackers + armies
      + ' (one stays behind) against ' + j.defenders + '.';
  return el ('p', { id: 'battle-title' }, [s]);
}

/* A battle with the chart refused for its memory: the same battle
   without --dist --stats, asked under a limit of one byte, is refused
   at once with its own estimate, which the message then gives when it
   fits the tab (the question itself stays as asked).  */
async function withoutChart (args, gen)
{
  const said = errorBox.textContent;
  if (!/ would need up to .* more than the limit of /.test (said))
    return;
  const bare = args.filter (function (a) {
    return a !== '--dist' && a !== '--stats';
  });
  bare[bare.indexOf ('--max-memory') + 1] = '1';
  let r;
  try
    {
      r = await run (bare);
    }
  catch (e)
    {
      return;
    }
  const m = / would need up to (.*) \(([0-9]+) bytes\) of memory/.exec (r.stderr);
  if (gen !== generation || !m || Number (m[2]) > MEMORY_MIB * 1048576)
    return;
  showError (said + '\nWithout the chart (untick \u201cHow it ends\u201d) it '
             + 'needs about ' + m[1] + '.');
}

/* A computation superseded by a newer one (a new question asked before
   the answer came) ends silently: only the newest is shown.  */
let generation = 0;

/* The newest computation, until it has ended (a download waits for it
   rather than cancel it).  */
let computing = null;

async function compute ()
{
  const gen = ++generation;
  result.classList.remove ('stale');
  let ended;
  const me = new Promise (function (resolve) { ended = resolve; });
  computing = me;
  errorBox.hidden = true;
  setBusy (true);
  const t0 = performance.now ();
  try
    {
      if (view === 'battle')
        {
          const args = battleArgs ();
          let r;
          try
            {
              r = await step (args);
            }
          catch (e)
            {
              if (e.message === 'failed' && value ('dist'))
                await withoutChart (args, gen);
              throw e;
            }
          const j = JSON.parse (r.stdout);
          showBattle (j, r.stdout, args);
          result.prepend (battleTitle (j));
        }
      else if (view === 'table')
        {
          const big = heatTooBig ();
          if (big)
            {
              refuse (big);
              return;
            }
          const args = tableArgs ('json');
          const r = await step (args);
          showTable (JSON.parse (r.stdout), args);
        }
      else if (view === 'chain')
        {
          const r = await step (['chain'].concat (optionArgs (),
                                                  [value ('ca')],
                                                  words (value ('cd'))));
          showText (r.stdout);
        }
      else if (view === 'needed')
        {
          const args = ['needed'].concat (
            optionArgs (RULE_OPTIONS.concat (['digits'])));
          if (value ('target') !== '1/2')
            args.push ('--target', value ('target'));
          const r = await step (args.concat (words (value ('nd'))));
          showText (r.stdout);
        }
      else if (view === 'verify')
        {
          /* Never empty here: Compute and a link refuse it first.  */
          const text = document.getElementById ('vtext').value;
          const name = fileName ();
          const files = [{ name: name, data: text }];
          const j = await step (verifyArgs (name, true), files, [0, 1]);
          const r = await step (verifyArgs (name, false), files, [0, 1]);
          showVerify (r.stdout, JSON.parse (j.stdout), text, name);
        }
      document.body.dataset.ms = String (performance.now () - t0);
      result.dataset.done = String (Number (result.dataset.done || 0) + 1);
    }
  catch (e)
    {
      if (gen !== generation)
        return;
      result.replaceChildren ();
      if (e.message === 'cancelled')
        showError ('Cancelled.');
      else if (e.message !== 'failed')
        showError (String (e));
      result.dataset.done = String (Number (result.dataset.done || 0) + 1);
    }
  finally
    {
      if (gen === generation)
        setBusy (false);
      if (computing === me)
        computing = null;
      ended ();
    }
}

/* The download waits for the heat map being computed (its progress
   shown meanwhile), then shows its own progress, the heat map kept.  */
async function download ()
{
  const before = cancels;
  if (computing)
    busy.querySelector ('label').textContent = 'Working (then the download)';
  while (computing)
    await computing;
  /* Cancel pressed while it waited: the download too.  */
  if (cancels !== before)
    return;
  const format = value ('tformat');
  errorBox.hidden = true;
  setBusy (true, 'Making the download');
  const t0 = performance.now ();
  try
    {
      const r = await step (tableArgs (format));
      document.body.dataset.ms = String (performance.now () - t0);
      const ext = { csv: 'csv', tsv: 'tsv', markdown: 'md', latex: 'tex' }[format];
      const a = el ('a', { download: 'riskodds-table.' + ext });
      const blob = new Blob ([r.stdout], { type: 'text/plain' });
      a.href = URL.createObjectURL (blob);
      document.body.append (a);
      a.click ();
      a.remove ();
    }
  catch (e)
    {
      if (e.message === 'cancelled')
        showError (cancels !== before ? 'Cancelled.'
                   : 'The download stopped: a new question was asked.');
      else if (e.message !== 'failed')
        showError (String (e));
    }
  finally
    {
      if (!computing)
        setBusy (false);
    }
}

/* ---- events ---- */

/* A field changed after the answer: the answer is shown as the
   previous question's until Compute asks the new one.  */
form.addEventListener ('input', function () {
  if (result.children.length > 0)
    result.classList.add ('stale');
});

/* The number fields of the view and the rules whose text is not a
   number ("1e", "5-"): the browser gives such a field's value as empty,
   which the program would be asked about as ''.  The browser does not
   give the text typed either, so the message names the field.  */
function typedBadly ()
{
  return Array.from (document.querySelectorAll (
    '#view-' + view + ' input[type=number], #rules input[type=number]'))
    .filter (function (e) { return e.validity.badInput; })
    .map (function (e) {
      return labelOf (e) + ': what is typed is not a number.';
    });
}

/* Compute: the state goes into the URL (a history entry, so that Back
   returns to the previous question), and the change of the URL runs it.  */
form.addEventListener ('submit', function (e) {
  e.preventDefault ();
  const bad = typedBadly ();
  if (bad.length)
    return refuse (bad.join ('\n'));
  if (view === 'verify'
      && document.getElementById ('vtext').value.trim () === '')
    return refuse ('Paste a table or drop a file first.');
  const s = stateString ();
  if (location.hash.slice (1) === s)
    {
      if (ready)
        compute ();
    }
  else
    location.hash = s;
});

/* Before the editions came, a question waits: the start asks the URL's
   once they have (an edition in it needs them).  */
window.addEventListener ('hashchange', function () {
  const bad = applyState (location.hash.slice (1));
  if (ready)
    ask (bad);
});

/* The URL's question: refused when the link has values its fields
   cannot take, nothing when it is verify's with no table yet (nothing
   asked), else computed.  */
function ask (bad)
{
  if (bad.length)
    refuse ('This link cannot be followed: ' + bad.join ('; ') + '.');
  else if (view === 'verify'
           && document.getElementById ('vtext').value.trim () === '')
    clearAnswer ();
  else
    compute ();
}

/* No answer shown: no result, no message, no command; a computation
   under way abandoned.  */
function clearAnswer ()
{
  generation++;
  cancel ();
  setBusy (false);
  errorBox.hidden = true;
  result.replaceChildren ();
  result.classList.remove ('stale');
  const c = document.getElementById ('command');
  c.textContent = '';
  delete c.dataset.args;
}

/* A question not asked: its message, counted as an answer.  */
function refuse (text)
{
  clearAnswer ();
  showError (text);
  result.dataset.done = String (Number (result.dataset.done || 0) + 1);
}

for (const b of document.querySelectorAll ('[role=tab]'))
  {
    b.addEventListener ('click', function () { changeView (b.dataset.view); });
    b.addEventListener ('keydown', function (e) {
      const i = VIEWS.indexOf (view);
      let j = -1;
      if (e.key === 'ArrowRight')
        j = (i + 1) % VIEWS.length;
      else if (e.key === 'ArrowLeft')
        j = (i + VIEWS.length - 1) % VIEWS.length;
      else if (e.key === 'Home')
        j = 0;
      else if (e.key === 'End')
        j = VIEWS.length - 1;
      if (j >= 0)
        {
          changeView (VIEWS[j]);
          document.getElementById ('tab-' + VIEWS[j]).focus ();
          e.preventDefault ();
        }
    });
  }

document.getElementById ('download').addEventListener ('click', download);

/* An edition chosen: the rule fields show its rules (the others, the
   standard game's); none: the standard game's.  The policies and the
   output's fields stay.  */
form.elements.edition.addEventListener ('change', function () {
  for (const n of RULE_FIELDS)
    setField (form.elements[n], baseOf (form.elements[n]));
  syncEdition ();
});

function readFile (f)
{
  const r = new FileReader ();
  r.onload = function ()
  {
    document.getElementById ('vtext').value = r.result;
    form.elements.vname.value = f.name;
  };
  r.readAsText (f);
}

document.getElementById ('vfile').addEventListener ('change', function (e) {
  if (e.target.files[0])
    readFile (e.target.files[0]);
});

const vtext = document.getElementById ('vtext');
vtext.addEventListener ('dragover', function (e) { e.preventDefault (); });
vtext.addEventListener ('drop', function (e) {
  if (e.dataTransfer.files[0])
    {
      e.preventDefault ();
      readFile (e.dataTransfer.files[0]);
    }
});

/* ---- start ---- */

/* The version and the editions, asked of the program; then the URL's
   question.  */
let ready = false;

async function start ()
{
  startWorker ();
  applyState (location.hash.slice (1));
  try
    {
      const r = await run (['--version']);
      document.getElementById ('version').textContent =
        r.stdout.split ('\n')[0].replace (/^.*\s/, '');
    }
  catch (e)
    {
      /* Cancelled: the page works without its version.  */
    }
  try
    {
      const r = await run (['editions', '--format', 'json']);
      if (r.status === 0)
        {
          editions = JSON.parse (r.stdout);
          fillEditions ();
        }
    }
  catch (e)
    {
      /* Cancelled: the page works without the menu.  */
    }
  ready = true;
  document.body.dataset.ready = '1';
  ask (applyState (location.hash.slice (1)));
}

start ();
