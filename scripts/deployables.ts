/** The processes of the product on one machine, in start order (the gateway last). */
export interface Deployable {
  name: string;
  entry: string;
  port: number;
  /** Environment variable through which the gateway finds this service. */
  gatewayEnv?: string;
}

export const DEPLOYABLES: readonly Deployable[] = [
  { name: 'auth', entry: 'services/auth/src/main.ts', port: 4001, gatewayEnv: 'AUTH_URL' },
  { name: 'companion', entry: 'services/companion/src/main.ts', port: 4002, gatewayEnv: 'COMPANION_URL' },
  { name: 'search', entry: 'services/search/src/main.ts', port: 4003, gatewayEnv: 'SEARCH_URL' },
  { name: 'chat', entry: 'services/chat/src/main.ts', port: 4004, gatewayEnv: 'CHAT_URL' },
  {
    name: 'notifications',
    entry: 'services/notifications/src/main.ts',
    port: 4005,
    gatewayEnv: 'NOTIFICATIONS_URL',
  },
  { name: 'support', entry: 'services/support/src/main.ts', port: 4006, gatewayEnv: 'SUPPORT_URL' },
  { name: 'gateway', entry: 'gateway/src/main.ts', port: 8080 },
];
