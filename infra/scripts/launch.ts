/**
 * How each infrastructure process is started, for any ports and data folder: `infra.ts` starts the local
 * stack with these, and the fault-injection test starts a stack of its own (which it may kill) with them.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
export const CACHE = process.env.SAFARSAATHI_CACHE ?? path.join(os.homedir(), '.cache', 'safarsaathi');
export const KAFKA_VERSION = '3.9.2';
export const KAFKA_LIBS = path.join(CACHE, `kafka-${KAFKA_VERSION}`, 'libs');
export const FERRETDB_DIR = path.join(ROOT, 'infra', 'ferretdb');
const FERRETDB_SOURCES = ['go.mod', 'go.sum', 'main.go', 'patches.json'];

/** A process to start: command, arguments and working folder. */
export interface Launch {
  command: string;
  args: string[];
  cwd: string;
}

/** The FerretDB build for today's sources and patches (built by `infra.ts install` / `up`). */
export function ferretDbBinary(): string {
  // The binary is keyed by the Go sources and the patches, so a change of either triggers a rebuild.
  const hash = createHash('sha256');
  for (const file of FERRETDB_SOURCES) hash.update(fs.readFileSync(path.join(FERRETDB_DIR, file)));
  return path.join(CACHE, 'bin', `ferretdb-${hash.digest('hex').slice(0, 12)}`);
}

/** Redis with an append-only file: queued e-mails and sessions survive a restart, even a SIGKILL. */
export function redisLaunch(port: number, dir: string): Launch {
  fs.mkdirSync(dir, { recursive: true });
  return {
    command: 'redis-server',
    args: [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--save',
      '60 1',
      '--daemonize',
      'no',
    ],
    cwd: ROOT,
  };
}

export function ferretDbLaunch(port: number, dir: string, binary = ferretDbBinary()): Launch {
  fs.mkdirSync(dir, { recursive: true });
  return { command: binary, args: ['-listen', `127.0.0.1:${port}`, '-dir', dir], cwd: ROOT };
}

/** A single-node KRaft Kafka; its storage is formatted on first use (the cluster id is kept in `dir`). */
export function kafkaLaunch(port: number, controllerPort: number, dir: string): Launch {
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const properties = fs
    .readFileSync(path.join(ROOT, 'infra', 'kafka', 'server.properties.template'), 'utf8')
    .replaceAll('{{PORT}}', String(port))
    .replaceAll('{{CONTROLLER_PORT}}', String(controllerPort))
    .replaceAll('{{DATA_DIR}}', dataDir);
  const propertiesFile = path.join(dir, 'server.properties');
  fs.writeFileSync(propertiesFile, properties);
  const clusterIdFile = path.join(dir, 'cluster-id');
  if (!fs.existsSync(clusterIdFile)) {
    // Kafka wants a base64url-encoded 16-byte id.
    fs.writeFileSync(
      clusterIdFile,
      Buffer.from(randomUUID().replaceAll('-', ''), 'hex').toString('base64url'),
    );
  }
  const classpath = `${KAFKA_LIBS}/*`;
  const log4j = `-Dlog4j.configuration=file:${path.join(ROOT, 'infra', 'kafka', 'log4j.properties')}`;
  execFileSync(
    'java',
    [
      '-cp',
      classpath,
      log4j,
      'kafka.tools.StorageTool',
      'format',
      // One argument with '=': a base64url id may start with '-', which as a separate argument would be
      // read as an option (1 start in 64 failed to format).
      `--cluster-id=${fs.readFileSync(clusterIdFile, 'utf8').trim()}`,
      '-c',
      propertiesFile,
      '--ignore-formatted',
    ],
    { stdio: 'ignore' },
  );
  return {
    command: 'java',
    args: [
      '-Xmx512m',
      '-Xms256m',
      '-XX:+UseSerialGC',
      log4j,
      '-cp',
      classpath,
      'kafka.Kafka',
      propertiesFile,
    ],
    cwd: ROOT,
  };
}
