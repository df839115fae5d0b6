/**
 * `npm run --silent push:keys`: a new Web Push (VAPID) key pair as environment lines, for an operator's
 * .env or Kubernetes secrets.env: `npm run --silent push:keys >> .env`. Nothing is kept here.
 */
import { newVapidKeys } from '../services/notifications/src/config';

const { publicKey, privateKey } = newVapidKeys();
process.stdout.write(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}\n`);
