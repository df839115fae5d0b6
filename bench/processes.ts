/**
 * Each process's CPU (from /proc/<pid>/stat deltas) and resident memory (VmRSS) sampled at a fixed
 * interval while a benchmark runs, with the machine's own CPU use and load average beside them (other
 * work shares the cores). Processes are found by the port they listen on (`ss -ltnp`), so the same code
 * finds the services, the gateway and the infrastructure (Kafka, FerretDB, Redis) however they were started.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { cpus, loadavg } from 'node:os';

export interface Watched {
  name: string;
  pid: number;
}

/** The process listening on a TCP port of this machine, or undefined. */
export function pidListeningOn(port: number): number | undefined {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  return pid ? Number(pid) : undefined;
}

/** The named ports' processes (those found). */
export function processesOnPorts(ports: Array<{ name: string; port: number }>): {
  found: Watched[];
  missing: string[];
} {
  const found: Watched[] = [];
  const missing: string[] = [];
  for (const { name, port } of ports) {
    const pid = pidListeningOn(port);
    if (pid) found.push({ name, pid });
    else missing.push(`${name} (:${port})`);
  }
  return { found, missing };
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User + system CPU time of a process in seconds, or undefined when it is gone. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count from the closing parenthesis; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

function rssMiB(pid: number): number | undefined {
  try {
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? undefined : Number(kib) / 1024;
  } catch {
    return undefined;
  }
}

/** Busy and total jiffies of all cores together (/proc/stat). */
function machineJiffies(): { busy: number; total: number } {
  const values = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = values.reduce((sum, v) => sum + v, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

export interface ProcessFigures {
  name: string;
  pid: number;
  /** Percent of one core over each interval. */
  cpuPercent: number[];
  rssMiB: number[];
}

export interface Sampling {
  processes: ProcessFigures[];
  /** The machine's busy share of all its cores, per interval, in percent. */
  machineCpuPercent: number[];
  loadAverages: number[];
  stop(): void;
}

/** Samples every `intervalMs` until stop(); the first figures come one interval after the start. */
export function sampleProcesses(watched: Watched[], intervalMs = 10_000): Sampling {
  const processes: ProcessFigures[] = watched.map((w) => ({ ...w, cpuPercent: [], rssMiB: [] }));
  const machineCpuPercent: number[] = [];
  const loadAverages: number[] = [];
  let last = {
    at: process.hrtime.bigint(),
    cpu: processes.map((p) => cpuSeconds(p.pid)),
    machine: machineJiffies(),
  };
  const timer = setInterval(() => {
    const now = {
      at: process.hrtime.bigint(),
      cpu: processes.map((p) => cpuSeconds(p.pid)),
      machine: machineJiffies(),
    };
    const seconds = Number(now.at - last.at) / 1e9;
    processes.forEach((p, i) => {
      const before = last.cpu[i];
      const after = now.cpu[i];
      if (before !== undefined && after !== undefined) p.cpuPercent.push(((after - before) / seconds) * 100);
      const rss = rssMiB(p.pid);
      if (rss !== undefined) p.rssMiB.push(rss);
    });
    const total = now.machine.total - last.machine.total;
    if (total > 0) machineCpuPercent.push(((now.machine.busy - last.machine.busy) / total) * 100);
    loadAverages.push(loadavg()[0]!);
    last = now;
  }, intervalMs);
  return { processes, machineCpuPercent, loadAverages, stop: () => clearInterval(timer) };
}

const mean = (values: number[]) =>
  values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : NaN;
const max = (values: number[]) => (values.length ? Math.max(...values) : NaN);

/** Markdown rows: CPU and memory, mean and max, per process, then the totals and the machine. */
export function processReport(sampling: Sampling, intervalMs: number): string[] {
  const rows = [
    `| process (sampled every ${intervalMs / 1000} s) | CPU mean (% of one core) | CPU max | RSS mean | RSS max |`,
    '|---|---|---|---|---|',
  ];
  for (const p of sampling.processes) {
    rows.push(
      `| ${p.name} (pid ${p.pid}) | ${mean(p.cpuPercent).toFixed(1)} % | ${max(p.cpuPercent).toFixed(1)} % | ${mean(p.rssMiB).toFixed(1)} MiB | ${max(p.rssMiB).toFixed(1)} MiB |`,
    );
  }
  rows.push(
    `| machine, all ${cpus().length} cores together (other work included) | ${mean(sampling.machineCpuPercent).toFixed(1)} % | ${max(sampling.machineCpuPercent).toFixed(1)} % | | |`,
    `| 1-minute load average during the run | ${mean(sampling.loadAverages).toFixed(2)} | ${max(sampling.loadAverages).toFixed(2)} | | |`,
  );
  return rows;
}
