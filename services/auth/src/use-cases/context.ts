import type { Queue } from 'bullmq';
import type { EmailJob, Locale } from '@safarsaathi/contracts';
import type {
  DocumentLocks,
  EmailSecrets,
  LivePublisher,
  Logger,
  OutboxTarget,
  PiiKeyring,
  SessionStore,
  SlidingWindowLimit,
} from '@safarsaathi/platform';
import type { AuthConfig } from '../config';
import type { UserModel } from '../persistence/users';
import type { OtpStore } from '../persistence/otp-store';
import type { AuthSettings } from '../persistence/settings';
import type { ChallengeStore } from '../persistence/challenges';
import type { BlockedEmailModel } from '../persistence/blocked-emails';

/** Everything the auth use-cases need, built once in app.ts. */
export interface AuthContext {
  config: AuthConfig;
  logger: Logger;
  users: UserModel;
  sessions: SessionStore;
  otps: OtpStore;
  /** Proof-of-work challenges asked for past a network's code budget. */
  challenges: ChallengeStore;
  settings: AuthSettings;
  emailQueue: Queue<EmailJob>;
  /** One-time codes travel to the e-mail worker through here, never in job data. */
  emailSecrets: EmailSecrets;
  /** Wrong code checks per network from unknown browsers (the per-code and per-address limits are in OtpStore). */
  verifiesPerIp: SlidingWindowLimit;
  /** Registration attempts (register-user.ts): each tells whether a mobile number is taken. */
  registration: RegistrationLimits;
  /** Privacy choices changed per user and hour (consents.ts): each adds to the user's history. */
  consentChanges: SlidingWindowLimit;
  /** Publishes staged events now; name the written user (its `_id`) so only it is read. */
  flushOutbox: (written?: OutboxTarget) => void;
  /** Tells the user's open browsers that their session ended (they sign out). */
  live: LivePublisher;
  /** Held around every write of a user document (userLockKey). */
  locks: DocumentLocks;
  /** The keys of personal fields in events: erasure destroys the user's (issue 40). */
  pii: PiiKeyring;
  /** Blocks kept by a keyed hash of the mailbox after the account is erased. */
  blockedEmails: BlockedEmailModel;
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
  /** What per-network limits count: the IPv4 address, or the IPv6 /64 (platform ipSubject). */
  network: string;
  /**
   * The browser's device cookie, when this deployment signed it: its codes are its own, and known devices
   * skip the per-network limits.
   */
  deviceToken: string | undefined;
  userAgent: string;
  /** The language of the page that sent the request (Accept-Language), when it is one the product speaks. */
  locale?: Locale;
}
