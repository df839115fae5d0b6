/**
 * Each integration test run gets its own names (test/global-setup.ts sets them): databases
 * `test_<run>_<service>`, Kafka topics and consumer groups prefixed `test.<run>.`, BullMQ keys `bull-test-<run>`.
 * So a test run never shares data, events or jobs with a running product or with another test run.
 */
export function testDatabase(name: string): string {
  return `${process.env.TEST_DB_PREFIX ?? 'test_'}${name}`;
}

/** The physical name of a product topic in this test run (KAFKA_TOPIC_PREFIX + topic). */
export function testTopic(topic: string): string {
  return `${process.env.KAFKA_TOPIC_PREFIX ?? ''}${topic}`;
}

/** The physical name of a consumer group in this test run, e.g. testGroup('search-test'). */
export function testGroup(group: string): string {
  return `${process.env.KAFKA_TOPIC_PREFIX ?? ''}${group}`;
}
