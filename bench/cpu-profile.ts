/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): where a process spent its CPU, by function and by the
 * library or source file it belongs to. Node's own internals (http parsing, streams, crypto) are charged to
 * the nearest caller outside Node (e.g. the stream writes of the proxy to the proxy library), so the table
 * answers "which middleware costs what". `npx tsx bench/cpu-profile.ts FILE [--top N]`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const ROOT = path.resolve(__dirname, '..');

/** The library (node_modules/<name>) or repository file a frame's code is in; undefined for Node's own code. */
function ownerOf(url: string): string | undefined {
  if (!url || url.startsWith('node:')) return undefined;
  const file = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = file.slice(modules + '/node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return path.relative(ROOT, file);
}

const SPECIAL = new Set(['(garbage collector)', '(program)', '(idle)', '(root)']);

export function summariseProfile(file: string, top = 25): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000),
  );

  const ownerCache = new Map<number, string>();
  const chargedTo = (id: number): string => {
    const cached = ownerCache.get(id);
    if (cached) return cached;
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    let owner: string;
    if (SPECIAL.has(name)) owner = name;
    else {
      const own = ownerOf(node.callFrame.url);
      const up = parent.get(id);
      owner =
        own ??
        (up !== undefined && byId.get(up)!.callFrame.functionName !== '(root)'
          ? chargedTo(up)
          : `node internals (${node.callFrame.url || name || 'native'})`);
    }
    ownerCache.set(id, owner);
    return owner;
  };

  const busy = [...selfMs.entries()].filter(([id]) => byId.get(id)!.callFrame.functionName !== '(idle)');
  const total = busy.reduce((sum, [, ms]) => sum + ms, 0);
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, ms] of busy) {
    owners.set(chargedTo(id), (owners.get(chargedTo(id)) ?? 0) + ms);
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url ? `${ownerOf(url) ?? url}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    functions.set(key, (functions.get(key) ?? 0) + ms);
  }
  const pct = (ms: number) => `${((ms / total) * 100).toFixed(1)} %`;
  const rows = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => `| ${name} | ${ms.toFixed(0)} ms | ${pct(ms)} |`);
  const wall = (profile.endTime - profile.startTime) / 1e6;
  return [
    `\nCPU profile ${path.basename(file)}: ${(total / 1000).toFixed(1)} s busy of ${wall.toFixed(1)} s`,
    '\nSelf time by library or file (Node internals charged to their nearest caller outside Node):',
    '| owner | self time | share |',
    '|---|---|---|',
    ...rows(owners),
    '\nSelf time by function:',
    '| function | self time | share |',
    '|---|---|---|',
    ...rows(functions),
  ];
}

if (require.main === module) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx bench/cpu-profile.ts FILE [--top N]');
  const i = process.argv.indexOf('--top');
  for (const line of summariseProfile(file, i > 0 ? Number(process.argv[i + 1]) : 25)) console.log(line);
}
