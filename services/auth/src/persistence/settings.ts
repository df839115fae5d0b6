/**
 * The development-only "real OTP" switch. Kept in the auth service's own database, so every auth
 * instance of one deployment agrees and two deployments sharing one Redis (the integration test runs
 * side by side do) never see each other's switch.
 */
import { Schema, type Connection, type Model } from 'mongoose';

const REAL_OTP = 'real-otp';

const settingSchema = new Schema(
  { _id: { type: String, required: true }, value: { type: String, required: true } },
  { collection: 'settings', versionKey: false },
);

type Setting = { _id: string; value: string };

export class AuthSettings {
  private readonly settings: Model<Setting>;

  constructor(mongo: Connection) {
    this.settings =
      (mongo.models.AuthSetting as Model<Setting> | undefined) ??
      mongo.model<Setting>('AuthSetting', settingSchema);
  }

  /** Real codes are on unless a developer switched them off. */
  async realOtpEnabled(): Promise<boolean> {
    const setting = await this.settings.findById(REAL_OTP).lean();
    return setting?.value !== 'off';
  }

  async setRealOtp(enabled: boolean): Promise<void> {
    await this.settings.updateOne(
      { _id: REAL_OTP },
      { $set: { value: enabled ? 'on' : 'off' } },
      { upsert: true },
    );
  }
}
