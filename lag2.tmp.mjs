import { Kafka, logLevel } from 'kafkajs';
const admin = new Kafka({ clientId: 'lag', brokers: ['127.0.0.1:9092'], logLevel: logLevel.NOTHING }).admin();
await admin.connect();
for (const groupId of ['companion','notifications','search','chat']) {
  const offs = await admin.fetchOffsets({ groupId });
  let lag = 0;
  for (const { topic, partitions } of offs) {
    const ends = await admin.fetchTopicOffsets(topic);
    for (const p of partitions) lag += Number(ends.find(e => e.partition === p.partition)?.offset ?? 0) - Math.max(0, Number(p.offset));
  }
  console.log(new Date().toISOString().slice(11,19), groupId, lag);
}
await admin.disconnect();
