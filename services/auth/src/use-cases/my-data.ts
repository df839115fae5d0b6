/**
 * The auth service's part of `GET /api/me/data` (issue 40; the gateway gathers the parts): the account,
 * the privacy choices with their history, and the sessions (the browser and when, never a token or its hash).
 */
import type { DataExportPart, Identity } from '@safarsaathi/contracts';
import { unauthorized } from '@safarsaathi/platform';
import type { AuthContext } from './context';
import { consentsView } from './consents';

const isoOrNull = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

export async function myAuthData(ctx: AuthContext, identity: Identity): Promise<DataExportPart<'auth'>> {
  const user = await ctx.users.findById(identity.userId).lean();
  if (!user || user.deleted) throw unauthorized();
  const sessions = await ctx.sessions.listForUser(identity.userId);
  return {
    account: {
      user_id: identity.userId,
      email: user.email,
      fullname: user.fullname ?? '',
      phone_number: user.phone_number ?? null,
      registered: Boolean(user.is_registered),
      registered_at: isoOrNull(user.registered_at),
      created_at: isoOrNull(user.created_at),
      accepted_terms: Boolean(user.accepted_terms),
      help_preference: user.help_preference ?? null,
      locale: user.locale ?? 'en',
      large_text: Boolean(user.large_text),
      high_contrast: Boolean(user.high_contrast),
      tour_completed: Boolean(user.tour_completed),
      status: user.status ?? 'Active',
    },
    consents: consentsView(user),
    sessions: sessions.map((session) => ({
      created_at: session.createdAt,
      browser: session.userAgent,
      current: session.sessionId === identity.sessionId,
    })),
  };
}
