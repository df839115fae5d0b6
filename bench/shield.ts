/**
 * `npm run bench:shield`: the scam and mule shield's classifier (services/chat/src/safety/classifier.ts) on the
 * labelled corpus bench/shield/corpus.jsonl. Prints, for the dev and test splits and both together, per kind and
 * per language: recall, precision, and the share of benign messages flagged; then the time per message (mean and
 * p99 over 100,000 classifications) and the ratios to the targets (recall ≥ 0.9 per kind, benign flagged ≤ 3 %,
 * well under 1 ms per message). A measurement, not a test: it never fails on the figures.
 *
 * Options: --corpus FILE (another corpus in the same format: a corpus the team does not see measures the same),
 * --runs N (classifications timed, 100000), --misses (lists the dev split's misses and false flags with the
 * tags the lexicons found; the test split is held out and is listed only with --misses=all).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { classifyMessage, explainMessage, type SafetyFlag } from '../services/chat/src/safety/classifier';

const KINDS: readonly SafetyFlag[] = ['carry', 'money', 'code'];
const LANGS = ['en', 'hinglish', 'hi', 'gu', 'pa', 'ta', 'te', 'bn', 'mr', 'ml'] as const;
const TARGET_RECALL = 0.9;
const TARGET_BENIGN_FLAGGED = 0.03;
const TARGET_MS = 1;

interface Sample {
  text: string;
  lang: string;
  labels: SafetyFlag[];
  split: 'dev' | 'test';
}

interface Judged extends Sample {
  got: SafetyFlag[];
}

function argValue(name: string): string | undefined {
  const i = process.argv.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (i < 0) return undefined;
  const arg = process.argv[i]!;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : process.argv[i + 1];
}

function load(file: string): Sample[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line, i) => {
      const sample = JSON.parse(line) as Partial<Sample>;
      if (
        typeof sample.text !== 'string' ||
        typeof sample.lang !== 'string' ||
        !Array.isArray(sample.labels)
      ) {
        throw new Error(`${file}:${i + 1}: needs text, lang and labels`);
      }
      return { text: sample.text, lang: sample.lang, labels: sample.labels, split: sample.split ?? 'test' };
    });
}

interface Figures {
  n: number;
  benign: number;
  benignFlagged: number;
  perKind: Record<SafetyFlag, { tp: number; fn: number; fp: number }>;
}

function figuresOf(samples: readonly Judged[]): Figures {
  const perKind = Object.fromEntries(KINDS.map((k) => [k, { tp: 0, fn: 0, fp: 0 }])) as Figures['perKind'];
  let benign = 0;
  let benignFlagged = 0;
  for (const s of samples) {
    if (s.labels.length === 0) {
      benign++;
      if (s.got.length > 0) benignFlagged++;
    }
    for (const kind of KINDS) {
      const want = s.labels.includes(kind);
      const got = s.got.includes(kind);
      if (want && got) perKind[kind].tp++;
      else if (want) perKind[kind].fn++;
      else if (got) perKind[kind].fp++;
    }
  }
  return { n: samples.length, benign, benignFlagged, perKind };
}

const ratio = (a: number, b: number): number | undefined => (b === 0 ? undefined : a / b);
const fmt = (x: number | undefined, digits = 2): string => (x === undefined ? '–' : x.toFixed(digits));
const pct = (x: number | undefined): string => (x === undefined ? '–' : `${(x * 100).toFixed(1)} %`);

function recallCell(f: Figures, kind: SafetyFlag): string {
  const { tp, fn } = f.perKind[kind];
  return tp + fn === 0 ? '–' : `${fmt(ratio(tp, tp + fn))} (${tp}/${tp + fn})`;
}

function precisionCell(f: Figures, kind: SafetyFlag): string {
  const { tp, fp } = f.perKind[kind];
  return tp + fp === 0 ? '–' : fmt(ratio(tp, tp + fp));
}

function benignCell(f: Figures): string {
  return f.benign === 0 ? '–' : `${pct(ratio(f.benignFlagged, f.benign))} (${f.benignFlagged}/${f.benign})`;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => [...row[c]!].length)));
  const line = (row: string[]): string => `| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  return [
    line(rows[0]!),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...rows.slice(1).map(line),
  ].join('\n');
}

function report(title: string, samples: readonly Judged[]): void {
  const header = [
    '',
    'messages',
    'recall carry',
    'recall money',
    'recall code',
    'precision c/m/c',
    'benign flagged',
  ];
  const row = (name: string, group: readonly Judged[]): string[] => {
    const f = figuresOf(group);
    return [
      name,
      String(f.n),
      recallCell(f, 'carry'),
      recallCell(f, 'money'),
      recallCell(f, 'code'),
      KINDS.map((k) => precisionCell(f, k)).join(' / '),
      benignCell(f),
    ];
  };
  const langs = [
    ...LANGS,
    ...new Set(samples.map((s) => s.lang).filter((l) => !(LANGS as readonly string[]).includes(l))),
  ];
  const rows = [header, row('all', samples)];
  for (const lang of langs) {
    const group = samples.filter((s) => s.lang === lang);
    if (group.length) rows.push(row(lang, group));
  }
  console.log(`\n${title}\n`);
  console.log(table(rows));
}

function targets(samples: readonly Judged[], meanMs: number, p99Ms: number): void {
  const f = figuresOf(samples);
  const rows = [['measure', 'value', 'target', 'ratio']];
  for (const kind of KINDS) {
    const { tp, fn } = f.perKind[kind];
    const recall = ratio(tp, tp + fn);
    rows.push([
      `recall ${kind}`,
      fmt(recall),
      `>= ${TARGET_RECALL}`,
      recall === undefined
        ? '–'
        : `${fmt(recall / TARGET_RECALL)} (${recall >= TARGET_RECALL ? 'met' : 'miss'})`,
    ]);
  }
  const benign = ratio(f.benignFlagged, f.benign);
  rows.push([
    'benign flagged',
    pct(benign),
    `<= ${TARGET_BENIGN_FLAGGED * 100} %`,
    benign === undefined
      ? '–'
      : `${fmt(benign / TARGET_BENIGN_FLAGGED)} (${benign <= TARGET_BENIGN_FLAGGED ? 'met' : 'miss'})`,
  ]);
  rows.push([
    'time per message, mean',
    `${(meanMs * 1000).toFixed(1)} µs`,
    `< ${TARGET_MS} ms`,
    fmt(meanMs / TARGET_MS, 3),
  ]);
  rows.push([
    'time per message, p99',
    `${(p99Ms * 1000).toFixed(1)} µs`,
    `< ${TARGET_MS} ms`,
    fmt(p99Ms / TARGET_MS, 3),
  ]);
  console.log(table(rows));
}

function timing(samples: readonly Sample[], runs: number): { meanMs: number; p99Ms: number } {
  // warm-up: the lexicon tables are built at load; let the JIT settle
  for (let i = 0; i < Math.min(runs, 20_000); i++) classifyMessage(samples[i % samples.length]!.text);
  const times = new Float64Array(runs);
  for (let i = 0; i < runs; i++) {
    const text = samples[i % samples.length]!.text;
    const t0 = process.hrtime.bigint();
    classifyMessage(text);
    times[i] = Number(process.hrtime.bigint() - t0) / 1e6;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / runs;
  return { meanMs: mean, p99Ms: sorted[Math.min(runs - 1, Math.floor(runs * 0.99))]! };
}

function listMisses(samples: readonly Judged[]): void {
  const wrong = samples.filter((s) => s.labels.slice().sort().join() !== s.got.slice().sort().join());
  console.log(`\nMisses and false flags (${wrong.length}):`);
  for (const s of wrong) {
    console.log(`- [${s.split} ${s.lang}] want [${s.labels.join(',')}] got [${s.got.join(',')}]: ${s.text}`);
    console.log(`    ${explainMessage(s.text)}`);
  }
}

function main(): void {
  const file = argValue('--corpus') ?? path.join(__dirname, 'shield', 'corpus.jsonl');
  const runs = Number(argValue('--runs') ?? 100_000);
  const samples = load(file);
  const judged: Judged[] = samples.map((s) => ({ ...s, got: classifyMessage(s.text) }));
  const dev = judged.filter((s) => s.split === 'dev');
  const test = judged.filter((s) => s.split === 'test');
  const nonEnglish = samples.filter((s) => s.lang !== 'en').length;
  const benign = samples.filter((s) => s.labels.length === 0).length;
  console.log(
    `Corpus ${path.relative(process.cwd(), file)}: ${samples.length} messages (dev ${dev.length}, test ${test.length}); ` +
      `${nonEnglish} not in English (${pct(nonEnglish / samples.length)}), ${benign} benign (${pct(benign / samples.length)}).`,
  );
  if (dev.length) report('Dev split (the rules were tuned on it)', dev);
  if (test.length)
    report(
      'Test split (held out: its misses were never listed while the rules were tuned; see bench/README.md)',
      test,
    );
  report('Whole corpus', judged);
  const { meanMs, p99Ms } = timing(samples, runs);
  console.log(`\nTargets (test split; ${runs.toLocaleString('en')} classifications timed)\n`);
  targets(test.length ? test : judged, meanMs, p99Ms);
  const misses = process.argv.find((arg) => arg === '--misses' || arg.startsWith('--misses='));
  if (misses) listMisses(misses === '--misses=all' ? judged : dev);
}

main();
