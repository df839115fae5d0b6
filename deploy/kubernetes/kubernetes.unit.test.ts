/**
 * The Kubernetes manifests, without a cluster: the generated files are what scripts/k8s-manifests.ts writes
 * for every deployable, and each deployable has probes, resources, autoscaling on CPU, a disruption budget,
 * its config from the ConfigMap and its secrets from the Secret, and runs locked down. Rendering with
 * kustomize and validating against the Kubernetes schemas is scripts/check-deploy.ts (a tier of npm test).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { deployTargets, metricsPortOf } from '../../scripts/deploy-targets';
import { generatedFiles } from '../../scripts/k8s-manifests';

const ROOT = path.resolve(__dirname, '..', '..');
type Doc = { kind: string; metadata: { name: string }; spec: Record<string, unknown> } & Record<string, unknown>;

test('the generated files are up to date (run `npm run k8s:generate` after changing scripts/deployables.ts)', () => {
  for (const [file, content] of Object.entries(generatedFiles())) {
    expect([file, fs.existsSync(path.join(ROOT, file)) ? fs.readFileSync(path.join(ROOT, file), 'utf8') : '(missing)']).toEqual([file, content]);
  }
  const onDisk = fs.readdirSync(path.join(ROOT, 'deploy', 'kubernetes', 'base', 'deployables')).sort();
  expect(onDisk).toEqual(deployTargets().map((d) => `${d.name}.yaml`).sort());
});

describe.each(deployTargets().map((d) => [d.name, d] as const))('%s', (name, deployable) => {
  const docs = parseAllDocuments(fs.readFileSync(path.join(ROOT, 'deploy', 'kubernetes', 'base', 'deployables', `${name}.yaml`), 'utf8')).map(
    (d) => d.toJSON() as Doc,
  );
  const byKind = (kind: string) => docs.find((d) => d.kind === kind)!;
  const deployment = byKind('Deployment');
  const pod = (deployment.spec.template as { spec: Record<string, unknown> }).spec;
  const container = (pod.containers as Array<Record<string, unknown>>)[0]!;

  test('a Deployment, a Service, a HorizontalPodAutoscaler on CPU and a PodDisruptionBudget', () => {
    expect(docs.map((d) => d.kind)).toEqual(['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget']);
    const hpa = byKind('HorizontalPodAutoscaler').spec as { minReplicas: number; maxReplicas: number; metrics: unknown[]; scaleTargetRef: unknown };
    expect(hpa.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
    expect(hpa.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.maxReplicas).toBeGreaterThan(hpa.minReplicas);
    expect(hpa.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }]);
    expect(byKind('PodDisruptionBudget').spec).toEqual({ minAvailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': name } } });
  });

  test('readiness on /readyz, liveness on /healthz, on its port; metrics on PORT + 1000', () => {
    expect(container.ports).toEqual([
      { name: 'http', containerPort: deployable.port, protocol: 'TCP' },
      { name: 'metrics', containerPort: metricsPortOf(deployable), protocol: 'TCP' },
    ]);
    expect(container.readinessProbe).toMatchObject({ httpGet: { path: '/readyz', port: 'http' } });
    expect(container.livenessProbe).toMatchObject({ httpGet: { path: '/healthz', port: 'http' } });
    expect(container.env).toEqual([
      { name: 'PORT', value: String(deployable.port) },
      { name: 'METRICS_PORT', value: String(metricsPortOf(deployable)) },
    ]);
  });

  test('resource requests and limits, config from the ConfigMap, secrets from the Secret', () => {
    const resources = container.resources as { requests: Record<string, string>; limits: Record<string, string> };
    expect(Object.keys(resources.requests).sort()).toEqual(['cpu', 'memory']);
    expect(Object.keys(resources.limits).sort()).toEqual(['cpu', 'memory']);
    expect(container.envFrom).toEqual([{ configMapRef: { name: 'safarsaathi-config' } }, { secretRef: { name: 'safarsaathi-secrets' } }]);
  });

  test('runs as a non-root user with a read-only root file system and no extra privileges', () => {
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(container.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
    expect(pod.automountServiceAccountToken).toBe(false);
  });
});

test('the ConfigMap holds no secret, and the example Secret only placeholders', () => {
  const config = fs.readFileSync(path.join(ROOT, 'deploy', 'kubernetes', 'base', 'config.yaml'), 'utf8');
  for (const secret of ['INTERNAL_HMAC_SECRET', 'MONGO_URL', 'REDIS_URL', 'SMTP_URL']) expect(config).not.toMatch(new RegExp(`^\\s*${secret}:`, 'm'));
  const example = fs.readFileSync(path.join(ROOT, 'deploy', 'kubernetes', 'overlays', 'example', 'secrets.example.env'), 'utf8');
  expect(example).toMatch(/^MONGO_URL=mongodb:\/\/.*replicaSet=/m);
  for (const line of example.split('\n').filter((l) => /^[A-Z_]+=/.test(l))) expect(line).toMatch(/change-me|replace-with/);
});
