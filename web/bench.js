#!/usr/bin/env node
/* bench.js -- the page's speed against the native program's: each
   question asked RUNS times in headless chromium (the page's own clock:
   from Compute to the answer shown, asked once the page is ready: the
   worker makes each question's fresh wasm instance while it waits) and
   run RUNS times as a whole native process with the same arguments; the
   medians and their ratio.  Run by web/bench.sh.  */

'use strict';

const path = require ('path');
const { spawnSync } = require ('child_process');
const driver = require ('./driver');

const top = path.resolve (__dirname, '..');
/* The program itself, not libtool's wrapper script around it in the
   build tree (a shell's start-up is no part of riskodds's time).  */
const real = path.join (top, 'src/riskodds/.libs/riskodds');
const cli = process.env.RISKODDS
  || (require ('fs').existsSync (real) ? real
      : path.join (top, 'src/riskodds/riskodds'));
const env = Object.assign ({}, process.env, {
  LD_LIBRARY_PATH: path.join (top, 'src/libriskodds/.libs')
    + (process.env.LD_LIBRARY_PATH ? ':' + process.env.LD_LIBRARY_PATH : '') });
const dist = process.env.WEB_DIST || path.join (__dirname, 'dist');
const runs = Number (process.env.RUNS || 7);

/* P(3, 2): the fixed cost of a question.  The table twice: the heat map (3 digits, certified enclosures) and
   the CSV download (every fraction and 20 digits).  */
const QUESTIONS = [
  ['P(3, 2)', 'view=battle&a=3&d=2&dist=0'],
  ['P(1000, 1000)', 'view=battle&a=1000&d=1000&dist=0'],
  ['table 30 x 20', 'view=table&ta=1..30&td=1..20'],
  ['table CSV', 'view=table&ta=1..30&td=1..20', true]
];

function median (xs)
{
  const s = xs.slice ().sort (function (a, b) { return a - b; });
  return s[Math.floor (s.length / 2)];
}

async function main ()
{
  const browser = await driver.launch ();
  const page = await browser.newPage ({ acceptDownloads: true });
  await driver.open (page, dist);
  console.log ('question          page ms   native ms   ratio   (medians of '
               + runs + ')');
  for (const [name, state, csv] of QUESTIONS)
    {
      const web = [], nat = [];
      let args = null;
      for (let i = 0; i < runs; i++)
        {
          /* Another question between, so that each is computed anew.  */
          await driver.ask (page, 'view=battle&a=2&d=1&dist=0&digits=5',
                            600000);
          await page.waitForFunction (function () {
            return document.body.dataset.idle === '1';
          });
          let got = await driver.ask (page, state, 600000);
          if (csv)
            got = await driver.download (page);
          web.push (got.ms);
          args = got.args;
          const t0 = process.hrtime.bigint ();
          const r = spawnSync (cli, args, { stdio: ['ignore', 'ignore', 'inherit'], env: env });
          nat.push (Number (process.hrtime.bigint () - t0) / 1e6);
          if (r.status !== 0)
            throw new Error ('riskodds ' + args.join (' ') + ' failed');
        }
      const w = median (web), n = median (nat);
      console.log (name.padEnd (16) + w.toFixed (1).padStart (9)
                   + n.toFixed (1).padStart (12) + (w / n).toFixed (2).padStart (8)
                   + '   riskodds ' + args.join (' '));
    }
  await browser.close ();
}

main ().catch (function (e) { console.error (e); process.exit (1); });
