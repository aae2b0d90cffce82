/**
 * The peers of the list-page budgets, each installed in its own package directory under
 * test-output/bench/peers/<name>/ (peers-performance.md §1.4): never in the project's package.json or
 * lockfile, and never beside each other, so amis's --legacy-peer-deps cannot drop peers from anyone else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../harness.js';

export const PEERS_DIR = path.join(ROOT, 'test-output/bench/peers');

export interface Peer {
  name: 'protable' | 'amis';
  label: string;
  /** Exact versions: the same peer in every run. */
  dependencies: Record<string, string>;
  legacyPeerDeps: boolean;
}

export const PEERS: Peer[] = [
  {
    name: 'protable',
    label: 'Ant Design Pro ProTable',
    dependencies: {
      '@ant-design/pro-components': '2.8.10',
      antd: '5.29.3',
      react: '18.3.1',
      'react-dom': '18.3.1',
    },
    legacyPeerDeps: false,
  },
  {
    name: 'amis',
    label: 'amis CRUD',
    // §1.4's recipe: amis imports mobx-react-lite without declaring it, markdown-it needs punycode.
    dependencies: {
      amis: '6.13.0',
      'amis-core': '6.13.0',
      'amis-ui': '6.13.0',
      'amis-formula': '6.13.0',
      'office-viewer': '0.3.17',
      'mobx-react-lite': '2.2.2',
      punycode: '2.3.1',
      'react-is': '18.3.1',
      react: '18.3.1',
      'react-dom': '18.3.1',
    },
    legacyPeerDeps: true,
  },
];

export const peerDir = (peer: Peer) => path.join(PEERS_DIR, peer.name);
/** Written after a successful install: the versions it installed. */
export const installMarker = (peer: Peer) => path.join(peerDir(peer), 'node_modules/.bench-installed.json');
const wanted = (peer: Peer) =>
  JSON.stringify({ dependencies: peer.dependencies, legacy: peer.legacyPeerDeps });

/**
 * Installs the peer when its marker (the versions it was installed with) is missing or different.
 * Returns an error message instead of throwing, so one peer that cannot install (offline) skips its row.
 */
export function ensurePeerInstalled(peer: Peer, log: (line: string) => void): string | null {
  const dir = peerDir(peer);
  const marker = installMarker(peer);
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === wanted(peer)) return null;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ name: `bench-peer-${peer.name}`, private: true, dependencies: peer.dependencies }, null, 2)}\n`,
  );
  log(`  安装同行 ${peer.label}（${dir}，首次需数分钟）…`);
  // `npm run bench` hands its scripts npm_config_local_prefix (our root); with --prefix below, the nested
  // npm installs into the peer's folder. Other settings (a registry mirror, the CA file) pass through.
  const env = { ...process.env };
  delete env.npm_config_local_prefix;
  const args = ['-n', '10', 'npm', 'install', '--no-audit', '--no-fund', '--prefix', dir];
  if (peer.legacyPeerDeps) args.push('--legacy-peer-deps');
  const res = spawnSync('nice', args, { cwd: dir, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (res.status !== 0) {
    const tail = `${res.stderr ?? ''}${res.error?.message ?? ''}`.trim().split('\n').slice(-5).join('\n');
    return `同行 ${peer.label} 安装失败（是否离线或无法访问 npm 源？），跳过该行：\n${tail}`;
  }
  fs.writeFileSync(marker, wanted(peer));
  return null;
}
