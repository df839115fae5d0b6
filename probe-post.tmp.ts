import { randomUUID } from 'node:crypto';
import { startChatService } from './services/chat/src/app';
import { signIdentity } from './platform/src';
import { conversationIdOf } from './services/chat/src/persistence/conversations';
import { entryOf } from './services/chat/src/persistence/inboxes';

import mongoose from 'mongoose';
const stats = new Map<string, { n: number; ms: number }>();
const origExec = mongoose.Query.prototype.exec;
mongoose.Query.prototype.exec = async function (this: any, ...args: any[]) {
  const t = process.hrtime.bigint();
  try { return await (origExec as any).apply(this, args); } finally {
    const k = `${this.mongooseCollection?.name}.${this.op}`; const e = stats.get(k) ?? { n: 0, ms: 0 }; e.n++; e.ms += Number(process.hrtime.bigint() - t) / 1e6; stats.set(k, e);
  }
};
(async () => {
  const db = `probe_chat_${Date.now()}`;
  const svc = await startChatService({ ...process.env, PORT: '0', LOG_LEVEL: 'warn', MONGO_DB: db, KAFKA_TOPIC_PREFIX: 'probe.', KAFKA_GROUP_SUFFIX: '-probe', CHAT_MESSAGES_PER_MINUTE: '1000000' });
  const mongo = svc.deps.mongo;
  const posters = Array.from({ length: 32 }, (_, i) => `poster-${i}-${randomUUID().slice(0, 6)}`);
  const convs: string[][] = [];
  for (const p of posters) {
    const ids: string[] = [];
    for (let k = 0; k < 10; k++) {
      const other = `other-${randomUUID().slice(0, 8)}`;
      const id = conversationIdOf('companion', p, other);
      const participantIds = [p, other].sort();
      const now = new Date();
      const conv: any = { _id: id, rev: 1, participantIds, service_type: 'companion', names: {}, deletedIds: [], seq: 0, reads: {}, lastMessage: null, recent: [], blockedBy: [], createdBy: p, createdAt: now, updatedAt: now, pendingEvents: [], hasPendingEvents: false, outboxVersion: 0 };
      await mongo.collection('conversations').insertOne(conv);
      for (const u of participantIds) await mongo.collection('inboxes').updateOne({ _id: u as never }, { $set: { [`conversations.${id}`]: entryOf(conv, u) }, $inc: { rev: 1 } }, { upsert: true });
      ids.push(id);
    }
    convs.push(ids);
  }
  const secret = svc.deps.config.INTERNAL_HMAC_SECRET;
  let done = 0; const lat: number[] = [];
  const deadline = Date.now() + 10_000;
  const started = Date.now();
  await Promise.all(posters.map(async (p, c) => {
    for (let i = 0; Date.now() < deadline; i++) {
      const t = Date.now();
      const r = await fetch(`${svc.url}/api/chat/conversations/${convs[c]![i % 10]}/messages`, { method: 'POST', headers: { 'content-type': 'application/json', ...signIdentity({ userId: p, email: 'x@example.test', role: 'user', sessionId: 's' }, secret) }, body: JSON.stringify({ message_text: `hello ${i} some words here to look real` }) });
      await r.text();
      if (r.status !== 200) console.log('status', r.status);
      lat.push(Date.now() - t); done++;
    }
  }));
  lat.sort((a, b) => a - b);
  for (const [k, v] of [...stats].sort((a, b) => b[1].ms - a[1].ms)) console.log(`${k}: n=${v.n} avg=${(v.ms / v.n).toFixed(1)} ms`);
  console.log(`posts ${done} in ${(Date.now() - started) / 1000}s = ${(done / ((Date.now() - started) / 1000)).toFixed(0)}/s p50 ${lat[Math.floor(lat.length * 0.5)]} p95 ${lat[Math.floor(lat.length * 0.95)]}`);
  await svc.stop();
  const { MongoClient } = await import('mongodb'); const c = new MongoClient(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017'); await c.connect(); await c.db(db).dropDatabase(); await c.close();
  process.exit(0);
})();
