/**
 * `node --import tsx build-page.ts <peer>`: builds a peer's list page with the project's own Vite and
 * React plugin, as the console is built: production mode, minified, default code splitting, and the
 * console's gzip/brotli precompression. build.ts runs it in a niced child process, so the build neither
 * hogs the 2 cores nor leaves its heap in the process that measures. The page sources have been copied
 * into the peer's package directory, so bare imports resolve to the peer's own node_modules; a module
 * taken from the project's node_modules instead fails the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { ROOT } from '../harness.js';
import { precompress } from '../../vite-precompress.js';
import { peerDir, PEERS, type Peer } from './install.js';

const OWN_MODULES = `${path.join(ROOT, 'node_modules')}${path.sep}`;

/** Node resolution walks up past the peer's directory into ours; a peer must not borrow our packages. */
function ownPackagesOnly(peer: Peer): Plugin {
  return {
    name: 'bench-peer-own-packages',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const borrowed = output.moduleIds.find((id) => id.startsWith(OWN_MODULES));
        if (borrowed) throw new Error(`同行 ${peer.label} 的构建用到了本项目的依赖：${borrowed}`);
      }
    },
  };
}

async function buildPeerPage(peer: Peer): Promise<void> {
  const outDir = path.join(peerDir(peer), 'dist');
  // precompress() walks the outDir even when the build fails; without the folder its ENOENT hides the cause.
  fs.mkdirSync(outDir, { recursive: true });
  await build({
    configFile: false,
    root: path.join(peerDir(peer), 'src'),
    base: '/',
    mode: 'production',
    // The peers' own packages warn by the hundred (direct eval, CommonJS in ESM); errors still stop the build.
    logLevel: 'error',
    cacheDir: path.join(peerDir(peer), 'node_modules/.vite'),
    plugins: [react(), precompress(), ownPackagesOnly(peer)],
    // amis's CSS keeps old IE hacks (`@media (min-width: 0\\0)`); the minifier drops them instead of failing.
    css: { lightningcss: { errorRecovery: true } },
    build: { outDir, emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 10_000 },
  });
  // React's development build is several times slower (peers-performance.md §2.4 pitfall 1).
  const assets = path.join(outDir, 'assets');
  for (const file of fs.readdirSync(assets).filter((f) => f.endsWith('.js')))
    if (fs.readFileSync(path.join(assets, file), 'utf8').includes('Download the React DevTools'))
      throw new Error(`同行 ${peer.label} 的构建含有 React 开发版（${file}）`);
}

const peer = PEERS.find((p) => p.name === process.argv[2]);
if (!peer) throw new Error(`未知的同行：${process.argv[2]}`);
await buildPeerPage(peer);
