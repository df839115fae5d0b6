/**
 * What the rendered Kubernetes manifests (kustomize build output, or the generated base files) must hold
 * for issue 20, as functions that return the problems they find (none: it holds):
 *
 * - trustProxyProblems: every deployable's container gets TRUST_PROXY (from its env or the ConfigMap it
 *   reads), a value the config accepts that trusts exactly one hop (the ingress for the gateway, the
 *   gateway for a service) or named addresses, never none;
 * - networkPolicyProblems: evaluates the NetworkPolicies as Kubernetes does (isolation per direction,
 *   peers by namespace and pod labels or IP block, ports by number, range or name) over the pods of the
 *   Deployments and the peers around them, and checks that only the ingress controller reaches the gateway,
 *   only the gateway reaches a service's HTTP port, only Prometheus the metrics ports, that nothing else
 *   gets in (default deny), and that the data stores named in the configuration are reachable from the
 *   deployables that use them and from nothing else in the namespace;
 * - placeholderSecretProblems: each deployable's real config loader, given the environment its pod would
 *   get (ConfigMap and Secret included), refuses to start in production with the overlay's placeholder
 *   secret, and starts once the secrets are replaced by random ones (so it refuses for that reason).
 *
 * scripts/check-deploy.ts runs them on every rendered overlay; deploy/kubernetes/kubernetes.unit.test.ts
 * on the generated base.
 */
import { randomBytes } from 'node:crypto';
import { ConfigError, trustProxySchema, urlPassword } from '../platform/src/config';
import { CONFIG_LOADERS } from './config-loaders';
import { newVapidKeys } from '../services/notifications/src/config';
import {
  DATA_STORE_PORTS,
  INGRESS_CONTROLLER,
  PROMETHEUS,
  dataStoresOf,
  type DataStore,
} from './k8s-manifests';
import { deployTargets, metricsPortOf } from './deploy-targets';

export type Doc = {
  apiVersion?: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
} & Record<string, unknown>;

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{
    key: string;
    operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
    values?: string[];
  }>;
}
interface PolicyPort {
  protocol?: string;
  port?: number | string;
  endPort?: number;
}
interface Peer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}
interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: PolicyPort[];
}
interface PolicySpec {
  podSelector: LabelSelector;
  policyTypes?: Array<'Ingress' | 'Egress'>;
  ingress?: Rule[];
  egress?: Rule[];
}
interface ContainerPort {
  name?: string;
  containerPort: number;
  protocol?: string;
}
interface Container {
  name: string;
  env?: Array<{ name: string; value?: string }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  ports?: ContainerPort[];
}

/** A pod or an address outside the cluster that a connection can come from or go to. */
export interface Endpoint {
  label: string;
  /** Pods have a namespace and labels; addresses outside the cluster only an IP. */
  namespace?: string;
  labels?: Record<string, string>;
  ip?: string;
  ports?: ContainerPort[];
}

export const DEFAULT_NAMESPACE = 'safarsaathi';

const namespaceOf = (doc: Doc) => doc.metadata.namespace ?? DEFAULT_NAMESPACE;
const deployments = (docs: Doc[]) => docs.filter((doc) => doc.kind === 'Deployment');
const policies = (docs: Doc[]) => docs.filter((doc) => doc.kind === 'NetworkPolicy');
function podTemplate(deployment: Doc): { labels: Record<string, string>; containers: Container[] } {
  const template = (
    deployment.spec as {
      template: { metadata?: { labels?: Record<string, string> }; spec: { containers: Container[] } };
    }
  ).template;
  return { labels: template.metadata?.labels ?? {}, containers: template.spec.containers };
}

/** The environment a Deployment's first container gets: its ConfigMaps and Secrets (envFrom), then its env. */
export function containerEnv(docs: Doc[], deployment: Doc): Record<string, string> {
  const container = podTemplate(deployment).containers[0]!;
  const env: Record<string, string> = {};
  const find = (kind: string, name: string) =>
    docs.find(
      (d) => d.kind === kind && d.metadata.name === name && namespaceOf(d) === namespaceOf(deployment),
    );
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef)
      Object.assign(env, (find('ConfigMap', source.configMapRef.name)?.data as Record<string, string>) ?? {});
    if (source.secretRef) {
      const secret = find('Secret', source.secretRef.name);
      for (const [key, value] of Object.entries((secret?.data as Record<string, string>) ?? {}))
        env[key] = Buffer.from(value, 'base64').toString('utf8');
      Object.assign(env, (secret?.stringData as Record<string, string>) ?? {});
    }
  }
  for (const variable of container.env ?? [])
    if (variable.value !== undefined) env[variable.name] = variable.value;
  return env;
}

// ------------------------------------------------------------------------------------------ TRUST_PROXY

export function trustProxyProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  const found = deployments(docs);
  for (const target of deployTargets())
    if (!found.some((d) => d.metadata.name === target.name)) problems.push(`${target.name}: no Deployment`);
  for (const deployment of found) {
    const name = deployment.metadata.name;
    const value = containerEnv(docs, deployment).TRUST_PROXY;
    if (value === undefined) {
      problems.push(
        `${name}: TRUST_PROXY is not set (${name === 'gateway' ? 'every client would share the ingress IP' : 'the client IP would be the gateway pod'})`,
      );
      continue;
    }
    const parsed = trustProxySchema.safeParse(value);
    if (!parsed.success) problems.push(`${name}: TRUST_PROXY=${value} is refused by the config`);
    else if (parsed.data === false)
      problems.push(
        `${name}: TRUST_PROXY=${value} trusts no proxy, so every request comes from the ${name === 'gateway' ? 'ingress' : 'gateway'}`,
      );
    else if (typeof parsed.data === 'number' && parsed.data !== 1) {
      problems.push(
        `${name}: TRUST_PROXY=${value} trusts ${parsed.data} hops; only one proxy stands in front (${name === 'gateway' ? 'the ingress' : 'the gateway'}), so a client could choose its own IP`,
      );
    }
  }
  return problems;
}

// ------------------------------------------------------------------------------------- NetworkPolicies

function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {}))
    if (labels[key] !== value) return false;
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const has = key in labels;
    if (operator === 'In' && !(has && values.includes(labels[key]!))) return false;
    if (operator === 'NotIn' && has && values.includes(labels[key]!)) return false;
    if (operator === 'Exists' && !has) return false;
    if (operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

function ipv4(ip: string): number | undefined {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + p, 0);
}

function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const address = ipv4(ip);
  const network = ipv4(base ?? '');
  if (address === undefined || network === undefined) return false;
  const size = 2 ** (32 - Number(bits ?? 32));
  return Math.floor(address / size) === Math.floor(network / size);
}

function peerMatches(peer: Peer, policyNamespace: string, endpoint: Endpoint): boolean {
  if (peer.ipBlock) {
    return (
      endpoint.ip !== undefined &&
      inCidr(endpoint.ip, peer.ipBlock.cidr) &&
      !(peer.ipBlock.except ?? []).some((c) => inCidr(endpoint.ip!, c))
    );
  }
  if (endpoint.namespace === undefined) return false;
  const namespaceOk = peer.namespaceSelector
    ? selects(peer.namespaceSelector, { 'kubernetes.io/metadata.name': endpoint.namespace })
    : endpoint.namespace === policyNamespace;
  return namespaceOk && selects(peer.podSelector, endpoint.labels ?? {});
}

function portMatches(
  ports: PolicyPort[] | undefined,
  port: number,
  protocol: string,
  destination: Endpoint,
): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some((p) => {
    if ((p.protocol ?? 'TCP') !== protocol) return false;
    if (p.port === undefined) return true;
    if (typeof p.port === 'string') {
      return (destination.ports ?? []).some(
        (c) => c.name === p.port && c.containerPort === port && (c.protocol ?? 'TCP') === protocol,
      );
    }
    return p.endPort === undefined ? p.port === port : port >= p.port && port <= p.endPort;
  });
}

function typesOf(spec: PolicySpec): string[] {
  return spec.policyTypes ?? ['Ingress', ...(spec.egress ? ['Egress'] : [])];
}

/** Whether `direction` traffic of `subject` with `peer` on `port` is allowed by the policies of its namespace. */
function allowedBy(
  docs: Doc[],
  direction: 'Ingress' | 'Egress',
  subject: Endpoint,
  peer: Endpoint,
  port: number,
  protocol: string,
): boolean {
  if (subject.namespace === undefined) return true;
  const applying = policies(docs).filter(
    (p) =>
      namespaceOf(p) === subject.namespace &&
      typesOf(p.spec as PolicySpec).includes(direction) &&
      selects((p.spec as PolicySpec).podSelector, subject.labels ?? {}),
  );
  // A pod no policy selects for this direction is not isolated.
  if (applying.length === 0) return true;
  const destination = direction === 'Ingress' ? subject : peer;
  return applying.some((p) => {
    const spec = p.spec as PolicySpec;
    const rules = (direction === 'Ingress' ? spec.ingress : spec.egress) ?? [];
    return rules.some((rule) => {
      const peers = direction === 'Ingress' ? rule.from : rule.to;
      const peerOk =
        !peers ||
        peers.length === 0 ||
        peers.some((candidate) => peerMatches(candidate, namespaceOf(p), peer));
      return peerOk && portMatches(rule.ports, port, protocol, destination);
    });
  });
}

/** A connection is made when the source's egress and the destination's ingress both allow it. */
export function connectionAllowed(
  docs: Doc[],
  source: Endpoint,
  destination: Endpoint,
  port: number,
  protocol = 'TCP',
): boolean {
  return (
    allowedBy(docs, 'Egress', source, destination, port, protocol) &&
    allowedBy(docs, 'Ingress', destination, source, port, protocol)
  );
}

const DEFAULT_PORTS: Record<string, number> = {
  mongodb: 27017,
  'mongodb+srv': 27017,
  redis: 6379,
  rediss: 6379,
  smtp: 587,
  smtps: 465,
};
const SAMPLE_URLS: Record<string, string> = {
  MONGO_URL: 'mongodb://mongo-0.mongo.mongodb.svc:27017',
  REDIS_URL: 'redis://redis-master.redis.svc:6379',
  SMTP_URL: 'smtp://smtp.mail.test:587',
};

/** host:port of every address in a broker list or a (multi-host) URL, with the scheme's default port. */
function addresses(value: string): Array<{ host: string; port: number }> {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  const hosts = scheme
    ? value
        .slice(scheme.length + 3)
        .replace(/^[^@/]*@/, '')
        .split(/[/?]/)[0]!
    : value;
  return hosts
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean)
    .map((h) => {
      const match = /^(.*?)(?::(\d+))?$/.exec(h)!;
      return { host: match[1]!, port: match[2] ? Number(match[2]) : (DEFAULT_PORTS[scheme ?? ''] ?? 0) };
    });
}

/** A data store address as a peer: a Service `<name>.<namespace>.svc` is a pod there, anything else an outside address. */
function storeEndpoint(store: DataStore, host: string, port: number): Endpoint {
  const namespace = /^[^.]+\.([^.]+)\.svc(\.|$)/.exec(host)?.[1];
  const label = `${store} ${host}:${port}`;
  return namespace
    ? { label, namespace, labels: { 'app.kubernetes.io/name': store } }
    : { label, ip: '203.0.113.25' };
}

export function networkPolicyProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  const found = deployments(docs);
  if (policies(docs).length === 0)
    return ['no NetworkPolicy at all: every pod accepts connections from anywhere'];
  const namespace = found[0] ? namespaceOf(found[0]) : DEFAULT_NAMESPACE;
  const pods = new Map<string, Endpoint>(
    found.map((d) => {
      const { labels, containers } = podTemplate(d);
      return [
        d.metadata.name,
        {
          label: d.metadata.name,
          namespace: namespaceOf(d),
          labels,
          ports: containers.flatMap((c) => c.ports ?? []),
        },
      ];
    }),
  );
  const ingressController: Endpoint = {
    label: 'the ingress controller',
    namespace: INGRESS_CONTROLLER.namespace,
    labels: INGRESS_CONTROLLER.podLabels,
  };
  const prometheus: Endpoint = {
    label: 'Prometheus',
    namespace: PROMETHEUS.namespace,
    labels: PROMETHEUS.podLabels,
  };
  const debugPod: Endpoint = { label: 'another pod of the namespace', namespace, labels: { run: 'debug' } };
  const elsewhere: Endpoint = {
    label: 'a pod of another namespace',
    namespace: 'default',
    labels: { app: 'other' },
  };
  const outside: Endpoint = { label: 'an address outside the cluster', ip: '198.51.100.7' };
  const sources = [...pods.values(), ingressController, prometheus, debugPod, elsewhere, outside];
  const expect = (
    source: Endpoint,
    destination: Endpoint,
    port: number,
    wanted: boolean,
    protocol = 'TCP',
  ) => {
    const allowed = connectionAllowed(docs, source, destination, port, protocol);
    if (allowed !== wanted)
      problems.push(
        `${source.label} -> ${destination.label}:${port}/${protocol}: ${allowed ? 'allowed' : 'refused'}, should be ${wanted ? 'allowed' : 'refused'}`,
      );
  };

  // Default deny: a pod no other policy names accepts nothing, from inside the namespace or out.
  for (const source of [ingressController, elsewhere, outside, ...pods.values()])
    expect(source, debugPod, 8080, false);

  for (const target of deployTargets()) {
    const pod = pods.get(target.name);
    if (!pod) continue;
    const httpClient = target.name === 'gateway' ? ingressController : pods.get('gateway');
    for (const source of sources) {
      expect(source, pod, target.port, source === httpClient);
      expect(source, pod, metricsPortOf(target), source === prometheus);
    }
    // Cluster DNS, without which no address resolves.
    expect(
      pod,
      { label: 'kube-dns', namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } },
      53,
      true,
      'UDP',
    );
  }

  // The data stores the configuration names (or typical addresses where it names none).
  const env = found[0]
    ? containerEnv(docs, found.find((d) => d.metadata.name === 'notifications') ?? found[0])
    : {};
  const stores: Array<{ store: DataStore; endpoint: Endpoint; port: number }> = [];
  const named: Array<[DataStore, string | undefined]> = [
    ['kafka', env.KAFKA_BROKERS],
    ['mongodb', env.MONGO_URL ?? SAMPLE_URLS.MONGO_URL],
    ['redis', env.REDIS_URL ?? SAMPLE_URLS.REDIS_URL],
    ['smtp', env.SMTP_URL ?? SAMPLE_URLS.SMTP_URL],
  ];
  for (const [store, value] of named) {
    for (const { host, port } of addresses(value ?? `${store}.${store}.svc:${DATA_STORE_PORTS[store][0]}`))
      stores.push({ store, endpoint: storeEndpoint(store, host, port), port });
  }
  for (const { store, endpoint, port } of stores) {
    for (const target of deployTargets()) {
      const pod = pods.get(target.name);
      if (pod) expect(pod, endpoint, port, dataStoresOf(target.name).includes(store));
    }
    expect(debugPod, endpoint, port, false);
  }
  return problems;
}

// ------------------------------------------------------------------------------- placeholder secrets

/** Each deployable's real loader with its pod's environment: must refuse the overlay's INTERNAL_HMAC_SECRET in production. */
export function placeholderSecretProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  for (const deployment of deployments(docs)) {
    const name = deployment.metadata.name;
    const loader = CONFIG_LOADERS[name];
    if (!loader) {
      problems.push(`${name}: no config loader known for it (scripts/config-loaders.ts)`);
      continue;
    }
    const env = containerEnv(docs, deployment);
    if (env.APP_ENV !== 'production')
      problems.push(`${name}: APP_ENV is ${env.APP_ENV ?? 'not set'} in the manifests, not production`);
    if (!env.INTERNAL_HMAC_SECRET) {
      problems.push(`${name}: the manifests give it no INTERNAL_HMAC_SECRET`);
      continue;
    }
    const attempt = (variables: Record<string, string>) => {
      try {
        loader.load({ ...variables, APP_ENV: 'production' });
        return undefined;
      } catch (error) {
        return error;
      }
    };
    // The Web Push pair (notifications) is one secret in two variables: a fresh pair replaces both.
    const vapid = newVapidKeys();
    const freshVapid: Record<string, string> =
      'VAPID_PRIVATE_KEY' in env
        ? { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey }
        : {};
    // The shipped HMAC secret alone (a malformed placeholder pair would stop the loader before it looks).
    const refusal = attempt({ ...env, ...freshVapid });
    if (
      !(refusal instanceof ConfigError) ||
      !refusal.problems.some((p) => p.startsWith('INTERNAL_HMAC_SECRET:'))
    ) {
      problems.push(
        `${name}: production does not refuse the INTERNAL_HMAC_SECRET the manifests ship (${refusal instanceof Error ? refusal.message : 'it starts'})`,
      );
    }
    // With random secrets instead, the same environment starts: the refusal is the secret's, nothing else's.
    const randomized: Record<string, string> = {
      ...env,
      INTERNAL_HMAC_SECRET: randomBytes(32).toString('hex'),
      ...freshVapid,
    };
    for (const [key, value] of Object.entries(randomized)) {
      if (key.endsWith('_URL') && urlPassword(value) !== undefined) {
        randomized[key] = value.replace(
          /^([a-z][a-z0-9+.-]*:\/\/[^:@/?#]*:)[^@/?#]*@/i,
          `$1${randomBytes(12).toString('hex')}@`,
        );
      }
    }
    if (name === 'notifications') {
      // The shipped pair alone (only notifications reads it): production refuses it too.
      const shipped = attempt({
        ...randomized,
        VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY ?? '',
        VAPID_PRIVATE_KEY: env.VAPID_PRIVATE_KEY ?? '',
      });
      if (!(shipped instanceof ConfigError) || !shipped.problems.some((p) => p.startsWith('VAPID_')))
        problems.push(`${name}: production does not refuse the VAPID key pair the manifests ship`);
    }
    const control = attempt(randomized);
    if (control !== undefined)
      problems.push(
        `${name}: does not start even with random secrets: ${control instanceof Error ? control.message : String(control)}`,
      );
  }
  return problems;
}
