/** "Really answers" checks for each infrastructure component, and explicit topic creation. */
import net from 'node:net';
import { Kafka, logLevel } from 'kafkajs';
import Redis from 'ioredis';
import { MongoClient } from 'mongodb';
import { ensureTopics, fixIdleKafkaConnections } from '@safarsaathi/platform';

export async function probeKafka(brokers: string): Promise<boolean> {
  fixIdleKafkaConnections();
  const admin = new Kafka({
    clientId: 'infra-probe',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1000,
    retry: { retries: 0 },
  }).admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    return cluster.brokers.length > 0 && cluster.controller !== null;
  } catch {
    return false;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

export async function probeMongo(url: string): Promise<boolean> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 1000, connectTimeoutMS: 1000 });
  try {
    await client.connect();
    const result = await client.db('admin').command({ ping: 1 });
    return result.ok === 1;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
}

export async function probeRedis(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Reads the SMTP greeting: a listening port is not enough, the server must say 220. */
export async function probeSmtp(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('data', (chunk) => done(chunk.toString().startsWith('220')));
    socket.once('error', () => done(false));
  });
}

/** Creates every topic of the contracts list (and its dead-letter topic) before any service starts. */
export async function createTopics(brokers: string): Promise<void> {
  fixIdleKafkaConnections();
  const kafka = new Kafka({
    clientId: 'infra-topics',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  });
  await ensureTopics(kafka.admin());
}
