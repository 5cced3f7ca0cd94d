/**
 * Graceful shutdown (docs/decisions/0044-shutdown-and-probes.md). On SIGTERM or SIGINT:
 * `app.close()` stops taking requests (new ones get 503, /readyz says so), lets in-flight requests
 * — reader batches among them — finish, and runs the close hooks in order: live streams, demo
 * simulator, MQTT client and job scheduler (preClose), then the live bus and the database
 * (onClose). If that takes longer than `timeoutMs` the process exits anyway with code 1; a second
 * signal exits at once.
 */
import type { FastifyInstance } from 'fastify';

function shutdown(
  app: FastifyInstance,
  timeoutMs: number,
  exit: (code: number) => void = (code) => process.exit(code),
): Promise<number> {
  const timer = new Promise<number>((resolve) => {
    setTimeout(() => {
      app.log.error(`shutdown took longer than ${timeoutMs} ms; exiting anyway`);
      resolve(1);
    }, timeoutMs).unref();
  });
  const closed = app.close().then(
    () => 0,
    (err: unknown) => {
      app.log.error({ err }, 'shutdown failed');
      return 1;
    },
  );
  return Promise.race([closed, timer]).then((code) => {
    exit(code);
    return code;
  });
}

export function handleShutdownSignals(app: FastifyInstance, timeoutMs: number): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      app.log.info(`${signal}: shutting down (at most ${timeoutMs / 1000} s)`);
      void shutdown(app, timeoutMs);
    });
  }
}
