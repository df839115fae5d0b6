/** Stops containers started by global-setup; the local stack is left running for the next run. */
export default async function globalTeardown(): Promise<void> {
  const stack = (globalThis as { __containers__?: { stop: () => Promise<void> } }).__containers__;
  if (stack) await stack.stop();
}
