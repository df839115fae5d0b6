/**
 * Chooses the infrastructure for integration tests, in this order:
 *  1. KAFKA_BROKERS, MONGO_URL, REDIS_URL and SMTP_URL (+ MAIL_API_URL) already set: use them;
 *  2. a Docker engine answers: start containers with testcontainers;
 *  3. otherwise: the local no-Docker stack (`npm run infra:up`), started if needed and left running.
 * Then gives this run its own database, topic and queue names (test/run-names.ts).
 */
import { execFileSync } from 'node:child_process';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { up } from '../infra/scripts/infra';
import { localStackUrls } from '../infra/scripts/stack-urls';
import { startContainers } from './containers';
import { isStaleTestName, newRunId, runEnv } from './run-names';

function dockerAnswers(): boolean {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Drops the databases stale test runs left. Tests never rely on an empty database (each makes its own
 * users and data); this keeps FerretDB, which scans whole collections, quick. A run still going (another
 * checkout's) is left alone.
 */
async function dropStaleTestDatabases(url: string): Promise<void> {
  const client = new MongoClient(url);
  await client.connect();
  try {
    const { databases } = await client.db('admin').admin().listDatabases();
    for (const { name } of databases) if (isStaleTestName(name)) await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}

async function deleteStaleTestTopics(brokers: string): Promise<void> {
  const admin = new Kafka({
    clientId: 'test-setup',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const stale = (await admin.listTopics()).filter(
      (topic) => topic.startsWith('test.') && isStaleTestName(topic),
    );
    if (stale.length > 0) await admin.deleteTopics({ topics: stale }).catch(() => undefined);
  } finally {
    await admin.disconnect();
  }
}

export default async function globalSetup(): Promise<void> {
  await chooseInfrastructure();
  const runId = newRunId();
  Object.assign(process.env, runEnv(runId));
  process.stdout.write(`[tests] run ${runId}: databases test_${runId}_*, topics test.${runId}.*\n`);
  await dropStaleTestDatabases(process.env.MONGO_URL!);
  await deleteStaleTestTopics(process.env.KAFKA_BROKERS!);
}

async function chooseInfrastructure(): Promise<void> {
  const { KAFKA_BROKERS, MONGO_URL, REDIS_URL, SMTP_URL } = process.env;
  if (KAFKA_BROKERS && MONGO_URL && REDIS_URL && SMTP_URL) {
    process.stdout.write('\n[tests] using the infrastructure given by the environment\n');
    return;
  }
  if (process.env.TEST_INFRA !== 'local' && dockerAnswers()) {
    process.stdout.write('\n[tests] Docker answers: starting containers with testcontainers\n');
    const stack = await startContainers();
    Object.assign(process.env, stack.env);
    (globalThis as { __containers__?: typeof stack }).__containers__ = stack;
    return;
  }
  process.stdout.write('\n[tests] no Docker engine: using the local stack (infra/)\n');
  await up();
  Object.assign(process.env, localStackUrls());
}
