/**
 * Removes what this run made (its databases and topics) and stops containers started by global-setup;
 * the local stack is left running for the next run.
 */
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';

async function dropRunDatabases(url: string, prefix: string): Promise<void> {
  const client = new MongoClient(url);
  await client.connect();
  try {
    const { databases } = await client.db('admin').admin().listDatabases();
    for (const { name } of databases) if (name.startsWith(prefix)) await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}

async function deleteRunTopics(brokers: string, prefix: string): Promise<void> {
  const admin = new Kafka({
    clientId: 'test-teardown',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}

export default async function globalTeardown(): Promise<void> {
  const { TEST_DB_PREFIX, KAFKA_TOPIC_PREFIX, MONGO_URL, KAFKA_BROKERS, KEEP_TEST_DATA } = process.env;
  const stack = (globalThis as { __containers__?: { stop: () => Promise<void> } }).__containers__;
  if (stack) {
    await stack.stop();
    return;
  }
  // KEEP_TEST_DATA=1 keeps them for a look after a failure; the next run's setup removes them later.
  if (KEEP_TEST_DATA) return;
  await Promise.allSettled([
    MONGO_URL && TEST_DB_PREFIX ? dropRunDatabases(MONGO_URL, TEST_DB_PREFIX) : undefined,
    KAFKA_BROKERS && KAFKA_TOPIC_PREFIX ? deleteRunTopics(KAFKA_BROKERS, KAFKA_TOPIC_PREFIX) : undefined,
  ]);
}
