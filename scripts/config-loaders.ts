/**
 * The real configuration loader of every deployable (each calls platform's loadConfig with its own schema),
 * and the file that declares its variables. Used by the checks that ask "would this start?" of the
 * deployment files (scripts/k8s-checks.ts) and of every secret in the repository
 * (test/repository-secrets.unit.test.ts).
 */
import { loadGatewayConfig } from '../gateway/src/config';
import { loadAuthConfig } from '../services/auth/src/config';
import { loadChatConfig } from '../services/chat/src/config';
import { loadCompanionConfig } from '../services/companion/src/config';
import { loadNotificationsConfig } from '../services/notifications/src/config';
import { loadSearchConfig } from '../services/search/src/config';
import { loadSupportConfig } from '../services/support/src/config';

export interface ConfigLoader {
  load: (env: NodeJS.ProcessEnv) => unknown;
  /** Its schema's file; the shared variables are in SHARED_CONFIG_FILE. */
  configFile: string;
}

export const SHARED_CONFIG_FILE = 'platform/src/config.ts';

export const CONFIG_LOADERS: Readonly<Record<string, ConfigLoader>> = {
  gateway: { load: loadGatewayConfig, configFile: 'gateway/src/config.ts' },
  auth: { load: loadAuthConfig, configFile: 'services/auth/src/config.ts' },
  companion: { load: loadCompanionConfig, configFile: 'services/companion/src/config.ts' },
  search: { load: loadSearchConfig, configFile: 'services/search/src/config.ts' },
  chat: { load: loadChatConfig, configFile: 'services/chat/src/config.ts' },
  notifications: { load: loadNotificationsConfig, configFile: 'services/notifications/src/config.ts' },
  support: { load: loadSupportConfig, configFile: 'services/support/src/config.ts' },
};
