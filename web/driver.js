/* driver.js -- driving the page (web/dist) in headless chromium with
   playwright-core: the helpers web/test.js and web/bench.js share.
   A question is asked as a shared link asks it, by the URL's fragment;
   the page counts the answers it has shown (the result's data-done),
   its clock (the body's data-ms) and the command line it ran (the
   footer's data-args).  */

'use strict';

const path = require ('path');
const { chromium } = require ('playwright-core');

/* Debian's chromium (CHROMIUM: another), without the sandbox a
   container may not allow.  */
function launch ()
{
  return chromium.launch ({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox'] });
}

/* The page of the folder DIST opened from file:// in PAGE, as a user
   opens it offline, with STATE (a URL fragment) if given; once it has
   its version and editions.  */
async function open (page, dist, state)
{
  await page.goto ('file://' + path.join (dist, 'index.html')
                   + (state ? '#' + state : ''));
  await page.waitForFunction (function () {
    return document.body.dataset.ready === '1';
  }, null, { timeout: 120000 });
}

function answers (page)
{
  return page.evaluate (function () {
    return Number (document.getElementById ('result').dataset.done || 0);
  });
}

/* The last answer's time (ms, the page's clock from the question to the
   answer shown) and command line (without "riskodds").  */
function last (page)
{
  return page.evaluate (function () {
    return { ms: Number (document.body.dataset.ms),
             args: JSON.parse (document.getElementById ('command')
                               .dataset.args || 'null') };
  });
}

/* ACTION (a function of no arguments, returning a promise), and the
   answer it asks for shown (or its error): that answer's last ().  */
async function answered (page, action, timeout)
{
  const before = await answers (page);
  await action ();
  await page.waitForFunction (function (n) {
    return Number (document.getElementById ('result').dataset.done || 0) > n;
  }, before, { timeout: timeout || 120000 });
  return last (page);
}

/* Set the page's state (the URL's fragment, as a shared link would) and
   wait until the computation it starts has been shown.  */
function ask (page, state, timeout)
{
  return answered (page, function () {
    return page.evaluate (function (s) { location.hash = s; }, state);
  }, timeout);
}

/* The table's Download button: the download (playwright's), with the
   time and command line of its making.  */
async function download (page)
{
  const [dl] = await Promise.all ([page.waitForEvent ('download'),
                                   page.click ('#download')]);
  return Object.assign ({ download: dl }, await last (page));
}

module.exports = { launch, open, answers, answered, ask, download, last };
