import type { Queue } from 'bullmq';
import type { EmailJob } from '@safarsaathi/contracts';
import type { LivePublisher, Logger, OutboxTarget, SessionStore } from '@safarsaathi/platform';
import type { AuthConfig } from '../config';
import type { UserModel } from '../persistence/users';
import type { OtpStore } from '../persistence/otp-store';
import type { AuthSettings } from '../persistence/settings';

/** Everything the auth use-cases need, built once in app.ts. */
export interface AuthContext {
  config: AuthConfig;
  logger: Logger;
  users: UserModel;
  sessions: SessionStore;
  otps: OtpStore;
  settings: AuthSettings;
  emailQueue: Queue<EmailJob>;
  /** Publishes staged events now; name the written user (its `_id`) so only it is read. */
  flushOutbox: (written?: OutboxTarget) => void;
  /** Tells the user's open browsers that their session ended (they sign out). */
  live: LivePublisher;
}
