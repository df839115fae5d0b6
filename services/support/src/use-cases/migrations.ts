/**
 * Cases of before the case type existed get theirs (a case naming a conversation is a report, any other a
 * support case), so the ops console's type filter finds them by an indexed query. Idempotent: only cases
 * without a type are touched. Until it has run, views derive the same type (caseTypeOf).
 */
import { runStartupMigration, type StartupMigrationDeps } from '@safarsaathi/platform';
import type { CaseModel } from '../persistence/cases';

export async function migrateCaseTypes(deps: StartupMigrationDeps, cases: CaseModel): Promise<void> {
  await runStartupMigration(deps, 'support-case-types-v1', async () => {
    const untyped = { type: { $exists: false } };
    const reports = await cases.updateMany(
      { ...untyped, conversationId: { $type: 'string' } },
      { $set: { type: 'report' } },
    );
    const support = await cases.updateMany(untyped, { $set: { type: 'support' } });
    return { reports: reports.modifiedCount, support: support.modifiedCount };
  });
}
