// Builds the web app into web/dist, but only when its sources changed since the last build
// (a hash of the sources is kept in web/dist/.build-hash). `--force` always builds.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inputs = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'packages/domain/src',
  'package-lock.json',
];

function listFiles(p) {
  if (!existsSync(p)) return [];
  if (!statSync(p).isDirectory()) return [p];
  return readdirSync(p)
    .sort()
    .flatMap((name) => listFiles(path.join(p, name)));
}

export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((i) => listFiles(path.join(root, i)))) {
    if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** Where the built app goes: web/dist, or FB_WEB_DIST (lets parallel e2e runs on one checkout keep their own build). */
export const webDistDir = () => path.resolve(root, process.env.FB_WEB_DIST ?? 'web/dist');

export function ensureWebBuilt({ force = false } = {}) {
  const dist = webDistDir();
  const stamp = path.join(dist, '.build-hash');
  const current = sourceHash();
  if (
    !force &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === current &&
    existsSync(path.join(dist, 'index.html'))
  ) {
    return false;
  }
  console.log('Building the web app…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist], {
    cwd: path.join(root, 'web'),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('web build failed');
  writeFileSync(stamp, current);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  ensureWebBuilt({ force: process.argv.includes('--force') });
}
