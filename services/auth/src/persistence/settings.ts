/** The development-only "real OTP" switch, kept in Redis so every auth instance agrees. */
import type { Redis } from '@safarsaathi/platform';

const REAL_OTP_KEY = 'auth:settings:real-otp';

export class AuthSettings {
  constructor(private readonly redis: Redis) {}

  /** Real codes are on unless a developer switched them off. */
  async realOtpEnabled(): Promise<boolean> {
    return (await this.redis.get(REAL_OTP_KEY)) !== 'off';
  }

  async setRealOtp(enabled: boolean): Promise<void> {
    await this.redis.set(REAL_OTP_KEY, enabled ? 'on' : 'off');
  }
}
