import type { Queue } from 'bullmq';
import type { EmailJob, Locale } from '@safarsaathi/contracts';
import type { DocumentLocks, EmailSecrets, LivePublisher, Logger, OutboxTarget, SessionStore, SlidingWindowLimit } from '@safarsaathi/platform';
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
  /** One-time codes travel to the e-mail worker through here, never in job data. */
  emailSecrets: EmailSecrets;
  /** Code checks per client IP (the per-code limit is in OtpStore). */
  verifiesPerIp: SlidingWindowLimit;
  /** Registration attempts (register-user.ts): each tells whether a mobile number is taken. */
  registration: RegistrationLimits;
  /** Publishes staged events now; name the written user (its `_id`) so only it is read. */
  flushOutbox: (written?: OutboxTarget) => void;
  /** Tells the user's open browsers that their session ended (they sign out). */
  live: LivePublisher;
  /** Held around every write of a user document (userLockKey). */
  locks: DocumentLocks;
}

export interface RegistrationLimits {
  /** Every attempt of an account. */
  perUser: SlidingWindowLimit;
  /** One an hour per account: its first attempt, which the per-IP count does not hold back. */
  firstPerUser: SlidingWindowLimit;
  /** Answers "taken" per client IP. */
  takenPerIp: SlidingWindowLimit;
}

/** Where the request came from, as the use-cases need it. */
export interface RequestOrigin {
  ip: string;
  /** The browser's device cookie (known devices skip the per-address ceiling). */
  deviceToken: string | undefined;
  userAgent: string;
  /** The language of the page that sent the request (Accept-Language), when it is one the product speaks. */
  locale?: Locale;
}
