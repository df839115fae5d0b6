/**
 * `npm run k8s:generate`: writes deploy/kubernetes/base/deployables/<name>.yaml (Deployment, Service,
 * HorizontalPodAutoscaler, PodDisruptionBudget, NetworkPolicy), base/network-policies.yaml (the namespace's
 * default deny and DNS) and the base kustomization's resource list for every deployable of
 * scripts/deploy-targets.ts, so a new deployable gets the same probes, limits, scaling, disruption budget,
 * trusted proxy and network rules as the others. deploy/kubernetes/kubernetes.unit.test.ts fails when the
 * files differ from what this writes; scripts/k8s-checks.ts checks the rendered result (npm run check:deploy).
 */
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import type { Deployable } from './deployables';
import { deployTargets, metricsPortOf } from './deploy-targets';

const ROOT = path.resolve(__dirname, '..');
export const BASE_DIR = path.join(ROOT, 'deploy', 'kubernetes', 'base');
/** The image repository of each deployable; overlays pin tags (or digests) with kustomize `images`. */
export const IMAGE_REGISTRY = 'ghcr.io/safarsaathi';

interface Sizing {
  requests: { cpu: string; memory: string };
  limits: { cpu: string; memory: string };
  minReplicas: number;
  maxReplicas: number;
}

/** Measured idle: about 90 MiB per process (bench/README.md); the search index grows with the open requests. */
const DEFAULT_SIZING: Sizing = {
  requests: { cpu: '100m', memory: '160Mi' },
  limits: { cpu: '1', memory: '384Mi' },
  minReplicas: 2,
  maxReplicas: 6,
};
const SIZING: Record<string, Partial<Sizing>> = {
  // Every search instance holds the whole index in memory (about 300 MiB at 100,000 open requests).
  search: { requests: { cpu: '200m', memory: '512Mi' }, limits: { cpu: '2', memory: '1Gi' }, maxReplicas: 4 },
  gateway: {
    requests: { cpu: '200m', memory: '160Mi' },
    limits: { cpu: '2', memory: '384Mi' },
    maxReplicas: 8,
  },
};

/**
 * TRUST_PROXY of every deployable: one hop. The gateway's one hop is the ingress controller, which writes
 * the address it received the connection from as the last X-Forwarded-For entry (ingress-nginx replaces the
 * header with $remote_addr by default, and appends it with compute-full-forwarded-for); the services' one
 * hop is the gateway, which replaces X-Forwarded-For with the client IP it determined (gateway/src/proxy.ts).
 * A hop count rather than addresses: pod IPs change, and the NetworkPolicies below make the ingress
 * controller the only peer of the gateway and the gateway the only peer of a service's HTTP port, so the
 * one hop trusted is always that one. docs/decisions.md "Kubernetes: whom each hop trusts".
 */
export const TRUST_PROXY_HOPS = '1';

/** The ingress controller (ingress-nginx's chart: namespace and pod labels), the gateway's only client. */
export const INGRESS_CONTROLLER = {
  namespace: 'ingress-nginx',
  podLabels: { 'app.kubernetes.io/name': 'ingress-nginx' },
};
/** Prometheus, which scrapes the metrics ports the prometheus.io annotations name. */
export const PROMETHEUS = { namespace: 'monitoring', podLabels: { 'app.kubernetes.io/name': 'prometheus' } };

/**
 * The data stores live outside these manifests (managed or operator-run); pods may open connections only
 * to their ports: Kafka (plain and TLS listeners), MongoDB, Redis, and SMTP submission (notifications).
 */
export const DATA_STORE_PORTS = {
  kafka: [9092, 9093],
  mongodb: [27017],
  redis: [6379],
  smtp: [465, 587],
} as const;
export type DataStore = keyof typeof DATA_STORE_PORTS;

/**
 * The data stores a deployable connects to: the gateway Kafka (blocked-user events) and Redis (sessions,
 * limits, live updates), never MongoDB or SMTP; the services all but SMTP, which only notifications sends.
 */
export function dataStoresOf(name: string): DataStore[] {
  if (name === 'gateway') return ['kafka', 'redis'];
  return name === 'notifications' ? ['kafka', 'mongodb', 'redis', 'smtp'] : ['kafka', 'mongodb', 'redis'];
}

/** Where push services live: any public address, port 443. */
export const PUSH_SERVICES_EGRESS = {
  to: [
    {
      ipBlock: {
        cidr: '0.0.0.0/0',
        except: [
          '10.0.0.0/8',
          '172.16.0.0/12',
          '192.168.0.0/16',
          '100.64.0.0/10',
          '169.254.0.0/16',
          '127.0.0.0/8',
        ],
      },
    },
    { ipBlock: { cidr: '::/0', except: ['fc00::/7', 'fe80::/10', '::1/128', '::ffff:0:0/96'] } },
  ],
  ports: [{ protocol: 'TCP', port: 443 }],
};

const namespacePeer = (peer: { namespace: string; podLabels: Record<string, string> }) => ({
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': peer.namespace } },
  podSelector: { matchLabels: peer.podLabels },
});

/**
 * A deployable's own NetworkPolicy on top of the namespace's default deny: its HTTP port only from the
 * gateway (the gateway's only from the ingress controller), its metrics port only from Prometheus, and out
 * only to the services' HTTP ports (the gateway) and the data stores it uses.
 */
function networkPolicyOf(deployable: Deployable, labels: Record<string, string>): Record<string, unknown> {
  const { name, port } = deployable;
  const isGateway = name === 'gateway';
  const services = deployTargets().filter((d) => d.name !== 'gateway');
  const egress: Array<Record<string, unknown>> = [];
  if (isGateway) {
    egress.push({
      to: [{ podSelector: { matchLabels: { 'app.kubernetes.io/component': 'service' } } }],
      ports: services.map((s) => ({ protocol: 'TCP', port: s.port })),
    });
  }
  // No `to`: the data stores' addresses belong to each installation (another namespace, a managed service).
  egress.push({
    ports: dataStoresOf(name).flatMap((store) =>
      DATA_STORE_PORTS[store].map((p) => ({ protocol: 'TCP', port: p })),
    ),
  });
  // Web Push: notifications posts to the browsers' push services, on the internet, over https only; never
  // to a private, loopback or link-local range (the service refuses those too, docs/security.md "Web Push").
  if (name === 'notifications') egress.push(PUSH_SERVICES_EGRESS);
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name, labels },
    spec: {
      podSelector: { matchLabels: { 'app.kubernetes.io/name': name } },
      policyTypes: ['Ingress', 'Egress'],
      ingress: [
        {
          from: [
            isGateway
              ? namespacePeer(INGRESS_CONTROLLER)
              : { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } },
          ],
          ports: [{ protocol: 'TCP', port }],
        },
        { from: [namespacePeer(PROMETHEUS)], ports: [{ protocol: 'TCP', port: metricsPortOf(deployable) }] },
      ],
      egress,
    },
  };
}

/** The namespace's defaults: nothing in or out unless a policy allows it, and every pod may ask DNS. */
export function namespacePolicies(): Array<Record<string, unknown>> {
  return [
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'default-deny' },
      spec: { podSelector: {}, policyTypes: ['Ingress', 'Egress'] },
    },
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'allow-dns' },
      // No `to`: cluster DNS is kube-dns in most clusters, a node-local cache in others.
      spec: {
        podSelector: {},
        policyTypes: ['Egress'],
        egress: [
          {
            ports: [
              { protocol: 'UDP', port: 53 },
              { protocol: 'TCP', port: 53 },
            ],
          },
        ],
      },
    },
  ];
}

const HEADER =
  '# Generated by scripts/k8s-manifests.ts from scripts/deploy-targets.ts (npm run k8s:generate): do not edit by hand.\n';

export function manifestsOf(deployable: Deployable): Array<Record<string, unknown>> {
  const { name, port } = deployable;
  const metricsPort = metricsPortOf(deployable);
  const sizing = { ...DEFAULT_SIZING, ...SIZING[name] };
  const selector = { 'app.kubernetes.io/name': name };
  const labels = { ...selector, 'app.kubernetes.io/component': name === 'gateway' ? 'gateway' : 'service' };

  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels },
    spec: {
      replicas: sizing.minReplicas,
      revisionHistoryLimit: 5,
      selector: { matchLabels: selector },
      // Never below the wanted count during a rollout: a new pod must be ready before an old one goes.
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: {
          labels,
          annotations: {
            'prometheus.io/scrape': 'true',
            'prometheus.io/port': String(metricsPort),
            'prometheus.io/path': '/metrics',
          },
        },
        spec: {
          automountServiceAccountToken: false,
          terminationGracePeriodSeconds: 30,
          securityContext: {
            runAsNonRoot: true,
            runAsUser: 1000,
            runAsGroup: 1000,
            fsGroup: 1000,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: 'kubernetes.io/hostname',
              whenUnsatisfiable: 'ScheduleAnyway',
              labelSelector: { matchLabels: selector },
            },
          ],
          containers: [
            {
              name,
              image: `${IMAGE_REGISTRY}/${name}`,
              imagePullPolicy: 'IfNotPresent',
              ports: [
                { name: 'http', containerPort: port, protocol: 'TCP' },
                { name: 'metrics', containerPort: metricsPort, protocol: 'TCP' },
              ],
              env: [
                { name: 'PORT', value: String(port) },
                { name: 'METRICS_PORT', value: String(metricsPort) },
                // The gateway: the ingress hop; a service: the gateway hop (TRUST_PROXY_HOPS).
                { name: 'TRUST_PROXY', value: TRUST_PROXY_HOPS },
              ],
              envFrom: [
                { configMapRef: { name: 'safarsaathi-config' } },
                { secretRef: { name: 'safarsaathi-secrets' } },
              ],
              // Ready: its dependencies answer and it has caught up (search: its index); only then does it get traffic.
              readinessProbe: {
                httpGet: { path: '/readyz', port: 'http' },
                periodSeconds: 5,
                timeoutSeconds: 3,
                failureThreshold: 3,
              },
              // Alive: the process answers at all; a failing dependency does not restart it.
              livenessProbe: {
                httpGet: { path: '/healthz', port: 'http' },
                periodSeconds: 10,
                timeoutSeconds: 3,
                failureThreshold: 3,
              },
              startupProbe: {
                httpGet: { path: '/healthz', port: 'http' },
                periodSeconds: 2,
                timeoutSeconds: 3,
                failureThreshold: 60,
              },
              // Endpoints are removed before SIGTERM reaches the process: wait for that before draining.
              lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } },
              resources: { requests: sizing.requests, limits: sizing.limits },
              securityContext: {
                allowPrivilegeEscalation: false,
                readOnlyRootFilesystem: true,
                capabilities: { drop: ['ALL'] },
              },
              volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
            },
          ],
          volumes: [{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }],
        },
      },
    },
  };
  const service = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, labels },
    spec: {
      type: 'ClusterIP',
      selector,
      ports: [
        { name: 'http', port, targetPort: 'http', protocol: 'TCP' },
        { name: 'metrics', port: metricsPort, targetPort: 'metrics', protocol: 'TCP' },
      ],
    },
  };
  const autoscaler = {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name, labels },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
      minReplicas: sizing.minReplicas,
      maxReplicas: sizing.maxReplicas,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
        },
      ],
      behavior: { scaleDown: { stabilizationWindowSeconds: 300 } },
    },
  };
  const disruptionBudget = {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name, labels },
    spec: { minAvailable: 1, selector: { matchLabels: selector } },
  };
  return [deployment, service, autoscaler, disruptionBudget, networkPolicyOf(deployable, labels)];
}

function renderDocs(docs: Array<Record<string, unknown>>): string {
  return (
    HEADER + docs.map((doc) => stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false })).join('---\n')
  );
}

export function renderDeployable(deployable: Deployable): string {
  return renderDocs(manifestsOf(deployable));
}

/** The files this generator owns, by path relative to the repository. */
export function generatedFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const names: string[] = [];
  for (const deployable of deployTargets()) {
    files[path.relative(ROOT, path.join(BASE_DIR, 'deployables', `${deployable.name}.yaml`))] =
      renderDeployable(deployable);
    names.push(`deployables/${deployable.name}.yaml`);
  }
  const kustomization = {
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    namespace: 'safarsaathi',
    labels: [{ pairs: { 'app.kubernetes.io/part-of': 'safarsaathi' }, includeSelectors: false }],
    resources: ['namespace.yaml', 'config.yaml', 'network-policies.yaml', ...names],
  };
  files[path.relative(ROOT, path.join(BASE_DIR, 'network-policies.yaml'))] = renderDocs(namespacePolicies());
  files[path.relative(ROOT, path.join(BASE_DIR, 'kustomization.yaml'))] =
    HEADER + stringify(kustomization, { lineWidth: 0, aliasDuplicateObjects: false });
  return files;
}

function main(): void {
  const dir = path.join(BASE_DIR, 'deployables');
  fs.mkdirSync(dir, { recursive: true });
  const files = generatedFiles();
  // Deployables that are gone lose their file.
  for (const file of fs.readdirSync(dir)) {
    if (!files[path.relative(ROOT, path.join(dir, file))]) fs.rmSync(path.join(dir, file));
  }
  for (const [file, content] of Object.entries(files)) fs.writeFileSync(path.join(ROOT, file), content);
  process.stdout.write(
    `[k8s] wrote ${Object.keys(files).length} files under ${path.relative(ROOT, BASE_DIR)}\n`,
  );
}

if (require.main === module) main();
