/**
 * What the deployment files (docker-compose.yml, deploy/observability, deploy/kubernetes) must cover:
 * every deployable of scripts/deployables.ts, plus those whose code is on its way and already named there.
 */
import { DEPLOYABLES, type Deployable } from './deployables';

/**
 * chat (port 4004) arrives with the chat issue, which adds it to scripts/deployables.ts; until then the
 * deployment files name it already, so nothing needs editing when it lands. An entry here that
 * scripts/deployables.ts also has is simply redundant.
 */
export const PLANNED_DEPLOYABLES: readonly Deployable[] = [
  { name: 'chat', entry: 'services/chat/src/main.ts', port: 4004, gatewayEnv: 'CHAT_URL' },
];

export function deployTargets(): Deployable[] {
  const targets = [...DEPLOYABLES];
  for (const planned of PLANNED_DEPLOYABLES) if (!targets.some((d) => d.name === planned.name)) targets.push(planned);
  return targets;
}

/** The metrics port a deployable listens on by default (platform/src/metrics.ts: PORT + 1000). */
export function metricsPortOf(deployable: Deployable): number {
  return deployable.port + 1000;
}

/** `gateway` or `services/<name>`: the workspace folder of a deployable. */
export function workspaceOf(deployable: Deployable): string {
  return deployable.entry.replace(/\/src\/main\.ts$/, '');
}
