/** Ports and URLs of the local (no-Docker) stack; the *_URL environment variables override them. */
export const LOCAL_PORTS = {
  kafka: 9092,
  kafkaController: 9093,
  mongo: 27017,
  redis: 6379,
  smtp: 1025,
  mailApi: 8025,
} as const;

export interface StackUrls {
  KAFKA_BROKERS: string;
  MONGO_URL: string;
  REDIS_URL: string;
  SMTP_URL: string;
  MAIL_API_URL: string;
}

export function localStackUrls(env: NodeJS.ProcessEnv = process.env): StackUrls {
  return {
    KAFKA_BROKERS: env.KAFKA_BROKERS ?? `127.0.0.1:${LOCAL_PORTS.kafka}`,
    MONGO_URL: env.MONGO_URL ?? `mongodb://127.0.0.1:${LOCAL_PORTS.mongo}`,
    REDIS_URL: env.REDIS_URL ?? `redis://127.0.0.1:${LOCAL_PORTS.redis}`,
    SMTP_URL: env.SMTP_URL ?? `smtp://127.0.0.1:${LOCAL_PORTS.smtp}`,
    MAIL_API_URL: env.MAIL_API_URL ?? `http://127.0.0.1:${LOCAL_PORTS.mailApi}`,
  };
}
