/** The Docker path of the test infrastructure (testcontainers), used where a Docker engine answers. */
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';

export async function startContainers(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const started: StartedTestContainer[] = [];
  const start = async (container: GenericContainer) => {
    const running = await container.start();
    started.push(running);
    return running;
  };
  const [redis, mongo, mail] = await Promise.all([
    start(
      new GenericContainer('redis:7-alpine')
        .withExposedPorts(6379)
        .withWaitStrategy(Wait.forLogMessage('Ready to accept connections')),
    ),
    start(
      new GenericContainer('mongo:7')
        .withExposedPorts(27017)
        .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/)),
    ),
    start(
      new GenericContainer('axllent/mailpit:latest')
        .withExposedPorts(1025, 8025)
        .withWaitStrategy(Wait.forListeningPorts()),
    ),
  ]);
  // Kafka advertises the host port it is reached on, so that port is fixed up front.
  const kafkaPort = 19092 + Math.floor(Math.random() * 1000);
  const kafka = await start(
    new GenericContainer('apache/kafka:3.9.1')
      .withExposedPorts({ container: kafkaPort, host: kafkaPort })
      .withEnvironment({
        KAFKA_NODE_ID: '1',
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_LISTENERS: `PLAINTEXT://0.0.0.0:${kafkaPort},CONTROLLER://0.0.0.0:9093`,
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://localhost:${kafkaPort}`,
        KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
        KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
        KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
        KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
      })
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/)),
  );
  return {
    env: {
      KAFKA_BROKERS: `localhost:${kafka.getMappedPort(kafkaPort)}`,
      MONGO_URL: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}`,
      REDIS_URL: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
      SMTP_URL: `smtp://${mail.getHost()}:${mail.getMappedPort(1025)}`,
      MAIL_API_URL: `http://${mail.getHost()}:${mail.getMappedPort(8025)}`,
    },
    stop: async () => {
      await Promise.all(started.map((container) => container.stop()));
    },
  };
}
