/**
 * The demo's webhook receiver: `POST /demo/webhook-receiver` answers 200 and keeps nothing, so the
 * demo webhook's deliveries go to this server on loopback and never leave the machine. It exists
 * only with the demo on, and its exact URL is the one target the webhook SSRF guard lets through
 * without WEBHOOK_ALLOW_PRIVATE (docs/decisions/0291-demo-webhook-receiver.md): any other loopback
 * or private address, and this path on any other host or port, is refused as before.
 */
import { DEMO_RECEIVER_PATH } from '../../config.js';
import type { App } from '../../platform/context.js';

export function registerDemoReceiver(app: App): void {
  if (!app.ctx.config.demo) return;
  // Outside /api: no session, like the health probes. The body is read (within Fastify's limit)
  // and dropped.
  app.post(DEMO_RECEIVER_PATH, { schema: { hide: true }, bodyLimit: 1_048_576 }, async () => ({
    received: true,
  }));
}
