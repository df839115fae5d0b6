import {
  init,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { RemoteModuleId } from '@safarsaathi/web-kit';
import { HOST_NAME } from './hostName';

/** Served by the gateway: remote name → URL of its mf-manifest.json (absolute, or relative to this origin). */
const REMOTES_MANIFEST_URL = '/remotes.json';

/**
 * The runtime reads any JSON answer as a manifest and keeps an invalid one for good, so a remote that
 * answered "503 unavailable" once could never be retried. Turning HTTP errors into fetch failures
 * puts them on the path the runtime forgets, and a Retry fetches the manifest again.
 */
const rejectHttpErrors: ModuleFederationRuntimePlugin = {
  name: 'safarsaathi-reject-http-errors',
  async fetch(url, init) {
    const response = await fetch(url, init);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response;
  },
};

let instance: ModuleFederation | undefined;

/** The instance the build plugin created (found by name), so remotes reuse the shell's shared singletons. */
function federation(): ModuleFederation {
  instance ??= init({ name: HOST_NAME, remotes: [], plugins: [rejectHttpErrors] });
  return instance;
}

function parseRemotesManifest(payload: unknown): Array<{ name: string; entry: string }> {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
    throw new Error(`${REMOTES_MANIFEST_URL} must be an object of remote name to manifest URL`);
  }
  return Object.entries(payload).map(([name, url]) => {
    if (typeof url !== 'string')
      throw new Error(`${REMOTES_MANIFEST_URL}: the URL of "${name}" is not a string`);
    return { name, entry: new URL(url, window.location.origin).href };
  });
}

async function fetchAndRegisterRemotes(): Promise<void> {
  // no-store: a remote redeployed alone must be picked up on the next page load.
  const response = await fetch(REMOTES_MANIFEST_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${REMOTES_MANIFEST_URL} answered ${response.status}`);
  federation().registerRemotes(parseRemotesManifest(await response.json()));
}

let registration: Promise<void> | undefined;

/** Fetches /remotes.json once and registers every remote; after a failure the next call tries again. */
export function registerRemotesFromManifest(): Promise<void> {
  registration ??= fetchAndRegisterRemotes().catch((error: unknown) => {
    registration = undefined;
    throw error;
  });
  return registration;
}

/**
 * Fetches the files of these remote modules (their remote's manifest and entry, and the module's own chunks)
 * without running the modules, so they are in when the page loads them. The entry calls it for the first page
 * while the shared modules are still downloading: until then a remote's manifest, entry and chunks were asked
 * for one after another only once the shell had booted, several round trips late on a phone's network.
 */
export async function preloadRemoteModules(ids: readonly RemoteModuleId[]): Promise<void> {
  await registerRemotesFromManifest();
  if (ids.length === 0) return;
  await federation().preloadRemote(
    ids.map((id) => {
      const slash = id.indexOf('/');
      return { nameOrAlias: id.slice(0, slash), exposes: [id.slice(slash + 1)], resourceCategory: 'sync' };
    }),
  );
}

/** Loads an exposed module of a remote, registering the remotes first if that has not happened yet. */
export async function loadRemoteModule<T>(id: RemoteModuleId): Promise<T> {
  await registerRemotesFromManifest();
  const module = await federation().loadRemote<T>(id);
  if (!module) throw new Error(`Remote module "${id}" could not be loaded`);
  return module;
}
