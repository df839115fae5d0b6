/**
 * The Kubernetes manifests, without a cluster: the generated files are what scripts/k8s-manifests.ts writes
 * for every deployable, and each deployable has probes, resources, autoscaling on CPU, a disruption budget,
 * its config from the ConfigMap and its secrets from the Secret, runs locked down, trusts exactly one proxy
 * hop, and sits behind NetworkPolicies (scripts/k8s-checks.ts, run here on the base as written). Rendering
 * with kustomize, validating against the Kubernetes schemas and the same checks on every rendered overlay
 * are scripts/check-deploy.ts (a tier of npm test).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { deployTargets, metricsPortOf } from '../../scripts/deploy-targets';
import { generatedFiles } from '../../scripts/k8s-manifests';
import {
  connectionAllowed,
  networkPolicyProblems,
  trustProxyProblems,
  type Doc as ManifestDoc,
  type Endpoint,
} from '../../scripts/k8s-checks';

const ROOT = path.resolve(__dirname, '..', '..');
type Doc = { kind: string; metadata: { name: string }; spec: Record<string, unknown> } & Record<
  string,
  unknown
>;

test('the generated files are up to date (run `npm run k8s:generate` after changing scripts/deployables.ts)', () => {
  for (const [file, content] of Object.entries(generatedFiles())) {
    expect([
      file,
      fs.existsSync(path.join(ROOT, file)) ? fs.readFileSync(path.join(ROOT, file), 'utf8') : '(missing)',
    ]).toEqual([file, content]);
  }
  const onDisk = fs.readdirSync(path.join(ROOT, 'deploy', 'kubernetes', 'base', 'deployables')).sort();
  expect(onDisk).toEqual(
    deployTargets()
      .map((d) => `${d.name}.yaml`)
      .sort(),
  );
});

describe.each(deployTargets().map((d) => [d.name, d] as const))('%s', (name, deployable) => {
  const docs = parseAllDocuments(
    fs.readFileSync(path.join(ROOT, 'deploy', 'kubernetes', 'base', 'deployables', `${name}.yaml`), 'utf8'),
  ).map((d) => d.toJSON() as Doc);
  const byKind = (kind: string) => docs.find((d) => d.kind === kind)!;
  const deployment = byKind('Deployment');
  const pod = (deployment.spec.template as { spec: Record<string, unknown> }).spec;
  const container = (pod.containers as Array<Record<string, unknown>>)[0]!;

  test('a Deployment, a Service, a HorizontalPodAutoscaler on CPU and a PodDisruptionBudget', () => {
    expect(docs.map((d) => d.kind)).toEqual([
      'Deployment',
      'Service',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'NetworkPolicy',
    ]);
    const hpa = byKind('HorizontalPodAutoscaler').spec as {
      minReplicas: number;
      maxReplicas: number;
      metrics: unknown[];
      scaleTargetRef: unknown;
    };
    expect(hpa.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
    expect(hpa.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.maxReplicas).toBeGreaterThan(hpa.minReplicas);
    expect(hpa.metrics).toEqual([
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
      },
    ]);
    expect(byKind('PodDisruptionBudget').spec).toEqual({
      minAvailable: 1,
      selector: { matchLabels: { 'app.kubernetes.io/name': name } },
    });
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
      // One hop: the ingress in front of the gateway, the gateway in front of a service (docs/decisions.md).
      { name: 'TRUST_PROXY', value: '1' },
    ]);
  });

  test('resource requests and limits, config from the ConfigMap, secrets from the Secret', () => {
    const resources = container.resources as {
      requests: Record<string, string>;
      limits: Record<string, string>;
    };
    expect(Object.keys(resources.requests).sort()).toEqual(['cpu', 'memory']);
    expect(Object.keys(resources.limits).sort()).toEqual(['cpu', 'memory']);
    expect(container.envFrom).toEqual([
      { configMapRef: { name: 'safarsaathi-config' } },
      { secretRef: { name: 'safarsaathi-secrets' } },
    ]);
  });

  test('runs as a non-root user with a read-only root file system and no extra privileges', () => {
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(container.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    expect(pod.automountServiceAccountToken).toBe(false);
  });
});

test('the ConfigMap holds no secret, and the example Secret only placeholders', () => {
  const config = fs.readFileSync(path.join(ROOT, 'deploy', 'kubernetes', 'base', 'config.yaml'), 'utf8');
  for (const secret of ['INTERNAL_HMAC_SECRET', 'MONGO_URL', 'REDIS_URL', 'SMTP_URL'])
    expect(config).not.toMatch(new RegExp(`^\\s*${secret}:`, 'm'));
  const example = fs.readFileSync(
    path.join(ROOT, 'deploy', 'kubernetes', 'overlays', 'example', 'secrets.example.env'),
    'utf8',
  );
  expect(example).toMatch(/^MONGO_URL=mongodb:\/\/.*replicaSet=/m);
  for (const line of example.split('\n').filter((l) => /^[A-Z_]+=/.test(l)))
    expect(line).toMatch(/change-me|replace-with/);
});

describe('the base as written: trusted proxies and NetworkPolicies (scripts/k8s-checks.ts)', () => {
  const baseDir = path.join(ROOT, 'deploy', 'kubernetes', 'base');
  const kustomization = parse(fs.readFileSync(path.join(baseDir, 'kustomization.yaml'), 'utf8')) as {
    resources: string[];
  };
  const docs = kustomization.resources.flatMap((file) =>
    parseAllDocuments(fs.readFileSync(path.join(baseDir, file), 'utf8')).map(
      (d) => d.toJSON() as ManifestDoc,
    ),
  );

  test('the base lists the namespace policies and every deployable (with its NetworkPolicy)', () => {
    expect(kustomization.resources).toContain('network-policies.yaml');
    const names = docs
      .filter((d) => d.kind === 'NetworkPolicy')
      .map((d) => d.metadata.name)
      .sort();
    expect(names).toEqual(['allow-dns', 'default-deny', ...deployTargets().map((d) => d.name)].sort());
    const defaultDeny = docs.find((d) => d.kind === 'NetworkPolicy' && d.metadata.name === 'default-deny')!;
    expect(defaultDeny.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
  });

  test('TRUST_PROXY is one hop on the gateway and every service', () => {
    expect(trustProxyProblems(docs)).toEqual([]);
  });

  test('only the ingress reaches the gateway, only the gateway the services, only the deployables their data stores', () => {
    expect(networkPolicyProblems(docs)).toEqual([]);
  });

  test('the checks catch what they are for (a service without TRUST_PROXY, no default deny, a service open to every namespace)', () => {
    const copy = () => structuredClone(docs);
    const withoutTrust = copy();
    const chat = withoutTrust.find((d) => d.kind === 'Deployment' && d.metadata.name === 'chat')!;
    const container = (
      chat.spec as { template: { spec: { containers: Array<{ env: Array<{ name: string }> }> } } }
    ).template.spec.containers[0]!;
    container.env = container.env.filter((e) => e.name !== 'TRUST_PROXY');
    expect(trustProxyProblems(withoutTrust)).toEqual([
      expect.stringMatching(/^chat: TRUST_PROXY is not set/),
    ]);

    const noDefaultDeny = copy().filter((d) => d.metadata.name !== 'default-deny');
    expect(networkPolicyProblems(noDefaultDeny)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^a pod of another namespace -> another pod of the namespace:8080\/TCP: allowed/,
        ),
      ]),
    );

    const openAuth = copy();
    const authPolicy = openAuth.find((d) => d.kind === 'NetworkPolicy' && d.metadata.name === 'auth')!;
    (authPolicy.spec as { ingress: Array<{ from?: unknown[] }> }).ingress[0]!.from = [
      { namespaceSelector: {} },
    ];
    expect(networkPolicyProblems(openAuth)).toEqual([
      'the ingress controller -> auth:4001/TCP: allowed, should be refused',
      'Prometheus -> auth:4001/TCP: allowed, should be refused',
      'a pod of another namespace -> auth:4001/TCP: allowed, should be refused',
    ]);
  });

  test('the evaluator follows Kubernetes: named ports, namespace and pod selectors together, IP blocks', () => {
    const policy = (spec: Record<string, unknown>): ManifestDoc => ({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'p', namespace: 'a' },
      spec,
    });
    const web: Endpoint = {
      label: 'web',
      namespace: 'a',
      labels: { app: 'web' },
      ports: [{ name: 'http', containerPort: 80 }],
    };
    const client: Endpoint = { label: 'client', namespace: 'b', labels: { role: 'client' } };
    const sameLabelsElsewhere: Endpoint = { label: 'other', namespace: 'c', labels: { role: 'client' } };
    const outside: Endpoint = { label: 'outside', ip: '10.1.2.3' };
    const docs = [
      policy({
        podSelector: { matchLabels: { app: 'web' } },
        policyTypes: ['Ingress'],
        ingress: [
          {
            from: [
              {
                namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'b' } },
                podSelector: { matchExpressions: [{ key: 'role', operator: 'In', values: ['client'] }] },
              },
            ],
            ports: [{ port: 'http' }],
          },
          { from: [{ ipBlock: { cidr: '10.0.0.0/8', except: ['10.9.0.0/16'] } }], ports: [{ port: 80 }] },
        ],
      }),
    ];
    expect(connectionAllowed(docs, client, web, 80)).toBe(true);
    expect(connectionAllowed(docs, client, web, 81)).toBe(false);
    expect(connectionAllowed(docs, client, web, 80, 'UDP')).toBe(false);
    expect(connectionAllowed(docs, sameLabelsElsewhere, web, 80)).toBe(false);
    expect(connectionAllowed(docs, outside, web, 80)).toBe(true);
    expect(connectionAllowed(docs, { label: 'excepted', ip: '10.9.1.1' }, web, 80)).toBe(false);
    // Not selected by any policy: not isolated.
    expect(
      connectionAllowed(docs, outside, { label: 'db', namespace: 'a', labels: { app: 'db' } }, 5432),
    ).toBe(true);
  });
});
