#!/usr/bin/env node
/* test.js -- the page (web/dist) in a real browser: playwright-core drives
   Debian's headless chromium over the page opened from file://, as a
   user would open it offline.  Expected values come from the native
   program (src/riskodds/riskodds, tested on its own by make check): this
   is a cross-check of the WebAssembly build and of the page that shows
   it.  Screenshots of each view go to web/screenshots/ (not committed).
   Run by 'make check-web' (web/test.sh).  */

'use strict';

const fs = require ('fs');
const os = require ('os');
const path = require ('path');
const { spawnSync } = require ('child_process');
const { ask, answered, download, launch, open } = require ('./driver');

const top = path.resolve (__dirname, '..');
const cli = process.env.RISKODDS || path.join (top, 'src/riskodds/riskodds');
const dist = process.env.WEB_DIST || path.join (__dirname, 'dist');
const shots = process.env.WEB_SHOTS || path.join (__dirname, 'screenshots');

let failures = 0, passes = 0;

function check (ok, what, detail)
{
  if (ok)
    {
      passes++;
      console.log ('ok - ' + what);
    }
  else
    {
      failures++;
      console.log ('not ok - ' + what + (detail ? '\n  ' + detail : ''));
    }
}

function same (got, want, what)
{
  if (got === want)
    return check (true, what);
  let i = 0;
  while (i < got.length && got[i] === want[i])
    i++;
  check (false, what, 'first difference at byte ' + i + ': got '
         + JSON.stringify (got.slice (i, i + 60)) + ', want '
         + JSON.stringify (want.slice (i, i + 60)));
}

/* The native program's standard output; ALLOW: the exit statuses that
   are not a failure (verify's 1: a value disagrees).  */
function native (args, opts)
{
  const r = spawnSync (cli, args, Object.assign ({ encoding: 'utf8' },
                                                 opts || {}));
  if (r.status !== 0 && !((opts && opts.allow) || []).includes (r.status))
    throw new Error ('riskodds ' + args.join (' ') + ': status ' + r.status
                     + ': ' + r.stderr);
  return r.stdout;
}

async function shot (page, name)
{
  fs.mkdirSync (shots, { recursive: true });
  await page.screenshot ({ path: path.join (shots, name + '.png'),
                           fullPage: true });
}

function text (page, sel)
{
  return page.$eval (sel, function (e) { return e.textContent; });
}

/* ---- the checks ---- */

async function battle18v6 (page)
{
  await ask (page, 'view=battle&a=18&d=6&digits=50');
  const exact = await page.$eval ('#win-exact', function (e) {
    return e.dataset.full;
  });
  const shown = await text (page, '#win-exact');
  const decimal = await text (page, '#win-decimal');
  const out = native (['--digits', '50', '18', '6']);
  const m = /Attacker conquers:\n  exact    (\S+)\n  decimal  (\S+)\n/.exec (out);
  same (exact, m[1], '18 v 6: the fraction equals the CLI\'s');
  same (shown, m[1], '18 v 6: the fraction is shown whole');
  same (decimal, m[2], '18 v 6: 50 digits equal the CLI\'s');
  /* McLoone's fraction, as published (tests/golden has the CLI's).  */
  check (exact === '9804653220306498422549071803237023496256898193745/'
         + '9885757284390281416111900904364482836234411966464',
         '18 v 6: McLoone\'s fraction');
  await shot (page, 'battle');
}

/* Battles under other rules, policies and editions: the page's JSON
   equals the CLI's for the same question, the CLI's options written
   out here.  */
const BATTLES = [
  ['a=3&d=2', ['3', '2']],
  ['a=10&d=10&count=attackers', ['--count', 'attackers', '10', '10']],
  ['a=7&d=5&sides=8', ['--sides', '8', '7', '5']],
  ['a=6&d=6&defend_dice=3', ['--defend-dice', '3', '6', '6']],
  ['a=12&d=4&attack_dice=2', ['--attack-dice', '2', '12', '4']],
  ['a=8&d=8&attack_bonus=1', ['--attack-bonus', '1', '8', '8']],
  ['a=9&d=7&defend_bonus=1&defend_bonus_dice=all&clamp=1',
   ['--defend-bonus', '1', '--defend-bonus-dice', 'all', '--clamp', '9', '7']],
  ['a=5&d=5&ties=attacker', ['--ties', 'attacker', '5', '5']],
  ['a=10&d=10&defender=optimal', ['--defender', 'optimal', '10', '10']],
  ['a=10&d=10&defender=wieringa', ['--defender', 'wieringa', '10', '10']],
  ['a=9&d=9&defender=wieringa-rolled', ['--defender', 'wieringa-rolled', '9', '9']],
  ['a=8&d=6&attacker=optimal&defender=optimal',
   ['--attacker', 'optimal', '--defender', 'optimal', '8', '6']],
  ['a=15&d=10&stop=5', ['--stop', '5', '15', '10']],
  ['a=15&d=10&goal=3', ['--goal', '3', '15', '10']],
  ['a=10&d=5&rounds=3', ['--rounds', '3', '10', '5']],
  ['a=20&d=20&digits=40', ['--digits', '40', '20', '20']],
  ['a=25&d=15&percent=1', ['--percent', '25', '15']],
  ['a=4&d=3&sides=10&attack_bonus=-1&attack_bonus_dice=2',
   ['--sides', '10', '--attack-bonus', '-1', '--attack-bonus-dice', '2', '4', '3']],
  ['a=7&d=5&sides=8&defend_sides=6',
   ['--sides', '8', '--defend-sides', '6', '7', '5']],
  ['a=6&d=4&attack_sides=10', ['--attack-sides', '10', '6', '4']],
  ['a=8&d=5&attack_commanders=2', ['--attack-commanders', '2', '8', '5']],
  ['a=6&d=6&defend_commanders=1&defend_station=1',
   ['--defend-commanders', '1', '--defend-station', '6', '6']],
  ['a=7&d=4&edition=2210-station', ['--edition', '2210-station', '7', '4']],
  ['a=9&d=6&edition=lotr-leader-stronghold',
   ['--edition', 'lotr-leader-stronghold', '9', '6']],
  /* A field over the edition wins, also at the standard game's value.  */
  ['a=6&d=6&edition=risiko&defend_dice=2',
   ['--edition', 'risiko', '--defend-dice', '2', '6', '6']],
  ['a=30&d=30&dist=0', ['30', '30'], true],
  ['a=100&d=80&digits=30&dist=0', ['--digits', '30', '100', '80'], true],
  /* From 1500 fighting armies the page's build takes P(win) to the split
     engine (web/build.sh), where the native program's takes the strip
     below 4000: two engines, one fraction.  */
  ['a=1000&d=1000&dist=0', ['1000', '1000'], true],
  ['a=200&d=1400&dist=0&count=attackers',
   ['--count', 'attackers', '200', '1400'], true]
];

async function battles (page)
{
  for (const [state, args, nodist] of BATTLES)
    {
      await ask (page, 'view=battle&' + state);
      const json = await text (page, '#json');
      const want = native (['--format', 'json'].concat (nodist ? []
                                                       : ['--dist', '--stats'],
                                                       args));
      same (json, want, 'battle ' + state + ': JSON equals the CLI\'s');
    }
}

async function table (page)
{
  await ask (page, 'view=table&ta=1..6&td=1..4&digits=10');
  const cells = await page.$$eval ('#heatmap td', function (t) {
    return t.length;
  });
  check (cells === 24, 'table: the heat map has 6 x 4 cells');
  await shot (page, 'table');
  const formats = [['csv', 'grid'], ['tsv', 'long'], ['markdown', 'long'],
                   ['latex', 'long']];
  for (const [format, layout] of formats)
    {
      await page.selectOption ('select[name=tformat]', format);
      await page.selectOption ('select[name=tlayout]', layout);
      const dl = (await download (page)).download;
      const got = fs.readFileSync (await dl.path (), 'utf8');
      const args = ['table', '--attackers', '1..6', '--defenders', '1..4',
                    '--digits', '10', '--format', format];
      if (layout === 'grid')
        args.push ('--layout', 'grid');
      same (got, native (args), 'table: the ' + format + ' download equals '
            + 'riskodds ' + args.join (' '));
    }
}

async function chainNeeded (page)
{
  await ask (page, 'view=chain&ca=20&cd=3+2+4+1');
  same (await text (page, '#text'), native (['chain', '20', '3', '2', '4', '1']),
        'chain 20 3 2 4 1 equals the CLI\'s');
  await shot (page, 'chain');
  await ask (page, 'view=needed&nd=1..8&target=90%25');
  same (await text (page, '#text'),
        native (['needed', '--target', '90%', '1..8']),
        'needed --target 90% 1..8 equals the CLI\'s');
  await shot (page, 'needed');
}

async function pasteVerify (page, name, content)
{
  await page.click ('#tab-verify');
  await page.fill ('input[name=vname]', name);
  await page.fill ('#vtext', content);
  await answered (page, function () { return page.click ('#compute'); });
}

async function verify (page)
{
  const mine = fs.readFileSync (path.join (top, 'examples/my-table.csv'), 'utf8');
  await pasteVerify (page, 'my-table.csv', mine);
  const wrong = await page.$$eval ('#verdicts td.wrong', function (t) {
    return t.map (function (e) { return e.textContent; });
  });
  check (wrong.length === 1 && wrong[0] === '0.372',
         'verify my-table.csv: 3 v 2 (0.372) marked wrong', JSON.stringify (wrong));
  const report = await text (page, '#report');
  same (report, native (['verify', 'my-table.csv'],
                        { cwd: path.join (top, 'examples'), allow: [1] }),
        'verify my-table.csv: the report is the CLI\'s');
  check (report.includes ('my-table.csv:4: field 3: 3 v 2: 0.372 should be 0.363'),
         'verify: the CLI\'s message for 3 v 2');
  await shot (page, 'verify');

  /* A 10 x 10 grid: 100 cells judged.  */
  const tmp = fs.mkdtempSync (path.join (os.tmpdir (), 'riskodds-web-'));
  const grid = native (['table', '--format', 'csv', '--layout', 'grid',
                        '--values', 'decimal', '--digits', '4',
                        '--attackers', '1..10', '--defenders', '1..10']);
  fs.writeFileSync (path.join (tmp, 'grid.csv'), grid);
  await pasteVerify (page, 'grid.csv', grid);
  const counts = await page.evaluate (function () {
    return [document.querySelectorAll ('#verdicts td.right').length,
            document.querySelectorAll ('#verdicts td.wrong').length];
  });
  const report100 = await text (page, '#report');
  same (report100, native (['verify', 'grid.csv'], { cwd: tmp, allow: [1] }),
        'verify a 10 x 10 grid: the report is the CLI\'s');
  check (/100 values checked/.test (report100), 'verify: 100 values checked',
         report100);
  check (counts[0] + counts[1] === 100, 'verify: 100 cells coloured',
         JSON.stringify (counts));
  fs.rmSync (tmp, { recursive: true });
}

/* The cells of the pasted table the page marks: [text of each right
   cell, text of each wrong cell, cells per row].  */
function marks (page)
{
  return page.evaluate (function () {
    const t = function (sel) {
      return Array.from (document.querySelectorAll (sel)).map (function (e) {
        return e.textContent;
      });
    };
    return [t ('#verdicts td.right'), t ('#verdicts td.wrong'),
            Array.from (document.querySelectorAll ('#verdicts tr'))
            .map (function (r) { return r.cells.length; })];
  });
}

/* The page reads the pasted text as the CLI does, whatever its name,
   and marks exactly the cells the CLI judged: a TSV and a semicolon CSV
   with decimal commas named pasted.csv, a LaTeX table (its caption and
   header unmarked), a grid without labels (its first column too).  */
async function verifyReading (page)
{
  const tmp = fs.mkdtempSync (path.join (os.tmpdir (), 'riskodds-web-'));
  const cases = [
    ['tsv', 'attackers\tdefenders\tP(win)\n2\t1\t0.417\n3\t2\t0.40\n',
     [['0.417'], ['0.40'], [3, 3, 3]]],
    ['semicolon', 'attackers;defenders;P(win)\n2;1;0,417\n3;2;0,40\n',
     [['0,417'], ['0,40'], [3, 3, 3]]]];
  for (const [what, content, want] of cases)
    {
      await pasteVerify (page, 'pasted.csv', content);
      same (JSON.stringify (await marks (page)), JSON.stringify (want),
            'verify a ' + what + ' table named pasted.csv: its cells read '
            + 'and marked as the CLI judged them');
      fs.writeFileSync (path.join (tmp, 'pasted.csv'), content);
      same (await text (page, '#report'),
            native (['verify', 'pasted.csv'], { cwd: tmp, allow: [1] }),
            'verify a ' + what + ' table: the report is the CLI\'s');
    }
  /* LaTeX, one value changed: the values are the cells after the label
     of the rows that start with a count.  */
  const tex = native (['table', '--attackers', '2..4', '--defenders', '1..3',
                       '--format', 'latex', '--values', 'decimal',
                       '--digits', '3']).replace ('0.363', '0.364');
  const texValues = [];
  for (const line of tex.split ('\n'))
    if (/^\d+ &/.test (line))
      texValues.push.apply (texValues, line.replace (/\\\\.*$/, '')
                            .split ('&').slice (1).map (function (c) {
                              return c.trim ();
                            }));
  await pasteVerify (page, 'pasted.tex', tex);
  let m = await marks (page);
  same (JSON.stringify (m[0].concat (m[1]).sort ()),
        JSON.stringify (texValues.slice ().sort ()),
        'verify LaTeX: exactly its 9 values marked (not the caption, '
        + 'not the header)');
  same (JSON.stringify (m[1]), JSON.stringify (['0.364']),
        'verify LaTeX: the changed value marked wrong');
  const head = fs.readFileSync (path.join (top, 'examples/headerless.txt'),
                                'utf8');
  await pasteVerify (page, 'headerless.txt', head);
  m = await marks (page);
  same (JSON.stringify (m[0].concat (m[1]).sort ()),
        JSON.stringify (head.trim ().split (/\s+/).sort ()),
        'verify a grid without labels: all its 12 values marked');
  fs.rmSync (tmp, { recursive: true });
}

/* Each disagreement's reason is text under the table (not only a
   tooltip), and its cell is focusable, described by it; the list's
   button takes the keyboard to the cell.  */
async function verifyKeyboard (page)
{
  const mine = fs.readFileSync (path.join (top, 'examples/my-table.csv'), 'utf8');
  await pasteVerify (page, 'my-table.csv', mine);
  const items = await page.$$eval ('#disagreements li', function (l) {
    return l.map (function (e) { return e.textContent; });
  });
  check (items.length === 1 && items[0].includes ('0.372 should be 0.363'),
         'verify: the disagreement\'s reason is listed as text',
         JSON.stringify (items));
  const cell = await page.evaluate (function () {
    const td = document.querySelector ('#verdicts td.wrong');
    const why = td && document.getElementById (td.getAttribute ('aria-describedby'));
    return td ? [td.tabIndex, why ? why.textContent : null] : null;
  });
  check (cell && cell[0] === 0 && cell[1] === items[0],
         'verify: the wrong cell is focusable and described by its reason',
         JSON.stringify (cell));
  await page.focus ('#disagreements li button');
  await page.keyboard.press ('Enter');
  const focused = await page.evaluate (function () {
    return document.activeElement.textContent;
  });
  same (focused, '0.372', 'verify: Enter on the listed disagreement '
        + 'focuses its cell');
}

/* A heat map beyond the page's bound is refused before anything runs,
   with the bound and the download's own limit said; the download of
   that table is still the CLI's to refuse, by its memory estimate.  */
async function tableBound (page)
{
  await ask (page, 'view=table&ta=1..100000&td=1..100000');
  const seen = await page.evaluate (function () {
    return [document.getElementById ('error').hidden ? ''
            : document.getElementById ('error').textContent,
            document.getElementById ('busy').hidden,
            document.querySelectorAll ('#heatmap').length];
  });
  check (/at most 100,000 cells/.test (seen[0]) && /Download/.test (seen[0])
         && /10,000,000,000 cells/.test (seen[0]) && seen[1] && seen[2] === 0,
         'table 1..100000 x 1..100000: the heat map refused up front, '
         + 'with its bound', JSON.stringify (seen));
  await page.click ('#download');
  await page.waitForFunction (function () {
    return /would need up to/.test (document.getElementById ('error')
                                    .textContent);
  }, null, { timeout: 60000 });
  const msg = await text (page, '#error');
  check (/^riskodds: 100000 against 100000 would need up to [0-9.]+ GiB \([0-9]+ bytes\) of memory, more than the limit of/.test (msg),
         'its download is refused by the CLI\'s estimate', msg);
}

/* Download pressed while the heat map is computed: the heat map is
   finished and shown, the download follows with its own progress, and
   nothing says "Cancelled.".  */
async function downloadWhileComputing (page)
{
  await page.evaluate (function () {
    const f = document.getElementById ('form').elements;
    f.tformat.value = 'csv';
    f.tlayout.value = 'long';
    window.seen = [];
    const note = function () {
      const busy = document.getElementById ('busy');
      const error = document.getElementById ('error');
      window.seen.push ((busy.hidden ? '' : busy.querySelector ('label')
                         .textContent) + '|'
                        + (error.hidden ? '' : error.textContent));
    };
    new MutationObserver (note).observe (document.body, {
      subtree: true, attributes: true, childList: true,
      characterData: true });
    location.hash = 'view=table&ta=1..200&td=1..200&defender=optimal';
  });
  await page.waitForFunction (function () {
    return !document.getElementById ('busy').hidden;
  }, null, { timeout: 60000 });
  const dl = (await download (page)).download;
  const got = fs.readFileSync (await dl.path (), 'utf8');
  const seen = await page.evaluate (function () {
    return [window.seen, document.querySelectorAll ('#heatmap td').length];
  });
  check (!seen[0].some (function (x) { return /Cancelled/.test (x); }),
         'Download during the heat map: nothing says Cancelled');
  check (seen[1] === 40000, 'Download during the heat map: the heat map '
         + 'is shown whole', String (seen[1]));
  check (seen[0].some (function (x) { return /^Making the download\|/.test (x); }),
         'Download during the heat map: its own progress is shown');
  same (got, native (['table', '--defender', 'optimal', '--attackers', '1..200',
                      '--defenders', '1..200', '--format', 'csv'],
                     { maxBuffer: 1 << 28 }),
        'Download during the heat map: the CSV equals the CLI\'s');
}

/* Relative luminance of a CSS rgb() colour.  */
function luminance (css)
{
  const c = /rgb\((\d+), (\d+), (\d+)\)/.exec (css).slice (1).map (Number);
  return c.reduce (function (sum, x, j) {
    const u = x / 255;
    return sum + [0.2126, 0.7152, 0.0722][j]
      * (u <= 0.04045 ? u / 12.92 : Math.pow ((u + 0.055) / 1.055, 2.4));
  }, 0);
}

/* The heat map's colours are sequential (lighter as P(win) grows, so
   that no hue has to be told apart), its numbers readable (contrast at
   least 4.5:1), and its corner "A \ D" one line at a phone's width.  */
async function heatColours (page)
{
  await ask (page, 'view=table&ta=1..12&td=1..10');
  const cells = await page.$$eval ('#heatmap td', function (t) {
    return t.map (function (e) {
      const s = getComputedStyle (e);
      return [e.textContent, s.backgroundColor, s.color];
    });
  });
  cells.sort (function (x, y) { return parseFloat (x[0]) - parseFloat (y[0]); });
  /* The channels are whole numbers: a step of 0.001 in P(win) may come
     out darker by a channel's rounding (at most 0.0004 in luminance);
     the red-yellow-green scale fell by 0.02 on this table.  */
  let drop = 0, worst = Infinity;
  for (let i = 0; i < cells.length; i++)
    {
      const lb = luminance (cells[i][1]), lt = luminance (cells[i][2]);
      worst = Math.min (worst, (Math.max (lb, lt) + 0.05)
                        / (Math.min (lb, lt) + 0.05));
      if (i > 0 && parseFloat (cells[i][0]) > parseFloat (cells[i - 1][0]))
        drop = Math.max (drop, luminance (cells[i - 1][1]) - lb);
    }
  check (cells.length === 120 && drop < 0.001, 'the heat map grows lighter '
         + 'with P(win) (a colour-blind-safe sequential scale)',
         'a step darker by ' + drop.toFixed (4) + ' in luminance');
  check (worst >= 4.5, 'the heat map\'s numbers stand out at least 4.5:1 ('
         + worst.toFixed (2) + ')');
  await page.setViewportSize ({ width: 390, height: 844 });
  const h = await page.$$eval ('#heatmap tr', function (t) {
    return t.slice (0, 2).map (function (e) {
      return e.getBoundingClientRect ().height;
    });
  });
  await shot (page, 'table-phone');
  await page.setViewportSize ({ width: 1000, height: 900 });
  check (h[0] === h[1], 'at 390 px the corner A \\ D is one line: the '
         + 'header row as tall as a row of numbers', JSON.stringify (h));
}

/* The CLI's line "Edition: NAME (TITLE)[, with ...]." for ARGS (a
   table's text has it as a comment).  */
function editionLine (args)
{
  return /^(?:# )?(Edition: .*)$/m.exec (native (args))[1];
}

async function json (page)
{
  return text (page, '#json');
}

/* The menu is the program's editions; choosing one fills in its rules
   and runs it as --edition; a field over it is given explicitly; none
   puts the standard game back.  */
async function editionsMenu (page)
{
  const want = JSON.parse (native (['editions', '--format', 'json']))
    .map (function (e) { return e.name; });
  const got = await page.$$eval ('#edition option', function (os) {
    return os.map (function (o) { return o.value; });
  });
  same (JSON.stringify (got), JSON.stringify ([''].concat (want)),
        'the editions menu is none and riskodds editions\' names');
  await ask (page, 'view=battle&a=9&d=7');
  await page.evaluate (function () {
    document.getElementById ('rules').open = false;
  });
  await page.click ('#rules > summary');
  await page.selectOption ('#edition', 'legacy-fortification');
  const filled = await page.evaluate (function () {
    const f = document.getElementById ('form').elements;
    return [f.defend_bonus.value, f.defend_bonus_dice.value,
            f.clamp.checked, f.clamp.disabled, f.defend_dice.value];
  });
  same (JSON.stringify (filled), JSON.stringify (['1', 'all', true, true, '2']),
        'legacy-fortification fills in its rules (clamp fixed)');
  await answered (page, function () { return page.click ('#compute'); });
  const ed = ['--edition', 'legacy-fortification', '9', '7'];
  same (await json (page),
        native (['--format', 'json', '--dist', '--stats'].concat (ed)),
        'battle --edition legacy-fortification 9 7: JSON equals the CLI\'s');
  same (await text (page, '#edition-line'), editionLine (ed),
        'the edition is shown as the CLI says it');
  check (/(^|&)edition=legacy-fortification(&|$)/.test (
    await page.evaluate (function () { return location.hash.slice (1); })),
         'the edition is in the URL');
  await page.fill ('input[name=defend_bonus]', '2');
  await answered (page, function () { return page.click ('#compute'); });
  const over = ['--edition', 'legacy-fortification', '--defend-bonus', '2',
                '9', '7'];
  same (await json (page),
        native (['--format', 'json', '--dist', '--stats'].concat (over)),
        'a field over the edition: JSON equals the CLI\'s');
  same (await text (page, '#edition-line'), editionLine (over),
        'a field over the edition: shown as the CLI says it');
  await page.selectOption ('#edition', '');
  const reset = await page.evaluate (function () {
    const f = document.getElementById ('form').elements;
    return [f.defend_bonus.value, f.defend_bonus_dice.value,
            f.clamp.checked, f.clamp.disabled];
  });
  same (JSON.stringify (reset), JSON.stringify (['0', '1', false, false]),
        'none puts the standard game\'s rules back');
  await answered (page, function () { return page.click ('#compute'); });
  same (await json (page), native (['--format', 'json', '--dist', '--stats',
                                     '9', '7']),
        'none: 9 v 7 of the standard game');
  check (!(await page.$ ('#edition-line')), 'none: no edition shown');

  await ask (page, 'view=chain&ca=20&cd=3+2+4&edition=zombies');
  same (await text (page, '#text'),
        native (['chain', '--edition', 'zombies', '20', '3', '2', '4']),
        'chain --edition zombies 20 3 2 4 equals the CLI\'s');
  await ask (page, 'view=table&ta=1..4&td=1..3&edition=risiko');
  same (await text (page, '#edition-line'),
        editionLine (['table', '--edition', 'risiko']),
        'table: the edition is shown as the CLI says it');
  const dl = (await download (page)).download;
  same (fs.readFileSync (await dl.path (), 'utf8'),
        native (['table', '--edition', 'risiko', '--attackers', '1..4',
                 '--defenders', '1..3', '--format', 'csv']),
        'table --edition risiko: the CSV download equals the CLI\'s');
  /* The next steps' rules are the standard game's.  */
  await ask (page, 'view=battle&a=3&d=2');
}

/* A shared link with an edition, opened in a new tab: the menu, the
   fields and the answer are the link's.  */
async function sharedLink (context, errors)
{
  const page = await context.newPage ();
  page.on ('pageerror', function (e) { errors.push (String (e)); });
  await open (page, dist,
              'view=battle&a=7&d=4&edition=2210-station&attack_commanders=1');
  await page.waitForFunction (function () {
    return Number (document.getElementById ('result').dataset.done || 0) > 0;
  }, null, { timeout: 120000 });
  const state = await page.evaluate (function () {
    const f = document.getElementById ('form').elements;
    return [f.edition.value, f.defend_station.checked,
            f.attack_commanders.value];
  });
  same (JSON.stringify (state), JSON.stringify (['2210-station', true, '1']),
        'a link with edition=2210-station restores the menu and the fields');
  const args = ['--edition', '2210-station', '--attack-commanders', '1',
                '7', '4'];
  same (await json (page),
        native (['--format', 'json', '--dist', '--stats'].concat (args)),
        'the link\'s battle: JSON equals the CLI\'s');
  same (await text (page, '#edition-line'), editionLine (args),
        'the link\'s edition is shown as the CLI says it');
  await page.close ();
}

/* A long computation: its progress is shown, a click on a tab is
   answered while it runs (the worker computes, not the
   page), and Cancel ends it; the next question is answered.  */
async function longRun (page)
{
  await page.evaluate (function () {
    location.hash = 'view=battle&a=600&d=600&defender=optimal&dist=0';
  });
  await page.waitForFunction (function () {
    const p = document.getElementById ('progress');
    return !document.getElementById ('busy').hidden && p.hasAttribute ('value')
      && p.value > 0;
  }, null, { timeout: 120000 });
  check (true, 'a long battle shows its progress');
  await shot (page, 'progress');
  const t0 = Date.now ();
  await page.click ('#tab-battle');
  await page.waitForFunction (function () {
    return document.getElementById ('tab-battle')
      .getAttribute ('aria-selected') === 'true';
  }, null, { timeout: 5000 });
  const dt = Date.now () - t0;
  const still = await page.evaluate (function () {
    return !document.getElementById ('busy').hidden;
  });
  /* Answered before the computation ends is the property (a page that
     computed on its own thread would answer the click only after it);
     the time is reported, not held to a bound, as a loaded machine
     moves it (under 100 ms on an idle one, over 200 under load).  */
  check (still, 'a click is answered in ' + dt
         + ' ms, while the computation still runs');
  await page.click ('#cancel');
  await page.waitForFunction (function () {
    return document.getElementById ('busy').hidden;
  }, null, { timeout: 5000 });
  same (await page.evaluate (function () {
    return document.activeElement.id;
  }), 'compute', 'after Cancel, the focus is on Compute');
  same (await text (page, '#error'), 'Cancelled.', 'Cancel ends the run');
  await ask (page, 'view=battle&a=5&d=3');
  check ((await text (page, '#win-exact')) === '402241935565/626913312768',
         'after Cancel, a fresh worker answers 5 v 3');
}

/* Too big for the tab: refused up front, with the estimate.  */
async function tooBig (page)
{
  await ask (page, 'view=battle&a=100000000&d=100000000&dist=0');
  const msg = await text (page, '#error');
  /* The estimate counts wasm32's sizes (4-byte pointers), not the
     native program's: the message's form is the CLI's, the bytes may
     differ.  */
  const re = /^riskodds: 100000000 against 100000000 would need up to [0-9.]+ GiB \([0-9]+ bytes\) of memory, more than the limit of 1\.5 GiB \(1610612736 bytes\) \(see --max-memory\)$/;
  check (re.test (msg), 'a battle beyond the tab\'s memory is refused with '
         + 'the estimate', msg);
}

/* The state is in the URL: Back returns to the previous question.  */
async function back (page)
{
  await ask (page, 'view=battle&a=11&d=7');
  await ask (page, 'view=battle&a=12&d=9');
  await answered (page, function () { return page.goBack (); });
  const a = await page.inputValue ('input[name=a]');
  const d = await page.inputValue ('input[name=d]');
  const exact = await page.$eval ('#win-exact', function (e) {
    return e.dataset.full;
  });
  const m = /exact    (\S+)/.exec (native (['11', '7']));
  check (a === '11' && d === '7' && exact === m[1],
         'Back returns to 11 v 7 and its answer');
}

/* ---- the new-user review's problems ---- */

/* The chart's bars, left to right: their kind (the rect's class) and
   title.  */
function bars (page)
{
  return page.$$eval ('svg.chart rect', function (rs) {
    return rs.map (function (r) {
      return { x: Number (r.getAttribute ('x')), kind: r.getAttribute ('class'),
               title: r.querySelector ('title').textContent };
    }).sort (function (p, q) { return p.x - q.x; });
  });
}

/* Each end of the JSON drawn as its own kind, on the side its label
   names: the defender's wins, then the unresolved, then the attacker's
   (each bar's title names its end and its fraction).  */
async function chartEnds (page)
{
  for (const [state, args] of [['a=10&d=5&rounds=3', ['--rounds', '3', '10', '5']],
                               ['a=10&d=5', ['10', '5']]])
    {
      await ask (page, 'view=battle&' + state);
      const dist = JSON.parse (native (['--format', 'json', '--dist', '--stats']
                                       .concat (args))).distribution;
      const kind = { attacker: 'attacker', defender: 'defender',
                     none: 'unresolved' };
      const rank = { defender: 0, unresolved: 1, attacker: 2 };
      const got = await bars (page);
      let ok = got.length === dist.length;
      for (let i = 1; i < got.length; i++)
        ok = ok && rank[got[i - 1].kind] <= rank[got[i].kind];
      for (const e of dist)
        {
          const k = kind[e.winner];
          const t = k === 'unresolved'
            ? 'unresolved with ' + e.attackers_left + ' attackers and '
              + e.defenders_left + ' defenders left: ' + e.exact + ' = ' + e.decimal
            : k + ' wins with ' + (k === 'attacker' ? e.attackers_left
                                   : e.defenders_left)
              + ' left: ' + e.exact + ' = ' + e.decimal;
          ok = ok && got.filter (function (b) {
            return b.kind === k && b.title === t;
          }).length === 1;
        }
      check (ok, 'battle ' + state + ': each end drawn as its kind, '
             + 'defender | unresolved | attacker', JSON.stringify (got));
    }
  await ask (page, 'view=battle&a=10&d=5&rounds=3');
  const m = /Unresolved:\n  exact    (\S+)\n  decimal  (\S+)\n/.exec (
    native (['--rounds', '3', '10', '5']));
  const open = await page.$eval ('#open-exact', function (e) {
    return e.dataset.full + ' ' + document.getElementById ('open-decimal')
      .textContent;
  }).catch (function () { return null; });
  same (String (open), m[1] + ' ' + m[2],
        '10 v 5 --rounds 3: Unresolved shown as the CLI\'s fraction and decimal');
}

/* 1000 v 1000 with its chart: the JSON details hold a bounded prefix;
   the download is the CLI's bytes.  */
async function bigJson (page)
{
  await ask (page, 'view=battle&a=1000&d=1000');
  const shown = await page.$eval ('#json', function (e) {
    return e.textContent.length;
  });
  check (shown <= 200002, '1000 v 1000: at most 200 KB of JSON in the page',
         shown + ' characters');
  const note = await page.$ ('#json-note');
  check (note !== null, '1000 v 1000: the page says the JSON is cut');
  if (!note)
    return;
  await page.click ('details:has(#json) > summary');
  const [dl] = await Promise.all ([page.waitForEvent ('download'),
                                   page.click ('#json-download')]);
  same (fs.readFileSync (await dl.path (), 'utf8'),
        native (['--format', 'json', '--dist', '--stats', '1000', '1000'],
                { maxBuffer: 1 << 30 }),
        '1000 v 1000: the JSON download equals the CLI\'s');
}

/* Refused with the chart, the message says it fits without.  */
async function chartMemory (page)
{
  await ask (page, 'view=battle&a=20000&d=20000');
  const msg = await text (page, '#error');
  check (/^riskodds: 20000 against 20000 would need up to .* \(see --max-memory\)\nWithout the chart \(untick \u201cHow it ends\u201d\) it needs about [0-9.]+ [KMG]iB\.$/
         .test (msg), '20000 v 20000 with the chart: refused, and it '
         + 'fits without', msg);
  check ((await page.$$ ('#result > *')).length === 0,
         '20000 v 20000 with the chart: nothing computed');
}

/* A link's value its field cannot take: an error naming both, nothing
   computed.  */
async function badLinks (page)
{
  for (const [v, label] of [['edition=bogus', 'Edition or house rule'],
                            ['defender=bogus', 'Defender\'s dice'],
                            ['sides=abc', 'Sides of every die'],
                            ['dist=maybe', 'How it ends'],
                            ['edition=legacy-bunker&clamp=0',
                             'Keep modified dice on their faces'],
                            ['ties=x', 'Ties go to']])
    {
      await ask (page, 'view=battle&a=10&d=5&' + v);
      const err = await page.evaluate (function () {
        const e = document.getElementById ('error');
        return e.hidden ? '' : e.textContent;
      });
      const value = v.replace (/^.*=/, '');
      const empty = (await page.$$ ('#result > *')).length === 0;
      check (err.includes (label) && err.includes ("'" + value + "'") && empty,
             'a link with ' + v + ': an error names the field and the value, '
             + 'nothing computed', err);
    }
}

/* Text that is not a number typed in a number field: named before
   anything runs.  */
async function typedBad (page)
{
  for (const [typed, d] of [['1e', 5], ['5-', 4]])
    {
      await ask (page, 'view=battle&a=10&d=' + d);
      await page.click ('input[name=a]', { clickCount: 3 });
      await page.keyboard.press ('Backspace');
      await page.keyboard.type (typed);
      await answered (page, function () { return page.click ('#compute'); });
      same (await text (page, '#error'),
            'Attacking armies: what is typed is not a number.',
            'typed ' + typed + ' in A: the field is named');
    }
  await ask (page, 'view=battle&a=3&d=2');
}

/* Another tab: the previous answer and command go; verify by a link
   with no table yet: no error.  */
async function tabs (page)
{
  await ask (page, 'view=battle&a=10&d=5');
  await page.click ('#tab-table');
  const left = await page.evaluate (function () {
    return [document.getElementById ('result').children.length,
            document.getElementById ('command').textContent];
  });
  same (JSON.stringify (left), JSON.stringify ([0, '']),
        'after a battle, the Table tab shows no answer and no command');
  await page.evaluate (function () {
    document.getElementById ('vtext').value = '';
    location.hash = 'view=verify';
  });
  await page.waitForFunction (function () {
    return document.getElementById ('tab-verify')
      .getAttribute ('aria-selected') === 'true';
  });
  check (await page.$eval ('#error', function (e) { return e.hidden; }),
         'verify by a link, no table yet: no error shown');
  await answered (page, function () { return page.click ('#compute'); });
  same (await text (page, '#error'), 'Paste a table or drop a file first.',
        'verify\'s Compute with no table: asks for one');
  await ask (page, 'view=battle&a=3&d=2');
}

/* The review's smaller points: needed takes --digits; a view hides the
   fields its command does not take; the program's error without its
   line for a terminal; Home and End on the tabs.  */
async function smallerPoints (page)
{
  await ask (page, 'view=needed&nd=3%205&digits=5');
  same (await text (page, '#text'),
        native (['needed', '--digits', '5', '3', '5']),
        'needed with 5 digits: the CLI\'s text');
  const shown = await page.evaluate (function () {
    const f = document.forms[0].elements;
    return [f.percent.closest ('label').hidden,
            f.rounds.closest ('label').hidden,
            f.digits.closest ('label').hidden];
  });
  same (JSON.stringify (shown), JSON.stringify ([true, true, false]),
        'needed hides the percentages and the rounds, shows the digits');
  await ask (page, 'view=chain&ca=10&cd=5:bogus%3D1');
  const r = spawnSync (cli, ['chain', '10', '5:bogus=1'],
                       { encoding: 'utf8' });
  same (await text (page, '#error'), r.stderr.split ('\n')[0],
        'an error is the CLI\'s message, without "Try \'riskodds --help\'"');
  await ask (page, 'view=battle&a=3&d=2');
  await page.focus ('#tab-battle');
  await page.keyboard.press ('End');
  const last = await page.evaluate (function () {
    return document.activeElement.id;
  });
  await page.keyboard.press ('Home');
  const first = await page.evaluate (function () {
    return document.activeElement.id;
  });
  same (last + ' ' + first, 'tab-verify tab-battle',
        'End and Home move to the last and the first tab');
  await ask (page, 'view=battle&a=4&d=2');
}

/* The second review's points: Back after a tab, a link's unknown key,
   the heat map's refusal clears the footer, a folded fraction keeps its
   slash, an answer marked as old once a field changes.  */
async function secondReview (page)
{
  await ask (page, 'view=battle&a=25&d=6');
  await page.click ('#tab-chain');
  await answered (page, function () { return page.goBack (); });
  same (await text (page, '#battle-title'),
        native (['25', '6']).split ('\n')[0],
        'Back after a tab returns to the question before it');
  await ask (page, 'view=battle&a=12&D=9');
  check (/'D' is none of the page's fields/.test (await text (page, '#error')),
         'a link\'s unknown key is an error');
  await ask (page, 'view=battle&a=30&d=20');
  const shown = await text (page, '#lose-exact');
  check (/ \/ /.test (shown) && /digits\)/.test (shown),
         'a folded fraction shows its slash and its digits: ' + shown);
  await page.fill ('input[name=d]', '9');
  check (await page.$eval ('#result', function (r) {
    return r.classList.contains ('stale');
  }), 'a field changed after the answer marks the answer as old');
  await ask (page, 'view=table&ta=1..400&td=1..400');
  same (await text (page, '#command'), '',
        'the heat map refused: no command in the footer');
  await ask (page, 'view=battle&a=3&d=2');
}

/* A phone's width: 50 digits and the rules open stay in the viewport.  */
async function phoneWidth (page)
{
  await page.setViewportSize ({ width: 390, height: 844 });
  await ask (page, 'view=battle&a=10&d=5&digits=50&rounds=3&defend_bonus=1'
             + '&defend_bonus_dice=all&attack_bonus_dice=2&defender=wieringa-rolled');
  check ((await page.$ ('#expected dd')) !== null,
         'phone: the expected armies are shown to 50 digits');
  await page.evaluate (function () {
    document.getElementById ('rules').open = true;
  });
  const w = await page.evaluate (function () {
    return document.documentElement.scrollWidth;
  });
  check (w <= 390, 'phone: the page is 390 px wide with 50 digits and the '
         + 'rules open', w + ' px');
  /* The footer's command broken between its words only: each word's
     text on one line.  */
  const split = await page.evaluate (function () {
    const c = document.getElementById ('command');
    const out = [];
    const walk = document.createTreeWalker (c, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode (); n; n = walk.nextNode ())
      for (const m of n.textContent.matchAll (/\S+/g))
        {
          const r = document.createRange ();
          r.setStart (n, m.index);
          r.setEnd (n, m.index + m[0].length);
          const tops = new Set (Array.from (r.getClientRects ())
                                .map (function (q) { return q.top; }));
          if (tops.size > 1)
            out.push (m[0]);
        }
    return out;
  });
  check (split.length === 0, 'phone: no word of the command broken',
         JSON.stringify (split));
  await shot (page, 'phone-rules');
  await page.evaluate (function () {
    document.getElementById ('rules').open = false;
  });
  await page.setViewportSize ({ width: 1000, height: 900 });
}

/* What A counts: the CLI's sentence above the answer.  */
async function countSentence (page)
{
  for (const [state, args] of [['a=1&d=1', ['1', '1']],
                               ['a=2&d=1', ['2', '1']],
                               ['a=1&d=1&count=attackers',
                                ['--count', 'attackers', '1', '1']],
                               ['a=5&d=3&count=attackers',
                                ['--count', 'attackers', '5', '3']]])
    {
      await ask (page, 'view=battle&' + state);
      const got = await page.waitForSelector ('#battle-title', { timeout: 20000 })
        .then (function (e) { return e.textContent (); })
        .catch (function () { return null; });
      same (String (got), native (args).split ('\n')[0],
            'battle ' + state + ': the CLI\'s sentence on what A counts');
    }
}

async function main ()
{
  const browser = await launch ();
  const context = await browser.newContext ({ acceptDownloads: true,
                                              viewport: { width: 1000, height: 900 } });
  const page = await context.newPage ();
  const errors = [];
  page.on ('pageerror', function (e) { errors.push (String (e)); });
  await open (page, dist);
  await page.waitForFunction (function () {
    return Number (document.getElementById ('result').dataset.done || 0) > 0;
  }, null, { timeout: 120000 });
  check (true, 'the page opens from file:// and computes 18 v 6');
  const steps = [battle18v6, battles, table, chainNeeded, editionsMenu,
                 verify, tooBig, back, longRun];
  steps.push (chartEnds, bigJson, chartMemory, badLinks, typedBad, tabs,
              phoneWidth, countSentence, smallerPoints, secondReview);
  steps.push (verifyReading, verifyKeyboard, tableBound,
              downloadWhileComputing, heatColours);
  /* WEB_ONLY="name name": only these steps (while working on them).  */
  const only = (process.env.WEB_ONLY || '').split (/\s+/).filter (Boolean);
  if (only.length > 0)
    steps.splice (0, steps.length, ...steps.filter (function (s) {
      return only.includes (s.name);
    }));
  for (const s of steps)
    {
      try
        {
          await s (page);
        }
      catch (e)
        {
          check (false, s.name, String (e.stack || e));
        }
    }
  try
    {
      await sharedLink (context, errors);
    }
  catch (e)
    {
      check (false, 'sharedLink', String (e.stack || e));
    }
  /* A phone's width.  */
  await page.setViewportSize ({ width: 390, height: 844 });
  await ask (page, 'view=battle&a=10&d=5');
  await shot (page, 'phone');
  check (errors.length === 0, 'no error in the page', errors.join ('\n'));
  await browser.close ();
  console.log ((failures ? 'FAIL' : 'PASS') + ': ' + passes + ' passed, '
               + failures + ' failed');
  process.exit (failures ? 1 : 0);
}

main ().catch (function (e) {
  console.error (e);
  process.exit (1);
});
