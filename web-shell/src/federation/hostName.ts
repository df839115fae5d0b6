/**
 * The shell's Module Federation name. The build plugin creates the host instance under it, and
 * `init()` with the same name at runtime returns that instance (which owns the shared singletons).
 */
export const HOST_NAME = 'shell';
