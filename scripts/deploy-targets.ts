/** What the deployment files (docker-compose.yml, deploy/observability, deploy/kubernetes) must cover. */
import { DEPLOYABLES, type Deployable } from './deployables';

/** Every deployable of scripts/deployables.ts. */
export function deployTargets(): Deployable[] {
  return [...DEPLOYABLES];
}

/** The metrics port a deployable listens on by default (platform/src/metrics.ts: PORT + 1000). */
export function metricsPortOf(deployable: Deployable): number {
  return deployable.port + 1000;
}

/** `gateway` or `services/<name>`: the workspace folder of a deployable. */
export function workspaceOf(deployable: Deployable): string {
  return deployable.entry.replace(/\/src\/main\.ts$/, '');
}
