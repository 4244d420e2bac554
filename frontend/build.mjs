// `make frontend` (npm ci, then this): bundle src/ with esbuild into the cardlib Voila template's
// static folder, minified, each file headed by the sha256 of what it was built from (src/, build.mjs,
// package.json and package-lock.json; tests/ui/test_frontend.py recomputes it, so a source changed without a
// rebuild fails), and the licence notices of every package in the bundle beside it.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'cardlib', 'ui', 'jupyter', 'voila', 'templates', 'cardlib', 'static');

/** sha256 over src/'s files (sorted by path, each as path, NUL, bytes, NUL), then build.mjs, package.json and
    package-lock.json the same way. */
export function sourceHash() {
  const hash = createHash('sha256');
  const files = [];
  const walk = (folder) => readdirSync(folder, { withFileTypes: true }).forEach((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) walk(path); else files.push(relative(here, path).split('\\').join('/'));
  });
  walk(join(here, 'src'));
  files.sort();
  files.push('build.mjs', 'package.json', 'package-lock.json');
  for (const file of files) {
    hash.update(file + '\0');
    hash.update(readFileSync(join(here, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

// Packages published without their licence file (Jupyter's and Lumino's, all BSD-3-Clause): the holders their
// repositories' LICENSE files name, for the BSD-3-Clause text below.
const HOLDERS = {
  '@jupyter-widgets/': 'Copyright (c) 2015 Project Jupyter Contributors',
  '@jupyterlab/': 'Copyright (c) 2015-2025 Project Jupyter Contributors',
  '@lumino/': 'Copyright (c) 2019 Project Jupyter Contributors\nCopyright (c) 2014-2017, PhosphorJS Contributors',
};
const BSD3 = `All rights reserved.

Redistribution and use in source and binary forms, with or without modification, are permitted provided that the
following conditions are met:

1. Redistributions of source code must retain the above copyright notice, this list of conditions and the
   following disclaimer.
2. Redistributions in binary form must reproduce the above copyright notice, this list of conditions and the
   following disclaimer in the documentation and/or other materials provided with the distribution.
3. Neither the name of the copyright holder nor the names of its contributors may be used to endorse or promote
   products derived from this software without specific prior written permission.

THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES,
INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL,
SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY,
WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
`;

function missingLicence(name, meta) {
  const holder = Object.entries(HOLDERS).find(([scope]) => name.startsWith(scope));
  if (meta.license === 'BSD-3-Clause' && holder) {
    return `${holder[1]}\n${BSD3}`;
  }
  throw new Error(`${name} has no licence file and no known holder: add it to HOLDERS in build.mjs`);
}

/** The licence text of each package whose files went into the bundle, one after another. */
function notices(metafile) {
  const packages = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const match = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g);
    if (match) packages.add(match[match.length - 1].slice('node_modules/'.length, -1));
  }
  const parts = ['Third-party software in cardlib-page.js, cardlib-page.css and fa-solid-900.woff2',
    '(built by `make frontend` from frontend/ in the cardlib repository). Each package\'s licence follows.\n'];
  for (const name of [...packages].sort()) {
    const folder = join(here, 'node_modules', name);
    const meta = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    const file = readdirSync(folder).find((f) => /^(licen[sc]e|copying)/i.test(f));
    parts.push(`${'='.repeat(78)}\n${name} ${meta.version} (${meta.license || 'see below'})\n${'='.repeat(78)}`);
    parts.push(file ? readFileSync(join(folder, file), 'utf8').trim() + '\n' : missingLicence(name, meta));
  }
  return parts.join('\n');
}

// @jupyterlab/services' kernel connection imports the package's whole index for two names: src/services.js.
const kernelOnly = {
  name: 'kernel-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.$/ }, (args) => (
      /@jupyterlab[\\/]services[\\/]lib[\\/]kernel[\\/]default\.js$/.test(args.importer)
        ? { path: join(here, 'src', 'services.js') } : undefined));
  },
};

const hash = sourceHash();
const banner = `/* cardlib light frontend, built by \`make frontend\` from frontend/ (sha256 of src/, build.mjs, package.json and package-lock.json: ${hash}); licences: THIRD-PARTY-NOTICES.txt */`;
const result = await build({
  entryPoints: { 'cardlib-page': join(here, 'src', 'entry.js') },
  outdir: out,
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2020'],
  platform: 'browser',
  legalComments: 'none',  // the notices file holds every licence in full
  alias: { 'sanitize-html': join(here, 'src', 'sanitize.js') },  // see src/sanitize.js
  external: ['ws'],  // @jupyterlab/services needs it only outside a browser
  loader: { '.woff2': 'file' },
  assetNames: '[name]',
  banner: { js: banner, css: banner },
  plugins: [kernelOnly],
  metafile: true,
  logLevel: 'warning',
});
writeFileSync(join(out, 'THIRD-PARTY-NOTICES.txt'), notices(result.metafile));
for (const [file, info] of Object.entries(result.metafile.outputs)) {
  console.log(`${relative(join(here, '..'), file)}  ${(info.bytes / 1024).toFixed(0)} kB`);
}
if (!existsSync(join(out, 'cardlib-page.js'))) throw new Error('no bundle written');
